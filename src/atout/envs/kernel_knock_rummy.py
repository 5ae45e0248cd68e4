"""Knock Rummy for training, n tables stepped in one compiled kernel call.

``KnockRummyKernelVectorEnv(num_envs)`` holds ``num_envs`` Knock Rummy deals as rows of
:mod:`atout.kernels.knock_rummy` states, the whole deal: draws (stock or discard pile),
discards, the knock (with the knocker's discard and the knock limit as the options say), the
stock running out (rebuilt, turned over, a showdown or a void deal) and the showdown. Each row
is the decision of the deal's seat to move (self-play: the caller chooses for every seat,
``seats`` says which); :meth:`step` plays one action per row (the engine's action ids:
``0..51`` discard that card, ``52`` draw from the stock, ``53`` take the top discard, ``54``
knock) in one kernel call and writes the next observations and masks. A finished deal is
replaced at once by the next one of the row's sequence (row ``i`` plays deals ``i, i + n,
i + 2n …`` of the engine, ``rules.deal(seed=first + k, dealer=k % seats)``); its final points
are that step's ``rewards`` and ``points`` (each seat's, as the engine's result).

A stock rebuilt by shuffling (``stock_out="shuffle"``) is the engine's: the few rows whose
discard empties the stock take the engine's order for that deal
(:func:`atout.kernels.knock_rummy.restock_orders`) and are stepped one by one; every other
row is stepped in the kernel call. A deal that has not ended after ``limit`` actions (a knock
limit that random play seldom reaches, the stock rebuilt over and over; the engine would go
on) is cut as the kernel's playouts cut it: done, every seat's points 0, counted in
:attr:`~KnockRummyKernelVectorEnv.cuts`. ``lay_off=True`` is refused in words (the kernel
does not model the lay-offs).

Observations (float32, :data:`OBS_SIZE` per row, for the seat to move): its hand (52), the
top discard (52, one-hot, none when the pile is empty), every card in the discard pile (52:
all face up), the cards each opponent is known to hold because he took them from the pile
(4 × 52, by seat from the mover's left, zero for seats the table does not have), the phase
(2: draw, discard), the stock's size (1, cards / 52), whether the mover has knocked and now
discards (1). Masks: the legal actions (:data:`ACTIONS`, int8). As the Jass and Pitch kernel
environments', this is the kernel's own encoding, not :mod:`atout.envs.encoding`'s (tested
against the engine's legal actions, hands, seats and points step by step).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from atout.envs.kernel_batch import KernelEnv
from atout.kernels import knock_rummy as kr
from atout.kernels.jit import njit

ACTIONS = 55
"""Actions per row: discard one of 52 cards, draw stock, draw discard, knock."""
OPPONENTS = 4
OBS_SIZE = 52 * 3 + 52 * OPPONENTS + 2 + 1 + 1
"""Observation floats per row."""
_TOP, _PILE, _KNOWN = 52, 104, 156
_PHASE = _KNOWN + 52 * OPPONENTS
_STOCK, _KNOCKED = _PHASE + 2, _PHASE + 3
COUNT = kr.LENGTH
"""The state's extra column: the actions the row's deal has played (for the cut)."""
STATE_SIZE = kr.LENGTH + 1
_FLAGS = kr.DRAW_STOCK  # the first action id that is not a discard


@njit
def observe_kernel(states: npt.NDArray[np.int64], obs: npt.NDArray[np.float32],
                   masks: npt.NDArray[np.int8], seats: npt.NDArray[np.int64]) -> None:
    """Write every row's observation, mask and seat to move."""
    for i in range(states.shape[0]):
        st = states[i]
        seat = st[kr.TURN]
        n = st[kr.N]
        seats[i] = seat
        obs[i, :] = 0
        masks[i, :] = 0
        hand = st[kr.HANDS + seat]
        pile = 0
        for k in range(st[kr.NPILE]):
            pile |= 1 << st[kr.PILE + k]
        for c in range(52):
            obs[i, c] = (hand >> c) & 1
            obs[i, _PILE + c] = (pile >> c) & 1
        if st[kr.NPILE] > 0:
            obs[i, _TOP + st[kr.PILE + st[kr.NPILE] - 1]] = 1
        for r in range(1, n):
            known = st[kr.KNOWN + (seat + r) % n]
            for c in range(52):
                obs[i, _KNOWN + 52 * (r - 1) + c] = (known >> c) & 1
        obs[i, _PHASE + st[kr.PHASE]] = 1
        obs[i, _STOCK] = st[kr.NSTOCK] / 52.0
        obs[i, _KNOCKED] = 1.0 if st[kr.KNOCKER] == seat else 0.0
        legal = kr.legal(st)
        for a in range(ACTIONS):
            masks[i, a] = (legal >> a) & 1


@njit
def check_kernel(states: npt.NDArray[np.int64], actions: npt.NDArray[np.int64],
                 restock: npt.NDArray[np.int8]) -> int:
    """-1 when every row's action is legal, else the first row whose action is not; marks in
    ``restock`` the rows whose discard empties the stock and rebuilds it by a shuffle."""
    for i in range(states.shape[0]):
        a = actions[i]
        st = states[i]
        if a < 0 or a >= ACTIONS or not (kr.legal(st) >> a) & 1:
            return i
        restock[i] = a < _FLAGS and st[kr.NSTOCK] == 0 and st[kr.KNOCKER] != st[kr.TURN] \
            and st[kr.HOW] == kr.HOW_SHUFFLE
    return -1


@njit
def step_kernel(states: npt.NDArray[np.int64], actions: npt.NDArray[np.int64],
                played: npt.NDArray[np.int8], limit: int, rewards: npt.NDArray[np.float32],
                dones: npt.NDArray[np.bool_], points: npt.NDArray[np.float32]) -> int:
    """Play each row's (legal) action but those marked in ``played`` (already played); cut
    a deal at ``limit`` actions; finished rows get their final points in ``rewards`` and
    ``points``. The number of deals cut."""
    rng = np.ones(1, dtype=np.int64)
    seats = rewards.shape[1]
    cuts = 0
    for i in range(states.shape[0]):
        st = states[i]
        if not played[i]:
            kr.play(st, actions[i], kr.NO_ORDERS, rng)
        st[COUNT] += 1
        if st[kr.PHASE] != kr.PH_OVER and st[COUNT] >= limit:
            st[kr.PHASE] = kr.PH_OVER
            st[kr.OUTCOME] = kr.OUT_CUT
            st[kr.TURN] = -1
            cuts += 1
        over = st[kr.PHASE] == kr.PH_OVER
        dones[i] = over
        for s in range(seats):
            got = st[kr.POINTS + s] if over and st[kr.OUTCOME] != kr.OUT_CUT else 0
            rewards[i, s] = got
            points[i, s] = got
    return cuts


class KnockRummyKernelVectorEnv(KernelEnv):
    """``num_envs`` Knock Rummy deals stepped together in a kernel (see the module);
    ``limit``: the actions after which a deal is cut."""

    def __init__(self, num_envs: int, *, seed: int = 0, limit: int = kr.LIMIT,
                 **options: Any) -> None:
        if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
            raise ValueError(f"limit must be a positive int (actions per deal), not {limit!r}")
        self.limit = limit
        self.cuts = 0
        """The deals cut at ``limit`` actions since the environment was made."""
        super().__init__("knock-rummy", num_envs, seed, options, state_size=STATE_SIZE,
                         obs_size=OBS_SIZE, actions=ACTIONS)
        self._restock = np.zeros(self.num_envs, dtype=np.int8)

    def encode(self, seed: int, dealer: int) -> npt.NDArray[np.int64]:
        """The deal at its first draw (lay_off=True refused in words)."""
        deal: Any = self.rules.deal(seed=seed, dealer=dealer)
        state = np.zeros(STATE_SIZE, dtype=np.int64)
        state[:kr.LENGTH] = kr.encode(deal)
        return state

    def observe(self) -> None:
        observe_kernel(self.states, self._obs, self._masks, self._seats)

    def play(self, actions: npt.NDArray[np.int64]) -> int:
        self._restock[:] = 0
        bad = int(check_kernel(self.states, actions, self._restock))
        if bad >= 0:
            return bad
        for i in np.flatnonzero(self._restock):
            row = int(i)
            deal: Any = self.rules.deal(seed=self.deal_seed(row),
                                        dealer=self.deal_index(row) % self.seats)
            orders = kr.restock_orders(deal, int(self.states[row, kr.RESTOCKS]) + 1)
            kr.step(self.states[row], int(actions[row]), orders)
        self.cuts += int(step_kernel(self.states, actions, self._restock, self.limit,
                                     self._rewards, self._dones, self._points))
        return -1


__all__ = ["ACTIONS", "COUNT", "OBS_SIZE", "STATE_SIZE", "KnockRummyKernelVectorEnv",
           "check_kernel", "observe_kernel", "step_kernel"]
