"""``atout unfinished``, ``atout history``, ``atout stats`` and ``atout delete``: the store's
games in plain sentences, one per line, in the player's language (a screen reader reads each
line as it comes; no table drawing)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import IO, TypeVar

from atout.i18n import Translator, detect_language, translator
from atout.i18n.text import game_text
from atout.store import FINISHED, PLAYING, GameSummary, Store, StoreError

from .records import open_store, store_error
from .speech import Output

T = TypeVar("T")


def _when(moment: datetime) -> str:
    return moment.astimezone().strftime("%Y-%m-%d %H:%M")


def _title(tr: Translator, game: str) -> str:
    return game_text(game, tr, 0, 2).title(game, game)


def _against(tr: Translator, g: GameSummary) -> str:
    bots = sorted({s.bot for s in g.seats if s.bot})
    return tr._("against {bots}").format(bots=", ".join(bots)) if bots else ""


def _summary(tr: Translator, g: GameSummary, me: int) -> str:
    seat = g.seat_of(me)
    head = tr._("Game {id}: {game}").format(id=g.id, game=_title(tr, g.game))
    if seat is not None:
        head += tr._(", seat {seat}").format(seat=seat)
    against = _against(tr, g)
    if against:
        head += ", " + against
    if g.status == PLAYING:
        return tr.ngettext("{head}; {n} move played, last on {when}.",
                           "{head}; {n} moves played, last on {when}.",
                           g.actions_count).format(head=head, n=g.actions_count,
                                                   when=_when(g.updated_at))
    result = g.result or {}
    winners = result.get("winners") or []
    scores = result.get("scores") or []
    if seat is not None and seat in winners:
        outcome = tr._("you won")
    elif seat is not None:
        outcome = tr._("you lost")
    else:
        outcome = tr._("over")
    score = ""
    if seat is not None and isinstance(scores, list) and seat < len(scores):
        score = tr._(" with {points} points").format(points=f"{float(scores[seat]):g}")
    return tr._("{head}; {outcome}{score}, on {when}.").format(
        head=head, outcome=outcome, score=score, when=_when(g.finished_at or g.updated_at))


def _session(lang: str | None, stdout: IO[str] | None) -> tuple[Translator, Output]:
    lang = lang or detect_language()
    return translator(lang), Output(stdout or sys.stdout, None)


def run_unfinished(*, game: str | None = None, lang: str | None = None,
                   db: str | None = None, data: str | Path | None = None,
                   stdout: IO[str] | None = None) -> int:
    """List the unfinished games, the latest first; the exit status."""
    return _listing(PLAYING, game, None, lang, db, data, stdout)


def run_history(*, game: str | None = None, limit: int | None = 50, lang: str | None = None,
                db: str | None = None, data: str | Path | None = None,
                stdout: IO[str] | None = None) -> int:
    """List the finished games with their results, the latest first; the exit status."""
    return _listing(FINISHED, game, limit, lang, db, data, stdout)


def _read(tr: Translator, out: Output, db: str | None, data: str | Path | None,
          query: Callable[[Store, int], T]) -> tuple[T, int] | None:
    """``query(store, me)`` on the store, closed after; None after saying why it failed."""
    opened = open_store(tr, out, db, data)
    if opened is None:
        return None
    store, me = opened
    try:
        return query(store, me), me
    except StoreError as exc:
        out.say(store_error(tr, exc))
        return None
    finally:
        store.close()


def _listing(status: str, game: str | None, limit: int | None, lang: str | None,
             db: str | None, data: str | Path | None, stdout: IO[str] | None) -> int:
    tr, out = _session(lang, stdout)
    found = _read(tr, out, db, data, lambda store, me: store.games(
        status=status, game=game, player=me, limit=limit))
    if found is None:
        return 2
    games, me = found
    if not games:
        out.say(tr._("No unfinished game.") if status == PLAYING else
                tr._("No finished game yet."))
        return 0
    for g in games:
        out.say(_summary(tr, g, me))
    if status == PLAYING:
        out.say(tr._("atout play --resume NUMBER continues one; atout delete NUMBER deletes "
                     "one."))
    else:
        out.say(tr._("atout replay NUMBER replays one."))
    return 0


def run_stats(*, game: str | None = None, lang: str | None = None, db: str | None = None,
              data: str | Path | None = None, stdout: IO[str] | None = None) -> int:
    """Per game, variant and opponents: games, wins, average points; the exit status."""
    tr, out = _session(lang, stdout)
    found = _read(tr, out, db, data, lambda store, me: store.stats(me, game=game))
    if found is None:
        return 2
    lines, _ = found
    if not lines:
        out.say(tr._("No finished game yet."))
        return 0
    for s in lines:
        variant = tr._("standard rules") if s.variant == "standard" else s.variant
        out.say(tr.ngettext(
            "{game} ({variant}) against {bots}: {n} game, {wins} won ({rate}), {average} "
            "points on average.",
            "{game} ({variant}) against {bots}: {n} games, {wins} won ({rate}), {average} "
            "points on average.", s.games).format(
            game=_title(tr, s.game), variant=variant, bots=s.opponents, n=s.games,
            wins=s.wins, rate=f"{s.win_rate:.0%}", average=f"{s.average:.1f}"))
    return 0


def run_delete(number: int, *, yes: bool = False, lang: str | None = None,
               db: str | None = None, data: str | Path | None = None,
               stdin: IO[str] | None = None, stdout: IO[str] | None = None) -> int:
    """Delete a game after the player confirms (or with ``yes``); the exit status."""
    tr, out = _session(lang, stdout)
    opened = open_store(tr, out, db, data)
    if opened is None:
        return 2
    store: Store = opened[0]
    try:
        summary = store.get(number).summary
        out.say(_summary(tr, summary, opened[1]))
        if not yes:
            out.say(tr._("Delete this game for good? Type yes to confirm."))
            answer = (stdin or sys.stdin).readline().strip().lower()
            if answer not in ("yes", "y", "oui", "o"):
                out.say(tr._("Nothing was deleted."))
                return 1
        store.delete(number)
        out.say(tr._("Game {id} is deleted.").format(id=number))
        return 0
    except StoreError as exc:
        out.say(store_error(tr, exc))
        return 2
    finally:
        store.close()


__all__ = ["run_delete", "run_history", "run_stats", "run_unfinished"]
