"""The ``atout`` command line, run as a user would (in this process, the real commands)."""

from __future__ import annotations

import re

import atout
from cli_helpers import invoke


def test_games_lists_every_game_option_and_preset() -> None:
    result = invoke(["games"])
    assert result.exit_code == 0, result.output
    for info in atout.games():
        assert info.name in result.output
        for option in info.options:
            assert option.name in result.output
        for preset in info.presets:
            assert preset in result.output


def test_simulate_plays_complete_games_and_prints_a_table() -> None:
    result = invoke(["simulate", "jass", "--games", "3", "--seed", "4",
                                 "--bots", "random"])
    assert result.exit_code == 0, result.output
    assert "3 games of jass" in result.output
    rows = re.findall(r"│\s+(\d)\s+│ random\s+│\s+(\d+)\s+│", result.output)
    assert [r[0] for r in rows] == ["0", "1", "2", "3"]
    wins = [int(r[1]) for r in rows]
    assert wins[0] == wins[2] and wins[1] == wins[3] and wins[0] + wins[1] == 3


def test_simulate_is_reproducible() -> None:
    args = ["simulate", "jass", "--games", "2", "--seed", "9", "--option", "target=1500"]
    first = invoke(args)
    second = invoke(args)
    assert first.exit_code == 0, first.output
    assert first.output == second.output


def test_bad_input_gets_an_error_in_words() -> None:
    result = invoke(["simulate", "jass", "--option", "target=123"])
    assert result.exit_code != 0
    assert "expected one of" in result.output
    result = invoke(["simulate", "chess"])
    assert result.exit_code != 0
    assert "unknown game" in result.output
    result = invoke(["simulate", "jass", "--bots", "genius"])
    assert result.exit_code != 0
    assert "unknown bot" in result.output
    result = invoke(["simulate", "jass", "--option", "target"])
    assert result.exit_code != 0
    assert "key=value" in result.output
