"""The ratings in the store: a rating per person and pool, and each rated game's change.

A *pool* is what a rating is for: a game, with its player count where the game changes with
it (``jass``, ``tarot/4``, ``pitch/4/partners``); see :func:`atout.server.ratings.pool_of`.
The numbers are OpenSkill's (mu, sigma) and the rating shown, mu - 3 sigma; this module only
reads and writes them: the server computes them (:mod:`atout.server.ratings`) and writes them
in the transaction that finishes the game (:meth:`atout.store.Store.finish`'s ``then``).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, and_, case, func, insert, select, update

from .models import Game, Player, Rating, RatingChange, Seat, SeatResult, now
from .records import FINISHED, utc
from .store import Store


def shown_rating(mu: float, sigma: float) -> float:
    """The rating shown to people: mu - 3 sigma (0 for a newcomer), two decimals."""
    return round(mu - 3 * sigma, 2)


@dataclass(frozen=True, slots=True)
class Standing:
    """A person's rating in one pool."""

    pool: str
    mu: float
    sigma: float
    rating: float
    games: int
    wins: int
    updated_at: datetime


@dataclass(frozen=True, slots=True)
class Change:
    """One rated game's change of a person's rating."""

    game_id: int
    pool: str
    mu_before: float
    sigma_before: float
    mu: float
    sigma: float
    rating: float
    won: bool
    abandoned: bool
    at: datetime


@dataclass(frozen=True, slots=True)
class NewRating:
    """What a rated game does to one person's rating (to be written)."""

    player_id: int
    mu_before: float
    sigma_before: float
    mu: float
    sigma: float
    won: bool
    abandoned: bool = False


@dataclass(frozen=True, slots=True)
class Ranked:
    """A line of a leaderboard."""

    name: str
    standing: Standing


@dataclass(frozen=True, slots=True)
class Known:
    """A person as a profile names them."""

    id: int
    name: str
    kind: str
    since: datetime


def current(conn: Connection, players: Collection[int],
            pool: str) -> dict[int, tuple[float, float]]:
    """The (mu, sigma) of those people in ``pool`` who have one, their rows locked until the
    transaction ends (PostgreSQL; SQLite's writer lock serialises anyway)."""
    if not players:
        return {}
    rows = conn.execute(select(Rating.player_id, Rating.mu, Rating.sigma).where(
        Rating.pool == pool, Rating.player_id.in_(list(players))).with_for_update()).all()
    return {int(r[0]): (float(r[1]), float(r[2])) for r in rows}


def record(conn: Connection, game_id: int, pool: str, changes: Sequence[NewRating]) -> None:
    """Write the new ratings of a rated game and its changes (inside the game's finishing
    transaction)."""
    moment = now()
    had = set(current(conn, [c.player_id for c in changes], pool))
    for c in changes:
        values = {"mu": c.mu, "sigma": c.sigma, "rating": shown_rating(c.mu, c.sigma),
                  "updated_at": moment}
        if c.player_id in had:
            conn.execute(update(Rating).where(
                Rating.player_id == c.player_id, Rating.pool == pool).values(
                games=Rating.games + 1, wins=Rating.wins + int(c.won), **values))
        else:
            conn.execute(insert(Rating).values(player_id=c.player_id, pool=pool, games=1,
                                               wins=int(c.won), **values))
        conn.execute(insert(RatingChange).values(
            game_id=game_id, player_id=c.player_id, pool=pool, mu_before=c.mu_before,
            sigma_before=c.sigma_before, mu=c.mu, sigma=c.sigma,
            rating=shown_rating(c.mu, c.sigma), won=c.won, abandoned=c.abandoned, at=moment))


class RatingBook:
    """Reading the ratings, profiles and leaderboards of a store."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def person(self, name: str) -> Known | None:
        """The person with an account of that name (guests have no profile), or None."""
        with self.store.connection() as conn:
            row = conn.execute(select(Player.id, Player.name, Player.kind, Player.created_at)
                               .where(Player.kind == "account", Player.name == name)).first()
        return None if row is None else Known(int(row[0]), str(row[1]), str(row[2]),
                                               utc(row[3]))

    def standings(self, player: int) -> list[Standing]:
        """The person's ratings, one per pool they were rated in."""
        with self.store.connection() as conn:
            rows = conn.execute(select(Rating.__table__).where(Rating.player_id == player)
                                .order_by(Rating.pool)).all()
            return [_standing(r) for r in rows]

    def changes(self, player: int, pool: str | None = None,
                limit: int = 200) -> list[Change]:
        """The person's last rating changes (of one pool, or all), oldest first."""
        query = select(RatingChange.__table__).where(RatingChange.player_id == player)
        if pool is not None:
            query = query.where(RatingChange.pool == pool)
        with self.store.connection() as conn:
            rows = conn.execute(query.order_by(RatingChange.id.desc()).limit(limit)).all()
            return [Change(r.game_id, r.pool, r.mu_before, r.sigma_before, r.mu, r.sigma,
                           r.rating, r.won, r.abandoned, utc(r.at)) for r in reversed(rows)]

    def leaderboard(self, pool: str, limit: int = 100) -> list[Ranked]:
        """The people rated in ``pool``, best rating first (ties: more games first)."""
        with self.store.connection() as conn:
            rows = conn.execute(select(Player.name.label("who"), Rating.__table__).join(
                Player, Player.id == Rating.player_id).where(Rating.pool == pool).order_by(
                Rating.rating.desc(), Rating.games.desc(), Player.name).limit(limit)).all()
            return [Ranked(str(r.who), _standing(r)) for r in rows]

    def pools(self, game: str) -> list[str]:
        """The pools of ``game`` that somebody was rated in."""
        with self.store.connection() as conn:
            found = conn.execute(select(Rating.pool).where(
                (Rating.pool == game) | Rating.pool.startswith(f"{game}/", autoescape=True))
                .distinct()).scalars().all()
        return sorted(str(p) for p in found)

    def private_games(self, games: Collection[int], viewer: int | None) -> set[int]:
        """Those of ``games`` whose table was private and where ``viewer`` did not sit."""
        if not games:
            return set()
        with self.store.connection() as conn:
            rows = conn.execute(select(Game.id, Game.client).where(
                Game.id.in_(list(games)))).all()
            seated = set() if viewer is None else set(conn.execute(select(Seat.game_id).where(
                Seat.player_id == viewer, Seat.game_id.in_(list(games)))).scalars())
        return {int(r[0]) for r in rows if isinstance(r[1], dict)
                and isinstance(r[1].get("table"), dict) and r[1]["table"].get("private")
                and r[0] not in seated}

    def record_of(self, player: int) -> tuple[int, int]:
        """How many finished games the person played, and how many they won."""
        with self.store.connection() as conn:
            row = conn.execute(select(func.count(), func.coalesce(func.sum(
                case((SeatResult.winner, 1), else_=0)), 0)).select_from(Seat).join(
                SeatResult, and_(SeatResult.game_id == Seat.game_id,
                                 SeatResult.seat == Seat.seat)).join(
                Game, Game.id == Seat.game_id).where(
                Seat.player_id == player, Game.status == FINISHED)).one()
        return int(row[0]), int(row[1])


def _standing(r: Any) -> Standing:
    return Standing(r.pool, r.mu, r.sigma, r.rating, r.games, r.wins, utc(r.updated_at))


__all__ = ["Change", "Known", "NewRating", "Ranked", "RatingBook", "Standing", "current",
           "record", "shown_rating"]
