"""Knock Rummy (le Knock-rami, Poker Run) for two to five players.

Each player holds 10 cards (two players), 7 (three or four) or 6 (five); the next card is
turned up to start the discard pile. A turn is ``draw stock`` or ``draw discard``, then a
discard (the card's code). After drawing and before discarding a player may ``knock``: he
discards, then everyone lays down his whole hand, melds (sets of three or four of a rank,
runs of three or more in one suit, the ace low) apart from the isolated cards, the deadwood.
The arrangement that leaves the least deadwood is found exactly for every hand
(:mod:`atout.games.knock_rummy.melds`).

Scoring (the seed's rules): king, queen, jack 10, ace 1, others face value. The player with
the least deadwood collects from every other player the difference; a player who ties the
knocker wins instead of him; a knocker who is not lowest pays 10 more to the winner; a knocker
with no deadwood ("run", "rum") collects 25 more from every other player. Every variant the
sources disagree on is an option of :class:`KnockRummyOptions` (see docs/knock-rummy.md).

Action ids: ``0..51`` discard the card of that index in :data:`atout.cards.FULL_DECK` (the
notation is the card code), ``52`` ``draw stock``, ``53`` ``draw discard``, ``54`` ``knock``.
"""

from atout.games.knock_rummy.deal import KnockRummyDeal
from atout.games.knock_rummy.options import KnockRummyOptions
from atout.games.knock_rummy.rules import KnockRummyMatch, KnockRummyRules
from atout.games.knock_rummy.scoring import settle
from atout.games.knock_rummy.tables import ACTIONS, DRAW_DISCARD, DRAW_STOCK, KNOCK

__all__ = [
    "ACTIONS",
    "DRAW_DISCARD",
    "DRAW_STOCK",
    "KNOCK",
    "KnockRummyDeal",
    "KnockRummyMatch",
    "KnockRummyOptions",
    "KnockRummyRules",
    "settle",
]
