"""The names of the Jass deck shared by the Jass-family modules: the ranks in a suit, the trump
modes and each suit's bitmask over :data:`~atout.cards.JASS_DECK`.
"""

from __future__ import annotations

from atout.cards import JASS_DECK

SUIT_MASK = JASS_DECK.suit_masks
CODES = JASS_DECK.codes
OBENABE = 4
UNDENUFE = 5
MODE_NAMES = ("H", "D", "S", "C", "obenabe", "undenufe")
SIX, SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING, ACE = range(9)
