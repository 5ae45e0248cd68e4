"""What each recipient may see: the last step before anything is sent.

A seated player gets its seat's view (the engine's own :meth:`atout.Match.view`) and the
events visible to its seat; anyone else (a spectator, the lobby) gets the public view and the
public events. The public view is what every seat's view has in common: a fact that all the
seats know is public, so nothing in it can be a hidden card.

:class:`Sight` computes each of these once per moment of a game, however many recipients
share it (the hub sends one update to a table's four players and its spectators).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Protocol

from atout.core import JSON, Event, View


class Viewable(Protocol):
    """A match or a deal: anything with seats and a view per seat."""

    @property
    def seats(self) -> int:
        """The number of seats."""

    def view(self, seat: int) -> View:
        """What ``seat`` may know."""


class Sight:
    """The views of one moment of a game, each computed at most once: every seat's, and the
    public one (derived from the same seat views). The dicts it returns are shared: a caller
    encodes them and does not change them."""

    def __init__(self, match: Viewable) -> None:
        self.match = match
        self._seats: dict[int, dict[str, JSON]] = {}
        self._public: dict[str, JSON] | None = None

    def view(self, seat: int | None) -> dict[str, JSON]:
        """The view ``seat`` may have (the public view for None)."""
        if seat is None:
            if self._public is None:
                self._public = public_from([self.view(s) for s in range(self.match.seats)])
            return self._public
        found = self._seats.get(seat)
        if found is None:
            found = self._seats[seat] = view_dict(self.match.view(seat))
        return found


def view_dict(view: View) -> dict[str, JSON]:
    """``view`` as a JSON-ready dict, like :meth:`View.to_dict` but sharing its ``info``
    instead of copying it: for a frame that is encoded at once and never changed."""
    return {"game": view.game, "seat": view.seat, "seats": view.seats, "dealer": view.dealer,
            "phase": view.phase, "to_move": view.to_move, "hand": list(view.hand),
            "legal": list(view.legal), "table": [list(t) for t in view.table],
            "history": [list(h) for h in view.history], "info": dict(view.info),
            "is_over": view.is_over}


def view_for(match: Viewable, seat: int | None) -> dict[str, JSON]:
    """The view ``seat`` may have (the public view for None)."""
    if seat is not None:
        return match.view(seat).to_dict()
    return public_view(match)


def public_view(match: Viewable) -> dict[str, JSON]:
    """The facts every seat knows: no hand, no legal actions, hidden actions as None."""
    return public_from([match.view(s).to_dict() for s in range(match.seats)])


def public_from(views: list[dict[str, JSON]]) -> dict[str, JSON]:
    """The public view from every seat's view (as dicts): what they all have in common."""
    first = views[0]
    out: dict[str, JSON] = {k: first[k] for k in ("game", "seats", "dealer", "phase",
                                                   "to_move", "is_over")}
    out.update(seat=None, hand=[], legal=[])
    out["table"] = first["table"] if all(v["table"] == first["table"] for v in views) else []
    histories = [v["history"] for v in views]
    out["history"] = [entry if all(h[i] == entry for h in histories) else [entry[0], None]
                      for i, entry in enumerate(_items(first["history"]))]
    infos = [v["info"] for v in views]
    first_info = infos[0]
    out["info"] = {k: val for k, val in _pairs(first_info)
                   if all(isinstance(i, dict) and i.get(k) == val for i in infos)}
    return out


def _items(value: JSON) -> list[Any]:
    return list(value) if isinstance(value, list) else []


def _pairs(value: JSON) -> list[tuple[str, JSON]]:
    return list(value.items()) if isinstance(value, dict) else []


def events_for(events: Iterable[Event], seat: int | None) -> list[dict[str, JSON]]:
    """The events ``seat`` may see (the public ones for None), JSON-ready."""
    return [e.to_dict() for e in events if e.visible_to(seat)]


__all__ = ["Sight", "Viewable", "events_for", "public_from", "public_view", "view_dict",
           "view_for"]
