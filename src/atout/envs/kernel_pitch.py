"""Auction Pitch for training, n tables stepped in one compiled kernel call.

``PitchKernelVectorEnv(num_envs)`` holds ``num_envs`` Auction Pitch deals as rows of
:mod:`atout.kernels.pitch` states, the whole deal: the auction (with the tangage when the
options allow it), then the six tricks. Each row is the decision of the deal's seat to move
(self-play: the caller chooses for every seat, ``seats`` says which); :meth:`step` plays one
action per row (the engine's action ids: ``0..51`` a card, ``52`` pass, ``53..56`` bid 1..4)
in one kernel call and writes the next observations and masks. A finished deal is replaced
at once by the next one of the row's sequence (row ``i`` plays deals ``i, i + n, i + 2n …``
of the engine, ``rules.deal(seed=first + k, dealer=k % seats)``); its final points are that
step's ``rewards`` and ``points`` (each seat's, as the engine's result).

Observations (float32, :data:`OBS_SIZE` per row, for the seat to move): its hand (52), the
cards taken in finished tricks (52), the cards on the table (52), the trump (4, one-hot, none
before the first card), its place in the trick (7, one-hot), the phase (2: auction, play), the
high bid so far (5, one-hot: none, 1..4). Masks: the legal actions (:data:`ACTIONS`, int8).
As the Jass kernel environment's, this is the kernel's own encoding, not
:mod:`atout.envs.encoding`'s (tested against the engine's legal actions, hands, seats and
points step by step).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from atout.envs.kernel_batch import KernelBatch
from atout.kernels import pitch as kp
from atout.kernels.jass_batch import first_deal_seed
from atout.kernels.jit import njit

ACTIONS = 57
"""Actions per row: 52 cards, pass, bids 1..4 (the engine's ids)."""
MAX_SEATS = 7
OBS_SIZE = 52 * 3 + 4 + MAX_SEATS + 2 + 5
"""Observation floats per row."""
_TRUMP, _PLACE, _PHASE, _HIGH = 156, 160, 160 + MAX_SEATS, 162 + MAX_SEATS


@njit
def observe_kernel(states: npt.NDArray[np.int64], obs: npt.NDArray[np.float32],
                   masks: npt.NDArray[np.int8], seats: npt.NDArray[np.int64]) -> None:
    """Write every row's observation, mask and seat to move."""
    for i in range(states.shape[0]):
        st = states[i]
        seat = st[kp.TURN]
        seats[i] = seat
        obs[i, :] = 0
        masks[i, :] = 0
        hand = st[kp.HANDS + seat]
        done = 0
        for s in range(st[kp.N]):
            done |= st[kp.WON + s]
        table = 0
        for k in range(st[kp.TRICK_LEN]):
            table |= 1 << st[kp.TRICK + k]
        legal = kp.legal(st)
        for c in range(52):
            obs[i, c] = (hand >> c) & 1
            obs[i, 52 + c] = (done >> c) & 1
            obs[i, 104 + c] = (table >> c) & 1
        for a in range(ACTIONS):
            masks[i, a] = (legal >> a) & 1
        if st[kp.TRUMP] >= 0:
            obs[i, _TRUMP + st[kp.TRUMP]] = 1
        obs[i, _PLACE + st[kp.TRICK_LEN]] = 1
        obs[i, _PHASE + min(st[kp.PHASE], 1)] = 1
        obs[i, _HIGH + st[kp.HIGH]] = 1


@njit
def step_kernel(states: npt.NDArray[np.int64], actions: npt.NDArray[np.int64],
                rewards: npt.NDArray[np.float32], dones: npt.NDArray[np.bool_],
                points: npt.NDArray[np.float32]) -> int:
    """Play each row's action; -1, or the first row whose action is not legal (then nothing
    is played). Finished rows get their final points in ``rewards`` and ``points``."""
    n = states.shape[0]
    for i in range(n):
        a = actions[i]
        if a < 0 or a >= ACTIONS or not (kp.legal(states[i]) >> a) & 1:
            return i
    row = np.zeros(MAX_SEATS, dtype=np.int64)
    seats = rewards.shape[1]
    for i in range(n):
        kp.step(states[i], actions[i])
        over = states[i, kp.PHASE] == kp.PH_OVER
        dones[i] = over
        for s in range(seats):
            rewards[i, s] = 0
            points[i, s] = 0
        if over:
            kp.points(states[i], row)
            for s in range(seats):
                rewards[i, s] = row[s]
                points[i, s] = row[s]
    return -1


class PitchKernelVectorEnv:
    """``num_envs`` Auction Pitch deals stepped together in a kernel (see the module)."""

    def __init__(self, num_envs: int, *, seed: int = 0, **options: Any) -> None:
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise ValueError(f"num_envs must be a positive int, not {num_envs!r}")
        from atout.games import make

        self.rules = make("pitch", **options)
        self.num_envs = num_envs
        self.seats = self.rules.seats
        self.states = np.zeros((num_envs, kp.LENGTH), dtype=np.int64)
        self._obs = np.zeros((num_envs, OBS_SIZE), dtype=np.float32)
        self._masks = np.zeros((num_envs, ACTIONS), dtype=np.int8)
        self._seats = np.zeros(num_envs, dtype=np.int64)
        self._rewards = np.zeros((num_envs, self.seats), dtype=np.float32)
        self._dones = np.zeros(num_envs, dtype=np.bool_)
        self._points = np.zeros((num_envs, self.seats), dtype=np.float32)
        self._next = [0] * num_envs
        self._first = 0
        self.reset(seed)

    def deal_index(self, row: int) -> int:
        """The index ``k`` in the sequence of the deal row ``row`` now plays: the engine's
        ``rules.deal(seed=first_deal_seed(seed) + k, dealer=k % seats)``."""
        return (self._next[row] - 1) * self.num_envs + row

    def _deal(self, i: int) -> None:
        """Row ``i``'s next deal of its sequence."""
        k = self._next[i] * self.num_envs + i
        self._next[i] += 1
        deal: Any = self.rules.deal(seed=self._first + k, dealer=k % self.seats)
        self.states[i] = kp.encode(deal)

    def reset(self, seed: int | None = None) -> KernelBatch:
        """Every row at a new deal's first bid (``seed``: the tables' sequences)."""
        self._first = first_deal_seed(0 if seed is None else int(seed))
        self._next = [0] * self.num_envs
        for i in range(self.num_envs):
            self._deal(i)
        self._rewards[:] = 0
        self._dones[:] = False
        self._points[:] = 0
        observe_kernel(self.states, self._obs, self._masks, self._seats)
        return self._batch()

    def step(self, actions: npt.ArrayLike) -> KernelBatch:
        """One action per row (the engine's ids, legal for the row's seat to move);
        ValueError naming the first row whose action is not legal (then no row is played)."""
        try:
            acts = np.ascontiguousarray(np.asarray(actions, dtype=np.int64))
        except (TypeError, ValueError):
            raise ValueError(f"step takes one action id per table, not {actions!r:.60}") \
                from None
        if acts.shape != (self.num_envs,):
            raise ValueError(f"step takes one action per table: shape ({self.num_envs},), "
                             f"not {acts.shape}")
        bad = step_kernel(self.states, acts, self._rewards, self._dones, self._points)
        if bad >= 0:
            raise ValueError(f"row {bad}: action {int(acts[bad])} is not legal for seat "
                             f"{int(self._seats[bad])}")
        for i in np.flatnonzero(self._dones):
            self._deal(int(i))
        observe_kernel(self.states, self._obs, self._masks, self._seats)
        return self._batch()

    def _batch(self) -> KernelBatch:
        return KernelBatch(self._obs, self._masks, self._seats, self._rewards, self._dones,
                           self._points)


__all__ = ["ACTIONS", "OBS_SIZE", "PitchKernelVectorEnv", "observe_kernel", "step_kernel"]
