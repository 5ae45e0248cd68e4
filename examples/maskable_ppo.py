"""MaskablePPO (sb3-contrib) on the single-agent environment, measured in a tournament.

    pip install -e ".[recipes]"       # torch, sb3-contrib (and tianshou): a large install
    python examples/maskable_ppo.py --game pitch --timesteps 200000 --out results/ppo

The learner plays seat 0 of :func:`atout.envs.single_agent` against heuristic bots; the
action mask reaches MaskablePPO through the wrapper's ``action_masks()``. As it learns, its
greedy policy is measured every ``--eval-every`` steps on the same ``--eval-deals`` deals
against three heuristic bots (mean reward per deal, the environment's scale: see
docs/envs.md, *Rewards*); ``curve.json`` and ``curve.png`` (matplotlib) go to ``--out``. At
the end the trained model becomes a player (:class:`atout.envs.ObservationPolicy`) and
plays an ``atout tournament`` of duplicate deals against the heuristic bot: points per deal
with 95 % confidence intervals.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np

from atout.envs import GAMES, ObservationPolicy, single_agent, vector_env
from atout.tournament import Tournament, run


class Masked(gymnasium.Wrapper[Any, Any, Any, Any]):
    """The observation vector alone, the mask through ``action_masks()`` (sb3-contrib)."""

    def __init__(self, env: gymnasium.Env[Any, Any]) -> None:
        super().__init__(env)
        self.observation_space = env.observation_space["observation"]  # type: ignore[index]
        size = int(env.action_space.n)  # type: ignore[attr-defined]
        self.mask: np.ndarray[Any, Any] = np.ones(size, dtype=np.bool_)

    def reset(self, **kwargs: Any) -> tuple[Any, dict[str, Any]]:
        obs, info = self.env.reset(**kwargs)
        self.mask = obs["action_mask"].astype(bool)
        return obs["observation"], info

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        obs, reward, terminated, truncated, info = self.env.step(action)
        self.mask = obs["action_mask"].astype(bool)
        return obs["observation"], float(reward), terminated, truncated, info

    def action_masks(self) -> np.ndarray[Any, Any]:
        """The legal actions now (all false once the episode is over)."""
        return self.mask


class Agent:
    """The trained model as an observation-and-mask agent (greedy)."""

    def __init__(self, model: Any) -> None:
        self.model = model

    def __call__(self, observation: Any, action_mask: Any) -> int:
        action, _ = self.model.predict(observation, action_masks=action_mask.astype(bool),
                                       deterministic=True)
        return int(action)


def evaluate(model: Any, game: str, deals: int, rows: int = 50) -> float:
    """Mean reward per deal of the greedy model in seat 0 against three heuristic bots, on
    the same deals at every call."""
    v = vector_env(game, num_envs=rows, opponents="heuristic", seat=0)
    batch = v.reset(seed=10_000)
    per_row = max(1, deals // rows)
    counted = np.zeros(rows, dtype=np.int64)
    total = 0.0
    while (counted < per_row).any():
        actions, _ = model.predict(batch.observations, action_masks=batch.masks.astype(bool),
                                   deterministic=True)
        batch = v.step(np.asarray(actions))
        for i in np.flatnonzero(batch.dones & (counted < per_row)):
            total += float(batch.rewards[i, 0])
            counted[i] += 1
    return total / (per_row * rows)


def plot(curve: dict[str, Any], path: Path) -> None:
    """The learning curve as a PNG."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6, 3.5))
    ax.plot(curve["timesteps"], curve["vs_heuristic"], marker="o")
    ax.axhline(0.0, color="grey", linewidth=0.8)
    ax.set_xlabel("training steps (the learner's decisions)")
    ax.set_ylabel("mean reward per deal")
    ax.set_title(f"MaskablePPO on {curve['game']}, seat 0 against 3 heuristic bots")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def main(argv: list[str] | None = None) -> dict[str, Any]:
    """Train, measure as it learns, then play the tournament."""
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import BaseCallback
    from stable_baselines3.common.vec_env import DummyVecEnv

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="pitch", choices=GAMES)
    parser.add_argument("--timesteps", type=int, default=200_000)
    parser.add_argument("--envs", type=int, default=8)
    parser.add_argument("--eval-every", type=int, default=20_000)
    parser.add_argument("--eval-deals", type=int, default=500)
    parser.add_argument("--deals", type=int, default=2000, help="tournament deals")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", default="results/ppo")
    args = parser.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    game = args.game
    venv = DummyVecEnv([lambda: Masked(single_agent(game, opponents="heuristic"))
                        for _ in range(args.envs)])
    venv.seed(args.seed)
    steps = max(16, min(512, args.timesteps // args.envs))
    model = MaskablePPO("MlpPolicy", venv, n_steps=steps,
                        batch_size=min(256, steps * args.envs), learning_rate=3e-4,
                        gamma=1.0, ent_coef=0.01, seed=args.seed, verbose=0,
                        policy_kwargs={"net_arch": [256, 256]})
    curve: dict[str, Any] = {"game": game, "timesteps": [], "seconds": [], "vs_heuristic": []}
    clock = {"train": 0.0, "since": time.process_time()}

    def measure(timesteps: int) -> None:
        clock["train"] += time.process_time() - clock["since"]
        curve["timesteps"].append(timesteps)
        curve["seconds"].append(round(clock["train"], 1))
        curve["vs_heuristic"].append(evaluate(model, game, args.eval_deals))
        print(f"{timesteps:>8} steps  {clock['train']:7.1f} s CPU  mean reward per deal "
              f"{curve['vs_heuristic'][-1]:+.4f}", flush=True)
        clock["since"] = time.process_time()

    class Every(BaseCallback):  # type: ignore[misc]
        """Measures the greedy policy every ``--eval-every`` steps."""

        def __init__(self) -> None:
            super().__init__()
            self.next = args.eval_every

        def _on_step(self) -> bool:
            if self.num_timesteps >= self.next:
                measure(self.num_timesteps)
                self.next += args.eval_every
            return True

    measure(0)
    model.learn(total_timesteps=args.timesteps, callback=Every())
    if curve["timesteps"][-1] != model.num_timesteps:
        measure(model.num_timesteps)
    player = ObservationPolicy(Agent(model), game, name="maskable-ppo")
    result = run(Tournament(game, (player, "heuristic"), deals=args.deals, seed=args.seed),
                 workers=1)
    mine, theirs = result.summaries()
    diff, diff_ci = result.difference(0, 1)
    curve.update({"deals": args.deals, "points_per_deal": mine.mean, "ci95": mine.ci,
                  "heuristic_points_per_deal": theirs.mean, "heuristic_ci95": theirs.ci,
                  "difference": diff, "difference_ci95": diff_ci})
    (out / "curve.json").write_text(json.dumps(curve, indent=1), encoding="utf-8")
    plot(curve, out / "curve.png")
    print(f"{game}: MaskablePPO after {model.num_timesteps} steps, against the heuristic bot "
          f"over {args.deals} duplicate deals: {mine.mean:+.3f} ± {mine.ci:.3f} points per "
          f"deal (95 %), the heuristic {theirs.mean:+.3f} ± {theirs.ci:.3f}; the difference "
          f"{diff:+.3f} ± {diff_ci:.3f}")
    return curve


if __name__ == "__main__":
    main(sys.argv[1:])
