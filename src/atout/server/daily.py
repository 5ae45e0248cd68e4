"""The deal of the day over HTTP: ``/api/daily/...`` (docs/protocol.md).

A run is a game in the store (source ``daily``) holding every action of the person and of
the computer players; the day's seed is never stored, only the day (it is recomputed from
the server's secret). A person may start a game's run once a day: starting again continues
the run in play, and once it is over a new start is refused in words. Guests do not play
it: the deal of the day asks for an account, so a result counts once per person.
"""

from __future__ import annotations

import asyncio
import datetime
from collections.abc import Awaitable, Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

import atout
from atout.core import MatchResult
from atout.daily import BOT, DEALS, SEAT, Run, day_seed, parse_day, today
from atout.games import available
from atout.store import FINISHED, GameSummary, SeatInfo, Store

from .accounts import Player

SOURCE = "daily"
"""The store's source of the day's runs."""


class Refused(Exception):
    """A request refused in words: ``code``, ``message`` and the HTTP status."""

    def __init__(self, code: str, message: str, status: int = 409) -> None:
        super().__init__(message)
        self.code, self.message, self.status = code, message, status


def runs(store: Store, game: str, day: datetime.date,
         player: int | None = None) -> list[GameSummary]:
    """The runs of ``game`` on ``day`` (of one player when given), oldest first."""
    found = store.games(game=game, source=SOURCE, player=player)
    out = [g for g in found if isinstance(g.client.get("daily"), dict)
           and g.client["daily"].get("day") == day.isoformat()]
    return sorted(out, key=lambda g: g.id)


def standings(store: Store, game: str, day: datetime.date) -> dict[str, Any]:
    """Everyone who finished ``game``'s deals of ``day``, by total points (highest first),
    with each deal's points beside the best and the average of that deal."""
    rows: list[dict[str, Any]] = []
    for g in runs(store, game, day):
        if g.status != FINISHED or g.result is None:
            continue
        details = g.result.get("details")
        deals = details.get("deals") if isinstance(details, dict) else None
        if not isinstance(deals, list):
            continue
        seat = g.seats[SEAT]
        rows.append({"name": seat.name or "?", "points": [float(p) for p in deals],
                     "total": float(sum(deals)), "finished": g.finished_at.isoformat()
                     if g.finished_at else None})
    rows.sort(key=lambda r: (-r["total"], r["finished"] or ""))
    count = max((len(r["points"]) for r in rows), default=DEALS)
    best = [max((r["points"][i] for r in rows), default=None) for i in range(count)]
    average = [round(sum(r["points"][i] for r in rows) / len(rows), 2) if rows else None
               for i in range(count)]
    rank, last = 0, None
    for i, r in enumerate(rows):
        if r["total"] != last:
            rank, last = i + 1, r["total"]
        r["rank"] = rank
    return {"game": game, "day": day.isoformat(), "deals": count, "players": rows,
            "best": best, "average": average}


class Daily:
    """The day's runs of the server's players, on its store and secret."""

    def __init__(self, store: Store, key: bytes) -> None:
        self.store = store
        self.key = key
        self.locks: dict[tuple[int, str], asyncio.Lock] = {}

    def lock(self, player: int, game: str) -> asyncio.Lock:
        """One request at a time per player and game."""
        return self.locks.setdefault((player, game), asyncio.Lock())

    def seed(self, game: str, day: datetime.date) -> int:
        """The day's seed of ``game``."""
        return day_seed(self.key, day, game)

    def current(self, me: Player, game: str, day: datetime.date) -> tuple[int, Run] | None:
        """The person's run of the day, rebuilt from the store (None: not started)."""
        mine = runs(self.store, game, day, me.id)
        if not mine:
            return None
        record = self.store.get(mine[0].id)
        stored = record.summary.client.get("daily")
        redeal = isinstance(stored, dict) and stored.get("redeal") is True
        try:
            return record.id, Run(game, self.seed(game, day), DEALS, list(record.actions),
                                  redeal=redeal)
        except ValueError as exc:  # a record that no longer replays (the secret changed?)
            raise Refused("damaged", f"your run of {day.isoformat()} no longer replays on "
                          f"the day's deals ({exc}); was the server's secret changed?",
                          503) from None

    def start(self, me: Player, game: str, day: datetime.date) -> dict[str, Any]:
        """Start (or continue) the person's run; refused once it is over."""
        found = self.current(me, game, day)
        if found is None:
            rules = atout.make(game)
            seats = [SeatInfo(player_id=me.id) if s == SEAT else SeatInfo(bot=BOT)
                     for s in range(rules.seats)]
            gid = self.store.create_game(game, {}, {"seed": 0}, seats, source=SOURCE,
                                         client={"daily": {"day": day.isoformat(),
                                                           "deals": DEALS, "redeal": True}})
            run = Run(game, self.seed(game, day), DEALS)
            continued = False
        else:
            gid, run = found
            if run.over:
                raise Refused("already_played", f"You have already played the {game} deals "
                              f"of {day.isoformat()}: each player plays them once. See the "
                              "standings, and come back tomorrow for new deals.")
            continued = True
        self._advance(gid, run)
        return {**run.state(), "game_id": gid, "continued": continued}

    def _advance(self, gid: int, run: Run) -> None:
        start = len(run.actions)
        run.advance()
        self._save(gid, run, start)

    def _save(self, gid: int, run: Run, start: int) -> None:
        new = list(zip(run.actors[start:], run.actions[start:], strict=True))
        self.store.append_many(gid, start, new)
        if run.over:
            seats = run.rules.seats
            scores = tuple(float(sum(run.points)) if s == SEAT else 0.0 for s in range(seats))
            self.store.finish(gid, MatchResult(scores, (SEAT,), tuple(range(seats)),
                                               {"deals": list(run.points)}))

    def state(self, me: Player, game: str, day: datetime.date) -> dict[str, Any]:
        """The person's run as they may see it (no cards before they start)."""
        found = self.current(me, game, day)
        if found is None:
            return {"game": game, "day": day.isoformat(), "deals": DEALS,
                    "started": False, "over": False}
        gid, run = found
        return {**run.state(), "day": day.isoformat(), "started": True, "game_id": gid}

    def play(self, me: Player, game: str, day: datetime.date, action: str) -> dict[str, Any]:
        """Play the person's action, then the computer players' until the person's turn."""
        found = self.current(me, game, day)
        if found is None:
            raise Refused("not_started", f"start the {game} deals of the day first", 409)
        gid, run = found
        start = len(run.actions)
        try:
            run.play(action)
        except atout.IllegalAction as exc:
            raise Refused("illegal", exc.reason, 400) from None
        except ValueError as exc:
            raise Refused("not_your_turn", str(exc), 409) from None
        run.advance()
        self._save(gid, run, start)
        return {**run.state(), "day": day.isoformat(), "started": True, "game_id": gid}


def routes(daily: Callable[[], Daily], signed: Callable[[Request], Awaitable[Player]],
           body: Callable[[Request], Awaitable[dict[str, Any]]]) -> list[Route]:
    """The routes of the deal of the day."""

    def fail(code: str, message: str, status: int) -> JSONResponse:
        return JSONResponse({"error": code, "message": message}, status_code=status)

    def game_of(request: Request) -> str:
        game = str(request.path_params["game"])
        if game not in available():
            raise Refused("bad_game", f"unknown game {game[:32]!r}: expected one of "
                          f"{', '.join(available())}", 404)
        return game

    def day_of(request: Request) -> datetime.date:
        raw = request.query_params.get("day")
        if not raw:
            return today()
        try:
            day = parse_day(raw)
        except ValueError as exc:
            raise Refused("bad_day", str(exc), 400) from None
        if day > today():
            raise Refused("bad_day", "that day has not come yet", 400)
        return day

    async def person(request: Request) -> Player:
        me = await signed(request)
        if me.kind == "guest":
            raise Refused("account_needed", "The deal of the day is played with an account "
                          "(so a result counts once per person): sign up or sign in.", 403)
        return me

    async def guarded(request: Request, work: Callable[[], Awaitable[Any]]) -> Response:
        try:
            return JSONResponse(await work())
        except Refused as exc:
            return fail(exc.code, exc.message, exc.status)

    async def listing(_request: Request) -> Response:
        return JSONResponse({"day": today().isoformat(), "deals": DEALS, "bot": BOT,
                             "seat": SEAT, "games": list(available())})

    async def status(request: Request) -> Response:
        async def work() -> Any:
            game, me = game_of(request), await person(request)
            return await asyncio.to_thread(daily().state, me, game, today())
        return await guarded(request, work)

    async def start(request: Request) -> Response:
        async def work() -> Any:
            game, me = game_of(request), await person(request)
            async with daily().lock(me.id, game):
                return await asyncio.to_thread(daily().start, me, game, today())
        return await guarded(request, work)

    async def play(request: Request) -> Response:
        async def work() -> Any:
            game, me = game_of(request), await person(request)
            data = await body(request)
            action = data.get("action")
            if not isinstance(action, str) or not 0 < len(action) <= 40:
                raise Refused("bad_action", "give the action in words: {\"action\": \"AH\"}",
                              400)
            async with daily().lock(me.id, game):
                return await asyncio.to_thread(daily().play, me, game, today(), action)
        return await guarded(request, work)

    async def table(request: Request) -> Response:
        async def work() -> Any:
            game, day = game_of(request), day_of(request)
            return await asyncio.to_thread(standings, daily().store, game, day)
        return await guarded(request, work)

    return [Route("/api/daily", listing), Route("/api/daily/{game}", status),
            Route("/api/daily/{game}/start", start, methods=["POST"]),
            Route("/api/daily/{game}/play", play, methods=["POST"]),
            Route("/api/daily/{game}/standings", table)]


__all__ = ["SOURCE", "Daily", "Refused", "routes", "runs", "standings"]
