"""Auction Pitch's tables, built once: the deck, the action ids, the bid masks."""

from __future__ import annotations

from atout.cards import FULL_DECK
from atout.events import PitchPhase
from atout.games.trick import trick_keys

# -- tables, built once ---------------------------------------------------------------------

DECK = FULL_DECK
NCARDS = 52
HAND_SIZE = 6
TRICKS = 6
PASS = 52
BID0 = 52  # action id of "bid k" is BID0 + k
PASS_BIT = 1 << PASS
BID_BIT = tuple(0 if k == 0 else 1 << (BID0 + k) for k in range(5))
BIDS_FROM = tuple(sum(BID_BIT[j] for j in range(max(k, 1), 5)) for k in range(6))
"""``BIDS_FROM[k]``: the mask of the bids ``k`` to 4 (empty for ``k`` = 5)."""
CARDS_MASK = (1 << NCARDS) - 1
SUIT_MASK = DECK.suit_masks
SUIT_OF = DECK.suit_of
RANK_OF = DECK.rank_of
JACK_RANK = 9  # ranks "23456789TJQKA"
TRICK_KEYS = tuple(trick_keys(tuple(100 + RANK_OF[c] if SUIT_OF[c] == trump else RANK_OF[c]
                                    for c in range(NCARDS)), SUIT_OF, 4, 100)
                   for trump in range(4))
"""Per trump suit and suit led, each card's strength in a trick (-1: it cannot win it): the
rank, above 100 for a trump (:func:`atout.games.trick.trick_keys`)."""
GAME_VALUE = tuple({8: 10, 9: 1, 10: 2, 11: 3, 12: 4}.get(r, 0) for r in RANK_OF)
"""Points toward Game: ten 10, ace 4, king 3, queen 2, jack 1."""
SUIT_NAMES = ("hearts", "diamonds", "spades", "clubs")
ACTION_TEXTS = (*DECK.codes, "pass", "bid 1", "bid 2", "bid 3", "bid 4")

AUCTION, PLAY, OVER = PitchPhase.AUCTION, PitchPhase.PLAY, PitchPhase.OVER
"""The phases (:class:`atout.events.PitchPhase`), as module constants: the deal compares its
phase with them by identity (members are singletons, and ``is`` costs less than ``==``)."""


def codes_text(mask: int) -> str:
    """The codes of the cards in ``mask``, comma-separated, or ``nothing``."""
    return ", ".join(DECK.codes_of(mask)) or "nothing"
