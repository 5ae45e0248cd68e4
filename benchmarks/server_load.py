"""Load on the real server: N clients at N/4 tables, each playing as a person would.

Run: ``python benchmarks/server_load.py [--clients 200] [--seconds 30] [--pg URL]``, or
``--cluster`` for the same load on one process and on two processes of a cluster (PostgreSQL
and a private redis-server; the clients are dealt round-robin over the processes, as a load
balancer would, so most tables have players on both and their messages cross Redis).

The server runs as ``atout serve`` (uvicorn, one process) on a loopback port; the clients
run in this process (asyncio, one WebSocket each), so clients and server share the machine's
cores. Four clients sit at each table of Jass; on its turn a client waits about a second (0.5
to 1.5 s, as a person reads the table), then plays a legal card. The latency is measured from
sending an action to receiving the update that carries it: the action checked, written to the
store, applied and sent to its four players. Each store is measured in turn: SQLite (WAL,
synchronous=FULL) and PostgreSQL (``--pg``, ``ATOUT_TEST_PG``, else a private server started
for the run).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from atout.client import Client
from databases import fresh_database, postgres_server, url_text
from server_helpers import Server, running


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) by the nearest rank."""
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, round(q * (len(ordered) - 1))))]


async def person(client: Client, table: int, seat: int, stop: float, rng: random.Random,
                 latencies: list[float]) -> None:
    """Play at a person's pace until ``stop``; each action's round trip is recorded."""
    sent_at: float | None = None
    frame = client.last.get(table, {})
    while time.monotonic() < stop:
        if not frame:
            try:
                frame = await client.recv(max(0.1, stop - time.monotonic()))
            except TimeoutError:
                return
        if frame.get("type") == "error":
            sent_at = None
        elif frame.get("table") == table and frame.get("type") == "update":
            if frame.get("kind") == "action" and frame.get("seat") == seat and sent_at:
                latencies.append(time.monotonic() - sent_at)
                sent_at = None
            view = frame["view"]
            if frame["info"]["status"] == "over":
                return
            if view["to_move"] == seat and view["legal"] and sent_at is None:
                await asyncio.sleep(rng.uniform(0.5, 1.5))
                sent_at = time.monotonic()
                await client.send({"type": "act", "table": table,
                                   "action": rng.choice(view["legal"])})
        frame = {}


async def load(base: str | list[str], clients: int,
               seconds: float) -> tuple[int, list[float], float]:
    """Seat the clients (dealt over the servers at ``base``), play for ``seconds``; actions,
    latencies, set-up time."""
    bases = [base] if isinstance(base, str) else base
    t0 = time.monotonic()
    gate = asyncio.Semaphore(50)

    async def sign_in(i: int) -> Client:
        async with gate:
            return await Client.guest(bases[i % len(bases)], f"p{i}")

    people = await asyncio.gather(*(sign_in(i) for i in range(clients - clients % 4)))
    tables = []
    for k in range(0, len(people), 4):
        snap = await people[k].create("jass")
        table = int(snap["table"])
        await asyncio.gather(*(people[k + s].join(table, s) for s in (1, 2, 3)))
        await people[k].send({"type": "start", "table": table})
        tables.append(table)
    setup = time.monotonic() - t0
    latencies: list[float] = []
    stop = time.monotonic() + seconds
    rng = random.Random(1)
    await asyncio.gather(*(person(p, tables[i // 4], i % 4, stop, random.Random(rng.random()),
                                  latencies) for i, p in enumerate(people)))
    for p in people:
        with contextlib.suppress(Exception):
            await p.close()
    return len(latencies), latencies, setup


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--pg", default=None, help="a PostgreSQL server URL")
    parser.add_argument("--only", choices=["sqlite", "postgresql"], default=None)
    parser.add_argument("--cluster", action="store_true",
                        help="one process, then two, on PostgreSQL and Redis")
    args = parser.parse_args()
    if args.pg:
        os.environ["ATOUT_TEST_PG"] = args.pg
    if args.cluster:
        cluster_runs(args.clients, args.seconds)
        return
    print(f"{'store':12} {'clients':>8} {'tables':>7} {'actions/s':>10} {'p50 ms':>8} "
          f"{'p99 ms':>8} {'max ms':>8}")
    with tempfile.TemporaryDirectory() as folder, postgres_server() as pg, \
            fresh_database(pg) as pgdb:
        stores = [("sqlite", str(Path(folder) / "load.sqlite3")),
                  ("postgresql", url_text(pgdb))]
        for name, db in stores:
            if args.only and name != args.only:
                continue
            with running(db, Path(folder), rate_limit=100) as server:
                actions, lat, _setup = asyncio.run(load(server.base, args.clients,
                                                        args.seconds))
            ms = [x * 1000 for x in lat] or [0.0]
            print(f"{name:12} {args.clients:8d} {args.clients // 4:7d} "
                  f"{actions / args.seconds:10.1f} {statistics.median(ms):8.1f} "
                  f"{percentile(ms, 0.99):8.1f} {max(ms):8.1f}")


def cluster_runs(clients: int, seconds: float) -> None:
    """The same load on one plain process, one process of a cluster and two."""
    from redis_helpers import redis_server

    print(f"{'set-up':24} {'clients':>8} {'tables':>7} {'actions/s':>10} {'p50 ms':>8} "
          f"{'p99 ms':>8} {'max ms':>8}")
    for label, count, redis in (("1 process", 1, False), ("1 process + Redis", 1, True),
                                ("2 processes + Redis", 2, True)):
        with tempfile.TemporaryDirectory() as folder, postgres_server() as pg, \
                fresh_database(pg) as pgdb, redis_server() as url:
            args = ("--redis", url) if redis else ()
            servers = []
            try:
                for _ in range(count):
                    servers.append(Server(url_text(pgdb), Path(folder), rate_limit=100,
                                          args=args).start())
                actions, lat, _setup = asyncio.run(load([s.base for s in servers], clients,
                                                        seconds))
            finally:
                for server in servers:
                    server.stop()
        ms = [x * 1000 for x in lat] or [0.0]
        print(f"{label:24} {clients:8d} {clients // 4:7d} {actions / seconds:10.1f} "
              f"{statistics.median(ms):8.1f} {percentile(ms, 0.99):8.1f} {max(ms):8.1f}")


if __name__ == "__main__":
    main()
