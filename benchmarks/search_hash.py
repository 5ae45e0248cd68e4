"""A hash of the Jass search's decisions, to prove that a speed change left them unchanged.

Run by hand (never in CI), in this checkout and in another one, and compare the hashes::

    python benchmarks/search_hash.py --games 4
    PYTHONPATH=../base/src python benchmarks/search_hash.py --games 4

The positions are those of ``benchmarks/rollouts.py --search``: the card decisions with more
than one legal card of ``--games`` games, trump named by a fixed mode and the cards by the
heuristic, so that every checkout meets the same positions. The search (its default settings
but for ``--playouts`` and no time limit, seeded by the decision's number) decides each; the
hash covers each decision's card and every action's mean margin and playout count, so two
checkouts agree only if every sample and every rollout was the same.
"""

from __future__ import annotations

import argparse
import hashlib
import time

from rollouts import card_decisions

import atout
from atout.bots import make_bot


def main() -> None:
    """Print the hash of the search's decisions, and their number."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--playouts", type=int, default=1000)
    args = parser.parse_args()
    rules = atout.make("jass")
    digest = hashlib.sha256()
    views = card_decisions(args.games)
    cpu = 0.0
    for k, view in enumerate(views):
        bot = make_bot(f"search:playouts={args.playouts}", rules, view.seat, k)
        start = time.process_time()
        action = bot.choose(view)
        cpu += time.process_time() - start
        last = getattr(bot, "last", {})
        line = f"{k} {action.text} " + " ".join(
            f"{t}:{m!r}:{n}" for t, (m, n) in sorted(last.items()))
        digest.update(line.encode() + b"\n")
    print(f"{len(views)} decisions, {args.playouts} playouts each: {digest.hexdigest()[:16]} "
          f"({cpu:.1f} s CPU)")


if __name__ == "__main__":
    main()
