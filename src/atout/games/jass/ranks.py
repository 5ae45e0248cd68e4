"""The names and tables of the Jass deck shared by the Jass-family modules: the ranks in a suit,
the trump modes, each suit's bitmask over :data:`~atout.cards.JASS_DECK`, and per trump mode
each card's power, value and strength in a trick.
"""

from __future__ import annotations

from atout.cards import JASS_DECK
from atout.games.trick import above_in_suit, beaters, trick_keys

SUIT_MASK = JASS_DECK.suit_masks
CODES = JASS_DECK.codes
OBENABE = 4
UNDENUFE = 5
MODE_NAMES = ("H", "D", "S", "C", "obenabe", "undenufe")
SIX, SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING, ACE = range(9)


# Trump order J 9 A K Q T 8 7 6, as a power per rank index (higher wins).
_TRUMP_POWER = (0, 1, 2, 7, 3, 8, 4, 5, 6)
_TRUMP_VALUE = (0, 0, 0, 14, 10, 20, 3, 4, 11)
_PLAIN_VALUE = (0, 0, 0, 0, 10, 2, 3, 4, 11)
_OBENABE_VALUE = (0, 0, 8, 0, 10, 2, 3, 4, 11)
_UNDENUFE_VALUE = (11, 0, 8, 0, 10, 2, 3, 4, 0)


def _tables() -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...],
                       tuple[tuple[int, ...], ...]]:
    power: list[tuple[int, ...]] = []
    value: list[tuple[int, ...]] = []
    higher: list[tuple[int, ...]] = []
    for mode in range(6):
        p, v, h = [], [], []
        for c in range(36):
            s, r = divmod(c, 9)
            if mode < 4:
                if s == mode:
                    p.append(100 + _TRUMP_POWER[r])
                    v.append(_TRUMP_VALUE[r])
                else:
                    p.append(r)
                    v.append(_PLAIN_VALUE[r])
            elif mode == OBENABE:
                p.append(r)
                v.append(_OBENABE_VALUE[r])
            else:
                p.append(8 - r)
                v.append(_UNDENUFE_VALUE[r])
        for c in range(36):
            m = 0
            if mode < 4:
                for d in range(mode * 9, mode * 9 + 9):
                    if p[d] > p[c]:
                        m |= 1 << d
            h.append(m)
        power.append(tuple(p))
        value.append(tuple(v))
        higher.append(tuple(h))
    return tuple(power), tuple(value), tuple(higher)


POWER, VALUE, HIGHER_TRUMPS = _tables()
"""Per mode and card: the power in a trick (trumps above 100), the point value, and for trump
modes the mask of trumps that beat that card."""


_SUIT_OF = tuple(c // 9 for c in range(36))
TRUMP_FLOOR = 100
"""The power from which a card is a trump (:data:`POWER`)."""

TRICK_KEYS = tuple(trick_keys(POWER[m], _SUIT_OF, 4, TRUMP_FLOOR) for m in range(6))
"""Per mode and suit led, each card's strength in the trick (-1: it cannot win it): the
:func:`atout.games.trick.trick_keys` of the mode, the one table of who wins a trick that the
engine's loops, the playouts, the solver and the bots read."""

ABOVE = tuple(above_in_suit(POWER[m], _SUIT_OF) for m in range(6))
"""ABOVE[mode][card]: the cards of the card's suit that beat it (a table, so that "is it the
best card still out?" is one mask test in the rollouts' hot loop)."""

BEATERS = tuple(tuple(beaters(keys) for keys in TRICK_KEYS[m]) for m in range(6))
"""BEATERS[mode][suit led][card]: the cards that would take a trick ``card`` wins
(:func:`atout.games.trick.beaters`): the winning cards of a hand are one mask test."""
