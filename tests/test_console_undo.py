"""U takes back the player's last decision against the computer players: the game goes back
to that decision, the moves taken back stay in the store (set aside), and a resumed game
continues from where the take-back left it."""

from __future__ import annotations

import io
from pathlib import Path

import pexpect
import pytest

from atout.console import run_play
from atout.store import Store
from console_helpers import KEYS, TEXTS, play_to_end, spawn


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


@pytest.mark.parametrize(("lang", "taken", "seat"), [("en", "You take back ", "2"),
                                                    ("fr", "Vous reprenez ", "1")])
def test_u_in_a_terminal_then_resume_at_the_same_seat(tmp_path: Path, lang: str, taken: str,
                                                      seat: str) -> None:
    t = TEXTS[lang]
    child = spawn(["play", "jass", "--lang", lang, "--deals", "1", "--delay", "0",
                   "--seed", "21", "--seat", seat], tmp_path)
    # a card, or the trump when the seat chooses it
    first = child.expect([t["card_turn"], t["trump_turn"]])
    child.send(KEYS["enter"])
    child.expect(t["played"])
    child.expect([t["card_turn"], t["trump_turn"]])
    child.send("u")
    child.expect(taken)
    # the same decision, asked again
    assert child.expect([t["card_turn"], t["trump_turn"]]) == first
    child.send("q")
    child.expect(t["saved"])
    child.expect(pexpect.EOF)
    with Store.open(data=tmp_path) as store:
        ((first, removed),) = store.takebacks(1)
        assert removed[0][0] == int(seat) and store.get(1).summary.actions_count == first
    child = spawn(["play", "--resume", "--delay", "0"], tmp_path)
    child.expect(t["resumed"])
    counts = play_to_end(child, lang)
    assert counts["turns"] == 9  # all nine cards: the one taken back was not played
    child.send(KEYS["enter"])
    child.expect(pexpect.EOF)
