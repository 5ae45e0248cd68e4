"""Jass card play for training, n tables stepped in one compiled kernel call.

``kernel_vector_env(num_envs)`` holds ``num_envs`` Schieber deals in their card play (the
trump of each new deal is drawn at random by the engine, as ``atout.kernels.batch`` does) as
rows of :mod:`atout.kernels.jass` states. Each row is the decision of the deal's seat to move
(self-play: the caller chooses for every seat, ``seats`` says which); :meth:`step` plays one
card per row in one kernel call and writes the next observations and masks. A finished deal
is replaced at once by the next one of the row's sequence; its final points are that step's
``rewards`` (each seat's team total, as the engine's result) and ``points``.

Observations (float32, :data:`OBS_SIZE` per row, for the seat to move): its hand (36), the
cards played in finished tricks (36), the cards on the table (36), the trump mode (6, one-hot:
H D S C Obenabe Undenufe), its place in the trick (4, one-hot). Masks: the legal cards (36,
int8). This is the kernel's own encoding, not :mod:`atout.envs.encoding`'s.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import numpy.typing as npt

from atout.envs.kernel_batch import KernelBatch as KernelBatch
from atout.envs.kernel_batch import KernelEnv
from atout.kernels import jass as kj
from atout.kernels.jass_batch import random_until_play
from atout.kernels.jit import njit

OBS_SIZE = 36 * 3 + 6 + 4
"""Observation floats per row."""
GAMES = ("jass", "pitch", "knock-rummy", "putze", "tarot")
"""The games :func:`kernel_vector_env` has a kernel environment for."""


@njit
def observe_kernel(states: npt.NDArray[np.int64], rows: npt.NDArray[np.int64],
                   obs: npt.NDArray[np.float32], masks: npt.NDArray[np.int8],
                   seats: npt.NDArray[np.int64]) -> None:
    """Write the observation, mask and seat of each of ``rows``."""
    for i in rows:
        st = states[i]
        seat = st[kj.ST_TURN]
        seats[i] = seat
        obs[i, :] = 0
        masks[i, :] = 0
        kj.card_planes(st, obs[i], masks[i])
        obs[i, 108 + st[kj.ST_MODE]] = 1
        obs[i, 114 + st[kj.ST_POS]] = 1


@njit
def step_kernel(states: npt.NDArray[np.int64], actions: npt.NDArray[np.int64],
                rewards: npt.NDArray[np.float32], dones: npt.NDArray[np.bool_],
                points: npt.NDArray[np.float32]) -> int:
    """Play each row's card; -1, or the first row whose card is not legal (then nothing is
    played). Finished rows get their final points in ``rewards`` and ``points``."""
    n = states.shape[0]
    for i in range(n):
        c = actions[i]
        if c < 0 or c >= 36 or not (kj.legal_mask(states[i]) >> c) & 1:
            return i
    row = np.zeros(kj.MAX_SEATS, dtype=np.int64)
    for i in range(n):
        kj.apply_card(states[i], actions[i])
        over = states[i, kj.ST_TURN] < 0
        dones[i] = over
        for s in range(4):
            rewards[i, s] = 0
            points[i, s] = 0
        if over:
            kj.final_scores(states[i], row)
            for s in range(4):
                rewards[i, s] = row[s]
                points[i, s] = row[s]
    return -1


class KernelVectorEnv(KernelEnv):
    """``num_envs`` Jass deals' card play stepped together in a kernel (see the module)."""

    action_word = "card"

    def __init__(self, num_envs: int, *, seed: int = 0, **options: Any) -> None:
        super().__init__("jass", num_envs, seed, options, state_size=kj.STATE_SIZE,
                         obs_size=OBS_SIZE, actions=36)

    def encode(self, seed: int, dealer: int) -> npt.NDArray[np.int64]:
        """The deal at its first card: the trump drawn at random by the engine."""
        deal = self.rules.deal(seed=seed, dealer=dealer)
        random_until_play(deal, random.Random(seed))
        state: npt.NDArray[np.int64] = kj.encode(deal)
        return state

    def observe(self) -> None:
        observe_kernel(self.states, np.arange(self.num_envs, dtype=np.int64), self._obs,
                       self._masks, self._seats)

    def play(self, actions: npt.NDArray[np.int64]) -> int:
        return int(step_kernel(self.states, actions, self._rewards, self._dones, self._points))


def kernel_vector_env(num_envs: int = 256, *, game: str = "jass",
                      **options: Any) -> Any:
    """A vector environment of ``num_envs`` tables of ``game`` stepped in one kernel call:
    :class:`KernelVectorEnv` for Jass, :class:`~atout.envs.kernel_pitch.PitchKernelVectorEnv`
    for Pitch, :class:`~atout.envs.kernel_knock_rummy.KnockRummyKernelVectorEnv` for Knock
    Rummy, :class:`~atout.envs.kernel_putze.PutzeKernelVectorEnv` for Putze,
    :class:`~atout.envs.kernel_tarot.TarotKernelVectorEnv` for Tarot (``seed`` and the game's
    options as keywords)."""
    if game == "jass":
        return KernelVectorEnv(num_envs, **options)
    if game == "pitch":
        from atout.envs.kernel_pitch import PitchKernelVectorEnv

        return PitchKernelVectorEnv(num_envs, **options)
    if game == "knock-rummy":
        from atout.envs.kernel_knock_rummy import KnockRummyKernelVectorEnv

        return KnockRummyKernelVectorEnv(num_envs, **options)
    if game == "putze":
        from atout.envs.kernel_putze import PutzeKernelVectorEnv

        return PutzeKernelVectorEnv(num_envs, **options)
    if game == "tarot":
        from atout.envs.kernel_tarot import TarotKernelVectorEnv

        return TarotKernelVectorEnv(num_envs, **options)
    raise ValueError(f"no kernel vector environment for {game!r}: {', '.join(GAMES)}")


__all__ = ["GAMES", "OBS_SIZE", "KernelBatch", "KernelVectorEnv", "kernel_vector_env",
           "observe_kernel", "step_kernel"]
