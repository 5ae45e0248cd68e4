"""The readings of the Jass card play where the sources disagree, each on a hand-checked deal.

Under-trumping with nothing but trumps: the Swiss rule (jassverzeichnis.ch « Falls man nur
noch Trumpfkarten besitzt, darf bei allen Jassarten untertrumpft werden »; Jassonkel) lets
such a hand play any trump, the default; the strict reading (``under_trump="strict"``) allows
the lower trump only when every card held is a trump lower than the best one in the trick.
The Buur exception (``buur_free``) is off in the jass.txt presets (« il doit obligatoirement
suivre »). Jass seats: ``dealer=1``, so seat 0 is forehand and plays 0, 3, 2, 1.
"""

from __future__ import annotations

from typing import Any

import pytest

import atout
from atout.core import Deal


def run(deal: Deal, script: str) -> None:
    """Play a comma-separated list of actions."""
    for text in script.split(","):
        if text.strip():
            deal.play(text.strip())


def legal(deal: Deal) -> list[str]:
    """The legal actions' notations, by id."""
    return [str(a) for a in deal.legal_actions()]


# Trump hearts. Seat 3 trumps the diamond lead with the Nell (9H); seat 2 holds only trumps
# below it and spades, so it must discard a spade either way. Later seat 2 holds nothing but
# trumps, two above seat 3's TH (KH QH) and three below (6H 7H 8H).
UNDER = [
    ["AD", "KD", "QD", "JD", "TD", "9D", "8D", "7D", "6D"],
    ["TS", "JS", "QS", "KS", "AS", "JC", "QC", "KC", "AC"],
    ["6H", "7H", "8H", "KH", "QH", "6S", "7S", "8S", "9S"],
    ["JH", "9H", "AH", "TH", "6C", "7C", "8C", "9C", "TC"],
]
# 1. 0 AD, 3 9H (trumps), 2 6S (spades only: each trump of his is lower), 1 TS: 9H wins,
#    11 + 14 + 0 + 10 = 35 to team 1.
# 2. 3 leads 6C, 2 7S, 1 AC, 0 6D: AC wins, 11 to team 1.
# 3. 1 leads KS, 0 7D, 3 AH (trumps), 2 8S (follows: no trump above AH): AH wins, 4 + 11 = 15.
# 4. 3 leads 7C, 2 9S (discards), 1 KC, 0 8D: KC wins, 4 to team 1. Seat 2: only trumps now.
# 5. 1 leads AS, 0 9D, 3 TH (trumps): seat 2 holds 6H 7H 8H QH KH.
FIRST_TRICKS = ("trump H, AD, 9H, 6S, TS, 6C, 7S, AC, 6D, KS, 7D, AH, 8S, 7C, 9S, KC, 8D, "
                "AS, 9D, TH")


@pytest.mark.parametrize("reading", ["swiss", "strict"])
def test_a_lower_trump_with_other_cards_is_refused_in_both_readings(reading: str) -> None:
    deal = atout.make("jass", under_trump=reading).deal(hands=UNDER, dealer=1)
    run(deal, "trump H, AD, 9H")
    assert legal(deal) == ["6S", "7S", "8S", "9S"]
    with pytest.raises(atout.IllegalAction) as info:
        deal.play("6H")
    err = info.value
    assert err.code == "under_trump"
    assert dict(err.params) == {"card": "6H", "best": "9H", "rule": reading,
                                "legal": ["6S", "7S", "8S", "9S"]}
    # the sentence states the rule the engine enforces
    assert ("nothing but trumps" in err.reason) == (reading == "swiss")
    assert ("every card you hold is a trump lower than 9H" in err.reason) == \
        (reading == "strict")


def test_swiss_rule_only_trumps_may_under_trump() -> None:
    deal = atout.make("jass").deal(hands=UNDER, dealer=1)
    run(deal, FIRST_TRICKS)
    assert deal.to_move == 2
    assert legal(deal) == ["6H", "7H", "8H", "QH", "KH"]
    run(deal, "6H")  # the under-trump is played
    # 5. TH wins: 11 + 0 + 10 + 0 = 21 to team 1; 35 + 11 + 15 + 4 + 21 = 86 in all.
    assert deal.view(0).info["card_points"] == [0, 86]
    assert deal.to_move == 3


def test_strict_reading_only_trumps_must_over_trump() -> None:
    deal = atout.make("jass", under_trump="strict").deal(hands=UNDER, dealer=1)
    run(deal, FIRST_TRICKS)
    assert legal(deal) == ["QH", "KH"]
    with pytest.raises(atout.IllegalAction) as info:
        deal.play("6H")
    assert info.value.code == "under_trump"
    assert info.value.params["rule"] == "strict" and info.value.params["best"] == "TH"
    assert info.value.params["legal"] == ["QH", "KH"]
    run(deal, "QH")  # QH beats TH: 11 + 0 + 10 + 3 = 24 to team 0
    assert deal.view(0).info["card_points"] == [24, 65]
    assert deal.to_move == 2


# Trump hearts, seat 0 leads the AH: seat 3's only trump is the Buur.
BUUR = [
    ["AH", "KH", "QH", "6D", "7D", "8D", "9D", "TD", "JD"],
    ["6S", "7S", "8S", "9S", "TS", "JS", "QS", "KS", "AS"],
    ["9H", "TH", "8H", "7H", "6H", "QD", "KD", "AD", "AC"],
    ["JH", "6C", "7C", "8C", "9C", "TC", "JC", "QC", "KC"],
]


@pytest.mark.parametrize("preset", ["classic", "jass-txt"])
def test_buur_exception(preset: str) -> None:
    rules = atout.make("jass", preset=preset)
    deal = rules.deal(hands=BUUR, dealer=1 if preset == "classic" else 3)
    # jass-txt plays clockwise: with dealer 3 the player on his left, seat 0, is forehand
    run(deal, "trump H, AH")
    assert deal.to_move == 3 if preset == "classic" else 1
    if preset == "jass-txt":
        run(deal, "6S")  # seat 1 has no heart and no trump: anything
        assert deal.to_move == 2
        run(deal, "6H")
        assert deal.to_move == 3
    if rules.options.buur_free:
        assert legal(deal) == ["JH", "6C", "7C", "8C", "9C", "TC", "JC", "QC", "KC"]
        run(deal, "6C")
    else:
        assert legal(deal) == ["JH"]
        with pytest.raises(atout.IllegalAction) as info:
            deal.play("6C")
        assert info.value.code == "follow_suit"
        assert dict(info.value.params) == {"card": "6C", "suit": "H", "legal": ["JH"]}


def test_jass_txt_preset_is_the_text() -> None:
    opts: Any = atout.make("jass", preset="jass-txt").options
    assert (opts.direction, opts.under_trump, opts.buur_free, opts.weis, opts.stoeck,
            opts.match_bonus, opts.obenabe, opts.undenufe) == \
        ("clockwise", "strict", False, False, False, False, False, False)
    with pytest.raises(ValueError, match="'swiss', 'strict'"):
        atout.make("jass", under_trump="lenient")


# Putze, 5 players with the 36th card (6H) turned. Dealer 0: seat 4 speaks and leads first,
# then 3, 2, 1, 0. Seat 2 holds seven trumps and nothing else; seat 3 trumps the lead with AH.
FIVE = [
    ["JS", "QS", "KS", "AS", "QC", "KC", "AC"],
    ["KD", "AD", "6S", "7S", "8S", "9S", "TS"],
    ["7H", "8H", "TH", "QH", "KH", "9H", "JH"],
    ["AH", "6C", "7C", "8C", "9C", "TC", "JC"],
    ["6D", "7D", "8D", "9D", "TD", "JD", "QD"],
]


@pytest.mark.parametrize("reading", ["swiss", "strict"])
def test_putze_under_trump_readings(reading: str) -> None:
    rules = atout.make("putze", preset="regle-27-v2", under_trump=reading)
    deal = rules.deal(hands=FIVE, dealer=0, stock=["6H"])
    run(deal, "play, play, play, play, play")
    assert deal.to_move == 4
    run(deal, "6D, AH")
    assert deal.to_move == 2
    if reading == "swiss":
        # nothing but trumps: any of them (the Swiss rule)
        assert legal(deal) == ["7H", "8H", "9H", "TH", "JH", "QH", "KH"]
        run(deal, "7H")
        assert deal.to_move == 1
    else:
        # only the trumps above the AH: the Nell and the Buur
        assert legal(deal) == ["9H", "JH"]
        with pytest.raises(atout.IllegalAction) as info:
            deal.play("7H")
        assert info.value.code == "under_trump"
        assert info.value.params["rule"] == "strict"


def test_putze_jass_txt_follows_the_text() -> None:
    opts: Any = atout.make("putze", preset="jass-txt").options
    assert opts.under_trump == "strict" and opts.buur_free is False
    opts = atout.make("putze").options
    assert opts.under_trump == "swiss" and opts.buur_free is True


# --- Weis readings --------------------------------------------------------------------------

def weis_after_first_trick(hands: list[list[str]], trump: str, **options: Any) -> list[int]:
    """Each team's Weis points once the first trick (first legal cards) is over."""
    deal = atout.make("jass", **options).deal(hands=hands, dealer=1)
    deal.play(f"trump {trump}")
    for _ in range(4):
        deal.play(deal.legal_actions()[0])
    points: list[int] = deal.view(0).info["weis_points"]
    return points


# Seat 0: four nines and four sixes; nobody else holds a Weis (no three in a row, no four).
FOURS = [
    ["9H", "9D", "9S", "9C", "6H", "6D", "6S", "6C", "AH"],
    ["7D", "JD", "AD", "7S", "JS", "AS", "7C", "JC", "AC"],
    ["8D", "QD", "8S", "QS", "8C", "QC", "7H", "TH", "KH"],
    ["TD", "KD", "TS", "KS", "TC", "KC", "8H", "JH", "QH"],
]


@pytest.mark.parametrize(("low_fours", "expected"), [(0, 150), (100, 250)])
def test_four_nines_and_four_sixes(low_fours: int, expected: int) -> None:
    # Four nines score 150 (SPOT, Jassonkel); four sixes nothing, or 100 with low_fours.
    assert weis_after_first_trick(FOURS, "H", low_fours=low_fours) == [expected, 0]


# Seat 0: all nine spades; the other hands hold every third card of each other suit.
NINE_RUN = [
    ["6S", "7S", "8S", "9S", "TS", "JS", "QS", "KS", "AS"],
    ["6H", "9H", "QH", "6D", "9D", "QD", "6C", "9C", "QC"],
    ["7H", "TH", "KH", "7D", "TD", "KD", "7C", "TC", "KC"],
    ["8H", "JH", "AH", "8D", "JD", "AD", "8C", "JC", "AC"],
]


@pytest.mark.parametrize(("options", "expected"), [
    ({}, 100),                             # five cards or more in a row: 100
    ({"nine_sequence": 150}, 150),         # Jassonkel: 100 from the ace + 50 from the nine
    ({"big_sequences": True}, 300),        # the big scale: nine cards 300
])
def test_nine_card_sequence(options: dict[str, Any], expected: int) -> None:
    assert weis_after_first_trick(NINE_RUN, "H", **options) == [expected, 0]


# Seat 0: four jacks and TH JH QH KH, the JH in both; the others hold no Weis.
SHARED = [
    ["JH", "JD", "JS", "JC", "TH", "QH", "KH", "6D", "6C"],
    ["6H", "9H", "8D", "QD", "6S", "9S", "KS", "8C", "QC"],
    ["7H", "AH", "9D", "KD", "7S", "TS", "AS", "9C", "KC"],
    ["8H", "7D", "TD", "AD", "8S", "QS", "7C", "TC", "AC"],
]


@pytest.mark.parametrize(("share", "expected"), [(False, 200), (True, 250)])
def test_a_card_in_two_weis(share: bool, expected: int) -> None:
    # One Weis per card: the four jacks (200) beat the run T-J-Q-K (50), and TH QH KH
    # without the JH are no run. weis_share: the JH counts in both, 200 + 50.
    assert weis_after_first_trick(SHARED, "S", weis_share=share) == [expected, 0]


# Putze, 5 players, the 36th card (6H) turned; seat 4 leads the AH and seat 3's only trump is
# the Buur.
FIVE_BUUR = [
    ["JS", "QS", "KS", "AS", "QC", "KC", "AC"],
    ["TD", "JD", "QD", "KD", "AD", "9S", "TS"],
    ["9H", "TH", "8H", "7H", "6S", "7S", "8S"],
    ["JH", "6C", "7C", "8C", "9C", "TC", "JC"],
    ["AH", "KH", "QH", "6D", "7D", "8D", "9D"],
]


@pytest.mark.parametrize("buur_free", [True, False])
def test_putze_buur_exception(buur_free: bool) -> None:
    rules = atout.make("putze", preset="regle-27-v2", buur_free=buur_free)
    deal = rules.deal(hands=FIVE_BUUR, dealer=0, stock=["6H"])
    run(deal, "play, play, play, play, play, AH")
    assert deal.to_move == 3
    if buur_free:
        assert legal(deal) == ["JH", "6C", "7C", "8C", "9C", "TC", "JC"]
        run(deal, "6C")
        # seat 2 holds four trumps: he must follow with one of them
        assert legal(deal) == ["7H", "8H", "9H", "TH"]
    else:
        assert legal(deal) == ["JH"]
        with pytest.raises(atout.IllegalAction) as info:
            deal.play("6C")
        assert info.value.code == "follow_suit" and info.value.params["legal"] == ["JH"]
