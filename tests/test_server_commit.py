"""An action is on disk before anyone hears of it, and the disk is SQLite's safest.

The hub writes a player's action to the store, and only then applies it to the table and
sends it: a store that fails leaves no frame announcing the action, no change at the table
and an answer in words to the player. The SQLite store commits with ``synchronous=FULL`` in
WAL mode (``NORMAL`` may lose the last commits when the machine, not the process, stops).
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from atout.server.conn import Conn
from atout.server.hub import Hub, Settings
from atout.store import Store, StoreError


def _conn() -> Conn:
    async def send(_text: str) -> None:
        return None

    async def close(_code: int, _reason: str) -> None:
        return None

    return Conn(send=send, close=close)


def _frames(conn: Conn) -> list[dict[str, Any]]:
    out = []
    while not conn.outbox.empty():
        text = conn.outbox.get_nowait()
        if text is not None:
            out.append(json.loads(text))
    return out


async def _table(hub: Hub) -> tuple[int, list[Conn], Conn]:
    """A started Jass table of four people, and a spectator; every frame so far read."""
    conns = [_conn() for _ in range(4)]
    for k, conn in enumerate(conns):
        token, _ = hub.accounts.guest(f"p{k}")
        await hub.connected(conn)
        await hub.receive(conn, {"type": "hello", "token": token})
    await hub.receive(conns[0], {"type": "create", "game": "jass", "seat": 0})
    tid = next(f["table"] for f in _frames(conns[0]) if f["type"] == "table")
    for seat in (1, 2, 3):
        await hub.receive(conns[seat], {"type": "join", "table": tid, "seat": seat})
    await hub.receive(conns[0], {"type": "start", "table": tid})
    watcher = _conn()
    token, _ = hub.accounts.guest("watcher")
    await hub.connected(watcher)
    await hub.receive(watcher, {"type": "hello", "token": token})
    await hub.receive(watcher, {"type": "watch", "table": tid})
    for conn in [*conns, watcher]:
        _frames(conn)
    return tid, conns, watcher


def test_a_failing_store_write_leaves_the_action_unannounced_and_unplayed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Store.open(str(tmp_path / "atout.db"))

    async def scenario() -> None:
        hub = Hub(store, Settings(bot_delay=60.0))
        try:
            tid, conns, watcher = await _table(hub)
            table = hub.tables[tid]
            mover = table.match.to_move
            assert mover is not None
            action = table.match.legal_actions()[0].text

            def broken(_items: object) -> None:
                raise StoreError("unavailable", "the disk is gone (a test)")

            monkeypatch.setattr(store, "append_batch", broken)
            await hub.receive(conns[mover], {"type": "act", "table": tid, "action": action})
            sent = {k: _frames(c) for k, c in enumerate([*conns, watcher])}
            announced = [f for frames in sent.values() for f in frames
                         if f["type"] == "update" and f.get("kind") == "action"]
            assert announced == [], "an action the store refused was sent"
            assert [f["code"] for f in sent[mover] if f["type"] == "error"] == ["store"]
            assert table.played == 0 and table.match.to_move == mover
            assert store.get(tid).actions == ()

            monkeypatch.undo()  # the store is back: the same action goes through
            await hub.receive(conns[mover], {"type": "act", "table": tid, "action": action})
            for conn in [*conns, watcher]:
                kinds = [(f["type"], f.get("kind")) for f in _frames(conn)]
                assert ("update", "action") in kinds
            assert table.played == 1 and store.get(tid).actions == (action,)
        finally:
            await hub.stop()

    try:
        asyncio.run(scenario())
    finally:
        store.close()


def test_sqlite_commits_are_full_synchronous_in_wal_mode(tmp_path: Path) -> None:
    """``synchronous=NORMAL`` in WAL mode loses the last commits on a power cut: an action
    already sent to every player would be gone after the restart."""
    store = Store.open(str(tmp_path / "atout.db"))
    try:
        with store.engine.connect() as conn:
            sync = conn.exec_driver_sql("PRAGMA synchronous").scalar()
            journal = conn.exec_driver_sql("PRAGMA journal_mode").scalar()
        assert sync in (2, 3), f"synchronous is {sync}, not FULL (2) or EXTRA (3)"
        assert str(journal).lower() == "wal"
    finally:
        store.close()
