"""The real server under uvicorn on a loopback port, with real WebSocket clients: complete
games of every game, every frame checked against the protocol's schema and against what the
recipient may know; spectators; a dropped seat played by a bot; a client coming back."""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path
from typing import Any

import pytest

import atout
from atout.client import Client, http
from atout.store import Store
from frame_checks import ENDS, cards_of, check_frames, hidden_cards, play_along
from server_helpers import Server, running

GAMES = ["jass", "putze", "tarot", "pitch", "knock-rummy"]


async def refused(client: Client, message: dict[str, Any]) -> str:
    """Send a message that must be refused; the error's code (other frames are skipped)."""
    await client.send({**message, "ref": "r"})
    while True:
        frame = await client.recv(10)
        assert not (frame.get("kind") == "start" and message["type"] == "start")
        if frame.get("type") == "error" and frame.get("ref") == "r":
            return str(frame["code"])


async def a_table(base: str, game: str, names: list[str],
                  **fields: Any) -> tuple[list[Client], int]:
    clients = [await Client.guest(base, name) for name in names]
    snap = await clients[0].create(game, seat=0, **fields)
    table = int(snap["table"])
    for seat, c in enumerate(clients[1:], start=1):
        await c.join(table, seat, snap.get("invite"))
    return clients, table


def check_history(answer: dict[str, Any], seat: int | None, rules: atout.Rules[Any],
                  params: dict[str, Any], actions: tuple[str, ...], deals: int) -> None:
    """A game's history read while it was played (``/api/games/N``), against the engine:
    each action as ``seat`` saw it, the events it could see, its view after the last one,
    and no card it could not know at that moment; no seed, nothing that rebuilds hands."""
    assert answer["status"] == "playing" and answer["seat"] == seat
    assert "match" not in answer and "actions" not in answer  # the seed rebuilds every hand
    k = answer["actions_count"]
    assert k == len(answer["history"]) and k <= len(actions)
    match = rules.match(**params)
    expected = []
    for action in actions[:k]:
        deal, actor = len(match.deals), match.to_move
        events = [e.to_dict() for e in match.play(action) if e.visible_to(seat)]
        if len(match.deals) >= deals and not match.is_over:  # the table stops there
            events = [e for e in events if e["kind"] != "new_deal"]
        expected.append({"deal": deal, "seat": actor, "events": events})
    played = [*match.deals, *([] if match.deal in match.deals else [match.deal])]
    if seat is not None:
        seen = [text for d in played for _, text in d.view(seat).history]
    else:
        seen = [text if all(d.view(t).history[i][1] == text for t in range(rules.seats))
                else None for d in played for i, (_, text) in enumerate(d.view(0).history)]
    assert answer["history"] == [{**e, "action": a} for e, a in zip(expected, seen,
                                                                     strict=True)]
    shown = match.deals[-1] if len(match.deals) >= deals and not match.is_over else match
    hidden = hidden_cards(shown, seat, answer["view"])
    scope = {**answer, "history": [h for h in answer["history"]
                                   if not {e["kind"] for e in h["events"]} & ENDS]}
    leaked = cards_of(scope, set()) & hidden
    assert not leaked, f"the history after {k} actions names {leaked} to seat {seat}"


@pytest.mark.parametrize("game", GAMES)
def test_four_clients_and_a_spectator_play_a_whole_game(tmp_path: Path, game: str) -> None:
    db = str(tmp_path / "server.sqlite3")

    async def scenario(base: str) -> tuple[int, list[Client]]:
        clients, table = await a_table(base, game, ["Ana", "Bruno", "Clara", "David"],
                                       deals=1)
        watcher = await Client.guest(base, "Eve")
        await watcher.request({"type": "watch", "table": table}, "table")
        await clients[0].request({"type": "chat", "table": table, "text": "bonne partie"},
                                 "update")
        await clients[0].send({"type": "start", "table": table})
        await asyncio.gather(*(play_along(c, table, s) for s, c in enumerate(clients)),
                             follow(base, table, watcher, clients))
        for c in [*clients, watcher]:
            await c.close()
        return table, [*clients, watcher]

    async def follow(base: str, table: int, watcher: Client, clients: list[Client]) -> None:
        """The spectator sees the game to its end; every few actions, each player, the
        spectator and an anonymous reader ask for the game's history meanwhile."""
        readers = [(c.token, s) for s, c in enumerate(clients)] + [(watcher.token, None),
                                                                    (None, None)]
        seen = 0
        while True:
            frame = await watcher.recv(30)
            if frame.get("kind") == "end":
                return
            if frame.get("kind") == "action":
                seen += 1
                if seen % 3 == 1:
                    answers = await asyncio.gather(*(asyncio.to_thread(
                        http, base, f"/api/games/{table}", token=token)
                        for token, _ in readers))
                    histories.extend(zip((s for _, s in readers), answers, strict=True))

    histories: list[tuple[int | None, dict[str, Any]]] = []

    with running(db, tmp_path) as server:
        table, clients = asyncio.run(scenario(server.base))
    with Store.open(db) as store:
        record = store.get(table)
    assert record.summary.status == "finished" and record.summary.result is not None
    rules = atout.make(game)
    for seat, client in enumerate(clients):
        n = check_frames(client.frames, seat if seat < 4 else None, rules,
                         dict(record.match), record.actions, 1)
        assert n > len(record.actions)
    playing = [(seat, a) for seat, a in histories if a["status"] == "playing"]
    assert len(playing) >= 6 and all(a["status"] == "finished" for _, a in histories
                                     if a["status"] != "playing")
    for who, answer in playing:  # read mid-game: nothing the reader could not know
        check_history(answer, who, rules, dict(record.match), record.actions, 1)
    chat = [f for f in clients[3].frames if f.get("kind") == "chat"]
    assert chat and chat[0]["chat"] == {"name": "Ana", "seat": 0, "text": "bonne partie"}


def test_bots_fill_seats_and_a_dropped_player_is_replaced_then_comes_back(
        tmp_path: Path) -> None:
    db = str(tmp_path / "server.sqlite3")

    async def scenario(base: str) -> None:
        ana = await Client.guest(base, "Ana")
        snap = await ana.create("jass", deals=1)
        table = int(snap["table"])
        for seat in (1, 2, 3):
            await ana.request({"type": "bot", "table": table, "seat": seat,
                               "bot": "heuristic"}, "update")
        bob = await Client.guest(base, "Bob")
        assert await refused(bob, {"type": "join", "table": table, "seat": 1}) == "taken"
        await ana.request({"type": "unbot", "table": table, "seat": 2}, "update")
        await bob.join(table, 2)
        assert await refused(bob, {"type": "start", "table": table}) == "not_host"
        await ana.send({"type": "start", "table": table})
        while True:  # until it is Bob's turn
            frame = await bob.recv(20)
            if frame.get("type") == "update" and frame["view"]["to_move"] == 2 and \
                    frame["info"]["status"] == "playing":
                break
        await bob.close()  # Bob drops: after the grace period, a bot plays for him
        while True:
            frame = await ana.recv(20)
            if frame.get("kind") == "standin":
                assert frame["seat"] == 2 and frame["info"]["seats"][2]["standin"] is True
                break
        while True:  # the stand-in plays Bob's card
            frame = await ana.recv(20)
            if frame.get("kind") == "action" and frame["seat"] == 2:
                break
        bob2 = await Client.guest(base, "Bob") if False else Client(bob.base, bob.token,
                                                                    bob.player)
        await bob2.connect()
        bob2.seen = dict(bob.seen)
        await bob2.sync(table)  # back with the last number seen: what was missed follows
        frame = await bob2.recv(10)
        assert frame["type"] == "update" and frame["n"] == bob.seen[table][1] + 1
        assert frame["view"]["seat"] == 2
        while True:
            frame = await ana.recv(20)
            if frame.get("kind") == "seat" and frame["seat"] == 2:
                assert frame["info"]["seats"][2]["connected"] is True
                assert frame["info"]["seats"][2]["standin"] is False
                break
        await asyncio.gather(play_along(bob2, table, 2), play_along(ana, table, 0))
        for c in (ana, bob2):
            await c.close()

    with running(db, tmp_path, grace=0.3) as server:
        asyncio.run(scenario(server.base))
    with Store.open(db) as store:
        (game,) = store.games()
    assert game.status == "finished"
    assert [s.bot for s in game.seats] == [None, "heuristic", None, "heuristic"]


def test_killed_with_sigkill_the_server_restarts_every_table_with_no_action_lost(
        db_url: str, tmp_path: Path) -> None:
    """On SQLite and on PostgreSQL: kill -9 mid-game, start again on the same store, the
    players come back and finish; what anyone was told is in the store, in order."""
    port_one = Server(db_url, tmp_path)

    async def first_half(base: str) -> tuple[list[Client], int]:
        clients, table = await a_table(base, "pitch", ["Ana", "Bruno", "Clara", "David"],
                                       deals=1)
        await clients[0].send({"type": "start", "table": table})
        plays = [asyncio.ensure_future(play_along(c, table, s)) for s, c in enumerate(clients)]
        while sum(1 for f in clients[0].frames if f.get("kind") == "action") < 12:
            await asyncio.sleep(0.01)
        port_one.kill()  # mid-game, while the clients keep playing
        for p in plays:
            with contextlib.suppress(Exception):
                await p
        return clients, table

    async def second_half(base: str, old: list[Client], table: int) -> list[Client]:
        clients = [Client(base, c.token, c.player) for c in old]
        for c, before in zip(clients, old, strict=True):
            await c.connect()
            c.seen = dict(before.seen)
            await c.sync(table)  # a new epoch: each gets a full snapshot
            snap = await c.expect("table")
            assert snap["epoch"] != before.seen[table][0]
        await asyncio.gather(*(play_along(c, table, s) for s, c in enumerate(clients)))
        for c in clients:
            await c.close()
        return clients

    port_one.start()
    try:
        old, table = asyncio.run(first_half(port_one.base))
    finally:
        port_one.stop()
    told = [f["action"] for f in old[0].frames if f.get("kind") == "action"]
    with Store.open(db_url) as store:
        kept = store.get(table).actions
    assert len(told) >= 12 and kept[:len(told)] == tuple(told)  # nothing told was lost
    with running(db_url, tmp_path) as again:
        assert again.health()["tables"] == 1
        new = asyncio.run(second_half(again.base, old, table))
    with Store.open(db_url) as store:
        record = store.get(table)
    assert record.summary.status == "finished"
    assert record.actions[:len(kept)] == kept
    rules = atout.make("pitch")
    for seat, c in enumerate(new):  # the second half's frames, checked like any others
        snapshot_at = len(kept)
        frames = [f for f in c.frames if f.get("type") != "welcome"]
        check_frames(frames, seat, rules, dict(record.match), record.actions[snapshot_at:],
                     1, start=record.actions[:snapshot_at])


def test_a_move_clock_plays_for_a_person_who_waits_too_long(tmp_path: Path) -> None:
    async def scenario(base: str) -> None:
        ana = await Client.guest(base, "Ana")
        snap = await ana.create("pitch", deals=1, clock=1, seat=1)
        table = int(snap["table"])
        assert snap["info"]["clock"] == 1
        for seat in (0, 2, 3):
            await ana.request({"type": "bot", "table": table, "seat": seat,
                               "bot": "random"}, "update")
        await ana.send({"type": "start", "table": table})
        while True:  # Ana never moves: the clock moves for her, the game goes on
            frame = await ana.recv(20)
            if frame.get("kind") == "action" and frame["seat"] == 1:
                break
        await ana.close()

    with running(str(tmp_path / "s.sqlite3"), tmp_path) as srv:
        asyncio.run(scenario(srv.base))


def test_the_console_plays_at_a_server_table_with_its_keys_and_words(tmp_path: Path) -> None:
    """``atout play --server``: a new table with computer players, played by Enter to the
    end; then a second console joins a table another client made, and leaves."""
    import io

    from atout.console import run_play

    with running(str(tmp_path / "s.sqlite3"), tmp_path) as srv:
        out = io.StringIO()
        status = run_play("jass", lang="en", deals=1, server=srv.base, name="Ana", bot="random",
                          stdin=io.StringIO("m\n" + "\n" * 80), stdout=out)
        said = out.getvalue()
        assert status == 0, said
        assert "Table 1: " in said and "You hold 9 cards" in said
        assert said.count("You play the ") == 9 and "Deal 1 is over" in said
        assert "Game over" in said

        async def host() -> tuple[Client, int]:
            bob = await Client.guest(srv.base, "Bob")
            snap = await bob.create("pitch", deals=1)
            return bob, int(snap["table"])

        _bob, table = asyncio.run(host())
        out = io.StringIO()
        assert run_play(lang="fr", server=srv.base, table=table, seat=2, name="Clara",
                        stdin=io.StringIO("t\nq\n"), stdout=out) == 0
        said = out.getvalue()
        assert f"Table {table}" in said and "Bob" in said and "Clara" in said
        assert f"Vous avez quitté la table {table}" in said or "You left" in said
        out = io.StringIO()
        assert run_play(lang="en", server=srv.base, table=999, seat=0, name="Dan",
                        stdin=io.StringIO(""), stdout=out) == 2
        assert "there is no open table 999" in out.getvalue()


def test_a_rematch_seats_everyone_again_at_a_new_table(tmp_path: Path) -> None:
    async def scenario(base: str) -> None:
        clients, table = await a_table(base, "jass", ["Ana", "Bruno"], deals=1)
        for seat in (2, 3):
            await clients[0].request({"type": "bot", "table": table, "seat": seat,
                                      "bot": "random"}, "update")
        assert await refused(clients[1], {"type": "rematch", "table": table}) == "not_over"
        await clients[0].send({"type": "start", "table": table})
        await asyncio.gather(*(play_along(c, table, s) for s, c in enumerate(clients)))
        await clients[1].send({"type": "rematch", "table": table})
        nexts = []
        for c in clients:
            update = await c.expect("update")
            while update.get("kind") != "rematch":
                update = await c.expect("update")
            snap = await c.expect("table")
            assert snap["table"] == update["next"] != table
            nexts.append(snap)
        assert [s["seat"] for s in nexts] == [0, 1]
        assert [s["bot"] for s in nexts[0]["info"]["seats"]] == [None, None, "random",
                                                                 "random"]
        new = int(nexts[0]["table"])
        await clients[0].send({"type": "start", "table": new})
        await asyncio.gather(*(play_along(c, new, s) for s, c in enumerate(clients)))
        for c in clients:
            await c.close()

    with running(str(tmp_path / "s.sqlite3"), tmp_path) as srv:
        asyncio.run(scenario(srv.base))
