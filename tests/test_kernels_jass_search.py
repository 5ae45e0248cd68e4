"""The Jass search on the kernels: the greedy policy, the kernel's sampled worlds, the bot.

- every world the kernel samples for a seat is a deal the engine plays to the same point of
  the history, and its state is exactly the engine's encoding of that deal;
- the greedy kernel policy plays only legal cards and scores as the engine replays it;
- the search with ``kernel=1`` chooses the same card for the same seed, and refuses the
  option for a game without kernels, in words.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import numpy as np
import pytest

import atout
from atout.bots import make_bot
from atout.bots.jass.search import JassDeterminizer, jass_batch, jass_worlds, world_facts
from atout.bots.search import SearchBot
from atout.cards import JASS_DECK
from atout.kernels import jass as kj
from atout.kernels import jass_sample as kjs
from atout.kernels import jass_search as ks
from kernel_helpers import jass_mid_deal


@pytest.mark.parametrize("seed", range(16))
def test_kernel_worlds_are_engine_deals(seed: int) -> None:
    deal = jass_mid_deal(seed, 4 + seed * 2)
    rules = deal.rules
    seat = deal.to_move
    view = deal.view(seat)
    sampler = JassDeterminizer(rules)
    legal = [rules.actions.parse(t) for t in view.legal]
    got = jass_worlds(sampler, view, legal, 16, 2, seat, seed)
    facts = world_facts(sampler, view, seed)
    assert facts is not None and got is not None
    values, used = got
    assert len(values) == len(legal) and 0 < used <= 16
    sample: Any = kjs.sample_worlds_kernel
    worlds = sample(*facts, 16, seed)
    played = facts[6]
    public = [w + s for w, s in zip(deal.weis_points, deal.stoeck_points, strict=True)]
    explained = 0
    for world in worlds:
        assert world[kj.ST_TURN] == seat
        start = [int(world[kj.ST_HANDS + s]) | int(played[s]) for s in range(4)]
        assert sum(h.bit_count() for h in start) == 36
        assert int(world[kj.ST_HANDS + seat]) == deal.hands[seat]
        same = rules.deal(hands=[JASS_DECK.codes_of(h) for h in start], dealer=deal.dealer)
        for _, text in view.history:
            same.play(text)  # the history is legal on the world's hands
        state = kj.encode(same)
        rest = [i for i in range(kj.STATE_SIZE) if not kj.ST_BASE <= i < kj.ST_BASE + 6]
        assert np.array_equal(state[rest], world[rest])
        if [w + s for w, s in zip(same.weis_points, same.stoeck_points,
                                  strict=True)] == public:
            # the world holds the Weis the table saw: the engine scores it as the kernel
            assert np.array_equal(state, world)
            explained += 1
    assert explained >= len(worlds) // 2


def test_no_kernel_worlds_where_the_kernel_scores_no_weis() -> None:
    # a nine-card run worth 150: the kernel's Weis finder does not score it, so the first
    # trick (whose Weis the world's hands decide) samples in Python
    deal = jass_mid_deal(3, 2, {"nine_sequence": 150})
    view = deal.view(deal.to_move)
    legal = [deal.rules.actions.parse(t) for t in view.legal]
    assert jass_worlds(JassDeterminizer(deal.rules), view, legal, 8, 2, view.seat, 1) is None
    # the Python sampler's deals, rolled out in the kernel, instead
    sampler = JassDeterminizer(deal.rules)
    deals = [sampler.sample(view, random.Random(i)) for i in range(3)]
    values = jass_batch(deals, legal, 4, view.seat, 5)
    assert len(values) == len(legal)
    assert values == jass_batch(deals, legal, 4, view.seat, 5)


@pytest.mark.parametrize("seed", range(6))
def test_greedy_playouts_replay_on_the_engine(seed: int) -> None:
    deal = jass_mid_deal(seed, seed * 3)
    state = kj.encode(deal)
    rs = kj.new_stream()
    for i in range(20):
        st = state.copy()
        from atout.kernels.rand import seed_stream

        seed_stream(rs, seed, i)
        replay = deal.clone()
        while st[kj.ST_TURN] >= 0:
            mask = kj.legal_mask(st)
            assert mask == replay.legal_mask()
            c = ks.greedy_card(st, mask, rs)
            assert mask >> c & 1
            kj.apply_card(st, c)
            replay.step(c)
        assert kj.scores(st) == list(replay.result.points)
    assert ks.greedy_playouts(state, 30, 9).shape == (30, 4)


def test_kernel_search_is_reproducible_by_seed() -> None:
    deal = jass_mid_deal(5, 9)
    rules = deal.rules
    seat = deal.to_move
    choices = []
    for _ in range(2):
        bot = make_bot("search:kernel=1:playouts=120", rules, seat, 17)
        assert isinstance(bot, SearchBot)
        choices.append((bot.choose(deal.view(seat)), bot.last))
    assert choices[0] == choices[1]
    assert choices[0][1]  # it searched (more than one card)
    # the first trick: the Python sampler, the kernel rollouts
    early = jass_mid_deal(6, 1)
    s = early.to_move
    bots = [SearchBot(early.rules, s, 3, kernel=1, playouts=48) for _ in range(2)]
    assert bots[0].choose(early.view(s)) == bots[1].choose(early.view(s))
    assert bots[0].last == bots[1].last


def test_kernel_option_refused_in_words(monkeypatch: pytest.MonkeyPatch) -> None:
    from atout.bots import search as search_module
    from atout.bots.registry import parts_for

    # every game with bots has compiled rollouts now: one whose parts have none
    parts = dataclasses.replace(parts_for(atout.make("pitch")), batch=None)
    with monkeypatch.context() as patch:
        patch.setattr(search_module, "parts_for", lambda rules: parts)
        with pytest.raises(ValueError, match="no compiled rollouts for pitch"):
            make_bot("search:kernel=1", atout.make("pitch"), 0, 0)
    with pytest.raises(ValueError, match="kernel must be 0 or 1"):
        make_bot("search:kernel=2", atout.make("jass"), 0, 0)
    with pytest.raises(ValueError, match="legal in every world"):
        deal = jass_mid_deal(2, 5)
        state = kj.encode(deal)
        bad = next(c for c in range(36) if not kj.legal(state) >> c & 1)
        ks.rollouts(state.reshape(1, -1), [bad], 1, 0, deal.to_move)
