"""Jass: the partner's trick that is not safe yet, and the gifts it must not get.

A card of value (an ace, a ten: 10 points or more) thrown onto the partner's trick is a gift
only if the trick stays the side's. While an opponent still to play may hold a card that beats
the partner's (an unseen card above it that he has not shown he lacks), the trick is not safe,
and a player does not feed it: issue 42's search gave its ace of hearts to the partner's
eight of diamonds with the declarer still to play, who held the queen (deal 2024007,
dealer 0, decision 15).

:func:`unsafe_gifts` is the rule, read by the search's candidates (``search:prune=1``, the
default, :func:`candidates`) whichever playouts it runs; the rollouts' greedy seats already
feed their partner only as the trick's last card, and the heuristic only when the trick is
safe (:func:`atout.bots.jass.cards.schmieren`).
"""

from __future__ import annotations

from typing import Any

from atout.bots.base import legal_mask
from atout.bots.jass.heuristic import JassSeen, read_view, wins_trick
from atout.cards import bit_list
from atout.core import Action, Rules, View
from atout.games.jass.play import TRICK_KEYS, VALUE
from atout.games.trick import beats

GIFT = 10
"""The card points from which a card thrown to the partner's trick is a gift (aces, tens)."""


def partner_unsafe(seen: JassSeen) -> bool:
    """Whether the partner wins the trick so far and an opponent still to play may beat his
    card: he may hold an unseen card above it (none of the cards he showed he lacks)."""
    if seen.partner < 0 or seen.best_seat != seen.partner or not seen.trick:
        return False
    keys = TRICK_KEYS[seen.mode][seen.led]
    unseen = seen.unseen
    s = seen.next_seat[seen.seat]
    for _ in range(seen.nplayers - len(seen.trick) - 1):
        if s != seen.partner:
            may = unseen & ~seen.voids[s]
            if any(beats(keys, c, seen.best) for c in bit_list(may)):
                return True
        s = seen.next_seat[s]
    return False


def unsafe_gifts(seen: JassSeen, legal: int) -> int:
    """The legal cards (a mask) worth :data:`GIFT` or more that would go to the partner's
    trick while it is not safe (:func:`partner_unsafe`) and that do not take it; 0 when the
    trick is safe, or when every legal card is such a gift."""
    if not partner_unsafe(seen):
        return 0
    v = VALUE[seen.mode]
    out = 0
    for c in bit_list(legal):
        if v[c] >= GIFT and not wins_trick(seen, c):
            out |= 1 << c
    return 0 if out == legal else out


def candidates(rules: Rules[Any], view: View, legal: list[Action]) -> list[Action]:
    """The cards the Jass search tries: every legal action but the gifts to a partner's trick
    that is not safe (:func:`unsafe_gifts`)."""
    if view.phase != "play" or not view.table:
        return legal
    gifts = unsafe_gifts(read_view(rules, view), legal_mask(rules, view))
    return [a for a in legal if not gifts >> int(a) & 1] if gifts else legal


__all__ = ["GIFT", "candidates", "partner_unsafe", "unsafe_gifts"]
