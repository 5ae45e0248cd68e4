"""Ray RLlib's multi-agent wrapper over the PettingZoo environment: made, reset and played
to the end of deals through RLlib's own ``PettingZooEnv`` (no training: that is the recipe's,
examples/rllib_selfplay.py)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from atout.envs import GAMES, env


@pytest.mark.parametrize("game", GAMES)
def test_rllib_pettingzoo_wrapper_plays_whole_deals(game: str) -> None:
    from ray.rllib.env import MultiAgentEnv
    from ray.rllib.env.wrappers.pettingzoo_env import PettingZooEnv

    wrapped = PettingZooEnv(env(game))
    assert isinstance(wrapped, MultiAgentEnv)
    obs, _ = wrapped.reset(seed=3)
    rng = np.random.default_rng(0)
    deals, steps = 0, 0
    returns: dict[str, float] = {}
    while deals < 2:
        ((agent, o),) = obs.items()  # one agent to move at a time
        space: Any = wrapped.observation_space
        assert o["observation"].shape == space[agent]["observation"].shape
        action = int(rng.choice(np.flatnonzero(o["action_mask"])))
        step: Any = wrapped.step  # RLlib's own, without annotations
        obs, rewards, terminated, _, _ = step({agent: action})
        steps += 1
        for a, r in rewards.items():
            returns[a] = returns.get(a, 0.0) + r
        if terminated["__all__"]:
            assert all(-1.0 <= r <= 1.0 for r in returns.values())
            assert sum(returns.values()) == pytest.approx(0.0, abs=1e-9)
            deals += 1
            returns = {}
            obs, _ = wrapped.reset()
        assert steps < 5000
