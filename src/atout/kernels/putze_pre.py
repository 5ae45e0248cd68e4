"""The Putze search's choice of the better cards as a kernel: sampled, played to the card
play by the heuristic's rules, then rolled out at random.

At the two-player table with the "cartes meilleures" (27.21) a player discards three cards
and takes his packet of three, or looks at it and keeps his hand. :func:`better_kernel`
values each candidate (a card to discard, or ``look``) over sampled worlds in one call:

- each world's hidden cards are drawn as :func:`atout.kernels.putze_sample.draw_world` draws
  them (the other player's discards first by weight if he took his packet, then his hand,
  then the cards out of play), and the packets still to be taken are three of the cards out
  of play at random (the Python sampler: :meth:`atout.bots.putze.sampler.PutzeDeterminizer.
  _sample_better`, whose packets and stock are dealt uniformly too);
- every candidate is played on the same world, then the choices before the play as the
  Python rollout makes them (:func:`atout.bots.putze.search.putze_rollout_to_play`, by
  :func:`pre_play_two`): the seat's further discards and the other player's three, each the
  heuristic's cheapest card (:func:`cheapest`, :func:`atout.bots.putze.search.discard`), the
  packets taken, play or pass by the trick count (:func:`trump_tricks`, the heuristic's
  :func:`atout.bots.jass.heuristic.trump_tricks`, and the table's threshold), the trump six
  exchanged by the player who holds it;
- a deal nobody or one player plays is scored as the engine scores it; the others are
  played out ``reuse`` times at random from the card play's start (the world's Weis and
  Stöck scored on the hands as play begins), world ``w``'s ``r``-th from the stream
  ``(play_seed, w * reuse + r)`` for every candidate (common random numbers).
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from atout.games.jass.play import POWER as POWER_TABLE
from atout.games.jass.play import VALUE as VALUE_TABLE
from atout.games.jass.ranks import ACE, JACK, KING, NINE, QUEEN
from atout.kernels.jass import (
    MAX_SEATS,
    ST_HANDS,
    ST_MODE,
    ST_N,
    STATE_SIZE,
    final_scores,
    popcount,
)
from atout.kernels.jass import (
    play_random as play_random_cards,
)
from atout.kernels.jass_search import assign
from atout.kernels.jit import njit
from atout.kernels.kit import seat_value
from atout.kernels.putze_sample import draw_world, score_world
from atout.kernels.putze_search import SC_PLAYERS, award_into
from atout.kernels.rand import seed_stream

LOOK = 40
"""The action ``look`` (:data:`atout.games.putze.deal.LOOK`)."""
FULL = (1 << 36) - 1
VALUE = np.array(VALUE_TABLE, dtype=np.int64)
POWER = np.array(POWER_TABLE, dtype=np.int64)


@njit
def trump_tricks(hand: int, suit: int) -> float:
    """Tricks ``hand`` may expect with ``suit`` as trump: the heuristic's count
    (:func:`atout.bots.jass.heuristic.trump_tricks`), summed in the same order."""
    base = suit * 9
    t = hand >> base & 511
    n = popcount(t)
    jack = t >> JACK & 1
    est = 0.0
    if jack:
        est += 1.0
    if t >> NINE & 1:
        est += 0.9 if jack else (0.6 if n >= 3 else 0.3)
    if t >> ACE & 1:
        est += 0.6 if n >= 3 else 0.4
    if t >> KING & 1:
        est += 0.35
    if t >> QUEEN & 1:
        est += 0.2
    est += max(0, n - 3) * 0.55
    for s in range(4):
        if s == suit:
            continue
        side = hand >> (s * 9) & 511
        if side >> ACE & 1:
            est += 0.75
            if side >> KING & 1:
                est += 0.35
        if not side:
            est += 0.25 * min(n, 4) / 4
    if t >> KING & 1 and t >> QUEEN & 1:
        est += 0.25
    return est


@njit
def cheapest(hand: int, mode: int) -> int:
    """The card the heuristic puts away for the better cards (:func:`atout.bots.putze.
    search.discard`): no trump if it can, the least value, then the least power, the lowest
    card of a tie."""
    plain = hand & ~(511 << mode * 9)
    if not plain:
        plain = hand
    best = -1
    m = plain
    c = 0
    while m:
        if m & 1 and (best < 0 or VALUE[mode, c] < VALUE[mode, best]
                      or (VALUE[mode, c] == VALUE[mode, best]
                          and POWER[mode, c] < POWER[mode, best])):
            best = c
        m >>= 1
        c += 1
    return best


@njit
def pre_play_two(hands: NDArray[np.int64], packets: NDArray[np.int64], me: int, first: int,
                 action: int, my_count: int, opp_state: int, mode: int, turned: int,
                 may_pass: int, six_exchange: int, play_from: float) -> int:
    """The choices before the play after the seat's ``action`` at the better cards, made by
    the heuristic's rules as :func:`atout.bots.putze.search.putze_rollout_to_play` makes
    them, into ``hands`` (each hand as the play begins): the players, as a mask.

    ``hands``: each player's hand now; ``packets``: each packet not yet taken; ``first``:
    the seat that speaks first; ``my_count``: the seat's discards so far; ``opp_state``: the
    other player's better cards, 0 to come (after the seat), 1 taken, 2 looked at."""
    opp = 1 - me
    if action != LOOK:
        h = hands[me] & ~(1 << action)
        for _ in range(my_count + 1, 3):
            h &= ~(1 << cheapest(h, mode))
        hands[me] = h | packets[me]
    if opp_state == 0:
        h = hands[opp]
        for _ in range(3):
            h &= ~(1 << cheapest(h, mode))
        hands[opp] = h | packets[opp]
    players = 0
    for k in range(2):
        s = first if k == 0 else 1 - first
        if not may_pass or trump_tricks(hands[s], mode) >= play_from:
            players |= 1 << s
    six = mode * 9
    if six_exchange and turned != six:
        for k in range(2):
            s = first if k == 0 else 1 - first
            if players >> s & 1 and hands[s] >> six & 1:
                hands[s] ^= 1 << six | 1 << turned
                break
    return players


@njit
def better_kernel(base: NDArray[np.int64], holders: NDArray[np.int64], pool: int,
                  sizes: NDArray[np.int64], allowed: NDArray[np.int64],
                  forced: NDArray[np.int64], discards: int, weights: NDArray[np.int64],
                  me: int, first: int, actions: NDArray[np.int64], my_hand: int,
                  my_count: int, opp_state: int, turned: int, may_pass: int,
                  six_exchange: int, play_from: float, weis_now: int, big: int, stoeck: int,
                  row: NDArray[np.int64], tries: int, reuse: int, count: int, seed: int,
                  play_seed: int) -> tuple[NDArray[np.float64], int]:
    """Each candidate's summed value for the seat ``me`` over ``count`` worlds (see the
    module) and the worlds dealt: ``base`` the card play's start (both playing), ``holders``
    ``[other player, -1]`` with ``sizes``, ``allowed``, ``forced`` and ``discards`` drawn by
    ``weights`` as :func:`~atout.kernels.putze_sample.draw_world` takes them; the other
    arguments as :func:`pre_play_two` and :func:`~atout.kernels.putze_sample.score_world`
    take them, ``row`` the scoring row with both playing."""
    m = actions.shape[0]
    out = np.zeros(m, dtype=np.float64)
    rs = np.zeros(1, dtype=np.int64)
    n = base[ST_N]
    got = np.zeros(2, dtype=np.int64)
    keep = np.zeros(2, dtype=np.int64)
    start = np.zeros(MAX_SEATS, dtype=np.int64)
    played_by = np.zeros(n, dtype=np.int64)
    checks = np.zeros((0, 5), dtype=np.int64)
    announced = np.zeros(n, dtype=np.int64)
    split_sizes = np.zeros(3, dtype=np.int64)
    split_allowed = np.full(3, FULL, dtype=np.int64)
    split_forced = np.zeros(3, dtype=np.int64)
    split = np.zeros(3, dtype=np.int64)
    hands = np.zeros(2, dtype=np.int64)
    packets = np.zeros(2, dtype=np.int64)
    st = np.empty(STATE_SIZE, dtype=np.int64)
    world = np.empty(STATE_SIZE, dtype=np.int64)
    sc = row.copy()
    totals = np.zeros(MAX_SEATS, dtype=np.int64)
    points = np.zeros(MAX_SEATS, dtype=np.int64)
    none = np.zeros(0, dtype=np.int64)
    opp = 1 - me
    used = 0
    for w in range(count):
        seed_stream(rs, seed, w)
        if not draw_world(base, holders, pool, sizes, allowed, forced, played_by, checks,
                          announced, 0, big, discards, weights, tries, 0, rs, got, keep,
                          start):
            continue
        rest = keep[1]
        split_sizes[0] = 3
        split_sizes[1] = 3 if opp_state == 0 else 0
        split_sizes[2] = popcount(rest) - split_sizes[0] - split_sizes[1]
        if split_sizes[2] < 0 or not assign(rest, split_sizes, split_allowed, split_forced,
                                            rs, split):
            continue
        used += 1
        for j in range(m):
            hands[me] = my_hand
            hands[opp] = keep[0]
            packets[me] = split[0]
            packets[opp] = split[1]
            players = pre_play_two(hands, packets, me, first, actions[j], my_count, opp_state,
                                   base[ST_MODE], turned, may_pass, six_exchange, play_from)
            if popcount(players) < 2:
                for s in range(n):
                    totals[s] = 0
                sc[SC_PLAYERS] = players
                award_into(totals, n, sc, points)
                out[j] += reuse * seat_value(points, n, me)
                continue
            world[:] = base
            world[ST_HANDS + me] = hands[me]
            world[ST_HANDS + opp] = hands[opp]
            score_world(world, played_by, players, big, weis_now, stoeck, start)
            sc[SC_PLAYERS] = players
            for r in range(reuse):
                st[:] = world
                seed_stream(rs, play_seed, w * reuse + r)
                play_random_cards(st, rs, none)
                final_scores(st, totals)
                award_into(totals, n, sc, points)
                out[j] += seat_value(points, n, me)
    return out, used


__all__ = ["LOOK", "better_kernel", "cheapest", "pre_play_two", "trump_tricks"]
