"""Random playouts per second: the compiled kernels against today's fast path and the peers.

Run by hand (never in CI), with numba and the peers installed (``pip install -e ".[bench]"``)::

    python benchmarks/kernels_jass.py --seconds 2 --rounds 5
    python benchmarks/kernels_jass.py --game jass --compile     # the compilation's cost too

Every line is measured round by round in this one process (CPU time, ``time.process_time``:
the machine is shared) and each ratio is the median of the per-round ratios, so a change in
the machine's load between rounds hits both sides of a ratio alike:

- ``<game> fast``: today's fast path from a dealt position (the card play's start: trump
  chosen, or the speaking done), ``deal.clone().playout(rng)``, the loop today's search
  lives on;
- ``<game> kernel``: the kernel's ``random_playouts(encode(deal), n, seed)`` from the same
  positions, n playouts per call; also as card actions per second;
- ``<game> batch``: ``atout.kernels.batch.playouts(game, n, seed)``, whole deals (the engine
  deals and draws the decisions before the play);
- the peers: OpenSpiel's C++ hearts (and the other kernels' peers, see :data:`PEERS`) driven
  from Python, player actions per second with the deal; jass-kit's fastest honest loop (one
  ``GameSim`` reused across games, ``RuleSchieber.get_valid_cards`` for every card),
  complete hands per second.

- the Jass kernel vector environment (``atout.envs.kernel``, ``--envs`` tables, random legal
  cards) against the raw PettingZoo environment's AEC loop, steps per second.

``--compile`` also reports the compilation: the first call in a fresh process with an empty
cache (compiling), then in another fresh process with that cache (loading), both wall-clock.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from typing import Any

from atout.kernels import COMPILED
from atout.kernels import jass as kjass
from atout.kernels.batch import playouts
from atout.kernels.jass_batch import batch_deals

POSITIONS = 64
"""Dealt positions per game, played in turn by every line."""
GAMES: dict[str, dict[str, Any]] = {"jass": {}, "putze": {}}
"""The games measured and their options (the other kernels add theirs)."""
ENCODE: dict[str, Callable[[Any], Any]] = {"jass": kjass.encode, "putze": kjass.encode}
RANDOM: dict[str, Callable[[Any, int, int], Any]] = {
    "jass": kjass.random_playouts, "putze": kjass.random_playouts}
PEERS: dict[str, str] = {"jass": "hearts", "putze": "hearts"}
"""Each game's OpenSpiel peer for the actions per second."""


def _rate(work: Callable[[int], int], seconds: float) -> float:
    """Units per CPU second of ``work(i) -> units`` over about ``seconds``."""
    done = units = 0
    start = time.process_time()
    while True:
        units += work(done)
        done += 1
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return units / elapsed


def positions(game: str) -> list[Any]:
    """Dealt positions at the start of the card play (deals nobody plays left out)."""
    deals = batch_deals(game, POSITIONS * 2, 99, GAMES[game])
    return [d for d in deals if d.__dict__.get("tricks") is not None][:POSITIONS]


def cards_per_playout(game: str, deals: list[Any]) -> float:
    """The mean number of cards a playout plays from these positions."""
    rng = random.Random(0)
    total = 0
    for d in deals:
        c = d.clone()
        before = len(c.history)
        c.playout(rng)
        total += len(c.history) - before
    return total / len(deals)


def game_lines(game: str, seconds: float, per_call: int) -> dict[str, float]:
    """Playouts per second of the fast path, the kernel and the batch for ``game``."""
    deals = positions(game)
    states = [ENCODE[game](d) for d in deals]
    kernel = RANDOM[game]
    kernel(states[0], 2, 0)  # compiled (or loaded from the cache) before the clock runs
    rng = random.Random(1)

    def fast(i: int) -> int:
        deals[i % len(deals)].clone().playout(rng)
        return 1

    def compiled(i: int) -> int:
        kernel(states[i % len(states)], per_call, i)
        return per_call

    def batch(i: int) -> int:
        playouts(game, 200, i, **GAMES[game])
        return 200

    got = {f"{game} fast": _rate(fast, seconds), f"{game} kernel": _rate(compiled, seconds),
           f"{game} batch": _rate(batch, seconds)}
    per = cards_per_playout(game, deals)
    got[f"{game} kernel actions"] = got[f"{game} kernel"] * per
    got[f"{game} fast actions"] = got[f"{game} fast"] * per
    return got


def env_lines(seconds: float, num_envs: int) -> dict[str, float]:
    """Steps per second of the Jass kernel vector environment (``num_envs`` tables, random
    legal cards chosen with numpy) and of the raw PettingZoo environment (the AEC loop of
    benchmarks/envs.py: the trump decisions too, resets included)."""
    import numpy as np

    from atout.envs import raw_env
    from atout.envs.kernel import kernel_vector_env

    env = kernel_vector_env(num_envs, seed=1)
    rng = np.random.default_rng(0)
    masks = env.reset(1).masks

    def vector(_i: int) -> int:
        nonlocal masks
        picks = (rng.random(masks.shape) * masks).argmax(axis=1)
        masks = env.step(picks).masks
        return num_envs

    raw = raw_env("jass")
    raw.reset(seed=1)
    draw = random.Random(1).random

    def aec(_i: int) -> int:
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

    return {f"jass kernel env({num_envs}) steps": _rate(vector, seconds),
            "jass raw env steps": _rate(aec, seconds)}


def jass_kit(seconds: float) -> float | None:
    """Complete hands per second with jass-kit's fastest honest loop: one ``GameSim`` reused
    across games, its own rule check for every card (None if not installed)."""
    try:
        import numpy as np
        from jass.game.const import NORTH
        from jass.game.game_sim import GameSim
        from jass.game.game_util import deal_random_hand
        from jass.game.rule_schieber import RuleSchieber
    except ImportError:
        return None
    rule = RuleSchieber()
    rnd = random.Random(1).random  # numpy's Generator.choice per card cost 1.6x the loop
    sim = GameSim(rule=rule)

    def hand(_i: int) -> int:
        sim.init_from_cards(hands=deal_random_hand(), dealer=NORTH)
        sim.action_trump(int(rnd() * 6))
        state = sim.state
        while not sim.is_done():
            valid = rule.get_valid_cards(state.hands[state.player, :], state.current_trick,
                                         state.nr_cards_in_trick, state.trump)
            held = np.flatnonzero(valid)
            sim.action_play_card(int(held[int(rnd() * len(held))]))
        return 1

    return _rate(hand, seconds)


def openspiel(name: str, seconds: float) -> float | None:
    """Player actions per second of an OpenSpiel C++ game driven from Python, deal included
    (None if not installed)."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game(name)
    rng = random.Random(3)

    def play(_i: int) -> int:
        state = game.new_initial_state()
        n = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                n += 1
        _ = state.returns()
        return n

    return _rate(play, seconds)


COMPILE_CHILD = """
import time
start = time.perf_counter()
from atout.kernels import jass as k
from atout.kernels.jass_batch import batch_deals
deal = batch_deals("jass", 1, 1, {})[0]
k.random_playouts(k.encode(deal), 10, 0)
k.choices(k.encode(deal), 0, 0)
k.perft(k.encode(deal), 1)
print(time.perf_counter() - start)
"""


def compile_times() -> tuple[float, float, float]:
    """Wall seconds of a fresh process's first Jass kernel calls: numba absent
    (``ATOUT_PURE=1``, the import and plain Python), compiling into an empty cache, loading
    from that cache."""
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, NUMBA_CACHE_DIR=cache)

        def run(**extra: str) -> float:
            done = subprocess.run([sys.executable, "-c", COMPILE_CHILD], env={**env, **extra},
                                  capture_output=True, text=True, check=True)
            return float(done.stdout)

        return run(ATOUT_PURE="1"), run(), run()


def main() -> None:
    """Measure round by round; print medians and the median of the per-round ratios."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per line")
    parser.add_argument("--rounds", type=int, default=5, help="rounds (medians are reported)")
    parser.add_argument("--game", choices=tuple(GAMES), action="append",
                        help="a game to measure (default: every one)")
    parser.add_argument("--per-call", type=int, default=1000, help="playouts per kernel call")
    parser.add_argument("--compile", action="store_true", help="report the compilation too")
    parser.add_argument("--envs", type=int, default=256, help="tables of the kernel env")
    args = parser.parse_args()
    games = args.game or list(GAMES)
    print(f"kernels compiled: {COMPILED}")
    if args.compile:
        pure, fresh, cached = compile_times()
        print(f"first Jass kernel calls in a fresh process: {pure:.2f} s plain Python, "
              f"{fresh:.2f} s compiling, {cached:.2f} s from the cache")
    rows: dict[str, list[float]] = {}
    for _ in range(args.rounds):
        got: dict[str, float | None] = {}
        for game in games:
            got.update(game_lines(game, args.seconds, args.per_call))
        for peer in sorted({PEERS[g] for g in games}):
            got[f"{peer} actions"] = openspiel(peer, args.seconds)
        if "jass" in games:
            got["jass-kit hands"] = jass_kit(args.seconds)
            got.update(env_lines(args.seconds, args.envs))
        for k, v in got.items():
            if v is not None:
                rows.setdefault(k, []).append(v)
    print(f"{'measure (median of ' + str(args.rounds) + ' rounds)':<44}{'per CPU second':>16}")
    for key, values in rows.items():
        print(f"{key:<44}{statistics.median(values):>16,.0f}")
    print()

    def ratio(num: str, den: str, goal: str = "") -> None:
        if num not in rows or den not in rows:
            return
        per_round = [a / b for a, b in zip(rows[num], rows[den], strict=True)]
        print(f"{num + ' / ' + den:<44}{statistics.median(per_round):>8.1f}x  (rounds: "
              + ", ".join(f"{r:.1f}" for r in per_round) + f")  {goal}")

    for game in games:
        ratio(f"{game} kernel", f"{game} fast", "goal >= 20x")
        ratio(f"{game} kernel actions", f"{PEERS[game]} actions", "goal >= 2x")
        ratio(f"{game} fast actions", f"{PEERS[game]} actions")
    ratio("jass kernel", "jass-kit hands")
    ratio(f"jass kernel env({args.envs}) steps", "jass raw env steps", "goal >= 10x")


if __name__ == "__main__":
    main()
