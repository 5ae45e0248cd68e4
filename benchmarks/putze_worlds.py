"""Sampled deals per CPU second for the Putze search: its Python sampler against the kernel's.

Run: ``PYTHONPATH=src python benchmarks/putze_worlds.py [--positions 12] [--seconds 2]``

For each table size (2 to 5 players, the default rules), ``--positions`` decisions of the
card play past the first trick (random choices before and in the play, from seeds): the
Python side draws deals by :meth:`atout.bots.putze.sampler.PutzeDeterminizer.sample` (each one
built through the rules and the history replayed), the kernel side as the search calls it,
32 worlds a call (:func:`atout.bots.putze.worlds.sample`), the view's facts read once per
decision and counted (:func:`~atout.bots.putze.worlds.world_facts`, which draws one Python
deal for the kernel's base state). CPU time (``time.process_time``), one run, both sides in
it: on a shared machine compare the ratios, not the rates.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

import atout
from atout.bots.putze.kernel import warm
from atout.bots.putze.search import PutzeDeterminizer
from atout.bots.putze.worlds import sample, world_facts
from atout.core import View
from atout.games.putze.deal import PASS


def views(players: int, count: int) -> list[View]:
    """``count`` views of card-play decisions past the first trick at a table."""
    rules: Any = atout.make("putze", players=players)
    out: list[View] = []
    k = 0
    while len(out) < count:
        rng = random.Random(k)
        deal: Any = rules.deal(seed=k, dealer=k % players)
        k += 1
        while deal.to_move is not None and deal.phase != "play":
            mask = deal.legal_mask()
            if mask & ~(1 << PASS):
                mask &= ~(1 << PASS)
            deal.step(rng.choice([a for a in range(43) if mask >> a & 1]))
        for _ in range(len(deal.players()) + rng.randrange(deal.tricks_total * 2)):
            if deal.to_move is None:
                break
            mask = deal.legal_mask()
            deal.step(rng.choice([c for c in range(36) if mask >> c & 1]))
        if deal.to_move is not None:
            out.append(deal.view(deal.to_move))
    return out


def python_rate(rules: Any, rows: list[View], seconds: float) -> float:
    """The Python sampler's deals per CPU second."""
    rng = random.Random(1)
    start = time.process_time()
    n = 0
    while time.process_time() - start < seconds:
        for view in rows:
            sampler = PutzeDeterminizer(rules)
            for _ in range(8):
                sampler.sample(view, rng)
            n += 8
    return n / (time.process_time() - start)


def kernel_rate(rules: Any, rows: list[View], seconds: float) -> float:
    """The kernel's worlds per CPU second, 32 a call, the facts read once per decision."""
    start = time.process_time()
    n = 0
    while time.process_time() - start < seconds:
        for view in rows:
            facts = world_facts(PutzeDeterminizer(rules), view, n)
            assert facts is not None
            for r in range(4):
                n += int((sample(facts, 32, n + r)[:, 10] >= 0).sum())
    return n / (time.process_time() - start)


def main() -> None:
    """Print both rates and their ratio per table size."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=12)
    parser.add_argument("--seconds", type=float, default=2.0)
    args = parser.parse_args()
    if not warm():
        print("the kernels are not compiled here (numba missing or ATOUT_PURE=1): the kernel "
              "side runs as plain Python")
    print("| players | Python deals/CPU s | kernel worlds/CPU s | ratio |")
    print("|---|---|---|---|")
    for players in (2, 3, 4, 5):
        rules = atout.make("putze", players=players)
        rows = views(players, args.positions)
        py = python_rate(rules, rows, args.seconds)
        kern = kernel_rate(rules, rows, args.seconds)
        print(f"| {players} | {py:,.0f} | {kern:,.0f} | {kern / py:.1f}× |")


if __name__ == "__main__":
    main()
