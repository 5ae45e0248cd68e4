"""Why a Jass action is good, in a player's words (used by :func:`atout.bots.hint.hint`)."""

from __future__ import annotations

from typing import Any

from atout.bots.base import legal_mask
from atout.bots.jass.heuristic import (
    PUSH,
    PUSH_BELOW,
    TRUMP_BASE,
    JassSeen,
    mode_tricks,
    read_view,
    trump_values,
    wins_trick,
)
from atout.bots.jass.trump import best_option
from atout.bots.reasons import Reason, english
from atout.cards import JASS_DECK, bit_list
from atout.core import JSON, Action, Rules, View
from atout.games.jass.play import JACK, NINE, OBENABE, POWER, SUIT_MASK, VALUE

MODES = ("H", "D", "S", "C", "obenabe", "undenufe")
"""The trump modes by index, as a :class:`~atout.bots.reasons.Reason` names them."""


def explain_jass(rules: Rules[Any], view: View, action: Action) -> str:
    """The reason for ``action`` from ``view``, in English words."""
    return english(reason_jass(rules, view, action))


def _trump_reason(rules: Rules[Any], view: View, a: int) -> Reason:
    """Why trump action ``a``: the hand in that mode (its trumps or tops and the tricks they
    should make) and, when ``a`` is the trump model's choice (the heuristic's), the margin
    the model expects and how far ahead of the next option it is."""
    hand = JASS_DECK.mask(view.hand)
    legal = legal_mask(rules, view)
    est = mode_tricks(hand, rules.mode_mask)  # type: ignore[attr-defined]
    values = trump_values(rules, view.hand, legal)
    by_model = best_option(values) == a and len(values) > 1
    extra: dict[str, JSON] = {}
    if by_model:
        runner = best_option({k: v for k, v in values.items() if k != a})
        extra = {"points": round(values[a]), "gap": round(values[a] - values[runner], 1),
                 "next": "push" if runner == PUSH else MODES[runner - TRUMP_BASE]}
    if a == PUSH:
        if by_model:  # the trump the model likes best after the push, not the most tricks
            best = runner - TRUMP_BASE
            return Reason("push_value", {"best": MODES[best], "tricks": round(est[best], 1),
                                         "points": extra["points"], "gap": extra["gap"]})
        best = max(range(6), key=lambda m: est[m])
        if est[best] < PUSH_BELOW:  # weak for every trump: the heuristic's own test
            return Reason("push_weak", {"best": MODES[best], "tricks": round(est[best], 1)})
        return Reason("push", {"best": MODES[best], "tricks": round(est[best], 1)})
    mode = a - TRUMP_BASE
    if mode < 4:
        trumps = hand & SUIT_MASK[mode]
        return Reason("trump_suit", {
            "count": trumps.bit_count(), "mode": MODES[mode],
            "buur": bool(trumps >> (mode * 9 + JACK) & 1),
            "nell": bool(trumps >> (mode * 9 + NINE) & 1), "tricks": round(est[mode], 1),
            **extra})
    tops = sum(1 for s in range(4) if hand >> (s * 9 + (8 if mode == OBENABE else 0)) & 1)
    return Reason("trump_updown", {"count": tops, "mode": MODES[mode],
                                   "tricks": round(est[mode], 1), **extra})


def highest_left(seen: JassSeen, card: int) -> bool:
    """Whether ``card`` is the highest card of its suit left in play: no unseen card and no
    other card of the seat's hand of that suit ranks above it."""
    p = POWER[seen.mode]
    left = (seen.unseen | seen.hand) & SUIT_MASK[card // 9]
    return all(p[o] <= p[card] for o in bit_list(left))


def reason_jass(rules: Rules[Any], view: View, action: Action) -> Reason:
    """The reason for ``action`` from ``view``, as data for any language. Every reason says
    only what holds in the position (the property test ``tests/test_hint_truth.py`` checks
    it on many deals): a weaker one is said where a stronger one would not be true."""
    a = int(action)
    if a >= TRUMP_BASE:
        return _trump_reason(rules, view, a)
    seen = read_view(rules, view)
    card = a
    v = VALUE[seen.mode]
    code = JASS_DECK.codes[card]
    if not seen.trick:
        if highest_left(seen, card):
            if seen.mode < 4 and card // 9 == seen.mode:
                if seen.unseen & SUIT_MASK[seen.mode]:  # trumps left to draw
                    return Reason("lead_top_trump", {})
            else:
                return Reason("lead_top_suit", {"suit": "HDSC"[card // 9]})
        if v[card] >= 10:
            return Reason("lead_high", {})
        return Reason("lead_low", {})
    points = seen.trick_points() + v[card]
    partner = (seen.seat + 2) % 4
    wins = wins_trick(seen, card)
    legal = [c for c in bit_list(legal_mask(rules, view)) if c < len(v)]
    least = min(v[c] for c in legal)
    if seen.best_seat == partner and not wins:
        if v[card] >= 10:
            return Reason("partner_gets", {"card": code, "points": v[card]})
        if v[card] == least:
            return Reason("partner_keeps", {})
        return Reason("gives_points", {"points": v[card]})
    if wins:
        if len(seen.trick) == 3:
            return Reason("wins_trick", {"points": points})
        return Reason("takes_lead", {"points": points})
    if v[card] == least and not any(v[c] == least and wins_trick(seen, c) for c in legal):
        return Reason("give_least", {})
    return Reason("gives_points", {"points": v[card]})
