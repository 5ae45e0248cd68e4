"""Determinization: guesses of the hidden cards that agree with everything a seat has seen.

A determinization is a complete deal, built through the public contract
(``rules.deal(hands=..., dealer=..., <piles>)``) from the seat's own cards and a random
assignment of the cards it cannot see, on which the observed history is replayed. A sample in
which a replayed action would be illegal is rejected: that alone captures the voids shown by
failing to follow suit. Rejection gets slow late in a deal, so each game's sampler first
assigns cards respecting what it can infer cheaply (voids per seat and suit, hand sizes,
cards shown), and keeps the replay as the final check.

Samplers see only a :class:`~atout.core.View`; they never touch the real deal.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import Any

from atout.cards import bit_list
from atout.core import Deal, Rules, View

MAX_TRIES = 200
"""Samples tried before a sampler gives up on soft constraints (hard ones are never dropped)."""


class NoConsistentDeal(RuntimeError):
    """No deal consistent with the view was found within the sampler's tries."""


def assign_cards(pool: int, sizes: Sequence[int], allowed: Sequence[int],
                 rng: random.Random, forced: Sequence[int] | None = None,
                 cards_of: Callable[[int], list[int]] = bit_list) -> list[int] | None:
    """Deal the cards of ``pool`` to holders with ``sizes[i]`` cards each, at random.

    ``allowed[i]`` is the mask of cards holder ``i`` may hold (its voids removed);
    ``forced[i]`` cards that holder ``i`` is known to hold (a subset of ``pool``). The most
    constrained holder is served first. Returns one mask per holder, or None when this
    attempt ran into a dead end (the caller retries). ``cards_of`` lists a mask's cards,
    lowest first (:func:`~atout.cards.bit_list`; a game with a faster one for its deck may
    pass it: the cards dealt are the same).
    """
    n = len(sizes)
    out = [0] * n
    need = list(sizes)
    left = pool
    if forced is not None:
        for i, f in enumerate(forced):
            if f:
                if f & ~left or f.bit_count() > need[i]:
                    return None
                out[i] |= f
                need[i] -= f.bit_count()
                left &= ~f
    todo = [i for i in range(n) if need[i] > 0]
    while todo:
        # the holder with the least slack between what it may take and what it needs (the
        # first of them, as min() would pick)
        best = todo[0]
        slack = (allowed[best] & left).bit_count() - need[best]
        for i in todo[1:]:
            x = (allowed[i] & left).bit_count() - need[i]
            if x < slack:
                best, slack = i, x
        if slack < 0:
            return None
        picked = rng.sample(cards_of(allowed[best] & left), need[best])
        m = 0
        for c in picked:
            m |= 1 << c
        out[best] |= m
        left &= ~m
        need[best] = 0
        todo.remove(best)
    if left:
        return None
    return out


def replay(deal: Deal, history: Sequence[tuple[int, str | None]],
           fill: Callable[[Deal, int], int | None] | None = None,
           to_move: int | bool | None = False) -> bool:
    """Replay a seen history on ``deal``; False as soon as an action is illegal there.

    ``fill(deal, index)`` supplies the action id for a hidden entry (text None); without it
    a hidden entry fails the replay. ``to_move`` (unless False) is the seat that must be to
    move at the end, as in the view.
    """
    actions = deal.rules.actions
    for i, (actor, text) in enumerate(history):
        if deal.to_move != actor:
            return False
        if text is None:
            if fill is None:
                return False
            a = fill(deal, i)
            if a is None:
                return False
        else:
            a = actions.parse(text)
        if not deal.legal_mask() >> a & 1:
            return False
        deal.step(a)
    return to_move is False or deal.to_move == to_move


class Determinizer(ABC):
    """Samples complete deals consistent with one seat's view, for one game: the search's
    :class:`~atout.bots.parts.Sampler` part."""

    def __init__(self, rules: Rules[Any]) -> None:
        self.rules = rules

    @abstractmethod
    def sample(self, view: View, rng: random.Random) -> Deal:
        """A deal consistent with ``view``, advanced to the same point; it never uses the
        real deal. Raises :class:`NoConsistentDeal` if none is found."""
