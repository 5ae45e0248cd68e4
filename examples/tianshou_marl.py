"""Multi-agent training with Tianshou (2.x) on the PettingZoo environment, measured in a
tournament.

    pip install -e ".[recipes]"       # torch, tianshou (and sb3-contrib): a large install
    python examples/tianshou_marl.py --game pitch --epochs 10 --steps 5000 --deals 2000

Tianshou's ``PettingZooEnv`` wraps :func:`atout.envs.env` (one agent per seat, the action
mask read from the observation); a ``MultiAgentOffPolicyAlgorithm`` holds one algorithm per
seat: a DQN learner in seat 0 and Tianshou's masked random players in the others. At the end
the learner's Q-network, greedy over the legal actions, becomes a player
(:class:`atout.envs.ObservationPolicy`) and plays an ``atout tournament`` of duplicate deals
against the heuristic bot: points per deal with 95 % confidence intervals (``--json``).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

import numpy as np

from atout.envs import GAMES, ObservationPolicy, env
from atout.tournament import Tournament, run


class QAgent:
    """The learner's Q-network, greedy over the legal actions (an observation-and-mask
    agent)."""

    def __init__(self, net: Any) -> None:
        self.net = net

    def __call__(self, observation: Any, action_mask: Any) -> int:
        import torch

        with torch.no_grad():
            q, _ = self.net(torch.as_tensor(np.asarray(observation)[None], dtype=torch.float32))
        values = q[0].numpy().astype(np.float64)
        values[np.asarray(action_mask) == 0] = -np.inf
        return int(values.argmax())


def main(argv: list[str] | None = None) -> dict[str, Any]:
    """Train seat 0 among random players, then play the tournament."""
    import torch
    from tianshou.algorithm import (
        DQN,
        MARLRandomDiscreteMaskedOffPolicyAlgorithm,
        MultiAgentOffPolicyAlgorithm,
    )
    from tianshou.algorithm.modelfree.dqn import DiscreteQLearningPolicy
    from tianshou.algorithm.optim import AdamOptimizerFactory
    from tianshou.data import Collector, CollectStats, VectorReplayBuffer
    from tianshou.env import DummyVectorEnv
    from tianshou.env.pettingzoo_env import PettingZooEnv
    from tianshou.trainer import OffPolicyTrainerParams
    from tianshou.utils.net.common import Net

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="pitch", choices=GAMES)
    parser.add_argument("--epochs", type=int, default=10)
    parser.add_argument("--steps", type=int, default=5000, help="environment steps per epoch")
    parser.add_argument("--envs", type=int, default=8)
    parser.add_argument("--deals", type=int, default=2000, help="tournament deals")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", default=None)
    args = parser.parse_args(argv)
    game = args.game

    from pettingzoo.utils import BaseWrapper

    class NoInfo(BaseWrapper):  # type: ignore[misc]
        """The environment without its step infos, whose lists of varying length Tianshou's
        replay buffer cannot store."""

        def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
            obs, reward, terminated, truncated, _ = super().last(observe)
            return obs, reward, terminated, truncated, {}

    def make() -> Any:
        return PettingZooEnv(NoInfo(env(game)))

    probe = make()
    space = probe.observation_space["observation"]
    actions = int(probe.action_space.n)
    torch.manual_seed(args.seed)
    np.random.seed(args.seed)
    net = Net(state_shape=space.shape, action_shape=actions, hidden_sizes=[256, 256])
    learner = DQN(
        policy=DiscreteQLearningPolicy(model=net, action_space=probe.action_space,
                                       eps_training=0.1, eps_inference=0.0),
        optim=AdamOptimizerFactory(lr=1e-4), n_step_return_horizon=1, gamma=1.0,
        target_update_freq=500)
    others = [MARLRandomDiscreteMaskedOffPolicyAlgorithm(action_space=probe.action_space)
              for _ in probe.agents[1:]]
    algorithm = MultiAgentOffPolicyAlgorithm(algorithms=[learner, *others], env=probe)
    train_envs = DummyVectorEnv([make for _ in range(args.envs)])
    test_envs = DummyVectorEnv([make for _ in range(2)])
    train_envs.seed(args.seed)
    test_envs.seed(args.seed + 1)
    train = Collector[CollectStats](algorithm, train_envs,
                                    VectorReplayBuffer(50_000, len(train_envs)),
                                    exploration_noise=True)
    test = Collector[CollectStats](algorithm, test_envs, exploration_noise=True)
    train.reset()
    train.collect(n_step=64 * args.envs)
    algorithm.run_training(OffPolicyTrainerParams(
        training_collector=train, test_collector=test, max_epochs=args.epochs,
        epoch_num_steps=args.steps, collection_step_num_env_steps=args.envs * 4,
        test_step_num_episodes=10, batch_size=64,
        update_step_num_gradient_steps_per_sample=0.25, test_in_training=False,
        show_progress=False,
        multi_agent_return_reduction=lambda rews: rews[:, 0]))
    net.eval()
    player = ObservationPolicy(QAgent(net), game, name="tianshou-dqn")
    result = run(Tournament(game, (player, "heuristic"), deals=args.deals, seed=args.seed),
                 workers=1)
    mine, theirs = result.summaries()
    diff, diff_ci = result.difference(0, 1)
    report = {"game": game, "epochs": args.epochs, "steps": args.steps, "deals": args.deals,
              "points_per_deal": mine.mean, "ci95": mine.ci,
              "heuristic_points_per_deal": theirs.mean, "heuristic_ci95": theirs.ci,
              "difference": diff, "difference_ci95": diff_ci}
    print(f"{game}: Tianshou DQN after {args.epochs} × {args.steps} steps, against the "
          f"heuristic bot over {args.deals} duplicate deals: {mine.mean:+.3f} ± {mine.ci:.3f} "
          f"points per deal (95 %), the heuristic {theirs.mean:+.3f} ± {theirs.ci:.3f}; the "
          f"difference {diff:+.3f} ± {diff_ci:.3f}")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(report, f, indent=1)
    return report


if __name__ == "__main__":
    main(sys.argv[1:])
