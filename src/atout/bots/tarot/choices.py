"""French Tarot: the heuristic's choices before the card play (bids, call, écart, announcements).

The hand's count (:func:`hand_points`) is a player's count of its strength; the bids by
threshold on that count are the heuristic's old rule (``heuristic:bid=count``), the bids by
default come from a fitted model (:mod:`atout.bots.tarot.bids`); the call, the écart and the
announcements are shared by the heuristic player and the search's rollouts.
"""

from __future__ import annotations

from atout.bots.tarot.bids import HAND_CARDS, bid_by_value, hand_points
from atout.bots.tarot.call import call_by_value
from atout.cards import bit_list
from atout.games.tarot.tables import (
    A_CALL,
    A_DISCARD,
    A_NO_CHELEM,
    A_NO_POIGNEE,
    A_PASS,
    CALL_CARDS,
    SUIT_MASKS,
    TRUMPS,
    VALUE2,
)

T1 = 56
T21 = 76
FULL = (1 << 78) - 1
BID_FROM = (40, 56, 71, 81)
"""Hand points from which the heuristic bids prise, garde, garde sans, garde contre."""


def choose_bid(hand: int, n: int, legal: int) -> int:
    """Pass, or the contract the hand's points allow (if still higher than the last bid)."""
    pts = hand_points(hand, n)
    want = -1
    for i, threshold in enumerate(BID_FROM):
        if pts >= threshold:
            want = i
    for b in range(want, -1, -1):
        if legal >> (A_PASS + 1 + b) & 1:
            return A_PASS + 1 + b if b == want else A_PASS
    return A_PASS


def choose_call(hand: int, legal: int) -> int:
    """Call the king (or queen …) of the longest suit where the hand lacks it."""
    best, best_key = -1, (-1, -1)
    for i, card in enumerate(CALL_CARDS):
        if not legal >> (A_CALL + i) & 1:
            continue
        key = (0 if hand >> card & 1 else 1, (hand & SUIT_MASKS[card // 14]).bit_count())
        if key > best_key:
            best, best_key = A_CALL + i, key
    return best


MAX_VOIDS = ((8, 1), (11, 2), (99, 3))
"""The club guides' voids for the trumps held (M. Doury's table of écarts): one void under
eight trumps, two from 8 to 10, three from 11."""


def choose_discard(hand: int, legal: int, n: int = 4) -> int:
    """One card of the écart by the club rules (never a king, bout or trump unless it must):
    void a suit without its king that the cards still to put aside can empty (the shortest,
    its heads first), as many voids as the trumps held allow (:data:`MAX_VOIDS`); else a head
    of a doubleton without its king (its points made safe), else a low card of the shortest
    suit without a king, emptying no suit beyond the voids allowed."""
    cards = legal >> A_DISCARD & FULL
    plain = cards & ~TRUMPS
    if not plain:
        return A_DISCARD + (cards & -cards).bit_length() - 1
    left = hand.bit_count() - HAND_CARDS.get(n, 18)
    nt = (hand & TRUMPS).bit_count()
    voids = sum(1 for m in SUIT_MASKS if not hand & m)
    allowed = next(v for limit, v in MAX_VOIDS if nt < limit)
    best, best_key = -1, (9, 99, 0)
    for s in range(4):
        suit = hand & SUIT_MASKS[s]
        length = suit.bit_count()
        if not suit & plain:
            continue
        king = suit >> (s * 14 + 13) & 1
        for c in bit_list(suit & plain):
            value = VALUE2[c]
            if not king and suit & plain == suit and length <= left and voids < allowed:
                key = (0, length, -value)   # a void within reach: its heads first
            elif length == 1 and voids >= allowed:
                key = (4, length, value)    # a void more than the trumps can use
            elif not king and length == 2 and value > 1 and voids < allowed:
                key = (1, length, -value)   # an unguarded head: its points made safe
            else:
                key = (2 + king, length, value * 100 + c % 14)
            if key < best_key:
                best, best_key = c, key
    return A_DISCARD + best


def pre_play(hand: int, n: int, legal: int, taker: bool, by_value: bool = True,
             call_by_model: bool = False, club: bool = True) -> int | None:
    """The heuristic's action outside the card play, or None during the card play; bids by
    the fitted model (:mod:`atout.bots.tarot.bids`), or by the count with ``by_value`` False;
    the call by the rule of thumb, or by the fitted model (:mod:`atout.bots.tarot.call`) with
    ``call_by_model``; the model's bids under the club rules
    (:func:`~atout.bots.tarot.bids.club_bid`) unless ``club`` is False."""
    if legal >> A_PASS & 1:
        if by_value:
            a = bid_by_value(hand, n, legal, club=club)
            if a is not None:
                return a
        return choose_bid(hand, n, legal)
    if legal >> A_CALL & 0xFFFF:
        if call_by_model:
            a = call_by_value(hand, legal)
            if a is not None:
                return a
        return choose_call(hand, legal)
    if legal >> A_DISCARD & FULL and not legal & FULL:
        return choose_discard(hand, legal, n)
    if legal >> A_NO_CHELEM & 1:
        return A_NO_CHELEM
    if legal >> A_NO_POIGNEE & 1:
        if taker:
            return max(a for a in range(A_NO_POIGNEE, A_NO_POIGNEE + 4) if legal >> a & 1)
        return A_NO_POIGNEE
    if not legal & FULL:
        return (legal & -legal).bit_length() - 1  # petit sec: the only action
    return None
