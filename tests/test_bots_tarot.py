"""Tarot bots: the sampler agrees with the views, bids and écart follow the hand, search and
heuristic play whole deals, the heuristic beats random."""

from __future__ import annotations

import random

import pytest

import atout
from atout.bots import make_bot, play_out
from atout.bots.determinize import NoConsistentDeal
from atout.bots.tarot_search import TarotDeterminizer, choose_bid, hand_points
from atout.cards import TAROT_DECK
from atout.games.tarot.tables import A_PASS


@pytest.mark.parametrize("players", [3, 4, 5])
def test_sampled_deals_agree_with_the_views(players: int) -> None:
    rules = atout.make("tarot", players=players)
    det = TarotDeterminizer(rules)
    agree = total = 0
    for i in range(4):
        deal = rules.deal(seed=i, dealer=i % players)
        bots = [make_bot("heuristic", rules, s, i) for s in range(players)]
        rng = random.Random(i)
        while deal.to_move is not None:
            seat = deal.to_move
            view = deal.view(seat)
            total += 1
            try:
                sample = det.sample(view, rng)
            except NoConsistentDeal:
                pass  # rare: the search then plays the heuristic's move
            else:
                assert sample.view(seat).to_dict() == view.to_dict()
                agree += 1
            deal.play(bots[seat].choose(view))
    assert agree >= 0.9 * total


def test_bids_follow_hand_points() -> None:
    strong = TAROT_DECK.mask(["T21", "EX", "T1", "T20", "T19", "T18", "T17", "T16", "T12",
                              "T10", "KH", "QH", "KS", "KD", "2C", "3C", "4C", "5C"])
    weak = TAROT_DECK.mask(["T2", "T3", "T5", "2H", "3H", "5H", "7H", "2D", "4D", "6D",
                            "8D", "3S", "4S", "6S", "9S", "2C", "7C", "JC"])
    assert hand_points(strong, 4) > 71 > 40 > hand_points(weak, 4)
    legal = (1 << A_PASS) | (0b1111 << (A_PASS + 1))
    assert choose_bid(weak, 4, legal) == A_PASS
    assert choose_bid(strong, 4, legal) > A_PASS + 2
    # a garde already bid: the strong hand bids on, a prise-level hand passes
    assert choose_bid(strong, 4, (1 << A_PASS) | (0b11 << (A_PASS + 3))) >= A_PASS + 3


@pytest.mark.parametrize("players", [3, 5])
def test_search_plays_whole_deals(players: int) -> None:
    rules = atout.make("tarot", players=players)
    deal = rules.deal(seed=5)
    play_out(deal, [make_bot("search:playouts=12", rules, s, 1) for s in range(players)])
    assert deal.is_over
    assert sum(deal.result.points) == 0


def test_heuristic_beats_random_at_tarot() -> None:
    rules = atout.make("tarot")
    margin = 0.0
    for i in range(25):
        for rot in range(4):
            names = [("heuristic", "random")[(s + rot) % 2] for s in range(4)]
            deal = rules.deal(seed=300 + i, dealer=i % 4)
            play_out(deal, [make_bot(n, rules, s, i) for s, n in enumerate(names)])
            margin += sum(p if names[s] == "heuristic" else -p
                          for s, p in enumerate(deal.result.points))
    assert margin > 0
