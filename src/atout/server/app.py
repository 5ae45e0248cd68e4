"""The ASGI application: HTTP for sign-in, the lobby and the records; one WebSocket per
client for the tables (docs/protocol.md)."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import hmac
import json
import logging
from collections.abc import AsyncIterator, Callable
from typing import TYPE_CHECKING, Any, Protocol
from urllib.parse import urlsplit

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from atout.core import JSON
from atout.daily import secret as daily_secret
from atout.store import FINISHED, Store, StoreError, data_dir

from .accounts import AuthError, Player, token_hash
from .clubs import SOURCE as CLUBS_SOURCE
from .clubs import Clubs
from .clubs import routes as club_routes
from .conn import Conn, error
from .daily import SOURCE as DAILY_SOURCE
from .daily import Daily
from .daily import routes as daily_routes
from .guard import Gate, RateLimited, address_key
from .history import history_for
from .hub import Hub, Settings
from .profiles import routes as profile_routes
from .protocol import MAX_FRAME, PROTOCOL, ProtocolError, parse, schema
from .replays import routes as replay_routes
from .reviews import Reviewer
from .reviews import routes as review_routes

if TYPE_CHECKING:
    from .cluster import ClusterOptions

log = logging.getLogger("atout.server")


class Front(Protocol):
    """What the WebSocket talks to: the hub itself, or the cluster in front of it."""

    async def connected(self, conn: Conn) -> None:
        """A client connected."""

    async def receive(self, conn: Conn, message: dict[str, Any]) -> None:
        """A client's checked message."""

    async def disconnected(self, conn: Conn) -> None:
        """A client left."""


def create_app(db: str | None = None, settings: Settings | None = None,
               data: str | None = None, cluster: ClusterOptions | None = None) -> Starlette:
    """The server's application on the store at ``db`` (see :meth:`Store.open`); with
    ``cluster``, one process of a cluster on Redis (:mod:`atout.server.cluster`)."""
    state: dict[str, Any] = {}
    reviewer = Reviewer(lambda: hub().store)
    clubs = Clubs(lambda: hub().store)

    @contextlib.asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        store = await asyncio.to_thread(Store.open, db, data=data)
        hub = Hub(store, settings)
        front: Front = hub
        joined = None
        if cluster is not None:
            from .cluster import Cluster

            joined = Cluster(hub, cluster)
            restored = await joined.start()
            front = joined
        else:
            restored = await hub.restore()
        log.info("atout server on %s: %d tables restored", store.where, restored)
        state["hub"], state["front"], state["cluster"] = hub, front, joined
        state["gate"] = Gate(hub.accounts, hub.settings.limits)
        state["daily"] = Daily(store, await asyncio.to_thread(
            daily_secret, hub.settings.daily_secret, data_dir(data)))
        await asyncio.to_thread(clubs.restore)
        state["metrics"] = _metrics(hub, joined)
        try:
            yield
        finally:
            if joined is not None:
                await joined.stop()
            reviewer.close()
            await hub.stop()
            state["gate"].close()
            store.close()

    def hub() -> Hub:
        found: Hub = state["hub"]
        return found

    def front() -> Front:
        found: Front = state["front"]
        return found

    def gate() -> Gate:
        found: Gate = state["gate"]
        return found

    def address(request: Request) -> str:
        return address_key(request.client.host) if request.client is not None else "?"

    async def body(request: Request) -> dict[str, Any]:
        most = hub().settings.limits.body_bytes
        declared = request.headers.get("content-length", "")
        if declared.isdigit() and int(declared) > most:
            raise TooLarge(most)
        raw = bytearray()
        async for chunk in request.stream():
            raw += chunk
            if len(raw) > most:
                raise TooLarge(most)
        try:
            data = json.loads(bytes(raw))
        except (ValueError, UnicodeDecodeError, RecursionError):
            raise AuthError("bad_json", "the body must be a JSON object") from None
        if not isinstance(data, dict):
            raise AuthError("bad_json", "the body must be a JSON object")
        return data

    def fail(code: str, message: str, status: int) -> JSONResponse:
        return JSONResponse({"error": code, "message": message}, status_code=status)

    async def signed(request: Request) -> Player:
        header = request.headers.get("authorization", "")
        token = header[7:] if header.lower().startswith("bearer ") else ""
        return await asyncio.to_thread(hub().accounts.player, token)

    async def viewer(request: Request) -> Player | None:
        return await signed(request) if request.headers.get("authorization") else None

    def answer(token: str, player: Player) -> JSONResponse:
        return JSONResponse({"token": token, "player": player.to_dict()})

    async def guest(request: Request) -> Response:
        data = await body(request)
        return answer(*await gate().guest(address(request), data.get("name")))

    async def register(request: Request) -> Response:
        data = await body(request)
        return answer(*await gate().register(address(request), data.get("name"),
                                             data.get("password")))

    async def login(request: Request) -> Response:
        data = await body(request)
        return answer(*await gate().login(address(request), data.get("name"),
                                          data.get("password")))

    async def logout(request: Request) -> Response:
        header = request.headers.get("authorization", "")
        token = header[7:] if header.lower().startswith("bearer ") else ""
        done = await asyncio.to_thread(hub().accounts.logout, token)
        if done:  # every connection opened with it ends, on every process
            await hub().sign_out(token_hash(token))
        return JSONResponse({"revoked": done})

    async def tables(_request: Request) -> Response:
        return JSONResponse({"tables": await hub().open_tables(None)})

    async def game_record(request: Request) -> Response:
        try:
            gid = int(request.path_params["game"])
        except ValueError:
            return fail("bad_game", "a game's number is a whole number", 400)
        if not 0 < gid < 2 ** 63:
            return fail("not_found", f"there is no game {str(gid)[:40]}", 404)
        header = request.headers.get("authorization", "")
        viewer = await signed(request) if header else None
        table = hub().tables.get(gid)
        upto = table.played if table is not None else None  # before reading: never ahead
        try:
            record = await asyncio.to_thread(hub().store.get, gid)
        except StoreError as exc:
            return fail(exc.code, str(exc), 404)
        summary = record.summary
        seat = None if viewer is None else (table.seat_of(viewer.id) if table is not None
                                            else summary.seat_of(viewer.id))
        if seat is None and viewer is not None:
            seat = summary.seat_of(viewer.id)  # a finished game's players
        if summary.source == CLUBS_SOURCE:  # its boards are played at other tables too
            return fail("private", "a duplicate tournament's table is read through "
                        "/api/tournaments/N (every board's actions once it is over)", 403)
        if summary.source == DAILY_SOURCE and (seat is None or summary.status != FINISHED):
            return fail("private", "a deal of the day's run is shown to its player only, "
                        "once it is over (while it is played: /api/daily/GAME); the day's "
                        "deals stay unseen until each person plays them", 403)
        settings = summary.client.get("table")
        if isinstance(settings, dict) and settings.get("private") and seat is None and \
                request.query_params.get("invite") != settings.get("invite"):
            return fail("private", "this game's table is private: its players, or whoever "
                        "has its invite code (?invite=CODE), may read its history", 403)
        if summary.status == FINISHED:
            return JSONResponse({
                "game": summary.game, "options": dict(summary.options), "status": FINISHED,
                "match": dict(record.match), "actions": list(record.actions),
                "actors": list(record.actors), "seats": [s.to_dict() for s in summary.seats],
                "result": summary.result})
        try:
            limit = settings.get("deals") if isinstance(settings, dict) else None
            return JSONResponse(await asyncio.to_thread(
                history_for, record, seat, upto, limit if isinstance(limit, int) else None))
        except ValueError as exc:
            log.error("game %s does not replay: %s", gid, exc)
            return fail("store", f"game {gid}'s record does not replay on its rules", 503)

    async def my_history(request: Request) -> Response:
        me = await signed(request)
        games = await asyncio.to_thread(hub().store.games, player=me.id, limit=100)
        return JSONResponse({"games": [{
            "game": g.id, "name": g.game, "status": g.status, "seat": g.seat_of(me.id),
            "result": g.result, "updated": g.updated_at.isoformat()} for g in games]})

    async def my_stats(request: Request) -> Response:
        me = await signed(request)
        lines = await asyncio.to_thread(hub().store.stats, me.id)
        return JSONResponse({"stats": [{"game": s.game, "variant": s.variant,
                                        "opponents": s.opponents, "games": s.games,
                                        "wins": s.wins, "average": s.average}
                                       for s in lines]})

    async def protocol(_request: Request) -> Response:
        return JSONResponse({"protocol": PROTOCOL, "client": schema("client"),
                             "server": schema("server")})

    async def health(_request: Request) -> Response:
        h = hub()
        out: dict[str, JSON] = {"ok": True, "tables": len(h.tables), "clients": len(h.conns),
                                "actions": h.actions, "commits": h.writer.commits}
        if state.get("cluster") is not None:
            out["node"] = state["cluster"].node
        return JSONResponse(out)

    async def metrics(request: Request) -> Response:
        wanted = hub().settings.metrics_token
        header = request.headers.get("authorization", "")
        if wanted is not None:
            if not hmac.compare_digest(header.encode(), f"Bearer {wanted}".encode()):
                return fail("forbidden", "the metrics need the token of --metrics-token "
                            "(Authorization: Bearer TOKEN)", 403)
        elif not same_machine(request):
            return fail("forbidden", "the metrics are served to the machine itself only "
                        "(or with --metrics-token)", 403)
        found = state.get("metrics")
        if found is None:
            return fail("no_metrics", "the metrics need prometheus-client: pip install "
                        "'atout[cluster]'", 501)
        body, kind = found.render()
        return Response(body, media_type=kind)

    async def home(_request: Request) -> Response:
        return PlainTextResponse("atout server: the protocol is at /api/protocol; the web "
                                 "page comes later.\n")

    async def sockets(websocket: WebSocket) -> None:
        origin = websocket.headers.get("origin")
        if origin is not None and not allowed_origin(origin, websocket.headers.get("host", ""),
                                                     hub().settings.origins):
            log.warning("a WebSocket from origin %.80s refused", origin)
            await websocket.close(1008, "this origin may not connect")  # before accept: 403
            return
        await websocket.accept()

        async def send(text: str) -> None:
            await websocket.send_text(text)

        async def close(code: int, reason: str) -> None:
            with contextlib.suppress(RuntimeError, WebSocketDisconnect):
                await websocket.close(code, reason)

        conn = Conn(send=send, close=close)

        async def hello_or_close() -> None:
            await asyncio.sleep(hub().settings.limits.hello_timeout)
            if conn.player is None:
                conn.push(error("hello_first", "no hello in time: this connection ends"))
                await asyncio.sleep(0.1)  # the writer sends it
                await close(1008, "no hello in time")

        watchdog = asyncio.create_task(hello_or_close())

        async def writer() -> None:
            while (frame := await conn.outbox.get()) is not None:
                await send(frame)

        out = asyncio.create_task(writer())
        await front().connected(conn)
        try:
            while True:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                raw = message.get("text") if message.get("text") is not None else \
                    message.get("bytes")
                try:
                    checked = parse(raw or "")
                except ProtocolError as exc:
                    conn.push(error(exc.code, exc.message))
                    continue
                try:
                    await front().receive(conn, checked)
                except AuthError as exc:
                    conn.push(error(exc.code, str(exc), checked.get("ref")))
                except Exception:  # nothing a client sends may take the server down
                    log.exception("while handling %s", checked.get("type"))
                    conn.push(error("internal", "the server failed on this message; it was "
                                    "not done", checked.get("ref")))
        except WebSocketDisconnect:
            pass
        finally:
            watchdog.cancel()
            await front().disconnected(conn)
            with contextlib.suppress(asyncio.QueueFull):
                conn.outbox.put_nowait(None)
            with contextlib.suppress(Exception):
                await asyncio.wait_for(out, 2)
            out.cancel()

    async def auth_error(_request: Request, exc: Exception) -> Response:
        assert isinstance(exc, AuthError)
        status = 401 if exc.code in ("bad_token", "bad_login") else \
            409 if exc.code == "name_taken" else 400
        return fail(exc.code, str(exc), status)

    async def rate_limited(_request: Request, exc: Exception) -> Response:
        assert isinstance(exc, RateLimited)
        return JSONResponse({"error": exc.code, "message": str(exc),
                             "retry_after": exc.retry_after}, status_code=429,
                            headers={"retry-after": str(exc.retry_after)})

    async def too_large(_request: Request, exc: Exception) -> Response:
        return fail("too_large", str(exc), 413)

    async def store_error(_request: Request, exc: Exception) -> Response:
        log.error("store: %s", exc)
        return fail("store", "the server could not read or write its records; try again", 503)

    return Starlette(routes=[
        Route("/", home), Route("/health", health), Route("/metrics", metrics),
        Route("/api/protocol", protocol),
        Route("/api/guest", guest, methods=["POST"]),
        Route("/api/register", register, methods=["POST"]),
        Route("/api/login", login, methods=["POST"]),
        Route("/api/logout", logout, methods=["POST"]),
        Route("/api/tables", tables), Route("/api/games/{game}", game_record),
        Route("/api/me/history", my_history), Route("/api/me/stats", my_stats),
        *profile_routes(lambda: hub().store, viewer),
        *replay_routes(lambda: hub().store, lambda gid: hub().tables.get(gid), signed, viewer),
        *review_routes(lambda: hub().store, lambda: reviewer, signed),
        *daily_routes(lambda: state["daily"], signed, body),
        *club_routes(lambda: clubs, signed, viewer, body),
        WebSocketRoute("/ws", sockets),
    ], lifespan=lifespan, exception_handlers={
        AuthError: auth_error, StoreError: store_error, RateLimited: rate_limited,
        TooLarge: too_large})


def same_machine(request: Request) -> bool:
    """Whether a request comes from the machine the server runs on: from the very address
    it reached (127.0.0.1 to 127.0.0.1, or the host's own address to itself)."""
    server = request.scope.get("server")
    return request.client is not None and server is not None and \
        request.client.host == server[0]


def allowed_origin(origin: str, host: str, more: tuple[str, ...] = ()) -> bool:
    """Whether a browser page from ``origin`` may open a WebSocket: the server's own origin
    (the same host and port as the request's ``Host``) or one of ``more``. Clients that are
    not browsers send no Origin and are not asked."""
    if origin.rstrip("/") in {o.rstrip("/") for o in more}:
        return True
    parsed = urlsplit(origin)
    return parsed.scheme in ("http", "https") and bool(host) and \
        parsed.netloc.lower() == host.lower()


class TooLarge(Exception):
    """An HTTP body over the limit (refused before it is read whole)."""

    def __init__(self, most: int) -> None:
        super().__init__(f"a request's body may have at most {most} bytes")


def _metrics(hub: Hub, cluster: Any) -> Any:
    """The process's metrics, or None without prometheus-client (the ``cluster`` extra)."""
    try:
        from .metrics import Metrics
    except ModuleNotFoundError:
        return None
    return Metrics(hub, cluster)


def serve(host: str = "127.0.0.1", port: int = 8765, db: str | None = None,
          settings: Settings | None = None, data: str | None = None,
          cluster: ClusterOptions | None = None,
          make: Callable[..., Starlette] | None = None) -> None:
    """Run the server under uvicorn until it is stopped; ``make`` builds the application
    from ``create_app``'s arguments (the web page's :func:`atout.web.app` wraps it)."""
    import uvicorn

    if not logging.getLogger("atout").handlers:  # the server's own lines beside uvicorn's
        handler = logging.StreamHandler()
        handler.setFormatter(logging.Formatter("%(levelname)s:     %(name)s: %(message)s"))
        logging.getLogger("atout").addHandler(handler)
        logging.getLogger("atout").setLevel(logging.INFO)
    settle_gc()

    from .slow import timed_h11

    limits = (settings or Settings()).limits
    uvicorn.run((make or create_app)(db, settings, data, cluster), host=host, port=port,
                log_level="info", http=timed_h11(limits.hello_timeout),
                timeout_keep_alive=5, h11_max_incomplete_event_size=16_384,
                ws_max_size=MAX_FRAME * 8, ws="websockets-sansio", lifespan="on")


def settle_gc() -> None:
    """Keep the garbage collector's pauses out of the players' latency: what is loaded at
    start is frozen (never scanned again), and the young generation is collected every 7,000
    new objects instead of 700, so that objects alive for a moment (a frame on its way)
    are not promoted to the old generation, whose full scans took hundreds of milliseconds
    with 1,000 clients (benchmarks/server_load.py)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(7000, 20, 100)


__all__ = ["allowed_origin", "create_app", "same_machine", "serve", "settle_gc"]
