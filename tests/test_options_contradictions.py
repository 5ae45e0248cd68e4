"""Options that contradict each other are refused in words naming both; the accepted
neighbour of each refused set plays a real deal with the meaning its docs give."""

from __future__ import annotations

from typing import Any

import pytest

import atout
from atout.core import Deal

# Seat 0 holds the nine hearts (see tests/test_jass_rules.py): trump hearts, seat 0 leads
# every trick and takes all nine: 157 in cards, +100 match, 20 Stöck, and a nine-card run.
MATCH_HANDS = [
    ["6H", "7H", "8H", "9H", "TH", "JH", "QH", "KH", "AH"],
    ["8D", "JD", "AD", "8S", "JS", "AS", "8C", "JC", "AC"],
    ["7D", "TD", "KD", "7S", "TS", "KS", "7C", "TC", "KC"],
    ["6D", "9D", "QD", "6S", "9S", "QS", "6C", "9C", "QC"],
]
MATCH_SCRIPT = """trump H,
 6H, 6D, 7D, 8D | 7H, 9D, TD, JD | 8H, QD, KD, AD | 9H, 6S, 7S, 8S | TH, 9S, TS, JS |
 JH, QS, KS, AS | QH, 6C, 7C, 8C | KH, 9C, TC, JC | AH, QC, KC, AC"""


def _run(deal: Deal, script: str) -> None:
    for text in script.replace("|", ",").split(","):
        if text.strip():
            deal.play(text.strip())


@pytest.mark.parametrize(("game", "options", "named"), [
    ("pitch", {"steal_four": True, "dealer_steal": False},
     ("steal_four=True", "dealer_steal=False")),
    ("jass", {"nine_sequence": 150, "big_sequences": True},
     ("nine_sequence=150", "big_sequences=True")),
    ("jass", {"weis": False, "weis_share": True}, ("weis_share=True", "weis=False")),
    ("jass", {"weis": False, "big_sequences": True}, ("big_sequences=True", "weis=False")),
    ("jass", {"preset": "tournament", "low_fours": 100}, ("low_fours=100", "weis=False")),
    ("jass", {"obenabe": False, "undenufe": False, "multipliers": "swiss-german"},
     ("multipliers='swiss-german'", "obenabe=False", "undenufe=False")),
    ("jass", {"obenabe": False, "undenufe": False, "multipliers": "suits-1-2-nt-3"},
     ("multipliers='suits-1-2-nt-3'", "obenabe=False", "undenufe=False")),
    ("knock-rummy", {"players": 5, "hand_size": 10},
     ("players=5", "hand_size=10", "stock of 1 card", "at most 9")),
    ("knock-rummy", {"stock_out": "void", "restock_limit": 2},
     ("restock_limit=2", "stock_out='void'")),
])
def test_contradiction_is_refused_naming_both(game: str, options: dict[str, Any],
                                              named: tuple[str, ...]) -> None:
    with pytest.raises(ValueError) as caught:
        atout.make(game, **options)
    for words in named:
        assert words in str(caught.value)


def test_pitch_steal_four_with_the_steal_plays() -> None:
    """The accepted neighbour: the dealer steals a 4 spoken in words."""
    hands = [["2H", "3S", "4D", "5C", "6S", "7D"], ["AH", "KS", "QD", "JC", "TS", "9D"],
             ["KH", "QS", "JD", "TC", "9S", "8D"]]
    deal = atout.make("pitch", players=3, steal_four=True).deal(hands=hands, dealer=0)
    deal.play("bid 4")
    assert deal.to_move == 0  # seat 2 could only pass: straight to the dealer
    assert [str(a) for a in deal.legal_actions()][-2:] == ["pass", "bid 4"]
    deal.play("bid 4")
    assert deal.view(1).info["pitcher"] == 0


def test_jass_nine_sequence_alone_and_big_sequences_alone() -> None:
    """A nine-card run: 150 with nine_sequence=150, 300 with big_sequences=True."""
    deal = atout.make("jass", nine_sequence=150).deal(hands=MATCH_HANDS, dealer=1)
    _run(deal, MATCH_SCRIPT)
    assert deal.result.details["weis"] == [150, 0]
    deal = atout.make("jass", big_sequences=True).deal(hands=MATCH_HANDS, dealer=1)
    _run(deal, MATCH_SCRIPT)
    assert deal.result.details["weis"] == [300, 0]


def test_jass_suits_only_with_spades_double() -> None:
    """Both no-trump modes off: a suit-only table is accepted and offers only the suits."""
    rules = atout.make("jass", obenabe=False, undenufe=False, multipliers="spades-double")
    deal = rules.deal(hands=MATCH_HANDS, dealer=1)
    assert [str(a) for a in deal.legal_actions()] == [
        "trump H", "trump D", "trump S", "trump C", "push"]


def test_knock_rummy_five_players_nine_cards_everyone_draws() -> None:
    """players=5, hand_size=9 leaves a stock of 6: with stock_out='void' each of the five
    players still draws from the stock once before the deal is void."""
    rules = atout.make("knock-rummy", players=5, hand_size=9, stock_out="void")
    deal = rules.deal(seed=11, dealer=0)
    assert deal.view(1).info["stock"] == 6
    drawers = []
    while not deal.is_over:
        seat = deal.to_move
        drawn = [e for e in deal.play("draw stock") if e.kind == "drawn"]
        drawers.append(seat)
        discard = next(str(a) for a in deal.legal_actions() if str(a) != "knock")
        deal.play(discard)
        assert drawn
    assert drawers == [1, 2, 3, 4, 0, 1]
    assert deal.result.details["outcome"] == "void"


def test_knock_rummy_largest_hands() -> None:
    for players, largest in ((2, 24), (3, 16), (4, 11), (5, 9)):
        choices = [h for h in (5, 6, 7, 8, 9, 10) if h <= largest]
        for hand in choices:
            atout.make("knock-rummy", players=players, hand_size=hand)
    with pytest.raises(ValueError, match="at most 9"):
        atout.make("knock-rummy", players=5, hand_size=10)
