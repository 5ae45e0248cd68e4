"""Connections that take too long to say what they want are closed: HTTP requests whose
headers do not arrive in time (slowloris), under uvicorn's h11 protocol."""

from __future__ import annotations

import asyncio
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol


def timed_h11(seconds: float) -> type[H11Protocol]:
    """uvicorn's h11 protocol, closing a connection whose request's headers are not all
    there ``seconds`` after it opened or after the previous answer (a client that sends
    them a byte at a time holds nothing for long)."""

    class TimedH11(H11Protocol):
        deadline: asyncio.TimerHandle | None = None

        def _arm(self) -> None:
            self._disarm()
            self.deadline = self.loop.call_later(seconds, self._too_slow)

        def _disarm(self) -> None:
            if self.deadline is not None:
                self.deadline.cancel()
                self.deadline = None

        def _too_slow(self) -> None:
            self.deadline = None
            if not self.transport.is_closing() and self.conn.their_state is h11.IDLE:
                self.transport.close()

        def connection_made(self, transport: Any) -> None:
            super().connection_made(transport)
            self._arm()

        def data_received(self, data: bytes) -> None:
            super().data_received(data)
            if self.conn.their_state is not h11.IDLE:  # the headers are in
                self._disarm()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing():
                self._arm()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            super().connection_lost(exc)

    return TimedH11


__all__ = ["timed_h11"]
