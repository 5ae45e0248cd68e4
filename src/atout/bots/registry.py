"""Which games have bots, and each game's search parts found by the game's name.

:func:`parts_for` finds a game's :class:`~atout.bots.parts.GameParts` through a registry of
small functions that import the game's search module only when it is asked for (a player's
start loads one game's bots only). It lives apart from :mod:`atout.bots.parts`, which each
game's search module imports, so that no module imports one that imports it back.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from atout.bots.parts import GameParts
from atout.core import Rules


def _jass() -> GameParts:
    from atout.bots.jass.search import PARTS

    return PARTS


def _putze() -> GameParts:
    from atout.bots.putze.search import PARTS

    return PARTS


def _tarot() -> GameParts:
    from atout.bots.tarot.search import PARTS

    return PARTS


def _pitch() -> GameParts:
    from atout.bots.pitch.search import PARTS

    return PARTS


def _knock_rummy() -> GameParts:
    from atout.bots.knock_rummy.search import PARTS

    return PARTS


_GAMES: dict[str, Callable[[], GameParts]] = {
    "jass": _jass,
    "putze": _putze,
    "tarot": _tarot,
    "pitch": _pitch,
    "knock-rummy": _knock_rummy,
}


def register_parts(game: str, factory: Callable[[], GameParts]) -> None:
    """Give ``game`` its bots: ``factory`` returns its parts (it may import them then)."""
    _GAMES[game] = factory


def parts_for(rules: Rules[Any]) -> GameParts:
    """The parts of the game of ``rules``; ``ValueError`` naming the games that have them."""
    factory = _GAMES.get(rules.name)
    if factory is None:
        raise ValueError(f"no heuristic or search bot for {rules.name!r} yet: the games with "
                         f"them are {', '.join(games_with_parts())}")
    return factory()


def has_parts(game: str) -> bool:
    """Whether ``game`` has bots (without loading any game's)."""
    return game in _GAMES


def games_with_parts() -> list[str]:
    """The games that have bots."""
    return list(_GAMES)


__all__ = ["games_with_parts", "has_parts", "parts_for", "register_parts"]
