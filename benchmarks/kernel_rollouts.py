"""The searches' rollouts per CPU second: the engine's model of the table against the kernel's.

Run by hand (never in CI)::

    python benchmarks/kernel_rollouts.py
    python benchmarks/kernel_rollouts.py --seconds 3

Pitch: 400 deals (seeds 0-399, four players) advanced by a few random actions; each
measurement plays every one to its end with the search's model of the table (every seat by
the heuristic's rules): the engine's :func:`atout.bots.pitch.search.model_rollout` on a
clone, the kernel's through :func:`atout.bots.pitch.search.kernel_model_rollout` on a clone
(what the search calls per rollout: encoding included), and the kernel's batch
:func:`atout.kernels.pitch_policy.model_rollouts` on the states encoded once (what a batched
search pays per rollout). Also the whole search's playouts per CPU second on 20 decisions.
CPU time, in one process: the ratios are the figures.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

import numpy as np

import atout
from atout.bots import make_bot
from atout.bots.pitch.search import kernel_model_rollout, kernel_ready, model_rollout
from atout.core import Deal
from atout.kernels.pitch import encode
from atout.kernels.pitch_policy import model_rollouts


def _rate(work: Callable[[], int], seconds: float) -> float:
    done = 0
    spent = 0.0
    while spent < seconds:
        start = time.process_time()
        done += work()
        spent += time.process_time() - start
    return done / spent


def positions() -> list[Deal]:
    """The 400 positions."""
    rules = atout.make("pitch")
    rng = random.Random(5)
    out = []
    for s in range(400):
        d = rules.deal(seed=s)
        for _ in range(s % 12):
            if d.is_over:
                break
            d.play(rng.choice(d.legal_actions()))
        if not d.is_over:
            out.append(d)
    return out


def search_rate(decisions: int) -> float:
    """The Pitch search's playouts per CPU second over ``decisions`` card decisions."""
    rules = atout.make("pitch")
    bot = make_bot("search", rules, 0, seed=1)
    heuristic = make_bot("heuristic", rules, 1, seed=1)
    done = 0
    seed = 0
    start = time.process_time()
    while done < decisions:
        deal = rules.deal(seed=seed)
        seed += 1
        while not deal.is_over and done < decisions:
            seat = deal.to_move
            assert seat is not None
            if seat == 0 and len(deal.legal_actions()) > 1:
                deal.play(bot.choose(deal.view(0)))
                done += 1
            else:
                heuristic.seat = seat
                deal.play(heuristic.choose(deal.view(seat)))
    spent = time.process_time() - start
    return float(bot.total_playouts) / spent  # type: ignore[attr-defined]


def main() -> None:
    """Print the rates and their ratios."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--decisions", type=int, default=20)
    a = parser.parse_args()
    deals = positions()
    states = np.stack([encode(d) for d in deals])  # type: ignore[arg-type]
    rng = random.Random(1)
    assert kernel_ready(wait=True), "the kernels are not compiled (numba missing?)"
    model_rollouts(states[:2])

    def engine() -> int:
        for d in deals:
            model_rollout(d.clone(), rng)
        return len(deals)

    def kernel() -> int:
        for d in deals:
            kernel_model_rollout(d.clone(), rng)
        return len(deals)

    def batch() -> int:
        model_rollouts(states)
        return len(deals)

    e, k, b = (_rate(f, a.seconds) for f in (engine, kernel, batch))
    print(f"pitch model rollouts per CPU second: engine {e:,.0f}; kernel per call "
          f"{k:,.0f} ({k / e:.1f}x); kernel batch {b:,.0f} ({b / e:.1f}x)")
    if a.decisions:
        print(f"pitch search playouts per CPU second: {search_rate(a.decisions):,.0f}")


if __name__ == "__main__":
    main()
