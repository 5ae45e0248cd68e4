"""Complete random Jass hands per second: atout's public API and fast path against the peers.

Run by hand (never in CI), with the peers installed (``pip install -e ".[bench]"``)::

    python benchmarks/engine.py --seconds 2 --rounds 7

Measured round by round, each for about ``--seconds`` seconds; medians are reported:

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
import statistics
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
    """Run every measurement round by round; report medians and the median of the ratios."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="seconds per measurement")
    parser.add_argument("--rounds", type=int, default=5, help="rounds (medians are reported)")
    args = parser.parse_args()
    # One run of each per round, ratios taken within the round: a change in the machine's
    # load between rounds hits both sides of a ratio alike.
    rows: dict[str, list[float]] = {k: [] for k in (
        "public", "fast", "fast_plays", "kit", "hearts")}
    for _ in range(args.rounds):
        rows["public"].append(atout_public(args.seconds, 1))
        f, fp = atout_fast(args.seconds, 1)
        rows["fast"].append(f)
        rows["fast_plays"].append(fp)
        k = jass_kit(args.seconds, 1)
        if k is not None:
            rows["kit"].append(k)
        h = openspiel_hearts(args.seconds, 1)
        if h is not None:
            rows["hearts"].append(h)
    med = {k: statistics.median(v) for k, v in rows.items() if v}
    print(f"{'measure (median of ' + str(args.rounds) + ' rounds)':<48}{'per second':>12}")
    names = {"public": "atout jass, public API, hands", "fast": "atout jass, fast path, hands",
             "fast_plays": "atout jass, fast path, card plays",
             "kit": "jass-kit GameSim, hands",
             "hearts": "OpenSpiel hearts (C++ from Python), card plays"}
    for key, label in names.items():
        if key in med:
            print(f"{label:<48}{med[key]:>12,.0f}")
    print()

    def ratio(num: str, den: str) -> str:
        per_round = [a / b for a, b in zip(rows[num], rows[den], strict=True)]
        return (f"{statistics.median(per_round):.2f}x (rounds: "
                + ", ".join(f"{r:.2f}" for r in per_round) + ")")

    if rows["kit"]:
        print(f"public API / jass-kit hands:        {ratio('public', 'kit')}   goal 4x")
        print(f"fast path / jass-kit hands:         {ratio('fast', 'kit')}   goal 8x")
    else:
        print("jass-kit not installed: pip install jass-kit")
    if rows["hearts"]:
        print(f"fast-path plays / OpenSpiel hearts: {ratio('fast_plays', 'hearts')}   goal >1")
    else:
        print("open-spiel not installed: pip install open-spiel")


if __name__ == "__main__":
    main()
