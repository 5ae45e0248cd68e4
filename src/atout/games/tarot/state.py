"""A Tarot deal's state, as its scoring and its refusals read it.

:class:`TarotState` declares what :mod:`.scoring` and :mod:`.refusals` read of a deal; the
deal itself (:class:`~atout.games.tarot.deal.TarotDeal`, the one subclass) keeps it and
calls them, so neither of them imports the deal's module. Cards are masks over the 78 card
ids (see :mod:`.tables`); seats are numbers, -1 for none.
"""

from __future__ import annotations

from abc import abstractmethod

from atout.core import Deal, Rules

from .options import TarotOptions


class TarotState(Deal):
    """What the scoring and the refusals read of a Tarot deal (all set by the deal)."""

    __slots__ = ()
    rules: Rules[TarotOptions]
    to_move: int | None
    n: int
    """The number of players."""
    hand_size: int
    """The cards each player is dealt."""
    hands: list[int]
    """Each seat's hand."""
    chien: int
    """The chien as dealt."""
    phase: int
    """The index of the phase in :data:`~atout.games.tarot.tables.PHASES`."""
    bids: list[tuple[int, int]]
    """(seat, contract or -1 for pass), in turn."""
    contract: int
    taker: int
    called: int
    """The card the taker called at five players (-1: none)."""
    partner: int
    """The holder of the called card when not the taker (-1: none)."""
    ecart: int
    ecart_left: int
    """The cards the taker still has to put in the écart."""
    chelem: bool
    """Whether a chelem was announced."""
    decided: int
    """The seats (bits) that said whether they show a poignée."""
    poignees: list[tuple[int, int, int]]
    """(seat, level, cards shown) of each poignée shown."""
    trick_no: int
    trick: list[int]
    """The cards of the trick on the table, in the order played."""
    trick_mask: int
    tricks: list[tuple[int, tuple[int, ...], int]]
    """(leader, cards, winner) of each trick played."""
    tricks_won: list[int]
    won: list[int]
    """The cards each seat won in its tricks."""
    ex_owner: int
    """Who played the excuse, while its exchange is owed (-1: nobody)."""
    owed_to: int
    """The seat owed a low card for the excuse (-1: nobody)."""
    ex_wins_last: bool
    miseres: tuple[tuple[int, str], ...]
    """The club misères dealt: ``(seat, "trumps" or "heads")`` (empty unless the option)."""
    annulled: str
    """Why the deal was annulled ("" when it was not)."""

    @abstractmethod
    def camp(self, seat: int) -> bool:
        """Whether ``seat`` is on the taker's side (the taker or his called partner)."""

    @abstractmethod
    def play_mask(self, seat: int) -> int:
        """The cards ``seat`` may play now, as a card mask (the rules of the play alone)."""


__all__ = ["TarotState"]
