"""Several ``atout serve --redis URL --db postgresql://…`` processes on loopback, with a real
redis-server and PostgreSQL: clients spread over the processes play whole games together;
a process killed with SIGKILL mid-game has its tables taken over by another, whose clients
come back with their last event number and finish with no action lost and no card leaked;
every process's lobby shows every table of the cluster."""

from __future__ import annotations

import asyncio
import contextlib
import json
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.engine import URL
from websockets.exceptions import ConnectionClosed

import atout
from atout.client import Client, ServerError
from atout.server.words import words
from atout.store import Store
from databases import fresh_database, url_text
from frame_checks import check_segments, play_along
from redis_helpers import redis_server
from server_helpers import Server
from services import missing

GAMES = ["jass", "putze", "tarot", "pitch", "knock-rummy"]


@pytest.fixture
def redis_url() -> Iterator[str]:
    """A private redis-server for one test."""
    try:
        with redis_server() as url:
            yield url
    except RuntimeError as exc:
        missing("redis-server", str(exc))


@pytest.fixture
def pg_url(pg_server: URL) -> Iterator[str]:
    """A new PostgreSQL database for one test."""
    with fresh_database(pg_server) as url:
        yield url_text(url)


@contextlib.contextmanager
def cluster(db: str, redis: str, data: Path, count: int, lease: float = 10.0,
            **kw: Any) -> Iterator[list[Server]]:
    """``count`` server processes on one store and one Redis; all stopped afterwards."""
    servers: list[Server] = []
    try:
        for _ in range(count):
            servers.append(Server(db, data, args=("--redis", redis, "--lease", str(lease)),
                                  **kw).start())
        yield servers
    finally:
        for server in servers:
            server.stop()


async def seat_four(bases: list[str], game: str, first: int) -> tuple[list[Client], int]:
    """A table made on process ``first``, its four players each on another process."""
    names = ["Ana", "Bruno", "Clara", "David"]
    clients = [await Client.guest(bases[(first + s) % len(bases)], f"{names[s]}{first}")
               for s in range(4)]
    snap = await clients[0].create(game, seat=0, deals=1)
    table = int(snap["table"])
    for seat in (1, 2, 3):
        await clients[seat].join(table, seat)
    return clients, table


def lobby_tables(base: str) -> set[int]:
    """The tables ``GET /api/tables`` lists."""
    with urllib.request.urlopen(base + "/api/tables", timeout=5) as answer:
        return {int(t["table"]) for t in json.loads(answer.read())["tables"]}


def test_clients_spread_over_three_processes_play_every_game_together(
        pg_url: str, redis_url: str, tmp_path: Path) -> None:
    async def scenario(bases: list[str]) -> list[tuple[str, int, list[Client]]]:
        tables = []
        for k, game in enumerate(GAMES):
            clients, table = await seat_four(bases, game, k % len(bases))
            watcher = await Client.guest(bases[(k + 1) % len(bases)], f"Eve{k}")
            await watcher.request({"type": "watch", "table": table}, "table")
            tables.append((game, table, [*clients, watcher]))
        ids = {t for _, t, _ in tables}
        for b, base in enumerate(bases):  # each process's lobby shows every table
            assert await asyncio.to_thread(lobby_tables, base) >= ids
            lobby = await tables[0][2][b].request({"type": "lobby"}, "lobby")  # on base b
            assert {t["table"] for t in lobby["tables"]} >= ids
        for _, table, clients in tables:
            await clients[0].send({"type": "start", "table": table})
        await asyncio.gather(*(play_along(c, table, s) for _, table, clients in tables
                               for s, c in enumerate(clients[:4])))
        for _, table, clients in tables:
            while clients[4].last[table].get("kind") != "end":  # the spectator sees the end
                await clients[4].recv(30)
            for c in clients:
                await c.close()
        return tables

    with cluster(pg_url, redis_url, tmp_path, 3) as servers:
        played = asyncio.run(scenario([s.base for s in servers]))
        health = [s.health() for s in servers]
        metrics = [urllib.request.urlopen(s.base + "/metrics", timeout=5).read().decode()
                   for s in servers]
    assert len({h["node"] for h in health}) == 3
    assert sum(h["actions"] for h in health) > 0
    assert all("atout_actions_total" in m and "atout_message_seconds_bucket" in m
               for m in metrics)
    assert any("atout_cluster_forwarded_total" in m and
               "atout_cluster_forwarded_total 0.0" not in m for m in metrics)
    with Store.open(pg_url) as store:
        for game, table, clients in played:
            record = store.get(table)
            assert record.summary.status == "finished", game
            rules = atout.make(game)
            for seat, client in enumerate(clients):
                assert not [f for f in client.frames if f.get("type") == "error"]
                n = check_segments(client.frames, table, seat if seat < 4 else None, rules,
                                   dict(record.match), record.actions, 1)
                assert n > len(record.actions)


def test_a_process_killed_mid_game_has_its_table_taken_over_with_nothing_lost(
        pg_url: str, redis_url: str, tmp_path: Path) -> None:
    """SIGKILL the table's owner mid-game: after its lease runs out another process takes
    the table over from the store; the clients that were on the dead process come back to
    another with their last event number, the others are moved there; every action anyone
    was told of is in the store, in order, and no frame names a card its recipient may not
    know."""
    async def scenario(servers: list[Server]) -> tuple[int, list[Client], list[list[str]]]:
        bases = [s.base for s in servers]
        clients, table = await seat_four(bases, "jass", 0)  # owned by process 0
        watcher = await Client.guest(bases[2], "Eve")
        await watcher.request({"type": "watch", "table": table}, "table")
        await clients[0].send({"type": "start", "table": table})
        players = list(clients)
        came_back: list[int] = []

        async def play(seat: int) -> None:
            try:
                await play_along(clients[seat], table, seat)
            except ConnectionClosed:  # its process died: back on another, where it was
                old = clients[seat]
                back = Client(bases[1], old.token, old.player)
                await back.connect()
                back.seen = dict(old.seen)
                back.frames = list(old.frames)  # one history of what that player was told
                await back.sync(table)
                players[seat] = back
                came_back.append(seat)
                await play_along(back, table, seat)

        plays = asyncio.gather(*(play(s) for s in range(4)))
        for _ in range(6000):  # at most a minute
            if sum(1 for f in clients[1].frames if f.get("kind") == "action") >= 12 or \
                    plays.done():
                break
            await asyncio.sleep(0.01)
        assert not plays.done(), plays.exception()
        servers[0].kill()  # the owner, mid-game, while the clients keep playing
        told = [[str(f["action"]) for f in c.frames if f.get("kind") == "action"]
                for c in clients]
        await plays
        assert sorted(came_back) == [0, 3]  # the players of the dead process
        while watcher.last[table].get("kind") != "end":
            await watcher.recv(30)
        for c in [*players, watcher]:
            with contextlib.suppress(ConnectionClosed):
                await c.close()
        return table, [*players, watcher], told

    with cluster(pg_url, redis_url, tmp_path, 3, lease=1.5) as servers:
        table, clients, told = asyncio.run(scenario(servers))
        took = [s.health() for s in servers[1:]]
    with Store.open(pg_url) as store:
        record = store.get(table)
    assert record.summary.status == "finished"
    assert all(record.actions[:len(t)] == tuple(t) for t in told) and len(told[1]) >= 12
    assert sum(h["tables"] for h in took) == 1  # one process runs it now
    rules = atout.make("jass")
    for seat, client in enumerate(clients):
        assert not [f for f in client.frames if f.get("type") == "error"]
        snapshots = [f for f in client.frames if f.get("type") == "table"]
        assert len(snapshots) >= 2  # joined, then back after the takeover (a new epoch)
        assert snapshots[-1]["epoch"] != snapshots[0]["epoch"]
        assert snapshots[-1]["n"] > snapshots[0]["n"], [(f["n"], f["epoch"]) for f in snapshots]
        check_segments(client.frames, table, seat if seat < 4 else None, rules,
                       dict(record.match), record.actions, 1)


def test_a_client_of_another_process_gets_its_words_in_its_language(
        pg_url: str, redis_url: str, tmp_path: Path) -> None:
    async def scenario(bases: list[str]) -> list[dict[str, Any]]:
        host = await Client.guest(bases[0], "Ana")
        snap = await host.create("jass", seat=0, deals=1)
        table = int(snap["table"])
        seen = []
        for lang in ("fr", "en", None):  # each watches from the process that does not own it
            watcher = await Client.guest(bases[1], f"Eve{lang}", lang=lang)
            seen.append(await watcher.request({"type": "watch", "table": table}, "table"))
            await watcher.close()
        await host.close()
        return seen

    with cluster(pg_url, redis_url, tmp_path, 2) as servers:
        fr, en, plain = asyncio.run(scenario([s.base for s in servers]))
    assert "words" not in plain
    for told, lang in ((fr, "fr"), (en, "en")):
        bare = {k: v for k, v in told.items() if k != "words"}
        assert bare == plain  # the same filtered snapshot, with its words added
        assert told["words"] == words(plain, lang)  # as the owner's words module says them
    assert fr["words"]["answers"]["t"] != en["words"]["answers"]["t"]


def test_a_cluster_refuses_what_it_cannot_do_in_words(pg_url: str, redis_url: str,
                                                     tmp_path: Path) -> None:
    """A table that exists nowhere is refused by every process; a Redis that cannot be
    reached stops a process at its start with a sentence saying what was expected."""
    async def scenario(bases: list[str]) -> None:
        for base in bases:
            async with await Client.guest(base, "Zed") as zed:
                with pytest.raises(ServerError) as refused:
                    await zed.join(4242, 0)
                assert refused.value.code == "no_table"

    with cluster(pg_url, redis_url, tmp_path, 2) as servers:
        asyncio.run(scenario([s.base for s in servers]))
    dead = Server(pg_url, tmp_path, args=("--redis", "redis://127.0.0.1:1/0"))
    with pytest.raises(RuntimeError, match="cannot be reached"):
        dead.start()
    dead.stop()


def test_serve_refuses_a_redis_that_is_not_a_url() -> None:
    from cli_helpers import invoke

    result = invoke(["serve", "--redis", "localhost:6379"])
    assert result.exit_code == 2
    assert "'localhost:6379': expected a URL such as redis://127.0.0.1:6379/0" in result.output
