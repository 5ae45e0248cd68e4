"""French Tarot: the heuristic before the card play, and rollouts from any decision, as kernels.

The search's rollouts from a decision before the card play (a bid, the king called at five,
a card of the écart, the chelem question) play the rest of the deal as the Python rollouts
(:func:`atout.bots.tarot.rollout.greedy_rollout`, :func:`~atout.bots.tarot.rollout.model_rollout`)
do: every seat's bids, call, écart and chelem answer by the heuristic
(:func:`atout.bots.tarot.choices.pre_play`: :func:`pre_play_action` here, the bids by the
fitted model under the club rules, :func:`atout.kernels.tarot_sample.model_bid`), then the
card play by :func:`atout.kernels.tarot_search.play_out` (greedy for every seat, or the
searching seat greedy and the others by the heuristic's card).

:func:`pre_rollouts_kernel` is :func:`atout.kernels.tarot_search.rollouts_kernel` from any
decision of the deal: for each world and each candidate action, ``reuse`` rollouts, world
``i``'s ``r``-th from the stream ``(seed, i * reuse + r)`` for every action (common random
numbers; the decisions before the play draw no random number, so from a position of the card
play it plays the very rollouts of ``rollouts_kernel``). The bid model's weights are
arguments (``table``, ``has_model``: see :func:`atout.bots.tarot.worlds.bid_table`), as in the
sampler: the kernels do not read the bots' files.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray

from atout.kernels.jit import njit
from atout.kernels.kit import popcount, seat_value
from atout.kernels.rand import fold_seed, seed_stream
from atout.kernels.tarot import (
    A_CALL,
    A_NO_CHELEM,
    A_NO_POIGNEE,
    A_PASS,
    CALL,
    LENGTH,
    MAX_LEGAL,
    PH_BID,
    PH_CALL,
    PH_CHELEM,
    PH_ECART,
    PH_PLAY,
    SUIT_LO,
    legal,
    step,
)
from atout.kernels.tarot_ecart import choose_discard
from atout.kernels.tarot_layout import HANDS_HI, HANDS_LO, PHASE, TAKER, TURN, N
from atout.kernels.tarot_sample import FEATURES, model_bid
from atout.kernels.tarot_score import points
from atout.kernels.tarot_search import play_out


@njit
def choose_call(hand_lo: int, acts: NDArray[np.int64], k: int) -> int:
    """:func:`atout.bots.tarot.choices.choose_call` (the king, or queen ..., of the longest
    suit where the hand lacks it) among the ``k`` legal actions ``acts``."""
    best = -1
    best_key = -1
    for i in range(k):
        a = acts[i]
        card = CALL[a - A_CALL]
        length = popcount(hand_lo & SUIT_LO[card // 14])
        key = (0 if hand_lo >> card & 1 else 100) + length
        if key > best_key:
            best = a
            best_key = key
    return best


@njit
def pre_play_action(s: NDArray[np.int64], acts: NDArray[np.int64],
                    table: NDArray[np.float64], has_model: bool,
                    f: NDArray[np.float64]) -> int:
    """The heuristic's action (:func:`atout.bots.tarot.choices.pre_play`) for the seat to
    move in ``s``, before the card play: its bid (the fitted model under the club rules, see
    :func:`~atout.kernels.tarot_sample.model_bid`), its call, its écart's next card, no
    chelem, the petit sec declared; in the card play, the poignée the heuristic shows at its
    first card (the taker the largest he may, nobody else any), -1 when a card is due."""
    seat = s[TURN]
    k = legal(s, acts)
    ph = s[PHASE]
    lo = s[HANDS_LO + seat]
    hi = s[HANDS_HI + seat]
    if ph == PH_BID:
        legal5 = 0
        for i in range(k):
            legal5 |= 1 << (acts[i] - A_PASS)
        return A_PASS + model_bid(lo, hi, s[N], legal5, table, has_model, f)
    if ph == PH_CALL:
        return choose_call(lo, acts, k)
    if ph == PH_ECART:
        return choose_discard(lo, hi, s[N], acts, k)
    if ph == PH_CHELEM:
        return A_NO_CHELEM
    if ph == PH_PLAY:
        if acts[0] != A_NO_POIGNEE:
            return -1
        return int(acts[k - 1] if seat == s[TAKER] else acts[0])
    return int(acts[0])


@njit
def play_pre(s: NDArray[np.int64], acts: NDArray[np.int64], table: NDArray[np.float64],
             has_model: bool, f: NDArray[np.float64]) -> None:
    """Play ``s`` up to its card play (or its end) by :func:`pre_play_action`."""
    while s[TURN] >= 0 and s[PHASE] != PH_PLAY:
        step(s, pre_play_action(s, acts, table, has_model, f))


@njit
def pre_rollouts_kernel(states: NDArray[np.int64], actions: NDArray[np.int64], reuse: int,
                        seed: int, seat: int, model: int, table: NDArray[np.float64],
                        has_model: bool) -> NDArray[np.float64]:
    """For each world (row of ``states``, at ``seat``'s turn in any phase) and candidate
    action: the summed value for ``seat`` of ``reuse`` rollouts after the action, the
    decisions before the card play by :func:`play_pre` (see the module)."""
    k = states.shape[0]
    a = actions.shape[0]
    out = np.zeros((k, a), dtype=np.float64)
    st = np.empty(LENGTH, dtype=np.int64)
    rs = np.zeros(1, dtype=np.int64)
    acts = np.empty(MAX_LEGAL, dtype=np.int64)
    row = np.zeros(5, dtype=np.float64)
    f = np.zeros(FEATURES, dtype=np.float64)
    for i in range(k):
        n = states[i, N]
        for j in range(a):
            for r in range(reuse):
                st[:] = states[i]
                seed_stream(rs, seed, i * reuse + r)
                step(st, actions[j])
                play_pre(st, acts, table, has_model, f)
                play_out(st, rs, acts, model, seat)
                points(st, row)
                out[i, j] += seat_value(row, n, seat)
    return out


@njit
def pre_actions_kernel(state: NDArray[np.int64], table: NDArray[np.float64],
                       has_model: bool) -> NDArray[np.int64]:
    """The actions :func:`play_pre` plays from ``state`` up to the card play, padded with
    -1: for tests and tools."""
    out = np.full(32, -1, dtype=np.int64)
    st = state.copy()
    acts = np.empty(MAX_LEGAL, dtype=np.int64)
    f = np.zeros(FEATURES, dtype=np.float64)
    i = 0
    while st[TURN] >= 0 and st[PHASE] != PH_PLAY and i < 32:
        a = pre_play_action(st, acts, table, has_model, f)
        step(st, a)
        out[i] = a
        i += 1
    return out


def _table(table: Any) -> NDArray[np.float64]:
    tb = np.ascontiguousarray(np.asarray(table, dtype=np.float64))
    if tb.shape != (5, FEATURES):
        raise ValueError(f"table must be 5 rows of {FEATURES} weights, not {tb.shape}")
    return tb


def pre_actions(state: Any, table: Any, has_model: bool) -> list[int]:
    """The heuristic's actions from ``state`` (a kernel state, see
    :func:`atout.kernels.tarot.encode`) up to the card play, by :func:`pre_play_action`;
    ``ValueError`` in words for a state or table of the wrong shape."""
    st = np.ascontiguousarray(np.asarray(state, dtype=np.int64))
    if st.shape != (LENGTH,) or int(st[N]) not in (3, 4, 5):
        raise ValueError(f"state must be a kernel state of {LENGTH} int64 (from encode), not "
                         f"an array of shape {st.shape}")
    got = pre_actions_kernel(st, _table(table), bool(has_model))
    return [int(a) for a in got if a >= 0]


def pre_rollouts(states: Any, actions: Any, reuse: int, seed: int, seat: int, table: Any,
                 has_model: bool, model: int = 0) -> NDArray[np.float64]:
    """:func:`pre_rollouts_kernel` with its arguments checked: ``states`` rows of
    :data:`~atout.kernels.tarot.LENGTH` (from :func:`~atout.kernels.tarot.encode`), each at
    ``seat``'s turn with every one of ``actions`` legal; ``table`` the bid model's
    (5, :data:`~atout.kernels.tarot_sample.FEATURES`) weights; shape ``(len(states),
    len(actions))``. ``ValueError`` in words otherwise."""
    from atout.kernels.tarot import legal_mask

    if isinstance(reuse, bool) or not isinstance(reuse, int) or reuse < 1:
        raise ValueError(f"reuse must be an int >= 1, not {reuse!r}")
    if model not in (0, 1):
        raise ValueError(f"model must be 0 or 1, not {model!r}")
    st = np.ascontiguousarray(np.asarray(states, dtype=np.int64))
    if st.ndim != 2 or st.shape[1] != LENGTH:
        raise ValueError(f"states must be rows of {LENGTH} int64 (from encode), not an "
                         f"array of shape {st.shape}")
    picks = np.ascontiguousarray(np.asarray(actions, dtype=np.int64).reshape(-1))
    for row in st:
        if row[TURN] != seat:
            raise ValueError(f"every world must be at seat {seat}'s turn")
        mask = legal_mask(row)
        for c in picks:
            if not mask >> int(c) & 1:
                raise ValueError(f"action {int(c)} is not legal in every world")
    return pre_rollouts_kernel(st, picks, reuse, fold_seed(seed), int(seat), int(model),
                               _table(table), bool(has_model))


__all__ = ["choose_call", "play_pre", "pre_actions", "pre_actions_kernel",
           "pre_play_action", "pre_rollouts", "pre_rollouts_kernel"]
