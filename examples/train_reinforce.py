"""Train a small policy on one atout game with REINFORCE, in numpy, in a few minutes.

    python examples/train_reinforce.py --game pitch --minutes 4 --out results/

The policy (one hidden layer, masked softmax over the game's action ids) plays every seat of
many deals at once through :func:`atout.envs.vector_env` (self-play, random dealers). Its
score is measured as it learns, by the greedy policy in seat 0 against three random bots and
against three heuristic bots (evaluation time is not counted as training time), on the same
evaluation deals each time: the mean reward per deal
(the deal's points made zero-sum and scaled, see docs/envs.md), which is 0 for a player as
good as the table on average. It writes ``curve.json`` and, with matplotlib installed,
``curve.png`` into ``--out``.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

# Small matrices: one BLAS thread is fastest, and leaves the other cores to the engines.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")

import numpy as np
import numpy.typing as npt

from atout.bots import make_bot
from atout.envs import vector_env

Array = npt.NDArray[np.float64]
Masks = npt.NDArray[np.int8]


@dataclass
class Policy:
    """A one-hidden-layer tanh network with a masked softmax, trained with Adam."""

    size: int
    actions: int
    hidden: int = 128
    lr: float = 1e-3
    seed: int = 0
    params: dict[str, Array] = field(default_factory=dict)
    moments: dict[str, tuple[Array, Array]] = field(default_factory=dict)
    steps: int = 0

    def __post_init__(self) -> None:
        rng = np.random.default_rng(self.seed)
        self.params = {
            "w1": rng.normal(0, 1 / np.sqrt(self.size), (self.size, self.hidden)),
            "b1": np.zeros(self.hidden),
            "w2": rng.normal(0, 0.01, (self.hidden, self.actions)),
            "b2": np.zeros(self.actions),
        }
        self.moments = {k: (np.zeros_like(v), np.zeros_like(v)) for k, v in self.params.items()}

    def forward(self, obs: Array, masks: Masks) -> tuple[Array, Array]:
        """Hidden activations and action probabilities (0 for illegal actions)."""
        p = self.params
        h = np.tanh(obs @ p["w1"] + p["b1"])
        logits = h @ p["w2"] + p["b2"]
        logits = np.where(masks > 0, logits, -1e9)
        logits -= logits.max(axis=1, keepdims=True)
        e = np.exp(logits) * (masks > 0)
        return h, e / e.sum(axis=1, keepdims=True)

    def act(self, obs: Array, masks: Masks, rng: np.random.Generator,
            greedy: bool = False) -> npt.NDArray[np.int64]:
        """One action per row: sampled, or the most likely when ``greedy``."""
        _, probs = self.forward(obs, masks)
        if greedy:
            return np.asarray(probs.argmax(axis=1), dtype=np.int64)
        u = rng.random((len(probs), 1))
        return np.asarray((probs.cumsum(axis=1) < u).sum(axis=1).clip(0, self.actions - 1),
                          dtype=np.int64)

    def update(self, obs: Array, masks: Masks, actions: npt.NDArray[np.int64],
               advantages: Array) -> None:
        """One REINFORCE step: raise log pi(action) in proportion to the advantage."""
        p = self.params
        h, probs = self.forward(obs, masks)
        d = probs.copy()
        d[np.arange(len(actions)), actions] -= 1.0
        d *= advantages[:, None] / len(actions)  # gradient of -adv * log pi
        dh = (d @ p["w2"].T) * (1 - h * h)
        grads = {"w2": h.T @ d, "b2": d.sum(axis=0), "w1": obs.T @ dh, "b1": dh.sum(axis=0)}
        self.steps += 1
        b1, b2 = 0.9, 0.999
        for k, g in grads.items():
            m, v = self.moments[k]
            m[:] = b1 * m + (1 - b1) * g
            v[:] = b2 * v + (1 - b2) * g * g
            mh = m / (1 - b1 ** self.steps)
            vh = v / (1 - b2 ** self.steps)
            p[k] -= self.lr * mh / (np.sqrt(vh) + 1e-8)


def evaluate(policy: Policy, game: str, opponents: str, deals: int, rows: int = 50
             ) -> float:
    """Mean reward per deal of the greedy policy in seat 0 against ``opponents``.

    Each row plays the first ``deals / rows`` deals of its own fixed sequence, so every
    evaluation scores the same deals.
    """
    v = vector_env(game, num_envs=rows, opponents=opponents, seat=0)
    batch = v.reset(seed=10_000)
    rng = np.random.default_rng(0)
    per_row = max(1, deals // rows)
    counted = np.zeros(rows, dtype=np.int64)
    total = 0.0
    while (counted < per_row).any():
        acts = policy.act(batch.observations.astype(np.float64), batch.masks, rng, greedy=True)
        batch = v.step(acts)
        for i in np.flatnonzero(batch.dones & (counted < per_row)):
            total += float(batch.rewards[i, 0])
            counted[i] += 1
    return total / (per_row * rows)


def bot_reference(game: str, bot: str, opponents: str, deals: int) -> float:
    """Mean reward per deal of ``bot`` in seat 0 against ``opponents`` (for comparison)."""
    v = vector_env(game, num_envs=1, opponents=opponents, seat=0)
    table = v.tables[0]
    me = make_bot(bot, table.rules, 0, 1)
    batch = v.reset(seed=10_000)
    total = 0.0
    for _ in range(deals):
        while True:
            batch = v.step(np.array([int(me.choose(table.game.view(0)))]))
            if batch.dones[0]:
                total += float(batch.rewards[0, 0])
                break
    return total / deals


def train(game: str, minutes: float, rows: int, batch_size: int, evals: int, eval_deals: int,
          seed: int) -> dict[str, Any]:
    """Self-play REINFORCE for ``minutes``; the evaluation curve."""
    v = vector_env(game, num_envs=rows)
    policy = Policy(v.observation_size, v.num_actions, seed=seed)
    rng = np.random.default_rng(seed)
    batch = v.reset(seed=seed)
    pending: list[list[tuple[int, Array, Masks, int]]] = [[] for _ in range(rows)]
    done_obs: list[Array] = []
    done_masks: list[Masks] = []
    done_acts: list[int] = []
    done_returns: list[float] = []
    returns = np.zeros((rows, v.num_seats))
    curve: dict[str, Any] = {"game": game, "seconds": [], "deals": [], "decisions": [],
                             "vs_random": [], "vs_heuristic": []}
    budget = minutes * 60
    # evaluations at 0, then doubling intervals up to the budget: learning is fastest early
    schedule = [0.0] + [budget / 2 ** j for j in reversed(range(max(evals - 1, 1)))]
    deals = decisions = 0

    paused = 0.0  # time spent evaluating, not counted as training time

    def record() -> None:
        nonlocal paused
        t0 = time.perf_counter()
        elapsed = t0 - start - paused
        r = evaluate(policy, game, "random", eval_deals)
        h = evaluate(policy, game, "heuristic", eval_deals)
        paused += time.perf_counter() - t0
        for key, value in (("seconds", round(elapsed, 1)), ("deals", deals),
                           ("decisions", decisions), ("vs_random", r), ("vs_heuristic", h)):
            curve[key].append(value)
        print(f"{elapsed:7.1f}s  {deals:8d} deals  vs random {r:+.3f}  vs heuristic {h:+.3f}",
              flush=True)

    curve["heuristic_vs_random"] = bot_reference(game, "heuristic", "random", eval_deals)
    print(f"reference: the heuristic bot in seat 0 against random bots "
          f"{curve['heuristic_vs_random']:+.3f}", flush=True)
    start = time.perf_counter()
    while True:
        if time.perf_counter() - start - paused >= schedule[0]:
            record()
            schedule.pop(0)
            if not schedule:
                break
        obs = batch.observations.astype(np.float64)
        masks = batch.masks.copy()
        seats = batch.seats.copy()
        acts = policy.act(obs, masks, rng)
        for i in range(rows):
            pending[i].append((int(seats[i]), obs[i], masks[i], int(acts[i])))
        batch = v.step(acts)
        decisions += rows
        returns += batch.rewards
        for row in np.flatnonzero(batch.dones):
            for seat, o, m, a in pending[row]:
                done_obs.append(o)
                done_masks.append(m)
                done_acts.append(a)
                done_returns.append(float(returns[row, seat]))
            pending[row] = []
            returns[row] = 0.0
            deals += 1
        if len(done_acts) >= batch_size:
            g = np.array(done_returns)
            adv = (g - g.mean()) / (g.std() + 1e-8)
            policy.update(np.array(done_obs), np.array(done_masks), np.array(done_acts), adv)
            done_obs, done_masks, done_acts, done_returns = [], [], [], []
    return curve


def plot(curve: dict[str, Any], path: Path) -> bool:
    """Draw the curve into ``path``; False when matplotlib is not installed."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return False
    fig, ax = plt.subplots(figsize=(7, 4))
    ax.plot(curve["deals"], curve["vs_random"], marker="o", label="against 3 random bots")
    ax.plot(curve["deals"], curve["vs_heuristic"], marker="o",
            label="against 3 heuristic bots")
    ax.axhline(0.0, color="grey", linewidth=0.8)
    ax.axhline(curve["heuristic_vs_random"], color="grey", linestyle="--", linewidth=0.8,
               label="the heuristic bot against 3 random bots")
    ax.set_xscale("symlog", linthresh=100)
    ax.set_xlim(left=0)
    ax.set_xlabel("self-play deals trained (log scale)")
    ax.set_ylabel("mean reward per deal (seat 0, greedy)")
    ax.set_title(f"REINFORCE on atout {curve['game']} "
                 f"(numpy, {curve['seconds'][-1]:.0f} s of training)")
    ax.legend(loc="lower right")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return True


def main() -> None:
    """Parse the arguments, train, write the curve (and its plot)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="pitch")
    parser.add_argument("--minutes", type=float, default=4.0, help="training time")
    parser.add_argument("--rows", type=int, default=64, help="deals stepped together")
    parser.add_argument("--batch", type=int, default=4096, help="decisions per update")
    parser.add_argument("--evals", type=int, default=10,
                        help="evaluations: at the start, then at doubling intervals")
    parser.add_argument("--eval-deals", type=int, default=1000, help="deals per evaluation")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=Path("."), help="folder for the results")
    args = parser.parse_args()
    curve = train(args.game, args.minutes, args.rows, args.batch, args.evals,
                  args.eval_deals, args.seed)
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "curve.json").write_text(json.dumps(curve, indent=1), encoding="utf-8")
    if plot(curve, args.out / "curve.png"):
        print(f"plot: {args.out / 'curve.png'}")


if __name__ == "__main__":
    main()
