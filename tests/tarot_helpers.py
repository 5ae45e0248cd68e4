"""Helpers for the tarot tests: scripted deals laid out trick by trick."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import atout
from atout.games.tarot import TarotDeal


def columns(tricks: Sequence[str], seats: int) -> list[list[str]]:
    """Each seat's cards, read from tricks written in seat order (seat 0 first)."""
    hands: list[list[str]] = [[] for _ in range(seats)]
    for t in tricks:
        cards = t.split()
        assert len(cards) == seats, t
        for s, c in enumerate(cards):
            hands[s].append(c)
    return hands


def scripted(players: int, dealer: int, tricks: Sequence[str], chien: str,
             before: Sequence[str], *, extra: Mapping[int, Sequence[str]] | None = None,
             poignees: Mapping[int, str] | None = None,
             **options: Any) -> TarotDeal:
    """Play a whole deal: ``before`` (bids, call, écart, chelem), then ``tricks``.

    Hands are the columns of ``tricks`` (the écart, when there is one, gives the chien back
    card for card). ``poignees`` says what a seat answers when asked about a poignée (default
    ``no poignee``). Each trick lists the cards in seat order; they are played in turn order
    from whoever leads.
    """
    hands = columns(tricks, players)
    if extra:
        for s, cards in extra.items():
            hands[s] += list(cards)
    rules = atout.make("tarot", players=players, **options)
    deal = rules.deal(hands=hands, dealer=dealer, chien=chien.split())
    assert isinstance(deal, TarotDeal)
    for a in before:
        deal.play(a)
    for t in tricks:
        cards = t.split()
        for _ in range(players):
            seat = deal.to_move
            assert seat is not None
            if "no poignee" in [str(a) for a in deal.legal_actions()]:
                deal.play((poignees or {}).get(seat, "no poignee"))
            deal.play(cards[seat])
    assert deal.is_over
    return deal
