"""The Putze search's better cards in the kernel: the same choices before the play as the
Python rollout, the same law of the other player's hand as the Python sampler, the same
decisions for a seed. CI runs this file compiled and with ``ATOUT_PURE=1``."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import atout
from atout.bots.jass.heuristic import trump_tricks
from atout.bots.putze import pre
from atout.bots.putze import worlds as pw
from atout.bots.putze.sampler import PutzeDeterminizer
from atout.bots.putze.search import discard, putze_rollout_to_play
from atout.bots.putze.speak import PLAY_FROM
from atout.cards import JASS_DECK
from atout.core import Deal
from atout.games.putze.deal import LOOK
from atout.kernels import jass as kj
from atout.kernels import putze_pre as kp
from kernel_helpers import search_samples_in_the_kernel

TABLES: list[dict[str, Any]] = [
    {"players": 2}, {"players": 2, "may_pass": False}, {"players": 2, "six_exchange": False},
    {"players": 2, "weis_scoring": "each", "big_sequences": True, "stoeck": False},
]


def better_positions(options: dict[str, Any], count: int, seed: int = 0) -> list[Deal]:
    """Deals of a two-player table at a choice of the better cards (random choices before
    it: cards discarded, packets looked at)."""
    rules: Any = atout.make("putze", **options)
    out: list[Deal] = []
    for k in range(count * 10):
        rng = random.Random(seed * 1000 + k)
        deal: Any = rules.deal(seed=seed * 1000 + k, dealer=k % 2)
        for _ in range(rng.randrange(7)):
            if deal.phase != "better":
                break
            mask = deal.legal_mask()
            if rng.random() < 0.8:
                mask &= (1 << 36) - 1  # mostly discards
            deal.step(rng.choice([a for a in range(43) if mask >> a & 1]))
        if deal.phase == "better":
            out.append(deal)
        if len(out) == count:
            break
    return out


def test_the_trick_count_and_the_cheapest_card_are_the_heuristics() -> None:
    rng = random.Random(3)
    for _ in range(3000):
        hand = 0
        for c in rng.sample(range(36), rng.choice((3, 7, 9, 9, 12))):
            hand |= 1 << c
        mode = rng.randrange(4)
        assert kp.trump_tricks(hand, mode) == trump_tricks(hand, mode), hex(hand)
        assert kp.cheapest(hand, mode) == discard(hand, mode), hex(hand)


@pytest.mark.parametrize("options", TABLES)
def test_the_choices_before_the_play_are_the_python_rollouts(options: dict[str, Any]) -> None:
    """On real deals, after every legal choice at the better cards, the kernel's
    :func:`pre_play_two` gives the players and the hands the engine reaches with the
    Python rollout's choices (:func:`putze_rollout_to_play`)."""
    checked = played = 0
    for deal in better_positions(options, 30, seed=len(str(options))):
        d0: Any = deal
        me = d0.to_move
        opp = 1 - me
        plan = d0.plan
        state = {None: 0, "taken": 1, "looked": 2}[d0.better_state[opp]]
        for a in range(43):
            if not d0.legal_mask() >> a & 1:
                continue
            d: Any = deal.clone()
            d.step(a)
            putze_rollout_to_play(d)
            hands = np.array([d0.hands[0], d0.hands[1]], dtype=np.int64)
            packets = np.array([d0.better[s] if d0.better_state[s] is None else 0
                                for s in range(2)], dtype=np.int64)
            players = kp.pre_play_two(hands, packets, me, d0.speak_order[0], a,
                                      d0.discards[me].bit_count(), state, d0.mode, d0.turned,
                                      int(plan.may_pass), int(plan.six_exchange),
                                      float(PLAY_FROM[2]))
            assert players == sum(1 << s for s in d.players()), (options, a)
            checked += 1
            if d.phase == "play":  # most deals end unplayed: the count passes weak hands
                assert [int(h) for h in hands] == list(d.hands), (options, a)
                played += 1
    assert checked >= 150 and played >= 3


def test_the_other_players_hand_is_dealt_as_the_python_sampler_deals_it() -> None:
    """After the other player took his packet, his hand holds each card about as often in
    the kernel's worlds as in the Python sampler's deals (his discards drawn by weight)."""
    rules = atout.make("putze", players=2)
    sampler = PutzeDeterminizer(rules)
    for deal in better_positions({"players": 2}, 60, seed=4):
        d: Any = deal
        if d.better_state[1 - d.to_move] == "taken":
            break
    else:
        raise AssertionError("no position after the other player took his packet")
    view = deal.view(deal.to_move)
    facts = pre.better_facts(sampler, view, 0)
    assert facts is not None and facts.discards == 3
    opp = 1 - view.seat
    kernel = [int(w[kj.ST_HANDS + opp]) for w in pw.sample(facts, 3000, 8)]
    rng = random.Random(8)
    python = [sampler.sample(view, rng).hands[opp] for _ in range(1500)]  # type: ignore[attr-defined]
    moved = 0
    uniform = 9 / (facts.pool.bit_count() - 3)
    for c in range(36):
        k = sum(h >> c & 1 for h in kernel) / len(kernel)
        p = sum(h >> c & 1 for h in python) / len(python)
        if not facts.pool >> c & 1:
            assert k == p == 0
            continue
        sd = (k * (1 - k) / len(kernel) + p * (1 - p) / len(python)) ** 0.5
        assert abs(k - p) < 5 * sd + 0.01, JASS_DECK.codes[c]
        moved += abs(k - uniform) > 0.05
    assert moved >= 3  # the weights move the frequencies off the uniform draw


def test_the_search_chooses_the_better_cards_in_the_kernel_and_the_same_for_a_seed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    rules = atout.make("putze", players=2)
    deals = better_positions({"players": 2}, 4, seed=2)
    search_samples_in_the_kernel(
        monkeypatch, pre, "better_worlds", lambda got: 0 if got is None else got[1], rules,
        deals, last=True, as_kernel_off=True)


def test_the_better_facts_are_read_only_at_the_better_cards_and_bad_input_is_refused() -> None:
    rules = atout.make("putze", players=2)
    sampler = PutzeDeterminizer(rules)
    deal = better_positions({"players": 2}, 1)[0]
    view = deal.view(deal.to_move)
    facts = pre.better_facts(sampler, view, 0)
    assert facts is not None
    four = atout.make("putze")
    assert pre.better_facts(PutzeDeterminizer(four), four.deal(seed=1).view(0), 0) is None
    other = next(a for a in range(36) if not JASS_DECK.mask(view.hand) >> a & 1)
    with pytest.raises(ValueError, match="discards a card of its hand"):
        pre.better_worlds(sampler, view, [rules.actions[other]], 4, 1, view.seat, 0, facts)
    with pytest.raises(ValueError, match="count"):
        pre.better_worlds(sampler, view, [rules.actions[LOOK]], -1, 1, view.seat, 0, facts)
    got = pre.better_worlds(sampler, view, [rules.actions[LOOK]], 8, 2, view.seat, 0, facts)
    assert got is not None and got[1] == 8


@pytest.mark.parametrize("options", TABLES[:2])
def test_every_world_of_the_better_cards_is_a_deal_that_replays_the_view(
        options: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    """The other player's hand of each kernel world, forced on the Python sampler's deal
    (the rest dealt by it): the deal is built and replays the history (his hidden discards
    filled in), and holds that hand; no card the seat knows is in it."""
    from atout.bots.determinize import assign_cards as real_assign
    from atout.bots.putze import sampler as putze_sampler

    rules = atout.make("putze", **options)
    real_draw = putze_sampler.draw_discards
    checked = 0
    for deal in better_positions(options, 8, seed=7):
        view = deal.view(deal.to_move)
        me, opp = view.seat, 1 - view.seat
        facts = pre.better_facts(PutzeDeterminizer(rules), view, 0)
        assert facts is not None
        known = JASS_DECK.mask(view.hand) | 1 << facts.turned
        known |= JASS_DECK.mask(str(c) for c in view.info.get("own_discards") or [])
        for world in pw.sample(facts, 4, 5):
            hand = int(world[kj.ST_HANDS + opp])
            assert hand.bit_count() == 9 and not hand & known
            assert world[kj.ST_HANDS + me] == 0  # written by the kernel as play begins

            def forced_assign(pool: int, sizes: Any, allowed: Any, rng: random.Random,
                              forced: Any = None, hand: int = hand) -> list[int] | None:
                forced = list(forced or [0] * len(sizes))
                forced[0] |= hand & pool
                return real_assign(pool, sizes, allowed, rng, forced)

            def forced_draw(cards: int, k: int, weights: Any, needed: int, need: int,
                            rng: random.Random, hand: int = hand) -> int:
                return real_draw(cards & ~hand, k, weights, 0, 0, rng)

            monkeypatch.setattr(putze_sampler, "assign_cards", forced_assign)
            monkeypatch.setattr(putze_sampler, "draw_discards", forced_draw)
            try:
                again: Any = PutzeDeterminizer(rules).sample(view, random.Random(1))
            finally:
                monkeypatch.undo()
            assert again.hands[opp] == hand and again.hands[me] == JASS_DECK.mask(view.hand)
            checked += 1
    assert checked >= 24
