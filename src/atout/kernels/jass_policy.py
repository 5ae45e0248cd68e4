"""The Jass heuristic's card play as a kernel, and rollouts that mix it with the greedy policy.

:func:`heuristic_card` is :func:`atout.bots.jass.cards.card_choice` with the heuristic's
default rules (:data:`~atout.bots.jass.cards.STANDARD`: leading conventions, drawing trumps,
Schmieren, winning cheaply, keeping the Buur and the Nell) on the kernel's state: the same
card for the same position, as the Python search's model of the table plays it in a
perfect-information rollout (every card not played is in some hand). It reads, besides the
state, the voids the next player has shown, whether the seat's side chose trump, and the
seat's partner.

:func:`policy_card` switches by seat: a seat whose ``kinds`` entry is :data:`GREEDY` plays
:func:`~atout.kernels.jass_search.greedy_card`, one whose entry is :data:`HEURISTIC`
plays :func:`heuristic_card`, one whose entry is :data:`LOOKAHEAD` plays
:func:`lookahead_card` (each legal card tried with the rest of the deal by the heuristic's
rules, in the rollout's world where every hand is known); :func:`play_card` plays a card
and notes the voids it shows (:func:`~atout.games.jass.seen.void_shown`, as the Python
model rollout does).
:func:`policy_rollouts_kernel` is :func:`~atout.kernels.jass_search.rollouts_kernel` with
this switch: with every seat greedy it gives the same values.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from atout.games.jass.ranks import ABOVE as ABOVE_TABLE
from atout.games.jass.ranks import BEATERS as BEATERS_TABLE
from atout.games.jass.ranks import JACK, NINE
from atout.games.jass.ranks import POWER as POWER_TABLE
from atout.kernels.jass import (
    MAX_SEATS,
    ST_BEST,
    ST_BEST_SEAT,
    ST_HANDS,
    ST_LED,
    ST_MODE,
    ST_N,
    ST_NEXT,
    ST_POS,
    ST_PTS,
    ST_SIZE,
    ST_TURN,
    STATE_SIZE,
    SUITS,
    VALUES,
    apply_card,
    final_scores,
    legal_mask,
    lowest,
    popcount,
)
from atout.kernels.jass_search import greedy_card
from atout.kernels.jit import njit
from atout.kernels.kit import seat_value
from atout.kernels.rand import seed_stream

GREEDY = 0
"""A seat's kind in :func:`policy_card`: the greedy rollout policy."""
HEURISTIC = 1
"""A seat's kind in :func:`policy_card`: the heuristic's rules of thumb."""
LOOKAHEAD = 2
"""A seat's kind in :func:`policy_card`: one card of lookahead over the heuristic
(:func:`lookahead_card`)."""

POWER = np.array(POWER_TABLE, dtype=np.int64)
"""POWER[mode, card]: the card's power in a trick (trumps from 100)."""
ABOVE = np.array(ABOVE_TABLE, dtype=np.int64)
"""ABOVE[mode, card]: the cards of its suit that beat it."""
BEATERS = np.array(BEATERS_TABLE, dtype=np.int64)
"""BEATERS[mode, led, card]: the cards that take a trick ``card`` wins."""
TRUMPS = np.array([int(SUITS[m]) if m < 4 else 0 for m in range(6)], dtype=np.int64)
"""TRUMPS[mode]: the trump suit's mask (0 without trump)."""
HONOURS = np.array([(1 << (m * 9 + JACK)) | (1 << (m * 9 + NINE)) if m < 4 else 0
                    for m in range(6)], dtype=np.int64)
"""HONOURS[mode]: the Buur and the Nell (none without trump)."""
LACKS = np.array([[int(SUITS[led]) & ~((1 << (mode * 9 + JACK)) if led == mode else 0)
                   for led in range(4)] for mode in range(6)], dtype=np.int64)
"""LACKS[mode, led]: what a seat shows he lacks by playing neither the suit led nor a trump
(the Buur need not follow a trump lead)."""
_FULL = (1 << 36) - 1


@njit
def _most_power(cards: int, mode: int) -> int:
    """The strongest of a non-empty mask (the lowest index among equals)."""
    k = -1
    pick = -1
    while cards:
        c = lowest(cards)
        cards &= cards - 1
        if POWER[mode, c] > k:
            k = POWER[mode, c]
            pick = c
    return pick


@njit
def _least_power(cards: int, mode: int) -> int:
    """The weakest of a non-empty mask (the lowest index among equals)."""
    k = 1 << 30
    pick = -1
    while cards:
        c = lowest(cards)
        cards &= cards - 1
        if POWER[mode, c] < k:
            k = POWER[mode, c]
            pick = c
    return pick


@njit
def _trump_lead(legal: int, hand: int, unseen: int, mode: int, pull: bool) -> int:
    """The lead with a trump suit: draw trumps, cash a Bock, lead low, the least trump."""
    trumps = TRUMPS[mode]
    honours = HONOURS[mode]
    mine = legal & trumps
    if mine and unseen & trumps and pull:
        # draw_trumps (DRAW_LOW)
        top = _most_power(mine, mode)
        if not unseen & ABOVE[mode, top]:
            if mine & (mine - 1):
                return top
        elif popcount(mine) >= 3 and mine & ~honours:
            return _least_power(mine & ~honours, mode)
    if pull or not unseen & trumps:
        # cash_bock (DEFENCE: a defender keeps his while trumps are out)
        k = -1
        pick = -1
        m = legal & ~trumps
        while m:
            c = lowest(m)
            m &= m - 1
            if not unseen & ABOVE[mode, c]:
                key = VALUES[mode, c] * 128 + POWER[mode, c]
                if key > k:
                    k = key
                    pick = c
        if pick >= 0:
            return pick
    # lead_low (DEFENCE: a defender leads the suit the others hold fewest of)
    k = 1 << 30
    pick = -1
    m = legal & ~trumps
    while m:
        c = lowest(m)
        m &= m - 1
        suit = SUITS[c // 9]
        n = popcount(unseen & suit) if not pull else 9 - popcount(hand & suit)
        v = VALUES[mode, c]
        key = (((16 if v >= 10 else 0) + n) * 32 + v) * 128 + POWER[mode, c]
        if key < k:
            k = key
            pick = c
    if pick >= 0:
        return pick
    # lead_least_trump
    k = 1 << 30
    m = legal
    while m:
        c = lowest(m)
        m &= m - 1
        key = (honours >> c & 1) * 128 + POWER[mode, c]
        if key < k:
            k = key
            pick = c
    return pick


@njit
def _no_trump_lead(legal: int, hand: int, unseen: int, mode: int) -> int:
    """The lead at Obenabe and Undenufe: the top cards of the shortest suit it heads
    (SHORT_TOPS), else a low card of a long suit."""
    k = -1
    pick = -1
    m = legal
    while m:
        c = lowest(m)
        m &= m - 1
        if not unseen & ABOVE[mode, c]:
            key = abs(10 - popcount(hand & SUITS[c // 9])) * 32 + VALUES[mode, c]
            if key > k:
                k = key
                pick = c
    if pick >= 0:
        return pick
    k = 1 << 30
    m = legal
    while m:
        c = lowest(m)
        m &= m - 1
        v = VALUES[mode, c]
        key = ((16 if v >= 10 else 0) + 9 - popcount(hand & SUITS[c // 9])) * 32 + v
        if key < k:
            k = key
            pick = c
    return pick


@njit
def _throw_cheapest(legal: int, unseen: int, mode: int) -> int:
    """The card that costs least to give away (KEEP_TRUMPS): by (honour, top card worth 10
    or more, trump, value, power), least first."""
    honours = HONOURS[mode]
    k = 1 << 40
    pick = -1
    m = legal
    while m:
        c = lowest(m)
        m &= m - 1
        v = VALUES[mode, c]
        p = POWER[mode, c]
        trump = 1 if p >= 100 else 0
        top = 1 if v >= 10 and not unseen & ABOVE[mode, c] else 0
        key = (((((honours >> c & 1) * 2 + top) * 2 + trump) * 32 + v) * 2 + trump) * 128 + p
        if key < k:
            k = key
            pick = c
    return pick


@njit
def _schmieren(st: NDArray[np.int64], legal: int, unseen: int, voids_next: int,
               last: bool) -> int:
    """The partner's trick, safe: feed it the side card of the highest value (a top card
    only if nothing else is worth giving); -1 when not safe or no side card."""
    mode = st[ST_MODE]
    best = st[ST_BEST]
    safe = last or (not unseen & ABOVE[mode, best] and (
        POWER[mode, best] >= 100 or mode >= 4 or not voids_next & SUITS[st[ST_LED]]))
    m = legal & ~TRUMPS[mode]
    if not (safe and m):
        return -1
    k = -1
    pick = -1
    while m:
        c = lowest(m)
        m &= m - 1
        v = VALUES[mode, c]
        worth = v // 2 if not unseen & ABOVE[mode, c] else v
        key = (worth * 32 + v) * 128 + 127 - POWER[mode, c]
        if key > k:
            k = key
            pick = c
    return pick


@njit
def _take(st: NDArray[np.int64], legal: int, unseen: int, last: bool) -> int:
    """The other side's trick: last, the weakest card of the suit led that wins, else a
    trump for 4 points (the Buur or the Nell for 10: SPARE_HONOURS); earlier, a top card
    of the suit led, else a ruff for 10 points (an honour only for 20); -1: none."""
    mode = st[ST_MODE]
    trumps = TRUMPS[mode]
    honours = HONOURS[mode]
    points = st[ST_PTS]
    win = legal & BEATERS[mode, st[ST_LED], st[ST_BEST]]
    if last:
        plain = win & ~trumps
        if plain:
            return _least_power(plain, mode)
        if win and points >= 4 and (win & ~honours or points >= 10):
            spare = win & ~honours
            return _least_power(spare if spare else win, mode)
        return -1
    if not win:
        return -1
    k = -1
    pick = -1
    m = win & ~trumps
    while m:
        c = lowest(m)
        m &= m - 1
        if not unseen & ABOVE[mode, c] and VALUES[mode, c] > k:
            k = VALUES[mode, c]
            pick = c
    if k >= 0:
        return pick
    if points >= 10:
        ruff = win & trumps & ~honours
        if ruff:
            return _least_power(ruff, mode)
        if points >= 20:
            return _least_power(win, mode)
    return -1


@njit
def heuristic_card(st: NDArray[np.int64], legal: int, voids_next: int, pull: bool,
                   partner: int) -> int:
    """The heuristic's card among ``legal`` for the seat to play
    (:func:`atout.bots.jass.cards.card_choice`, its default rules): ``voids_next`` the cards
    the next seat has shown he lacks, ``pull`` whether the seat's side chose trump,
    ``partner`` the partner's seat (-1: none)."""
    if not legal & (legal - 1):
        return lowest(legal)
    seat = st[ST_TURN]
    mode = st[ST_MODE]
    pos = st[ST_POS]
    hand = st[ST_HANDS + seat]
    out = 0
    for s in range(st[ST_N]):
        out |= st[ST_HANDS + s]
    unseen = out & ~hand
    if pos == 0:
        if mode < 4:
            return _trump_lead(legal, hand, unseen, mode, pull)
        return _no_trump_lead(legal, hand, unseen, mode)
    last = pos == st[ST_SIZE] - 1
    if partner >= 0 and st[ST_BEST_SEAT] == partner:
        c = _schmieren(st, legal, unseen, voids_next, last)
        return c if c >= 0 else _throw_cheapest(legal, unseen, mode)
    led = st[ST_LED]
    if pos == 1 and partner >= 0 and led != mode:
        # SECOND_TEN: the ten of the suit led when an unseen card beats it
        m = legal & SUITS[led]
        while m:
            c = lowest(m)
            m &= m - 1
            if VALUES[mode, c] == 10 and unseen & ABOVE[mode, c]:
                return c
    c = _take(st, legal, unseen, last)
    return c if c >= 0 else _throw_cheapest(legal, unseen, mode)


@njit
def partner_of(st: NDArray[np.int64], seat: int) -> int:
    """The partner's seat at a table of four (two seats on), -1 at any other table."""
    if st[ST_N] != 4:
        return -1
    return int(st[ST_NEXT + st[ST_NEXT + seat]])


@njit
def _heuristic_here(st: NDArray[np.int64], mask: int, voids: NDArray[np.int64],
                    chooser: int) -> int:
    """:func:`heuristic_card` for the seat to play among ``mask``, its partner, its side's
    trump duty and its next seat's voids read from the state."""
    seat = st[ST_TURN]
    partner = partner_of(st, seat)
    pull = seat == chooser or (partner >= 0 and partner == chooser)
    return heuristic_card(st, mask, voids[st[ST_NEXT + seat]], pull, partner)


@njit
def _heuristic_value(st: NDArray[np.int64], c: int, voids: NDArray[np.int64], chooser: int,
                     work: NDArray[np.int64], shown: NDArray[np.int64],
                     row: NDArray[np.int64]) -> float:
    """The value for the seat to play in ``st`` of card ``c``, then every seat by the
    heuristic's rules to the end (``st`` and ``voids`` untouched)."""
    seat = st[ST_TURN]
    work[:] = st
    shown[:] = voids
    play_card(work, c, shown)
    # play_policy with every seat HEURISTIC, written out: play_policy reaches this function
    # (through lookahead_card), and a kernel calling back into its caller is a recursion
    while work[ST_TURN] >= 0:
        play_card(work, _heuristic_here(work, legal_mask(work), shown, chooser), shown)
    final_scores(work, row)
    return seat_value(row, st[ST_N], seat)


@njit
def lookahead_card(st: NDArray[np.int64], mask: int, voids: NDArray[np.int64],
                   chooser: int, tally: NDArray[np.int64]) -> int:
    """The card among ``mask`` whose continuation with every seat by the heuristic's rules
    gives the seat to play the most (the world's hands all known): the heuristic's own card
    unless another does strictly better. ``tally[0]`` counts the continuations played (one
    per legal card, none with one card)."""
    first = _heuristic_here(st, mask, voids, chooser)
    if not mask & (mask - 1):
        return first
    tally[0] += popcount(mask)
    work = np.empty_like(st)
    shown = np.empty_like(voids)
    row = np.zeros(MAX_SEATS, dtype=np.int64)
    best = first
    top = _heuristic_value(st, first, voids, chooser, work, shown, row)
    m = mask & ~(1 << first)
    while m:
        c = lowest(m)
        m &= m - 1
        v = _heuristic_value(st, c, voids, chooser, work, shown, row)
        if v > top:
            top = v
            best = c
    return best


@njit
def policy_card(st: NDArray[np.int64], rs: NDArray[np.int64], kinds: NDArray[np.int64],
                voids: NDArray[np.int64], chooser: int, tally: NDArray[np.int64]) -> int:
    """The card of the seat to play by its kind (``kinds[seat]``: :data:`GREEDY`,
    :data:`HEURISTIC` or :data:`LOOKAHEAD`); ``voids[s]`` the cards seat ``s`` has shown he
    lacks, ``chooser`` the seat that chose trump; ``tally[0]`` counts the lookahead's
    continuations (:func:`lookahead_card`)."""
    seat = st[ST_TURN]
    mask = legal_mask(st)
    if kinds[seat] == HEURISTIC:
        return _heuristic_here(st, mask, voids, chooser)
    if kinds[seat] == LOOKAHEAD:
        return lookahead_card(st, mask, voids, chooser, tally)
    return greedy_card(st, mask, rs)


@njit
def play_card(st: NDArray[np.int64], c: int, voids: NDArray[np.int64]) -> None:
    """:func:`~atout.kernels.jass.apply_card`, the voids the card shows noted first
    (neither the suit led nor a trump; or an under-trump: no side card)."""
    if st[ST_POS]:
        led = st[ST_LED]
        mode = st[ST_MODE]
        su = c // 9
        if su != led:
            seat = st[ST_TURN]
            if su != mode:
                voids[seat] |= LACKS[mode, led]
            else:
                best = st[ST_BEST]
                if POWER[mode, best] >= 100 and POWER[mode, c] < POWER[mode, best]:
                    voids[seat] |= _FULL & ~TRUMPS[mode]
    apply_card(st, c)


@njit
def play_policy(st: NDArray[np.int64], rs: NDArray[np.int64], kinds: NDArray[np.int64],
                voids: NDArray[np.int64], chooser: int, tally: NDArray[np.int64]) -> None:
    """Play ``st`` to its end, each seat by its kind (:func:`policy_card`; ``tally[0]``
    counts the lookahead's continuations)."""
    while st[ST_TURN] >= 0:
        play_card(st, policy_card(st, rs, kinds, voids, chooser, tally), voids)


@njit
def policy_rollouts_kernel(states: NDArray[np.int64], cards: NDArray[np.int64], reuse: int,
                           seed: int, seat: int, kinds: NDArray[np.int64],
                           voids: NDArray[np.int64], chooser: int,
                           tally: NDArray[np.int64]) -> NDArray[np.float64]:
    """For each world (row of ``states``) and candidate card: the summed value for ``seat``
    of ``reuse`` playouts after the card, each seat playing by its kind, from the voids
    shown so far (``voids``, per seat) and the seat that chose trump (``chooser``); the
    streams as :func:`~atout.kernels.jass_search.rollouts_kernel`'s. ``tally[0]`` is
    increased by the continuations to the end of the deal that the :data:`LOOKAHEAD` seats
    played besides the playouts themselves (:func:`lookahead_card`)."""
    k = states.shape[0]
    a = cards.shape[0]
    out = np.zeros((k, a), dtype=np.float64)
    st = np.empty(STATE_SIZE, dtype=np.int64)
    rs = np.zeros(1, dtype=np.int64)
    row = np.zeros(MAX_SEATS, dtype=np.int64)
    shown = np.zeros(MAX_SEATS, dtype=np.int64)
    for i in range(k):
        n = states[i, ST_N]
        for j in range(a):
            for r in range(reuse):
                st[:] = states[i]
                for s in range(MAX_SEATS):
                    shown[s] = voids[s]
                seed_stream(rs, seed, i * reuse + r)
                play_card(st, cards[j], shown)
                play_policy(st, rs, kinds, shown, chooser, tally)
                final_scores(st, row)
                out[i, j] += seat_value(row, n, seat)
    return out


__all__ = ["ABOVE", "BEATERS", "GREEDY", "HEURISTIC", "HONOURS", "LACKS", "LOOKAHEAD", "POWER",
           "TRUMPS", "heuristic_card", "lookahead_card", "partner_of", "play_card",
           "play_policy", "policy_card", "policy_rollouts_kernel"]
