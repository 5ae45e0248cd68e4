"""The Jass search's first trick: its Python sampler against the kernel's, alone and in whole
decisions.

Run: ``PYTHONPATH=src python benchmarks/jass_first_trick.py [--positions 40] [--seconds 2]``

Positions: ``--positions`` decisions of the first trick (trump chosen by the heuristic, then
0 to 3 random cards, from seeds; about half with a Weis announced by a seat that played).

- the sampler alone: the Python sampler's deals per CPU second
  (:meth:`atout.bots.jass.search.JassDeterminizer.sample`, 8 a view, a new sampler each view)
  against the kernel's worlds per CPU second as the search calls it (32 a call, four calls a
  view, the view's facts read once a view and counted: :func:`~atout.bots.jass.search.
  world_facts`, which draws one Python deal for the kernel's base state);
- whole decisions: the search at its default budget with its rollouts in the kernel
  (``kernel=1``), its deals drawn by the kernel (``kworlds=1``, the default) or by the Python
  sampler (``kworlds=0``, the search before), each position decided by both in turn, same
  seeds: CPU time per decision, median, p99 and mean, and how often they chose alike.

CPU time (``time.process_time``), one run, both sides in it: on a shared machine compare the
ratios, not the rates.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

from timing import sampler_rate

import atout
from atout.bots import make_bot
from atout.bots.jass.search import JassDeterminizer, kernel_ready, world_facts
from atout.core import View
from atout.kernels import COMPILED


def views(count: int) -> list[View]:
    """``count`` views of decisions in the first trick."""
    rules: Any = atout.make("jass")
    out: list[View] = []
    k = 0
    while len(out) < count:
        rng = random.Random(k)
        deal: Any = rules.deal(seed=k, dealer=k % 4)
        while deal.phase != "play":
            bot = make_bot("heuristic", rules, deal.to_move, k)
            deal.play(bot.choose(deal.view(deal.to_move)))
        for _ in range(k % 4):
            deal.play(rng.choice(deal.legal_actions()))
        k += 1
        if len(deal.view(deal.to_move).legal) > 1:
            out.append(deal.view(deal.to_move))
    return out


def python_rate(rules: Any, rows: list[View], seconds: float) -> float:
    """The Python sampler's deals per CPU second."""
    return sampler_rate(lambda: JassDeterminizer(rules), rows, seconds)


def kernel_rate(rules: Any, rows: list[View], seconds: float) -> float:
    """The kernel's worlds per CPU second, 32 a call, the facts read once per view."""
    from atout.kernels.jass_sample import sample_worlds_kernel

    sample: Any = sample_worlds_kernel
    start = time.process_time()
    n = 0
    while time.process_time() - start < seconds:
        for view in rows:
            facts = world_facts(JassDeterminizer(rules), view, n)
            assert facts is not None
            for r in range(4):
                n += int((sample(*facts, 32, n + r)[:, 10] >= 0).sum())
    return n / (time.process_time() - start)


def decisions(rules: Any, rows: list[View]) -> tuple[list[float], list[float], int]:
    """CPU seconds per decision with the kernel's deals and with the Python sampler's, and
    how many positions both decided alike."""
    kern: list[float] = []
    py: list[float] = []
    same = 0
    for i, view in enumerate(rows):
        chosen = []
        for spec, out in (("search:kernel=1", kern), ("search:kernel=1:kworlds=0", py)):
            bot = make_bot(spec, rules, view.seat, i)
            t = time.process_time()
            chosen.append(bot.choose(view))
            out.append(time.process_time() - t)
        same += chosen[0] == chosen[1]
    return kern, py, same


def p99(xs: list[float]) -> float:
    """The 99th percentile (the largest of fewer than 100)."""
    s = sorted(xs)
    return s[min(len(s) - 1, int(0.99 * len(s)))]


def main() -> None:
    """Print the sampler rates and the decision times, with their ratios."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--seconds", type=float, default=2.0)
    args = parser.parse_args()
    if not COMPILED or not kernel_ready(wait=True):
        print("the kernels are not compiled here (numba missing or ATOUT_PURE=1): the kernel "
              "side runs as plain Python")
    rules = atout.make("jass")
    rows = views(args.positions)
    said = sum(1 for v in rows if any((v.info.get("weis_announced") or {}).values()))
    print(f"{len(rows)} first-trick positions, {said} with a Weis announced")
    py = python_rate(rules, rows, args.seconds)
    kern = kernel_rate(rules, rows, args.seconds)
    print("| sampler | deals/CPU s | ratio |")
    print("|---|---|---|")
    print(f"| Python (JassDeterminizer) | {py:,.0f} | 1 |")
    print(f"| kernel (32 a call, facts counted) | {kern:,.0f} | {kern / py:.1f}× |")
    k, p, same = decisions(rules, rows)
    print()
    print("| search:kernel=1 | median ms | p99 ms | mean ms |")
    print("|---|---|---|---|")
    for name, xs in (("kworlds=0 (Python sampler)", p), ("kworlds=1 (kernel, default)", k)):
        print(f"| {name} | {statistics.median(xs) * 1e3:.1f} | {p99(xs) * 1e3:.1f} | "
              f"{statistics.mean(xs) * 1e3:.1f} |")
    print(f"ratio (Python / kernel): median {statistics.median(p) / statistics.median(k):.1f}×,"
          f" p99 {p99(p) / p99(k):.1f}×, mean {statistics.mean(p) / statistics.mean(k):.1f}×;"
          f" the same card in {same} of {len(rows)} positions")


if __name__ == "__main__":
    main()
