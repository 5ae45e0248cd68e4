"""The Knock Rummy kernel against the checked engine: perft, replayed playouts, random
positions, deadwood.

The engine's restock shuffles are given to the kernel (``restock_orders``) so that a rebuilt
stock is the engine's; a playout cut short (``was_cut``) is not compared. The full agreement
count (100,000 playouts) is run by ``benchmarks/kernels_agree.py``. CI runs this file
compiled and with ``ATOUT_PURE=1``.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import atout
from atout.games.knock_rummy.melds import deadwood
from atout.kernels import COMPILED
from atout.kernels import knock_rummy as kernel
from atout.kernels.knock_rummy_melds import deadwood as kernel_deadwood
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
    {}, {"players": 2}, {"players": 5}, {"knock_limit": 10, "stock_out": "turn"},
    {"knock_limit": 5}, {"stock_out": "showdown", "knock_limit": 3},
    {"stock_out": "void", "knock_limit": 3, "knocker_discards": False},
    {"tie": "next", "penalty_to": "each", "tie_fine": True, "discard_taken": True,
     "knock_limit": 8},
    {"restock_limit": 1, "knock_limit": 4}, {"players": 3, "knock_limit": 10, "rum_bonus": 0},
]


@pytest.mark.parametrize("record", records("knock-rummy"), ids=lambda r: r["note"])
def test_perft(record: dict[str, Any]) -> None:
    state = kernel.encode(position(record))  # type: ignore[arg-type]
    counts = [kernel_perft(kernel, state, d) for d in range(1, len(record["counts"]) + 1)]
    assert counts == record["counts"]


def test_deadwood_is_the_engines() -> None:
    rng = random.Random(5)
    for i in range(3000):
        pool = range(52) if i % 2 else [c for c in range(52) if c % 13 < 6]  # many melds
        hand = sum(1 << c for c in rng.sample(pool, rng.choice((3, 7, 8, 10, 11))))
        assert kernel_deadwood(hand) == deadwood(hand)


@pytest.mark.parametrize("options", OPTIONS, ids=str)
def test_playouts_replayed_by_the_engine_score_the_same(options: dict[str, Any]) -> None:
    rules = atout.make("knock-rummy", **options)
    bad = 0
    per_deal = 10 if COMPILED else 3  # plain Python plays the long playouts slowly
    for seed in range(8):
        deal = rules.deal(seed=seed)
        orders = kernel.restock_orders(deal)  # type: ignore[arg-type]
        bad += agree(kernel, deal, per_deal, seed, orders=orders)
    assert bad == 0


@settings(max_examples=30, deadline=None)
@given(options=st.sampled_from(OPTIONS), seed=st.integers(0, 2**40),
       prefix=st.integers(0, 60), kernel_seed=st.integers(0, 2**62))
def test_from_any_reachable_position(options: dict[str, Any], seed: int, prefix: int,
                                     kernel_seed: int) -> None:
    deal = reached("knock-rummy", options, seed, prefix)
    orders = kernel.restock_orders(deal)  # type: ignore[arg-type]
    masks_agree(kernel, deal, kernel_seed, orders=orders)
    if not deal.is_over:
        assert agree(kernel, deal, 2, kernel_seed, orders=orders) == 0


def test_batch_of_deals_is_reproducible_and_sums_to_zero() -> None:
    first = kernel.playouts(300, 7, players=3)
    assert first.shape == (300, 3)
    assert np.array_equal(first, kernel.playouts(300, 7, players=3))
    assert not np.array_equal(first, kernel.playouts(300, 8, players=3))
    assert (first.sum(axis=1) == 0).all()
    assert (first != 0).any()


def test_without_the_engines_orders_the_kernel_shuffles_itself() -> None:
    deal = atout.make("knock-rummy", players=5, hand_size=9, knock_limit=20).deal(seed=3)
    state = kernel.encode(deal)  # type: ignore[arg-type]
    own = kernel.random_playouts(state, 20, 1)
    assert np.array_equal(own, kernel.random_playouts(state, 20, 1))
    assert own.shape == (20, 5)
    assert (own.sum(axis=1) == 0).all() and (own != 0).any()


def test_bad_input_is_refused_in_words() -> None:
    with pytest.raises(ValueError, match="lay_off"):
        kernel.encode(atout.make("knock-rummy", lay_off=True).deal(seed=1))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="knock-rummy deal"):
        kernel.encode(atout.make("pitch").deal(seed=1))  # type: ignore[arg-type]
    state = kernel.encode(atout.make("knock-rummy").deal(seed=1))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="orders"):
        kernel.random_playouts(state, 3, 1, orders=np.zeros((2, 3), np.int64))
    with pytest.raises(ValueError, match="int64 vector"):
        kernel.random_playouts(state[:4], 3, 1)


def test_one_call_plays_a_batch_of_states_as_one_by_one() -> None:
    deal = atout.make("knock-rummy").deal(seed=4)
    assert batch_agrees(kernel, deal, 40, 9)
    with pytest.raises(ValueError, match="states"):
        kernel.rollouts(kernel.encode(deal), 1)  # type: ignore[arg-type]
