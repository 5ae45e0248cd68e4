"""The values a deal hands out: :class:`Event`, :class:`View` and :class:`Result`.

Plain immutable records with their JSON round trips, made at every action and observation:
:mod:`atout.core` re-exports them as part of the one contract every game implements.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, NamedTuple

from atout.options import JSON

_NO_DATA: Mapping[str, Any] = MappingProxyType({})


class Event(NamedTuple):
    """Something that happened, for clients to announce and the server to broadcast.

    ``kind`` names the event: a member of :mod:`atout.events` (a ``StrEnum``, equal to its
    text: ``"card"``, ``"trick"``, ``"trump"`` …, listed in each game's docs; a plain string
    when read back from JSON), ``seat`` the seat it is about (or None), ``data`` the JSON-ready
    details. ``to`` is None for a public event, or the only seat allowed to see it (a private
    event, such as the cards of the blind for the player who took it). Events are immutable
    tuples: cheap to make on every action.
    """

    kind: str
    seat: int | None = None
    data: Mapping[str, JSON] = _NO_DATA
    to: int | None = None

    def visible_to(self, seat: int | None) -> bool:
        """Whether ``seat`` (None: an onlooker) may see this event."""
        return self.to is None or self.to == seat

    def to_dict(self) -> dict[str, JSON]:
        """A JSON-ready dict."""
        out: dict[str, JSON] = {"kind": self.kind, "seat": self.seat, **dict(self.data)}
        if self.to is not None:
            out["to"] = self.to
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Event:
        """The event of :meth:`to_dict`'s dict (as a server's frame carries it)."""
        details = {k: v for k, v in data.items() if k not in ("kind", "seat", "to")}
        return cls(str(data["kind"]), data.get("seat"), details, data.get("to"))


@dataclass(frozen=True, slots=True)
class View:
    """What one seat may know of a deal, and nothing more.

    ``hand`` is the seat's own cards; ``table`` the cards face up in the current trick as
    ``(seat, card)``; ``history`` every action so far as this seat saw it, ``(seat, text)``
    with ``text`` None where the action was hidden from it; ``legal`` the seat's legal actions
    when it is to move. ``info`` holds the game's public facts (trump, bids, scores …) and what
    this seat alone knows beyond its hand, all JSON-ready. ``phase`` is a member of the game's
    phase enum in :mod:`atout.events` (``JassPhase`` …, equal to its text).

    The engine alone decides what is private to whom: each game's view code is the one place
    that says it. A public view (:meth:`Deal.public_view`, ``deal.view(None)``) is what
    nobody seated may know, for a spectator or a replay in progress: ``seat`` is -1 (None in
    :meth:`to_dict`), ``hand`` and ``legal`` are empty, ``history`` hides what any seat had
    hidden from it (a Tarot écart, a Putze discard) and ``info`` keeps only the public facts
    (no seat's own weis, melds or discards).
    """

    game: str
    seat: int
    seats: int
    dealer: int
    phase: str
    to_move: int | None
    hand: tuple[str, ...]
    legal: tuple[str, ...]
    table: tuple[tuple[int, str], ...]
    history: tuple[tuple[int, str | None], ...]
    info: Mapping[str, JSON]
    is_over: bool

    def __init__(self, game: str, seat: int, seats: int, dealer: int, phase: str,
                 to_move: int | None, hand: tuple[str, ...], legal: tuple[str, ...],
                 table: tuple[tuple[int, str], ...], history: tuple[tuple[int, str | None], ...],
                 info: Mapping[str, JSON], is_over: bool) -> None:
        # The fields' slots set directly: a view is made at every observation, and the
        # frozen dataclass's own __init__ (object.__setattr__ per field) costs twice as much.
        _VIEW_SET[0](self, game)
        _VIEW_SET[1](self, seat)
        _VIEW_SET[2](self, seats)
        _VIEW_SET[3](self, dealer)
        _VIEW_SET[4](self, phase)
        _VIEW_SET[5](self, to_move)
        _VIEW_SET[6](self, hand)
        _VIEW_SET[7](self, legal)
        _VIEW_SET[8](self, table)
        _VIEW_SET[9](self, history)
        _VIEW_SET[10](self, info)
        _VIEW_SET[11](self, is_over)

    def to_dict(self) -> dict[str, JSON]:
        """A JSON-ready dict."""
        return {
            "game": self.game, "seat": None if self.seat < 0 else self.seat,
            "seats": self.seats, "dealer": self.dealer,
            "phase": self.phase, "to_move": self.to_move, "hand": list(self.hand),
            "legal": list(self.legal), "table": [list(t) for t in self.table],
            "history": [list(h) for h in self.history], "info": copy.deepcopy(dict(self.info)),
            "is_over": self.is_over,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> View:
        """The view of :meth:`to_dict`'s dict (as a server's frame carries it; a spectator's
        seat, None there, is -1 here)."""
        seat = data.get("seat")
        return cls(str(data["game"]), int(seat) if seat is not None else -1,
                   int(data["seats"]), int(data["dealer"]), str(data["phase"]),
                   data["to_move"], tuple(data["hand"]), tuple(data["legal"]),
                   tuple((int(s), str(c)) for s, c in data["table"]),
                   tuple((int(s), a) for s, a in data["history"]), dict(data["info"]),
                   bool(data["is_over"]))


_VIEW_SET = tuple(getattr(View, f).__set__ for f in View.__dataclass_fields__)
"""The setters of View's slots, in field order (for its __init__)."""


@dataclass(frozen=True, slots=True)
class Result:
    """The outcome of a finished deal.

    ``points`` has one entry per seat: what the seat scored in this deal (in a team game, its
    team's score). ``details`` is the game's JSON-ready breakdown.
    """

    points: tuple[float, ...]
    details: Mapping[str, JSON] = field(default_factory=dict)

    def to_dict(self) -> dict[str, JSON]:
        """A JSON-ready dict."""
        return {"points": list(self.points), "details": copy.deepcopy(dict(self.details))}
