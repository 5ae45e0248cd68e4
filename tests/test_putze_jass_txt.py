"""The "La Pomme ou le Putz" section of jass.txt, sentence by sentence, in real deals
(preset ``jass-txt``: 3 players, or 5 with ``players=5``)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import atout
from atout.cards import JASS_DECK
from atout.core import IllegalAction, Result
from atout.games.jass.play import POWER, VALUE, legal_cards
from atout.games.putze import PutzeDeal, PutzeRules


def make(**kw: Any) -> PutzeRules:
    rules = atout.make("putze", preset="jass-txt", **kw)
    assert isinstance(rules, PutzeRules)
    return rules


def deal_of(rules: PutzeRules, **kw: Any) -> PutzeDeal:
    deal = rules.deal(**kw)
    assert isinstance(deal, PutzeDeal)
    return deal


def finish(deal: PutzeDeal) -> Result:
    while not deal.is_over:
        deal.play(deal.legal_actions()[0])
    return deal.result


def cards(text: str) -> list[str]:
    return text.split()


# 3 players, dealer 0 (order 2, 1, 0); the chien holds the hearts, AH on top.
CHIEN = cards("AH 6H 7H 8H 9H TH JH QH KH")
THREE = [
    cards("6D 7D 8D 9S TS JS QC KC AC"),
    cards("9D TD AD QS KS AS 6C 7C 8C"),
    cards("JD QD KD 6S 7S 8S 9C TC JC"),
]


def three(**kw: Any) -> PutzeDeal:
    return deal_of(make(**kw), hands=THREE, dealer=0, blind=CHIEN)


def test_jass_txt_no_teams_everyone_plays_for_himself() -> None:
    deal = three()
    for w in ("my game", "my game", "my game"):
        deal.play(w)
    res = finish(deal)
    # the same cards, three separate scores: no trick counts for anyone else
    assert res.details["card_points"] == [35, 45, 15]
    assert len(set(res.points)) == 2 and len(res.points) == 3


def test_jass_txt_trumps_order_and_values_as_in_jass() -> None:
    rules = make()
    for seed in range(40):
        deal = deal_of(rules, seed=seed)
        rng = random.Random(seed)
        while deal.phase != "play" and not deal.is_over:
            deal.play(rng.choice(deal.legal_actions()))
        while not deal.is_over:
            seat = deal.to_move
            assert seat is not None
            expected = legal_cards(deal.hands[seat], deal.mode, deal.led, deal.best,
                                   strict_under=True, buur_free=False)
            assert deal.legal_mask() == expected  # the text's card play, as in jass.txt
            before = len(deal.tricks)
            deal.play(rng.choice(deal.legal_actions()))
            if len(deal.tricks) > before:
                leader, trick, winner, pts = deal.tricks[-1]
                led = trick[0] // 9
                best = max((c for c in trick if c // 9 == led or POWER[deal.mode][c] >= 100),
                           key=lambda c: POWER[deal.mode][c])
                seats = deal.playing[deal.playing.index(leader):] + \
                    deal.playing[:deal.playing.index(leader)]
                assert winner == seats[trick.index(best)]
                assert pts == sum(VALUE[deal.mode][c] for c in trick) + (
                    5 if len(deal.tricks) == 9 else 0)


def test_jass_txt_victories_and_defeats_not_points() -> None:
    match = make().match(seed=8)
    rng = random.Random(8)
    while not match.is_over:
        match.play(rng.choice(match.legal_actions()))
    for d in match.deals:
        assert all(-1 <= p <= 2 for p in d.result.points)
    assert all(abs(s) <= 9 for s in match.scores)


def test_jass_txt_3_nine_cards_each_nine_to_the_chien() -> None:
    rules = make()
    for seed in range(20):
        deal = deal_of(rules, seed=seed)
        assert [h.bit_count() for h in deal.dealt] == [9, 9, 9]
        assert deal.blind.bit_count() == 9 and deal.stock == 0


def test_jass_txt_3_top_card_of_the_chien_gives_trump() -> None:
    deal = three()
    assert deal.view(0).info["trump"] == "H" and deal.view(0).info["trump_card"] == "AH"
    assert deal.turned == JASS_DECK.parse("AH")


def test_jass_txt_3_holder_of_the_six_may_exchange_before_the_first_trick() -> None:
    hands = [THREE[0], [*THREE[1][:8], "6H"], THREE[2]]
    chien = ["AH", "8C", *CHIEN[2:]]
    deal = deal_of(make(), hands=hands, dealer=0, blind=chien)
    for w in ("my game", "my game", "my game"):
        deal.play(w)
    assert deal.phase == "six" and not deal.played  # before the first trick
    deal.play("exchange six")
    assert "AH" in deal.view(1).hand and deal.phase == "play" and not deal.trick


def test_jass_txt_3_the_next_player_may_take_the_chien_as_his_new_hand() -> None:
    deal = three()
    assert deal.to_move == 2 and deal.view(2).legal == ("take blind", "my game")
    deal.play("take blind")
    assert set(deal.view(2).hand) == set(CHIEN)
    assert deal.set_aside == deal.dealt[2]  # the old hand is put aside
    assert not any(deal.hands[s] & deal.set_aside for s in range(3))


def test_jass_txt_3_if_he_keeps_his_hand_the_next_may_take_the_chien() -> None:
    deal = three()
    deal.play("my game")
    assert deal.view(1).legal == ("take blind", "my game")
    deal.play("my game")
    assert deal.view(0).legal == ("take blind", "my game")  # the dealer too
    deal.play("take blind")
    assert deal.blind_taker == 0


def test_jass_txt_3_chien_taken_before_the_first_card_never_undone() -> None:
    deal = three()
    deal.play("my game")
    deal.play("take blind")
    deal.play("my game")
    assert deal.phase == "play"
    with pytest.raises(IllegalAction, match="card play has begun"):
        deal.play("take blind")
    while not deal.is_over:
        assert not {"take blind", "my game"} & set(deal.view(deal.to_move or 0).legal)
        deal.play(deal.legal_actions()[0])
    assert deal.blind_taker == 1


def test_jass_txt_3_nobody_may_decline_to_play() -> None:
    deal = three()
    with pytest.raises(IllegalAction, match="everybody plays"):
        deal.play("pass")
    for w in ("my game", "my game", "my game"):
        deal.play(w)
    assert deal.players() == [2, 1, 0]


def test_jass_txt_3_under_21_is_pomme() -> None:
    deal = three()
    for w in ("my game", "my game", "my game"):
        deal.play(w)
    res = finish(deal)
    assert res.details["totals"] == [35, 45, 15]  # no announcements in this text
    assert res.details["pommes"] == [0, 0, 1]


# Hand-checked (no trump in play, first legal card): seat 2 leads JD, QD (2, 13), seat 1 wins
# KD with AD (15) then the spades (3, 14, 13), seat 0 the clubs (3, 14, 13 + 5).
def test_jass_txt_3_the_two_best_totals_score_a_putz() -> None:
    deal = three()
    for w in ("my game", "my game", "my game"):
        deal.play(w)
    assert finish(deal).points == (1, 1, -1)


def test_jass_txt_3_two_pommes_the_winner_scores_two() -> None:
    deal = three()
    for w in ("take blind", "my game", "my game"):
        deal.play(w)
    res = finish(deal)
    assert res.details["totals"] == [0, 0, 136]
    assert res.points == (-1, -1, 2)


@pytest.mark.parametrize("players,limit,target", [(3, -3, 7), (5, -5, 15)])
def test_jass_txt_game_ends_at_seven_or_below_the_limit(players: int, limit: int,
                                                       target: int) -> None:
    rules = make(players=players, target=target)  # 15 at 5 players, to see both ends
    assert rules.plan.losing_limit == limit
    ends = set()
    for seed in range(30):
        match = rules.match(seed=seed)
        rng = random.Random(seed)
        while not match.is_over:
            assert max(match.scores) < target and min(match.scores) >= limit
            match.play(rng.choice(match.legal_actions()))
        hit_top = max(match.scores) >= target
        assert hit_top or min(match.scores) < limit
        ends.add(hit_top)
        best = max(match.scores)
        assert match.scores[match.result.winners[0]] == best
    assert ends == {True, False}  # both ways of ending happen


# 5 players, dealer 4 (order 3, 2, 1, 0, 4), the 36th card 6H turned. Seat 0 holds the
# other trumps but 7H (seat 1): he takes every trick, 157, with the 8H-AH run 257.
FIVE_1 = [cards("JH 9H AH KH QH TH 8H"), cards("7H 6D 7D 8D 9D AD QS"),
          cards("6S 7S 8S 9S TS KD AS"), cards("6C 7C 8C QC KC AC JD"),
          cards("TD QD JS KS 9C TC JC")]  # runs: 50, 100, 20 + 20, 20
FIVE_2 = [cards("JH 9H AH KH QH TH 8H"), cards("7H 6D 7D 8D 9D 7S 9S"),
          cards("TC JC QC KC AC 6S 8S"), cards("TD JD QD AD TS QS 6C"),
          cards("KD JS KS AS 7C 8C 9C")]  # runs: 50, 100, 20, 20
FIVE_3 = [cards("JH 9H AH KH QH TH 8H"), cards("7H 6D 8D TD QD 7S 9S"),
          cards("TC JC QC KC AC 6S 8S"), cards("7D 9D JD AD TS QS 6C"),
          cards("KD JS KS AS 7C 8C 9C")]  # runs: none, 100, none, 20


def five(hands: list[list[str]], **kw: Any) -> Result:
    deal = deal_of(make(players=5, **kw), hands=hands, dealer=4, stock=["6H"])
    assert deal.phase == "play"  # everybody plays; the turned card is the six itself
    return finish(deal)


def test_jass_txt_5_seven_cards_in_a_packet_of_three_then_four() -> None:
    rules = make(players=5)
    for seed in range(20):
        deal = deal_of(rules, seed=seed, dealer=4)
        order = JASS_DECK.shuffled(random.Random(seed))
        seats = [3, 2, 1, 0, 4]
        i = 0
        for size in (3, 4):
            for s in seats:
                assert all(deal.dealt[s] >> c & 1 for c in order[i:i + size])
                i += size
        assert [h.bit_count() for h in deal.dealt] == [7] * 5


def test_jass_txt_5_the_last_card_left_gives_trump() -> None:
    rules = make(players=5)
    for seed in range(10):
        deal = deal_of(rules, seed=seed)
        assert deal.turned == JASS_DECK.shuffled(random.Random(seed))[35]
        assert deal.view(0).info["trump"] == "HDSC"[deal.turned // 9]


def test_jass_txt_5_the_holder_of_the_six_may_take_it() -> None:
    hands = [list(h) for h in FIVE_1]
    hands[1][0] = "6H"
    deal = deal_of(make(players=5), hands=hands, dealer=4, stock=["7H"])
    assert deal.phase == "six" and deal.to_move == 1
    deal.play("exchange six")
    assert "7H" in deal.view(1).hand and deal.stock == 1 << 0


def test_jass_txt_5_no_chien_to_exchange() -> None:
    deal = deal_of(make(players=5), seed=1)
    assert deal.blind == 0 and deal.stock.bit_count() == 1
    assert all(a.text not in ("take blind", "my game", "pass") for a in deal.legal_actions())


def test_jass_txt_5_three_best_score() -> None:
    res = five(FIVE_1, weis=True, weis_scoring="each")
    # 257 (no Stöck in this text), 50, 100, 40, 20: one pomme (seat 4); the three best
    # score one each
    assert res.details["totals"] == [257, 50, 100, 40, 20]
    assert res.points == (1, 1, 1, 0, -1)


def test_jass_txt_5_two_pommes_the_best_scores_two() -> None:
    res = five(FIVE_2, weis=True, weis_scoring="each")
    assert res.details["totals"] == [257, 50, 100, 20, 20]
    assert res.points == (2, 1, 1, -1, -1)


def test_jass_txt_5_three_pommes_the_two_best_score_two_each() -> None:
    res = five(FIVE_3, weis=True, weis_scoring="each")
    assert res.details["totals"] == [257, 0, 100, 0, 20]
    assert res.points == (2, -1, 2, -1, -1)


def test_jass_txt_5_four_pommes_the_winner_scores_three() -> None:
    res = five(FIVE_1)  # no announcements in this text: only seat 0 makes points
    assert res.details["totals"] == [157, 0, 0, 0, 0]
    assert res.points == (3, -1, -1, -1, -1)
