"""The single-agent Gymnasium environment and the vector environment."""

from __future__ import annotations

import warnings
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import atout
from atout.envs import GAMES, Table, env_id, single_agent, vector_env
from envs_helpers import CONFIGS, IDS


@pytest.mark.parametrize(("game", "opts"), CONFIGS, ids=IDS)
def test_gymnasium_env_checker(game: str, opts: dict[str, Any]) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the checker's advice on Dict spaces
        check_env(single_agent(game, opponents="random", render_mode="ansi", **opts),
                  skip_render_check=False)


@pytest.mark.parametrize("game", GAMES)
def test_registered_with_gymnasium(game: str) -> None:
    made = gymnasium.make(env_id(game), opponents="random")
    obs, _ = made.reset(seed=0)
    assert made.unwrapped.table.name == game  # type: ignore[attr-defined]
    assert obs["action_mask"].any()


def test_the_learning_seat_plays_against_heuristic_bots_to_the_end() -> None:
    e = single_agent("jass", opponents="heuristic", seat=1)
    obs, _ = e.reset(seed=3)
    rng = np.random.default_rng(0)
    total, steps, terminated = 0.0, 0, False
    while not terminated:
        assert e.table.to_move == 1
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, reward, terminated, truncated, info = e.step(action)
        assert not truncated
        total += reward
        steps += 1
    assert steps == 9  # nine cards (a trump choice pushed to seat 1 would make it ten)
    points = e.table.points()
    assert info["points"] == points[1]
    assert total == pytest.approx((points[1] - sum(points) / 4) / 438.5)  # the jass bound


def test_an_illegal_action_ends_the_episode_or_raises() -> None:
    e = single_agent("pitch", opponents="random", illegal_reward=-3.0)
    obs, _ = e.reset(seed=1)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, terminated, _, info = e.step(illegal)
    assert terminated and reward == -3.0 and info["illegal_action"]
    with pytest.raises(ValueError, match="reset"):
        e.step(0)
    strict = single_agent("pitch", opponents="random", illegal="raise")
    strict.reset(seed=1)
    with pytest.raises(atout.IllegalAction):
        strict.step(illegal)


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"opponents": "genius"}, "unknown bot 'genius'"),
    ({"opponents": ["random"]}, "one bot name or 3 names"),
    ({"seat": 4}, "seat must be from 0 to 3"),
    ({"illegal": "ignore"}, "'terminate', 'raise'"),
])
def test_single_agent_refuses_bad_arguments(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        single_agent("jass", **kwargs)


def test_opponents_may_differ_per_seat() -> None:
    e = single_agent("pitch", players=3, opponents=["random", "heuristic"])
    first, second, third = e.bots
    assert first is None
    assert second is not None and second.name == "random"
    assert third is not None and third.name != "random"
    e.reset(seed=0)


@pytest.mark.parametrize("game", GAMES)
def test_vector_self_play_rows_follow_their_deals(game: str) -> None:
    v = vector_env(game, num_envs=5)
    batch = v.reset(seed=10)
    rng = np.random.default_rng(1)
    ended = 0
    rewards = np.zeros((5, v.num_seats))
    for _ in range(150):
        for i, table in enumerate(v.tables):
            assert batch.seats[i] == table.to_move
            assert list(np.flatnonzero(batch.masks[i])) == [
                int(a) for a in table.game.legal_actions()]
            assert np.array_equal(batch.observations[i],
                                  table.observation(int(batch.seats[i])))
        actions = [int(rng.choice(np.flatnonzero(m))) for m in batch.masks]
        batch = v.step(np.array(actions))
        rewards += batch.rewards
        ended += int(batch.dones.sum())
        assert not batch.points[~batch.dones].any()
    assert ended > 0
    assert np.allclose(rewards.sum(axis=1), 0.0, atol=1e-4)


def test_vector_reset_with_a_seed_is_reproducible() -> None:
    a = vector_env("jass", num_envs=3, copy=True)
    b = vector_env("jass", num_envs=3, copy=True)
    first, second = a.reset(seed=4), b.reset(seed=4)
    assert np.array_equal(first.observations, second.observations)
    assert not np.array_equal(first.observations[0], first.observations[1])


def test_vector_with_opponents_always_shows_the_learning_seat() -> None:
    v = vector_env("pitch", num_envs=4, opponents="random", seat=2)
    batch = v.reset(seed=0)
    rng = np.random.default_rng(0)
    for _ in range(40):
        assert (batch.seats == 2).all()
        batch = v.step(np.array([int(rng.choice(np.flatnonzero(m))) for m in batch.masks]))


def test_vector_refuses_an_illegal_action_naming_the_row() -> None:
    v = vector_env("jass", num_envs=2)
    batch = v.reset(seed=0)
    actions = np.array([int(np.flatnonzero(m)[0]) for m in batch.masks])
    actions[1] = int(np.flatnonzero(batch.masks[1] == 0)[0])
    with pytest.raises(atout.IllegalAction, match="row 1"):
        v.step(actions)
    with pytest.raises(ValueError, match="shape"):
        v.step(np.zeros(3, dtype=np.int64))
    with pytest.raises(ValueError, match="num_envs"):
        vector_env("jass", num_envs=0)


def test_gymnasium_make_vec_batches_the_single_agent_env() -> None:
    v = gymnasium.make_vec(env_id("pitch"), num_envs=3, opponents="random")
    obs, _ = v.reset(seed=1)
    assert obs["observation"].shape == (3, Table("pitch").encoder.size)
    assert obs["action_mask"].shape == (3, atout.make("pitch").num_actions)
    rng = np.random.default_rng(0)
    finished = 0
    for _ in range(60):
        # a row that just ended shows an empty mask: its next action is ignored (autoreset)
        acts = np.array([int(rng.choice(np.flatnonzero(m))) if m.any() else 0
                         for m in obs["action_mask"]])
        obs, _, terminated, truncated, _ = v.step(acts)
        assert not truncated.any()
        finished += int(terminated.sum())
    assert finished > 0
    v.close()
