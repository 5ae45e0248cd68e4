"""Environment steps per second: every atout environment against the card environments
researchers use today, in the same run.

Run by hand (never in CI), with the peers installed (``pip install -e ".[bench]"``)::

    python benchmarks/envs.py --seconds 2 --rounds 5
    python benchmarks/envs.py --base /tmp/base/src     # and the atout lines of another checkout

Every line runs the same PettingZoo AEC loop (``agent_iter``, ``last``, a uniformly random
legal action read from the action mask, ``step``), resets included, and counts decisions
(``step`` calls with an action; the ``step(None)`` of finished agents are not counted).
Each environment is at its fastest: no wrappers (``raw_env``), no rendering.

- atout: ``atout.envs.raw_env(game)`` for every game at its default options (and, for
  reference, ``atout.envs.env(game)`` with PettingZoo's wrappers, and the vector form).
- PettingZoo classic leduc hold'em and texas hold'em (``raw_env``, RLCard inside).
- OpenSpiel hearts through Shimmy's ``OpenSpielCompatibilityV0`` (the mask is in the info;
  chance nodes are played by the wrapper and not counted).

Time is CPU time (``time.process_time``): on a shared machine the wall clock also counts the
other programs' turns. In each round the environments take turns in short slices (``--slices``
per round), so that a change of load hits every line alike; medians over rounds are reported,
and each ratio is the median of the per-round ratios.

``--base PATH`` measures the atout lines of another checkout (its ``src`` folder) and of this
one, each in a fresh child process, in every round (the peers in this process), and reports
each checkout's ratios to the fastest peer of the round and this checkout's speed-up over the
other, side by side.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from functools import partial
from typing import Any

import numpy as np

from atout.envs import GAMES, env, raw_env, vector_env

clock = time.process_time

MakeEnv = Callable[[], Any]


class Runner:
    """A random legal player in one environment, measured slice by slice.

    ``run(seconds)`` plays whole episodes (resets included) until ``seconds`` have passed and
    adds the decisions and the time to the current round's totals.
    """

    def __init__(self, make: MakeEnv, mask_in_info: bool = False) -> None:
        self.env = make()
        self.mask_in_info = mask_in_info
        self.rng = random.Random(0)
        self.episode = 0
        self.decisions = 0
        self.elapsed = 0.0

    def run(self, seconds: float) -> None:
        """Play episodes for about ``seconds``."""
        e, rng, in_info = self.env, self.rng, self.mask_in_info
        start = clock()
        while True:
            e.reset(seed=self.episode)
            self.episode += 1
            for _ in e.agent_iter():
                obs, _, term, trunc, info = e.last()
                if term or trunc:
                    e.step(None)
                    continue
                legal = np.flatnonzero(info["action_mask"] if in_info else obs["action_mask"])
                e.step(int(legal[int(rng.random() * len(legal))]))
                self.decisions += 1
            elapsed = clock() - start
            if elapsed >= seconds:
                self.elapsed += elapsed
                return

    def take_rate(self) -> float:
        """Decisions per second since the last call, and start counting anew."""
        rate = self.decisions / self.elapsed if self.elapsed else 0.0
        self.decisions, self.elapsed = 0, 0.0
        return rate


class VectorRunner(Runner):
    """The vector form (self-play, random legal actions), measured the same way."""

    def __init__(self, game: str, rows: int = 64) -> None:
        self.vec = vector_env(game, num_envs=rows)
        self.batch = self.vec.reset(seed=0)
        self.np_rng = np.random.default_rng(0)
        self.rows = rows
        self.decisions = 0
        self.elapsed = 0.0

    def run(self, seconds: float) -> None:
        """Step all rows for about ``seconds``."""
        start = clock()
        while True:
            noise = self.np_rng.random(self.batch.masks.shape) * self.batch.masks
            self.batch = self.vec.step(noise.argmax(axis=1))
            self.decisions += self.rows
            elapsed = clock() - start
            if elapsed >= seconds:
                self.elapsed += elapsed
                return


def peers() -> dict[str, tuple[MakeEnv, bool]]:
    """The peers that are installed: name -> (constructor, mask in info)."""
    out: dict[str, tuple[MakeEnv, bool]] = {}
    try:
        from pettingzoo.classic import leduc_holdem_v4, texas_holdem_v4

        out["PettingZoo leduc_holdem_v4 (RLCard)"] = (leduc_holdem_v4.raw_env, False)
        out["PettingZoo texas_holdem_v4 (RLCard)"] = (texas_holdem_v4.raw_env, False)
    except ImportError as exc:
        print(f"PettingZoo classic poker not measured: {exc}")
    try:
        from shimmy import OpenSpielCompatibilityV0

        out["OpenSpiel hearts via Shimmy"] = (
            lambda: OpenSpielCompatibilityV0(game_name="hearts"), True)
    except ImportError as exc:
        print(f"OpenSpiel hearts via Shimmy not measured: {exc}")
    return out


def measure(runners: dict[str, Runner], seconds: float, slices: int) -> dict[str, float]:
    """One round: every runner in turn, slice by slice; decisions per second of each."""
    for _ in range(slices):
        for runner in runners.values():
            runner.run(seconds / slices)
    return {name: runner.take_rate() for name, runner in runners.items()}


def atout_runners() -> dict[str, Runner]:
    """The bare environment of every atout game."""
    return {f"atout {game} raw_env": Runner(partial(raw_env, game)) for game in GAMES}


def child_rates(src: str, seconds: float, slices: int) -> dict[str, float]:
    """The atout lines of the checkout whose ``src`` folder is given, in a child process."""
    done = subprocess.run([sys.executable, __file__, "--atout-only", "--seconds", str(seconds),
                           "--slices", str(slices)], env=dict(os.environ, PYTHONPATH=src),
                          capture_output=True, text=True, check=True)
    rates: dict[str, float] = json.loads(done.stdout)
    return rates


def report(title: str, values: list[float]) -> None:
    """A ratio line: the median of the per-round values, then every round's."""
    spread = ", ".join(f"{v:.2f}" for v in values)
    print(f"  {title:36} {statistics.median(values):5.2f}x  (rounds: {spread})")


def main() -> None:
    """Measure, then print the medians and the ratios to the fastest peer."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0,
                        help="CPU seconds per environment and round")
    parser.add_argument("--rounds", type=int, default=5, help="rounds (medians are reported)")
    parser.add_argument("--slices", type=int, default=8,
                        help="slices per round: the environments take turns slice by slice")
    parser.add_argument("--base", help="another checkout's src folder, measured alongside")
    parser.add_argument("--atout-only", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.atout_only:
        print(json.dumps(measure(atout_runners(), args.seconds, args.slices)))
        return
    ours = [f"atout {game} raw_env" for game in GAMES]
    others = {name: Runner(make, in_info) for name, (make, in_info) in peers().items()}
    runners: dict[str, Runner] = {} if args.base else atout_runners()
    runners.update(others)
    runners["atout jass env (PettingZoo wrappers)"] = Runner(partial(env, "jass"))
    runners["atout jass vector_env (64 rows)"] = VectorRunner("jass")
    import atout

    here = os.path.dirname(os.path.dirname(os.path.abspath(atout.__file__)))
    rates: dict[str, list[float]] = {}
    ratios: dict[str, list[float]] = {}
    for r in range(args.rounds):
        got: dict[str, float] = {}
        if args.base:
            # both checkouts alike, in fresh child processes
            got.update(child_rates(here, args.seconds, args.slices))
            got.update({f"base {k}": v
                        for k, v in child_rates(args.base, args.seconds, args.slices).items()})
        got.update(measure(runners, args.seconds, args.slices))
        for name, rate in got.items():
            rates.setdefault(name, []).append(rate)
        fastest_peer = max((got[p] for p in others), default=0.0)
        for name in ours:
            if fastest_peer:
                ratios.setdefault(name, []).append(got[name] / fastest_peer)
            if args.base:
                if fastest_peer:
                    ratios.setdefault(f"base {name}", []).append(got[f"base {name}"]
                                                                 / fastest_peer)
                ratios.setdefault(f"{name} / base", []).append(got[name] / got[f"base {name}"])
        print(f"round {r + 1}/{args.rounds} done")
    print(f"\n{'environment (median of rounds, per CPU second)':48} {'decisions/s':>12}")
    for name, values in rates.items():
        print(f"{name:48} {statistics.median(values):12,.0f}")
    if others:
        print("\natout raw_env / fastest peer (median of per-round ratios; goal 3x):")
        for name in ours:
            report(name, ratios[name])
            if args.base:
                report(f"base {name}", ratios[f"base {name}"])
    if args.base:
        print("\nthis checkout / base (median of per-round ratios):")
        for name in ours:
            report(name, ratios[f"{name} / base"])


if __name__ == "__main__":
    main()
