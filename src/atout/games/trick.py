"""What the trick games have in common: following suit, trumping, who wins a trick, its points.

Small pure functions over bitmasks of cards (a card is an index, a set of cards an ``int``
with bit ``c`` set for card ``c``), in the way python-chess keeps its attack masks: the tables
are made once per game and trump mode, and the engines and the bots read the same ones.

A game describes its cards by a *power* per card (higher beats lower within what may win),
the suit of each card, and a *trump floor*: a card whose power reaches the floor is a trump
and may win whatever suit was led. From these, :func:`trick_keys` makes, per suit led, each
card's *key* in a trick: its power when it follows the suit led or is a trump, else -1 (it
cannot win). The card winning a trick is then the first card of greatest key
(:func:`winning_position`), a card beats the one winning so far when its key is greater
(:func:`beats`), and :func:`winners` is the mask of cards that would take the lead.

Hot loops (the random playouts, the rollouts' trick loop, the endgame solver) read the key
table directly (``keys[c] > keys[best]``) instead of calling :func:`beats`: the same rule,
without a call per card.
"""

from __future__ import annotations

from collections.abc import Sequence

Keys = Sequence[int]
"""Each card's key in a trick once the suit led is known (one row of :func:`trick_keys`)."""


def trick_keys(power: Sequence[int], suit_of: Sequence[int], suits: int,
               trump_floor: int) -> tuple[tuple[int, ...], ...]:
    """Per suit led, each card's strength in the trick: its ``power`` when it follows the suit
    led or is a trump (power ``>= trump_floor``), else -1 (it cannot win the trick).

    >>> keys = trick_keys((0, 1, 100, 2), (0, 0, 1, 1), 2, 100)  # card 2 is a trump
    >>> keys[0]
    (0, 1, 100, -1)
    """
    return tuple(tuple(power[c] if suit_of[c] == led or power[c] >= trump_floor else -1
                       for c in range(len(power))) for led in range(suits))


def beats(keys: Keys, card: int, best: int) -> bool:
    """Whether ``card`` takes a trick now won by ``best`` (``keys``: the row of the suit led)."""
    return keys[card] > keys[best]


def winning_position(cards: Sequence[int], keys: Keys) -> int:
    """The place in ``cards`` (in the order played, ``keys`` the row of the suit led by the
    first) of the card that wins them: the first of greatest key."""
    at = 0
    top = keys[cards[0]]
    for i in range(1, len(cards)):
        k = keys[cards[i]]
        if k > top:
            at, top = i, k
    return at


def trick_winner(cards: Sequence[int], seats: Sequence[int], keys: Keys) -> int:
    """The seat that wins the trick ``cards`` played by ``seats`` (one per card)."""
    return seats[winning_position(cards, keys)]


def winners(cards: int, best: int, keys: Keys) -> int:
    """The cards of the mask ``cards`` that would take the trick from ``best``."""
    kb = keys[best]
    out = 0
    m = cards
    while m:
        low = m & -m
        m ^= low
        if keys[low.bit_length() - 1] > kb:
            out |= low
    return out


def beaters(keys: Keys) -> tuple[int, ...]:
    """Per card, the mask of the cards that would take a trick it wins (``keys``: the row of
    the suit led): :func:`winners` as a table, one mask test where a loop cannot be afforded.

    >>> beaters((0, 1, 100, -1))
    (6, 4, 0, 7)
    """
    n = len(keys)
    return tuple(sum(1 << d for d in range(n) if keys[d] > keys[c]) for c in range(n))


def above_in_suit(power: Sequence[int], suit_of: Sequence[int]) -> tuple[int, ...]:
    """Per card, the mask of the cards of its suit with more power (a card is the best still
    out when none of them is)."""
    n = len(power)
    return tuple(sum(1 << d for d in range(n) if suit_of[d] == suit_of[c] and power[d] > power[c])
                 for c in range(n))


def trick_points(cards: Sequence[int], value: Sequence[int]) -> int:
    """The points of ``cards`` by the ``value`` table."""
    return sum(value[c] for c in cards)


__all__ = ["Keys", "above_in_suit", "beaters", "beats", "trick_keys", "trick_points",
           "trick_winner", "winners", "winning_position"]
