"""Each game's docs page lists every option of the game, with its sources and the reading
the default follows (a row of the options table with a sources column)."""

from __future__ import annotations

from pathlib import Path

import pytest

import atout

DOCS = Path(__file__).parent.parent / "docs"


@pytest.mark.parametrize("game", [g.name for g in atout.games()])
def test_every_option_has_a_row_with_sources(game: str) -> None:
    page = (DOCS / f"{game}.md").read_text(encoding="utf-8")
    info = next(g for g in atout.games() if g.name == game)
    for o in info.options:
        rows = [line for line in page.splitlines() if line.startswith(f"| `{o.name}` |")]
        assert rows, f"docs/{game}.md has no row for {o.name}"
        cells = [[c.strip() for c in row.strip("|").split("|")] for row in rows]
        assert any(len(c) >= 4 and "Default" in c[-1] for c in cells), (game, o.name, rows)


@pytest.mark.parametrize("game", [g.name for g in atout.games()])
def test_every_preset_is_in_the_docs_and_the_details(game: str) -> None:
    """Each preset is named on the game's page, and ``atout games GAME --details`` prints it
    with every option it changes (``name=value``; an empty preset: "the defaults")."""
    from cli_helpers import invoke

    page = (DOCS / f"{game}.md").read_text(encoding="utf-8")
    info = next(g for g in atout.games() if g.name == game)
    shown = invoke(["games", game, "--details"])
    assert shown.exit_code == 0, shown.output
    text = " ".join(shown.output.split())
    for name, values in info.presets.items():
        assert f"`{name}`" in page, (game, name)
        line = next((ln for ln in shown.output.splitlines() if f"preset {name}:" in ln), None)
        assert line is not None, (game, name, shown.output[-600:])
        for key, value in values.items():
            assert f"{key}={value}" in text, (game, name, key)
        if not values:
            assert "the defaults" in line
