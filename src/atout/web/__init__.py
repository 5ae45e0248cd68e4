"""The web page: sign in, find tables and play in a browser, with a screen reader or without.

:func:`app` is the server's application (:func:`atout.server.create_app`) with the page on
top: ``/`` serves ``static/index.html``, ``/players/<name>`` a player's profile and
``/leaderboard/<game>`` the leaderboards (``profile.html``, ``leaderboard.html``,
``ratings.js``), ``/replay`` and ``/replay/<game>`` a person's games and their replays
(``replay.html``, ``replay.js``), ``/daily/<game>`` the deal of the day (``daily.html``,
``daily.js``), ``/tournaments/<n>`` a duplicate tournament's results (``tournament.html``),
``/static/`` the scripts and styles (package data, no build step), and ``/api/i18n/<lang>``
the page's words from the catalogue. The page speaks the server's protocol 1.1 and asks for
the ``words`` of every frame in the player's language (docs/web.md).
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from atout.i18n import LANGUAGES
from atout.server import Settings, create_app

from .labels import labels

if TYPE_CHECKING:
    from atout.server.cluster import ClusterOptions


def static_dir() -> Path:
    """The folder of the page's files."""
    return Path(str(resources.files("atout.web") / "static"))


CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "font-src 'self'; connect-src 'self'; manifest-src 'self'; base-uri 'none'; "
       "form-action 'self'; frame-ancestors 'none'")
"""The page's Content-Security-Policy: its own script and style only (no inline script, no
other site's), WebSockets and requests to its own server, never in a frame."""
SECURITY_HEADERS = [(b"content-security-policy", CSP.encode()),
                    (b"x-content-type-options", b"nosniff"),
                    (b"referrer-policy", b"no-referrer"),
                    (b"x-frame-options", b"DENY")]


class Headers:
    """Adds :data:`SECURITY_HEADERS` to every HTTP answer."""

    def __init__(self, inner: ASGIApp) -> None:
        self.inner = inner

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.inner(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []),
                                                  *SECURITY_HEADERS]}
            await send(message)

        await self.inner(scope, receive, with_headers)


def app(db: str | None = None, settings: Settings | None = None,
        data: str | None = None, cluster: ClusterOptions | None = None) -> Starlette:
    """The server's application with the web page (same arguments as ``create_app``)."""
    server = create_app(db, settings, data, cluster)
    folder = static_dir()

    async def page(_request: Request) -> Response:
        return FileResponse(folder / "index.html", headers={"cache-control": "no-cache"})

    async def profile(_request: Request) -> Response:
        return FileResponse(folder / "profile.html", headers={"cache-control": "no-cache"})

    async def leaders(_request: Request) -> Response:
        return FileResponse(folder / "leaderboard.html", headers={"cache-control": "no-cache"})

    async def replays(_request: Request) -> Response:
        return FileResponse(folder / "replay.html", headers={"cache-control": "no-cache"})
    async def daily(_request: Request) -> Response:
        return FileResponse(folder / "daily.html", headers={"cache-control": "no-cache"})

    async def tournament(_request: Request) -> Response:
        return FileResponse(folder / "tournament.html", headers={"cache-control": "no-cache"})

    async def words(request: Request) -> Response:
        lang = str(request.path_params["lang"])
        if lang not in LANGUAGES:
            return JSONResponse({"error": "bad_lang", "message": f"unknown language {lang!r}: "
                                 f"expected one of {', '.join(LANGUAGES)}"}, status_code=404)
        return JSONResponse(labels(lang))

    server.add_middleware(Headers)
    # before the server's own routes: "/" becomes the page
    server.router.routes[0:0] = [
        Route("/", page), Route("/api/i18n/{lang}", words),
        Route("/players/{name}", profile), Route("/leaderboard", leaders),
        Route("/leaderboard/{game}", leaders),
        Route("/replay", replays), Route("/replay/{game}", replays),
        Route("/daily", daily), Route("/daily/{game}", daily),
        Route("/tournaments", tournament), Route("/tournaments/{id}", tournament),
        Mount("/static", app=StaticFiles(directory=folder), name="static")]
    return server


__all__ = ["CSP", "Headers", "app", "labels", "static_dir"]
