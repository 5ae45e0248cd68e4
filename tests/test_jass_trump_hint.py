"""The hint for a Jass trump or push says what the heuristic weighed: the fitted model's
expected margin and how far ahead of the next option it is, not only the trick count."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import atout
from atout.bots import make_bot
from atout.bots.hint import hint
from atout.bots.jass.hint import MODES, reason_jass
from atout.bots.jass.trump import PUSH, TRUMP_BASE, option_values
from atout.bots.reasons import english
from atout.cards import JASS_DECK
from atout.core import Deal, Rules, View
from atout.i18n import translator
from atout.i18n.hints import hint_reason

JASS = atout.make("jass")


def _forehand(rules: Rules[Any], seed: int) -> Deal:
    return rules.deal(seed=seed)


def _pushed(rules: Rules[Any], seed: int) -> Deal:
    deal = rules.deal(seed=seed)
    deal.play("push")
    return deal


def _view(deal: Deal) -> View:
    seat = deal.to_move
    assert seat is not None
    return deal.view(seat)


def _values(rules: Rules[Any], deal: Deal, pushed: bool) -> dict[int, float]:
    """The model's values from the hand, worked out here from the model's own function."""
    view = _view(deal)
    modes = sum(1 << (TRUMP_BASE + m) for m in range(6))
    multipliers = getattr(rules, "mode_multipliers", (1,) * 6)
    return option_values(JASS_DECK.mask(view.hand), modes, not pushed, pushed, multipliers)


def test_a_trump_the_count_would_not_name_is_explained_by_its_margin() -> None:
    # seed 3: four diamonds with the Nell, about 1.9 tricks; the trick count pushes, the
    # model names diamonds just ahead of the push
    deal = _forehand(JASS, 3)
    view = _view(deal)
    h = hint(JASS, view, "heuristic")
    assert h.action.text == "trump D"
    values = _values(JASS, deal, pushed=False)
    assert h.reason is not None
    assert h.reason.code == "trump_suit"
    assert h.reason.params["points"] == round(values[TRUMP_BASE + 1])
    assert h.reason.params["gap"] == round(values[TRUMP_BASE + 1] - values[PUSH], 1)
    assert h.reason.params["next"] == "push"
    assert h.text == ("trump D: you hold 4 diamonds with the Nell: about 1.9 tricks; your side "
                      "should end about 46 points ahead, 0.8 better than pushing")
    said = hint_reason(translator("fr"), h.reason.code, h.reason.params)
    assert said == ("vous avez 4 cartes à carreau avec le Nell : environ 1,9 plis ; votre camp "
                    "devrait finir environ 46 points devant, 0,8 de mieux qu'en chibrant")
    # the trick count's own player pushes there, and its hint keeps the trick count's words
    count = hint(JASS, view, "heuristic:trump=count")
    assert count.action.text == "push"
    assert count.reason is not None and count.reason.code == "push_weak"
    assert "weak for every trump" in count.text


def test_a_push_names_the_trump_the_model_likes_best_not_the_most_tricks() -> None:
    # seed 2: Obenabe counts 3.0 tricks, spades 2.7, but the model rates spades above it
    deal = _forehand(JASS, 2)
    view = _view(deal)
    h = hint(JASS, view, "heuristic")
    assert h.action.text == "push"
    values = _values(JASS, deal, pushed=False)
    trumps = {a: v for a, v in values.items() if a != PUSH}
    best = max(trumps, key=lambda a: trumps[a])
    assert MODES[best - TRUMP_BASE] == "S"
    assert h.reason is not None and h.reason.code == "push_value"
    assert h.reason.params["best"] == "S"
    assert h.reason.params["gap"] == round(values[PUSH] - values[best], 1)
    assert "weak" not in h.text
    assert h.text.endswith("better than your best trump, spades (about 2.7 tricks): let "
                           "your partner choose")


def test_a_pushed_partner_is_told_the_next_trump_and_a_losing_choice_reads_behind() -> None:
    deal = _pushed(JASS, 0)
    h = hint(JASS, _view(deal), "heuristic")
    assert h.reason is not None and h.reason.params["next"] == "H"
    assert "better than with hearts" in h.text
    # seed 16: the pushed partner's best is still a loss: 3 points behind
    deal = _pushed(JASS, 16)
    h = hint(JASS, _view(deal), "heuristic")
    assert h.reason is not None and h.reason.params["points"] == -3
    assert "about 3 points behind, 2.2 better than with Undenufe" in h.text
    fr = hint_reason(translator("fr"), h.reason.code, h.reason.params)
    assert fr is not None and "3 points derrière, 2,2 de mieux qu'à Undenufe" in fr


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), pushed=st.booleans(),
       multipliers=st.sampled_from(["off", "swiss-german"]))
def test_every_trump_hint_is_the_models_own_reckoning(seed: int, pushed: bool,
                                                       multipliers: str) -> None:
    rules = atout.make("jass", multipliers=multipliers)
    deal = _pushed(rules, seed) if pushed else _forehand(rules, seed)
    seat = deal.to_move
    assert seat is not None
    view = deal.view(seat)
    action = make_bot("heuristic", rules, seat, 0).choose(view)
    values = _values(rules, deal, pushed)
    reason = reason_jass(rules, view, action)
    chosen = int(action)
    others = [v for a, v in values.items() if a != chosen]
    assert reason.params["points"] == round(values[chosen])
    assert reason.params["gap"] == round(values[chosen] - max(others), 1)
    assert isinstance(reason.params["gap"], float) and reason.params["gap"] >= 0
    assert reason.params.get("next") != (MODES[chosen - TRUMP_BASE] if chosen != PUSH
                                         else "push")
    assert "better than" in english(reason)
    for text in (english(reason), hint_reason(translator("fr"), reason.code, reason.params)):
        assert text and "{" not in text
    assert english(reason) == hint_reason(translator("en"), reason.code, reason.params)


@pytest.mark.parametrize("seed", range(8))
def test_any_trump_action_gets_a_reason_in_words(seed: int) -> None:
    """Every offered trump action, chosen or not, is explained without a crash: the model's
    margin only for the model's choice, the hand's description for the others."""
    deal = _forehand(JASS, seed)
    view = _view(deal)
    best = make_bot("heuristic", JASS, view.seat, 0).choose(view)
    for text in view.legal:
        action = JASS.actions.parse(text)
        reason = reason_jass(JASS, view, action)
        assert ("points" in reason.params) == (action == best)
        assert english(reason) == hint_reason(translator("en"), reason.code, reason.params)
