"""The Jass search's rollouts as kernels: the greedy rollout policy and batched rollouts.

:func:`greedy_card` is the rollout policy of :func:`atout.bots.jass.search.rollout_policy`
with every seat greedy (``model=-1``): a lead cashes a card nobody can beat (a Bock) in a
share :data:`LEAD_TOP` of leads, else a random card; in a trick a share :data:`EPSILON` of
cards is random, otherwise the partner's trick is fed its best side card by the last player,
the other side's is taken as cheaply as possible, or the cheapest card is thrown. It draws
from the kernel's own generator, so it plays the same policy as the Python rollout, not the
same cards.

:func:`rollouts` plays, for each sampled world (a row of states, all at the same decision
point) and each candidate card, ``reuse`` greedy playouts, and returns each pair's summed
value for the seat (its points minus the mean of the others', the search's evaluator): one
call for every world and action of a round of the search. World ``i``'s ``r``-th playout
draws from the stream ``(seed, i * reuse + r)`` for every action (common random numbers: the
actions are compared on the same luck).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray

from atout.games.jass.ranks import ABOVE as ABOVE_TABLE
from atout.games.jass.ranks import POWER as POWER_TABLE
from atout.kernels.jass import (
    KEYS,
    MAX_SEATS,
    ST_BEST,
    ST_BEST_SEAT,
    ST_HANDS,
    ST_LED,
    ST_MODE,
    ST_N,
    ST_POS,
    ST_SIZE,
    ST_TURN,
    STATE_SIZE,
    SUITS,
    VALUES,
    apply_card,
    checked_state,
    final_scores,
    legal_mask,
    lowest,
    nth_card,
    popcount,
    whole,
)
from atout.kernels.jit import njit
from atout.kernels.kit import seat_value
from atout.kernels.rand import below, draw32, fold_seed, seed_stream

EPSILON = 0.1
"""Share of non-lead rollout cards played at random (as the Python rollout)."""
LEAD_TOP = 0.7
"""Share of rollout leads that cash a Bock when the hand has one (as the Python rollout)."""
_EPS32 = int(EPSILON * 2**32)
_TOP32 = int(LEAD_TOP * 2**32)

ABOVE = np.array(ABOVE_TABLE, dtype=np.int64)
"""ABOVE[mode, card]: the cards of its suit that beat it."""
CHEAP = np.array([[VALUES[m, c] * 200 + POWER_TABLE[m][c] for c in range(36)]
                  for m in range(6)], dtype=np.int64)
"""CHEAP[mode, card]: the order in which the greedy policy throws its cheapest card."""


def _strongest() -> NDArray[np.int64]:
    out = np.zeros((6, 4, 512), dtype=np.int64)
    for mode in range(6):
        power = POWER_TABLE[mode]
        for s in range(4):
            for b in range(1, 512):
                ranks = [r for r in range(9) if b >> r & 1]
                powers = [power[9 * s + r] for r in ranks]
                out[mode, s, b] = ranks[powers.index(max(powers))]
    return out


STRONGEST = _strongest()
"""STRONGEST[mode, suit, pattern]: the rank of the strongest card of a suit's 9-bit pattern."""


@njit
def top_lead(st: NDArray[np.int64], hand: int, mode: int) -> int:
    """A card of ``hand`` no other hand can beat in its suit (a Bock), in the first suit
    where the hand's strongest card is one; -1 for none."""
    others = 0
    for s in range(st[ST_N]):
        others |= st[ST_HANDS + s]
    others &= ~hand
    for s in range(4):
        mine = (hand >> (9 * s)) & 511
        if mine:
            c = int(9 * s + STRONGEST[mode, s, mine])
            if not others & ABOVE[mode, c]:
                return c
    return -1


@njit
def greedy_card(st: NDArray[np.int64], mask: int, rs: NDArray[np.int64]) -> int:
    """The greedy rollout policy's card among the legal ``mask`` (see the module)."""
    if not mask & (mask - 1):
        return lowest(mask)
    pos = st[ST_POS]
    seat = st[ST_TURN]
    mode = st[ST_MODE]
    if pos == 0:
        if draw32(rs) < _TOP32:
            c = top_lead(st, mask, mode)
            if c >= 0:
                return c
        return nth_card(mask, below(rs, popcount(mask)))
    if draw32(rs) < _EPS32:
        return nth_card(mask, below(rs, popcount(mask)))
    led = st[ST_LED]
    if ((st[ST_BEST_SEAT] ^ seat) & 1) == 0:
        # the partner holds the trick: the last player feeds it his best side card
        if pos == st[ST_SIZE] - 1:
            trumps = SUITS[mode] if mode < 4 else 0
            m = mask & ~trumps
            pick = -1
            score = -1
            while m:
                c = lowest(m)
                m &= m - 1
                if VALUES[mode, c] > score:
                    score = VALUES[mode, c]
                    pick = c
            if pick >= 0:
                return pick
    else:
        # the weakest card that takes the trick
        pb = KEYS[mode, led, st[ST_BEST]]
        pick = -1
        pp = 1000
        m = mask
        while m:
            c = lowest(m)
            m &= m - 1
            pc = KEYS[mode, led, c]
            if pb < pc < pp:
                pp = pc
                pick = c
        if pick >= 0:
            return pick
    # the cheapest card (value, then power; the lowest card on a tie)
    pick = -1
    least = 1 << 60
    m = mask
    while m:
        c = lowest(m)
        m &= m - 1
        if CHEAP[mode, c] < least:
            least = CHEAP[mode, c]
            pick = c
    return pick


@njit
def play_greedy(st: NDArray[np.int64], rs: NDArray[np.int64]) -> None:
    """Play ``st`` to its end with the greedy policy, drawing from ``rs``."""
    while st[ST_TURN] >= 0:
        apply_card(st, greedy_card(st, legal_mask(st), rs))


@njit
def greedy_playouts_kernel(state: NDArray[np.int64], n: int, seed: int) -> NDArray[np.int64]:
    """``n`` greedy playouts of ``state``: each seat's final points, ``(n, seats)``."""
    seats = state[ST_N]
    out = np.zeros((n, seats), dtype=np.int64)
    st = np.empty(STATE_SIZE, dtype=np.int64)
    rs = np.zeros(1, dtype=np.int64)
    row = np.zeros(MAX_SEATS, dtype=np.int64)
    for i in range(n):
        st[:] = state
        seed_stream(rs, seed, i)
        play_greedy(st, rs)
        final_scores(st, row)
        for s in range(seats):
            out[i, s] = row[s]
    return out


@njit
def rollouts_kernel(states: NDArray[np.int64], cards: NDArray[np.int64], reuse: int,
                    seed: int, seat: int) -> NDArray[np.float64]:
    """For each world (row of ``states``) and candidate card: the summed value for ``seat``
    of ``reuse`` greedy playouts after the card (see the module)."""
    k = states.shape[0]
    a = cards.shape[0]
    out = np.zeros((k, a), dtype=np.float64)
    st = np.empty(STATE_SIZE, dtype=np.int64)
    rs = np.zeros(1, dtype=np.int64)
    row = np.zeros(MAX_SEATS, dtype=np.int64)
    for i in range(k):
        n = states[i, ST_N]
        for j in range(a):
            for r in range(reuse):
                st[:] = states[i]
                seed_stream(rs, seed, i * reuse + r)
                apply_card(st, cards[j])
                play_greedy(st, rs)
                final_scores(st, row)
                out[i, j] += seat_value(row, n, seat)
    return out


@njit
def assign(pool: int, sizes: NDArray[np.int64], allowed: NDArray[np.int64],
           forced: NDArray[np.int64], rs: NDArray[np.int64], out: NDArray[np.int64]) -> bool:
    """Deal ``pool`` to the holders at random (``out[i]`` gets ``sizes[i]`` cards within
    ``allowed[i]``, ``forced[i]`` among them), the most constrained holder first, as
    :func:`atout.bots.determinize.assign_cards`; False on a dead end (retry)."""
    n = sizes.shape[0]
    need = np.zeros(n, dtype=np.int64)
    left = pool
    for i in range(n):
        f = forced[i]
        out[i] = f
        need[i] = sizes[i] - popcount(f)
        if f & ~left or need[i] < 0:
            return False
        left &= ~f
    buf = np.zeros(36, dtype=np.int64)
    for _ in range(n):
        best = -1
        slack = 1 << 30
        for i in range(n):
            if need[i] > 0:
                x = popcount(allowed[i] & left) - need[i]
                if x < slack:
                    best = i
                    slack = x
        if best < 0:
            break
        if slack < 0:
            return False
        m = allowed[best] & left
        k = 0
        while m:
            buf[k] = lowest(m)
            m &= m - 1
            k += 1
        got = 0
        for t in range(need[best]):
            j = t + below(rs, k - t)
            c = buf[j]
            buf[j] = buf[t]
            buf[t] = c
            got |= 1 << c
        out[best] |= got
        left &= ~got
        need[best] = 0
    return left == 0


@njit
def lead_misses(start: NDArray[np.int64], leads: NDArray[np.int64]) -> int:
    """How many of the opponents' leads ``(seat, bocks, above, keep)`` the hands as play
    started explain badly (a lesser card led while holding a Bock he would have cashed):
    :func:`atout.bots.jass.search.bock_leads`' facts."""
    misses = 0
    for i in range(leads.shape[0]):
        h = start[leads[i, 0]]
        if h & leads[i, 1] and leads[i, 2] & ~h and not leads[i, 3] & ~h:
            misses += 1
    return misses


_RUN_STARTS = sum(((1 << 7) - 1) << (9 * s) for s in range(4))
_FOURS = np.array([sum(1 << (s * 9 + r) for s in range(4)) for r in (3, 4, 5, 6, 7, 8)],
                  dtype=np.int64)


@njit
def has_weis(hand: int) -> bool:
    """Whether a hand holds a run of three in a suit or four nines or better."""
    if hand & (hand >> 1) & (hand >> 2) & _RUN_STARTS:
        return True
    for f in _FOURS:  # noqa: SIM110 - numba compiles no generator in any()
        if hand & f == f:
            return True
    return False


def greedy_playouts(state: Any, n: int, seed: int) -> NDArray[np.int64]:
    """Each seat's final points for ``n`` playouts of ``state`` by the greedy policy."""
    return greedy_playouts_kernel(checked_state(state), whole(n), fold_seed(seed))


def rollouts(states: Any, cards: Any, reuse: int, seed: int, seat: int) -> NDArray[np.float64]:
    """The summed value for ``seat`` of ``reuse`` greedy playouts of each world (row of
    ``states``, shape ``(k, STATE_SIZE)``) after each of ``cards`` (legal for the seat to
    play in every world): shape ``(k, len(cards))``."""
    st = np.ascontiguousarray(np.asarray(states, dtype=np.int64))
    if st.ndim != 2 or st.shape[1] != STATE_SIZE:
        raise ValueError(f"states must be rows of {STATE_SIZE} int64 (from encode), not an "
                         f"array of shape {st.shape}")
    picks = np.ascontiguousarray(np.asarray(cards, dtype=np.int64))
    for row in st:
        if row[ST_TURN] != seat:
            raise ValueError(f"every world must be at seat {seat}'s turn")
        mask = legal_mask(row)
        for c in picks:
            if not mask >> int(c) & 1:
                raise ValueError(f"card {int(c)} is not legal in every world")
    return rollouts_kernel(st, picks, whole(reuse, "reuse"), fold_seed(seed), int(seat))


__all__ = ["assign", "greedy_card", "greedy_playouts", "has_weis", "lead_misses", "play_greedy",
           "rollouts", "top_lead"]
