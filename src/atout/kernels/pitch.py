"""Auction Pitch as a kernel: the auction, the six tricks and High/Low/Jack/Game, compiled.

The state is one ``int64`` vector (:func:`encode` makes it from any :class:`PitchDeal`, from
the deal to the end): each seat's hand, the cards each seat took and the Game points in them,
the trick in progress, the auction (high bid and bidder), trump, whose turn it is, and the
options that change play or scoring (the lowest bid, what happens when all pass, the dealer's
steal, the tangage, who scores Low). Cards are the indices of :data:`atout.cards.FULL_DECK`
and actions the engine's ids: ``0..51`` a card, ``52`` pass, ``53..56`` bid 1..4.

:func:`legal` and :func:`step` are the rules; :func:`random_playouts` plays ``n`` uniformly
random playouts (each legal action equally likely) and returns each seat's points, exactly the
engine's :attr:`atout.core.Deal.result` points; :func:`choices` gives the actions of one of
them, for the engine to replay. The smudge is a match's matter (it does not change a hand's
points) and is not modelled.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from atout.games import make
from atout.games.pitch import PitchDeal
from atout.games.pitch.tables import AUCTION, OVER, PLAY, SUIT_MASK
from atout.kernels.jit import njit
from atout.kernels.kit import (
    Array,
    check_count,
    check_seed,
    high_index,
    low_index,
    pick,
    seed_for,
)

# -- the state vector ---------------------------------------------------------------------
N = 0
"""Players."""
SIDES = 1
DEALER = 2
PHASE = 3
"""0 the auction, 1 the play, 2 over."""
TURN = 4
HIGH = 5
HIGH_SEAT = 6
PITCHER = 7
BID = 8
TRUMP = 9
LEADER = 10
TRICK_NO = 11
TRICK_LEN = 12
FLAGS = 13
MIN_BID = 14
TRICK = 16
HANDS = 23
WON = 30
GAME = 37
DEALT = 44
LENGTH = 51

PH_AUCTION, PH_PLAY, PH_OVER = 0, 1, 2
F_REDEAL, F_STEAL, F_STEAL_FOUR, F_TANGAGE, F_LOW_WON = 1, 2, 4, 8, 16
PASS = 52
BID0 = 52
MAX_ACTIONS = 64
"""The longest playout: an auction of at most 8 actions and 42 cards, padded."""

SUITS = np.array(SUIT_MASK, dtype=np.int64)
CARDS = (1 << 52) - 1
BIDS_MASK = 0xF << 53
GAME_VALUE = np.array([{8: 10, 9: 1, 10: 2, 11: 3, 12: 4}.get(c % 13, 0) for c in range(52)],
                      dtype=np.int64)


def encode(deal: PitchDeal) -> Array:
    """The kernel's state of ``deal``, at any point from the deal to the end."""
    if not isinstance(deal, PitchDeal):
        raise ValueError(f"pitch kernel: expected a pitch deal, not {type(deal).__name__}")
    opts = deal.rules.options
    s = np.zeros(LENGTH, dtype=np.int64)
    s[N] = deal.n
    s[SIDES] = deal.sides
    s[DEALER] = deal.dealer_seat
    s[PHASE] = {AUCTION: PH_AUCTION, PLAY: PH_PLAY, OVER: PH_OVER}[deal.phase]
    s[TURN] = deal.turn
    s[HIGH] = deal.high
    s[HIGH_SEAT] = deal.high_seat
    s[PITCHER] = deal.pitcher
    s[BID] = deal.bid
    s[TRUMP] = deal.trump
    s[LEADER] = deal.leader
    s[TRICK_NO] = deal.trick_no
    s[TRICK_LEN] = len(deal.trick)
    s[FLAGS] = ((F_REDEAL if opts.all_pass == "redeal" else 0)
                | (F_STEAL if opts.dealer_steal else 0)
                | (F_STEAL_FOUR if opts.steal_four else 0)
                | (F_TANGAGE if opts.tangage else 0)
                | (F_LOW_WON if opts.low == "won" else 0))
    s[MIN_BID] = opts.min_bid
    for i, c in enumerate(deal.trick):
        s[TRICK + i] = c
    for seat in range(deal.n):
        s[HANDS + seat] = deal.hands[seat]
        s[WON + seat] = deal.won[seat]
        s[GAME + seat] = deal.game_won[seat]
        s[DEALT + seat] = deal.dealt[seat]
    if deal.phase is OVER:  # a finished deal keeps its scores: nothing to play
        s[TURN] = -1
    return s


# -- the rules ----------------------------------------------------------------------------


@njit
def _bid_floor(s: Array) -> tuple[int, bool]:
    flags = s[FLAGS]
    high = s[HIGH]
    if s[TURN] != s[DEALER]:
        return max(high + 1, s[MIN_BID]), True
    if high == 0:
        if (flags & F_REDEAL) != 0:
            return s[MIN_BID], True
        return max(2, s[MIN_BID]), False
    if (flags & F_STEAL) != 0 and (high < 4 or (flags & F_STEAL_FOUR) != 0):
        return high, True
    return high + 1, True


@njit
def legal(s: Array) -> int:
    """The legal actions of the seat to move as a bitmask over action ids (0 when over)."""
    phase = s[PHASE]
    if phase == PH_PLAY:
        h = int(s[HANDS + s[TURN]])
        if s[TRICK_LEN] == 0:
            return h
        led = s[TRICK] // 13
        follow = h & int(SUITS[led])
        if follow == 0:
            return h
        if led == s[TRUMP]:
            return follow
        return follow | (h & int(SUITS[s[TRUMP]]))
    if phase == PH_AUCTION:
        floor, may_pass = _bid_floor(s)
        m = 0
        for k in range(max(floor, 1), 5):
            m |= 1 << (BID0 + k)
        if may_pass:
            m |= 1 << PASS
        if (s[FLAGS] & F_TANGAGE) != 0 and (m >> (BID0 + 4) & 1) != 0:
            m |= s[HANDS + s[TURN]]
        return m
    return 0


@njit
def _end_auction(s: Array) -> None:
    if s[HIGH] == 0:  # all passed and the option says redeal: no points
        s[PHASE] = PH_OVER
        s[TURN] = -1
        return
    s[PITCHER] = s[HIGH_SEAT]
    s[BID] = s[HIGH]
    s[PHASE] = PH_PLAY
    s[TURN] = s[HIGH_SEAT]
    s[LEADER] = s[HIGH_SEAT]


@njit
def _trick_winner(s: Array) -> int:
    trump = s[TRUMP]
    best = s[TRICK]
    pos = 0
    for i in range(1, s[N]):
        c = s[TRICK + i]
        cs = c // 13
        bs = best // 13
        if (cs == trump and bs != trump) or (cs == bs and c > best):
            best = c
            pos = i
    return int((s[LEADER] + pos) % s[N])


@njit
def _play_card(s: Array, seat: int, card: int) -> None:
    n = s[N]
    s[HANDS + seat] &= ~(1 << card)
    if s[TRUMP] < 0:
        s[TRUMP] = card // 13
    s[TRICK + s[TRICK_LEN]] = card
    s[TRICK_LEN] += 1
    if s[TRICK_LEN] < n:
        s[TURN] = (seat + 1) % n
        return
    w = _trick_winner(s)
    for i in range(n):
        c = s[TRICK + i]
        s[WON + w] |= 1 << c
        s[GAME + w] += GAME_VALUE[c]
        s[TRICK + i] = 0
    s[TRICK_NO] += 1
    s[TRICK_LEN] = 0
    s[TURN] = w
    s[LEADER] = w
    if s[TRICK_NO] == 6:
        s[PHASE] = PH_OVER
        s[TURN] = -1


@njit
def step(s: Array, action: int) -> None:
    """Play a legal ``action`` for the seat to move (unchecked: an illegal one corrupts)."""
    seat = s[TURN]
    if s[PHASE] == PH_PLAY:
        _play_card(s, seat, action)
        return
    n = s[N]
    if action < 52:  # tangage: a bid of 4 and the first lead at once
        s[HIGH] = 4
        s[HIGH_SEAT] = seat
        _end_auction(s)
        _play_card(s, seat, action)
        return
    if action != PASS:
        s[HIGH] = action - BID0
        s[HIGH_SEAT] = seat
    if seat == s[DEALER]:
        _end_auction(s)
        return
    if s[HIGH] == 4:  # nobody may top 4: only the dealer may still steal it
        if (s[FLAGS] & F_STEAL) != 0 and (s[FLAGS] & F_STEAL_FOUR) != 0:
            s[TURN] = s[DEALER]
            return
        _end_auction(s)
        return
    s[TURN] = (seat + 1) % n


@njit
def _taker(s: Array, card: int) -> int:
    for seat in range(s[N]):
        if s[WON + seat] >> card & 1:
            return seat
    return -1


@njit
def _owner(s: Array, card: int) -> int:
    for seat in range(s[N]):
        if s[DEALT + seat] >> card & 1:
            return seat
    return -1


@njit
def points(s: Array, out: Array) -> None:
    """Each seat's points of a finished hand into ``out`` (the engine's result points)."""
    n = s[N]
    sides = s[SIDES]
    if s[PITCHER] < 0:  # redealt
        for seat in range(n):
            out[seat] = 0
        return
    in_play = 0
    for seat in range(n):
        in_play |= s[DEALT + seat]
    trump = s[TRUMP]
    trumps = in_play & SUITS[trump]
    hi = high_index(trumps)
    lo = low_index(trumps)
    jack = trump * 13 + 9
    pts = np.zeros(7, np.int64)
    pts[_taker(s, hi) % sides] += 1
    low_seat = _taker(s, lo) if (s[FLAGS] & F_LOW_WON) != 0 else _owner(s, lo)
    pts[low_seat % sides] += 1
    if in_play >> jack & 1:
        pts[_taker(s, jack) % sides] += 1
    game = np.zeros(7, np.int64)
    for seat in range(n):
        game[seat % sides] += s[GAME + seat]
    best = -1
    best_side = -1
    for side in range(sides):
        if game[side] > best:
            best = game[side]
            best_side = side
        elif game[side] == best:
            best_side = -1
    if best_side >= 0:
        pts[best_side] += 1
    ps = s[PITCHER] % sides
    if pts[ps] < s[BID]:
        pts[ps] = -s[BID]
    for seat in range(n):
        out[seat] = pts[seat % sides]


@njit
def _random_playout(s: Array, rng: Array, record: Array) -> None:
    i = 0
    while s[PHASE] != PH_OVER:
        a = pick(rng, legal(s))
        record[i] = a
        i += 1
        step(s, a)


@njit
def playouts_kernel(state: Array, n: int, seed: int) -> Array:
    """``n`` random playouts of ``state``: an (n, seats) array of points."""
    seats = state[N]
    out = np.zeros((n, seats), np.int64)
    record = np.empty(MAX_ACTIONS, np.int64)
    rng = np.empty(1, np.int64)
    s = state.copy()
    for i in range(n):
        s[:] = state
        rng[0] = seed_for(seed, i)
        _random_playout(s, rng, record)
        points(s, out[i])
    return out


@njit
def rollouts_kernel(states: Array, seed: int) -> Array:
    """One random playout of each row of ``states`` (k, LENGTH), row ``i`` seeded by
    ``(seed, i)``: (k, seats) points."""
    k = states.shape[0]
    out = np.zeros((k, states[0, N] if k else 1), np.int64)
    record = np.empty(MAX_ACTIONS, np.int64)
    rng = np.empty(1, np.int64)
    s = np.empty(states.shape[1], np.int64)
    for i in range(k):
        s[:] = states[i]
        rng[0] = seed_for(seed, i)
        _random_playout(s, rng, record)
        points(s, out[i])
    return out


@njit
def choices_kernel(state: Array, seed: int, index: int) -> Array:
    """The actions of playout ``index`` of ``seed`` (padded with -1)."""
    record = np.full(MAX_ACTIONS, -1, np.int64)
    rng = np.empty(1, np.int64)
    rng[0] = seed_for(seed, index)
    s = state.copy()
    _random_playout(s, rng, record)
    return record


def _check_state(state: object) -> Array:
    if not isinstance(state, np.ndarray) or state.dtype != np.int64 or \
            state.shape != (LENGTH,):
        raise ValueError(f"pitch kernel: a state is an int64 vector of {LENGTH} (see encode)")
    return state


def legal_mask(state: Array) -> int:
    """The legal actions of ``state`` as a bitmask over action ids (the engine's form)."""
    return int(legal(_check_state(state)))


def random_playouts(state: Array, n: int, seed: int) -> Array:
    """Each seat's points for ``n`` uniformly random playouts from ``state``: (n, seats)."""
    return playouts_kernel(_check_state(state), check_count(n), check_seed(seed))


def rollouts(states: Array, seed: int) -> Array:
    """One random playout of each row of ``states`` (k states of one table stacked), in one
    call: (k, seats) points; row ``i`` plays as ``random_playouts(states[i], ...)`` row ``i``."""
    if not isinstance(states, np.ndarray) or states.dtype != np.int64 or states.ndim != 2 \
            or states.shape[1] != LENGTH:
        raise ValueError(f"pitch kernel: states are an int64 array (k, {LENGTH})")
    return rollouts_kernel(states, check_seed(seed))


def choices(state: Array, seed: int, index: int = 0) -> list[int]:
    """The action ids of playout ``index`` of :func:`random_playouts` with ``seed``."""
    record = choices_kernel(_check_state(state), check_seed(seed), check_count(index))
    return [int(a) for a in record if a >= 0]


# -- whole deals from a seed ----------------------------------------------------------------


@njit
def deal_into(s: Array, rng: Array, dealer: int) -> None:
    """Deal six cards to each seat of ``s`` (its options and players kept) and reset it."""
    n = s[N]
    for i in range(N + 1, LENGTH):
        if i != SIDES and i != FLAGS and i != MIN_BID:
            s[i] = 0
    s[DEALER] = dealer
    s[TURN] = (dealer + 1) % n
    s[HIGH_SEAT] = -1
    s[PITCHER] = -1
    s[TRUMP] = -1
    s[LEADER] = -1
    left = (1 << 52) - 1
    for seat in range(n):
        h = 0
        for _ in range(6):
            c = pick(rng, left)
            left &= ~(1 << c)
            h |= 1 << c
        s[HANDS + seat] = h
        s[DEALT + seat] = h


@njit
def deals_kernel(template: Array, n: int, seed: int) -> Array:
    """``n`` random deals (dealer 0) played out at random: (n, seats) points."""
    out = np.zeros((n, template[N]), np.int64)
    record = np.empty(MAX_ACTIONS, np.int64)
    rng = np.empty(1, np.int64)
    s = template.copy()
    for i in range(n):
        rng[0] = seed_for(seed, i)
        deal_into(s, rng, 0)
        _random_playout(s, rng, record)
        points(s, out[i])
    return out


def playouts(n: int, seed: int, **options: Any) -> Array:
    """``n`` random deals of Auction Pitch with ``options``, played out at random from the
    deal (the auction included): each seat's points, (n, seats)."""
    deal = make("pitch", **options).deal(seed=0)
    assert isinstance(deal, PitchDeal)
    return deals_kernel(encode(deal), check_count(n), check_seed(seed))


__all__ = ["LENGTH", "MAX_ACTIONS", "choices", "deal_into", "encode", "legal", "legal_mask",
           "playouts", "points", "random_playouts", "rollouts", "step"]
