"""The command line's help and errors in the player's language: argparse's words (help
titles) and atout's own, from ``cli.po``."""

from __future__ import annotations

import re
from pathlib import Path

import pexpect
import pytest

from console_helpers import spawn


def test_the_cli_catalogue_is_complete_and_compiled() -> None:
    pytest.importorskip("babel")
    from babel.messages.pofile import read_po

    from atout.i18n.compile import cli_path, mo_bytes, mo_messages

    with cli_path("fr").open("rb") as f:
        catalog = read_po(f, locale="fr")
    messages = [m for m in catalog if m.id]
    assert len(messages) > 20
    for m in messages:
        strings = [str(x) for x in (m.string if isinstance(m.string, tuple)
                                    else (m.string,))]
        assert all(strings), m.id
        ids = [str(x) for x in (m.id if isinstance(m.id, tuple) else (m.id,))]
        wanted = {p for text in ids for p in re.findall(r"\{[^}]*\}", text)}
        for text in strings:  # a translation uses only the message's placeholders
            assert set(re.findall(r"\{[^}]*\}", text)) <= wanted, m.id
    compiled = cli_path("fr").with_suffix(".mo").read_bytes()
    assert mo_messages(compiled) == mo_messages(mo_bytes(catalog))


@pytest.mark.parametrize(("lang", "words"), [
    ("fr", [r"Essayez « atout play --help » pour l'aide", r"Erreur",
            r"'foo' : clé=valeur attendu, comme target=1500"]),
    ("en", [r"Try 'atout play --help' for help", r"Error",
            r"'foo': expected key=value, like target=1500"])])
def test_a_command_line_error_in_the_players_language(tmp_path: Path, lang: str,
                                                      words: list[str]) -> None:
    child = spawn(["play", "jass", "--lang", lang, "--option", "foo"], tmp_path)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 2
    text = re.sub(r"\x1b\[[0-9;]*m", "", str(child.before))  # rich's colours
    for said in words:
        assert re.search(said, text), (said, text)


@pytest.mark.parametrize(("args", "fr", "en"), [
    (["play", "jass", "--deals", "0"],
     "Erreur : Valeur refusée pour '--deals' : il faut au moins 1",
     "Error: Invalid value for '--deals': it must be at least 1"),
    (["play", "jass", "--seed", "x"],
     "Erreur : Valeur refusée pour '--seed' : un nombre entier est attendu",
     "Error: Invalid value for '--seed': a whole number was expected"),
    (["play", "jass", "--delay", "x"],
     "Erreur : Valeur refusée pour '--delay' : un nombre est attendu",
     "Error: Invalid value for '--delay': a number was expected"),
    (["play", "jass", "--nope"], "Erreur : L'option --nope n'existe pas.",
     "Error: There is no option --nope."),
    (["plya"], "(Vouliez-vous dire l'une de : 'play', 'replay' ?)",
     "(Did you mean one of: 'play', 'replay'?)"),
    (["replay"], "Erreur : Paramètre manquant : 'game'", "Error: Missing parameter: 'game'"),
])
def test_value_errors_are_plain_lines_in_the_players_language(
        tmp_path: Path, args: list[str], fr: str, en: str) -> None:
    for lang, words in (("fr", fr), ("en", en)):
        child = spawn([*args, "--lang", lang] if args[0] == "play" else args, tmp_path,
                      "fr_FR.UTF-8" if lang == "fr" else "C.UTF-8")
        child.expect(pexpect.EOF)
        child.close()
        text = str(child.before)
        assert child.exitstatus == 2, text
        assert words in text, (words, text)
        assert "Input should" not in text and "╭" not in text  # no library's words, no box


ARGPARSE_WORDS = ["usage: ", "positional arguments", "options",
                  "show this help message and exit", "expected one argument",
                  "ignored explicit argument %r", "the following arguments are required: %s"]
"""argparse's own messages that atout's help and errors show (argparse reads them from the
current gettext domain, ``cli``)."""


def test_every_message_of_the_command_line_is_in_the_catalogue() -> None:
    pytest.importorskip("babel")
    from babel.messages.extract import extract_from_file
    from babel.messages.pofile import read_po

    import atout.cli
    from atout.cli import COMMANDS
    from atout.i18n.compile import cli_path

    src = Path(atout.cli.__file__).parent
    ids: list[str] = [c.summary for c in COMMANDS] + ARGPARSE_WORDS
    for name in ("cli.py", "cli_args.py", "cli_errors.py"):
        for _line, message, _comments, _context in extract_from_file(
                "python", str(src / name), keywords={"gettext": None, "ngettext": (1, 2)}):
            ids.append(message if isinstance(message, str) else message[0])
    assert len(ids) > 80  # the help of every option is there
    with cli_path("fr").open("rb") as f:
        catalog = read_po(f, locale="fr")
    known = {m.id if isinstance(m.id, str) else m.id[0] for m in catalog if m.id}
    assert sorted(set(ids) - known) == []


@pytest.mark.parametrize(("args", "lang", "words"), [
    (["--help"], "fr_FR.UTF-8", ["usage : atout COMMANDE [options]", "commandes :",
                                 "play        Jouer dans le terminal",
                                 "-h, --help  afficher cette aide et quitter"]),
    (["--help"], "C.UTF-8", ["usage: atout COMMAND [options]", "commands:",
                             "play        Play in the terminal"]),
    (["play", "--help", "--lang", "fr"], "C.UTF-8",
     ["usage : atout play [options] [game]", "options :", "--undo, --no-undo",
      "[par défaut : --undo]", "--delay DELAY", "[par défaut : 1.0]"]),
    (["play", "--help"], "C.UTF-8",
     ["usage: atout play [options] [game]", "options:", "--speak, --no-speak",
      "[default: 1.0]"]),
])
def test_the_help_is_plain_lines_in_the_players_language(
        tmp_path: Path, args: list[str], lang: str, words: list[str]) -> None:
    child = spawn(args, tmp_path, lang)
    child.expect(pexpect.EOF)
    child.close()
    text = re.sub(r"\s+", " ", str(child.before))
    assert child.exitstatus == 0, text
    for said in words:
        assert re.sub(r"\s+", " ", said) in text, (said, text)
    assert not set(text) & set("╭╮╰╯│─━┃\x1b"), text  # no box, no colour
