"""Auction Pitch: the heuristic's rules of thumb on card masks, for the bots and their rollouts.

The bid and the pitch by the points the best suit should make as trump (High with the ace, Low
with a two or three, Jack with the jack guarded, Game with tens and court cards); in the play,
draw trumps with the best one left, take tricks that hold the jack or game points as cheaply as
possible, and otherwise throw the least useful card. Pure functions of a hand and what the seat
has seen, so that the heuristic player, the search's rollouts and the bid model share them.
"""

from __future__ import annotations

from atout.cards import FULL_DECK, bit_list
from atout.games.pitch.tables import TRICK_KEYS

NCARDS = 52
FULL = (1 << NCARDS) - 1
PASS = 52
BID0 = 52
SUIT_MASK = FULL_DECK.suit_masks
GAME_VALUE = (0, 0, 0, 0, 0, 0, 0, 0, 10, 1, 2, 3, 4)  # 2..9 nothing, T 10, J 1, Q 2, K 3, A 4
TWO, THREE, TEN, JACK, ACE = 0, 1, 8, 9, 12


GAME_OF_SUIT = tuple(sum(GAME_VALUE[r] for r in range(13) if m >> r & 1)
                     for m in range(1 << 13))
"""The game points of the cards of one suit, by the suit's 13-bit mask."""


def suit_points(hand: int, s: int) -> float:
    """The points a hand should make with suit ``s`` as trump (High, Low, Jack, Game)."""
    t = (hand >> (s * 13)) & 0x1FFF
    n = t.bit_count()
    pts = 0.0
    if t >> ACE & 1:
        pts += 1.0
    elif t >> (ACE - 1) & 1:
        pts += 0.45
    if t & 0b11:
        pts += 0.8 if t & 1 else 0.55
    if t >> JACK & 1:
        pts += 0.75 if n >= 3 or t >> ACE & 1 else 0.45
    pts += min(0.8, 0.25 + 0.04 * GAME_OF_SUIT[t] + 0.08 * n)
    return pts


def best_suit(hand: int) -> tuple[int, float]:
    """The suit the hand would choose as trump, and its expected points."""
    return max(((s, suit_points(hand, s)) for s in range(4)), key=lambda x: x[1])


def choose_bid(hand: int, legal: int) -> int:
    """Pass, bid or pitch by the expected points of the best suit."""
    s, pts = best_suit(hand)
    want = int(pts + 0.15)
    if want >= 4 and legal & FULL:
        t = hand & SUIT_MASK[s] & legal
        if t:
            return t.bit_length() - 1  # pitch the top of the suit
    if legal >> PASS & 1 and (want < 1 or not any(legal >> (BID0 + k) & 1
                                                  for k in range(1, min(4, want) + 1))):
        return PASS
    bids = [k for k in range(1, 5) if legal >> (BID0 + k) & 1]
    if not legal >> PASS & 1:
        return BID0 + min(bids)  # the forced dealer bids as low as allowed
    fitting = [k for k in bids if k <= want]
    return BID0 + max(fitting) if fitting else PASS


def _rank(c: int) -> int:
    return c % 13


POWER_IN: tuple[tuple[tuple[int, ...], ...], ...] = TRICK_KEYS
"""A card's power in a trick, by trump suit and led suit: a trump above every card of the
led suit, -1 for a card that cannot win (the engine's trick keys,
:data:`atout.games.pitch.tables.TRICK_KEYS`)."""
WORTH_IN: tuple[tuple[int, ...], ...] = tuple(
    tuple(GAME_VALUE[c % 13] + (5 if c // 13 == trump and c % 13 in (TWO, THREE, JACK) else 0)
          for c in range(NCARDS))
    for trump in range(4))
"""What a card in a trick is worth taking, by trump suit: its game points, and the Low or
the Jack of trumps."""


def choose_card(hand: int, legal: int, trump: int, trick: list[tuple[int, int]],
                friends: set[int], unseen: int) -> int:
    """The heuristic's card in the play (``trump`` -1 before the first lead)."""
    cards = bit_list(legal & FULL)
    if len(cards) == 1:
        return cards[0]
    if trump < 0:
        return _pitch(hand, cards)
    if not trick:
        return _lead(cards, trump, unseen)
    power = POWER_IN[trump][trick[0][1] // 13]
    best_seat, best = max(trick, key=lambda x: power[x[1]])
    if best_seat in friends:
        return _feed(cards, trump)
    winners = [c for c in cards if power[c] > power[best]]
    if winners and (_worth(trick, trump) > 0 or any(c // 13 != trump for c in winners)):
        return min(winners, key=power.__getitem__)  # take the trick as cheaply as can be
    return _throw(cards, trump)


def _pitch(hand: int, cards: list[int]) -> int:
    """The pitch: the top card of the suit the hand chooses as trump sets trump."""
    s, _ = best_suit(hand)
    mine = [c for c in cards if c // 13 == s] or cards
    return max(mine, key=_rank)


def _lead(cards: list[int], trump: int, unseen: int) -> int:
    """Leading: draw trumps with the best one left, else the plain card worth least, else
    the lowest trump."""
    trumps = [c for c in cards if c // 13 == trump]
    high_out = (unseen & SUIT_MASK[trump]).bit_length() - 1  # the best trump out, -1: none
    if trumps and max(trumps) > high_out:
        return max(trumps)
    plain = [c for c in cards if c // 13 != trump]
    if plain:
        return min(plain, key=lambda c: (GAME_VALUE[_rank(c)], _rank(c)))
    return min(trumps, key=_rank)


def _worth(trick: list[tuple[int, int]], trump: int) -> int:
    """What the trick's cards are worth taking: game points, the Low and the Jack."""
    worth = WORTH_IN[trump]
    return sum(worth[c] for _, c in trick)


def _feed(cards: list[int], trump: int) -> int:
    """A friend wins the trick: give it the card with most game points, keeping the trumps
    above the jack."""
    low = [c for c in cards if not (c // 13 == trump and _rank(c) > JACK)]
    return max(low or cards, key=lambda c: GAME_VALUE[_rank(c)])


def _throw(cards: list[int], trump: int) -> int:
    """Nothing worth taking: throw the card with fewest game points, a plain card before a
    trump, the lowest; keep the Low, the Jack and the ace of trumps."""
    keep = [c for c in cards if not (c // 13 == trump and _rank(c) in (TWO, THREE, JACK, ACE))]
    return min(keep or cards, key=lambda c: (GAME_VALUE[_rank(c)], c // 13 == trump, _rank(c)))


__all__ = ["ACE", "BID0", "FULL", "GAME_VALUE", "JACK", "NCARDS", "PASS", "SUIT_MASK", "TEN",
           "THREE", "TWO", "best_suit", "choose_bid", "choose_card", "suit_points"]
