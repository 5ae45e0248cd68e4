"""Knock Rummy bots: the heuristic plays only legal actions and beats random, the sampler
agrees with the views, the search plays whole deals from the view only."""

from __future__ import annotations

import random
from typing import Any

import pytest

import atout
from atout.bots import make_bot, play_out
from atout.bots.knock_rummy.search import (
    KnockRummyDeterminizer,
    best_discard,
    knock_threshold,
    last_discards,
    takes_discard,
)
from atout.cards import FULL_DECK
from atout.core import Deal
from atout.games.knock_rummy import KnockRummyDeal
from atout.tournament import Tournament, run

TABLES: list[dict[str, Any]] = [
    {},
    {"players": 2},
    {"players": 3, "discard_taken": True},
    {"players": 5, "stock_out": "turn", "lay_off": True},
    {"knock_limit": 10, "stock_out": "showdown"},
    # the knocker shows the card he drew: deals can stall, the restock limit ends them
    {"knock_limit": 10, "knocker_discards": False, "restock_limit": 3},
]

INFO_KEYS = ("discard_pile", "top_discard", "stock", "hand_sizes", "known", "taken",
             "knocker", "restocks", "melds", "deadwood_points")


def test_best_discard_and_taking_the_top_discard() -> None:
    hand = FULL_DECK.mask(["AH", "2H", "3H", "7S", "7D", "7C", "KS", "4D"])
    card, left = best_discard(hand, hand)
    assert FULL_DECK.codes[card] == "KS" and left == 4
    # 4H extends the run: taking it and throwing KS leaves 4 (the 4D) instead of 14
    seven = hand & ~FULL_DECK.mask(["4D"])
    assert takes_discard(seven, FULL_DECK.parse("4H"), False)
    assert not takes_discard(seven, FULL_DECK.parse("QD"), False)
    # ties go to the highest card: both kings leave the same deadwood
    two_kings = FULL_DECK.mask(["KS", "KD", "2C"])
    assert FULL_DECK.codes[best_discard(two_kings, two_kings)[0]] in ("KS", "KD")
    assert knock_threshold(0, 0) > knock_threshold(5, 0) > knock_threshold(5, 2)
    assert knock_threshold(100, 0) > knock_threshold(20, 0)  # long deals end


@pytest.mark.parametrize("table", TABLES)
def test_the_heuristic_plays_only_legal_actions(table: dict[str, Any]) -> None:
    rules = atout.make("knock-rummy", **table)
    for i in range(40):
        deal = rules.deal(seed=i, dealer=i % rules.seats)
        names = ["heuristic" if (s + i) % 2 else "random" for s in range(rules.seats)]
        play_out(deal, [make_bot(n, rules, s, i) for s, n in enumerate(names)])  # play checks
        assert deal.is_over


def test_the_heuristic_plays_a_complete_game() -> None:
    rules = atout.make("knock-rummy")
    match = rules.match(seed=5)
    play_out(match, [make_bot("heuristic", rules, s, 5) for s in range(4)])
    assert match.is_over and max(match.scores) >= 100
    assert sum(match.scores) == 0


@pytest.mark.parametrize("table", TABLES)
def test_sampled_deals_agree_with_the_views(table: dict[str, Any]) -> None:
    rules = atout.make("knock-rummy", **table)
    det = KnockRummyDeterminizer(rules)
    for i in range(4):
        deal = rules.deal(seed=50 + i, dealer=i % rules.seats)
        bots = [make_bot("heuristic", rules, s, i) for s in range(rules.seats)]
        rng = random.Random(i)
        hidden: set[tuple[str, ...]] = set()
        while deal.to_move is not None:
            seat = deal.to_move
            view = deal.view(seat)
            sample = det.sample(view, rng)
            assert isinstance(sample, KnockRummyDeal)
            got = sample.view(seat)
            assert (got.hand, got.legal, got.phase, got.to_move, got.table) == (
                view.hand, view.legal, view.phase, view.to_move, view.table)
            for key in INFO_KEYS:
                assert got.info[key] == view.info[key], key
            hidden.add(tuple(sample.view((seat + 1) % rules.seats).hand))
            deal.play(bots[seat].choose(view))
        assert len(hidden) > 1  # the other hands are guessed, not copied


def _twins(rules: atout.Rules[Any], seed: int) -> tuple[Deal, Deal]:
    """Two deals seat 1 cannot tell apart: its hand and the top discard the same, the other
    hands and the stock shuffled differently (the stock's top card kept: seat 1 draws it)."""
    rng = random.Random(seed)
    order = FULL_DECK.shuffled(rng)
    k = int(rules.options.cards_each)
    n = rules.seats
    mine, pile, top = order[:k], order[k:k + 1], order[k + 1]
    rest = order[k + 2:]
    decks = []
    for _ in range(2):
        rng.shuffle(rest)
        others = iter(rest[j * k:(j + 1) * k] for j in range(n - 1))
        hands = [mine if s == 1 else next(others) for s in range(n)]
        stock = [top, *rest[(n - 1) * k:]]
        decks.append(rules.deal(hands=[[FULL_DECK.codes[c] for c in h] for h in hands],
                                dealer=0, discard=[FULL_DECK.codes[c] for c in pile],
                                stock=[FULL_DECK.codes[c] for c in stock]))
    return decks[0], decks[1]


@pytest.mark.parametrize("name", ["heuristic", "search:playouts=40"])
def test_a_bot_decides_from_the_view_only(name: str) -> None:
    rules = atout.make("knock-rummy")
    for seed in range(3):
        a, b = _twins(rules, seed)
        assert a.save() != b.save()
        for step in range(2):  # the draw, then the discard or the knock
            assert a.view(1).to_dict() == b.view(1).to_dict()
            x = make_bot(name, rules, 1, 7).choose(a.view(1))
            y = make_bot(name, rules, 1, 7).choose(b.view(1))
            assert x == y
            if step == 0 and x.text == "draw discard":
                break
            a.play(x)
            b.play(y)


def test_search_plays_whole_deals() -> None:
    rules = atout.make("knock-rummy", players=3)
    deal = rules.deal(seed=2)
    play_out(deal, [make_bot("search:playouts=20", rules, s, 1) for s in range(3)])
    assert deal.is_over


@pytest.mark.strength
def test_heuristic_beats_random() -> None:
    result = run(Tournament("knock-rummy", ("heuristic", "random"), deals=200, seed=1),
                 workers=1)
    diff, ci = result.difference(0, 1)
    assert diff - ci > 0



def test_the_sampler_prefers_hands_from_which_the_others_threw_their_last_card() -> None:
    rules = atout.make("knock-rummy")
    deal = rules.deal(seed=3)
    bots = [make_bot("heuristic:base=5:floor=5", rules, s, 0) for s in range(4)]
    while len(deal.history) < 6:  # three players drew and threw a card
        mover = deal.to_move
        assert mover is not None
        deal.play(bots[mover].choose(deal.view(mover)))
    seat = deal.to_move
    assert seat is not None
    view = deal.view(seat)
    last = last_discards(view, [FULL_DECK.parse(c) for c in view.info["discard_pile"]])
    assert sorted(last) == sorted(s for s in range(4) if s != seat)

    def agreeing(tries: int) -> int:
        det = KnockRummyDeterminizer(rules, discard_tries=tries, read_tries=0)
        rng = random.Random(5)
        hits = 0
        for _ in range(60):
            sample = det.sample(view, rng)
            assert isinstance(sample, KnockRummyDeal)
            assert sample.view(seat).hand == view.hand
            for s, (card, taken) in last.items():
                before = sample.hands[s] | 1 << card
                allowed = before & ~(1 << taken) if taken >= 0 else before
                hits += best_discard(before, allowed)[0] == card
        return hits

    assert agreeing(12) > agreeing(0) + 40


def test_the_search_with_a_courtesy_knocks_only_after_a_round() -> None:
    """``search:courtesy=1`` never knocks before every player has drawn once, unless its
    knock shows no deadwood; the plain search does knock that early (a person at its table
    often gets no turn)."""
    from atout.bots.knock_rummy.knock import draws_so_far
    from atout.bots.knock_rummy.search import best_discard

    rules = atout.make("knock-rummy")
    early: dict[str, list[int]] = {}
    for spec in ("search:playouts=40", "search:playouts=40:courtesy=1"):
        shown = early[spec] = []
        for seed in range(12):
            deal = rules.deal(seed=seed)
            bots = [make_bot(spec, rules, s, seed) for s in range(rules.seats)]
            while deal.to_move is not None:
                seat = deal.to_move
                view = deal.view(seat)
                action = bots[seat].choose(view)
                if str(action) == "knock" and draws_so_far(view) < rules.seats:
                    hand = FULL_DECK.mask(view.hand)
                    shown.append(best_discard(hand, hand)[1])
                deal.play(action)
    assert len(early["search:playouts=40"]) >= 3
    assert all(d == 0 for d in early["search:playouts=40:courtesy=1"])


def test_a_courtesy_is_refused_where_no_choice_ends_a_deal_early() -> None:
    with pytest.raises(ValueError, match="courtesy: jass has no choice"):
        make_bot("search:courtesy=1", atout.make("jass"), 0)
    with pytest.raises(ValueError, match="courtesy must be zero or more"):
        make_bot("search:courtesy=-1", atout.make("knock-rummy"), 0)
