"""The server against abuse (docs/security.md): a flood of wrong passwords neither slows the
tables nor keeps a newcomer out; failed sign-ins are limited per address and per account with
a clear ``rate_limited`` answer; a wrong name costs the time of a wrong password."""

from __future__ import annotations

import asyncio
import contextlib
import http.client
import json
import os
import socket
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from atout.client import Client, ServerError
from atout.client import http as call
from atout.server.accounts import Accounts, AuthError
from atout.server.guard import MAX_PASSWORD_BYTES, Gate, Limits, RateLimited, address_key
from atout.store import Store
from server_helpers import Server, running


def post(port: int, path: str, body: dict[str, Any], source: str = "127.0.0.1",
         timeout: float = 20) -> tuple[int, dict[str, str], dict[str, Any]]:
    """One POST from a chosen loopback address: the status, headers and JSON answer."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout,
                                      source_address=(source, 0))
    try:
        conn.request("POST", path, json.dumps(body), {"content-type": "application/json"})
        answer = conn.getresponse()
        return answer.status, {k.lower(): v for k, v in answer.getheaders()}, \
            json.loads(answer.read() or b"{}")
    finally:
        conn.close()


async def bots_only(base: str) -> int:
    """A table of Jass played by four computer players (its host sat, started and left)."""
    host = await Client.guest(base, "Host")
    snap = await host.create("jass", seat=0)
    table = int(snap["table"])
    for seat in (1, 2, 3):
        await host.send({"type": "bot", "table": table, "seat": seat, "bot": "heuristic"})
    await host.send({"type": "start", "table": table})
    await host.request({"type": "leave", "table": table}, "left")
    await host.close()
    return table


def pace(server: Server, seconds: float) -> float:
    """Actions played per second over ``seconds``."""
    before = server.health()["actions"]
    time.sleep(seconds)
    return float(server.health()["actions"] - before) / seconds


def test_a_login_flood_does_not_slow_the_tables_nor_keep_a_newcomer_out(
        tmp_path: Path) -> None:
    with running(str(tmp_path / "s.sqlite3"), tmp_path, bot_delay=0.05) as server:
        call(server.base, "/api/register", {"name": "Victim", "password": "correct horse 1"})
        call(server.base, "/api/register", {"name": "Newcomer", "password": "battery st4ple"})
        asyncio.run(bots_only(server.base))
        time.sleep(0.5)
        baseline = pace(server, 1.5)
        assert baseline > 3, baseline
        began = time.perf_counter()  # a sign-in on this machine now, without a flood
        assert post(server.port, "/api/login", {"name": "Newcomer",
                                                "password": "battery st4ple"})[0] == 200
        quiet = time.perf_counter() - began

        stop = threading.Event()
        answers: list[tuple[int, dict[str, str], dict[str, Any]]] = []

        def flood() -> None:
            while not stop.is_set():  # another address than the newcomer's, no pause
                with contextlib.suppress(OSError):
                    answers.append(post(server.port, "/api/login",
                                        {"name": "Victim", "password": "wrong guess"},
                                        source="127.0.0.2"))

        threads = [threading.Thread(target=flood) for _ in range(24)]
        for t in threads:
            t.start()
        try:
            time.sleep(0.5)
            under = pace(server, 1.5)
            began = time.perf_counter()
            status, _, welcome = post(server.port, "/api/login",
                                      {"name": "Newcomer", "password": "battery st4ple"})
            signin = time.perf_counter() - began
        finally:
            stop.set()
            for t in threads:
                t.join(30)
        after = pace(server, 1.5)  # the machine may be busier now: the lower is the yardstick
    assert status == 200 and welcome["player"]["name"] == "Newcomer"
    assert under >= min(baseline, after) / 2, (baseline, under, after)
    # under 0.5 s on an idle machine (docs/security.md); on a machine shared with other
    # work, within four sign-ins without the flood (it may wait for one wrong password's
    # check, one at a time from the flooding address, then its own)
    assert signin < max(0.5, 4 * quiet), (signin, quiet)
    limited = [a for a in answers if a[0] == 429]
    assert limited and all(a[2]["error"] == "rate_limited" and int(a[1]["retry-after"]) >= 1
                           and "try again in" in a[2]["message"] for a in limited)
    assert {a[0] for a in answers} <= {401, 429}


@pytest.fixture
def gate(tmp_path: Path) -> Any:
    store = Store.open(str(tmp_path / "g.sqlite3"))
    accounts = Accounts(store)
    accounts.register("Victim", "correct horse 1")
    found = Gate(accounts, Limits(login_failures=8, account_free=3))
    found.pause = 0.0  # no pause before a refusal (the flood test has it)
    yield found
    found.close()
    store.close()


def test_failed_sign_ins_are_limited_per_account_then_per_address(gate: Gate) -> None:
    async def scenario() -> list[str]:
        codes = []
        for _ in range(5):
            try:
                await gate.login("10.0.0.1", "Victim", "wrong guess")
            except (AuthError, RateLimited) as exc:
                codes.append(exc.code)
        return codes

    codes = asyncio.run(scenario())
    assert codes == ["bad_login"] * 4 + ["rate_limited"]  # 3 free, then 1 s of backoff
    with pytest.raises(RateLimited, match="this account: try again in 1 s"):
        asyncio.run(gate.login("10.0.0.2", "Victim", "correct horse 1"))
    time.sleep(1.05)  # the backoff is over: the right password from anywhere signs in
    token, player = asyncio.run(gate.login("10.0.0.2", "Victim", "correct horse 1"))
    assert player.name == "Victim" and token

    async def other_names() -> RateLimited:
        for k in range(10):
            try:
                await gate.login("10.0.0.1", f"Nobody{k}", "wrong guess")
            except RateLimited as exc:
                return exc
            except AuthError:
                pass
        raise AssertionError("never limited")

    limited = asyncio.run(other_names())  # 4 failures above, 4 more: the address's 8
    assert "from your address" in str(limited) and limited.retry_after > 500


def test_a_wrong_name_costs_the_time_of_a_wrong_password(gate: Gate) -> None:
    accounts = gate.accounts

    def took(name: str) -> float:
        began = time.perf_counter()
        with pytest.raises(AuthError, match="wrong name or password"):
            accounts.login(name, "wrong guess")
        return time.perf_counter() - began

    took("Nobody")  # the dummy hash is made once
    real = sorted(took("Victim") for _ in range(3))[1]
    unknown = sorted(took("Nobody") for _ in range(3))[1]
    assert 0.5 < unknown / real < 2, (unknown, real)


def test_a_long_password_is_refused_before_hashing(gate: Gate) -> None:
    began = time.perf_counter()
    with pytest.raises(AuthError, match=f"at most {MAX_PASSWORD_BYTES} bytes"):
        asyncio.run(gate.login("10.0.0.3", "Victim", "x" * (MAX_PASSWORD_BYTES + 1)))
    assert time.perf_counter() - began < 0.05  # no hash (one takes 0.1 s or more)


def test_the_http_answers_of_the_limits(tmp_path: Path) -> None:
    with running(str(tmp_path / "s.sqlite3"), tmp_path,
                 args=("--signup-limit", "3", "--metrics-token", "s3cret")) as server:
        for source in ("127.0.0.1", "127.0.0.2"):
            conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10,
                                              source_address=(source, 0))
            conn.request("GET", "/metrics")
            assert conn.getresponse().status == 403  # the token is asked of everyone
            conn.close()
            conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10,
                                              source_address=(source, 0))
            conn.request("GET", "/metrics", headers={"authorization": "Bearer s3cret"})
            assert conn.getresponse().status in (200, 501)  # 501: no prometheus-client
            conn.close()
        for k in range(3):
            call(server.base, "/api/guest", {"name": f"G{k}"})
        status, headers, answer = post(server.port, "/api/guest", {"name": "G4"})
        assert status == 429 and answer["error"] == "rate_limited"
        assert 3000 < int(headers["retry-after"]) <= 3600
        status, _, other = post(server.port, "/api/guest", {"name": "G4"},
                                source="127.0.0.3")
        assert status == 200 and other["player"]["name"] == "G4"
        with socket.create_connection(("127.0.0.1", server.port), timeout=10) as s:
            s.sendall(b"POST /api/login HTTP/1.1\r\nhost: x\r\ncontent-type: "
                      b"application/json\r\ncontent-length: 50000000\r\n\r\n" + b"{" * 1000)
            time.sleep(0.3)
            head = s.recv(4096)  # refused after 1,000 of the 50 MB announced
        assert head.startswith(b"HTTP/1.1 413") and b'"too_large"' in head
        with pytest.raises(ServerError, match="bad_password"):
            call(server.base, "/api/login", {"name": "Victim", "password": "é" * 600})


def test_silent_connections_and_waiting_tables_do_not_last(tmp_path: Path) -> None:
    args = ("--hello-timeout", "1", "--waiting-expiry", "1", "--waiting-tables", "2")
    with running(str(tmp_path / "s.sqlite3"), tmp_path, args=args) as server:

        async def silent() -> tuple[int | None, float]:
            began = time.perf_counter()
            async with connect(f"ws://127.0.0.1:{server.port}/ws") as ws:
                with pytest.raises(ConnectionClosed):
                    while True:
                        await asyncio.wait_for(ws.recv(), 5)
            return ws.close_code, time.perf_counter() - began

        code, took = asyncio.run(silent())
        assert code == 1008 and took < 3

        began = time.perf_counter()  # slowloris: headers a byte at a time
        with socket.create_connection(("127.0.0.1", server.port), timeout=5) as s:
            s.sendall(b"GET /health HTTP/1.1\r\n")
            with contextlib.suppress(OSError):
                for _ in range(30):
                    s.sendall(b"x")
                    time.sleep(0.2)
            assert s.recv(100) == b""
        assert time.perf_counter() - began < 3

        async def tables() -> list[dict[str, Any]]:
            host = await Client.guest(server.base, "Host")
            first = await host.create("jass", seat=0)
            await host.create("pitch", seat=0)
            with pytest.raises(ServerError, match="too_many_tables"):
                await host.create("tarot", seat=0)
            told = [await host.expect("error", 5), await host.expect("left", 5)]
            assert int(told[0]["table"]) == int(first["table"])
            await host.create("tarot", seat=0)  # room again
            await host.close()
            return told

        told = asyncio.run(tables())
        assert told[0]["code"] == "expired" and "removed" in told[0]["message"]


def test_addresses_are_counted_by_ipv4_address_or_ipv6_network() -> None:
    assert address_key("203.0.113.7") == "203.0.113.7"
    assert address_key("2001:db8:1:2::5") == address_key("2001:db8:1:2:ffff::1") \
        == "2001:db8:1:2::/64"
    assert address_key("2001:db8:1:3::5") != address_key("2001:db8:1:2::5")
    assert address_key("::ffff:203.0.113.7") == "203.0.113.7"
    assert address_key("testclient") == "testclient"


def test_suspect_passwords_are_checked_apart_at_a_lower_priority(gate: Gate) -> None:
    def niceness() -> int:
        return os.getpriority(os.PRIO_PROCESS, threading.get_native_id())

    mine = os.getpriority(os.PRIO_PROCESS, 0)
    assert gate.pool.submit(niceness).result(10) == mine  # a first try: play's priority
    assert gate.suspect.submit(niceness).result(10) == min(19, mine + 10)  # after failures
