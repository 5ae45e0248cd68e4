"""Several ``atout serve`` processes as one server: PostgreSQL holds the records, Redis
carries messages between the processes, and each table is owned by one process at a time.

- **Ownership.** A table's owner holds its lease, a Redis key (``SET key node NX PX ttl``)
  renewed every third of the lease. Only the owner checks, writes and applies the table's
  actions, runs its bots and timers, and numbers its updates.
- **Routing.** A client may connect to any process. A message about a table owned elsewhere
  goes by Redis to the owner (with the sender's player: id, name, kind), which handles it for
  a stand-in connection of that client; the frames the owner makes for that one recipient,
  already filtered at the last step, come back by Redis to the client's process, which sends
  them as they are. No unfiltered view, hand or event ever crosses Redis.
- **Takeover.** When a process dies its leases expire; another process claims each table,
  rebuilds it from the store (every action is in it before anyone heard of it) and tells the
  cluster; the processes re-subscribe their clients there. The table's update numbers go on
  from the last one published, under a new epoch, so a client that comes back with its last
  epoch and number gets a full snapshot of where the game is.
- **Lobby.** Each owner publishes its open tables' public ``tableinfo`` in a Redis hash: the
  lobby of any process shows every table of the cluster.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import re
import secrets
import socket
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

import redis.asyncio as aioredis
from redis.exceptions import RedisError

from atout.core import JSON
from atout.store import PLAYING, StoreError

from .accounts import Player
from .conn import Conn, error
from .hub import Hub
from .table import Table, TableError, Update

log = logging.getLogger("atout.server.cluster")

HEAD = re.compile(r'\{"type":"(update|table|left)","table":(\d+)[,}]')
"""The start of an encoded frame about a table (``protocol.encode``: type, then table)."""
LOCAL = frozenset({"hello", "ping", "lobby", "create"})
"""Messages any process answers itself (no table, or a new table made where it is asked)."""

RENEW = """
local lost = {}
for i, key in ipairs(KEYS) do
  local owner = redis.call('get', key)
  if owner == ARGV[1] then
    redis.call('pexpire', key, ARGV[2])
  elseif not owner then
    redis.call('set', key, ARGV[1], 'PX', ARGV[2])
  else
    table.insert(lost, i)
  end
end
return lost
"""
"""Renew this process's leases; a lease that is gone (Redis restarted empty) is claimed
again; the ones another process holds now are lost."""
RELEASE = """
if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end
return 0
"""


class ClusterError(Exception):
    """The cluster cannot be joined (Redis unreachable, a bad URL): a sentence."""


@dataclass
class ClusterOptions:
    """How a process joins the cluster (``atout serve --redis URL --lease S``)."""

    redis: str
    """Redis's URL, e.g. ``redis://127.0.0.1:6379/0``."""
    lease: float = 10.0
    """Seconds a table's lease lasts without renewal: how soon a dead process's tables are
    taken over."""
    node: str = field(default_factory=lambda: f"{socket.gethostname()}-{os.getpid()}-"
                      f"{secrets.token_hex(3)}")
    """This process's name in the cluster (unique)."""
    prefix: str = "atout"
    """The prefix of every Redis key and channel (several sites on one Redis)."""


@dataclass(eq=False)
class Proxy:
    """A client of another process, as the owner of a table sees it: a connection whose
    frames go back by Redis."""

    node: str
    cid: int
    conn: Conn
    inbox: asyncio.Queue[dict[str, Any] | None]
    tasks: list[asyncio.Task[None]]


class Cluster:
    """This process's part in the cluster: the hub's front for every connection."""

    def __init__(self, hub: Hub, options: ClusterOptions) -> None:
        self.hub = hub
        self.options = options
        self.node = options.node
        self.ttl = max(1, round(options.lease * 1000))
        self.redis: aioredis.Redis | None = None
        self.publisher: aioredis.Redis | None = None
        self.pubsub: Any = None
        self.owned: set[int] = set()
        self.ids: dict[Conn, int] = {}
        self.by_id: dict[int, Conn] = {}
        self.next_id = 0
        self.follows: dict[Conn, dict[int, str]] = {}
        """Per local connection: the tables it follows elsewhere, and their owners."""
        self.told: dict[Conn, set[str]] = {}
        """Per local connection: the processes it sent messages to (told when it leaves)."""
        self.proxies: dict[tuple[str, int], Proxy] = {}
        self.dirty: set[int] = set()
        self.outgoing: asyncio.Queue[tuple[str, str]] = asyncio.Queue()
        self.tasks: set[asyncio.Task[None]] = set()
        self.forwarded = 0
        """Messages sent to the owner of their table."""
        self.relayed = 0
        """Frames from owners sent on to this process's clients."""
        self.takeovers = 0
        """Tables this process took over."""
        self.trouble = -1e9
        """When Redis (or the store) last failed here (``time.monotonic``)."""

    # -- names ------------------------------------------------------------------------------
    def _key(self, *parts: object) -> str:
        return ":".join([self.options.prefix, *map(str, parts)])

    def _to(self, node: str) -> str:
        return self._key("to", node)

    # -- start and stop ---------------------------------------------------------------------
    async def start(self) -> int:
        """Join: connect to Redis, listen, claim and restore the unowned tables, start the
        lease, lobby and takeover tasks. How many tables were restored here."""
        try:
            self.redis = aioredis.Redis.from_url(self.options.redis, decode_responses=True)
            self.publisher = aioredis.Redis.from_url(self.options.redis, decode_responses=True,
                                                     single_connection_client=True)
            await self.redis.ping()
        except (RedisError, ValueError, OSError) as exc:
            raise ClusterError(f"Redis at {self.options.redis} cannot be reached: {exc} "
                               "(expected a running redis-server and a URL such as "
                               "redis://127.0.0.1:6379/0)") from None
        self.renew_script = self.redis.register_script(RENEW)
        self.release_script = self.redis.register_script(RELEASE)
        self.pubsub = self.redis.pubsub()
        await self.pubsub.subscribe(self._to(self.node), self._key("all"))
        await self.redis.set(self._key("node", self.node), "1", px=self.ttl)
        self.hub.on_table = self.changed
        self.hub.directory = self.lobby
        self.hub.claim = self.claim_new
        self.hub.on_signout = self.signed_out
        self.hub.on_gone = self.gone
        restored = await self.hub.restore(claim=self.claim)
        for tid in list(self.owned):
            await self._continue_numbers(tid)
        loop = asyncio.get_running_loop()
        self.tasks.update(loop.create_task(self._guard(work)) for work in (
            self._listen(), self._publish(), self._every(self.options.lease / 3, self._renew),
            self._every(self.options.lease / 2, self._scan), self._every(0.2, self._flush)))
        log.info("node %s joined the cluster at %s: %d tables restored", self.node,
                 self.options.redis, restored)
        return restored

    async def stop(self) -> None:
        """Leave: the tasks stop, the leases are released (the others take the tables over
        at once) and the clients elsewhere are told of nothing more."""
        for task in list(self.tasks):
            task.cancel()
        for task in list(self.tasks):
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        for proxy in list(self.proxies.values()):
            self._drop_proxy(proxy)
        if self.redis is not None:
            # a Redis that is gone must not hold the process up: a few seconds at most
            with contextlib.suppress(RedisError, OSError, RuntimeError, TimeoutError):
                await asyncio.wait_for(self._leave(), 5)

    async def _leave(self) -> None:
        assert self.redis is not None
        with contextlib.suppress(RedisError, OSError):
            for tid in list(self.owned):
                await self.release_script(keys=[self._key("lease", tid)], args=[self.node])
            await self.redis.delete(self._key("node", self.node))
        with contextlib.suppress(RedisError, OSError, RuntimeError):
            await self.pubsub.aclose()
        for client in (self.redis, self.publisher):
            if client is not None:
                with contextlib.suppress(RedisError, OSError, RuntimeError):
                    await client.aclose()

    async def _guard(self, work: Awaitable[None]) -> None:
        try:
            await work
        except asyncio.CancelledError:
            raise
        except Exception:  # a failing task must not take the process down silently
            log.exception("a cluster task failed")

    async def _every(self, seconds: float, work: Callable[[], Awaitable[None]]) -> None:
        """Run ``work`` every ``seconds``; a failure (Redis or the store unreachable for a
        while) is logged and tried again next time."""
        while True:
            await asyncio.sleep(seconds)
            try:
                await work()
            except (RedisError, OSError, StoreError) as exc:
                self.trouble = time.monotonic()
                log.warning("cluster: %s (tried again in %.1f s)", exc, seconds)

    # -- leases -----------------------------------------------------------------------------
    async def claim(self, table: int) -> bool:
        """Take a table's lease if nobody holds it."""
        assert self.redis is not None
        got = await self.redis.set(self._key("lease", table), self.node, nx=True, px=self.ttl)
        if got:
            self.owned.add(table)
        return bool(got)

    async def claim_new(self, table: int) -> None:
        """A table just made here is leased before anyone hears of it."""
        if not await self.claim(table):  # cannot happen: no one knows its number yet
            raise TableError("moving", f"table {table} was claimed by another server "
                             "process: join it there")

    async def _publish_entry(self, table: int) -> None:
        assert self.redis is not None
        found = self.hub.tables.get(table)
        if found is not None:  # in the lobby at once
            await self.redis.hset(self._key("lobby"), str(table),
                                  json.dumps(self._entry(found)))

    async def _continue_numbers(self, table: int) -> None:
        """A restored table goes on numbering where its last owner stopped."""
        assert self.redis is not None
        stored = await self.redis.hget(self._key("n"), str(table))
        found = self.hub.tables.get(table)
        if stored is not None and found is not None:
            found.n = max(found.n, int(stored))

    async def take_over(self, table: int) -> Table | None:
        """Rebuild a table whose lease this process holds now; everyone is told."""
        assert self.redis is not None
        stored = await self.redis.hget(self._key("n"), str(table))
        found = await self.hub.adopt(table)
        if found is None:
            self.owned.discard(table)
            await self.release_script(keys=[self._key("lease", table)], args=[self.node])
            return None
        # before any update of the new owner (no await since adopt): the numbers go on from
        # the last one published, and never fall below one per action played
        played = sum(len(h) for h in found.match.history)
        found.n = max(found.n, played, int(stored) if stored is not None else 0)
        self.takeovers += 1
        self.dirty.add(table)
        log.info("node %s took table %s over", self.node, table)
        self._send(self._key("all"), {"op": "moved", "table": table, "owner": self.node})
        return found

    async def _renew(self) -> None:
        """Renew this process's heartbeat and leases (a lease lost: the table is dropped
        here); notice the processes that died with clients at tables of this one."""
        assert self.redis is not None
        await self.redis.set(self._key("node", self.node), "1", px=self.ttl)
        mine = sorted(self.owned)
        if mine:
            lost = await self.renew_script(keys=[self._key("lease", t) for t in mine],
                                           args=[self.node, self.ttl])
            for i in lost:
                tid = mine[int(i) - 1]
                log.warning("node %s lost the lease of table %s", self.node, tid)
                self.owned.discard(tid)
                for conn in self.ids:  # its clients here follow it to its next owner
                    if tid in conn.subs:
                        self.follows.setdefault(conn, {})[tid] = ""
                self.hub.forget(tid)
        self.dirty.update(self.owned)  # spectators come and go without an update
        if time.monotonic() - self.trouble < self.options.lease:
            return  # Redis was away: the other processes renew their heartbeats first
        nodes = {p.node for p in self.proxies.values()}
        for node in nodes:
            if not await self.redis.exists(self._key("node", node)):
                for proxy in [p for p in self.proxies.values() if p.node == node]:
                    proxy.inbox.put_nowait(None)  # its process died: its clients left

    async def _scan(self) -> None:
        """Take over the tables whose owner died (their lease expired)."""
        assert self.redis is not None
        if time.monotonic() - self.trouble < self.options.lease:
            return  # Redis was away: its owners claim their tables again first
        summaries = await asyncio.to_thread(self.hub.store.games, status=PLAYING,
                                            source="server")
        # a table just made may not have its lease yet: its maker owns it
        young = datetime.now(UTC) - timedelta(seconds=2 * self.options.lease)
        ids = [s.id for s in summaries
               if s.id not in self.hub.tables and s.created_at < young]
        if not ids:
            return
        owners = await self.redis.mget([self._key("lease", t) for t in ids])
        for tid, owner in zip(ids, owners, strict=True):
            if owner is None and await self.claim(tid):
                await self.take_over(tid)

    async def route(self, table: int) -> str | None:
        """The process that owns ``table``: this one (maybe after taking it over), another,
        or None when there is no such table in play. While a dead owner's lease runs out,
        this waits; ``TableError`` ``moving`` when that takes too long."""
        assert self.redis is not None
        deadline = time.monotonic() + 2 * self.options.lease + 2
        while True:
            if table in self.hub.tables:
                return self.node
            owner = await self.redis.get(self._key("lease", table))
            if owner is None:
                if await self.claim(table):
                    return self.node if await self.take_over(table) is not None else None
                continue
            if owner != self.node and await self.redis.exists(self._key("node", owner)):
                return str(owner)
            if time.monotonic() > deadline:
                raise TableError("moving", f"table {table} is moving to another server "
                                 "process: try again in a few seconds")
            await asyncio.sleep(0.1)

    # -- the hub's hooks --------------------------------------------------------------------
    def changed(self, table: Table, update: Update | None) -> None:
        """The hub added or changed a table: a new one is leased; the lobby will show it."""
        if update is None:
            self._spawn(self._publish_entry(table.id))
        if update is None or update.kind != "action" or table.over:
            self.dirty.add(table.id)

    def gone(self, table: int) -> None:
        """A table was removed here before its start: out of the lobby, its lease freed."""
        self._spawn(self._gone(table))

    async def _gone(self, table: int) -> None:
        assert self.redis is not None
        self.owned.discard(table)
        await self.redis.hdel(self._key("lobby"), str(table))
        await self.redis.hdel(self._key("n"), str(table))
        await self.release_script(keys=[self._key("lease", table)], args=[self.node])

    async def _sign_out(self, session: str) -> None:
        await self.hub.sign_out(session, tell=False)

    def signed_out(self, session: str) -> None:
        """A token was revoked here: every process ends the connections opened with it."""
        self._send(self._key("all"), {"op": "signout", "from": self.node, "session": session})

    async def lobby(self, player: int | None) -> list[JSON]:
        """Every open table of the cluster a player may see (this process's, fresh; the
        others' as their owners last published them)."""
        assert self.redis is not None
        entries: dict[int, dict[str, Any]] = {}
        for raw in (await self.redis.hgetall(self._key("lobby"))).values():
            entry = json.loads(raw)
            entries[int(entry["info"]["table"])] = entry
        for table in self.hub.tables.values():
            entries[table.id] = self._entry(table)
        return [e["info"] for _, e in sorted(entries.items())
                if not e["over"] and (not e["private"] or player in e["players"])]

    @staticmethod
    def _entry(table: Table) -> dict[str, Any]:
        return {"info": table.info(), "over": table.over, "private": table.private,
                "players": [s.player.id for s in table.seats if s.player is not None]}

    async def _flush(self) -> None:
        """Publish the changed tables' lobby entries and update numbers, five times a
        second."""
        assert self.redis is not None
        if not self.dirty:
            return
        dirty, self.dirty = self.dirty, set()
        try:
            await self._publish_tables(dirty)
        except (RedisError, OSError):
            self.dirty |= dirty  # next time
            raise

    async def _publish_tables(self, dirty: set[int]) -> None:
        assert self.redis is not None
        pipe = self.redis.pipeline(transaction=False)
        for tid in dirty:
            table = self.hub.tables.get(tid)
            if table is None or tid not in self.owned:
                continue
            if table.over:
                pipe.hdel(self._key("lobby"), str(tid))
                pipe.hdel(self._key("n"), str(tid))
            else:
                pipe.hset(self._key("lobby"), str(tid), json.dumps(self._entry(table)))
                pipe.hset(self._key("n"), str(tid), str(table.n))
        await pipe.execute()

    # -- the front for connections ----------------------------------------------------------
    async def connected(self, conn: Conn) -> None:
        """A client connected to this process."""
        self.next_id += 1
        self.ids[conn] = self.next_id
        self.by_id[self.next_id] = conn
        await self.hub.connected(conn)

    async def disconnected(self, conn: Conn) -> None:
        """A client of this process left: here, and at every owner it spoke to."""
        await self.hub.disconnected(conn)
        cid = self.ids.pop(conn, None)
        self.by_id.pop(cid or 0, None)
        owners = self.told.pop(conn, set()) | set(self.follows.pop(conn, {}).values())
        for owner in owners - {self.node}:
            self._send(self._to(owner), {"op": "gone", "from": self.node, "conn": cid})

    async def receive(self, conn: Conn, message: dict[str, Any]) -> None:
        """A client's checked message: handled here, or sent to its table's owner (while
        Redis cannot be reached, refused in words)."""
        try:
            await self._receive(conn, message)
        except (RedisError, OSError) as exc:
            self.trouble = time.monotonic()
            log.warning("cluster: %s", exc)
            conn.push(error("unavailable", "the server cannot reach the rest of the cluster "
                            "for a moment: this was not done; try again in a few seconds",
                            message.get("ref"), message.get("table")))

    async def _receive(self, conn: Conn, message: dict[str, Any]) -> None:
        if not await self.hub.admit(conn, message):
            return
        table = message.get("table")
        if message["type"] in LOCAL or not isinstance(table, int) or table in self.hub.tables:
            await self.hub.handle(conn, message)
            return
        try:
            owner = await self.route(table)
        except TableError as exc:
            conn.push(error(exc.code, str(exc), message.get("ref"), table))
            return
        if owner is None or owner == self.node:
            await self.hub.handle(conn, message)
            return
        assert conn.player is not None
        self.told.setdefault(conn, set()).add(owner)
        if message["type"] in ("join", "watch", "sync"):
            # followed from now on: should the owner die before it answers, the table's
            # next owner is asked again (see _moved)
            self.follows.setdefault(conn, {})[table] = owner
        self.forwarded += 1
        self._send(self._to(owner), {"op": "msg", "from": self.node, "conn": self.ids[conn],
                                     "player": conn.player.to_dict(), "lang": conn.lang,
                                     "message": message})

    # -- Redis traffic ----------------------------------------------------------------------
    def _send(self, channel: str, payload: dict[str, Any]) -> None:
        self.outgoing.put_nowait((channel, json.dumps(payload, ensure_ascii=False)))

    async def _publish(self) -> None:
        """One connection publishes everything, in order (a table's updates stay in order)."""
        assert self.publisher is not None
        while True:
            batch = [await self.outgoing.get()]
            while not self.outgoing.empty():
                batch.append(self.outgoing.get_nowait())
            wait = 0.1
            while True:  # in order, and none dropped: tried again until Redis is back
                pipe = self.publisher.pipeline(transaction=False)
                for channel, data in batch:
                    pipe.publish(channel, data)
                try:
                    await pipe.execute()
                    break
                except (RedisError, OSError) as exc:
                    self.trouble = time.monotonic()
                    log.warning("could not publish %d messages (%s): again in %.1f s",
                                len(batch), exc, wait)
                    await asyncio.sleep(wait)
                    wait = min(2.0, wait * 2)

    async def _listen(self) -> None:
        """The messages of this process's channels; when Redis goes away, listened to again
        as soon as it is back (the channels subscribed again)."""
        wait = 0.1
        while True:
            try:
                async for item in self.pubsub.listen():
                    wait = 0.1
                    if item.get("type") != "message":
                        continue
                    try:
                        payload = json.loads(item["data"])
                        self._dispatch(payload)
                    except (ValueError, KeyError, TypeError):
                        log.exception("a malformed cluster message")
            except (RedisError, OSError) as exc:
                self.trouble = time.monotonic()
                log.warning("cluster: listening again in %.1f s (%s)", wait, exc)
            await asyncio.sleep(wait)
            wait = min(2.0, wait * 2)

    def _dispatch(self, payload: dict[str, Any]) -> None:
        op = payload["op"]
        if op == "msg":
            asker = self._proxy(str(payload["from"]), int(payload["conn"]), payload["player"])
            lang = payload.get("lang")  # the words the client asked for in its hello
            asker.conn.lang = lang if isinstance(lang, str) else None
            asker.inbox.put_nowait(payload["message"])
        elif op == "gone":
            proxy = self.proxies.get((str(payload["from"]), int(payload["conn"])))
            if proxy is not None:
                proxy.inbox.put_nowait(None)
        elif op == "frames":
            self._relay(str(payload["from"]), int(payload["conn"]), payload["frames"])
        elif op == "close":
            conn = self.by_id.get(int(payload["conn"]))
            if conn is not None:
                self._spawn(conn.close(int(payload["code"]), str(payload["reason"])))
        elif op == "moved":
            self._moved(int(payload["table"]))
        elif op == "signout" and payload.get("from") != self.node:
            self._spawn(self._sign_out(str(payload["session"])))

    def _spawn(self, work: Awaitable[None]) -> None:
        async def run() -> None:
            await work
        task = asyncio.get_running_loop().create_task(self._guard(run()))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def _relay(self, owner: str, cid: int, frames: list[str]) -> None:
        """An owner's frames for one of this process's clients (filtered and encoded there
        already: sent on as they are)."""
        conn = self.by_id.get(cid)
        if conn is None:
            return
        follows = self.follows.setdefault(conn, {})
        for text in frames:
            head = HEAD.match(text)  # which table the client follows, and where
            if head is not None:
                if head[1] == "left":
                    follows.pop(int(head[2]), None)
                else:
                    follows[int(head[2])] = owner
            self.relayed += 1
            if not conn.push_text(text):
                self._spawn(conn.close(1013, "too slow: reconnect"))
                return

    def _moved(self, table: int) -> None:
        """A table has a new owner: this process's clients that followed it there follow it
        again (a sync: a person takes the seat back and gets a snapshot)."""
        for conn, follows in list(self.follows.items()):
            if table in follows:
                del follows[table]
                self._spawn(self.receive(conn, {"type": "sync", "table": table, "after": 0,
                                                "epoch": ""}))

    # -- clients of other processes ---------------------------------------------------------
    def _proxy(self, node: str, cid: int, player: dict[str, Any]) -> Proxy:
        key = (node, cid)
        proxy = self.proxies.get(key)
        if proxy is not None:
            return proxy
        channel = self._to(node)

        async def close(code: int, reason: str) -> None:
            self._send(channel, {"op": "close", "conn": cid, "code": code, "reason": reason})

        async def unused(_text: str) -> None:  # frames go by the outbox
            raise AssertionError("a proxy sends through its outbox")

        conn = Conn(send=unused, close=close, player=Player(
            int(player["id"]), str(player["name"]), str(player["kind"])))
        proxy = Proxy(node, cid, conn, asyncio.Queue(), [])
        loop = asyncio.get_running_loop()
        proxy.tasks = [loop.create_task(self._serve_proxy(proxy)),
                       loop.create_task(self._drain(proxy))]
        self.proxies[key] = proxy
        self.hub.conns.add(conn)
        return proxy

    async def _serve_proxy(self, proxy: Proxy) -> None:
        """A remote client's messages, one after the other, as the hub handles a local
        client's (already admitted by its own process)."""
        while (message := await proxy.inbox.get()) is not None:
            try:
                await self.hub.handle(proxy.conn, message)
            except Exception:  # nothing a client sends may take the server down
                log.exception("while handling %s for %s", message.get("type"), proxy.node)
                proxy.conn.push(error("internal", "the server failed on this message; it "
                                      "was not done", message.get("ref")))
        self.proxies.pop((proxy.node, proxy.cid), None)
        await self.hub.disconnected(proxy.conn)
        with contextlib.suppress(asyncio.QueueFull):
            proxy.conn.outbox.put_nowait(None)

    async def _drain(self, proxy: Proxy) -> None:
        """A remote client's frames, in order, to its process."""
        channel = self._to(proxy.node)
        outbox = proxy.conn.outbox
        while True:
            frame = await outbox.get()
            if frame is None:
                return
            frames = [frame]
            while not outbox.empty():
                more = outbox.get_nowait()
                if more is None:
                    self._frames(channel, proxy.cid, frames)
                    return
                frames.append(more)
            self._frames(channel, proxy.cid, frames)

    def _frames(self, channel: str, cid: int, frames: list[str]) -> None:
        self._send(channel, {"op": "frames", "from": self.node, "conn": cid, "frames": frames})

    def _drop_proxy(self, proxy: Proxy) -> None:
        self.proxies.pop((proxy.node, proxy.cid), None)
        self.hub.conns.discard(proxy.conn)
        for tid in proxy.conn.subs:
            self.hub.followers.get(tid, set()).discard(proxy.conn)
        for task in proxy.tasks:
            task.cancel()


__all__ = ["Cluster", "ClusterError", "ClusterOptions"]
