"""How rules and deals come back from a pickle (see ``Rules.__reduce__`` and
``Deal.__reduce__`` in :mod:`atout.core`, which name these functions in their pickles).

A deal whose class has a codec (``Deal.pickle_codec``, a :class:`DealCodec`: every game's,
:mod:`atout.games.codec`) and whose state that codec knows travels in *format 3*
(:func:`packed_reduction`, :func:`restore_packed`): a short head naming its class, its rules'
class and the codec, the rules' options, and the codec's values in one ``marshal`` block,
no field named. Any other deal travels in *format 2*, described below, which also reads the
pickles written before format 3.

Rules come back as this process's own rules for the same options, made once and then
shared. A deal travels as its own state, never as a replay: one string naming its class,
the names of its fields and slots and of the constants left out (the *head*, the same for
every deal of a class at the same point of play, read once per process and then looked
up), the rules' options away from their defaults, the fields' values as one ``marshal``
block (a tuple pickled as usual where a value is an object marshal does not write), the
history as action ids and the seat that played each, in bytes. The fields a class names in
``pickle_constants`` (set from the rules alone) stay out while they hold the rules' values
and come back from them; those in ``pickle_caches`` stay out and come back empty. It costs
one global in the whole pickle (:func:`restore_deal`): see ``benchmarks/pickling.py`` and
docs/performance.md. A payload that is not such a pickle is refused in words
(:class:`pickle.UnpicklingError`), and no module outside ``atout`` is ever imported for it.

This module sits below :mod:`atout.core` (it reads the classes it is given, never imports
them).
"""

from __future__ import annotations

import importlib
import marshal
import pickle
from collections.abc import Callable
from itertools import repeat
from operator import attrgetter, itemgetter
from typing import Any, Protocol, TypeVar

from atout.options import build_options

T = TypeVar("T")

_MADE: dict[tuple[type[Any], tuple[tuple[str, Any], ...]], Any] = {}

UNSET = object()
"""A value no attribute holds: what ``getattr`` gives for an empty slot."""

_SLOT_NAMES: dict[type[Any], tuple[str, ...]] = {}
_SLOT_GETTERS: dict[type[Any], Callable[[Any], tuple[Any, ...]] | None] = {}

_HEADS_IN: dict[tuple[str, tuple[tuple[str, Any], ...]], _Entry] = {}
"""(head, options) -> what the head gives (:class:`_Entry`)."""

_MAGIC = "atout-deal/2"
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


def constants_of(cls: type[Any], rules: Any) -> dict[str, Any]:
    """The values of ``cls.pickle_constants`` (the fields and slots a deal sets from its
    rules alone and never changes) in a deal of ``rules`` freshly dealt, found once per
    class and options: what a pickled deal leaves out and gets back on load. Empty when
    the rules deal another class or the class names none."""
    options = rules.__dict__.get("_pickle_key")
    if options is None:
        options = rules.__reduce__()[1][1]
    key = (cls, type(rules), options)
    found = _CONSTANTS.get(key)
    if found is None:
        found = {}
        names = getattr(cls, "pickle_constants", ())
        if names:
            fresh = rules.deal(seed=0)
            if type(fresh) is cls:
                found = {n: v for n in names
                         if (v := getattr(fresh, n, UNSET)) is not UNSET}
        _CONSTANTS[key] = found
    return found


_CONSTANTS: dict[tuple[type[Any], type[Any], tuple[tuple[str, Any], ...]],
                 dict[str, Any]] = {}


def _getter(names: tuple[str, ...], make: Callable[..., Any]) -> Callable[[Any], tuple[Any, ...]]:
    """``make(*names)`` (an ``itemgetter`` or ``attrgetter``) giving a tuple for any count."""
    if not names:
        return lambda _obj: ()
    if len(names) == 1:
        one = make(names[0])
        return lambda obj: (one(obj),)
    return make(*names)  # type: ignore[no-any-return]


class _Plan:
    """How deals of one class, rules and set of fields are written: the head, getters of
    the fields and slots that travel, and of the constants left out with their values
    (checked on every write: a deal whose constants differ travels whole)."""

    __slots__ = ("check", "count", "empty", "expected", "fields", "head", "slots", "whole")

    def __init__(self, cls: type[Any], rules: Any, keys: tuple[str, ...],
                 slots: tuple[str, ...], constants: dict[str, Any]) -> None:
        caches = getattr(cls, "pickle_caches", {})
        kept = tuple(k for k in keys
                     if k not in _APART and k not in constants and k not in caches)
        kept_slots = tuple(k for k in slots if k not in constants and k not in caches)
        left = tuple(k for k in keys if k in constants)
        left_slots = tuple(k for k in slots if k in constants)
        game = type(rules)
        self.head = " ".join((
            _MAGIC, f"{cls.__module__}:{cls.__qualname__}",
            f"{game.__module__}:{game.__qualname__}", *kept, "|", *kept_slots, "|",
            *left, *left_slots, *(k for k in (*keys, *slots) if k in caches)))
        self.count = len(kept) + len(kept_slots)
        self.empty = tuple(n for n in slot_names(cls) if n not in slots)
        self.fields = _getter(kept, itemgetter)
        self.slots = _getter(kept_slots, attrgetter)
        self.check: tuple[Callable[[Any], tuple[Any, ...]], ...] = ()
        self.expected: tuple[Any, ...] = ()
        if left or left_slots:
            self.check = (_getter(left, itemgetter), _getter(left_slots, attrgetter))
            self.expected = (tuple(constants[k] for k in left),
                             tuple(constants[k] for k in left_slots))
        self.whole: _Plan | None = (
            _Plan(cls, rules, keys, slots, {}) if self.check else None)


_APART = frozenset(("rules", "_history", "_actors"))
"""The fields every deal has that travel apart (the rules as options, the history and
who played it as bytes)."""

_PLANS: dict[tuple[Any, ...], list[_Plan]] = {}
"""(deal class, rules class, options, size of the state) -> the plans made for them."""


def _set_slots(deal: Any, cls: type[Any]) -> tuple[str, ...]:
    """The names of the slots of ``deal`` that hold a value."""
    names = slot_names(cls)
    if names:
        getter = _slot_getter(cls)
        try:
            if getter is not None:
                getter(deal)
        except AttributeError:  # a slot is empty: only the set ones travel
            return tuple(n for n in names if getattr(deal, n, UNSET) is not UNSET)
    return names


def _fits(plan: _Plan, deal: Any, state: dict[str, Any]) -> tuple[Any, ...] | None:
    """The values ``plan`` writes of ``deal`` (state ``state``, of the plan's size), None
    when the plan is for other fields or slots: every field it names is there (so, the
    size being the same, no other) and the slots it leaves out are empty."""
    try:
        values = plan.fields(state) + plan.slots(deal)
        if plan.check and (plan.check[0](state) != plan.expected[0]
                           or plan.check[1](deal) != plan.expected[1]):
            values = plan.whole.fields(state) + plan.whole.slots(deal)  # type: ignore[union-attr]
    except (KeyError, AttributeError):
        return None
    if plan.empty and any(getattr(deal, n, UNSET) is not UNSET for n in plan.empty):
        return None
    return values


def deal_reduction(deal: Any, state: dict[str, Any]) -> tuple[Any, ...]:
    """What ``Deal.__reduce__`` returns: :func:`restore_deal` and its arguments, from the
    deal and its state to pickle (``__dict__`` or a copy the game rewrote; left as it is).

    The fields named in the class's ``pickle_constants`` (set from the rules alone) stay
    out while they hold the rules' values (:func:`constants_of`); the history and its
    seats travel as bytes. The plans are looked up by the state's size (no tuple of its
    names made and hashed per deal), each checked to fit."""
    rules = state["rules"]
    options = rules.__dict__.get("_pickle_key")
    if options is None:
        options = rules.__reduce__()[1][1]
    cls = type(deal)
    plans = _PLANS.setdefault((cls, type(rules), options, len(state)), [])
    for plan in plans:
        values = _fits(plan, deal, state)
        if values is not None:
            break
    else:
        plan = _Plan(cls, rules, tuple(state), _set_slots(deal, cls),
                     constants_of(cls, rules))
        plans.append(plan)
        values = _fits(plan, deal, state)
        assert values is not None  # a plan made for this very deal fits it
    history, actors = state["_history"], state["_actors"]
    try:
        ids: bytes | tuple[int, ...] = bytes(history)
    except ValueError:  # an id past 255: a game with a larger table
        ids = tuple(map(int, history))
    try:
        seats: bytes | tuple[int, ...] = bytes(actors)
    except ValueError:
        seats = tuple(actors)
    head = plan.head if len(values) == plan.count else plan.whole.head  # type: ignore[union-attr]
    try:
        block: bytes | tuple[Any, ...] = marshal.dumps(values, 2)
    except ValueError:  # a value marshal does not write (an object of a class): pickled
        block = values
    return (restore_deal, (head, options, block, ids, seats))


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


class _Entry:
    """What a head read once gives every later deal with it: the class, the rules, the
    fields' and slots' names, the actions' table and the constants to put back."""

    __slots__ = ("cls", "count", "fields", "put", "put_slots", "rules", "slot_names", "table")

    def __init__(self, cls: type[Any], rules: Any, fields: tuple[str, ...],
                 slots: tuple[str, ...], put: dict[str, Any],
                 put_slots: dict[str, Any]) -> None:
        self.cls, self.rules, self.fields = cls, rules, fields
        self.count = len(fields) + len(slots)
        self.slot_names = slots + tuple(put_slots)
        self.put = {**put, "rules": rules}
        self.put_slots = tuple(put_slots.values())
        self.table = rules.actions.table


def _check_options(options: Any) -> None:
    """Refuses a pickle's options unless they are hashable ``(name, value)`` pairs."""
    if not isinstance(options, tuple) or not all(
            isinstance(o, tuple) and len(o) == 2 and isinstance(o[0], str) for o in options):
        raise _refuse(f"its options are {options!r}, not (name, value) pairs")
    try:
        hash(options)
    except TypeError:
        raise _refuse(f"its options {options!r} are not plain values") from None


def _read_head(head: Any, options: Any) -> _Entry:
    """The class, rules and field names a head names, checked: first sight of a head."""
    if not isinstance(head, str) or not head.startswith(_MAGIC + " "):
        raise _refuse(f"its header is {str(head)[:60]!r}")
    _check_options(options)
    words = head.split(" ")
    if words.count("|") != 2 or words.index("|") < 3:
        raise _refuse("its header names no classes or no slot and constant lists")
    bar = words.index("|")
    bar2 = words.index("|", bar + 1)
    cls = _atout_class(words[1], "deal")
    rules_cls = _atout_class(words[2], "rules")
    try:
        rules = rules_of(rules_cls, options)
    except (TypeError, ValueError) as exc:
        raise _refuse(f"its options do not make rules: {exc}") from None
    names, slots = tuple(words[3:bar]), tuple(words[bar + 1:bar2])
    if set(slots) - set(slot_names(cls)):
        raise _refuse(f"{sorted(set(slots) - set(slot_names(cls)))} are not slots of "
                      f"{cls.__name__}")
    constants = {**constants_of(cls, rules), **getattr(cls, "pickle_caches", {})}
    left = words[bar2 + 1:]
    if set(left) - set(constants):
        raise _refuse(f"{sorted(set(left) - set(constants))} are not constants of "
                      f"{cls.__name__}")
    all_slots = set(slot_names(cls))
    entry = _Entry(cls, rules, names, slots,
                   {k: constants[k] for k in left if k not in all_slots},
                   {k: constants[k] for k in left if k in all_slots})
    _HEADS_IN[(head, options)] = entry
    return entry


def _actions(table: tuple[Any, ...], ids: Any) -> list[Any]:
    """The actions of ``table`` with the ids ``ids`` (bytes, or a tuple past 255): one
    ``itemgetter`` call. ``TypeError`` or ``IndexError`` for anything else."""
    if type(ids) is tuple:
        if not all(type(i) is int for i in ids) or (ids and min(ids) < 0):
            raise TypeError
    elif type(ids) is not bytes:
        raise TypeError
    if len(ids) > 1:
        return [*itemgetter(*ids)(table)]
    return [table[i] for i in ids]


def restore_deal(head: str, options: tuple[tuple[str, Any], ...],
                 values: bytes | tuple[Any, ...],
                 history: bytes | tuple[int, ...],
                 seats: bytes | tuple[int, ...] | None = None) -> Any:
    """A deal from :func:`deal_reduction`'s parts: its class and field names (the head),
    its rules' options, its fields' values, its history as action ids read back into the
    rules' own actions and the seat that played each; the constants the head names come
    back from the rules; then the deal's ``_after_unpickle`` rebuilds what the game left
    out of the pickle. (``seats`` has a default only so that a pickle of format 1, which
    had none, is refused in words for its head.)"""
    try:
        entry = _HEADS_IN[(head, options)]
    except (KeyError, TypeError):
        entry = _read_head(head, options)
    if seats is None:
        raise _refuse("its history has no seats")
    if type(values) is bytes:
        try:
            values = marshal.loads(values)
        except (EOFError, ValueError, TypeError):
            raise _refuse("its values are not readable") from None
    if type(values) is not tuple or len(values) != entry.count:
        raise _refuse(f"{entry.cls.__name__} has {entry.count} fields, the pickle "
                      f"{len(values) if isinstance(values, tuple) else repr(values)[:40]}")
    try:
        if type(history) is bytes and len(history) > 1 and type(seats) is bytes \
                and len(seats) == len(history):  # the usual pickle: one itemgetter call
            actions = [*itemgetter(*history)(entry.table)]
        else:
            actions = _actions(entry.table, history)
            if type(seats) not in (bytes, tuple) or len(seats) != len(actions):
                raise TypeError
    except (IndexError, TypeError):
        raise _refuse(f"its history {history!r:.80} is not action ids of "
                      f"{entry.rules.name} with their seats") from None
    deal = object.__new__(entry.cls)
    state = dict(zip(entry.fields, values, strict=False))  # the slots' values follow
    state.update(entry.put)  # the rules and the constants
    state["_history"] = actions
    state["_actors"] = [*seats]
    deal.__dict__ = state
    if entry.slot_names:
        any(map(setattr, repeat(deal), entry.slot_names,
                values[len(entry.fields):] + entry.put_slots))
    deal._after_unpickle()
    return deal


# -- Format 3: a deal class's own codec -------------------------------------------------------


class DealCodec(Protocol):
    """How a deal class packs its state into one tuple of plain values (ints, bools, None,
    str, bytes, and tuples and lists of them: what ``marshal`` writes) and reads it back:
    ``Deal.pickle_codec``. A codec knows its class's fields by name, so its pickle names
    none of them (format 3: :func:`packed_reduction`, :func:`restore_packed`)."""

    name: str
    """The codec and its version, written in each pickle (``"jass/1"``): a process whose
    codec has another name refuses the pickle in words."""

    def encode(self, deal: Any) -> tuple[Any, ...] | None:
        """The values of ``deal``, or None when the codec does not know its state exactly
        (another set of fields, a constant changed, a value of another kind): the deal then
        travels in format 2, field by field."""

    def decode(self, cls: type[Any], rules: Any, values: tuple[Any, ...]) -> Any:
        """The deal of class ``cls`` and rules ``rules`` that :meth:`encode` wrote as
        ``values``; ``ValueError``, ``TypeError``, ``IndexError`` or ``KeyError`` when they
        are not such values."""


_MAGIC3 = "atout-deal/3"
_HEADS3_OUT: dict[type[Any], tuple[type[Any], str]] = {}
"""deal class -> its rules' class and the head of its pickles."""
_HEADS3_IN: dict[tuple[str, tuple[tuple[str, Any], ...]], tuple[type[Any], Any, DealCodec]] = {}


def packed_reduction(deal: Any, codec: DealCodec, values: tuple[Any, ...]
                     ) -> tuple[Any, ...] | None:
    """What ``Deal.__reduce__`` returns for a deal its class's codec encoded as ``values``:
    :func:`restore_packed` and a head (the classes and the codec's name, made once per class),
    the rules' options and the values as one ``marshal`` block. None when marshal does not
    write the values (the deal then travels in format 2)."""
    rules = deal.rules
    cls = type(deal)
    made = _HEADS3_OUT.get(cls)
    if made is None or made[0] is not type(rules):
        game = type(rules)
        made = _HEADS3_OUT[cls] = (game, f"{_MAGIC3} {cls.__module__}:{cls.__qualname__} "
                                         f"{game.__module__}:{game.__qualname__} {codec.name}")
    head = made[1]
    options = rules.__dict__.get("_pickle_key")
    if options is None:
        options = rules.__reduce__()[1][1]
    try:
        block = marshal.dumps(values, 2)
    except ValueError:
        return None
    return (restore_packed, (head, options, block))


def _read_head3(head: Any, options: Any) -> tuple[type[Any], Any, DealCodec]:
    """The class, rules and codec a format-3 head names, checked: first sight of a head."""
    if not isinstance(head, str) or not head.startswith(_MAGIC3 + " "):
        raise _refuse(f"its header is {str(head)[:60]!r}")
    _check_options(options)
    words = head.split(" ")
    if len(words) != 4:
        raise _refuse("its header names no classes or no codec")
    cls = _atout_class(words[1], "deal")
    rules_cls = _atout_class(words[2], "rules")
    codec: DealCodec | None = getattr(cls, "pickle_codec", None)
    if codec is None or codec.name != words[3]:
        mine = "none" if codec is None else repr(codec.name)
        raise _refuse(f"its codec is {words[3]!r}; this atout reads {cls.__name__} by {mine}")
    try:
        rules = rules_of(rules_cls, options)
    except (TypeError, ValueError) as exc:
        raise _refuse(f"its options do not make rules: {exc}") from None
    entry = _HEADS3_IN[(head, options)] = (cls, rules, codec)
    return entry


def restore_packed(head: str, options: tuple[tuple[str, Any], ...], block: bytes) -> Any:
    """A deal from :func:`packed_reduction`'s parts: its class and codec (the head), its
    rules' options and its values, read back by the class's codec."""
    try:
        cls, rules, codec = _HEADS3_IN[(head, options)]
    except (KeyError, TypeError):
        cls, rules, codec = _read_head3(head, options)
    if type(block) is not bytes:
        raise _refuse(f"its values are {type(block).__name__}, not bytes")
    try:
        values = marshal.loads(block)
    except (EOFError, ValueError, TypeError):
        raise _refuse("its values are not readable") from None
    if type(values) is not tuple:
        raise _refuse(f"its values are {type(values).__name__}, not a tuple")
    try:
        return codec.decode(cls, rules, values)
    except (ValueError, TypeError, IndexError, KeyError) as exc:
        raise _refuse(f"its values are not those of a {cls.__name__} ({codec.name}): "
                      f"{exc}") from None


def dict_builder(names: tuple[str, ...]) -> Callable[[dict[str, Any], tuple[Any, ...]],
                                                     dict[str, Any]]:
    """``build(template, values)``: a copy of the dict ``template`` with ``names`` set to
    ``values`` in order (``ValueError`` for another count), compiled once for these names:
    one unpacking and a specialized store per name, a quarter of ``dict.update(zip(...))``'s
    work. How a codec fills a deal's state."""
    if not all(n.isidentifier() for n in names):
        raise ValueError(f"not field names: {names!r}")
    local = [f"v{i}" for i in range(len(names))]
    lines = ["def build(template, values):", "    d = template.copy()"]
    if names:
        lines.append(f"    ({', '.join(local)},) = values")
    else:
        lines.append("    () = values")
    lines += [f"    d[{n!r}] = {v}" for n, v in zip(names, local, strict=True)]
    lines.append("    return d")
    space: dict[str, Any] = {}
    exec("\n".join(lines), space)  # names checked: identifiers only
    built: Callable[[dict[str, Any], tuple[Any, ...]], dict[str, Any]] = space["build"]
    return built


def actions_of(table: tuple[Any, ...], ids: bytes) -> list[Any]:
    """The actions of ``table`` (a rules' ``actions.table``) with the ids ``ids`` (bytes), in
    one ``itemgetter`` call: how a codec reads a history back. ``IndexError`` for an id past
    the table, ``TypeError`` for anything but bytes."""
    if type(ids) is not bytes:
        raise TypeError(f"the history is {type(ids).__name__}, not bytes")
    if len(ids) > 1:
        return [*itemgetter(*ids)(table)]
    return [table[i] for i in ids]


__all__ = ["UNSET", "DealCodec", "actions_of", "constants_of", "deal_reduction", "dict_builder",
           "packed_reduction", "register_bases", "restore_deal", "restore_packed", "rules_of",
           "slot_names"]
