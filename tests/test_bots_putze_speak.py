"""Putze's play or pass and the blind by evaluation over sampled deals (atout.bots.putze.speak)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import atout
from atout.bots import make_bot, play_out
from atout.bots.jass.heuristic import trump_tricks
from atout.bots.putze.search import PutzeDeterminizer, PutzeHeuristic, pre_play
from atout.bots.putze.speak import choose_word, heuristic_rollout, speak_values
from atout.bots.search import SearchBot
from atout.cards import JASS_DECK
from atout.core import Deal, View

RULES = atout.make("putze")


def _view(deal: Deal) -> View:
    seat = deal.to_move
    assert seat is not None
    return deal.view(seat)


def _first_speaker(rules: Any, want: Any, seeds: range = range(400)) -> Deal:
    """The first deal whose first speaker's hand satisfies ``want(hand, mode)``."""
    for seed in seeds:
        deal: Deal = rules.deal(seed=seed)
        view = _view(deal)
        mode = "HDSC".index(str(view.info["trump"]))
        if view.phase == "speak" and want(JASS_DECK.mask(view.hand), mode):
            return deal
    raise AssertionError("no such deal")


def _words(rules: Any, view: View) -> dict[str, float]:
    legal = 0
    for t in view.legal:
        legal |= 1 << int(rules.actions.parse(t))
    values = speak_values(PutzeDeterminizer(rules), view, legal, random.Random(1), pre_play,
                          samples=64)
    return {rules.actions[a].text: v for a, v in values.items()}


def test_a_strong_hand_plays_and_its_value_beats_passing() -> None:
    deal = _first_speaker(RULES, lambda h, m: trump_tricks(h, m) >= 3.2)
    view = _view(deal)
    values = _words(RULES, view)
    assert set(values) == {"play", "pass"}
    assert values["pass"] == 0  # a player who passes scores nothing
    assert values["play"] > 0.5
    assert str(make_bot("heuristic", RULES, view.seat, 1).choose(view)) == "play"


def test_a_hopeless_hand_passes() -> None:
    deal = _first_speaker(RULES, lambda h, m: trump_tricks(h, m) < 0.3 and not h >> (m * 9 + 5) & 1)
    view = _view(deal)
    values = _words(RULES, view)
    assert values["play"] < 0
    assert str(make_bot("heuristic", RULES, view.seat, 1).choose(view)) == "pass"


def test_the_three_player_words_are_all_valued() -> None:
    rules = atout.make("putze", players=3)
    deal = rules.deal(seed=5)
    view = _view(deal)
    values = _words(rules, view)
    assert set(values) == {"take blind", "my game", "pass"}
    assert values["pass"] == 0


def test_a_single_legal_word_is_said_without_sampling() -> None:
    deal = RULES.deal(seed=2)
    view = _view(deal)
    play = int(RULES.actions.parse("play"))
    # a sampler that cannot be used: the choice must not need it
    assert choose_word(None, view, 1 << play, random.Random(0), pre_play,  # type: ignore[arg-type]
                       fallback=play) == play


def test_the_heuristic_rollout_plays_every_card_and_scores_the_deal() -> None:
    for players in (2, 3, 4, 5):
        rules = atout.make("putze", players=players)
        for seed in range(10):
            deal = rules.deal(seed=seed)
            result = heuristic_rollout(deal, random.Random(seed), pre_play)
            assert deal.to_move is None
            assert len(result.points) == rules.seats
            assert result.points == deal.result.points


@pytest.mark.parametrize("table", [{}, {"players": 3}, {"players": 5}, {"players": 2},
                                   {"preset": "jass-txt"}, {"preset": "regle-27-v3"}],
                         ids=lambda t: ",".join(f"{k}={v}" for k, v in t.items()) or "default")
def test_the_value_heuristic_plays_whole_deals_at_every_table(table: dict[str, Any]) -> None:
    rules = atout.make("putze", **table)
    for seed in range(3):
        deal = rules.deal(seed=seed)
        play_out(deal, [make_bot("heuristic:samples=8", rules, s, seed)
                        for s in range(rules.seats)])
        assert deal.is_over


def test_the_count_policy_is_still_offered_and_bad_parameters_are_refused() -> None:
    bot = make_bot("heuristic:speak=count", RULES, 0)
    assert isinstance(bot, PutzeHeuristic) and bot.speak == "count"
    assert isinstance(make_bot("heuristic", RULES, 0), PutzeHeuristic)
    with pytest.raises(ValueError, match="expected one of value, count"):
        make_bot("heuristic:speak=loud", RULES, 0)
    with pytest.raises(ValueError, match="samples"):
        make_bot("heuristic:samples=0", RULES, 0)
    with pytest.raises(ValueError, match="speak=, samples= and cards="):
        make_bot("heuristic:playouts=3", RULES, 0)


def test_the_value_policy_differs_from_the_count_somewhere() -> None:
    """Over many first speakers the evaluation does not merely repeat the thresholds."""
    differ = 0
    for seed in range(40):
        deal = RULES.deal(seed=seed)
        view = _view(deal)
        a = make_bot("heuristic:samples=16", RULES, view.seat, 1).choose(view)
        b = make_bot("heuristic:speak=count", RULES, view.seat, 1).choose(view)
        differ += a != b
    assert differ > 0


def test_the_search_defers_play_or_pass_to_the_heuristic_unless_told() -> None:
    deal = RULES.deal(seed=4)
    seat = deal.to_move
    assert seat is not None
    view = deal.view(seat)
    deferring = make_bot("search:playouts=20", RULES, seat, 3)
    searching = make_bot("search:playouts=20:key=search", RULES, seat, 3)
    assert isinstance(deferring, SearchBot) and isinstance(searching, SearchBot)
    assert deferring.choose(view) == make_bot("heuristic", RULES, seat, 3).choose(view)
    assert deferring.last == {}  # no playout spent
    searching.choose(view)
    assert set(searching.last) == {"play", "pass"}
    with pytest.raises(ValueError, match="key must be one of search, heuristic"):
        make_bot("search:key=people", RULES, 0)
