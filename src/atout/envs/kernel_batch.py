"""What the kernel vector environments share (:mod:`atout.envs.kernel`,
:mod:`atout.envs.kernel_pitch`, :mod:`atout.envs.kernel_knock_rummy`,
:mod:`atout.envs.kernel_putze` …): the arrays a step returns and the rows' deal sequences."""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from atout.kernels.jass_batch import first_deal_seed


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


class KernelEnv(ABC):
    """``num_envs`` deals of ``game`` as rows of a kernel's states, stepped together: row
    ``i`` plays deals ``i, i + n, i + 2n …`` of the engine's sequence (``rules.deal(seed=
    first_deal_seed(seed) + k, dealer=k % seats)``), a finished deal replaced at once by the
    row's next. A game gives its kernel's state length, observation size and action count,
    and the three calls below; its :meth:`encode` may pass over a deal that has no decision
    for the environment (returning None: the row goes on to its next deal)."""

    action_word = "action"
    """What a refusal calls an action (Jass's are cards)."""

    def __init__(self, game: str, num_envs: int, seed: int, options: dict[str, Any], *,
                 state_size: int, obs_size: int, actions: int) -> None:
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise ValueError(f"num_envs must be a positive int, not {num_envs!r}")
        from atout.games import make

        self.rules = make(game, **options)
        self.num_envs = num_envs
        self.seats = self.rules.seats
        self.states = np.zeros((num_envs, state_size), dtype=np.int64)
        self._obs = np.zeros((num_envs, obs_size), dtype=np.float32)
        self._masks = np.zeros((num_envs, actions), dtype=np.int8)
        self._seats = np.zeros(num_envs, dtype=np.int64)
        self._rewards = np.zeros((num_envs, self.seats), dtype=np.float32)
        self._dones = np.zeros(num_envs, dtype=np.bool_)
        self._points = np.zeros((num_envs, self.seats), dtype=np.float32)
        self._next = [0] * num_envs
        self._first = 0
        self.reset(seed)

    @abstractmethod
    def encode(self, seed: int, dealer: int) -> npt.NDArray[np.int64] | None:
        """The kernel state of the engine's deal ``seed`` dealt by ``dealer``, ready for the
        environment's first decision (None: the deal has none, the row skips it)."""

    @abstractmethod
    def observe(self) -> None:
        """Write every row's observation, mask and seat to move."""

    @abstractmethod
    def play(self, actions: npt.NDArray[np.int64]) -> int:
        """Play one action per row in the kernel, writing rewards, dones and points; the
        first row whose action is not legal (then nothing is played), else -1."""

    def deal_index(self, row: int) -> int:
        """The index ``k`` in the sequence of the deal row ``row`` now plays."""
        return (self._next[row] - 1) * self.num_envs + row

    def deal_seed(self, row: int) -> int:
        """The engine seed of the deal row ``row`` now plays (its dealer: ``deal_index(row)
        % seats``)."""
        return self._first + self.deal_index(row)

    def _deal(self, i: int) -> None:
        while True:
            k = self._next[i] * self.num_envs + i
            self._next[i] += 1
            state = self.encode(self._first + k, k % self.seats)
            if state is not None:
                self.states[i] = state
                return

    def reset(self, seed: int | None = None) -> KernelBatch:
        """Every row at a new deal's first decision (``seed``: the tables' sequences)."""
        self._first = first_deal_seed(0 if seed is None else int(seed))
        self._next = [0] * self.num_envs
        for i in range(self.num_envs):
            self._deal(i)
        self._rewards[:] = 0
        self._dones[:] = False
        self._points[:] = 0
        self.observe()
        return self._batch()

    def step(self, actions: npt.ArrayLike) -> KernelBatch:
        """One action per row (legal for the row's seat to move); ValueError naming the
        first row whose action is not legal (then no row is played)."""
        try:
            acts = np.ascontiguousarray(np.asarray(actions, dtype=np.int64))
        except (TypeError, ValueError):
            raise ValueError(f"step takes one action id per table, not {actions!r:.60}") \
                from None
        if acts.shape != (self.num_envs,):
            raise ValueError(f"step takes one action per table: shape ({self.num_envs},), "
                             f"not {acts.shape}")
        bad = self.play(acts)
        if bad >= 0:
            raise ValueError(f"row {bad}: {self.action_word} {int(acts[bad])} is not legal "
                             f"for seat {int(self._seats[bad])}")
        for i in np.flatnonzero(self._dones):
            self._deal(int(i))
        self.observe()
        return self._batch()

    def _batch(self) -> KernelBatch:
        return KernelBatch(self._obs, self._masks, self._seats, self._rewards, self._dones,
                           self._points)


__all__ = ["KernelBatch", "KernelEnv"]
