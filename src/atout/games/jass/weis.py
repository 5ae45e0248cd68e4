"""Weis (announcements) of the Jass family: sequences of three or more cards of a suit and
four of a kind, found in a 36-card hand bitmask with tables built once at import, and their
order (:func:`weis_key`). :mod:`atout.games.jass.play` scores them in the card play.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from atout.cards import JASS_DECK
from atout.games.jass.ranks import (
    ACE,
    EIGHT,
    JACK,
    KING,
    NINE,
    QUEEN,
    SEVEN,
    SIX,
    SUIT_MASK,
    TEN,
    UNDENUFE,
)


@dataclass(frozen=True, slots=True)
class Weis:
    """One announcement: a sequence or four of a kind, with its cards and value."""

    kind: str  # "sequence" or "four"
    cards: int
    value: int
    length: int
    top: int  # for comparison: the rank power of the top card in the mode's order

    def codes(self) -> list[str]:
        """The card codes."""
        return JASS_DECK.codes_of(self.cards)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its fields in order (a pickled deal's Weis: one call each on load)."""
        return (Weis, (self.kind, self.cards, self.value, self.length, self.top))

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {"kind": self.kind, "cards": self.codes(), "value": self.value}


SEQUENCE_VALUES = {3: 20, 4: 50, 5: 100, 6: 100, 7: 100, 8: 100, 9: 100}
BIG_SEQUENCE_VALUES = {3: 20, 4: 50, 5: 100, 6: 150, 7: 200, 8: 250, 9: 300}
FOUR_VALUES = {JACK: 200, NINE: 150, ACE: 100, KING: 100, QUEEN: 100, TEN: 100}


def _runs_table() -> tuple[tuple[tuple[int, int], ...], ...]:
    table = []
    for b in range(512):
        runs = []
        r = 0
        while r < 9:
            if b >> r & 1:
                start = r
                while r < 9 and b >> r & 1:
                    r += 1
                if r - start >= 3:
                    runs.append((start, r - start))
            else:
                r += 1
        table.append(tuple(runs))
    return tuple(table)


_RUNS = _runs_table()
"""For each 9-bit suit pattern, its runs of three or more cards as (start rank, length)."""
_HAS_RUN = tuple(bool(runs) for runs in _RUNS)

_FOUR_MASKS = tuple((r, v, sum(1 << (s * 9 + r) for s in range(4)))
                    for r, v in FOUR_VALUES.items())


def _sequences(hand: int, mode: int, values: dict[int, int]) -> list[Weis]:
    out: list[Weis] = []
    low = mode == UNDENUFE
    nine = values[9]
    for s in range(4):
        b = (hand >> (s * 9)) & 0x1FF
        if not _HAS_RUN[b]:
            continue
        key = (s, b, low, values is BIG_SEQUENCE_VALUES, nine)
        made = _SEQUENCES.get(key)
        if made is None:  # immutable Weis: made once per suit, pattern and scoring
            made = _SEQUENCES[key] = tuple(
                Weis("sequence", ((1 << length) - 1) << (s * 9 + start), values[length], length,
                     (8 - start) if low else (start + length - 1))
                for start, length in _RUNS[b])
        out += made
    return out


_SEQUENCES: dict[tuple[int, int, bool, bool, int], tuple[Weis, ...]] = {}
"""The sequences of each suit's pattern, per suit, Undenufe or not and scoring, made once."""


def find_weis(hand: int, mode: int, big_sequences: bool = False, *, nine_sequence: int = 100,
              low_fours: int = 0, share: bool = False) -> list[Weis]:
    """The best set of Weis in a hand: announcements of the greatest total value.

    A card serves in one Weis only (``share``: a card may serve in a four of a kind and in a
    sequence too); a run counts whole. When a four of a kind shares cards with a run, the
    choice that scores more is kept. ``nine_sequence`` is the value of a nine-card run when
    ``big_sequences`` is off (Jassonkel: 100 from the ace and 50 from the nine, 150);
    ``low_fours`` the value of four sixes, sevens or eights (0: not a Weis).

    >>> from atout.cards import JASS_DECK
    >>> nines = JASS_DECK.mask(["9H", "9D", "9S", "9C"])
    >>> [(w.kind, w.value) for w in find_weis(nines, 0)]
    [('four', 150)]
    >>> run = JASS_DECK.mask(["6S", "7S", "8S", "9S", "TS", "JS", "QS", "KS", "AS"])
    >>> find_weis(run, 0)[0].value, find_weis(run, 0, nine_sequence=150)[0].value
    (100, 150)
    """
    return _find_weis(hand, mode, big_sequences, nine_sequence, low_fours, share)


def find_weis_memo(hand: int, mode: int, big_sequences: bool = False, *,
                   nine_sequence: int = 100, low_fours: int = 0,
                   share: bool = False) -> list[Weis]:
    """:func:`find_weis`, remembering the hands met: for a search, whose samples meet the
    same hands again and again (the searching seat's own in every sample)."""
    key = (hand, mode, big_sequences, nine_sequence, low_fours, share)
    made = _FOUND.get(key)
    if made is None:
        if len(_FOUND) >= _FOUND_MAX:
            _FOUND.clear()
        made = _FOUND[key] = tuple(_find_weis(hand, mode, big_sequences, nine_sequence,
                                              low_fours, share))
    return list(made)


_FOUND: dict[tuple[int, int, bool, int, int, bool], tuple[Weis, ...]] = {}
"""The Weis of the hands met by :func:`find_weis_memo`, by hand and scoring; emptied when
it reaches :data:`_FOUND_MAX` entries."""
_FOUND_MAX = 1 << 14


def _order(w: Weis) -> tuple[int, int, int]:
    return -w.value, -w.length, -w.top


def _find_weis(hand: int, mode: int, big_sequences: bool, nine_sequence: int, low_fours: int,
               share: bool) -> list[Weis]:
    """:func:`find_weis`, computed."""
    values = BIG_SEQUENCE_VALUES if big_sequences else SEQUENCE_VALUES
    if nine_sequence != values[9] and not big_sequences:
        values = {**values, 9: nine_sequence}
    quads = hand & hand >> 9 & hand >> 18 & hand >> 27 & 511  # ranks held in all four suits
    if not quads & (511 if low_fours else _FOUR_RANKS):
        seqs = _sequences(hand, mode, values)
        if len(seqs) > 1:
            seqs.sort(key=_order)
        return seqs
    four_masks = _FOUR_MASKS + (tuple((r, low_fours, sum(1 << (s * 9 + r) for s in range(4)))
                                      for r in (SIX, SEVEN, EIGHT)) if low_fours else ())
    fours = [Weis("four", mask, v, 4, (8 - r) if mode == UNDENUFE else r)
             for r, v, mask in four_masks if hand & mask == mask]
    if share:
        return sorted(fours + _sequences(hand, mode, values), key=_order)
    best: list[Weis] = []
    best_total = -1
    for pick in range(1 << len(fours)):
        chosen = [f for i, f in enumerate(fours) if pick >> i & 1]
        used = 0
        for f in chosen:
            used |= f.cards
        combo = chosen + _sequences(hand & ~used, mode, values)
        total = sum(w.value for w in combo)
        if total > best_total:
            best, best_total = combo, total
    return sorted(best, key=_order)


def weis_key(w: Weis, mode: int) -> tuple[int, int, int, int]:
    """Order of strength between two Weis: value, then length, then top card, then trump."""
    is_trump = 1 if mode < 4 and (w.cards & SUIT_MASK[mode]) == w.cards else 0
    return (w.value, w.length, w.top, is_trump)


def may_hold_weis(hand: int, low_fours: int = 0) -> bool:
    """Whether ``hand`` might hold a Weis (a run of three in a suit or four of a kind): a
    cheap test that lets :func:`find_weis` be skipped for the hands that hold none."""
    if _HAS_RUN[hand & 511] or _HAS_RUN[hand >> 9 & 511] or _HAS_RUN[hand >> 18 & 511] or \
            _HAS_RUN[hand >> 27 & 511]:
        return True
    quads = hand & hand >> 9 & hand >> 18 & hand >> 27 & 511  # ranks held in all four suits
    return bool(quads & (511 if low_fours else _FOUR_RANKS))


_FOUR_RANKS = sum(1 << r for r in FOUR_VALUES)
