"""``benchmarks/jass_information.py``: its two valuations agree, and its regrets are regrets.

- a card's value in a kernel world (the benchmark's ``world_values``) on the true deal's state
  is the search's own value of it in the true deal (``jass_batch``), at points of the play;
- the regret the worlds predict is never below 0 (the mean of the bests is at least the best
  mean), and a short run's rows are sums of regrets, none below 0.
"""

from __future__ import annotations

from typing import Any

import pytest

import atout
from atout.bots import make_bot
from atout.bots.jass import search as jass_search
from atout.bots.jass.kernel import kernel_ready
from atout.kernels import jass as kj
from benchmark_helpers import load_benchmark

info: Any = load_benchmark("jass_information")


@pytest.fixture(scope="module", autouse=True)
def kernels() -> None:
    assert kernel_ready(jass_search.warm_up, wait=True)


def _points(seed: int) -> list[Any]:
    """The deal at each decision of seat 0 in the card play with a choice (four heuristics)."""
    rules = atout.make("jass")
    deal: Any = rules.deal(seed=seed, dealer=seed % 4)
    bots = [make_bot("heuristic", rules, s, seed) for s in range(4)]
    out = []
    while deal.to_move is not None:
        seat = deal.to_move
        if seat == 0 and deal.phase == "play" and len(deal.legal_actions()) > 1:
            out.append(deal.clone())
        deal.play(bots[seat].choose(deal.view(seat)))
    return out


@pytest.mark.parametrize("seed", [0, 7, 11])
def test_a_world_that_is_the_true_deal_is_valued_as_the_search_values_it(seed: int) -> None:
    for deal in _points(seed):
        view = deal.view(0)
        legal = deal.legal_actions()
        state = kj.encode(deal)
        got = info.world_values(deal.rules, view, legal, state[None, :], seed)
        assert list(got[0]) == jass_search.jass_batch([deal], legal, 1, 0, seed, 1)


def test_the_predicted_regret_is_never_below_zero() -> None:
    for deal in _points(3)[:4]:
        view = deal.view(0)
        assert info.world_regret(deal.rules, view, deal.legal_actions(), 24, 3) >= -1e-9


def test_a_short_run_adds_up_regrets() -> None:
    rows = info.run(2, 0, 16)
    assert set(rows) == {"search", "heuristic", "its worlds"}
    for row in rows.values():
        assert len(row) == info.TRICKS and min(row) >= -1e-9  # float sums
    assert sum(rows["heuristic"]) > 0  # two deals of the heuristic's cards: some regret
