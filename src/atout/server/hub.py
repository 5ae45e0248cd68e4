"""The server's heart: connections, tables, bots and the store, on one asyncio loop.

Every accepted action is checked by its table, written to the store (off the event loop, in
a worker thread), applied, and only then sent: each recipient gets its own filtered update at
the last step. Bots and stand-ins play at the table's pace; a person who drops keeps the seat
for a grace period, then a bot plays for them until they come back.
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import logging
import random
import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import atout
from atout.bots import Bot, bot_names, make_bot
from atout.core import JSON
from atout.store import PLAYING, SeatInfo, Store, StoreError

from .accounts import Accounts, AuthError, Player, token_hash
from .conn import RATE_COUNT, RATE_SECONDS, Conn, error
from .guard import Limits
from .names import strip_bidi
from .protocol import PROTOCOL, PROTOCOL_MINOR, ProtocolError, encode
from .ratings import finishing
from .table import SeatState, Table, TableError, Update
from .words import error_words, hint_words, refusal_words, with_words
from .writer import Writer

log = logging.getLogger("atout.server")

RETRY_FIRST = 0.5
"""Seconds before a move the store refused is tried again (then doubled each time)."""
RETRY_MOST = 2.0
"""The longest wait between two tries of a move the store refused."""


@dataclass
class Settings:
    """How the server behaves (``atout serve`` options)."""

    bot_delay: float = 1.0
    """Seconds a bot waits before playing: the console's readable pace."""
    grace: float = 60.0
    """Seconds a dropped person keeps the seat before a bot plays for them."""
    standin: str = "heuristic"
    """The bot that plays for an absent person."""
    rate: int = RATE_COUNT
    """The most messages one connection may send in ``RATE_SECONDS``."""
    limits: Limits = field(default_factory=Limits)
    """Sign-in, sign-up, table and connection limits (docs/security.md)."""
    metrics_token: str | None = None
    """The token ``/metrics`` asks for (None: only the machine itself may read them)."""
    origins: tuple[str, ...] = ()
    """Web origins allowed to open WebSockets besides the server's own."""
    daily_secret: str | None = None
    """The secret of the deals of the day (None: ``$ATOUT_DAILY_SECRET``, else a file made
    once in the data folder; :func:`atout.daily.secret`)."""


def table_from(tid: int, match: atout.Match, settings: dict[str, JSON],
               seats: list[SeatState]) -> Table:
    """A table from its stored settings (``host``, ``private``, ``invite``, ``deals``,
    ``clock``, ``started``, ``rated``): a new table, a rematch and a restored one alike."""
    host, deals, clock = settings.get("host"), settings.get("deals"), settings.get("clock")
    return Table(tid, match.rules, match, host=host if isinstance(host, int) else None,
                 seats=seats, private=bool(settings.get("private")),
                 rated=bool(settings.get("rated")),
                 invite=str(settings["invite"]) if settings.get("invite") else None,
                 deals=deals if isinstance(deals, int) else None,
                 clock=float(clock) if isinstance(clock, int | float) else None,
                 started=bool(settings.get("started")))


class Hub:
    """Every table and connection of one server process."""

    def __init__(self, store: Store, settings: Settings | None = None) -> None:
        self.store = store
        self.accounts = Accounts(store)
        self.settings = settings or Settings()
        self.tables: dict[int, Table] = {}
        self.locks: dict[int, asyncio.Lock] = {}
        self.bots: dict[tuple[int, int, str], Bot] = {}
        self.conns: set[Conn] = set()
        self.followers: dict[int, set[Conn]] = {}
        """The connections that follow each table (the keys of their ``subs``)."""
        self.tasks: set[asyncio.Task[None]] = set()
        self.actions = 0
        self.writer = Writer(store)
        self.on_table: Callable[[Table, Update | None], None] | None = None
        """Hook: a table was added (None) or changed (its update); the cluster listens."""
        self.directory: Callable[[int | None], Awaitable[list[JSON]]] | None = None
        """Hook: the open tables a player may see, from elsewhere than this process (the
        cluster's lobby); None: this process's tables."""
        self.claim: Callable[[int], Awaitable[None]] | None = None
        """Hook: a new table's number, before anyone hears of it (the cluster takes its
        lease); may refuse with ``TableError``."""
        self.timer: Callable[[str, float], None] | None = None
        """Hook: how long each handled message took, by type (the metrics)."""
        self.on_gone: Callable[[int], None] | None = None
        """Hook: a table was removed before its start (the cluster's lobby forgets it)."""
        self.on_signout: Callable[[str], None] | None = None
        """Hook: a token was revoked here (the cluster tells the other processes)."""

    # -- start and stop ---------------------------------------------------------------------
    async def restore(self, claim: Callable[[int], Awaitable[bool]] | None = None) -> int:
        """Rebuild every unfinished server table from the store (with ``claim``: only those
        it grants, the cluster's leases); how many."""
        summaries = await asyncio.to_thread(self.store.games, status=PLAYING, source="server")
        count = 0
        for summary in summaries:
            if claim is not None and not await claim(summary.id):
                continue
            count += 1
            await self.adopt(summary.id)
        return count

    async def adopt(self, game_id: int) -> Table | None:
        """Rebuild one unfinished server table from the store and run it here (a restart,
        or a table taken over from a process that died); None when it cannot be."""
        try:
            record = await asyncio.to_thread(self.store.get, game_id)
            if record.summary.status != PLAYING or record.summary.source != "server":
                return None
            table = self._rebuild(record.summary, record.replay())
        except (ValueError, StoreError) as exc:  # a record that no longer replays
            log.error("table %s cannot be restored: %s", game_id, exc)
            return None
        self._add(table)
        for s in table.seats:
            if s.player is not None and table.started:
                self._later(self.settings.grace, self._grace_over(table, s.player.id))
        self._after_move(table)
        return table

    def forget(self, table_id: int) -> None:
        """Stop running a table here (another process owns it now): it leaves the memory
        and every connection's subscriptions; its pending bot moves find it gone."""
        self.tables.pop(table_id, None)
        self.locks.pop(table_id, None)
        for key in [k for k in self.bots if k[0] == table_id]:
            del self.bots[key]
        for conn in self.followers.pop(table_id, set()):
            conn.subs.pop(table_id, None)

    async def open_tables(self, player: int | None) -> list[JSON]:
        """The lobby: the open public tables, and the private ones where ``player`` sits
        (the whole cluster's when there is one)."""
        if self.directory is not None:
            return await self.directory(player)
        return [t.info() for t in self.tables.values() if not t.over and (
            not t.private or (player is not None and t.seat_of(player) is not None))]

    def _rebuild(self, summary: Any, match: atout.Match) -> Table:
        settings = dict(summary.client.get("table") or {})
        seats = []
        for info in summary.seats:
            player = None
            if info.player_id is not None:
                name = str(info.name or "?")
                player = Player(info.player_id, name.rsplit("#", 1)[0]
                                if info.kind == "guest" else name, str(info.kind))
            seats.append(SeatState(player=player, bot=info.bot))
        return table_from(summary.id, match, settings, seats)

    def _add(self, table: Table) -> None:
        self.tables[table.id] = table
        self.locks[table.id] = asyncio.Lock()
        if self.on_table is not None:
            self.on_table(table, None)
        if not table.started:
            self._later(self.settings.limits.waiting_expiry, self._expire(table))

    async def _expire(self, table: Table) -> None:
        """A table that waited too long for its start is removed; its followers are told."""
        async with self.locks[table.id]:
            await self._remove_waiting(table, f"table {table.id} waited "
                                       f"{self.settings.limits.waiting_expiry:.0f} s "
                                       "without starting: it was removed")

    async def _remove_waiting(self, table: Table, why: str) -> None:
        """Remove a table that has not started (its lock held): its record goes, its
        followers are told ``why`` (an ``expired`` error) and leave it."""
        if table.started or self.tables.get(table.id) is not table:
            return
        await asyncio.to_thread(self.store.delete, table.id)
        for conn in list(self.followers.get(table.id, ())):
            conn.push(error("expired", why, table=table.id))
            conn.push({"type": "left", "table": table.id})
        self.forget(table.id)
        if self.on_gone is not None:
            self.on_gone(table.id)

    async def _abandoned(self, table: Table) -> None:
        """A waiting table that nobody waits at any more (no person connected there) is
        removed; a host who is gone hands it to the first person still there (its lock
        held)."""
        if table.started or self.tables.get(table.id) is not table:
            return
        host = table.next_host()
        if host is None:
            await self._remove_waiting(table, f"nobody waits at table {table.id} any more: "
                                       "it was removed")
        elif host != table.host:
            update = table.new_host(host)
            await asyncio.to_thread(self.store.set_client, table.id,
                                    {"table": self._settings(table)})
            self._broadcast(table, update)

    async def stop(self) -> None:
        """Cancel the bots' and timers' tasks, then the writer."""
        for task in list(self.tasks):
            task.cancel()
        for task in list(self.tasks):
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        await self.writer.stop()

    def _later(self, delay: float, work: Awaitable[None]) -> None:
        async def run() -> None:
            try:
                await asyncio.sleep(delay)
            except asyncio.CancelledError:
                if inspect.iscoroutine(work):
                    work.close()  # never started: no warning that it was never awaited
                raise
            await work
        self._spawn(run())

    def _spawn(self, work: Awaitable[None]) -> None:
        async def guarded() -> None:
            try:
                await work
            except asyncio.CancelledError:
                raise
            except Exception:  # a failing task must not take the server down
                log.exception("a table task failed")
        task = asyncio.get_running_loop().create_task(guarded())
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    # -- connections ------------------------------------------------------------------------
    async def connected(self, conn: Conn) -> None:
        """A new connection (it must say hello first)."""
        self.conns.add(conn)

    async def disconnected(self, conn: Conn) -> None:
        """A connection closed: its seats are held for the grace period."""
        self.conns.discard(conn)
        for tid in conn.subs:
            self.followers.get(tid, set()).discard(conn)
        if conn.player is None:
            return
        pid = conn.player.id
        if any(c.player is not None and c.player.id == pid for c in self.conns):
            return  # still connected elsewhere
        for tid, seat in list(conn.subs.items()):
            table = self.tables.get(tid)
            if table is None:
                continue
            if seat is None:
                table.spectators = max(0, table.spectators - 1)
                continue
            update = table.dropped(pid)
            if update is not None:
                self._broadcast(table, update)
                self._later(self.settings.grace, self._grace_over(table, pid))

    async def sign_out(self, session: str, tell: bool = True) -> int:
        """End every connection of this process opened with the token whose SHA-256 is
        ``session`` (it was revoked); with ``tell``, the other processes too. How many."""
        if tell and self.on_signout is not None:
            self.on_signout(session)
        ended = [c for c in self.conns if c.session == session]
        for conn in ended:
            conn.push(error("signed_out", "you signed out: this connection ends"))
            self._spawn(conn.close(4001, "signed out"))
        return len(ended)

    async def _grace_over(self, table: Table, pid: int) -> None:
        lock = self.locks.get(table.id)
        if lock is None:  # the table is gone
            return
        async with lock:
            if not table.started:  # a waiting table: does anyone still wait there?
                await self._abandoned(table)
                return
            update = table.stand_in(pid)
            if update is not None:
                self._broadcast(table, update)
        self._schedule_bot(table)

    async def receive(self, conn: Conn, message: dict[str, Any]) -> None:
        """Handle one checked message; every refusal is answered with an error frame."""
        if await self.admit(conn, message):
            await self.handle(conn, message)

    async def admit(self, conn: Conn, message: dict[str, Any]) -> bool:
        """Whether a message may be handled: within the rate limit, after hello (refusals
        are answered; a connection that floods on is closed)."""
        ref = message.get("ref")
        if not conn.allowed(time.monotonic(), self.settings.rate):
            conn.push(error("rate_limited", f"at most {self.settings.rate} messages in "
                            f"{RATE_SECONDS:.0f} s: this one was ignored", ref))
            if conn.strikes > self.settings.rate:
                await conn.close(1008, "too many messages")
            return False
        if conn.player is None and message["type"] != "hello":
            conn.push(error("hello_first", "say hello with your token first", ref))
            return False
        return True

    async def handle(self, conn: Conn, message: dict[str, Any]) -> None:
        """Do what an admitted message asks (see :meth:`admit`); refusals are answered."""
        ref = message.get("ref")
        handler = getattr(self, f"_on_{message['type']}")
        began = time.perf_counter()
        try:
            await handler(conn, message)
        except (TableError, AuthError, ProtocolError) as exc:
            frame = error(exc.code, str(exc), ref, message.get("table"))
            if isinstance(exc, TableError) and not exc.said and exc.params and conn.lang:
                exc.said = error_words(exc.code, exc.params, conn.lang)
            if isinstance(exc, TableError) and exc.said:
                frame["said"] = exc.said
            conn.push(frame)
        except StoreError as exc:
            log.error("store: %s", exc)
            conn.push(error("store", "the server could not record this: it was not done; "
                            "try again", ref, message.get("table")))
        finally:
            if self.timer is not None:
                self.timer(message["type"], time.perf_counter() - began)

    def _broadcast(self, table: Table, update: Update) -> None:
        """Send ``update`` to everyone at ``table``, each recipient its own filtered frame:
        built once per seat (once for all the spectators), given its words once per seat and
        language (protocol 1.1), encoded once, then queued."""
        if self.on_table is not None:
            self.on_table(table, update)
        here = list(self.followers.get(table.id, ()))
        wanted = {(conn.subs[table.id], conn.lang) for conn in here}
        frames = table.frames(update, {seat for seat, _ in wanted})
        texts = {(seat, lang): encode(with_words(frames[seat], lang) if lang else frames[seat])
                 for seat, lang in wanted}
        for conn in here:
            if not conn.push_text(texts[conn.subs[table.id], conn.lang]):
                self._spawn(conn.close(1013, "too slow: reconnect"))

    def _follow(self, conn: Conn, tid: int, seat: int | None) -> None:
        """``conn`` follows table ``tid`` from ``seat`` (None: as a spectator)."""
        conn.subs[tid] = seat
        self.followers.setdefault(tid, set()).add(conn)

    def _unfollow(self, conn: Conn, tid: int) -> int | None:
        """``conn`` no longer follows table ``tid``; the seat it followed it from."""
        self.followers.get(tid, set()).discard(conn)
        return conn.subs.pop(tid, None)

    def _table(self, message: dict[str, Any], conn: Conn, invite_ok: bool = False) -> Table:
        table = self.tables.get(int(message["table"]))
        if table is None:
            raise TableError("no_table", f"there is no open table {message['table']}")
        if table.private and not invite_ok and table.id not in conn.subs:
            assert conn.player is not None
            if table.seat_of(conn.player.id) is None and \
                    message.get("invite") != table.invite:
                raise TableError("private", "this table is private: its invite code is "
                                 "needed")
        return table

    # -- messages ---------------------------------------------------------------------------
    async def _on_hello(self, conn: Conn, message: dict[str, Any]) -> None:
        if conn.player is not None:
            raise TableError("hello_again", "you said hello already")
        player = await asyncio.to_thread(self.accounts.player, message["token"])
        conn.player = player
        conn.session = token_hash(str(message["token"]))
        conn.lang = message.get("lang")
        conn.push({"type": "welcome", "protocol": PROTOCOL, "minor": PROTOCOL_MINOR,
                   "player": player.to_dict(),
                   **({"ref": message["ref"]} if "ref" in message else {})})

    async def _on_ping(self, conn: Conn, message: dict[str, Any]) -> None:
        conn.push({"type": "pong", **({"ref": message["ref"]} if "ref" in message else {})})

    async def _on_lobby(self, conn: Conn, message: dict[str, Any]) -> None:
        assert conn.player is not None
        tables = await self.open_tables(conn.player.id)
        conn.push({"type": "lobby", "tables": tables,
                   **({"ref": message["ref"]} if "ref" in message else {})})

    async def _on_create(self, conn: Conn, message: dict[str, Any]) -> None:
        assert conn.player is not None
        try:
            rules = atout.make(str(message["game"]), **dict(message.get("options") or {}))
        except (ValueError, TypeError) as exc:
            raise TableError("bad_options", str(exc)) from None
        seat = message.get("seat")
        seat = 0 if seat is None else int(seat)
        if not 0 <= seat < rules.seats:
            raise TableError("bad_seat", f"the seat field counts from 0: this game has seats 0 "
                             f"to {rules.seats - 1}")
        most = self.settings.limits.waiting_tables
        if sum(t.host == conn.player.id and not t.started for t in self.tables.values()) \
                >= most:
            raise TableError("too_many_tables", f"you host {most} tables waiting for players "
                             "already: start one, or leave one (a waiting table is removed "
                             f"after {self.settings.limits.waiting_expiry:.0f} s)")
        match = rules.match(seed=random.SystemRandom().randrange(1 << 31))
        private, rated = bool(message.get("private")), bool(message.get("rated"))
        if rated and conn.player.kind == "guest":
            raise TableError("guest_unrated", "guests are not rated: sign in with an account "
                             "to create a rated table (or create it unrated)")
        settings: dict[str, JSON] = {
            "host": conn.player.id, "private": private, "rated": rated,
            "invite": secrets.token_urlsafe(6) if private else None,
            "deals": message.get("deals"), "clock": message.get("clock"), "started": False}
        seats = [SeatInfo(player_id=conn.player.id) if s == seat else SeatInfo()
                 for s in range(rules.seats)]
        tid = await asyncio.to_thread(self.store.create_game, rules.name,
                                      rules.options_dict(), match.save()["match"], seats,
                                      client={"table": settings}, source="server")
        if self.claim is not None:
            await self.claim(tid)
        seats_now = [SeatState() for _ in range(rules.seats)]
        seats_now[seat] = SeatState(player=conn.player, connected=True)
        table = table_from(tid, match, settings, seats_now)
        self._add(table)
        self._follow(conn, tid, seat)
        conn.push({**table.snapshot(seat), **({"ref": message["ref"]} if "ref" in message
                                              else {})})

    async def _on_join(self, conn: Conn, message: dict[str, Any]) -> None:
        assert conn.player is not None
        table = self._table(message, conn)
        seat = int(message["seat"])
        async with self.locks[table.id]:
            was = table.seat_of(conn.player.id)
            update = table.sit(conn.player, seat)
            if was != seat:
                if was is not None:
                    await asyncio.to_thread(self.store.set_seat, table.id, was, SeatInfo())
                await asyncio.to_thread(self.store.set_seat, table.id, seat,
                                        SeatInfo(player_id=conn.player.id))
            self._follow(conn, table.id, seat)
            conn.push(table.snapshot(seat))
            self._broadcast(table, update)
        self._schedule_bot(table)

    async def _on_watch(self, conn: Conn, message: dict[str, Any]) -> None:
        table = self._table(message, conn)
        if conn.subs.get(table.id, -1) is not None:
            table.spectators += table.id not in conn.subs
            self._follow(conn, table.id, None)
        conn.push(table.snapshot(None))

    async def _on_leave(self, conn: Conn, message: dict[str, Any]) -> None:
        assert conn.player is not None
        table = self._table(message, conn, invite_ok=True)
        async with self.locks[table.id]:
            watched = table.id in conn.subs
            seat = self._unfollow(conn, table.id)
            if watched and seat is None:  # a spectator leaves (not a stranger)
                table.spectators = max(0, table.spectators - 1)
            update = table.stand(conn.player.id)
            if update is not None:
                if not table.started:
                    await asyncio.to_thread(self.store.set_seat, table.id, update.seat or 0,
                                            SeatInfo())
                self._broadcast(table, update)
                await self._abandoned(table)
        conn.push({"type": "left", "table": table.id})
        self._schedule_bot(table)

    async def _on_bot(self, conn: Conn, message: dict[str, Any]) -> None:
        assert conn.player is not None
        table = self._table(message, conn)
        name = str(message["bot"])
        try:
            make_bot(name, table.rules, int(message["seat"]) % table.rules.seats, 0,
                     specs=False)  # a player's words never import a module
        except ValueError as exc:
            raise TableError("bad_bot", f"{exc} (the bots: {', '.join(bot_names())})") from None
        await self._set_bot(conn, table, int(message["seat"]), name)

    async def _on_unbot(self, conn: Conn, message: dict[str, Any]) -> None:
        await self._set_bot(conn, self._table(message, conn), int(message["seat"]), None)

    async def _set_bot(self, conn: Conn, table: Table, seat: int, name: str | None) -> None:
        assert conn.player is not None
        async with self.locks[table.id]:
            update = table.set_bot(conn.player.id, seat, name)
            await asyncio.to_thread(self.store.set_seat, table.id, seat, SeatInfo(bot=name))
            self._broadcast(table, update)

    async def _on_start(self, conn: Conn, message: dict[str, Any]) -> None:
        assert conn.player is not None
        table = self._table(message, conn)
        async with self.locks[table.id]:
            update = table.start(conn.player.id)
            await asyncio.to_thread(self.store.set_client, table.id,
                                    {"table": self._settings(table)})
            self._broadcast(table, update)
        self._after_move(table)

    def _settings(self, table: Table) -> dict[str, JSON]:
        return {"host": table.host, "private": table.private, "rated": table.rated,
                "invite": table.invite,
                "deals": table.deals, "clock": table.clock, "started": table.started}

    async def _on_act(self, conn: Conn, message: dict[str, Any]) -> None:
        await self._on_acts(conn, {**message, "actions": [message["action"]]})

    async def _on_acts(self, conn: Conn, message: dict[str, Any]) -> None:
        """One action (``act``) or several of one seat in a row, all or none (``acts``: a
        Tarot écart chosen card by card, then confirmed): all are checked on a copy of the
        game first, then each is written, applied and sent, the table's lock held."""
        table = self._table(message, conn)
        seat = conn.subs.get(table.id)
        assert conn.player is not None
        if seat is None or table.seat_of(conn.player.id) != seat:
            raise TableError("not_seated", "you do not sit at this table")
        actions = [str(a) for a in message["actions"]]
        async with self.locks[table.id]:
            try:
                table.check_all(seat, actions)
                for action in actions:
                    await self._play(table, seat, action)
            except TableError as exc:
                if conn.lang is not None:
                    exc.said = refusal_words(table.snapshot(seat), str(exc.params.get(
                        "action", actions[0])), exc, conn.lang)
                raise
        self._after_move(table)

    async def _play(self, table: Table, seat: int, action: str) -> None:
        """Check, write, apply, send (the table's lock is held)."""
        parsed = table.check(seat, action)
        index = sum(len(h) for h in table.match.history)
        try:
            await self.writer.append(table.id, index, seat, parsed.text)
        except StoreError:
            if await self._catch_up(table, index) != parsed.text:
                raise
            return  # it was written after all (its commit's answer was lost): applied now
        await self._applied(table, parsed)

    async def _applied(self, table: Table, parsed: Any) -> None:
        update = table.apply(parsed)
        self.actions += 1
        self._broadcast(table, update)
        if table.over:
            await self._finish(table)

    async def _catch_up(self, table: Table, index: int) -> str | None:
        """After a write the store refused: the actions it holds beyond the table's, applied
        (a commit whose answer was lost to a crash of the database is in it nonetheless);
        the action now stored at ``index``, if any."""
        try:
            stored = list((await asyncio.to_thread(self.store.get, table.id)).actions)
        except StoreError:
            return None
        for text in stored[table.played:]:
            if table.over:
                break
            log.warning("table %s: action %d was written though its commit failed",
                        table.id, table.played)
            await self._applied(table, table.check(table.match.to_move, text))
        return stored[index] if len(stored) > index else None

    async def _finish(self, table: Table, attempt: int = 0) -> None:
        """Record a game's end (tried again later while the store refuses: the last action
        is recorded already, so the game is over in any case)."""
        abandoned, then = finishing(table)
        try:
            await asyncio.to_thread(self.store.finish, table.id, table.result(),
                                    abandoned=abandoned, then=then)
        except StoreError as exc:
            self._later(self._store_fault(table, exc, attempt),
                        self._finish(table, attempt + 1))
            if attempt:
                return
        if not attempt:
            self._broadcast(table, table.ended())

    async def _on_chat(self, conn: Conn, message: dict[str, Any]) -> None:
        assert conn.player is not None
        table = self._table(message, conn)
        if table.id not in conn.subs:
            raise TableError("not_here", "join or watch the table to chat there")
        seat = conn.subs[table.id]
        text = " ".join(strip_bidi(str(message["text"])).split())
        if not text:
            raise TableError("empty", "a line of chat needs some text")
        async with self.locks[table.id]:
            await asyncio.to_thread(self.store.add_chat, table.id, conn.player.name, text,
                                    seat=seat, player=conn.player.id)
            shown = table.seats[seat].name if seat is not None else None
            self._broadcast(table, table.say(shown or conn.player.name, seat, text))

    async def _on_hint(self, conn: Conn, message: dict[str, Any]) -> None:
        """What a computer player would do in this seat's place, and why (protocol 1.1)."""
        assert conn.player is not None
        table = self._table(message, conn)
        seat = conn.subs.get(table.id)
        if seat is None or table.seat_of(conn.player.id) != seat:
            raise TableError("not_seated", "you do not sit at this table")
        if not table.started or table.over or table.match.to_move != seat:
            raise TableError("not_your_turn", "hints are for your turn")
        action, said = await asyncio.to_thread(
            hint_words, table.rules, table.snapshot(seat), table.match.seed, conn.lang or "en")
        conn.push({"type": "hint", "table": table.id, "action": action, "said": said,
                   **({"ref": message["ref"]} if "ref" in message else {})})

    async def _on_sync(self, conn: Conn, message: dict[str, Any]) -> None:
        """A client comes back: its seat again, and what it missed (or a snapshot)."""
        assert conn.player is not None
        table = self._table(message, conn)
        seat = table.seat_of(conn.player.id)
        async with self.locks[table.id]:
            if seat is not None:
                self._follow(conn, table.id, seat)
                back = table.sit(conn.player, seat)
            else:
                table.spectators += table.id not in conn.subs
                if table.id not in conn.subs:
                    self._follow(conn, table.id, None)
                back = None
            view_seat = conn.subs[table.id]
            missed = table.since(int(message.get("after") or 0)) \
                if message.get("epoch") == table.epoch else None
            if missed is None:
                conn.push(table.snapshot(view_seat))
            else:
                for update in missed:
                    conn.push(table.frame(update, view_seat))
            if back is not None:
                self._broadcast(table, back)
        self._schedule_bot(table)

    async def _on_rematch(self, conn: Conn, message: dict[str, Any]) -> None:
        assert conn.player is not None
        old = self._table(message, conn)
        if not old.over:
            raise TableError("not_over", "a rematch follows the end of the game")
        if old.seat_of(conn.player.id) is None:
            raise TableError("not_seated", "only the players may ask for a rematch")
        match = old.rules.match(seed=random.SystemRandom().randrange(1 << 31))
        settings = {**self._settings(old), "started": False}
        seats = [SeatInfo(player_id=s.player.id if s.player else None, bot=s.bot)
                 for s in old.seats]
        tid = await asyncio.to_thread(self.store.create_game, old.rules.name,
                                      old.rules.options_dict(), match.save()["match"], seats,
                                      client={"table": settings}, source="server")
        if self.claim is not None:
            await self.claim(tid)
        table = table_from(tid, match, settings,
                           [SeatState(player=s.player, bot=s.bot) for s in old.seats])
        self._add(table)
        for c in list(self.conns):
            if old.id in c.subs and c.player is not None:
                seat = table.seat_of(c.player.id)
                self._follow(c, tid, seat)
                if seat is not None:
                    table.seats[seat].connected = True
        self._broadcast(old, old.rematch(tid))
        for c in list(self.conns):
            if tid in c.subs:
                c.push(table.snapshot(c.subs[tid]))

    # -- bots -------------------------------------------------------------------------------
    def _schedule_clock(self, table: Table) -> None:
        """With a move clock, a person who has not moved in time has that one move played
        by the stand-in bot (no clock by default: nobody is hurried)."""
        if table.clock is None or not table.started or table.over:
            return
        seat = table.match.to_move
        if seat is None or table.bot_seat() is not None:
            return
        moves = sum(len(h) for h in table.match.history)

        async def expire(attempt: int = 0) -> None:
            async with self.locks[table.id]:
                if table.over or table.match.to_move != seat or \
                        sum(len(h) for h in table.match.history) != moves or \
                        self.tables.get(table.id) is not table:
                    return  # moved in time
                view = table.match.view(seat)
                bot = self._bot(table, seat, self.settings.standin)
                action = await asyncio.to_thread(bot.choose, view)
                try:
                    await self._play(table, seat, str(action))
                except StoreError as exc:
                    self._later(self._store_fault(table, exc, attempt), expire(attempt + 1))
                    return
            self._after_move(table)

        self._later(table.clock, expire())

    def _store_fault(self, table: Table, exc: StoreError, attempt: int) -> float:
        """A move the store could not record (it was not played): the seconds to wait before
        trying again, doubled each time up to :data:`RETRY_MOST`; from the second failure
        on, the table's players are told (never a silent stop)."""
        delay = min(RETRY_MOST, RETRY_FIRST * 2.0 ** attempt)
        log.error("table %s: the store refused a move (%s); trying again in %.1f s",
                  table.id, exc, delay)
        if attempt >= 1:
            frame = error("store", f"the server cannot record the next move right now: it "
                          f"tries again in {delay:.0f} s and the game goes on by itself",
                          table=table.id)
            for conn in list(self.followers.get(table.id, ())):
                conn.push(frame)
        return delay

    def _after_move(self, table: Table) -> None:
        """What follows a change of a table: a bot's move, or the clock of a person's."""
        self._schedule_bot(table)
        self._schedule_clock(table)

    def _schedule_bot(self, table: Table) -> None:
        if table.bot_seat() is None or table.bot_pending:
            return
        table.bot_pending = True

        async def move(delay: float, attempt: int) -> None:
            retry = None
            try:
                await asyncio.sleep(delay)
                async with self.locks[table.id]:
                    seat = table.bot_seat()
                    if seat is None or self.tables.get(table.id) is not table:
                        return
                    bot = self._bot(table, seat)
                    view = table.match.view(seat)
                    action = await asyncio.to_thread(bot.choose, view)
                    try:
                        await self._play(table, seat, str(action))
                    except StoreError as exc:  # not played: the same move again, later
                        retry = self._store_fault(table, exc, attempt)
                        self._spawn(move(retry, attempt + 1))
                        return
            finally:
                if retry is None:
                    table.bot_pending = False
            self._after_move(table)

        self._spawn(move(self.settings.bot_delay, 0))

    def _bot(self, table: Table, seat: int, name: str | None = None) -> Bot:
        name = name or table.seats[seat].bot or self.settings.standin
        key = (table.id, seat, name)
        bot = self.bots.get(key)
        if bot is None:
            bot = self.bots[key] = make_bot(name, table.rules, seat, table.match.seed)
        return bot


__all__ = ["Hub", "Settings", "table_from"]
