"""Self-play against frozen copies of oneself, through the PettingZoo environment, in numpy.

    python examples/selfplay_frozen.py --game pitch --episodes 3000 --deals 2000

A linear softmax policy over the game's action ids (masked by ``action_mask``) learns by
REINFORCE with a running baseline. In each episode (one deal of :func:`atout.envs.env`) it
plays one seat, drawn at random, and the other seats are played by frozen copies of it taken
from a pool: every ``--snapshot`` episodes the pool gains a copy of the learner as it is
then (:func:`atout.bots.policy.frozen` makes such copies of any policy; here the weights
are copied by hand because the pool plays through the same numpy code). Nothing but numpy.

At the end the greedy learner becomes a player (:class:`atout.envs.ObservationPolicy`) and
plays ``atout tournament`` against the heuristic bot: its points per deal with a 95 %
confidence interval are printed (and written to ``--json``).
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from atout.envs import GAMES, ObservationPolicy, env
from atout.tournament import Tournament, run

Array = npt.NDArray[np.float64]


@dataclass
class Linear:
    """A linear softmax policy over action ids, masked: ``softmax(W · obs + b)``."""

    size: int
    actions: int
    lr: float = 0.05
    weights: Array = field(init=False)
    bias: Array = field(init=False)

    def __post_init__(self) -> None:
        self.weights = np.zeros((self.actions, self.size))
        self.bias = np.zeros(self.actions)

    def probs(self, obs: Array, mask: Any) -> Array:
        """The action probabilities (0 off the mask)."""
        logits = self.weights @ obs + self.bias
        logits = np.where(mask > 0, logits, -np.inf)
        e = np.exp(logits - logits.max())
        return e / e.sum()  # type: ignore[no-any-return]

    def act(self, obs: Array, mask: Any, rng: np.random.Generator | None) -> int:
        """A sampled action (the most likely one when ``rng`` is None)."""
        p = self.probs(obs, mask)
        return int(p.argmax()) if rng is None else int(rng.choice(len(p), p=p))

    def learn(self, steps: list[tuple[Array, Any, int]], advantage: float) -> None:
        """One REINFORCE step over an episode's decisions."""
        for obs, mask, action in steps:
            grad = -self.probs(obs, mask)
            grad[action] += 1.0
            self.weights += self.lr * advantage * np.outer(grad, obs)
            self.bias += self.lr * advantage * grad

    def copy(self) -> Linear:
        """A frozen copy: its own arrays, which later learning does not touch."""
        twin = Linear(self.size, self.actions, self.lr)
        twin.weights, twin.bias = self.weights.copy(), self.bias.copy()
        return twin


@dataclass
class Greedy:
    """The trained policy as an observation-and-mask agent (it pickles: worker processes)."""

    model: Linear

    def __call__(self, observation: Any, action_mask: Any) -> int:
        return self.model.act(np.asarray(observation, dtype=np.float64), action_mask, None)


def train(game: str, episodes: int, snapshot: int, seed: int) -> tuple[Linear, list[float]]:
    """The learner after ``episodes`` deals, and its mean reward per block of episodes."""
    e = env(game)
    e.reset(seed=seed)
    space = e.observation_space(e.possible_agents[0])["observation"]
    learner = Linear(space.shape[0], int(e.action_space(e.possible_agents[0]).n))
    pool = [learner.copy()]
    rng = np.random.default_rng(seed)
    baseline, curve, block = 0.0, [], []
    for episode in range(episodes):
        if episode and episode % snapshot == 0:
            pool.append(learner.copy())  # the learner as it is now joins the opponents
        e.reset()
        me = e.possible_agents[rng.integers(len(e.possible_agents))]
        players = {a: learner if a == me else pool[rng.integers(len(pool))]
                   for a in e.possible_agents}
        steps: list[tuple[Array, Any, int]] = []
        total = 0.0
        for agent in e.agent_iter():
            obs, reward, terminated, truncated, _ = e.last()
            if agent == me:
                total += reward
            if terminated or truncated:
                e.step(None)
                continue
            x = obs["observation"].astype(np.float64)
            action = players[agent].act(x, obs["action_mask"], rng)
            if agent == me:
                steps.append((x, obs["action_mask"], action))
            e.step(action)
        learner.learn(steps, total - baseline)
        baseline += 0.01 * (total - baseline)
        block.append(total)
        if len(block) == max(1, episodes // 20):
            curve.append(float(np.mean(block)))
            block = []
    return learner, curve


def main(argv: list[str] | None = None) -> dict[str, Any]:
    """Train, then measure the learner against the heuristic bot in a tournament."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="pitch", choices=GAMES)
    parser.add_argument("--episodes", type=int, default=3000)
    parser.add_argument("--snapshot", type=int, default=200,
                        help="episodes between two frozen copies joining the pool")
    parser.add_argument("--deals", type=int, default=2000, help="tournament deals")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", default=None)
    args = parser.parse_args(argv)
    learner, curve = train(args.game, args.episodes, args.snapshot, args.seed)
    player = ObservationPolicy(Greedy(learner), args.game, name="selfplay")
    result = run(Tournament(args.game, (player, "heuristic"), deals=args.deals,
                            seed=args.seed), workers=args.workers)
    mine, theirs = result.summaries()
    diff, diff_ci = result.difference(0, 1)
    report = {"game": args.game, "episodes": args.episodes, "curve": curve,
              "deals": args.deals, "points_per_deal": mine.mean, "ci95": mine.ci,
              "heuristic_points_per_deal": theirs.mean, "difference": diff,
              "difference_ci95": diff_ci}
    print(f"{args.game}: after {args.episodes} self-play deals, against the heuristic bot "
          f"over {args.deals} duplicate deals: {mine.mean:+.3f} ± {mine.ci:.3f} points per "
          f"deal (95 %), the heuristic {theirs.mean:+.3f} ± {theirs.ci:.3f}; the difference "
          f"{diff:+.3f} ± {diff_ci:.3f}")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(report, f, indent=1)
    return report


if __name__ == "__main__":
    main(sys.argv[1:])
