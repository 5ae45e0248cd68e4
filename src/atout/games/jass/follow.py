"""The following rules of the Jass family's card play, on 36-card bitmasks.

Which cards of a hand may be played (follow suit or trump, the Buur exception, no
under-trumping in its Swiss or strict reading), why a card is refused, in words and as data,
and the card points of a trick. :mod:`atout.games.jass.play` re-exports them.
"""

from __future__ import annotations

from atout.cards import bit_list
from atout.games.jass.ranks import CODES, HIGHER_TRUMPS, JACK, SUIT_MASK, VALUE
from atout.games.trick import trick_points as _points
from atout.refusal import Refusal

UNDER_TRUMP_RULES = ("swiss", "strict")
"""The readings of the under-trumping rule: the Swiss rule (a hand of nothing but trumps
plays any of them) and the strict one (a lower trump only when nothing else is left)."""


def legal_cards(hand: int, mode: int, led: int, best: int, strict_under: bool = False,
                buur_free: bool = True) -> int:
    """The cards of ``hand`` that may be played.

    ``led`` is the suit led in the current trick (-1 when leading), ``best`` the card now
    winning the trick (-1 when leading). ``strict_under`` picks the strict reading of the
    under-trumping rule (a lower trump only when the hand holds nothing but lower trumps)
    instead of the Swiss rule (a hand of nothing but trumps may play any of them);
    ``buur_free`` frees a hand whose only trump is the Buur from following a trump lead.

    >>> from atout.cards import JASS_DECK
    >>> hand = JASS_DECK.mask(["6H", "AH"])   # hearts trump, nothing but trumps
    >>> trumped = JASS_DECK.index["9H"]       # a diamond lead trumped with the Nell
    >>> JASS_DECK.codes_of(legal_cards(hand, 0, 1, trumped))
    ['6H', 'AH']
    >>> JASS_DECK.codes_of(legal_cards(hand, 0, 1, JASS_DECK.index["TH"], strict_under=True))
    ['AH']
    """
    if led < 0:
        return hand
    follow = hand & SUIT_MASK[led]
    if mode >= 4:
        return follow or hand
    trumps = hand & SUIT_MASK[mode]
    if led == mode:
        # Nobody is forced to play the Buur: holding it as the only trump frees the hand.
        if not buur_free or follow & ~(1 << (mode * 9 + JACK)):
            return follow or hand
        return hand
    if best // 9 == mode:
        if trumps == hand and not strict_under:
            return hand  # the Swiss rule: nothing but trumps, any of them
        allowed_trumps = trumps & HIGHER_TRUMPS[mode][best]
    else:
        allowed_trumps = trumps
    if follow:
        return follow | allowed_trumps
    legal = (hand & ~trumps) | allowed_trumps
    # Strict reading: under-trumping only when the hand holds only lower trumps.
    return legal or hand


def describe_refusal(hand: int, mode: int, led: int, best: int, card: int, *,
                     strict_under: bool = False, buur_free: bool = True) -> Refusal:
    """Why ``card`` may not be played (it is not among :func:`legal_cards`), as data."""
    code = CODES[card]
    if not hand >> card & 1:
        return Refusal("not_in_hand", f"{code} is not in your hand", {"card": code})
    legal = legal_cards(hand, mode, led, best, strict_under=strict_under, buur_free=buur_free)
    allowed = [CODES[c] for c in bit_list(legal)]
    suit = "HDSC"[led]
    if mode < 4 and card // 9 == mode and best // 9 == mode and led != mode:
        if strict_under:
            rule = "strict"
            text = (f"{code} would under-trump {CODES[best]}: you may play a lower trump only "
                    f"when every card you hold is a trump lower than {CODES[best]}")
        else:
            rule = "swiss"
            text = (f"{code} would under-trump {CODES[best]}: you may play a lower trump only "
                    "when you hold nothing but trumps")
        return Refusal("under_trump", f"{text}; you may play {' '.join(allowed)}",
                       {"card": code, "best": CODES[best], "rule": rule, "legal": allowed})
    held = " ".join(allowed)
    if mode < 4 and led != mode:
        return Refusal("follow_or_trump", f"you must follow {suit} or trump: you may play "
                       f"{held}", {"card": code, "suit": suit, "trump": "HDSC"[mode],
                                   "legal": allowed})
    return Refusal("follow_suit", f"you must follow {suit}: you may play {held}",
                   {"card": code, "suit": suit, "legal": allowed})


def trick_points(cards: list[int], mode: int) -> int:
    """The card points of a trick."""
    return _points(cards, VALUE[mode])
