"""What a pickled deal costs, against ``deal.clone()``, in every game.

Run by hand (never in CI)::

    python benchmarks/pickling.py [--positions 40] [--calls 2000]

For each game, random reachable positions (seeded: a deal dealt, then 0 to 60 random legal
actions) are taken; for each, ``pickle.loads(pickle.dumps(deal, 5))`` (the round trip a
worker process or Ray makes), ``pickle.dumps`` alone, ``deal.clone()`` and
``copy.deepcopy(deal)`` are timed in turn, in one run, so that the machine's load hits
every line alike: the fastest of ``--calls`` single calls each (a call timed alone: on a
loaded machine the best of long batches favours the short operation, whose batches are
less often interrupted), summed over the positions. Printed: the microseconds per call,
the size of the pickle, and the round trip's multiple of a clone and of a deep copy. Then
the same per deal for a batch: 64 positions (distinct deals) in one list pickled and read back at
once (what a worker process or Ray receives: the global and the head are written once),
the fastest of ``--calls // 20`` round trips of the list, divided by 64, and its multiple
of the mean clone. Last, the floor: the round trip of an object whose ``__reduce__``
names one global of a module already loaded (``operator.pos``, one int argument): the
least a pickle that calls back into a function costs, and its multiple of the mean clone.
"""

from __future__ import annotations

import argparse
import copy
import operator
import pickle
import random
import time
from typing import Any

import atout

GAMES: list[tuple[str, dict[str, Any]]] = [
    ("jass", {}), ("putze", {}), ("tarot", {}), ("pitch", {}), ("knock-rummy", {}),
]


BATCH = 64
"""The deals in one pickled list (the batch line)."""


def positions(game: str, options: dict[str, Any], count: int) -> list[atout.Deal]:
    """``count`` reachable positions of ``game``: deals from seeds, a random number of
    random legal actions played."""
    rules = atout.make(game, **options)
    out = []
    for seed in range(count):
        deal = rules.deal(seed=seed, dealer=seed % rules.seats)
        rng = random.Random(seed)
        for _ in range(rng.randrange(61)):
            if deal.is_over:
                break
            deal.play(rng.choice(deal.legal_actions()))
        out.append(deal)
    return out


def best(fn: Any, calls: int) -> float:
    """The fastest of ``calls`` single calls of ``fn``, in microseconds."""
    clock = time.perf_counter_ns
    fastest = 1 << 62
    for _ in range(calls):
        t0 = clock()
        fn()
        fastest = min(fastest, clock() - t0)
    return fastest / 1000


class Floor:
    """The least object that pickles through a function: ``operator.pos(1)`` on load."""

    def __reduce__(self) -> tuple[Any, ...]:
        return (operator.pos, (1,))


def main() -> None:
    """Print a line per game: round trip, dumps and clone in µs, bytes, and the ratio."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--calls", type=int, default=2000)
    a = parser.parse_args()
    print(f"{'game':12} {'round trip':>11} {'dumps':>8} {'clone':>8} {'deepcopy':>9} "
          f"{'bytes':>6} {'trip/clone':>10} {'trip/deepcopy':>13} {'batch64/deal':>12} "
          f"{'bytes':>6} {'batch/clone':>11} {'floor/clone':>11}")
    least = Floor()
    floor = best(lambda: pickle.loads(pickle.dumps(least, 5)), a.calls)
    for game, options in GAMES:
        deals = positions(game, options, a.positions)
        trip = dumps = clone = deep = 0.0
        size = 0
        for deal in deals:
            assert pickle.loads(pickle.dumps(deal, 5)).history == deal.history
            trip += best(lambda d=deal: pickle.loads(pickle.dumps(d, 5)), a.calls)
            dumps += best(lambda d=deal: pickle.dumps(d, 5), a.calls)
            clone += best(deal.clone, a.calls)
            deep += best(lambda d=deal: copy.deepcopy(d), a.calls)
            size += len(pickle.dumps(deal, 5))
        n = len(deals)
        batch = positions(game, options, BATCH)  # distinct deals: none pickled twice
        assert [d.history for d in pickle.loads(pickle.dumps(batch, 5))] == [
            d.history for d in batch]
        per = best(lambda b=batch: pickle.loads(pickle.dumps(b, 5)), max(a.calls // 5, 5)) / BATCH
        per_size = len(pickle.dumps(batch, 5)) // BATCH
        print(f"{game:12} {trip / n:9.1f}µs {dumps / n:6.1f}µs {clone / n:6.1f}µs "
              f"{deep / n:7.1f}µs {size // n:6d} {trip / clone:9.1f}× {trip / deep:12.1f}× "
              f"{per:10.1f}µs {per_size:6d} {per / (clone / n):10.1f}× "
              f"{floor / (clone / n):10.1f}×")
    print(f"floor: {floor:.1f}µs a round trip (one global, operator.pos(1))")


if __name__ == "__main__":
    main()
