"""Jass players the search does not model: the opponents of its mixture benchmark.

The search's rollouts play the other side as the heuristic would (its model of the table) and
its sampler reads their leads as the heuristic leads. To measure it against players who play
otherwise, these are named variants, each a bot name:

- ``heuristic:cards=greedy`` (:class:`GreedyJass`): the highest card that takes the trick,
  else the cheapest; leads its highest card. No Schmieren, no partner, no memory;
- ``heuristic:cards=rollout`` (:class:`RolloutJass`): the search's own greedy rollout seat
  (a Bock led in most leads, random leads otherwise, win cheaply, feed the partner last, a
  share of random cards), played from the seat's view;
- ``heuristic:trump=random``: the heuristic's card play with a trump (or push) drawn
  uniformly among the legal ones;
- the heuristic with its other parameters (``trump=count``, ``cards=v1``) and with noise
  (``heuristic:noise=0.2``: a random legal card in a share of its decisions, any bot).

:data:`MIXTURE` lists the bot names the benchmark (``benchmarks/jass_mixture.py``) draws its
opponents from, and :func:`draw_opponents` draws them for a board.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from atout.bots.jass.heuristic import JassHeuristic, read_view
from atout.bots.parts import Sampler
from atout.cards import bit_list
from atout.core import Rules, View
from atout.games.jass import JassDeal
from atout.games.jass.play import POWER, TRICK_KEYS, VALUE, CardPolicy
from atout.games.trick import beats

MIXTURE = (
    "heuristic:noise=0.2",
    "heuristic:noise=0.4",
    "heuristic:trump=count",
    "heuristic:cards=v1",
    "heuristic:trump=count:cards=v1:noise=0.1",
    "heuristic:trump=random",
    "heuristic:cards=greedy",
    "heuristic:cards=greedy:trump=count",
    "heuristic:cards=rollout",
)
"""The players of the mixture, as bot names: none plays as the search's model of the table
(the plain heuristic) does."""


def draw_opponents(seed: int, index: int, names: tuple[str, ...] = MIXTURE) -> tuple[str, str]:
    """The two opponents of board ``index`` (one per seat of the other side), drawn
    independently from ``names``: the same for every bot tested on the board."""
    if not names:
        raise ValueError("the mixture needs at least one bot name")
    rng = random.Random(f"jass-mixture:{seed}:{index}")
    return rng.choice(names), rng.choice(names)


def greedy_card(mode: int, legal: int, led: int, best: int) -> int:
    """The greedy player's card among ``legal``: leading (``led`` -1), its strongest card;
    following, the strongest card that takes the trick from ``best``, else the cheapest
    (least value, then least power; the lowest index among equals)."""
    power = POWER[mode]
    cards = bit_list(legal)
    if led >= 0:
        keys = TRICK_KEYS[mode][led]
        winners = [c for c in cards if beats(keys, c, best)]
        if not winners:
            value = VALUE[mode]
            return min(cards, key=lambda c: (value[c], power[c]))
        cards = winners
    return max(cards, key=lambda c: (power[c], -c))


class GreedyJass(JassHeuristic):
    """Trump as the heuristic's ``trump`` parameter says, then :func:`greedy_card`."""

    name = "greedy"

    def __init__(self, rules: Rules[Any], seat: int, seed: int = 0,
                 trump: str = "value") -> None:
        super().__init__(rules, seat, seed, trump=trump)

    def play_card(self, view: View, legal: int) -> int:
        """The greedy card for the seat of ``view``."""
        seen = read_view(self.rules, view)
        return greedy_card(seen.mode, legal, seen.led, seen.best)


class RolloutJass(JassHeuristic):
    """Trump as the heuristic's ``trump`` parameter says, then the card the search's greedy
    rollout seat plays (``policy``: :func:`atout.bots.jass.search.rollout_policy`, every seat
    greedy) on a deal ``sampler`` draws from the view: that policy reads only the seat's
    legal cards, the trick and which cards are still out, the same in every sample. The
    search module makes it (``heuristic:cards=rollout``) and gives it both."""

    name = "rollout"

    def __init__(self, rules: Rules[Any], seat: int, seed: int = 0, trump: str = "value", *,
                 sampler: Sampler, policy: Callable[[JassDeal, random.Random], CardPolicy]
                 ) -> None:
        super().__init__(rules, seat, seed, trump=trump)
        self.sampler = sampler
        self.policy = policy

    def play_card(self, view: View, legal: int) -> int:
        """The greedy rollout's card for the seat of ``view``."""
        deal = self.sampler.sample(view, self.rng)
        assert isinstance(deal, JassDeal)
        seen = read_view(self.rules, view)
        pick = self.policy(deal, self.rng)
        return pick(self.seat, len(seen.trick), legal, seen.led, seen.best, seen.best_seat,
                    seen.trick_points())


CARD_PLAYERS = ("greedy", "rollout")
"""The card players of the heuristic's ``cards`` parameter beside its card styles
(:class:`GreedyJass`, :class:`RolloutJass`)."""


__all__ = ["CARD_PLAYERS", "MIXTURE", "GreedyJass", "RolloutJass", "draw_opponents",
           "greedy_card"]
