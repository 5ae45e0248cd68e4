"""The multiplayer server: ``atout serve``.

An ASGI application (Starlette) under uvicorn: HTTP for sign-in, the lobby and the records,
and one WebSocket per client for the tables, speaking the versioned JSON protocol of
docs/protocol.md (schemas in ``atout/server/schemas``). The server is authoritative and
sends each recipient what the engine says it may see, at the last step
(:mod:`atout.server.visibility`);
every action is in the store before anyone hears of it.

Importing this package is cheap: :func:`create_app`, :func:`serve` and :class:`Settings`
load their modules (Starlette, the store, SQLAlchemy ...) on first use.
"""

from __future__ import annotations

from importlib import import_module

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (mypy reads it so)

if TYPE_CHECKING:
    from typing import Any

    from .app import create_app, serve
    from .hub import Settings

_HOMES = {"create_app": "app", "serve": "app", "Settings": "hub"}
"""The submodule of each public name, imported when the name is first read."""


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'atout.server' has no attribute {name!r}")
    value = getattr(import_module(f"atout.server.{home}"), name)
    globals()[name] = value  # read once: the next reads find it here
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_HOMES})


__all__ = ["Settings", "create_app", "serve"]
