"""atout: traditional card games with exact engines, strong bots and accessible play.

>>> import atout
>>> rules = atout.make("jass")
>>> deal = rules.deal(seed=7)
>>> deal.to_move
3
"""

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


def load(saved: dict[str, object]) -> Deal:
    """Replay a deal saved with :meth:`Deal.save` (its game and options included)."""
    game = saved.get("game")
    options = saved.get("options") or {}
    if not isinstance(game, str) or not isinstance(options, dict):
        raise ValueError("a saved deal needs a 'game' name and an 'options' object")
    return make(game, **options).load(saved)


def load_match(saved: dict[str, object]) -> Match:
    """Replay a game saved with :meth:`Match.save`."""
    game = saved.get("game")
    options = saved.get("options") or {}
    if not isinstance(game, str) or not isinstance(options, dict):
        raise ValueError("a saved game needs a 'game' name and an 'options' object")
    return make(game, **options).load_match(saved)
