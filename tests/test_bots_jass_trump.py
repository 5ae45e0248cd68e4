"""The Jass trump and push choice by evaluation (atout.bots.jass.trump)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import atout
from atout.bots import make_bot
from atout.bots.jass.heuristic import choose_trump
from atout.bots.jass.trump import (
    PUSH,
    PUSH_FEATURES,
    SLALOM_FEATURES,
    SUIT_FEATURES,
    TrumpModel,
    choose_trump_by_value,
    default_model,
    mode_features,
    option_values,
    push_features,
)
from atout.cards import JASS_DECK
from fit_jass_trump import compare, fit

JASS = atout.make("jass")
MODES: int = JASS.mode_mask  # type: ignore[attr-defined]


def _hand(codes: list[str]) -> int:
    return JASS_DECK.mask(codes)


def test_four_trumps_with_buur_and_nell_name_that_suit() -> None:
    for suit in "HDSC":
        hand = _hand([f"J{suit}", f"9{suit}", f"7{suit}", f"6{suit}", "8S" if suit != "S"
                      else "8H", "KD" if suit != "D" else "KH", "7C" if suit != "C" else "7H",
                      "QC" if suit != "C" else "QH", "6D" if suit != "D" else "6H"])
        assert hand.bit_count() == 9
        action = choose_trump_by_value(hand, MODES, True)
        assert action == 36 + "HDSC".index(suit), (suit, action)


def test_a_hand_with_nothing_pushes_and_a_pushed_partner_must_choose() -> None:
    weak = _hand(["7H", "8H", "QD", "8D", "7S", "8S", "7C", "QC", "TC"])
    assert choose_trump_by_value(weak, MODES, True) == PUSH
    forced = choose_trump_by_value(weak, MODES, False, pushed=True)
    assert 36 <= forced < PUSH


def test_four_aces_and_their_kings_name_obenabe() -> None:
    tops = _hand(["AH", "KH", "AD", "KD", "AS", "KS", "AC", "KC", "QC"])
    assert choose_trump_by_value(tops, MODES, True) == 40


def test_four_sixes_and_sevens_name_undenufe() -> None:
    bottoms = _hand(["6H", "7H", "6D", "7D", "6S", "7S", "6C", "7C", "8C"])
    assert choose_trump_by_value(bottoms, MODES, True) == 41


def test_the_value_of_a_mode_grows_with_its_trumps() -> None:
    """Adding the Buur to a hand makes its suit worth more, the rest unchanged."""
    model = default_model()
    without = _hand(["9H", "AH", "7H", "AS", "6D", "7D", "8S", "QC", "8C"])
    with_buur = without & ~_hand(["8C"]) | _hand(["JH"])
    assert model.mode_value(with_buur, 0, False) > model.mode_value(without, 0, False)


def _random_hand(rng: random.Random) -> int:
    return sum(1 << c for c in rng.sample(range(36), 9))


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 10**9), preset=st.sampled_from([None, "jass-txt", "multiplied"]))
def test_the_heuristic_names_a_legal_trump_in_every_phase(seed: int, preset: str | None) -> None:
    """Forehand, and the partner after a push, get a legal action from the heuristic; the
    partner never pushes back; the deal then plays to its end."""
    rules = atout.make("jass", preset=preset) if preset else JASS
    deal = rules.deal(seed=seed)
    bots = [make_bot("heuristic", rules, s, seed) for s in range(4)]
    first = deal.to_move
    assert first is not None
    action = bots[first].choose(deal.view(first))
    assert str(action) in [str(a) for a in deal.legal_actions()]
    deal.play(action)
    if str(action) == "push":
        partner = deal.to_move
        assert partner == (first + 2) % 4
        again = bots[partner].choose(deal.view(partner))
        assert str(again) != "push"
        assert str(again) in [str(a) for a in deal.legal_actions()]
        deal.play(again)
    while deal.to_move is not None:
        seat = deal.to_move
        deal.play(bots[seat].choose(deal.view(seat)))
    assert deal.is_over


def test_only_offered_modes_are_valued() -> None:
    rng = random.Random(3)
    suits_only = sum(1 << (36 + m) for m in range(4))
    for _ in range(300):
        hand = _random_hand(rng)
        values = option_values(hand, suits_only, False)
        assert set(values) == {36, 37, 38, 39}
        assert choose_trump_by_value(hand, suits_only, True) in {36, 37, 38, 39, PUSH}


def test_the_choice_is_a_function_of_the_hand_alone() -> None:
    """Deterministic: the same hand gives the same choice, whatever the bot's seed or seat."""
    rng = random.Random(11)
    for _ in range(50):
        deal = JASS.deal(seed=rng.randrange(10**9))
        seat = deal.to_move
        assert seat is not None
        view = deal.view(seat)
        picks = {str(make_bot("heuristic", JASS, seat, s).choose(view)) for s in range(4)}
        assert len(picks) == 1


def test_multipliers_weigh_the_modes() -> None:
    """With Obenabe counting triple, a hand between Obenabe and a suit takes Obenabe; a hand
    that expects to lose at Obenabe avoids it all the more."""
    rng = random.Random(5)
    model = default_model()
    to_obenabe = 0
    for _ in range(400):
        hand = _random_hand(rng)
        plain = choose_trump_by_value(hand, MODES, False, True)
        tripled = choose_trump_by_value(hand, MODES, False, True, (1, 1, 1, 1, 3, 1))
        if plain != tripled:
            if tripled == 40:
                to_obenabe += 1
            else:
                assert plain == 40
                assert model.mode_value(hand, 4, True) < 0
    assert to_obenabe > 0


def test_the_count_policy_is_still_offered() -> None:
    rng = random.Random(8)
    for _ in range(100):
        deal = JASS.deal(seed=rng.randrange(10**9))
        seat = deal.to_move
        assert seat is not None
        bot = make_bot("heuristic:trump=count", JASS, seat)
        expected = choose_trump(deal.hands[seat], MODES, True)  # type: ignore[attr-defined]
        assert int(bot.choose(deal.view(seat))) == expected


def test_a_bad_trump_policy_is_refused_in_words() -> None:
    with pytest.raises(ValueError, match="expected one of value, count"):
        make_bot("heuristic:trump=best", JASS, 0)
    with pytest.raises(ValueError, match=r"only trump=value\|count"):
        make_bot("heuristic:depth=2", JASS, 0)


def _shipped() -> dict[str, Any]:
    from importlib import resources

    text = resources.files("atout.bots.jass").joinpath("trump.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def test_the_shipped_weights_match_the_features() -> None:
    data = _shipped()
    assert data["features"] == {"suit": list(SUIT_FEATURES), "slalom": list(SLALOM_FEATURES),
                                "push": list(PUSH_FEATURES)}
    assert len(mode_features(0b111111111, 0)) == len(SUIT_FEATURES)
    assert len(mode_features(0b111111111, 4)) == len(SLALOM_FEATURES)
    assert len(push_features(0b111111111)) == len(PUSH_FEATURES)


@pytest.mark.parametrize(("change", "words"), [
    (lambda d: d.update(format=99), "format 99, expected"),
    (lambda d: d.update(weights=[]), "'weights' must map"),
    (lambda d: d["weights"].pop("pushed"), "no weights for the pushed position"),
    (lambda d: d["weights"]["forehand"].update(suit=[1.0]), "forehand/suit must be a list"),
    (lambda d: d.update(push=None), "'push' must be a list"),
])
def test_damaged_weights_are_refused_in_words(change: Any, words: str) -> None:
    data = _shipped()
    change(data)
    with pytest.raises(ValueError, match=words):
        TrumpModel.from_dict(data)


def test_the_fitting_script_makes_a_model_the_bot_reads() -> None:
    """A tiny fit runs both stages and gives weights that load and choose legally."""
    model = fit(deals=8, seed=3, workers=1, holdout=0.5)
    loaded = TrumpModel.from_dict(json.loads(json.dumps(model)))
    meta = model["meta"]
    assert meta["forehand_deals"] + meta["heldout_deals"] == 8
    assert sum(meta["choices_fitted"]) == meta["heldout_deals"]
    hand = _random_hand(random.Random(1))
    assert choose_trump_by_value(hand, MODES, True, model=loaded) in range(36, 43)


def test_the_comparison_scores_the_option_each_policy_takes() -> None:
    """compare() takes, for each held-out deal, the margin of the option each policy chose."""
    hand = _hand(["7H", "8H", "QD", "8D", "7S", "8S", "7C", "QC", "TC"])  # both push
    margins = [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 30.0, 10.0]
    out = compare(_shipped(), [(hand, [0.0, 0.0], margins)])
    assert out["margin_fitted"] == 30.0
    assert out["margin_thresholds"] == 10.0
    assert out["gain"] == 20.0
