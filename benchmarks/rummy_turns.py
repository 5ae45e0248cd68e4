"""How many turns a person gets in a deal of Knock Rummy against the computer players.

Run: ``PYTHONPATH=src python benchmarks/rummy_turns.py [--deals 300] [--bots SPEC ...]``

Seat 0 stands for the person: a player who knocks only with no deadwood (or very late), so
that the deal lasts as long as the others let it. Seats 1 to 3 are the computer players, the
plain heuristic or the console's choice (``atout.console.session.TABLE_BOTS``). For each,
the table gives the person's turns (draws) and decisions per deal, and the deals where the
person got no turn at all.
"""

from __future__ import annotations

import argparse
import statistics

import atout
from atout.bots import make_bot
from atout.console.session import table_bot

PERSON = "heuristic:base=0:floor=0"
"""A stand-in for the person: knocks only with no deadwood, or in a very long deal."""


def measure(spec: str, deals: int) -> tuple[float, float, int]:
    """Mean turns and decisions of seat 0 per deal, and the deals with no turn for it."""
    rules = atout.make("knock-rummy")
    turns: list[int] = []
    decisions: list[int] = []
    for seed in range(deals):
        deal = rules.deal(seed=seed)
        bots = [make_bot(PERSON, rules, 0, seed)] + [
            make_bot(spec, rules, s, seed) for s in range(1, rules.seats)]
        t = n = 0
        while deal.to_move is not None:
            seat = deal.to_move
            action = bots[seat].choose(deal.view(seat))
            if seat == 0:
                n += 1
                t += str(action) in ("draw stock", "draw discard")
            deal.play(action)
        turns.append(t)
        decisions.append(n)
    return statistics.fmean(turns), statistics.fmean(decisions), turns.count(0)


def main() -> None:
    """Print the person's turns per deal with each set of computer players."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--bots", nargs="*", default=None,
                        help="the computer players to measure (default: the plain heuristic "
                             "and the console's choice)")
    args = parser.parse_args()
    specs = args.bots or ["heuristic", table_bot("knock-rummy", "heuristic")]
    for spec in specs:
        mean_turns, mean_decisions, none = measure(spec, args.deals)
        print(f"{spec:28} turns per deal {mean_turns:5.2f}, decisions {mean_decisions:5.2f}, "
              f"deals with no turn {none}/{args.deals}")


if __name__ == "__main__":
    main()
