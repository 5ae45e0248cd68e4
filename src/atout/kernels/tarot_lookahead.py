"""One card of lookahead for the Tarot search's rollouts, as kernels.

In a rollout the searching seat plays, at each of its turns (once it holds
:data:`LOOK_CARDS` cards or fewer), the card whose continuation with every seat by the
heuristic's card (:func:`atout.kernels.tarot_search.heuristic_card`, poignées by
:func:`~atout.kernels.tarot_search.announce`) leaves it the most in that world: the
heuristic's own card unless another does strictly better (:func:`lookahead_card`). Cards
that cannot differ in that world are tried once: of two cards of one suit worth the same,
with every card between them already played, only the lower (:func:`distinct_legal`).

The other seats play the heuristic's card, so a rollout draws nothing at random and
:func:`rollouts_kernel` plays one per world and action, counted ``reuse`` times (the sums
then weigh as the greedy rollouts' do). Each lookahead turn plays the deal's rest once for
each card it tries, a *continuation*; ``tally[0]`` counts them, so that a benchmark counts
the search's playouts to the end of the deal and not its rollouts alone.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from atout.kernels.jit import njit
from atout.kernels.kit import low_index, popcount, seat_value
from atout.kernels.tarot import LENGTH, MAX_LEGAL, play_masks, step
from atout.kernels.tarot_layout import (
    HANDS_HI,
    HANDS_LO,
    TRICK_HI,
    TRICK_LO,
    TURN,
    N,
)
from atout.kernels.tarot_score import points, taker_camp
from atout.kernels.tarot_search import T1, VALUE2, announce, heuristic_card
from atout.kernels.tarot_search import play_out as rollout_rest

_SUIT_SIZE = 14
LOOK_CARDS = 18
"""The most cards a seat holds when it looks ahead: a whole hand at four and five players;
at three (24 cards a hand) its first six cards are the heuristic's, whose continuations
would cost the most (a card decision's 99th percentile over 250 ms of CPU otherwise)."""


@njit
def _alive(s: NDArray[np.int64]) -> tuple[int, int]:
    """The cards still in a hand or in the trick, as (lo, hi)."""
    lo = s[TRICK_LO]
    hi = s[TRICK_HI]
    for seat in range(s[N]):
        lo |= s[HANDS_LO + seat]
        hi |= s[HANDS_HI + seat]
    return lo, hi


@njit
def _twin_below(legal: int, alive: int, bit: int, floor: int, offset: int) -> bool:
    """Whether a legal card below ``bit`` (down to ``floor``, same suit) is worth the same as
    card ``offset + bit`` with every card between them out of play."""
    worth = VALUE2[offset + bit]
    b = bit - 1
    while b >= floor:
        if legal >> b & 1:
            return bool(VALUE2[offset + b] == worth)
        if alive >> b & 1:
            return False
        b -= 1
    return False


@njit
def distinct_legal(s: NDArray[np.int64], lo: int, hi: int) -> tuple[int, int]:
    """The legal cards ``(lo, hi)`` less those that play as a lower legal card in this world:
    same suit, same worth, every card between them played."""
    alive_lo, alive_hi = _alive(s)
    out_lo = lo
    m = lo
    while m:
        b = low_index(m)
        m &= m - 1
        if _twin_below(lo, alive_lo, b, (b // _SUIT_SIZE) * _SUIT_SIZE, 0):
            out_lo &= ~(1 << b)
    out_hi = hi
    m = hi & ((1 << 21) - 1)
    while m:
        b = low_index(m)
        m &= m - 1
        if _twin_below(hi, alive_hi, b, 0, T1):
            out_hi &= ~(1 << b)
    return out_lo, out_hi


@njit
def _after(s: NDArray[np.int64], c: int, work: NDArray[np.int64], acts: NDArray[np.int64],
           row: NDArray[np.float64], rs: NDArray[np.int64]) -> float:
    """The value for the seat to move of card ``c``, then every seat by the heuristic
    (:func:`atout.kernels.tarot_search.play_out` with its model of the table and no greedy
    seat: ``rs`` is never drawn from)."""
    seat = s[TURN]
    work[:] = s
    step(work, c)
    rollout_rest(work, rs, acts, 1, -1)
    points(work, row)
    return seat_value(row, s[N], seat)


@njit
def lookahead_card(s: NDArray[np.int64], lo: int, hi: int, work: NDArray[np.int64],
                   acts: NDArray[np.int64], row: NDArray[np.float64],
                   rs: NDArray[np.int64], tally: NDArray[np.int64]) -> int:
    """The legal card (of ``(lo, hi)``) whose continuation by the heuristic leaves the seat
    to move the most: the heuristic's card unless another does strictly better (``work``,
    ``acts``, ``row`` and ``rs``: scratch arrays, as :func:`rollouts_kernel` makes them).
    ``tally[0]`` counts the continuations played: one for each card tried (the heuristic's
    and each :func:`distinct_legal` card besides it), none when no other card is tried."""
    first = heuristic_card(s, lo, hi)
    lo, hi = distinct_legal(s, lo, hi)
    if first < T1:
        lo &= ~(1 << first)
    else:
        hi &= ~(1 << (first - T1))
    if not lo and not hi:
        return first
    tally[0] += 1 + popcount(lo) + popcount(hi)
    best = first
    top = _after(s, first, work, acts, row, rs)
    while lo:
        c = low_index(lo)
        lo &= lo - 1
        v = _after(s, c, work, acts, row, rs)
        if v > top:
            top = v
            best = c
    while hi:
        c = T1 + low_index(hi)
        hi &= hi - 1
        v = _after(s, c, work, acts, row, rs)
        if v > top:
            top = v
            best = c
    return best


@njit
def play_out(s: NDArray[np.int64], looks: int, work: NDArray[np.int64],
             acts: NDArray[np.int64], row: NDArray[np.float64], rs: NDArray[np.int64],
             tally: NDArray[np.int64]) -> None:
    """Play ``s`` to its end: the seats of the bit mask ``looks`` by :func:`lookahead_card`
    once they hold :data:`LOOK_CARDS` cards or fewer, the others (and those seats before)
    by the heuristic's card, poignées by :func:`~atout.kernels.tarot_search.announce`;
    ``tally[0]`` counts the lookahead's continuations."""
    while s[TURN] >= 0:
        if announce(s, acts) < 0:
            lo, hi = play_masks(s, s[TURN])
            seat = s[TURN]
            if looks >> seat & 1 and (popcount(s[HANDS_LO + seat])
                                      + popcount(s[HANDS_HI + seat])) <= LOOK_CARDS:
                step(s, lookahead_card(s, lo, hi, work, acts, row, rs, tally))
            else:
                step(s, heuristic_card(s, lo, hi))


@njit
def side_of(s: NDArray[np.int64], seat: int) -> int:
    """The seats on ``seat``'s side in this world (the taker and his partner, or the
    defenders), as a bit mask."""
    mine = taker_camp(s, seat)
    out = 0
    for other in range(s[N]):
        if taker_camp(s, other) == mine:
            out |= 1 << other
    return out


@njit
def rollouts_kernel(states: NDArray[np.int64], actions: NDArray[np.int64], reuse: int,
                    seat: int, side: bool, tally: NDArray[np.int64]) -> NDArray[np.float64]:
    """For each world (row of ``states``) and candidate action: ``reuse`` times the value
    for ``seat`` of the one rollout after the action, ``seat`` (with ``side``: every seat
    of its side, :func:`side_of`) by :func:`lookahead_card`, the others by the heuristic's
    card; ``tally[0]`` counts the lookahead's continuations."""
    k = states.shape[0]
    a = actions.shape[0]
    out = np.zeros((k, a), dtype=np.float64)
    st = np.empty(LENGTH, dtype=np.int64)
    work = np.empty(LENGTH, dtype=np.int64)
    acts = np.empty(MAX_LEGAL, dtype=np.int64)
    row = np.zeros(5, dtype=np.float64)
    rs = np.zeros(1, dtype=np.int64)
    for i in range(k):
        n = states[i, N]
        looks = side_of(states[i], seat) if side else 1 << seat
        for j in range(a):
            st[:] = states[i]
            step(st, actions[j])
            play_out(st, looks, work, acts, row, rs, tally)
            points(st, row)
            out[i, j] = reuse * seat_value(row, n, seat)
    return out


__all__ = ["LOOK_CARDS", "distinct_legal", "lookahead_card", "play_out", "rollouts_kernel",
           "side_of"]
