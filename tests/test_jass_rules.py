"""Schieber Jass rules pinned down by hand-checked complete deals and perft-style positions.

Every deal below is laid out explicitly, every card is played in a scripted order, and the
expected score was computed by hand, trick by trick, in the comments (from the rule text in
shared/seeds/jass.txt and the Schieber section of RULES_NOTES.md), not read off the engine.

Seats 0 and 2 play against 1 and 3. With the default counter-clockwise direction the next
player is seat - 1, so with ``dealer=1`` the forehand is seat 0 and the first trick is played
0, 3, 2, 1.
"""

from __future__ import annotations

from typing import Any

import pytest

import atout
from atout.cards import JASS_DECK
from atout.core import Deal
from atout.games.jass.play import legal_cards


def run(deal: Deal, script: str) -> None:
    """Play a comma-separated list of actions (trick lines separated by '|')."""
    for text in script.replace("|", ",").split(","):
        text = text.strip()
        if text:
            deal.play(text)


def legal(deal: Deal) -> list[str]:
    """The legal actions' notations, in id order."""
    return [str(a) for a in deal.legal_actions()]


def sort_codes(codes: list[str]) -> list[str]:
    """Card codes in deck order."""
    return sorted(codes, key=JASS_DECK.index.__getitem__)


# --- A Match with Weis and Stöck: seat 0 holds all nine hearts ------------------------------

MATCH_HANDS = [
    ["6H", "7H", "8H", "9H", "TH", "JH", "QH", "KH", "AH"],
    ["8D", "JD", "AD", "8S", "JS", "AS", "8C", "JC", "AC"],
    ["7D", "TD", "KD", "7S", "TS", "KS", "7C", "TC", "KC"],
    ["6D", "9D", "QD", "6S", "9S", "QS", "6C", "9C", "QC"],
]
# Seats 1-3 hold ranks three apart in each suit: no sequence, no four of a kind.
MATCH_SCRIPT = """trump H,
 6H, 6D, 7D, 8D | 7H, 9D, TD, JD | 8H, QD, KD, AD | 9H, 6S, 7S, 8S | TH, 9S, TS, JS |
 JH, QS, KS, AS | QH, 6C, 7C, 8C | KH, 9C, TC, JC | AH, QC, KC, AC"""
# Seat 0 leads every trick with a trump and wins it. Card points: hearts as trump
# J20 + 9:14 + A11 + T10 + K4 + Q3 = 62, three plain suits 30 each = 90, total 152, +5 for
# the last trick = 157. Match (all nine tricks) +100. Weis: the nine hearts in sequence,
# 5 or more = 100. Stöck (KH and QH of trump in one hand) +20. Team 0: 157+100+100+20 = 377.


def test_match_deal_with_weis_and_stoeck() -> None:
    deal = atout.make("jass").deal(hands=MATCH_HANDS, dealer=1)
    assert deal.to_move == 0
    run(deal, MATCH_SCRIPT)
    assert deal.is_over
    res = deal.result
    assert res.points == (377, 0, 377, 0)
    d = res.details
    assert d["card_points"] == [157, 0]
    assert d["match_bonus"] == [100, 0]
    assert d["weis"] == [100, 0]
    assert d["stoeck"] == [20, 0]
    assert d["tricks_won"] == [9, 0]
    assert d["trump"] == "H" and d["chooser"] == 0 and d["pushed"] is False


def test_match_deal_options() -> None:
    # A run of nine with big_sequences: 300 instead of 100: 157 + 100 + 300 + 20 = 577.
    deal = atout.make("jass", big_sequences=True).deal(hands=MATCH_HANDS, dealer=1)
    run(deal, MATCH_SCRIPT)
    assert deal.result.points == (577, 0, 577, 0)
    # Without the match bonus, Weis or Stöck (the tournament preset): the bare 157.
    deal = atout.make("jass", preset="tournament").deal(hands=MATCH_HANDS, dealer=1)
    run(deal, MATCH_SCRIPT)
    assert deal.result.points == (157, 0, 157, 0)
    # Spades double: hearts stay single, so the same deal is unchanged.
    deal = atout.make("jass", multipliers="spades-double").deal(hands=MATCH_HANDS, dealer=1)
    run(deal, MATCH_SCRIPT)
    assert deal.result.points == (377, 0, 377, 0)


# --- Weis: both teams announce, the better Weis decides ------------------------------------

WEIS_HANDS = [
    ["6H", "7H", "8H", "9H", "AS", "KS", "6D", "6C", "TC"],  # 6H-9H: four in a row, 50
    ["JC", "QC", "KC", "7D", "9D", "JH", "AH", "TS", "QS"],  # JC-KC: three, 20
    ["KH", "8D", "AD", "6S", "7S", "8S", "JS", "8C", "AC"],  # 6S-8S: three, 20
    ["TD", "JD", "QD", "KD", "9S", "7C", "9C", "TH", "QH"],  # TD-KD: four in a row, 50
]
WEIS_SCRIPT = """trump S,
 6H, QH, KH, AH |
 TS, KS, 9S, 6S |
 KD, AD, 7D, 6D |
 AC, QC, 6C, 7C |
 8C, JC, TC, 9C |
 KC, AS, JD, 8D |
 9H, TH, 7S, JH |
 JS, QS, 7H, TD |
 8S, 9D, 8H, QD"""
# Trump spades (J20 9:14 A11 K4 Q3 T10), chosen by seat 0.
#  1. 0 leads 6H; 3 QH, 2 KH, 1 AH: AH wins, 0+3+4+11 = 18 to team 1.
#  2. 1 leads TS; 0 KS, 3 9S, 2 6S: the Nell wins, 10+4+14+0 = 28 to team 1 (46).
#  3. 3 leads KD; 2 AD, 1 7D, 0 6D: AD wins, 15 to team 0.
#  4. 2 leads AC; 1 QC, 0 6C, 3 7C: 11+3 = 14 to team 0 (29).
#  5. 2 leads 8C; 1 JC, 0 TC, 3 9C: JC wins, 2+10 = 12 to team 1 (58).
#  6. 1 leads KC; 0 trumps AS, 3 JD, 2 8D: 4+11+2 = 17 to team 0 (46).
#  7. 0 leads 9H; 3 TH, 2 trumps 7S, 1 JH: 7S wins, 10+2 = 12 to team 0 (58).
#  8. 2 leads the Buur JS; 1 QS, 0 7H, 3 TD: 20+3+10 = 33 to team 0 (91).
#  9. 2 leads 8S; 1 9D, 0 8H, 3 QD: 3 + 5 (last trick) = 8 to team 0 (99).
# Cards: team 0 99, team 1 58 (157). Weis: both best Weis are four in a row (50, 4 cards);
# seat 3's tops at KD, seat 0's at 9H: seat 3 wins, so team 1 scores all its Weis,
# 50 + seat 1's 20 = 70, and team 0 nothing. Team 1: 58 + 70 = 128.


def test_weis_deal_higher_top_card_wins() -> None:
    deal = atout.make("jass").deal(hands=WEIS_HANDS, dealer=1)
    run(deal, WEIS_SCRIPT)
    res = deal.result
    assert res.points == (99, 128, 99, 128)
    assert res.details["card_points"] == [99, 58]
    assert res.details["weis"] == [0, 70]
    assert res.details["stoeck"] == [0, 0]
    assert res.details["match_bonus"] == [0, 0]


def test_weis_announced_at_first_card_and_shown_after_first_trick() -> None:
    deal = atout.make("jass").deal(hands=WEIS_HANDS, dealer=1)
    events = deal.play("trump S")
    events = deal.play("6H")
    weis = [e for e in events if e.kind == "weis"]
    assert [(e.seat, e.data["value"]) for e in weis] == [(0, 50)]
    info = deal.view(1).to_dict()["info"]
    assert info["weis_announced"] == {"0": 50}
    assert info["weis_shown"] == {}
    run(deal, "QH, KH")
    events = deal.play("AH")
    scored = {e.seat: e.data["points"] for e in events if e.kind == "weis_scored"}
    assert scored == {3: 50, 1: 20}
    info = deal.view(0).to_dict()["info"]
    assert info["weis_points"] == [0, 70]
    assert sorted(info["weis_shown"]) == ["1", "3"]
    assert info["weis_shown"]["3"][0]["cards"] == ["TD", "JD", "QD", "KD"]


def test_weis_deal_under_trump_refused_midway() -> None:
    # Trick 6: 1 leads KC, 0 trumps with AS; seat 2 holds 8D 7S 8S JS: 7S and 8S would
    # under-trump and are refused; 8D (a discard) and JS (over-trump) remain.
    deal = atout.make("jass").deal(hands=WEIS_HANDS, dealer=1)
    script = WEIS_SCRIPT.replace("|", ",").split(",")
    run(deal, ",".join(script[:1 + 5 * 4 + 3]))
    assert deal.to_move == 2
    assert deal.view(2).hand == ("8D", "7S", "8S", "JS")
    assert legal(deal) == ["8D", "JS"]
    with pytest.raises(atout.IllegalAction, match="under-trump"):
        deal.play("7S")


# --- Weis ties: trump, then first announcer, or both with weis_tie="both" ------------------

TIE_HANDS = [
    ["6H", "7H", "8H", "9D", "KD", "JS", "QS", "7C", "JC"],  # 6H 7H 8H: 20
    ["TH", "JH", "6D", "TD", "AD", "9S", "KS", "8C", "QC"],
    ["AH", "QH", "7D", "JD", "TS", "AS", "6C", "9C", "KC"],
    ["9H", "KH", "8D", "QD", "6S", "7S", "8S", "TC", "AC"],  # 6S 7S 8S: 20
]


def weis_after_first_trick(choice: str, dealer: int = 1, **options: Any) -> list[int]:
    deal = atout.make("jass", **options).deal(hands=TIE_HANDS, dealer=dealer)
    deal.play(choice)
    for _ in range(4):
        deal.play(deal.legal_actions()[0])
    weis: list[int] = deal.view(0).to_dict()["info"]["weis_points"]
    return weis


@pytest.mark.parametrize(("choice", "dealer", "options", "expected"), [
    ("trump S", 1, {}, [0, 20]),     # same value, length and top: the trump-suit Weis wins
    ("trump H", 1, {}, [20, 0]),
    ("trump D", 1, {}, [20, 0]),     # neither in trump: seat 0 (forehand) announced first
    ("trump D", 0, {}, [0, 20]),     # dealer 0: forehand is seat 3, who announces first
    ("trump D", 2, {}, [20, 0]),     # dealer 2: forehand 1, then seat 0 before seat 3
    ("obenabe", 1, {}, [20, 0]),
    ("undenufe", 0, {}, [0, 20]),
    ("trump D", 1, {"weis_tie": "both"}, [20, 20]),
    ("trump S", 1, {"weis_tie": "both"}, [0, 20]),  # not a tie: trump decides
    ("trump D", 1, {"weis": False}, [0, 0]),
])
def test_weis_ties(choice: str, dealer: int, options: dict[str, Any],
                   expected: list[int]) -> None:
    assert weis_after_first_trick(choice, dealer, **options) == expected


FOURS_HANDS = [
    ["JH", "JD", "JS", "JC", "6H", "6D", "8S", "8C", "TH"],  # four jacks: 200
    ["8D", "TD", "KD", "7S", "QS", "KS", "7C", "QC", "KC"],  # nothing
    ["AH", "AD", "AS", "AC", "8H", "QD", "6S", "6C", "KH"],  # four aces: 100
    ["9H", "9D", "9S", "9C", "7H", "7D", "TS", "TC", "QH"],  # four nines: 150
]
LONGER_HANDS = [
    ["KH", "KD", "KS", "KC", "6H", "8H", "6D", "8D", "6S"],  # four kings: 100, 4 cards
    ["JH", "TD", "QD", "AS", "7C", "9C", "JC", "QC", "AC"],  # nothing
    ["TH", "QH", "AH", "JD", "AD", "QS", "6C", "8C", "TC"],  # nothing
    ["7S", "8S", "9S", "TS", "JS", "7H", "9H", "7D", "9D"],  # 7S-JS, five in a row: 100
]


@pytest.mark.parametrize(("hands", "choice", "options", "expected", "shown"), [
    # Four jacks (200) beat four nines (150): team 0 scores its 200 and seat 2's four aces.
    (FOURS_HANDS, "trump H", {}, [300, 0], ["0", "2"]),
    (FOURS_HANDS, "undenufe", {}, [300, 0], ["0", "2"]),
    # Equal value (100): the Weis with more cards wins, although seat 0 announced first.
    (LONGER_HANDS, "trump D", {}, [0, 100], ["3"]),
    (LONGER_HANDS, "obenabe", {"big_sequences": True}, [0, 100], ["3"]),
])
def test_weis_values_and_comparison(hands: list[list[str]], choice: str,
                                    options: dict[str, Any], expected: list[int],
                                    shown: list[str]) -> None:
    deal = atout.make("jass", **options).deal(hands=hands, dealer=1)
    deal.play(choice)
    for _ in range(4):
        deal.play(deal.legal_actions()[0])
    info = deal.view(1).to_dict()["info"]
    assert info["weis_points"] == expected
    assert sorted(info["weis_shown"]) == shown


# --- Push, then Obenabe; Undenufe; the diagonal deal has no Weis ----------------------------

# Card (suit s, rank r) goes to seat (r + s) % 4: no three in a row, no four of a kind.
DIAGONAL = [
    ["6H", "TH", "AH", "9D", "KD", "8S", "QS", "7C", "JC"],
    ["7H", "JH", "6D", "TD", "AD", "9S", "KS", "8C", "QC"],
    ["8H", "QH", "7D", "JD", "6S", "TS", "AS", "9C", "KC"],
    ["9H", "KH", "8D", "QD", "7S", "JS", "6C", "TC", "AC"],
]
OBENABE_SCRIPT = """push, obenabe,
 AH, KH, 8H, 7H | TH, 9H, QH, JH |
 AS, 9S, 8S, 7S | TS, KS, QS, JS |
 AD, 9D, 8D, 7D | TD, KD, QD, JD |
 JC, AC, KC, QC | TC, 9C, 8C, 7C | 6C, 6S, 6D, 6H"""
# Obenabe: no trump, ace high, A11 K4 Q3 J2 T10 and the eights 8.
#  1. 0 leads AH; 3 KH, 2 8H, 1 7H: AH wins, 11+4+8 = 23 to team 0.
#  2. 0 leads TH; 3 9H, 2 QH, 1 JH: QH wins, 10+3+2 = 15 to team 0 (38).
#  3. 2 leads AS; 1 9S, 0 8S, 3 7S: 11+8 = 19 to team 0 (57).
#  4. 2 leads TS; 1 KS, 0 QS, 3 JS: KS wins, 10+4+3+2 = 19 to team 1.
#  5. 1 leads AD; 0 9D, 3 8D, 2 7D: 19 to team 1 (38).
#  6. 1 leads TD; 0 KD, 3 QD, 2 JD: KD wins, 19 to team 0 (76).
#  7. 0 leads JC; 3 AC, 2 KC, 1 QC: AC wins, 2+11+4+3 = 20 to team 1 (58).
#  8. 3 leads TC; 2 9C, 1 8C, 0 7C: 10+8 = 18 to team 1 (76).
#  9. 3 leads 6C; the others are void: 0 + 5 = 5 to team 1 (81).
# Team 0 76, team 1 81: 157.


def test_push_then_obenabe_deal() -> None:
    deal = atout.make("jass").deal(hands=DIAGONAL, dealer=1)
    assert deal.to_move == 0
    events = deal.play("push")
    assert [(e.kind, e.seat, e.data["to"]) for e in events] == [("push", 0, 2)]
    assert deal.to_move == 2  # the partner must choose
    assert "push" not in legal(deal)
    deal.play("obenabe")
    assert deal.to_move == 0  # the forehand leads even though the partner chose
    run(deal, OBENABE_SCRIPT.split(",", 2)[2])
    res = deal.result
    assert res.points == (76, 81, 76, 81)
    assert res.details["card_points"] == [76, 81]
    assert res.details["chooser"] == 2 and res.details["pushed"] is True
    assert res.details["trump"] == "obenabe"
    assert res.details["weis"] == [0, 0] and res.details["stoeck"] == [0, 0]


UNDENUFE_SCRIPT = """undenufe,
 6H, 9H, QH, 7H | AH, KH, 8H, JH |
 6S, KS, 8S, JS | AS, 9S, QS, 7S |
 6C, 9C, 8C, 7C | TC, KC, QC, JC | AC, TS, AD, TH |
 8D, 7D, TD, KD | JD, 6D, 9D, QD"""
# Undenufe: no trump, six high and ace low; 6:11 8:8 T10 K4 Q3 J2, ace 0.
#  1. 0 leads 6H; 3 9H, 2 QH, 1 7H: 6H wins, 11+3 = 14 to team 0.
#  2. 0 leads AH; 3 KH, 2 8H, 1 JH: 8H (lowest rank) wins, 4+8+2 = 14 to team 0 (28).
#  3. 2 leads 6S; 1 KS, 0 8S, 3 JS: 11+4+8+2 = 25 to team 0 (53).
#  4. 2 leads AS; 1 9S, 0 QS, 3 7S: 7S wins, 3 to team 1.
#  5. 3 leads 6C; 2 9C, 1 8C, 0 7C: 11+8 = 19 to team 1 (22).
#  6. 3 leads TC; 2 KC, 1 QC, 0 JC: TC wins, 10+4+3+2 = 19 to team 1 (41).
#  7. 3 leads AC; the others are void: TS, AD, TH: AC wins, 10+10 = 20 to team 1 (61).
#  8. 3 leads 8D; 2 7D, 1 TD, 0 KD: 7D wins, 8+10+4 = 22 to team 0 (75).
#  9. 2 leads JD; 1 6D, 0 9D, 3 QD: 6D wins, 2+11+3 + 5 = 21 to team 1 (82).
# Team 0 75, team 1 82: 157.


def test_undenufe_deal() -> None:
    deal = atout.make("jass").deal(hands=DIAGONAL, dealer=1)
    run(deal, UNDENUFE_SCRIPT)
    res = deal.result
    assert res.points == (75, 82, 75, 82)
    assert res.details["card_points"] == [75, 82]
    assert res.details["trump"] == "undenufe" and res.details["pushed"] is False


def test_undenufe_deal_multiplied() -> None:
    # swiss-german multipliers: Undenufe counts four times: 300 and 328.
    deal = atout.make("jass", multipliers="swiss-german").deal(hands=DIAGONAL, dealer=1)
    run(deal, UNDENUFE_SCRIPT)
    assert deal.result.points == (300, 328, 300, 328)
    assert deal.result.details["multiplier"] == 4


def test_obenabe_and_undenufe_can_be_switched_off() -> None:
    deal = atout.make("jass", obenabe=False, undenufe=False).deal(hands=DIAGONAL, dealer=1)
    assert legal(deal) == ["trump H", "trump D", "trump S", "trump C", "push"]
    with pytest.raises(atout.IllegalAction, match="not offered"):
        deal.play("obenabe")
    deal = atout.make("jass", undenufe=False).deal(hands=DIAGONAL, dealer=1)
    assert legal(deal) == ["trump H", "trump D", "trump S", "trump C", "obenabe", "push"]


# --- Stöck after a push, with the Buur trumping and under-trumps refused --------------------

# The diagonal deal with 9C and QC swapped: seat 2 holds KC and QC.
STOECK_HANDS = [
    ["6H", "TH", "AH", "9D", "KD", "8S", "QS", "7C", "JC"],
    ["7H", "JH", "6D", "TD", "AD", "9S", "KS", "8C", "9C"],
    ["8H", "QH", "7D", "JD", "6S", "TS", "AS", "QC", "KC"],
    ["9H", "KH", "8D", "QD", "7S", "JS", "6C", "TC", "AC"],
]
STOECK_SCRIPT = """push, trump C,
 AH, KH, QH, JH | 6H, 9H, 8H, 7H |
 AC, KC, 9C, 7C |
 AD, KD, QD, JD | TD, 9D, 8D, 7D |
 6D, JC, 7S, TS |
 QS, JS, AS, KS |
 QC, 8C, TH, TC |
 6S, 9S, 8S, 6C"""
# Trump clubs chosen by seat 2 after seat 0 pushed; seat 0 leads.
#  1. 0 leads AH; 3 KH, 2 QH, 1 JH: AH wins, 11+4+3+2 = 20 to team 0.
#  2. 0 leads 6H; 3 9H, 2 8H, 1 7H: 9H wins, 0 to team 1 (plain eights are worth 0).
#  3. 3 leads AC; 2 KC (first Stöck card), 1 9C, 0 7C: the Nell wins, 11+4+14 = 29 to team 1.
#  4. 1 leads AD; 0 KD, 3 QD, 2 JD: 20 to team 1 (49).
#  5. 1 leads TD; 0 9D, 3 8D, 2 7D: 10 to team 1 (59).
#  6. 1 leads 6D; 0 trumps with the Buur JC; 3 may not under-trump with 6C/TC: 7S; 2 TS:
#     20+10 = 30 to team 0 (50).
#  7. 0 leads QS; 3 JS, 2 AS, 1 KS: AS wins, 3+2+11+4 = 20 to team 0 (70).
#  8. 2 leads QC (second Stöck card: +20 to team 0); 1 8C, 0 TH, 3 TC: QC wins,
#     3+10+10 = 23 to team 0 (93).
#  9. 2 leads 6S; 1 9S, 0 8S, 3 trumps 6C: 0 + 5 to team 1 (64).
# Cards: team 0 93, team 1 64 (157); Stöck 20 to team 0: 113 and 64.


def test_stoeck_deal_after_push() -> None:
    deal = atout.make("jass").deal(hands=STOECK_HANDS, dealer=1)
    lines = STOECK_SCRIPT.replace("|", ",").split(",")
    before_second = 2 + 7 * 4  # up to the end of trick 7
    run(deal, ",".join(lines[:2 + 2 * 4 + 2]))  # KC just played
    assert deal.view(1).to_dict()["info"]["stoeck_points"] == [0, 0]
    run(deal, ",".join(lines[2 + 2 * 4 + 2:before_second]))
    assert deal.view(1).to_dict()["info"]["stoeck_points"] == [0, 0]
    events = deal.play(lines[before_second].strip())
    assert [(e.kind, e.seat, e.data["points"]) for e in events if e.kind == "stoeck"] == [
        ("stoeck", 2, 20)]
    run(deal, ",".join(lines[before_second + 1:]))
    res = deal.result
    assert res.points == (113, 64, 113, 64)
    assert res.details["card_points"] == [93, 64]
    assert res.details["stoeck"] == [20, 0]
    assert res.details["chooser"] == 2 and res.details["pushed"] is True
    assert res.details["trump"] == "C"


def test_stoeck_option_off() -> None:
    deal = atout.make("jass", stoeck=False).deal(hands=STOECK_HANDS, dealer=1)
    run(deal, STOECK_SCRIPT)
    assert deal.result.points == (93, 64, 93, 64)


def test_stoeck_deal_under_trump_refused() -> None:
    # Trick 6: 1 leads 6D, 0 trumps with JC. Seat 3 holds 7S JS 6C TC: no diamond, and
    # both trumps are below the Buur, so only the spades remain; seat 2 likewise.
    deal = atout.make("jass").deal(hands=STOECK_HANDS, dealer=1)
    lines = STOECK_SCRIPT.replace("|", ",").split(",")
    run(deal, ",".join(lines[:2 + 5 * 4 + 2]))
    assert deal.to_move == 3
    assert legal(deal) == ["7S", "JS"]
    with pytest.raises(atout.IllegalAction) as info:
        deal.play("TC")
    assert "under-trump" in info.value.reason and "JC" in info.value.reason
    deal.play("7S")
    assert legal(deal) == ["6S", "TS", "AS"]


def test_stoeck_counts_even_without_a_trick() -> None:
    # Seat 1 holds KH and QH of trump and its team takes no trick: the 20 still count.
    deal = atout.make("jass").deal(hands=[
        ["JH", "9H", "AH", "TH", "8H", "7H", "6H", "AD", "AS"],
        ["KH", "QH", "6D", "7D", "6S", "7S", "6C", "7C", "8C"],
        ["KD", "QD", "JD", "KS", "QS", "JS", "KC", "QC", "JC"],
        ["8D", "9D", "TD", "8S", "9S", "TS", "9C", "TC", "AC"],
    ], dealer=1)
    deal.play("trump H")
    # Seat 0 leads its seven trumps (each trick: 3 and 2 are void, 1 follows with KH, QH
    # or discards), then AD and AS: every trick goes to team 0.
    run(deal, "JH, 8D, KD, KH | 9H, 9D, QD, QH | AH, TD, JD, 6D | TH, 8S, KS, 7D |"
              "8H, 9S, QS, 6S | 7H, TS, JS, 7S | 6H, 9C, KC, 6C | AD, TC, QC, 7C |"
              "AS, AC, JC, 8C")
    res = deal.result
    assert res.details["tricks_won"] == [9, 0]
    assert res.details["stoeck"] == [0, 20]
    # Weis: seat 0 holds 6H 7H 8H 9H TH JH, six in a row (100); its partner seat 2 holds
    # JD-QD-KD, JS-QS-KS, JC-QC-KC (20 each); seat 3 holds 8D-9D-TD, 8S-9S-TS (20 each).
    # Seat 0's 100 is the best Weis: team 0 scores 100 + 60 = 160, team 1 none.
    # Team 0: 157 + 100 (match) + 160 = 417; team 1: the Stöck, 20.
    assert res.details["weis"] == [160, 0]
    assert res.points == (417, 20, 417, 20)


# --- Perft: a fixed deal and prefix give an exact list of legal actions ---------------------

PERFT_HANDS = [
    ["AH", "9H", "AD", "KD", "QD", "JD", "TD", "9D", "6S"],
    ["6C", "7C", "8C", "9C", "TC", "JC", "QC", "KC", "AC"],
    ["6H", "7H", "8H", "TH", "QH", "KH", "6D", "7D", "8D"],
    ["JH", "AS", "KS", "QS", "JS", "TS", "9S", "8S", "7S"],
]
ALL_CHOICES = ["trump H", "trump D", "trump S", "trump C", "obenabe", "undenufe"]


@pytest.mark.parametrize(("prefix", "expected"), [
    # The forehand chooses among six modes or pushes; the partner cannot push back.
    ("", [*ALL_CHOICES, "push"]),
    ("push", ALL_CHOICES),
    # Leading: any card.
    ("trump H", sort_codes(PERFT_HANDS[0])),
    # Trump lead; seat 3's only trump is the Buur: it may play anything (Buur exception).
    ("trump H, AH", sort_codes(PERFT_HANDS[3])),
    # Trump lead; seat 2 must follow with a trump, lower than the ace is fine.
    ("trump H, AH, 7S", ["6H", "7H", "8H", "TH", "QH", "KH"]),
    # Seat 1 has no heart at all: anything.
    ("trump H, AH, 7S, 6H", sort_codes(PERFT_HANDS[1])),
    # Plain lead: seat 3 is void in diamonds: anything, the Buur included.
    ("trump H, AH, 7S, 6H, 6C, AD", ["JH", "8S", "9S", "TS", "JS", "QS", "KS", "AS"]),
    # Seat 2 may follow or trump (no trump played yet): every card.
    ("trump H, AH, 7S, 6H, 6C, AD, 8S",
     ["7H", "8H", "TH", "QH", "KH", "6D", "7D", "8D"]),
    # After seat 3 trumped with the Buur, seat 2 may not under-trump: diamonds only.
    ("trump H, AH, 7S, 6H, 6C, AD, JH", ["6D", "7D", "8D"]),
    # Trick 5: seat 2 holds only trumps, all below the Buur just played: it must under-trump.
    ("trump H, AH, 7S, 6H, 6C | AD, 8S, 6D, 7C | KD, 9S, 7D, 8C | QD, TS, 8D, 9C | JD, JH",
     ["7H", "8H", "TH", "QH", "KH"]),
    # Seat 1, void in diamonds and without trumps, may play any club.
    ("trump H, AH, 7S, 6H, 6C | AD, 8S, 6D, 7C | KD, 9S, 7D, 8C | QD, TS, 8D, 9C | JD, JH, 7H",
     ["TC", "JC", "QC", "KC", "AC"]),
    # Obenabe and Undenufe: must follow suit, there is no trump to play instead.
    ("obenabe, AD", sort_codes(PERFT_HANDS[3])),  # seat 3 has no diamond: anything
    ("obenabe, AD, 7S", ["6D", "7D", "8D"]),
    ("undenufe, 6S, 7S", ["6H", "7H", "8H", "TH", "QH", "KH", "6D", "7D", "8D"]),
    ("undenufe, 6S, 7S, 6D, 6C, 9D, 8S", ["7D", "8D"]),  # 6S won: seat 0 leads again
])
def test_perft(prefix: str, expected: list[str]) -> None:
    deal = atout.make("jass").deal(hands=PERFT_HANDS, dealer=1)
    run(deal, prefix)
    assert legal(deal) == expected
    for action in atout.make("jass").actions:
        if str(action) not in expected:
            before = deal.save()
            with pytest.raises(atout.IllegalAction) as info:
                deal.play(action)
            assert info.value.reason
            assert deal.save() == before


def test_may_trump_instead_of_following() -> None:
    # Trump D: seat 0 leads 9H; seat 3's only heart is JH (a plain jack here) and it has no
    # diamond: JH only.
    deal = atout.make("jass").deal(hands=PERFT_HANDS, dealer=1)
    run(deal, "trump D, 9H")
    assert legal(deal) == ["JH"]
    deal.play("JH")
    # Seat 2 holds hearts and diamonds (trumps): it may follow or trump: every card.
    assert legal(deal) == sort_codes(PERFT_HANDS[2])
    deal.play("6D")  # trumps while holding hearts
    # Seat 1 holds only clubs: anything.
    assert legal(deal) == sort_codes(PERFT_HANDS[1])
    deal.play("AC")
    # 6D, the only trump, wins for team 0: seat 2 leads next.
    assert deal.to_move == 2


def test_legal_cards_mask_cases() -> None:
    idx = JASS_DECK.index
    hand = JASS_DECK.mask(["6H", "9H"])
    # Only trumps, one below and one above the 7H that trumped a diamond lead: the Swiss
    # rule lets a hand of nothing but trumps play either; the strict reading only 9H.
    assert legal_cards(hand, 0, 1, idx["7H"]) == hand
    assert legal_cards(hand, 0, 1, idx["7H"], strict_under=True) == JASS_DECK.mask(["9H"])
    # Only trumps, both below the trumping 9H: the under-trump is all that is left.
    assert legal_cards(JASS_DECK.mask(["6H", "7H"]), 0, 1, idx["9H"]) == \
        JASS_DECK.mask(["6H", "7H"])
    # On a trump lead the Buur with another trump: must follow with either.
    assert legal_cards(JASS_DECK.mask(["JH", "6H", "AS"]), 0, 0, idx["AH"]) == \
        JASS_DECK.mask(["JH", "6H"])
    # The Buur alone: anything; without the Buur exception (jass.txt) the Buur must follow.
    assert legal_cards(JASS_DECK.mask(["JH", "AS", "6C"]), 0, 0, idx["AH"]) == \
        JASS_DECK.mask(["JH", "AS", "6C"])
    assert legal_cards(JASS_DECK.mask(["JH", "AS", "6C"]), 0, 0, idx["AH"],
                       buur_free=False) == JASS_DECK.mask(["JH"])


# --- Dealing, direction, bad input ----------------------------------------------------------

def test_seeded_deal_in_threes_and_direction() -> None:
    rules = atout.make("jass")
    deal = rules.deal(seed=11, dealer=0)
    assert deal.to_move == 3  # counter-clockwise: the player after the dealer is seat - 1
    hands = [set(deal.view(s).hand) for s in range(4)]
    assert sum(len(h) for h in hands) == 36 and set().union(*hands) == set(JASS_DECK.codes)
    assert all(len(h) == 9 for h in hands)
    again = rules.deal(seed=11, dealer=0)
    assert [deal.view(s).hand for s in range(4)] == [again.view(s).hand for s in range(4)]
    cw = atout.make("jass", direction="clockwise")
    deal = cw.deal(seed=11, dealer=0)
    assert deal.to_move == 1
    deal.play("push")
    assert deal.to_move == 3
    deal.play("trump H")
    order = []
    for _ in range(4):
        order.append(deal.to_move)
        deal.play(deal.legal_actions()[0])
    assert order == [1, 2, 3, 0]
    deal = rules.deal(hands=DIAGONAL, dealer=3)
    assert deal.to_move == 2
    deal.play("trump H")
    order = []
    for _ in range(4):
        order.append(deal.to_move)
        deal.play(deal.legal_actions()[0])
    assert order == [2, 1, 0, 3]


@pytest.mark.parametrize(("hands", "message"), [
    ([h[:8] for h in DIAGONAL], "expected 9"),
    ([DIAGONAL[0], DIAGONAL[0], DIAGONAL[2], DIAGONAL[3]], "twice"),
    ([["XX", *DIAGONAL[0][1:]], *DIAGONAL[1:]], "not a card"),
    ([["2H", *DIAGONAL[0][1:]], *DIAGONAL[1:]], "not a card"),
    (DIAGONAL[:3], "4 hands"),
])
def test_bad_explicit_deals(hands: list[list[str]], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        atout.make("jass").deal(hands=hands, dealer=0)


def test_bad_options_and_actions() -> None:
    with pytest.raises(ValueError, match="target"):
        atout.make("jass", target=1234)
    with pytest.raises(ValueError, match="colour"):
        atout.make("jass", colour="red")
    deal = atout.make("jass").deal(hands=DIAGONAL, dealer=1)
    with pytest.raises(atout.IllegalAction, match="trump must be chosen"):
        deal.play("6H")
    with pytest.raises(atout.IllegalAction, match="not an action"):
        deal.play("trump X")
    deal.play("push")
    with pytest.raises(atout.IllegalAction, match="must choose"):
        deal.play("push")
    deal.play("trump H")
    with pytest.raises(atout.IllegalAction, match="not in your hand"):
        deal.play("7H")
    with pytest.raises(atout.IllegalAction, match="already chosen"):
        deal.play("trump S")
    deal.play("AH")
    with pytest.raises(atout.IllegalAction, match="must follow H"):
        deal.play("8D")
