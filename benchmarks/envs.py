"""Environment steps per second: every atout environment against the card environments
researchers use today, in the same run.

Run by hand (never in CI), with the peers installed (``pip install -e ".[bench]"``)::

    python benchmarks/envs.py --seconds 2 --rounds 5

Every line runs the same PettingZoo AEC loop (``agent_iter``, ``last``, a uniformly random
legal action read from the action mask, ``step``), resets included, and counts decisions
(``step`` calls with an action; the ``step(None)`` of finished agents are not counted).
Each environment is at its fastest: no wrappers (``raw_env``), no rendering.

- atout: ``atout.envs.raw_env(game)`` for every game at its default options (and, for
  reference, ``atout.envs.env(game)`` with PettingZoo's wrappers, and the vector form).
- PettingZoo classic leduc hold'em and texas hold'em (``raw_env``, RLCard inside).
- OpenSpiel hearts through Shimmy's ``OpenSpielCompatibilityV0`` (the mask is in the info;
  chance nodes are played by the wrapper and not counted).

In each round the environments take turns in short slices (``--slices`` per round), so that
a change of load on a shared machine hits every line alike; medians over rounds are reported,
and each ratio is the median of the per-round ratios.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from functools import partial
from typing import Any

import numpy as np

from atout.envs import GAMES, env, raw_env, vector_env

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
        start = time.perf_counter()
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
            elapsed = time.perf_counter() - start
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
        start = time.perf_counter()
        while True:
            noise = self.np_rng.random(self.batch.masks.shape) * self.batch.masks
            self.batch = self.vec.step(noise.argmax(axis=1))
            self.decisions += self.rows
            elapsed = time.perf_counter() - start
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


def main() -> None:
    """Measure, then print the medians and the ratios to the fastest peer."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0,
                        help="seconds per environment and round")
    parser.add_argument("--rounds", type=int, default=5, help="rounds (medians are reported)")
    parser.add_argument("--slices", type=int, default=8,
                        help="slices per round: the environments take turns slice by slice")
    args = parser.parse_args()
    ours: dict[str, Runner] = {f"atout {game} raw_env": Runner(partial(raw_env, game))
                               for game in GAMES}
    others = {name: Runner(make, in_info) for name, (make, in_info) in peers().items()}
    extra: dict[str, Runner] = {
        "atout jass env (PettingZoo wrappers)": Runner(partial(env, "jass")),
        "atout jass vector_env (64 rows)": VectorRunner("jass"),
    }
    runners = {**ours, **others, **extra}
    rates: dict[str, list[float]] = {name: [] for name in runners}
    ratios: dict[str, list[float]] = {name: [] for name in ours}
    for r in range(args.rounds):
        for _ in range(args.slices):
            for runner in runners.values():
                runner.run(args.seconds / args.slices)
        for name, runner in runners.items():
            rates[name].append(runner.take_rate())
        fastest_peer = max((rates[p][-1] for p in others), default=0.0)
        for name in ours:
            if fastest_peer:
                ratios[name].append(rates[name][-1] / fastest_peer)
        print(f"round {r + 1}/{args.rounds} done")
    print(f"\n{'environment (median of rounds)':48} {'decisions/s':>12}")
    for name, values in rates.items():
        print(f"{name:48} {statistics.median(values):12,.0f}")
    if others:
        print("\natout raw_env / fastest peer (median of per-round ratios; goal 3x):")
        for name, values in ratios.items():
            spread = ", ".join(f"{v:.2f}" for v in values)
            print(f"  {name:30} {statistics.median(values):5.2f}x  (rounds: {spread})")


if __name__ == "__main__":
    main()
