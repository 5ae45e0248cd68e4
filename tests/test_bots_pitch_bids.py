"""The Pitch search's bids heads-up: it searches them there (``key=search``), legally, and
takes the clearly best option on hands where one is obvious; at more players it bids by the
fitted model."""

from __future__ import annotations

import pytest

import atout
from atout.bots import make_bot
from atout.bots.search import SearchBot
from atout.cards import FULL_DECK
from atout.games.pitch import PitchDeal

OTHERS = ["4C", "6D", "7S", "8C", "9D", "5S"]
"""A hand for the other seat that holds no heart."""


def _deal(mine: list[str], others: list[str], dealer: int) -> PitchDeal:
    """A heads-up deal: seat 1 holds ``mine`` and seat 0 ``others``, the rest undealt."""
    rules = atout.make("pitch", players=2)
    rest = [c for c in FULL_DECK.codes if c not in mine and c not in others]
    deal = rules.deal(hands=[others, mine], dealer=dealer, rest=rest)
    assert isinstance(deal, PitchDeal)
    return deal


def test_the_search_searches_its_bids_heads_up_and_bids_by_the_model_at_more_players() -> None:
    for players, key in ((2, "search"), (3, "heuristic"), (4, "heuristic")):
        rules = atout.make("pitch", players=players)
        bot = make_bot("search", rules, 0)
        assert isinstance(bot, SearchBot) and bot.key == key
    named = make_bot("search:key=heuristic", atout.make("pitch", players=2), 0)
    assert isinstance(named, SearchBot) and named.key == "heuristic"  # a keyword wins


@pytest.mark.parametrize("dealer", [0, 1])
def test_the_heads_up_search_bids_legally_and_rolls_every_option_out(dealer: int) -> None:
    rules = atout.make("pitch", players=2)
    for i in range(5):
        deal = rules.deal(seed=700 + i, dealer=dealer)
        assert isinstance(deal, PitchDeal)
        bots = [make_bot("search:playouts=12", rules, s, i) for s in range(2)]
        while deal.to_move is not None and deal.phase == "auction":
            seat = deal.to_move
            view = deal.view(seat)
            bot = bots[seat]
            action = bot.choose(view)
            assert action.text in view.legal
            assert isinstance(bot, SearchBot)
            if len(view.legal) > 1:
                assert bot.last  # searched: each option tried has a value
                assert action.text in bot.last
            deal.play(action)


def test_a_hand_that_takes_every_point_bids_four() -> None:
    # High (the ace), Low (the two: low=dealt), Jack, and every trick, so Game: four points
    # whatever the other seat holds; a lower bid lets the dealer steal the contract
    deal = _deal(["AH", "KH", "QH", "JH", "2H", "3H"], OTHERS, dealer=0)
    assert deal.to_move == 1  # the first to bid
    view = deal.view(1)
    assert "pass" in view.legal
    action = make_bot("search:playouts=150", deal.rules, 1, 3).choose(view)
    assert action.text == "bid 4" or action.text in ("AH", "KH", "QH", "JH", "2H", "3H")


def test_a_hand_without_a_point_passes_first() -> None:
    deal = _deal(["4C", "6D", "7S", "8C", "9D", "5S"],
                 ["AH", "KH", "QH", "JH", "2H", "3H"], dealer=0)
    view = deal.view(1)
    action = make_bot("search:playouts=150", deal.rules, 1, 3).choose(view)
    assert action.text == "pass"
