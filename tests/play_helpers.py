"""Driving a deal part of the way in the tests: its seats' bots play a number of actions."""

from __future__ import annotations

from collections.abc import Sequence

from atout.bots import Bot
from atout.core import Deal


def bots_play(deal: Deal, bots: Sequence[Bot], moves: int) -> bool:
    """Let ``bots`` (one a seat) play up to ``moves`` actions of ``deal``, each on the view
    of the seat to move; whether a seat is still to move then (False: the deal is over)."""
    for _ in range(moves):
        seat = deal.to_move
        if seat is None:
            return False
        deal.play(bots[seat].choose(deal.view(seat)))
    return deal.to_move is not None
