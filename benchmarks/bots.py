"""Decision time of each bot at its default settings, and the search bot's playout rate.

Run: ``PYTHONPATH=src python benchmarks/bots.py [--deals 20] [--games jass,...] [--players N]
[--option knock_limit=10] [--sizes]``

``--sizes`` measures every table size each game allows (its ``players`` option's choices),
one row each, with the table size in the first column: the decision-time table of
docs/bots.md.

For every game with bots, each bot plays whole deals from one seat against heuristic
opponents; every decision it takes is timed (one core, wall clock). The seat measured is
the first to act, with the dealer going round the table (measuring the dealer would time
nothing in Knock Rummy, where heuristic players knock before the dealer's turn comes); a bot
that took no decision shows "-". The table gives the median
and 99th percentile per decision (wall clock), the median and 99th percentile in CPU time (what the
decision costs when the machine is shared: a busy machine stretches the wall clock, not the
CPU time) and, for the search bot, its playouts per second of CPU time
(``time.process_time``, steadier than the wall clock on a shared machine; a playout here is
one rollout of a sampled deal to its end, sampling included).

Run it with ``PYTHONPATH`` pointing at another checkout's ``src`` to compare with it.
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

import atout
from atout.bots import make_bot
from atout.bots.ready import kernels_ready
from atout.bots.registry import games_with_parts
from atout.bots.search import SearchBot
from atout.games import game_info


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) by the nearest rank."""
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, round(q * (len(ordered) - 1))))
    return ordered[k]


def warm(game: str) -> None:
    """The game's compiled search rollouts loaded (or compiled) before anything is timed (a
    player's first decisions run while they load in a thread: a cost once a process, not a
    decision's)."""
    kernels_ready(game)


def measure(game: str, bot: str, deals: int, opponents: str = "heuristic",
            options: dict[str, Any] | None = None) -> tuple[list[float], list[float], float]:
    """Wall-clock and CPU times of every decision of ``bot`` over ``deals`` deals against
    ``opponents`` (the game made with ``options``: players, knock_limit ...), and playouts
    per CPU second."""
    rules = atout.make(game, **(options or {}))
    warm(game)
    times: list[float] = []
    cpus: list[float] = []
    playouts = 0
    cpu = 0.0
    for i in range(deals):
        deal = rules.deal(seed=10_000 + i, dealer=i % rules.seats)
        seat = deal.to_move
        assert seat is not None
        players = [make_bot(bot if s == seat else opponents, rules, s, i)
                   for s in range(rules.seats)]
        while deal.to_move is not None:
            s = deal.to_move
            start = time.perf_counter()
            start_cpu = time.process_time()
            action = players[s].choose(deal.view(s))
            if s == seat:
                times.append(time.perf_counter() - start)
                cpus.append(time.process_time() - start_cpu)
                cpu += cpus[-1]
            deal.play(action)
        me = players[seat]
        if isinstance(me, SearchBot):
            playouts += me.total_playouts
    return times, cpus, playouts / cpu if playouts and cpu else 0.0


def table_sizes(game: str) -> list[int | None]:
    """The table sizes ``game`` allows (its ``players`` option's choices); [None] when it
    has no such option (one size)."""
    info = game_info(game)
    found = [o for o in (info.options if info else ()) if o.name == "players"]
    if not found or not found[0].choices:
        return [None]
    return [int(str(c)) for c in found[0].choices]


def main() -> None:
    """Print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--games", default=",".join(games_with_parts()))
    parser.add_argument("--bots", default="random,heuristic,search")
    parser.add_argument("--opponents", default="heuristic",
                        help="the bot at the other seats (heuristic:base=0:floor=0 makes "
                             "Knock Rummy deals last)")
    parser.add_argument("--players", type=int, help="the table size, where the game allows "
                        "several")
    parser.add_argument("--sizes", action="store_true",
                        help="every table size each game allows, one row each")
    parser.add_argument("--option", action="append", default=[],
                        help="a game option, key=value (an integer value is read as one); "
                             "repeatable: --option knock_limit=10")
    args = parser.parse_args()
    options: dict[str, Any] = {}
    if args.players:
        options["players"] = args.players
    for item in args.option:
        key, sep, value = item.partition("=")
        if not sep:
            parser.error(f"--option {item!r}: give key=value")
        options[key] = int(value) if value.lstrip("-").isdigit() else value
    print(f"{'game':<15} {'bot':<10} {'decisions':>9} {'median ms':>10} {'p99 ms':>9} "
          f"{'cpu median':>10} {'cpu p99 ms':>10} {'playouts/cpu-s':>14}")
    for game in args.games.split(","):
        sizes = table_sizes(game) if args.sizes else [options.get("players")]
        for size in sizes:
            row(game, size, args, options)


def row(game: str, size: int | None, args: argparse.Namespace,
        options: dict[str, Any]) -> None:
    """Print the rows of ``game`` at table size ``size`` (None: as ``options`` say)."""
    if size is not None:
        options = {**options, "players": size}
    label = f"{game} {atout.make(game, **options).seats}p" if args.sizes else game
    for bot in args.bots.split(","):
        times, cpus, rate = measure(game, bot, args.deals, args.opponents, options)
        if not times:
            print(f"{label:<15} {bot:<10} {0:>9} {'-':>10} {'-':>9} {'-':>10} {'-':>10} "
                  f"{'-':>14}", flush=True)
            continue
        print(f"{label:<15} {bot:<10} {len(times):>9} "
              f"{1000 * statistics.median(times):>10.2f} "
              f"{1000 * percentile(times, 0.99):>9.2f} "
              f"{1000 * statistics.median(cpus):>10.2f} "
              f"{1000 * percentile(cpus, 0.99):>10.2f} "
              f"{(f'{rate:,.0f}' if rate else '-'):>14}", flush=True)


if __name__ == "__main__":
    main()
