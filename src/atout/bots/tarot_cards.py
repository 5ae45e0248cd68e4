"""French Tarot: the heuristic player's card play, shared by the heuristic and the rollouts.

:func:`choose_card` decides from what a seat knows (its hand, the trick, its side, the trumps
it cannot see): feed a friend's safe trick, win cheaply, keep the petit out of reach of higher
trumps, save a king or a queen with the excuse and never keep the excuse to the last trick.
"""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from functools import cache

from atout.bots.tarot_choices import FULL
from atout.cards import bit_list
from atout.games.tarot.tables import CARD_SUIT, EX, SUIT_MASKS, TRUMPS, VALUE2

T1 = 56
T21 = 76


POWER: tuple[int, ...] = tuple(100 + c if c >= T1 else c % 14 for c in range(78))
"""A card's power in a trick of its suit: its rank in a suit, above every suit as a trump."""
_power = POWER.__getitem__


def choose_card(n: int, seat: int, hand: int, legal: int, trick: list[tuple[int, int]],
                friends: AbstractSet[int], unseen: int, tricks_left: int) -> int:
    """The heuristic's card: feed a friend's safe trick, win cheaply, keep the petit safe."""
    cards = bit_list(legal & FULL)
    if len(cards) == 1:
        return cards[0]
    plays = [c for s, c in trick if c != EX]
    excuse = EX in cards
    others = [c for c in cards if c != EX]
    high_out = (unseen & TRUMPS).bit_length() - 1  # the best trump out, -1: none

    def petit_safe(c: int) -> bool:
        return c != T1 or high_out < 0
    if tricks_left <= 2 and excuse:
        return EX  # the excuse is lost on the last trick
    if not plays:
        # lead: a king, else low from the longest suit, trumps for a long-trump taker
        kings = [c for c in others if c < T1 and c % 14 == 13]
        if kings:
            return kings[0]
        plain = [c for c in others if c < T1]
        if plain:
            return min(plain, key=lambda c: (-(hand & SUIT_MASKS[c // 14]).bit_count(),
                                             VALUE2[c], c % 14))
        safe = [c for c in others if petit_safe(c)] or others or cards
        return min(safe, key=_power) if len(safe) > 1 else safe[0]
    led = CARD_SUIT[plays[0]]
    best = max(plays, key=lambda c: _power(c) if c >= T1 or CARD_SUIT[c] == led else -1)
    best_seat = next(s for s, c in trick if c == best)
    last = len(trick) == n - 1
    if best_seat in friends:
        held = last or best >= T21 or (best >= T1 and best > high_out)
        if held:
            feed = [c for c in others if c < T1] or others
            if feed:
                return max(feed, key=lambda c: (VALUE2[c], -_power(c)))
        low = [c for c in others if petit_safe(c)] or others
        if low:
            return min(low, key=lambda c: (VALUE2[c], _power(c)))
        return EX
    winners = [c for c in others
               if _power(c) > _power(best) and (c >= T1 or CARD_SUIT[c] == led)]
    if winners:
        pick = min(winners, key=_power)
        worth = last or pick < T1 or pick > high_out or sum(VALUE2[c] for c in plays) >= 7
        if worth and (pick != T1 or last or high_out < 0):
            return pick
    low = [c for c in others if petit_safe(c)]
    if not low and excuse:
        return EX
    pool = low or others
    cheapest = min(pool, key=lambda c: (VALUE2[c], _power(c)))
    if excuse and VALUE2[cheapest] >= 7:
        return EX  # rather the excuse than a king or a queen to the opponents
    return cheapest


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
