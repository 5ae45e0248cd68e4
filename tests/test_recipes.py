"""The examples (recipes) run end to end at tiny budgets and end with a tournament against
the heuristic bot. The numpy one runs in every test run; those that need torch carry the
``recipes`` marker, deselected unless asked for (the ``recipes`` extra, then
``pytest -m recipes -n 0 tests/test_recipes.py``)."""

from __future__ import annotations

import importlib.util
import json
import math
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"recipe_{name}", EXAMPLES / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def check_tournament(report: dict[str, Any], deals: int) -> None:
    assert report["deals"] == deals
    for key in ("points_per_deal", "ci95", "heuristic_points_per_deal", "difference",
                "difference_ci95"):
        assert math.isfinite(report[key]), key
    assert report["ci95"] > 0


def test_selfplay_against_frozen_copies_in_numpy(tmp_path: Path) -> None:
    recipe = load("selfplay_frozen")
    out = tmp_path / "selfplay.json"
    report = recipe.main(["--game", "pitch", "--episodes", "60", "--snapshot", "20",
                          "--deals", "12", "--json", str(out)])
    check_tournament(report, 12)
    assert len(report["curve"]) == 20
    assert json.loads(out.read_text(encoding="utf-8"))["episodes"] == 60


def test_the_frozen_copies_do_not_learn() -> None:
    import numpy as np

    recipe = load("selfplay_frozen")
    learner = recipe.Linear(4, 3)
    twin = learner.copy()
    obs, mask = np.ones(4), np.array([1, 1, 0], dtype=np.int8)
    learner.learn([(obs, mask, 0)], advantage=1.0)
    assert learner.probs(obs, mask)[0] > 0.5 == twin.probs(obs, mask)[0]
    assert twin.probs(obs, mask)[2] == learner.probs(obs, mask)[2] == 0.0


@pytest.mark.recipes
@pytest.mark.timeout(900)  # minutes of training on a loaded machine
def test_maskable_ppo_trains_and_plays_a_tournament(tmp_path: Path) -> None:
    recipe = load("maskable_ppo")
    curve = recipe.main(["--game", "pitch", "--timesteps", "1024", "--envs", "2",
                         "--eval-every", "512", "--eval-deals", "50", "--deals", "10",
                         "--out", str(tmp_path)])
    check_tournament(curve, 10)
    assert curve["timesteps"][0] == 0 and curve["timesteps"][-1] >= 1024
    assert (tmp_path / "curve.png").stat().st_size > 1000


def test_the_team_env_pays_the_team_every_reward_of_the_deal() -> None:
    import numpy as np

    from atout.envs import vector_env

    recipe = load("tianshou_team_ppo")
    env = recipe.TeamEnv("pitch", opponents="random", partnership=True)
    assert env.team == [0, 2]
    rng = np.random.default_rng(1)
    seats: set[int] = set()
    for deal in range(20):
        obs, info = env.reset(seed=deal)
        total, over = 0.0, False
        while not over:
            seats.add(info["seat"])
            assert info["seat"] in (0, 2) and obs["action_mask"].any()
            action = int((rng.random(obs["action_mask"].shape) * obs["action_mask"]).argmax())
            obs, reward, over, _, info = env.step(action)
            total += reward
        points = env.table.points()  # rewards are zero-sum and scaled
        mine = ((points[0] + points[2]) / 2 - sum(points) / 4) / env.table.reward_scale
        assert math.isclose(total, mine, abs_tol=1e-6), deal
    assert seats == {0, 2}
    solo = recipe.TeamEnv("pitch", opponents="random")
    assert solo.team == [0]
    assert vector_env("pitch", 1).num_seats == len(solo.table.game.hands) == 4


@pytest.mark.recipes
@pytest.mark.timeout(900)
def test_tianshou_team_ppo_trains_both_partners_and_plays_a_tournament(tmp_path: Path) -> None:
    recipe = load("tianshou_team_ppo")
    curve = recipe.main(["--epochs", "1", "--steps", "256", "--collect", "128", "--envs", "2",
                         "--eval-deals", "4", "--deals", "6", "--out", str(tmp_path)])
    check_tournament(curve, 6)
    assert curve["options"] == {"partnership": True}
    assert curve["timesteps"][0] == 0 and curve["timesteps"][-1] >= 256
    assert len(curve["vs_random"]) == len(curve["vs_heuristic"]) == 2
    assert (tmp_path / "curve.png").stat().st_size > 1000
    assert (tmp_path / "actor.pt").stat().st_size > 1000
    again = recipe.main(["--epochs", "0", "--load", str(tmp_path / "actor.pt"),
                         "--eval-deals", "4", "--deals", "6", "--out", str(tmp_path / "b")])
    # the saved actor, measured again on the same deals, plays as it did
    assert again["vs_random"] == curve["vs_random"][-1:]
    assert again["vs_heuristic"] == curve["vs_heuristic"][-1:]
