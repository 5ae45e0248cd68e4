"""The Knock Rummy search's sampler alone: worlds per CPU second, Python against the kernel.

From the same positions (deals played some turns by the heuristic, the seat to move's view)
the Python sampler (``KnockRummyDeterminizer.sample``, a deal through the public contract)
and the kernel's (:func:`atout.bots.knock_rummy.worlds.sample_states`, ``count`` worlds a
call, the facts read once per position as the search does) each draw worlds; both with the
default reads. CPU time of one process, side by side, so the ratio holds on a loaded machine::

    PYTHONPATH=src python benchmarks/knock_rummy_sampler.py --players 2 --worlds 8
"""

from __future__ import annotations

import argparse
import random
import time

import atout
from atout.bots import make_bot
from atout.bots.knock_rummy.kernel import kernel_ready
from atout.bots.knock_rummy.search import KnockRummyDeterminizer
from atout.bots.knock_rummy.worlds import sample_states, world_facts
from atout.core import View


def views(players: int, count: int) -> list[View]:
    """The seat to move's view after a few turns of heuristic play, ``count`` deals."""
    rules = atout.make("knock-rummy", players=players)
    out: list[View] = []
    seed = 0
    while len(out) < count:
        deal = rules.deal(seed=seed)
        bots = [make_bot("heuristic:base=4:floor=2", rules, s, 0) for s in range(players)]
        for _ in range(4 + seed % 9):
            if deal.to_move is None:
                break
            deal.play(bots[deal.to_move].choose(deal.view(deal.to_move)))
        if deal.to_move is not None:
            out.append(deal.view(deal.to_move))
        seed += 1
    return out


def main() -> None:
    """Print the worlds per CPU second of each sampler and their ratio."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--positions", type=int, default=40)
    ap.add_argument("--worlds", type=int, default=8, help="worlds a position (a kernel call)")
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    if not kernel_ready(wait=True):
        raise SystemExit("the kernel is not compiled (numba missing or ATOUT_PURE=1)")
    positions = views(args.players, args.positions)
    rules = atout.make("knock-rummy", players=args.players)
    python = kernel = 0.0
    for r in range(args.repeat):
        det = KnockRummyDeterminizer(rules)
        rng = random.Random(r)
        t = time.process_time()
        for view in positions:
            for _ in range(args.worlds):
                det.sample(view, rng)
        python += time.process_time() - t
        det = KnockRummyDeterminizer(rules)
        t = time.process_time()
        for i, view in enumerate(positions):
            facts = world_facts(det, view)
            assert facts is not None
            sample_states(facts, view.seat, args.worlds, r * 1000 + i)
        kernel += time.process_time() - t
    worlds = args.repeat * len(positions) * args.worlds
    print(f"knock-rummy {args.players}p, {len(positions)} positions x {args.worlds} worlds x "
          f"{args.repeat}: Python {worlds / python:,.0f} worlds/cpu-s, kernel "
          f"{worlds / kernel:,.0f} worlds/cpu-s ({python / kernel:.1f} x)")


if __name__ == "__main__":
    main()
