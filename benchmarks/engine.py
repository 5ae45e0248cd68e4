"""Complete random Jass hands per second: atout's public API and fast path against the peers.

Run by hand (never in CI), with the peers installed (``pip install -e ".[bench]"``)::

    python benchmarks/engine.py --seconds 5

Measured in the same run, each for about ``--seconds`` seconds, best of ``--repeat``:

- atout, public API: ``rules.deal(seed)``, then ``legal_actions()`` and ``play()`` with a
  random choice for every decision (trump choice included), as a client or simple bot would.
- atout, fast path: ``rules.deal(seed)``, a trump, then ``deal.playout(rng)``, the tight
  loop search bots use.
- jass-kit (PyPI ``jass-kit``), ``GameSim`` with ``RuleSchieber.get_valid_cards`` on its state
  (its quickest documented loop) and numpy random choices.
- OpenSpiel hearts (PyPI ``open-spiel``), the C++ game driven from Python: deal by chance
  nodes and passing untimed, then the 52 card plays timed with ``legal_actions`` and
  ``apply_action``; reported as card plays per second, beside atout's fast-path card plays.

The ratios are the figures that matter: the machines are shared and noisy.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any

import atout
from atout.games.jass import JassDeal


def _rate(work: Callable[[int], int], seconds: float, repeat: int) -> float:
    """Best units-per-second over ``repeat`` runs of about ``seconds`` each."""
    best = 0.0
    for r in range(repeat):
        done = 0
        units = 0
        start = time.perf_counter()
        while True:
            units += work(r * 1_000_000 + done)
            done += 1
            elapsed = time.perf_counter() - start
            if elapsed >= seconds:
                break
        best = max(best, units / elapsed)
    return best


def atout_public(seconds: float, repeat: int) -> float:
    """Complete hands per second through the public API."""
    rules = atout.make("jass")
    rng = random.Random(1)

    def hand(seed: int) -> int:
        deal = rules.deal(seed=seed)
        while not deal.is_over:
            deal.play(rng.choice(deal.legal_actions()))
        _ = deal.result
        return 1

    return _rate(hand, seconds, repeat)


def atout_fast(seconds: float, repeat: int) -> tuple[float, float]:
    """Complete hands and card plays per second through the fast path."""
    rules = atout.make("jass")
    rng = random.Random(2)
    hands = _rate(lambda s: _fast_hand(rules, s, rng), seconds, repeat)
    plays = 0.0
    for _ in range(repeat):
        deals: list[JassDeal] = []
        for s in range(2000):
            d = rules.deal(seed=s)
            assert isinstance(d, JassDeal)
            d.fast_play(36 + s % 6)
            deals.append(d)
        start = time.perf_counter()
        for d in deals:
            d.playout(rng)
        plays = max(plays, 36 * len(deals) / (time.perf_counter() - start))
    return hands, plays


def _fast_hand(rules: atout.Rules[Any], seed: int, rng: random.Random) -> int:
    deal = rules.deal(seed=seed)
    deal.fast_play(36 + int(rng.random() * 6))
    deal.playout(rng)
    return 1


def jass_kit(seconds: float, repeat: int) -> float | None:
    """Complete hands per second with jass-kit's GameSim, or None if not installed."""
    try:
        import numpy as np
        from jass.game.const import NORTH
        from jass.game.game_sim import GameSim
        from jass.game.game_util import deal_random_hand
        from jass.game.rule_schieber import RuleSchieber
    except ImportError:
        return None
    rule = RuleSchieber()
    np_rng = np.random.default_rng(1)

    def hand(_seed: int) -> int:
        sim = GameSim(rule=rule)
        sim.init_from_cards(hands=deal_random_hand(), dealer=NORTH)
        sim.action_trump(int(np_rng.integers(0, 6)))
        state = sim.state
        while not sim.is_done():
            valid = rule.get_valid_cards(state.hands[state.player, :], state.current_trick,
                                         state.nr_cards_in_trick, state.trump)
            sim.action_play_card(int(np_rng.choice(np.flatnonzero(valid))))
        return 1

    return _rate(hand, seconds, repeat)


def openspiel_hearts(seconds: float, repeat: int) -> float | None:
    """Card plays per second of OpenSpiel's C++ hearts driven from Python, or None."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("hearts")
    rng = random.Random(3)
    best = 0.0
    for _ in range(repeat):
        plays = 0
        timed = 0.0
        while timed < seconds:
            state = game.new_initial_state()
            # deal and pass untimed: only the 52 card plays are measured
            while state.is_chance_node() or (not state.is_terminal()
                                             and len(state.history()) < 52 + 1 + 12):
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    state.apply_action(rng.choice(outcomes)[0])
                else:
                    state.apply_action(rng.choice(state.legal_actions()))
            start = time.perf_counter()
            n = 0
            while not state.is_terminal():
                state.apply_action(rng.choice(state.legal_actions()))
                n += 1
            _ = state.returns()
            timed += time.perf_counter() - start
            plays += n
        best = max(best, plays / timed)
    return best


def main() -> None:
    """Run every measurement, interleaved round by round, and print the best of each."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="seconds per measurement")
    parser.add_argument("--repeat", type=int, default=3, help="rounds (the best is kept)")
    args = parser.parse_args()
    # One run of each per round, so that a change in the machine's load hits all alike.
    public = fast = fast_plays = 0.0
    kit: float | None = None
    hearts: float | None = None
    for _ in range(args.repeat):
        public = max(public, atout_public(args.seconds, 1))
        f, fp = atout_fast(args.seconds, 1)
        fast, fast_plays = max(fast, f), max(fast_plays, fp)
        k = jass_kit(args.seconds, 1)
        kit = None if k is None else max(kit or 0.0, k)
        h = openspiel_hearts(args.seconds, 1)
        hearts = None if h is None else max(hearts or 0.0, h)
    print(f"{'measure':<46}{'per second':>14}")
    print(f"{'atout jass, public API, hands':<46}{public:>14,.0f}")
    print(f"{'atout jass, fast path, hands':<46}{fast:>14,.0f}")
    print(f"{'atout jass, fast path, card plays':<46}{fast_plays:>14,.0f}")
    if kit is not None:
        print(f"{'jass-kit GameSim, hands':<46}{kit:>14,.0f}")
    if hearts is not None:
        print(f"{'OpenSpiel hearts (C++ from Python), card plays':<46}{hearts:>14,.0f}")
    print()
    if kit is not None:
        print(f"public API / jass-kit: {public / kit:.1f}x   (goal 4x)")
        print(f"fast path / jass-kit:  {fast / kit:.1f}x   (goal 8x)")
    else:
        print("jass-kit not installed: pip install jass-kit")
    if hearts is not None:
        print(f"fast-path card plays / OpenSpiel hearts card plays: {fast_plays / hearts:.2f}x "
              "(goal above 1)")
    else:
        print("open-spiel not installed: pip install open-spiel")


if __name__ == "__main__":
    main()
