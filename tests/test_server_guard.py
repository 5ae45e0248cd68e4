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
from typing import Any, Literal

import pytest
from argon2 import PasswordHasher, extract_parameters
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from atout.client import Client, ServerError
from atout.client import http as call
from atout.server.accounts import Accounts, AuthError
from atout.server.guard import MAX_PASSWORD_BYTES, Gate, Limits, RateLimited, address_key
from atout.store import Store
from server_helpers import running


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


async def play_moves(base: str, moves: int) -> int:
    """A person at a table of Jass with three computer players plays ``moves`` of its own
    actions; how many of them the server answered (each waits up to a minute: a bound that
    only stops the wait, never a speed the test asks for)."""
    person = await Client.guest(base, "Person")
    snap = await person.create("jass", seat=0)
    table = int(snap["table"])
    for seat in (1, 2, 3):
        await person.send({"type": "bot", "table": table, "seat": seat, "bot": "heuristic"})
    await person.send({"type": "start", "table": table})
    answered = 0
    frame: dict[str, Any] = {}
    try:
        while answered < moves:
            if not frame:
                frame = await person.recv(60)
            assert frame.get("type") != "error", frame
            if frame.get("table") != table or frame.get("type") not in ("update", "table"):
                frame = {}
                continue
            view, playing = frame["view"], frame["info"]["status"] == "playing"
            if frame.get("kind") == "end":
                break
            frame = {}
            if playing and view["to_move"] == 0 and view["legal"]:
                await person.send({"type": "act", "table": table, "action": view["legal"][0]})
                while not frame:  # its answer: the update that carries this action (which
                    answer = await person.recv(60)  # may give this seat the turn again)
                    assert answer.get("type") != "error", answer
                    if answer.get("kind") == "action" and answer.get("seat") == 0:
                        answered += 1
                        frame = answer
    finally:
        await person.close()
    return answered


def test_a_login_flood_does_not_slow_the_tables_nor_keep_a_newcomer_out(
        tmp_path: Path) -> None:
    """The guarantees without timing them (the machine may be loaded; the speeds are measured
    by ``benchmarks/server_load.py --login-flood 24``, docs/security.md): during a flood of
    wrong passwords every action a person plays is answered and the bots' table goes on, a
    newcomer signs in, and the flood's attempts beyond the address's limit are refused
    ``rate_limited`` before any hash (a 401 is a hashed password, a 429 is not)."""
    with running(str(tmp_path / "s.sqlite3"), tmp_path, bot_delay=0.05) as server:
        call(server.base, "/api/register", {"name": "Victim", "password": "correct horse 1"})
        call(server.base, "/api/register", {"name": "Newcomer", "password": "battery st4ple"})
        asyncio.run(bots_only(server.base))
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
            waited = 0
            while not any(a[0] == 429 for a in answers) and waited < 600:
                time.sleep(0.1)  # the flood is on: it is being refused
                waited += 1
            before = server.health()["actions"]
            played = asyncio.run(play_moves(server.base, 6))
            status, _, welcome = post(server.port, "/api/login",
                                      {"name": "Newcomer", "password": "battery st4ple"},
                                      timeout=60)
            during = server.health()["actions"]
        finally:
            stop.set()
            for t in threads:
                t.join(30)
    assert played == 6  # every action sent during the flood was answered
    assert during - before > 2 * played  # and the bots played on meanwhile
    assert status == 200 and welcome["player"]["name"] == "Newcomer"
    limited = [a for a in answers if a[0] == 429]
    assert len(limited) > 24 and all(
        a[2]["error"] == "rate_limited" and int(a[1]["retry-after"]) >= 1
        and "try again in" in a[2]["message"] for a in limited)
    assert {a[0] for a in answers} <= {401, 429}
    # hashed: at most the address's failures in its window (20), every other attempt refused
    assert sum(1 for a in answers if a[0] == 401) <= Limits().login_failures


def test_passwords_are_hashed_in_a_bounded_pool_off_the_event_loop(gate: Gate) -> None:
    """One hashing thread (``hash_workers``) and a queue of ``hash_queue``: beyond them, and
    beyond one sign-in at a time per address, a sign-in is refused before it is hashed."""
    gate.limits.hash_queue = 2
    release = threading.Event()
    threads: list[str] = []
    real = gate.accounts.login

    def login(name: object, password: object) -> tuple[str, Any]:
        threads.append(threading.current_thread().name)
        release.wait(60)
        return real(name, password)

    gate.accounts.login = login  # type: ignore[method-assign]

    async def scenario() -> tuple[list[Any], str]:
        loop_thread = threading.current_thread().name
        waiting = [asyncio.create_task(gate.login(f"10.0.1.{k}", "Victim", "correct horse 1"))
                   for k in range(3)]  # one hashing, two queued
        while not threads:
            await asyncio.sleep(0.01)
        refused = []
        for address in ("10.0.1.9", "10.0.1.0"):  # the queue is full; one per address
            try:
                await gate.login(address, "Victim", "correct horse 1")
            except RateLimited as exc:
                refused.append(str(exc))
        assert len(threads) == 1  # the refused ones were never hashed; the queued wait
        release.set()
        results = await asyncio.gather(*waiting)
        return [refused, results], loop_thread

    (refused, results), loop_thread = asyncio.run(scenario())
    assert refused[0].startswith("the server is busy signing people in")
    assert refused[1].startswith("the server is busy")  # queue full, checked first
    assert [player.name for _, player in results] == ["Victim"] * 3
    assert len(threads) == 3 and set(threads) == {threads[0]}
    assert threads[0].startswith("atout-hash") and loop_thread not in threads
    gate.limits.hash_queue = 8  # room in the queue: the address's own bound refuses
    release.clear()

    async def one_address() -> str:
        first = asyncio.create_task(gate.login("10.0.2.1", "Victim", "correct horse 1"))
        while len(threads) < 4:
            await asyncio.sleep(0.01)
        try:
            await gate.login("10.0.2.1", "Victim", "correct horse 1")
        except RateLimited as exc:
            return str(exc)
        finally:
            release.set()
            await first
        raise AssertionError("not limited")

    assert asyncio.run(one_address()).startswith("too many sign-ins at once from your address")
    assert len(threads) == 4


@pytest.fixture
def gate(tmp_path: Path) -> Any:
    store = Store.open(str(tmp_path / "g.sqlite3"))
    accounts = Accounts(store)
    accounts.register("Victim", "correct horse 1")
    found = Gate(accounts, Limits(login_failures=8, account_free=3))
    found.pause = 0.0  # no pause before a refusal (the flood test has it)
    now = [1000.0]
    found.clock = lambda: now[0]  # the limits' own clock: time passes when a test says so
    found.now = now  # type: ignore[attr-defined]
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
    gate.now[0] += 1.05  # type: ignore[attr-defined]  # the backoff is over: the right
    # password from anywhere signs in
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
    assert "from your address" in str(limited) and limited.retry_after == 599  # 600 - 1.05


def test_a_wrong_name_costs_the_time_of_a_wrong_password(gate: Gate) -> None:
    """A wrong name is checked against a hash made with the same parameters as an account's:
    the same work as a wrong password (the time it takes is not measured here)."""
    accounts = gate.accounts
    checked: list[str] = []

    class Counted(PasswordHasher):
        def verify(self, hash: str | bytes, password: str | bytes) -> Literal[True]:
            checked.append(str(hash))
            return super().verify(hash, password)

    accounts.hasher = Counted()
    for name in ("Victim", "Nobody"):
        with pytest.raises(AuthError, match="wrong name or password"):
            accounts.login(name, "wrong guess")
    assert len(checked) == 2 and checked[0] != checked[1]
    real, unknown = (extract_parameters(h) for h in checked)
    assert unknown == real == extract_parameters(accounts.hasher.hash("x"))


def test_a_long_password_is_refused_before_hashing(gate: Gate) -> None:
    def hashed(*_: object) -> tuple[str, Any]:
        raise AssertionError("hashed")

    gate.accounts.login = hashed  # type: ignore[method-assign,assignment]  # it hashes
    with pytest.raises(AuthError, match=f"at most {MAX_PASSWORD_BYTES} bytes"):
        asyncio.run(gate.login("10.0.0.3", "Victim", "x" * (MAX_PASSWORD_BYTES + 1)))


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
    with running(str(tmp_path / "s.sqlite3"), tmp_path,
                 args=("--hello-timeout", "1")) as server:

        async def silent() -> tuple[int | None, str | None]:
            async with connect(f"ws://127.0.0.1:{server.port}/ws") as ws:
                with pytest.raises(ConnectionClosed):
                    while True:  # the server closes it (1008): the test's wait only stops
                        await asyncio.wait_for(ws.recv(), 60)
            return ws.close_code, ws.close_reason

        code, _ = asyncio.run(silent())
        assert code == 1008  # closed by the server's hello timeout, not by the client

        # slowloris: headers a byte at a time, for longer than the server's header timeout
        with socket.create_connection(("127.0.0.1", server.port), timeout=60) as s:
            s.sendall(b"GET /health HTTP/1.1\r\n")
            with contextlib.suppress(OSError):
                for _ in range(30):
                    s.sendall(b"x")
                    time.sleep(0.2)
            assert s.recv(100) == b""  # closed by the server, no answer

    # a host's waiting tables (on a server whose hello waits long: a loaded machine)
    args = ("--waiting-expiry", "6", "--waiting-tables", "2")
    with running(str(tmp_path / "t.sqlite3"), tmp_path, args=args) as server:

        async def tables() -> list[dict[str, Any]]:
            host = await Client.guest(server.base, "Host")
            first = await host.create("jass", seat=0)
            await host.create("pitch", seat=0)
            with pytest.raises(ServerError, match="too_many_tables"):
                await host.create("tarot", seat=0)
            told = [await host.expect("error", 60), await host.expect("left", 60)]
            assert int(told[0]["table"]) == int(first["table"])
            second = [await host.expect("error", 60), await host.expect("left", 60)]
            assert second[0]["code"] == "expired"  # the other one too, a moment later
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
