"""One client's connection as the hub sees it: who it is, which tables it follows, the frames
waiting to be sent (a bounded outbox) and its rate limit; and the error frame.

The hub (:mod:`atout.server.hub`) routes messages and updates; a :class:`Conn` only queues
encoded frames and counts messages, so the WebSocket endpoint, the cluster and the tests
build one with two callables (send one frame, close).
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from atout.core import JSON

from .accounts import Player
from .protocol import encode
from .words import with_words

RATE_COUNT = 100
"""The most messages a connection may send in :data:`RATE_SECONDS` (by default)."""
RATE_SECONDS = 20.0
"""The window of the rate limit, in seconds."""
OUTBOX = 2000
"""A client this many frames behind is too slow: it is disconnected (it may come back)."""


@dataclass(eq=False)
class Conn:
    """One client's connection: who it is, what it follows, what waits to be sent."""

    send: Callable[[str], Awaitable[None]]
    """Sends one encoded frame (JSON text)."""
    close: Callable[[int, str], Awaitable[None]]
    player: Player | None = None
    subs: dict[int, int | None] = field(default_factory=dict)
    times: deque[float] = field(default_factory=deque)
    strikes: int = 0
    outbox: asyncio.Queue[str | None] = field(default_factory=lambda: asyncio.Queue(OUTBOX))
    """Encoded frames waiting to be sent: text, which holds no objects for the garbage
    collector to scan however long a slow client keeps it waiting."""
    lang: str | None = None
    """The language of the ``words`` this client asked for in its hello (protocol 1.1)."""
    session: str | None = None
    """The SHA-256 of the token of its hello (a logout ends the connection)."""

    def push(self, frame: dict[str, JSON]) -> bool:
        """Queue a frame (with its words when the client asked for them); False when the
        client is too far behind."""
        if self.lang is not None:
            frame = with_words(frame, self.lang)
        return self.push_text(encode(frame))

    def push_text(self, text: str) -> bool:
        """Queue an encoded frame; False when the client is too far behind."""
        try:
            self.outbox.put_nowait(text)
        except asyncio.QueueFull:
            return False
        return True

    def allowed(self, now: float, limit: int = RATE_COUNT) -> bool:
        """Count a message against the rate limit; whether it may be handled."""
        while self.times and now - self.times[0] > RATE_SECONDS:
            self.times.popleft()
        if len(self.times) >= limit:
            self.strikes += 1
            return False
        self.times.append(now)
        return True


def error(code: str, message: str, ref: Any = None, table: int | None = None) -> dict[str, JSON]:
    """An error frame."""
    out: dict[str, JSON] = {"type": "error", "code": code, "message": message}
    if ref is not None:
        out["ref"] = ref
    if table is not None:
        out["table"] = table
    return out


__all__ = ["OUTBOX", "RATE_COUNT", "RATE_SECONDS", "Conn", "error"]
