"""Many deals stepped together, numpy arrays in and out: the fast form for training.

``vector_env("jass", num_envs=256)`` holds ``num_envs`` tables. Without ``opponents`` it is
self-play: each row is the deal's seat to move (``seats``), and the caller chooses for it.
With ``opponents`` (a player: a bot name, a spec or a policy; or one per other seat), bots
hold every seat but ``seat``, and each row is always that seat's decision. A finished deal is
replaced at once by the next one from the same table's sequence (its final rewards and points
are in that step's output), so every row always has a decision to take. With ``opponents``, a
deal in which the seat never gets to move is skipped, and what the bots' moves before the
seat's first turn paid is added to the row's next step.

Arrays returned are the environment's own buffers, overwritten by the next call (pass
``copy=True`` to get fresh arrays). An illegal action raises :class:`atout.IllegalAction`
naming the row, after the rows before it were played.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from atout.bots import Bot
from atout.bots.policy import Player
from atout.core import IllegalAction
from atout.envs.info import action_names
from atout.envs.single import SKIP_LIMIT, check_seat_arg, make_bots, play_bots
from atout.envs.table import Table


@dataclass(frozen=True, slots=True)
class Batch:
    """What the vector environment returns: one row per table.

    ``observations`` (num_envs, size) float32 and ``masks`` (num_envs, num_actions) int8 of
    the seat to move in each row, ``seats`` (num_envs,) that seat, ``rewards``
    (num_envs, seats) float32 for this step, ``dones`` (num_envs,) whether the row's episode
    ended in this step (the row now shows the next one), ``points`` (num_envs, seats) the game's
    own points of the episode that ended (0 elsewhere).
    """

    observations: npt.NDArray[np.float32]
    masks: npt.NDArray[np.int8]
    seats: npt.NDArray[np.int64]
    rewards: npt.NDArray[np.float32]
    dones: npt.NDArray[np.bool_]
    points: npt.NDArray[np.float32]


class VectorEnv:
    """``num_envs`` deals of one game stepped together (see the module's doc)."""

    def __init__(self, game: str, num_envs: int, *,
                 opponents: Player | Sequence[Player] | None = None, seat: int = 0,
                 copy: bool = False, first_row: int = 0, **options: Any) -> None:
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise ValueError(f"num_envs must be a positive int, not {num_envs!r}")
        self.first_row = first_row  # rows numbered from here (a worker's share of a batch)
        self.tables = [Table(game, **options) for _ in range(num_envs)]
        first = self.tables[0]
        self.num_envs = num_envs
        self.num_seats = first.seats
        self.num_actions = first.num_actions
        self.observation_size = first.encoder.size
        self.seat = check_seat_arg(seat, first.seats)
        self.opponents = opponents
        self.copy = copy
        self.bots: list[list[Bot | None]] = [
            make_bots(t, opponents, self.seat, first_row + i) if opponents is not None
            else [None] * t.seats for i, t in enumerate(self.tables)]
        b, n = num_envs, first.seats
        self._obs = np.zeros((b, self.observation_size), dtype=np.float32)
        self._masks = np.zeros((b, self.num_actions), dtype=np.int8)
        self._seats = np.zeros(b, dtype=np.int64)
        self._rewards = np.zeros((b, n), dtype=np.float32)
        self._dones = np.zeros(b, dtype=np.bool_)
        self._points = np.zeros((b, n), dtype=np.float32)
        self._carry = [[0.0] * n for _ in range(b)]  # bots' rewards before the seat's turn

    def action_names(self, mask: Any) -> list[str]:
        """The notations of the actions in one row's mask (``batch.masks[i]``) or an int
        bitmask, in id order."""
        return action_names(self.tables[0].rules, mask)

    def reset(self, seed: int | None = None) -> Batch:
        """New deals everywhere; with ``seed``, row ``i`` starts the sequence ``seed + i``."""
        self._rewards.fill(0.0)
        self._dones.fill(False)
        self._points.fill(0.0)
        for i, table in enumerate(self.tables):
            if seed is not None:
                table.seed(seed + self.first_row + i)
                if self.opponents is not None:
                    self.bots[i] = make_bots(table, self.opponents, self.seat,
                                             table.rng.getrandbits(32))
            self._start(i, table)
            self._observe(i, table)
        return self._batch()

    def _start(self, i: int, table: Table) -> None:
        """A new deal in row ``i``, bots moving until the row has a decision to take."""
        for _ in range(SKIP_LIMIT):
            table.reset()
            if self.opponents is None:
                return
            rewards = [0.0] * table.seats
            play_bots(table, self.bots[i], rewards)
            if not table.is_over:  # else a deal the seat never plays in: skipped
                self._carry[i] = rewards  # paid with the row's next step
                return
        raise ValueError(f"row {self.first_row + i}: seat {self.seat} never got to move in "
                         f"{SKIP_LIMIT} deals")

    def _observe(self, i: int, table: Table) -> None:
        seat = table.to_move
        assert seat is not None
        self._seats[i] = seat
        table.observation(seat, self._obs[i])
        self._masks[i] = table.mask(seat)

    def step(self, actions: npt.ArrayLike) -> Batch:
        """Play one action per row (for the row's seat to move) and return the new batch."""
        acts = np.asarray(actions)
        if acts.shape != (self.num_envs,):
            raise ValueError(f"actions must have shape ({self.num_envs},), not {acts.shape}")
        self._rewards.fill(0.0)
        self._dones.fill(False)
        self._points.fill(0.0)
        for i, table in enumerate(self.tables):
            try:
                rewards = table.play(int(acts[i]))
            except IllegalAction as exc:
                raise IllegalAction(f"row {self.first_row + i}: {exc.reason}",
                                    exc.action) from None
            if self.opponents is not None:
                for s, r in enumerate(self._carry[i]):
                    rewards[s] += r
                self._carry[i] = [0.0] * self.num_seats
                play_bots(table, self.bots[i], rewards)
            self._rewards[i] = rewards
            if table.is_over:
                self._dones[i] = True
                self._points[i] = table.points()
                self._start(i, table)
            self._observe(i, table)
        return self._batch()

    def close(self) -> None:
        """Nothing to release (the same call as :class:`~atout.envs.ProcessVectorEnv`'s)."""

    def _batch(self) -> Batch:
        arrays = (self._obs, self._masks, self._seats, self._rewards, self._dones,
                  self._points)
        if self.copy:
            arrays = tuple(a.copy() for a in arrays)  # type: ignore[assignment]
        return Batch(*arrays)


def vector_env(game: str, num_envs: int = 64, **options: Any) -> VectorEnv:
    """``num_envs`` deals of ``game`` stepped together (see :class:`VectorEnv`)."""
    return VectorEnv(game, num_envs, **options)


__all__ = ["Batch", "VectorEnv", "vector_env"]
