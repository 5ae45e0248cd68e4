"""The benchmarks' timing: rates in CPU time, the best of several runs, medians of rounds and
the median of per-round ratios, printed in columns.

CPU time (``time.process_time``) rather than the wall clock: the machines are shared, and the
wall clock also counts the other programs' turns. Where two lines are compared they are
measured round by round in one process and each ratio is taken within its round, so a change
of the machine's load between rounds hits both sides of a ratio alike.

Imported by the benchmarks beside it (``from timing import rate``: a script's own folder is
on its path).
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

T = TypeVar("T")

Rows = dict[str, list[float]]
"""Each measure's values, one a round."""


def rates(work: Callable[[int], int], seconds: float) -> tuple[float, float]:
    """Calls and units per CPU second of ``work(i) -> units`` (``i``: 0, 1, 2 ... the call's
    number), called again and again for about ``seconds`` of CPU time (at least once)."""
    if seconds < 0:
        raise ValueError(f"seconds must be 0 or more, not {seconds}")
    done = units = 0
    start = time.process_time()
    while True:
        units += work(done)
        done += 1
        elapsed = time.process_time() - start
        if elapsed >= seconds and elapsed > 0:
            return done / elapsed, units / elapsed


def rate(work: Callable[[int], int], seconds: float) -> float:
    """Units per CPU second of ``work(i) -> units`` over about ``seconds`` (:func:`rates`)."""
    return rates(work, seconds)[1]


def sampler_rate(make: Callable[[], Any], views: Sequence[Any], seconds: float,
                 per_view: int = 8) -> float:
    """A Python sampler's deals per CPU second: a fresh sampler from ``make()`` for each
    view in turn, drawing ``per_view`` deals there (``sampler.sample(view, rng)``), for
    about ``seconds`` of CPU time (every view at least once)."""
    import random

    rng = random.Random(1)

    def draw(i: int) -> int:
        view = views[i % len(views)]
        sampler = make()
        for _ in range(per_view):
            sampler.sample(view, rng)
        return per_view

    return rates(draw, seconds)[1]


def best_rate(work: Callable[[T], int], setup: Callable[[], T], repeat: int) -> float:
    """The best of ``repeat`` runs of ``work(setup()) -> units``, in units per CPU second;
    ``setup`` (making copies to play, say) is not timed."""
    if repeat < 1:
        raise ValueError(f"repeat must be 1 or more, not {repeat}")
    best = 0.0
    for _ in range(repeat):
        given = setup()
        start = time.process_time()
        units = work(given)
        elapsed = max(time.process_time() - start, 1e-9)
        best = max(best, units / elapsed)
    return best


def search_cpu(rules: Any, views: Sequence[Any], spec: str) -> tuple[int, float]:
    """The playouts and the CPU seconds of the bot ``spec`` choosing at each of ``views``
    (a new bot each, seed 1; making it is not timed); a line on stderr says how many."""
    from atout.bots import make_bot

    playouts = 0
    cpu = 0.0
    for view in views:
        bot = make_bot(spec, rules, view.seat, 1)
        start = time.process_time()
        bot.choose(view)
        cpu += time.process_time() - start
        playouts += getattr(bot, "total_playouts", 0)
    print(f"{spec}: {len(views)} card decisions, {playouts:,} playouts", file=sys.stderr)
    return playouts, cpu


def add_round(rows: Rows, got: Mapping[str, float | None]) -> None:
    """Add one round's values to ``rows`` (a value None, a peer not installed, is left out)."""
    for key, value in got.items():
        if value is not None:
            rows.setdefault(key, []).append(value)


def print_medians(rows: Rows, title: str, unit: str, width: int, field: int) -> None:
    """A header (``title``, ``unit``), each measure's median, then a blank line."""
    print(f"{title:<{width}}{unit:>{field}}")
    for key, values in rows.items():
        print(f"{key:<{width}}{statistics.median(values):>{field},.0f}")
    print()


def round_ratios(rows: Rows, num: str, den: str) -> list[float] | None:
    """``num`` over ``den`` in each round, or None when either was not measured."""
    if num not in rows or den not in rows:
        return None
    return [a / b for a, b in zip(rows[num], rows[den], strict=True)]


def print_ratio(rows: Rows, num: str, den: str, goal: str = "", *, width: int = 44,
                field: int = 8, digits: int = 1) -> None:
    """``num / den``: the median of the per-round ratios and each round's, and the goal;
    nothing when either was not measured."""
    per_round = round_ratios(rows, num, den)
    if per_round is None:
        return
    print(f"{num + ' / ' + den:<{width}}{statistics.median(per_round):>{field}.{digits}f}x"
          "  (rounds: " + ", ".join(f"{r:.{digits}f}" for r in per_round) + f")  {goal}")
