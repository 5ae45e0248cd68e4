"""The store of games: every action committed before anyone is told of it.

One :class:`Store` per process, shared by its front ends. Methods are synchronous and each
write is one transaction: when :meth:`Store.append` returns, the action is on disk (SQLite in
WAL mode with full synchronous commits, or PostgreSQL's commit), so a process killed at any
moment restarts with every game exactly where it was.
"""

from __future__ import annotations

import contextlib
import os
import threading
from collections import defaultdict
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import (
    Connection,
    Engine,
    and_,
    bindparam,
    delete,
    func,
    insert,
    or_,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError, SQLAlchemyError

from atout.core import JSON, MatchResult

from . import schema
from .errors import StoreError
from .location import resolve, shown
from .models import (
    Action,
    ChatLine,
    Game,
    Imported,
    Player,
    RatingChange,
    Seat,
    SeatResult,
    Takeback,
    now,
)
from .records import (
    FINISHED,
    PLAYING,
    GameRecord,
    GameSummary,
    SeatInfo,
    Stats,
    json_dict,
    utc,
)


class _Refused(Exception):
    """A game of a batch refused its actions (the batch is then written game by game)."""


class Store:
    """The records of games in one database (see :func:`Store.open`)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.where = shown(engine.url)
        # SQLite takes one writer at a time and makes the others retry after sleeps that grow
        # to 100 ms; queueing this process's writers on a lock instead keeps the wait to the
        # commits ahead (benchmarks/store.py measures both).
        self._one_writer = threading.Lock() if engine.dialect.name == "sqlite" else None

    @classmethod
    def open(cls, db: str | None = None, *, data: str | os.PathLike[str] | None = None,
             timeout: float = 5.0) -> Store:
        """The store at ``db`` (a URL or an SQLite file), else ``ATOUT_DB``, else the SQLite
        file in the user's data folder; checked and migrated. :class:`StoreError` in words
        when it is damaged, locked, foreign, newer or unreachable: nothing is written then."""
        engine = schema.make_engine(resolve(db, data), timeout=timeout)
        try:
            schema.prepare(engine)
        except BaseException:
            engine.dispose()
            raise
        return cls(engine)

    def close(self) -> None:
        """Release the connections."""
        self.engine.dispose()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def dialect(self) -> str:
        """``sqlite`` or ``postgresql``."""
        return self.engine.dialect.name

    @contextlib.contextmanager
    def transaction(self) -> Iterator[Connection]:
        """A connection in one transaction, committed on leaving (errors as
        :class:`StoreError`)."""
        try:
            with self._one_writer or contextlib.nullcontext(), self.engine.begin() as conn:
                yield conn
        except StoreError:
            raise
        except IntegrityError as exc:
            raise StoreError("conflict", f"the store at {self.where} already holds this: "
                             f"{str(exc.orig).splitlines()[0]} (the game is being played "
                             "elsewhere)", {"path": self.where}) from None
        except SQLAlchemyError as exc:
            raise schema.translate(exc, self.where) from None

    @contextlib.contextmanager
    def connection(self) -> Iterator[Connection]:
        """A connection for reading (errors as :class:`StoreError`)."""
        try:
            with self.engine.connect() as conn:
                yield conn
        except SQLAlchemyError as exc:
            raise schema.translate(exc, self.where) from None

    # -- players ------------------------------------------------------------------------------
    def player(self, name: str, kind: str = "local") -> int:
        """The id of the player ``name`` of that kind, made on first use."""
        with self.connection() as conn:
            found = conn.execute(select(Player.id).where(Player.kind == kind,
                                                         Player.name == name)).scalar()
        if found is not None:
            return int(found)
        try:
            with self.transaction() as conn:
                return int(conn.execute(insert(Player).values(
                    kind=kind, name=name, created_at=now()).returning(Player.id)).scalar_one())
        except StoreError as exc:
            if exc.code != "conflict":
                raise
        return self.player(name, kind)  # made meanwhile by another process

    # -- writing a game -------------------------------------------------------------------------
    def create_game(self, game: str, options: Mapping[str, JSON], match: Mapping[str, JSON],
                    seats: Sequence[SeatInfo], *, client: Mapping[str, JSON] | None = None,
                    source: str = "console") -> int:
        """Record a new game (no action yet); its number."""
        seed = match.get("seed")
        if not isinstance(seed, int):
            raise ValueError("the match parameters need an integer 'seed'")
        moment = now()
        with self.transaction() as conn:
            game_id = int(conn.execute(insert(Game).values(
                game=game, options=dict(options), match=dict(match), seed=seed,
                seats=len(seats), status=PLAYING, source=source, client=dict(client or {}),
                actions_count=0, result=None, created_at=moment, updated_at=moment,
            ).returning(Game.id)).scalar_one())
            conn.execute(insert(Seat), [{"game_id": game_id, "seat": s,
                                         "player_id": info.player_id, "bot": info.bot}
                                        for s, info in enumerate(seats)])
        return game_id

    def append(self, game_id: int, index: int, seat: int, action: str) -> None:
        """Commit action number ``index`` (from 0) of a game in play. A conflict (that number
        is taken: the game is played elsewhere) or a finished game is refused."""
        self.append_many(game_id, index, [(seat, action)])

    def append_many(self, game_id: int, start: int,
                    actions: Sequence[tuple[int, str]]) -> None:
        """Commit several actions of one game at once, numbered from ``start``: all or
        none."""
        if actions:
            self.append_batch([(game_id, start + i, seat, action)
                               for i, (seat, action) in enumerate(actions)])

    def append_batch(self, items: Sequence[tuple[int, int, int, str]]) -> None:
        """Commit actions of several games in one transaction (``(game, index, seat,
        action)``, in order within each game): all or none. A server groups the actions of
        many tables this way, paying one commit for all of them; the games' counts and the
        actions are written with one statement each (executemany), not two per game."""
        by_game: dict[int, list[tuple[int, int, str]]] = defaultdict(list)
        for game_id, index, seat, action in items:
            by_game[game_id].append((index, seat, action))
        for game_id, moves in by_game.items():
            start = moves[0][0]
            if [i for i, _, _ in moves] != list(range(start, start + len(moves))):
                raise StoreError("conflict", f"game {game_id}: the actions are not "
                                 "numbered in a row", {"game": game_id})
        if not by_game:
            return
        moment = now()
        counts = [{"gid": game_id, "start": moves[0][0], "upto": moves[0][0] + len(moves)}
                  for game_id, moves in by_game.items()]
        try:
            with self.transaction() as conn:
                done = conn.execute(update(Game).where(
                    Game.id == bindparam("gid"), Game.status == PLAYING,
                    Game.actions_count == bindparam("start"),
                ).values(actions_count=bindparam("upto"), updated_at=moment), counts)
                if done.rowcount != len(counts):
                    raise _Refused  # all is rolled back
                conn.execute(insert(Action), [
                    {"game_id": game_id, "idx": i, "seat": seat, "action": action,
                     "at": moment}
                    for game_id, moves in by_game.items() for i, seat, action in moves])
        except _Refused:
            self._append_each(by_game, moment)

    def _append_each(self, by_game: dict[int, list[tuple[int, int, str]]],
                     moment: datetime) -> None:
        """The batch game by game, in one transaction: the slow way, which names the game
        refused and why (:class:`StoreError`)."""
        with self.transaction() as conn:
            for game_id, moves in by_game.items():
                start = moves[0][0]
                done = conn.execute(update(Game).where(
                    Game.id == game_id, Game.status == PLAYING, Game.actions_count == start,
                ).values(actions_count=start + len(moves), updated_at=moment))
                if done.rowcount != 1:
                    raise self._why_not_appended(conn, game_id, start)
                conn.execute(insert(Action), [
                    {"game_id": game_id, "idx": i, "seat": seat, "action": action, "at": moment}
                    for i, seat, action in moves])

    def _why_not_appended(self, conn: Connection, game_id: int, start: int) -> StoreError:
        row = conn.execute(select(Game.status, Game.actions_count).where(
            Game.id == game_id)).first()
        if row is None:
            return StoreError("not_found", f"there is no game {game_id} in the store",
                              {"game": game_id})
        if row[0] != PLAYING:
            return StoreError("finished", f"game {game_id} is over: nothing can be added",
                              {"game": game_id})
        return StoreError("conflict", f"game {game_id} has {row[1]} actions recorded, not "
                          f"{start}: it is being played elsewhere", {"game": game_id,
                                                                    "count": int(row[1])})

    def take_back(self, game_id: int, first: int, count: int) -> list[tuple[int, str]]:
        """Take back the actions of a game in play from number ``first`` on, when the game
        has ``count`` of them (else ``conflict``: it moved on elsewhere). The removed actions
        are kept in the takebacks table, so the store still tells what happened; they are
        returned as ``(seat, action)``."""
        if not 0 <= first < count:
            raise ValueError(f"cannot take back from action {first} of {count}")
        with self.transaction() as conn:
            done = conn.execute(update(Game).where(
                Game.id == game_id, Game.status == PLAYING, Game.actions_count == count,
            ).values(actions_count=first, updated_at=now()))
            if done.rowcount != 1:
                raise self._why_not_appended(conn, game_id, count)
            removed = [(int(seat), str(action)) for seat, action in conn.execute(
                select(Action.seat, Action.action).where(
                    Action.game_id == game_id, Action.idx >= first).order_by(Action.idx))]
            conn.execute(delete(Action).where(Action.game_id == game_id, Action.idx >= first))
            conn.execute(insert(Takeback).values(
                game_id=game_id, first=first, actions=[list(m) for m in removed], at=now()))
        return removed

    def takebacks(self, game_id: int) -> list[tuple[int, list[tuple[int, str]]]]:
        """A game's take-backs in order: where each began and the actions it removed."""
        with self.connection() as conn:
            rows = conn.execute(select(Takeback.first, Takeback.actions).where(
                Takeback.game_id == game_id).order_by(Takeback.id)).all()
        return [(int(first), [(int(m[0]), str(m[1])) for m in actions])
                for first, actions in rows]

    def set_seat(self, game_id: int, seat: int, info: SeatInfo) -> None:
        """Change who sits at a seat (a table's seats change until its game starts)."""
        with self.transaction() as conn:
            done = conn.execute(update(Seat).where(Seat.game_id == game_id,
                                                   Seat.seat == seat).values(
                player_id=info.player_id, bot=info.bot))
            if done.rowcount != 1:
                raise StoreError("not_found", f"there is no seat {seat} in game {game_id}",
                                 {"game": game_id})

    def set_client(self, game_id: int, client: Mapping[str, JSON]) -> None:
        """Replace a game's front-end settings (a server table's settings, say)."""
        with self.transaction() as conn:
            if conn.execute(update(Game).where(Game.id == game_id).values(
                    client=dict(client))).rowcount != 1:
                raise StoreError("not_found", f"there is no game {game_id} in the store",
                                 {"game": game_id})

    def add_chat(self, game_id: int, name: str, text: str, *, seat: int | None = None,
                 player: int | None = None) -> None:
        """Record a line of a game's chat."""
        with self.transaction() as conn:
            conn.execute(insert(ChatLine).values(game_id=game_id, seat=seat, player_id=player,
                                                 name=name, text=text, at=now()))

    def chat(self, game_id: int, limit: int = 100) -> list[tuple[str, str, int | None]]:
        """The last lines of a game's chat, oldest first: (name, text, seat)."""
        with self.connection() as conn:
            rows = conn.execute(select(ChatLine.name, ChatLine.text, ChatLine.seat).where(
                ChatLine.game_id == game_id).order_by(ChatLine.id.desc()).limit(limit)).all()
        return [(str(r[0]), str(r[1]), r[2]) for r in reversed(rows)]

    def finish(self, game_id: int, result: MatchResult, *,
               abandoned: Collection[int] = (),
               then: Callable[[Connection], None] | None = None) -> None:
        """Record the end of a game with its result per seat; ``abandoned``: the seats whose
        person left before the end; ``then`` writes more in the same transaction (the
        ratings, :mod:`atout.store.ratings`), so a game is finished and rated at once."""
        ranks = {seat: i for i, seat in enumerate(result.ranking)}
        moment = now()
        with self.transaction() as conn:
            done = conn.execute(update(Game).where(
                Game.id == game_id, Game.status == PLAYING).values(
                status=FINISHED, result=result.to_dict(), finished_at=moment,
                updated_at=moment))
            if done.rowcount != 1:
                raise self._why_not_appended(conn, game_id, -1)
            conn.execute(insert(SeatResult), [
                {"game_id": game_id, "seat": s, "score": float(score),
                 "rank": ranks.get(s, len(result.scores)), "winner": s in result.winners,
                 "abandoned": s in abandoned}
                for s, score in enumerate(result.scores)])
            if then is not None:
                then(conn)

    def delete(self, game_id: int) -> None:
        """Delete a game and everything recorded of it."""
        with self.transaction() as conn:
            for table in (Action, Seat, SeatResult, ChatLine, Takeback, RatingChange):
                conn.execute(delete(table).where(table.game_id == game_id))
            conn.execute(update(Imported).where(Imported.game_id == game_id).values(
                game_id=None))
            if conn.execute(delete(Game).where(Game.id == game_id)).rowcount != 1:
                raise StoreError("not_found", f"there is no game {game_id} in the store",
                                 {"game": game_id})

    # -- reading --------------------------------------------------------------------------------
    def get(self, game_id: int) -> GameRecord:
        """A whole game; :class:`StoreError` ``not_found`` when there is none."""
        with self.connection() as conn:
            game = conn.execute(select(Game.__table__).where(Game.id == game_id)).first()
            if game is None:
                raise StoreError("not_found", f"there is no game {game_id} in the store",
                                 {"game": game_id})
            summary = self._summaries(conn, [game])[0]
            moves = conn.execute(select(Action.seat, Action.action).where(
                Action.game_id == game_id).order_by(Action.idx)).all()
        return GameRecord(summary, json_dict(game.match), tuple(str(m[1]) for m in moves),
                          tuple(int(m[0]) for m in moves))

    def games(self, *, status: str | None = None, game: str | None = None,
              player: int | None = None, limit: int | None = None,
              source: str | None = None, before: int | None = None) -> list[GameSummary]:
        """Games, the most recently played first; filtered by status, game, player and
        source (``console``, ``server``, ``import``); with ``before``, only those that
        come after game ``before`` in that order (the next page; none when there is no
        such game)."""
        query = select(Game.__table__).order_by(Game.updated_at.desc(), Game.id.desc())
        if before is not None:
            then = select(Game.updated_at).where(Game.id == before).scalar_subquery()
            query = query.where(or_(Game.updated_at < then, and_(Game.updated_at == then,
                                                                  Game.id < before)))
        if source is not None:
            query = query.where(Game.source == source)
        if status is not None:
            query = query.where(Game.status == status)
        if game is not None:
            query = query.where(Game.game == game)
        if player is not None:
            query = query.where(Game.id.in_(select(Seat.game_id).where(
                Seat.player_id == player)))
        if limit is not None:
            query = query.limit(limit)
        with self.connection() as conn:
            rows = list(conn.execute(query))
            return self._summaries(conn, rows)

    def _summaries(self, conn: Connection, games: Sequence[Any]) -> list[GameSummary]:
        ids = [g.id for g in games]
        seats: dict[int, dict[int, SeatInfo]] = defaultdict(dict)
        if ids:
            for r in conn.execute(select(Seat.game_id, Seat.seat, Seat.player_id, Seat.bot,
                                         Player.name, Player.kind).outerjoin(
                    Player, Player.id == Seat.player_id).where(Seat.game_id.in_(ids))):
                seats[r.game_id][r.seat] = SeatInfo(r.player_id, r.bot, r.name, r.kind)
        return [GameSummary(
            id=g.id, game=g.game, options=json_dict(g.options), status=g.status,
            source=g.source, seats=tuple(seats[g.id].get(s, SeatInfo())
                                         for s in range(g.seats)),
            actions_count=g.actions_count, client=json_dict(g.client),
            created_at=utc(g.created_at), updated_at=utc(g.updated_at),
            finished_at=utc(g.finished_at) if g.finished_at else None,
            result=json_dict(g.result) if g.result is not None else None) for g in games]

    def count(self) -> dict[str, int]:
        """How many games there are in each status."""
        with self.connection() as conn:
            return {str(s): int(n) for s, n in conn.execute(
                select(Game.status, func.count()).group_by(Game.status))}

    def stats(self, player: int, *, game: str | None = None) -> list[Stats]:
        """The player's finished games per game, variant and opponents: how many, how many
        won, the average final score of the player's seat."""
        query = (select(Game.id, Game.game, Game.options, Seat.seat, SeatResult.score,
                        SeatResult.winner)
                 .join(Seat, Seat.game_id == Game.id)
                 .join(SeatResult, (SeatResult.game_id == Game.id)
                       & (SeatResult.seat == Seat.seat))
                 .where(Seat.player_id == player, Game.status == FINISHED))
        if game is not None:
            query = query.where(Game.game == game)
        with self.connection() as conn:
            rows = conn.execute(query).all()
            bots: dict[int, set[str]] = defaultdict(set)
            if rows:
                for gid, bot in conn.execute(select(Seat.game_id, Seat.bot).where(
                        Seat.game_id.in_({r.id for r in rows}), Seat.bot.is_not(None))):
                    bots[gid].add(str(bot))
        groups: dict[tuple[str, str, str], list[tuple[float, bool]]] = defaultdict(list)
        for r in rows:
            key = (r.game, variant(r.game, json_dict(r.options)),
                   ", ".join(sorted(bots[r.id])) or "-")
            groups[key].append((float(r.score), bool(r.winner)))
        return [Stats(g, v, o, len(vals), sum(w for _, w in vals),
                      sum(s for s, _ in vals) / len(vals))
                for (g, v, o), vals in sorted(groups.items())]

    # -- imported files -------------------------------------------------------------------------
    def imported(self) -> set[str]:
        """The paths of the save files already imported (or refused)."""
        with self.connection() as conn:
            return {str(p) for p in conn.execute(select(Imported.path)).scalars()}

    def mark_imported(self, path: str, sha256: str, game_id: int | None,
                      error: str | None = None) -> None:
        """Remember that a save file was imported (as ``game_id``) or refused (``error``)."""
        with self.transaction() as conn:
            conn.execute(insert(Imported).values(path=path, sha256=sha256, game_id=game_id,
                                                 error=error, at=now()))


def variant(game: str, options: Mapping[str, Any]) -> str:
    """The options that differ from the game's defaults, as ``name=value`` (else
    ``standard``)."""
    from atout.games import game_info

    info = game_info(game)
    defaults = {} if info is None else {o.name: o.default for o in info.options}
    shown_ = [f"{k}={v}" for k, v in sorted(options.items())
              if k != "preset" and defaults.get(k, object()) != v]
    return ", ".join(shown_) or "standard"


__all__ = ["Store", "variant"]
