"""The computer player's base class, apart from the registry in :mod:`atout.bots`, so that
the bots the registry builds import it without importing the registry (no import cycle)."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import Any

from atout.core import Action, Rules, View


class Bot(ABC):
    """A computer player for one seat of one game."""

    name: str = "bot"

    def __init__(self, rules: Rules[Any], seat: int, seed: int = 0) -> None:
        self.rules = rules
        self.seat = seat
        self.rng = self.stream(self.name, seed, seat)

    @staticmethod
    def stream(name: str, seed: int, seat: int) -> random.Random:
        """The random stream a bot called ``name`` starts from at ``seat`` with ``seed``:
        bots of different names draw apart."""
        return random.Random(f"{name}:{seed}:{seat}")

    @abstractmethod
    def choose(self, view: View) -> Action:
        """The action to play, given only what the seat may know."""

    def legal_mask(self, view: View) -> int:
        """The seat's legal actions as a mask over ids; ``ValueError`` if it is not to move."""
        return legal_mask(self.rules, view)


def legal_mask(rules: Rules[Any], view: View) -> int:
    """The legal actions of ``view`` as a mask over ``rules``' action ids; ``ValueError`` if
    the seat is not to move."""
    if not view.legal:
        raise ValueError(f"seat {view.seat} has no legal action: it is not its turn")
    parse = rules.actions.parse
    mask = 0
    for text in view.legal:
        mask |= 1 << int(parse(text))
    return mask
