"""Putze's play or pass and the blind, chosen by evaluation over sampled deals.

Before the play a Putze player says *play* or *pass* (at three players: *take blind*, *my
game* or *pass*). Instead of a threshold on the hand's trick count, the heuristic player
values each word it may say: it deals the cards it cannot see many times over, consistent
with its view (the search's sampler), says the word on each
sample, lets the players after it speak by the trick count, and plays the deal to its end
with the heuristic's card play at every seat (:func:`heuristic_rollout`). A word's value is
the seat's mean points on those samples (putzes gained minus pommes); every word is played
on the same samples, so they are compared on the same luck. Ties go to the trick count's
word.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from atout.bots.determinize import Determinizer, NoConsistentDeal
from atout.bots.jass.cards import CardState, first_rule_card
from atout.bots.jass.heuristic import CARD_STYLES, FULL
from atout.core import Deal, Result, Rules, View
from atout.games.jass.play import CardPolicy

PUTZE_CARDS = "v2"
"""The Putze heuristic's default card play, by its name in
:data:`~atout.bots.jass.heuristic.CARD_STYLES` (``heuristic:cards=...``)."""
_STYLE = CARD_STYLES[PUTZE_CARDS]
SAMPLES = 64
"""Sampled deals per spoken word (the default of ``heuristic:samples=N``)."""
PLAY_FROM = {2: 1.6, 3: 1.5, 4: 1.6, 5: 1.2}
"""Estimated tricks from which the heuristic plays, by number of players (its ``speak``,
:mod:`atout.bots.putze.search`)."""
SPEAK_WORDS = ("play", "pass", "take blind", "my game")
"""The words this module values."""

PrePlay = Callable[[Rules[Any], str, int, int, int], int]
"""A choice before the play: ``(rules, phase, hand, mode, legal mask) -> action id``."""


def heuristic_policy(deal: Deal, style: int = _STYLE) -> CardPolicy:
    """The heuristic's card play at every playing seat of a Putze ``deal`` in play, for
    :meth:`~atout.games.jass.play.TrickPlay.play_tricks`: each seat picks, from its own
    hand and the cards not yet played, the card the heuristic player would (alone: no
    partner, drawing trumps is always its job), with the card rules ``style``. The voids
    shown are not tracked."""
    hands: list[int] = deal.hands  # type: ignore[attr-defined]
    mode: int = deal.mode  # type: ignore[attr-defined]
    players: list[int] = deal.players()  # type: ignore[attr-defined]
    last = len(players) - 1
    start = 0
    for s in players:
        start |= hands[s]

    def pick(seat: int, pos: int, legal: int, led: int, best: int, best_seat: int,
             points: int) -> int:
        if not legal & (legal - 1):
            return legal.bit_length() - 1
        now = 0
        for s in players:
            now |= hands[s]
        out = FULL & ~(start & ~now)
        hand = hands[seat]
        return first_rule_card(CardState(legal, hand, seat, pos, pos == last, led, best, best_seat,
                                         -1, points, out & ~hand, 0, True, mode, style))

    return pick


def heuristic_rollout(deal: Deal, rng: random.Random, pre_play: PrePlay,
                      style: int = _STYLE) -> Result:
    """Play a Putze ``deal`` to its end: the choices before the play by ``pre_play`` (the
    heuristic's thresholds), then the heuristic's card play (rules ``style``) at every seat."""
    rules = deal.rules
    while deal.to_move is not None and getattr(deal, "phase", "play") != "play":
        seat = deal.to_move
        deal.step(pre_play(rules, deal.phase,  # type: ignore[attr-defined]
                           deal.hands[seat], deal.mode,  # type: ignore[attr-defined]
                           deal.legal_mask()))
    if deal.to_move is not None:
        deal.play_tricks(rng, heuristic_policy(deal, style),  # type: ignore[attr-defined]
                         record=False)
    return deal.result


def speak_values(sampler: Determinizer, view: View, legal: int, rng: random.Random,
                 pre_play: PrePlay, samples: int = SAMPLES,
                 style: int = _STYLE) -> dict[int, float]:
    """The seat's mean points after each legal word (action id to value), over ``samples``
    deals that ``sampler`` finds consistent with ``view`` played out with the card rules
    ``style``; empty when none is."""
    words = [a for a in range(legal.bit_length()) if legal >> a & 1]
    totals = dict.fromkeys(words, 0.0)
    seat = view.seat
    done = 0
    for _ in range(samples):
        try:
            deal = sampler.sample(view, rng)
        except NoConsistentDeal:
            continue
        done += 1
        seed = rng.random()
        for a in words:
            d = deal.clone()
            d.step(a)
            totals[a] += heuristic_rollout(d, random.Random(seed), pre_play,
                                           style).points[seat]
    if not done:
        return {}
    return {a: t / done for a, t in totals.items()}


def choose_word(sampler: Determinizer, view: View, legal: int, rng: random.Random,
                pre_play: PrePlay, fallback: int, samples: int = SAMPLES,
                style: int = _STYLE) -> int:
    """The legal word worth most by :func:`speak_values`; ``fallback`` (the trick count's
    word) on a tie or when no deal could be sampled."""
    if not legal & (legal - 1):
        return legal.bit_length() - 1
    return word_of(speak_values(sampler, view, legal, rng, pre_play, samples, style), fallback)


def word_of(values: dict[int, float], fallback: int) -> int:
    """The word worth most in ``values`` (as :func:`speak_values` gives them); ``fallback``
    on a tie with it or when ``values`` is empty."""
    if not values:
        return fallback
    best = max(values.values())
    if values.get(fallback, best - 1) >= best - 1e-9:
        return fallback
    return max(sorted(values), key=lambda a: values[a])


__all__ = ["PLAY_FROM", "PUTZE_CARDS", "SAMPLES", "SPEAK_WORDS", "choose_word",
           "heuristic_policy", "heuristic_rollout", "speak_values", "word_of"]
