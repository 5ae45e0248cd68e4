"""The Knock Rummy search's sampling of hidden hands as a kernel: many worlds in one call.

:func:`sample_kernel` deals, for each world, the unseen cards (``pool``: neither in the
searching seat's hand, nor on the discard pile, nor known to be held by another seat) to the
other seats and the stock, on a copy of a base state (:mod:`atout.kernels.knock_rummy`'s
vector at the decision, built once by the caller): each other seat keeps the cards it is
known to hold (taken from the pile) and gets ``need`` more; what is left is the stock, in a
random order. Those are the hard constraints of the Python sampler
(:class:`atout.bots.knock_rummy.search.KnockRummyDeterminizer`), all enforced.

Its soft one is read the same way: for a seat whose last turn is known (``turns``), up to
``read_tries`` hands are drawn until one agrees with all three choices of that turn read as
the heuristic's (took or passed the top discard, threw the card that leaves least deadwood,
did not knock: :func:`agreement`, :func:`atout.bots.knock_rummy.read.agreement` in the
kernel), else the one that agreed with most is kept (the first on a tie). A turn without a
knock is read against the floor (``knock_read`` 0), the heuristic's threshold (1) or a
threshold drawn between the two for each hand tried (2), as the Python sampler's
``knock_read``. The draws come from the kernel's generator, world ``w`` from the stream
``(seed, w)``: the same law as the Python sampler's, not the same hands.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from atout.kernels.jit import njit
from atout.kernels.kit import Array, below, check_seed, pick, popcount, seed_for
from atout.kernels.knock_rummy import (
    F_DISCARD_TAKEN,
    F_KNOCKER_DISCARDS,
    FLAGS,
    HANDS,
    KNOCK_LIMIT,
    LENGTH,
    NSTOCK,
    PH_OVER,
    PHASE,
    STOCK,
    N,
)
from atout.kernels.knock_rummy_melds import deadwood
from atout.kernels.knock_rummy_search import FLOOR, best_discard, knock_threshold

FULL = (1 << 52) - 1
T_HAS, T_UP, T_TOOK, T_DISCARDED, T_DRAWS = range(5)
"""The columns of a row of ``turns``: whether the seat's last turn is read, the top discard
he could take (-1: unknown), whether he took it (0/1), the card he threw, the draws made at
the table before his draw."""
READS = ("floor", "heuristic", "mixture")
"""The ``knock_read`` codes' names (their index is the code)."""


@njit
def cards_of(mask: int, out: Array) -> int:
    """The cards of ``mask`` into ``out`` (lowest first); their number."""
    k = 0
    while mask != 0:
        low = mask & -mask
        mask ^= low
        out[k] = popcount(low - 1)
        k += 1
    return k


@njit
def draw_cards(pool: int, k: int, rng: Array, buf: Array) -> int:
    """``k`` cards of ``pool`` drawn uniformly without replacement, as a mask."""
    m = cards_of(pool, buf)
    out = 0
    for i in range(k):
        j = i + below(rng, m - i)
        c = buf[j]
        buf[j] = buf[i]
        buf[i] = c
        out |= 1 << c
    return out


@njit
def unit(rng: Array) -> float:
    """A uniform float in ``[0, 1)``."""
    return below(rng, 1 << 30) / float(1 << 30)


@njit
def agreement(hand: int, known: int, up: int, took: bool, discarded: int, draws: int,
              seats: int, taken: int, discard_taken: bool, knocker_discards: bool,
              knock_limit: int, knock_read: int, rng: Array) -> int:
    """How many of a turn's three choices the heuristic would have made holding ``hand``
    (see :func:`atout.bots.knock_rummy.read.agreement`, whose rule this is)."""
    full = hand | (1 << discarded)
    if took:
        drawn = up
        if drawn < 0 or (full >> drawn) & 1 == 0:
            return 0
    else:
        choices = full & ~known
        if choices == 0:
            choices = full
        drawn = pick(rng, choices)
    before = full & ~(1 << drawn)
    score = 0
    if up >= 0:
        up_full = before | (1 << up)
        takes = best_discard(up_full, up_full if discard_taken else before)[1] < deadwood(
            before)
        if takes == took:
            score += 1
    else:
        score += 1
    allowed = full if discard_taken or not took else before
    card, left = best_discard(full, allowed)
    if card == discarded:
        score += 1
    shown = left if knocker_discards else deadwood(full)
    rounds = draws / seats
    if knock_read == 0:
        limit = FLOOR
    elif knock_read == 1:
        limit = knock_threshold(rounds, taken)
    else:
        limit = FLOOR + (knock_threshold(rounds, taken) - FLOOR) * unit(rng)
    if knock_limit > 0 and knock_limit < limit:
        limit = float(knock_limit)
    if shown > limit:
        score += 1
    return score


@njit
def sample_kernel(base: Array, me: int, pool: int, known: Array, need: Array, turns: Array,
                  taken: Array, read_tries: int, knock_read: int, count: int,
                  seed: int) -> Any:
    """``count`` worlds (rows of states) dealt from ``base`` (see the module): world ``w``
    from the stream ``(seed, w)``."""
    n = base[N]
    out = np.empty((count, LENGTH), np.int64)
    rng = np.empty(1, np.int64)
    buf = np.empty(52, np.int64)
    discard_taken = (base[FLAGS] & F_DISCARD_TAKEN) != 0
    knocker_discards = (base[FLAGS] & F_KNOCKER_DISCARDS) != 0
    limit = base[KNOCK_LIMIT]
    for w in range(count):
        rng[0] = seed_for(seed, w)
        s = out[w]
        s[:] = base
        left = pool
        for seat in range(n):
            if seat == me:
                continue
            k = need[seat]
            if turns[seat, T_HAS] != 0 and read_tries > 0:
                best = known[seat]
                best_score = -1
                for _ in range(read_tries):
                    m = known[seat] | draw_cards(left, k, rng, buf)
                    score = agreement(m, known[seat], turns[seat, T_UP],
                                      turns[seat, T_TOOK] != 0, turns[seat, T_DISCARDED],
                                      turns[seat, T_DRAWS], n, taken[seat], discard_taken,
                                      knocker_discards, limit, knock_read, rng)
                    if score > best_score:
                        best = m
                        best_score = score
                        if score == 3:
                            break
                hand = best
            else:
                hand = known[seat] | draw_cards(left, k, rng, buf)
            s[HANDS + seat] = hand
            left &= ~hand
        m = cards_of(left, buf)
        for i in range(m - 1, 0, -1):
            j = below(rng, i + 1)
            c = buf[i]
            buf[i] = buf[j]
            buf[j] = c
        for i in range(m):
            s[STOCK + i] = buf[i]
        s[NSTOCK] = m
    return out


def _mask(name: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) \
            or not 0 <= int(value) <= FULL:
        raise ValueError(f"knock-rummy sampler: {name} is a mask of the 52 cards (an int "
                         f"from 0 to 2**52 - 1), not {value!r}")
    return int(value)


def _row(name: str, value: object, n: int) -> Array:
    row = np.asarray(value, dtype=np.int64) if isinstance(value, (list, tuple, np.ndarray)) \
        else None
    if row is None or row.shape != (n,):
        raise ValueError(f"knock-rummy sampler: {name} holds one int per seat ({n})")
    return row


def _check_base(base: object, me: object) -> int:
    """The table's size of a base state for seat ``me``, or ``ValueError`` in words."""
    if not isinstance(base, np.ndarray) or base.dtype != np.int64 or base.shape != (LENGTH,):
        raise ValueError(f"knock-rummy sampler: the base state is an int64 array of "
                         f"{LENGTH} (see atout.kernels.knock_rummy.encode)")
    if base[PHASE] == PH_OVER:
        raise ValueError("knock-rummy sampler: the base state's deal is over")
    n = int(base[N])
    if isinstance(me, bool) or not isinstance(me, (int, np.integer)) or not 0 <= me < n:
        raise ValueError(f"knock-rummy sampler: the seat must be 0 to {n - 1}, not {me!r}")
    return n


def _check_cards(base: Array, me: int, pool: int, known: Array, need: Array,
                 taken: Array) -> None:
    """``ValueError`` in words unless the known cards, the counts and the pool add up."""
    n = int(base[N])
    for s in range(n):
        _mask(f"known[{s}]", int(known[s]))
    if (need < 0).any() or (taken < 0).any():
        raise ValueError("knock-rummy sampler: need and taken are counts, 0 or more")
    others = [s for s in range(n) if s != me]
    if any(pool & int(known[s]) for s in others):
        raise ValueError("knock-rummy sampler: a known card is also in the pool")
    if sum(int(need[s]) for s in others) + int(base[NSTOCK]) != pool.bit_count():
        raise ValueError(f"knock-rummy sampler: the hands' unknown cards and the stock "
                         f"({int(base[NSTOCK])}) do not add up to the pool's "
                         f"{pool.bit_count()} cards")


def sample_worlds(base: Array, me: int, pool: int, known: Any, need: Any, turns: Any,
                  taken: Any, read_tries: int, knock_read: str, count: int,
                  seed: int) -> Array:
    """``count`` worlds consistent with what seat ``me`` saw, as kernel states ``(count,
    LENGTH)``: ``base`` is the state at the decision (any hidden hands), ``pool`` the unseen
    cards, ``known[s]`` the cards seat ``s`` is known to hold, ``need[s]`` how many more it
    holds, ``turns`` one row per seat (:data:`T_HAS` ... :data:`T_DRAWS`; all 0 for a seat
    not read), ``taken[s]`` the cards the others took and hold as seen from ``s``'s read;
    ``read_tries`` hands drawn at most per read seat (0: no read), ``knock_read`` one of
    :data:`READS`. ``ValueError`` in words for input of the wrong shape or that does not
    add up to the deck."""
    n = _check_base(base, me)
    pool = _mask("the pool", pool)
    known_row, need_row, taken_row = (_row(name, value, n) for name, value in
                                      (("known", known), ("need", need), ("taken", taken)))
    _check_cards(base, int(me), pool, known_row, need_row, taken_row)
    rows = np.asarray(turns, dtype=np.int64) if isinstance(turns, (list, np.ndarray)) else None
    if rows is None or rows.shape != (n, 5):
        raise ValueError(f"knock-rummy sampler: turns holds one row of 5 ints per seat ({n})")
    if knock_read not in READS:
        raise ValueError(f"knock-rummy sampler: knock_read must be one of "
                         f"{', '.join(READS)}, not {knock_read!r}")
    if isinstance(read_tries, bool) or not isinstance(read_tries, int) or read_tries < 0:
        raise ValueError(f"knock-rummy sampler: read_tries must be an int >= 0, not "
                         f"{read_tries!r}")
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise ValueError(f"knock-rummy sampler: count must be an int >= 1, not {count!r}")
    out: Array = sample_kernel(base, int(me), pool, known_row, need_row, rows, taken_row,
                               read_tries, READS.index(knock_read), count, check_seed(seed))
    return out


__all__ = ["READS", "T_DISCARDED", "T_DRAWS", "T_HAS", "T_TOOK", "T_UP", "agreement",
           "cards_of", "draw_cards", "sample_kernel", "sample_worlds"]
