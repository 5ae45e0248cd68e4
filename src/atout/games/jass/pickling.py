"""How a deal of the Jass family (Jass, Putze: :class:`atout.games.jass.play.TrickPlay`)
is written into a pickle and read back (:mod:`atout.pickles` does the rest).

What is costly to pickle is written as plain ints and tuples, which the C pickler writes
and reads without a call into Python: the phase as its index, the Weis as their fields
(a Weis is a class: a global and a call each), the Weis shown as the seats that showed
them; the caches made on demand stay out, and the trick-ranking table of the trump mode
comes back from the mode. The cards of the tricks are ids already (the play keeps ids).
That is format 2, field by field; a deal travels so only when :class:`TrickCodec` (format
3, the values alone in an order the codec knows) does not know its state.
"""

from __future__ import annotations

from operator import attrgetter
from typing import Any

from atout.games.codec import FieldCodec
from atout.games.jass.ranks import KING, QUEEN, TRICK_KEYS
from atout.games.jass.turns import turns_of
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


# -- Format 3: the Jass family's codec ------------------------------------------------------

PLAY_FIELDS = ("playing", "leader", "led", "best", "best_seat", "tricks", "card_points",
               "tricks_won", "weis_points", "stoeck_points", "bonus_points", "played_first",
               "weis_keys", "weis_winner_side", "stoeck_seat", "stoeck_said", "tricks_total",
               "trick_size")
"""The card play's fields (set when play starts) that travel as they are."""

PLAY_APART = ("declared", "shown_weis", "next_player", "orders_from", "trick_keys",
              "stoeck_cards")
"""The card play's fields that travel otherwise: ``declared`` and ``shown_weis`` as their
Weis's fields; ``next_player`` and ``orders_from`` come back from the seats playing
(:func:`~atout.games.jass.turns.turns_of`), ``trick_keys`` and ``stoeck_cards`` from the
trump mode."""

CACHES = frozenset(("_plan", "_own_weis_made", "_weis_made", "_trick_info"))
"""What a Jass-family deal makes on demand: left out of a packed pickle, made again when
first read."""

STOECK_CARDS = tuple((m * 9 + KING, m * 9 + QUEEN) if m < 4 else (-1, -1) for m in range(6))
"""The Stöck's cards (king and queen of trumps) by trump mode; none without a trump suit."""


class TrickCodec(FieldCodec):
    """The codec of a Jass-family deal (:class:`~atout.games.codec.FieldCodec`): the fields
    ``before`` the card play, then those of the card play (:data:`PLAY_FIELDS`, and
    :data:`PLAY_APART` written by :meth:`pack`), each with or without each ``optional``
    field."""

    def __init__(self, name: str, before: tuple[str, ...], phases: tuple[Any, ...],
                 optional: tuple[str, ...] = ()) -> None:
        play = tuple(f for f in PLAY_FIELDS if f not in before)
        super().__init__(name, (before, before + play), apart=((), PLAY_APART),
                         optional=optional, phases=phases, caches=CACHES)

    def base_layout(self, d: dict[str, Any]) -> int:
        """Before the card play (0) or in it (1)."""
        return 1 if "tricks" in d else 0

    def pack(self, deal: Any, d: dict[str, Any], layout: int) -> Any:
        """The Weis declared and shown (None: none declared), the rest checked to follow
        from the seats playing and the trump mode."""
        if layout % 2 == 0:
            return None
        mode = d["mode"]
        turns = turns_of(len(d["side_of"]), d["playing"])
        if d["trick_keys"] is not TRICK_KEYS[mode] or d["orders_from"] != turns[1] \
                or d["stoeck_cards"] != STOECK_CARDS[mode] \
                or d["next_player"] != [*turns[0]] or mode < 0:
            raise ValueError("not the seats' turns or the mode's tables")
        declared, shown = d["declared"], d["shown_weis"]
        if not declared:
            if shown:
                raise ValueError("Weis shown, none declared")
            return None
        if all(ws is declared.get(s) for s, ws in shown.items()):
            seen: Any = bytes(shown)  # the seats: their lists are declared's
        else:
            seen = tuple((s, tuple(map(_FIELDS, ws))) for s, ws in shown.items())
        return (tuple((s, tuple(map(_FIELDS, ws))) for s, ws in declared.items()), seen)

    def unpack(self, deal: Any, d: dict[str, Any], layout: int, extra: Any) -> None:
        """Read back what :meth:`pack` wrote."""
        if layout % 2 == 0:
            return
        mode = d["mode"]
        d["trick_keys"] = TRICK_KEYS[mode]
        d["stoeck_cards"] = STOECK_CARDS[mode]
        nxt, d["orders_from"] = turns_of(len(d["side_of"]), d["playing"])
        d["next_player"] = [*nxt]
        if extra is None:
            d["declared"] = {}
            d["shown_weis"] = {}
            return
        declared, shown = extra
        weis = d["declared"] = _weis_back(declared)
        d["shown_weis"] = ({s: weis[s] for s in shown} if type(shown) is bytes
                           else _weis_back(shown))
