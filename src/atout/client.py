"""A small client of the server's protocol (docs/protocol.md), for tests, the console and
third parties.

>>> # async with await Client.guest("http://127.0.0.1:8765", "ana") as me:
>>> #     table = await me.create("jass", deals=1)
"""

from __future__ import annotations

import asyncio
import json
import urllib.error
import urllib.request
from typing import Any

from websockets.asyncio.client import ClientConnection, connect


class ServerError(Exception):
    """An error frame (or an HTTP refusal) from the server: its code and sentence."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


def http(base: str, path: str, body: dict[str, Any] | None = None,
         token: str | None = None) -> dict[str, Any]:
    """One HTTP request to the server (POST when there is a body); the JSON answer."""
    data = None if body is None else json.dumps(body).encode("utf-8")
    request = urllib.request.Request(base.rstrip("/") + path, data=data, method=(
        "GET" if body is None else "POST"), headers={"content-type": "application/json"})
    if token:
        request.add_header("authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            result: dict[str, Any] = json.loads(answer.read())
            return result
    except urllib.error.HTTPError as exc:
        try:
            err = json.loads(exc.read())
        except ValueError:
            raise ServerError("http", f"HTTP {exc.code}") from None
        raise ServerError(str(err.get("error")), str(err.get("message"))) from None


class Client:
    """One connection: it remembers, per table, the last update number and epoch it saw
    and its latest frame (its view), so that it can come back with ``sync``."""

    def __init__(self, base: str, token: str, player: dict[str, Any], *,
                 keep_frames: bool = True) -> None:
        self.base = base.rstrip("/")
        self.token = token
        self.player = player
        self.ws: ClientConnection | None = None
        self.seen: dict[int, tuple[str, int]] = {}
        self.last: dict[int, dict[str, Any]] = {}
        """The latest snapshot or update of each table."""
        self.frames: list[dict[str, Any]] = []
        """Every frame received, in order (tests read them), when ``keep_frames``."""
        self.keep_frames = keep_frames
        self.lang: str | None = None
        """The language of the words asked for in the hello (None: no words)."""

    @classmethod
    async def guest(cls, base: str, name: str, *, keep_frames: bool = True,
                    lang: str | None = None) -> Client:
        """Sign in as a guest and connect (``keep_frames=False``: a long-lived client that
        does not keep every frame in :attr:`frames`; ``lang``: each snapshot and update
        brings its ``words`` in that language, protocol 1.1)."""
        answer = await asyncio.to_thread(http, base, "/api/guest", {"name": name})
        client = cls(base, str(answer["token"]), dict(answer["player"]),
                     keep_frames=keep_frames)
        client.lang = lang
        await client.connect()
        return client

    async def connect(self) -> dict[str, Any]:
        """Open the WebSocket and say hello; the welcome."""
        url = "ws" + self.base[4:] + "/ws" if self.base.startswith("http") else self.base
        self.ws = await connect(url, max_size=2**22)
        await self.send({"type": "hello", "protocol": 1, "token": self.token,
                         **({"lang": self.lang} if self.lang else {})})
        return await self.expect("welcome")

    async def close(self) -> None:
        """Close the connection."""
        if self.ws is not None:
            await self.ws.close()
            self.ws = None

    async def __aenter__(self) -> Client:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def send(self, message: dict[str, Any]) -> None:
        """Send one message."""
        assert self.ws is not None, "not connected"
        await self.ws.send(json.dumps(message))

    async def send_raw(self, frame: str | bytes) -> None:
        """Send a frame as it is (tests of hostile input)."""
        assert self.ws is not None, "not connected"
        await self.ws.send(frame)

    async def recv(self, timeout: float = 10) -> dict[str, Any]:
        """The next frame, remembered."""
        assert self.ws is not None, "not connected"
        frame: dict[str, Any] = json.loads(await asyncio.wait_for(self.ws.recv(), timeout))
        if self.keep_frames:
            self.frames.append(frame)
        table = frame.get("table")
        if frame.get("type") in ("table", "update") and isinstance(table, int):
            self.seen[table] = (str(frame["epoch"]), int(frame["n"]))
            self.last[table] = frame
        return frame

    async def expect(self, kind: str, timeout: float = 10) -> dict[str, Any]:
        """Frames until one of type ``kind``; ``ServerError`` on an error frame."""
        while True:
            frame = await self.recv(timeout)
            if frame.get("type") == "error" and kind != "error":
                raise ServerError(str(frame["code"]), str(frame["message"]))
            if frame.get("type") == kind:
                return frame

    async def request(self, message: dict[str, Any], kind: str) -> dict[str, Any]:
        """Send a message and wait for the answer of type ``kind``."""
        await self.send(message)
        return await self.expect(kind)

    async def create(self, game: str, **fields: Any) -> dict[str, Any]:
        """Create a table (``options``, ``private``, ``deals``, ``seat``); its snapshot."""
        return await self.request({"type": "create", "game": game, **fields}, "table")

    async def join(self, table: int, seat: int, invite: str | None = None) -> dict[str, Any]:
        """Sit at a table; its snapshot."""
        message: dict[str, Any] = {"type": "join", "table": table, "seat": seat}
        if invite:
            message["invite"] = invite
        return await self.request(message, "table")

    async def sync(self, table: int) -> None:
        """Come back to a table: what was missed follows (or a snapshot)."""
        epoch, n = self.seen.get(table, ("", 0))
        await self.send({"type": "sync", "table": table, "after": n, "epoch": epoch})


__all__ = ["Client", "ServerError", "http"]
