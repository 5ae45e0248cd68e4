"""The kernels' random playouts replayed by the checked engines: how many score differently.

Run by hand (never in CI; tests/test_kernels_*.py run the same check on fewer playouts)::

    python benchmarks/kernels_agree.py                      # 100,000 playouts per game
    python benchmarks/kernels_agree.py --games pitch --playouts 5000
    ATOUT_PURE=1 python benchmarks/kernels_agree.py --playouts 2000

For each game, deals from seeds 0, 1, ... (cycling through a few tables of options) are
encoded, ``--per-deal`` random playouts of each are played by the kernel from the deal, and
each playout's actions (``choices``) are replayed by the engine, every action checked; the
engine's points must equal the kernel's. Knock Rummy's kernel is given the engine's restock
orders; its playouts cut short (see ``atout.kernels.knock_rummy.LIMIT``) are counted apart.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import atout
from atout.kernels import COMPILED, knock_rummy, pitch, tarot

TABLES: dict[str, list[dict[str, Any]]] = {
    "pitch": [{}, {"preset": "seed", "players": 3}, {"players": 6, "partnership": True},
              {"preset": "setback"}, {"players": 2}, {"players": 7, "tangage": False},
              {"players": 5, "min_bid": 2, "all_pass": "redeal", "dealer_steal": False}],
    "tarot": [{}, {"players": 3}, {"players": 5}, {"preset": "seed"}, {"preset": "club"},
              {"players": 5, "call_self": False, "called_suit_lead": "free",
               "rounding": "half"}, {"preset": "simple", "petit_sec": "play"}],
    "knock-rummy": [{}, {"players": 2}, {"players": 5}, {"knock_limit": 10, "stock_out": "turn"},
                    {"knock_limit": 5}, {"stock_out": "showdown", "knock_limit": 3},
                    {"tie": "next", "penalty_to": "each", "tie_fine": True, "knock_limit": 8},
                    {"restock_limit": 1, "knock_limit": 4}],
}
LIGHT: list[dict[str, Any]] = [
    {}, {"players": 2}, {"players": 5}, {"stock_out": "turn"}, {"stock_out": "showdown"},
    {"knocker_discards": False, "tie": "next", "penalty_to": "each", "tie_fine": True},
    {"players": 3, "discard_taken": True, "rum_bonus": 0}]
"""Knock Rummy's tables without a knock limit (``--light``): random play knocks within a few
turns, so 100,000 playouts replay in minutes; with a limit a random playout may run for
thousands of actions."""
KERNELS: dict[str, Any] = {"pitch": pitch, "tarot": tarot, "knock-rummy": knock_rummy}


def check(game: str, playouts: int, per_deal: int, orders: int,
          light: bool = False) -> tuple[int, int, int, float]:
    """(compared, differing, cut, seconds) for ``playouts`` playouts of ``game``."""
    kernel = KERNELS[game]
    chosen = LIGHT if light and game == "knock-rummy" else TABLES[game]
    tables = [atout.make(game, **o) for o in chosen]
    compared = bad = cut = 0
    start = time.perf_counter()
    seed = 0
    while compared + cut < playouts:
        deal = tables[seed % len(tables)].deal(seed=seed)
        extra = {"orders": kernel.restock_orders(deal, orders)} if game == "knock-rummy" else {}
        state = kernel.encode(deal)
        points = kernel.random_playouts(state, per_deal, seed, **extra)
        for i in range(per_deal):
            if game == "knock-rummy" and kernel.was_cut(state, seed, i, **extra):
                cut += 1
                continue
            copy = deal.clone()
            for a in kernel.choices(state, seed, i, **extra):
                copy.play(a)
            if not copy.is_over or tuple(float(p) for p in copy.result.points) != \
                    tuple(float(p) for p in points[i]):
                bad += 1
                if bad <= 5:
                    print(f"  {game}: seed {seed} playout {i} differs")
            compared += 1
        seed += 1
    return compared, bad, cut, time.perf_counter() - start


def main() -> None:
    """Check every game named and print one line each."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", nargs="*", default=list(KERNELS))
    parser.add_argument("--playouts", type=int, default=100_000)
    parser.add_argument("--per-deal", type=int, default=20)
    parser.add_argument("--light", action="store_true",
                        help="Knock Rummy: only the tables without a knock limit")
    parser.add_argument("--orders", type=int, default=128,
                        help="Knock Rummy: the engine's restock orders given to the kernel")
    a = parser.parse_args()
    print(f"kernels {'compiled' if COMPILED else 'plain Python (ATOUT_PURE=1)'}")
    for game in a.games:
        compared, bad, cut, seconds = check(game, a.playouts, a.per_deal, a.orders, a.light)
        print(f"{game}: {compared} playouts replayed by the engine, {bad} differing"
              f"{f', {cut} cut short (not compared)' if cut else ''} ({seconds:.0f} s)")


if __name__ == "__main__":
    main()
