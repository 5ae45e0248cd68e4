"""Shared by the environment tests: every game with each of its player counts."""

from __future__ import annotations

from typing import Any

import atout


def player_counts() -> list[tuple[str, dict[str, Any]]]:
    """Every game with each of its player counts."""
    out: list[tuple[str, dict[str, Any]]] = []
    for info in atout.games():
        counts = next((o.choices for o in info.options if o.name == "players"), None)
        if counts is None:
            out.append((info.name, {}))
        else:
            out += [(info.name, {"players": n}) for n in counts]
    return out


CONFIGS = player_counts()
IDS = [f"{g}-{o.get('players', 'default')}" for g, o in CONFIGS]
