"""What each rule of the Jass heuristic's card play is worth, by duplicate matches.

Run: ``PYTHONPATH=src python benchmarks/jass_cards.py [--deals 2000] [--seed 1] [--workers 2]
[--rules DEFENCE,SHORT_TOPS] [--no-before]``

Each line is a duplicate tournament (``atout.tournament``) between the default heuristic
(``heuristic``: the fitted trump and every rule of :data:`atout.bots.jass.cards.STANDARD`) and
the same heuristic with one rule left out, then against the card play before issue 23
(``heuristic:cards=v1``) and against today's heuristic before issue 23
(``heuristic:trump=count:cards=v1``). A positive difference is what the default gains.
"""

from __future__ import annotations

import argparse
from typing import Any

from atout.bots import register_bot
from atout.bots.jass.cards import (
    DEFENCE,
    DRAW_LOW,
    KEEP_TRUMPS,
    SECOND_TEN,
    SHORT_TOPS,
    SPARE_HONOURS,
    STANDARD,
)
from atout.bots.jass.heuristic import JassHeuristic
from atout.core import Rules
from atout.tournament import Tournament, run

RULES = {"DEFENCE": DEFENCE, "DRAW_LOW": DRAW_LOW, "SPARE_HONOURS": SPARE_HONOURS,
         "KEEP_TRUMPS": KEEP_TRUMPS, "SHORT_TOPS": SHORT_TOPS, "SECOND_TEN": SECOND_TEN}


def without(rule: int) -> Any:
    """A bot factory: the default heuristic without ``rule``."""
    def make(rules: Rules[Any], seat: int, seed: int = 0) -> JassHeuristic:
        bot = JassHeuristic(rules, seat, seed)
        bot.style = STANDARD & ~rule
        return bot
    return make


def main() -> None:
    """Print one line per match."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--rules", default=",".join(RULES),
                        help="the rules to leave out one at a time (default: all)")
    parser.add_argument("--no-before", action="store_true",
                        help="skip the matches against the play before issue 23")
    args = parser.parse_args()
    opponents = []
    for name in args.rules.split(","):
        if name not in RULES:
            parser.error(f"unknown rule {name!r}: expected one of {', '.join(RULES)}")
        rule = RULES[name]
        bot = f"without-{name.lower().replace('_', '-')}"
        register_bot(bot, without(rule))
        opponents.append(bot)
    if not args.no_before:
        opponents += ["heuristic:cards=v1", "heuristic:trump=count:cards=v1"]
    print(f"jass, {args.deals} duplicate deals, seed {args.seed}: heuristic minus ...")
    for other in opponents:
        result = run(Tournament("jass", ("heuristic", other), args.deals, args.seed),
                     workers=args.workers)
        mean, ci = result.difference()
        print(f"  {other:34s} {mean:+6.2f} ± {ci:.2f} points per deal", flush=True)


if __name__ == "__main__":
    main()
