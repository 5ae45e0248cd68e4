"""CPU time of Tarot bots' decisions by phase (bids, call, écart, chelem, cards by hand size).

Run: ``PYTHONPATH=src python benchmarks/tarot_phases.py [--bots search,search:kworlds=0]
[--deals 16] [--players 4]``

Each bot sits at seat 0 against heuristic players (seeds 300 on, the dealer going round);
decisions with a single legal action are left out. The bots play deal by deal in turn (each
its own deal of the same seed), so their figures are measured side by side and their ratios
hold on a loaded machine; the compiled kernels are made ready before anything is timed.
``benchmarks/bots.py`` gives the percentiles over all decisions; this says which decisions
are the slow ones (median, 99th percentile by the nearest rank, and the slowest).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import defaultdict

import atout
from atout.bots import make_bot
from atout.bots.ready import kernels_ready


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) by the nearest rank."""
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, round(q * (len(ordered) - 1))))]


def phase_key(phase: str, hand: int) -> str:
    """The row a decision goes to."""
    if phase != "play":
        return phase
    return "play, 6 cards or more" if hand > 5 else f"play, {hand} cards"


def main() -> None:
    """Print the median, 99th percentile and slowest CPU time of each phase and bot."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bot", help="one bot (the old flag; --bots takes a list)")
    ap.add_argument("--bots", default="search")
    ap.add_argument("--deals", type=int, default=16)
    ap.add_argument("--players", type=int, default=4, choices=(3, 4, 5))
    args = ap.parse_args()
    names = [args.bot] if args.bot else args.bots.split(",")
    rules = atout.make("tarot", players=args.players)
    kernels_ready("tarot")
    n = rules.seats
    times: dict[tuple[str, str], list[float]] = defaultdict(list)
    for i in range(args.deals):
        for name in names:
            deal = rules.deal(seed=300 + i, dealer=i % n)
            bots = [make_bot(name if s == 0 else "heuristic", rules, s, i) for s in range(n)]
            while deal.to_move is not None:
                seat = deal.to_move
                view = deal.view(seat)
                start = time.process_time()
                action = bots[seat].choose(view)
                spent = (time.process_time() - start) * 1000
                if seat == 0 and len(view.legal) > 1:
                    times[(phase_key(view.phase, len(view.hand)), name)].append(spent)
                deal.play(action)
    print(f"{'phase':<24} {'bot':<28} {'decisions':>9} {'median ms':>10} {'p99 ms':>8} "
          f"{'max ms':>8}")
    for (key, name), values in sorted(times.items(), key=lambda kv: (
            kv[0][0], names.index(kv[0][1]))):
        print(f"{key:<24} {name:<28} {len(values):>9} {statistics.median(values):>10.1f} "
              f"{percentile(values, 0.99):>8.1f} {max(values):>8.1f}")


if __name__ == "__main__":
    main()
