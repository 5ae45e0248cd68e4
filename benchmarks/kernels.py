"""Random playouts per CPU second: the compiled kernels against today's fast path, side by side.

Run by hand (never in CI)::

    python benchmarks/kernels.py                    # every game with a kernel here
    python benchmarks/kernels.py --games tarot --seconds 3
    python benchmarks/kernels.py --cold             # also the first call's compilation

For each game, the same dealt positions (seeds 0..99 of a table, before any action) are played
out at random to the end by the engine's fast path (``deal.clone().playout(rng)``) and by the
kernel (``random_playouts(encode(deal), n, seed)``), each for about ``--seconds`` of CPU time,
in this one process; the ratio of the two rates is the figure that matters on a loaded
machine. Actions per second multiply by the mean number of actions of a playout (the same
positions, counted once). The kernels' compilation is not counted: they are compiled (or
loaded from the cache) before timing; ``--cold`` times the first call in a child process with
an empty cache folder, then again with that cache filled.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from typing import Any

import atout
from atout.kernels import COMPILED, knock_rummy, pitch, tarot

GAMES: dict[str, tuple[Any, dict[str, Any], str]] = {
    "pitch": (pitch, {}, "hearts"),
    "tarot": (tarot, {}, "tarok"),
    "knock-rummy": (knock_rummy, {}, "gin_rummy"),
}
"""Each game: its kernel module, the table's options (the defaults) and the OpenSpiel game it
is set beside, per action."""


def _rate(work: Callable[[int], int], seconds: float) -> float:
    """Playouts per CPU second of ``work(k)`` (plays k playouts, returns how many)."""
    done = 0
    spent = 0.0
    k = 1
    while spent < seconds:
        start = time.process_time()
        done += work(k)
        spent += time.process_time() - start
        k = min(k * 2, 1 << 16)
    return done / spent


def measure(game: str, seconds: float) -> dict[str, float]:
    """The engine's and the kernel's playouts per CPU second and actions per playout."""
    kernel, options, _ = GAMES[game]
    rules = atout.make(game, **options)
    deals = [rules.deal(seed=s) for s in range(100)]
    states = [kernel.encode(d) for d in deals]
    kernel.random_playouts(states[0], 1, 0)  # compiled or loaded from the cache first
    rng = random.Random(1)

    def engine(k: int) -> int:
        for i in range(k):
            deals[i % 100].clone().playout(rng)
        return k

    def compiled(k: int) -> int:
        per = max(1, k // 100)
        for i in range(100):
            kernel.random_playouts(states[i], per, i)
        return per * 100

    actions = sum(len(kernel.choices(states[i], i, j)) for i in range(100) for j in range(5))
    return {"engine": _rate(engine, seconds), "kernel": _rate(compiled, seconds),
            "actions": actions / 500}


def openspiel(name: str, seconds: float) -> float | None:
    """Player actions per CPU second of an OpenSpiel C++ game driven from Python, the deal
    (chance nodes) included but not counted: as benchmarks/engine.py drives it."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game(name)
    rng = random.Random(3)
    counted = [0, 0]  # actions, games

    def play(k: int) -> int:
        counted[1] += k
        for _ in range(k):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(rng.choice(state.chance_outcomes())[0])
                else:
                    state.apply_action(rng.choice(state.legal_actions()))
                    counted[0] += 1
            state.returns()
        return k

    games_per_second = _rate(play, seconds)
    return games_per_second * counted[0] / counted[1]


def cold(game: str) -> tuple[float, float]:
    """The first call's CPU seconds (numba's import included) in a fresh process with an
    empty cache, then in another with that cache filled."""
    code = ("import time, atout; t = time.process_time(); "
            f"from atout.kernels import batch; batch.playouts({game!r}, 1, 0); "
            "print(time.process_time() - t)")
    with tempfile.TemporaryDirectory() as folder:
        env = {**os.environ, "NUMBA_CACHE_DIR": folder}
        times = [float(subprocess.run([sys.executable, "-c", code], env=env, check=True,
                                      capture_output=True, text=True).stdout)
                 for _ in range(2)]
    return times[0], times[1]


def main() -> None:
    """Measure each game named and print a line each."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", nargs="*", default=list(GAMES))
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--cold", action="store_true")
    parser.add_argument("--openspiel", action="store_true",
                        help="also OpenSpiel's C++ game beside each, per action")
    a = parser.parse_args()
    print(f"kernels {'compiled (numba)' if COMPILED else 'plain Python (ATOUT_PURE=1)'}; "
          "CPU time, one process")
    for game in a.games:
        r = measure(game, a.seconds)
        print(f"{game}: fast path {r['engine']:,.0f} playouts/s, kernel {r['kernel']:,.0f} "
              f"playouts/s: {r['kernel'] / r['engine']:.1f}x; {r['actions']:.1f} actions a "
              f"playout: kernel {r['kernel'] * r['actions']:,.0f} actions/s")
        if a.openspiel:
            name = GAMES[game][2]
            rate = openspiel(name, a.seconds)
            if rate is None:
                print("  OpenSpiel (pyspiel) is not installed: pip install open-spiel")
            else:
                print(f"  OpenSpiel {name} from Python: {rate:,.0f} actions/s; kernel "
                      f"{r['kernel'] * r['actions'] / rate:.1f}x per action")
        if a.cold:
            first, warm = cold(game)
            print(f"  first call {first:.1f} s with an empty cache, {warm:.1f} s cached")


if __name__ == "__main__":
    main()
