"""Who is connecting: guests with a nickname, or accounts with a password (argon2).

A sign-in gives a random token (``secrets``); the store keeps only its SHA-256, with the
player and an expiry, and a token can be revoked. A token that is unknown, expired, revoked
or forged is refused in words.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from dataclasses import dataclass
from datetime import timedelta

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from atout.store import Store, StoreError
from atout.store import accounts as records
from atout.store.models import now

from .names import skeleton, strip_bidi

NAME = re.compile(r"^[\w][\w .'-]{0,30}[\w.]$|^\w$")
GUEST_DAYS = 1
ACCOUNT_DAYS = 30


class AuthError(Exception):
    """A sign-in the server refuses: a code and a sentence."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True, slots=True)
class Player:
    """A signed-in player."""

    id: int
    name: str
    kind: str

    def to_dict(self) -> dict[str, int | str]:
        """A JSON-ready dict."""
        return {"id": self.id, "name": self.name, "kind": self.kind}


def token_hash(token: str) -> str:
    """The SHA-256 of a token, as the store keeps it."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def check_name(name: object) -> str:
    """A nickname or account name: 1 to 32 letters, digits, spaces, . ' - _."""
    if isinstance(name, str):
        name = strip_bidi(name)
    if not isinstance(name, str) or not NAME.match(name.strip()):
        raise AuthError("bad_name", "a name has 1 to 32 letters, digits, spaces or . ' - _, "
                        "and starts with a letter or digit")
    return name.strip()


class Accounts:
    """Sign-in against the store."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.hasher = PasswordHasher()
        self._dummy: str | None = None

    def dummy_hash(self) -> str:
        """A hash no password matches: a wrong name is checked against it, so that it costs
        the same time as a wrong password (the time does not tell who has an account)."""
        if self._dummy is None:
            self._dummy = self.hasher.hash(secrets.token_urlsafe(16))
        return self._dummy

    def _session(self, player_id: int, days: int) -> str:
        token = secrets.token_urlsafe(32)
        records.open_session(self.store, player_id, token_hash(token),
                             now() + timedelta(days=days))
        return token

    def guest(self, name: object) -> tuple[str, Player]:
        """A new guest with a nickname, and its token."""
        nick = check_name(name)
        stored = f"{nick}#{secrets.token_hex(4)}"  # guests may share a nickname
        pid = records.create_player(self.store, "guest", stored)
        return self._session(pid, GUEST_DAYS), Player(pid, nick, "guest")

    def register(self, name: object, password: object) -> tuple[str, Player]:
        """A new account, and its token; ``AuthError`` if the name is taken."""
        account = check_name(name)
        if not isinstance(password, str) or not 8 <= len(password) <= 200:
            raise AuthError("bad_password", "a password has 8 to 200 characters")
        mine = skeleton(account)
        if any(skeleton(other) == mine for other in records.account_names(self.store)):
            raise AuthError("name_taken", f"the name {account} is taken, or one that looks "
                            "the same")
        try:
            pid = records.create_player(self.store, "account", account,
                                        self.hasher.hash(password))
        except StoreError as exc:
            if exc.code == "conflict":
                raise AuthError("name_taken", f"the name {account} is taken") from None
            raise
        return self._session(pid, ACCOUNT_DAYS), Player(pid, account, "account")

    def login(self, name: object, password: object) -> tuple[str, Player]:
        """Sign in to an account; ``AuthError`` for a wrong name or password."""
        account = check_name(name)
        found = records.find_account(self.store, account)
        wrong = AuthError("bad_login", "wrong name or password")
        if not isinstance(password, str):
            raise wrong
        pid, stored = found if found is not None else (0, self.dummy_hash())
        try:
            self.hasher.verify(stored, password)
        except (VerificationError, InvalidHashError):
            raise wrong from None
        if found is None:  # pragma: no cover - no password matches the dummy hash
            raise wrong
        return self._session(pid, ACCOUNT_DAYS), Player(pid, account, "account")

    def player(self, token: object) -> Player:
        """The player of a live token; ``AuthError`` otherwise."""
        if not isinstance(token, str) or not 10 <= len(token) <= 200:
            raise AuthError("bad_token", "this token is not one the server gave")
        pid = records.session_player(self.store, token_hash(token))
        info = records.player_info(self.store, pid) if pid is not None else None
        if pid is None or info is None:
            raise AuthError("bad_token", "this token is unknown, expired or revoked: sign in "
                            "again")
        kind, name = info
        return Player(pid, name.rsplit("#", 1)[0] if kind == "guest" else name, kind)

    def logout(self, token: object) -> bool:
        """Revoke a token; whether it was live."""
        return isinstance(token, str) and records.revoke_session(self.store,
                                                                 token_hash(token))


__all__ = ["Accounts", "AuthError", "Player", "check_name", "token_hash"]
