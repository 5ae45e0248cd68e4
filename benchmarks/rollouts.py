"""Jass search rollouts per CPU second, greedy and modelled, on the same fixed positions.

Run by hand (never in CI); with ``PYTHONPATH`` pointing at another checkout's ``src`` to
compare with it, in turns::

    python benchmarks/rollouts.py
    PYTHONPATH=/tmp/base/src python benchmarks/rollouts.py

400 deals (seeds 0-399) are advanced by a trump and a few random cards; each measurement
clones them and plays every one to its end with the search's rollout policy
(:func:`atout.bots.jass_search.jass_rollout`), greedy (``model=-1``, every seat by the rollout
policy) and modelled (``model=1``, one side by the heuristic's rules: the search's default).
The best of ``--repeat`` runs is reported, in CPU time.
"""

from __future__ import annotations

import argparse
import random
import time

import atout
from atout.bots.jass_search import jass_rollout


def main() -> None:
    """Print rollouts per CPU second for both policies."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    rules = atout.make("jass")
    rng = random.Random(5)
    deals = []
    for s in range(400):
        d = rules.deal(seed=s)
        d.fast_play(36 + s % 4)  # fast_play: the name both older and newer checkouts know
        for _ in range(s % 9):
            mask = d.legal_mask()
            d.fast_play(rng.choice([i for i in range(36) if mask >> i & 1]))
        deals.append(d)
    for model in (-1, 1):
        best = 0.0
        for _ in range(args.repeat):
            copies = [d.clone() for d in deals]
            r = random.Random(1)
            start = time.process_time()
            for d in copies:
                jass_rollout(d, r, model)
            best = max(best, len(copies) / (time.process_time() - start))
        print(f"rollouts per CPU second, model={model:>2}: {best:,.0f}")


if __name__ == "__main__":
    main()
