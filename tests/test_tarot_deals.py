"""Complete tarot deals with hand-checked scores.

Every expected number below was counted by hand from the tricks (card values: bouts and
kings 4.5, queens 3.5, knights 2.5, jacks 1.5, other cards 0.5) and the FFT scoring:
``(25 + difference) x multiplier + petit au bout x multiplier + poignées + chelem`` per
defender, the taker's side receiving the opposite.
"""

from __future__ import annotations

import pytest

import atout
from atout.cards import TAROT_DECK
from atout.games.tarot import TarotDeal
from tarot_helpers import columns, scripted

SUITS = "HDSC"

# -- four players ---------------------------------------------------------------------------
# Seat 0 takes. Per suit X: trick b "4X QX 5X 6X" (seat 1's queen wins, 5 points to the
# defence), trick c "7X 8X NX JX" (seat 2's knight wins, 5 points), trick a "KX 1X 2X 3X"
# (seat 0's king wins, 6 points): 24 points for the taker, 40 for the defence. The chien
# (9H TH 9D TD 9S TS) is worth 3 points.
SUIT_4 = ([f"4{x} Q{x} 5{x} 6{x}" for x in SUITS] + [f"7{x} 8{x} N{x} J{x}" for x in SUITS]
          + [f"K{x} 1{x} 2{x} 3{x}" for x in SUITS])
CHIEN_4 = "9H TH 9D TD 9S TS"
ECART_4 = [f"discard {c}" for c in CHIEN_4.split()]
# Trumps: the taker takes every trump trick. The first is worth 10 (T21, T1), the next four
# 2 each, the last T16 EX 9C TC 6: the excuse, played on the last trick, is lost.
TRUMPS_EX_LOST = ["T21 T1 T2 T3", "T20 T4 T5 T6", "T19 T7 T8 T9", "T18 T10 T11 T12",
                  "T17 T13 T14 T15", "T16 EX 9C TC"]


def _bids4(contract: str) -> list[str]:
    return [contract, "pass", "pass", "pass"]


@pytest.mark.parametrize(("contract", "taker_points", "points"), [
    # 24 + 24 + 3 (écart) = 51 with 3 bouts: 36 needed, made by 15: (25 + 15) x 1 = 40
    ("prise", 51, (120, -40, -40, -40)),
    ("garde", 51, (240, -80, -80, -80)),
    # garde sans: the unseen chien (3 points) counts for the taker: 40 x 4 = 160
    ("garde sans", 51, (480, -160, -160, -160)),
    # garde contre: the chien goes to the defence: 48, made by 12: 37 x 6 = 222
    ("garde contre", 48, (666, -222, -222, -222)),
])
def test_four_players_each_contract_excuse_lost_on_last_trick(
        contract: str, taker_points: int, points: tuple[int, ...]) -> None:
    before = _bids4(contract) + (ECART_4 if contract in ("prise", "garde") else [])
    deal = scripted(4, 3, SUIT_4 + TRUMPS_EX_LOST, CHIEN_4, [*before, "no chelem"])
    res = deal.result
    assert res.points == points
    assert res.details["taker_points"] == taker_points
    assert res.details["bouts"] == 3  # T21, the petit captured, the excuse lost by seat 1
    assert res.details["made"] is True
    assert res.details["petit_au_bout"] is None
    assert res.details["taker_points"] + res.details["defence_points"] == 91


def test_excuse_exchanged_for_a_low_card() -> None:
    # Seat 1 plays the excuse on the second trump trick; the defence keeps it (4.5) and
    # gives the taker a low card from its tricks (its lowest: 4H from trick b of hearts).
    trumps = ["T21 T1 T2 T3", "T20 EX T5 T6", "T19 T7 T8 T9", "T18 T10 T11 T12",
              "T17 T13 T14 T15", "T16 T4 9C TC"]
    rules_deal = scripted(4, 3, SUIT_4 + trumps, CHIEN_4, [*_bids4("garde"), *ECART_4,
                                                           "no chelem"])
    res = rules_deal.result
    # taker: 24 + 10 + (1.5 + 0.5 given) + 2 + 2 + 2 + 2 = 44, + 3 = 47 with 2 bouts (41)
    assert res.details["taker_points"] == 47
    assert res.details["defence_points"] == 44
    assert res.details["bouts"] == 2
    assert res.points == (186, -62, -62, -62)  # (25 + 6) x 2 = 62
    assert rules_deal.won[1] >> TAROT_DECK.index["EX"] & 1
    assert rules_deal.won[0] >> TAROT_DECK.index["4H"] & 1


def test_excuse_kept_face_up_until_a_low_card_can_be_given() -> None:
    # The taker wins the four kings' tricks and five trump tricks first: when seat 1
    # excuses himself the defence has no trick, so the low card is owed; it is given from
    # the defence's first trick (QH of seat 1 takes 4H 5H 6H: 4H goes to the taker).
    tricks = ([f"K{x} 1{x} 2{x} 3{x}" for x in SUITS]
              + ["T21 T1 T2 T3", "T20 EX T5 T6", "T19 T7 T8 T9", "T18 T10 T11 T12",
                 "T17 T13 T14 T15"]
              + [f"4{x} Q{x} 5{x} 6{x}" for x in SUITS]
              + [f"7{x} 8{x} N{x} J{x}" for x in SUITS] + ["T16 T4 9C TC"])
    rules = atout.make("tarot", players=4)
    deal = rules.deal(hands=columns(tricks, 4), dealer=3, chien=CHIEN_4.split())
    assert isinstance(deal, TarotDeal)
    for a in [*_bids4("prise"), *ECART_4, "no chelem"]:
        deal.play(a)
    kinds: list[tuple[str, dict[str, object]]] = []
    for t in tricks:
        cards = t.split()
        for _ in range(4):
            seat = deal.to_move
            assert seat is not None
            for e in deal.play(cards[seat]):
                kinds.append((e.kind, dict(e.data)))
            if e.kind == "excuse_owed":
                assert deal.view(0).info["excuse_owed"] == {"owner": 1, "receiver": 0}
    owed = [d for k, d in kinds if k == "excuse_owed"]
    given = [d for k, d in kinds if k == "excuse_exchange"]
    assert owed == [{"receiver": 0}]
    assert given == [{"card": "4H", "receiver": 0}]
    res = deal.result
    assert res.details["taker_points"] == 47
    assert res.points == (93, -31, -31, -31)  # prise: (25 + 6) x 1


def test_petit_au_bout_won_by_the_defence() -> None:
    # The taker keeps the petit for the last trick and seat 1 over-trumps it with T14.
    trumps = ["T21 T2 T3 T4", "T20 T5 T6 T7", "T19 T8 T9 T10", "T18 T11 T12 T13",
              "T17 EX T15 T16", "T1 T14 9C TC"]
    deal = scripted(4, 3, SUIT_4 + trumps, CHIEN_4, [*_bids4("prise"), *ECART_4,
                                                      "no chelem"])
    res = deal.result
    # taker: 24 + 6 + 2 + 2 + 2 + 2 (with the low card for the excuse) = 38, + 3 = 41 with
    # one bout (51 needed): down 10: -(25 + 10) - 10 for the petit au bout = -45
    assert res.details["taker_points"] == 41
    assert res.details["bouts"] == 1
    assert res.details["made"] is False
    assert res.details["petit_au_bout"] == "defence"
    assert res.points == (-135, 45, 45, 45)


def test_chelem_announced_and_failed() -> None:
    deal = scripted(4, 3, SUIT_4 + TRUMPS_EX_LOST, CHIEN_4, [*_bids4("prise"), *ECART_4,
                                                              "chelem"])
    res = deal.result
    assert res.details["chelem_announced"] is True
    assert res.details["chelem"] is None
    assert res.points == (-480, 160, 160, 160)  # 40 - 200 = -160


# Four players, a chelem: the taker holds T1, T6..T21 and the excuse; the defenders hold
# T2..T5 and 50 suit cards. He draws trumps, plays the petit on trick 17 and leads the
# excuse on the last trick, which it wins: the petit counts "au bout" on trick 17.
def _slam_layout(chien: list[str]) -> tuple[list[str], list[str]]:
    suits = [c for c in TAROT_DECK.codes[:56] if c not in chien]
    s1, s2, s3 = ["T2", "T5", *suits[:16]], ["T3", *suits[16:33]], ["T4", *suits[33:50]]
    lead = [f"T{n}" for n in range(21, 5, -1)] + ["T1", "EX"]
    tricks = [" ".join((lead[k], s1[k], s2[k], s3[k])) for k in range(18)]
    return tricks, chien


def test_chelem_announced_and_made_in_garde_contre_excuse_wins_last_trick() -> None:
    tricks, chien = _slam_layout(["KH", "KD", "KS", "KC", "QH", "QD"])
    # dealer 1: seat 2 would lead, but the chelem announcer leads
    deal = scripted(4, 1, tricks, " ".join(chien),
                    ["pass", "pass", "garde contre", "pass", "chelem"])
    res = deal.result
    # the chien (4 kings, 2 queens: 25 points) goes to the defence: 66 with 3 bouts, made
    # by 30: (25 + 30) x 6 + 10 x 6 (petit au bout on trick 17) + 400 = 790
    assert res.details["taker_points"] == 66
    assert res.details["chelem"] == "taker"
    assert res.details["petit_au_bout"] == "taker"
    assert res.points == (2370, -790, -790, -790)
    assert deal.tricks[-1][2] == 0 and deal.tricks[-1][1][0] == TAROT_DECK.index["EX"]


@pytest.mark.parametrize(("level", "bonus", "shown"), [
    ("simple", 20, 10), ("double", 30, 13), ("triple", 40, 15)])
def test_each_poignee_unannounced_chelem_garde_sans(level: str, bonus: int,
                                                    shown: int) -> None:
    tricks, chien = _slam_layout(["KH", "KD", "KS", "KC", "QH", "QD"])
    deal = scripted(4, 3, tricks, " ".join(chien),
                    ["garde sans", "pass", "pass", "pass", "no chelem"],
                    poignees={0: f"poignee {level}"})
    res = deal.result
    # 91 points (the unseen chien counts for him): (25 + 55) x 4 + 40 + poignée + 200
    assert res.details["taker_points"] == 91
    assert res.details["chelem"] == "taker"
    unit = 320 + 40 + bonus + 200
    assert res.points == (3 * unit, -unit, -unit, -unit)
    (p,) = deal.view(2).info["poignees"]
    assert p["level"] == level and len(p["cards"]) == shown
    assert p["cards"][0] == "T1" and "EX" not in p["cards"]  # the lowest trumps are shown


# -- three players --------------------------------------------------------------------------
# Per suit X: c "5X NX 6X" (seat 1, 3.5), d "7X 8X JX" (seat 2, 2.5), b "QX 3X 4X" and
# a "KX 1X 2X" (seat 0, 4.5 + 5.5): 40 for the taker, 24 for the defence.
def _suit3(swap_hearts: bool = False) -> list[str]:
    c = [f"5{x} N{x} 6{x}" for x in SUITS]
    if swap_hearts:
        c[0] = "NH 5H 6H"  # the taker takes the knight of hearts: 3.5 more for him
    return (c + [f"7{x} 8{x} J{x}" for x in SUITS] + [f"Q{x} 3{x} 4{x}" for x in SUITS]
            + [f"K{x} 1{x} 2{x}" for x in SUITS])


TRUMPS_3 = ["T21 T1 T2", "T20 T3 T4", "T19 T5 T6", "T18 T7 T8", "T17 T9 T10", "T16 T11 T12",
            "T15 EX 9C", "T14 T13 TC"]


@pytest.mark.parametrize(("contract", "points"), [
    # 40 + 9.5 + 7.5 + 1.5 + 1.5 = 60, + 3 = 63 with 2 bouts (41): (25 + 22) x 2 = 94
    ("garde", (188, -94, -94)),
    ("garde sans", (376, -188, -188)),
    # the chien to the defence: 60, made by 19: 44 x 6 = 264
    ("garde contre", (528, -264, -264)),
])
def test_three_players(contract: str, points: tuple[int, ...]) -> None:
    before = [contract, "pass", "pass"] + (ECART_4 if contract == "garde" else [])
    deal = scripted(3, 2, _suit3() + TRUMPS_3, CHIEN_4, [*before, "no chelem"])
    assert deal.result.points == points
    assert deal.result.details["bouts"] == 2


@pytest.mark.parametrize(("rounding", "points"), [
    # 66.5 with 2 bouts: made by 25.5, rounded to 26 for the winning side: 51
    ("winner", (102, -51, -51)),
    ("half", (101, -50.5, -50.5)),
])
def test_three_players_half_point(rounding: str, points: tuple[float, ...]) -> None:
    deal = scripted(3, 2, _suit3(swap_hearts=True) + TRUMPS_3, CHIEN_4,
                    ["prise", "pass", "pass", *ECART_4, "no chelem"], rounding=rounding)
    assert deal.result.details["taker_points"] == 66.5
    assert deal.result.points == points


# -- five players ---------------------------------------------------------------------------
# Per suit X: b "5X QX 6X 7X 8X" (seat 1's queen) and a "KX 1X 2X 3X 4X" (seat 0's king):
# 26 for seat 0, 22 for seat 1. Chien JH NH JD (5.5). Seat 0 then draws trumps with
# T21..T15: 10.5, 2.5, 2.5, 2.5, 2.5 (seat 1 excuses himself), 4.5, 8.5 = 33.5.
SUIT_5 = [f"5{x} Q{x} 6{x} 7{x} 8{x}" for x in SUITS] + [f"K{x} 1{x} 2{x} 3{x} 4{x}"
                                                          for x in SUITS]
TRUMPS_5 = ["T21 T1 T2 T3 T4", "T20 T5 T6 T7 T8", "T19 T9 T10 T11 T12", "T18 T13 T14 9S 9C",
            "T17 EX 9D TS TC", "T16 9H TD JS JC", "T15 TH ND NS NC"]
BIDS_5 = ["garde", "pass", "pass", "pass", "pass"]
ECART_5 = ["discard JH", "discard NH", "discard JD"]


@pytest.mark.parametrize(("contract", "taker_points", "points"), [
    # 26 + 33.5 + 5.5 = 65 with 2 bouts: made by 24: (25 + 24) = 49, alone: x 4
    ("prise", 65, (196, -49, -49, -49, -49)),
    ("garde", 65, (392, -98, -98, -98, -98)),
    ("garde sans", 65, (784, -196, -196, -196, -196)),
    # the chien to the defence: 59.5, made by 18.5, rounded to 19: 44 x 6 = 264
    ("garde contre", 59.5, (1056, -264, -264, -264, -264)),
])
def test_five_players_king_called_by_the_taker_holding_it(
        contract: str, taker_points: float, points: tuple[int, ...]) -> None:
    bids = [contract, "pass", "pass", "pass", "pass"]
    ecart = ECART_5 if contract in ("prise", "garde") else []
    # the first trick opens hearts, the called suit: the reading that allows it
    deal = scripted(5, 4, SUIT_5 + TRUMPS_5, "JH NH JD",
                    [*bids, "call KH", *ecart, "no chelem"], called_suit_lead="free")
    res = deal.result
    assert res.details["taker_points"] == taker_points
    assert res.details["partner"] == 0
    assert res.points == points


def test_five_players_queen_called_with_four_kings_partner_and_chelem() -> None:
    deal = scripted(5, 4, SUIT_5 + TRUMPS_5, "JH NH JD",
                    [*BIDS_5, "call QH", *ECART_5, "no chelem"], called_suit_lead="free")
    res = deal.result
    # seat 1 holds QH: his tricks and his excuse are the taker's side's: all 91 points,
    # every trick, unannounced: (25 + 55) x 2 + 200 = 360; taker x 2, partner x 1
    assert res.details["partner"] == 1
    assert res.details["taker_points"] == 91
    assert res.details["chelem"] == "taker"
    assert res.points == (720, 360, -360, -360, -360)


# -- annulled deals -------------------------------------------------------------------------
def _petit_sec_hands(with_excuse: bool) -> tuple[list[list[str]], list[str]]:
    suits = list(TAROT_DECK.codes[:56])
    trumps = [f"T{n}" for n in range(2, 20)]
    one = ["T1", "EX", *suits[:16]] if with_excuse else ["T1", *suits[:17]]
    rest = suits[16:] if with_excuse else suits[17:]
    hands = [trumps, one, rest[:18], rest[18:36]]
    chien = rest[36:] + ["T20", "T21"] + ([] if with_excuse else ["EX"])
    return hands, chien


def test_petit_sec_annuls_the_deal() -> None:
    hands, chien = _petit_sec_hands(False)
    deal = atout.make("tarot").deal(hands=hands, chien=chien, dealer=0)
    assert deal.to_move == 1 and [str(a) for a in deal.legal_actions()] == ["petit sec"]
    events = deal.play("petit sec")
    assert [e.kind for e in events] == ["petit_sec", "deal_annulled"]
    assert deal.is_over and deal.result.points == (0, 0, 0, 0)
    assert deal.result.details["annulled"] == "petit sec"


def test_petit_with_the_excuse_is_not_sec() -> None:
    hands, chien = _petit_sec_hands(True)
    deal = atout.make("tarot").deal(hands=hands, chien=chien, dealer=0)
    assert "petit sec" not in [str(a) for a in deal.legal_actions()]
    assert deal.view(1).phase == "bidding"


def test_petit_sec_played_when_the_option_says_so() -> None:
    hands, chien = _petit_sec_hands(False)
    deal = atout.make("tarot", petit_sec="play").deal(hands=hands, chien=chien, dealer=0)
    assert deal.view(1).phase == "bidding"


def test_all_pass_annuls_the_deal() -> None:
    deal = atout.make("tarot", players=5).deal(seed=3)
    for _ in range(5):
        deal.play("pass")
    assert deal.is_over and deal.result.points == (0,) * 5
    assert deal.result.details["annulled"] == "all pass"


def test_defender_poignee_goes_to_the_winning_taker_and_excuse_owed_then_paid() -> None:
    # Seat 1 holds T2..T11 and shows them (a simple poignée); the taker draws them with
    # T21..T12, makes every trick but the last (QS of seat 3). Seat 3 excuses himself on
    # trick 17 before his side has a trick: the low card (8H, the lowest of the last
    # trick) is given at the end.
    d = [f"{r}D" for r in "123456789T"]
    s3 = ["3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS", "1C", "2C"]
    tricks = [f"T{21 - k} T{2 + k} {d[k]} {s3[k]}" for k in range(10)] + [
        "T1 1H JD 3C", "KH 2H 9H 4C", "QH 3H TH 5C", "KD 4H ND 6C", "KC 5H QD JS",
        "KS 6H 2S NS", "7C 7H NH EX", "1S 8H JH QS"]
    chien = "8C 9C TC JC NC QC"
    deal = scripted(4, 3, tricks, chien, ["prise", "pass", "pass", "pass",
                                          *[f"discard {c}" for c in chien.split()],
                                          "no chelem"],
                    poignees={1: "poignee simple"})
    res = deal.result
    # the defence: 1S JH QS (8H went to the taker) and the excuse: 0.5 + 1.5 + 3.5 + 4.5 = 10;
    # the taker 81 with 2 bouts (41): made by 40: (25 + 40) x 1 + 20 for the poignée
    assert res.details["defence_points"] == 10
    assert res.details["taker_points"] == 81
    assert res.details["poignees"] == [{"seat": 1, "level": "simple", "bonus": 20}]
    assert res.points == (255, -85, -85, -85)
    assert deal.won[0] >> TAROT_DECK.index["8H"] & 1
    assert deal.view(0).info["poignees"][0]["cards"] == [f"T{n}" for n in range(2, 12)]


def test_chelem_of_the_defence() -> None:
    # The same cards, but seat 1 takes a garde sans and seat 0, in defence, makes every
    # trick, the excuse winning the last one: the taker has only the unseen chien (25, no
    # bout, 56 needed): down 31: -(25 + 31) x 4 - 10 x 4 (petit au bout, defence) - 200
    tricks, chien = _slam_layout(["KH", "KD", "KS", "KC", "QH", "QD"])
    deal = scripted(4, 3, tricks, " ".join(chien),
                    ["pass", "garde sans", "pass", "pass", "no chelem"],
                    poignees={0: "no poignee"})
    res = deal.result
    assert res.details["taker_points"] == 25
    assert res.details["chelem"] == "defence"
    assert res.details["petit_au_bout"] == "defence"
    assert res.points == (464, -1392, 464, 464)


# -- 5 players: the called king's suit on the first trick ------------------------------------
# The same deal: seat 0 takes with a garde, calls his own KH, and leads the first trick with
# 5H KH 5D KD 5S KS 5C KC and T15..T21 in hand (the écart gave the chien back).
@pytest.mark.parametrize("reading", ["king-only", "free"])
def test_five_players_called_suit_on_the_first_lead(reading: str) -> None:
    hands = columns(SUIT_5 + TRUMPS_5, 5)
    rules = atout.make("tarot", players=5, called_suit_lead=reading)
    deal = rules.deal(hands=hands, dealer=4, chien=["JH", "NH", "JD"])
    for a in [*BIDS_5, "call KH", *ECART_5, "no chelem"]:
        deal.play(a)
    assert deal.to_move == 0
    if "no poignee" in [str(a) for a in deal.legal_actions()]:
        deal.play("no poignee")
    legal = [str(a) for a in deal.legal_actions()]
    trumps = [f"T{n}" for n in range(15, 22)]
    if reading == "free":
        assert legal == ["5H", "KH", "5D", "KD", "5S", "KS", "5C", "KC", *trumps]
        deal.play("5H")
        assert deal.to_move == 1
        # later tricks are free under either reading: only the first lead is barred
        return
    # FFT: hearts, the called suit, may open the first trick only with the KH itself
    assert legal == ["KH", "5D", "KD", "5S", "KS", "5C", "KC", *trumps]
    with pytest.raises(atout.IllegalAction) as info:
        deal.play("5H")
    assert info.value.code == "called_suit_lead"
    assert info.value.params["suit"] == "H" and info.value.params["called"] == "KH"
    assert info.value.params["legal"] == legal
    deal.play("KH")
    # the followers follow hearts as usual: seat 1 holds 1H 9H TH QH and the excuse
    assert deal.to_move == 1
    assert [str(a) for a in deal.legal_actions()] == ["1H", "9H", "TH", "QH", "EX"]
