"""How a deal of the Jass family (Jass, Putze: :class:`atout.games.jass.play.TrickPlay`)
is written into a pickle and read back (:mod:`atout.pickles` does the rest).

What is costly to pickle is written as plain ints and tuples, which the C pickler writes
and reads without a call into Python: the phase as its index, the Weis as their fields
(a Weis is a class: a global and a call each), the Weis shown as the seats that showed
them; the caches made on demand stay out, and the trick-ranking table of the trump mode
comes back from the mode. The cards of the tricks are ids already (the play keeps ids).
"""

from __future__ import annotations

from operator import attrgetter
from typing import Any

from atout.games.jass.ranks import TRICK_KEYS
from atout.games.jass.weis import Weis

_FIELDS = attrgetter("kind", "cards", "value", "length", "top")
"""A Weis's fields in order: what a pickle carries of it."""

_MADE: dict[tuple[Any, ...], Weis] = {}
"""Weis read back, by their fields: one frozen object per distinct Weis in a process."""

_CACHES = ("_plan", "_own_weis_made", "_weis_made")
"""The caches a deal makes on demand: never pickled."""


def weis_of(fields: tuple[Any, ...]) -> Weis:
    """The Weis with these fields (kind, cards, value, length, top), made once."""
    made = _MADE.get(fields)
    if made is None:
        made = _MADE[fields] = Weis(*fields)
    return made


def pickle_state(deal: Any, phases: tuple[Any, ...]) -> dict[str, Any]:
    """The state of ``deal`` to pickle, its phase written as an index in ``phases``."""
    state: dict[str, Any] = deal.__dict__.copy()
    for key in _CACHES:
        state.pop(key, None)
    if "phase" in state:
        state["phase"] = phases.index(state["phase"])
    if "tricks" in state:
        if state["trick_keys"] is TRICK_KEYS[state["mode"]]:
            del state["trick_keys"]
        declared = state["declared"]
        if declared:
            state["declared"] = tuple(
                (s, tuple(map(_FIELDS, ws))) for s, ws in declared.items())
            shown = state["shown_weis"]
            if all(ws is declared.get(s) for s, ws in shown.items()):
                state["shown_weis"] = tuple(shown)  # the seats: their lists are declared's
            else:
                state["shown_weis"] = tuple(
                    (s, tuple(map(_FIELDS, ws))) for s, ws in shown.items())
    return state


def _weis_back(written: tuple[Any, ...]) -> dict[int, list[Weis]]:
    return {s: [weis_of(f) for f in fields] for s, fields in written}


def after_unpickle(deal: Any, phases: tuple[Any, ...]) -> None:
    """Read back what :func:`pickle_state` wrote."""
    d = deal.__dict__
    if "phase" in d:
        d["phase"] = phases[d["phase"]]
    if "tricks" in d:
        if "trick_keys" not in d:
            d["trick_keys"] = TRICK_KEYS[d["mode"]]
        declared = d["declared"]
        if type(declared) is tuple:
            declared = d["declared"] = _weis_back(declared)
            shown = d["shown_weis"]
            if shown and type(shown[0]) is int:
                d["shown_weis"] = {s: declared[s] for s in shown}
            else:
                d["shown_weis"] = _weis_back(shown)
