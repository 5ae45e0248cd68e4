"""A player's games listed, and a game replayed step by step as one seat saw it, in words.

``/api/me/games`` lists the signed-in person's games, finished and unfinished, the latest
first, a page at a time (``?limit=`` of them, ``?before=N``: those after game N).
``/api/games/{game}/replay?seat=S&lang=L`` gives every action of a game with what the seat
``S`` saw of it (its hand and the table after it, the events' sentences in the language
``L``, the same sentences as live play: :func:`atout.server.words.update_lines`).

What a step shows is the engine's: the seat's view (:meth:`atout.Match.view`), the events
visible to the seat (:func:`atout.server.visibility.events_for`) and the action as the seat
saw it (:meth:`atout.Deal.seen_history`). Before the game is over, a replay is only ever of
the asker's own seat (a spectator's: the public view) and stops at the table's last action
told; once it is over, any seat may be chosen. A private table's game is replayed only to
its players or with its invite code, as its history (docs/protocol.md).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from atout.core import JSON, Match, View
from atout.i18n import LANGUAGES
from atout.i18n.text import GameText, is_card
from atout.store import FINISHED, GameRecord, GameSummary, Store, StoreError

from .access import replay_refusal
from .accounts import Player
from .profiles import whole
from .visibility import events_for
from .words import card_words, text_for, update_lines

LISTED = 200
"""How many games ``/api/me/games`` lists at most on a page (its ``limit`` by default)."""


class LiveTable(Protocol):
    """What a replay needs of a table still in play: how far it went, who sits where."""

    @property
    def played(self) -> int:
        """The actions told so far."""

    def seat_of(self, player: int) -> int | None:
        """The seat of a person, or None."""


def game_line(g: GameSummary, player: int) -> dict[str, JSON]:
    """One game of a person's list: what it was, where the person sat, how it ended."""
    result = g.result or {}
    winners = result.get("winners")
    seat = g.seat_of(player)
    return {"game": g.id, "name": g.game, "status": g.status, "seat": seat,
            "seats": [s.name or (f"{s.bot}" if s.bot else None) for s in g.seats],
            "actions": g.actions_count,
            "won": isinstance(winners, list) and seat in winners if g.finished else None,
            "scores": result.get("scores") if g.finished else None,
            "updated": g.updated_at.isoformat(), "replay": f"/replay/{g.id}"}


def games_of(store: Store, player: int, before: int | None = None,
             limit: int = LISTED) -> dict[str, JSON]:
    """The person's games, the latest first (a private table's too: the person sat there),
    ``limit`` of them, after game ``before`` in that order when given; ``next`` is the
    address of the following page (None: no more)."""
    found = store.games(player=player, limit=limit + 1, before=before)
    more = len(found) > limit
    games = found[:limit]
    return {"games": [game_line(g, player) for g in games],
            "next": f"/api/me/games?before={games[-1].id}&limit={limit}" if more else None}


def _info(summary: GameSummary) -> dict[str, Any]:
    """The table's info as :mod:`atout.server.words` reads it: the game and its seats."""
    return {"game": summary.game, "seats": [{"seat": s, "name": info.name}
                                            for s, info in enumerate(summary.seats)]}


def _picture(text: GameText, view: View, match: Match) -> dict[str, JSON]:
    """What the seat sees now: its hand, the table, the scores and whose turn it is."""
    return {"hand": [{"code": c, "name": card_words(text, c)} for c in view.hand],
            "table": [{"seat": s, "player": text.Name(s), "card": c,
                       "name": card_words(text, c) if is_card(c) else text.action(c)}
                      for s, c in view.table],
            "scores": list(match.scores), "phase": str(view.phase), "to_move": view.to_move}


def replay_for(record: GameRecord, seat: int | None, lang: str,
               upto: int | None = None) -> dict[str, JSON]:
    """The record's first ``upto`` actions (all by default) as ``seat`` (None: nobody
    seated) saw them, in ``lang``: ``start`` (the first deal before any action) and one
    ``steps`` entry per action. The caller decides whether ``seat`` may see them (see the
    module). ``ValueError`` if the actions do not replay on the record's rules."""
    summary = record.summary
    text = text_for(_info(summary), seat, lang)
    match = record.replay(0)
    actions = record.actions if upto is None else record.actions[:upto]
    start = _picture(text, match.view(seat), match)
    steps: list[JSON] = []
    tr = text.tr
    for n, action in enumerate(actions):
        deal = match.deal
        number = len(match.deals) + 1
        events = match.play(action)
        actor, seen = deal.seen_history(seat)[len(deal.history) - 1]
        # a table stopped by its deal count ends on its last deal, though the match itself
        # has dealt the next one already (as the live table shows it: Table.shown)
        stopped = summary.finished and n == len(record.actions) - 1 and deal.is_over
        view = deal.view(seat) if stopped else match.view(seat)
        said = tr._("{player}: {action}.").format(
            player=text.Name(actor), action=text.action(seen)) if seen is not None else \
            tr._("{player}: a hidden action.").format(player=text.Name(actor))
        lines = update_lines(text, {"events": events_for(events, seat)}, view)
        steps.append({"n": n + 1, "deal": number, "seat": actor, "action": seen,
                      "said": said, "lines": lines, **_picture(text, view, match)})
    return {"game": record.id, "name": summary.game, "status": summary.status,
            "seat": seat, "seats": [text.Name(s) for s in range(len(summary.seats))],
            "title": text.title(summary.game, summary.game), "over": summary.finished,
            "start": start, "steps": steps}


def replay_seat(summary: GameSummary, live: LiveTable | None, viewer: int | None,
                asked: str | None, invite: str | None) -> tuple[int | None, int | None]:
    """The seat a replay shows and how many actions, for ``viewer`` asking for seat
    ``asked`` ('' or None: its own, 'none': nobody's); ``PermissionError`` in words when
    the viewer may not have it, ``ValueError`` for a bad seat."""
    mine = None if viewer is None else (live.seat_of(viewer) if live is not None else None)
    if mine is None and viewer is not None:
        mine = summary.seat_of(viewer)
    refused = replay_refusal(summary, viewer, mine, invite)
    if refused is not None:
        raise PermissionError(refused)
    seats = len(summary.seats)
    if asked in (None, ""):
        seat = mine
    elif asked == "none":
        seat = None
    elif asked.isdigit() and int(asked) < seats:
        seat = int(asked)
    else:
        raise ValueError(f"seat must be from 0 to {seats - 1} or none, not {asked[:20]!r}")
    if summary.status != FINISHED and seat is not None and seat != mine:
        raise PermissionError("until the game is over, a replay shows only your own seat's "
                              "cards")
    upto = live.played if live is not None and summary.status != FINISHED else None
    return seat, upto


def routes(store: Callable[[], Store], live: Callable[[int], LiveTable | None],
           signed: Callable[[Request], Awaitable[Player]],
           viewer: Callable[[Request], Awaitable[Player | None]]) -> list[Route]:
    """``/api/me/games`` and ``/api/games/{game}/replay`` on the hub's store; ``live``
    finds a table still in play by its game's number."""

    def fail(code: str, message: str, status: int) -> JSONResponse:
        return JSONResponse({"error": code, "message": message}, status_code=status)

    async def my_games(request: Request) -> Response:
        me = await signed(request)
        try:
            before = whole(request.query_params.get("before"), "before", 1, 2 ** 63 - 1)
            limit = whole(request.query_params.get("limit"), "limit", 1, LISTED) or LISTED
        except ValueError as exc:
            return fail("bad_query", str(exc), 400)
        return JSONResponse(await asyncio.to_thread(games_of, store(), me.id, before, limit))

    async def replay(request: Request) -> Response:
        raw = str(request.path_params["game"])
        if not raw.isdigit() or not 0 < int(raw) < 2 ** 63:
            return fail("bad_game", "a game's number is a whole number from 1", 400)
        gid = int(raw)
        who = await viewer(request)
        table = live(gid)
        played = table.played if table is not None else None  # before reading: never ahead
        try:
            record = await asyncio.to_thread(store().get, gid)
        except StoreError as exc:
            return fail(exc.code, str(exc), 404)
        lang = request.query_params.get("lang") or "en"
        if lang not in LANGUAGES:
            return fail("bad_lang", f"unknown language {lang[:8]!r}: expected one of "
                        f"{', '.join(LANGUAGES)}", 400)
        try:
            seat, upto = replay_seat(record.summary, table, None if who is None else who.id,
                                     request.query_params.get("seat"),
                                     request.query_params.get("invite"))
        except PermissionError as exc:
            return fail("private", str(exc), 403)
        except ValueError as exc:
            return fail("bad_seat", str(exc), 400)
        if upto is not None and played is not None:
            upto = min(upto, played)
        try:
            return JSONResponse(await asyncio.to_thread(replay_for, record, seat, lang, upto))
        except ValueError:
            return fail("store", f"game {gid}'s record does not replay on its rules", 503)

    return [Route("/api/me/games", my_games), Route("/api/games/{game}/replay", replay)]


__all__ = ["LISTED", "LiveTable", "game_line", "games_of", "replay_for", "replay_seat",
           "routes"]
