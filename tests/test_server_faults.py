"""Tables recover by themselves from a store that fails for a while (PostgreSQL restarting,
a full disk): the move is tried again with a backoff, the players are told, and the table
moves on without anyone sending ``sync`` (docs/security.md)."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import time
from pathlib import Path
from typing import Any

import pytest

from atout.client import Client
from atout.server.conn import Conn
from atout.server.hub import Hub, Settings
from atout.store import Store, StoreError
from databases import PrivatePostgres, fresh_database, url_text
from server_helpers import running
from test_cluster_faults import drain, is_subsequence
from test_server_guard import bots_only


class Flaky:
    """A store whose writes of actions fail ``failures`` times from the ``after``-th on."""

    def __init__(self, store: Store, after: int, failures: int) -> None:
        self.store = store
        self.after = after
        self.failures = failures
        self.writes = 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self.store, name)

    lost = False
    """The write is done, then its answer lost (the database crashed after the commit)."""

    def append_batch(self, items: Any) -> None:
        self.writes += 1
        if self.writes > self.after and self.failures > 0:
            self.failures -= 1
            if self.lost:
                self.store.append_batch(items)
            raise StoreError("io", "disk full (injected)")
        self.store.append_batch(items)

    def finish(self, game_id: int, result: Any) -> None:
        self.store.finish(game_id, result)


def a_conn() -> tuple[Conn, list[dict[str, Any]]]:
    frames: list[dict[str, Any]] = []

    async def send(_text: str) -> None:
        return None

    async def close(_code: int, _reason: str) -> None:
        return None

    conn = Conn(send=send, close=close)
    original = conn.push_text

    def push_text(text: str) -> bool:
        frames.append(json.loads(text))
        return original(text)

    conn.push_text = push_text  # type: ignore[method-assign]
    return conn, frames


async def bots_table(hub: Hub, clock: float | None = None) -> tuple[int, list[dict[str, Any]],
                                                                    Conn]:
    """A table with three bots and a person (who stays, with ``clock``, else leaves); a
    spectator's frames."""
    token, _ = hub.accounts.guest("Host")
    host, _ = a_conn()
    await hub.receive(host, {"type": "hello", "protocol": 1, "token": token})
    await hub.receive(host, {"type": "create", "game": "jass", "seat": 0,
                             **({"clock": clock} if clock else {})})
    table = max(hub.tables)
    for seat in (1, 2, 3):
        await hub.receive(host, {"type": "bot", "table": table, "seat": seat,
                                 "bot": "heuristic"})
    watcher, frames = a_conn()
    token, _ = hub.accounts.guest("Eve")
    await hub.receive(watcher, {"type": "hello", "protocol": 1, "token": token})
    await hub.receive(watcher, {"type": "watch", "table": table})
    await hub.receive(host, {"type": "start", "table": table})
    if clock is None:
        await hub.receive(host, {"type": "leave", "table": table})
    return table, frames, host


def test_a_bot_move_the_store_refuses_is_tried_again_and_the_table_goes_on(
        tmp_path: Path) -> None:
    async def scenario() -> tuple[int, list[dict[str, Any]], int]:
        store = Store.open(str(tmp_path / "f.sqlite3"))
        flaky = Flaky(store, after=3, failures=6)  # a group, then alone: 3 moves
        hub = Hub(flaky, Settings(bot_delay=0.0))  # type: ignore[arg-type]
        table, frames, _ = await bots_table(hub)
        for _ in range(100):  # 0.5 + 1 + 2 s of backoff, then moves again by itself
            await asyncio.sleep(0.1)
            if hub.tables[table].played > 10:
                break
        played = hub.tables[table].played
        await hub.stop()
        stored = len(store.get(table).actions)
        store.close()
        return played, frames, stored

    played, frames, stored = asyncio.run(scenario())
    assert played > 10 and stored >= played
    told = [f for f in frames if f["type"] == "error" and f["code"] == "store"]
    assert told and "tries again" in told[0]["message"]


def test_a_move_whose_commit_answer_was_lost_is_applied_and_the_table_goes_on(
        tmp_path: Path) -> None:
    async def scenario() -> tuple[int, list[str], list[str]]:
        store = Store.open(str(tmp_path / "l.sqlite3"))
        flaky = Flaky(store, after=3, failures=1)
        flaky.lost = True
        hub = Hub(flaky, Settings(bot_delay=0.0))  # type: ignore[arg-type]
        table, frames, _ = await bots_table(hub)
        for _ in range(100):
            await asyncio.sleep(0.05)
            if hub.tables[table].played > 10:
                break
        played = hub.tables[table].played
        await hub.stop()
        stored = list(store.get(table).actions)
        store.close()
        told = [str(f["action"]) for f in frames if f.get("kind") == "action"]
        return played, stored, told

    played, stored, told = asyncio.run(scenario())
    assert played > 10 and stored[:len(told)] == told


def test_a_move_clock_the_store_refuses_is_tried_again(tmp_path: Path) -> None:
    async def scenario() -> int:
        store = Store.open(str(tmp_path / "c.sqlite3"))
        hub = Hub(store, Settings(bot_delay=0.0))
        flaky = Flaky(store, after=0, failures=0)
        hub.store = hub.writer.store = flaky  # type: ignore[assignment]
        table, _, _ = await bots_table(hub, clock=0.2)
        for _ in range(50):
            await asyncio.sleep(0.05)
            if hub.tables[table].match.to_move == 0:
                break
        flaky.failures = 4  # the host's clock runs out while the store fails
        moved = hub.tables[table].played
        for _ in range(100):
            await asyncio.sleep(0.1)
            if hub.tables[table].played > moved + 4:
                break
        played = hub.tables[table].played - moved
        await hub.stop()
        store.close()
        return played

    assert asyncio.run(scenario()) > 4


def test_a_table_moves_again_by_itself_after_postgresql_restarts(tmp_path: Path) -> None:
    """The real server on a private PostgreSQL, crashed for two seconds mid-game: the bots'
    table moves again by itself, and every action a spectator was told of is stored."""
    try:
        pg = PrivatePostgres()
    except (RuntimeError, OSError, subprocess.SubprocessError) as exc:
        if os.environ.get("CI"):
            pytest.fail(f"PostgreSQL is needed in CI: {exc}")
        pytest.skip(str(exc))
    try:
        with fresh_database(pg.url) as url, running(url_text(url), tmp_path,
                                                    bot_delay=0.05) as server:

            async def scenario() -> tuple[int, list[str], float]:
                table = await bots_only(server.base)
                watcher = await Client.guest(server.base, "Eve")
                await watcher.request({"type": "watch", "table": table}, "table")
                reader = asyncio.create_task(drain(watcher))
                await asyncio.sleep(1.0)
                await asyncio.to_thread(pg.crash)
                await asyncio.sleep(2.0)
                await asyncio.to_thread(pg.start)
                back = time.monotonic()
                before = await asyncio.to_thread(stored, url_text(url), table)
                took = -1.0
                while time.monotonic() < back + 120:  # only stops the wait
                    await asyncio.sleep(0.25)
                    if await asyncio.to_thread(stored, url_text(url), table) > before + 2:
                        took = time.monotonic() - back
                        break
                await asyncio.sleep(0.5)
                reader.cancel()
                told = [f["action"] for f in watcher.frames if f.get("type") == "update"
                        and f.get("kind") == "action"]
                await watcher.close()
                return table, told, took

            table, told, took = asyncio.run(scenario())
            with Store.open(url_text(url)) as store:
                actions = list(store.get(table).actions)
            log = "\n".join(line for line in server.log.read_text().splitlines()
                            if "HTTP/1.1" not in line)[-3000:]
    finally:
        pg.stop()
    assert took >= 0, (took, log)  # the table played on once the store was back
    assert told and is_subsequence(told, actions), "an action told is not in the store"


def stored(db: str, table: int) -> int:
    with Store.open(db) as store:
        return len(store.get(table).actions)
