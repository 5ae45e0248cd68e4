"""Every game played in French from the first key to the end: no English word is said."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from atout.console import run_play
from atout.games import available

ENGLISH = re.compile(
    r"\b(the|you|your|and|of|plays?|wins?|tricks?|hearts|spades|clubs|diamonds|deals?|turn|"
    r"bids?|draws?|stock|discards?|knocks?|trumps?|hand|cards?|players?|game|over|press|keys|"
    r"nothing|with|from|to|is|are|it|this|that|yes|not|may|nobody|team|none|meld|deadwood|"
    r"pile|pitches|takes|shows|says|hint|why|selected|passes)\b", re.IGNORECASE)
"""English words that are not French words (« scores » and « points » are both)."""

ALLOWED = ("Knock Rummy",)
"""English that a French game says on purpose: the game's original name, in brackets."""

KEYS = "o\nk\np\nm\nc\nf\na\ns\nt\nl\nw\n?\nv\nv\n=\nzz\n"
"""The information keys at the first turn, and a typed action that is refused (the
selection stays on the first legal choice, so that Enter plays the rest of the game)."""


@pytest.mark.parametrize("game", available())
def test_a_whole_french_game_says_no_english_word(tmp_path: Path, game: str) -> None:
    out = io.StringIO()
    status = run_play(game, lang="fr", deals=1, delay=0, seed=5, seat=1, data=tmp_path,
                      stdin=io.StringIO(KEYS + "\n" * 800), stdout=out)
    text = out.getvalue()
    assert status == 0
    assert "Partie terminée" in text  # the whole deal was played
    for line in text.splitlines():
        for allowed in ALLOWED:
            line = line.replace(allowed, "")
        assert not ENGLISH.search(line), line
    english = io.StringIO()
    run_play(game, lang="en", deals=1, delay=0, seed=5, seat=1, data=tmp_path / "en",
             stdin=io.StringIO(KEYS + "\n" * 800), stdout=english)
    assert ENGLISH.search(english.getvalue())  # the same game in English is caught
