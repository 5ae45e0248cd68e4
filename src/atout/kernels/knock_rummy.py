"""Knock Rummy as a kernel: draws, discards, the knock, the stock running out and the showdown.

The state is one ``int64`` vector (:func:`encode`): each seat's hand and the cards it took
from the discard pile, the stock (top card last) and the discard pile (top card last), whose
turn and phase it is (draw or discard), the knocker, the card just taken, the rebuilt stocks,
and the options that change play or score. Actions are the engine's ids: ``0..51`` discard
that card, ``52`` draw stock, ``53`` draw discard, ``54`` knock. Deadwood is the engine's,
exact (:mod:`atout.kernels.knock_rummy_melds`); the settlement is the engine's
:func:`atout.games.knock_rummy.scoring.settle`.

When the stock runs out with ``stock_out="shuffle"`` the engine shuffles the discard pile
with a generator keyed by the deal (Python's Mersenne Twister): :func:`restock_orders` reads
those orders for the first :data:`ORDERS` rebuilt stocks, and the kernel follows them when
given them (as the agreement tests do); without them, or past them, it shuffles with its own
generator (the same law: a uniform order). ``lay_off=True`` (the showdown's lay-offs on the
knocker's melds, which depend on the arrangement the engine shows) is not modelled:
:func:`encode` refuses it in words and the bots keep the engine.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

import numpy as np

from atout.games import make
from atout.games.knock_rummy import KnockRummyDeal
from atout.games.knock_rummy.tables import STOCK_OUT
from atout.kernels.jit import njit
from atout.kernels.kit import Array, below, check_count, check_seed, pick, seed_for
from atout.kernels.knock_rummy_melds import deadwood

# -- the state vector -----------------------------------------------------------------------
N, DEALER, PHASE, TURN, KNOCKER, TAKEN, TOP_BY, RESTOCKS, OUTCOME, FLAGS = range(10)
HOW, RESTOCK_LIMIT, KNOCK_LIMIT, KNOCK_PENALTY, RUM_BONUS, NSTOCK, NPILE = range(10, 17)
HANDS = 17
KNOWN = 22
DEAD = 27
POINTS = 32
STOCK = 37
PILE = 89
LENGTH = 141

F_DISCARD_TAKEN, F_KNOCKER_DISCARDS, F_TIE_FINE, F_TIE_NEXT, F_PENALTY_EACH = 1, 2, 4, 8, 16
PH_DRAW, PH_DISCARD, PH_OVER = 0, 1, 2
OUT_NONE, OUT_KNOCK, OUT_SHOWDOWN, OUT_VOID, OUT_CUT = 0, 1, 2, 3, 4
HOW_SHUFFLE, HOW_TURN, HOW_SHOWDOWN, HOW_VOID = 0, 1, 2, 3
DRAW_STOCK, DRAW_DISCARD, KNOCK = 52, 53, 54
ORDERS = 16
"""The rebuilt stocks whose engine order :func:`restock_orders` reads."""
ORDER_WIDTH = 52 * 53 // 2
"""A row of orders: for each pile length ``L`` from 1 to 52, ``L`` positions at
``L * (L - 1) / 2``."""
NO_ORDERS = np.zeros((0, ORDER_WIDTH), dtype=np.int64)


def encode(deal: KnockRummyDeal) -> Array:
    """The kernel's state of ``deal``, at any point from the deal to the end."""
    if not isinstance(deal, KnockRummyDeal):
        raise ValueError(f"knock-rummy kernel: expected a knock-rummy deal, not "
                         f"{type(deal).__name__}")
    o = deal.opts
    if o.lay_off:
        raise ValueError("knock-rummy kernel: lay_off=True is not modelled (the lay-offs "
                         "depend on the melds the engine shows); use the engine")
    n = deal.rules.seats
    s = np.zeros(LENGTH, dtype=np.int64)
    s[N] = n
    s[DEALER] = deal.dealer
    s[PHASE] = deal.phase
    s[TURN] = -1 if deal.to_move is None else deal.turn
    s[KNOCKER] = deal.knocker
    s[TAKEN] = deal.taken
    s[TOP_BY] = deal.top_by
    s[RESTOCKS] = deal.restocks
    s[OUTCOME] = {"": OUT_NONE, "knock": OUT_KNOCK, "showdown": OUT_SHOWDOWN,
                  "void": OUT_VOID}[deal.outcome]
    s[FLAGS] = ((F_DISCARD_TAKEN if o.discard_taken else 0)
                | (F_KNOCKER_DISCARDS if o.knocker_discards else 0)
                | (F_TIE_FINE if o.tie_fine else 0) | (F_TIE_NEXT if o.tie == "next" else 0)
                | (F_PENALTY_EACH if o.penalty_to == "each" else 0))
    s[HOW] = STOCK_OUT.index(o.stock_out)
    s[RESTOCK_LIMIT] = o.restock_limit
    s[KNOCK_LIMIT] = o.knock_limit
    s[KNOCK_PENALTY] = o.knock_penalty
    s[RUM_BONUS] = o.rum_bonus
    s[NSTOCK] = len(deal.stock)
    s[NPILE] = len(deal.pile)
    for seat in range(n):
        s[HANDS + seat] = deal.hands[seat]
        s[KNOWN + seat] = deal.known[seat]
        if deal.dead:
            s[DEAD + seat] = deal.dead[seat]
        s[POINTS + seat] = deal.points[seat]
    for i, c in enumerate(deal.stock):
        s[STOCK + i] = c
    for i, c in enumerate(deal.pile):
        s[PILE + i] = c
    return s


@lru_cache(maxsize=64)
def _orders(key: str, count: int, longest: int) -> Array:
    out = np.zeros((count, ORDER_WIDTH), dtype=np.int64)
    for r in range(count):
        for length in range(1, longest + 1):
            p = list(range(length))
            random.Random(f"knock-rummy:{key}:{r}").shuffle(p)
            start = length * (length - 1) // 2
            out[r, start:start + length] = p
    out.setflags(write=False)
    return out


def restock_orders(deal: KnockRummyDeal, count: int = ORDERS) -> Array:
    """The orders in which the engine shuffles the discard pile into a new stock for
    ``deal``, the first ``count`` times (``(count, ORDER_WIDTH)``): the same generator as the
    deal's, keyed by its setup (a seed, or the layout)."""
    if not isinstance(deal, KnockRummyDeal):
        raise ValueError("knock-rummy kernel: restock orders are a knock-rummy deal's")
    setup = deal.setup
    if "hands" in setup:
        key = f"layout:{sorted(setup.items())!r}"
    else:
        key = f"seed:{setup.get('seed', 0)}"
    # the discard pile never holds more than the cards outside the hands
    longest = 52 - deal.rules.seats * deal.rules.cards_each
    return _orders(key, check_count(count), longest)


# -- the rules ------------------------------------------------------------------------------


@njit
def _discardable(s: Array) -> int:
    m = int(s[HANDS + s[TURN]])
    if s[TAKEN] >= 0 and (s[FLAGS] & F_DISCARD_TAKEN) == 0:
        m &= ~(1 << s[TAKEN])
    return m


@njit
def _knock_ok_discards(s: Array) -> int:
    hand = s[HANDS + s[TURN]]
    limit = s[KNOCK_LIMIT]
    out = 0
    m = _discardable(s)
    while m != 0:
        low = m & -m
        m ^= low
        if deadwood(hand ^ low) <= limit:
            out |= low
    return out


@njit
def legal(s: Array) -> int:
    """The legal actions of the seat to move as a bitmask over action ids (0 when over)."""
    ph = s[PHASE]
    if ph == PH_DRAW:
        return (1 << DRAW_DISCARD) | ((1 << DRAW_STOCK) if s[NSTOCK] > 0 else 0)
    if ph != PH_DISCARD:
        return 0
    limited = s[KNOCK_LIMIT] > 0
    if s[KNOCKER] == s[TURN]:
        return _knock_ok_discards(s) if limited else _discardable(s)
    mask = _discardable(s)
    if not limited:
        mask |= 1 << KNOCK
    elif (s[FLAGS] & F_KNOCKER_DISCARDS) != 0:
        if _knock_ok_discards(s) != 0:
            mask |= 1 << KNOCK
    elif deadwood(s[HANDS + s[TURN]]) <= s[KNOCK_LIMIT]:
        mask |= 1 << KNOCK
    return mask


@njit
def _winners(s: Array, knocker: int, first: int, low: int, winners: Array) -> int:
    """The engine's winners: the least deadwood in turn order from the knocker's left (from
    ``first`` at a forced showdown), the knocker losing a tie; their number."""
    n = s[N]
    start = knocker + 1 if knocker >= 0 else first
    nw = 0
    for i in range(n):
        seat = (start + i) % n
        if s[DEAD + seat] == low:
            winners[nw] = seat
            nw += 1
    if knocker >= 0 and nw > 1:
        j = 0
        for i in range(nw):
            if winners[i] != knocker:
                winners[j] = winners[i]
                j += 1
        nw = j
    if (s[FLAGS] & F_TIE_NEXT) != 0:
        nw = 1
    return nw


@njit
def _among(winners: Array, nw: int, seat: int) -> bool:
    found = False  # numba has no any() over a generator
    for i in range(nw):
        found = found or winners[i] == seat
    return found


@njit
def _settle(s: Array, knocker: int, first: int) -> None:
    """The engine's settle: the points won or paid per seat, from the deadwood."""
    n = s[N]
    low = s[DEAD]
    for seat in range(1, n):
        low = min(low, s[DEAD + seat])
    winners = np.empty(5, np.int64)
    nw = _winners(s, knocker, first, low, winners)
    knocker_wins = knocker >= 0 and _among(winners, nw, knocker)
    rum = knocker_wins and low == 0
    penalty = knocker >= 0 and not knocker_wins and s[KNOCK_PENALTY] > 0 and \
        ((s[FLAGS] & F_TIE_FINE) != 0 or s[DEAD + knocker] > low)
    each = (s[FLAGS] & F_PENALTY_EACH) != 0
    total = 0
    for seat in range(n):
        pays = 0
        if not _among(winners, nw, seat):
            pays = s[DEAD + seat] - low
            if rum:
                pays += s[RUM_BONUS]
            if penalty and seat == knocker and not each:
                pays += s[KNOCK_PENALTY]
        s[POINTS + seat] = -pays
        total += pays
    share = total // nw
    odd = total - share * nw
    for i in range(nw):
        s[POINTS + winners[i]] += share + (1 if i < odd else 0)
    if penalty and each:
        for seat in range(n):
            if seat != knocker and s[DEAD + seat] <= s[DEAD + knocker]:
                s[POINTS + seat] += s[KNOCK_PENALTY]
                s[POINTS + knocker] -= s[KNOCK_PENALTY]


@njit
def _showdown(s: Array, outcome: int) -> None:
    s[PHASE] = PH_OVER
    s[OUTCOME] = outcome
    for seat in range(s[N]):
        s[DEAD + seat] = deadwood(s[HANDS + seat])
    _settle(s, s[KNOCKER], s[TURN])
    s[TURN] = -1


@njit
def _stock_out(s: Array, orders: Array, rng: Array) -> None:
    how = s[HOW]
    limit = s[RESTOCK_LIMIT]
    if how == HOW_VOID or (limit > 0 and s[RESTOCKS] >= limit and how <= HOW_TURN):
        s[PHASE] = PH_OVER
        s[OUTCOME] = OUT_VOID
        s[TURN] = -1
        return
    if how == HOW_SHOWDOWN:
        _showdown(s, OUT_SHOWDOWN)
        return
    length = s[NPILE] - 1
    if how == HOW_TURN:  # turned over: the bottom of the pile becomes the top of the stock
        for i in range(length):
            s[STOCK + i] = s[PILE + length - 1 - i]
    elif s[RESTOCKS] < orders.shape[0]:  # the engine's own order
        start = length * (length - 1) // 2
        for i in range(length):
            s[STOCK + i] = s[PILE + orders[s[RESTOCKS], start + i]]
    elif orders.shape[0] > 0:  # past the engine's orders given: the playout is cut
        s[PHASE] = PH_OVER
        s[OUTCOME] = OUT_CUT
        s[TURN] = -1
        return
    else:  # the kernel's own shuffle (Fisher-Yates)
        for i in range(length):
            s[STOCK + i] = s[PILE + i]
        for i in range(length - 1, 0, -1):
            j = below(rng, i + 1)
            c = s[STOCK + i]
            s[STOCK + i] = s[STOCK + j]
            s[STOCK + j] = c
    s[NSTOCK] = length
    s[PILE] = s[PILE + length]
    for i in range(1, length + 1):
        s[PILE + i] = 0
    s[NPILE] = 1
    s[RESTOCKS] += 1


@njit
def play(s: Array, action: int, orders: Array, rng: Array) -> None:
    """Play a legal ``action``; a rebuilt stock follows ``orders`` (or ``rng`` past them)."""
    t = s[TURN]
    if action == DRAW_STOCK:
        s[NSTOCK] -= 1
        c = s[STOCK + s[NSTOCK]]
        s[STOCK + s[NSTOCK]] = 0
        s[HANDS + t] |= 1 << c
        s[PHASE] = PH_DISCARD
        s[TAKEN] = -1
        return
    if action == DRAW_DISCARD:
        s[NPILE] -= 1
        c = s[PILE + s[NPILE]]
        s[PILE + s[NPILE]] = 0
        s[HANDS + t] |= 1 << c
        s[KNOWN + t] |= 1 << c
        s[PHASE] = PH_DISCARD
        s[TAKEN] = c
        return
    if action == KNOCK:
        s[KNOCKER] = t
        if (s[FLAGS] & F_KNOCKER_DISCARDS) == 0:
            _showdown(s, OUT_KNOCK)
        return
    s[HANDS + t] ^= 1 << action
    s[KNOWN + t] &= ~(1 << action)
    s[PILE + s[NPILE]] = action
    s[NPILE] += 1
    s[TOP_BY] = t
    if s[KNOCKER] == t:
        _showdown(s, OUT_KNOCK)
        return
    s[TURN] = (t + 1) % s[N]
    s[PHASE] = PH_DRAW
    s[TAKEN] = -1
    if s[NSTOCK] == 0:
        _stock_out(s, orders, rng)


@njit
def _random_playout(s: Array, rng: Array, record: Array, orders: Array, limit: int) -> int:
    i = 0
    while s[PHASE] != PH_OVER and i < limit:
        a = pick(rng, legal(s))
        if i < record.shape[0]:
            record[i] = a
        i += 1
        play(s, a, orders, rng)
    if s[PHASE] != PH_OVER:  # cut at the limit
        s[PHASE] = PH_OVER
        s[OUTCOME] = OUT_CUT
        s[TURN] = -1
    return i


@njit
def playouts_kernel(state: Array, n: int, seed: int, orders: Array, limit: int) -> Array:
    """``n`` random playouts of ``state`` (each cut at ``limit`` actions: then all 0)."""
    out = np.zeros((n, state[N]), np.int64)
    record = np.empty(0, np.int64)
    rng = np.empty(1, np.int64)
    s = state.copy()
    for i in range(n):
        s[:] = state
        rng[0] = seed_for(seed, i)
        _random_playout(s, rng, record, orders, limit)
        if s[OUTCOME] != OUT_CUT:
            for seat in range(state[N]):
                out[i, seat] = s[POINTS + seat]
    return out


@njit
def rollouts_kernel(states: Array, seed: int, limit: int) -> Array:
    """One random playout of each row of ``states`` (k, LENGTH), row ``i`` seeded by
    ``(seed, i)``, a rebuilt stock shuffled by the kernel: (k, seats) points (0 if cut)."""
    k = states.shape[0]
    out = np.zeros((k, states[0, N] if k else 1), np.int64)
    record = np.empty(0, np.int64)
    rng = np.empty(1, np.int64)
    s = np.empty(states.shape[1], np.int64)
    for i in range(k):
        s[:] = states[i]
        rng[0] = seed_for(seed, i)
        _random_playout(s, rng, record, NO_ORDERS, limit)
        if s[OUTCOME] != OUT_CUT:
            for seat in range(s[N]):
                out[i, seat] = s[POINTS + seat]
    return out


@njit
def choices_kernel(state: Array, seed: int, index: int, orders: Array, limit: int) -> Array:
    """The actions of playout ``index`` of ``seed`` (padded with -1), then -2 when the
    playout was cut (see :func:`was_cut`)."""
    record = np.full(limit + 1, -1, np.int64)
    rng = np.empty(1, np.int64)
    rng[0] = seed_for(seed, index)
    s = state.copy()
    k = _random_playout(s, rng, record, orders, limit)
    if s[OUTCOME] == OUT_CUT:
        record[k] = -2
    return record


LIMIT = 4000
"""The most actions a random playout plays: past it (a stock rebuilt over and over with a
knock limit nobody reaches) it is cut, and its points are all 0; so is a playout that
rebuilds the stock more often than the engine's orders given to it."""


def _check_state(state: object) -> Array:
    if not isinstance(state, np.ndarray) or state.dtype != np.int64 or \
            state.shape != (LENGTH,):
        raise ValueError(f"knock-rummy kernel: a state is an int64 vector of {LENGTH} "
                         "(see encode)")
    return state


def _check_orders(orders: Array | None) -> Array:
    if orders is None:
        return NO_ORDERS
    if not isinstance(orders, np.ndarray) or orders.dtype != np.int64 or orders.ndim != 2 \
            or orders.shape[1] != ORDER_WIDTH:
        raise ValueError("knock-rummy kernel: orders come from restock_orders(deal)")
    return orders


def legal_mask(state: Array) -> int:
    """The legal actions of ``state`` as a bitmask over action ids (the engine's form)."""
    return int(legal(_check_state(state)))


def step(state: Array, action: int, orders: Array | None = None) -> None:
    """Play a legal ``action`` on ``state`` (in place, unchecked); a rebuilt stock follows
    ``orders`` (:func:`restock_orders`) when given."""
    rng = np.ones(1, np.int64)
    play(state, action, _check_orders(orders), rng)


def random_playouts(state: Array, n: int, seed: int, orders: Array | None = None) -> Array:
    """Each seat's points for ``n`` uniformly random playouts from ``state``: (n, seats).
    With ``orders`` (:func:`restock_orders` of the deal) a rebuilt stock is the engine's."""
    return playouts_kernel(_check_state(state), check_count(n), check_seed(seed),
                           _check_orders(orders), LIMIT)


def rollouts(states: Array, seed: int) -> Array:
    """One random playout of each row of ``states`` (k states of one table stacked), in one
    call, rebuilt stocks shuffled by the kernel: (k, seats) points; row ``i`` plays as
    ``random_playouts(states[i], ...)`` row ``i`` without orders."""
    if not isinstance(states, np.ndarray) or states.dtype != np.int64 or states.ndim != 2 \
            or states.shape[1] != LENGTH:
        raise ValueError(f"knock-rummy kernel: states are an int64 array (k, {LENGTH})")
    return rollouts_kernel(states, check_seed(seed), LIMIT)


def was_cut(state: Array, seed: int, index: int = 0, orders: Array | None = None) -> bool:
    """Whether playout ``index`` of ``seed`` was cut (its points 0: see :data:`LIMIT`)."""
    record = choices_kernel(_check_state(state), check_seed(seed), check_count(index),
                            _check_orders(orders), LIMIT)
    return bool((record == -2).any())


def choices(state: Array, seed: int, index: int = 0, orders: Array | None = None) -> list[int]:
    """The action ids of playout ``index`` of :func:`random_playouts` with ``seed``."""
    record = choices_kernel(_check_state(state), check_seed(seed), check_count(index),
                            _check_orders(orders), LIMIT)
    return [int(a) for a in record if a >= 0]


# -- whole deals from a seed ----------------------------------------------------------------


@njit
def deal_into(s: Array, template: Array, rng: Array, cards_each: int) -> None:
    """A fresh deal of ``template``'s table dealt at random into ``s``."""
    s[:] = template
    n = s[N]
    left = (1 << 52) - 1
    for i in range(cards_each * n):
        c = pick(rng, left)
        left ^= 1 << c
        s[HANDS + (s[DEALER] + 1 + i) % n] |= 1 << c
    c = pick(rng, left)
    left ^= 1 << c
    s[PILE] = c
    s[NPILE] = 1
    k = 0
    while left != 0:  # the stock in a random order
        c = pick(rng, left)
        left ^= 1 << c
        s[STOCK + k] = c
        k += 1
    s[NSTOCK] = k


@njit
def deals_kernel(template: Array, n: int, seed: int, cards_each: int, limit: int) -> Array:
    """``n`` random deals of ``template``'s table played out at random: (n, seats)."""
    out = np.zeros((n, template[N]), np.int64)
    record = np.empty(0, np.int64)
    rng = np.empty(1, np.int64)
    s = template.copy()
    for i in range(n):
        rng[0] = seed_for(seed, i)
        deal_into(s, template, rng, cards_each)
        _random_playout(s, rng, record, NO_ORDERS, limit)
        if s[OUTCOME] != OUT_CUT:
            for seat in range(template[N]):
                out[i, seat] = s[POINTS + seat]
    return out


def template(**options: Any) -> tuple[Array, int]:
    """The state of a deal of a table with ``options`` before its cards are dealt, and the
    cards each player gets."""
    rules = make("knock-rummy", **options)
    deal = rules.deal(seed=0)
    assert isinstance(deal, KnockRummyDeal)
    s = encode(deal)
    n = int(s[N])
    s[HANDS:HANDS + n] = 0
    s[STOCK:PILE + 52] = 0
    s[NSTOCK] = s[NPILE] = 0
    return s, int(deal.rules.cards_each)


def playouts(n: int, seed: int, **options: Any) -> Array:
    """``n`` random deals of Knock Rummy with ``options``, played out at random from the
    deal: each seat's points, (n, seats)."""
    state, cards_each = template(**options)
    return deals_kernel(state, check_count(n), check_seed(seed), cards_each, LIMIT)


__all__ = ["LENGTH", "choices", "deal_into", "encode", "legal", "legal_mask", "playouts",
           "random_playouts", "restock_orders", "rollouts", "step", "template", "was_cut"]
