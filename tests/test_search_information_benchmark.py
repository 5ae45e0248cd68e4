"""``benchmarks/search_information.py``: its valuations agree, and its regrets are regrets.

- a Jass world that is the true deal is valued (the benchmark's ``jass_values``) as the
  search values the true deal (``jass_batch``), at points of the play;
- the regret the worlds predict is never below 0 (the mean of the bests is at least the best
  mean), in Jass, Tarot and Knock Rummy, and a short run's rows are sums of regrets, none
  below 0;
- a heads-up Knock Rummy decision's stage is the searching seat's own turn, as the opener or
  as the second to play.
"""

from __future__ import annotations

from typing import Any

import pytest

from atout.bots import make_bot
from atout.bots.jass import search as jass_search
from atout.kernels import jass as kj
from benchmark_helpers import load_benchmark

info: Any = load_benchmark("search_information")


def _points(game: str, seed: int) -> list[Any]:
    """The deal at each decision of the benchmark's searching seat that it measures (every
    seat played by the heuristic)."""
    g = info.GAMES[game]
    rules = g.rules()
    deal: Any = rules.deal(seed=seed, dealer=g.dealer(seed))
    me = g.seat(seed)
    bots = [make_bot("heuristic", rules, s, seed) for s in range(g.players)]
    out = []
    while deal.to_move is not None:
        seat = deal.to_move
        view = deal.view(seat)
        if seat == me and g.measured(view) and len(deal.legal_actions()) > 1:
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


@pytest.mark.parametrize("game", ["jass", "tarot", "knock-rummy"])
def test_the_predicted_regret_is_never_below_zero(game: str) -> None:
    g = info.GAMES[game]
    assert g.ready()
    checked = 0
    for seed in range(3):
        for deal in _points(game, seed)[:3]:
            me = g.seat(seed)
            bot = make_bot("search", deal.rules, me, seed)
            view = deal.view(me)
            legal = deal.legal_actions()
            got, card = info.predicted(g, bot, view, legal, 12, seed, 2)
            assert got >= -1e-9  # float sums
            assert card is not None and 0 <= card < len(legal)
            checked += 1
    assert checked >= 3


def test_a_knock_rummy_stage_is_the_seat_s_own_turn() -> None:
    g = info.GAMES["knock-rummy"]
    stages = {seed: [g.stage(d) for d in _points("knock-rummy", seed)] for seed in range(12)}
    for seed, got in stages.items():
        # a turn is a draw, a knock or a discard, and the knocker's discard: each stage at
        # most three decisions but the last (the fourth turn and later), in order
        assert got == sorted(got), (seed, got)
        assert all(got.count(x) <= 3 for x in got if x not in (3, 7)), (seed, got)
        second = seed % 2 == 0  # the dealer is seat 0: seat 0 plays second
        assert all((x >= 4) == second for x in got), (seed, got)
    # the first turns are measured at both seats, later turns in some deals
    seen = {x for got in stages.values() for x in got}
    assert {0, 4} <= seen and seen & {1, 2, 3} and seen & {5, 6, 7}


@pytest.mark.parametrize("game", ["jass", "tarot", "knock-rummy"])
def test_a_short_run_adds_up_regrets(game: str) -> None:
    g = info.GAMES[game]
    rows = info.run(g, 2, 0, 8, 2)
    assert set(rows) == {"search", "heuristic", "its worlds", "its worlds' card"}
    for row in rows.values():
        assert len(row) == g.stages and min(row) >= -1e-9  # float sums
    assert sum(rows["heuristic"]) + sum(rows["search"]) > 0  # two deals: some regret
