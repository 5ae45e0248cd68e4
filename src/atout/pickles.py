"""How rules and deals come back from a pickle (see ``Rules.__reduce__`` and
``Deal.__reduce__`` in :mod:`atout.core`, which name these functions in their pickles).

Rules come back as this process's own rules for the same options, made once and then
shared; a deal comes back as its state, its slots and its history read back into its rules'
actions. This module sits below :mod:`atout.core` (it reads the classes it is given, never
imports them).
"""

from __future__ import annotations

from typing import Any, TypeVar

from atout.options import build_options

T = TypeVar("T")

_MADE: dict[tuple[type[Any], tuple[tuple[str, Any], ...]], Any] = {}

UNSET = object()
"""A value no attribute holds: what ``getattr`` gives for an empty slot."""

_SLOT_NAMES: dict[type[Any], tuple[str, ...]] = {}


def rules_of(cls: type[T], options: tuple[tuple[str, Any], ...]) -> T:
    """The rules of class ``cls`` (a ``Rules`` subclass) with ``options`` (``(name, value)``
    pairs of the options away from their defaults, validated as :func:`atout.make` does),
    made once per process and then shared: how pickled rules, deals and matches come back.
    """
    key = (cls, options)
    made = _MADE.get(key)
    if made is None:
        game: Any = cls
        opts = build_options(game.name, game.options_type, {}, None, dict(options))
        made = _MADE[key] = game(opts)
        made.__dict__["_pickle_key"] = options
    return made  # type: ignore[no-any-return]


def slot_names(cls: type[Any]) -> tuple[str, ...]:
    """The names of the slots a class and its bases declare (a deal keeping its hot state
    in slots), found once per class."""
    names = _SLOT_NAMES.get(cls)
    if names is None:
        found: list[str] = []
        for c in cls.__mro__:
            declared = c.__dict__.get("__slots__", ())
            for n in (declared,) if isinstance(declared, str) else declared:
                if n not in ("__dict__", "__weakref__") and n not in found:
                    found.append(n)
        names = _SLOT_NAMES[cls] = tuple(found)
    return names


def restore_deal(cls: type[T], state: dict[str, Any], history: list[int],
                 slots: dict[str, Any] | None = None) -> T:
    """A deal from ``Deal.__reduce__``'s parts: its state (and its slots' values), and its
    history as ids read back into the rules' own actions."""
    deal = object.__new__(cls)
    table = state["rules"].actions.table
    state["_history"] = [table[i] for i in history]
    deal.__dict__ = state
    if slots:
        for name, value in slots.items():
            setattr(deal, name, value)
    return deal


__all__ = ["UNSET", "restore_deal", "rules_of", "slot_names"]
