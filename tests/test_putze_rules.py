"""Putze / Pomme rules 27.1-27.27 and the jass.txt section, each played in a real deal.

Most deals are built so that the card play cannot change who wins the tricks (one player
holds every trump in play, or nobody holds a trump and each suit is ranked across the hands),
so the totals are checked by hand in the comments. Cards are then played "first legal card"
(the lowest card of the deck order among the legal ones).
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import atout
from atout.core import IllegalAction, Result
from atout.games.putze import PutzeDeal, PutzeRules


def make(**kw: Any) -> PutzeRules:
    rules = atout.make("putze", **kw)
    assert isinstance(rules, PutzeRules)
    return rules


def deal_of(rules: PutzeRules, **kw: Any) -> PutzeDeal:
    deal = rules.deal(**kw)
    assert isinstance(deal, PutzeDeal)
    return deal


def say(deal: PutzeDeal, *actions: str) -> None:
    for a in actions:
        deal.play(a)


def finish(deal: PutzeDeal) -> Result:
    """Play the first legal card until the deal is over."""
    while not deal.is_over:
        assert deal.phase == "play", deal.phase
        deal.play(deal.legal_actions()[0])
    return deal.result


def cards(text: str) -> list[str]:
    return text.split()


# 4 players, dealer 0: the speaking order is 3, 2, 1, 0 (counter-clockwise, from the dealer's
# right). Seat 0 holds all nine hearts and the turned AH, so whoever plays with him takes no
# trick: seat 0 makes 152 + 5 = 157 card points, a 9-card sequence (100) and Stöck (20).
ALL_HEARTS = cards("6H 7H 8H 9H TH JH QH KH AH")
FOUR = [
    ALL_HEARTS,
    cards("6D 7D 8D 9D 6S 8S TS 6C 8C"),  # 6D-9D: 50
    cards("TD JD QD KD AD 7S 9S 7C 9C"),  # TD-AD: 100
    cards("JS QS KS AS TC JC QC KC AC"),  # JS-AS 50, TC-AC 100: 150
]
FOUR_POMMES = [
    ALL_HEARTS,
    cards("6D 7D 8D QD 6S 8S TS 6C 8C"),  # 6D-8D: 20, under 21
    cards("9D TD JD KD AD 7S 9S 7C 9C"),  # 9D-JD: 20, under 21
    cards("JS QS KS AS TC JC QC KC AC"),  # 150
]
FOUR_TIE = [
    ALL_HEARTS,
    cards("6D 7D 8D 9D TS QS AS 6C 8C"),  # 50
    cards("TD JD QD KD AD 7S 9S 7C 9C"),  # 100
    cards("TC JC QC KC AC 6S 8S JS KS"),  # 100
]


def four(hands: list[list[str]] = FOUR, **kw: Any) -> PutzeDeal:
    return deal_of(make(players=4, **kw), hands=hands, dealer=0, trump="AH")


def test_27_1_deal_in_threes_last_card_turned_not_exchangeable() -> None:
    rules = make(players=4)
    for seed in range(30):
        deal = deal_of(rules, seed=seed, dealer=1)
        order = atout.cards.JASS_DECK.shuffled(random.Random(seed))
        # packets of three from the dealer's right (seat 0), then 3, 2 and the dealer 1
        seats = [0, 3, 2, 1]
        for k, packet in enumerate(order[i:i + 3] for i in range(0, 36, 3)):
            for c in packet:
                assert deal.dealt[seats[k % 4]] >> c & 1
        assert deal.turned == order[35]
        assert deal.dealt[1] >> deal.turned & 1  # the turned card is the dealer's
        assert deal.view(2).info["trump_card_holder"] == 1
        while not deal.is_over:  # never an offer to exchange the six
            assert "exchange six" not in [a.text for a in deal.legal_actions()]
            deal.play(deal.legal_actions()[-1] if deal.phase != "play"
                      else deal.legal_actions()[0])
    assert not make(players=4, six_exchange=True).plan.six_exchange


def test_27_2_dealers_right_speaks_first_then_in_turn() -> None:
    deal = four()
    spoken = []
    for word in ("play", "pass", "play", "pass"):
        spoken.append(deal.to_move)
        deal.play(word)
    assert spoken == [3, 2, 1, 0]
    assert deal.view(0).info["declarations"] == {"0": "pass", "1": "play", "2": "pass",
                                                 "3": "play"}
    assert deal.phase == "play" and deal.to_move == 3  # the first player leads


def test_27_3_nobody_speaks_out_of_turn() -> None:
    deal = four()
    for seat in (0, 1, 2):
        assert deal.view(seat).legal == ()  # only seat 3 may speak now
    assert deal.view(3).legal == ("play", "pass")
    with pytest.raises(IllegalAction, match="must first say if he plays"):
        deal.play("6D")
    with pytest.raises(IllegalAction, match="only once everybody has spoken"):
        deal.play("exchange six")
    assert deal.history == ()


def test_27_4_two_best_totals_putze_announcements_included() -> None:
    deal = four(weis_scoring="each")
    say(deal, "play", "play", "play", "play")
    res = finish(deal)
    # seat 0: 157 + 100 + 20 = 277; seat 3: 150 in announcements, seat 2: 100, seat 1: 50
    assert res.details["totals"] == [277, 50, 100, 150]
    assert res.details["putzes"] == [1, 0, 0, 1]
    assert res.details["pommes"] == [0, 0, 0, 0]
    assert res.points == (1, 0, 0, 1)


def test_27_5_under_21_announcements_included_is_pomme() -> None:
    deal = four(FOUR_POMMES, weis_scoring="each")
    say(deal, "play", "play", "play", "play")
    res = finish(deal)
    # seats 1 and 2 make no trick and announce 20: pomme; seat 3 makes no trick either but
    # announces 150, so he is no pomme and putzes second
    assert res.details["totals"] == [277, 20, 20, 150]
    assert res.details["pommes"] == [0, 1, 1, 0]
    assert res.details["putzes"] == [1, 0, 0, 1]
    assert res.points == (1, -1, -1, 1)


def test_27_5_only_players_who_play_can_be_pomme() -> None:
    deal = four(FOUR_POMMES, weis_scoring="each")
    say(deal, "play", "pass", "play", "play")  # seat 2 (20 in announcements) passes
    res = finish(deal)
    assert res.details["pommes"] == [0, 1, 0, 0]
    assert res.points == (1, -1, 0, 1)


def test_27_5_best_announcement_only_makes_the_others_pomme() -> None:
    deal = four()  # default: only the best announcement (seat 0's nine hearts) counts
    say(deal, "play", "play", "play", "play")
    res = finish(deal)
    assert res.details["totals"] == [277, 0, 0, 0]
    assert res.details["pommes"] == [0, 1, 1, 1]
    assert res.details["putzes"] == [2, 0, 0, 0]  # 27.8/27.18: the best takes both


def test_27_6_a_pomme_is_struck_off_by_a_later_putze() -> None:
    rules = make(players=4)
    match = rules.match(seed=3)
    rng = random.Random(3)
    struck = False
    while not match.is_over and not struck:
        before = (list(match.putzes), list(match.pommes))
        n = len(match.deals)
        match.play(rng.choice(match.legal_actions()))
        if len(match.deals) > n:
            gained = match.deals[-1].result.details["putzes"]
            for s in range(4):
                if gained[s] and before[1][s]:
                    # the new putze bought back a pomme instead of adding a putze
                    assert match.pommes[s] == before[1][s] - min(gained[s], before[1][s])
                    assert match.putzes[s] == before[0][s] + max(0, gained[s] - before[1][s])
                    struck = True
    assert struck
    assert all(match.scores[s] == match.putzes[s] - match.pommes[s] for s in range(4))


def test_27_7_lone_player_scores_two_putzes() -> None:
    deal = four()
    say(deal, "pass", "pass", "play", "pass")
    assert deal.is_over and not deal.played  # no card play for a lone player
    assert deal.result.points == (0, 2, 0, 0)


def test_27_8_partner_pomme_gives_two_putzes() -> None:
    deal = four(FOUR_POMMES, weis_scoring="each")
    say(deal, "pass", "pass", "play", "play")  # seats 1 and 0 play
    res = finish(deal)
    # seat 0 takes his hearts (62) and seat 1's cards (QD 3, TS 10), + 5: 80, with 120 in
    # announcements and Stöck; seat 1 has his 20 in announcements
    assert res.details["card_points"] == [80, 0, 0, 0]
    assert res.details["totals"] == [200, 20, 0, 0]
    assert res.points == (2, -1, 0, 0)


def test_27_8_two_players_without_pomme_score_one_each() -> None:
    deal = four(FOUR_POMMES, weis_scoring="each")
    say(deal, "play", "pass", "pass", "play")  # seats 3 and 0
    assert finish(deal).points == (1, 0, 0, 1)


def test_27_9_tied_players_do_not_putze_when_someone_has_more() -> None:
    deal = four(FOUR_TIE, weis_scoring="each")
    say(deal, "play", "play", "play", "play")
    res = finish(deal)
    # seats 2 and 3 tie at 100 behind seat 0: neither putzes, seat 1 (50) neither
    assert res.details["totals"] == [277, 50, 100, 100]
    assert res.points == (1, 0, 0, 0)


def test_27_10_first_to_seven_putzes_wins() -> None:
    rules = make(players=4)
    match = rules.match(seed=11)
    rng = random.Random(11)
    while not match.is_over:
        assert max(match.scores) < 7
        match.play(rng.choice(match.legal_actions()))
    res = match.result
    assert match.scores[res.winners[0]] >= 7
    assert res.ranking[0] == res.winners[0]
    assert "putze" in match.summary(["Anna", "Bert", "Carl", "Dora"])


def test_27_10_the_others_may_play_on_for_the_places() -> None:
    rules = make(players=4, play_on=True)
    match = rules.match(seed=5)
    rng = random.Random(5)
    first_winner_deal = None
    while not match.is_over:
        n = len(match.deals)
        match.play(rng.choice(match.legal_actions()))
        if match.places and first_winner_deal is None:
            first_winner_deal = len(match.deals)
        if len(match.deals) > n and match.places and not match.is_over:
            deal = match.deal
            assert isinstance(deal, PutzeDeal)
            assert set(match.places) <= set(deal.out)  # finished players sit out
    assert first_winner_deal is not None and len(match.deals) > first_winner_deal
    assert len(match.places) == 3
    assert match.result.ranking[:3] == tuple(match.places)


# 3 players, dealer 0: the speaking order is 2, 1, 0. The blind holds the nine hearts, its top
# card AH turned for trump.
BLIND_HEARTS = cards("AH 6H 7H 8H 9H TH JH QH KH")
THREE = [
    cards("6D 7D 8D 9S TS JS QC KC AC"),
    cards("9D TD AD QS KS AS 6C 7C 8C"),
    cards("JD QD KD 6S 7S 8S 9C TC JC"),
]


def three(blind: list[str] = BLIND_HEARTS, hands: list[list[str]] = THREE,
          **kw: Any) -> PutzeDeal:
    return deal_of(make(players=3, **kw), hands=hands, dealer=0, blind=blind)


def test_27_11_nine_cards_each_blind_top_card_gives_trump() -> None:
    rules = make(players=3)
    for seed in range(20):
        deal = deal_of(rules, seed=seed)
        assert [h.bit_count() for h in deal.dealt] == [9, 9, 9]
        assert deal.blind.bit_count() == 9 and deal.blind >> deal.turned & 1
        order = atout.cards.JASS_DECK.shuffled(random.Random(seed))
        assert deal.turned == order[27]  # the first card after the hands
        assert deal.view(0).info["trump_card"] == atout.cards.JASS_DECK.codes[order[27]]
    deal = three()
    assert deal.view(1).info["trump"] == "H" and deal.view(1).info["trump_card"] == "AH"


def test_27_11_the_turned_card_can_be_exchanged_for_the_six() -> None:
    hands = [list(THREE[0]), [*THREE[1][:8], "6H"], list(THREE[2])]
    blind = ["AH", "8C", "7H", "8H", "9H", "TH", "JH", "QH", "KH"]
    deal = three(blind, hands)
    say(deal, "my game", "my game", "my game")
    assert deal.phase == "six" and deal.to_move == 1
    say(deal, "exchange six")
    assert "AH" in deal.view(1).hand and "6H" not in deal.view(1).hand
    assert deal.view(0).info["six_exchanged_by"] == 1
    assert deal.phase == "play"


def test_27_12_a_taking_the_blind_means_playing() -> None:
    deal = three()
    say(deal, "take blind")
    assert deal.view(2).hand == tuple(sorted(BLIND_HEARTS, key=atout.cards.JASS_DECK.parse))
    assert deal.view(1).legal == ("pass", "my game")  # the blind is gone
    say(deal, "pass", "pass")
    assert deal.result.points == (0, 0, 2)  # he plays, alone (27.17)


def test_27_12_b_my_game_passes_the_blind_to_the_next() -> None:
    deal = three()
    say(deal, "my game")
    assert deal.to_move == 1
    assert deal.view(1).legal == ("pass", "take blind", "my game")
    say(deal, "take blind", "pass")
    assert deal.blind_taker == 1 and deal.players() == [2, 1]


def test_27_12_c_refusing_the_blind_and_to_play() -> None:
    deal = three()
    say(deal, "pass", "pass")
    assert deal.view(0).legal == ("pass", "take blind", "my game")
    say(deal, "take blind")
    assert deal.result.points == (2, 0, 0)


def test_27_13_the_blind_taker_never_sees_his_old_hand_again() -> None:
    deal = three()
    say(deal, "take blind", "my game", "my game")
    old = THREE[2]
    while True:
        for seat in range(3):
            text = json.dumps(deal.view(seat).to_dict())
            assert not any(f'"{c}"' in text for c in old), seat
        if deal.is_over:
            break
        deal.play(deal.legal_actions()[0])


def test_27_14_six_exchanged_only_after_everybody_spoke_and_only_by_a_player() -> None:
    hands = [list(THREE[0]), [*THREE[1][:8], "6H"], list(THREE[2])]
    blind = ["AH", "8C", "7H", "8H", "9H", "TH", "JH", "QH", "KH"]
    deal = three(blind, hands)
    say(deal, "my game")
    with pytest.raises(IllegalAction, match="only once everybody has spoken"):
        deal.play("exchange six")
    say(deal, "my game", "pass")
    assert deal.phase == "six" and deal.to_move == 1
    say(deal, "keep six")
    assert deal.phase == "play" and "6H" in deal.view(1).hand
    # the holder who does not play may not exchange
    deal = three(blind, hands)
    say(deal, "my game", "pass", "my game")
    assert deal.phase == "play"
    # taken with the blind, the turned card is no longer there to exchange
    deal = three(blind, hands)
    say(deal, "take blind", "my game", "my game")
    assert deal.phase == "play" and deal.view(0).info["trump_card_holder"] == 2


def test_27_15_only_the_blind_taker_may_not_refuse() -> None:
    deal = three()
    assert "pass" in deal.view(2).legal
    say(deal, "pass", "take blind")
    assert deal.to_move == 0 and "pass" in deal.view(0).legal
    say(deal, "pass")
    assert deal.players() == [1]  # he was never asked again: he plays


# A deal without trumps in play (the hearts stay in the blind): every suit is won by the
# holder of its top cards. First legal card each time: seat 2 leads JD, QD (2 + 13), seat 1
# wins KD with AD (15) and the spades (3 + 14 + 13), seat 0 the clubs (3 + 14 + 13 + 5).
# Cards: seat 2 15, seat 1 45, seat 0 35. Announcements (all 3-card runs): the best is seat
# 1's AS run (first to play of the equal ones) and he counts both his: 40.
def test_27_16_two_best_totals_putze_three_players() -> None:
    deal = three()
    say(deal, "my game", "my game", "my game")
    res = finish(deal)
    assert res.details["card_points"] == [35, 45, 15]
    assert res.details["weis"] == [0, 40, 0]
    assert res.details["totals"] == [35, 85, 15]
    assert res.points == (1, 1, -1)


def test_27_17_lone_player_scores_two_putzes_three_players() -> None:
    deal = three()
    say(deal, "pass", "my game", "pass")
    assert deal.result.points == (0, 2, 0)


def test_27_18_two_pommes_give_the_third_two_putzes() -> None:
    deal = three()
    say(deal, "take blind", "my game", "my game")  # seat 2 holds every trump
    res = finish(deal)
    # seat 2 takes every trick: 152 less his old hand set aside (JD QD KD TC JC: 21), + 5,
    # with the 9-card run (100) and Stöck (20): 256
    assert res.details["totals"] == [0, 0, 256]
    assert res.points == (-1, -1, 2)


def test_27_18_two_players_one_pomme_gives_two_putzes() -> None:
    deal = three()
    say(deal, "take blind", "pass", "my game")
    assert finish(deal).points == (-1, 0, 2)


def test_27_19_the_loser_has_priority_on_the_next_blind() -> None:
    rules = make(players=3)
    match = rules.match(seed=2)
    rng = random.Random(2)
    checked = 0
    while not match.is_over:
        n = len(match.deals)
        match.play(rng.choice(match.legal_actions()))
        if len(match.deals) > n and not match.is_over:
            loser = match.deals[-1].result.details["loser"]
            deal = match.deal
            assert isinstance(deal, PutzeDeal)
            if loser is not None:
                assert deal.speak_order[0] == loser and deal.to_move == loser
                checked += 1
            else:
                assert deal.speak_order[0] == deal.forehand
    assert checked
    # off: the dealer's right always speaks first
    off = make(players=3, loser_first=False).match(seed=2)
    assert isinstance(off.deal, PutzeDeal)
    while len(off.deals) < 3:
        off.play(rng.choice(off.legal_actions()))
    assert isinstance(off.deal, PutzeDeal) and off.deal.speak_order[0] == off.deal.forehand


# 2 players, dealer 0, seat 1 speaks and leads first. Clubs are trump and nobody holds one.
TWO = [cards("JH QH KH AH 6D 7D 8D 9D TD"), cards("6H 7H 8H 9H TH JD QD KD AD")]
TWO_BETTER = [cards("6S 7S 8S"), cards("9S TS JS")]
TWO_STOCK = cards("AC 6C 7C 8C 9C TC JC QC KC QS KS AS")


def two(**kw: Any) -> PutzeDeal:
    return deal_of(make(players=2, **kw), hands=TWO, dealer=0, better=TWO_BETTER,
                   stock=TWO_STOCK)


def test_27_20_two_players_nine_cards_trump_turned_exchangeable() -> None:
    rules = make(players=2)
    for seed in range(20):
        deal = deal_of(rules, seed=seed)
        assert [h.bit_count() for h in deal.dealt] == [9, 9]
        order = atout.cards.JASS_DECK.shuffled(random.Random(seed))
        assert deal.turned == order[24]  # the first card left after hands and better cards
    # seat 1 holds the 6C instead of the AD, which lies in the stock
    deal = deal_of(make(players=2), hands=[TWO[0], [*TWO[1][:8], "6C"]], dealer=0,
                   better=TWO_BETTER, stock=["AC", "AD", *TWO_STOCK[2:]])
    say(deal, "look", "look", "play", "play")
    assert deal.phase == "six" and deal.to_move == 1
    say(deal, "exchange six")
    assert "AC" in deal.view(1).hand and "6C" not in deal.view(1).hand
    assert deal.view(0).info["six_exchanged_by"] == 1
    assert deal.stock >> 27 & 1  # the six lies in the stock now


def test_27_21_discard_three_before_taking_the_better_cards() -> None:
    deal = two()
    assert deal.view(1).legal[-1] == "look"
    say(deal, "6H")
    assert "look" not in deal.view(1).legal  # once begun, three discards
    with pytest.raises(IllegalAction, match="discard three cards"):
        deal.play("look")
    say(deal, "7H")
    assert "9S" not in deal.view(1).hand
    say(deal, "8H")
    hand = deal.view(1).hand
    assert {"9S", "TS", "JS"} <= set(hand) and len(hand) == 9
    assert deal.view(0).history == ((1, None), (1, None), (1, None))  # discards hidden
    assert deal.view(1).info["own_discards"] == ["6H", "7H", "8H"]
    assert deal.view(0).info["discarded"] == {"1": 3}


def test_27_21_refusing_to_discard_allows_looking() -> None:
    deal = two()
    say(deal, "look")
    assert deal.view(1).info["own_better_seen"] == ["9S", "TS", "JS"]
    assert "9S" not in deal.view(1).hand
    assert deal.view(0).info["own_better_seen"] == []
    assert "9S" not in repr(deal.view(0).to_dict())


def test_27_22_playing_is_not_compulsory_even_after_exchanging() -> None:
    deal = two()
    say(deal, "6H", "7H", "8H", "look")
    assert deal.phase == "speak" and deal.view(1).legal == ("play", "pass")
    say(deal, "pass", "play")
    assert deal.result.points == (1, 0)  # a lone player: the one putze in play


# Both keep their hands and play. First legal card: seat 0 wins the four heart tricks
# (2 + 3 + 4 + 11 = 20), seat 1 the diamonds and TH (2 + 10 + 3 + 4 + 21 + 5 = 45).
# Announcements: each holds a 5-card and a 4-card run; the 5-card runs tie (6-10, no trump)
# and seat 1, first to play, counts both of his: 150.
def test_27_23_one_putze_even_if_one_is_pomme() -> None:
    deal = two()
    say(deal, "look", "look", "play", "play")
    res = finish(deal)
    assert res.details["card_points"] == [20, 45]
    assert res.details["totals"] == [20, 195]
    assert res.points == (-1, 1)


def test_27_24_two_players_with_a_blind() -> None:
    rules = make(preset="regle-27-blind")
    assert rules.seats == 2 and rules.plan.talon == "blind" and rules.plan.putzes == 1
    blind = cards("AC 6C 7C 8C 9C TC JC QC KC")
    deal = deal_of(rules, hands=TWO, dealer=0, blind=blind,
                   stock=cards("6S 7S 8S 9S TS JS QS KS AS"))
    assert deal.view(1).legal == ("pass", "take blind", "my game")
    say(deal, "take blind", "my game")
    res = finish(deal)
    assert res.details["totals"][1] >= 157 and res.points == (-1, 1)
    for seed in range(20):
        d = deal_of(rules, seed=seed)
        assert d.blind.bit_count() == 9 and d.stock.bit_count() == 9


# 5 players, dealer 4: the speaking order is 3, 2, 1, 0, 4.
def test_27_25_five_players_six_of_spades_removed_last_card_turned() -> None:
    rules = make(players=5)
    assert rules.plan.putzes == 2 and not rules.plan.six_exchange
    for seed in range(20):
        deal = deal_of(rules, seed=seed, dealer=4)
        assert [h.bit_count() for h in deal.dealt] == [7] * 5
        assert not any(h >> 18 & 1 for h in deal.dealt)  # no 6S
        assert deal.dealt[4] >> deal.turned & 1  # the dealer's last card
    hands = [cards("JH 9H AH KH QH TH 8H"), cards("7H 6D 7D 8D 9D AD QS"),
             cards("7S 8S 9S TS JS KD AS"), cards("6C 7C 8C QC KC AC JD"),
             cards("TD QD KS 6H 9C TC JC")]
    deal = deal_of(rules, hands=hands, dealer=4, trump="6H")
    say(deal, "play", "pass", "pass", "play", "pass")  # seats 3 and 0
    assert deal.phase == "play"  # no exchange of the six (27.25)
    res = finish(deal)
    # seat 0 holds every trump in play: he takes the 14 cards, 62 + 20 + 5 = 87, and
    # announces the best run (8H-AH, 100) and Stöck (20); seat 3 is pomme
    assert res.details["card_points"] == [87, 0, 0, 0, 0]
    assert res.details["totals"] == [207, 0, 0, 0, 0]
    assert res.points == (2, 0, 0, -1, 0)
    with pytest.raises(ValueError, match="not in the pack"):
        deal_of(rules, hands=[["6S", *h[1:]] if i == 0 else h for i, h in enumerate(hands)],
                dealer=4, trump="6H")


# 5 players with the 36th card turned: seat 0 holds 7 hearts, seat 1 the 7H, the spare 6H.
FIVE = [cards("JH 9H AH KH QH TH 8H"), cards("7H 6D 7D 8D 9D AD QS"),
        cards("6S 7S 8S 9S TS KD AS"), cards("6C 7C 8C QC KC AC JD"),
        cards("TD QD JS KS 9C TC JC")]


def test_27_26_the_36th_card_gives_trump_and_can_be_exchanged() -> None:
    rules = make(preset="regle-27-v2")
    for seed in range(20):
        deal = deal_of(rules, seed=seed, dealer=4)
        assert [h.bit_count() for h in deal.dealt] == [7] * 5
        assert not any(h >> deal.turned & 1 for h in deal.dealt)  # not the dealer's
        assert deal.stock == 1 << deal.turned
    hands = [list(h) for h in FIVE]
    hands[1][0] = "6H"
    deal = deal_of(rules, hands=hands, dealer=4, stock=["7H"])
    say(deal, "play", "play", "play", "play", "play")
    assert deal.phase == "six" and deal.to_move == 1
    say(deal, "exchange six")
    # one card is always left over (now the six) and eight trumps are in play
    assert deal.stock == 1 << 0
    trumps = sum((h & 0x1FF).bit_count() for h in deal.hands)
    assert trumps == 8


def test_27_27_the_dealer_sits_out_and_earns_a_putze() -> None:
    rules = make(preset="regle-27-v3", weis_scoring="each")
    for seed in range(10):
        deal = deal_of(rules, seed=seed, dealer=2)
        assert deal.dealt[2] == 0 and all(deal.dealt[s].bit_count() == 9 for s in (0, 1, 3, 4))
        assert 2 not in deal.speak_order
    # dealer 2: the cards go to 1, 0, 4 and 3, who gets the last card, the turned one
    with pytest.raises(ValueError, match="must be in the hand of seat 3"):
        deal_of(rules, hands=[ALL_HEARTS, FOUR_POMMES[1], [], FOUR_POMMES[2], FOUR_POMMES[3]],
                dealer=2, trump="AH")
    hands = [FOUR_POMMES[2], FOUR_POMMES[1], [], ALL_HEARTS, FOUR_POMMES[3]]
    deal = deal_of(rules, hands=hands, dealer=2, trump="AH")
    assert deal.speak_order == [1, 0, 4, 3]
    say(deal, "play", "play", "play", "play")
    res = finish(deal)
    # seat 3 277, seat 4 150 (announcements), seats 0 and 1 20 each: pomme
    assert res.details["totals"] == [20, 20, 0, 277, 150]
    assert res.details["putzes"] == [0, 0, 1, 1, 1]  # three putzes: one for the deal
    assert res.points == (-1, -1, 1, 1, 1)


def test_27_27_the_seventh_putze_is_never_scored_by_dealing() -> None:
    rules = make(preset="regle-27-v3")
    match = rules.match(seed=4)
    rng = random.Random(4)
    while not match.is_over:
        match.play(rng.choice(match.legal_actions()))
    # replay the tallies: a dealer at 6 never gets the dealing putze
    tallies = [0] * 5
    for d in match.deals:
        assert isinstance(d, PutzeDeal)
        res = d.result
        if tallies[d.dealer] + 1 >= 7:
            assert not d.dealer_putze and res.details["putzes"][d.dealer] == 0
        else:
            assert d.dealer_putze and res.details["putzes"][d.dealer] == 1
        tallies = [t + int(p) for t, p in zip(tallies, res.points, strict=True)]
    assert max(tallies) >= 7


def test_legal_action_counts_in_a_fixed_deal() -> None:
    """Perft-style: a fixed deal and prefix give known numbers of legal actions."""
    deal = four()
    counts = []
    for word in ("play", "play", "play", "play"):
        counts.append(len(deal.legal_actions()))
        deal.play(word)
    for card in ("TC", "7C", "6C", "6H", "7H", "AS", "9S", "6S"):
        counts.append(len(deal.legal_actions()))
        deal.play(card)
    # speaking: play or pass. Seat 3 leads any of 9; seats 2 and 1 must follow clubs (two
    # each, no trump to cut with); seat 0 has no club: any of his nine hearts, and wins.
    # Seat 0 leads any of 8; the others have no heart: any card.
    assert counts[:4] == [2, 2, 2, 2]
    assert counts[4:] == [9, 2, 2, 9, 8, 8, 8, 8]
    assert deal.tricks[0][2] == 0 and deal.tricks[1][2] == 0
