"""The Pitch kernel vector environment (atout.envs.kernel_pitch) against the engine, step by
step: each row's deal is the engine's deal of its sequence, its mask the engine's legal
actions, its seat the engine's seat to move, its observed hand the engine's, and a finished
deal's points the engine's result."""

from __future__ import annotations

from typing import Any

import pytest

from atout.envs.kernel import kernel_vector_env
from atout.envs.kernel_pitch import ACTIONS, OBS_SIZE, PitchKernelVectorEnv
from kernel_helpers import refuses_bad_actions, sequence_deal, sequence_plays_as_the_engine

OPTIONS: list[dict[str, Any]] = [
    {}, {"players": 4, "partnership": True}, {"players": 3}, {"players": 6},
    {"all_pass": "redeal"}, {"tangage": True}, {"players": 2, "min_bid": 2},
]


@pytest.mark.parametrize("options", OPTIONS)
def test_rows_play_as_the_engine(options: dict[str, Any]) -> None:
    assert sequence_plays_as_the_engine("pitch", 4, PitchKernelVectorEnv, OBS_SIZE, ACTIONS,
                                        120, 52, **options) >= 4 * 2


def test_the_observation_shows_the_table_trump_and_bid() -> None:
    env = PitchKernelVectorEnv(1, seed=5)
    deal = sequence_deal("pitch", 5, 0)
    batch = env.reset(5)
    while deal.phase.value == "auction":  # bid what the engine allows, lowest first
        a = int(deal.legal_actions()[-1])
        deal.play(deal.rules.actions[a])
        batch = env.step([a])
    obs = batch.observations[0]
    assert obs[160 + 7] == 0 and obs[160 + 7 + 1] == 1  # the play
    assert obs[169 + deal.high] == 1
    lead = int(deal.legal_actions()[0])
    deal.play(deal.rules.actions[lead])
    obs = env.step([lead]).observations[0]
    assert [c for c in range(52) if obs[104 + c]] == [lead]
    assert obs[156 + lead // 13] == 1 and obs[160 + 1] == 1


def test_bad_actions_are_refused_in_words() -> None:
    env = PitchKernelVectorEnv(3, seed=0)
    refuses_bad_actions(env, 1, "action")
    with pytest.raises(ValueError, match="one action id per table"):
        env.step(["x", "y", "z"])
    with pytest.raises(ValueError, match="positive int"):
        PitchKernelVectorEnv(0)
    with pytest.raises(ValueError, match="no kernel vector environment"):
        kernel_vector_env(2, game="hearts")
