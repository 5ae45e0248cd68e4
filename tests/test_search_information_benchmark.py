"""``benchmarks/search_information.py``: its valuations agree, and its regrets are regrets.

- a Jass world that is the true deal is valued (the benchmark's ``jass_values``) as the
  search values the true deal (``jass_batch``), at points of the play;
- the regret the worlds predict is never below 0 (the mean of the bests is at least the best
  mean), in Jass and Tarot, and a short run's rows are sums of regrets, none below 0.
"""

from __future__ import annotations

from typing import Any

import pytest

import atout
from atout.bots import make_bot
from atout.bots.jass import search as jass_search
from atout.kernels import jass as kj
from benchmark_helpers import load_benchmark

info: Any = load_benchmark("search_information")


def _points(game: str, seed: int) -> list[Any]:
    """The deal at each decision of seat 0 in the card play with a choice (four heuristics)."""
    rules = atout.make(game)
    deal: Any = rules.deal(seed=seed, dealer=seed % 4)
    bots = [make_bot("heuristic", rules, s, seed) for s in range(4)]
    out = []
    while deal.to_move is not None:
        seat = deal.to_move
        view = deal.view(seat)
        if seat == 0 and view.phase == "play" and len(deal.legal_actions()) > 1:
            out.append(deal.clone())
        deal.play(bots[seat].choose(view))
    return out


@pytest.mark.parametrize("seed", [0, 7, 11])
def test_a_jass_world_that_is_the_true_deal_is_valued_as_the_search_values_it(seed: int
                                                                               ) -> None:
    assert info.GAMES["jass"].ready()
    points = _points("jass", seed)
    assert points
    for deal in points:
        legal = deal.legal_actions()
        got = info.jass_values(deal.view(0), legal, kj.encode(deal)[None, :], seed, 1)
        assert list(got[0]) == jass_search.jass_batch([deal], legal, 1, 0, seed, 1)


@pytest.mark.parametrize("game", ["jass", "tarot"])
def test_the_predicted_regret_is_never_below_zero(game: str) -> None:
    g = info.GAMES[game]
    assert g.ready()
    rules = atout.make(game)
    checked = 0
    for seed in range(3):
        for deal in _points(game, seed)[:3]:
            bot = make_bot("search", rules, 0, seed)
            view = deal.view(0)
            legal = deal.legal_actions()
            got, card = info.predicted(g, bot, view, legal, 12, seed, 2)
            assert got >= -1e-9  # float sums
            assert card is not None and 0 <= card < len(legal)
            checked += 1
    assert checked >= 3


@pytest.mark.parametrize("game", ["jass", "tarot"])
def test_a_short_run_adds_up_regrets(game: str) -> None:
    g = info.GAMES[game]
    rows = info.run(g, 2, 0, 8, 2)
    assert set(rows) == {"search", "heuristic", "its worlds", "its worlds' card"}
    for row in rows.values():
        assert len(row) == g.stages and min(row) >= -1e-9  # float sums
    assert sum(rows["heuristic"]) + sum(rows["search"]) > 0  # two deals: some regret
