"""Knock Rummy's knock by its value on sampled deals, and the courtesy to the table."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import atout
from atout.bots import make_bot, play_out
from atout.bots.knock_rummy.knock import draws_so_far, knock_value
from atout.bots.knock_rummy.search import KnockRummyDeterminizer, best_discard
from atout.cards import FULL_DECK
from atout.core import Deal
from atout.games.knock_rummy import KnockRummyDeal

RULES = atout.make("knock-rummy")

# seat 0 is dealt three sevens and a run of hearts: 2 points of deadwood after any draw
LOW = ["7S", "7D", "7C", "3H", "4H", "5H", "2C"]
RUM = ["7S", "7D", "7C", "3H", "4H", "5H", "6H"]
HIGH = ["KS", "QD", "JC", "TS", "9D", "KH", "QC"]


def _deal(first: list[str], stock_top: str = "AS") -> Deal:
    """A four-seat deal in which seat 0 moves first with ``first``; the stock's top card is
    ``stock_top``."""
    rest = [c for c in FULL_DECK.codes if c not in first and c != stock_top]
    rng = random.Random(4)
    rng.shuffle(rest)
    hands = [first, rest[0:7], rest[7:14], rest[14:21]]
    return RULES.deal(hands=hands, dealer=3, discard=[rest[21]], stock=[*rest[22:], stock_top])


def _after_draw(first: list[str]) -> Deal:
    deal = _deal(first)
    assert deal.to_move == 0
    deal.play("draw stock")
    return deal


def test_a_low_hand_knocks_at_once_and_a_high_one_does_not() -> None:
    bot = make_bot("heuristic:knock=value", RULES, 0, 1)
    assert str(bot.choose(_after_draw(LOW).view(0))) == "knock"
    assert str(bot.choose(_after_draw(HIGH).view(0))) != "knock"


def test_the_knock_value_orders_the_hands() -> None:
    sampler = KnockRummyDeterminizer(RULES)
    low = knock_value(sampler, best_discard, _after_draw(LOW).view(0), random.Random(1))
    high = knock_value(sampler, best_discard, _after_draw(HIGH).view(0), random.Random(1))
    assert low > 0 > high


def test_courtesy_waits_for_every_player_but_not_with_no_deadwood() -> None:
    polite = make_bot("heuristic:knock=value:courtesy=1", RULES, 0, 1)
    assert str(polite.choose(_after_draw(LOW).view(0))) != "knock"
    assert str(polite.choose(_after_draw(RUM).view(0))) == "knock"


def test_courtesy_gives_every_player_his_turns() -> None:
    """With courtesy=2 and a player who never knocks, every deal lasts at least two rounds
    of draws (unless a bot holds no deadwood)."""
    for seed in range(6):
        deal = RULES.deal(seed=seed)
        bots = [make_bot("heuristic:base=0:floor=0", RULES, 0, seed)] + [
            make_bot("heuristic:knock=value:courtesy=2:samples=8", RULES, s, seed)
            for s in range(1, 4)]
        while deal.to_move is not None:
            seat = deal.to_move
            action = bots[seat].choose(deal.view(seat))
            if str(action) == "knock" and seat:
                assert isinstance(deal, KnockRummyDeal)
                hand = deal.hands[seat]
                assert draws_so_far(deal.view(seat)) >= 8 or best_discard(hand, hand)[1] == 0
            deal.play(action)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.sampled_from([2, 3, 4, 5]),
       courtesy=st.integers(0, 2))
def test_the_value_knock_plays_legal_whole_deals(seed: int, players: int,
                                                 courtesy: int) -> None:
    rules = atout.make("knock-rummy", players=players)
    deal = rules.deal(seed=seed)
    spec = f"heuristic:knock=value:courtesy={courtesy}:samples=6"
    play_out(deal, [make_bot(spec, rules, s, seed) for s in range(players)])
    assert deal.is_over
    assert isinstance(deal, KnockRummyDeal)


def test_the_value_knock_is_deterministic_under_a_seed() -> None:
    view = _after_draw(["7S", "7D", "7C", "3H", "4H", "9H", "KC"]).view(0)
    picks = {str(make_bot("heuristic:knock=value:samples=12", RULES, 0, 5).choose(view))
             for _ in range(3)}
    assert len(picks) == 1


@pytest.mark.parametrize(("spec", "words"), [
    ("heuristic:knock=always", "expected one of threshold, value"),
    ("heuristic:knock=value:courtesy=-1", "courtesy must be 0 or more"),
    ("heuristic:knock=value:samples=0", "samples 1 or more"),
    ("heuristic:patience=3", "knock, margin, courtesy or samples"),
])
def test_bad_knock_parameters_are_refused_in_words(spec: str, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        make_bot(spec, RULES, 0)
