"""Profiles and leaderboards in JSON: ``/api/players/{name}`` and ``/api/leaderboard/{game}``
(docs/protocol.md).

A private table's games are listed only to the people who sat at them: to anyone else a
profile leaves them out of its recent games, and its rating history shows the change
without the game's number.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from atout.core import JSON
from atout.games import available
from atout.store import Store
from atout.store.ratings import Change, RatingBook, Standing, shown_rating

from .access import private_to, replay_link
from .accounts import Player
from .ratings import BOT_RATINGS

RECENT = 20
"""How many recent games a profile lists."""
HISTORY = 500
"""How many rating changes a profile gives, per person (the newest)."""


def pool_parts(pool: str) -> dict[str, JSON]:
    """A pool's game, player count and partnership: ``tarot/4`` gives tarot, 4, False."""
    game, _, rest = pool.partition("/")
    seats, _, extra = rest.partition("/")
    return {"pool": pool, "game": game, "seats": int(seats) if seats.isdigit() else 4,
            "partners": extra == "partners" or game == "jass"}


def standing_dict(s: Standing) -> dict[str, JSON]:
    """A rating as JSON."""
    return {"rating": s.rating, "mu": round(s.mu, 4), "sigma": round(s.sigma, 4),
            "games": s.games, "wins": s.wins, "updated": s.updated_at.isoformat()}


def change_dict(c: Change, hidden: set[int]) -> dict[str, JSON]:
    """A rating change as JSON (its game's number left out when hidden)."""
    before = shown_rating(c.mu_before, c.sigma_before)
    return {"game": None if c.game_id in hidden else c.game_id, "at": c.at.isoformat(),
            "rating": c.rating, "before": before, "change": round(c.rating - before, 2),
            "mu": round(c.mu, 4), "sigma": round(c.sigma, 4), "won": c.won,
            "abandoned": c.abandoned}


def profile(store: Store, name: str, viewer: int | None) -> dict[str, JSON] | None:
    """A person's profile as ``viewer`` may see it, or None when there is no such account."""
    book = RatingBook(store)
    person = book.person(name)
    if person is None:
        return None
    standings = book.standings(person.id)
    changes = book.changes(person.id, limit=HISTORY)
    games = store.games(player=person.id, limit=200)
    hidden = {g.id for g in games if private_to(g, viewer)}
    hidden |= book.private_games({c.game_id for c in changes} - {g.id for g in games},
                                 viewer)
    played, won = book.record_of(person.id)
    recent: list[JSON] = []
    for g in games:
        if g.id in hidden:
            continue
        seat = g.seat_of(person.id)
        result = g.result or {}
        winners = result.get("winners")
        recent.append({"game": g.id, "name": g.game, "status": g.status,
                       "rated": bool((g.client.get("table") or {}).get("rated"))
                       if isinstance(g.client.get("table"), dict) else False,
                       "seat": seat, "seats": len(g.seats),
                       "won": isinstance(winners, list) and seat in winners,
                       "updated": g.updated_at.isoformat(),
                       "replay": replay_link(g, viewer)})
        if len(recent) >= RECENT:
            break
    return {"name": person.name, "since": person.since.isoformat(), "played": played,
            "won": won, "ratings": [{**pool_parts(s.pool), **standing_dict(s), "history": [
                change_dict(c, hidden) for c in changes if c.pool == s.pool]}
                for s in standings], "recent": recent}


def leaderboard(store: Store, game: str, seats: int | None, limit: int) -> dict[str, JSON]:
    """The leaderboards of ``game``: one per pool (player count), people and bots."""
    book = RatingBook(store)
    pools = set(book.pools(game)) | {p for p in BOT_RATINGS if pool_parts(p)["game"] == game}
    boards: list[JSON] = []
    for pool in sorted(pools):
        parts = pool_parts(pool)
        if seats is not None and parts["seats"] != seats:
            continue
        players: list[JSON] = [{"rank": i + 1, "name": r.name, **standing_dict(r.standing)}
                               for i, r in enumerate(book.leaderboard(pool, limit))]
        bots: list[JSON] = [{"name": bot, "rating": shown_rating(mu, sigma),
                             "mu": mu, "sigma": sigma}
                            for bot, (mu, sigma) in sorted(
                                BOT_RATINGS.get(pool, {}).items(),
                                key=lambda kv: -shown_rating(*kv[1]))]
        boards.append({**parts, "players": players, "bots": bots})
    return {"game": game, "boards": boards}


def routes(store: Callable[[], Store],
           viewer: Callable[[Request], Awaitable[Player | None]]) -> list[Route]:
    """The two routes, on the hub's store; ``viewer``: who asks (None: nobody signed in)."""

    def fail(code: str, message: str, status: int) -> JSONResponse:
        return JSONResponse({"error": code, "message": message}, status_code=status)

    async def player(request: Request) -> Response:
        name = str(request.path_params["name"])
        if not 0 < len(name) <= 64:
            return fail("not_found", "a player's name has 1 to 64 characters", 404)
        who = await viewer(request)
        found = await asyncio.to_thread(profile, store(), name, None if who is None
                                        else who.id)
        if found is None:
            return fail("not_found", f"there is no player named {name[:64]!r} (guests have "
                        "no profile)", 404)
        return JSONResponse(found)

    async def board(request: Request) -> Response:
        game = str(request.path_params["game"])
        if game not in available():
            return fail("bad_game", f"unknown game {game[:32]!r}: expected one of "
                        f"{', '.join(available())}", 404)
        try:
            seats = whole(request.query_params.get("seats"), "seats", 2, 7)
            limit = whole(request.query_params.get("limit"), "limit", 1, 200) or 100
        except ValueError as exc:
            return fail("bad_query", str(exc), 400)
        return JSONResponse(await asyncio.to_thread(leaderboard, store(), game, seats, limit))

    return [Route("/api/players/{name}", player), Route("/api/leaderboard/{game}", board)]


def whole(raw: str | None, name: str, low: int, high: int) -> int | None:
    """A query parameter as a whole number from ``low`` to ``high`` (None when absent or
    empty); ``ValueError`` in words otherwise."""
    if raw is None or raw == "":
        return None
    if not raw.isdigit() or not low <= int(raw) <= high:
        raise ValueError(f"{name} must be a whole number from {low} to {high}, not "
                         f"{raw[:20]!r}")
    return int(raw)


__all__ = ["HISTORY", "RECENT", "leaderboard", "pool_parts", "profile", "routes", "whole"]
