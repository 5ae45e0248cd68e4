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


def play_args(*args: str) -> dict[str, object]:
    """What ``atout play ARGS`` asks for, as the command's parser reads it."""
    from atout.cli import COMMANDS, parser_of

    play = next(c for c in COMMANDS if c.name == "play")
    return vars(parser_of(play).read(list(args)))


def test_play_reads_its_options_in_any_order_with_both_forms_of_a_switch() -> None:
    read = play_args("--lang", "fr", "jass", "--deals=2", "--no-undo", "--option", "a=1",
                     "--option=b=2", "--speak", "--no-speak", "--seed", "-5")
    assert read["game"] == "jass" and read["lang"] == "fr" and read["deals"] == 2
    assert read["undo"] is False and read["speak"] is False and read["seed"] == -5
    assert read["option"] == ["a=1", "b=2"]
    defaults = play_args()
    assert defaults["game"] is None and defaults["undo"] is True and defaults["delay"] == 1.0
    assert defaults["seat"] == 0 and defaults["resume"] is False


def test_usage_errors_name_the_command_and_what_is_wrong() -> None:
    said = {args[-1]: invoke(list(args)) for args in (
        ("play", "--deals"), ("play", "jass", "pitch"), ("play", "--spek"),
        ("games", "--details=yes"), ("delete",), ("plya",), ("--nope",))}
    assert all(r.exit_code == 2 for r in said.values())
    assert "Error: Option '--deals' requires an argument.\nTry 'atout play --help'" in \
        said["--deals"].output
    assert "Got unexpected extra argument (pitch)" in said["pitch"].output
    assert "There is no option --spek. (Did you mean one of: --no-speak, --seed, --speak?)" \
        in said["--spek"].output
    assert "Invalid value for '--details'" in said["--details=yes"].output
    assert "Missing parameter: 'number'\nTry 'atout delete --help'" in said["delete"].output
    assert "No such command 'plya'. (Did you mean one of: 'play', 'replay'?)\nTry 'atout " \
        "--help'" in said["plya"].output
    assert "There is no option --nope." in said["--nope"].output


def test_help_lists_every_command_and_a_bare_atout_shows_it_with_status_2() -> None:
    from atout.cli import COMMANDS

    shown, bare = invoke(["--help"]), invoke([])
    assert shown.exit_code == 0 and bare.exit_code == 2 and shown.output == bare.output
    for command in COMMANDS:
        assert f"\n  {command.name} " in shown.output
        one = invoke([command.name, "--help"])
        assert one.exit_code == 0 and f"usage: atout {command.name} [options]" in one.output
