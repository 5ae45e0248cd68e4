"""The arrays a kernel vector environment returns at each step (:mod:`atout.envs.kernel`,
:mod:`atout.envs.kernel_pitch`)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt


@dataclass(frozen=True, slots=True)
class KernelBatch:
    """One step's arrays, a row per table (the environment's own buffers, overwritten by the
    next call): ``observations`` (n, OBS_SIZE) float32, ``masks`` (n, actions) int8, ``seats``
    (n,), ``rewards`` and ``points`` (n, seats) float32, ``dones`` (n,) bool."""

    observations: npt.NDArray[np.float32]
    masks: npt.NDArray[np.int8]
    seats: npt.NDArray[np.int64]
    rewards: npt.NDArray[np.float32]
    dones: npt.NDArray[np.bool_]
    points: npt.NDArray[np.float32]


__all__ = ["KernelBatch"]
