"""Sampled deals per CPU second for the Putze search: its Python sampler against the kernel's.

Run: ``PYTHONPATH=src python benchmarks/putze_worlds.py [--positions 12] [--seconds 2]
[--pre]``

For each table size (2 to 5 players, the default rules), ``--positions`` decisions of the
card play past the first trick (random choices before and in the play, from seeds): the
Python side draws deals by :meth:`atout.bots.putze.sampler.PutzeDeterminizer.sample` (each one
built through the rules and the history replayed), the kernel side as the search calls it,
32 worlds a call (:func:`atout.bots.putze.worlds.sample`), the view's facts read once per
decision and counted (:func:`~atout.bots.putze.worlds.world_facts`, which draws one Python
deal for the kernel's base state). CPU time (``time.process_time``), one run, both sides in
it: on a shared machine compare the ratios, not the rates.

``--pre``: the decisions before the card play that the search samples in the kernel
instead (the trump six at the tables with a talon, the better cards at two players): the
sampler alone as above (the kernel's facts read once per decision, 32 worlds a call), then
the whole search's decision in CPU ms, the default (``kernel=1``) against ``kworlds=0``
(the Python sampler and rollouts), on the same positions in one run.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from timing import sampler_rate

import atout
from atout.bots.putze.kernel import warm
from atout.bots.putze.pre import better_facts
from atout.bots.putze.search import PutzeDeterminizer
from atout.bots.putze.worlds import sample, world_facts
from atout.bots.search import SearchBot
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
    return sampler_rate(lambda: PutzeDeterminizer(rules), rows, seconds)


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


PRE_TABLES: list[tuple[str, dict[str, Any], str]] = [
    ("2, better cards", {"players": 2}, "better"),
    ("2, six", {"players": 2}, "six"),
    ("3, six", {"players": 3}, "six"),
    ("5 jass-txt, six", {"players": 5, "base": "jass-txt"}, "six"),
]
"""The pre-play rows: a label, the table's options, the phase."""


def pre_views(options: dict[str, Any], phase: str, count: int) -> list[View]:
    """``count`` views at decisions of ``phase`` (random choices before them, few passes)."""
    rules: Any = atout.make("putze", **options)
    out: list[View] = []
    for k in range(count * 50):
        rng = random.Random(k)
        deal: Any = rules.deal(seed=k, dealer=k % rules.plan.players)
        while deal.to_move is not None and deal.phase not in (phase, "play"):
            mask = deal.legal_mask()
            if mask & ~(1 << PASS):
                mask &= ~(1 << PASS)
            deal.step(rng.choice([a for a in range(43) if mask >> a & 1]))
        if deal.phase == phase and deal.to_move is not None and (
                phase != "six" or len(deal.players()) > 1):
            out.append(deal.view(deal.to_move))
        if len(out) == count:
            break
    return out


def pre_kernel_rate(rules: Any, rows: list[View], seconds: float) -> float:
    """The kernel's worlds per CPU second before the play, 32 a call, the facts read once
    per decision."""
    start = time.process_time()
    n = 0
    while time.process_time() - start < seconds:
        for view in rows:
            read = better_facts if view.phase == "better" else world_facts
            facts = read(PutzeDeterminizer(rules), view, n)
            assert facts is not None
            for r in range(4):
                n += int((sample(facts, 32, n + r)[:, 10] >= 0).sum())
    return n / (time.process_time() - start)


def decision_ms(rules: Any, rows: list[View], spec: dict[str, int]) -> float:
    """The search's mean CPU ms per decision on ``rows``."""
    start = time.process_time()
    for i, view in enumerate(rows):
        SearchBot(rules, view.seat, i, **spec).choose(view)  # type: ignore[arg-type]
    return (time.process_time() - start) * 1000 / len(rows)


def pre_main(args: argparse.Namespace) -> None:
    """The pre-play rows (see the module)."""
    print("| table, decision | Python deals/CPU s | kernel worlds/CPU s | ratio "
          "| search CPU ms, kworlds=0 → kernel | ratio |")
    print("|---|---|---|---|---|---|")
    for label, options, phase in PRE_TABLES:
        rules = atout.make("putze", **options)
        rows = pre_views(options, phase, args.positions)
        py = python_rate(rules, rows, args.seconds)
        kern = pre_kernel_rate(rules, rows, args.seconds)
        before = decision_ms(rules, rows, {"kernel": 1, "kworlds": 0})
        after = decision_ms(rules, rows, {"kernel": 1})
        print(f"| {label} | {py:,.0f} | {kern:,.0f} | {kern / py:.1f}× | {before:.1f} → "
              f"{after:.1f} | {before / after:.1f}× |")


def main() -> None:
    """Print both rates and their ratio per table size."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=12)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--pre", action="store_true",
                        help="the decisions before the card play (the six, the better cards)")
    args = parser.parse_args()
    if not warm():
        print("the kernels are not compiled here (numba missing or ATOUT_PURE=1): the kernel "
              "side runs as plain Python")
    if args.pre:
        pre_main(args)
        return
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
