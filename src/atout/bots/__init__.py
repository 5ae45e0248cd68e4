"""Computer players. A bot sees only its seat's :class:`~atout.core.View`, never the deal.

``make_bot(name, rules, seat, seed)`` builds a bot from the registry; ``play_out`` drives a
deal or a match to its end with one bot per seat.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import Any

from atout.core import Action, Deal, Match, Rules, View


class Bot(ABC):
    """A computer player for one seat of one game."""

    name: str = "bot"

    def __init__(self, rules: Rules[Any], seat: int, seed: int = 0) -> None:
        self.rules = rules
        self.seat = seat
        self.rng = random.Random(f"{self.name}:{seed}:{seat}")

    @abstractmethod
    def choose(self, view: View) -> Action:
        """The action to play, given only what the seat may know."""


class RandomBot(Bot):
    """Plays a uniformly random legal action."""

    name = "random"

    def choose(self, view: View) -> Action:
        """A uniformly random legal action."""
        if not view.legal:
            raise ValueError(f"seat {view.seat} has no legal action: it is not its turn")
        return self.rules.actions.parse(self.rng.choice(view.legal))


_BOTS: dict[str, Callable[[Rules[Any], int, int], Bot]] = {"random": RandomBot}


def register_bot(name: str, factory: Callable[[Rules[Any], int, int], Bot]) -> None:
    """Add a bot to the registry under ``name``."""
    _BOTS[name] = factory


def bot_names() -> list[str]:
    """The names of the registered bots."""
    return list(_BOTS)


def make_bot(name: str, rules: Rules[Any], seat: int, seed: int = 0) -> Bot:
    """A bot by name; ``ValueError`` naming the known bots when unknown."""
    factory = _BOTS.get(name)
    if factory is None:
        raise ValueError(f"unknown bot {name!r}: expected one of {', '.join(_BOTS)}")
    return factory(rules, seat, seed)


def play_out(game: Deal | Match, bots: Sequence[Bot]) -> None:
    """Let the bots (one per seat) play a deal or a match to its end."""
    if len(bots) != game.seats:
        raise ValueError(f"{len(bots)} bots for {game.seats} seats")
    while True:
        seat = game.to_move
        if seat is None:
            return
        game.play(bots[seat].choose(game.view(seat)))
