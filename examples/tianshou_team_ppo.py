"""Tianshou PPO for a whole team: both partners of 4-player Pitch play one shared policy.

    pip install -e ".[recipes]"       # torch, tianshou (and sb3-contrib): a large install
    python examples/tianshou_team_ppo.py --epochs 3 --steps 8192 --envs 16 --hidden 128 \
        --eval-deals 200 --deals 500 --out results/team

The game is 4-player Pitch in partnerships (``partnership=True``, partners opposite; other
games and ``--solo`` play one seat). The environment (:class:`TeamEnv`, a Gymnasium
environment built from :class:`atout.envs.Table` and the bots of :mod:`atout.envs.single`)
hands the learner the decision of whichever seat of its team is to move (seats 0 and 2; seat
0 alone without partnerships), each from that seat's own view, and bots hold the other
seats. Its reward is the team's, counted from one decision of the team to the next, so every
reward the team earns, whoever moved last, reaches the decision that led to it. The policy
is masked: the actor's logits of illegal actions are set to -inf (the mask comes with the
observation), so PPO never samples nor learns an illegal action.

Training opponents are ``--opponents`` (``heuristic`` by default, ``random``, or ``mixed``:
half the environments of each). After every epoch the greedy policy is measured on the same
``--eval-deals`` deals with both partners' seats, against random bots and against heuristic
bots (mean team reward per deal, the environment's normalised scale: see docs/envs.md,
*Rewards*); ``curve.json`` and the actor's weights ``actor.pt`` go to ``--out`` after each
epoch, ``curve.png`` at the end. At the end the trained policy
becomes a player (:class:`atout.envs.ObservationPolicy`) and plays an ``atout tournament``
of duplicate deals against the heuristic bot (it holds seats 0 and 2, the bot 1 and 3, then
the other way round): points per deal with 95 % confidence intervals.

Why not Tianshou's ``MultiAgentOnPolicyAlgorithm`` over ``PettingZooEnv``: in a turn-based
game it credits a seat with the rewards of its own steps only (``PettingZooEnv.step`` reads
the rewards of the step just played; the dispatcher keeps each seat's own rows), so the points
that a deal's last card pays to the three seats that did not play it never reach them.
"""

from __future__ import annotations

import argparse
import copy
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np

from atout.bots import Bot
from atout.envs import GAMES, ObservationPolicy, Table
from atout.envs.aec import observation_space
from atout.envs.single import make_bots, play_bots
from atout.tournament import Tournament, run

OPPONENTS = ("heuristic", "random", "mixed")


def team_of(table: Table, seat: int = 0) -> list[int]:
    """The seats playing with ``seat`` (itself included): partners opposite in a 4-player
    Pitch in partnerships, the seat alone elsewhere."""
    if table.name == "pitch" and table.seats == 4 and getattr(table.rules.options,
                                                              "partnership", False):
        return [seat % 2, seat % 2 + 2]
    return [seat]


class TeamEnv(gymnasium.Env[dict[str, Any], np.int64]):
    """The decisions of one team's seats, bots at the other seats (see the module's doc)."""

    def __init__(self, game: str, opponents: str = "heuristic", **options: Any) -> None:
        self.options = options
        self.table = Table(game, **options)
        self.team = team_of(self.table)
        self.opponents = opponents
        self.bots = self._bots(0)
        self.observation_space = observation_space(self.table)
        self.action_space = gymnasium.spaces.Discrete(self.table.num_actions)
        self.seat = self.team[0]
        self.carry = [0.0] * self.table.seats

    def _bots(self, seed: int) -> list[Bot | None]:
        bots = make_bots(self.table, self.opponents, self.team[0], seed)
        for s in self.team:
            bots[s] = None
        return bots

    def _reward(self, rewards: Sequence[float]) -> float:
        return float(np.mean([rewards[s] for s in self.team]))

    def _obs(self) -> dict[str, Any]:
        seat = self.table.to_move
        assert seat is not None
        self.seat = seat
        return {"observation": self.table.observation(seat), "action_mask": self.table.mask(seat)}

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, Any], dict[str, Any]]:
        """A new deal; the bots move until a seat of the team is to move."""
        super().reset(seed=seed)
        if seed is not None:
            self.table.seed(seed)
            self.bots = self._bots(self.table.rng.getrandbits(32))
        while True:
            self.table.reset()
            self.carry = [0.0] * self.table.seats
            play_bots(self.table, self.bots, self.carry)
            if not self.table.is_over:  # else a deal the team never plays in
                return self._obs(), {"seat": self.seat}

    def step(self, action: np.int64 | int) -> tuple[dict[str, Any], float, bool, bool,
                                                    dict[str, Any]]:
        """Play ``action`` for the team's seat to move, then the bots until the team's next
        decision or the deal's end."""
        rewards = self.table.play(int(action))
        rewards = [r + c for r, c in zip(rewards, self.carry, strict=True)]
        self.carry = [0.0] * self.table.seats  # the bots' moves before the team's first
        play_bots(self.table, self.bots, rewards)
        over = self.table.is_over
        obs = ({"observation": np.zeros(self.table.encoder.size, dtype=np.float32),
                "action_mask": np.zeros(self.table.num_actions, dtype=np.int8)}
               if over else self._obs())
        return obs, self._reward(rewards), over, False, {"seat": self.seat}


def networks(size: int, actions: int, hidden: int) -> tuple[Any, Any]:
    """The masked actor (logits, -inf where illegal) and the critic (a value)."""
    import torch
    from torch import nn

    def body() -> nn.Sequential:
        return nn.Sequential(nn.Linear(size, hidden), nn.ReLU(), nn.Linear(hidden, hidden),
                             nn.ReLU())

    def tensor(x: Any) -> torch.Tensor:
        return torch.as_tensor(np.asarray(x), dtype=torch.float32)

    class Actor(nn.Module):  # type: ignore[misc]
        """Masked logits from the observation Batch (``observation``, ``action_mask``)."""

        def __init__(self) -> None:
            super().__init__()
            self.net = nn.Sequential(body(), nn.Linear(hidden, actions))

        def forward(self, obs: Any, state: Any = None, info: Any = None) -> tuple[Any, Any]:
            logits = self.net(tensor(obs.observation))
            legal = torch.as_tensor(np.asarray(obs.action_mask)) > 0
            return logits.masked_fill(~legal, -1e9), state

    class Critic(nn.Module):  # type: ignore[misc]
        """The value of the team's position."""

        def __init__(self) -> None:
            super().__init__()
            self.net = nn.Sequential(body(), nn.Linear(hidden, 1))

        def forward(self, obs: Any, **kwargs: Any) -> Any:
            return self.net(tensor(obs.observation))

    return Actor(), Critic()


class Greedy:
    """The actor as an observation-and-mask agent: its most likely legal action."""

    def __init__(self, actor: Any) -> None:
        self.actor = actor

    def __call__(self, observation: Any, action_mask: Any) -> int:
        import torch
        from tianshou.data import Batch

        with torch.no_grad():
            logits, _ = self.actor(Batch(observation=np.asarray(observation)[None],
                                         action_mask=np.asarray(action_mask)[None]))
        return int(logits[0].argmax())


def evaluate(agent: Greedy, game: str, opponents: str, deals: int, seed: int = 10_000,
             **options: Any) -> float:
    """Mean team reward per deal of the greedy ``agent`` against ``opponents``, on the same
    deals at every call."""
    env = TeamEnv(game, opponents=opponents, **options)
    total = 0.0
    for d in range(deals):
        obs, _ = env.reset(seed=seed + d)
        over = False
        while not over:
            obs, reward, over, _, _ = env.step(agent(obs["observation"], obs["action_mask"]))
            total += reward
    return total / deals


def plot(curve: dict[str, Any], path: Path) -> None:
    """The learning curve as a PNG."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6, 3.5))
    ax.plot(curve["timesteps"], curve["vs_random"], marker="o", label="against random bots")
    ax.plot(curve["timesteps"], curve["vs_heuristic"], marker="s",
            label="against heuristic bots")
    ax.axhline(0.0, color="grey", linewidth=0.8)
    ax.set_xlabel("training steps (the team's decisions)")
    ax.set_ylabel("mean team reward per deal")
    ax.set_title(f"Tianshou PPO, one policy for both partners ({curve['game']})")
    ax.legend(loc="lower right")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def arguments(argv: list[str] | None) -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="pitch", choices=GAMES)
    parser.add_argument("--opponents", default="heuristic", choices=OPPONENTS,
                        help="the bots the team trains against")
    parser.add_argument("--solo", action="store_true",
                        help="no partnerships in Pitch: the learner is seat 0 alone")
    parser.add_argument("--epochs", type=int, default=12)
    parser.add_argument("--steps", type=int, default=16_384, help="team decisions per epoch")
    parser.add_argument("--envs", type=int, default=8)
    parser.add_argument("--collect", type=int, default=2048,
                        help="decisions collected between two updates")
    parser.add_argument("--lr", type=float, default=3e-4)
    parser.add_argument("--hidden", type=int, default=256)
    parser.add_argument("--threads", type=int, default=1, help="torch's threads")
    parser.add_argument("--eval-deals", type=int, default=300)
    parser.add_argument("--deals", type=int, default=2000, help="tournament deals")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--load", default=None,
                        help="start from an actor.pt saved by a run (--epochs 0: only measure "
                             "it and play the tournament)")
    parser.add_argument("--out", default="results/team")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> dict[str, Any]:
    """Train, measure after every epoch, then play the tournament."""
    import torch
    from tianshou.algorithm import PPO
    from tianshou.algorithm.modelfree.reinforce import DiscreteActorPolicy
    from tianshou.algorithm.optim import AdamOptimizerFactory
    from tianshou.data import Collector, CollectStats, VectorReplayBuffer
    from tianshou.env import DummyVectorEnv
    from tianshou.trainer import OnPolicyTrainerParams

    args = arguments(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    game = args.game
    torch.manual_seed(args.seed)
    np.random.seed(args.seed)
    kinds = ([args.opponents] * args.envs if args.opponents != "mixed"
             else ["heuristic", "random"] * (args.envs // 2) + ["heuristic"] * (args.envs % 2))
    options: dict[str, Any] = ({"partnership": True} if game == "pitch" and not args.solo
                               else {})
    probe = TeamEnv(game, **options)
    size = int(probe.table.encoder.size)
    actor, critic = networks(size, probe.table.num_actions, args.hidden)
    if args.load:
        actor.load_state_dict(torch.load(args.load))
    algorithm = PPO(
        policy=DiscreteActorPolicy(actor=actor, action_space=probe.action_space,
                                   deterministic_eval=True),
        critic=critic, optim=AdamOptimizerFactory(lr=args.lr), gamma=1.0, gae_lambda=0.95,
        eps_clip=0.2, ent_coef=0.01, vf_coef=0.5, max_grad_norm=0.5,
        advantage_normalization=True)
    train_envs = DummyVectorEnv([lambda k=k: TeamEnv(game, opponents=k, **options)
                                 for k in kinds])
    train_envs.seed(args.seed)
    collector = Collector[CollectStats](algorithm, train_envs,
                                        VectorReplayBuffer(args.collect, len(train_envs)))
    agent = Greedy(actor)
    curve: dict[str, Any] = {"game": game, "options": options, "opponents": args.opponents,
                             "timesteps": [], "seconds": [], "vs_random": [],
                             "vs_heuristic": []}
    clock = {"train": 0.0}

    def measure(timesteps: int) -> None:
        actor.eval()
        curve["timesteps"].append(timesteps)
        curve["seconds"].append(round(clock["train"], 1))
        curve["vs_random"].append(evaluate(agent, game, "random", args.eval_deals,
                                             **options))
        curve["vs_heuristic"].append(evaluate(agent, game, "heuristic", args.eval_deals,
                                                **options))
        actor.train()
        (out / "curve.json").write_text(json.dumps(curve, indent=1), encoding="utf-8")
        torch.save(actor.state_dict(), out / "actor.pt")  # the latest, kept as it learns
        print(f"{timesteps:>8} steps  {clock['train']:7.1f} s CPU  mean team reward per deal "
              f"against random {curve['vs_random'][-1]:+.4f}, against heuristic "
              f"{curve['vs_heuristic'][-1]:+.4f}", flush=True)

    measure(0)
    done = 0
    for _ in range(args.epochs):
        since = time.process_time()
        collector.reset()
        result = algorithm.run_training(OnPolicyTrainerParams(
            training_collector=collector, max_epochs=1, epoch_num_steps=args.steps,
            collection_step_num_env_steps=args.collect, update_step_num_repetitions=4,
            batch_size=256, test_in_training=False, show_progress=False, verbose=False))
        clock["train"] += time.process_time() - since
        done += int(result.train_step)
        measure(done)
    actor.eval()
    player = ObservationPolicy(Greedy(copy.deepcopy(actor)), game, name="tianshou-team-ppo",
                               **options)
    tour = run(Tournament(game, (player, "heuristic"), deals=args.deals, seed=args.seed,
                          options=options), workers=1)
    mine, theirs = tour.summaries()
    diff, diff_ci = tour.difference(0, 1)
    curve.update({"epochs": args.epochs, "steps": args.steps, "deals": args.deals,
                  "points_per_deal": mine.mean, "ci95": mine.ci,
                  "heuristic_points_per_deal": theirs.mean, "heuristic_ci95": theirs.ci,
                  "difference": diff, "difference_ci95": diff_ci})
    (out / "curve.json").write_text(json.dumps(curve, indent=1), encoding="utf-8")
    torch.save(actor.state_dict(), out / "actor.pt")
    plot(curve, out / "curve.png")
    print(f"{game}: Tianshou team PPO after {done} steps, against the heuristic bot over "
          f"{args.deals} duplicate deals: {mine.mean:+.3f} ± {mine.ci:.3f} points per deal "
          f"(95 %), the heuristic {theirs.mean:+.3f} ± {theirs.ci:.3f}; the difference "
          f"{diff:+.3f} ± {diff_ci:.3f}")
    return curve


if __name__ == "__main__":
    main(sys.argv[1:])
