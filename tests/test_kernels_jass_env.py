"""The Jass kernel vector environment (atout.envs.kernel) against the engine: each row's deal
is the engine's deal of its sequence, its masks the engine's legal cards, and a finished
deal's points the engine's result for the same cards."""

from __future__ import annotations

import random
from typing import Any

import pytest

from atout.envs.kernel import OBS_SIZE, kernel_vector_env
from atout.games import make
from atout.kernels.jass_batch import first_deal_seed, random_until_play
from kernel_helpers import refuses_bad_actions, rows_play_as_the_engine


def engine_deal(seed: int, k: int) -> Any:
    """Deal ``k`` of the sequence of ``seed``, at its first card, by the engine."""
    first = first_deal_seed(seed)
    deal: Any = make("jass").deal(seed=first + k, dealer=k % 4)
    random_until_play(deal, random.Random(first + k))
    return deal


def test_rows_play_as_the_engine() -> None:
    n = 5
    env = kernel_vector_env(n, seed=3)
    batch = env.reset(3)
    assert batch.observations.shape == (n, OBS_SIZE)
    deals = [engine_deal(3, i) for i in range(n)]
    finished = rows_play_as_the_engine(env, batch, deals, lambda k: engine_deal(3, k), 80, 36)
    assert finished >= n * 2


def test_bad_actions_are_refused_in_words() -> None:
    refuses_bad_actions(kernel_vector_env(3, seed=0), 1, "card")
    with pytest.raises(ValueError, match="positive int"):
        kernel_vector_env(0)
