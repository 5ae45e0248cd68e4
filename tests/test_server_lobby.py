"""The lobby keeps only tables someone waits at, and two guests with one nickname are told
apart at a table (issue 38)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from atout.client import Client
from server_helpers import running


async def lobby_tables(client: Client) -> list[int]:
    answer = await client.request({"type": "lobby"}, "lobby")
    return [int(t["table"]) for t in answer["tables"]]


async def until(check: Any, timeout: float = 10) -> None:
    deadline = asyncio.get_running_loop().time() + timeout
    while not await check():
        assert asyncio.get_running_loop().time() < deadline, "it never happened"
        await asyncio.sleep(0.1)


def test_a_waiting_table_nobody_waits_at_leaves_the_lobby(tmp_path: Path) -> None:
    """The host leaves: the table goes at once. The host's page closes: the table goes
    after the grace period (here 1 s), not after the 30 minutes a waiting table may last.
    Another person still there: the table stays, and that person becomes its host."""
    async def scenario(base: str) -> None:
        watcher = await Client.guest(base, "Watcher")
        host = await Client.guest(base, "Host", lang="en")
        left = int((await host.create("jass", seat=0))["table"])
        assert left in await lobby_tables(watcher)
        await host.request({"type": "leave", "table": left}, "left")
        assert left not in await lobby_tables(watcher)

        dropped = int((await host.create("pitch", seat=0))["table"])
        await host.close()  # the page closes: the seat is held for the grace period
        assert dropped in await lobby_tables(watcher)

        async def gone() -> bool:
            return dropped not in await lobby_tables(watcher)
        await until(gone)

        host = await Client.guest(base, "Host", lang="en")
        guest = await Client.guest(base, "Guest", lang="en")
        kept = int((await host.create("jass", seat=0))["table"])
        await guest.join(kept, 2)
        await host.request({"type": "leave", "table": kept}, "left")
        update = await guest.expect("update")
        while update["kind"] != "host":
            update = await guest.expect("update")
        assert update["info"]["host"] == guest.player["id"]
        assert update["words"]["lines"] == [
            "You are the table's host now: you may add computer players and start the game."]
        assert kept in await lobby_tables(watcher)
        await guest.request({"type": "bot", "table": kept, "seat": 0, "bot": "random"},
                            "update")  # the new host may fill the table
        for c in (watcher, host, guest):
            await c.close()

    with running(str(tmp_path / "s.sqlite3"), tmp_path, grace=1.0) as server:
        asyncio.run(scenario(server.base))


def test_two_guests_with_one_name_are_told_apart_at_a_table(tmp_path: Path) -> None:
    async def scenario(base: str) -> None:
        first = await Client.guest(base, "Ana", lang="en")
        second = await Client.guest(base, "ana", lang="en")  # the same name to the eye
        table = int((await first.create("jass", seat=0))["table"])
        snap = await second.join(table, 1)
        names = [s["name"] for s in snap["info"]["seats"]]
        assert names[:2] == ["Ana", "ana (2)"], names
        assert snap["words"]["names"][:2] == ["Ana", "ana (2)"]
        update = await first.expect("update")
        assert update["words"]["lines"] == ["ana (2) sits at seat 2."]
        await second.send({"type": "chat", "table": table, "text": "hello"})
        chat = await first.expect("update")
        while chat["kind"] != "chat":
            chat = await first.expect("update")
        assert chat["chat"]["name"] == "ana (2)"
        for c in (first, second):
            await c.close()

    with running(str(tmp_path / "s.sqlite3"), tmp_path) as server:
        asyncio.run(scenario(server.base))
