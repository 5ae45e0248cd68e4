"""What stays private and what cannot be faked (docs/security.md): a finished private game's
record, a session after logout, a private table's spectators; deeply nested JSON, huge game
numbers, look-alike names and bidirectional controls in chat."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from http.client import HTTPConnection

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.typing import Origin

from atout.client import Client, ServerError, http
from atout.server.names import skeleton, strip_bidi
from server_helpers import Server, running


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    data = tmp_path_factory.mktemp("privacy")
    with running(str(data / "s.sqlite3"), data, args=("--origin", "https://club.example")) \
            as srv:
        yield srv


async def private_game_played(base: str) -> tuple[int, str, str]:
    """A private table of one deal with three bots, played to its end; its number, invite
    and its host's token."""
    host = await Client.guest(base, "Host")
    snap = await host.create("jass", seat=0, private=True, deals=1)
    table, invite = int(snap["table"]), str(snap["invite"])
    for seat in (1, 2, 3):
        await host.send({"type": "bot", "table": table, "seat": seat, "bot": "heuristic"})
    await host.send({"type": "start", "table": table})
    await host.request({"type": "leave", "table": table}, "left")  # a stand-in plays
    for _ in range(200):
        if http(base, f"/api/games/{table}", token=host.token)["status"] == "finished":
            break
        await asyncio.sleep(0.05)
    await host.close()
    return table, invite, host.token


def test_a_finished_private_game_stays_private(server: Server) -> None:
    table, invite, token = asyncio.run(private_game_played(server.base))
    record = http(server.base, f"/api/games/{table}", token=token)
    assert record["status"] == "finished" and record["match"]
    stranger = http(server.base, "/api/guest", {"name": "Mallory"})["token"]
    for who in (None, stranger):
        with pytest.raises(ServerError, match="private"):
            http(server.base, f"/api/games/{table}", token=who)
    assert http(server.base, f"/api/games/{table}?invite={invite}")["match"]


def test_logging_out_ends_every_connection_of_the_token(server: Server) -> None:
    async def scenario() -> list[str]:
        first = await Client.guest(server.base, "Leaving")
        second = Client(server.base, first.token, first.player)
        await second.connect()
        other = await Client.guest(server.base, "Staying")
        await asyncio.to_thread(http, server.base, "/api/logout", {}, first.token)
        ends = []
        for c in (first, second):
            with pytest.raises(ConnectionClosed) as closed:
                for _ in range(5):
                    await c.recv(5)
            assert closed.value.rcvd is not None
            ends.append(closed.value.rcvd.reason)
        assert (await other.request({"type": "ping"}, "pong"))["type"] == "pong"
        await other.close()
        return ends

    assert asyncio.run(scenario()) == ["signed out", "signed out"]


def test_a_strangers_leave_does_not_change_a_private_tables_spectators(
        server: Server) -> None:
    async def scenario() -> list[int]:
        host = await Client.guest(server.base, "Host")
        snap = await host.create("jass", seat=0, private=True)
        table = int(snap["table"])
        watcher = await Client.guest(server.base, "Watcher")
        await watcher.request({"type": "watch", "table": table, "invite": snap["invite"]},
                              "table")
        stranger = await Client.guest(server.base, "Stranger")
        for _ in range(3):
            await stranger.request({"type": "leave", "table": table}, "left")
        counts = []
        for _ in range(2):
            await host.send({"type": "chat", "table": table, "text": "hello"})
            frame = await host.expect("update")
            counts.append(int(frame["info"]["spectators"]))
            await watcher.request({"type": "leave", "table": table}, "left")
        for c in (host, watcher, stranger):
            await c.close()
        return counts

    assert asyncio.run(scenario()) == [1, 0]


def test_deeply_nested_json_is_refused_and_the_connection_kept(server: Server) -> None:
    async def scenario() -> list[str]:
        client = await Client.guest(server.base, "Nester")
        codes = []
        for frame in ("[" * 4000 + "]" * 4000, '{"type":"chat","text":' + "[" * 3000
                      + "]" * 3000 + "}"):
            await client.send_raw(frame)
            codes.append(str((await client.expect("error"))["code"]))
        assert (await client.request({"type": "ping"}, "pong"))["type"] == "pong"
        await client.close()
        return codes

    assert asyncio.run(scenario()) == ["bad_message", "bad_message"]
    assert "RecursionError" not in server.log.read_text()


def test_a_huge_game_number_is_not_found(server: Server) -> None:
    for number in ("99999999999999999999999", "9223372036854775808", "0", "-5"):
        with pytest.raises(ServerError, match="not_found"):
            http(server.base, f"/api/games/{number}")


def test_look_alike_names_and_bidirectional_controls(server: Server) -> None:
    assert skeleton("Viсtim") == skeleton("victim") == skeleton("VICTIM")  # Cyrillic с
    assert skeleton("Ana") != skeleton("Anna")
    assert strip_bidi("abc\u202edef\u2066g\u200fh\u061c") == "abcdefgh"
    http(server.base, "/api/register", {"name": "Victim", "password": "long enough"})
    for look_alike in ("Viсtim", "victim", "VICTIM", "Vіctіm"):  # Cyrillic с, і
        with pytest.raises(ServerError, match="name_taken"):
            http(server.base, "/api/register", {"name": look_alike,
                                                "password": "long enough"})

    async def chat() -> tuple[str, str]:
        client = await Client.guest(server.base, "Bidi\u202eUser")
        snap = await client.create("jass", seat=0)
        await client.send({"type": "chat", "table": snap["table"],
                           "text": "gg \u202eevil\u202c \u2067x\u2069"})
        frame = await client.expect("update")
        await client.close()
        return str(frame["chat"]["text"]), str(client.player["name"])

    text, name = asyncio.run(chat())
    assert text == "gg evil x" and name == "BidiUser"


def get(port: int, path: str, source: str = "127.0.0.1",
        headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], bytes]:
    """One GET from a chosen loopback address: status, headers and body."""
    conn = HTTPConnection("127.0.0.1", port, timeout=10,
                                      source_address=(source, 0))
    try:
        conn.request("GET", path, headers=headers or {})
        answer = conn.getresponse()
        return answer.status, {k.lower(): v for k, v in answer.getheaders()}, answer.read()
    finally:
        conn.close()


def test_the_metrics_are_for_the_machine_itself(server: Server) -> None:
    assert get(server.port, "/metrics")[0] in (200, 501)  # 501: without prometheus-client
    status, _, body = get(server.port, "/metrics", source="127.0.0.2")
    assert status == 403 and b"--metrics-token" in body


def test_a_websocket_from_another_sites_page_is_refused(server: Server) -> None:
    async def opens(origin: str | None) -> bool:
        try:
            async with connect(f"ws://127.0.0.1:{server.port}/ws",
                               origin=None if origin is None else Origin(origin)) as ws:
                await ws.send('{"type":"ping"}')
                await ws.recv()
        except InvalidStatus as exc:
            assert exc.response.status_code == 403
            return False
        return True

    assert asyncio.run(opens(None))  # not a browser
    assert asyncio.run(opens(f"http://127.0.0.1:{server.port}"))  # the page itself
    assert asyncio.run(opens("https://club.example"))  # --origin
    assert not asyncio.run(opens("https://evil.example"))
    assert not asyncio.run(opens(f"http://127.0.0.1:{server.port + 1}"))


def test_the_page_is_served_with_a_strict_content_security_policy(server: Server) -> None:
    for path in ("/", "/static/app.js", "/api/tables"):
        status, headers, _ = get(server.port, path)
        assert status == 200, path
        csp = headers["content-security-policy"]
        assert "script-src 'self'" in csp and "frame-ancestors 'none'" in csp
        assert "unsafe-inline" not in csp and "unsafe-eval" not in csp
        assert headers["x-content-type-options"] == "nosniff"
        assert headers["referrer-policy"] == "no-referrer"
    _, _, page = get(server.port, "/")
    assert b"<script>" not in page and b" on" not in page.split(b"<body")[1].split(b">")[0]
