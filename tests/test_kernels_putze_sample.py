"""The Putze search's sampling in the kernel: every world agrees with the seat's view.

Each kernel world is rebuilt into an engine deal by the Python sampler itself, its players'
hands forced to the world's (:func:`rebuilt`): the sampler then replays the whole history
on it (the speaking, the blind, the six, the better cards, every card), and the rebuilt
deal's kernel state must be the world (hands, Weis and Stöck to come, the trick). CI runs
this file compiled and with ``ATOUT_PURE=1``.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import numpy as np
import pytest

import atout
from atout.bots import make_bot
from atout.bots.determinize import assign_cards
from atout.bots.jass.heuristic import FULL, read_view
from atout.bots.putze import sampler as putze_sampler
from atout.bots.putze import worlds as pw
from atout.bots.putze.search import PutzeDeterminizer
from atout.cards import JASS_DECK
from atout.core import Deal, View
from atout.games.jass.weis import find_weis, weis_key
from atout.games.putze.deal import EXCHANGE, KEEP, PASS
from atout.kernels import jass as kj
from atout.kernels import putze_sample as ks
from atout.kernels import putze_search as kps
from kernel_helpers import search_samples_in_the_kernel

TABLES: list[dict[str, Any]] = [
    {"players": 2}, {"players": 3}, {}, {"players": 5},
    {"players": 5, "base": "jass-txt"}, {"players": 5, "dealer_sits_out": True},
    {"players": 3, "under_trump": "strict", "weis_scoring": "each", "big_sequences": True},
    {"players": 2, "talon": "blind"}, {"players": 3, "base": "jass-txt"},
]


def positions(options: dict[str, Any], count: int, seed: int = 0) -> list[Deal]:
    """Deals of a table at a card-play decision (random choices before the play: passes,
    blinds taken, sixes kept or exchanged, better cards taken or looked at; then random
    cards, a third of them from the first card on, the others past the first trick)."""
    rules: Any = atout.make("putze", **options)
    out: list[Deal] = []
    for k in range(count * 20):
        rng = random.Random(seed * 1000 + k)
        deal: Any = rules.deal(seed=seed * 1000 + k, dealer=k % rules.plan.players)
        while deal.to_move is not None and deal.phase != "play":
            mask = deal.legal_mask()
            if mask & ~(1 << PASS) and rng.random() < 0.8:
                mask &= ~(1 << PASS)  # a pass now and then: most deals are played
            deal.step(rng.choice([a for a in range(43) if mask >> a & 1]))
        if deal.to_move is None:
            continue
        first = len(deal.players()) if k % 3 else 0  # a third in the first trick
        for _ in range(first + rng.randrange(deal.tricks_total * 3)):
            mask = deal.legal_mask()
            deal.step(rng.choice([c for c in range(36) if mask >> c & 1]))
            if deal.to_move is None:
                break
        if deal.to_move is not None:
            out.append(deal)
        if len(out) == count:
            break
    return out


def dealt_others(view: View, rules: Any) -> list[int]:
    """The seats dealt a hand, from the dealer's next, the seat's own left out (the order
    of the Python sampler's holders)."""
    plan = rules.plan
    nxt = rules.next_seat
    around = [nxt[view.dealer]]
    while len(around) < view.seats:
        around.append(nxt[around[-1]])
    return [s for s in around if not (plan.dealer_sits_out and s == view.dealer)
            and s != view.seat]


def rebuilt(rules: Any, view: View, world: Any, monkeypatch: pytest.MonkeyPatch) -> Deal:
    """The world as an engine deal: the Python sampler with the players' hands forced to
    the world's (the cards out of play dealt by it at random); it replays the history."""
    info = view.info
    turned = JASS_DECK.parse(str(info["trump_card"]))
    hands = {s: int(world[kj.ST_HANDS + s]) for s in info["players"] if s != view.seat}
    holder = info.get("trump_card_holder")
    if holder in hands:
        hands[holder] &= ~(1 << turned)  # the Python sampler adds it itself
    real = assign_cards
    real_draw = putze_sampler.draw_discards
    better = rules.plan.talon == "better-cards"
    order = [1 - view.seat] if better else dealt_others(view, rules)

    def forced_assign(pool: int, sizes: Any, allowed: Any, rng: random.Random,
                      forced: Any = None) -> list[int] | None:
        forced = list(forced or [0] * len(sizes))
        for i, s in enumerate(order):
            forced[i] = hands.get(s, 0) & pool | forced[i]
        got = real(pool, sizes, allowed, rng, forced)
        assert got is not None
        return got

    def forced_discards(cards: int, k: int, weights: Any, needed: int, need: int,
                        rng: random.Random) -> int:
        return real_draw(cards & ~hands[1 - view.seat], k, weights, 0, 0, rng)

    monkeypatch.setattr(putze_sampler, "assign_cards", forced_assign)
    monkeypatch.setattr(putze_sampler, "draw_discards", forced_discards)
    try:
        deal = PutzeDeterminizer(rules).sample(view, random.Random(1))
    finally:
        monkeypatch.undo()
    held = deal.hands  # type: ignore[attr-defined]
    for s, h in hands.items():
        assert held[s] & ~(1 << turned) == h, (s, "the rebuilt hand is not the world's")
    return deal


@pytest.mark.parametrize("options", TABLES)
def test_every_world_is_a_deal_that_replays_the_view(options: dict[str, Any],
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    rules = atout.make("putze", **options)
    checked = 0
    for deal in positions(options, 6, seed=len(str(options))):
        seat = deal.to_move
        assert seat is not None
        view = deal.view(seat)
        facts = pw.world_facts(PutzeDeterminizer(rules), view, 3)
        assert facts is not None
        worlds = pw.sample(facts, 6, 17)
        seen = read_view(rules, view)
        for world in worlds:
            assert world[kj.ST_TURN] == seat
            assert world[kj.ST_HANDS + seat] == seen.hand  # the seat's own hand exact
            players = [int(s) for s in view.info["players"]]
            held = 0
            for s in players:
                h = int(world[kj.ST_HANDS + s])
                assert not h & held and not h & seen.played_all  # no card twice, none seen
                assert not h & seen.voids[s] if s != seat else True  # voids respected
                assert h.bit_count() == int(deal.hands[s]).bit_count()  # type: ignore[attr-defined]
                held |= h
            again = rebuilt(rules, view, world, monkeypatch)
            state = kj.encode(again)
            public = [w + st for w, st in zip(view.info["weis_points"],
                                              view.info["stoeck_points"], strict=True)]
            for s in range(view.seats):
                if s not in players:
                    state[kj.ST_HANDS + s] = 0
                # the Weis scored are the view's (the Python sampler checks only the totals
                # announced: its deal may score another player's); the Stöck to come agree
                scored = again.weis_points[s] + again.stoeck_points[s]  # type: ignore[attr-defined]
                assert world[kj.ST_BASE + s] - public[s] == state[kj.ST_BASE + s] - scored
                state[kj.ST_BASE + s] = world[kj.ST_BASE + s]
            assert list(state) == list(world), (options, "the world is not the rebuilt deal")
            checked += 1
    assert checked >= 24


def test_weis_totals_and_keys_are_the_engines() -> None:
    rng = random.Random(5)
    for _ in range(4000):
        hand = 0
        for c in rng.sample(range(36), rng.choice((6, 7, 9, 9, 12))):
            hand |= 1 << c
        for big in (0, 1):
            mode = rng.randrange(4)
            found = find_weis(hand, mode, bool(big))
            total, key = ks.weis_of(hand, big, mode)
            assert total == sum(w.value for w in found), hex(hand)
            best = max((weis_key(w, mode) for w in found), default=None)
            assert key == (-1 if best is None else ks.weis_key(*best)), hex(hand)
    four_jacks = JASS_DECK.mask(["JH", "JD", "JS", "JC", "TH", "QH", "KH"])
    assert ks.weis_of(four_jacks, 0, 0) == (200, ks.weis_key(200, 4, 5, 0))  # not the run


def free_position() -> tuple[Any, View]:
    """A 4-player position in which nobody has shown a void or a Weis and no Stöck or six
    constrains the hands: the unseen cards are dealt uniformly."""
    rules = atout.make("putze", weis=False, stoeck=False)
    for deal in positions({"weis": False, "stoeck": False}, 40, seed=9):
        view = deal.view(deal.to_move)
        facts = pw.world_facts(PutzeDeterminizer(rules), view, 0)
        assert facts is not None
        if all(a == FULL for a in facts.allowed) and not any(facts.forced) \
                and min(facts.sizes) >= 6:
            return rules, view
    raise AssertionError("no free position")


def test_with_no_constraint_each_card_lands_by_hand_size() -> None:
    rules, view = free_position()
    facts = pw.world_facts(PutzeDeterminizer(rules), view, 0)
    assert facts is not None
    others = [int(s) for s in facts.holders if s >= 0]
    worlds = pw.sample(facts, 3000, 4)
    counts: Counter[tuple[int, int]] = Counter()
    for world in worlds:
        for s in others:
            h = int(world[kj.ST_HANDS + s])
            for c in range(36):
                if h >> c & 1:
                    counts[(s, c)] += 1
    unseen = facts.pool
    for s in others:
        size = int(facts.sizes[list(facts.holders).index(s)])
        p = size / unseen.bit_count()  # the hand's share of the unseen cards
        for c in range(36):
            if unseen >> c & 1:
                expected = 3000 * p
                # 5 standard deviations: seeded, it cannot flake, and a bias shows
                assert abs(counts[(s, c)] - expected) < 5 * (3000 * p * (1 - p)) ** 0.5, (s, c)
            else:
                assert counts[(s, c)] == 0


def test_the_discards_are_drawn_as_the_python_sampler_draws_them() -> None:
    """At two players with the better cards the other player's discards are cheap side
    cards far more often than trumps: each card lands in his hand about as often in the
    kernel's worlds as in the Python sampler's deals."""
    rules = atout.make("putze", players=2)
    for deal in positions({"players": 2}, 40, seed=3):
        view = deal.view(deal.to_move)
        facts = pw.world_facts(PutzeDeterminizer(rules), view, 0)
        if facts is not None and facts.discards == 3 and int(facts.sizes[0]) >= 6:
            break
    else:
        raise AssertionError("no early position where the other player took his better cards")
    opp = 1 - view.seat
    kernel = [int(w[kj.ST_HANDS + opp]) for w in pw.sample(facts, 3000, 8)]
    sampler = PutzeDeterminizer(rules)
    rng = random.Random(8)
    python = [sampler.sample(view, rng).hands[opp] for _ in range(1000)]  # type: ignore[attr-defined]
    uniform = int(facts.sizes[0]) / (facts.pool.bit_count() - facts.discards)
    moved = 0
    for c in range(36):
        if facts.pool >> c & 1:
            k = sum(h >> c & 1 for h in kernel) / len(kernel)
            p = sum(h >> c & 1 for h in python) / len(python)
            assert k == pytest.approx(p, abs=0.07), JASS_DECK.codes[c]
            moved += abs(k - uniform) > 0.05
    assert moved >= 3  # the weights move the frequencies off the uniform draw


def test_the_weis_announced_are_read_as_the_python_sampler_reads_them() -> None:
    """The worlds in which every player holds the Weis he announced (a soft read: after a
    few tries a world that disagrees is taken): as many in the kernel as in the Python
    sampler's deals, nearly all."""
    rules = atout.make("putze", players=3)
    sampler = PutzeDeterminizer(rules)
    rng = random.Random(2)
    kernel: list[bool] = []
    python: list[bool] = []
    for deal in positions({"players": 3}, 40, seed=4):
        view = deal.view(deal.to_move)
        facts = pw.world_facts(sampler, view, 0)
        assert facts is not None
        seats = [s for s in range(view.seats) if facts.weis_seats >> s & 1]

        def agree(hands: list[int], facts: Any = facts, seats: list[int] = seats) -> bool:
            return all(ks.weis_total(hands[s], 0) == facts.announced[s] for s in seats)

        for w in pw.sample(facts, 30, 1):
            kernel.append(agree([int(w[kj.ST_HANDS + s]) | int(facts.played_by[s])
                                 for s in range(view.seats)]))
        for _ in range(10):
            dealt: Any = sampler.sample(view, rng)
            python.append(agree([dealt.hands[s] | int(facts.played_by[s])
                                 for s in range(view.seats)]))
    k, p = sum(kernel) / len(kernel), sum(python) / len(python)
    assert k > 0.85 and k == pytest.approx(p, abs=0.06)


def test_the_search_samples_in_the_kernel_and_decides_the_same_for_a_seed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    rules = atout.make("putze", players=3)
    deals = positions({"players": 3}, 4, seed=2)
    search_samples_in_the_kernel(
        monkeypatch, pw, "sample", lambda got: int((got[:, kj.ST_TURN] >= 0).sum()), rules,
        deals)


def test_bad_facts_are_refused_in_words() -> None:
    rules = atout.make("putze")
    deal = positions({}, 1)[0]
    view = deal.view(deal.to_move)
    facts = pw.world_facts(PutzeDeterminizer(rules), view, 0)
    assert facts is not None
    with pytest.raises(ValueError, match="count"):
        pw.sample(facts, -1, 0)
    with pytest.raises(ValueError, match="holders"):
        pw.sample(facts._replace(sizes=np.zeros(1, dtype=np.int64)), 4, 0)
    assert pw.world_facts(PutzeDeterminizer(rules), rules.deal(seed=1).view(0), 0) is None


# -- the six's question: sampled and rolled out in the kernel --------------------------------
SIX_TABLES: list[dict[str, Any]] = [
    {"players": 2}, {"players": 3}, {"players": 2, "talon": "blind"},
    {"players": 5, "base": "jass-txt"}, {"players": 3, "base": "jass-txt"},
    {"players": 3, "under_trump": "strict", "weis_scoring": "each", "big_sequences": True},
]
"""The tables with a trump six to exchange (a talon: better cards, blind, spare card)."""


def six_positions(options: dict[str, Any], count: int, seed: int = 0) -> list[Deal]:
    """Deals of a table at the six's question (random choices before it: passes now and
    then, blinds kept, better cards taken or looked at)."""
    rules: Any = atout.make("putze", **options)
    out: list[Deal] = []
    for k in range(count * 40):
        rng = random.Random(seed * 1000 + k)
        deal: Any = rules.deal(seed=seed * 1000 + k, dealer=k % rules.plan.players)
        while deal.to_move is not None and deal.phase not in ("six", "play"):
            mask = deal.legal_mask()
            if mask & ~(1 << PASS) and rng.random() < 0.8:
                mask &= ~(1 << PASS)
            deal.step(rng.choice([a for a in range(43) if mask >> a & 1]))
        if deal.phase == "six" and len(deal.players()) > 1:
            out.append(deal)
        if len(out) == count:
            break
    return out


@pytest.mark.parametrize("options", SIX_TABLES)
def test_every_world_of_the_six_is_a_deal_that_replays_the_view(
        options: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    rules = atout.make("putze", **options)
    checked = 0
    for deal in six_positions(options, 4, seed=len(str(options))):
        seat = deal.to_move
        assert seat is not None
        view = deal.view(seat)
        facts = pw.world_facts(PutzeDeterminizer(rules), view, 3)
        assert facts is not None
        seen = read_view(rules, view)
        mode = seen.mode
        assert seen.hand >> mode * 9 & 1  # the seat asked holds the six
        for action in (EXCHANGE, KEEP):
            base = facts.base.copy()
            mine = seen.hand if action == KEEP else \
                seen.hand & ~(1 << mode * 9) | 1 << facts.turned
            base[kj.ST_HANDS + seat] = mine
            worlds = pw.sample(facts._replace(base=base), 5, 17)
            players = [int(s) for s in view.info["players"]]
            for world in worlds:
                assert world[kj.ST_TURN] >= 0
                assert world[kj.ST_HANDS + seat] == mine  # the seat's own hand exact
                held = 0
                for s in players:
                    h = int(world[kj.ST_HANDS + s])
                    assert not h & held
                    if s != seat:
                        assert not h & seen.hand and not h >> facts.turned & 1
                    assert h.bit_count() == int(deal.hands[s]).bit_count()  # type: ignore[attr-defined]
                    held |= h
                again = rebuilt(rules, view, world, monkeypatch)
                again.step(action)  # the answer, then the play begins
                state = kj.encode(again)
                for s in range(view.seats):
                    if s not in players:
                        state[kj.ST_HANDS + s] = 0
                assert list(state) == list(world), (options, "the world is not the deal")
                checked += 1
    assert checked >= 16


def test_the_six_worlds_deal_the_cards_as_the_python_sampler() -> None:
    """At the six's question each unseen card lands in each other player's hand about as
    often in the kernel's worlds as in the Python sampler's deals (at two players the
    other player's discards drawn by weight, at three the blind and the passers' hands)."""
    tables: list[dict[str, Any]] = [{"players": 3}, {"players": 2}]
    for options in tables:
        rules = atout.make("putze", **options)
        sampler = PutzeDeterminizer(rules)
        deal = six_positions(options, 1, seed=6)[0]
        view = deal.view(deal.to_move)
        facts = pw.world_facts(sampler, view, 0)
        assert facts is not None
        kernel = pw.sample(facts, 3000, 2)
        rng = random.Random(3)
        python = [sampler.sample(view, rng) for _ in range(1500)]
        for s in (int(p) for p in view.info["players"]):
            if s == view.seat:
                continue
            for c in range(36):
                if facts.pool >> c & 1:
                    k = sum(int(w[kj.ST_HANDS + s]) >> c & 1 for w in kernel) / len(kernel)
                    p = sum(d.hands[s] >> c & 1 for d in python) / len(python)  # type: ignore[attr-defined]
                    # seeded: within 5 standard deviations of the two draws' difference
                    sd = (k * (1 - k) / len(kernel) + p * (1 - p) / len(python)) ** 0.5
                    assert abs(k - p) < 5 * sd + 0.01, (options, s, JASS_DECK.codes[c])


def test_the_playouts_of_a_state_are_the_rollouts_after_its_card() -> None:
    """:func:`playouts_kernel` from the state after a card plays what
    :func:`rollouts_kernel` plays after that card, stream for stream."""
    rules = atout.make("putze", players=3)
    deals = positions({"players": 3}, 6, seed=5)
    states = np.stack([kj.encode(d) for d in deals])
    rows = np.stack([kps.scoring(d) for d in deals])
    for i, deal in enumerate(deals):
        legal = deal.legal_mask()
        card = (legal & -legal).bit_length() - 1
        seat = deal.to_move
        assert seat is not None
        after = states[i:i + 1].copy()
        kj.apply_card(after[0], card)
        want = kps.rollouts(states[i:i + 1], [card], 3, 11, seat, rows[i:i + 1])[0, 0]
        got = kps.playouts(after, 3, 11, seat, rows[i:i + 1])[0]
        assert got == want
    del rules


def test_the_search_answers_the_six_in_the_kernel_and_the_same_for_a_seed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    rules = atout.make("putze", players=3)
    deals = six_positions({"players": 3}, 4, seed=2)
    search_samples_in_the_kernel(
        monkeypatch, pw, "sample", lambda got: int((got[:, kj.ST_TURN] >= 0).sum()), rules,
        deals, last=True, as_kernel_off=True)


def test_bad_input_to_the_six_and_the_playouts_is_refused_in_words() -> None:
    rules = atout.make("putze", players=3)
    deal = six_positions({"players": 3}, 1)[0]
    view = deal.view(deal.to_move)
    facts = pw.world_facts(PutzeDeterminizer(rules), view, 0)
    assert facts is not None
    play = rules.actions.parse("play")
    with pytest.raises(ValueError, match="exchange six or keep six"):
        pw.six_worlds(facts, [play], 4, 1, view.seat, 0)
    with pytest.raises(ValueError, match="rows of"):
        kps.playouts(np.zeros(5, dtype=np.int64), 1, 0, 0, np.zeros((1, kps.SCORING)))
    with pytest.raises(ValueError, match="scoring row"):
        kps.playouts(facts.base[None, :], 1, 0, 0, np.zeros((2, kps.SCORING)))
    with pytest.raises(ValueError, match="reuse"):
        kps.playouts(facts.base[None, :], -1, 0, 0, facts.scoring[None, :])


def test_a_six_asked_of_a_lone_player_is_left_to_the_python_sampler() -> None:
    rules: Any = atout.make("putze", players=2, talon="blind")
    for k in range(400):
        deal: Any = rules.deal(seed=k)
        while deal.phase not in ("six", "play", "over"):
            deal.step(PASS if deal.legal_mask() >> PASS & 1 and deal.to_move == 0
                      else (deal.legal_mask() & ~(1 << PASS)).bit_length() - 1)
        if deal.phase == "six" and len(deal.players()) == 1:
            break
    else:
        raise AssertionError("no six asked of a lone player")
    view = deal.view(deal.to_move)
    assert pw.world_facts(PutzeDeterminizer(rules), view, 0) is None
    bot = make_bot("search:playouts=40:kernel=1", rules, view.seat, 1)
    assert bot.choose(view).text in ("exchange six", "keep six")
