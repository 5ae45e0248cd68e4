"""French Tarot: the heuristic's écart as a kernel, and the sampler's reading of a hidden one.

:func:`choose_discard` is the club rules' écart of :func:`atout.bots.tarot.choices.choose_discard`,
one card at a time: what the kernels' rollouts discard for every taker
(:mod:`atout.kernels.tarot_preplay`). :func:`heuristic_discard` is its card from a state in
the écart: the search's sampler (:func:`atout.kernels.tarot_sample.replay_read`) reads a
taker's hidden écart as that rule's (:func:`read_discard`) by throwing, at each hidden
discard of its replay, the card the heuristic would throw from the world's hand, unless the
taker plays it later: then a card of the écart as dealt, and a miss.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from atout.kernels.jit import njit
from atout.kernels.kit import low_index, popcount
from atout.kernels.tarot import A_DISCARD, SUIT_LO, TRUMPS_HI, legal
from atout.kernels.tarot_layout import HANDS_HI, HANDS_LO, N
from atout.kernels.tarot_search import T1, VALUE2

HAND_CARDS = np.array([0, 0, 0, 24, 18, 15], dtype=np.int64)
"""A hand's cards by table size, after the écart (the hand count scales to 18)."""


@njit
def choose_discard(lo: int, hi: int, n: int, acts: NDArray[np.int64], k: int) -> int:
    """:func:`atout.bots.tarot.choices.choose_discard` (the club rules' écart) of the hand
    ``(lo, hi)`` among the ``k`` legal discards ``acts``: void a suit without its king as
    the trumps allow, else a head of a doubleton without its king, else a low card of the
    shortest suit without a king."""
    plain = 0
    lowest = -1
    for i in range(k):
        c = acts[i] - A_DISCARD
        if lowest < 0:
            lowest = c
        if c < 56:
            plain |= 1 << c
    if plain == 0:
        return A_DISCARD + lowest
    left = popcount(lo) + popcount(hi) - HAND_CARDS[n]
    nt = popcount(hi & TRUMPS_HI)
    voids = 0
    for s in range(4):
        if lo & SUIT_LO[s] == 0:
            voids += 1
    allowed = 1 if nt < 8 else (2 if nt < 11 else 3)
    best = -1
    best_key = 9_000_000
    for s in range(4):
        suit = lo & SUIT_LO[s]
        length = popcount(suit)
        free = suit & plain
        if free == 0:
            continue
        king = suit >> (s * 14 + 13) & 1
        cards = free
        while cards:
            c = low_index(cards)
            cards &= cards - 1
            value = VALUE2[c]
            if not king and free == suit and length <= left and voids < allowed:
                k0, k2 = 0, -value  # a void within reach: its heads first
            elif length == 1 and voids >= allowed:
                k0, k2 = 4, value  # a void more than the trumps can use
            elif not king and length == 2 and value > 1 and voids < allowed:
                k0, k2 = 1, -value  # an unguarded head: its points made safe
            else:
                k0, k2 = 2 + king, value * 100 + c % 14
            key = k0 * 1_000_000 + length * 2000 + k2 + 1000
            if key < best_key:
                best = c
                best_key = key
    return A_DISCARD + best


@njit
def heuristic_discard(s: NDArray[np.int64], taker: int, acts: NDArray[np.int64]) -> int:
    """The card (0..77) the heuristic would discard next from the taker's hand in ``s``, a
    state in the écart (:func:`choose_discard` among the legal discards)."""
    k = legal(s, acts)
    return choose_discard(s[HANDS_LO + taker], s[HANDS_HI + taker], s[N], acts, k) - A_DISCARD


@njit
def played_suit_cards(steps: NDArray[np.int64]) -> int:
    """The suit cards played in ``steps`` (rows ``(actor, action)``), a mask of the ``lo``
    word: the cards a taker keeps, whatever the écart's rule says (``later`` of
    :func:`read_discard`)."""
    later = 0
    for i in range(steps.shape[0]):
        if 0 <= steps[i, 1] < T1:
            later |= 1 << steps[i, 1]
    return later


@njit
def read_discard(s: NDArray[np.int64], taker: int, hidden: NDArray[np.int64], used: int,
                 n_hidden: int, later: int, acts: NDArray[np.int64]) -> tuple[int, bool]:
    """The card the taker throws at the hidden discard of a replay where his écart is read,
    and whether it is a miss. The heuristic's card (:func:`heuristic_discard`) when it is a
    suit card not played later (``later``: the suit cards played after, a mask of the
    ``lo`` word), moved to ``hidden[used]`` if it is among the hidden cards not yet thrown,
    ``hidden[used:n_hidden]``; else ``hidden[used]`` itself, a miss."""
    card = heuristic_discard(s, taker, acts)
    if card < T1 and not later >> card & 1:
        for j in range(used, n_hidden):
            if hidden[j] == card:
                hidden[j] = hidden[used]
                hidden[used] = card
                break
        return card, False
    return hidden[used], True


__all__ = ["HAND_CARDS", "choose_discard", "heuristic_discard", "played_suit_cards",
           "read_discard"]
