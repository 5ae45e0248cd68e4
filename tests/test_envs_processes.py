"""Vector environments over several processes: ours (process_vector_env) and Gymnasium's
AsyncVectorEnv over the single-agent environment; they give what one process gives."""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import pytest

import atout
from atout.envs import ProcessVectorEnv, env_id, process_vector_env, vector_env
from atout.envs.vector import Batch


def random_actions(batch: Batch, rng: np.random.Generator) -> np.ndarray[Any, Any]:
    return (rng.random(batch.masks.shape) * batch.masks).argmax(1)  # type: ignore[no-any-return]


def assert_same(a: Batch, b: Batch) -> None:
    for name in ("observations", "masks", "seats", "rewards", "dones", "points"):
        np.testing.assert_array_equal(getattr(a, name), getattr(b, name), err_msg=name)


@pytest.mark.parametrize("transport", ["shared", "pipes"])
@pytest.mark.parametrize("opponents", [None, "heuristic"])
def test_the_rows_in_worker_processes_are_the_rows_of_one_process(opponents: str | None,
                                                                   transport: str) -> None:
    kw: dict[str, Any] = {} if opponents is None else {"opponents": opponents, "seat": 1}
    one = vector_env("pitch", 5, **kw)
    with process_vector_env("pitch", 5, processes=2, transport=transport, **kw) as many:
        assert many.rows == [3, 2]
        a, b = one.reset(seed=11), many.reset(seed=11)
        assert_same(a, b)
        rng = np.random.default_rng(0)
        ended = 0
        for _ in range(40):
            acts = random_actions(a, rng)
            a, b = one.step(acts), many.step(acts)
            assert_same(a, b)
            ended += int(a.dones.sum())
        assert ended > 0  # deals ended and were replaced in both
        assert many.action_names(b.masks[0]) == one.action_names(a.masks[0])
    assert many.closed
    assert not any(p.is_alive() for p in many._procs)


@pytest.mark.parametrize("transport", ["shared", "pipes"])
def test_an_illegal_action_names_its_row_and_the_workers_go_on(transport: str) -> None:
    with process_vector_env("jass", 4, processes=2, transport=transport) as many:
        batch = many.reset(seed=0)
        acts = (batch.masks.argmax(1)).copy()
        bad = int(np.flatnonzero(batch.masks[3] == 0)[0])
        acts[3] = bad
        with pytest.raises(atout.IllegalAction, match="row 3"):
            many.step(acts)
        batch = many.reset(seed=1)  # every worker answered: the next call works
        assert batch.masks.any(axis=1).all()


def test_bad_arguments_are_refused_in_words() -> None:
    with pytest.raises(ValueError, match="processes must be a positive int"):
        ProcessVectorEnv("pitch", 4, processes=0)
    with pytest.raises(ValueError, match="num_envs must be an int of at least"):
        ProcessVectorEnv("pitch", 1, processes=2)
    with pytest.raises(ValueError, match="no environment for game"):
        ProcessVectorEnv("chess", 4)
    with pytest.raises(ValueError, match="players"):
        ProcessVectorEnv("pitch", 4, players=9)
    with pytest.raises(ValueError, match="transport='pipe' is not accepted"):
        ProcessVectorEnv("pitch", 4, transport="pipe")
    many = ProcessVectorEnv("pitch", 2, processes=2)
    many.reset(seed=0)
    with pytest.raises(ValueError, match="shape"):
        many.step([0])  # checked before the workers are asked
    many.close()
    with pytest.raises(ValueError, match="closed"):
        many.reset()


def test_gymnasium_async_vector_env_runs_the_single_agent_env_in_processes() -> None:
    sync = gymnasium.make_vec(env_id("pitch"), num_envs=2, vectorization_mode="sync",
                              opponents="heuristic")
    asyn = gymnasium.make_vec(env_id("pitch"), num_envs=2, vectorization_mode="async",
                              opponents="heuristic")
    try:
        assert isinstance(asyn, gymnasium.vector.AsyncVectorEnv)
        (o1, _), (o2, _) = sync.reset(seed=4), asyn.reset(seed=4)
        rng = np.random.default_rng(1)
        episodes = 0
        for _ in range(30):
            np.testing.assert_array_equal(o1["observation"], o2["observation"])
            np.testing.assert_array_equal(o1["action_mask"], o2["action_mask"])
            masks = o1["action_mask"]
            acts = (rng.random(masks.shape) * masks).argmax(1)
            o1, r1, t1, _, _ = sync.step(acts)
            o2, r2, t2, _, _ = asyn.step(acts)
            np.testing.assert_array_equal(r1, r2)
            np.testing.assert_array_equal(t1, t2)
            episodes += int(t1.sum())
        assert episodes > 0
    finally:
        sync.close()
        asyn.close()


def test_shared_rows_are_written_in_place_by_the_workers() -> None:
    with process_vector_env("pitch", 4, processes=2) as many:
        assert many.transport == "shared"
        first = many.reset(seed=3)
        seen = first.observations.copy()
        second = many.step(random_actions(first, np.random.default_rng(0)))
        # the same shared arrays, rewritten by the workers: nothing was sent back
        assert second.observations is first.observations
        assert not np.array_equal(seen, second.observations)
    with process_vector_env("pitch", 4, processes=2, copy=True) as many:
        a = many.reset(seed=3)
        b = many.step(random_actions(a, np.random.default_rng(0)))
        assert b.observations is not a.observations  # copy=True: fresh arrays


def test_a_vector_env_writes_into_the_arrays_it_is_given() -> None:
    from atout.envs.vector import empty_batch

    own = vector_env("pitch", 3)
    out = empty_batch(3, own.observation_size, own.num_actions, own.num_seats)
    given = vector_env("pitch", 3, out=out)
    assert_same(own.reset(seed=5), given.reset(seed=5))
    assert given.reset(seed=5).observations is out.observations
    with pytest.raises(ValueError, match=r"out.masks must be an array of shape \(3, "):
        vector_env("pitch", 3, out=empty_batch(3, own.observation_size, 1, own.num_seats))
    with pytest.raises(ValueError, match="out must be a Batch"):
        vector_env("pitch", 3, out=[1, 2])
