"""The command line's errors in the player's language: click's and typer's words (error
titles, the help hint) and atout's own, from ``cli.po``."""

from __future__ import annotations

import re
from pathlib import Path

import pexpect
import pytest

from console_helpers import spawn


def test_the_cli_catalogue_is_complete_and_compiled() -> None:
    pytest.importorskip("babel")
    from babel.messages.pofile import read_po

    from atout.i18n.compile import cli_path, mo_bytes

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
    assert cli_path("fr").with_suffix(".mo").read_bytes() == mo_bytes(catalog)


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
