"""The Pitch search's sampling of hidden hands and its batched rollouts, in the kernel.

:func:`sample_worlds_kernel` deals the cards a seat cannot see the way
:class:`atout.bots.pitch.search.PitchDeterminizer` does with ``read_seats`` (the search's
sampler): the other seats one at a time, the most constrained first (fewest cards it may
still take beyond its hand size), each from the cards left and within what it may hold (its
voids shown removed); of up to ``read_tries`` hands drawn for a seat, the first on which its
own bids, pitch and cards after the pitch are what the heuristic's rules
(:mod:`atout.kernels.pitch_policy`) would have played, or the one with fewest disagreements;
the undealt rest takes what is left. A world is the state of :mod:`atout.kernels.pitch` at the
decision (``base``) with the hidden hands (and the hands as dealt) of the other seats filled
in.

:func:`world_rollouts_kernel` plays each world after each candidate action to its end, every
seat by the model of the table (``model`` >= 0, deterministic) or by the heuristic's bids and
pitch then uniformly random cards (``model`` -1, :func:`atout.bots.pitch.search.pitch_rollout`),
and sums the searching seat's margin (its points minus the mean of the others', the search's
evaluator) per world and action.

The facts come as arrays: ``steps`` rows ``(actor, bids, cards_ok, action)`` (an auction
action with the legal bids and pass as a mask and whether a tangage was allowed; the pitch
with bids -1), ``plays`` rows ``(actor, card, trump, before, leader, trick length, the trick's
cards ...)`` (:data:`PLAY_COLUMNS` columns: a card played after the pitch with what its player
saw).
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from atout.kernels.jit import njit
from atout.kernels.kit import (
    Array,
    check_count,
    check_seed,
    pick,
    popcount,
    seat_value,
    seed_for,
)
from atout.kernels.pitch import (
    DEALT,
    HANDS,
    LEADER,
    LENGTH,
    PH_OVER,
    PH_PLAY,
    PHASE,
    SIDES,
    TRICK,
    TRICK_LEN,
    TRUMP,
    TURN,
    N,
    legal,
    points,
    step,
)
from atout.kernels.pitch_policy import FULL, choose_bid, choose_card, model_playout

MAX_SEATS = 7
"""The most players a Pitch table has (the state's slots)."""
STEP_COLUMNS = 4
"""Columns of a ``steps`` row: actor, legal bids (-1: the pitch), tangage allowed, action."""
PLAY_COLUMNS = 6 + MAX_SEATS
"""Columns of a ``plays`` row: actor, card, trump, cards played before, leader, trick length,
then the trick's cards in the order played."""


@njit
def step_misses(steps: Array, seat: int, hand: int, scratch: Array) -> int:
    """How many of ``seat``'s auction actions and pitch (rows of ``steps``) the heuristic's
    rules would not have taken with ``hand`` (its cards as dealt); ``scratch`` is a state
    the pitch is chosen on (its seat's hand and trump overwritten)."""
    bad = 0
    for i in range(steps.shape[0]):
        if steps[i, 0] != seat:
            continue
        bids = steps[i, 1]
        if bids < 0:
            scratch[TURN] = seat
            scratch[TRUMP] = -1
            scratch[HANDS + seat] = hand
            expected = choose_card(scratch, hand, 0)
        else:
            expected = choose_bid(hand, bids | (hand if steps[i, 2] != 0 else 0))
        if expected != steps[i, 3]:
            bad += 1
    return bad


@njit
def play_misses(plays: Array, seat: int, hand: int, scratch: Array, limit: int) -> int:
    """How many of ``seat``'s cards after the pitch (rows of ``plays``) the heuristic's rules
    would not have played with ``hand`` (its cards as dealt); counting stops at ``limit``."""
    bad = 0
    for i in range(plays.shape[0]):
        if plays[i, 0] != seat:
            continue
        before = plays[i, 3]
        h = hand & ~before
        scratch[PHASE] = PH_PLAY
        scratch[TURN] = seat
        scratch[TRUMP] = plays[i, 2]
        scratch[LEADER] = plays[i, 4]
        scratch[TRICK_LEN] = plays[i, 5]
        for j in range(plays[i, 5]):
            scratch[TRICK + j] = plays[i, 6 + j]
        scratch[HANDS + seat] = h
        if choose_card(scratch, legal(scratch) & FULL, FULL & ~h & ~before) != plays[i, 1]:
            bad += 1
            if bad >= limit:
                break
    return bad


@njit
def _draw(rng: Array, free: int, need: int) -> int:
    """``need`` cards of ``free`` at random (a uniform subset)."""
    m = 0
    for _ in range(need):
        c = pick(rng, free)
        free &= ~(1 << c)
        m |= 1 << c
    return m


@njit
def deal_seats(pool: int, holders: Array, sizes: Array, allowed: Array, played: Array,
               steps: Array, plays: Array, played_count: Array, read_tries: int,
               scratch: Array, rng: Array, got: Array) -> bool:
    """One deal of ``pool`` to the other seats (see the module) into ``got`` (one hand per
    holder); False on a dead end (the caller retries)."""
    h = holders.shape[0]
    left = pool
    done = 0
    for _ in range(h):
        best_i = -1
        slack = 1 << 30
        for i in range(h):
            if ((done >> i) & 1) == 0:
                x = popcount(allowed[i] & left) - sizes[i]
                if x < slack:
                    slack = x
                    best_i = i
        done |= 1 << best_i
        free = allowed[best_i] & left
        need = sizes[best_i]
        if popcount(free) < need:
            return False
        seat = holders[best_i]
        mine_plays = played_count[seat]
        best_m = 0
        fewest = -1
        for _ in range(read_tries):
            m = _draw(rng, free, need)
            hand = m | played[seat]
            bad = step_misses(steps, seat, hand, scratch)
            if mine_plays > 0 and (fewest < 0 or bad < fewest):
                bad += play_misses(plays, seat, hand, scratch, mine_plays + 1)
            if fewest < 0 or bad < fewest:
                best_m = m
                fewest = bad
                if bad == 0:
                    break
        got[best_i] = best_m
        left &= ~best_m
    return popcount(left) == sizes[h]


@njit
def sample_worlds_kernel(base: Array, holders: Array, pool: int, sizes: Array,
                         allowed: Array, played: Array, steps: Array, plays: Array,
                         read_tries: int, tries: int, count: int, seed: int) -> Array:
    """``count`` worlds: ``base`` with the unseen cards ``pool`` dealt to the seats
    ``holders`` (``sizes``: each one's hidden cards, then the undealt rest's; ``allowed``:
    the cards each may hold; ``played``: the cards each seat played, by seat), reading the
    ``steps`` and ``plays`` (see the module). World ``w`` draws from the stream
    ``(seed, w)``; one that no try of ``tries`` could deal has its turn -1 (drop it)."""
    out = np.zeros((count, LENGTH), dtype=np.int64)
    rng = np.zeros(1, dtype=np.int64)
    h = holders.shape[0]
    got = np.zeros(h, dtype=np.int64)
    scratch = np.zeros(LENGTH, dtype=np.int64)
    scratch[N] = base[N]
    scratch[SIDES] = base[SIDES]
    played_count = np.zeros(MAX_SEATS, dtype=np.int64)
    for i in range(plays.shape[0]):
        played_count[plays[i, 0]] += 1
    for w in range(count):
        rng[0] = seed_for(seed, w)
        ok = False
        for _ in range(tries):
            if deal_seats(pool, holders, sizes, allowed, played, steps, plays, played_count,
                          read_tries, scratch, rng, got):
                ok = True
                break
        out[w, :] = base
        if not ok:
            out[w, TURN] = -1
            continue
        for i in range(h):
            seat = holders[i]
            out[w, HANDS + seat] = got[i]
            out[w, DEALT + seat] = got[i] | played[seat]
    return out


@njit
def heuristic_then_random(s: Array, rng: Array) -> None:
    """Play ``s`` to its end: the heuristic's bids and pitch, then uniformly random cards."""
    while s[PHASE] != PH_OVER and s[PHASE] != PH_PLAY:
        step(s, choose_bid(s[HANDS + s[TURN]], legal(s)))
    if s[PHASE] == PH_PLAY and s[TRUMP] < 0:
        step(s, choose_card(s, legal(s) & FULL, 0))
    while s[PHASE] != PH_OVER:
        step(s, pick(rng, legal(s)))


@njit
def world_rollouts_kernel(states: Array, actions: Array, reuse: int, seat: int, model: int,
                          seed: int) -> NDArray[np.float64]:
    """For each world (row of ``states``) and action: the summed margin of ``seat`` over
    ``reuse`` playouts after it (see the module); playout ``r`` of world ``i`` draws from the
    stream ``(seed, i * reuse + r)`` for every action (common random numbers)."""
    k = states.shape[0]
    a = actions.shape[0]
    out = np.zeros((k, a), dtype=np.float64)
    s = np.empty(LENGTH, dtype=np.int64)
    row = np.zeros(MAX_SEATS, dtype=np.int64)
    rng = np.zeros(1, dtype=np.int64)
    record = np.empty(0, dtype=np.int64)
    for i in range(k):
        n = states[i, N]
        for j in range(a):
            for r in range(reuse):
                s[:] = states[i]
                step(s, actions[j])
                if model >= 0:
                    model_playout(s, record)
                else:
                    rng[0] = seed_for(seed, i * reuse + r)
                    heuristic_then_random(s, rng)
                points(s, row)
                out[i, j] += seat_value(row, n, seat)
    return out


def _rows(name: str, value: object, columns: int | None) -> Array:
    """``value`` as a contiguous int64 array of rows (``columns`` wide) or a vector (None),
    or ``ValueError`` in words."""
    try:
        got = np.ascontiguousarray(np.asarray(value, dtype=np.int64))
    except (TypeError, ValueError, OverflowError):
        raise ValueError(f"pitch sampler: {name} must be integers") from None
    if columns is None and got.ndim != 1:
        raise ValueError(f"pitch sampler: {name} must be a vector, not shape {got.shape}")
    if columns is not None:
        if got.size == 0:
            got = got.reshape(0, columns)
        if got.ndim != 2 or got.shape[1] != columns:
            raise ValueError(f"pitch sampler: {name} must be rows of {columns} integers, not "
                             f"shape {got.shape}")
    return got


def _whole(name: str, value: object, least: int) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < least:
        raise ValueError(f"pitch sampler: {name} must be an int >= {least}, not {value!r}")
    return int(value)


def _base(base: object) -> Array:
    if not isinstance(base, np.ndarray) or base.dtype != np.int64 or base.shape != (LENGTH,):
        raise ValueError(f"pitch sampler: the base is an int64 vector of {LENGTH} (see "
                         "atout.kernels.pitch.encode)")
    if not 2 <= int(base[N]) <= MAX_SEATS:
        raise ValueError(f"pitch sampler: the base has {int(base[N])} players, not 2 to "
                         f"{MAX_SEATS}")
    return base


def sample_worlds(base: Array, holders: object, pool: int, sizes: object, allowed: object,
                  played: object, steps: object, plays: object, read_tries: int, tries: int,
                  count: int, seed: int) -> Array:
    """:func:`sample_worlds_kernel` with its arguments checked (``ValueError`` in words):
    ``count`` worlds of shape ``(count, LENGTH)``, those no try could deal with turn -1."""
    b = _base(base)
    n = int(b[N])
    seats = _rows("holders", holders, None)
    h = seats.shape[0]
    if h != n - 1 or len(set(seats.tolist())) != h or not all(0 <= s < n for s in seats):
        raise ValueError(f"pitch sampler: holders must be the {n - 1} other seats, not "
                         f"{seats.tolist()}")
    need = _rows("sizes", sizes, None)
    if need.shape[0] != h + 1 or (need < 0).any():
        raise ValueError(f"pitch sampler: sizes must be {h + 1} counts >= 0 (each holder's, "
                         "then the rest's)")
    may = _rows("allowed", allowed, None)
    if may.shape[0] != h:
        raise ValueError(f"pitch sampler: allowed must be one mask per holder ({h})")
    by_seat = _rows("played", played, None)
    if by_seat.shape[0] != n:
        raise ValueError(f"pitch sampler: played must be one mask per seat ({n})")
    pool_ = _whole("pool", pool, 0)
    if pool_ > FULL or popcount(pool_) != int(need.sum()):
        raise ValueError("pitch sampler: the pool must be a mask of 52 cards as many as the "
                         "sizes add up to")
    st = _rows("steps", steps, STEP_COLUMNS)
    pl = _rows("plays", plays, PLAY_COLUMNS)
    for name, rows in (("steps", st), ("plays", pl)):
        if rows.shape[0] and not ((rows[:, 0] >= 0) & (rows[:, 0] < n)).all():
            raise ValueError(f"pitch sampler: every row of {name} starts with a seat")
    return sample_worlds_kernel(b, seats, pool_, need, may, by_seat, st, pl,
                                _whole("read_tries", read_tries, 1), _whole("tries", tries, 1),
                                check_count(count), check_seed(seed))


def world_rollouts(states: object, actions: object, reuse: int, seat: int, model: int,
                   seed: int) -> NDArray[np.float64]:
    """:func:`world_rollouts_kernel` with its arguments checked (``ValueError`` in words):
    every world at ``seat``'s turn, every action legal in every world; shape
    ``(worlds, actions)``."""
    if not isinstance(states, np.ndarray) or states.dtype != np.int64 or states.ndim != 2 \
            or states.shape[1] != LENGTH:
        raise ValueError(f"pitch sampler: the worlds are an int64 array (k, {LENGTH})")
    picks = _rows("actions", actions, None)
    seat_ = _whole("seat", seat, 0)
    for row in states:
        if row[TURN] != seat_:
            raise ValueError(f"pitch sampler: every world must be at seat {seat_}'s turn")
        mask = legal(row)
        for a in picks:
            if not 0 <= a < 64 or not mask >> int(a) & 1:
                raise ValueError(f"pitch sampler: action {int(a)} is not legal in every world")
    if isinstance(model, bool) or not isinstance(model, (int, np.integer)) or model < -1:
        raise ValueError(f"pitch sampler: model is -1 (none) or a side, not {model!r}")
    return world_rollouts_kernel(np.ascontiguousarray(states), picks,
                                 _whole("reuse", reuse, 1), seat_, int(model), check_seed(seed))


__all__ = ["MAX_SEATS", "PLAY_COLUMNS", "STEP_COLUMNS", "deal_seats", "heuristic_then_random",
           "play_misses", "sample_worlds", "sample_worlds_kernel", "step_misses",
           "world_rollouts", "world_rollouts_kernel"]
