"""Pitch bots: the sampler agrees with the views, bids follow the hand, search and heuristic
play whole deals, the heuristic beats random."""

from __future__ import annotations

import random
from typing import Any

import pytest

import atout
from atout.bots import make_bot, play_out
from atout.bots.pitch_search import PASS, PitchDeterminizer, choose_bid, suit_points
from atout.cards import FULL_DECK


@pytest.mark.parametrize("table", [{}, {"players": 3}, {"partnership": True}])
def test_sampled_deals_agree_with_the_views(table: dict[str, Any]) -> None:
    rules = atout.make("pitch", **table)
    det = PitchDeterminizer(rules)
    for i in range(6):
        deal = rules.deal(seed=i, dealer=i % rules.seats)
        bots = [make_bot("heuristic", rules, s, i) for s in range(rules.seats)]
        rng = random.Random(i)
        while deal.to_move is not None:
            seat = deal.to_move
            view = deal.view(seat)
            assert det.sample(view, rng).view(seat).to_dict() == view.to_dict()
            deal.play(bots[seat].choose(view))


def test_bids_follow_the_best_suit() -> None:
    strong = FULL_DECK.mask(["AS", "JS", "2S", "TS", "KS", "5H"])
    weak = FULL_DECK.mask(["5H", "7D", "9C", "6S", "8H", "4D"])
    assert suit_points(strong, 2) > 3 > 1 > max(suit_points(weak, s) for s in range(4))
    legal = (1 << PASS) | (0b1111 << (PASS + 1))
    assert choose_bid(weak, legal) == PASS
    assert choose_bid(strong, legal) >= PASS + 3


def test_search_plays_whole_deals() -> None:
    rules = atout.make("pitch")
    deal = rules.deal(seed=2)
    play_out(deal, [make_bot("search:playouts=20", rules, s, 1) for s in range(4)])
    assert deal.is_over


def test_heuristic_beats_random_at_pitch() -> None:
    rules = atout.make("pitch")
    margin = 0.0
    for i in range(30):
        for rot in range(4):
            names = [("heuristic", "random")[(s + rot) % 2] for s in range(4)]
            deal = rules.deal(seed=400 + i, dealer=i % 4)
            play_out(deal, [make_bot(n, rules, s, i) for s, n in enumerate(names)])
            margin += sum(p if names[s] == "heuristic" else -p
                          for s, p in enumerate(deal.result.points))
    assert margin > 0
