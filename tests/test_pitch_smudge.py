"""Pitch smudge (option ``smudge``): all four points in one hand win the game at once.

Bicycle, "Pitch (Smudge)": « winning all 4 points in one hand constitutes a smudge by any
player, whether he is the pitcher or not, and it wins the game immediately regardless of
that player's previous score » (``smudge="any"``); Parlett (Penguin Book of Card Games),
Smudge (1): a player who bids 4 « and makes 4 immediately wins the whole game »
(``smudge="bid-four"``)."""

from __future__ import annotations

from typing import Any

import pytest

import atout

# Three players, dealer 0: seat 1 bids 4 and pitches AH; he holds the hearts A, J, 2 and the
# top spades and takes all six tricks: High (AH), Low (2H), Jack (JH) and Game.
HANDS = [["8S", "9S", "3D", "4D", "5D", "6D"], ["AH", "JH", "2H", "AS", "KS", "QS"],
         ["3S", "4S", "5S", "6S", "7S", "TD"]]
LEADS = ["AH", "JH", "2H", "AS", "KS", "QS"]


def _play_hand(m: Any, bid: str) -> None:
    m.deal = m.rules.deal(hands=HANDS, dealer=0)
    m.scores = [5.0, -3.0, 6.0]
    m.play(bid)
    while m.deal.view(0).phase != "play":
        m.play("pass")
    for card in LEADS:
        m.play(card)  # seat 1 leads and wins each trick
        for _ in range(2):
            m.play(str(m.legal_actions()[0]))


@pytest.mark.parametrize("smudge", ["bid-four", "any"])
def test_smudge_on_a_bid_of_four_wins_at_once(smudge: str) -> None:
    m = atout.make("pitch", players=3, smudge=smudge).match(seed=0)
    _play_hand(m, "bid 4")
    d = m.deal.result.details
    assert d["taken"] == [0, 4, 0] and d["smudge"] == 1
    # -3 + 4 = 1, far from 7: the smudge alone wins
    assert m.is_over and m.result.winners == (1,)
    assert m.result.details["ended_by"] == "smudge"
    assert m.scores == [5, 1, 6]


def test_without_smudge_the_game_goes_on() -> None:
    m = atout.make("pitch", players=3).match(seed=0)
    _play_hand(m, "bid 4")
    assert not m.is_over and m.scores == [5, 1, 6]


@pytest.mark.parametrize(("smudge", "wins"), [("bid-four", False), ("any", True)])
def test_all_four_on_a_lower_bid(smudge: str, wins: bool) -> None:
    """A bid of 2 and all four points: a smudge for Bicycle (any player), not for Parlett's
    bid-four smudge."""
    m = atout.make("pitch", players=3, smudge=smudge).match(seed=0)
    _play_hand(m, "bid 2")
    assert m.is_over is wins
    if wins:
        assert m.result.winners == (1,)
