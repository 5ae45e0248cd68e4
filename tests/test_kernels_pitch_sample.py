"""The Pitch search's sampling inside the kernel (:mod:`atout.kernels.pitch_sample`).

- every world the kernel deals for a seat agrees with its view (its own hand, the hand sizes,
  no card seen in a hidden hand, the voids shown, the cards played) and is a deal the engine
  plays to the same point of the history, its state exactly the engine's encoding of it;
- the kernel reads the other seats' bids, pitch and cards as the Python sampler does (the
  same count of disagreements for any hands) and with the same effect on the frequencies;
  with nothing to read every unseen card lands in each hidden hand as often as its size says;
- the worlds' rollouts are the engine's model rollouts;
- the search on it chooses the same for the same seed, and bad input is refused in words.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any, cast

import numpy as np
import pytest

import atout
from atout.bots.determinize import assign_cards, replay
from atout.bots.parts import side_value
from atout.bots.pitch import hand as pitch_hand
from atout.bots.pitch.batch import COUNT, pitch_worlds, world_facts
from atout.bots.pitch.search import (
    TABLE_FACTOR,
    PitchDeterminizer,
    Unseen,
    misplays,
    misreads,
    model_rollout,
    shown,
)
from atout.bots.search import SearchBot
from atout.cards import FULL_DECK
from atout.core import Deal, View
from atout.kernels import pitch as kp
from atout.kernels.pitch_sample import (
    sample_worlds,
    sample_worlds_kernel,
    world_rollouts,
    world_rollouts_kernel,
)

sample_kernel: Any = sample_worlds_kernel  # called on world_facts' tuple, then count and seed
sample_checked: Any = sample_worlds

FULL = (1 << 52) - 1
TABLES = [{"players": 2}, {}, {"players": 3, "preset": "seed"},
          {"players": 6, "partnership": True}, {"players": 5, "tangage": False}]


def heuristic_action(deal: Any, rng: random.Random) -> int:
    """The heuristic's bid or pitch (so that the reads have something to find), a random
    card after the pitch, now and then a random action anywhere."""
    legal = deal.legal_mask()
    if rng.random() < 0.15:
        return int(rng.choice([a for a in range(64) if legal >> a & 1]))
    hand = deal.hands[deal.turn]
    if deal.phase == "auction":
        return pitch_hand.choose_bid(hand, legal)
    if deal.trump < 0:
        return pitch_hand.choose_card(hand, legal, -1, [], set(), 0)
    return int(rng.choice([a for a in range(52) if legal >> a & 1]))


def position(options: dict[str, Any], seed: int) -> tuple[Deal, View] | None:
    """A deal played some way from the deal, and the view of the seat to move."""
    rng = random.Random(seed)
    deal: Any = atout.make("pitch", **options).deal(seed=seed)
    for _ in range(rng.randrange(40)):
        if deal.to_move is None:
            break
        deal.play(heuristic_action(deal, rng))
    if deal.to_move is None:
        return None
    return deal, deal.view(deal.to_move)


def positions(options: dict[str, Any], seeds: range, offset: int, read_seats: int
              ) -> Iterator[tuple[int, Any, View, PitchDeterminizer, Any]]:
    """For each seed whose :func:`position` (of ``seed + offset``) has a seat to move: the
    seed, the deal, the view, a sampler reading ``read_seats`` hands a seat and its kernel
    facts."""
    for seed in seeds:
        got = position(options, seed + offset)
        if got is None:
            continue
        deal, view = got
        sampler = PitchDeterminizer(deal.rules, read_seats=read_seats)
        facts = world_facts(sampler, view, seed)
        assert facts is not None
        yield seed, deal, view, sampler, facts


def rebuilt(rules: Any, view: View, world: Any) -> Any:
    """The engine's deal of a kernel world (the hands as dealt and the undealt rest),
    replayed to the view's point; None if the history is not legal there."""
    n = int(world[kp.N])
    dealt = [int(world[kp.DEALT + s]) for s in range(n)]
    rest = FULL
    for h in dealt:
        rest &= ~h
    deal = rules.deal(hands=[FULL_DECK.codes_of(h) for h in dealt], dealer=view.dealer,
                      rest=FULL_DECK.codes_of(rest))
    return deal if replay(deal, view.history, to_move=view.to_move) else None


@pytest.mark.parametrize("options", TABLES, ids=str)
def test_every_world_agrees_with_the_view_and_replays(options: dict[str, Any]) -> None:
    checked = 0
    for seed, deal, view, _, facts in positions(options, range(30), 0, 6):
        rules = deal.rules
        worlds = sample_kernel(*facts, 5, seed)
        me = view.seat
        mine = FULL_DECK.mask(view.hand)
        played, voids = shown(rules, view)
        seen = mine
        for m in played:
            seen |= m
        for world in worlds:
            assert world[kp.TURN] == me  # every world dealt
            n = int(world[kp.N])
            assert world[kp.HANDS + me] == mine
            hidden = 0
            for s in range(n):
                h = int(world[kp.HANDS + s])
                assert h.bit_count() == 6 - played[s].bit_count()
                assert int(world[kp.DEALT + s]) == h | played[s]
                if s != me:
                    assert not h & seen and not h & voids[s] and not h & hidden
                    hidden |= h
            assert not hidden & ~Unseen.of(rules, view).pool
            engine = rebuilt(rules, view, world)
            assert engine is not None
            assert (kp.encode(engine) == world).all()
            checked += 1
    assert checked >= 40


def test_with_nothing_to_read_each_card_lands_as_often_as_the_sizes_say() -> None:
    rules = atout.make("pitch")  # four players, the first to bid: no other seat has acted
    deal: Any = rules.deal(seed=4)
    view = deal.view(deal.to_move)
    facts = world_facts(PitchDeterminizer(rules, read_seats=20), view, 1)
    assert facts is not None
    count = 2000
    worlds = sample_kernel(*facts, count, 12345)
    pool = Unseen.of(rules, view).pool
    cards = [c for c in range(52) if pool >> c & 1]
    expected = count * 6 / len(cards)
    for s in range(4):
        if s == view.seat:
            continue
        hands = worlds[:, kp.HANDS + s]
        observed = np.array([((hands >> c) & 1).sum() for c in cards])
        assert observed.sum() == 6 * count
        chi2 = float((((observed - expected) ** 2) / expected).sum())
        # 45 degrees of freedom: a mean of about 45 (times 1 - 6/46), seeded
        assert chi2 < 100, (s, chi2)


def _facts_by_seat(view: View, sampler: PitchDeterminizer, deal: Deal
                   ) -> tuple[list[tuple[int, int, bool, int]], list[Any]]:
    return sampler.auction_steps(view, deal), sampler.play_steps(view)


@pytest.mark.parametrize("options", TABLES, ids=str)
def test_the_kernel_counts_the_disagreements_as_the_python_sampler(
        options: dict[str, Any]) -> None:
    from atout.kernels.pitch_sample import play_misses, step_misses

    rng = random.Random(8)
    compared = 0
    for _, deal, view, sampler, facts in positions(options, range(40), 100, 20):
        rules = deal.rules
        steps, plays = _facts_by_seat(view, sampler, deal)
        unseen = Unseen.of(rules, view)
        scratch = facts[0].copy()
        for _ in range(5):
            dealt = assign_cards(unseen.pool, unseen.sizes, unseen.allowed, rng)
            if dealt is None:
                continue
            hands = unseen.hands(dealt)
            for s in unseen.others:
                hs = [0] * len(hands)
                hs[s] = hands[s]
                mine_steps = [st for st in steps if st[0] == s]
                mine_plays = [p for p in plays if p[0] == s]
                assert step_misses(facts[6], s, hands[s], scratch) == misreads(
                    mine_steps, hs, view.seat)
                limit = len(mine_plays) + 1
                assert play_misses(facts[7], s, hands[s], scratch, limit) == misplays(
                    mine_plays, hs, limit)
                compared += 1
    assert compared >= 50


def test_a_bid_read_moves_the_frequencies_as_the_python_sampler() -> None:
    rules = atout.make("pitch", players=2)
    for seed in range(50):  # a deal where the first bidder (seat 1) bids 2 or more
        deal: Any = rules.deal(seed=seed, dealer=0)
        bid = pitch_hand.choose_bid(deal.hands[1], deal.legal_mask())
        if 54 <= bid < 57:
            break
    deal.step(bid)
    view = deal.view(0)
    sampler = PitchDeterminizer(rules, read_seats=20)
    facts = world_facts(sampler, view, 3)
    assert facts is not None
    n = 1500
    kernel = sample_kernel(*facts, n, 99)[:, kp.HANDS + 1]
    py_rng = random.Random(5)
    python = np.array([cast(Any, sampler.sample(view, py_rng)).hands[1] for _ in range(n)],
                      dtype=np.int64)
    unseen = Unseen.of(rules, view)
    plain = np.array([cast(list[int], assign_cards(unseen.pool, unseen.sizes, unseen.allowed,
                                                   py_rng))[0] for _ in range(n)],
                     dtype=np.int64)

    def freq(hands: Any) -> Any:
        return np.array([((hands >> c) & 1).mean() for c in range(52)])

    def agree(hands: Any) -> float:
        legal = int(facts[6][0, 1])
        return float(np.mean([pitch_hand.choose_bid(int(h), legal) == bid for h in hands]))

    fk, fp, fu = freq(kernel), freq(python), freq(plain)
    # the read moves each card's frequency as the Python sampler's does
    assert np.abs(fk - fp).sum() < 0.5 * np.abs(fu - fp).sum()
    assert agree(kernel) > 0.9 and abs(agree(kernel) - agree(python)) < 0.05
    assert agree(plain) < 0.6


@pytest.mark.parametrize("options", TABLES[:3], ids=str)
def test_the_worlds_rollouts_are_the_engines_model_rollouts(options: dict[str, Any]) -> None:
    checked = 0
    for seed, deal, view, _, facts in positions(options, range(12), 300, 4):
        worlds = sample_kernel(*facts, 2, seed)
        actions = np.array([int(deal.rules.actions.parse(t)) for t in view.legal][:3])
        values = world_rollouts_kernel(worlds, actions, 1, view.seat, 0, seed)
        for i, world in enumerate(worlds):
            engine = rebuilt(deal.rules, view, world)
            for j, a in enumerate(actions):
                d = engine.clone()
                d.step(int(a))
                want = side_value(model_rollout(d, random.Random(0)), view.seat)
                assert values[i, j] == pytest.approx(want)
                checked += 1
        # the random rollouts (model -1) end in points a deal can score
        random_values = world_rollouts_kernel(worlds, actions, 2, view.seat, -1, seed)
        assert np.isfinite(random_values).all() and (np.abs(random_values) <= 2 * 11).all()
    assert checked >= 10


@pytest.mark.parametrize("players", [2, 4])
def test_the_search_on_the_kernel_sampler_repeats_by_seed(players: int) -> None:
    rules = atout.make("pitch", players=players)
    checked = 0
    for seed in range(12):
        got = position({"players": players}, seed + 50)
        if got is None:
            continue
        _, view = got
        if len(view.legal) < 2:
            continue
        runs = []
        for _ in range(2):
            bot = SearchBot(rules, view.seat, seed, kernel=1, playouts=60)
            runs.append((bot.choose(view), bot.last))
        assert runs[0] == runs[1]
        checked += 1
    assert checked >= 3


def test_a_key_decision_on_the_kernel_gets_the_key_factor() -> None:
    rules = atout.make("pitch", players=2)
    deal: Any = rules.deal(seed=2, dealer=0)
    view = deal.view(deal.to_move)  # heads-up, the first bid: searched (key=search)
    bot = SearchBot(rules, view.seat, 1, kernel=1, playouts=60)
    bot.choose(view)
    assert view.phase == "auction" and len(bot.last) > 2
    assert bot.total_playouts >= 2 * 60  # the key decision's budget, as when sampled


@pytest.mark.parametrize("players", [2, 4, 5])
def test_a_card_on_the_kernel_gets_the_tables_factor(players: int) -> None:
    """In the card play the kernel's search spends :data:`TABLE_FACTOR` (4) times the
    budget's worlds at three players or more, the budget heads-up; the Python search the
    budget."""
    rules = atout.make("pitch", players=players)
    found = None
    for seed in range(80):
        got = position({"players": players}, seed + 300)
        if got is not None and got[1].phase == "play" and len(got[1].hand) > 2 \
                and len(got[1].legal) > 2:
            found = got[1]
            break
    assert found is not None
    factor = TABLE_FACTOR if players > 2 else 1
    spent = {}
    for kernel in (1, 0):
        bot = SearchBot(rules, found.seat, 5, kernel=kernel, playouts=300)
        bot.choose(found)
        spent[kernel] = bot.total_playouts
    # the kernel deals its worlds by the call (COUNT of them for every card in contention)
    chunk = COUNT * len(found.legal)
    assert factor * 300 <= spent[1] < factor * 300 + chunk, spent
    assert 300 <= spent[0] < 300 + len(found.legal), spent


def test_bad_input_is_refused_in_words() -> None:
    got = position({"players": 3}, 7)
    assert got is not None
    deal, view = got
    facts = list(world_facts(PitchDeterminizer(deal.rules, read_seats=3), view, 1) or ())
    assert facts
    with pytest.raises(ValueError, match="int64 vector"):
        sample_checked(facts[0][:10], *facts[1:], 2, 1)
    with pytest.raises(ValueError, match="other seats"):
        sample_checked(facts[0], [0], *facts[2:], 2, 1)
    with pytest.raises(ValueError, match="sizes"):
        sample_checked(*facts[:3], [1, 2], *facts[4:], 2, 1)
    with pytest.raises(ValueError, match="rows of 4"):
        sample_checked(*facts[:6], [[1, 2, 3]], *facts[7:], 2, 1)
    with pytest.raises(ValueError, match="seed"):
        sample_checked(*facts, 2, -1)
    worlds = sample_checked(*facts, 2, 1)
    assert worlds.shape == (2, kp.LENGTH)
    legal = int(kp.legal(worlds[0]))
    bad = next(a for a in range(64) if not legal >> a & 1)
    with pytest.raises(ValueError, match="not legal in every world"):
        world_rollouts(worlds, [bad], 1, view.seat, 0, 1)
    with pytest.raises(ValueError, match="turn"):
        world_rollouts(worlds, [], 1, (view.seat + 1) % 3, 0, 1)
    with pytest.raises(ValueError, match="int64 array"):
        world_rollouts(worlds[:, :5], [], 1, view.seat, 0, 1)


def test_a_foreign_sampler_leaves_the_drawing_to_python() -> None:
    rules = atout.make("pitch")
    deal: Any = rules.deal(seed=1)
    view = deal.view(deal.to_move)
    legal = [rules.actions.parse(t) for t in view.legal]
    assert pitch_worlds(PitchDeterminizer(rules), view, legal, 2, 1, view.seat, 1) is None


def test_the_default_search_samples_in_the_kernel_once_it_is_ready(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from atout.bots.pitch import batch
    from atout.bots.pitch import search as pitch_search
    from atout.kernels import COMPILED

    ready = pitch_search.PARTS.batch.ready if pitch_search.PARTS.batch else None
    assert ready is not None
    monkeypatch.setattr(pitch_search, "kernel_ready", lambda wait=False: True)
    assert not ready()  # the tests keep the Python sampler by default (conftest)
    monkeypatch.setattr(batch, "BY_DEFAULT", True)
    assert ready()
    rules = atout.make("pitch")
    bot = SearchBot(rules, 0, 1)
    assert bot.kernel == COMPILED and bot.kernel_when_ready == COMPILED
    assert not SearchBot(rules, 0, 1, kernel=0).kernel
    view = next(v for seed in range(40) if (got := position({}, seed)) is not None
                and len((v := got[1]).legal) >= 3 and v.phase == "play")

    def searched(**kw: Any) -> Any:
        search = SearchBot(rules, view.seat, 5, playouts=60, **kw)
        search.choose(view)
        return search.last

    python, on_kernel = searched(kernel=0), searched(kernel=1)
    assert python != on_kernel
    assert searched() == (on_kernel if COMPILED else python)  # ready: the kernel's worlds
    monkeypatch.setattr(batch, "BY_DEFAULT", False)
    assert searched() == python
