"""French Tarot rollouts for the search: every seat plays a greedy card, all hands open.

A rollout plays a sampled deal (every hand known) to its end. Random cards there give every
action nearly the same worth, and the search cannot tell a good card from a bad one; the
greedy policy below plays as a sound player would who saw every hand:

- following, when a card leaves the trick with its side for sure (nobody still to play can
  take it), it plays the one of those cards worth most (feeding a friend's trick: the defence
  "charges"; the petit goes where it is safe), the lowest such trump among equals; otherwise
  it throws its cheapest card, the petit last of all;
- leading, it cashes a card nobody can beat (the one worth most), else leads low from its
  longest plain suit, else its lowest trump;
- the excuse saves a king or a queen it would otherwise have to give, and is played before the
  last trick; one card in ten (``NOISE``) is random, so that the rollouts do not all follow
  one line.

Decisions before the play (bids, call, écart, poignées) are the heuristic's.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import cast

from atout.bots.tarot.cards import PLAIN, POWER, POWER_IN, choose_card, team_of
from atout.bots.tarot.choices import FULL, pre_play
from atout.cards import first_min
from atout.core import Deal, Result
from atout.games.tarot.deal import TarotDeal
from atout.games.tarot.tables import (
    A_DISCARD,
    A_PLAY,
    BIT_EX,
    BIT_T1,
    EX,
    SUIT_MASKS,
    T1,
    TRUMPS,
    VALUE2,
)

NOISE = 0.1
"""The share of rollout cards played at random."""
LED: tuple[int, ...] = (*SUIT_MASKS, TRUMPS)


def _tops(foe_hands: list[int], led: int) -> tuple[int, int]:
    """The best card of the led suit among the foes who can follow it, and the best trump
    among those who can use one (-1: none): what a card must top to be safe."""
    top_led = top_trump = -1
    if led == 4:
        for h in foe_hands:
            top_trump = max(top_trump, (h & TRUMPS).bit_length() - 1)
        return -1, top_trump
    mask = SUIT_MASKS[led]
    for h in foe_hands:
        follow = h & mask
        if follow:
            top_led = max(top_led, follow.bit_length() - 1)
        elif h & TRUMPS:
            top_trump = max(top_trump, (h & TRUMPS).bit_length() - 1)
    return top_led, top_trump


def _safe(c: int, top_led: int, top_trump: int) -> bool:
    """Whether a card now winning the trick keeps it against the foes still to play."""
    if c >= T1:
        return c > top_trump
    return top_trump < 0 and c > top_led


KEEP_KEY: tuple[int, ...] = tuple(-VALUE2[c] * 1000 + POWER[c] for c in range(78))
"""The order to put a card into a trick our side keeps in: worth most, the weakest first."""
THROW_KEY: tuple[int, ...] = tuple((c == T1) * 1_000_000 + VALUE2[c] * 1000 + POWER[c]
                                   for c in range(78))
"""The order to throw a card away in: worth least, the weakest first, the petit last."""


def greedy_card(deal: TarotDeal, seat: int, legal: int, rng: random.Random) -> int:
    """The rollout's card for ``seat`` (``legal``: the legal play mask, all hands open)."""
    cards = legal & FULL
    if not cards & (cards - 1):
        return cards.bit_length() - 1
    if rng.random() < NOISE:
        return _random_card(cards, rng)
    hands = deal.hands
    others = cards & ~BIT_EX
    has_excuse = bool(cards & BIT_EX)
    if has_excuse and (not others or hands[seat].bit_count() <= 2):
        return EX  # before the last trick, where it would be lost
    n = deal.n
    side = (deal.taker, deal.partner)
    mine = seat in side
    trick = deal.trick
    foe_hands = [hands[s] for s in ((seat + k) % n for k in range(1, n - len(trick)))
                 if (s in side) != mine]
    plays = [c for c in trick if c != EX]
    if not plays:
        return _lead(hands[seat], others, foe_hands)
    led = plays[0] // 14 if plays[0] < T1 else 4
    power = POWER_IN[led]
    best, top = plays[0], -1  # the card winning the trick: the first of the most power
    for c in plays:
        if power[c] > top:
            best, top = c, power[c]
    top_led, top_trump = _tops(foe_hands, led)
    friend_safe = ((deal.leader + trick.index(best)) % n in side) == mine and _safe(
        best, top_led, top_trump)
    # every card that leaves the trick safely with our side: the one worth most goes in
    keeps = _keeps(others, best, top_led, top_trump, friend_safe)
    if keeps:
        return first_min(keeps, KEEP_KEY)
    return _throw(others, has_excuse)


def _random_card(cards: int, rng: random.Random) -> int:
    """The noise: a card of the mask ``cards`` drawn at random."""
    k = int(rng.random() * cards.bit_count())
    for _ in range(k):
        cards &= cards - 1
    return (cards & -cards).bit_length() - 1


def _keeps(others: int, best: int, top_led: int, top_trump: int, friend_safe: bool) -> int:
    """The cards of the mask ``others`` that leave the trick with our side for sure: those
    that beat ``best``, the card winning it (a plain card wins in its suit, so ``best``'s
    suit is the led one), and that no foe still to play can beat (see :func:`_safe`), and
    every other card when a friend wins the trick safely (``friend_safe``)."""
    above = -(2 << best)  # the cards above best
    if best >= T1:
        beat = others & TRUMPS & above
    else:
        beat = (others & SUIT_MASKS[best // 14] & above) | (others & TRUMPS)
    keeps = beat & TRUMPS & -(1 << (top_trump + 1))
    if top_trump < 0:
        keeps |= beat & PLAIN & -(1 << (top_led + 1))
    if friend_safe:
        keeps |= others & ~beat
    return keeps


def _throw(others: int, has_excuse: bool) -> int:
    """No card keeps the trick: throw the cheapest, the petit last of all, or the excuse
    rather than a king or a queen (``others``: the playable cards but the excuse)."""
    cheap = first_min(others, THROW_KEY)
    if has_excuse and (cheap < 0 or VALUE2[cheap] >= 7):
        return EX
    return cheap


def _lead(hand: int, others: int, foe_hands: list[int]) -> int:
    """The rollout's lead: a sure winner worth most, else low from the longest plain suit."""
    sure = -1
    candidates = [(others & SUIT_MASKS[s]).bit_length() - 1 for s in range(4)
                  if others & SUIT_MASKS[s]]
    if others & TRUMPS & ~BIT_T1:
        candidates.append((others & TRUMPS).bit_length() - 1)
    for c in candidates:
        top_led, top_trump = _tops(foe_hands, c // 14 if c < T1 else 4)
        if _safe(c, top_led, top_trump) and (
                sure < 0 or VALUE2[c] > VALUE2[sure]
                or (VALUE2[c] == VALUE2[sure] and POWER[c] < POWER[sure])):
            sure = c
    if sure >= 0 and (sure < T1 or VALUE2[sure] > 1 or not others & PLAIN):
        return sure
    plain = others & PLAIN
    if plain:
        best, best_key = -1, (99, 99, 99)
        for s in range(4):
            suit = plain & SUIT_MASKS[s]
            if suit:
                c = (suit & -suit).bit_length() - 1  # the lowest of the suit
                key = (-(hand & SUIT_MASKS[s]).bit_count(), VALUE2[c], c % 14)
                if key < best_key:
                    best, best_key = c, key
        return best
    trumps = others & TRUMPS & ~BIT_T1 or others
    if not trumps:
        return EX
    return (trumps & -trumps).bit_length() - 1


def heuristic_card(deal: TarotDeal, seat: int, legal: int) -> int:
    """The heuristic player's card for ``seat`` on an open deal, from what that seat knows:
    its hand, the trick, its side (once known) and the trumps it cannot see."""
    n = deal.n
    hands = deal.hands
    hand = hands[seat]
    hidden = 0
    for h in hands:
        hidden |= h
    hidden &= ~hand
    if seat != deal.taker:
        hidden |= deal.ecart & ~TRUMPS
    if deal.contract >= 2:
        hidden |= deal.chien
    trick = [((deal.leader + k) % n, c) for k, c in enumerate(deal.trick)]
    known = deal.partner_known or seat == deal.partner
    friends = team_of(n, seat, deal.taker, deal.partner if known and deal.partner >= 0
                      else (deal.taker if known else None))
    return choose_card(n, seat, hand, legal, trick, friends, hidden, hand.bit_count())


def _play_out(d: TarotDeal, card: Callable[[TarotDeal, int, int], int],
              by_value: bool = True) -> Result:
    """Play ``d`` to its end: each card by ``card(deal, seat, legal mask)`` (an action id),
    the bids, call, écart and poignées by the heuristic's rules (``by_value`` False: the hand
    count's thresholds)."""
    n = d.n
    while d.to_move is not None:
        seat = d.to_move
        legal = d.legal_mask()
        if legal & FULL and not legal >> A_DISCARD:
            d.step(card(d, seat, legal))
            continue
        a = pre_play(d.hands[seat], n, legal, seat == d.taker, by_value)
        d.step(a if a is not None else (legal & -legal).bit_length() - 1)
    return d.result


def _heuristic_play(d: TarotDeal, seat: int, legal: int) -> int:
    return A_PLAY + heuristic_card(d, seat, legal)


def heuristic_rollout(deal: Deal, rng: random.Random, by_value: bool = True) -> Result:
    """Play an open Tarot deal to its end as heuristic players would (each from what it can
    see): the fitting script's rollout; ``by_value`` False bids by the hand count's
    thresholds. ``rng`` is unused (the play is deterministic); it is there for the rollout
    signature."""
    return _play_out(cast(TarotDeal, deal), _heuristic_play, by_value)


def model_rollout(deal: Deal, rng: random.Random, seat: int) -> Result:
    """The search's model of the table (``search:model=1``): ``seat`` (the searching one)
    plays the rest of the deal greedily (:func:`greedy_card`, all hands open) and every other
    seat as the heuristic player would from what it can see (:func:`heuristic_card`); the
    decisions before the play are the heuristic's. ``seat`` -1 models every seat."""

    def card(d: TarotDeal, s: int, legal: int) -> int:
        if s == seat:
            return greedy_card(d, s, legal, rng)
        return A_PLAY + heuristic_card(d, s, legal)

    return _play_out(cast(TarotDeal, deal), card)


def greedy_rollout(deal: Deal, rng: random.Random) -> Result:
    """Play a perfect-information Tarot deal to its end: the heuristic's bids, call, écart
    and poignées, then every seat's greedy card (see the module docs)."""
    return _play_out(cast(TarotDeal, deal),
                     lambda d, s, legal: greedy_card(d, s, legal, rng))


__all__ = ["NOISE", "greedy_card", "greedy_rollout", "heuristic_card", "heuristic_rollout",
           "model_rollout"]
