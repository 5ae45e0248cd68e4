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

from atout.envs.kernel_batch import KernelEnv
from atout.kernels import pitch as kp
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


class PitchKernelVectorEnv(KernelEnv):
    """``num_envs`` Auction Pitch deals stepped together in a kernel (see the module)."""

    def __init__(self, num_envs: int, *, seed: int = 0, **options: Any) -> None:
        super().__init__("pitch", num_envs, seed, options, state_size=kp.LENGTH,
                         obs_size=OBS_SIZE, actions=ACTIONS)

    def encode(self, seed: int, dealer: int) -> npt.NDArray[np.int64]:
        """The deal at its first bid."""
        deal: Any = self.rules.deal(seed=seed, dealer=dealer)
        state: npt.NDArray[np.int64] = kp.encode(deal)
        return state

    def observe(self) -> None:
        observe_kernel(self.states, self._obs, self._masks, self._seats)

    def play(self, actions: npt.NDArray[np.int64]) -> int:
        return int(step_kernel(self.states, actions, self._rewards, self._dones, self._points))


__all__ = ["ACTIONS", "OBS_SIZE", "PitchKernelVectorEnv", "observe_kernel", "step_kernel"]
