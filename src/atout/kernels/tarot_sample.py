"""French Tarot: the search's sampling of the hidden cards as a kernel.

:func:`sample_worlds_kernel` does in the kernel what
:class:`atout.bots.tarot.sampler.TarotDeterminizer` does in Python, from the same facts (the
sampler's :class:`~atout.bots.tarot.sampler.ViewReading`, as arrays): it deals the unseen
cards to their holders (the other hands, the taker's hidden écart, the chien never shown)
within their sizes, the voids shown and the poignées' cards (:func:`assign`, the most
constrained holder first), builds the hands as dealt, reads the other seats' bids as the
fitted model bids (:func:`model_bid`: the same bid as
:func:`atout.bots.tarot.choices.pre_play`), then lays the deal out from the template of the
table (:func:`atout.kernels.tarot.laid_out`: misères, petit sec) and replays the whole
history on it with :func:`atout.kernels.tarot.step`, the taker's hidden discards drawn from
the sampled écart in a random order, every action checked legal, as the Python sampler's
final check. The world is the state the replay ends on: the called king's holder, the écart,
the chien, the excuse's exchange and every count follow from the replay itself.

The bids are a soft constraint kept as the Python sampler keeps it: of the first
``read_bids`` tries only one in which every other seat's bid is the model's is kept, of as
many more one with one bid at most that is not, then any. A world no try could deal is
returned with its turn -1 (the caller drops it).

The card play is read as the heuristic's (:func:`replay_read`), and a world that explains
cards or bids badly is then moved toward one that explains them all (:func:`swap_cards`):
the card the heuristic would have played at the first card explained badly changes places
with a card of another holder that may hold it; a move that explains as many or more is
kept, one that explains ``d`` fewer with probability ``trust ** d`` (a guided walk, not an
exact posterior: it stops at the first world that explains everything). Dealing afresh
until a world explains the cards finds almost none once a few tricks are played (worlds
so found explained 3.7 of the other seats' cards badly on average at the sixth trick),
while the true deal explains every one.

Card sets are two words as in :mod:`atout.kernels.tarot`: ``lo`` the 56 suit cards, ``hi``
the 21 trumps (bit 0 the petit) and the excuse (bit 21); a card index is 0..77.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray

from atout.kernels.jit import njit
from atout.kernels.kit import low_index, popcount
from atout.kernels.rand import below, draw32, seed_stream
from atout.kernels.tarot import (
    A_DISCARD,
    LENGTH,
    MAX_LEGAL,
    PH_PLAY,
    POIGNEE_SIZE,
    SUIT_LO,
    laid_out,
    legal,
    play_masks,
    step,
)
from atout.kernels.tarot_ecart import HAND_CARDS, played_suit_cards, read_discard
from atout.kernels.tarot_layout import (
    CHIEN_HI,
    CHIEN_LO,
    CHIEN_SIZE,
    DECIDED,
    F_POIGNEES,
    FLAGS,
    HAND_SIZE,
    HANDS_HI,
    HANDS_LO,
    PHASE,
    TRICK_NO,
    TURN,
    N,
)
from atout.kernels.tarot_search import heuristic_card

TRUMPS_HI = (1 << 21) - 1
EX_HI = 1 << 21
BIG_HI = sum(1 << k for k in range(14, 20))
"""The trumps 15 to 20 (the bid model's ``big trumps``)."""
HIGH_HI = sum(1 << k for k in range(15, 20))
"""The trumps 16 to 20 (the hand count's extra point each)."""
KINGS_LO = sum(1 << (s * 14 + 13) for s in range(4))
QUEENS_LO = KINGS_LO >> 1
KNIGHTS_LO = KINGS_LO >> 2
JACKS_LO = KINGS_LO >> 3
GARDE_TRUMPS = np.array([5, 5, 5, 6, 5, 4], dtype=np.int64)
PETIT_GUARD = np.array([5, 5, 5, 6, 5, 4], dtype=np.int64)
PRISE_TRUMPS = np.array([5, 5, 5, 7, 6, 5], dtype=np.int64)
BID_FROM = np.array([40.0, 56.0, 71.0, 81.0])
PRISE_POINTS = 40.0
FEATURES = 15
EVERY = 1 << 30
"""A count limit never reached: every card explained badly counted, the whole replay."""


# -- the bids read ---------------------------------------------------------------------------


@njit
def hand_points(lo: int, hi: int, n: int) -> float:
    """:func:`atout.bots.tarot.bids.hand_points` of the hand ``(lo, hi)``."""
    nt = popcount(hi & TRUMPS_HI)
    pts = 0.0
    if hi >> 20 & 1:
        pts += 10
    if hi & EX_HI:
        pts += 8
    if hi & 1:
        pts += 7 if nt >= 6 else (5 if nt >= 5 else 1)
    pts += 2 * nt
    pts += popcount(hi & HIGH_HI)
    for s in range(4):
        suit = (lo >> (14 * s)) & 0x3FFF
        k = suit >> 13 & 1
        q = suit >> 12 & 1
        pts += 6 * k + (7 if k and q else 3 * q)
        pts += 2 * (suit >> 11 & 1) + (suit >> 10 & 1)
        length = popcount(suit)
        if length >= 5:
            pts += 5 + 2 * (length - 5)
        if length == 0:
            pts += 6 if nt >= 5 else 2
    return pts * 18 / HAND_CARDS[n] if n != 4 else pts


@njit
def _holding_bouts(hi: int, n: int) -> int:
    held = (hi >> 20 & 1) + (1 if hi & EX_HI else 0)
    if hi & 1 and popcount(hi & TRUMPS_HI) >= PETIT_GUARD[n]:
        held += 1
    return held


@njit
def bid_features(lo: int, hi: int, f: NDArray[np.float64]) -> None:
    """:func:`atout.bots.tarot.bids.bid_features` of ``(lo, hi)``, written into ``f``."""
    nt = popcount(hi & TRUMPS_HI)
    petit = 1.0 if hi & 1 else 0.0
    f[0] = 1.0
    f[1] = nt
    f[2] = popcount(hi & BIG_HI)
    f[3] = 1.0 if hi >> 20 & 1 else 0.0
    f[4] = 1.0 if hi & EX_HI else 0.0
    f[5] = petit * (nt >= 6)
    f[6] = petit * (nt < 6)
    long = 0
    voids = 0
    singles = 0
    for s in range(4):
        length = popcount(lo & SUIT_LO[s])
        if length > 4:
            long += length - 4
        if length == 0:
            voids += 1
        if length == 1:
            singles += 1
    f[7] = popcount(lo & KINGS_LO)
    f[8] = popcount(lo & QUEENS_LO)
    f[9] = popcount(lo & KNIGHTS_LO)
    f[10] = popcount(lo & JACKS_LO)
    f[11] = popcount(lo & (lo << 1) & KINGS_LO)
    f[12] = long
    f[13] = voids
    f[14] = singles


@njit
def count_bid(lo: int, hi: int, n: int, legal5: int) -> int:
    """:func:`atout.bots.tarot.choices.choose_bid` (the hand count's thresholds) of the
    hand ``(lo, hi)``, as :func:`model_bid` numbers the bids."""
    pts = hand_points(lo, hi, n)
    want = -1
    for i in range(4):
        if pts >= BID_FROM[i]:
            want = i
    for b in range(want, -1, -1):
        if legal5 >> (1 + b) & 1:
            return 1 + b if b == want else 0
    return 0


@njit
def model_bid(lo: int, hi: int, n: int, legal5: int, table: NDArray[np.float64],
              has_model: bool, f: NDArray[np.float64]) -> int:
    """The bid the heuristic makes with the dealt hand ``(lo, hi)`` when the bids it may
    make are ``legal5`` (bit ``i``: pass for 0, then prise .. garde contre), as
    :func:`atout.bots.tarot.choices.pre_play` bids: the fitted model's values (``table``,
    five rows of :data:`FEATURES` weights) under the club rules, or the hand count's
    thresholds without a model. 0 is a pass, 1 to 4 the contracts."""
    if not has_model:
        return count_bid(lo, hi, n, legal5)
    bid_features(lo, hi, f)
    nt = popcount(hi & TRUMPS_HI)
    holds = nt >= GARDE_TRUMPS[n] and _holding_bouts(hi, n) >= 1
    best = -1
    best_v = 0.0
    top = -1
    top_v = 0.0
    for i in range(5):
        if i and not legal5 >> i & 1:
            continue
        v = 0.0
        for k in range(FEATURES):
            v += table[i, k] * f[k]
        if top < 0 or v > top_v:
            top = i
            top_v = v
        if (i <= 1 or holds) and (best < 0 or v > best_v):
            best = i
            best_v = v
    if best == 0 and legal5 >> 1 & 1:
        prise = (nt >= PRISE_TRUMPS[n] and _holding_bouts(hi, n) >= 1
                 and hand_points(lo, hi, n) >= PRISE_POINTS)
        if prise or (not holds and top > 1):
            return 1
    return best


# -- dealing the hidden cards ----------------------------------------------------------------


@njit
def _cards(lo: int, hi: int, buf: NDArray[np.int64]) -> int:
    """List the cards of ``(lo, hi)`` into ``buf``, lowest first; their number."""
    k = 0
    while lo:
        buf[k] = low_index(lo)
        lo &= lo - 1
        k += 1
    while hi:
        buf[k] = 56 + low_index(hi)
        hi &= hi - 1
        k += 1
    return k


@njit
def assign(pool: NDArray[np.int64], sizes: NDArray[np.int64], allowed: NDArray[np.int64],
           forced: NDArray[np.int64], rs: NDArray[np.int64], out: NDArray[np.int64],
           buf: NDArray[np.int64]) -> bool:
    """Deal the cards ``pool`` (lo, hi) to the holders at random: ``out[i]`` gets
    ``sizes[i]`` cards within ``allowed[i]``, ``forced[i]`` among them (rows of two words),
    the holder with the least slack first, as :func:`atout.bots.determinize.assign_cards`;
    False on a dead end (retry)."""
    n = sizes.shape[0]
    need = np.empty(n, dtype=np.int64)
    left_lo = pool[0]
    left_hi = pool[1]
    for i in range(n):
        f_lo = forced[i, 0]
        f_hi = forced[i, 1]
        out[i, 0] = f_lo
        out[i, 1] = f_hi
        need[i] = sizes[i] - popcount(f_lo) - popcount(f_hi)
        if f_lo & ~left_lo or f_hi & ~left_hi or need[i] < 0:
            return False
        left_lo &= ~f_lo
        left_hi &= ~f_hi
    for _ in range(n):
        best = -1
        slack = 1 << 30
        for i in range(n):
            if need[i] > 0:
                x = (popcount(allowed[i, 0] & left_lo) + popcount(allowed[i, 1] & left_hi)
                     - need[i])
                if x < slack:
                    best = i
                    slack = x
        if best < 0:
            break
        if slack < 0:
            return False
        k = _cards(allowed[best, 0] & left_lo, allowed[best, 1] & left_hi, buf)
        got_lo = 0
        got_hi = 0
        for t in range(need[best]):
            j = t + below(rs, k - t)
            c = buf[j]
            buf[j] = buf[t]
            buf[t] = c
            if c < 56:
                got_lo |= 1 << c
            else:
                got_hi |= 1 << (c - 56)
        out[best, 0] |= got_lo
        out[best, 1] |= got_hi
        left_lo &= ~got_lo
        left_hi &= ~got_hi
        need[best] = 0
    return bool(left_lo == 0 and left_hi == 0)


# -- the replay ------------------------------------------------------------------------------


@njit
def is_legal(s: NDArray[np.int64], a: int, acts: NDArray[np.int64]) -> bool:
    """Whether action ``a`` is legal for the seat to move in ``s`` (a card of the play
    checked on its masks, any other action on the list of :func:`legal`)."""
    seat = s[TURN]
    if seat < 0:
        return False
    if s[PHASE] == PH_PLAY and a < A_DISCARD and (
            s[TRICK_NO] != 0 or (s[DECIDED] >> seat & 1) != 0 or (s[FLAGS] & F_POIGNEES) == 0
            or popcount(s[HANDS_HI + seat]) < POIGNEE_SIZE[s[N], 0]):
        lo, hi = play_masks(s, seat)
        if a < 56:
            return (lo >> a & 1) != 0
        return (hi >> (a - 56) & 1) != 0
    k = legal(s, acts)
    for i in range(k):  # noqa: SIM110 - numba compiles no generator in any()
        if acts[i] == a:
            return True
    return False


@njit
def replay_read(s: NDArray[np.int64], steps: NDArray[np.int64], hidden: NDArray[np.int64],
                n_hidden: int, to_move: int, acts: NDArray[np.int64], readers: int,
                limit: int, later: int, first: NDArray[np.int64]) -> int:
    """Replay ``steps`` (rows ``(actor, action)``, action -1 for a hidden discard) on the
    freshly laid-out deal ``s``, each hidden discard the next card of ``hidden``: -1 unless
    every action was legal at its actor's turn and ``to_move`` (-1: nobody) moves at the
    end, else how many cards of the seats of the ``readers`` bits the heuristic
    (:func:`atout.kernels.tarot_search.heuristic_card`) would not have played there, from
    the world's hands; at ``limit + 1`` it stops there and returns it (whether the rest
    replays unknown). A
    reader's hidden discards are the heuristic's écart of the world's hand
    (:func:`atout.kernels.tarot_ecart.read_discard`), so that the world's split of the
    taker's cards between his hand and his écart is the rule's; where the rule would throw
    a card he plays later (``later``: :func:`atout.kernels.tarot_ecart.played_suit_cards`
    of ``steps``), the next card of ``hidden`` and a miss. ``first`` gets the first miss's
    seat and the card the heuristic would have played there (-1 for a discard), ``-1, -1``
    for none."""
    used = 0
    misses = 0
    first[0] = -1
    first[1] = -1
    for i in range(steps.shape[0]):
        actor = steps[i, 0]
        if s[TURN] != actor:
            return -1
        a = steps[i, 1]
        if a < 0:
            if used >= n_hidden:
                return -1
            card = hidden[used]
            if readers >> actor & 1:
                card, missed = read_discard(s, actor, hidden, used, n_hidden, later, acts)
                if missed and misses == 0:
                    first[0] = actor
                misses += missed
                if misses > limit:
                    return misses
            used += 1
            a = A_DISCARD + card
        if not is_legal(s, a, acts):
            return -1
        if readers >> actor & 1 and s[PHASE] == PH_PLAY and a < A_DISCARD:
            lo, hi = play_masks(s, actor)
            if lo & (lo - 1) or hi & (hi - 1) or (lo and hi):
                wanted = heuristic_card(s, lo, hi)
                if wanted != a:
                    if misses == 0:
                        first[0] = actor
                        first[1] = wanted
                    misses += 1
                    if misses > limit:
                        return misses
        step(s, a)
    return misses if s[TURN] == to_move else -1


# -- the worlds ------------------------------------------------------------------------------


@njit
def _dealt(base: NDArray[np.int64], holders: NDArray[np.int64], got: NDArray[np.int64],
           ecart_at: int, chien_at: int, ecart_base: NDArray[np.int64],
           chien_known: NDArray[np.int64], taker: int, took_chien: bool,
           hands: NDArray[np.int64], piles: NDArray[np.int64]) -> None:
    """The hands as dealt (``hands``, rows of two words) and the écart and chien
    (``piles[0]``, ``piles[1]``) of one dealing ``got`` of the hidden cards, as
    :meth:`atout.bots.tarot.sampler.ViewReading.hands` makes them."""
    n = base.shape[0]
    for s in range(n):
        hands[s, 0] = base[s, 0]
        hands[s, 1] = base[s, 1]
    for i in range(holders.shape[0]):
        hands[holders[i], 0] |= got[i, 0]
        hands[holders[i], 1] |= got[i, 1]
    e_lo = ecart_base[0]
    e_hi = ecart_base[1]
    if ecart_at >= 0:
        e_lo |= got[ecart_at, 0]
        e_hi |= got[ecart_at, 1]
    if chien_at >= 0:
        c_lo = got[chien_at, 0]
        c_hi = got[chien_at, 1]
    else:
        c_lo = chien_known[0]
        c_hi = chien_known[1]
    if took_chien:
        hands[taker, 0] = (hands[taker, 0] | e_lo) & ~c_lo
        hands[taker, 1] = (hands[taker, 1] | e_hi) & ~c_hi
    piles[0, 0] = e_lo
    piles[0, 1] = e_hi
    piles[1, 0] = c_lo
    piles[1, 1] = c_hi


@njit
def bid_misses(hands: NDArray[np.int64], n: int, auction: NDArray[np.int64],
               table: NDArray[np.float64], has_model: bool, limit: int,
               f: NDArray[np.float64]) -> int:
    """How many bids of ``auction`` (rows ``(seat, bid, legal5)``, see :func:`model_bid`)
    the model would not make with ``hands`` (as dealt), counted up to ``limit + 1``."""
    misses = 0
    for i in range(auction.shape[0]):
        s = auction[i, 0]
        if model_bid(hands[s, 0], hands[s, 1], n, auction[i, 2], table, has_model,
                     f) != auction[i, 1]:
            misses += 1
            if misses > limit:
                break
    return misses


@njit
def _lay(s: NDArray[np.int64], template: NDArray[np.int64], hands: NDArray[np.int64],
         chien_lo: int, chien_hi: int) -> bool:
    """``template`` with ``hands`` and the chien dealt into ``s``; False unless every pile
    has the table's size."""
    s[:] = template
    n = s[N]
    for seat in range(n):
        if popcount(hands[seat, 0]) + popcount(hands[seat, 1]) != s[HAND_SIZE]:
            return False
        s[HANDS_LO + seat] = hands[seat, 0]
        s[HANDS_HI + seat] = hands[seat, 1]
    if popcount(chien_lo) + popcount(chien_hi) != s[CHIEN_SIZE]:
        return False
    s[CHIEN_LO] = chien_lo
    s[CHIEN_HI] = chien_hi
    laid_out(s)
    return True


@njit
def _word_bit(c: int) -> tuple[int, int]:
    """The word of a two-word card mask that holds card ``c`` (0: cards 0-55, 1: the rest)
    and ``c``'s bit in it."""
    if c < 56:
        return 0, 1 << c
    return 1, 1 << (c - 56)


@njit
def _holder(got: NDArray[np.int64], c: int) -> int:
    """The holder of the hidden card ``c`` in the dealing ``got`` (-1: none)."""
    w, bit = _word_bit(c)
    for i in range(got.shape[0]):
        if got[i, w] & bit:
            return i
    return -1


@njit
def swap_cards(got: NDArray[np.int64], seat_at: int, want: int, allowed: NDArray[np.int64],
               forced: NDArray[np.int64], pool: NDArray[np.int64], rs: NDArray[np.int64],
               buf: NDArray[np.int64]) -> bool:
    """Move the dealing ``got`` one step toward a world that explains a miss: the card
    ``want`` of holder ``seat_at`` (the card the heuristic would have played instead of
    his; any card of his when ``want`` is -1 or not his to give, any hidden card when
    ``seat_at`` is -1) changes places with a card of another holder, each within its
    ``allowed`` cards and no ``forced`` card moved; False when no such exchange exists
    (``got`` untouched)."""
    i = seat_at
    c1 = -1
    if i >= 0 and want >= 0 and _holder(got, want) == i:
        c1 = want
    elif i >= 0:
        k = _cards(got[i, 0] & ~forced[i, 0], got[i, 1] & ~forced[i, 1], buf)
        if k:
            c1 = buf[below(rs, k)]
    else:
        k = _cards(pool[0], pool[1], buf)
        c1 = buf[below(rs, k)] if k else -1
        i = -1 if c1 < 0 else _holder(got, c1)
    if c1 < 0 or i < 0:
        return False
    w1, b1 = _word_bit(c1)
    if forced[i, w1] & b1:
        return False
    lo = 0
    hi = 0
    for j in range(got.shape[0]):
        if j != i and allowed[j, w1] & b1:
            lo |= got[j, 0] & allowed[i, 0] & ~forced[j, 0]
            hi |= got[j, 1] & allowed[i, 1] & ~forced[j, 1]
    k = _cards(lo, hi, buf)
    if not k:
        return False
    c2 = buf[below(rs, k)]
    j = _holder(got, c2)
    w2, b2 = _word_bit(c2)
    got[i, w1] ^= b1
    got[j, w1] ^= b1
    got[i, w2] ^= b2
    got[j, w2] ^= b2
    return True


@njit
def sample_worlds_kernel(template: NDArray[np.int64], steps: NDArray[np.int64],
                         to_move: int, base: NDArray[np.int64], holders: NDArray[np.int64],
                         pool: NDArray[np.int64], sizes: NDArray[np.int64],
                         allowed: NDArray[np.int64], forced: NDArray[np.int64],
                         ecart_at: int, chien_at: int, ecart_base: NDArray[np.int64],
                         ecart_known: NDArray[np.int64], chien_known: NDArray[np.int64],
                         taker: int, took_chien: bool, auction: NDArray[np.int64],
                         table: NDArray[np.float64], has_model: bool, read_bids: int,
                         readers: int, keep_play: NDArray[np.int64], soft: int,
                         tries: int, count: int, seed: int) -> NDArray[np.int64]:
    """``count`` worlds (rows of the kernel's state) agreeing with the facts (see the
    module): world ``w`` draws from the stream ``(seed, w)``; one no try dealt has its turn
    -1. The cards of the seats of the ``readers`` bits are read as the heuristic's
    (:func:`replay_read`): the first dealing that replays is kept if it explains them all,
    else it is moved for up to ``soft`` steps of :func:`swap_cards` on the first card it
    explains badly, a step that explains ``d`` more facts (cards and bids) badly taken with
    probability ``keep_play[min(d, len - 1)] / 2**32`` (fewer or as many: always), until
    one explains them all (``readers`` 0: none read)."""
    out = np.zeros((count, LENGTH), dtype=np.int64)
    rs = np.zeros(1, dtype=np.int64)
    h = sizes.shape[0]
    n = template[N]
    got = np.zeros((h, 2), dtype=np.int64)
    was = np.zeros((h, 2), dtype=np.int64)
    hands = np.zeros((n, 2), dtype=np.int64)
    piles = np.zeros((2, 2), dtype=np.int64)
    buf = np.zeros(78, dtype=np.int64)
    hidden = np.zeros(78, dtype=np.int64)
    acts = np.empty(MAX_LEGAL, dtype=np.int64)
    f = np.zeros(FEATURES, dtype=np.float64)
    s = np.empty(LENGTH, dtype=np.int64)
    kept = np.empty(LENGTH, dtype=np.int64)
    first = np.full(2, -1, dtype=np.int64)
    miss = np.full(2, -1, dtype=np.int64)
    reads = read_bids if auction.shape[0] else 0
    last = keep_play.shape[0] - 1
    later = played_suit_cards(steps)  # the same for every try
    for w in range(count):
        seed_stream(rs, seed, w)
        bad = -1  # the kept world's facts explained badly (-1: none dealt)
        for attempt in range(tries + 2 * reads):
            if not assign(pool, sizes, allowed, forced, rs, got, buf):
                continue
            _dealt(base, holders, got, ecart_at, chien_at, ecart_base, chien_known, taker,
                   took_chien, hands, piles)
            bids = bid_misses(hands, n, auction, table, has_model, last, f) if reads else 0
            if attempt < 2 * reads and bids > (0 if attempt < reads else 1):
                continue
            m = _replay(s, template, steps, hands, piles, ecart_known, hidden, rs, to_move,
                        acts, readers, EVERY, later, first)
            if m >= 0:
                bad = m + bids
                kept[:] = s
                miss[:] = first
                break
        step_no = 0
        while readers and bad > 0 and step_no < soft:
            step_no += 1
            was[:] = got
            if not swap_cards(got, _holder_at(holders, miss[0]), miss[1], allowed, forced,
                              pool, rs, buf):
                continue
            _dealt(base, holders, got, ecart_at, chien_at, ecart_base, chien_known, taker,
                   took_chien, hands, piles)
            # the step's chance drawn first: its replay stops past the most it may explain
            # badly and still be taken (the keep weights fall with the count)
            u = draw32(rs)
            worse = 0
            while worse < last and keep_play[worse + 1] > u:
                worse += 1
            bids = bid_misses(hands, n, auction, table, has_model, bad + worse, f) \
                if reads else 0
            room = bad + worse - bids
            m = -1 if room < 0 else _replay(s, template, steps, hands, piles, ecart_known,
                                            hidden, rs, to_move, acts, readers, room, later,
                                            first)
            if 0 <= m <= room:
                bad = m + bids
                kept[:] = s
                miss[:] = first
            else:
                got[:] = was
        if bad >= 0:
            out[w, :] = kept
        else:
            out[w, :] = template
            out[w, TURN] = -1
    return out


@njit
def _holder_at(holders: NDArray[np.int64], seat: int) -> int:
    """The holder index of ``seat``'s hand (-1: none, as for a miss of no seat)."""
    for i in range(holders.shape[0]):
        if holders[i] == seat:
            return i
    return -1


@njit
def _replay(s: NDArray[np.int64], template: NDArray[np.int64], steps: NDArray[np.int64],
            hands: NDArray[np.int64], piles: NDArray[np.int64], ecart_known: NDArray[np.int64],
            hidden: NDArray[np.int64], rs: NDArray[np.int64], to_move: int,
            acts: NDArray[np.int64], readers: int, limit: int, later: int,
            first: NDArray[np.int64]) -> int:
    """Lay the dealt ``hands`` and piles out in ``s`` and replay the history on them, the
    hidden écart in a random order: :func:`replay_read`'s count, -1 when it does not
    replay."""
    k = _cards(piles[0, 0] & ~ecart_known[0], piles[0, 1] & ~ecart_known[1], hidden)
    for t in range(k - 1):
        j = t + below(rs, k - t)
        c = hidden[j]
        hidden[j] = hidden[t]
        hidden[t] = c
    if not _lay(s, template, hands, piles[1, 0], piles[1, 1]):
        return -1
    return replay_read(s, steps, hidden, k, to_move, acts, readers, limit, later, first)


def _rows(name: str, value: Any, width: int, rows: int | None = None) -> NDArray[np.int64]:
    """``value`` as int64 rows of ``width`` (``rows`` of them when given), or
    ``ValueError`` in words."""
    a = np.ascontiguousarray(np.asarray(value, dtype=np.int64))
    if a.ndim != 2 or a.shape[1] != width or (rows is not None and a.shape[0] != rows):
        many = "" if rows is None else f"{rows} "
        raise ValueError(f"{name} must be {many}rows of {width} int64, not an array of shape "
                         f"{a.shape}")
    return a


def _vector(name: str, value: Any, size: int) -> NDArray[np.int64]:
    a = np.ascontiguousarray(np.asarray(value, dtype=np.int64))
    if a.shape != (size,):
        raise ValueError(f"{name} must be a vector of {size} int64, not an array of shape "
                         f"{a.shape}")
    return a


def sample_worlds(template: Any, steps: Any, to_move: int, base: Any, holders: Any,
                  pool: Any, sizes: Any, allowed: Any, forced: Any, ecart_at: int,
                  chien_at: int, ecart_base: Any, ecart_known: Any, chien_known: Any,
                  taker: int, took_chien: bool, auction: Any, table: Any, has_model: bool,
                  read_bids: int, readers: int, keep_play: Any, soft: int, tries: int,
                  count: int, seed: int) -> NDArray[np.int64]:
    """:func:`sample_worlds_kernel` with its arguments checked (``ValueError`` in words):
    the template a state of :data:`~atout.kernels.tarot.LENGTH`, ``steps`` rows of two,
    ``base`` a row of two words per seat, the pool and the known piles two words, one size,
    allowed and forced row and holder seat per holder (the écart's and chien's places among
    them), ``auction`` rows of three, ``table`` five rows of :data:`FEATURES` weights,
    ``readers`` bits of the seats, ``keep_play`` one weight or more."""
    tmpl = np.ascontiguousarray(np.asarray(template, dtype=np.int64))
    if tmpl.shape != (LENGTH,) or int(tmpl[N]) not in (3, 4, 5):
        raise ValueError(f"the template must be a kernel state of {LENGTH} int64 (from "
                         f"encode) of a table of 3 to 5, not an array of shape {tmpl.shape}")
    n = int(tmpl[N])
    sz = np.ascontiguousarray(np.asarray(sizes, dtype=np.int64).reshape(-1))
    h = sz.shape[0]
    hold = np.ascontiguousarray(np.asarray(holders, dtype=np.int64).reshape(-1))
    if hold.shape[0] != n - 1 or any(not 0 <= int(s) < n for s in hold):
        raise ValueError(f"holders must list the {n - 1} other seats, not {hold.tolist()}")
    places = [p for p in (ecart_at, chien_at) if p >= 0]
    if h != n - 1 + len(places) or any(not n - 1 <= p < h for p in places):
        raise ValueError(f"sizes must give one size per holder ({n - 1} hands, then the "
                         f"écart and chien when hidden: {n - 1 + len(places)}), not {h}")
    tb = np.ascontiguousarray(np.asarray(table, dtype=np.float64))
    if tb.shape != (5, FEATURES):
        raise ValueError(f"table must be 5 rows of {FEATURES} weights, not {tb.shape}")
    if not isinstance(readers, int | np.integer) or not 0 <= readers < 1 << n:
        raise ValueError(f"readers must be bits of the {n} seats, not {readers!r}")
    keep = np.ascontiguousarray(np.asarray(keep_play, dtype=np.int64).reshape(-1))
    if not keep.shape[0]:
        raise ValueError("keep_play holds one keep weight per number of cards explained "
                         "badly, from 0 (at least one)")
    for name, v in (("count", count), ("tries", tries), ("read_bids", read_bids),
                    ("soft", soft)):
        if isinstance(v, bool) or not isinstance(v, int | np.integer) or v < 0:
            raise ValueError(f"{name} must be a whole number, 0 or more, not {v!r}")
    return sample_worlds_kernel(
        tmpl, _rows("steps", steps, 2), int(to_move), _rows("base", base, 2, n), hold,
        _vector("pool", pool, 2), sz, _rows("allowed", allowed, 2, h),
        _rows("forced", forced, 2, h), int(ecart_at), int(chien_at),
        _vector("ecart_base", ecart_base, 2), _vector("ecart_known", ecart_known, 2),
        _vector("chien_known", chien_known, 2), int(taker), bool(took_chien),
        _rows("auction", auction, 3), tb, bool(has_model), int(read_bids), int(readers),
        keep, int(soft), int(tries), int(count), int(seed) & 0x7FFFFFFFFFFFFFFF)


__all__ = ["BIG_HI", "FEATURES", "assign", "bid_features", "bid_misses", "count_bid",
           "hand_points",
           "is_legal", "model_bid", "replay_read", "sample_worlds",
           "sample_worlds_kernel", "swap_cards"]
