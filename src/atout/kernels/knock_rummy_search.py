"""The Knock Rummy search's rollouts as kernels: the heuristic's rules as a rollout policy, batched.

:func:`greedy_action` is :func:`atout.bots.knock_rummy.search.greedy_action` over the kernel's
state (:mod:`atout.kernels.knock_rummy`): the top discard is taken when, after the best
discard, the hand is left with less deadwood than now; the seat knocks when the deadwood it
would show is at or under the heuristic's threshold (:func:`knock_threshold`: it falls with
the rounds of draws and the cards the others took from the pile and hold); otherwise it
throws the card that leaves the least deadwood, the highest card on a tie. Every choice is
the Python rollout's, card for card: on the same deal both play the same actions until a
rebuilt stock (the kernel shuffles it with its own generator).

:func:`search_kernel` plays, for each sampled world (a row of states, all at the same
decision point) and each candidate action, ``reuse`` rollouts, and returns each action's
summed value for the seat (its points minus the mean of the others', the search's
evaluator): one call for every world and action of a round of the search. The first
rollout of a world plays its stock as sampled; each further one first shuffles the stock
(unseen by every player, any order is as likely) from the stream ``(seed, i * reuse + r)``,
the same for every action (common random numbers: the actions are compared on the same
luck). After :data:`GREEDY_ACTIONS` actions a rollout finishes at random, and it is cut
(all points 0) at :data:`~atout.kernels.knock_rummy.LIMIT` actions.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from atout.kernels.jit import njit
from atout.kernels.kit import Array, below, check_seed, pick, popcount, seed_for
from atout.kernels.knock_rummy import (
    DRAW_DISCARD,
    DRAW_STOCK,
    F_DISCARD_TAKEN,
    F_KNOCKER_DISCARDS,
    FLAGS,
    HANDS,
    HOW,
    HOW_TURN,
    KNOCK,
    KNOWN,
    LENGTH,
    LIMIT,
    NO_ORDERS,
    NPILE,
    NSTOCK,
    OUT_CUT,
    OUTCOME,
    PH_OVER,
    PHASE,
    PILE,
    POINTS,
    RESTOCKS,
    STOCK,
    TURN,
    N,
    legal,
    play,
)
from atout.kernels.knock_rummy_melds import VALUE, deadwood, meldable

FULL = (1 << 52) - 1
BASE = 40.0
"""The heuristic's knock threshold at the start of a deal (as
:data:`atout.bots.knock_rummy.search.BASE`; a test holds them equal)."""
SLOPE = 1.0
TAKEN_COST = 0.5
FLOOR = 8.0
LATE = 20.0
GREEDY_ACTIONS = 240
"""Actions a rollout plays by the heuristic's rules before it finishes at random (as the Python
rollout's ``2 * ROLLOUT_TURNS``)."""


@njit
def best_discard(hand: int, allowed: int) -> tuple[int, int]:
    """The card of ``allowed`` whose discard leaves the least deadwood (ties: the highest
    card, by points then rank) and that deadwood; (-1, 2**30) when none is allowed."""
    best = -1
    best_left = 1 << 30
    best_value = 0
    best_rank = 0
    m = allowed & hand
    melded = meldable(hand)
    now = deadwood(hand) if (m & ~melded) != 0 else 0
    while m != 0:
        low = m & -m
        m ^= low
        c = popcount(low - 1)
        v = VALUE[c]
        left = deadwood(hand ^ low) if (low & melded) != 0 else now - v
        r = c % 13
        if left < best_left or (left == best_left and (
                v > best_value or (v == best_value and r > best_rank))):
            best, best_left, best_value, best_rank = c, left, v, r
    return best, best_left


@njit
def takes_discard(hand: int, top: int, discard_taken: bool) -> bool:
    """Whether taking ``top`` and then the best discard leaves less deadwood than now."""
    full = hand | (1 << top)
    allowed = full if discard_taken else hand
    return best_discard(full, allowed)[1] < deadwood(hand)


@njit
def knock_threshold(rounds: float, taken: int) -> float:
    """The heuristic's knock threshold after ``rounds`` rounds of draws, ``taken`` cards taken
    from the pile by the others and held (see the Python rollout's)."""
    return max(FLOOR, BASE - SLOPE * rounds - TAKEN_COST * taken) + max(0.0, rounds - LATE)


@njit
def greedy_action(s: Array, draws: int) -> int:
    """The heuristic's action for the seat to move of ``s``, ``draws`` draws made so far."""
    return own_action(s, draws, BASE, -1)


@njit
def own_action(s: Array, draws: int, base: float, shown_gap: int) -> int:
    """The heuristic's action with its knock threshold starting at ``base``; with
    ``shown_gap`` 0 or more the seat knocks instead when the deadwood it would show is at
    least ``shown_gap`` under every other hand's present deadwood (the searching seat's own
    rule in a rollout, where it sees the sampled hands)."""
    mask = legal(s)
    t = s[TURN]
    hand = s[HANDS + t]
    if (mask & ((1 << DRAW_STOCK) | (1 << DRAW_DISCARD))) != 0:
        if (mask >> DRAW_STOCK) & 1 == 0:
            return DRAW_DISCARD
        if s[NPILE] > 0 and takes_discard(hand, s[PILE + s[NPILE] - 1],
                                          (s[FLAGS] & F_DISCARD_TAKEN) != 0):
            return DRAW_DISCARD
        return DRAW_STOCK
    cards = mask & FULL
    if (mask >> KNOCK) & 1:
        n = s[N]
        taken = 0
        for seat in range(n):
            if seat != t:
                taken += popcount(s[KNOWN + seat])
        if (s[FLAGS] & F_KNOCKER_DISCARDS) != 0:
            shown = best_discard(hand, cards)[1]
        else:
            shown = deadwood(hand)
        if shown_gap >= 0:
            low = 1 << 30
            for seat in range(n):
                if seat != t:
                    low = min(low, deadwood(s[HANDS + seat]))
            if shown + shown_gap <= low:
                return KNOCK
        elif shown <= max(FLOOR, base - SLOPE * (draws / n) - TAKEN_COST * taken) + max(
                0.0, draws / n - LATE):
            return KNOCK
    return best_discard(hand, cards)[0]


@njit
def greedy_playout(s: Array, draws: int, rng: Array, limit: int) -> None:
    """``s`` played to its end in place: :data:`GREEDY_ACTIONS` actions by the heuristic's
    rules, then at random; cut (``OUTCOME`` set to cut) at ``limit`` actions."""
    seat_playout(s, draws, rng, limit, -1, BASE, -1)


@njit
def seat_playout(s: Array, draws: int, rng: Array, limit: int, seat: int, base: float,
                 shown_gap: int) -> None:
    """:func:`greedy_playout`, ``seat`` knocking by :func:`own_action`'s ``base`` and
    ``shown_gap`` (every other seat by the heuristic's rules)."""
    i = 0
    while s[PHASE] != PH_OVER and i < limit:
        if i < GREEDY_ACTIONS:
            if s[TURN] == seat:
                a = own_action(s, draws, base, shown_gap)
            else:
                a = greedy_action(s, draws)
            if DRAW_STOCK <= a <= DRAW_DISCARD:  # the two draws
                draws += 1
        else:
            a = pick(rng, legal(s))
        play(s, a, NO_ORDERS, rng)
        i += 1
    if s[PHASE] != PH_OVER:
        s[PHASE] = PH_OVER
        s[OUTCOME] = OUT_CUT
        s[TURN] = -1


@njit
def shuffle_stock(s: Array, rng: Array) -> None:
    """The stock of ``s`` in a random order (Fisher-Yates), unless it is a pile turned over
    (``stock_out="turn"`` after a restock), whose order every player knows."""
    if s[HOW] == HOW_TURN and s[RESTOCKS] > 0:
        return
    for i in range(s[NSTOCK] - 1, 0, -1):
        j = below(rng, i + 1)
        c = s[STOCK + i]
        s[STOCK + i] = s[STOCK + j]
        s[STOCK + j] = c


@njit
def margin(s: Array, seat: int) -> float:
    """The seat's points minus the mean of the others' (0 for a cut playout)."""
    if s[OUTCOME] == OUT_CUT:
        return 0.0
    n = s[N]
    total = 0
    for i in range(n):
        total += s[POINTS + i]
    mine = s[POINTS + seat]
    value: float = mine - (total - mine) / (n - 1)
    return value


@njit
def search_kernel(states: Array, draws: Array, actions: Array, reuse: int, seat: int,
                  seed: int, limit: int, base: float, shown_gap: int) -> Any:
    """For each action: its summed :func:`margin` for ``seat`` over ``reuse`` rollouts of
    every world of ``states`` (each at ``draws[i]`` draws) after it."""
    k = actions.shape[0]
    out = np.zeros(k, np.float64)
    s = np.empty(LENGTH, np.int64)
    rng = np.empty(1, np.int64)
    for i in range(states.shape[0]):
        for r in range(reuse):
            for j in range(k):
                s[:] = states[i]
                rng[0] = seed_for(seed, i * reuse + r)
                if r > 0:
                    shuffle_stock(s, rng)
                a = actions[j]
                d = draws[i] + (1 if DRAW_STOCK <= a <= DRAW_DISCARD else 0)
                play(s, a, NO_ORDERS, rng)
                seat_playout(s, d, rng, limit, seat, base, shown_gap)
                out[j] += margin(s, seat)
    return out


@njit
def greedy_points(state: Array, draws: int, seed: int, limit: int) -> Array:
    """Each seat's points when ``state`` is played to its end by :func:`greedy_playout`."""
    s = state.copy()
    rng = np.empty(1, np.int64)
    rng[0] = seed_for(seed, 0)
    greedy_playout(s, draws, rng, limit)
    out = np.zeros(s[N], np.int64)
    if s[OUTCOME] != OUT_CUT:
        for i in range(s[N]):
            out[i] = s[POINTS + i]
    return out


def _check_states(states: object, draws: object) -> tuple[Array, Array]:
    if not isinstance(states, np.ndarray) or states.dtype != np.int64 or states.ndim != 2 \
            or states.shape[1] != LENGTH or states.shape[0] == 0:
        raise ValueError(f"knock-rummy search kernel: states are a non-empty int64 array "
                         f"(k, {LENGTH}) of one table at one decision (see encode)")
    counts = np.asarray(draws, dtype=np.int64)
    if counts.shape != (states.shape[0],) or (counts < 0).any():
        raise ValueError("knock-rummy search kernel: one count of draws (0 or more) a state")
    seats = states[:, N]
    if (seats != seats[0]).any() or (states[:, PHASE] == PH_OVER).any():
        raise ValueError("knock-rummy search kernel: the states must be of one table, none over")
    return states, counts


def rollouts(states: Array, draws: Any, actions: Any, reuse: int, seat: int,
             seed: int, base: float = BASE, shown_gap: int = -1) -> Array:
    """Each action's summed margin for ``seat`` over ``reuse`` rollouts by the heuristic's
    rules of every state after it (``draws``: the draws made before each state), in one
    call: ``(len(actions),)`` floats. Each action must be legal in every state."""
    states, counts = _check_states(states, draws)
    acts = np.asarray(actions, dtype=np.int64)
    if acts.ndim != 1 or acts.shape[0] == 0:
        raise ValueError("knock-rummy search kernel: actions are a non-empty list of ids")
    for row in states:
        mask = int(legal(row))
        bad = [int(a) for a in acts if not 0 <= a < 55 or not mask >> int(a) & 1]
        if bad:
            raise ValueError(f"knock-rummy search kernel: action(s) {bad} not legal in a state")
    if isinstance(reuse, bool) or not isinstance(reuse, int) or reuse < 1:
        raise ValueError(f"knock-rummy search kernel: reuse must be an int >= 1, not {reuse!r}")
    n = int(states[0, N])
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
        raise ValueError(f"knock-rummy search kernel: seat must be 0 to {n - 1}, not {seat!r}")
    out: Array = search_kernel(states, counts, acts, reuse, seat, check_seed(seed), LIMIT,
                               float(base), int(shown_gap))
    return out


def playout_points(state: Array, draws: int, seed: int = 0) -> list[int]:
    """Each seat's points for ``state`` played to its end by the heuristic's rules (the
    rollout of :func:`rollouts`, without a shuffled stock)."""
    states, counts = _check_states(np.asarray(state, dtype=np.int64).reshape(1, -1), [draws])
    return [int(p) for p in greedy_points(states[0], int(counts[0]), check_seed(seed), LIMIT)]


__all__ = ["best_discard", "greedy_action", "knock_threshold", "playout_points", "rollouts",
           "search_kernel", "takes_discard"]
