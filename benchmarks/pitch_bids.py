"""How often each Pitch bid is made, by bot: four players of one kind at the default table.

Run: ``PYTHONPATH=src python benchmarks/pitch_bids.py [--deals 2000] [--bots heuristic,...]``

For each bot, four of them play ``--deals`` random deals (the dealer going round the table).
The table gives, over every turn in the auction, how often each option was taken (pass, bid
1 to 4, the tangage), then the contracts: how often the deal was played at each bid, how often
the pitcher made it, and the pitcher's mean points.
"""

from __future__ import annotations

import argparse
from collections import Counter

import atout
from atout.bots import make_bot, play_out
from atout.core import Action, View

OPTIONS = ("pass", "bid 1", "bid 2", "bid 3", "bid 4", "tangage")


def count(bot: str, deals: int) -> tuple[Counter[str], Counter[int], int, float]:
    """The auction's options taken, the contracts by bid, the bids made and the pitcher's
    total points over ``deals`` deals of four ``bot`` players."""
    rules = atout.make("pitch")
    said: Counter[str] = Counter()
    contracts: Counter[int] = Counter()
    made = 0
    points = 0.0
    for i in range(deals):
        deal = rules.deal(seed=20_000 + i, dealer=i % rules.seats)
        players = [make_bot(bot, rules, s, i) for s in range(rules.seats)]

        def count(view: View, action: Action) -> None:
            if view.phase == "auction":
                said[action.text if action.text in OPTIONS else "tangage"] += 1

        play_out(deal, players, count)
        details = deal.result.details
        bid = details.get("bid")
        if isinstance(bid, int) and bid:
            contracts[bid] += 1
            made += bool(details.get("made"))
            pitcher = details.get("pitcher")
            if isinstance(pitcher, int):
                points += deal.result.points[pitcher]
    return said, contracts, made, points


def main() -> None:
    """Print the tables."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--bots", default="heuristic,heuristic:bid=model")
    args = parser.parse_args()
    print("| bot | " + " | ".join(OPTIONS) + " | played at 1 | 2 | 3 | 4 | made | "
          "pitcher's points |")
    print("| --- |" + " ---: |" * (len(OPTIONS) + 6))
    for bot in args.bots.split(","):
        said, contracts, made, points = count(bot, args.deals)
        turns = sum(said.values())
        played = sum(contracts.values())
        cells = [f"{100 * said[o] / turns:.1f}%" for o in OPTIONS]
        cells += [f"{100 * contracts[k] / played:.1f}%" for k in range(1, 5)]
        cells += [f"{100 * made / played:.1f}%", f"{points / played:+.2f}"]
        print(f"| `{bot}` | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
