"""Hostile input never crashes the server nor changes anything: malformed JSON, unknown
types, wrong fields, oversized frames, out-of-turn actions, another table's actions, forged
and revoked tokens, floods. Each gets an error in words, and the other tables play on."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from atout.client import Client, ServerError, http
from frame_checks import play_along
from server_helpers import Server, running
from test_server import a_table

JSONS = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False)
                     | st.text(max_size=20),
                     lambda inner: st.lists(inner, max_size=4)
                     | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=12)
TYPES = ["hello", "ping", "lobby", "create", "join", "watch", "leave", "bot", "unbot",
         "start", "act", "chat", "sync", "rematch"]


def wrong_fields(kind: str) -> st.SearchStrategy[dict[str, Any]]:
    """A message of a known type whose fields are wrong (unknown keys, wrong types)."""
    return st.dictionaries(st.sampled_from(["table", "seat", "action", "text", "game",
                                            "token", "zzz", "options", "after"]),
                           JSONS, min_size=1, max_size=4).map(
        lambda d: {**d, "type": kind, "zzz": d.get("zzz", 1)})


HOSTILE = st.one_of(
    st.text(max_size=60).filter(lambda t: not t.strip().startswith(("{", "["))),  # not JSON
    JSONS.filter(lambda v: not isinstance(v, dict)).map(json.dumps),             # not objects
    st.dictionaries(st.text(max_size=8), JSONS, max_size=3).map(json.dumps),     # no type
    st.text(min_size=1, max_size=12).filter(lambda t: t not in TYPES).map(
        lambda t: json.dumps({"type": t})),                                       # unknown type
    st.sampled_from(TYPES).flatmap(wrong_fields).map(json.dumps),
    st.integers(8193, 20000).map(lambda n: json.dumps({"type": "chat", "table": 1,
                                                       "text": "x" * n})),       # too large
)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    data = tmp_path_factory.mktemp("hostile")
    with running(str(data / "s.sqlite3"), data) as srv:
        yield srv


async def answered(client: Client, frame: str, k: int) -> list[dict[str, Any]]:
    """Send a frame, then a ping; what came back before the pong."""
    await client.send_raw(frame)
    await client.send({"type": "ping", "ref": f"p{k}"})
    got: list[dict[str, Any]] = []
    while True:
        reply = await client.recv(10)
        if reply.get("type") == "pong" and reply.get("ref") == f"p{k}":
            return got
        got.append(reply)


@settings(max_examples=25, deadline=None, suppress_health_check=[
    HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(frames=st.lists(HOSTILE, min_size=20, max_size=80))
def test_every_hostile_frame_gets_an_error_and_changes_nothing(server: Server,
                                                               frames: list[str]) -> None:
    async def attack() -> None:
        before = http(server.base, "/api/tables")
        bad = await Client.guest(server.base, "Mallory")
        for k, frame in enumerate(frames):
            replies = await answered(bad, frame, k)
            assert [r["type"] for r in replies] == ["error"], (frame[:80], replies)
            assert replies[0]["message"]  # a sentence that says what was expected
        await bad.close()
        assert http(server.base, "/api/tables") == before
    asyncio.run(attack())


def test_out_of_turn_foreign_and_forged_requests_are_refused_while_a_game_goes_on(
        tmp_path: Path) -> None:
    async def scenario(base: str) -> None:
        players, table = await a_table(base, "jass", ["Ana", "Bruno"], deals=1)
        for seat in (2, 3):
            await players[0].request({"type": "bot", "table": table, "seat": seat,
                                      "bot": "random"}, "update")
        other, other_table = await a_table(base, "jass", ["Olga"], deals=1)
        await players[0].send({"type": "start", "table": table})
        game = asyncio.gather(*(play_along(c, table, s) for s, c in enumerate(players)))
        mallory = await Client.guest(base, "Mallory")
        codes = set()
        for k, message in enumerate([
            {"type": "act", "table": table, "action": "AH"},           # not seated
            {"type": "act", "table": 999, "action": "AH"},             # no such table
            {"type": "start", "table": other_table},                   # not the host
            {"type": "bot", "table": other_table, "seat": 1, "bot": "random"},
            {"type": "join", "table": table, "seat": 2},               # started
            {"type": "hello", "protocol": 1, "token": "x" * 40},       # hello again
            {"type": "create", "game": "chess"},
            {"type": "create", "game": "jass", "options": {"target": 7}},
            {"type": "chat", "table": table, "text": "hi"},            # not at the table
        ]):
            replies = await answered(mallory, json.dumps(message), k)
            assert [r["type"] for r in replies] == ["error"], (message, replies)
            codes.add(replies[0]["code"])
        assert codes >= {"not_seated", "no_table", "not_host", "started", "hello_again",
                         "bad_options"}
        await game  # the game went on to its end meanwhile
        # a forged token, and a real one once revoked
        forged = Client(base, "forged-token-" + "a" * 30, {})
        with pytest.raises(ServerError) as exc:
            await forged.connect()
        assert exc.value.code == "bad_token"
        assert http(base, "/api/logout", {}, token=mallory.token) == {"revoked": True}
        replayed = Client(base, mallory.token, {})
        with pytest.raises(ServerError) as exc:
            await replayed.connect()
        assert exc.value.code == "bad_token"
        for c in [*players, *other, mallory, forged, replayed]:
            await c.close()

    with running(str(tmp_path / "s.sqlite3"), tmp_path) as srv:
        asyncio.run(scenario(srv.base))


def test_a_flood_is_limited_per_connection(tmp_path: Path) -> None:
    async def scenario(base: str) -> None:
        flood = await Client.guest(base, "Flood")
        calm = await Client.guest(base, "Calm")
        for k in range(130):
            await flood.send({"type": "ping", "ref": k})
        answers = [await flood.recv(10) for _ in range(130)]
        limited = [a for a in answers if a["type"] == "error"]
        assert len(limited) >= 29 and limited[0]["code"] == "rate_limited"
        assert "at most 100 messages in 20 s" in limited[0]["message"]
        assert (await calm.request({"type": "ping", "ref": "x"}, "pong"))["ref"] == "x"
        await flood.close()
        await calm.close()

    with running(str(tmp_path / "s.sqlite3"), tmp_path, rate_limit=100) as srv:
        asyncio.run(scenario(srv.base))


def test_accounts_sign_in_and_records_over_http(tmp_path: Path) -> None:
    async def scenario(base: str) -> None:
        answer = http(base, "/api/register", {"name": "ana", "password": "correct horse"})
        token = answer["token"]
        with pytest.raises(ServerError) as exc:
            http(base, "/api/register", {"name": "ana", "password": "another one"})
        assert exc.value.code == "name_taken"
        with pytest.raises(ServerError) as exc:
            http(base, "/api/login", {"name": "ana", "password": "wrong password"})
        assert exc.value.code == "bad_login"
        with pytest.raises(ServerError) as exc:
            http(base, "/api/register", {"name": "bob", "password": "short"})
        assert exc.value.code == "bad_password"
        again = http(base, "/api/login", {"name": "ana", "password": "correct horse"})
        assert again["player"] == answer["player"] and again["token"] != token
        ana = Client(base, token, answer["player"])
        await ana.connect()
        snap = await ana.create("jass", deals=1)
        table = int(snap["table"])
        for seat in (1, 2, 3):
            await ana.request({"type": "bot", "table": table, "seat": seat,
                               "bot": "random"}, "update")
        before = http(base, f"/api/games/{table}")  # in play: the public history, no seed
        assert before["status"] == "playing" and before["history"] == [] and \
            before["seat"] is None and "match" not in before
        assert http(base, f"/api/games/{table}", token=token)["seat"] == 0
        with pytest.raises(ServerError) as exc:
            http(base, f"/api/games/{table}", token="forged" * 4)
        assert exc.value.code == "bad_token"
        await ana.send({"type": "start", "table": table})
        await play_along(ana, table, 0)
        record = http(base, f"/api/games/{table}")
        assert record["game"] == "jass" and len(record["actions"]) >= 37
        assert record["status"] == "finished" and "seed" in record["match"]
        history = http(base, "/api/me/history", token=token)["games"]
        assert [g["game"] for g in history] == [table] and history[0]["seat"] == 0
        hidden = await ana.create("pitch", private=True)  # a private table's history:
        where = f"/api/games/{hidden['table']}"            # its players, or the invite
        for path in (where, where + "?invite=wrong"):
            with pytest.raises(ServerError) as exc:
                http(base, path)
            assert exc.value.code == "private"
        assert http(base, f"{where}?invite={hidden['invite']}")["seat"] is None
        assert http(base, where, token=token)["seat"] == 0
        stats = http(base, "/api/me/stats", token=token)["stats"]
        assert stats[0]["games"] == 1 and stats[0]["opponents"] == "random"
        with pytest.raises(ServerError) as exc:
            http(base, "/api/me/stats", token="nope" * 5)
        assert exc.value.code == "bad_token"
        await ana.close()

    with running(str(tmp_path / "s.sqlite3"), tmp_path) as srv:
        asyncio.run(scenario(srv.base))
