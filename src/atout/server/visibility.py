"""What each recipient may see: the last step before anything is sent.

The engine decides who sees what (:meth:`atout.Deal.view`, :meth:`atout.Deal.public_view`,
:meth:`atout.Deal.events_for`, :meth:`atout.Deal.seen_history`): a seated player gets its
seat's view and the events visible to its seat; anyone else (a spectator, the lobby) gets the
public view and the public events. Nothing here decides what is hidden: it only asks the
engine and puts the answers in JSON-ready form.

:class:`Sight` computes each view once per moment of a game, however many recipients share
it (the hub sends one update to a table's four players and its spectators).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from atout.core import JSON, Event, View


class Viewable(Protocol):
    """A match or a deal: anything with seats, a view per seat and a public view."""

    @property
    def seats(self) -> int:
        """The number of seats."""

    def view(self, seat: int | None) -> View:
        """What ``seat`` may know (the public view for None)."""

    def public_view(self) -> View:
        """What nobody seated may know."""


class Sight:
    """The views of one moment of a game, each computed at most once: every seat's, and the
    public one (the engine's). The dicts it returns are shared: a caller encodes them and
    does not change them."""

    def __init__(self, match: Viewable) -> None:
        self.match = match
        self._views: dict[int | None, dict[str, JSON]] = {}

    def view(self, seat: int | None) -> dict[str, JSON]:
        """The view ``seat`` may have (the public view for None)."""
        found = self._views.get(seat)
        if found is None:
            found = self._views[seat] = view_dict(self.match.view(seat))
        return found


def view_dict(view: View) -> dict[str, JSON]:
    """``view`` as a JSON-ready dict, like :meth:`View.to_dict` but sharing its ``info``
    instead of copying it: for a frame that is encoded at once and never changed."""
    return {"game": view.game, "seat": None if view.seat < 0 else view.seat,
            "seats": view.seats, "dealer": view.dealer,
            "phase": view.phase, "to_move": view.to_move, "hand": list(view.hand),
            "legal": list(view.legal), "table": [list(t) for t in view.table],
            "history": [list(h) for h in view.history], "info": dict(view.info),
            "is_over": view.is_over}


def view_for(match: Viewable, seat: int | None) -> dict[str, JSON]:
    """The view ``seat`` may have (the engine's public view for None)."""
    return match.view(seat).to_dict()


def public_view(match: Viewable) -> dict[str, JSON]:
    """The engine's public view (:meth:`atout.Deal.public_view`) as a JSON-ready dict: no
    hand, no legal actions, hidden actions as None."""
    return match.public_view().to_dict()


def events_for(events: Iterable[Event], seat: int | None) -> list[dict[str, JSON]]:
    """The events ``seat`` may see (the public ones for None), JSON-ready: the engine's
    :meth:`atout.Event.visible_to` decides."""
    return [e.to_dict() for e in events if e.visible_to(seat)]


__all__ = ["Sight", "Viewable", "events_for", "public_view", "view_dict", "view_for"]
