"""Putze bots: the sampler agrees with the views at every table, the heuristic and the search
play whole deals, the heuristic beats random."""

from __future__ import annotations

import random
from typing import Any

import pytest

import atout
from atout.bots import make_bot, play_out
from atout.bots.putze_search import PutzeDeterminizer, putze_rollout
from atout.core import View

TABLES: list[dict[str, Any]] = [{}, {"players": 3}, {"preset": "jass-txt"}, {"players": 5},
          {"preset": "regle-27-v2"}, {"preset": "regle-27-v3"},
          {"preset": "jass-txt", "players": 5}]
SOFT = ("weis_announced", "weis_shown", "weis_points", "points")


def _play_part(v: View) -> dict[str, object]:
    d = v.to_dict()
    for k in SOFT:
        d["info"].pop(k, None)
    return d


@pytest.mark.parametrize("table", TABLES, ids=lambda t: ",".join(f"{k}={v}" for k, v in
                                                                 t.items()) or "default")
def test_sampled_deals_agree_with_every_view(table: dict[str, Any]) -> None:
    rules = atout.make("putze", **table)
    det = PutzeDeterminizer(rules)
    exact = total = 0
    for i in range(6):
        deal = rules.deal(seed=i, dealer=i % rules.seats)
        bots = [make_bot("heuristic", rules, s, i) for s in range(rules.seats)]
        rng = random.Random(i)
        while deal.to_move is not None:
            seat = deal.to_move
            view = deal.view(seat)
            sample = det.sample(view, rng)
            assert _play_part(sample.view(seat)) == _play_part(view)
            exact += sample.view(seat).to_dict() == view.to_dict()
            total += 1
            deal.play(bots[seat].choose(view))
    assert exact >= 0.9 * total


def test_search_plays_whole_deals_at_every_table_including_the_two_player_one() -> None:
    for table in [*TABLES[:2], {"players": 2}]:
        rules = atout.make("putze", **table)
        deal = rules.deal(seed=3)
        play_out(deal, [make_bot("search:playouts=20", rules, s, 1)
                        for s in range(rules.seats)])
        assert deal.is_over


def test_rollout_reaches_the_end() -> None:
    rules = atout.make("putze", players=3)
    rng = random.Random(0)
    for seed in range(30):
        res = putze_rollout(rules.deal(seed=seed), rng)
        assert len(res.points) == 3


def test_heuristic_beats_random_at_putze() -> None:
    rules = atout.make("putze")
    margin = 0.0
    for i in range(60):
        for rot in range(4):
            names = [("heuristic", "random")[(s + rot) % 2] for s in range(4)]
            deal = rules.deal(seed=700 + i, dealer=i % 4)
            play_out(deal, [make_bot(n, rules, s, i) for s, n in enumerate(names)])
            pts = deal.result.points
            margin += sum(p if names[s] == "heuristic" else -p for s, p in enumerate(pts))
    assert margin > 0
