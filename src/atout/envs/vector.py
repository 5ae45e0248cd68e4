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


def empty_batch(rows: int, size: int, actions: int, seats: int) -> Batch:
    """A batch of zeros: ``rows`` rows of observations of ``size``, masks of ``actions``,
    rewards and points of ``seats``."""
    return Batch(np.zeros((rows, size), dtype=np.float32),
                 np.zeros((rows, actions), dtype=np.int8), np.zeros(rows, dtype=np.int64),
                 np.zeros((rows, seats), dtype=np.float32), np.zeros(rows, dtype=np.bool_),
                 np.zeros((rows, seats), dtype=np.float32))


def check_out(out: object, like: Batch) -> None:
    """``ValueError`` in words unless ``out`` is a Batch of arrays with ``like``'s shapes and
    dtypes."""
    if not isinstance(out, Batch):
        raise ValueError(f"out must be a Batch of arrays, not {type(out).__name__}")
    for name in Batch.__dataclass_fields__:
        mine, theirs = getattr(out, name), getattr(like, name)
        if (not isinstance(mine, np.ndarray) or mine.shape != theirs.shape
                or mine.dtype != theirs.dtype):
            raise ValueError(f"out.{name} must be an array of shape {theirs.shape} and dtype "
                             f"{theirs.dtype}, not {getattr(mine, 'shape', mine)!r}")


class VectorEnv:
    """``num_envs`` deals of one game stepped together (see the module's doc).

    ``out`` gives the arrays the rows are written into (by default the environment makes its
    own): views of shared memory let worker processes write their rows where the parent
    reads them (:mod:`atout.envs.processes`).
    """

    def __init__(self, game: str, num_envs: int, *,
                 opponents: Player | Sequence[Player] | None = None, seat: int = 0,
                 copy: bool = False, first_row: int = 0, out: Batch | None = None,
                 **options: Any) -> None:
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
        made = empty_batch(num_envs, self.observation_size, self.num_actions, first.seats)
        if out is not None:
            check_out(out, made)
            made = out
        self._obs, self._masks, self._seats = made.observations, made.masks, made.seats
        self._rewards, self._dones, self._points = made.rewards, made.dones, made.points
        self._carry = [[0.0] * first.seats for _ in range(num_envs)]  # bots before the seat

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


__all__ = ["Batch", "VectorEnv", "check_out", "empty_batch", "vector_env"]
