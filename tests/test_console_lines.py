"""The client without a terminal: keys as lines (pipes, scripts), and its parts."""

from __future__ import annotations

import io
from pathlib import Path

from atout.console import run_play, run_replay
from atout.console.keys import decode_escape, key_name, line_key
from atout.console.speech import Output
from atout.store import Store


def test_line_keys() -> None:
    assert line_key("\n") == "enter"
    assert line_key("PageUp\n") == "pgup"
    assert line_key("m\n") == "m"
    assert line_key("AH\n") == "text:AH"
    assert line_key("trump H\n") == "text:trump H"
    assert key_name("\r") == "enter"
    assert key_name("M") == "m"
    assert decode_escape("[5~") == "pgup"
    assert decode_escape("OP") == "f1"
    assert decode_escape("[1;5P") == "ctrl+f1"
    assert decode_escape("") == "esc"


def test_history() -> None:
    out = Output(io.StringIO())
    for s in ("one", "two", "three"):
        out.say(s)
    assert out.repeat() == "three"
    assert out.older() == "three"
    assert out.older() == "two"
    assert out.older() == "one"
    assert out.older() is None
    assert out.newer() == "two"


def test_a_whole_deal_through_a_pipe(tmp_path: Path) -> None:
    """Enter on every line plays the selected (first legal) card: a deal to its end."""
    keys = io.StringIO("m\n" + "\n" * 40)
    out = io.StringIO()
    status = run_play("jass", lang="en", deals=1, delay=0, seed=4, data=tmp_path, stdin=keys,
                      stdout=out)
    text = out.getvalue()
    assert status == 0
    assert "Deal 1 is over" in text and "Game over" in text
    assert text.count("You play the ") == 9
    with Store.open(data=tmp_path) as store:
        games = store.games()
        assert [g.status for g in games] == ["finished"]
        assert store.get(games[0].id).summary.result is not None
    assert "atout replay 1 replays it" in text
    replay_out = io.StringIO()
    assert run_replay("1", lang="en", data=tmp_path, stdin=io.StringIO("\n" * 60 + "q\n"),
                      stdout=replay_out) == 0
    assert replay_out.getvalue().count("You play the ") == 9
    assert "End of the replay" in replay_out.getvalue()


def test_typed_actions_and_refusals(tmp_path: Path) -> None:
    keys = io.StringIO("ZZ\nq\n")
    out = io.StringIO()
    assert run_play("jass", lang="fr", deals=1, delay=0, seed=4, data=tmp_path, stdin=keys,
                    stdout=out) == 0
    text = out.getvalue()
    assert "ZZ n'est ni un code de carte ni une action de ce jeu" in text
    assert "Partie sauvegardée" in text
    with Store.open(data=tmp_path) as store:
        (game,) = store.games()
        record = store.get(game.id)
    assert game.game == "jass" and game.status == "playing"
    # the bots' moves before the player's first turn are recorded; the refusals are not
    assert game.actions_count == len(record.actions) and record.replay().to_move == 0


def test_bad_settings_are_refused_in_words(tmp_path: Path) -> None:
    out = io.StringIO()
    assert run_play("chess", lang="en", data=tmp_path, stdin=io.StringIO(""), stdout=out) == 2
    assert "Unknown game chess" in out.getvalue()
    out = io.StringIO()
    assert run_play("jass", lang="fr", options={"target": 7}, data=tmp_path,
                    stdin=io.StringIO(""), stdout=out) == 2
    assert "(target) ne peut pas valoir 7 : les valeurs acceptées sont 1000" in out.getvalue()
    out = io.StringIO()
    assert run_play("jass", lang="en", bot="nobody", data=tmp_path, stdin=io.StringIO(""),
                    stdout=out) == 2
    assert "Unknown computer player" in out.getvalue()
    out = io.StringIO()
    assert run_play("jass", lang="en", seat=4, data=tmp_path, stdin=io.StringIO(""),
                    stdout=out) == 2
    out = io.StringIO()
    assert run_replay(tmp_path / "missing.json", lang="en", stdout=out) == 2
    assert "Cannot replay" in out.getvalue()
