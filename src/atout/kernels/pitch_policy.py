"""The Pitch search's model of the table in the kernel: every seat bids and plays by the
heuristic's rules (:mod:`atout.bots.pitch.hand`), from its own hand and the cards played.

:func:`model_playout` plays a state of :mod:`atout.kernels.pitch` to its end the way
:func:`atout.bots.pitch.search.model_rollout` plays a deal, choice for choice (the same
bids, pitches and cards, ties broken the same way), so a search on it chooses as before;
:func:`model_rollouts` plays a batch of states, one row each, in one call.
"""

from __future__ import annotations

import numpy as np

from atout.games.pitch.tables import TRICK_KEYS
from atout.kernels.jit import njit
from atout.kernels.kit import Array, high_index, low_index, popcount
from atout.kernels.pitch import (
    DEALT,
    HANDS,
    LEADER,
    LENGTH,
    PH_AUCTION,
    PH_OVER,
    PHASE,
    SIDES,
    SUITS,
    TRICK,
    TRICK_LEN,
    TRUMP,
    TURN,
    N,
    legal,
    points,
    step,
)

FULL = (1 << 52) - 1
PASS = 52
BID0 = 52
TWO, THREE, TEN, JACK, ACE = 0, 1, 8, 9, 12
KEPT_RANKS = 1 << TWO | 1 << THREE | 1 << JACK | 1 << ACE
"""The trumps a seat keeps when it throws: Low (two, three), Jack and the ace."""
RANK_GAME = np.array([0, 0, 0, 0, 0, 0, 0, 0, 10, 1, 2, 3, 4], dtype=np.int64)
GAME_OF_SUIT = np.array([sum(int(RANK_GAME[r]) for r in range(13) if m >> r & 1)
                         for m in range(1 << 13)], dtype=np.int64)
POWER = np.array(TRICK_KEYS, dtype=np.int64)
"""A card's power in a trick by trump and led suit (-1: it cannot win)."""
WORTH = np.array([[int(RANK_GAME[c % 13]) + (5 if c // 13 == t and c % 13 in (TWO, THREE, JACK)
                                             else 0) for c in range(52)] for t in range(4)],
                 dtype=np.int64)


@njit
def suit_points(hand: int, s: int) -> float:
    """The points a hand should make with suit ``s`` as trump (the heuristic's estimate)."""
    t = (hand >> (s * 13)) & 0x1FFF
    n = popcount(t)
    pts = 0.0
    if (t >> ACE & 1) != 0:
        pts += 1.0
    elif (t >> (ACE - 1) & 1) != 0:
        pts += 0.45
    if (t & 0b11) != 0:
        pts += 0.8 if (t & 1) != 0 else 0.55
    if (t >> JACK & 1) != 0:
        pts += 0.75 if n >= 3 or (t >> ACE & 1) != 0 else 0.45
    pts += min(0.8, 0.25 + 0.04 * GAME_OF_SUIT[t] + 0.08 * n)
    return float(pts)


@njit
def best_suit(hand: int) -> int:
    """The suit the hand would choose as trump (the first of the best)."""
    best = 0
    best_pts = suit_points(hand, 0)
    for s in range(1, 4):
        p = suit_points(hand, s)
        if p > best_pts:
            best = s
            best_pts = p
    return best


@njit
def choose_bid(hand: int, mask: int) -> int:
    """Pass, bid or pitch by the expected points of the best suit."""
    s = best_suit(hand)
    want = int(suit_points(hand, s) + 0.15)
    if want >= 4 and (mask & FULL) != 0:
        t = hand & SUITS[s] & mask
        if t != 0:
            return high_index(t)
    may_pass = (mask >> PASS & 1) != 0
    if may_pass:
        fits = False
        for k in range(1, min(4, want) + 1):
            if (mask >> (BID0 + k) & 1) != 0:
                fits = True
        if want < 1 or not fits:
            return PASS
    lowest = -1
    best_fit = -1
    for k in range(1, 5):
        if (mask >> (BID0 + k) & 1) != 0:
            if lowest < 0:
                lowest = k
            if k <= want:
                best_fit = k
    if not may_pass:
        return BID0 + lowest
    return BID0 + best_fit if best_fit >= 0 else PASS


@njit
def _rank(c: int) -> int:
    return c % 13


@njit
def _pitch(hand: int, cards: int) -> int:
    s = best_suit(hand)
    mine = cards & SUITS[s]
    if mine == 0:
        mine = cards
    best = -1
    m = mine
    while m != 0:  # the first card of the top rank, in deck order
        c = low_index(m)
        m &= m - 1
        if best < 0 or _rank(c) > _rank(best):
            best = c
    return best


@njit
def _lead(cards: int, trump: int, unseen: int) -> int:
    trumps = cards & SUITS[trump]
    out = unseen & SUITS[trump]
    high_out = high_index(out) if out != 0 else -1
    if trumps != 0 and high_index(trumps) > high_out:
        return high_index(trumps)
    plain = cards & ~SUITS[trump]
    if plain != 0:
        best = -1
        m = plain
        while m != 0:
            c = low_index(m)
            m &= m - 1
            if best < 0 or (RANK_GAME[_rank(c)], _rank(c)) < (RANK_GAME[_rank(best)],
                                                              _rank(best)):
                best = c
        return best
    return low_index(trumps)


@njit
def _feed(cards: int, trump: int) -> int:
    low = 0
    m = cards
    while m != 0:
        c = low_index(m)
        m &= m - 1
        if not (c // 13 == trump and _rank(c) > JACK):
            low |= 1 << c
    if low == 0:
        low = cards
    best = -1
    while low != 0:
        c = low_index(low)
        low &= low - 1
        if best < 0 or RANK_GAME[_rank(c)] > RANK_GAME[_rank(best)]:
            best = c
    return best


@njit
def _throw(cards: int, trump: int) -> int:
    keep = 0
    m = cards
    while m != 0:
        c = low_index(m)
        m &= m - 1
        r = _rank(c)
        if not (c // 13 == trump and (KEPT_RANKS >> r & 1) != 0):
            keep |= 1 << c
    if keep == 0:
        keep = cards
    best = -1
    best_key = (0, 0, 0)
    while keep != 0:
        c = low_index(keep)
        keep &= keep - 1
        key = (RANK_GAME[_rank(c)], 1 if c // 13 == trump else 0, _rank(c))
        if best < 0 or key < best_key:
            best = c
            best_key = key
    return best


@njit
def choose_card(s: Array, cards: int, unseen: int) -> int:
    """The heuristic's card for the seat to move of state ``s`` (``cards``: its legal ones)."""
    if (cards & (cards - 1)) == 0:
        return low_index(cards)
    seat = s[TURN]
    trump = s[TRUMP]
    if trump < 0:
        return _pitch(s[HANDS + seat], cards)
    n = s[N]
    length = s[TRICK_LEN]
    if length == 0:
        return _lead(cards, trump, unseen)
    led = s[TRICK] // 13
    best_pos = 0
    for i in range(1, length):
        if POWER[trump, led, s[TRICK + i]] > POWER[trump, led, s[TRICK + best_pos]]:
            best_pos = i
    best_seat = (s[LEADER] + best_pos) % n
    sides = s[SIDES]
    if best_seat != seat and best_seat % sides == seat % sides:
        return _feed(cards, trump)
    top = POWER[trump, led, s[TRICK + best_pos]]
    winner = -1
    plain_winner = False
    m = cards
    while m != 0:
        c = low_index(m)
        m &= m - 1
        if POWER[trump, led, c] > top:
            if c // 13 != trump:
                plain_winner = True
            if winner < 0 or POWER[trump, led, c] < POWER[trump, led, winner]:
                winner = c
    if winner >= 0:
        worth = 0
        for i in range(length):
            worth += WORTH[trump, s[TRICK + i]]
        if worth > 0 or plain_winner:
            return winner
    return _throw(cards, trump)


@njit
def model_playout(s: Array, record: Array) -> int:
    """Play ``s`` to its end, every seat by the heuristic's rules (in place); the actions go
    to ``record`` as far as it is long; their number."""
    k = 0
    while s[PHASE] == PH_AUCTION:
        a = choose_bid(s[HANDS + s[TURN]], legal(s))
        if k < record.shape[0]:
            record[k] = a
        k += 1
        step(s, a)
    in_play = 0
    for seat in range(s[N]):
        in_play |= s[DEALT + seat]
    while s[PHASE] != PH_OVER:
        held = 0
        for seat in range(s[N]):
            held |= s[HANDS + seat]
        hand = s[HANDS + s[TURN]]
        unseen = FULL & ~hand & ~(in_play & ~held)
        a = choose_card(s, legal(s) & FULL, unseen)
        if k < record.shape[0]:
            record[k] = a
        k += 1
        step(s, a)
    return k


@njit
def model_rollouts(states: Array) -> Array:
    """Each row of ``states`` (k, LENGTH) played to its end by the model: (k, seats) points."""
    k = states.shape[0]
    out = np.zeros((k, states[0, N] if k else 1), np.int64)
    s = np.empty(states.shape[1], np.int64)
    record = np.empty(0, np.int64)
    for i in range(k):
        s[:] = states[i]
        model_playout(s, record)
        points(s, out[i])
    return out


def model_points(state: Array) -> Array:
    """Each seat's points when ``state`` (see :func:`atout.kernels.pitch.encode`) is played
    to its end by the model of the table."""
    if state.shape != (LENGTH,):
        raise ValueError(f"pitch kernel: a state is an int64 vector of {LENGTH}")
    result: Array = model_rollouts(state.reshape(1, LENGTH))[0]
    return result


def model_choices(state: Array) -> list[int]:
    """The actions the model plays from ``state`` to the end (for the tests' comparison with
    :func:`atout.bots.pitch.search.model_rollout`)."""
    record = np.empty(64, np.int64)
    k = model_playout(state.copy(), record)
    return [int(a) for a in record[:k]]
