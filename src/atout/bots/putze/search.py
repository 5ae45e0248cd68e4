"""Putze for the bots: the heuristic player, a sampler of hidden cards, a rollout.

The heuristic plays when its hand should make the 21 points that keep a pomme away (trump
strength counted as in Jass), takes the blind with a weak hand, always takes the turned card
with the six, discards its cheapest cards for the better cards, and plays the cards as the
Jass heuristic does, alone (no partner to feed).

The sampler (:class:`~atout.bots.putze.sampler.PutzeDeterminizer`, in its own module, named
here too) deals the unseen cards consistently with the seat's view and replays the history;
the search's deals of the card play are drawn in the kernel under the same constraints
(:mod:`atout.bots.putze.worlds`).
"""

from __future__ import annotations

import random
from typing import Any

from atout.bots.base import Bot
from atout.bots.jass.heuristic import (
    card_style,
    choose_card,
    read_view,
    trump_tricks,
)
from atout.bots.parts import Batch, Budget, GameParts, SearchOptions
from atout.bots.putze import kernel as putze_kernel
from atout.bots.putze.kernel import KERNEL_DEFAULT, REUSE, batch_rollouts
from atout.bots.putze.pre import search_worlds
from atout.bots.putze.sampler import PutzeDeterminizer
from atout.bots.putze.speak import PLAY_FROM, PUTZE_CARDS, SAMPLES, speak_values, word_of
from atout.cards import JASS_DECK
from atout.core import Action, Deal, Result, Rules, View
from atout.games.jass.play import POWER, VALUE


def _word(rules: Rules[Any], text: str) -> int:
    return int(rules.actions.parse(text))


def speak(rules: Rules[Any], hand: int, mode: int, legal: int) -> int:
    """Play, pass, take the blind or keep one's game, by the hand's strength in trump."""
    players = rules.seats
    est = trump_tricks(hand, mode)
    words = {w: _word(rules, w) for w in ("play", "pass", "take blind", "my game")}
    strong = est >= PLAY_FROM.get(players, 1.5)
    if legal >> words["my game"] & 1:
        if strong:
            return words["my game"]
        if legal >> words["take blind"] & 1:
            return words["take blind"]
        if legal >> words["pass"] & 1 and est < 0.8:
            return words["pass"]
        return words["my game"]
    if strong or not legal >> words["pass"] & 1:
        return words["play"]
    return words["pass"]


def discard(hand: int, mode: int) -> int:
    """The cheapest card to put away for the better cards: no trump, low value, low rank."""
    v = VALUE[mode]
    p = POWER[mode]
    cards = [c for c in range(36) if hand >> c & 1]
    plain = [c for c in cards if c // 9 != mode] or cards
    return min(plain, key=lambda c: (v[c], p[c]))


def pre_play(rules: Rules[Any], phase: str, hand: int, mode: int, legal: int) -> int:
    """The heuristic's action before the card play, from the hand alone."""
    if phase == "six":
        return _word(rules, "exchange six")
    if phase == "better":
        return discard(hand & legal, mode)
    return speak(rules, hand, mode, legal)


SPEAK_POLICIES = ("value", "count")
"""How the heuristic says play, pass or takes the blind: ``value``, the word worth most over
sampled deals played out by the heuristic (:mod:`atout.bots.putze.speak`); ``count``, the
trick count and its thresholds (:func:`speak`)."""


class PutzeHeuristic(Bot):
    """Plays Putze by rules of thumb (see docs/bots.md).

    ``speak`` is one of :data:`SPEAK_POLICIES` (``heuristic:speak=count`` from a bot name);
    ``samples``: the sampled deals per word for ``speak=value``; ``cards``: the card play,
    one of :data:`~atout.bots.jass.heuristic.CARD_STYLES` (its play and the play it expects
    of the others when it speaks; default :data:`~atout.bots.putze.speak.PUTZE_CARDS`).
    """

    name = "heuristic"

    def __init__(self, rules: Rules[Any], seat: int, seed: int = 0, speak: str = "value",
                 samples: int = SAMPLES, cards: str = PUTZE_CARDS) -> None:
        super().__init__(rules, seat, seed)
        self.style = card_style(cards, "Putze heuristic")
        if speak not in SPEAK_POLICIES:
            raise ValueError(f"Putze heuristic: speak={speak!r}, expected one of "
                             f"{', '.join(SPEAK_POLICIES)}")
        if samples < 1:
            raise ValueError(f"Putze heuristic: samples={samples}, expected a whole number "
                             f"of 1 or more")
        self.speak = speak
        self.samples = samples
        self._sampler: PutzeDeterminizer | None = None
        self.weighed: dict[str, tuple[float, int]] = {}
        """The words of the last decision valued by evaluation (see :attr:`atout.bots.hint.
        Hint.worth`): each word's mean points for the seat and the sampled deals played."""

    def choose(self, view: View) -> Action:
        """The heuristic's action for the seat of ``view``."""
        actions = self.rules.actions
        legal = self.legal_mask(view)
        mode = "HDSC".index(str(view.info["trump"]))
        hand = JASS_DECK.mask(view.hand)
        self.weighed = {}
        if view.phase == "speak" and self.speak == "value":
            count = pre_play(self.rules, view.phase, hand, mode, legal)
            if not legal & (legal - 1):
                return actions[count]
            if self._sampler is None:
                self._sampler = PutzeDeterminizer(self.rules)
            values = speak_values(self._sampler, view, legal, self.rng, pre_play,
                                  self.samples, self.style)
            self.weighed = {actions[a].text: (v, self.samples) for a, v in values.items()}
            return actions[word_of(values, count)]
        if view.phase != "play":
            return actions[pre_play(self.rules, view.phase, hand, mode, legal)]
        seen = read_view(self.rules, view)
        seen.partner = -1
        seen.pull_trumps = True
        return actions[choose_card(seen, legal, self.style)]


def putze_rollout_to_play(deal: Deal) -> None:
    """The heuristic's choices before the card play (play or pass, the blind, the six, the
    better cards), made on ``deal`` in place until the card play or the end."""
    rules = deal.rules
    while deal.to_move is not None and getattr(deal, "phase", "play") != "play":
        seat = deal.to_move
        hand = deal.hands[seat]  # type: ignore[attr-defined]
        mode = deal.mode  # type: ignore[attr-defined]
        deal.step(pre_play(rules, deal.phase, hand, mode,  # type: ignore[attr-defined]
                                deal.legal_mask()))


def putze_rollout(deal: Deal, rng: random.Random) -> Result:
    """The heuristic's choices before the play, then random card play to the end."""
    putze_rollout_to_play(deal)
    return deal.playout(rng)


def kernel_ready() -> bool:
    """Whether the search's card play runs on the kernel now (:func:`atout.bots.putze.kernel.
    kernel_ready`, looked up at each call: the tests replace it)."""
    return putze_kernel.kernel_ready()


def _heuristic(rules: Rules[Any], seat: int, seed: int = 0, **kw: Any) -> PutzeHeuristic:
    unknown = set(kw) - {"speak", "samples", "cards"}
    if unknown:
        raise ValueError(f"the Putze heuristic takes speak=, samples= and cards=, not "
                         f"{', '.join(sorted(unknown))}")
    speak_policy = str(kw.get("speak", "value"))
    try:
        samples = int(kw.get("samples", SAMPLES))
    except (TypeError, ValueError):
        raise ValueError(f"Putze heuristic: samples={kw['samples']!r}, expected a whole "
                         f"number") from None
    return PutzeHeuristic(rules, seat, seed, speak_policy, samples,
                          str(kw.get("cards", PUTZE_CARDS)))


PARTS = GameParts(heuristic=_heuristic, sampler=PutzeDeterminizer, rollout=putze_rollout,
                  budget=Budget(playouts=600, reuse=2),
                  options=SearchOptions(key="heuristic", kernel=KERNEL_DEFAULT),
                  key_phases=frozenset({"speak"}), key_factor=2,
                  batch=Batch(batch_rollouts, reuse=REUSE, ready=kernel_ready,
                              worlds=search_worlds, world_phases=frozenset({"six", "better"})))
"""The Putze bots' parts: the card play's rollouts on the kernel where numba compiles it
(:mod:`atout.bots.putze.kernel`), its deals of the card play and of the six's question
sampled and rolled out there too (:mod:`atout.bots.putze.worlds`; the six and the better
cards with ``kworlds`` only, :mod:`atout.bots.putze.pre`)."""

__all__ = ["PARTS", "PutzeDeterminizer", "PutzeHeuristic", "kernel_ready", "putze_rollout",
           "putze_rollout_to_play"]

