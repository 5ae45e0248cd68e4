"""The kernels' agreement with the checked engine, at scale: random playouts replayed.

Run by hand (never in CI; tests/test_kernels_*.py run a few thousand)::

    python benchmarks/kernels_jass_agree.py --playouts 100000
    ATOUT_PURE=1 python benchmarks/kernels_jass_agree.py --playouts 20000

For each game and a spread of its options, positions are reached by random play (the deal's
start of the card play, then a random number of cards), and from each the kernel's random
playouts (``choices``) are replayed card by card by the engine, whose final points must equal
the kernel's. Prints the count per game and every disagreement (exit status 1 if any).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from typing import Any

import atout
from atout.kernels import COMPILED
from atout.kernels import jass as kjass

CONFIGS: dict[str, list[dict[str, Any]]] = {
    "jass": [{}, {"preset": "jass-txt"}, {"preset": "tournament"},
             {"multipliers": "swiss-german", "weis_tie": "both", "big_sequences": True},
             {"under_trump": "strict", "buur_free": False, "low_fours": 100,
              "weis_share": True}],
    "putze": [{}, {"players": 2}, {"players": 3}, {"players": 5},
              {"preset": "regle-27-v2"}, {"preset": "regle-27-v3"}, {"preset": "jass-txt"},
              {"weis_scoring": "each", "under_trump": "strict"}],
}
KERNELS = {"jass": kjass, "putze": kjass}


def points(deal: Any) -> list[int]:
    """The engine's final points as the kernel scores them."""
    if deal.rules.name == "putze":
        return [int(v) for v in deal.result.details["totals"]]
    return [int(v) for v in deal.result.points]


def agree(game: str, total: int, per_position: int) -> tuple[int, list[str]]:
    """Replay ``total`` kernel playouts of ``game``; the count and the disagreements."""
    kernel = KERNELS[game]
    bad: list[str] = []
    done = 0
    seed = 0
    configs = CONFIGS[game]
    while done < total:
        options = configs[seed % len(configs)]
        deal: Any = atout.make(game, **options).deal(seed=seed, dealer=seed % 2)
        rng = random.Random(seed)
        while not deal.is_over and deal.phase != "play":
            deal.play(rng.choice(deal.legal_actions()))
        for _ in range(rng.randrange(0, 30)):
            if deal.is_over:
                break
            deal.play(rng.choice(deal.legal_actions()))
        seed += 1
        if deal.phase != "play" and deal.__dict__.get("tricks") is None:
            continue
        state = kernel.encode(deal)
        rows = kernel.random_playouts(state, per_position, seed)
        for i in range(per_position):
            cards, got = kernel.choices(state, seed, i)
            replay = deal.clone()
            for c in cards:
                replay.step(c)
            want = points(replay)
            if not (replay.is_over and want == got == [int(v) for v in rows[i]]):
                bad.append(f"{game} {options} seed {seed} playout {i}: engine {want}, "
                           f"kernel {got}")
            done += 1
    return done, bad


def main() -> None:
    """Replay the playouts of every game; report."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--playouts", type=int, default=100_000, help="per game")
    parser.add_argument("--per-position", type=int, default=10)
    parser.add_argument("--game", choices=tuple(KERNELS), action="append")
    args = parser.parse_args()
    failed = False
    print(f"kernels compiled: {COMPILED}")
    for game in args.game or list(KERNELS):
        start = time.perf_counter()
        done, bad = agree(game, args.playouts, args.per_position)
        print(f"{game}: {done} playouts replayed by the engine, {len(bad)} disagreements "
              f"({time.perf_counter() - start:.0f} s)")
        for line in bad[:20]:
            print("  " + line)
        failed |= bool(bad)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
