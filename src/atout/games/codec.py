"""A deal class's pickle codec over its fields (:class:`atout.pickles.DealCodec`, format 3).

A :class:`FieldCodec` knows, for each *layout* of a class (the fields a deal holds at some
point of play: before the card play, during it ...), the fields' names in order, so that a
pickle carries their values alone, in one tuple written by ``marshal``: no field's name, no
head listing them. On every write it checks the deal holds exactly the layout's fields (the
caches made on demand aside), that the constants of its rules hold their rules' values, and
that every value is one marshal writes; a deal that fails any check gives None and travels
in format 2, field by field (:func:`atout.pickles.deal_reduction`). On read, one dict is
copied from a template holding the rules and the constants and the values are stored into it
by code compiled once per layout (:func:`atout.pickles.dict_builder`).

What the codec adds to the plain fields: the phase as its index in ``phases``, the history's
action ids and seats as bytes, the ``as_bytes`` fields (lists of small ints: cards, seats)
as bytes, the slots that travel (a class keeping its state in slots) in a tuple of their own,
and whatever a subclass writes in :meth:`FieldCodec.pack` and reads in
:meth:`FieldCodec.unpack`.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import repeat
from operator import attrgetter, itemgetter
from typing import Any

from atout.pickles import actions_of, constants_of, dict_builder, slot_names

Getter = Callable[[Any], tuple[Any, ...]]

_NONE: Getter = lambda _obj: ()  # noqa: E731  (the getter of no name)


def getter(names: tuple[str, ...], make: Callable[..., Any] = itemgetter) -> Getter:
    """``make(*names)`` (an ``itemgetter`` or ``attrgetter``) giving a tuple for any count."""
    if not names:
        return _NONE
    if len(names) == 1:
        one = make(names[0])
        return lambda obj: (one(obj),)
    got: Getter = make(*names)
    return got


class Known:
    """What a codec knows of one rules' deals: the constants (checked on every write, put
    back on read), the dict every read deal of each layout starts from and its size, the
    actions' table and the slots' names and constant values."""

    __slots__ = ("check", "expected", "put_slots", "sizes", "slot_check", "slot_expected",
                 "slot_names", "table", "templates")

    def __init__(self, codec: FieldCodec, cls: type[Any], rules: Any) -> None:
        constants = constants_of(cls, rules)
        slots = set(slot_names(cls))
        kept = {k: v for k, v in constants.items() if k not in slots}
        slotted = {k: v for k, v in constants.items() if k in slots}
        self.check = getter(tuple(kept))
        self.expected = tuple(kept.values())
        self.slot_check = getter(tuple(slotted), attrgetter)
        self.slot_expected = tuple(slotted.values())
        caches = getattr(cls, "pickle_caches", {})
        put = {**slotted, **{k: v for k, v in caches.items() if k in slots}}
        self.slot_names = codec.slots + tuple(put)
        self.put_slots = tuple(put.values())
        self.table = rules.actions.table
        self.templates = tuple(
            {"rules": rules, **kept, **dict.fromkeys(
                (*codec.always, *codec.as_bytes, *fields, *apart))}
            for fields, apart in zip(codec.fields, codec.apart, strict=True))
        self.sizes = tuple(map(len, self.templates))


class FieldCodec:
    """A codec over a deal class's fields by layout (see the module).

    ``layouts[k]`` names the fields that travel as they are in layout ``k`` (then each
    ``optional`` field the deal holds, :meth:`layout_of`); ``apart[k]`` those :meth:`pack`
    writes and :meth:`unpack` reads (counted, never read, by this class);
    ``slots`` the slots that travel (the class's others are constants or caches); ``phases``
    the values of the field ``phase``, which travels as its index (none: no such field);
    ``as_bytes`` the fields, in every layout, that are lists of ints from 0 to 255;
    ``caches`` the fields a deal makes on demand (left out, made again when read)."""

    def __init__(self, name: str, layouts: tuple[tuple[str, ...], ...], *,
                 apart: tuple[tuple[str, ...], ...] | None = None,
                 optional: tuple[str, ...] = (),
                 slots: tuple[str, ...] = (), phases: tuple[Any, ...] = (),
                 as_bytes: tuple[str, ...] = (),
                 caches: frozenset[str] = frozenset()) -> None:
        self.name = name
        self.base = len(layouts)
        self.optional = optional
        apart = apart if apart is not None else tuple(() for _ in layouts)
        self.fields = tuple(
            fields + tuple(o for i, o in enumerate(optional) if bits >> i & 1)
            for bits in range(1 << len(optional)) for fields in layouts)
        self.apart = apart * (1 << len(optional))
        self.slots = slots
        self.phases = phases
        self.as_bytes = as_bytes
        self.always = ("_history", "_actors", *(("phase",) if phases else ()))
        self.caches = caches | {"_seen", "_seen_by"}
        self.getters = tuple(getter(f) for f in self.fields)
        self.builders = tuple(dict_builder(f) for f in self.fields)
        self.slot_getter = getter(slots, attrgetter)
        self.bytes_getter = getter(as_bytes)
        self._key = f"_codec:{name}"
        mine = type(self)
        self._one = not optional and mine.base_layout is FieldCodec.base_layout
        self._packs = mine.pack is not FieldCodec.pack
        self._unpacks = mine.unpack is not FieldCodec.unpack

    def known(self, cls: type[Any], rules: Any) -> Known:
        """What the codec knows of ``rules``' deals, made once per rules (kept in them)."""
        known: Known | None = rules.__dict__.get(self._key)
        if known is None:
            known = rules.__dict__[self._key] = Known(self, cls, rules)
        return known

    def base_layout(self, d: dict[str, Any]) -> int:
        """The index in ``layouts`` of a deal's state ``d`` (one layout: 0)."""
        return 0

    def layout_of(self, d: dict[str, Any]) -> int:
        """The layout of a deal's state ``d``: its base layout, and which optional fields
        it holds."""
        layout = self.base_layout(d)
        for i, name in enumerate(self.optional):
            if name in d:
                layout += self.base << i
        return layout

    def pack(self, deal: Any, d: dict[str, Any], layout: int) -> Any:
        """The values of the ``apart`` fields of ``layout`` (``layout % len(layouts)``
        names them in ``layouts``), anything marshal writes; raise
        ``ValueError`` (or a ``LookupError``, ``TypeError``) when they are not as the codec
        writes them. None by default."""
        return None

    def unpack(self, deal: Any, d: dict[str, Any], layout: int, extra: Any) -> None:
        """Set the layout's ``apart`` fields in ``d`` (the state of ``deal``, its plain fields
        set) from what :meth:`pack` wrote."""

    def encode(self, deal: Any) -> tuple[Any, ...] | None:
        """The deal's values: layout, phase, history, seats, plain fields, bytes fields,
        what :meth:`pack` writes and the slots; None for a state the codec does not know."""
        d = deal.__dict__
        try:
            rules = d["rules"]
            known = rules.__dict__.get(self._key) or self.known(type(deal), rules)
            layout = 0 if self._one else self.layout_of(d)
            size = known.sizes[layout]
            if len(d) != size and len(d) - len(self.caches.intersection(d)) != size:
                return None  # other fields than the layout's (all of which are read below)
            if known.check(d) != known.expected:
                return None
            values = self.getters[layout](d)
            history = bytes(d["_history"])
            seats = bytes(d["_actors"])
            phase = self.phases.index(d["phase"]) if self.phases else -1
            packed = tuple(map(bytes, self.bytes_getter(d))) if self.as_bytes else ()
            extra = self.pack(deal, d, layout) if self._packs else None
            if self.slots:
                if known.slot_check(deal) != known.slot_expected:
                    return None
                return (layout, phase, history, seats, values, packed, extra,
                        self.slot_getter(deal))
        except (LookupError, ValueError, TypeError, AttributeError):
            return None
        return (layout, phase, history, seats, values, packed, extra)

    def decode(self, cls: type[Any], rules: Any, values: tuple[Any, ...]) -> Any:
        """The deal :meth:`encode` wrote as ``values``."""
        known = rules.__dict__.get(self._key) or self.known(cls, rules)
        if self.slots:
            layout, phase, history, seats, got, packed, extra, slots = values
            if type(slots) is not tuple or len(slots) != len(self.slots):
                raise ValueError(f"{len(self.slots)} slots expected")
        else:
            layout, phase, history, seats, got, packed, extra = values
        if type(seats) is not bytes or type(history) is not bytes \
                or len(seats) != len(history):
            raise ValueError("a history without its seats")
        if len(packed) != len(self.as_bytes):
            raise ValueError(f"{len(self.as_bytes)} fields of cards expected")
        d = self.builders[layout](known.templates[layout], got)
        d["_history"] = ([*itemgetter(*history)(known.table)] if len(history) > 1
                         else actions_of(known.table, history))
        d["_actors"] = [*seats]
        if self.phases:
            d["phase"] = self.phases[phase]
        if packed:
            d.update(zip(self.as_bytes, map(list, packed), strict=True))
        deal = object.__new__(cls)
        deal.__dict__ = d
        if self.slots:
            any(map(setattr, repeat(deal), known.slot_names, slots + known.put_slots))
        if self._unpacks:
            self.unpack(deal, d, layout, extra)
        return deal


__all__ = ["FieldCodec", "Known", "getter"]
