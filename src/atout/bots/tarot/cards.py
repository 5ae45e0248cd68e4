"""French Tarot: the heuristic player's card play, shared by the heuristic and the rollouts.

:func:`choose_card` decides from what a seat knows (its hand, the trick, its side, the trumps
it cannot see): feed a friend's safe trick, win cheaply, keep the petit out of reach of higher
trumps, save a king or a queen with the excuse and never keep the excuse to the last trick.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Set as AbstractSet
from functools import cache

from atout.bots.tarot.choices import FULL
from atout.cards import first_min
from atout.games.tarot.tables import (
    BIT_EX,
    BIT_T1,
    CARD_SUIT,
    EX,
    KINGS,
    SUIT_MASKS,
    T1,
    TRUMPS,
    VALUE2,
)

T21 = 76
PLAIN = (1 << T1) - 1
"""Every card of the four suits (no trump, no excuse)."""


POWER: tuple[int, ...] = tuple(100 + c if c >= T1 else c % 14 for c in range(78))
"""A card's power in a trick of its suit: its rank in a suit, above every suit as a trump."""
POWER_IN: tuple[tuple[int, ...], ...] = tuple(
    tuple(POWER[c] if c >= T1 or CARD_SUIT[c] == led else -1 for c in range(78))
    for led in range(5))
"""A card's power in a trick led in a suit (4: trumps), -1 when it cannot win it."""
FEED_KEY: tuple[int, ...] = tuple(-VALUE2[c] * 1000 + POWER[c] for c in range(78))
"""The order to feed a friend's trick in: the card worth most, the weakest of those first."""
CHEAP_KEY: tuple[int, ...] = tuple(VALUE2[c] * 1000 + POWER[c] for c in range(78))
"""The order to throw cards in: the card worth least, the weakest of those first."""


def choose_card(n: int, seat: int, hand: int, legal: int, trick: list[tuple[int, int]],
                friends: AbstractSet[int], unseen: int, tricks_left: int) -> int:
    """The heuristic's card: feed a friend's safe trick, win cheaply, keep the petit safe.

    On masks: every "lowest" or "first" in the rules below is the lowest card index, as a
    scan of the cards in order keeping the first best would give.
    """
    cards = legal & FULL
    if not cards & (cards - 1):
        return cards.bit_length() - 1
    excuse = cards & BIT_EX
    if tricks_left <= 2 and excuse:
        return EX  # the excuse is lost on the last trick
    others = cards & ~BIT_EX
    high_out = (unseen & TRUMPS).bit_length() - 1  # the best trump out, -1: none
    # the cards that are not the petit in danger
    safe = others & ~BIT_T1 if high_out >= 0 else others
    plays = [c for _, c in trick if c != EX]
    if not plays:
        return _lead(hand, others, safe)
    power = POWER_IN[CARD_SUIT[plays[0]]]
    best, top = plays[0], -1  # the card winning the trick: the first of the most power
    for c in plays:
        if power[c] > top:
            best, top = c, power[c]
    last = len(trick) == n - 1
    if next(s for s, c in trick if c == best) in friends:
        return _follow_friend(others, safe, best, high_out, last)
    pick = _cheap_winner(others, best, plays, high_out, last)
    if pick >= 0:
        return pick
    return _discard(others, safe, excuse)


def _lead(hand: int, others: int, safe: int) -> int:
    """Leading: a king, else low from the longest plain suit, else the weakest trump (the
    petit only when it is not in danger or nothing else is left)."""
    kings = others & KINGS
    if kings:
        return (kings & -kings).bit_length() - 1
    plain = others & PLAIN
    if plain:
        lengths = [(hand & m).bit_count() for m in SUIT_MASKS]
        return _first_min_by(plain, lambda c: (30 - lengths[c // 14]) * 10_000
                             + VALUE2[c] * 100 + c % 14)
    pool = safe or others  # trumps only: the lowest is the weakest
    return (pool & -pool).bit_length() - 1


def _follow_friend(others: int, safe: int, best: int, high_out: int, last: bool) -> int:
    """A friend wins the trick: feed it the card worth most (a plain card rather than a
    trump) when nobody can take it any more, else throw the cheapest safe card."""
    held = last or best >= T21 or (best >= T1 and best > high_out)
    if held:
        feed = others & PLAIN or others
        if feed:
            return first_min(feed, FEED_KEY)
    low = safe or others
    if low:
        return first_min(low, CHEAP_KEY)
    return EX


def _cheap_winner(others: int, best: int, plays: list[int], high_out: int, last: bool) -> int:
    """A foe wins the trick: the lowest card that beats it, when the trick is worth it or
    the card stays safe (never the petit while a higher trump is out); -1: none."""
    if best >= T1:
        winners = others & TRUMPS & ~((2 << best) - 1)
    else:
        winners = (others & SUIT_MASKS[best // 14] & ~((2 << best) - 1)) | (others & TRUMPS)
    if not winners:
        return -1
    # the led suit's cards lie below the trumps, each suit and the trumps by rank
    pick = (winners & -winners).bit_length() - 1
    worth = last or pick < T1 or pick > high_out or sum(VALUE2[c] for c in plays) >= 7
    if worth and (pick != T1 or last or high_out < 0):
        return pick
    return -1


def _discard(others: int, safe: int, excuse: int) -> int:
    """No card takes the trick: the cheapest safe card, or the excuse rather than a king or
    a queen to the opponents (or than the petit in danger)."""
    if not safe and excuse:
        return EX
    cheapest = first_min(safe or others, CHEAP_KEY)
    if excuse and VALUE2[cheapest] >= 7:
        return EX  # rather the excuse than a king or a queen to the opponents
    return cheapest


def _first_min_by(cards: int, key: Callable[[int], int]) -> int:
    """The card of the mask ``cards`` with the least ``key(card)``, the lowest on a tie."""
    pick, least = -1, 1 << 60
    while cards:
        low = cards & -cards
        c = low.bit_length() - 1
        cards ^= low
        k = key(c)
        if k < least:
            pick, least = c, k
    return pick


def distinct_cards(cards: int, live: int) -> list[int]:
    """The cards of the mask ``cards`` worth trying, lowest first: one of each run of
    equivalent cards. Two cards of a suit, or two trumps, worth half a point each (an ace to
    a 10, a trump from the 2 to the 20) with no card of ``live`` (the cards another player
    may still hold) between them are the same card to every card still to be played; the
    lowest of the run is kept."""
    out: list[int] = []
    prev = -1
    while cards:
        low = cards & -cards
        c = low.bit_length() - 1
        cards ^= low
        if (prev >= 0 and c < EX and VALUE2[c] == 1 == VALUE2[prev]
                and (c // 14 == prev // 14 if c < T1 else prev >= T1)
                and not live & ((1 << c) - (1 << (prev + 1)))):
            prev = c  # the same card as the run's first, which is kept
            continue
        out.append(c)
        prev = c
    return out


@cache
def team_of(n: int, seat: int, taker: int, partner: int | None) -> frozenset[int]:
    """The seats on ``seat``'s side as far as it knows (``partner`` None: not known yet)."""
    if taker < 0:
        return frozenset()
    if seat == taker:
        return frozenset({partner} if partner is not None and partner != taker else ())
    if n < 5:
        return frozenset(s for s in range(n) if s not in (seat, taker))
    if partner is None:
        return frozenset()
    if seat == partner:
        return frozenset({taker})
    return frozenset(s for s in range(n) if s not in (seat, taker, partner))
