"""Rummy deadwood in the kernel: :func:`atout.games.knock_rummy.melds.deadwood`, compiled.

The same search as the engine's (the lowest card is deadwood or goes in one of the melds
that hold it; cards in no meld of the hand counted at once), without the memo: a hand holds
at most eleven cards, so the search stays small.
"""

from __future__ import annotations

import numpy as np

from atout.games.knock_rummy.melds import MELDS, VALUES
from atout.kernels.jit import njit
from atout.kernels.kit import low_index

LOW13 = (1 << 13) - 1
VALUE = np.array(VALUES, dtype=np.int64)
_by_card = [[m for m in MELDS if m >> c & 1] for c in range(52)]
BY_CARD_COUNT = np.array([len(ms) for ms in _by_card], dtype=np.int64)
BY_CARD = np.zeros((52, int(BY_CARD_COUNT.max())), dtype=np.int64)
for _c, _ms in enumerate(_by_card):
    BY_CARD[_c, :len(_ms)] = _ms
del _by_card


def _suit_runs(p: int) -> int:
    q = (p << 1 | p >> 12) & LOW13  # ace low: bit 0 the ace, bit 1 the two ...
    x = q & q >> 1 & q >> 2
    r = x | x << 1 | x << 2
    return (r >> 1 | (r & 1) << 12) & LOW13


RUNS13 = np.array([_suit_runs(p) for p in range(1 << 13)], dtype=np.int64)
"""The ranks of each 13-bit suit pattern that lie in a run of three or more."""
SUIT_VALUE = np.array([sum(VALUES[r] for r in range(13) if p >> r & 1) for p in range(1 << 13)],
                      dtype=np.int64)


@njit
def mask_value(mask: int) -> int:
    """The deadwood value of the cards in ``mask``."""
    return int(SUIT_VALUE[mask & LOW13] + SUIT_VALUE[mask >> 13 & LOW13]
               + SUIT_VALUE[mask >> 26 & LOW13] + SUIT_VALUE[mask >> 39 & LOW13])


@njit
def meldable(hand: int) -> int:
    """The cards of ``hand`` that belong to at least one meld inside ``hand``."""
    a = hand & LOW13
    b = hand >> 13 & LOW13
    c = hand >> 26 & LOW13
    d = hand >> 39 & LOW13
    sets = (a & b & (c | d)) | (c & d & (a | b))
    return int(((RUNS13[a] | sets) | (RUNS13[b] | sets) << 13 | (RUNS13[c] | sets) << 26
                | (RUNS13[d] | sets) << 39) & hand)


@njit
def _search(hand: int) -> int:
    if hand == 0:
        return 0
    card = low_index(hand)
    best: int = VALUE[card] + _search(hand & (hand - 1))
    if best != 0:
        for j in range(BY_CARD_COUNT[card]):
            meld = BY_CARD[card, j]
            if meld & hand == meld:
                v = _search(hand ^ meld)
                if v < best:
                    best = v
                    if v == 0:
                        break
    return best


@njit
def deadwood(hand: int) -> int:
    """The least deadwood ``hand`` can leave, every card in at most one meld (exact)."""
    melded = meldable(hand)
    if melded == 0:
        return mask_value(hand)
    return mask_value(hand & ~melded) + _search(melded)
