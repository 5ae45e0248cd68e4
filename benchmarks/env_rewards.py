"""The environments' reward distribution per game, under random and heuristic play.

Run by hand (the figures in docs/envs.md, section *Rewards*)::

    python benchmarks/env_rewards.py --deals 2000

For each game at its default options it plays ``--deals`` deals through the environments'
:class:`~atout.envs.Table` (the rewards the environments pay, default ``reward_scale``: the
game's bound) in three set-ups: every seat random, every seat heuristic, and seat 0 random
among heuristic players. It prints, over every seat's reward of every deal (seat 0's only in
the third set-up), the mean, the standard deviation, the minimum and maximum, the share within
[-1, 1] (all of them, by the bound's proof) and within ±0.1, and the standard deviation of the
game's own points (``reward_scale=1``) for comparison. ``--json PATH`` writes the figures.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from typing import Any

from atout.bots import Bot, player_bot
from atout.envs import GAMES, Table
from atout.envs.single import play_bots

SETUPS = ("random", "heuristic", "random-vs-heuristic")


def deal_rewards(game: str, setup: str, deals: int, seed: int = 0
                 ) -> tuple[list[float], list[float], float]:
    """Each counted seat's reward of each deal, and its raw zero-sum points; the bound."""
    table = Table(game)
    names = (["random"] * table.seats if setup == "random"
             else ["heuristic"] * table.seats if setup == "heuristic"
             else ["random"] + ["heuristic"] * (table.seats - 1))
    bots: list[Bot | None] = [player_bot(n, table.rules, s, seed + s)
                              for s, n in enumerate(names)]
    counted = range(1) if setup == "random-vs-heuristic" else range(table.seats)
    table.seed(seed)
    rewards: list[float] = []
    points: list[float] = []
    for _ in range(deals):
        table.reset()
        paid = [0.0] * table.seats
        play_bots(table, bots, paid)
        raw = table.points()
        mean = sum(raw) / len(raw)
        for s in counted:
            rewards.append(paid[s])
            points.append(raw[s] - mean)
    return rewards, points, table.reward_bound


def summary(rewards: list[float], points: list[float], bound: float) -> dict[str, Any]:
    """The figures of one game and set-up."""
    n = len(rewards)
    return {
        "bound": bound,
        "mean": statistics.fmean(rewards),
        "sd": statistics.pstdev(rewards),
        "min": min(rewards),
        "max": max(rewards),
        "within_1": sum(abs(r) <= 1 for r in rewards) / n,
        "within_0.1": sum(abs(r) <= 0.1 for r in rewards) / n,
        "points_sd": statistics.pstdev(points),
        "samples": n,
    }


def main(argv: list[str] | None = None) -> int:
    """Print the table (and write the JSON)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--json", default=None)
    args = parser.parse_args(argv)
    out: dict[str, dict[str, Any]] = {}
    print("| game | play | bound | mean | sd | min | max | within ±1 | within ±0.1 "
          "| sd of points |")
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for game in args.games.split(","):
        for setup in SETUPS:
            start = time.process_time()
            fig = summary(*deal_rewards(game, setup, args.deals, args.seed))
            fig["cpu_seconds"] = time.process_time() - start
            out[f"{game}/{setup}"] = fig
            print(f"| {game} | {setup} | {fig['bound']:g} | {fig['mean']:+.4f} | "
                  f"{fig['sd']:.4f} | {fig['min']:+.3f} | {fig['max']:+.3f} | "
                  f"{fig['within_1']:.0%} | {fig['within_0.1']:.0%} | "
                  f"{fig['points_sd']:.1f} |", flush=True)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(out, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
