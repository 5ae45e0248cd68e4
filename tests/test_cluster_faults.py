"""A cluster recovers by itself from a Redis outage (docs/security.md): with the real
redis-server stopped for three seconds and started again (empty, as a restarted Redis
comes back), every table moves again within seconds, by itself, and no action any client
was told of is lost."""

from __future__ import annotations

import asyncio
import contextlib
import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.engine import URL
from websockets.exceptions import ConnectionClosed

from atout.client import Client, http
from atout.store import Store
from databases import fresh_database, url_text
from redis_helpers import Redis, redis_process
from test_cluster import cluster


@pytest.fixture
def redis() -> Iterator[Redis]:
    try:
        with redis_process() as found:
            yield found
    except RuntimeError as exc:
        if os.environ.get("CI"):
            pytest.fail(f"redis-server is needed in CI: {exc}")
        pytest.skip(str(exc))


@pytest.fixture
def pg_url(pg_server: URL) -> Iterator[str]:
    with fresh_database(pg_server) as url:
        yield url_text(url)


async def bots_table(base: str, name: str) -> int:
    """A table of Jass made on ``base`` and played by four computer players."""
    host = await Client.guest(base, name)
    table = int((await host.create("jass", seat=0))["table"])
    for seat in (1, 2, 3):
        await host.send({"type": "bot", "table": table, "seat": seat, "bot": "heuristic"})
    await host.send({"type": "start", "table": table})
    await host.request({"type": "leave", "table": table}, "left")
    await host.close()
    return table


def played(db: str, tables: list[int]) -> dict[int, list[str]]:
    with Store.open(db) as store:
        return {t: list(store.get(t).actions) for t in tables}


def test_every_table_moves_again_after_a_redis_outage(pg_url: str, redis: Redis,
                                                      tmp_path: Path) -> None:
    with cluster(pg_url, redis.url, tmp_path, 2, lease=1.5, bot_delay=0.1) as servers:
        bases = [s.base for s in servers]

        async def make() -> tuple[list[int], list[Client]]:
            tables = [await bots_table(bases[k % 2], f"Host{k}") for k in range(4)]
            watchers = []
            for k, table in enumerate(tables):  # each watched from the other process
                w = await Client.guest(bases[(k + 1) % 2], f"Eve{k}", keep_frames=True)
                await w.request({"type": "watch", "table": table}, "table")
                watchers.append(w)
            return tables, watchers

        async def logout_elsewhere() -> str:
            """Signed out through one process: the connection on the other one ends."""
            leaving = await Client.guest(bases[0], "Leaving")
            await asyncio.to_thread(http, bases[1], "/api/logout", {}, leaving.token)
            with pytest.raises(ConnectionClosed) as closed:
                for _ in range(5):
                    await leaving.recv(5)
            assert closed.value.rcvd is not None
            return closed.value.rcvd.reason

        async def run() -> tuple[list[int], list[Client], dict[int, float], float]:
            assert await logout_elsewhere() == "signed out"
            tables, watchers = await make()
            readers = [asyncio.create_task(drain(w)) for w in watchers]
            await asyncio.sleep(1.0)
            redis.stop()
            await asyncio.sleep(3.0)
            await asyncio.to_thread(redis.start)
            back = time.monotonic()
            at_restart = {t: len(a) for t, a in (await asyncio.to_thread(
                played, pg_url, tables)).items()}
            moved: dict[int, float] = {}
            # a bound that only stops the wait (how soon: benchmarks, not tests)
            while len(moved) < len(tables) and time.monotonic() < back + 120:
                await asyncio.sleep(0.25)
                now = await asyncio.to_thread(played, pg_url, tables)
                for t in tables:
                    if t not in moved and len(now[t]) > at_restart[t] + 2:
                        moved[t] = time.monotonic() - back
            await asyncio.sleep(0.5)
            for r in readers:
                r.cancel()
            return tables, watchers, {t: round(s, 1) for t, s in moved.items()}, back

        tables, watchers, moved, _ = asyncio.run(run())
        final = played(pg_url, tables)
    assert sorted(moved) == sorted(tables), f"tables that moved again: {moved}"
    for table, w in zip(tables, watchers, strict=True):
        told = [f["action"] for f in w.frames if f.get("type") == "update"
                and f.get("kind") == "action" and f.get("table") == table]
        assert told, table
        assert is_subsequence(told, final[table]), f"table {table}: an action told is lost"
        assert not [f for f in w.frames if f.get("type") == "error"
                    and f.get("code") == "internal"]


async def drain(client: Client) -> None:
    """Read a client's frames as they come (kept in ``client.frames``)."""
    with contextlib.suppress(Exception):
        while True:
            await client.recv(60)


def is_subsequence(part: list[Any], whole: list[Any]) -> bool:
    found = iter(whole)
    return all(any(x == y for y in found) for x in part)
