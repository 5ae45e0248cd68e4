"""The Pitch search's model of the table in the kernel plays the engine's model, choice for
choice (:func:`atout.bots.pitch.search.model_rollout`), and the search's rollout on it."""

from __future__ import annotations

import random
from typing import Any

import pytest

import atout
from atout.bots.pitch.search import kernel_model_rollout, kernel_ready, model_rollout
from atout.kernels import COMPILED
from atout.kernels import pitch as kernel
from atout.kernels.pitch_policy import model_choices, model_points

TABLES = [{}, {"players": 3, "preset": "seed"}, {"players": 6, "partnership": True},
          {"preset": "setback"}, {"players": 2}, {"players": 5, "tangage": False}]


@pytest.mark.parametrize("options", TABLES, ids=str)
def test_the_kernels_model_plays_the_engines_choices(options: dict[str, Any]) -> None:
    rules = atout.make("pitch", **options)
    rng = random.Random(3)
    for seed in range(60):
        deal = rules.deal(seed=seed)
        for _ in range(rng.randrange(30)):  # from the deal or any position after it
            if deal.is_over:
                break
            deal.play(rng.choice(deal.legal_actions()))
        if deal.is_over:
            continue
        state = kernel.encode(deal)  # type: ignore[arg-type]
        played = deal.clone()
        result = model_rollout(played, rng)
        assert model_choices(state) == [int(a) for a in played.history[len(deal.history):]]
        assert [float(p) for p in model_points(state)] == list(result.points)
        assert kernel_model_rollout(deal.clone(), rng).points == result.points


def test_the_search_rollout_moves_to_the_kernel_once_it_is_ready() -> None:
    deal = atout.make("pitch").deal(seed=11)
    before = kernel_model_rollout(deal.clone(), random.Random(1))  # the engine's, or kernel's
    assert kernel_ready(wait=True) == COMPILED
    after = kernel_model_rollout(deal.clone(), random.Random(1))
    assert before.points == after.points == model_rollout(deal.clone(), random.Random(1)).points


def test_a_bad_state_is_refused_in_words() -> None:
    with pytest.raises(ValueError, match="int64 vector"):
        model_points(kernel.encode(atout.make("pitch").deal(seed=1))[:9])  # type: ignore[arg-type]
