"""Load on the real server: N clients at N/4 tables, each playing as a person would.

Run: ``python benchmarks/server_load.py [--clients 200] [--seconds 30] [--procs 2]
[--warmup 5] [--pg URL] [--only sqlite|postgresql]``, or ``--cluster`` for the same load
on one process and on two processes of a cluster (PostgreSQL and a private redis-server; the
clients are dealt round-robin over the processes, as a load balancer would, so most tables
have players on both and their messages cross Redis).

The server runs as ``atout serve`` (uvicorn, one process) on a loopback port; the clients run
in ``--procs`` other processes (asyncio, one WebSocket each, the tables shared out among
them), so clients and server share the machine's cores. Four clients sit at each table of
Jass; on its turn a client waits about a second (0.5 to 1.5 s, as a person reads the table),
then plays a legal card. The latency is measured from sending an action to receiving the
update that carries it: the action checked, written to the store, applied and sent to its
four players. The tables all start together, so the first ``--warmup`` seconds (every table's
first moves at once) are played but not measured. Each store is measured in turn: SQLite
(WAL, synchronous=FULL) and PostgreSQL (``--pg``, ``ATOUT_TEST_PG``, else a private server
started for the run).

The table also gives the CPU each side used while measured, in percent of one core: the
server's process, and the client processes added up. A client process near 100 % would
inflate the latencies it measures (use more ``--procs``).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import http.client
import json
import multiprocessing
import os
import random
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from multiprocessing.queues import Queue
from multiprocessing.synchronize import Barrier
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from atout.client import Client
from atout.client import http as http_call
from databases import fresh_database, postgres_server, url_text
from server_helpers import Server, running


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) by the nearest rank."""
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, round(q * (len(ordered) - 1))))]


async def person(client: Client, table: int, seat: int, measure: float, stop: float,
                 rng: random.Random, latencies: list[float]) -> None:
    """Play at a person's pace until ``stop``; each action's round trip from ``measure`` on
    is recorded."""
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
                if sent_at >= measure:
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


async def load(base: str | list[str], first: int, clients: int, seconds: float,
               warmup: float, barrier: Barrier | None) -> tuple[list[float], float]:
    """Seat ``clients`` clients (named from ``first``, dealt round-robin over the servers at
    ``base``) at tables, play for ``warmup`` then ``seconds``; the latencies measured and
    the CPU seconds this process used meanwhile."""
    bases = [base] if isinstance(base, str) else base
    gate = asyncio.Semaphore(50)

    async def sign_in(i: int) -> Client:
        async with gate:
            return await Client.guest(bases[i % len(bases)], f"p{i}", keep_frames=False)

    people = await asyncio.gather(*(sign_in(first + i) for i in range(clients)))
    tables = []
    for k in range(0, len(people), 4):
        snap = await people[k].create("jass")
        table = int(snap["table"])
        await asyncio.gather(*(people[k + s].join(table, s) for s in (1, 2, 3)))
        tables.append(table)
    gc.collect()
    gc.freeze()  # the load generator's own pauses must not count as the server's latency
    if barrier is not None:  # every process's tables start together
        await asyncio.to_thread(barrier.wait)
    for k, table in enumerate(tables):
        await people[4 * k].send({"type": "start", "table": table})
    latencies: list[float] = []
    measure = time.monotonic() + warmup
    stop = measure + seconds
    rng = random.Random(first + 1)
    cpu = os.times()

    async def mark() -> None:
        nonlocal cpu
        await asyncio.sleep(warmup)
        cpu = os.times()

    marker = asyncio.create_task(mark())
    await asyncio.gather(*(person(p, tables[i // 4], i % 4, measure, stop,
                                  random.Random(rng.random()), latencies)
                           for i, p in enumerate(people)))
    await marker
    after = os.times()
    used = after.user - cpu.user + after.system - cpu.system
    for p in people:
        with contextlib.suppress(Exception):
            await p.close()
    return latencies, used


def client_process(base: str | list[str], first: int, clients: int, seconds: float, warmup: float,
                   barrier: Barrier, results: Queue[tuple[list[float], float]]) -> None:
    """One client process's share of the load (see :func:`load`), its result on
    ``results``."""
    try:
        results.put(asyncio.run(load(base, first, clients, seconds, warmup, barrier)))
    except BaseException:
        barrier.abort()  # the others must not wait for this one
        results.put(([], -1.0))
        raise


def cpu_seconds(pid: int) -> float:
    """The CPU seconds (user and system) a process has used so far (Linux; 0 elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def run_load(base: str | list[str], server_pid: int | list[int], clients: int, seconds: float,
             warmup: float, procs: int) -> tuple[list[float], float, float]:
    """The load from ``procs`` client processes; the latencies, the servers' and the
    clients' CPU seconds while measured."""
    pids = [server_pid] if isinstance(server_pid, int) else server_pid
    tables = clients // 4
    shares = [4 * (tables // procs + (1 if p < tables % procs else 0)) for p in range(procs)]
    shares = [s for s in shares if s]
    context = multiprocessing.get_context("spawn")
    barrier = context.Barrier(len(shares) + 1)
    results: Queue[tuple[list[float], float]] = context.Queue()
    workers = [context.Process(target=client_process, args=(
        base, sum(shares[:p]), share, seconds, warmup, barrier, results))
        for p, share in enumerate(shares)]
    for worker in workers:
        worker.start()
    try:
        barrier.wait(timeout=600)
        time.sleep(warmup)
        before = sum(cpu_seconds(pid) for pid in pids)
        time.sleep(seconds)
        server_cpu = sum(cpu_seconds(pid) for pid in pids) - before
        got = [results.get(timeout=120) for _ in workers]
    finally:
        for worker in workers:
            worker.join(30)
            if worker.is_alive():
                worker.terminate()
    if any(used < 0 for _, used in got):
        raise RuntimeError("a client process failed (its error is above)")
    return [x for lat, _ in got for x in lat], server_cpu, sum(used for _, used in got)


class Flood:
    """``threads`` threads sending wrong passwords to one account, without a pause, from
    another loopback address than the players' (127.0.0.2), while a newcomer signs in with
    the right one every second from 127.0.0.1: the answers counted, the newcomer timed."""

    def __init__(self, port: int, threads: int) -> None:
        self.port = port
        self.threads = threads
        self.stop = threading.Event()
        self.answers: list[int] = []
        self.signins: list[float] = []
        self.workers: list[threading.Thread] = []

    def post(self, body: dict[str, str], source: str) -> int:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30,
                                          source_address=(source, 0))
        try:
            conn.request("POST", "/api/login", json.dumps(body),
                         {"content-type": "application/json"})
            answer = conn.getresponse()
            answer.read()
            return answer.status
        finally:
            conn.close()

    def flood(self) -> None:
        while not self.stop.is_set():
            with contextlib.suppress(OSError):
                self.answers.append(self.post({"name": "Victim", "password": "wrong guess"},
                                              "127.0.0.2"))

    def newcomer(self) -> None:
        while not self.stop.wait(1.0):
            began = time.perf_counter()
            if self.post({"name": "Newcomer", "password": "battery st4ple"},
                         "127.0.0.1") == 200:
                self.signins.append(time.perf_counter() - began)

    def __enter__(self) -> Flood:
        base = f"http://127.0.0.1:{self.port}"
        http_call(base, "/api/register", {"name": "Victim", "password": "correct horse 1"})
        http_call(base, "/api/register", {"name": "Newcomer", "password": "battery st4ple"})
        self.workers = [threading.Thread(target=self.flood) for _ in range(self.threads)]
        self.workers.append(threading.Thread(target=self.newcomer))
        for worker in self.workers:
            worker.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        for worker in self.workers:
            worker.join(60)

    def summary(self, seconds: float) -> str:
        ms = sorted(x * 1000 for x in self.signins) or [0.0]
        refused = sum(1 for a in self.answers if a == 429)
        return (f"  login flood: {len(self.answers) / seconds:.0f} attempts/s, "
                f"{100 * refused / max(1, len(self.answers)):.0f} % answered 429; newcomer "
                f"sign-ins: {len(ms)}, median {statistics.median(ms):.0f} ms, "
                f"max {max(ms):.0f} ms")


@contextlib.contextmanager
def stores(folder: str, only: str | None) -> Iterator[list[tuple[str, str]]]:
    """The stores to measure: an SQLite file, and a fresh PostgreSQL database."""
    found = [] if only == "postgresql" else [("sqlite", str(Path(folder) / "load.sqlite3"))]
    if only == "sqlite":
        yield found
        return
    with postgres_server() as pg, fresh_database(pg) as pgdb:
        yield [*found, ("postgresql", url_text(pgdb))]


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--clients", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=30, help="measured seconds")
    parser.add_argument("--warmup", type=float, default=5,
                        help="seconds played before measuring (the tables' first moves)")
    parser.add_argument("--procs", type=int, default=2, help="client processes")
    parser.add_argument("--pg", default=None, help="a PostgreSQL server URL")
    parser.add_argument("--only", choices=["sqlite", "postgresql"], default=None)
    parser.add_argument("--login-flood", type=int, default=0, metavar="N",
                        help="meanwhile, N threads send wrong passwords without a pause "
                        "(and a newcomer signs in every second)")
    parser.add_argument("--cluster", action="store_true",
                        help="one process, then two, on PostgreSQL and Redis")
    args = parser.parse_args()
    if args.pg:
        os.environ["ATOUT_TEST_PG"] = args.pg
    if args.cluster:
        cluster_runs(args.clients, args.seconds, args.warmup, max(1, args.procs))
        return
    print(f"{'store':12} {'clients':>8} {'tables':>7} {'actions/s':>10} {'p50 ms':>8} "
          f"{'p99 ms':>8} {'max ms':>8} {'server cpu':>11} {'clients cpu':>12}")
    with tempfile.TemporaryDirectory() as folder, stores(folder, args.only) as chosen:
        for name, db in chosen:
            limits = ("--login-limit", "20") if args.login_flood else ()  # the defaults
            with running(db, Path(folder), rate_limit=100, args=limits) as server, \
                    contextlib.ExitStack() as stack:
                assert server.proc is not None
                flood = stack.enter_context(Flood(server.port, args.login_flood)) \
                    if args.login_flood else None
                began = time.monotonic()
                lat, server_cpu, clients_cpu = run_load(
                    server.base, server.proc.pid, args.clients, args.seconds, args.warmup,
                    max(1, args.procs))
                flooded = time.monotonic() - began
            ms = [x * 1000 for x in lat] or [0.0]
            print(f"{name:12} {args.clients:8d} {args.clients // 4:7d} "
                  f"{len(lat) / args.seconds:10.1f} {statistics.median(ms):8.1f} "
                  f"{percentile(ms, 0.99):8.1f} {max(ms):8.1f} "
                  f"{100 * server_cpu / args.seconds:10.0f}% "
                  f"{100 * clients_cpu / args.seconds:11.0f}%", flush=True)
            if flood is not None:
                print(flood.summary(flooded), flush=True)


def cluster_runs(clients: int, seconds: float, warmup: float, procs: int) -> None:
    """The same load on one plain process, one process of a cluster and two (PostgreSQL)."""
    from redis_helpers import redis_server

    print(f"{'set-up':22} {'clients':>8} {'tables':>7} {'actions/s':>10} {'p50 ms':>8} "
          f"{'p99 ms':>8} {'max ms':>8} {'servers cpu':>12} {'clients cpu':>12}")
    for label, count, redis in (("1 process", 1, False), ("1 process + Redis", 1, True),
                                ("2 processes + Redis", 2, True)):
        with tempfile.TemporaryDirectory() as folder, postgres_server() as pg, \
                fresh_database(pg) as pgdb, redis_server() as url:
            servers: list[Server] = []
            try:
                for _ in range(count):
                    servers.append(Server(url_text(pgdb), Path(folder), rate_limit=100,
                                          args=("--redis", url) if redis else ()).start())
                lat, server_cpu, clients_cpu = run_load(
                    [s.base for s in servers], [s.proc.pid for s in servers if s.proc],
                    clients, seconds, warmup, procs)
            finally:
                for server in servers:
                    server.stop()
        ms = [x * 1000 for x in lat] or [0.0]
        print(f"{label:22} {clients:8d} {clients // 4:7d} {len(lat) / seconds:10.1f} "
              f"{statistics.median(ms):8.1f} {percentile(ms, 0.99):8.1f} {max(ms):8.1f} "
              f"{100 * server_cpu / seconds:11.0f}% {100 * clients_cpu / seconds:11.0f}%",
              flush=True)


if __name__ == "__main__":
    main()
