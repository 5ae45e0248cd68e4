"""Complete random deals per second: atout's five engines against the peers, deal included.

Run by hand (never in CI), with the peers installed (``pip install -e ".[bench]"``)::

    python benchmarks/engine.py --seconds 2 --rounds 7
    python benchmarks/engine.py --base /tmp/base/src      # and the same lines of another checkout
    PYTHONHASHSEED=0 valgrind --tool=callgrind python benchmarks/engine.py --game tarot \
        --deals 60                                        # instructions (minus --deals 0)

Every line counts making the deal, round by round (each about ``--seconds`` of CPU time,
``time.process_time``: on a shared machine the wall clock also counts the other programs'
turns); medians are reported and each ratio is the median of the per-round ratios:

- atout, public API (every game): ``rules.deal(seed)``, then ``legal_actions()`` and
  ``play()`` with a random choice for every decision, then ``result``, as a client would.
- atout, fast path (every game): ``rules.deal(seed)`` then ``deal.playout(rng)`` (in Jass a
  random trump by the fast step first), the loop search lives on; also given as actions
  per second, the deal's cost spread over its actions.
- jass-kit (PyPI ``jass-kit``) at its fastest honest loop: one ``GameSim`` reused across
  games (``init_from_cards`` with a random deal), a random trump,
  ``RuleSchieber.get_valid_cards`` on its state for every card and a random index into the
  valid cards. (Until issue 41 this loop made a new ``GameSim`` per game and drew each card
  with numpy's ``Generator.choice``: 1.65x slower than this, measured side by side, nearly
  all of it the draw; it made the public API look 4.7x jass-kit instead of 2.8x.)
- OpenSpiel hearts and gin rummy (PyPI ``open-spiel``), the C++ games driven from Python with
  ``legal_actions()``, ``chance_outcomes()`` and ``apply_action()``: whole games, the deal
  by chance nodes included (hearts: its pass too), reported as player actions per second.

``--base PATH`` runs the atout lines of another checkout (its ``src`` folder) and of this
one, each in a fresh child process, in every round, for ratios side by side with the commit
before a change. The
machines are shared and noisy: the ratios are the figures that matter.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys

from timing import Rows, add_round, print_medians, print_ratio, rate, rates

GAMES = ("jass", "putze", "tarot", "pitch", "knock-rummy")


def atout_lines(seconds: float) -> dict[str, float]:
    """Public API deals/s, fast-path deals/s and fast-path actions/s of every game."""
    import atout

    out: dict[str, float] = {}
    for game in GAMES:
        rules = atout.make(game)
        rng = random.Random(1)

        def public(seed: int, rules: atout.Rules[object] = rules,
                   rng: random.Random = rng) -> int:
            deal = rules.deal(seed=seed)
            while not deal.is_over:
                deal.play(rng.choice(deal.legal_actions()))
            _ = deal.result
            return len(deal.history)

        def fast(seed: int, rules: atout.Rules[object] = rules, rng: random.Random = rng,
                 jass: bool = game == "jass") -> int:
            deal = rules.deal(seed=seed)
            if jass:  # the trump, then the card play's tight loop
                deal.fast_play(36 + int(rng.random() * 6))
            deal.playout(rng)
            return len(deal.history)

        out[f"{game} public"] = rates(public, seconds)[0]
        out[f"{game} fast"], out[f"{game} fast actions"] = rates(fast, seconds)
    return out


def fixed_deals(game: str, line: str, deals: int, warm: int) -> None:
    """Play ``warm`` deals then ``deals`` more of one line, untimed: for instruction counts.

    ``valgrind --tool=callgrind`` of this with ``deals`` N minus the same with 0, over N, is
    the instructions of one deal (tables made on first use are warmed by the first deals).
    """
    import atout

    rules = atout.make(game)
    rng = random.Random(1)

    def one(seed: int) -> None:
        deal = rules.deal(seed=seed)
        if line == "public":
            while not deal.is_over:
                deal.play(rng.choice(deal.legal_actions()))
            _ = deal.result
            return
        if game == "jass":
            deal.fast_play(36 + int(rng.random() * 6))
        deal.playout(rng)

    for seed in range(warm):
        one(10**6 + seed)
    for seed in range(deals):
        one(seed)


def jass_kit(seconds: float) -> float | None:
    """Complete hands per second with jass-kit at its leanest, or None if not installed."""
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
    sim = GameSim(rule=rule)  # one simulator reused across games: its fastest honest loop

    def hand(_seed: int) -> int:
        sim.init_from_cards(hands=deal_random_hand(), dealer=NORTH)
        sim.action_trump(int(rnd() * 6))
        state = sim.state
        while not sim.is_done():
            valid = rule.get_valid_cards(state.hands[state.player, :], state.current_trick,
                                         state.nr_cards_in_trick, state.trump)
            held = np.flatnonzero(valid)
            sim.action_play_card(int(held[int(rnd() * len(held))]))
        return 1

    return rates(hand, seconds)[0]


def openspiel(name: str, seconds: float) -> float | None:
    """Player actions per second of an OpenSpiel C++ game driven from Python, deal included."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game(name)
    rng = random.Random(3)

    def play(_seed: int) -> int:
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

    return rate(play, seconds)


def child_lines(src: str, seconds: float) -> dict[str, float]:
    """The atout lines of the checkout whose ``src`` folder is given, in a child process."""
    env = dict(os.environ, PYTHONPATH=src)
    done = subprocess.run([sys.executable, __file__, "--atout-only", "--seconds", str(seconds)],
                          env=env, capture_output=True, text=True, check=True)
    lines: dict[str, float] = json.loads(done.stdout)
    return lines


def main() -> None:
    """Run every measurement round by round; report medians and the median of the ratios."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="seconds per measurement")
    parser.add_argument("--rounds", type=int, default=5, help="rounds (medians are reported)")
    parser.add_argument("--base", help="another checkout's src folder, measured alongside")
    parser.add_argument("--atout-only", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--deals", type=int, help="play this many deals of --game untimed "
                        "(for callgrind) and nothing else")
    parser.add_argument("--game", choices=GAMES, default="tarot", help="the game of --deals")
    parser.add_argument("--line", choices=("public", "fast"), default="public",
                        help="the line of --deals")
    parser.add_argument("--warm", type=int, default=300, help="deals played before --deals")
    args = parser.parse_args()
    if args.deals is not None:
        fixed_deals(args.game, args.line, args.deals, args.warm)
        return
    if args.atout_only:
        print(json.dumps(atout_lines(args.seconds)))
        return
    # One run of each per round, ratios taken within the round: a change in the machine's
    # load between rounds hits both sides of a ratio alike.
    rows: Rows = {}
    for _ in range(args.rounds):
        got: dict[str, float | None] = {}
        if args.base:
            # both checkouts in fresh child processes, alike (the parent's heap grows with
            # the peers' modules)
            import atout

            here = os.path.dirname(os.path.dirname(os.path.abspath(atout.__file__)))
            got.update(child_lines(here, args.seconds))
            got.update({f"base {k}": v for k, v in child_lines(args.base, args.seconds).items()})
        else:
            got.update(atout_lines(args.seconds))
        got["jass-kit hands"] = jass_kit(args.seconds)
        got["hearts actions"] = openspiel("hearts", args.seconds)
        got["gin rummy actions"] = openspiel("gin_rummy", args.seconds)
        add_round(rows, got)
    print_medians(rows, f"measure (median of {args.rounds} rounds), deal included",
                  "per second", 52, 12)

    def ratio(num: str, den: str, goal: str = "") -> None:
        print_ratio(rows, num, den, goal, width=52, field=6, digits=2)

    ratio("jass public", "jass-kit hands", "goal 4x")
    ratio("jass fast", "jass-kit hands")
    ratio("jass fast actions", "hearts actions", "goal >= 1")
    ratio("knock-rummy fast actions", "gin rummy actions")
    if args.base:
        for game in GAMES:
            for line in ("public", "fast"):
                ratio(f"{game} {line}", f"base {game} {line}",
                      "goal 2x" if (game, line) == ("tarot", "public") else "goal >= 1")


if __name__ == "__main__":
    main()
