"""The Putze search's sampling of hidden hands as a kernel: worlds for the card play.

:func:`sample_worlds_kernel` deals, for each world, the cards the searching seat has not
seen to the other players' hands and to the cards out of play (the blind or the stock, a
blind taker's set-aside hand, the hands of those who passed, the "cartes meilleures" and the
discards of the two-player table), as :class:`atout.bots.putze.sampler.PutzeDeterminizer`
does, and writes each world as a :mod:`atout.kernels.jass` state (its base with the players'
hands replaced) for :func:`atout.kernels.putze_search.rollouts_kernel`:

- hard constraints: the hand sizes, the voids shown, the cards known to be in a hand (the
  Weis cards shown, the turned card, a kept trump six) and those known to be in none (an
  unexchanged six the play began without a word about), through
  :func:`atout.kernels.jass_search.assign` (the holders: the other players, then one holder
  for every card out of play); then every card played so far is checked legal from the
  sampled hands as the engine's replay checks it (:func:`replay_ok`: a card that did not
  follow suit must have been allowed by the rules, the strict under-trumping and the Buur
  rule included). A sample that fails is drawn again.
- soft constraint: each other player's Weis, found in his sampled hand as the engine finds
  them (:func:`weis_total`), must total what he announced; a sample that disagrees is kept
  only as a fallback (the first one), used after ``soft`` more tries (the Python sampler's
  :func:`atout.bots.putze.sampler.first_agreeing`).
- the two-player table's hidden discards: ``discards`` cards drawn first from the pool, by
  the integer weights ``weights`` (:func:`atout.bots.putze.sampler.discard_weight`, scaled),
  leaving the other player enough cards within his voids (the Python sampler's draw).
- in the first trick, the Weis the world's hands will score (:func:`score_weis`: the best
  player's, or every player's, as the engine scores them once the first trick is over);
- the Stöck still to come (``stoeck``: the trump king and queen, 0 without) added to the
  points of the player who began the play with both and holds one still.

World ``w`` draws from the stream ``(seed, w)``; a world no try could deal is returned with
its turn -1 (the caller drops it).
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from atout.games.jass.play import STOECK_POINTS
from atout.games.jass.ranks import UNDENUFE
from atout.kernels.jass import (
    MAX_SEATS,
    ST_BASE,
    ST_FREE,
    ST_HANDS,
    ST_LEADER,
    ST_MODE,
    ST_N,
    ST_NEXT,
    ST_SIDE,
    ST_STRICT,
    ST_TURN,
    STATE_SIZE,
    legal_cards,
    lowest,
    popcount,
)
from atout.kernels.jass_search import assign
from atout.kernels.jit import njit
from atout.kernels.rand import below, seed_stream

SEQUENCE = np.array([0, 0, 0, 20, 50, 100, 100, 100, 100, 100], dtype=np.int64)
"""SEQUENCE[length]: a run's value (:data:`~atout.games.jass.weis.SEQUENCE_VALUES`)."""
BIG_SEQUENCE = np.array([0, 0, 0, 20, 50, 100, 150, 200, 250, 300], dtype=np.int64)
"""BIG_SEQUENCE[length]: a run's value with big sequences
(:data:`~atout.games.jass.weis.BIG_SEQUENCE_VALUES`)."""
FOUR_RANKS = np.array([3, 4, 5, 6, 7, 8], dtype=np.int64)
"""The ranks whose four of a kind is a Weis: nine, ten, jack, queen, king, ace."""
FOUR_VALUE = np.array([150, 100, 200, 100, 100, 100], dtype=np.int64)
"""FOUR_VALUE[i]: the value of four of ``FOUR_RANKS[i]``
(:data:`~atout.games.jass.weis.FOUR_VALUES`)."""
CHECK = 5
"""A replay check's entries: seat, cards he had played before, card, suit led, best card."""


@njit
def runs_value(hand: int, big: int, trump: int) -> tuple[int, int]:
    """The value of every run of three or more cards of a suit in ``hand``, and the best
    run's key (:func:`weis_key`; -1 for none). ``trump``: the mode (a suit, 4 Obenabe, 5
    Undenufe, whose runs rank from the six down as the engine's; -1: none)."""
    total = 0
    key = -1
    for s in range(4):
        b = (hand >> (9 * s)) & 511
        r = 0
        while r < 9:
            if b >> r & 1:
                start = r
                while r < 9 and b >> r & 1:
                    r += 1
                length = r - start
                if length >= 3:
                    value = BIG_SEQUENCE[length] if big else SEQUENCE[length]
                    total += value
                    top = 8 - start if trump == UNDENUFE else r - 1
                    key = max(key, weis_key(value, length, top, int(s == trump)))
            else:
                r += 1
    return total, key


@njit
def weis_key(value: int, length: int, top: int, trump: int) -> int:
    """:func:`atout.games.jass.weis.weis_key` as one number: value, length, top card's
    rank, trump."""
    return ((value * 100 + length) * 100 + top) * 10 + trump


@njit
def weis_of(hand: int, big: int, trump: int) -> tuple[int, int]:
    """The total of the Weis the engine finds in ``hand`` (:func:`atout.games.jass.weis.
    find_weis` as Putze plays it: a card serves in one Weis, no four of a low rank, a
    nine-card run worth 100 without big sequences: the fours and runs of greatest total, the
    first such choice) and the best key among them (-1 for none); ``trump`` as
    :func:`runs_value` takes it (Jass's modes too)."""
    quads = hand & (hand >> 9) & (hand >> 18) & (hand >> 27) & 511
    masks = np.zeros(6, dtype=np.int64)
    values = np.zeros(6, dtype=np.int64)
    keys = np.zeros(6, dtype=np.int64)
    k = 0
    for i in range(6):
        r = FOUR_RANKS[i]
        if quads >> r & 1:
            masks[k] = (1 | 1 << 9 | 1 << 18 | 1 << 27) << r
            values[k] = FOUR_VALUE[i]
            keys[k] = weis_key(FOUR_VALUE[i], 4, 8 - r if trump == UNDENUFE else r, 0)
            k += 1
    best = -1
    best_key = -1
    for pick in range(1 << k):
        used = 0
        total = 0
        key = -1
        for i in range(k):
            if pick >> i & 1:
                used |= masks[i]
                total += values[i]
                key = max(key, keys[i])
        runs, run_key = runs_value(hand & ~used, big, trump)
        total += runs
        if total > best:
            best = total
            best_key = max(key, run_key)
    return best, best_key


@njit
def weis_total(hand: int, big: int) -> int:
    """The total of the Weis in ``hand`` (:func:`weis_of`)."""
    return weis_of(hand, big, -1)[0]


@njit
def score_weis(st: NDArray[np.int64], start: NDArray[np.int64], players: int, big: int,
               each: int) -> None:
    """Add to ``st``'s sides the Weis of the hands as play began (``start``), as the engine
    scores them after the first trick: every player's (``each``), or the best one's in turn
    order from the first leader (ties to the first)."""
    seats = st[ST_N]
    mode = st[ST_MODE]
    if each:
        for s in range(seats):
            if players >> s & 1:
                st[ST_BASE + st[ST_SIDE + s]] += weis_of(start[s], big, mode)[0]
        return
    best_key = -1
    best_seat = -1
    best_total = 0
    s = st[ST_LEADER]
    for _ in range(seats):
        if s < 0:
            break
        if players >> s & 1:
            total, key = weis_of(start[s], big, mode)
            if total and key > best_key:
                best_key = key
                best_seat = s
                best_total = total
        s = st[ST_NEXT + s]
    if best_seat >= 0:
        st[ST_BASE + st[ST_SIDE + best_seat]] += best_total


@njit
def replay_ok(start: NDArray[np.int64], checks: NDArray[np.int64], strict: int,
              free: int, mode: int) -> bool:
    """Whether each card of ``checks`` (played without following the suit led) was legal
    from its seat's hand as play began (``start``) less the cards he had played before."""
    for i in range(checks.shape[0]):
        seat = checks[i, 0]
        hand = start[seat] & ~checks[i, 1]
        if not legal_cards(hand, mode, checks[i, 3], checks[i, 4], strict, free) >> \
                checks[i, 2] & 1:
            return False
    return True


@njit
def draw_weighted(cards: int, k: int, weights: NDArray[np.int64], needed_from: int,
                  need: int, rs: NDArray[np.int64]) -> int:
    """``k`` of ``cards`` drawn one by one with probability in proportion to ``weights``,
    leaving at least ``need`` of ``needed_from`` (the Python sampler's discard draw)."""
    out = 0
    left = cards
    spare = popcount(needed_from & cards) - need
    for _ in range(k):
        pick = left if spare > 0 else left & ~needed_from
        if not pick:
            break
        total = 0
        m = pick
        while m:
            c = lowest(m)
            m &= m - 1
            total += weights[c]
        r = below(rs, total)
        m = pick
        c = lowest(m)
        while m:
            c = lowest(m)
            m &= m - 1
            r -= weights[c]
            if r < 0:
                break
        out |= 1 << c
        left &= ~(1 << c)
        if needed_from >> c & 1:
            spare -= 1
    return out


@njit
def sample_worlds_kernel(base: NDArray[np.int64], holders: NDArray[np.int64], pool: int,
                         sizes: NDArray[np.int64], allowed: NDArray[np.int64],
                         forced: NDArray[np.int64], played_by: NDArray[np.int64],
                         players: int, checks: NDArray[np.int64], announced: NDArray[np.int64],
                         weis_seats: int, big: int, weis_now: int, discards: int,
                         weights: NDArray[np.int64], stoeck: int, tries: int, soft: int,
                         count: int, seed: int) -> NDArray[np.int64]:
    """``count`` worlds of ``base`` (see the module): ``pool`` dealt to ``holders`` (seats;
    -1 for the cards out of play, whose hand is not written) with ``sizes``, ``allowed`` and
    ``forced`` as :func:`assign` takes them, after ``discards`` cards drawn by ``weights``
    from the pool outside the forced cards (the first holder's voids respected);
    ``played_by`` the cards each seat has played, ``players`` the seats that play (a mask),
    ``checks`` the rows of :func:`replay_ok`, ``announced`` each seat's Weis total announced
    (read for the seats of the ``weis_seats`` mask; ``big``: big sequences); ``weis_now``:
    in the first trick, the Weis the world's hands score added to its points (1: the best
    player's, 2: every player's; 0: none, or scored already)."""
    out = np.zeros((count, STATE_SIZE), dtype=np.int64)
    rs = np.zeros(1, dtype=np.int64)
    n = holders.shape[0]
    got = np.zeros(n, dtype=np.int64)
    keep = np.zeros(n, dtype=np.int64)
    start = np.zeros(MAX_SEATS, dtype=np.int64)
    for w in range(count):
        seed_stream(rs, seed, w)
        out[w, :] = base
        if not draw_world(base, holders, pool, sizes, allowed, forced, played_by, checks,
                          announced, weis_seats, big, discards, weights, tries, soft, rs, got,
                          keep, start):
            out[w, ST_TURN] = -1
            continue
        for i in range(n):
            if holders[i] >= 0:
                out[w, ST_HANDS + holders[i]] = keep[i]
        score_world(out[w], played_by, players, big, weis_now, stoeck, start)
    return out


@njit
def starting_hands(base: NDArray[np.int64], holders: NDArray[np.int64],
                   got: NDArray[np.int64], played_by: NDArray[np.int64],
                   start: NDArray[np.int64]) -> None:
    """Each seat's hand as play began into ``start``: the holders' cards ``got`` (the
    others' in ``base``) and the cards each has played."""
    for s in range(base[ST_N]):
        start[s] = base[ST_HANDS + s] | played_by[s]
    for i in range(holders.shape[0]):
        if holders[i] >= 0:
            start[holders[i]] = got[i] | played_by[holders[i]]


@njit
def draw_world(base: NDArray[np.int64], holders: NDArray[np.int64], pool: int,
               sizes: NDArray[np.int64], allowed: NDArray[np.int64], forced: NDArray[np.int64],
               played_by: NDArray[np.int64], checks: NDArray[np.int64],
               announced: NDArray[np.int64], weis_seats: int, big: int, discards: int,
               weights: NDArray[np.int64], tries: int, soft: int, rs: NDArray[np.int64],
               got: NDArray[np.int64], keep: NDArray[np.int64],
               start: NDArray[np.int64]) -> bool:
    """One world's cards into ``keep`` (see :func:`sample_worlds_kernel`): the first sample
    that replays and agrees with the Weis announced, else (after ``soft`` more tries) the
    first that replays; False when none of ``tries`` replays."""
    fixed = 0
    for i in range(holders.shape[0]):
        fixed |= forced[i]
    fallback = False
    extra = 0
    for _ in range(tries):
        if fallback:
            extra += 1
            if extra > soft:
                break
        deal_from = pool
        if discards:
            deal_from = pool & ~draw_weighted(pool & ~fixed, discards, weights,
                                              allowed[0] & ~fixed,
                                              sizes[0] - popcount(forced[0]), rs)
        if not assign(deal_from, sizes, allowed, forced, rs, got):
            continue
        starting_hands(base, holders, got, played_by, start)
        if not replay_ok(start, checks, base[ST_STRICT], base[ST_FREE], base[ST_MODE]):
            continue
        agree = True
        for s in range(base[ST_N]):
            if weis_seats >> s & 1 and weis_total(start[s], big) != announced[s]:
                agree = False
        if agree or not fallback:
            keep[:] = got
        if agree:
            return True
        fallback = True
    return fallback


@njit
def score_world(st: NDArray[np.int64], played_by: NDArray[np.int64], players: int, big: int,
                weis_now: int, stoeck: int, start: NDArray[np.int64]) -> None:
    """A dealt world's points still to come: the first trick's Weis (``weis_now``, see
    :func:`score_weis`) and the Stöck (``stoeck``: the trump king and queen, 0 without) of
    the player who began the play with both and holds one still."""
    seats = st[ST_N]
    if weis_now:
        for s in range(seats):
            start[s] = st[ST_HANDS + s] | played_by[s]
        score_weis(st, start, players, big, weis_now == 2)
    if stoeck:
        for s in range(seats):
            hand = st[ST_HANDS + s]
            if players >> s & 1 and (hand | played_by[s]) & stoeck == stoeck and hand & stoeck:
                st[ST_BASE + st[ST_SIDE + s]] += STOECK_POINTS


__all__ = ["CHECK", "draw_weighted", "draw_world", "replay_ok", "runs_value",
           "sample_worlds_kernel", "score_weis", "score_world", "starting_hands", "weis_key",
           "weis_of", "weis_total"]
