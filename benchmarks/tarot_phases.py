"""CPU time of a Tarot bot's decisions, by phase (bids, écart, cards by the number in hand).

Run: ``PYTHONPATH=src python benchmarks/tarot_phases.py [--bot search] [--deals 16]``

The bot sits at seat 0 against heuristic players (4 players, seeds 300 on, the dealer going
round); decisions with a single legal action are left out. ``benchmarks/bots.py`` gives the
percentiles over all decisions; this says which decisions are the slow ones.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import defaultdict

import atout
from atout.bots import make_bot


def main() -> None:
    """Print the median and slowest CPU time of each phase."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bot", default="search")
    ap.add_argument("--deals", type=int, default=16)
    args = ap.parse_args()
    rules = atout.make("tarot")
    times: dict[str, list[float]] = defaultdict(list)
    for i in range(args.deals):
        deal = rules.deal(seed=300 + i, dealer=i % 4)
        bots = [make_bot(args.bot if s == 0 else "heuristic", rules, s, i) for s in range(4)]
        while deal.to_move is not None:
            seat = deal.to_move
            view = deal.view(seat)
            start = time.process_time()
            action = bots[seat].choose(view)
            spent = (time.process_time() - start) * 1000
            if seat == 0 and len(view.legal) > 1:
                key = view.phase if view.phase != "play" else f"play, {len(view.hand)} cards"
                if view.phase == "play" and len(view.hand) > 5:
                    key = "play, 6 cards or more"
                times[key].append(spent)
            deal.play(action)
    print(f"{'phase':<24} {'decisions':>9} {'median ms':>10} {'max ms':>8}")
    for key, values in sorted(times.items()):
        print(f"{key:<24} {len(values):>9} {statistics.median(values):>10.1f} "
              f"{max(values):>8.1f}")


if __name__ == "__main__":
    main()
