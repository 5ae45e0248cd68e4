"""Rollouts per CPU second of the Putze search's card play: its Python rollout against the kernel.

Run: ``PYTHONPATH=src python benchmarks/putze_kernel_rate.py [--seconds 5]``

32 four-player deals brought to their card play by the heuristic's choices
(:func:`atout.bots.putze.search.putze_rollout_to_play`); the Python side rolls each out by
:func:`~atout.bots.putze.search.putze_rollout` (a clone, random cards, the result valued by
:func:`~atout.bots.parts.side_value`), the kernel side as the search calls it
(:func:`atout.bots.putze.kernel.batch_rollouts`: 32 worlds × every legal card × 4 rollouts a
call, encoding included). CPU time (``time.process_time``), one run, both sides in it: on a
shared machine compare the ratio, not the rates.
"""

from __future__ import annotations

import argparse
import random
import time

import atout
from atout.bots.parts import side_value
from atout.bots.putze.kernel import batch_rollouts, warm
from atout.bots.putze.search import putze_rollout, putze_rollout_to_play
from atout.core import Deal


def deals(count: int) -> list[Deal]:
    """``count`` four-player deals in their card play."""
    rules = atout.make("putze")
    out: list[Deal] = []
    seed = 0
    while len(out) < count:
        deal = rules.deal(seed=seed)
        seed += 1
        putze_rollout_to_play(deal)
        if deal.to_move is not None:
            out.append(deal)
    return out


def python_rate(rows: list[Deal], seconds: float) -> float:
    """The Python rollouts per CPU second."""
    rng = random.Random(1)
    start = time.process_time()
    n = 0
    while time.process_time() - start < seconds:
        for deal in rows:
            copy = deal.clone()
            seat = copy.to_move
            assert seat is not None
            side_value(putze_rollout(copy, rng), seat)
            n += 1
    return n / (time.process_time() - start)


def kernel_rate(rows: list[Deal], seconds: float) -> float:
    """The kernel's rollouts per CPU second, called as the search calls it."""
    start = time.process_time()
    n = 0
    while time.process_time() - start < seconds:
        for deal in rows:
            seat = deal.to_move
            assert seat is not None
            legal = deal.legal_mask()
            actions = [deal.rules.actions[c] for c in range(36) if legal >> c & 1]
            batch_rollouts([deal] * len(rows), actions, 4, seat, n)
            n += len(rows) * len(actions) * 4
    return n / (time.process_time() - start)


def main() -> None:
    """Print both rates and their ratio."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    args = parser.parse_args()
    if not warm():
        print("the kernels are not compiled here (numba missing or ATOUT_PURE=1): the kernel "
              "side runs as plain Python")
    rows = deals(32)
    py = python_rate(rows, args.seconds)
    kr = kernel_rate(rows, args.seconds)
    print(f"python rollouts/cpu-s {py:,.0f}  kernel rollouts/cpu-s {kr:,.0f}  "
          f"ratio {kr / py:.1f}x")


if __name__ == "__main__":
    main()
