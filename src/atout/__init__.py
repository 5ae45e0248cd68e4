"""atout: traditional card games with exact engines, strong bots and accessible play.

>>> import atout
>>> rules = atout.make("jass")
>>> deal = rules.deal(seed=7)
>>> deal.to_move
3
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from atout.core import (
        Action,
        Deal,
        Event,
        IllegalAction,
        Match,
        MatchResult,
        Refusal,
        Result,
        Rules,
        View,
    )
    from atout.games import GameInfo, games, make

_LAZY = {name: "atout.core" for name in (
    "Action", "Deal", "Event", "IllegalAction", "Match", "MatchResult", "Refusal", "Result",
    "Rules", "View")} | {name: "atout.games" for name in ("GameInfo", "games", "make")}


def __getattr__(name: str) -> Any:
    """The public names, imported on first use: ``atout --help`` needs none of them."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'atout' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


__all__ = [
    "Action",
    "Deal",
    "Event",
    "GameInfo",
    "IllegalAction",
    "Match",
    "MatchResult",
    "Refusal",
    "Result",
    "Rules",
    "View",
    "games",
    "load",
    "load_match",
    "make",
]

__version__ = "0.1.0"


def load(saved: dict[str, object]) -> Deal:
    """Replay a deal saved with :meth:`Deal.save` (its game and options included)."""
    from atout.games import make

    game = saved.get("game")
    options = saved.get("options") or {}
    if not isinstance(game, str) or not isinstance(options, dict):
        raise ValueError("a saved deal needs a 'game' name and an 'options' object")
    return make(game, **options).load(saved)


def load_match(saved: dict[str, object]) -> Match:
    """Replay a game saved with :meth:`Match.save`."""
    from atout.games import make

    game = saved.get("game")
    options = saved.get("options") or {}
    if not isinstance(game, str) or not isinstance(options, dict):
        raise ValueError("a saved game needs a 'game' name and an 'options' object")
    return make(game, **options).load_match(saved)
