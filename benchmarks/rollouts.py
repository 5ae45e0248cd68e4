"""Jass search rollouts per CPU second, greedy and modelled, on the same fixed positions.

Run by hand (never in CI)::

    python benchmarks/rollouts.py
    python benchmarks/rollouts.py --search 4 --base ../base/src --rounds 5

``--base PATH`` measures another checkout (its ``src`` folder) and this one, each in a fresh
child process, in every one of ``--rounds`` rounds, and reports the medians and the ratio of
each round (ours over the base's): on a shared, noisy machine the ratios taken side by side
are the figures that matter.

400 deals (seeds 0-399) are advanced by a trump and a few random cards; each measurement
clones them and plays every one to its end with the search's rollout policy
(:func:`atout.bots.jass.search.jass_rollout`), greedy (``model=-1``, every seat by the rollout
policy) and modelled (``model=1``, one side by the heuristic's rules: the search's default).
The best of ``--repeat`` runs is reported, in CPU time.

``--kernel`` also measures the Jass kernel's greedy rollouts from the same positions and,
with ``--search``, the search with ``kernel=1`` on the same decisions, with the ratios: its
rollouts per CPU second, and its playouts to the end of the deal, the rollouts and the
continuations its lookahead seats play within them (each lookahead turn plays the deal's
rest once for each legal card: :func:`atout.bots.jass.kernel.continuations`).

``--search N`` also measures the whole search (sampling the deal included: everything a
playout costs) at its default settings on the card decisions of N games with more than one
legal card, the trump named by a fixed mode and the cards by the heuristic so that every
checkout meets the same positions: search playouts per CPU second.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys

from timing import best_rate, search_cpu

import atout
from atout.bots import make_bot
from atout.bots.jass.search import jass_rollout
from atout.core import Deal, View


def measure(repeat: int, search: int, kernel: bool = False) -> dict[str, float]:
    """Rollouts per CPU second for both policies, and search playouts per CPU second when
    ``search`` (games) is not 0."""
    out: dict[str, float] = {}
    if search:
        # today's search: the Python rollouts (the kernels are the default where compiled)
        out["search playouts"] = search_rate(search, "search:kernel=0")
        if kernel:
            from atout.bots.jass.kernel import continuations
            from atout.bots.jass.search import warm_up

            warm_up()  # the kernels compiled, or loaded from the cache, before the clock
            before = continuations()
            playouts, cpu = search_cpu(atout.make("jass"), card_decisions(search, 3),
                                       "search:kernel=1")
            out["search kernel=1 playouts"] = playouts / cpu
            # each lookahead turn of a rollout plays the deal's rest once per legal card
            out["search kernel=1 playouts to the end"] = \
                (playouts + continuations() - before) / cpu
    rules = atout.make("jass")
    rng = random.Random(5)
    deals = []
    for s in range(400):
        d = rules.deal(seed=s)
        d.fast_play(36 + s % 4)  # fast_play: the name both older and newer checkouts know
        for _ in range(s % 9):
            mask = d.legal_mask()
            d.fast_play(rng.choice([i for i in range(36) if mask >> i & 1]))
        deals.append(d)
    for model in (-1, 1):
        def play(copies: list[Deal], model: int = model) -> int:
            r = random.Random(1)
            for d in copies:
                jass_rollout(d, r, model)
            return len(copies)

        out[f"rollouts model={model}"] = best_rate(play, lambda: [d.clone() for d in deals],
                                                   repeat)
    if kernel:
        out["kernel rollouts (greedy)"] = kernel_rate(deals, repeat)
    return out


def kernel_rate(deals: list[Deal], repeat: int) -> float:
    """Greedy rollouts per CPU second of the Jass kernel from the same positions, 100 per
    position and call (:func:`atout.kernels.jass_search.greedy_playouts`), encoding
    included."""
    from atout.kernels.jass import encode
    from atout.kernels.jass_search import greedy_playouts

    greedy_playouts(encode(deals[0]), 2, 0)  # compiled or loaded before the clock

    def play(_: None) -> int:
        for i, d in enumerate(deals):
            greedy_playouts(encode(d), 100, i)
        return 100 * len(deals)

    return best_rate(play, lambda: None, repeat)


def child(src: str, repeat: int, search: int) -> dict[str, float]:
    """:func:`measure` in the checkout whose ``src`` folder is given, in a child process."""
    env = dict(os.environ, PYTHONPATH=src)
    done = subprocess.run([sys.executable, __file__, "--json", "--repeat", str(repeat),
                           "--search", str(search)], env=env, capture_output=True, text=True,
                          check=True)
    got: dict[str, float] = json.loads(done.stdout)
    return got


def main() -> None:
    """Print rollouts (and search playouts) per CPU second, alone or beside another
    checkout's."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--search", type=int, default=0, help="games of search decisions")
    parser.add_argument("--base", help="another checkout's src folder, measured alongside")
    parser.add_argument("--rounds", type=int, default=3, help="rounds with --base")
    parser.add_argument("--kernel", action="store_true",
                        help="also the kernel's rollouts and the search with kernel=1")
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.json:
        print(json.dumps(measure(args.repeat, args.search)))
        return
    if not args.base:
        got = measure(args.repeat, args.search, args.kernel)
        for key, value in got.items():
            print(f"{key + ' per CPU second':<40}{value:>12,.0f}")
        if args.kernel:
            pairs = [("kernel rollouts (greedy)", "rollouts model=-1"),
                     ("kernel rollouts (greedy)", "rollouts model=1"),
                     ("search kernel=1 playouts", "search playouts"),
                     ("search kernel=1 playouts to the end", "search playouts")]
            for num, den in pairs:
                if num in got and den in got:
                    print(f"{num + ' / ' + den:<60}{got[num] / got[den]:>8.1f}x")
        return
    here = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "src")
    ours: dict[str, list[float]] = {}
    base: dict[str, list[float]] = {}
    for r in range(args.rounds):
        # alternate which goes first, so that a change of load does not favour one side
        order = [(here, ours), (args.base, base)]
        for src, rows in order if r % 2 == 0 else order[::-1]:
            for key, value in child(src, args.repeat, args.search).items():
                rows.setdefault(key, []).append(value)
    print(f"{'per CPU second (median of ' + str(args.rounds) + ' rounds)':<40}"
          f"{'base':>12}{'this':>12}{'ratio':>8}  ratios per round")
    for key, values in ours.items():
        ratios = [a / b for a, b in zip(values, base[key], strict=True)]
        print(f"{key:<40}{statistics.median(base[key]):>12,.0f}"
              f"{statistics.median(values):>12,.0f}{statistics.median(ratios):>7.2f}x  "
              + ", ".join(f"{x:.2f}" for x in ratios))


def card_decisions(games: int, every: int = 1) -> list[View]:
    """The card decisions with more than one legal card of ``games`` fixed games (trump by a
    fixed mode, the cards by the heuristic: the same games in every checkout), one card
    decision in ``every`` (counted over all of them, from the second)."""
    rules = atout.make("jass")
    views = []
    for i in range(games):
        deal = rules.deal(seed=500 + i, dealer=i % 4)
        players = [make_bot("heuristic", rules, s, i) for s in range(4)]
        n = 0
        while deal.to_move is not None:
            s = deal.to_move
            view = deal.view(s)
            if deal.legal_mask() >> 36:  # trump or push
                deal.play(deal.legal_actions()[i % 6])
                continue
            if len(view.legal) > 1 and n % every == 1 % every:
                views.append(view)
            n += 1
            deal.play(players[s].choose(view))
    return views


def search_rate(games: int, spec: str = "search:kernel=0") -> float:
    """The search's (``spec``, default: on its Python rollouts) playouts per CPU second over
    every third card decision of ``games`` games (:func:`card_decisions`)."""
    playouts, cpu = search_cpu(atout.make("jass"), card_decisions(games, 3), spec)
    return playouts / cpu


if __name__ == "__main__":
    main()
