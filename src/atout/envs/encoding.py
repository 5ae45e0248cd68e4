"""Observation encoding: one seat's :class:`~atout.core.View` as a flat float32 vector.

An :class:`Encoder` reads only the view (hand, table, history as the seat saw it, phase,
whose turn, dealer, and the game's public ``info``), never the deal. Every block has a fixed
place; seats are counted relative to the observer (0 is the observer, 1 the next seat in
seat order, and so on), so one policy can play every seat.

The common blocks come first, in this order:

``hand``          the seat's own cards (one bit per card of the deck, in action-id order)
``table``         the cards of the trick under way, one plane of the deck per relative seat
``played``        every card action the seat saw, one plane of the deck per relative seat
``actions``       every word action (bid, trump, pass, knock …) the seat saw, per relative seat
``phase``         the phase, one-hot (the game's phases, then "other")
``to_move``       the seat to move, relative, one-hot (last place: nobody, the deal is over)
``dealer``        the dealer, relative, one-hot

then the game's own features (:mod:`atout.envs.features`), then, for whole matches, the match
scores. :meth:`Encoder.layout` lists every block with its offset and width: docs/envs.md is
generated from it and a test keeps the two equal.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from atout.core import JSON, Rules, View
from atout.i18n.text import is_card

SUITS = "HDSC"
_SUIT_AT = {c: i for i, c in enumerate(SUITS)}

Float = npt.NDArray[np.float32]
Writer = Callable[[Any, int, "Encoder", list[int]], None]
"""Writes a feature's value at an offset: appends the indices to set to 1."""


@dataclass(frozen=True, slots=True)
class Feature:
    """A block of the observation taken from one key of ``view.info``.

    ``kind`` says how the value is read (see :data:`KINDS`); ``scale`` divides numbers (the
    result is clipped to [-1, 1]); ``choices`` lists the values of a ``choice``.
    """

    name: str
    kind: str
    doc: str
    key: str = ""
    scale: float = 1.0
    choices: tuple[str, ...] = ()

    @property
    def source(self) -> str:
        """The key of ``view.info`` the feature reads."""
        return self.key or self.name


@dataclass(frozen=True, slots=True)
class Block:
    """A block of the observation vector: its name, offset, width and meaning."""

    name: str
    offset: int
    width: int
    doc: str


def _clip(x: float) -> float:
    return -1.0 if x < -1.0 else 1.0 if x > 1.0 else x


def _is_map(value: Any) -> bool:
    """``isinstance(value, Mapping)``, answered at once for the usual dicts and lists (the
    abstract-class check costs more than the rest of a feature's reading)."""
    t = type(value)
    if t is dict:
        return True
    if t is list or t is tuple or t is str:
        return False
    return isinstance(value, Mapping)


def _w_seats(value: Any, at: int, enc: Encoder, ones: list[int]) -> None:
    for s in value or ():
        ones.append(at + enc.rel[int(s)])


def _add_cards(value: Any, places: Mapping[str, int], ones: list[int]) -> None:
    """Set the bits of the cards in ``value``: a code, a list of codes, or a list of dicts
    with ``cards`` (such as Weis); unknown codes are ignored. ``places`` maps each code of
    the deck to its index in the observation."""
    if type(value) is str:
        i = places.get(value)
        if i is not None:
            ones.append(i)
        return
    if not (type(value) is list and value and type(value[0]) is dict):
        try:  # the usual case: codes of the deck only
            ones += [places[c] for c in value or ()]
            return
        except (KeyError, TypeError):
            pass
    for item in value or ():
        if type(item) is str:
            i = places.get(item)
            if i is not None:
                ones.append(i)
        elif _is_map(item):
            _add_cards(item.get("cards"), places, ones)


def _w_seat_cards(value: Any, at: int, enc: Encoder, ones: list[int]) -> None:
    """Cards per seat: a dict {seat: cards}, a list by seat, or dicts with seat and cards."""
    planes = enc.seat_planes(at)
    if _is_map(value):
        pairs: Iterable[tuple[int, Any]] = [(int(k), v) for k, v in value.items()]
    elif value and _is_map(value[0]) and "seat" in value[0]:
        pairs = [(int(item["seat"]), item.get("cards")) for item in value]
    else:
        pairs = enumerate(value)
    for seat, cards in pairs:
        if cards:
            _add_cards(cards, planes[seat], ones)


def _w_choice(feature: Feature) -> Writer:
    where = {c: i for i, c in enumerate(feature.choices)}

    def write(value: Any, at: int, enc: Encoder, ones: list[int]) -> None:
        i = where.get(value) if isinstance(value, str) else None
        if i is not None:
            ones.append(at + i)

    return write


def _seat_numbers(v: Any, places: Sequence[int], scale: float, where: list[int],
                  values: list[float]) -> None:
    """A ``per_seat`` value that is not a list of one number per seat: a shorter or longer
    list, a dict {seat: number}, or any sequence."""
    if type(v) is list:
        items: Iterable[tuple[int, Any]] = zip(range(len(places)), v, strict=False)
    else:
        items = [(int(s), x) for s, x in v.items()] if _is_map(v) else enumerate(v)
    for s, x in items:
        if x and x is not True:  # zeros (and absent values) stay 0
            y = x / scale
            where.append(places[s])
            values.append(-1.0 if y < -1.0 else 1.0 if y > 1.0 else y)


Reader = Callable[[Callable[[str], Any], list[int], list[int], list[float], "Encoder"], None]
"""Reads the features of one view's ``info`` for one observer (see :func:`_compile_reader`):
``(info.get, ones, where, values, encoder)``."""


def _compile_reader(enc: Encoder, me: int) -> Reader:
    """The function that reads every feature of ``info`` for observer ``me``, written out.

    It does what a loop over the encoder's feature tables would do, feature by feature and
    in the same order (seats, flags, suits, numbers, team numbers, per-seat numbers, cards,
    cards per seat, then the other kinds), with every offset, scale and relative seat a
    constant: an observation reads a dozen to twenty features, and the loop's own work
    (unpacking a table row, reading its constants) cost about as much as the reading. Made
    once per observer, as ``dataclasses`` makes an ``__init__``.
    """
    n, rel = enc.seats, enc._rels[me]
    space: dict[str, Any] = {"_SUIT_AT": _SUIT_AT, "_add_cards": _add_cards,
                             "_seat_numbers": _seat_numbers, "_w_seat_cards": _w_seat_cards}
    lines = ["def read(get, ones, where, values, enc):"]

    def const(value: Any) -> str:
        name = f"c{len(space)}"
        space[name] = value
        return name

    def number(x: str, inv: str, place: int, indent: str) -> None:
        lines.extend([f"{indent}y = {x} * {inv}",
                      f"{indent}where.append({place})",
                      f"{indent}values.append(-1.0 if y < -1.0 else 1.0 if y > 1.0 else y)"])

    for key, at in enc._seat_f:
        lines += [f"    v = get({key!r})", "    if type(v) is int and v >= 0:",
                  f"        ones.append({const(tuple(at + r for r in rel))}[v])"]
    for key, at in enc._flag_f:
        lines += [f"    if get({key!r}):", f"        ones.append({at})"]
    for key, at in enc._suit_f:
        lines += [f"    v = get({key!r})", "    if type(v) is str and v in _SUIT_AT:",
                  f"        ones.append({at} + _SUIT_AT[v])"]
    for key, at, inv in enc._number_f:
        lines += [f"    v = get({key!r})", "    if v and type(v) is not bool:"]
        number("v", const(inv), at, "        ")
    own = me & 1
    for key, at, inv in enc._team_f:
        lines += [f"    v = get({key!r})", "    if v:"]
        for place, side in ((at, own), (at + 1, 1 - own)):
            lines += [f"        x = v[{side}] * {const(inv)}", "        if x:",
                      f"            where.append({place})",
                      "            values.append(-1.0 if x < -1.0 else 1.0 if x > 1.0 else x)"]
    for key, at, scale in enc._per_seat_f:
        places = [at + r for r in rel]
        sc = const(scale)
        lines += [f"    v = get({key!r})", "    if v:",
                  f"        if type(v) is list and len(v) == {n}:",
                  "            if any(v):"]
        for s in range(n):
            lines += [f"                x = v[{s}]", "                if x and x is not True:",
                      f"                    y = x / {sc}",
                      f"                    where.append({places[s]})",
                      "                    values.append(-1.0 if y < -1.0 else 1.0 if y > 1.0"
                      " else y)"]
        lines += ["        else:",
                  f"            _seat_numbers(v, {const(places)}, {sc}, where, values)"]
    for key, at in enc._cards_f:
        deck_at = const(enc.places(at))
        lines += [f"    v = get({key!r})", "    if v:", "        if type(v) is str:",
                  f"            i = {deck_at}.get(v)", "            if i is not None:",
                  "                ones.append(i)", "        else:",
                  f"            _add_cards(v, {deck_at}, ones)"]
    for key, at in enc._seat_cards_f:
        planes = const([enc.places(at + r * enc.deck_size) for r in rel])
        lines += [f"    v = get({key!r})", "    if v:",
                  "        if type(v) is list and type(v[0]) is list:",
                  f"            for cards, plane in zip(v, {planes}, strict=False):",
                  "                if cards:", "                    _add_cards(cards, plane, ones)",
                  "        else:", f"            _w_seat_cards(v, {at}, enc, ones)"]
    for key, at, write in enc._features:
        lines += [f"    v = get({key!r})", "    if v:",
                  f"        {const(write)}(v, {at}, enc, ones)"]
    lines.append("    return None")
    exec(compile("\n".join(lines), f"<atout reader of seat {me}>", "exec"), space)
    reader: Reader = space["read"]
    return reader


KINDS: dict[str, str] = {
    "seat": "a seat, relative to the observer, one-hot (none when absent)",
    "seats": "a set of seats, relative, one bit each",
    "suit": "a suit H D S C, one-hot",
    "flag": "true or false, one bit",
    "cards": "a set of cards, one bit per card of the deck",
    "seat_cards": "cards per seat: one plane of the deck per relative seat",
    "number": "a number divided by its scale, clipped to [-1, 1]",
    "per_seat": "a number per seat, relative, divided by the scale, clipped to [-1, 1]",
    "per_team": "a number per Jass team: the observer's team, then the other",
    "choice": "one of the listed words, one-hot",
}
"""How a :class:`Feature` is read, by kind."""


def _width(feature: Feature, seats: int, deck: int) -> int:
    kind = feature.kind
    if kind in ("seat", "seats", "per_seat"):
        return seats
    if kind == "suit":
        return 4
    if kind in ("flag", "number"):
        return 1
    if kind == "cards":
        return deck
    if kind == "seat_cards":
        return seats * deck
    if kind == "per_team":
        return 2
    if kind == "choice":
        return len(feature.choices)
    raise ValueError(f"feature {feature.name}: unknown kind {kind!r}: expected one of "
                     f"{', '.join(KINDS)}")


def _writer(feature: Feature) -> Writer:
    """The writer of a kind that :meth:`Encoder.encode` does not read inline (``seats``,
    ``choice``)."""
    return _w_seats if feature.kind == "seats" else _w_choice(feature)


def _common_blocks(n: int, d: int, words: Sequence[str],
                   phases: Sequence[str]) -> list[Block]:
    """The blocks every game's observation starts with (``n`` seats, ``d`` cards, the
    game's word actions and phases), one after the other from offset 0."""
    k = len(words)
    common = [
        ("hand", d, "the seat's own cards"),
        ("table", n * d, "cards of the trick under way, a deck plane per relative seat"),
        ("played", n * d, "card actions seen, a deck plane per relative seat"),
        ("actions", n * k, "word actions seen (" + ", ".join(words[:6])
         + (" …" if k > 6 else "") + "), per relative seat"),
        ("phase", len(phases), "the phase: " + ", ".join(phases)),
        ("to_move", n + 1, "the seat to move, relative; last: nobody"),
        ("dealer", n, "the dealer, relative"),
    ]
    blocks: list[Block] = []
    at = 0
    for name, width, doc in common:
        blocks.append(Block(name, at, width, doc))
        at += width
    return blocks


def _scale_words(f: Feature) -> str:
    """How a scaled feature's block says its scale (" / 13"), or nothing."""
    return f" / {f.scale:g}" if f.kind in ("number", "per_seat", "per_team") else ""


def _match_blocks(at: int, n: int, match_scale: float) -> list[Block]:
    """The match's blocks from offset ``at``: the scores per relative seat and the deal
    number."""
    return [Block("match_scores", at, n,
                  f"info['match']['scores'] per relative seat / {match_scale:g}"),
            Block("deal_number", at + n, 1, "info['match']['deal_number'] / 100")]


class Encoder:
    """Turns one seat's views into observation vectors for one game's rules.

    Build it once per environment: the card and action tables are computed here, and
    :meth:`encode` only looks them up.
    """

    def __init__(self, rules: Rules[Any], phases: Sequence[str], features: Sequence[Feature],
                 *, match_scale: float | None = None) -> None:
        self.seats = n = rules.seats
        texts = [a.text for a in rules.actions]
        self.cards = tuple(t for t in texts if is_card(t))
        self.deck_size = d = len(self.cards)
        self.card_index = {c: i for i, c in enumerate(self.cards)}
        self.words = tuple(t for t in texts if not is_card(t))
        self.word_index = {w: i for i, w in enumerate(self.words)}
        self.phases = (*phases, "other")
        self.phase_index = {p: i for i, p in enumerate(self.phases)}
        self.me = 0
        self.rel: list[int] = list(range(n))
        blocks = _common_blocks(n, d, self.words, self.phases)
        # The simple kinds are read inline by encode (a call per feature costs more than
        # the reading); the others through their writer.
        self._seat_f: list[tuple[str, int]] = []
        self._flag_f: list[tuple[str, int]] = []
        self._suit_f: list[tuple[str, int]] = []
        self._number_f: list[tuple[str, int, float]] = []
        self._team_f: list[tuple[str, int, float]] = []
        self._per_seat_f: list[tuple[str, int, float]] = []
        self._cards_f: list[tuple[str, int]] = []
        self._seat_cards_f: list[tuple[str, int]] = []
        self._features: list[tuple[str, int, Writer]] = []
        at = blocks[-1].offset + blocks[-1].width
        for f in features:
            w = _width(f, n, d)
            blocks.append(Block(f.name, at, w, f"info[{f.source!r}] ({f.kind}"
                                f"{_scale_words(f)}): " + f.doc))
            self._file(f, at)
            at += w
        self.match_scale = match_scale
        self._match_at = at
        if match_scale is not None:
            blocks += _match_blocks(at, n, match_scale)
            at = blocks[-1].offset + blocks[-1].width
        self.blocks = tuple(blocks)
        self.size = at
        off = {b.name: b.offset for b in blocks}
        self._hand, self._table, self._played = off["hand"], off["table"], off["played"]
        self._actions, self._phase = off["actions"], off["phase"]
        self._to_move, self._dealer = off["to_move"], off["dealer"]
        self._rels = [[(s - me) % n for s in range(n)] for me in range(n)]
        self._places: dict[int, dict[str, int]] = {}
        self._seat_planes: dict[tuple[int, int], list[dict[str, int]]] = {}
        self._hand_at = self.places(self._hand)
        # the deck planes of the table and the played cards, by relative seat
        self._table_at = [self.places(self._table + r * d) for r in range(n)]
        self._played_at = [self.places(self._played + r * d) for r in range(n)]
        self._seen: list[tuple[tuple[tuple[int, str | None], ...], list[int]]] = [
            ((), []) for _ in range(n)]
        # per observer: the function that reads the game's features (see _compile_reader)
        self._readers = [_compile_reader(self, me) for me in range(n)]

    def _file(self, f: Feature, at: int) -> None:
        """File the feature ``f`` (at offset ``at``) under its kind: the list that
        :meth:`encode` reads inline, or the features read through their writer."""
        key, kind = f.source, f.kind
        plain = {"seat": self._seat_f, "flag": self._flag_f, "suit": self._suit_f,
                 "cards": self._cards_f, "seat_cards": self._seat_cards_f}
        inverse = {"number": self._number_f, "per_team": self._team_f}
        if kind in plain:
            plain[kind].append((key, at))
        elif kind in inverse:
            inverse[kind].append((key, at, 1.0 / f.scale))
        elif kind == "per_seat":
            self._per_seat_f.append((key, at, f.scale))
        else:
            self._features.append((key, at, _writer(f)))

    def places(self, at: int) -> dict[str, int]:
        """The index in the observation of each card of a deck plane starting at ``at``
        (made once per plane)."""
        made = self._places.get(at)
        if made is None:
            made = self._places[at] = {c: at + i for i, c in enumerate(self.cards)}
        return made

    def seat_planes(self, at: int) -> list[dict[str, int]]:
        """The :meth:`places` of each seat's deck plane of a per-seat block starting at
        ``at``, by seat, for the current observer (made once per observer and block)."""
        key = (at, self.me)
        made = self._seat_planes.get(key)
        if made is None:
            d, rel = self.deck_size, self.rel
            made = self._seat_planes[key] = [self.places(at + rel[s] * d)
                                             for s in range(self.seats)]
        return made

    def layout(self) -> list[Block]:
        """Every block of the observation, in order."""
        return list(self.blocks)

    def encode(self, view: View, out: Float | None = None) -> Float:
        """The observation of ``view`` (written into ``out`` when given, else a new array)."""
        n = self.seats
        me = view.seat
        self.me = me
        rel = self.rel = self._rels[me]
        hand_at = self._hand_at
        ones = [hand_at[c] for c in view.hand]
        if view.table:
            table_at = self._table_at
            ones += [table_at[rel[s]][c] for s, c in view.table]
        # The history only grows during a deal: the bits of the part already seen by this
        # seat are kept, and only the new actions are read (a different prefix starts over).
        history = view.history
        seen, seen_ones = self._seen[me]
        start = len(seen)
        if len(history) < start or history[:start] != seen:
            start = 0
            seen_ones = []
        if len(history) > start:
            played_at, acted, k = self._played_at, self._actions, len(self.words)
            word_index = self.word_index
            for s, text in history[start:]:
                if text is None:
                    continue
                i = played_at[rel[s]].get(text)
                if i is not None:
                    seen_ones.append(i)
                else:
                    seen_ones.append(acted + rel[s] * k + word_index[text])
            self._seen[me] = (history, seen_ones)
        ones += seen_ones
        ones.append(self._phase + self.phase_index.get(view.phase, len(self.phases) - 1))
        ones.append(self._to_move + (n if view.to_move is None else rel[view.to_move]))
        ones.append(self._dealer + rel[view.dealer])
        get = view.info.get
        where: list[int] = []  # the places and values of the numbers
        values: list[float] = []
        self._readers[me](get, ones, where, values, self)
        if self.match_scale is not None:
            self._match(get("match"), where, values)
        if out is None:
            out = np.zeros(self.size, dtype=np.float32)
        else:
            out.fill(0.0)
        out.put(ones, 1.0)
        if where:
            out.put(where, values)
        return out

    def _match(self, match: JSON, where: list[int], values: list[float]) -> None:
        if not match or self.match_scale is None:
            return
        at = self._match_at
        for s, v in enumerate(match.get("scores") or ()):
            where.append(at + self.rel[s])
            values.append(_clip(float(v) / self.match_scale))
        where.append(at + self.seats)
        values.append(_clip(float(match.get("deal_number", 0)) / 100.0))


__all__ = ["KINDS", "SUITS", "Block", "Encoder", "Feature"]
