"""Measure the computer players' ratings: bot-vs-bot matches rated with OpenSkill.

Each pool's matches seat a random line-up of bots (``random`` and ``heuristic`` at every seat;
in the ``--search`` matches one seat is ``search``), play whole matches with the library,
and rate them as the server rates people (the same sides and ranks:
``atout.server.ratings.outcomes``), every bot's rating moving from a newcomer's; the
final mu are shifted so that ``heuristic`` sits at a newcomer's 25 (only differences
count). The final (mu, sigma) are what ``src/atout/server/bot_ratings.json`` freezes:

    PYTHONPATH=src python tools/bot_ratings.py --matches 80 --search 5 --pools jass > jass.json

``--calibrate search`` then measures the search player as a person would be measured: one
seat ``search``, the others the published ``heuristic``, only ``search`` moving.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from typing import Any

import atout
from atout.bots import make_bot
from atout.server.ratings import MU, SIGMA, outcomes, pool_of

POOLS: dict[str, tuple[str, dict[str, Any]]] = {
    "jass": ("jass", {}),
    "tarot/3": ("tarot", {"players": 3}),
    "tarot/4": ("tarot", {"players": 4}),
    "tarot/5": ("tarot", {"players": 5}),
    "putze/4": ("putze", {"players": 4}),
    "pitch/4": ("pitch", {"players": 4}),
    "knock-rummy/4": ("knock-rummy", {"players": 4}),
}
"""The pools measured: each game at its usual player counts."""


def play(game: str, options: dict[str, Any], lineup: list[str], seed: int) -> Any:
    """One whole match of these bots; the match and its result."""
    rules = atout.make(game, **options)
    match = rules.match(seed=seed)
    bots = [make_bot(name, rules, s, seed * 8 + s) for s, name in enumerate(lineup)]
    while not match.is_over:
        seat = match.to_move
        assert seat is not None
        match.play(bots[seat].choose(match.view(seat)))
    return match


def measure(pool: str, matches: int, search: int, seed: int) -> dict[str, dict[str, float]]:
    """The bots' ratings in one pool after ``matches`` + ``search`` rated matches."""
    from openskill.models import PlackettLuce

    game, options = POOLS[pool]
    assert pool_of(game, options) == pool
    model = PlackettLuce()
    seats = atout.make(game, **options).seats
    rng = random.Random(seed)
    ratings = {name: model.rating(mu=MU, sigma=SIGMA) for name in ("random", "heuristic")}
    plan = [False] * matches + [True] * search
    rng.shuffle(plan)
    for i, with_search in enumerate(plan):
        lineup = [rng.choice(("random", "heuristic")) for _ in range(seats)]
        if with_search:
            lineup[rng.randrange(seats)] = "search"
            ratings.setdefault("search", model.rating(mu=MU, sigma=SIGMA))
        match = play(game, options, lineup, rng.randrange(1 << 31))
        for outcome in outcomes(game, options, match, match.result):
            teams = [[ratings[lineup[s]] for s in side] for side in outcome.sides]
            # a bot meets itself: each side's copy is rated, the bot keeps the mean
            new = model.rate(teams, ranks=list(outcome.ranks))
            moved: dict[str, list[Any]] = {}
            for side, team in zip(outcome.sides, new, strict=True):
                for s, r in zip(side, team, strict=True):
                    moved.setdefault(lineup[s], []).append(r)
            for name, rs in moved.items():
                ratings[name] = model.rating(mu=sum(r.mu for r in rs) / len(rs),
                                             sigma=sum(r.sigma for r in rs) / len(rs))
        print(f"{pool}: match {i + 1}/{len(plan)}", file=sys.stderr, flush=True)
    return anchored({name: {"mu": round(r.mu, 3), "sigma": round(r.sigma, 3)}
                     for name, r in sorted(ratings.items())})


def anchored(ratings: dict[str, dict[str, float]],
             anchor: str = "heuristic") -> dict[str, dict[str, float]]:
    """The ratings shifted so that ``anchor`` has a newcomer's mu (25): only differences of
    mu count in the model, and the bots' own games drift the level (a newcomer then meets
    the heuristic player as an equal, the others as much stronger or weaker as measured)."""
    shift = MU - ratings[anchor]["mu"] if anchor in ratings else 0.0
    return {name: {"mu": round(r["mu"] + shift, 3), "sigma": r["sigma"]}
            for name, r in ratings.items()}


def calibrate(pool: str, bot: str, matches: int, seed: int) -> dict[str, float]:
    """``bot``'s rating in ``pool`` measured as the server rates a person: one seat is
    ``bot``, the others ``heuristic`` at their published, fixed rating
    (``bot_ratings.json``); only ``bot`` moves, from a newcomer's rating."""
    from atout.server.ratings import Sitter, rate

    game, options = POOLS[pool]
    seats = atout.make(game, **options).seats
    rng = random.Random(seed)
    now = (MU, SIGMA)
    for i in range(matches):
        lineup = ["heuristic"] * seats
        mine = rng.randrange(seats)
        lineup[mine] = bot
        match = play(game, options, lineup, rng.randrange(1 << 31))
        sitters = [Sitter(1) if s == mine else Sitter(bot=name)
                   for s, name in enumerate(lineup)]
        (new,) = rate(pool, sitters, outcomes(game, options, match, match.result),
                      {1: now}, match.result.winners)
        now = (new.mu, new.sigma)
        print(f"{pool}: {bot} match {i + 1}/{matches}: mu {now[0]:.2f} sigma {now[1]:.2f}",
              file=sys.stderr, flush=True)
    return {"mu": round(now[0], 3), "sigma": round(now[1], 3)}


def main() -> None:
    """Measure every pool and print the JSON to freeze."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=120)
    parser.add_argument("--search", type=int, default=12)
    parser.add_argument("--seed", type=int, default=39)
    parser.add_argument("--pools", nargs="*", default=list(POOLS))
    parser.add_argument("--calibrate", metavar="BOT",
                        help="measure only BOT against the published heuristic player")
    args = parser.parse_args()
    started = time.time()
    if args.calibrate:
        found = {pool: {args.calibrate: calibrate(pool, args.calibrate, args.matches,
                                                  args.seed)} for pool in args.pools}
        print(json.dumps({"calibrated": {"bot": args.calibrate, "matches": args.matches,
                                         "seed": args.seed,
                                         "seconds": round(time.time() - started)},
                          "ratings": found}, indent=1))
        return
    out = {pool: measure(pool, args.matches, args.search, args.seed) for pool in args.pools}
    print(json.dumps({"measured": {"matches": args.matches, "search_matches": args.search,
                                   "seed": args.seed, "library": "openskill PlackettLuce",
                                   "seconds": round(time.time() - started)},
                      "ratings": out}, indent=1))


if __name__ == "__main__":
    main()
