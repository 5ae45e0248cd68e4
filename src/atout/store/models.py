"""The tables of the store (SQLAlchemy 2 declarative models).

A game is its rules (game name, options), how it was set up (the match parameters: the seed
and whatever else the game's match needs), who sat where (a person or which bot), every action
in order, the chat, and when it ends its result per seat. Replaying the actions on the same
rules rebuilds the game exactly: nothing else is needed to resume it.

The schema is changed only by an Alembic migration (``atout/store/migrations``).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.engine import Dialect
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column
from sqlalchemy.types import TypeDecorator, TypeEngine

NAMING = {"ix": "ix_%(column_0_label)s", "uq": "uq_%(table_name)s_%(column_0_name)s",
          "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
          "pk": "pk_%(table_name)s"}

class JSONDocument(TypeDecorator[Any]):
    """JSON, stored as JSONB on PostgreSQL: the same as ``JSON().with_variant(JSONB(),
    "postgresql")``, but SQLAlchemy's PostgreSQL dialect (every driver's module) is imported
    only when a PostgreSQL store is opened, not by a game on SQLite."""

    impl = JSON
    cache_ok = True
    should_evaluate_none = True  # as JSON: None is stored as JSON null, like the variant did

    def load_dialect_impl(self, dialect: Dialect) -> TypeEngine[Any]:
        """JSONB on PostgreSQL, JSON elsewhere."""
        if dialect.name == "postgresql":
            from sqlalchemy.dialects.postgresql import JSONB

            return dialect.type_descriptor(JSONB())
        return dialect.type_descriptor(JSON())


JSONType = JSONDocument()


def now() -> datetime:
    """The current time, in UTC."""
    return datetime.now(UTC)


class Base(DeclarativeBase):
    """The declarative base of the store's tables."""

    metadata = MetaData(naming_convention=NAMING)


class Player(Base):
    """Someone who plays: a person at this computer (``local``), later a server's account or
    guest. Bots are not players: a seat names its bot."""

    __tablename__ = "players"
    __table_args__ = (UniqueConstraint("kind", "name", name="uq_players_kind_name"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(16))
    name: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    password_hash: Mapped[str | None] = mapped_column(String(255), nullable=True)


class Session(Base):
    """A sign-in: the SHA-256 of its token (the token itself is never stored), whose
    player, until when, and whether it was revoked."""

    __tablename__ = "sessions"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"),
                                           index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    revoked: Mapped[bool] = mapped_column(Boolean, default=False)


class Game(Base):
    """One game (a whole match), finished or not."""

    __tablename__ = "games"
    __table_args__ = (Index("ix_games_status_updated", "status", "updated_at"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game: Mapped[str] = mapped_column(String(32))
    options: Mapped[dict[str, Any]] = mapped_column(JSONType)
    match: Mapped[dict[str, Any]] = mapped_column(JSONType)
    seed: Mapped[int] = mapped_column(BigInteger)
    seats: Mapped[int] = mapped_column(Integer)
    status: Mapped[str] = mapped_column(String(16))
    source: Mapped[str] = mapped_column(String(16))
    client: Mapped[dict[str, Any]] = mapped_column(JSONType)
    actions_count: Mapped[int] = mapped_column(Integer, default=0)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSONType, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True),
                                                         nullable=True)


class Seat(Base):
    """Who sat at one seat of a game: a player, or a bot by its name (``heuristic``,
    ``search:playouts=300`` …); both empty for a seat nobody has taken yet."""

    __tablename__ = "seats"

    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"),
                                         primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[int | None] = mapped_column(ForeignKey("players.id"), nullable=True,
                                                  index=True)
    bot: Mapped[str | None] = mapped_column(String(64), nullable=True)


class Action(Base):
    """One accepted action of a game, in order from 0, in the game's notation."""

    __tablename__ = "actions"

    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"),
                                         primary_key=True)
    idx: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(String(32))
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class ChatLine(Base):
    """A line of a game's chat (the server's tables)."""

    __tablename__ = "chat"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"),
                                         index=True)
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    player_id: Mapped[int | None] = mapped_column(ForeignKey("players.id"), nullable=True)
    name: Mapped[str] = mapped_column(String(64))
    text: Mapped[str] = mapped_column(Text)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class Takeback(Base):
    """Actions taken back by a player against computer players (the console's undo): the
    game's actions from ``first`` on were removed, and are kept here as they were."""

    __tablename__ = "takebacks"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"),
                                         index=True)
    first: Mapped[int] = mapped_column(Integer)
    actions: Mapped[list[Any]] = mapped_column(JSONType)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class SeatResult(Base):
    """A finished game's outcome for one seat."""

    __tablename__ = "results"

    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"),
                                         primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    score: Mapped[float] = mapped_column(Float)
    rank: Mapped[int] = mapped_column(Integer)
    winner: Mapped[bool] = mapped_column(Boolean)
    abandoned: Mapped[bool] = mapped_column(Boolean, default=False)
    """A person left this seat and was not back by the end (a stand-in finished for them)."""


class Rating(Base):
    """A person's rating in one pool (a game, and its player count where the game changes
    with it: ``tarot/4``, ``jass``): OpenSkill's mu and sigma, the shown rating (mu - 3
    sigma), how many rated games and wins."""

    __tablename__ = "ratings"
    __table_args__ = (Index("ix_ratings_pool_rating", "pool", "rating"),)

    player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"),
                                           primary_key=True)
    pool: Mapped[str] = mapped_column(String(32), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    rating: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer, default=0)
    wins: Mapped[int] = mapped_column(Integer, default=0)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class RatingChange(Base):
    """One rated game's change of one person's rating: before and after."""

    __tablename__ = "rating_changes"
    __table_args__ = (UniqueConstraint("game_id", "player_id",
                                       name="uq_rating_changes_game_id"),
                      Index("ix_rating_changes_player_pool", "player_id", "pool", "id"))

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"))
    pool: Mapped[str] = mapped_column(String(32))
    mu_before: Mapped[float] = mapped_column(Float)
    sigma_before: Mapped[float] = mapped_column(Float)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    rating: Mapped[float] = mapped_column(Float)
    won: Mapped[bool] = mapped_column(Boolean)
    abandoned: Mapped[bool] = mapped_column(Boolean, default=False)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class ReviewRow(Base):
    """A deal's review from one seat (:mod:`atout.bots.review`), kept once computed: the
    same game, deal, seat, seed and budget always give the same review."""

    __tablename__ = "reviews"
    __table_args__ = (UniqueConstraint("game_id", "deal", "seat", "seed", "playouts",
                                       name="uq_reviews_game_id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    deal: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int] = mapped_column(Integer)
    seed: Mapped[int] = mapped_column(BigInteger)
    playouts: Mapped[int] = mapped_column(Integer)
    review: Mapped[Any] = mapped_column(JSONDocument)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class Imported(Base):
    """A save file of the console's earlier versions, imported once (or refused once)."""

    __tablename__ = "imports"

    path: Mapped[str] = mapped_column(String(1024), primary_key=True)
    sha256: Mapped[str] = mapped_column(String(64))
    game_id: Mapped[int | None] = mapped_column(ForeignKey("games.id", ondelete="SET NULL"),
                                                nullable=True)
    error: Mapped[str | None] = mapped_column(Text, nullable=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


__all__ = ["Action", "Base", "ChatLine", "Game", "Imported", "Player", "Rating", "RatingChange",
           "Seat", "SeatResult", "Session", "Takeback", "now"]
