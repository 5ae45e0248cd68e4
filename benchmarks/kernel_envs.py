"""Steps per CPU second of the kernel vector environments against the raw PettingZoo
environment of the same game, in one run (the ratio is the figure; the machine's load hits
both alike).

Run by hand (never in CI)::

    python benchmarks/kernel_envs.py [--games pitch putze …] [--envs 256] [--seconds 3]
        [--putze-speak play|random]

The kernel environment steps ``--envs`` tables at once, a random legal action per row chosen
with numpy; the raw environment runs the AEC loop of benchmarks/envs.py (random legal
actions, resets included). A step is one decision of one table: the whole deal in both
environments of Pitch, Knock Rummy and Tarot; the card play only in the Jass and Putze
kernel environments (their raw environments step the trump or the speaking too). CPU
seconds (``time.process_time``), so a loaded machine slows both without changing the ratio
much.
"""

from __future__ import annotations

import argparse
import random

import numpy as np
from timing import rate

from atout.envs import raw_env
from atout.envs.kernel import GAMES, kernel_vector_env


def kernel_rate(game: str, num_envs: int, seconds: float, **options: str) -> float:
    """Steps per CPU second of ``game``'s kernel vector environment (made with
    ``options``)."""
    env = kernel_vector_env(num_envs, game=game, seed=1, **options)
    rng = np.random.default_rng(0)
    masks = env.reset(1).masks

    def vector(_i: int = 0) -> int:
        nonlocal masks
        picks = (rng.random(masks.shape) * masks).argmax(axis=1)
        masks = env.step(picks).masks
        return num_envs

    vector()  # compiled (or read from the cache) before the clock starts
    return rate(vector, seconds)


def raw_rate(game: str, seconds: float) -> float:
    """Steps per CPU second of ``game``'s raw PettingZoo environment (AEC loop)."""
    raw = raw_env(game)
    raw.reset(seed=1)
    draw = random.Random(1).random

    def aec(_i: int = 0) -> int:
        n = 0
        for _agent in raw.agent_iter():
            obs, _, term, trunc, _ = raw.last()
            if term or trunc:
                raw.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            raw.step(int(legal[int(draw() * len(legal))]))
            n += 1
        raw.reset()
        return n

    return rate(aec, seconds)


def main() -> None:
    """Print, per game, both rates and their ratio."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="+", default=list(GAMES))
    parser.add_argument("--envs", type=int, default=256)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--putze-speak", choices=("play", "random"), default="play",
                        help="the Putze kernel environment's speak option")
    a = parser.parse_args()
    print(f"{'game':11} {'kernel env steps/s':>19} {'raw env steps/s':>16} {'ratio':>7}")
    for game in a.games:
        options = {"speak": a.putze_speak} if game == "putze" else {}
        k = kernel_rate(game, a.envs, a.seconds, **options)
        r = raw_rate(game, a.seconds)
        print(f"{game:11} {k:19,.0f} {r:16,.0f} {k / r:6.1f}×")


if __name__ == "__main__":
    main()
