"""Actions committed per second by the store, and the time each commit takes.

Run: ``python benchmarks/store.py [--actions 2000] [--games 100] [--pg URL]``

Each action is one :meth:`atout.store.Store.append`: one transaction that is durable when it
returns (SQLite in WAL mode with ``synchronous=FULL``; PostgreSQL's default
``synchronous_commit=on``). Two loads: one game written action after action, as the console
does, and ``--games`` games at once, one thread each, as a server writing many tables would.
PostgreSQL is the server at ``--pg`` (or ``ATOUT_TEST_PG``), else a private one started in a
temporary folder for the run (as the tests do) and stopped after. The rows also give the
time to open an existing store (the console's start) and the cost of a commit at the 50th
and 99th percentile: the pause a player could notice.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from atout.store import SeatInfo, Store
from databases import fresh_database, postgres_server, url_text

ACTIONS = ["AH", "KH", "QH", "JH", "TH", "9H", "8H", "7H", "6H"]


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) by the nearest rank."""
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, round(q * (len(ordered) - 1))))]


def new_game(store: Store, seed: int) -> int:
    me = store.player("bench")
    return store.create_game("jass", {}, {"seed": seed},
                             [SeatInfo(player_id=me)] + [SeatInfo(bot="heuristic")] * 3)


def write(store: Store, game_id: int, count: int, times: list[float]) -> None:
    """Append ``count`` actions to a game, timing each commit."""
    for i in range(count):
        t0 = time.perf_counter()
        store.append(game_id, i, i % 4, ACTIONS[i % len(ACTIONS)])
        times.append(time.perf_counter() - t0)


def one_game(db: str, actions: int) -> tuple[float, list[float]]:
    with Store.open(db) as store:
        gid = new_game(store, 1)
        times: list[float] = []
        t0 = time.perf_counter()
        write(store, gid, actions, times)
        return actions / (time.perf_counter() - t0), times


def many_games(db: str, games: int, per_game: int) -> tuple[float, list[float]]:
    with Store.open(db, timeout=30) as store:
        ids = [new_game(store, s) for s in range(games)]
        times: list[float] = []
        lock = threading.Lock()

        def run(gid: int) -> None:
            mine: list[float] = []
            write(store, gid, per_game, mine)
            with lock:
                times.extend(mine)

        threads = [threading.Thread(target=run, args=(g,)) for g in ids]
        t0 = time.perf_counter()
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        return games * per_game / (time.perf_counter() - t0), times


def open_time(db: str, runs: int = 20) -> float:
    """The median time to open an existing store (checks included), in milliseconds."""
    spent = []
    for _ in range(runs):
        t0 = time.perf_counter()
        Store.open(db).close()
        spent.append(time.perf_counter() - t0)
    return statistics.median(spent) * 1000


@contextlib.contextmanager
def locations(pg: str | None) -> Iterator[list[tuple[str, str]]]:
    with tempfile.TemporaryDirectory() as folder:
        sqlite = str(Path(folder) / "bench.sqlite3")
        if pg:
            os.environ["ATOUT_TEST_PG"] = pg
        with postgres_server() as server, fresh_database(server) as db:
            yield [("SQLite (WAL, synchronous=FULL)", sqlite), ("PostgreSQL", url_text(db))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=2000, help="actions of the one game")
    parser.add_argument("--games", type=int, default=100, help="games written at once")
    parser.add_argument("--per-game", type=int, default=40, help="actions of each of them")
    parser.add_argument("--pg", default=None, help="a PostgreSQL server URL (default: a "
                                                   "private server for the run)")
    args = parser.parse_args()
    print(f"{'store':32} {'load':>22} {'actions/s':>10} {'p50 ms':>8} {'p99 ms':>8}")
    with locations(args.pg) as where:
        for name, db in where:
            rate, times = one_game(db, args.actions)
            print(f"{name:32} {'1 game':>22} {rate:10.0f} "
                  f"{percentile(times, 0.5) * 1000:8.2f} {percentile(times, 0.99) * 1000:8.2f}")
            rate, times = many_games(db, args.games, args.per_game)
            print(f"{name:32} {f'{args.games} games at once':>22} {rate:10.0f} "
                  f"{percentile(times, 0.5) * 1000:8.2f} {percentile(times, 0.99) * 1000:8.2f}")
            print(f"{name:32} {'open the store':>22} {'':>10} {open_time(db):8.2f}")


if __name__ == "__main__":
    main()
