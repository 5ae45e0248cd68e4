"""U takes back the player's last decision against the computer players: the game goes back
to that decision, the moves taken back stay in the store (set aside), and a resumed game
continues from where the take-back left it."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from atout.console import run_play
from atout.store import Store


def play(tmp_path: Path, game: str, keys: str, lang: str = "en", **kw: object) -> str:
    out = io.StringIO()
    status = run_play(game, lang=lang, delay=0, seed=4, data=tmp_path,
                      stdin=io.StringIO(keys), stdout=out, **kw)  # type: ignore[arg-type]
    assert status == 0
    return out.getvalue()


@pytest.mark.parametrize("game", ["jass", "putze", "tarot", "pitch", "knock-rummy"])
def test_u_goes_back_to_the_last_decision_and_keeps_the_moves_aside(tmp_path: Path,
                                                                     game: str) -> None:
    play(tmp_path, game, "q\n")  # up to the player's first decision
    with Store.open(data=tmp_path) as store:
        before = store.get(1).actions
    said = play(tmp_path, "1", "\n\nu\nq\n", resume=True)  # two decisions, the second undone
    assert "You take back " in said
    with Store.open(data=tmp_path) as store:
        record = store.get(1)
        ((first, removed),) = store.takebacks(1)
    assert removed[0][0] == 0  # the player's own decision, then the computers' moves
    assert all(seat != 0 for seat, _ in removed[1:])
    assert record.actions[:len(before)] == before and len(record.actions) == first
    # the game is back at that decision: the same choice is offered and made again
    said = play(tmp_path, "1", "\nq\n", resume=True)
    with Store.open(data=tmp_path) as store:
        again = store.get(1)
    assert again.actions[first] == removed[0][1]
    assert again.actors[first] == 0


def test_nothing_to_take_back_off_and_over_are_said(tmp_path: Path) -> None:
    said = play(tmp_path, "jass", "u\nq\n")
    assert "You have made no decision yet: there is nothing to take back." in said
    said = play(tmp_path, "jass", "\nu\nq\n", undo=False)
    assert "Taking back is off in this game (it was started with --no-undo)." in said
    with Store.open(data=tmp_path) as store:
        assert store.takebacks(2) == []
    play(tmp_path / "count", "pitch", "\n" * 400, deals=1)
    with Store.open(data=tmp_path / "count") as store:
        mine = store.get(1).actors.count(0)  # Enter plays the first legal choice each time
    said = play(tmp_path / "over", "pitch", "\n" * mine + "u\nq\n", deals=1)
    assert "The game is over: nothing can be taken back." in said


def test_the_take_back_is_said_in_french_and_listed_under_u(tmp_path: Path) -> None:
    said = play(tmp_path, "pitch", "\n\nu\n?\nq\n", lang="fr")
    assert "Vous reprenez " in said
    assert "U : reprendre votre dernière décision et les coups de l'ordinateur" in said
