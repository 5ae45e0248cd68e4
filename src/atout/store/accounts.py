"""The records behind sign-in: accounts (a player with a password hash) and sessions.

Hashing passwords and making tokens is the server's business (:mod:`atout.server.accounts`);
the store keeps only the password's hash and the SHA-256 of each token.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import insert, select, update

from .errors import StoreError
from .models import Player, Session, now
from .records import utc
from .store import Store


def create_player(store: Store, kind: str, name: str, password_hash: str | None = None) -> int:
    """A new player; :class:`StoreError` ``conflict`` when that kind already has the name."""
    with store.transaction() as conn:
        return int(conn.execute(insert(Player).values(
            kind=kind, name=name, password_hash=password_hash, created_at=now(),
        ).returning(Player.id)).scalar_one())


def find_account(store: Store, name: str) -> tuple[int, str] | None:
    """An account's id and password hash by its name, or None."""
    with store.connection() as conn:
        row = conn.execute(select(Player.id, Player.password_hash).where(
            Player.kind == "account", Player.name == name)).first()
    if row is None or row[1] is None:
        return None
    return int(row[0]), str(row[1])


def account_names(store: Store) -> list[str]:
    """Every account's name (to refuse a new name that looks like one of them)."""
    with store.connection() as conn:
        return [str(n) for n in conn.execute(select(Player.name).where(
            Player.kind == "account")).scalars()]


def player_info(store: Store, player_id: int) -> tuple[str, str] | None:
    """A player's kind and name, or None."""
    with store.connection() as conn:
        row = conn.execute(select(Player.kind, Player.name).where(
            Player.id == player_id)).first()
    return None if row is None else (str(row[0]), str(row[1]))


def open_session(store: Store, player_id: int, token_hash: str, expires: datetime) -> None:
    """Record a new session."""
    with store.transaction() as conn:
        conn.execute(insert(Session).values(token_hash=token_hash, player_id=player_id,
                                            created_at=now(), expires_at=expires,
                                            revoked=False))


def session_player(store: Store, token_hash: str) -> int | None:
    """The player of a live session (known, not revoked, not expired), or None."""
    with store.connection() as conn:
        row = conn.execute(select(Session.player_id, Session.expires_at, Session.revoked)
                           .where(Session.token_hash == token_hash)).first()
    if row is None or row[2] or utc(row[1]) <= now():
        return None
    return int(row[0])


def revoke_session(store: Store, token_hash: str) -> bool:
    """Revoke a session; whether there was a live one."""
    with store.transaction() as conn:
        done = conn.execute(update(Session).where(
            Session.token_hash == token_hash, Session.revoked.is_(False)).values(revoked=True))
    return done.rowcount == 1


__all__ = ["StoreError", "account_names", "create_player", "find_account", "open_session",
           "player_info", "revoke_session", "session_player"]
