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

The search's rollouts are pinned to the Python ones (``kernel=0``) by default: the default
search runs them on the compiled kernels where numba is installed and in Python where it is
not, so its hash would depend on the machine; with ``kernel=0`` it is the same on every
machine. ``--kernel 1`` hashes the kernel's rollouts instead (waiting for their compilation);
``--kernel default`` the spec without the option, for a checkout older than it. The line
printed names the spec it hashed.
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
    parser.add_argument("--kernel", choices=("0", "1", "default"), default="0",
                        help="the search's rollouts: 0 Python (the default: the same hash on "
                             "every machine), 1 the compiled kernel, default the search's own")
    args = parser.parse_args()
    spec = f"search:playouts={args.playouts}"
    if args.kernel != "default":
        spec += f":kernel={args.kernel}"
    rules = atout.make("jass")
    digest = hashlib.sha256()
    views = card_decisions(args.games)
    cpu = 0.0
    for k, view in enumerate(views):
        bot = make_bot(spec, rules, view.seat, k)
        start = time.process_time()
        action = bot.choose(view)
        cpu += time.process_time() - start
        last = getattr(bot, "last", {})
        line = f"{k} {action.text} " + " ".join(
            f"{t}:{m!r}:{n}" for t, (m, n) in sorted(last.items()))
        digest.update(line.encode() + b"\n")
    print(f"{len(views)} decisions, {args.playouts} playouts each, {spec}: "
          f"{digest.hexdigest()[:16]} ({cpu:.1f} s CPU)")


if __name__ == "__main__":
    main()
