"""A default Jass search in a fresh process: how long its decisions take while the kernels get
ready in the background, and when they are.

Run by hand (never in CI), once with an empty numba cache and once with it filled::

    NUMBA_CACHE_DIR=<empty folder> python benchmarks/kernel_first_use.py
    NUMBA_CACHE_DIR=<same folder> python benchmarks/kernel_first_use.py

Four default searches (``search:seconds=0.1``) play deals from the first decision on; the
script prints the import time, the first and the slowest decision, and after how much play
(and how many decisions on the Python rollouts) the kernels were ready.
"""

from __future__ import annotations

import time


def main() -> None:
    """Play until the kernels are ready and 40 decisions are made; print the summary."""
    t0 = time.perf_counter()
    import atout
    from atout.bots import make_bot
    from atout.bots.jass.search import kernel_ready

    rules = atout.make("jass")
    imported = time.perf_counter() - t0
    games = 0
    deal = rules.deal(seed=7, dealer=0)
    bots = {s: make_bot("search:seconds=0.1", rules, s, s) for s in range(4)}
    times: list[float] = []
    ready_at: tuple[float, int] | None = None
    start = time.perf_counter()
    while (ready_at is None or len(times) < 40) and time.perf_counter() - start < 1200:
        if deal.to_move is None:
            games += 1
            deal = rules.deal(seed=7 + games, dealer=games % 4)
        seat = deal.to_move
        assert seat is not None
        t = time.perf_counter()
        action = bots[seat].choose(deal.view(seat))
        times.append(time.perf_counter() - t)
        deal.play(action)
        if ready_at is None and kernel_ready():
            ready_at = (time.perf_counter() - start, len(times))
    print(f"import {imported:.2f} s; first decision {times[0]:.2f} s; slowest decision "
          f"{max(times):.2f} s")
    if ready_at is None:
        print("the kernels were not ready after 20 minutes (or are not compiled here)")
    else:
        print(f"kernels ready after {ready_at[0]:.1f} s of play ({ready_at[1]} decisions on "
              "the Python rollouts)")


if __name__ == "__main__":
    main()
