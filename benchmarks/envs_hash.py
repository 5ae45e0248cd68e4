"""A fingerprint of everything the environments say: to prove a speed change changed nothing.

Run it on two checkouts and compare the lines (by hand, never in CI)::

    python benchmarks/envs_hash.py > after.txt
    PYTHONPATH=/tmp/base/src python benchmarks/envs_hash.py > before.txt
    diff before.txt after.txt

For each of 38 set-ups (every game and player count, the Putze presets and talons, Jass
without Weis or with big sequences, Pitch in partnership, trick shaping, whole matches) it
hashes every observation, mask, reward, termination and info of the AEC loop with random legal
play, then every seat's observation and ``view(seat).to_dict()`` at every step; then the
vector form and the single-agent form of every game.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
from typing import Any

import numpy as np

import atout
from atout.envs import GAMES, raw_env, single_agent, vector_env


def setups() -> list[tuple[str, dict[str, Any]]]:
    """Every game with each player count, then the other set-ups."""
    out: list[tuple[str, dict[str, Any]]] = []
    for info in atout.games():
        counts = next((o.choices for o in info.options if o.name == "players"), None)
        out += [(info.name, {} if n is None else {"players": n}) for n in (counts or [None])]
    out += [("putze", {"preset": p}) for p in ("regle-27", "regle-27-blind", "regle-27-v1",
                                               "regle-27-v2", "regle-27-v3", "jass-txt")]
    out += [("putze", {"players": 2, "talon": "better-cards"}),
            ("putze", {"players": 3, "talon": "blind"}), ("jass", {"weis": False}),
            ("jass", {"big_sequences": True}), ("pitch", {"players": 4, "partnership": True})]
    out += [(g, {"shaping": "tricks"}) for g in ("jass", "putze", "tarot", "pitch")]
    out += [("jass", {"episode": "match"}),
            ("tarot", {"episode": "match", "match_options": {"deals": 3}}),
            ("knock-rummy", {"episode": "match", "match_options": {"target": 50}}),
            ("putze", {"episode": "match"}), ("pitch", {"episode": "match"})]
    return out


def aec_hash(game: str, opts: dict[str, Any], episodes: int, every_seat: bool) -> str:
    """The hash of ``episodes`` episodes of random legal play (and, with ``every_seat``,
    every seat's observation and view at every step)."""
    h = hashlib.sha256()
    e = raw_env(game, **opts)
    rng = random.Random(1)
    for episode in range(episodes):
        e.reset(seed=episode)
        for agent in e.agent_iter(max_iter=20000):
            if every_seat:
                for a in e.possible_agents:
                    o = e.observe(a)
                    h.update(o["observation"].tobytes())
                    h.update(o["action_mask"].tobytes())
                for s in range(e.table.seats):
                    h.update(json.dumps(e.table.game.view(s).to_dict(), sort_keys=True,
                                        default=str).encode())
            obs, reward, term, trunc, info = e.last()
            h.update(obs["observation"].tobytes())
            h.update(obs["action_mask"].tobytes())
            h.update(repr((agent, reward, term, trunc, sorted(info.items()))).encode())
            if term or trunc:
                e.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            e.step(int(legal[int(rng.random() * len(legal))]))
    return h.hexdigest()[:16]


def forms_hash(game: str, steps: int) -> str:
    """The hash of the vector form (8 rows) and the single-agent form, ``steps`` each."""
    h = hashlib.sha256()
    vec = vector_env(game, num_envs=8)
    batch = vec.reset(seed=0)
    rng = np.random.default_rng(0)
    for _ in range(steps):
        h.update(batch.observations.tobytes())
        h.update(batch.masks.tobytes())
        h.update(np.asarray(batch.rewards).tobytes())
        batch = vec.step((rng.random(batch.masks.shape) * batch.masks).argmax(axis=1))
    single = single_agent(game, opponents="heuristic")
    obs, _ = single.reset(seed=0)
    for _ in range(steps):
        h.update(obs["observation"].tobytes())
        mask = obs["action_mask"]
        action = int(np.flatnonzero(mask)[int(rng.random() * mask.sum())])
        obs, reward, term, trunc, _ = single.step(action)
        h.update(repr(reward).encode())
        if term or trunc:
            obs, _ = single.reset()
    return h.hexdigest()[:16]


def main() -> None:
    """Print one line per set-up and per game's other forms."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=30, help="episodes per deal set-up")
    args = parser.parse_args()
    for game, opts in setups():
        match = opts.get("episode") == "match"
        print(game, json.dumps(opts, sort_keys=True),
              aec_hash(game, opts, 3 if match else args.episodes, False),
              aec_hash(game, opts, 2 if match else max(3, args.episodes // 3), True),
              flush=True)
    for game in GAMES:
        print(game, "vector and single-agent", forms_hash(game, 300), flush=True)


if __name__ == "__main__":
    main()
