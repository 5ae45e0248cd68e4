"""The observation layout of each game as Markdown, for docs/envs.md (a test keeps them equal).

``python -m atout.envs.layout`` prints every game's section.
"""

from __future__ import annotations

from typing import Any

from atout.envs.features import SPECS
from atout.envs.registration import env_id
from atout.envs.table import Table


def layout_markdown(game: str, **options: Any) -> str:
    """The table of ``game``'s observation blocks (offset, width, meaning) in Markdown."""
    table = Table(game, **options)
    enc = table.encoder
    lines = [f"`{env_id(game)}`, {table.seats} seats, {enc.deck_size} cards, "
             f"{table.num_actions} actions: observation of {enc.size} float32 in [-1, 1]",
             "", "| block | offset | width | meaning |", "| --- | ---: | ---: | --- |"]
    for b in enc.layout():
        lines.append(f"| `{b.name}` | {b.offset} | {b.width} | {b.doc} |")
    return "\n".join(lines)


def all_layouts() -> str:
    """Every game's layout at its default options, one section each."""
    return "\n\n".join(f"### {game}\n\n{layout_markdown(game)}" for game in SPECS)


if __name__ == "__main__":  # pragma: no cover
    print(all_layouts())
