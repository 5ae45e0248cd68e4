"""The deal of the day, played in duplicate: each day, for each game, one set of deals that
every player plays from the same seat against the same computer players.

The deals come from an HMAC-SHA256 of the day and the game under a secret the server keeps
(:func:`secret`), so nobody can compute them ahead. Deal ``i`` of the day is
``rules.deal(seed=deal_seed(day_seed, i), dealer=i % seats)``, dealt again as a duplicate
board is when it is void before anyone has a choice (:func:`atout.duplicate.board_deal`: a
Tarot petit sec); the person sits at seat
:data:`SEAT`; the other seats are :data:`BOT` players seeded from the day's seed, the deal and
the seat, so everyone meets the same computer players on the same cards.

A run is its actions in order (the person's and the computer players', every deal one after
the other): :class:`Run` rebuilds it from them, so a run survives a reconnection or a
restart of the server and continues where it was.

>>> import datetime
>>> day = datetime.date(2026, 11, 28)
>>> day_seed(b"k" * 32, day, "jass") == day_seed(b"k" * 32, day, "jass")
True
>>> day_seed(b"k" * 32, day, "jass") == day_seed(b"j" * 32, day, "jass")
False
"""

from __future__ import annotations

import datetime
import hashlib
import hmac
import os
import secrets
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import atout
from atout.bots import player_bot
from atout.core import deal_seed
from atout.duplicate import board_deal

SEAT = 0
"""The person's seat in every deal of the day."""
BOT = "heuristic"
"""The computer players of the deal of the day."""
DEALS = 4
"""Deals of the day per game."""
SECRET_ENV = "ATOUT_DAILY_SECRET"
"""The environment variable that may give the secret (at least 16 characters)."""
SECRET_FILE = "daily-secret"
"""The secret's file in the data folder when no secret is configured."""


def secret(configured: str | None = None, folder: str | os.PathLike[str] | None = None) -> bytes:
    """The server's secret: ``configured``, else ``$ATOUT_DAILY_SECRET``, else the file
    ``daily-secret`` in ``folder``, made once with 32 random bytes (readable by its owner
    only). ``ValueError`` in words for a secret too short to keep the deals unguessable."""
    given = configured or os.environ.get(SECRET_ENV)
    if given:
        if len(given) < 16:
            raise ValueError("the daily secret must have at least 16 characters")
        return given.encode()
    if folder is None:
        raise ValueError(f"no daily secret: configure one ({SECRET_ENV}) or give a data folder")
    path = Path(folder) / SECRET_FILE
    try:
        return bytes.fromhex(path.read_text(encoding="ascii").strip())
    except FileNotFoundError:
        pass
    except ValueError:
        raise ValueError(f"the daily secret file {path.name} is damaged: it holds 64 "
                         "hexadecimal digits") from None
    path.parent.mkdir(parents=True, exist_ok=True)
    made = secrets.token_bytes(32)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:  # made meanwhile by another process: use theirs
        return bytes.fromhex(path.read_text(encoding="ascii").strip())
    with os.fdopen(fd, "w", encoding="ascii") as f:
        f.write(made.hex())
    return made


def day_seed(key: bytes, day: datetime.date, game: str) -> int:
    """The seed of ``game``'s deals on ``day`` (63 bits of HMAC-SHA256 of ``day:game``)."""
    digest = hmac.new(key, f"atout-daily:{day.isoformat()}:{game}".encode(),
                      hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def today() -> datetime.date:
    """The day of the deals (UTC)."""
    return datetime.datetime.now(datetime.UTC).date()


def parse_day(text: str) -> datetime.date:
    """A day from ``YYYY-MM-DD``; ``ValueError`` in words otherwise."""
    try:
        return datetime.date.fromisoformat(text)
    except ValueError:
        raise ValueError(f"{text[:20]!r} is not a day: write it as YYYY-MM-DD") from None


@dataclass
class Run:
    """A person's run through the day's deals, rebuilt from its actions.

    :meth:`advance` lets the computer players move until the person must act or the run is
    over; :meth:`play` plays the person's action (``IllegalAction`` refused as the engine
    says)."""

    game: str
    seed: int
    deals: int = DEALS
    actions: list[str] = field(default_factory=list)
    redeal: bool = True
    """Whether a deal void before anyone has a choice (a Tarot petit sec) is dealt again
    (:func:`atout.duplicate.board_deal`); runs stored before this existed replay with False."""

    def __post_init__(self) -> None:
        self.rules: atout.Rules[Any] = atout.make(self.game)
        self.points: list[float] = []
        self.index = 0
        self.deal = self._new(0)
        self._bots: dict[int, Any] = {}
        self.actors: list[int] = []
        """The seat of each action."""
        done = list(self.actions)
        self.actions = []
        for i, a in enumerate(done):
            if self.over:
                raise ValueError(f"action {i} ({a}) comes after the last deal")
            try:
                self._play(a)
            except atout.IllegalAction as exc:
                raise ValueError(f"action {i} ({a}) does not play: {exc.reason}") from None

    def _new(self, index: int) -> atout.Deal:
        return board_deal(self.rules, deal_seed(self.seed, index), index % self.rules.seats,
                          self.redeal)

    @property
    def over(self) -> bool:
        """Whether every deal has been played."""
        return self.index >= self.deals

    @property
    def to_move(self) -> int | None:
        """The seat to move in the current deal (None when the run is over)."""
        return None if self.over else self.deal.to_move

    def _play(self, action: str) -> None:
        seat = self.deal.to_move
        self.deal.play(action)
        self.actions.append(str(action))
        self.actors.append(SEAT if seat is None else seat)
        if self.deal.is_over:
            self.points.append(float(self.deal.result.points[SEAT]))
            self.index += 1
            self._bots = {}
            if not self.over:
                self.deal = self._new(self.index)

    def bot(self, seat: int) -> Any:
        """The computer player at ``seat`` in the current deal."""
        if seat not in self._bots:
            self._bots[seat] = player_bot(BOT, self.rules, seat,
                                          deal_seed(deal_seed(self.seed, self.index), seat + 1))
        return self._bots[seat]

    def advance(self) -> list[str]:
        """Let the computer players move until it is the person's turn or the run is over;
        the actions they played."""
        played = []
        while (seat := self.to_move) is not None and seat != SEAT:
            action = str(self.bot(seat).choose(self.deal.view(seat)))
            self._play(action)
            played.append(action)
        return played

    def play(self, action: str) -> None:
        """The person's action (``ValueError`` if it is not their turn)."""
        if self.to_move != SEAT:
            raise ValueError("it is not your turn" if not self.over
                             else "you have played every deal of the day")
        self._play(action)

    def state(self) -> dict[str, Any]:
        """What the person may see: the current deal from their seat only, the points of the
        deals played."""
        out: dict[str, Any] = {"game": self.game, "deals": self.deals, "deal": self.index,
                               "points": list(self.points), "total": sum(self.points),
                               "over": self.over}
        if not self.over:
            out["view"] = self.deal.view(SEAT).to_dict()
        return out
