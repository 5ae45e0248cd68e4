"""Jass search rollouts per CPU second, greedy and modelled, on the same fixed positions.

Run by hand (never in CI); with ``PYTHONPATH`` pointing at another checkout's ``src`` to
compare with it, in turns::

    python benchmarks/rollouts.py
    PYTHONPATH=/tmp/base/src python benchmarks/rollouts.py

400 deals (seeds 0-399) are advanced by a trump and a few random cards; each measurement
clones them and plays every one to its end with the search's rollout policy
(:func:`atout.bots.jass_search.jass_rollout`), greedy (``model=-1``, every seat by the rollout
policy) and modelled (``model=1``, one side by the heuristic's rules: the search's default).
The best of ``--repeat`` runs is reported, in CPU time.

``--search N`` also measures the whole search (sampling the deal included: everything a
playout costs) at its default settings on the card decisions of N games with more than one
legal card, the trump named by a fixed mode and the cards by the heuristic so that every
checkout meets the same positions: search playouts per CPU second.
"""

from __future__ import annotations

import argparse
import random
import time

import atout
from atout.bots import make_bot
from atout.bots.jass_search import jass_rollout


def main() -> None:
    """Print rollouts per CPU second for both policies."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--search", type=int, default=0, help="games of search decisions")
    args = parser.parse_args()
    if args.search:
        search_rate(args.search)
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
        best = 0.0
        for _ in range(args.repeat):
            copies = [d.clone() for d in deals]
            r = random.Random(1)
            start = time.process_time()
            for d in copies:
                jass_rollout(d, r, model)
            best = max(best, len(copies) / (time.process_time() - start))
        print(f"rollouts per CPU second, model={model:>2}: {best:,.0f}")


def search_rate(games: int) -> None:
    """Print the default search's playouts per CPU second over the card decisions of
    ``games`` games."""
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
                deal.play(deal.legal_actions()[i % 6])  # the same games in every checkout
                continue
            if len(view.legal) > 1 and n % 3 == 1:
                views.append(view)
            n += 1
            deal.play(players[s].choose(view))
    playouts = 0
    cpu = 0.0
    for view in views:
        bot = make_bot("search", rules, view.seat, 1)
        start = time.process_time()
        bot.choose(view)
        cpu += time.process_time() - start
        playouts += getattr(bot, "total_playouts", 0)
    print(f"search playouts per CPU second ({len(views)} card decisions, {playouts:,} "
          f"playouts): {playouts / cpu:,.0f}")


if __name__ == "__main__":
    main()
