"""Maintain the catalogue (a developer tool, needs Babel: ``pip install ".[test]"``).

``python -m atout.i18n.compile`` compiles every ``locale/<lang>/LC_MESSAGES/atout.po`` into
the ``atout.mo`` that ships with the package. ``--update`` first adds to each ``.po`` the
messages found in the source (``_``, ``ngettext``, ``pgettext`` calls of ``atout.i18n``,
``atout.console``, ``atout.server`` and ``atout.web``), keeping the existing translations,
and reports the untranslated ones.
It also compiles ``cli.po``, the command line's words (argparse's help titles and errors,
and ``atout.cli``'s own), kept by hand.
"""

from __future__ import annotations

import argparse
import io
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po, write_po

from atout.i18n import LANGUAGES, locale_dir

KEYWORDS = {"_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}
SOURCES = ("i18n", "console", "server", "web")
CLI_DOMAIN = "cli"
"""The gettext domain of the command line's words (see :func:`atout.i18n.use_cli_language`)."""


def extract() -> Catalog:
    """The messages used in the source, as a template catalogue."""
    root = Path(__file__).resolve().parent.parent
    template = Catalog(project="atout", fuzzy=False)
    for sub in SOURCES:
        for _file, _line, message, comments, context in extract_from_dir(
                str(root / sub), method_map=[("**.py", "python")], keywords=KEYWORDS):
            template.add(message, None, context=context, auto_comments=comments)
    return template


def po_path(lang: str) -> Path:
    """The ``.po`` of a language."""
    return locale_dir() / lang / "LC_MESSAGES" / "atout.po"


def cli_path(lang: str) -> Path:
    """The ``.po`` of the command line's words in a language (argparse's and
    ``atout.cli``'s messages; kept by hand, not extracted)."""
    return locale_dir() / lang / "LC_MESSAGES" / f"{CLI_DOMAIN}.po"


def read(lang: str) -> Catalog:
    """The catalogue of a language, read from its ``.po``."""
    with po_path(lang).open("rb") as f:
        return read_po(f, locale=lang)


def mo_bytes(catalog: Catalog) -> bytes:
    """The compiled ``.mo`` of a catalogue."""
    buf = io.BytesIO()
    write_mo(buf, catalog, use_fuzzy=False)
    return buf.getvalue()


def mo_messages(mo: bytes) -> set[tuple[object, object, object]]:
    """The translations a compiled ``.mo`` holds, as ``(id, context, string)``, without its
    header: the header names the Babel version that wrote it, so two Babel releases compile
    the same catalogue into different bytes with the same translations."""
    def frozen(text: object) -> object:  # plural forms come as lists
        return tuple(text) if isinstance(text, (list, tuple)) else text

    catalog = read_mo(io.BytesIO(mo))
    return {(frozen(m.id), m.context, frozen(m.string)) for m in catalog if m.id}


def main(argv: list[str] | None = None) -> int:
    """Update (optionally) and compile the catalogues."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--update", action="store_true",
                        help="add the source's new messages to the .po files first")
    args = parser.parse_args(argv)
    for lang in LANGUAGES:
        if lang == "en":
            continue  # the source language: the message ids are English
        catalog = read(lang)
        if args.update:
            catalog.update(extract(), no_fuzzy_matching=True)
            with po_path(lang).open("wb") as f:
                write_po(f, catalog, omit_header=False, no_location=True, width=100,
                         ignore_obsolete=True)
        missing = [m.id for m in catalog if m.id and not (
            all(m.string) if isinstance(m.string, tuple) else m.string)]
        for m in missing:
            print(f"{lang}: untranslated: {m!r}")
        po_path(lang).with_suffix(".mo").write_bytes(mo_bytes(catalog))
        print(f"{lang}: {len(catalog)} messages compiled")
        cli = cli_path(lang)
        if cli.exists():
            with cli.open("rb") as f:
                cli_catalog = read_po(f, locale=lang)
            cli.with_suffix(".mo").write_bytes(mo_bytes(cli_catalog))
            print(f"{lang}: {len(cli_catalog)} messages of the command line compiled")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
