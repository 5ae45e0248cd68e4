"""The multiplayer server: ``atout serve``.

An ASGI application (Starlette) under uvicorn: HTTP for sign-in, the lobby and the records,
and one WebSocket per client for the tables, speaking the versioned JSON protocol of
docs/protocol.md (schemas in ``atout/server/schemas``). The server is authoritative and
sends each recipient what the engine says it may see, at the last step
(:mod:`atout.server.visibility`);
every action is in the store before anyone hears of it.
"""

from .app import create_app, serve
from .hub import Settings

__all__ = ["Settings", "create_app", "serve"]
