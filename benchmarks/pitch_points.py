"""Where the points of a Pitch hand come from, with four heuristic players.

Run: ``PYTHONPATH=src python benchmarks/pitch_points.py [--deals 2000]``

High goes to the holder of the highest trump in play and Low (by default) to the player
dealt the lowest: once trump is named, the cards decide them. The play decides only who
captures the Jack (when it is in play) and who takes Game, and whether the pitcher is set.
The figures say how many points per deal each kind is worth and how often the play moves
them, which bounds what a better card player can gain over another.
"""

from __future__ import annotations

import argparse
from collections import Counter

import atout
from atout.bots import make_bot, play_out


def count(deals: int) -> Counter[str]:
    """The counts over ``deals`` deals (seeds 20,000 on, the dealer going round)."""
    rules = atout.make("pitch")
    c: Counter[str] = Counter()
    for i in range(deals):
        deal = rules.deal(seed=20_000 + i, dealer=i % rules.seats)
        dealt = [set(deal.view(s).hand) for s in range(rules.seats)]
        play_out(deal, [make_bot("heuristic", rules, s, i) for s in range(rules.seats)])
        d = deal.result.details
        if d.get("redeal"):
            continue
        c["deals"] += 1
        jack = d.get("jack")
        if isinstance(jack, dict):
            c["jack in play"] += 1
            holder = next(s for s in range(rules.seats) if jack["card"] in dealt[s])
            c["jack captured"] += jack["side"] != holder
        game = d.get("game")
        c["game awarded"] += isinstance(game, dict) and game.get("side") is not None
        c["pitcher set"] += not d.get("made")
        taken = d.get("taken")
        c["points taken"] += sum(taken) if isinstance(taken, list) else 0
    return c


def main() -> None:
    """Print the figures per deal."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000)
    args = parser.parse_args()
    c = count(args.deals)
    n = c["deals"]
    for key in ("points taken", "jack in play", "jack captured", "game awarded", "pitcher set"):
        print(f"{key}: {c[key] / n:.3f} per deal")


if __name__ == "__main__":
    main()
