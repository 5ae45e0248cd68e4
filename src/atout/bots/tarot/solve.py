"""French Tarot's last tricks solved exactly: alpha-beta over an open deal, two sides.

Once few cards are left, every sampled deal (all hands known) can be played out in every way:
each side plays its best against the other (the taker with his partner against the
defenders) and the deal's own scoring, petit au bout and excuse included, values the end.
Cards of one hand worth half a point each with no card of the other hands or of the trick
between them (the 4 and 5 of a suit, the 7 and 9 of trumps once the 8 is played and gone)
are the same card to the search, which tries only one
(:func:`atout.bots.tarot.cards.distinct_cards`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from atout.bots.parts import side_value
from atout.bots.tarot.cards import distinct_cards
from atout.bots.tarot.choices import FULL
from atout.core import Deal
from atout.games.tarot.deal import TarotDeal
from atout.games.tarot.tables import A_DISCARD, BIT_EX


def solve(deal: TarotDeal, seat: int, alpha: float = float("-inf"),
          beta: float = float("inf")) -> float:
    """The margin of ``seat`` (its points less the others' mean) with best play by both
    sides from this open deal, which must be in the card play."""
    mover = deal.to_move
    if mover is None:
        return side_value(deal.result, seat)
    legal = deal.legal_mask()
    if not legal & FULL or legal >> A_DISCARD:
        # an announcement (poignée) before the first card: take the first choice
        d = deal.clone()
        d.step((legal & -legal).bit_length() - 1)
        return solve(d, seat, alpha, beta)
    ours = deal.camp(mover) == deal.camp(seat)
    best = float("-inf") if ours else float("inf")
    live = 0  # the cards in the other hands, and in the trick (the card to beat)
    for s, hand in enumerate(deal.hands):
        if s != mover:
            live |= hand
    for c in deal.trick:
        live |= 1 << c
    for c in distinct_cards(legal & FULL & ~BIT_EX, live) + ([77] if legal & BIT_EX else []):
        d = deal.clone()
        d.step(c)
        v = solve(d, seat, alpha, beta)
        if ours:
            if v > best:
                best = v
            alpha = max(alpha, v)
        else:
            if v < best:
                best = v
            beta = min(beta, v)
        if alpha >= beta:
            break
    return best


def tarot_solver(deal: Deal) -> Callable[[Deal, int], float]:
    """The game's exact solver (its ``Exact`` part): for one sampled deal, a function giving
    a seat's exact margin on the deal after one of its actions."""
    del deal  # nothing to precompute

    def exact(after: Deal, seat: int) -> float:
        return solve(cast(TarotDeal, after), seat)

    return exact


__all__ = ["solve", "tarot_solver"]
