"""``atout play --server URL``: a table of the server, with the console's keys and words.

The connection runs on a thread of its own (:class:`Link`); the session reads its frames
between keys. The server is the authority: an action is sent, and said only when the table's
update comes back with it; a refusal is the engine's reason, said in words. Quitting leaves the
seat held for the server's grace period, then a computer player plays for you until you come
back with the same command and ``--table``.
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
from typing import Any

from atout.client import Client, ServerError, http
from atout.core import JSON, Event, View
from atout.events import MatchEvent
from atout.i18n.text import GameText

from .keys import KeySource, reads_lines
from .speech import Output
from .table import AZERTY_DIGITS, Table


class Link:
    """A connection to the server on its own thread: frames in a queue, messages out."""

    def __init__(self, base: str, name: str) -> None:
        self.frames: queue.Queue[dict[str, Any]] = queue.Queue()
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        answer = http(base, "/api/guest", {"name": name})
        self.client = Client(base, str(answer["token"]), dict(answer["player"]))
        self._call(self.client.connect())
        asyncio.run_coroutine_threadsafe(self._read(), self.loop)

    def _call(self, work: Any) -> Any:
        return asyncio.run_coroutine_threadsafe(work, self.loop).result(15)

    async def _read(self) -> None:
        while self.client.ws is not None:
            try:
                self.frames.put(await self.client.recv(3600))
            except TimeoutError:
                continue
            except Exception:  # the connection closed
                self.frames.put({"type": "closed"})
                return

    def send(self, message: dict[str, Any]) -> None:
        """Send a message to the server."""
        self._call(self.client.send(message))

    def close(self) -> None:
        """Close the connection and stop the thread."""
        with contextlib.suppress(Exception):
            self._call(self.client.close())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)




class TableState:
    """The table as the latest frame shows it (what the information keys read)."""

    def __init__(self, snapshot: dict[str, Any]) -> None:
        self.frame = snapshot

    def view(self, seat: int) -> View:
        """The player's view now."""
        return View.from_dict(self.frame["view"])

    def match_info(self) -> dict[str, JSON]:
        """The game's public facts."""
        info = self.frame["view"]["info"].get("match")
        return dict(info) if isinstance(info, dict) else {}


class RemoteSession(Table):
    """One seat at a server's table, driven by keys."""

    match: TableState

    def __init__(self, link: Link, snapshot: dict[str, Any], text: GameText, out: Output,
                 keys: KeySource) -> None:
        super().__init__(TableState(snapshot), int(snapshot["seat"]), text, out, keys)
        self.link = link
        self.table = int(snapshot["table"])
        self.waiting = False
        self.announced = -1
        self.over = False

    def run(self) -> int:
        """Play until the end of the game or until the player leaves; the exit status."""
        tr = self.tr
        self.out.say(tr._("Table {table}: {players}.").format(
            table=self.table, players=self.players()))
        self.out.say(self.text.hand(self.view()))
        while not self.over:
            self.drain(0.05)
            if self.over:
                break
            view = self.view()
            status = self.match.frame["info"]["status"]
            mine = status == "playing" and view.to_move == self.seat and not self.waiting
            n = int(self.match.frame["n"])
            if mine and self.announced != n:
                self.announced = n
                items = self.items(view)
                self.selected = next((i for i, it in enumerate(items) if it in view.legal), 0)
                self.out.say(self.text.prompt(view))
                if items:
                    self.out.tell(self.item_words(items[self.selected], view))
            # lines (a pipe) are read only when a key is truly awaited: on the player's turn,
            # or while the table waits for its players (a line may be Q, to leave)
            awaited = mine or status == "waiting"
            wait = None if awaited and reads_lines(self.keys) else 0.1
            try:
                key = self.keys.read(wait)
            except (EOFError, KeyboardInterrupt):
                return self.leave()
            if key is None:
                continue
            if key in ("q", "ctrl+c", "ctrl+d"):
                return self.leave()
            self.key(AZERTY_DIGITS.get(key, key), mine)
        self.out.say(tr._("Press Enter or Q to leave; the other keys still answer."))
        while True:
            try:
                key = self.keys.read(None)
            except (EOFError, KeyboardInterrupt):
                return 0
            if key in (None, "enter", "q", "ctrl+c", "ctrl+d", "esc"):
                return 0
            self.info_key(AZERTY_DIGITS.get(key, key))

    def players(self) -> str:
        """Who sits where, in words."""
        parts = []
        for s in self.match.frame["info"]["seats"]:
            who = s["name"] or (self.tr._("computer ({bot})").format(bot=s["bot"])
                                if s["bot"] else self.tr._("empty"))
            parts.append(f"{self.text.Name(int(s['seat']))}: {who}")
        return "; ".join(parts)

    def key(self, key: str, mine: bool) -> None:
        """A key: an action on the player's turn, else information."""
        view = self.view()
        if mine and key == "enter":
            items = self.items(view)
            if items:
                self.send(items[min(self.selected, len(items) - 1)], view)
            return
        if mine and key.startswith("text:"):
            self.send(key[5:].strip(), view)
            return
        chosen = self.text.key_action(key, view) if mine else []
        if chosen:
            items = self.items(view)
            self.selected = items.index(chosen[0]) if chosen[0] in items else 0
            self.out.tell(self.item_words(items[self.selected], view))
            return
        if key == "u":
            self.out.tell(self.tr._("Nothing can be taken back at a server's table: other "
                                    "people play there."))
            return
        if not self.info_key(key):
            if key in ("enter",) or key.startswith("text:"):
                self.out.tell(self.tr._("It is not your turn: {turn}").format(
                    turn=self.text.turn(view)))
            else:
                self.out.tell(self.tr._("The key {key} does nothing. Press ? for the list of "
                                        "keys.").format(key=key.split(":", 1)[-1].upper()))

    def send(self, action: str, view: View) -> None:
        """Send an action; it is said when the server's update brings it back."""
        legal = {a.upper(): a for a in view.legal}
        self.waiting = True
        self.link.send({"type": "act", "table": self.table,
                        "action": legal.get(action.upper(), action)})

    def drain(self, wait: float) -> None:
        """Say what the frames that came in tell."""
        try:
            frame = self.link.frames.get(timeout=wait)
        except queue.Empty:
            return
        while True:
            self.handle(frame)
            try:
                frame = self.link.frames.get_nowait()
            except queue.Empty:
                return

    def handle(self, frame: dict[str, Any]) -> None:
        """One frame from the server."""
        kind = frame.get("type")
        if kind == "closed":
            self.out.say(self.tr._("The server closed the connection."))
            self.over = True
            return
        if kind == "error":
            self.waiting = False
            if frame.get("code") == "illegal":
                view = self.view()
                self.out.tell(self.text.refusal(view, "", str(frame["message"])))
            else:
                self.out.tell(self.tr._("The server refused: {reason}").format(
                    reason=frame.get("message")))
            return
        if kind not in ("update", "table") or frame.get("table") != self.table:
            return
        self.match.frame = frame
        if kind == "table":
            return
        view = self.view()
        if frame["kind"] == "action" and frame.get("seat") == self.seat:
            self.waiting = False
        for data in frame.get("events") or []:
            said = self.text.event(Event.from_dict(data), view)
            if said:
                self.out.say(said)
        if frame["kind"] == "chat":
            line = frame.get("chat") or {}
            self.out.say(self.tr._("{name} says: {text}").format(name=line.get("name"),
                                                                   text=line.get("text")))
        elif frame["kind"] == "standin" and frame.get("seat") is not None:
            self.out.say(self.tr._("A computer player plays for {player} until they come "
                                   "back.").format(player=self.text.name(int(frame["seat"]))))
        elif frame["kind"] == "end":
            result = frame.get("result") or {}
            if not any(e.get("kind") == MatchEvent.GAME_OVER for e in frame.get("events") or []):
                self.out.say(self.text.game_over_sentence(result))
            self.over = True

    def leave(self) -> int:
        """Quit: the seat is held, then a computer player plays until the player returns."""
        self.out.say(self.tr._("You left table {table}. Your seat is kept: come back with "
                               "atout play --server {url} --table {table}.").format(
            table=self.table, url=self.link.client.base))
        return 0


def run_remote(base: str, name: str, game: str | None, options: dict[str, Any], *,
               table: int | None, seat: int, bot: str, deals: int | None, text_for: Any,
               out: Output, keys: KeySource) -> int:
    """Join (or create) a server's table and play there; the exit status."""
    tr = text_for(None).tr
    try:
        link = Link(base, name)
    except (ServerError, OSError, TimeoutError) as exc:
        out.say(tr._("Cannot reach the server {url}: {error}").format(url=base, error=exc))
        return 2
    try:
        if table is not None:
            link.send({"type": "join", "table": table, "seat": seat})
        else:
            link.send({"type": "create", "game": game, "options": options, "seat": seat,
                       "deals": deals})
        snapshot = _answer(link, "table")
        if snapshot is None:
            return 2
        tid = int(snapshot["table"])
        if table is None:  # a new table: computer players at the other seats, then start
            for s in range(len(snapshot["info"]["seats"])):
                if s != seat:
                    link.send({"type": "bot", "table": tid, "seat": s, "bot": bot})
            link.send({"type": "start", "table": tid})
        session = RemoteSession(link, snapshot, text_for(snapshot), out, keys)
        return session.run()
    except ServerError as exc:
        out.say(tr._("The server refused: {reason}").format(reason=exc.message))
        return 2
    finally:
        link.close()


def _answer(link: Link, kind: str) -> dict[str, Any] | None:
    while True:
        frame = link.frames.get(timeout=15)
        if frame.get("type") == "error":
            raise ServerError(str(frame["code"]), str(frame["message"]))
        if frame.get("type") == kind:
            return frame


__all__ = ["Link", "RemoteSession", "run_remote"]
