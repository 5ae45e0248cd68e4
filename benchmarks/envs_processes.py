"""Steps per second of the vector environments in one process and in several.

Run by hand on a machine as quiet as can be found (never in CI)::

    python benchmarks/envs_processes.py --game pitch --rows 64 --processes 2 --rounds 5

Each round measures, one after the other for ``--seconds`` of wall-clock time each (worker
processes run beside the parent, so CPU time of one process would not count them):

- ``vector_env(game, rows)`` in this process, against ``process_vector_env(game, rows,
  processes)``, in self-play (no opponents) and with heuristic opponents, each with the rows
  in shared memory (the default transport) and through pipes (``transport="pipes"``);
- Gymnasium's ``SyncVectorEnv`` and ``AsyncVectorEnv`` (``gymnasium.make_vec``, one process
  per environment) over the single-agent environment, ``--processes`` environments each, with
  heuristic opponents.

- the machine itself: ``P`` processes of pure-Python arithmetic at once against one (no
  environment, no messages), the most that ``P`` processes of Python can gain on this
  machine at this moment; on a shared virtual machine it can be well under ``P``.

Actions are uniformly random legal ones, chosen in the parent from the masks. It prints each
round's rates, their ratio (several processes over one) and the load average at the end of
the round, then the medians.

On a loaded machine the wall-clock ratio says more about the scheduler than about the code, so
each measure also counts the CPU time of every process it used while it stepped (this one's
and its live worker processes', read from ``/proc``: Linux only; the workers' start-up is
not counted): ``cpu/step`` is CPU microseconds per row step, all processes together, and
``P × one/many`` the speed-up that ``P`` idle cores would give if the work spread evenly and
nothing else were serial (a projection, printed as such).
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

import gymnasium
import numpy as np

import atout.envs
from atout.envs import process_vector_env, vector_env


def rate_ours(env: Any, seconds: float) -> float:
    """Row-steps per second of one of our vector environments."""
    batch = env.reset(seed=0)
    rng = np.random.default_rng(0)
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        batch = env.step((rng.random(batch.masks.shape) * batch.masks).argmax(1))
        steps += env.num_envs
    return steps / (time.perf_counter() - start)


def spin(seconds: float) -> int:
    """Pure-Python arithmetic for ``seconds`` of wall-clock time: the turns done."""
    end = time.perf_counter() + seconds
    turns = x = 0
    while time.perf_counter() < end:
        for i in range(1000):
            x += i * i % 7
        turns += 1
    return turns


class Spin:
    """``processes`` workers of :func:`spin` (one: this process), for the machine's line."""

    def __init__(self, processes: int) -> None:
        self.processes = processes
        self.pool = multiprocessing.Pool(processes) if processes > 1 else None
        if self.pool is not None:
            self.pool.map(spin, [0.01] * processes)  # the workers started before timing

    def close(self) -> None:
        """Stop the workers."""
        if self.pool is not None:
            self.pool.close()
            self.pool.join()


def rate_spin(made: Spin, seconds: float) -> float:
    """Turns of :func:`spin` per second, every process together."""
    if made.pool is None:
        return spin(seconds) / seconds
    return sum(made.pool.map(spin, [seconds] * made.processes)) / seconds


def rate_gym(env: Any, seconds: float) -> float:
    """Environment steps per second of a Gymnasium vector environment (next-step autoreset:
    a row's step after its episode ended resets it, and is counted too)."""
    obs, _ = env.reset(seed=0)
    rng = np.random.default_rng(0)
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        masks = obs["action_mask"]
        obs, *_ = env.step((rng.random(masks.shape) * masks).argmax(1))
        steps += env.num_envs
    return steps / (time.perf_counter() - start)


def main(argv: list[str] | None = None) -> int:
    """Measure and print."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="pitch", choices=atout.envs.GAMES)
    parser.add_argument("--rows", type=int, default=64)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args(argv)
    g, n, p = args.game, args.rows, args.processes
    ident = atout.envs.env_id(g)
    lines: dict[str, tuple[Callable[[], Any], Callable[[], Any], Callable[[Any, float], float]]]
    lines = {
        "machine: pure Python": (lambda: Spin(1), lambda: Spin(p), rate_spin),
        "self-play shared": (lambda: vector_env(g, n),
                             lambda: process_vector_env(g, n, processes=p), rate_ours),
        "self-play pipes": (lambda: vector_env(g, n),
                            lambda: process_vector_env(g, n, processes=p, transport="pipes"),
                            rate_ours),
        "heuristic shared": (
            lambda: vector_env(g, n, opponents="heuristic"),
            lambda: process_vector_env(g, n, processes=p, opponents="heuristic"), rate_ours),
        "heuristic pipes": (
            lambda: vector_env(g, n, opponents="heuristic"),
            lambda: process_vector_env(g, n, processes=p, opponents="heuristic",
                                       transport="pipes"), rate_ours),
        "gymnasium sync/async": (
            lambda: gymnasium.make_vec(ident, num_envs=p, vectorization_mode="sync",
                                       opponents="heuristic"),
            lambda: gymnasium.make_vec(ident, num_envs=p, vectorization_mode="async",
                                       opponents="heuristic"), rate_gym),
    }
    tick = os.sysconf("SC_CLK_TCK")

    def cpu() -> float:
        """CPU seconds of this process and its live children so far."""
        total = 0.0
        for pid in [os.getpid(), *(c.pid for c in multiprocessing.active_children())]:
            with open(f"/proc/{pid}/stat", encoding="ascii") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / tick  # utime, stime
        return total

    def measure(make: Callable[[], Any], rate: Callable[[Any, float], float]
                ) -> tuple[float, float]:
        """Steps per second, and CPU microseconds per step of every process used."""
        made = make()
        try:
            start = cpu()
            per_second = rate(made, args.seconds)
            used = cpu() - start
        finally:
            made.close()
        return per_second, 1e6 * used / (per_second * args.seconds)

    projections: dict[str, list[float]] = {k: [] for k in lines}
    ratios: dict[str, list[float]] = {k: [] for k in lines}
    rates: dict[str, list[tuple[float, float]]] = {k: [] for k in lines}
    print(f"{g}: {n} rows, {p} processes, {args.seconds:g} s per measure, "
          f"{os.cpu_count()} cores")
    for r in range(args.rounds):
        for name, (one, many, rate) in lines.items():
            a, a_cpu = measure(one, rate)
            b, b_cpu = measure(many, rate)
            rates[name].append((a, b))
            ratios[name].append(b / a)
            projections[name].append(p * a_cpu / b_cpu)
            load = os.getloadavg()
            print(f"round {r + 1} {name:20} one process {a:9,.0f}/s  {p} processes "
                  f"{b:9,.0f}/s  ratio {b / a:.2f}  cpu/step {a_cpu:.0f} / {b_cpu:.0f} µs  "
                  f"{p} × one/many {p * a_cpu / b_cpu:.2f}  load {load[0]:.2f} {load[1]:.2f}",
                  flush=True)
    print("medians:")
    for name in lines:
        one_rate = statistics.median(a for a, _ in rates[name])
        many_rate = statistics.median(b for _, b in rates[name])
        print(f"  {name:20} one process {one_rate:9,.0f}/s  {p} processes {many_rate:9,.0f}/s"
              f"  ratio {statistics.median(ratios[name]):.2f} (rounds "
              f"{', '.join(f'{x:.2f}' for x in ratios[name])}); projected on {p} idle cores "
              f"{statistics.median(projections[name]):.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
