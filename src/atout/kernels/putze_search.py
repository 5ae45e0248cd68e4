"""The Putze search's rollouts as a kernel: random card play, batched, scored in putzes.

:func:`rollouts` plays, for each sampled world (a row of :mod:`atout.kernels.jass` states,
all at the same decision of the card play) and each candidate card, ``reuse`` uniformly
random playouts, and returns each pair's summed value for the seat: the Python rollout's
(:func:`atout.bots.putze.search.putze_rollout` from the card play: random legal cards), scored
as the engine scores a Putze deal (each player's putzes won minus pommes, by
:func:`award_into`, the kernel's :func:`atout.games.putze.scoring.award`; the dealer's putze
for a correct deal where the dealer sits out) and valued as the search's evaluator
(:func:`atout.bots.parts.side_value`: the seat's points minus the mean of the others').
World ``i``'s ``r``-th playout draws from the stream ``(seed, i * reuse + r)`` after every
card (common random numbers: the cards are compared on the same luck), so
:func:`atout.kernels.jass.choices` of the state after a card replays it.

A deal's scoring rules travel as :data:`SCORING` int64 entries per world (:func:`scoring`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray

from atout.games.putze.scoring import JASS_TXT_5
from atout.kernels.jass import (
    MAX_SEATS,
    ST_N,
    STATE_SIZE,
    apply_card,
    checked_state,
    final_scores,
    whole,
)
from atout.kernels.jass import (
    play_random as play_random_cards,
)
from atout.kernels.jit import njit
from atout.kernels.kit import seat_value
from atout.kernels.rand import fold_seed, seed_stream

# -- a world's scoring rules: the entries of its row --------------------------------------
SC_PLAYERS = 0  # the seats that played, as a mask
SC_PUTZES = 1  # putzes in play
SC_BONUS = 2  # where the putzes pommes cannot take go: BONUS_NAMES' index
SC_BELOW = 3  # pomme under this many points
SC_NOTHING = 4  # 1: nothing is marked when every player is under the limit (else pommes)
SC_TIE_ALL = 5  # 1: players tied at the top beyond the putzes all score (27.9 literally)
SC_DEALER = 6  # the seat that gets the dealer's putze (-1: none)
SCORING = 7

BONUS_NAMES = ("to-best", "none", "jass-txt-5")
"""The ``pomme_bonus`` rules by their code in :data:`SC_BONUS`."""
TO_BEST, NO_BONUS, TXT5 = 0, 1, 2

TXT5_TABLE = np.zeros((MAX_SEATS, 3), dtype=np.int64)
"""TXT5_TABLE[pommes]: the putzes by place of :data:`~atout.games.putze.scoring.JASS_TXT_5`
(padded with 0; :data:`TXT5_LEN` says how many)."""
TXT5_LEN = np.zeros(MAX_SEATS, dtype=np.int64)
for _k, _row in JASS_TXT_5.items():
    TXT5_LEN[_k] = len(_row)
    for _i, _v in enumerate(_row):
        TXT5_TABLE[_k, _i] = _v


@njit
def _table_at(bonus: int, npommes: int, putzes: int, i: int) -> int:
    """The putzes of place ``i`` (from 0) among the players who are not pomme."""
    if bonus == TXT5:
        return int(TXT5_TABLE[npommes, i])
    return 1


@njit
def _mark_pommes(totals: NDArray[np.int64], n: int, sc: NDArray[np.int64],
                 out: NDArray[np.int64]) -> int:
    """A pomme (-1 in ``out``) for each player under the limit; the others, as a mask."""
    eligible = 0
    for s in range(n):
        if sc[SC_PLAYERS] >> s & 1:
            if totals[s] < sc[SC_BELOW]:
                out[s] = -1
            else:
                eligible |= 1 << s
    return eligible


@njit
def _best_group(totals: NDArray[np.int64], n: int, left: int) -> int:
    """The seats of ``left`` tied at its best total, as a mask."""
    best = -1
    for s in range(n):
        if left >> s & 1 and (best < 0 or totals[s] > totals[best]):
            best = s
    group = 0
    for s in range(n):
        if left >> s & 1 and totals[s] == totals[best]:
            group |= 1 << s
    return group


@njit
def _share(bonus: int, npommes: int, putzes: int, lo: int, hi: int) -> int:
    """The putzes each player of a group on places ``lo`` to ``hi`` (excluded) scores."""
    amount = _table_at(bonus, npommes, putzes, lo)
    for i in range(lo + 1, hi):
        amount = min(amount, _table_at(bonus, npommes, putzes, i))
    return amount


@njit
def _putzes_by_place(totals: NDArray[np.int64], n: int, sc: NDArray[np.int64], eligible: int,
                     npommes: int, out: NDArray[np.int64]) -> None:
    """The putzes to the best totals among the ``eligible`` (27.9 for ties), and to the
    best alone those the pommes cannot take where they go to the best (27.8)."""
    putzes = sc[SC_PUTZES]
    bonus = sc[SC_BONUS]
    size = putzes
    if bonus == TXT5:
        size = int(TXT5_LEN[npommes]) if npommes < MAX_SEATS else 0
    left = eligible
    pos = 0
    top = -1
    while left and pos < size:
        group = _best_group(totals, n, left)
        left &= ~group
        count = 0
        for s in range(n):
            count += group >> s & 1
        end = pos + count
        if end <= size:
            amount = _share(bonus, npommes, putzes, pos, end)
        elif pos == 0 and sc[SC_TIE_ALL]:
            amount = _share(bonus, npommes, putzes, 0, size)
        else:
            break
        for s in range(n):
            if group >> s & 1:
                out[s] += amount
        if pos == 0 and count == 1:
            top = group
        pos = end
    neligible = 0
    for s in range(n):
        neligible += eligible >> s & 1
    if bonus == TO_BEST and neligible < putzes and top > 0 and pos:
        out[lowest_bit(top)] += putzes - neligible


@njit
def lowest_bit(mask: int) -> int:
    """The lowest set bit's index of a non-zero mask."""
    c = 0
    while not mask >> c & 1:
        c += 1
    return c


@njit
def award_into(totals: NDArray[np.int64], n: int, sc: NDArray[np.int64],
               out: NDArray[np.int64]) -> None:
    """Each seat's putzes won minus pommes into ``out[:n]``, from the seats' ``totals`` and a
    world's scoring row ``sc``: :func:`atout.games.putze.scoring.award` (then the dealer's
    putze), on arrays."""
    for s in range(n):
        out[s] = 0
    nplayers = 0
    only = -1
    for s in range(n):
        if sc[SC_PLAYERS] >> s & 1:
            nplayers += 1
            only = s
    if nplayers == 1:
        out[only] = sc[SC_PUTZES]
    elif nplayers > 1:
        eligible = _mark_pommes(totals, n, sc, out)
        if eligible == 0 and sc[SC_NOTHING]:
            for s in range(n):
                out[s] = 0
        else:
            neligible = 0
            for s in range(n):
                neligible += eligible >> s & 1
            _putzes_by_place(totals, n, sc, eligible, nplayers - neligible, out)
    if sc[SC_DEALER] >= 0:
        out[sc[SC_DEALER]] += 1


@njit
def rollouts_kernel(states: NDArray[np.int64], cards: NDArray[np.int64], reuse: int, seed: int,
                    seat: int, scoring_rows: NDArray[np.int64]) -> NDArray[np.float64]:
    """For each world (row of ``states``) and card of ``cards``: the summed value for
    ``seat`` of ``reuse`` random playouts after the card (world ``i``'s ``r``-th from the
    stream ``(seed, i * reuse + r)``), shape ``(worlds, cards)``."""
    k = states.shape[0]
    m = cards.shape[0]
    out = np.zeros((k, m), dtype=np.float64)
    st = np.empty(STATE_SIZE, dtype=np.int64)
    rs = np.zeros(1, dtype=np.int64)
    none = np.zeros(0, dtype=np.int64)
    totals = np.zeros(MAX_SEATS, dtype=np.int64)
    points = np.zeros(MAX_SEATS, dtype=np.int64)
    for i in range(k):
        n = states[i, ST_N]
        for j in range(m):
            for r in range(reuse):
                st[:] = states[i]
                apply_card(st, cards[j])
                seed_stream(rs, seed, i * reuse + r)
                play_random_cards(st, rs, none)
                final_scores(st, totals)
                award_into(totals, n, scoring_rows[i], points)
                out[i, j] += seat_value(points, n, seat)
    return out


@njit
def playouts_kernel(states: NDArray[np.int64], reuse: int, seed: int, seat: int,
                    scoring_rows: NDArray[np.int64]) -> NDArray[np.float64]:
    """For each world (row of ``states``, at any point of the card play): the summed value
    for ``seat`` of ``reuse`` random playouts of it as it stands (world ``i``'s ``r``-th
    from the stream ``(seed, i * reuse + r)``), shape ``(worlds,)``: the rollouts of a
    choice before the card play, each candidate's worlds played from the same streams."""
    k = states.shape[0]
    out = np.zeros(k, dtype=np.float64)
    st = np.empty(STATE_SIZE, dtype=np.int64)
    rs = np.zeros(1, dtype=np.int64)
    none = np.zeros(0, dtype=np.int64)
    totals = np.zeros(MAX_SEATS, dtype=np.int64)
    points = np.zeros(MAX_SEATS, dtype=np.int64)
    for i in range(k):
        n = states[i, ST_N]
        for r in range(reuse):
            st[:] = states[i]
            seed_stream(rs, seed, i * reuse + r)
            play_random_cards(st, rs, none)
            final_scores(st, totals)
            award_into(totals, n, scoring_rows[i], points)
            out[i] += seat_value(points, n, seat)
    return out


# -- the Python side -------------------------------------------------------------------------
def scoring(deal: Any) -> NDArray[np.int64]:
    """The scoring row (:data:`SCORING` entries) of a Putze deal: who played, the plan's
    putzes and pomme rules, the dealer's putze. ValueError in words for another game's."""
    plan = getattr(deal, "plan", None)
    if plan is None or not hasattr(deal, "players") or not hasattr(plan, "pomme_bonus"):
        raise ValueError(f"the Putze rollouts score Putze deals, not {type(deal).__name__}")
    if plan.pomme_bonus not in BONUS_NAMES:
        raise ValueError(f"the Putze kernel knows pomme_bonus {', '.join(BONUS_NAMES)}, not "
                         f"{plan.pomme_bonus!r}")
    row = np.zeros(SCORING, dtype=np.int64)
    mask = 0
    for s in deal.players():
        mask |= 1 << s
    row[SC_PLAYERS] = mask
    row[SC_PUTZES] = plan.putzes
    row[SC_BONUS] = BONUS_NAMES.index(plan.pomme_bonus)
    row[SC_BELOW] = plan.pomme_below
    row[SC_NOTHING] = int(plan.all_under == "nothing")
    row[SC_TIE_ALL] = int(plan.tie_overflow == "all")
    row[SC_DEALER] = deal.dealer if deal.dealer_putze else -1
    return row


def award(totals: Sequence[int], row: Any) -> list[int]:
    """Each seat's putzes won minus pommes for ``totals`` under a scoring row (from
    :func:`scoring`), by the kernel (as the engine's result points)."""
    n = len(totals)
    if not 2 <= n <= MAX_SEATS:
        raise ValueError(f"a Putze table has 2 to {MAX_SEATS} seats, not {n}")
    out = np.zeros(MAX_SEATS, dtype=np.int64)
    t = np.zeros(MAX_SEATS, dtype=np.int64)
    t[:n] = [int(v) for v in totals]
    award_into(t, n, np.asarray(row, dtype=np.int64), out)
    return [int(v) for v in out[:n]]


def _checked(states: Any, seat: int,
             scoring_rows: Any) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    """The states and scoring rows as contiguous int64 arrays, refused in words when they
    are not rows of :func:`atout.kernels.jass.encode` and one :func:`scoring` row each, or
    when ``seat`` is not at the table."""
    st = np.ascontiguousarray(states, dtype=np.int64)
    if st.ndim != 2 or st.shape[1] != STATE_SIZE:
        raise ValueError(f"the states are rows of {STATE_SIZE} int64 (from encode), not of "
                         f"shape {st.shape}")
    for row in st[:1]:
        checked_state(row)
    sc = np.ascontiguousarray(scoring_rows, dtype=np.int64)
    if sc.shape != (st.shape[0], SCORING):
        raise ValueError(f"one scoring row of {SCORING} per world, not shape {sc.shape}")
    if not 0 <= seat < MAX_SEATS:
        raise ValueError(f"seat {seat} is not at the table")
    return st, sc


def rollouts(states: Any, cards: Any, reuse: int, seed: int, seat: int,
             scoring_rows: Any) -> NDArray[np.float64]:
    """The summed values, shape ``(worlds, cards)``, of :func:`rollouts_kernel` (see the
    module), with checked arguments: ``states`` rows of :func:`atout.kernels.jass.encode`,
    ``scoring_rows`` one :func:`scoring` row per world."""
    st, sc = _checked(states, seat, scoring_rows)
    cs = np.array([int(c) for c in cards], dtype=np.int64)
    if len(cs) and (cs.min() < 0 or cs.max() >= 36):
        raise ValueError("the cards are card indices from 0 to 35")
    return rollouts_kernel(st, cs, whole(reuse, "reuse"), fold_seed(seed), int(seat), sc)


def playouts(states: Any, reuse: int, seed: int, seat: int,
             scoring_rows: Any) -> NDArray[np.float64]:
    """The summed values, shape ``(worlds,)``, of :func:`playouts_kernel` (random play from
    each state as it stands), with checked arguments as :func:`rollouts`."""
    st, sc = _checked(states, seat, scoring_rows)
    return playouts_kernel(st, whole(reuse, "reuse"), fold_seed(seed), int(seat), sc)


__all__ = ["BONUS_NAMES", "SCORING", "award", "award_into", "playouts", "playouts_kernel",
           "rollouts", "rollouts_kernel", "scoring"]
