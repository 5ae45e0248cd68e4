"""Knock Rummy: the knock decided by its value on sampled deals, with a courtesy to the table.

The heuristic's default knock is a threshold on its deadwood that falls as the deal goes on
(:func:`atout.bots.knock_rummy.search.knock_threshold`). This module decides the knock by what it
is worth instead: it samples the others' hands from what the seat has seen (the Knock Rummy
sampler: the discard pile, the cards the others took from it and still hold, every hand
size), plays the knock and the best discard on each sample through the engine, and reads the
seat's points. The engine settles every option (the fine, ties, rum, laying off). The seat
knocks when that mean is at least ``margin`` points.

``courtesy`` rounds: the seat does not knock before every player has drawn that many times,
unless it holds no deadwood at all, so that at a table with a person nobody's deal ends before
he has played. A knock that ends a deal on its first turn is worth more than any later one
(the others hold fresh hands), so the courtesy costs points against players who knock at
once; docs/bots.md gives the figures both ways.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import cast

from atout.bots.determinize import Determinizer, NoConsistentDeal
from atout.core import View
from atout.games.knock_rummy import KNOCK, KnockRummyDeal

Discard = Callable[[int, int], tuple[int, int]]
"""The discard rule: ``(hand, allowed) -> (card, deadwood left)``."""

SAMPLES = 48
"""Sampled deals per knock decision."""
MARGIN = 0.0
"""Points a knock must be worth on average (over the samples) for the seat to knock."""
COURTESY = 0
"""Rounds of draws every player gets before the seat knocks (0: none)."""


def draws_so_far(view: View) -> int:
    """How many draws (from the stock or the pile) the view's history holds."""
    return sum(1 for _, text in view.history if text in ("draw stock", "draw discard"))


def knock_value(sampler: Determinizer, discard: Discard, view: View, rng: random.Random,
                samples: int = SAMPLES) -> float:
    """The seat's mean points if it knocked now and then discarded by ``discard``, over
    ``samples`` deals that ``sampler`` makes consistent with the view; ``NoConsistentDeal``
    when it cannot make one."""
    me = view.seat
    total = 0.0
    for _ in range(samples):
        deal = cast(KnockRummyDeal, sampler.sample(view, rng))
        deal.fast_play(KNOCK)
        if deal.to_move == me:  # the knocker discards
            allowed = deal.legal_mask()
            deal.fast_play(discard(deal.hands[me], allowed)[0])
        if deal.to_move is not None:
            raise NoConsistentDeal("the knock did not end the sampled deal")
        total += deal.result.points[me]
    return total / samples


def should_knock(sampler: Determinizer, discard: Discard, view: View, hand_deadwood: int,
                 rng: random.Random, margin: float = MARGIN, courtesy: int = COURTESY,
                 samples: int = SAMPLES) -> bool:
    """Whether the seat of ``view`` (to discard, allowed to knock) should knock.

    ``hand_deadwood``: the deadwood it would show. See the module's text for ``margin`` and
    ``courtesy``.
    """
    if hand_deadwood > 0 and draws_so_far(view) < courtesy * view.seats:
        return False
    try:
        return knock_value(sampler, discard, view, rng, samples) >= margin
    except NoConsistentDeal:
        return False


__all__ = ["COURTESY", "MARGIN", "SAMPLES", "Discard", "draws_so_far", "knock_value",
           "should_knock"]
