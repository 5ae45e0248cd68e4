"""How rules and deals come back from a pickle (see ``Rules.__reduce__`` and
``Deal.__reduce__`` in :mod:`atout.core`, which name these functions in their pickles).

Rules come back as this process's own rules for the same options, made once and then
shared. A deal travels as its own state, never as a replay: one string naming its class and
the names of its fields (the *head*, the same for every deal of a class at the same point of
play, read once per process and then looked up), the rules' options away from their
defaults, the fields' values as one tuple, and the history as action ids in bytes. It costs
one global in the pickle (:func:`restore_deal`): about two clones of the deal for a round
trip (``benchmarks/pickling.py``). A payload that is not such a pickle is refused in words
(:class:`pickle.UnpicklingError`), and no module outside ``atout`` is ever imported for it.

This module sits below :mod:`atout.core` (it reads the classes it is given, never imports
them).
"""

from __future__ import annotations

import importlib
import pickle
from collections.abc import Callable
from itertools import repeat
from operator import attrgetter
from typing import Any, TypeVar

from atout.options import build_options

T = TypeVar("T")

_MADE: dict[tuple[type[Any], tuple[tuple[str, Any], ...]], Any] = {}

UNSET = object()
"""A value no attribute holds: what ``getattr`` gives for an empty slot."""

_SLOT_NAMES: dict[type[Any], tuple[str, ...]] = {}
_SLOT_GETTERS: dict[type[Any], Callable[[Any], tuple[Any, ...]] | None] = {}

_HEADS_OUT: dict[tuple[type[Any], type[Any], tuple[str, ...], tuple[str, ...]], str] = {}
"""(deal class, rules class, field names, slot names) -> the head written for them."""

_HEADS_IN: dict[tuple[str, tuple[tuple[str, Any], ...]], tuple[Any, ...]] = {}
"""(head, options) -> (class, rules, field names, slot names, action table, count)."""

_MAGIC = "atout-deal/1"
_BASES: dict[str, type[Any]] = {}


def register_bases(deal: type[Any], rules: type[Any]) -> None:
    """Name the classes every pickled deal's class and its rules' class must derive from
    (``atout.core.Deal`` and ``Rules``, registered by :mod:`atout.core`): a pickle naming
    another class is refused."""
    _BASES["deal"], _BASES["rules"] = deal, rules


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


def _slot_getter(cls: type[Any]) -> Callable[[Any], tuple[Any, ...]] | None:
    """An ``attrgetter`` of every slot of ``cls`` (a tuple even for one), None without
    slots."""
    if cls not in _SLOT_GETTERS:
        names = slot_names(cls)
        if not names:
            _SLOT_GETTERS[cls] = None
        elif len(names) == 1:
            one = attrgetter(names[0])
            _SLOT_GETTERS[cls] = lambda obj: (one(obj),)
        else:
            _SLOT_GETTERS[cls] = attrgetter(*names)
    return _SLOT_GETTERS[cls]


def deal_reduction(deal: Any, state: dict[str, Any]) -> tuple[Any, ...]:
    """What ``Deal.__reduce__`` returns: :func:`restore_deal` and its arguments, from the
    deal and its state to pickle (a copy of ``__dict__`` that the game may have rewritten,
    ``rules`` and ``_history`` still in it: they are taken out here)."""
    rules = state.pop("rules")
    options = rules.__dict__.get("_pickle_key")
    if options is None:
        options = rules.__reduce__()[1][1]
    history = state.pop("_history")
    cls = type(deal)
    getter = _slot_getter(cls)
    values = tuple(state.values())
    if getter is None:
        slots: tuple[str, ...] = ()
    else:
        try:
            values += getter(deal)
            slots = slot_names(cls)
        except AttributeError:  # a slot is empty: only the set ones travel
            pairs = [(n, v) for n in slot_names(cls)
                     if (v := getattr(deal, n, UNSET)) is not UNSET]
            slots = tuple(n for n, _ in pairs)
            values += tuple(v for _, v in pairs)
    keys = tuple(state)
    game = type(rules)
    head = _HEADS_OUT.get((cls, game, keys, slots))
    if head is None:
        head = _HEADS_OUT[(cls, game, keys, slots)] = " ".join(
            (_MAGIC, f"{cls.__module__}:{cls.__qualname__}",
             f"{game.__module__}:{game.__qualname__}", *keys, "|", *slots))
    try:
        ids: bytes | tuple[int, ...] = bytes(history)
    except ValueError:  # an id past 255: a game with a larger table
        ids = tuple(map(int, history))
    return (restore_deal, (head, options, values, ids))


def _refuse(why: str) -> pickle.UnpicklingError:
    return pickle.UnpicklingError(f"not a pickled atout deal: {why}")


def _atout_class(path: str, kind: str) -> Any:
    """The class ``module:name`` of atout, derived from the registered base of ``kind``."""
    module, _, name = path.partition(":")
    if module != "atout" and not module.startswith("atout."):
        raise _refuse(f"{path!r} is not a class of atout")
    try:
        found: Any = importlib.import_module(module)
        for part in name.split("."):
            found = getattr(found, part)
    except (ImportError, AttributeError):
        raise _refuse(f"this atout has no class {path!r}") from None
    if not isinstance(found, type) or not issubclass(found, _BASES[kind]):
        raise _refuse(f"{path!r} is not a {kind} class")
    return found


def _read_head(head: Any, options: Any) -> tuple[Any, ...]:
    """The class, rules and field names a head names, checked: first sight of a head."""
    if not isinstance(head, str) or not head.startswith(_MAGIC + " "):
        raise _refuse(f"its header is {str(head)[:60]!r}")
    if not isinstance(options, tuple) or not all(
            isinstance(o, tuple) and len(o) == 2 and isinstance(o[0], str) for o in options):
        raise _refuse(f"its options are {options!r}, not (name, value) pairs")
    try:
        hash(options)
    except TypeError:
        raise _refuse(f"its options {options!r} are not plain values") from None
    words = head.split(" ")
    if "|" not in words or words.index("|") < 3:
        raise _refuse("its header names no classes or no slot list")
    bar = words.index("|")
    cls = _atout_class(words[1], "deal")
    rules_cls = _atout_class(words[2], "rules")
    try:
        rules = rules_of(rules_cls, options)
    except (TypeError, ValueError) as exc:
        raise _refuse(f"its options do not make rules: {exc}") from None
    names, slots = tuple(words[3:bar]), tuple(words[bar + 1:])
    if set(slots) - set(slot_names(cls)):
        raise _refuse(f"{sorted(set(slots) - set(slot_names(cls)))} are not slots of "
                      f"{cls.__name__}")
    entry = (cls, rules, names, slots, rules.actions.table, len(names) + len(slots))
    _HEADS_IN[(head, options)] = entry
    return entry


def restore_deal(head: str, options: tuple[tuple[str, Any], ...], values: tuple[Any, ...],
                 history: bytes | tuple[int, ...]) -> Any:
    """A deal from :func:`deal_reduction`'s parts: its class and field names (the head),
    its rules' options, its fields' values, and its history as action ids read back into
    the rules' own actions; then the deal's ``_after_unpickle`` rebuilds what the game left
    out of the pickle."""
    try:
        entry = _HEADS_IN[(head, options)]
    except (KeyError, TypeError):
        entry = _read_head(head, options)
    cls, rules, names, slots, table, count = entry
    if type(values) is not tuple or len(values) != count:
        raise _refuse(f"{cls.__name__} has {count} fields, the pickle "
                      f"{len(values) if isinstance(values, tuple) else repr(values)[:40]}")
    try:
        actions = list(map(table.__getitem__, history))
    except (IndexError, TypeError):
        raise _refuse(f"its history {history!r:.80} is not action ids of "
                      f"{rules.name}") from None
    deal = object.__new__(cls)
    state = dict(zip(names, values, strict=False))  # the slots' values follow
    state["rules"] = rules
    state["_history"] = actions
    deal.__dict__ = state
    if slots:
        any(map(setattr, repeat(deal), slots, values[len(names):]))
    deal._after_unpickle()
    return deal


__all__ = ["UNSET", "deal_reduction", "register_bases", "restore_deal", "rules_of",
           "slot_names"]
