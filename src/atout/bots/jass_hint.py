"""Why a Jass action is good, in a player's words (used by :func:`atout.bots.hint.hint`)."""

from __future__ import annotations

from typing import Any

from atout.bots.hint import SUIT_WORDS, card_words
from atout.bots.jass_heuristic import (
    PUSH,
    TRUMP_BASE,
    _beats,
    mode_tricks,
    read_view,
)
from atout.cards import JASS_DECK
from atout.core import Action, Rules, View
from atout.games.jass_play import JACK, NINE, OBENABE, SUIT_MASK, VALUE

MODE_WORDS = ("hearts", "diamonds", "spades", "clubs", "Obenabe", "Undenufe")


def explain_jass(rules: Rules[Any], view: View, action: Action) -> str:
    """The reason for ``action`` from ``view``, in words."""
    a = int(action)
    hand = JASS_DECK.mask(view.hand)
    if a >= TRUMP_BASE:
        est = mode_tricks(hand, rules.mode_mask)  # type: ignore[attr-defined]
        if a == PUSH:
            best = max(range(6), key=lambda m: est[m])
            return (f"your hand is weak for every trump (the best, {MODE_WORDS[best]}, makes "
                    f"about {est[best]:.1f} tricks), so let your partner choose")
        mode = a - TRUMP_BASE
        if mode < 4:
            trumps = hand & SUIT_MASK[mode]
            has = [name for name, r in (("the Buur", JACK), ("the Nell", NINE))
                   if trumps >> (mode * 9 + r) & 1]
            held = " and ".join(has) if has else "no Buur or Nell"
            return (f"you hold {trumps.bit_count()} {MODE_WORDS[mode]} with {held}: about "
                    f"{est[mode]:.1f} tricks")
        word = "aces" if mode == OBENABE else "sixes"
        tops = sum(1 for s in range(4)
                   if hand >> (s * 9 + (8 if mode == OBENABE else 0)) & 1)
        return f"you hold {tops} {word} and long suits under them: about {est[mode]:.1f} tricks"
    seen = read_view(rules, view)
    card = a
    v = VALUE[seen.mode]
    name = card_words(JASS_DECK.codes[card])
    if not seen.trick:
        if seen.mode < 4 and card // 9 == seen.mode and seen.is_top(card):
            return "it is the highest trump left: it wins and draws the opponents' trumps"
        if seen.is_top(card):
            return (f"it is the highest {SUIT_WORDS['HDSC'[card // 9]]} left, so it should win "
                    "the trick")
        if v[card] >= 10:
            return "it makes the opponents spend their high cards or trumps"
        return "a low lead keeps your strong cards for later"
    points = seen.trick_points() + v[card]
    partner = (seen.seat + 2) % 4
    if seen.best_seat == partner:
        if v[card] >= 10:
            return f"your partner is winning the trick: {name} gives them {v[card]} points"
        return "your partner is winning the trick, so you keep your strong cards"
    if _beats(seen, card):
        if len(seen.trick) == 3:
            return f"it wins the trick and the {points} points in it"
        return f"it takes the lead in the trick, worth {points} points so far"
    return "you cannot win this trick cheaply, so you give the least"
