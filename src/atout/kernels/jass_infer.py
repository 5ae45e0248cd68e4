"""Reading a Jass card play as the heuristic's: how many of its cards a world explains badly.

The search's sampler deals the hidden cards to worlds that agree with the hard facts (the
hand sizes, the voids and the Weis shown). :func:`replay_misses` reads the card play too:
it replays the cards played so far from a world's hands as play began and counts the cards
of the ``readers`` seats that the heuristic's card play
(:func:`atout.kernels.jass_policy.heuristic_card`) would not have played from that world's
hands. Against the heuristic the true deal explains every card of its seats; a world that
explains ``m`` of them badly is less likely the more ``m`` is, and the sampler keeps it
with a probability falling with ``m`` (:mod:`atout.kernels.jass_sample`).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray

from atout.kernels.jass import (
    MAX_SEATS,
    ST_BEST,
    ST_BEST_SEAT,
    ST_CARD,
    ST_HANDS,
    ST_LEADER,
    ST_LED,
    ST_LEFT,
    ST_N,
    ST_NEXT,
    ST_NSIDES,
    ST_PLAYED,
    ST_POS,
    ST_PTS,
    ST_SIZE,
    ST_TRICK,
    ST_TURN,
    ST_WON,
    STATE_SIZE,
    checked_state,
    legal_mask,
)
from atout.kernels.jass_policy import heuristic_card, partner_of, play_card
from atout.kernels.jit import njit


@njit
def rewind(st: NDArray[np.int64], base: NDArray[np.int64], start: NDArray[np.int64],
           played: int, leader: int) -> None:
    """Into ``st``: the state of ``base`` (a point of the card play after ``played`` cards)
    as play began, every seat holding its ``start`` hand and ``leader`` to lead."""
    st[:] = base
    size = base[ST_SIZE]
    st[ST_LEFT] = base[ST_LEFT] + (played - base[ST_POS]) // size
    for s in range(base[ST_N]):
        st[ST_HANDS + s] = start[s]
    st[ST_LEADER] = leader
    st[ST_TURN] = leader
    st[ST_POS] = 0
    st[ST_LED] = -1
    st[ST_BEST] = -1
    st[ST_BEST_SEAT] = -1
    st[ST_PTS] = 0
    st[ST_PLAYED] = 0
    for i in range(MAX_SEATS):
        st[ST_TRICK + i] = 0
    for side in range(base[ST_NSIDES]):
        st[ST_CARD + side] = 0
        st[ST_WON + side] = 0


@njit
def replay_misses(base: NDArray[np.int64], start: NDArray[np.int64],
                  plays: NDArray[np.int64], leader: int, readers: int, chooser: int,
                  limit: int) -> int:
    """How many of the cards ``plays`` (in the order played, from ``leader``'s lead) that a
    seat of the ``readers`` bits played the heuristic would not have played from the hands
    ``start`` (every seat's as play began), ``chooser`` the seat that chose trump; counting
    stops past ``limit``. ``base`` is the state after those cards (its rules and seats)."""
    st = np.empty(STATE_SIZE, dtype=np.int64)
    n = plays.shape[0]
    rewind(st, base, start, n, leader)
    voids = np.zeros(MAX_SEATS, dtype=np.int64)
    misses = 0
    for i in range(n):
        c = plays[i]
        seat = st[ST_TURN]
        if readers >> seat & 1:
            legal = legal_mask(st)
            if legal & (legal - 1):
                partner = partner_of(st, seat)
                pull = seat == chooser or (partner >= 0 and partner == chooser)
                if heuristic_card(st, legal, voids[st[ST_NEXT + seat]], pull, partner) != c:
                    misses += 1
                    if misses > limit:
                        return misses
        play_card(st, c, voids)
    return misses


def heuristic_misses(base: Any, start: Any, plays: Any, leader: int, readers: int,
                     chooser: int, limit: int = 36) -> int:
    """:func:`replay_misses` on checked arguments: ``base`` a kernel state (from
    :func:`atout.kernels.jass.encode`), ``start`` each seat's hand as play began (a mask
    per seat), ``plays`` the card ids played in order. A ValueError in words for arguments
    of the wrong shape, or cards that are not the hands' or not legal in turn."""
    b = checked_state(np.asarray(base))
    seats = int(b[ST_N])
    hands = np.ascontiguousarray(np.asarray(start, dtype=np.int64))
    if hands.shape != (seats,):
        raise ValueError(f"one starting hand per seat ({seats}), not shape {hands.shape}")
    cards = np.ascontiguousarray(np.asarray(plays, dtype=np.int64))
    if cards.ndim != 1 or not ((cards >= 0) & (cards < 36)).all():
        raise ValueError(f"the plays are card ids (0 to 35) in the order played, not {plays!r}")
    if not 0 <= leader < seats:
        raise ValueError(f"the leader is a seat of the table (0 to {seats - 1}), not {leader!r}")
    st = np.empty(STATE_SIZE, dtype=np.int64)
    rewind(st, b, hands, len(cards), int(leader))
    for c in cards:
        if not legal_mask(st) >> int(c) & 1:
            raise ValueError(f"card {int(c)} is not legal for seat {int(st[ST_TURN])} there")
        play_card(st, int(c), np.zeros(MAX_SEATS, dtype=np.int64))
    return int(replay_misses(b, hands, cards, int(leader), int(readers), int(chooser),
                             int(limit)))


__all__ = ["heuristic_misses", "replay_misses", "rewind"]
