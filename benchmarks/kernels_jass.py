"""Random playouts per second: the compiled kernels against today's fast path and the peers.

Run by hand (never in CI), with numba and the peers installed (``pip install -e ".[bench]"``)::

    python benchmarks/kernels_jass.py --seconds 2 --rounds 5
    python benchmarks/kernels_jass.py --game jass --compile     # the compilation's cost too

Every line is measured round by round in this one process (CPU time, ``time.process_time``:
the machine is shared) and each ratio is the median of the per-round ratios, so a change in
the machine's load between rounds hits both sides of a ratio alike:

- ``<game> fast``: today's fast path from a dealt position (the card play's start: trump
  chosen, or the speaking done), ``deal.clone().playout(rng)``, the loop today's search
  lives on;
- ``<game> kernel``: the kernel's ``random_playouts(encode(deal), n, seed)`` from the same
  positions, n playouts per call; also as card actions per second;
- ``<game> batch``: ``atout.kernels.batch.playouts(game, n, seed)``, whole deals (the engine
  deals and draws the decisions before the play);
- the peers: OpenSpiel's C++ hearts (and the other kernels' peers, see :data:`PEERS`) driven
  from Python, player actions per second with the deal; jass-kit's fastest honest loop (one
  ``GameSim`` reused across games, ``RuleSchieber.get_valid_cards`` for every card),
  complete hands per second.

- the Jass kernel vector environment (``atout.envs.kernel``, ``--envs`` tables, random legal
  cards) against the raw PettingZoo environment's AEC loop, steps per second.

``--compile`` also reports the compilation: the first call in a fresh process with an empty
cache (compiling), then in another fresh process with that cache (loading), both wall-clock.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
from collections.abc import Callable
from typing import Any

from engine import jass_kit, openspiel
from kernel_envs import kernel_rate, raw_rate
from timing import Rows, add_round, print_medians, print_ratio, rate

from atout.kernels import COMPILED
from atout.kernels import jass as kjass
from atout.kernels.batch import playouts
from atout.kernels.jass_batch import batch_deals

POSITIONS = 64
"""Dealt positions per game, played in turn by every line."""
GAMES: dict[str, dict[str, Any]] = {"jass": {}, "putze": {}}
"""The games measured and their options (the other kernels add theirs)."""
ENCODE: dict[str, Callable[[Any], Any]] = {"jass": kjass.encode, "putze": kjass.encode}
RANDOM: dict[str, Callable[[Any, int, int], Any]] = {
    "jass": kjass.random_playouts, "putze": kjass.random_playouts}
PEERS: dict[str, str] = {"jass": "hearts", "putze": "hearts"}
"""Each game's OpenSpiel peer for the actions per second."""


def positions(game: str) -> list[Any]:
    """Dealt positions at the start of the card play (deals nobody plays left out)."""
    deals = batch_deals(game, POSITIONS * 2, 99, GAMES[game])
    return [d for d in deals if d.__dict__.get("tricks") is not None][:POSITIONS]


def cards_per_playout(game: str, deals: list[Any]) -> float:
    """The mean number of cards a playout plays from these positions."""
    rng = random.Random(0)
    total = 0
    for d in deals:
        c = d.clone()
        before = len(c.history)
        c.playout(rng)
        total += len(c.history) - before
    return total / len(deals)


def game_lines(game: str, seconds: float, per_call: int) -> dict[str, float]:
    """Playouts per second of the fast path, the kernel and the batch for ``game``."""
    deals = positions(game)
    states = [ENCODE[game](d) for d in deals]
    kernel = RANDOM[game]
    kernel(states[0], 2, 0)  # compiled (or loaded from the cache) before the clock runs
    rng = random.Random(1)

    def fast(i: int) -> int:
        deals[i % len(deals)].clone().playout(rng)
        return 1

    def compiled(i: int) -> int:
        kernel(states[i % len(states)], per_call, i)
        return per_call

    def batch(i: int) -> int:
        playouts(game, 200, i, **GAMES[game])
        return 200

    got = {f"{game} fast": rate(fast, seconds), f"{game} kernel": rate(compiled, seconds),
           f"{game} batch": rate(batch, seconds)}
    per = cards_per_playout(game, deals)
    got[f"{game} kernel actions"] = got[f"{game} kernel"] * per
    got[f"{game} fast actions"] = got[f"{game} fast"] * per
    return got


def env_lines(seconds: float, num_envs: int) -> dict[str, float]:
    """Steps per second of the Jass kernel vector environment (``num_envs`` tables, random
    legal cards chosen with numpy) and of the raw PettingZoo environment (the AEC loop of
    benchmarks/envs.py: the trump decisions too, resets included), as
    benchmarks/kernel_envs.py measures them."""
    return {f"jass kernel env({num_envs}) steps": kernel_rate("jass", num_envs, seconds),
            "jass raw env steps": raw_rate("jass", seconds)}


COMPILE_CHILD = """
import time
start = time.perf_counter()
from atout.kernels import jass as k
from atout.kernels.jass_batch import batch_deals
deal = batch_deals("jass", 1, 1, {})[0]
k.random_playouts(k.encode(deal), 10, 0)
k.choices(k.encode(deal), 0, 0)
k.perft(k.encode(deal), 1)
print(time.perf_counter() - start)
"""


def compile_times() -> tuple[float, float, float]:
    """Wall seconds of a fresh process's first Jass kernel calls: numba absent
    (``ATOUT_PURE=1``, the import and plain Python), compiling into an empty cache, loading
    from that cache."""
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, NUMBA_CACHE_DIR=cache)

        def run(**extra: str) -> float:
            done = subprocess.run([sys.executable, "-c", COMPILE_CHILD], env={**env, **extra},
                                  capture_output=True, text=True, check=True)
            return float(done.stdout)

        return run(ATOUT_PURE="1"), run(), run()


def main() -> None:
    """Measure round by round; print medians and the median of the per-round ratios."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per line")
    parser.add_argument("--rounds", type=int, default=5, help="rounds (medians are reported)")
    parser.add_argument("--game", choices=tuple(GAMES), action="append",
                        help="a game to measure (default: every one)")
    parser.add_argument("--per-call", type=int, default=1000, help="playouts per kernel call")
    parser.add_argument("--compile", action="store_true", help="report the compilation too")
    parser.add_argument("--envs", type=int, default=256, help="tables of the kernel env")
    args = parser.parse_args()
    games = args.game or list(GAMES)
    print(f"kernels compiled: {COMPILED}")
    if args.compile:
        pure, fresh, cached = compile_times()
        print(f"first Jass kernel calls in a fresh process: {pure:.2f} s plain Python, "
              f"{fresh:.2f} s compiling, {cached:.2f} s from the cache")
    rows: Rows = {}
    for _ in range(args.rounds):
        got: dict[str, float | None] = {}
        for game in games:
            got.update(game_lines(game, args.seconds, args.per_call))
        for peer in sorted({PEERS[g] for g in games}):
            got[f"{peer} actions"] = openspiel(peer, args.seconds)
        if "jass" in games:
            got["jass-kit hands"] = jass_kit(args.seconds)
            got.update(env_lines(args.seconds, args.envs))
        add_round(rows, got)
    print_medians(rows, f"measure (median of {args.rounds} rounds)", "per CPU second", 44, 16)

    def ratio(num: str, den: str, goal: str = "") -> None:
        print_ratio(rows, num, den, goal)

    for game in games:
        ratio(f"{game} kernel", f"{game} fast", "goal >= 20x")
        ratio(f"{game} kernel actions", f"{PEERS[game]} actions", "goal >= 2x")
        ratio(f"{game} fast actions", f"{PEERS[game]} actions")
    ratio("jass kernel", "jass-kit hands")
    ratio(f"jass kernel env({args.envs}) steps", "jass raw env steps", "goal >= 10x")


if __name__ == "__main__":
    main()
