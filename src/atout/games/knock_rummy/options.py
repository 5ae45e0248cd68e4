"""The options of Knock Rummy."""

from __future__ import annotations

from dataclasses import dataclass

from atout.core import (
    option,
)
from atout.games.knock_rummy.tables import DEFAULT_HAND, STOCK_OUT


def max_hand(players: int) -> int:
    """The largest hand that leaves a stock of at least one card per player.

    The stock must let every player draw from it once before it first runs out: with less, a
    ``stock_out='showdown'`` or ``'void'`` deal ends before some player has had a turn, and
    a rebuilt stock is made of nothing but cards everybody has seen.

    >>> [max_hand(n) for n in (2, 3, 4, 5)]
    [24, 16, 11, 9]
    """
    return (52 - 1 - players) // players


@dataclass(frozen=True, kw_only=True)
class KnockRummyOptions:
    """The table options of Knock Rummy; the defaults follow the seed's rules."""

    players: int = option(4, choices=(2, 3, 4, 5), doc="number of players, two to five")
    hand_size: int = option(
        0, choices=(0, 5, 6, 7, 8, 9, 10),
        doc="cards dealt to each player; 0: by the number of players, 10 for two, 7 for "
            "three or four, 6 for five")
    discard_taken: bool = option(
        False, doc="whether a card just taken from the discard pile may be discarded again "
                   "in the same turn")
    stock_out: str = option(
        "shuffle", choices=STOCK_OUT,
        doc="when the stock is empty after a discard: 'shuffle' the discard pile but its top "
            "card into a new stock, 'turn' it over unshuffled, 'showdown' everyone lays down "
            "and scores with no knocker, or 'void' the deal scores nothing")
    restock_limit: int = option(
        0, doc="0: the stock is rebuilt ('shuffle' or 'turn') as often as it runs out; N from "
               "1: when it runs out after N rebuilds, the deal is void")
    lay_off: bool = option(
        False, doc="whether the other players may lay off isolated cards on the knocker's "
                   "melds at the showdown (not on a knocker who has no isolated card)")
    knocker_discards: bool = option(
        True, doc="whether the knocker discards before laying down (otherwise he shows the "
                  "hand with the card he drew)")
    knock_limit: int = option(
        0, doc="0: a player may knock whatever his deadwood; N from 1: only when his deadwood "
               "after the discard is N or less (the gin-style rule uses 10)")
    knock_penalty: int = option(
        10, doc="extra points a knocker who is not lowest pays to the winner")
    penalty_to: str = option(
        "winner", choices=("winner", "each"),
        doc="'winner': the knocker's penalty goes to the winner; 'each': the knocker pays it "
            "to every player whose deadwood is not above his")
    tie_fine: bool = option(
        False, doc="whether a knocker tied for the least deadwood, who loses the deal to the "
                   "player he ties, also pays the knock penalty: False, the seed's « n'a pas "
                   "le moins de points » (a tied knocker has the least; also cardgameheaven, "
                   "smirkify); True, 'not lowest' read as 'not the only lowest'")
    rum_bonus: int = option(
        25, doc="extra points a winning knocker with no deadwood collects from each player")
    tie: str = option(
        "split", choices=("split", "next"),
        doc="several players other than the knocker tied for the least deadwood: 'split' the "
            "winnings (an odd point to the first of them in turn order after the knocker), "
            "or 'next': the first of them in turn order after the knocker wins alone")
    target: int = option(
        100, doc="the game ends after the deal in which a player's total reaches this; "
                 "0: no target")
    deals: int = option(
        0, doc="the game ends after this many deals; 0: no fixed number (both may be set: "
               "the first reached ends the game)")

    def validate(self) -> None:
        """Refuse impossible combinations with a ValueError in words."""
        for name in ("knock_limit", "knock_penalty", "rum_bonus", "target", "deals",
                     "restock_limit"):
            if getattr(self, name) < 0:
                raise ValueError(f"knock-rummy: option {name}={getattr(self, name)!r} is not "
                                 "accepted: expected 0 or more")
        if not self.target and not self.deals:
            raise ValueError("knock-rummy: options target=0 and deals=0 leave the game "
                             "without an end: set a target total or a number of deals")
        stock = 52 - self.players * self.cards_each - 1
        if stock < self.players:
            raise ValueError(f"knock-rummy: options players={self.players} and "
                             f"hand_size={self.hand_size} leave a stock of {stock} "
                             f"card{'s' if stock != 1 else ''}, fewer than one draw for each "
                             f"of the {self.players} players: use a hand_size of at most "
                             f"{max_hand(self.players)}")
        if self.restock_limit and self.stock_out in ("showdown", "void"):
            raise ValueError(f"knock-rummy: option restock_limit={self.restock_limit} counts "
                             f"rebuilt stocks, but stock_out={self.stock_out!r} never rebuilds "
                             "one: use stock_out='shuffle' or 'turn', or restock_limit=0")

    @property
    def cards_each(self) -> int:
        """The number of cards dealt to each player."""
        return self.hand_size or DEFAULT_HAND[self.players]
