"""French Tarot: the heuristic's choices before the card play (bids, call, écart, announcements).

The hand's count (:func:`hand_points`) is a player's count of its strength; the bids by
threshold on that count are the heuristic's old rule (``heuristic:bid=count``), the bids by
default come from a fitted model (:mod:`atout.bots.tarot.bids`); the call, the écart and the
announcements are shared by the heuristic player and the search's rollouts.
"""

from __future__ import annotations

from atout.bots.tarot.bids import bid_by_value
from atout.bots.tarot.call import call_by_value
from atout.cards import bit_list
from atout.games.tarot.tables import (
    A_CALL,
    A_DISCARD,
    A_NO_CHELEM,
    A_NO_POIGNEE,
    A_PASS,
    BIT_EX,
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


def hand_points(hand: int, n: int) -> float:
    """A player's count of a hand's strength (about 40 to take, 56 for a garde)."""
    trumps = hand & TRUMPS
    nt = trumps.bit_count()
    pts = 0.0
    if hand >> T21 & 1:
        pts += 10
    if hand & BIT_EX:
        pts += 8
    if hand >> T1 & 1:
        pts += 7 if nt >= 6 else (5 if nt >= 5 else 1)
    pts += 2 * nt
    pts += sum(1 for c in range(T1 + 15, T21) if hand >> c & 1)  # big trumps 16-20
    for s in range(4):
        suit = hand & SUIT_MASKS[s]
        k = suit >> (s * 14 + 13) & 1
        q = suit >> (s * 14 + 12) & 1
        pts += 6 * k + (7 if k and q else 3 * q)
        pts += 2 * (suit >> (s * 14 + 11) & 1) + (suit >> (s * 14 + 10) & 1)
        length = suit.bit_count()
        if length >= 5:
            pts += 5 + 2 * (length - 5)
        if length == 0:
            pts += 6 if nt >= 5 else 2
    return pts * 18 / {3: 24, 4: 18, 5: 15}[n] if n != 4 else pts


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


def choose_discard(hand: int, legal: int) -> int:
    """Put aside a low card of the shortest suit (making a void), never a king or bout."""
    cards = bit_list(legal >> A_DISCARD)

    def key(c: int) -> tuple[int, int, int]:
        if c >= T1:
            return (1, 0, c)
        return (0, (hand & SUIT_MASKS[c // 14]).bit_count(), VALUE2[c] * 100 + c % 14)
    return A_DISCARD + min(cards, key=key)


def pre_play(hand: int, n: int, legal: int, taker: bool, by_value: bool = True,
             call_by_model: bool = False) -> int | None:
    """The heuristic's action outside the card play, or None during the card play; bids by
    the fitted model (:mod:`atout.bots.tarot.bids`), or by the count with ``by_value`` False;
    the call by the rule of thumb, or by the fitted model (:mod:`atout.bots.tarot.call`) with
    ``call_by_model``."""
    if legal >> A_PASS & 1:
        if by_value:
            a = bid_by_value(hand, n, legal)
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
        return choose_discard(hand, legal)
    if legal >> A_NO_CHELEM & 1:
        return A_NO_CHELEM
    if legal >> A_NO_POIGNEE & 1:
        if taker:
            return max(a for a in range(A_NO_POIGNEE, A_NO_POIGNEE + 4) if legal >> a & 1)
        return A_NO_POIGNEE
    if not legal & FULL:
        return (legal & -legal).bit_length() - 1  # petit sec: the only action
    return None
