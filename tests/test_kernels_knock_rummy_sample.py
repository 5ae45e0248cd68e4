"""The Knock Rummy search's sampling of hidden hands in the kernel.

Every world the kernel deals is one the Python sampler could deal: the seat's own hand, the
pile, the cards known held, the hand sizes and the stock's size as the view shows them, and
the world is the state of the deal the sampler's own ``build`` makes of the same hands (so it
replays as a legal deal). Without a read the unseen cards spread as their sizes say; the reads
of a turn without a knock move the hands as the Python sampler's do. CI runs this file
compiled and with ``ATOUT_PURE=1`` (the kernel functions are plain Python then).
"""

from __future__ import annotations

import dataclasses
import random
import statistics
from typing import Any

import numpy as np
import pytest

import atout
from atout.bots import make_bot
from atout.bots.knock_rummy import kernel as bridge
from atout.bots.knock_rummy import search as py
from atout.bots.knock_rummy import worlds as kw
from atout.bots.knock_rummy.read import Turn, agreement
from atout.bots.search import SearchBot
from atout.cards import FULL_DECK
from atout.core import View
from atout.games.knock_rummy import KnockRummyDeal
from atout.games.knock_rummy.melds import deadwood
from atout.kernels import COMPILED
from atout.kernels import knock_rummy_sample as ksamp
from atout.kernels.knock_rummy import HANDS, LENGTH, NSTOCK, STOCK, encode

FULL = (1 << 52) - 1
TABLES: list[dict[str, Any]] = [
    {"players": 2}, {"players": 2, "knock_limit": 10}, {"players": 3},
    {"players": 4, "knocker_discards": True, "discard_taken": True},
    {"players": 5, "tie": "next", "penalty_to": "each"},
]


def played(options: dict[str, Any], seed: int, moves: int) -> KnockRummyDeal | None:
    """A deal played ``moves`` actions by patient heuristics (a long deal, piles taken) with
    a random action now and then; None if it ended."""
    rules = atout.make("knock-rummy", **options)
    deal = rules.deal(seed=seed)
    bots = [make_bot("heuristic:base=4:floor=2", rules, s, 0) for s in range(rules.seats)]
    rng = random.Random(seed)
    for _ in range(moves):
        if deal.to_move is None:
            return None
        view = deal.view(deal.to_move)
        if rng.random() < 0.15:
            deal.play(rules.actions.parse(rng.choice(view.legal)))
        else:
            deal.play(bots[deal.to_move].choose(view))
    assert isinstance(deal, KnockRummyDeal)
    return None if deal.to_move is None else deal


def rebuilt(det: py.KnockRummyDeterminizer, view: View, state: Any) -> KnockRummyDeal:
    """The engine's deal of a kernel world, through the sampler's own ``build``."""
    pile = [FULL_DECK.parse(c) for c in view.info["discard_pile"]]
    known = [FULL_DECK.mask(k) for k in view.info["known"]]
    first, drawn, from_stock = py.before_draw(view, pile)
    hands = [int(state[HANDS + s]) for s in range(view.seats)]
    hands[view.seat] = first
    stock = [int(c) for c in state[STOCK:STOCK + state[NSTOCK]]][::-1]  # the top first
    if from_stock:
        stock = [drawn, *stock]
    return det.build(view, hands, pile, stock, known, from_stock)


@pytest.mark.parametrize("options", TABLES)
def test_every_kernel_world_agrees_with_the_view_and_replays(options: dict[str, Any]) -> None:
    checked = 0
    for seed in range(24):
        deal = played(options, seed, 3 + seed * 3 % 40)
        if deal is None:
            continue
        seat = deal.turn
        view = deal.view(seat)
        det = py.KnockRummyDeterminizer(deal.rules)
        facts = kw.world_facts(det, view)
        assert facts is not None
        states = kw.sample_states(facts, seat, 6, seed)
        assert states.shape == (6, LENGTH)
        pile = FULL_DECK.mask(view.info["discard_pile"])
        known = [FULL_DECK.mask(k) for k in view.info["known"]]
        for state in states:
            hands = [int(state[HANDS + s]) for s in range(view.seats)]
            stock = sum(1 << int(c) for c in state[STOCK:STOCK + state[NSTOCK]])
            assert hands[seat] == FULL_DECK.mask(view.hand)
            assert [h.bit_count() for h in hands] == view.info["hand_sizes"]
            assert int(state[NSTOCK]) == view.info["stock"] == stock.bit_count()
            for s in range(view.seats):
                assert hands[s] & known[s] == known[s]
                assert not hands[s] & pile
            # every card once: the hands, the stock, the pile
            union = pile | stock
            for h in hands:
                assert not union & h
                union |= h
            assert union == FULL and pile.bit_count() + stock.bit_count() + sum(
                h.bit_count() for h in hands) == 52
            engine = rebuilt(det, view, state)
            assert np.array_equal(encode(engine), state)
            got = engine.view(seat)
            assert (got.hand, got.legal, got.phase, got.table) == (
                view.hand, view.legal, view.phase, view.table)
            for key in ("discard_pile", "known", "hand_sizes", "stock", "restocks"):
                assert got.info[key] == view.info[key], key
            # the rest of the deal plays legally on the engine
            bots = [make_bot("heuristic", engine.rules, s, 0) for s in range(view.seats)]
            for _ in range(400):
                if engine.to_move is None:
                    break
                engine.play(bots[engine.to_move].choose(engine.view(engine.to_move)))
            checked += 1
    assert checked >= 30


def test_without_a_read_each_unseen_card_lands_as_the_sizes_say() -> None:
    """Heads-up, no read: each unseen card is in the other hand with probability
    ``need / pool`` (a chi-square-style bound on every card, seeded: it cannot flake)."""
    deal = played({"players": 2}, 7, 6)
    assert deal is not None
    seat = deal.turn
    view = deal.view(seat)
    facts = kw.world_facts(py.KnockRummyDeterminizer(deal.rules, read_tries=0), view)
    assert facts is not None and not facts.turns.any()
    count = 3000
    states = kw.sample_states(facts, seat, count, 11)
    other = 1 - seat
    p = facts.need[other] / facts.pool.bit_count()
    hits = np.zeros(52)
    for state in states:
        h = int(state[HANDS + other]) & ~facts.known[other]
        for c in range(52):
            hits[c] += h >> c & 1
    cards = [c for c in range(52) if facts.pool >> c & 1]
    assert hits[[c for c in range(52) if not facts.pool >> c & 1]].sum() == 0
    z2 = [(hits[c] - count * p) ** 2 / (count * p * (1 - p)) for c in cards]
    assert max(z2) < 16  # 4 standard deviations
    assert sum(z2) < len(cards) + 5 * (2 * len(cards)) ** 0.5


def _reading_position() -> tuple[KnockRummyDeal, View, int]:
    rules = atout.make("knock-rummy")
    deal = rules.deal(seed=11)
    assert isinstance(deal, KnockRummyDeal)
    bots = [make_bot("heuristic", rules, s, 0) for s in range(4)]
    while len(deal.history) < 2:
        deal.play(bots[deal.turn].choose(deal.view(deal.turn)))
    seat = deal.turn
    return deal, deal.view(seat), (seat - 1) % 4


@pytest.mark.parametrize("read", ["floor", "heuristic", "mixture"])
def test_a_read_moves_the_hands_as_the_python_samplers_does(read: str) -> None:
    deal, view, passer = _reading_position()

    def python(tries: int) -> float:
        det = py.KnockRummyDeterminizer(deal.rules, read_tries=tries, knock_read=read)
        rng = random.Random(5)
        return statistics.fmean(deadwood(det.sample(view, rng).hands[passer])  # type: ignore[attr-defined]
                                for _ in range(300))

    def kernel(tries: int) -> float:
        det = py.KnockRummyDeterminizer(deal.rules, read_tries=tries, knock_read=read)
        facts = kw.world_facts(det, view)
        assert facts is not None
        states = kw.sample_states(facts, view.seat, 300, 5)
        return statistics.fmean(deadwood(int(s[HANDS + passer])) for s in states)

    uniform = kernel(0)
    assert abs(uniform - python(0)) < 3
    assert abs(kernel(20) - python(20)) < 3
    if read == "heuristic":  # a player who passed his knock at about 40 holds a poor hand
        assert kernel(20) > uniform + 5


def test_the_kernels_agreement_is_the_python_reads() -> None:
    """For random hands and turns, the kernel's count is the Python count for one of the
    cards the turn may have drawn from the stock (the one it draws at random)."""
    rng = random.Random(3)

    class Forced(random.Random):
        def __init__(self, card: int) -> None:
            super().__init__(0)
            self.card = card

        def choice(self, seq: Any) -> Any:
            return self.card

    compared = 0
    for _ in range(300):
        cards = rng.sample(range(52), 9)
        hand = sum(1 << c for c in cards[:7])
        discarded, up = cards[7], rng.choice([cards[8], -1, cards[0]])
        took = up >= 0 and bool(hand >> up & 1) and rng.random() < 0.7
        known = 1 << up if took else 0
        draws, taken = rng.randrange(0, 30), rng.randrange(0, 5)
        dt, kd, limit = rng.random() < 0.3, rng.random() < 0.3, rng.choice([0, 0, 10])
        read = rng.randrange(2)
        turn = Turn(up, took, discarded, draws)
        full = hand | 1 << discarded
        drawable = [c for c in range(52) if (full & ~known or full) >> c & 1]
        expected = set()
        threshold = py.knock_threshold if read else (lambda r, t: py.FLOOR)
        for card in drawable:
            expected.add(agreement(hand, known, turn, py.best_discard, threshold, 2, taken,
                                   dt, kd, limit, Forced(card)))
        state = np.array([rng.randrange(1, 1 << 30)], dtype=np.int64)
        got = ksamp.agreement(hand, known, up, took, discarded, draws, 2, taken, dt, kd,
                              limit, read, state)
        assert got in expected
        compared += 1
    assert compared == 300


def test_bad_input_is_refused_in_words() -> None:
    deal, view, _ = _reading_position()
    facts = kw.world_facts(py.KnockRummyDeterminizer(deal.rules), view)
    assert facts is not None
    args: dict[str, Any] = {"base": facts.base, "me": view.seat, "pool": facts.pool,
                            "known": facts.known, "need": facts.need, "turns": facts.turns,
                            "taken": facts.taken, "read_tries": 4, "knock_read": "floor",
                            "count": 2, "seed": 1}
    assert ksamp.sample_worlds(**args).shape == (2, LENGTH)
    bad = [({"base": facts.base[:10]}, "base state"), ({"me": 7}, "seat"),
           ({"pool": -1}, "mask"), ({"known": [0]}, "one int per seat"),
           ({"need": [1, 2, 3, 4]}, "add up"), ({"turns": np.zeros((4, 3))}, "5 ints"),
           ({"knock_read": "guess"}, "knock_read"), ({"count": 0}, "count"),
           ({"read_tries": -1}, "read_tries"), ({"seed": -3}, "seed"),
           ({"known": [facts.pool & -facts.pool] * 4}, "known card")]
    for change, words in bad:
        with pytest.raises(ValueError, match=words):
            ksamp.sample_worlds(**{**args, **change})


def test_the_python_sampler_draws_where_the_kernel_cannot() -> None:
    deal, view, _ = _reading_position()
    rules = deal.rules
    assert kw.world_facts(py.KnockRummyDeterminizer(rules, discard_tries=4), view) is None
    assert kw.world_facts(py.KnockRummyDeterminizer(rules, refused_read=True), view) is None
    laid = atout.make("knock-rummy", lay_off=True).deal(seed=2)
    assert kw.world_facts(py.KnockRummyDeterminizer(laid.rules),
                          laid.view(laid.turn)) is None  # type: ignore[attr-defined]
    # not the seat to move
    assert kw.world_facts(py.KnockRummyDeterminizer(rules), deal.view((deal.turn + 1) % 4)) \
        is None
    if not COMPILED:  # plain Python: the search keeps the Python sampler
        assert not bridge.kernel_ready(wait=True)
        assert kw.knock_rummy_worlds(py.KnockRummyDeterminizer(rules), view,
                                     [rules.actions.parse(t) for t in view.legal], 4, 2,
                                     view.seat, 0) is None


def _decisions(spec: str, seed: int) -> tuple[list[str], SearchBot]:
    rules = atout.make("knock-rummy", players=2, knock_limit=10)
    deal = rules.deal(seed=seed)
    bot = make_bot(spec, rules, deal.turn, seed)  # type: ignore[attr-defined]
    assert isinstance(bot, SearchBot)
    other = make_bot("heuristic", rules, 1 - bot.seat)
    out = []
    for _ in range(8):
        if deal.to_move is None:
            break
        view = deal.view(deal.to_move)
        action = (bot if deal.to_move == bot.seat else other).choose(view)
        out.append(action.text)
        deal.play(action)
    return out, bot


def test_the_search_samples_in_the_kernel_repeatably_and_as_much_as_python(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Compiled, the kernel samples every deal of a decision, as many as the Python sampler
    would draw; in plain Python (no numba, ``ATOUT_PURE=1``) it stands aside every time and
    the Python sampler draws them."""
    if COMPILED:
        assert bridge.kernel_ready(wait=True)
    asked: list[int] = []
    answered: list[bool] = []
    sampled: list[int] = []
    batch = py.PARTS.batch
    assert batch is not None and batch.worlds is py.kernel_worlds and batch.fit

    def spy(sampler: Any, view: View, actions: Any, count: int, *rest: Any) -> Any:
        asked.append(count)
        got = py.kernel_worlds(sampler, view, actions, count, *rest)
        answered.append(got is not None)
        return got

    real_sample = py.KnockRummyDeterminizer.sample

    def counted(self: Any, view: View, rng: random.Random) -> Any:
        sampled.append(1)
        return real_sample(self, view, rng)

    monkeypatch.setattr(py, "PARTS", dataclasses.replace(
        py.PARTS, batch=dataclasses.replace(batch, worlds=spy)))
    monkeypatch.setattr(py.KnockRummyDeterminizer, "sample", counted)
    if not COMPILED:
        for seed in range(3):
            first, bot = _decisions("search:playouts=90", seed)
            assert first == _decisions("search:playouts=90", seed)[0] and bot.kworlds
        assert asked and not any(answered) and sampled
        return
    for seed in range(3):
        first, bot = _decisions("search:playouts=90", seed)
        assert first == _decisions("search:playouts=90", seed)[0] and bot.kworlds
        assert asked and all(answered) and not sampled
    # the same budget on the Python sampler draws as many deals a decision
    compared = 0
    for seed in range(12):
        deal = played({"players": 2}, seed, 5 + seed)
        if deal is None:
            continue
        view = deal.view(deal.turn)
        for kworlds, got in ((1, asked), (0, sampled)):
            got.clear()
            make_bot(f"search:playouts=90:kworlds={kworlds}", deal.rules, view.seat,
                     seed).choose(view)
        assert sum(asked) == len(sampled)
        compared += len(sampled) > 0
    assert compared >= 4


def test_the_heads_up_budget_is_the_tables(monkeypatch: pytest.MonkeyPatch) -> None:
    two, three = (atout.make("knock-rummy", players=p) for p in (2, 3))
    assert SearchBot(two, 0).playouts == 1200
    monkeypatch.setattr(py, "HEADS_UP_PLAYOUTS", 777)
    assert SearchBot(two, 0).playouts == 777
    assert SearchBot(three, 0).playouts == 300
    assert SearchBot(two, 0, playouts=50).playouts == 50  # the caller's wins
    assert make_bot("search:playouts=60", two, 0).playouts == 60  # type: ignore[attr-defined]
