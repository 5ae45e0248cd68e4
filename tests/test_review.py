"""The review of a deal (atout.bots.review) and ``atout review N``."""

from __future__ import annotations

from pathlib import Path

import pytest

import atout
from atout.bots import make_bot
from atout.bots.review import THRESHOLDS, Review, deal_of, mark_of, review_deal, review_game
from atout.store import SeatInfo, Store
from cli_helpers import invoke

JASS = atout.make("jass")
# Obenabe named by seat 3, who leads the ten of spades; seat 2 follows with the jack, seat 1
# with the king; seat 0 plays last holding the ace, which takes the trick for certain, and
# nothing else that can win a trick: the six throws away a sure trick of 27 points.
HANDS = [["AS", "6S", "6H", "7H", "8H", "6D", "7D", "6C", "7C"],
         ["KS", "QS", "9H", "TH", "JH", "8D", "9D", "8C", "9C"],
         ["JS", "9S", "QH", "KH", "AH", "TD", "JD", "TC", "JC"],
         ["TS", "8S", "7S", "QD", "KD", "AD", "QC", "KC", "AC"]]
BEFORE = ["obenabe", "TS", "JS", "KS"]


def _start() -> atout.Deal:
    return JASS.deal(hands=HANDS, dealer=0)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_thrown_away_sure_trick_is_a_blunder(seed: int) -> None:
    review = review_deal(JASS, _start(), [*BEFORE, "6S"], 0, seed=seed, playouts=120)
    [choice] = review.choices
    assert (choice.played, choice.best, choice.mark) == ("6S", "AS", "blunder")
    assert choice.loss >= THRESHOLDS["jass"][2]
    assert choice.values["AS"] - choice.values["6S"] == pytest.approx(choice.loss, abs=0.01)


def test_the_right_card_costs_nothing() -> None:
    review = review_deal(JASS, _start(), [*BEFORE, "AS"], 0, seed=3, playouts=120)
    [choice] = review.choices
    assert (choice.best, choice.loss, choice.mark) == ("AS", 0.0, "")
    assert review.total_loss == 0.0


def test_a_review_is_reproducible_from_its_seed() -> None:
    match = JASS.match(seed=11)
    actions: list[str] = []
    bots = [make_bot("heuristic", JASS, s, 4) for s in range(4)]
    while len(match.deals) < 1:
        seat = match.to_move
        assert seat is not None
        action = bots[seat].choose(match.view(seat)).text
        actions.append(action)
        match.play(action)
    fresh = JASS.match(seed=11)
    seen: list[int] = []
    one = review_game(JASS, fresh, actions, 0, 1, seed=9, playouts=16,
                      progress=lambda done, total: seen.append(done))
    two = review_game(JASS, fresh, actions, 0, 1, seed=9, playouts=16)
    assert one == two and one.to_dict() == two.to_dict()
    assert Review.from_dict(one.to_dict()) == one
    assert len(one.choices) >= 8  # a card per trick at least, the last one forced
    assert seen == list(range(len(one.choices) + 1))
    other = review_game(JASS, fresh, actions, 0, 1, seed=10, playouts=16)
    assert [c.values for c in other.choices] != [c.values for c in one.choices]


def test_deal_of_finds_a_deal_and_refuses_one_that_is_not_there() -> None:
    match = JASS.match(seed=2)
    start, own = deal_of(match, ["push", "trump H"], 0)
    assert own == ["push", "trump H"] and not start.history
    with pytest.raises(ValueError, match="no deal 2"):
        deal_of(match, ["push"], 1)
    with pytest.raises(ValueError, match="1 or more"):
        deal_of(match, ["push"], -1)
    with pytest.raises(ValueError, match="seat must be"):
        review_deal(JASS, _start(), BEFORE, 4)
    with pytest.raises(ValueError, match="does not replay"):
        review_deal(JASS, _start(), ["obenabe", "XX"], 0)


def test_marks_follow_the_thresholds() -> None:
    low, mid, high = THRESHOLDS["tarot"]
    assert [mark_of("tarot", x) for x in (0, low, mid, high, high * 3)] == [
        "", "inaccuracy", "mistake", "blunder", "blunder"]


def test_atout_review_says_each_decision(tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    store = Store.open(str(db))
    try:
        me = store.player("tester")
        game = store.create_game("jass", {}, {"seed": 1},
                                 [SeatInfo(player_id=me), *[SeatInfo(bot="heuristic")] * 3])
        match = JASS.match(seed=1)
        bots = [make_bot("heuristic", JASS, s, 1) for s in range(4)]
        played = []
        for _ in range(9):
            seat = match.to_move
            assert seat is not None
            action = bots[seat].choose(match.view(seat)).text
            played.append((seat, action))
            match.play(action)
        store.append_many(game, 0, played)
    finally:
        store.close()
    args = ["--playouts", "8", "--db", str(db), "--lang", "en"]
    result = invoke(["review", str(game), "--seat", "0", *args])
    assert result.exit_code == 0, result.output
    assert "Review of deal 1 from seat 1" in result.output
    assert "Action " in result.output and "In all: " in result.output
    missing = invoke(["review", str(game + 1), *args])
    assert missing.exit_code == 2 and "Cannot review" in missing.output
    no_deal = invoke(["review", str(game), "--deal", "3", *args])
    assert no_deal.exit_code == 2 and "no deal 3" in no_deal.output
    word = invoke(["review", "abc", *args])
    assert word.exit_code == 2 and "whole number" in word.output
