"""The Jass search's policies in the kernel, and the search on the kernels by default.

- the kernel's heuristic plays, card by card, the card the Python model rollout's
  heuristic seats play (:func:`atout.bots.jass.cards.first_rule_card`), from the same voids;
- the policy switch with every seat greedy gives the greedy rollouts' values, and a mixed
  table plays the heuristic's cards at its modelled seats only;
- the default search plays its Python rollouts until the kernel is ready and the kernel's
  after (a stand-in says when: no test waits on a compilation); ``kernel=0`` never uses it.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from atout.bots.jass import kernel
from atout.bots.jass.search import JassDeterminizer, jass_batch, rollout_policy, warm_up
from atout.bots.search import SearchBot
from atout.kernels import jass as kj
from atout.kernels import jass_policy as kp
from atout.kernels import jass_search as ks
from atout.kernels.rand import new_stream, seed_stream
from kernel_helpers import default_switches_once_ready, jass_mid_deal, searched


def new_tally() -> Any:
    """A fresh count of the lookahead's continuations (the kernels' ``tally``)."""
    return np.zeros(1, dtype=np.int64)


def public_voids(deal: Any) -> Any:
    """The voids each seat has shown so far, as the search passes them to the kernel."""
    from atout.games.jass.seen import void_shown
    from atout.games.trick import beats

    voids = np.zeros(6, dtype=np.int64)
    keys = deal.trick_keys
    tricks = [(lead, list(cards)) for lead, cards, _, _ in deal.tricks]
    if deal.trick:
        tricks.append((deal.leader, list(deal.trick)))
    for seat, cards in tricks:
        led, best = cards[0] // 9, cards[0]
        for i, c in enumerate(cards):
            if i:
                voids[seat] |= void_shown(c, led, best, deal.mode)
                if beats(keys[led], c, best):
                    best = c
            seat = deal.next_player[seat]
    return voids


@pytest.mark.parametrize("model", [2, 0, 1])
@pytest.mark.parametrize("seed", range(12))
def test_kernel_heuristic_plays_the_python_model_card_by_card(seed: int, model: int) -> None:
    options = {"under_trump": "strict", "buur_free": False} if seed % 3 == 0 else {}
    deal = jass_mid_deal(seed, (seed * 5) % 31, options)
    state = kj.encode(deal)
    voids = public_voids(deal)
    kinds = kernel.kernel_kinds(model)
    replay = deal.clone()
    pick = rollout_policy(replay, random.Random(seed), model)
    rs = new_stream()
    seed_stream(rs, seed, 0)
    st = state.copy()
    while st[kj.ST_TURN] >= 0:
        seat = int(st[kj.ST_TURN])
        mask = int(kj.legal_mask(st))
        assert mask == replay.legal_mask()
        c = int(kp.policy_card(st, rs, kinds, voids, deal.chooser, new_tally()))
        assert mask >> c & 1
        if kinds[seat] == kp.HEURISTIC:
            pos = int(st[kj.ST_POS])
            expected = pick(seat, pos, mask, replay.led if pos else -1,
                            replay.best if pos else -1, replay.best_seat if pos else -1,
                            int(st[kj.ST_PTS]))
            assert c == expected, (seat, pos)
        else:
            pick(seat, int(st[kj.ST_POS]), mask, replay.led if st[kj.ST_POS] else -1,
                 replay.best if st[kj.ST_POS] else -1,
                 replay.best_seat if st[kj.ST_POS] else -1, int(st[kj.ST_PTS]))
        kp.play_card(st, c, voids)
        replay.step(c)
    assert kj.scores(st) == list(replay.result.points)


@pytest.mark.parametrize("seed", range(4))
def test_every_seat_greedy_is_the_greedy_rollouts(seed: int) -> None:
    deal = jass_mid_deal(seed, 6 + seed)
    seat = deal.to_move
    view = deal.view(seat)
    sampler = JassDeterminizer(deal.rules)
    states = np.stack([kj.encode(sampler.sample(view, random.Random(i))) for i in range(5)])
    cards = np.array([c for c in range(36) if kj.legal(states[0]) >> c & 1], dtype=np.int64)
    greedy = ks.rollouts_kernel(states, cards, 3, seed, seat)
    tally = new_tally()
    switched = kp.policy_rollouts_kernel(states, cards, 3, seed, seat, kernel.kernel_kinds(-1),
                                         public_voids(deal), deal.chooser, tally)
    assert np.array_equal(greedy, switched)
    assert tally[0] == 0  # no seat looks ahead
    mixed = kp.policy_rollouts_kernel(states, cards, 3, seed, seat,
                                      kernel.kernel_kinds(1 - seat % 2), public_voids(deal),
                                      deal.chooser, tally)
    assert mixed.shape == greedy.shape
    assert np.array_equal(mixed, kp.policy_rollouts_kernel(
        states, cards, 3, seed, seat, kernel.kernel_kinds(1 - seat % 2), public_voids(deal),
        deal.chooser, tally))
    assert tally[0] == 0


@pytest.mark.parametrize("seed", range(10))
def test_lookahead_takes_the_best_continuation_of_the_heuristic(seed: int) -> None:
    deal = jass_mid_deal(seed, (seed * 7) % 29)
    state = kj.encode(deal)
    voids = public_voids(deal)
    seat = int(state[kj.ST_TURN])
    mask = int(kj.legal_mask(state))
    every = kernel.kernel_kinds(2)
    rs = new_stream()
    values = {}
    for c in range(36):
        if mask >> c & 1:
            st, shown = state.copy(), voids.copy()
            kp.play_card(st, c, shown)
            kp.play_policy(st, rs, every, shown, deal.chooser, new_tally())
            points = kj.scores(st)
            values[c] = points[seat] - sum(p for s, p in enumerate(points) if s != seat) / 3
    before, shown_before = state.copy(), voids.copy()
    tally = new_tally()
    own = int(kp.policy_card(state, rs, every, voids, deal.chooser, tally))
    assert tally[0] == 0
    kinds = every.copy()
    kinds[seat] = kp.LOOKAHEAD
    got = int(kp.policy_card(state, rs, kinds, voids, deal.chooser, tally))
    # one continuation for each legal card, none with one card
    assert tally[0] == (len(values) if len(values) > 1 else 0)
    assert np.array_equal(state, before) and np.array_equal(voids, shown_before)
    assert values[got] == pytest.approx(max(values.values()))
    if values[own] == pytest.approx(max(values.values())):
        assert got == own


def test_kernel_kinds() -> None:
    assert list(kernel.kernel_kinds(-1)) == [kp.GREEDY] * 6
    assert list(kernel.kernel_kinds(1)[:4]) == [kp.GREEDY, kp.HEURISTIC] * 2
    assert list(kernel.kernel_kinds(0)[:4]) == [kp.HEURISTIC, kp.GREEDY] * 2
    assert list(kernel.kernel_kinds(2)[:4]) == [kp.HEURISTIC] * 4


@pytest.mark.parametrize(("look", "seats"), [(0, []), (1, [1]), (2, [1, 3]), (3, [0, 1, 2, 3])])
def test_lookahead_seats(monkeypatch: pytest.MonkeyPatch, look: int, seats: list[int]) -> None:
    monkeypatch.setattr(kernel, "LOOK", look)
    assert sorted(kernel.lookahead_seats(1, 4)) == seats
    deal = jass_mid_deal(5, 9)
    view = deal.view(deal.to_move)
    legal = [deal.rules.actions.parse(t) for t in view.legal]
    deals = [JassDeterminizer(deal.rules).sample(view, random.Random(i)) for i in range(4)]
    monkeypatch.setattr(kernel, "LOOK", 0)
    plain = jass_batch(deals, legal, 1, view.seat, 5, 1 - view.seat % 2)
    monkeypatch.setattr(kernel, "LOOK", look)
    got = jass_batch(deals, legal, 1, view.seat, 5, 1 - view.seat % 2)
    assert got == jass_batch(deals, legal, 1, view.seat, 5, 1 - view.seat % 2)
    assert (got == plain) == (not look)  # the lookahead plays other cards in these worlds
    assert jass_batch(deals, legal, 1, view.seat, 5) == jass_batch(deals, legal, 1, view.seat,
                                                                    5, -1)


def test_batch_reads_the_model() -> None:
    deal = jass_mid_deal(3, 2)
    view = deal.view(deal.to_move)
    legal = [deal.rules.actions.parse(t) for t in view.legal]
    sampler = JassDeterminizer(deal.rules)
    deals = [sampler.sample(view, random.Random(i)) for i in range(3)]
    greedy = jass_batch(deals, legal, 4, view.seat, 5)
    assert greedy == jass_batch(deals, legal, 4, view.seat, 5, -1)
    modelled = jass_batch(deals, legal, 4, view.seat, 5, 1 - view.seat % 2)
    assert modelled == jass_batch(deals, legal, 4, view.seat, 5, 1 - view.seat % 2)
    assert modelled != greedy


def test_default_search_uses_the_kernel_once_ready(monkeypatch: pytest.MonkeyPatch) -> None:
    deal = jass_mid_deal(5, 9)
    rules = deal.rules
    seat = deal.to_move
    view = deal.view(seat)
    calls: list[bool] = []

    def bot(**kw: Any) -> SearchBot:
        return SearchBot(rules, seat, 17, playouts=300, **kw)

    def stand_in() -> list[bool]:
        def ready(warm_up: Any, wait: bool = False) -> bool:
            calls.append(wait)
            return len(calls) > 1

        monkeypatch.setattr(kernel, "kernel_ready", ready)
        return calls

    got = default_switches_once_ready(bot, view, stand_in, kernel.KERNEL_DEFAULT)
    if got is None:  # no numba (or ATOUT_PURE=1)
        return
    python, on_kernel = got
    assert searched(bot, view, kernel=0) == python
    assert searched(bot, view, kernel=1) == on_kernel and not calls  # neither asks


def test_kernel_ready_warms_in_a_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.undo()  # the conftest's stand-in: the real kernel_ready in this test
    assert warm_up() is True  # every call of a decision runs (compiled or not)
    assert kernel.kernel_ready(warm_up, wait=True) is True  # the thread ended, ready
    assert kernel.kernel_ready(warm_up) is True


@pytest.mark.parametrize("seed", range(3))
def test_kernel_rollouts_count_the_lookaheads_continuations(seed: int) -> None:
    deal = jass_mid_deal(seed, 4 + seed)
    seat = deal.to_move
    sampler = JassDeterminizer(deal.rules)
    states = np.stack([kj.encode(sampler.sample(deal.view(seat), random.Random(i)))
                       for i in range(4)])
    cards = list(deal.legal_actions())
    kinds = kernel.kernel_kinds(2)
    kinds[kernel.lookahead_seats(seat, 4)] = kp.LOOKAHEAD
    tally = new_tally()
    direct = kp.policy_rollouts_kernel(states, np.array([int(a) for a in cards], dtype=np.int64),
                                       2, seed, seat, kinds, public_voids(deal), deal.chooser,
                                       tally)
    before = kernel.continuations()
    got = kernel.kernel_rollouts(states, cards, 2, seat, seed, 1, list(public_voids(deal)[:4]),
                                 deal.chooser)
    assert got == [float(v) for v in direct.sum(axis=0)]
    # every rollout of the searching side's later turns tries each legal card
    assert tally[0] > 0
    assert kernel.continuations() - before == tally[0]
