"""atout: traditional card games with exact engines, strong bots and accessible play.

>>> import atout
>>> rules = atout.make("jass")
>>> deal = rules.deal(seed=7)
>>> deal.to_move
3

The names below are loaded on first use (PEP 562), so that ``import atout.cli`` and
``atout --help`` load no engine.
"""

from __future__ import annotations

import sys
from importlib import import_module
from types import ModuleType

TYPE_CHECKING = False  # typing's own costs the command line's start; mypy reads this one too
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

_LAZY = {
    **dict.fromkeys(("Action", "Deal", "Event", "IllegalAction", "Match", "MatchResult",
                     "Refusal", "Result", "Rules", "View"), "atout.core"),
    **dict.fromkeys(("GameInfo", "games", "make"), "atout.games"),
}


_LOADED_BEFORE = ("cards", "core", "options", "refusal")
"""Submodules that ``import atout`` loaded when it imported the contract eagerly: still
reachable as ``atout.core`` and so on after a bare ``import atout``."""


def __getattr__(name: str) -> object:
    """The public names of the contract, imported on first use."""
    module = _LAZY.get(name)
    if module is None:
        if name in _LOADED_BEFORE:
            return import_module(f"atout.{name}")  # the import sets the attribute
        raise AttributeError(f"module 'atout' has no attribute {name!r}")
    value = getattr(import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


class _Package(ModuleType):
    """The package's module type: ``atout.games`` stays the function :func:`games`.

    Loading the submodule ``atout.games`` sets the package's attribute ``games`` to the
    module (the import system does so after loading any submodule); the function, which
    the eager ``from atout.games import games`` used to leave there, is the public name.
    """

    def __setattr__(self, name: str, value: object) -> None:
        if name == "games" and isinstance(value, ModuleType):
            return
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package


def load(saved: dict[str, object]) -> Deal:
    """Replay a deal saved with :meth:`Deal.save` (its game and options included)."""
    game = saved.get("game")
    options = saved.get("options") or {}
    if not isinstance(game, str) or not isinstance(options, dict):
        raise ValueError("a saved deal needs a 'game' name and an 'options' object")
    from atout.games import make

    return make(game, **options).load(saved)


def load_match(saved: dict[str, object]) -> Match:
    """Replay a game saved with :meth:`Match.save`."""
    game = saved.get("game")
    options = saved.get("options") or {}
    if not isinstance(game, str) or not isinstance(options, dict):
        raise ValueError("a saved game needs a 'game' name and an 'options' object")
    from atout.games import make

    return make(game, **options).load_match(saved)
