"""Duplicate tournaments for clubs over HTTP: ``/api/tournaments`` (docs/protocol.md).

A host (an account) creates a tournament: the game, the number of deals (boards), and the
tables with their entrants (account names, or null for a computer player). Every table plays
the boards in order (:mod:`atout.duplicate`: the same deals everywhere, seats rotated); a
person reads their table's deal from their own seat only and plays when it is their turn, the
computer players move in between. The results per board and overall, in JSON and in CSV, grow
as tables finish boards.

Each table is a game in the store (source ``duplicate``) holding its entrants, the
tournament's settings and every action of every board in order, so a restart of the server
rebuilds the tournaments (:meth:`Clubs.restore`); a tournament's number is the store number of
its first table. Such a game's record is shown by ``/api/games/N`` to nobody while the
tournament is played (the seed is in it).
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

import atout
from atout.bots import player_bot
from atout.core import MatchResult, deal_seed
from atout.duplicate import MOST_DEALS, MOST_TABLES, Club, Played, Results
from atout.games import available
from atout.store import FINISHED, SeatInfo, Store
from atout.store.accounts import find_account

from .accounts import Player

log = logging.getLogger("atout.server")

BOT = "heuristic"
"""The computer player of the empty places."""
MOST = 100
"""The most tournaments in play a server keeps."""
SOURCE = "duplicate"
"""The store's source of the tournaments' tables."""


class Refused(Exception):
    """A request refused in words."""

    def __init__(self, code: str, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.code, self.message, self.status = code, message, status


@dataclass
class Table:
    """One table of a tournament: its entrants and the board in play."""

    index: int
    entrants: tuple[str | None, ...]
    board: int = 0
    deal: Any = None
    actions: list[str] = field(default_factory=list)
    game_id: int | None = None
    """Its game in the store."""
    log: list[tuple[int, str]] = field(default_factory=list)
    """Every action of every board, with its seat, as the store has it."""
    saved: int = 0
    """How many of them the store has."""
    finished: bool = False
    """Whether the store has its end."""


@dataclass
class Tournament:
    """A tournament in play."""

    id: int
    host: str
    club: Club
    tables: list[Table]
    played: list[Played] = field(default_factory=list)

    @property
    def over(self) -> bool:
        """Whether every table has played every board."""
        return all(t.board >= self.club.deals for t in self.tables)

    def results(self) -> Results:
        """The results so far."""
        return Results(self.club, tuple(t.entrants for t in self.tables), tuple(self.played))

    def place_of(self, name: str) -> tuple[Table, int] | None:
        """Where a person sits."""
        for t in self.tables:
            if name in t.entrants:
                return t, t.entrants.index(name)
        return None

    def advance(self, table: Table) -> None:
        """Let the computer players move until a person must act or the boards are over."""
        club = self.club
        while table.board < club.deals:
            if table.deal is None:
                table.deal = club.deal(table.board)
                table.actions = []
            seat = table.deal.to_move
            if seat is None:
                self.played.append(Played(table.index, table.board, tuple(table.actions),
                                          tuple(float(p) for p in table.deal.result.points)))
                table.board += 1
                table.deal = None
                continue
            place = (seat - club.shift(table.index, table.board)) % club.seats
            if table.entrants[place] is not None:
                return
            bot = player_bot(BOT, club.rules(), seat,
                             deal_seed(deal_seed(club.board_seed(table.board), table.index),
                                       len(table.actions)))
            action = str(bot.choose(table.deal.view(seat)))
            table.deal.play(action)
            table.actions.append(action)
            table.log.append((seat, action))

    def state(self, name: str | None) -> dict[str, Any]:
        """The tournament as ``name`` may see it: the tables' progress and, for a person at
        a table, their own seat's view of the board in play."""
        out: dict[str, Any] = {
            "id": self.id, "host": self.host, "game": self.club.game,
            "deals": self.club.deals, "rotation": self.club.rotation,
            "rotation_by": self.club.rotation_by, "rotation_steps": self.club.rotation_steps,
            "over": self.over,
            "tables": [{"table": t.index + 1,
                        "entrants": [e or f"bot {t.index + 1}.{p + 1}"
                                     for p, e in enumerate(t.entrants)],
                        "people": [e is not None for e in t.entrants],
                        "boards_done": min(t.board, self.club.deals)}
                       for t in self.tables]}
        found = self.place_of(name) if name else None
        if found is not None:
            table, place = found
            out["you"] = {"table": table.index + 1, "place": place + 1}
            if table.deal is not None:
                seat = self.club.seat_of(table.index, table.board, place)
                out["you"].update(board=table.board + 1, seat=seat,
                                  view=table.deal.view(seat).to_dict())
        return out


def _entrants(raw: object, seats: int, tables: int) -> list[tuple[str | None, ...]]:
    if raw is None:
        return [(None,) * seats for _ in range(tables)]
    if not isinstance(raw, list) or len(raw) != tables or not all(
            isinstance(r, list) and len(r) == seats for r in raw):
        raise Refused("bad_entrants", f"entrants: {tables} lists of {seats} places each "
                      "(a player's name, or null for a computer player)")
    names = [e for r in raw for e in r if e is not None]
    if not all(isinstance(e, str) and 0 < len(e) <= 64 for e in names):
        raise Refused("bad_entrants", "each entrant is an account's name or null")
    if len(set(names)) != len(names):
        raise Refused("bad_entrants", "a person sits at one place of one table only")
    return [tuple(r) for r in raw]


class Clubs:
    """The server's tournaments."""

    def __init__(self, store: Callable[[], Store] | None = None) -> None:
        self.all: dict[int, Tournament] = {}
        self.numbers = itertools.count(1)
        self.lock = asyncio.Lock()
        self.store = store

    def _save(self, t: Tournament) -> None:
        """Write the tables' new actions to the store, and finish the tables done."""
        if self.store is None:
            return
        store = self.store()
        for table in t.tables:
            if table.game_id is None:
                continue
            if table.saved < len(table.log):
                store.append_many(table.game_id, table.saved, table.log[table.saved:])
                table.saved = len(table.log)
            if table.board >= t.club.deals and not table.finished:
                totals = [0.0] * t.club.seats
                for p in t.played:
                    if p.table == table.index:
                        for place in range(t.club.seats):
                            totals[place] += p.points[t.club.seat_of(p.table, p.board, place)]
                ranking = tuple(sorted(range(len(totals)), key=lambda i: -totals[i]))
                best = max(totals)
                store.finish(table.game_id, MatchResult(
                    tuple(totals), tuple(i for i, x in enumerate(totals) if x == best),
                    ranking, {"tournament": t.id}))
                table.finished = True

    def _record(self, t: Tournament, host: Player) -> int:
        """Store the tables (a game each); the tournament's number."""
        if self.store is None:
            return next(self.numbers)
        store = self.store()
        first = 0
        for table in t.tables:
            seats = []
            for name in table.entrants:
                found = find_account(store, name) if name is not None else None
                if name is not None and found is None:
                    raise Refused("bad_entrants", f"there is no account named {name[:64]!r}")
                seats.append(SeatInfo(player_id=found[0]) if found else SeatInfo(bot=BOT))
            settings: dict[str, Any] = {
                "tournament": first or None, "table": table.index, "deals": t.club.deals,
                "tables": t.club.tables, "seed": t.club.seed, "redeal": t.club.redeal,
                "host": host.name,
                "entrants": list(table.entrants)}
            table.game_id = store.create_game(t.club.game, {}, {"seed": 0}, seats,
                                              source=SOURCE, client={SOURCE: settings})
            if not first:
                first = table.game_id
        return first

    def restore(self) -> int:
        """Rebuild the tournaments from the store's tables (at the server's start); how
        many."""
        if self.store is None:
            return 0
        store = self.store()
        groups: dict[int, list[tuple[int, dict[str, Any]]]] = {}
        for g in store.games(source=SOURCE):
            info = g.client.get(SOURCE)
            if isinstance(info, dict):
                groups.setdefault(int(str(info.get("tournament") or g.id)), []).append(
                    (g.id, dict(info)))
        for number, rows in groups.items():
            try:
                self.all[number] = self._rebuild(store, number, sorted(
                    rows, key=lambda r: int(r[1]["table"])))
            except (ValueError, KeyError, TypeError, atout.IllegalAction) as exc:
                # a damaged record: the other tournaments still come back
                log.error("tournament %s does not replay: %s", number, exc)
        return len(self.all)

    def _rebuild(self, store: Store, number: int,
                 rows: list[tuple[int, dict[str, Any]]]) -> Tournament:
        info = rows[0][1]
        record = store.get(rows[0][0])
        club = Club(record.summary.game, int(info["deals"]), int(info["tables"]),
                    seed=int(info["seed"]), redeal=info.get("redeal") is True)
        tables = [Table(int(i["table"]), tuple(i["entrants"]), game_id=gid)
                  for gid, i in rows]
        t = Tournament(number, str(info["host"]), club, tables)
        for table in tables:
            assert table.game_id is not None
            rec = store.get(table.game_id)
            for seat, action in zip(rec.actors, rec.actions, strict=True):
                if table.deal is None:
                    table.deal = club.deal(table.board)
                    table.actions = []
                table.deal.play(action)
                table.actions.append(action)
                table.log.append((seat, action))
                if table.deal.is_over:
                    t.played.append(Played(table.index, table.board, tuple(table.actions),
                                           tuple(float(p) for p in table.deal.result.points)))
                    table.board += 1
                    table.deal = None
            table.saved = len(table.log)
            if rec.summary.status == FINISHED:
                table.finished = True
            t.advance(table)
        self._save(t)
        return t

    def create(self, host: Player, data: dict[str, Any]) -> Tournament:
        """A new tournament from a host's request (refused in words when malformed)."""
        game = data.get("game")
        if game not in available():
            raise Refused("bad_game", f"game: one of {', '.join(available())}")
        deals, tables = data.get("deals", 4), data.get("tables", 2)
        for name, value, most in (("deals", deals, MOST_DEALS), ("tables", tables, MOST_TABLES)):
            if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= most:
                raise Refused("bad_number", f"{name}: a whole number from 1 to {most}")
        if sum(not t.over for t in self.all.values()) >= MOST:
            raise Refused("too_many", f"this server keeps {MOST} tournaments at most", 429)
        try:
            club = Club(str(game), deals, tables, seed=secrets.randbits(63))
        except ValueError as exc:
            raise Refused("bad_tournament", str(exc)) from None
        rows = _entrants(data.get("entrants"), club.seats, tables)
        t = Tournament(0, host.name, club, [Table(i, row) for i, row in enumerate(rows)])
        t.id = self._record(t, host)
        for table in t.tables:
            t.advance(table)
        self._save(t)
        self.all[t.id] = t
        return t

    def get(self, number: str) -> Tournament:
        """A tournament by its number (refused in words when there is none)."""
        found = self.all.get(int(number)) if number.isdigit() and len(number) < 12 else None
        if found is None:
            raise Refused("not_found", f"there is no tournament {number[:12]}", 404)
        return found

    def play(self, t: Tournament, me: Player, action: object) -> dict[str, Any]:
        """A person's action at their table."""
        found = t.place_of(me.name)
        if found is None:
            raise Refused("not_entrant", "you do not sit at this tournament's tables", 403)
        table, place = found
        if not isinstance(action, str) or not 0 < len(action) <= 40:
            raise Refused("bad_action", "give the action in words: {\"action\": \"AH\"}")
        if table.deal is None or \
                table.deal.to_move != t.club.seat_of(table.index, table.board, place):
            raise Refused("not_your_turn", "it is not your turn", 409)
        try:
            table.deal.play(action)
        except atout.IllegalAction as exc:
            raise Refused("illegal", exc.reason) from None
        table.actions.append(action)
        table.log.append((t.club.seat_of(table.index, table.board, place), action))
        t.advance(table)
        self._save(t)
        return t.state(me.name)


def routes(clubs: Callable[[], Clubs], signed: Callable[[Request], Awaitable[Player]],
           viewer: Callable[[Request], Awaitable[Player | None]],
           body: Callable[[Request], Awaitable[dict[str, Any]]]) -> list[Route]:
    """The routes of the duplicate tournaments."""

    async def guarded(work: Callable[[], Awaitable[Response]]) -> Response:
        try:
            return await work()
        except Refused as exc:
            return JSONResponse({"error": exc.code, "message": exc.message},
                                status_code=exc.status)

    async def create(request: Request) -> Response:
        async def work() -> Response:
            me = await signed(request)
            if me.kind == "guest":
                raise Refused("account_needed", "a tournament is hosted with an account", 403)
            data = await body(request)
            async with clubs().lock:
                t = await asyncio.to_thread(clubs().create, me, data)
            return JSONResponse(t.state(me.name), status_code=201)
        return await guarded(work)

    async def show(request: Request) -> Response:
        async def work() -> Response:
            t = clubs().get(str(request.path_params["id"]))
            me = await viewer(request)
            async with clubs().lock:  # not halfway through a move played in its thread
                state = t.state(me.name if me is not None and me.kind != "guest" else None)
            return JSONResponse(state)
        return await guarded(work)

    async def results(request: Request) -> Response:
        async def work() -> Response:
            t = clubs().get(str(request.path_params["id"]))
            async with clubs().lock:
                out: dict[str, Any] = {"id": t.id, "over": t.over, **t.results().to_dict()}
            if t.over:  # the cards are no secret any more: the seed and every action
                out["seed"] = t.club.seed
                out["played"] = [{"table": p.table, "board": p.board,
                                  "actions": list(p.actions), "points": list(p.points)}
                                 for p in sorted(t.played, key=lambda p: (p.board, p.table))]
            return JSONResponse(out)
        return await guarded(work)

    async def csv(request: Request) -> Response:
        async def work() -> Response:
            t = clubs().get(str(request.path_params["id"]))
            return Response(t.results().csv(), media_type="text/csv; charset=utf-8",
                            headers={"content-disposition":
                                     f'attachment; filename="tournament-{t.id}.csv"'})
        return await guarded(work)

    async def play(request: Request) -> Response:
        async def work() -> Response:
            me = await signed(request)
            t = clubs().get(str(request.path_params["id"]))
            data = await body(request)
            async with clubs().lock:
                state = await asyncio.to_thread(clubs().play, t, me, data.get("action"))
            return JSONResponse(state)
        return await guarded(work)

    return [Route("/api/tournaments", create, methods=["POST"]),
            Route("/api/tournaments/{id}", show),
            Route("/api/tournaments/{id}/results", results),
            Route("/api/tournaments/{id}/results.csv", csv),
            Route("/api/tournaments/{id}/play", play, methods=["POST"])]


__all__ = ["Clubs", "Refused", "Tournament", "routes"]
