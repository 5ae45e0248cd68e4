"""The vector environment's rows shared among worker processes: every core at work.

``process_vector_env("pitch", num_envs=64, processes=2)`` behaves as
``vector_env("pitch", num_envs=64)`` (the same :class:`~atout.envs.vector.Batch` of numpy
arrays, the same rows after ``reset(seed)``) but holds its rows in ``processes`` worker
processes, each stepping its share of the rows as a :class:`~atout.envs.vector.VectorEnv`
while the others do theirs. One message goes to each worker per step, so a worker should hold
enough rows (a few dozen) for the step's work to outweigh the message.

The rows travel through shared memory (``transport="shared"``, the default): the parent and
the workers see the same observation, mask, reward and action arrays (one
:func:`multiprocessing.RawArray` under numpy views, each worker writing its own rows), and a
step's messages are a few bytes each way. ``transport="pipes"`` sends each worker's actions
and arrays through its pipe instead (pickled copies; kept to compare).

Opponents given by name pickle as they are; policy objects must pickle to reach the workers
(:mod:`atout.bots.policy`). Close the environment (``close()``, or a ``with`` block) to stop
the workers; they stop too when the parent goes away.
"""

from __future__ import annotations

import contextlib
import multiprocessing
from multiprocessing.connection import Connection
from types import TracebackType
from typing import Any

import numpy as np
import numpy.typing as npt

from atout.core import IllegalAction
from atout.envs.info import action_names
from atout.envs.vector import Batch, VectorEnv, empty_batch

JOIN_SECONDS = 5.0
"""How long ``close()`` waits for a worker before terminating it."""
TRANSPORTS = ("shared", "pipes")
"""How rows travel between the workers and the parent (see the module's doc)."""

Arrays = tuple[npt.NDArray[Any], ...]
Shape = tuple[int, int, int, int]
"""Rows, observation size, actions, seats: the shared block's layout."""


def shared_views(raw: Any, shape: Shape) -> tuple[Batch, npt.NDArray[np.int64]]:
    """The batch's arrays and the actions as numpy views of one shared block ``raw`` (a
    ctypes byte array of :func:`shared_bytes`' size), each array starting on 8 bytes."""
    like = empty_batch(*shape)
    arrays: list[npt.NDArray[Any]] = []
    offset = 0
    buffer = memoryview(raw).cast("B")
    for a in (*(getattr(like, f) for f in Batch.__dataclass_fields__),
              np.zeros(shape[0], dtype=np.int64)):
        arrays.append(np.frombuffer(buffer, dtype=a.dtype, count=a.size,
                                    offset=offset).reshape(a.shape))
        offset += -(-a.nbytes // 8) * 8
    *batch, actions = arrays
    return Batch(*batch), actions


def shared_bytes(shape: Shape) -> int:
    """The size of the shared block of :func:`shared_views`."""
    like = empty_batch(*shape)
    sizes = [getattr(like, f).nbytes for f in Batch.__dataclass_fields__] + [8 * shape[0]]
    return sum(-(-n // 8) * 8 for n in sizes)


def _serve(conn: Connection, env: VectorEnv, shared: npt.NDArray[np.int64] | None) -> None:
    """Answer reset, step and close: with ``shared`` (the actions' view) the rows are
    written in shared memory and the answer is a word; else the arrays go in the answer."""
    while True:
        try:
            command, arg = conn.recv()
        except (EOFError, OSError):  # the parent went away
            return
        if command == "close":
            conn.close()
            return
        try:
            if command == "reset":
                batch = env.reset(arg)
            else:
                batch = env.step(shared if shared is not None else arg)
        except IllegalAction as exc:
            conn.send(("illegal", exc.reason, exc.action, None))
            continue
        except Exception as exc:
            conn.send(("error", type(exc).__name__, str(exc), None))
            continue
        if shared is not None:
            conn.send(("done", None, None, None))
        else:
            conn.send(("batch", (batch.observations, batch.masks, batch.seats, batch.rewards,
                                 batch.dones, batch.points), None, None))


def _worker(conn: Connection, game: str, rows: int, first_row: int,
            options: dict[str, Any], raw: Any = None, shape: Shape | None = None) -> None:
    """A worker's loop: build its share of the rows (in the shared block ``raw`` when given),
    then answer reset, step and close."""
    shared: npt.NDArray[np.int64] | None = None
    try:
        out: Batch | None = None
        if raw is not None:
            assert shape is not None
            views, actions = shared_views(raw, shape)
            rows_of = slice(first_row, first_row + rows)
            out = Batch(*(getattr(views, f)[rows_of] for f in Batch.__dataclass_fields__))
            shared = actions[rows_of]
        env = VectorEnv(game, rows, first_row=first_row, out=out, **options)
    except Exception as exc:  # told to the parent, which raises it in words
        conn.send(("error", type(exc).__name__, str(exc), None))
        return
    conn.send(("ready", None, None, None))
    _serve(conn, env, shared)


class ProcessVectorEnv:
    """``num_envs`` deals of one game stepped together by ``processes`` worker processes
    (see the module's doc). Keywords are :class:`~atout.envs.vector.VectorEnv`'s (and the
    game's options); ``context`` names a :mod:`multiprocessing` start method, ``transport``
    is "shared" (memory, the default) or "pipes"."""

    def __init__(self, game: str, num_envs: int, *, processes: int = 2,
                 context: str | None = None, copy: bool = False, transport: str = "shared",
                 **options: Any) -> None:
        if isinstance(processes, bool) or not isinstance(processes, int) or processes < 1:
            raise ValueError(f"processes must be a positive int, not {processes!r}")
        if transport not in TRANSPORTS:
            raise ValueError(f"transport={transport!r} is not accepted: expected one of "
                             f"{', '.join(repr(t) for t in TRANSPORTS)}")
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < processes:
            raise ValueError(f"num_envs must be an int of at least processes={processes} (a "
                             f"row or more per worker), not {num_envs!r}")
        probe = VectorEnv(game, 1, **options)  # bad options fail here, in words
        self.rules = probe.tables[0].rules
        self.num_envs = num_envs
        self.num_seats = probe.num_seats
        self.num_actions = probe.num_actions
        self.observation_size = probe.observation_size
        self.seat = probe.seat
        self.copy = copy
        share, extra = divmod(num_envs, processes)
        self.rows = [share + (1 if w < extra else 0) for w in range(processes)]
        self.starts = [sum(self.rows[:w]) for w in range(processes)]
        ctx = multiprocessing.get_context(context)
        self.transport = transport
        shape: Shape = (num_envs, self.observation_size, self.num_actions, self.num_seats)
        raw = ctx.RawArray("b", shared_bytes(shape)) if transport == "shared" else None
        self._shared = shared_views(raw, shape) if raw is not None else None
        self._conns: list[Connection] = []
        self._procs: list[Any] = []
        for rows, start in zip(self.rows, self.starts, strict=True):
            parent, child = ctx.Pipe()
            proc = ctx.Process(  # type: ignore[attr-defined]
                target=_worker, args=(child, game, rows, start, options, raw, shape),
                daemon=True, name=f"atout-env-{start}")
            proc.start()
            child.close()
            self._conns.append(parent)
            self._procs.append(proc)
        made = self._shared[0] if self._shared is not None else empty_batch(*shape)
        self._buffers: Arrays = tuple(getattr(made, f) for f in Batch.__dataclass_fields__)
        self.closed = False
        try:
            for conn in self._conns:
                self._answer(conn)
        except BaseException:
            self.close()
            raise

    def _answer(self, conn: Connection) -> Arrays | None:
        try:
            kind, a, b, _ = conn.recv()
        except EOFError:
            raise RuntimeError("an environment worker process stopped unexpectedly") from None
        if kind == "illegal":
            raise IllegalAction(a, b)
        if kind == "error":
            raise (ValueError(b) if a == "ValueError" else RuntimeError(f"{a}: {b}"))
        return a  # type: ignore[no-any-return]

    def _gather(self) -> Batch:
        failure: BaseException | None = None
        for conn, start, rows in zip(self._conns, self.starts, self.rows, strict=True):
            try:
                arrays = self._answer(conn)
            except (IllegalAction, ValueError, RuntimeError) as exc:
                failure = failure or exc  # every worker's answer is read before raising
                continue
            if arrays is None:  # shared memory: the rows are in place
                continue
            for mine, theirs in zip(self._buffers, arrays, strict=True):
                mine[start:start + rows] = theirs
        if failure is not None:
            raise failure
        arrays = self._buffers
        if self.copy:
            arrays = tuple(a.copy() for a in arrays)
        return Batch(*arrays)

    def _check_open(self) -> None:
        if self.closed:
            raise ValueError("the environment is closed: make a new one")

    def action_names(self, mask: Any) -> list[str]:
        """The notations of the actions in one row's mask or an int bitmask, in id order."""
        return action_names(self.rules, mask)

    def reset(self, seed: int | None = None) -> Batch:
        """New deals everywhere; with ``seed``, row ``i`` starts the sequence ``seed + i``
        (as in :meth:`VectorEnv.reset <atout.envs.vector.VectorEnv.reset>`)."""
        self._check_open()
        for conn in self._conns:
            conn.send(("reset", seed))
        return self._gather()

    def step(self, actions: npt.ArrayLike) -> Batch:
        """Play one action per row; the workers step their rows at the same time."""
        self._check_open()
        acts = np.asarray(actions)
        if acts.shape != (self.num_envs,):
            raise ValueError(f"actions must have shape ({self.num_envs},), not {acts.shape}")
        if self._shared is not None:
            self._shared[1][:] = acts  # read by each worker from its rows
            for conn in self._conns:
                conn.send(("step", None))
        else:
            for conn, start, rows in zip(self._conns, self.starts, self.rows, strict=True):
                conn.send(("step", acts[start:start + rows]))
        return self._gather()

    def close(self) -> None:
        """Stop the workers (waiting for each a moment, then terminating it)."""
        if getattr(self, "closed", True):
            return
        self.closed = True
        for conn in self._conns:
            with contextlib.suppress(OSError, ValueError):  # a worker already gone
                conn.send(("close", None))
        for proc in self._procs:
            proc.join(JOIN_SECONDS)
            if proc.is_alive():
                proc.terminate()
                proc.join(JOIN_SECONDS)
        for conn in self._conns:
            conn.close()

    def __enter__(self) -> ProcessVectorEnv:
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()

    def __del__(self) -> None:
        self.close()


def process_vector_env(game: str, num_envs: int = 64, processes: int = 2,
                       **options: Any) -> ProcessVectorEnv:
    """``num_envs`` deals of ``game`` stepped by ``processes`` worker processes (see
    :class:`ProcessVectorEnv`)."""
    return ProcessVectorEnv(game, num_envs, processes=processes, **options)


__all__ = ["JOIN_SECONDS", "TRANSPORTS", "ProcessVectorEnv", "process_vector_env",
           "shared_bytes", "shared_views"]
