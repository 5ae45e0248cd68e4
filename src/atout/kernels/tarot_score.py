"""The score of a finished Tarot deal in the kernel: the engine's
:func:`atout.games.tarot.scoring.score_deal`, computed in half points and returned per seat.

The taker's side needs 56, 51, 41 or 36 points with 0 to 3 bouts; each defender pays
``(25 + difference) * multiplier ± petit au bout ± poignées ± chelem`` (sign by the contract
made or not), the taker the rest of the defence's share, the called partner one unit.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from atout.kernels.jit import njit
from atout.kernels.kit import Array, popcount
from atout.kernels.tarot_layout import (
    ANNULLED,
    CHELEM,
    CHIEN_HI,
    CHIEN_LO,
    CONTRACT,
    ECART_HI,
    ECART_LO,
    EX_OWNER,
    EX_WINS_LAST,
    F_HALF,
    FLAGS,
    HAND_SIZE,
    MISERE,
    MISERES,
    OWED_TO,
    PARTNER,
    PETIT_TRICK,
    PETIT_WINNER,
    POIGNEE,
    TAKER,
    TRICKS_WON,
    WON_HI,
    WON_LO,
    N,
)

JACKS_LO = sum(1 << (s * 14 + 10) for s in range(4))
KNIGHTS_LO = sum(1 << (s * 14 + 11) for s in range(4))
QUEENS_LO = sum(1 << (s * 14 + 12) for s in range(4))
KINGS_LO = sum(1 << (s * 14 + 13) for s in range(4))
BOUTS_HI = 1 | (1 << 20) | (1 << 21)
MULTIPLIERS = np.array([1, 2, 4, 6], dtype=np.int64)
THRESHOLDS2 = np.array([112, 102, 82, 72], dtype=np.int64)


@njit
def points2(lo: int, hi: int) -> int:
    """The value of a set of cards (two words) in half points."""
    return (popcount(lo) + popcount(hi) + 2 * popcount(lo & JACKS_LO)
            + 4 * popcount(lo & KNIGHTS_LO) + 6 * popcount(lo & QUEENS_LO)
            + 8 * (popcount(lo & KINGS_LO) + popcount(hi & BOUTS_HI)))


@njit
def taker_camp(s: Array, seat: int) -> bool:
    """Whether ``seat`` plays on the taker's side (the taker or his partner)."""
    return bool(seat == s[TAKER] or seat == s[PARTNER])


@njit
def _chelem_bonus(announced: bool, slam_att: bool, slam_def: bool) -> int:
    chelem = 0
    if announced:
        chelem = 400 if slam_att else -200
    elif slam_att:
        chelem = 200
    if slam_def:
        chelem -= 200
    return chelem


@njit
def unit2(s: Array) -> int:
    """Twice the unit a defender pays (negative: is paid) in a finished, played deal."""
    n = s[N]
    contract = s[CONTRACT]
    mult = MULTIPLIERS[contract]
    att_lo = 0
    att_hi = 0
    def_lo = 0
    def_hi = 0
    att_tricks = 0
    for seat in range(n):
        if taker_camp(s, seat):
            att_lo |= s[WON_LO + seat]
            att_hi |= s[WON_HI + seat]
            att_tricks += s[TRICKS_WON + seat]
        else:
            def_lo |= s[WON_LO + seat]
            def_hi |= s[WON_HI + seat]
    if contract <= 1:
        att_lo |= s[ECART_LO]
        att_hi |= s[ECART_HI]
    elif contract == 2:
        att_lo |= s[CHIEN_LO]
        att_hi |= s[CHIEN_HI]
    att2 = points2(att_lo, att_hi)
    if s[OWED_TO] >= 0:  # the excuse's side never had a low card to give: half a point
        att2 -= 1 if taker_camp(s, s[EX_OWNER]) else -1
    need2 = THRESHOLDS2[popcount(att_hi & BOUTS_HI)]
    made = att2 >= need2
    diff2 = abs(att2 - need2)
    if (s[FLAGS] & F_HALF) == 0:
        diff2 = 2 * ((diff2 + 1) // 2)  # a half point rounded up, for the side that scores
    sign = 1 if made else -1
    pab = 0
    last = s[HAND_SIZE] - 1
    petit = s[PETIT_TRICK]
    if petit == last or (s[EX_WINS_LAST] != 0 and petit == last - 1 and petit >= 0):
        pab = 10 * mult if taker_camp(s, s[PETIT_WINNER]) else -10 * mult
    poignee = s[POIGNEE] + s[MISERE] * s[MISERES]
    chelem = _chelem_bonus(s[CHELEM] != 0, att_tricks == s[HAND_SIZE], att_tricks == 0)
    return int(sign * (50 + diff2) * mult + 2 * pab + 2 * sign * poignee + 2 * chelem)


@njit
def points(s: Array, out: npt.NDArray[np.float64]) -> None:
    """Each seat's points of a finished deal into ``out`` (floats; 0 when annulled)."""
    n = s[N]
    if s[ANNULLED] != 0:
        for seat in range(n):
            out[seat] = 0.0
        return
    u2 = unit2(s)
    taker = s[TAKER]
    partner = s[PARTNER]
    for seat in range(n):
        if seat == taker:
            share = 2 if n == 5 and partner >= 0 else n - 1
            out[seat] = u2 * share / 2.0
        elif seat == partner:
            out[seat] = u2 / 2.0
        else:
            out[seat] = -u2 / 2.0
