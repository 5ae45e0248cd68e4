"""The registry of games behind :func:`atout.make` and :func:`atout.games`.

Each game module defines a :class:`~atout.core.Rules` subclass; the table below names the
module of every game so that a game is loaded only when it is asked for.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any

from atout.core import JSON, OptionInfo, Rules, build_options, describe_options

_MODULES: dict[str, tuple[str, str]] = {
    "jass": ("atout.games.jass", "JassRules"),
    "putze": ("atout.games.putze", "PutzeRules"),
    "tarot": ("atout.games.tarot", "TarotRules"),
    "pitch": ("atout.games.pitch", "PitchRules"),
    "knock-rummy": ("atout.games.knock_rummy", "KnockRummyRules"),
}


@dataclass(frozen=True, slots=True)
class GameInfo:
    """A registered game: its name, title, options (with defaults) and presets."""

    name: str
    title: str
    options: tuple[OptionInfo, ...]
    presets: dict[str, dict[str, JSON]]

    def to_dict(self) -> dict[str, JSON]:
        """A JSON-ready dict."""
        return {"name": self.name, "title": self.title, "presets": self.presets,
                "options": [{"name": o.name, "default": o.default,
                             "choices": None if o.choices is None else list(o.choices),
                             "doc": o.doc} for o in self.options]}


def _rules_class(name: str) -> type[Rules[Any]] | None:
    entry = _MODULES.get(name)
    if entry is None:
        return None
    try:
        module = importlib.import_module(entry[0])
    except ModuleNotFoundError as exc:
        if exc.name == entry[0]:
            return None  # a game listed here whose module has not landed yet
        raise
    cls: type[Rules[Any]] = getattr(module, entry[1])
    return cls


def available() -> list[str]:
    """The names of the games that can be made."""
    return [n for n in _MODULES if _rules_class(n) is not None]


def is_available(game: str) -> bool:
    """Whether ``game`` can be made (loads that game's module only, not the others')."""
    return _rules_class(game) is not None


def make(game: str, *, preset: str | None = None, **options: Any) -> Rules[Any]:
    """The rules of ``game`` with its options (a preset, then keywords over it) validated.

    Raises ``ValueError`` naming the game, option or preset and what is accepted.
    """
    cls = _rules_class(game) if isinstance(game, str) else None
    if cls is None:
        raise ValueError(f"unknown game {game!r}: expected one of {', '.join(available())}")
    opts = build_options(game, cls.options_type, cls.presets, preset, options)
    return cls(opts)  # type: ignore[call-arg]


def game_info(game: str) -> GameInfo | None:
    """One game with its options, presets and defaults (None when it cannot be made); loads
    that game's module only."""
    cls = _rules_class(game)
    if cls is None:
        return None
    return GameInfo(game, cls.title, tuple(describe_options(cls.options_type)),
                    {k: dict(v) for k, v in cls.presets.items()})


def games() -> list[GameInfo]:
    """Every available game with its options, presets and defaults."""
    return [info for info in map(game_info, _MODULES) if info is not None]
