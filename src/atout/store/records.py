"""What the store holds about a game, as frozen values for front ends."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from atout.core import JSON, Match, MatchResult, ranking_by

PLAYING = "playing"
FINISHED = "finished"
STATUSES = (PLAYING, FINISHED)


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """Who sits at a seat: a player (by id, with name and kind) or a bot (by name)."""

    player_id: int | None = None
    bot: str | None = None
    name: str | None = None
    kind: str | None = None

    def to_dict(self) -> dict[str, JSON]:
        """A JSON-ready dict."""
        return {"player_id": self.player_id, "bot": self.bot, "name": self.name,
                "kind": self.kind}


@dataclass(frozen=True, slots=True)
class GameSummary:
    """A game as listed: its rules, who sat where, how far it went, how it ended."""

    id: int
    game: str
    options: Mapping[str, JSON]
    status: str
    source: str
    seats: tuple[SeatInfo, ...]
    actions_count: int
    client: Mapping[str, JSON]
    created_at: datetime
    updated_at: datetime
    finished_at: datetime | None
    result: Mapping[str, JSON] | None

    @property
    def finished(self) -> bool:
        """Whether the game has ended."""
        return self.status == FINISHED

    def seat_of(self, player_id: int) -> int | None:
        """The first seat this player sat at, or None."""
        return next((s for s, info in enumerate(self.seats) if info.player_id == player_id),
                    None)


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A whole game: its summary, how it was set up, and every action in order."""

    summary: GameSummary
    match: Mapping[str, JSON]
    actions: tuple[str, ...]
    actors: tuple[int, ...] = field(default=())

    @property
    def id(self) -> int:
        """The game's number in the store."""
        return self.summary.id

    def saved(self) -> dict[str, JSON]:
        """The game in the form of :meth:`atout.Match.save` (one list of all actions)."""
        return {"game": self.summary.game, "options": dict(self.summary.options),
                "match": dict(self.match), "actions": [list(self.actions)]}

    def replay(self, upto: int | None = None) -> Match:
        """The game rebuilt by replaying its actions (the first ``upto`` of them);
        ``ValueError`` if they do not replay on its rules."""
        import atout

        rules = atout.make(self.summary.game, **dict(self.summary.options))
        saved = self.saved()
        if upto is not None:
            saved["actions"] = [list(self.actions[:upto])]
        return rules.load_match(saved)


@dataclass(frozen=True, slots=True)
class Stats:
    """One line of a player's statistics: a game and variant, against which bots."""

    game: str
    variant: str
    opponents: str
    games: int
    wins: int
    average: float

    @property
    def win_rate(self) -> float:
        """The share of games won."""
        return self.wins / self.games if self.games else 0.0


def stopped_result(scores: Sequence[float], deals: int) -> MatchResult:
    """The result of a game stopped before its own end (the console's ``--deals``): the best
    scores so far win (every atout game counts higher scores as better)."""
    best = max(scores) if scores else 0
    return MatchResult(tuple(scores), tuple(s for s, p in enumerate(scores) if p == best),
                       ranking_by(scores), {"stopped_after_deals": deals})


def utc(moment: datetime) -> datetime:
    """A stored time as an aware UTC time (SQLite gives naive ones back)."""
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def json_dict(value: Any) -> dict[str, JSON]:
    """A stored JSON object (never None)."""
    return dict(value) if isinstance(value, Mapping) else {}


__all__ = ["FINISHED", "PLAYING", "STATUSES", "GameRecord", "GameSummary", "SeatInfo",
           "Stats", "json_dict", "stopped_result", "utc"]
