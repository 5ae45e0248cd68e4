"""The Tarot kernel against the checked engine: perft, replayed playouts, random positions.

Every phase is in the kernel (petit sec, bidding, call, écart, chelem, poignées, the tricks,
the excuse's exchange), and every option that changes play or score. The full agreement
count (100,000 playouts) is run by ``benchmarks/kernels_agree.py``; here fewer, the same way.
CI runs this file compiled and with ``ATOUT_PURE=1``.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import atout
from atout.cards import TAROT_DECK
from atout.kernels import tarot as kernel
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
    {}, {"players": 3}, {"players": 5}, {"preset": "seed"}, {"preset": "club"},
    {"players": 5, "call_self": False, "called_suit_lead": "free", "rounding": "half"},
    {"preset": "simple", "petit_sec": "play"}, {"players": 3, "packet": 4, "misere": 20},
]


@pytest.mark.parametrize("record", records("tarot"), ids=lambda r: r["note"])
def test_perft(record: dict[str, Any]) -> None:
    state = kernel.encode(position(record))  # type: ignore[arg-type]
    counts = [kernel_perft(kernel, state, d) for d in range(1, len(record["counts"]) + 1)]
    assert counts == record["counts"]


@pytest.mark.parametrize("options", OPTIONS, ids=str)
def test_playouts_replayed_by_the_engine_score_the_same(options: dict[str, Any]) -> None:
    rules = atout.make("tarot", **options)
    bad = sum(agree(kernel, rules.deal(seed=seed), 8, seed) for seed in range(6))
    assert bad == 0


def test_petit_sec_and_chelem_paths() -> None:
    # seat 1 holds the petit and no other trump nor the excuse: the deal is annulled
    rules = atout.make("tarot")
    codes = TAROT_DECK.codes
    suits = [c for c in codes if c[0] != "T" and c != "EX"]
    trumps = [c for c in codes if c[0] == "T"] + ["EX"]
    trumps.remove("T1")
    seat1 = ["T1", *suits[:17]]
    rest = suits[17:] + trumps
    deal = rules.deal(hands=[rest[0:18], seat1, rest[18:36], rest[36:54]], chien=rest[54:60])
    state = kernel.encode(deal)  # type: ignore[arg-type]
    assert kernel.legal_mask(state) == 1 << 183
    assert kernel.random_playouts(state, 3, 1).tolist() == [[0.0] * 4] * 3
    assert agree(kernel, deal, 3, 1) == 0


@settings(max_examples=30, deadline=None)
@given(options=st.sampled_from(OPTIONS), seed=st.integers(0, 2**40),
       prefix=st.integers(0, 90), kernel_seed=st.integers(0, 2**62))
def test_from_any_reachable_position(options: dict[str, Any], seed: int, prefix: int,
                                     kernel_seed: int) -> None:
    deal = reached("tarot", options, seed, prefix)
    masks_agree(kernel, deal, kernel_seed)
    if not deal.is_over:
        assert agree(kernel, deal, 2, kernel_seed) == 0


def test_batch_of_deals_is_reproducible_and_sums_to_zero() -> None:
    first = kernel.playouts(100, 7, players=5)
    assert first.shape == (100, 5)
    assert np.array_equal(first, kernel.playouts(100, 7, players=5))
    assert not np.array_equal(first, kernel.playouts(100, 8, players=5))
    assert (first.sum(axis=1) == 0).all()  # every deal sums to zero
    assert (first != 0).any()


def test_bad_input_is_refused_in_words() -> None:
    with pytest.raises(ValueError, match="tarot deal"):
        kernel.encode(atout.make("pitch").deal(seed=1))  # type: ignore[arg-type]
    state = kernel.encode(atout.make("tarot").deal(seed=1))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="int64 vector"):
        kernel.random_playouts(state[:5], 3, 1)
    with pytest.raises(ValueError, match="seed"):
        kernel.random_playouts(state, 3, "x")  # type: ignore[arg-type]


def test_one_call_plays_a_batch_of_states_as_one_by_one() -> None:
    deal = atout.make("tarot").deal(seed=4)
    assert batch_agrees(kernel, deal, 40, 9)
    with pytest.raises(ValueError, match="states"):
        kernel.rollouts(kernel.encode(deal), 1)  # type: ignore[arg-type]
