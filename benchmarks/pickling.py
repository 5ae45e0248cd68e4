"""What a pickled deal costs, against ``deal.clone()``, in every game: format 3 (each deal
class's codec, what ``pickle.dumps(deal)`` writes) beside format 2 (field by field, the
fallback and the format before), in one run.

Run by hand (never in CI)::

    python benchmarks/pickling.py [--positions 40] [--calls 1500]

For each game, random reachable positions (seeded: a deal dealt, then 0 to 60 random legal
actions) are taken; for each, ``pickle.loads(pickle.dumps(deal, 5))`` (the round trip a
worker process or Ray makes) in format 3 and in format 2, ``pickle.dumps`` alone (format 3)
and ``deal.clone()`` are timed in turn, in one run, so that the machine's load hits every line
alike: the fastest of ``--calls`` single calls each (a call timed alone: on a loaded machine
the best of long batches favours the short operation, whose batches are less often
interrupted), summed over the positions. Printed: the microseconds per call, the size of the
pickle, and the round trip's multiple of a clone in each format. Then the same per deal for a
batch: 64 positions (distinct deals) in one list pickled and read back at once (what a worker
process or Ray receives: the global and the head are written once), the fastest of
``--calls // 5`` round trips of the list, divided by 64, and its multiple of the mean clone.
Last, the floor: the round trip of an object whose ``__reduce__`` names one global of a module
already loaded (``operator.pos``, one int argument): the least a pickle that calls back into
a function costs, and its multiple of the mean clone.

Instruction counts (steady on a loaded machine), per call of one operation on the positions::

    valgrind --tool=callgrind --collect-atstart=no --toggle-collect=starmap_next \\
        python benchmarks/pickling.py --count trip3 --game jass --positions 20 --calls 20

then divide the collected instructions by ``positions * calls`` (``trip2``, ``trip3``,
``clone``, ``batch3``: the list of all positions in one pickle, per deal).
"""

from __future__ import annotations

import argparse
import collections
import itertools
import operator
import pickle
import random
import time
from typing import Any

import atout
from atout.pickles import deal_reduction

GAMES: list[tuple[str, dict[str, Any]]] = [
    ("jass", {}), ("putze", {}), ("tarot", {}), ("pitch", {}), ("knock-rummy", {}),
]


BATCH = 64
"""The deals in one pickled list (the batch columns)."""


class Format2:
    """Pickles as its deal does in format 2 (field by field: :func:`deal_reduction`)."""

    __slots__ = ("deal",)

    def __init__(self, deal: atout.Deal) -> None:
        self.deal = deal

    def __reduce__(self) -> tuple[Any, ...]:
        return deal_reduction(self.deal, self.deal._pickle_state())


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


def trip(obj: Any) -> Any:
    """A pickle round trip, protocol 5."""
    return pickle.loads(pickle.dumps(obj, 5))


class Floor:
    """The least object that pickles through a function: ``operator.pos(1)`` on load."""

    def __reduce__(self) -> tuple[Any, ...]:
        return (operator.pos, (1,))


def count(game: str, what: str, n: int, calls: int) -> None:
    """Run ``what`` ``calls`` times on each of ``n`` positions of ``game`` inside
    ``itertools.starmap`` (for callgrind's ``--toggle-collect=starmap_next``), untimed."""
    deals = positions(game, {}, n)
    for deal in deals:  # the heads and the codecs' tables made before counting
        trip(deal)
        trip(Format2(deal))
    work: dict[str, list[Any]] = {
        "trip3": [lambda d=d: trip(d) for d in deals],
        "trip2": [lambda w=w: trip(w) for w in map(Format2, deals)],
        "clone": [d.clone for d in deals],
        "batch3": [lambda: trip(deals)] * n,
    }
    jobs = [(f,) for f in work[what] for _ in range(calls)]
    collections.deque(itertools.starmap(operator.call, jobs), 0)


def main() -> None:
    """Print a line per game: clone, round trips in each format, dumps, bytes, ratios."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--calls", type=int, default=2000)
    parser.add_argument("--count", choices=("trip3", "trip2", "clone", "batch3"),
                        help="only run this operation, untimed (for callgrind)")
    parser.add_argument("--game", default="jass")
    a = parser.parse_args()
    if a.count:
        count(a.game, a.count, a.positions, a.calls)
        return
    print(f"{'game':12} {'clone':>7} {'trip f2':>8} {'trip f3':>8} {'dumps f3':>8} "
          f"{'bytes':>11} {'f2/clone':>8} {'f3/clone':>8} {'f3/f2':>6} "
          f"{'batch64/deal f2 f3':>19} {'batch f3/clone':>14} {'floor/clone':>11}")
    least = Floor()
    floor = best(lambda: trip(least), a.calls)
    for game, options in GAMES:
        deals = positions(game, options, a.positions)
        two = three = dumps = clone = 0.0
        size2 = size3 = 0
        for deal in deals:
            old = Format2(deal)
            assert trip(deal).history == deal.history == trip(old).history
            clone += best(deal.clone, a.calls)
            two += best(lambda w=old: trip(w), a.calls)
            three += best(lambda d=deal: trip(d), a.calls)
            dumps += best(lambda d=deal: pickle.dumps(d, 5), a.calls)
            size2 += len(pickle.dumps(old, 5))
            size3 += len(pickle.dumps(deal, 5))
        n = len(deals)
        batch = positions(game, options, BATCH)  # distinct deals: none pickled twice
        olds = [Format2(d) for d in batch]
        assert [d.history for d in trip(batch)] == [d.history for d in batch]
        runs = max(a.calls // 5, 5)
        per2 = best(lambda b=olds: trip(b), runs) / BATCH
        per3 = best(lambda b=batch: trip(b), runs) / BATCH
        each = clone / n
        print(f"{game:12} {each:5.1f}µs {two / n:6.1f}µs {three / n:6.1f}µs "
              f"{dumps / n:6.1f}µs {size2 // n:5d}>{size3 // n:<5d} {two / clone:7.1f}× "
              f"{three / clone:7.1f}× {three / two:5.2f} {per2:8.1f}µs {per3:6.1f}µs "
              f"{per3 / each:13.1f}× {floor / each:10.1f}×")
    print(f"floor: {floor:.1f}µs a round trip (one global, operator.pos(1))")


if __name__ == "__main__":
    main()
