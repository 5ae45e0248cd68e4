"""Seed sentences of Putze, Knock Rummy and Pitch (shared/seeds/) and how the engines read
them, each on a real deal or game. The Tarot seed sentence is in test_tarot_excuse_last.py."""

from __future__ import annotations

import random

import pytest

import atout
from atout.core import Deal


def _random_end(deal: Deal, seed: int) -> None:
    rng = random.Random(seed)
    while not deal.is_over:
        deal.play(rng.choice(deal.legal_actions()))


# -- Putze 27.27 -----------------------------------------------------------------------------

def test_putze_27_27_dealt_game_never_misdeals_the_dealer_earns_his_putze() -> None:
    """27.27: « Le donneur ne joue pas mais gagne une putze si sa donne est correcte. […]
    Fausse donne passe. » The program deals every card itself, 9 to each of the four players
    and none to the dealer: a dealt deal is always correct, so its dealer earns his putze."""
    rules = atout.make("putze", preset="regle-27-v3")
    for seed in range(5):
        deal = rules.deal(seed=seed, dealer=seed % 5)
        assert [len(deal.view(s).hand) for s in range(5)] == [
            0 if s == seed % 5 else 9 for s in range(5)]
        _random_end(deal, seed)
        assert deal.result.details["dealer_putze"] is True
        assert deal.result.details["putzes"][seed % 5] == 1


@pytest.mark.parametrize("short", [1, 3])
def test_putze_27_27_incorrect_deal_is_refused_no_putze(short: int) -> None:
    """« Fausse donne passe »: a deal laid out or imported with a wrong hand size is refused
    in words before any card is played: no deal exists, so no putze is given to its dealer."""
    rules = atout.make("putze", preset="regle-27-v3")
    dealt = rules.deal(seed=3, dealer=0)
    hands = [list(dealt.view(s).hand) for s in range(5)]
    hands[short] = hands[short][:-1]
    with pytest.raises(ValueError, match=f"seat {short} has 8 cards: expected 9"):
        rules.deal(hands=hands, dealer=0)
    saved = dealt.save()
    saved["setup"] = {"hands": hands, "dealer": 0}
    with pytest.raises(ValueError, match=f"seat {short} has 8 cards: expected 9"):
        rules.load(saved)


# -- Knock Rummy: a knocker tied at 0 ----------------------------------------------------------

@pytest.mark.parametrize("tie_fine", [False, True])
def test_knock_rummy_knocker_tied_at_zero_gets_no_rum_bonus(tie_fine: bool) -> None:
    """« Si le frappeur et un autre joueur ont tous les deux le même nombre de points et si ce
    nombre est le plus petit, c'est l'autre joueur qui gagne le coup. » and « Si le frappeur
    n'a aucune carte isolée […] il fait run. Il enregistre alors 25 points
    supplémentaires »: read together, a knocker tied at 0 loses the deal to the other player
    and records no rum bonus; the other player, who did not knock, gets none either."""
    rules = atout.make("knock-rummy", players=2, tie_fine=tie_fine)
    h0 = ["2H", "3H", "4H", "5S", "5D", "5C", "9C", "TC", "JC", "QC"]  # all melded: 0
    h1 = ["AS", "2S", "3S", "8H", "8D", "8C", "QD", "KD", "JD", "4C"]
    deal = rules.deal(hands=[h0, h1], dealer=0, discard=["9H"], stock=["4S"])
    events = []
    for a in ("draw stock", "knock", "4C"):  # AS-4S, the eights, JD-KD: 0 left
        events += deal.play(a)
    score = next(e.data for e in events if e.kind == "score")
    assert score["deadwood"] == [0, 0]
    assert score["winners"] == [0] and not score["rum"]
    assert deal.result.points == ((10, -10) if tie_fine else (0, 0))


def test_knock_rummy_winning_knocker_at_zero_gets_the_rum_bonus() -> None:
    """« Il enregistre alors 25 points supplémentaires pour chacun des joueurs »: the same
    knock, the other player left with deadwood, collects the difference and 25."""
    rules = atout.make("knock-rummy", players=2)
    h0 = ["2H", "3H", "4H", "5S", "5D", "5C", "9C", "TC", "JC", "7D"]  # 7D left: 7
    h1 = ["AS", "2S", "3S", "8H", "8D", "8C", "QD", "KD", "JD", "4C"]
    deal = rules.deal(hands=[h0, h1], dealer=0, discard=["9H"], stock=["4S"])
    events = []
    for a in ("draw stock", "knock", "4C"):
        events += deal.play(a)
    score = next(e.data for e in events if e.kind == "score")
    assert score["winners"] == [1] and score["rum"]
    assert deal.result.points == (-32, 32)


def test_knock_rummy_rum_bonus_option() -> None:
    """Option rum_bonus: the same rum with rum_bonus=50 collects 7 + 50."""
    rules = atout.make("knock-rummy", players=2, rum_bonus=50)
    h0 = ["2H", "3H", "4H", "5S", "5D", "5C", "9C", "TC", "JC", "7D"]
    h1 = ["AS", "2S", "3S", "8H", "8D", "8C", "QD", "KD", "JD", "4C"]
    deal = rules.deal(hands=[h0, h1], dealer=0, discard=["9H"], stock=["4S"])
    for a in ("draw stock", "knock", "4C"):
        deal.play(a)
    assert deal.result.points == (-57, 57)


# -- Pitch: no hand limit in the seed ------------------------------------------------------------

def _policy(match: atout.Match, rng: random.Random) -> int:
    """Pass or bid low in the auction, then a random card."""
    mask = match.legal_mask()
    words = [i for i in range(52, 57) if mask >> i & 1]
    if words:
        return rng.choice(words[:2])
    return rng.choice([i for i in range(52) if mask >> i & 1])


def test_pitch_seed_preset_has_no_hand_limit() -> None:
    """« Le premier joueur à atteindre au moins 7 points à la fin d'une main dont il était le
    lanceur remporte la partie »: the seed ends a game only so. The `seed` preset drops the
    engine's 100-hand safeguard: the same game that the safeguard ends at hand 100 goes on
    until a pitcher reaches the target."""
    limited = atout.make("pitch", preset="seed", players=7, target=21, max_hands=100)
    free = atout.make("pitch", preset="seed", players=7, target=21)
    assert free.options.max_hands == 0
    ends = []
    for rules in (limited, free):
        m = rules.match(seed=2)
        rng = random.Random(2)
        while not m.is_over:
            m.play(_policy(m, rng))
        ends.append(m.result.details)
    assert ends[0]["ended_by"] == "max_hands" and ends[0]["hands"] == 100
    assert ends[1]["ended_by"] == "target" and int(ends[1]["hands"]) > 100
