"""Auction Pitch (Setback) for 2 to 7 players, alone or in partnerships.

Six cards each from a 52-card pack, dealt in threes; the rest is out of play. One round of
bidding from the dealer's left (pass, 1 to 4; pitching a card at once is a bid of 4, the
*tangage*), the pitcher leads and the first card led fixes trump for the hand. One may trump
even when able to follow a plain suit; a trump lead must be followed. High, Low, Jack and Game
score one point each; the pitcher who falls short is set back by the bid.

Action ids: ``0..51`` play (or, in the auction, pitch) the card of that index in
:data:`atout.cards.FULL_DECK`; ``52`` is ``pass``; ``53..56`` are ``bid 1`` .. ``bid 4``.
The rules as implemented, every option and the event kinds are in ``docs/pitch.md``.
"""

from atout.games.pitch.deal import PitchDeal
from atout.games.pitch.options import PitchOptions
from atout.games.pitch.rules import PitchMatch, PitchRules

__all__ = ["PitchDeal", "PitchMatch", "PitchOptions", "PitchRules"]
