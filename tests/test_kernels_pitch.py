"""The Pitch kernel against the checked engine: perft, replayed playouts, random positions.

The full agreement count (100,000 playouts) is run by ``benchmarks/kernels_agree.py``; here a
smaller number, the same way. CI runs this file compiled and with ``ATOUT_PURE=1``.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import atout
from atout.kernels import pitch as kernel
from kernel_helpers import (
    agree,
    batch_agrees,
    kernel_perft,
    masks_agree,
    position,
    reached,
    records,
)

OPTIONS: list[dict[str, Any]] = [
    {}, {"preset": "seed", "players": 3}, {"players": 6, "partnership": True},
    {"preset": "setback"}, {"players": 2}, {"players": 7, "tangage": False},
    {"players": 5, "min_bid": 2, "all_pass": "redeal", "dealer_steal": False},
    {"players": 4, "steal_four": True, "low": "won"},
]


@pytest.mark.parametrize("record", records("pitch"), ids=lambda r: r["note"])
def test_perft(record: dict[str, Any]) -> None:
    state = kernel.encode(position(record))  # type: ignore[arg-type]
    counts = [kernel_perft(kernel, state, d) for d in range(1, len(record["counts"]) + 1)]
    assert counts == record["counts"]


@pytest.mark.parametrize("options", OPTIONS, ids=str)
def test_playouts_replayed_by_the_engine_score_the_same(options: dict[str, Any]) -> None:
    rules = atout.make("pitch", **options)
    bad = sum(agree(kernel, rules.deal(seed=seed), 25, seed) for seed in range(10))
    assert bad == 0


@settings(max_examples=40, deadline=None)
@given(options=st.sampled_from(OPTIONS), seed=st.integers(0, 2**40),
       prefix=st.integers(0, 50), kernel_seed=st.integers(0, 2**62))
def test_from_any_reachable_position(options: dict[str, Any], seed: int, prefix: int,
                                     kernel_seed: int) -> None:
    deal = reached("pitch", options, seed, prefix)
    masks_agree(kernel, deal, kernel_seed)
    if not deal.is_over:
        assert agree(kernel, deal, 3, kernel_seed) == 0


def test_batch_of_deals_is_reproducible_and_shaped() -> None:
    first = kernel.playouts(200, 7, players=5)
    assert first.shape == (200, 5)
    assert np.array_equal(first, kernel.playouts(200, 7, players=5))
    assert not np.array_equal(first, kernel.playouts(200, 8, players=5))
    # every hand's pitcher either made the bid (points 1..4) or was set back (-1..-4)
    assert ((first >= -4) & (first <= 4)).all()


def test_bad_input_is_refused_in_words() -> None:
    with pytest.raises(ValueError, match="pitch deal"):
        kernel.encode(atout.make("jass").deal(seed=1))  # type: ignore[arg-type]
    state = kernel.encode(atout.make("pitch").deal(seed=1))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="int64 vector"):
        kernel.random_playouts(state[:5], 3, 1)
    with pytest.raises(ValueError, match="seed"):
        kernel.random_playouts(state, 3, -1)
    with pytest.raises(ValueError, match="number of playouts"):
        kernel.random_playouts(state, -3, 1)


def test_one_call_plays_a_batch_of_states_as_one_by_one() -> None:
    deal = atout.make("pitch").deal(seed=4)
    assert batch_agrees(kernel, deal, 40, 9)
    with pytest.raises(ValueError, match="states"):
        kernel.rollouts(kernel.encode(deal), 1)  # type: ignore[arg-type]
