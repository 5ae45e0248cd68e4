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

Each round measures every line once; medians are reported, and each ratio is the median of
the per-round ratios, so that a change of load on a shared machine hits both sides alike.
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


def aec_rate(make: MakeEnv, seconds: float, mask_in_info: bool = False) -> float:
    """Decisions per second of a random legal player in an AEC environment."""
    e = make()
    rng = random.Random(0)
    decisions = 0
    episode = 0
    start = time.perf_counter()
    while True:
        e.reset(seed=episode)
        episode += 1
        for _ in e.agent_iter():
            obs, _, term, trunc, info = e.last()
            if term or trunc:
                e.step(None)
                continue
            legal = np.flatnonzero(info["action_mask"] if mask_in_info
                                   else obs["action_mask"])
            e.step(int(legal[int(rng.random() * len(legal))]))
            decisions += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return decisions / elapsed


def vector_rate(game: str, seconds: float, rows: int = 64) -> float:
    """Decisions per second of the vector form (self-play, random legal actions)."""
    v = vector_env(game, num_envs=rows)
    batch = v.reset(seed=0)
    rng = np.random.default_rng(0)
    decisions = 0
    start = time.perf_counter()
    while True:
        noise = rng.random(batch.masks.shape) * batch.masks
        batch = v.step(noise.argmax(axis=1))
        decisions += rows
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return decisions / elapsed


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
    parser.add_argument("--seconds", type=float, default=2.0, help="seconds per measurement")
    parser.add_argument("--rounds", type=int, default=5, help="rounds (medians are reported)")
    args = parser.parse_args()
    ours: dict[str, tuple[MakeEnv, bool]] = {}
    for game in GAMES:
        ours[f"atout {game} raw_env"] = (partial(raw_env, game), False)
    others = peers()
    lines = {**ours, **others}
    extra: dict[str, Callable[[], float]] = {
        "atout jass env (PettingZoo wrappers)": lambda: aec_rate(lambda: env("jass"),
                                                                 args.seconds),
        "atout jass vector_env (64 rows)": lambda: vector_rate("jass", args.seconds),
    }
    rates: dict[str, list[float]] = {name: [] for name in [*lines, *extra]}
    ratios: dict[str, list[float]] = {name: [] for name in ours}
    for r in range(args.rounds):
        for name, (make, in_info) in lines.items():
            rates[name].append(aec_rate(make, args.seconds, in_info))
        for name, measure in extra.items():
            rates[name].append(measure())
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
