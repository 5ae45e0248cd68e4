"""Where the Jass search loses to its clairvoyant bound, trick by trick, and how much of it
the search's own worlds say no honest player could win back.

Run: ``PYTHONPATH=src python benchmarks/jass_information.py [--deals 1000] [--first 0]
[--worlds 100] [--trust 0.02]``.

The search (its defaults, the kernels ready first) plays seat 0 of each deal (seed ``i``,
dealer ``i % 4``), the heuristic the three other seats. At each of its card decisions with a
choice, every legal card is valued in the *true* deal by the search's own rollouts (every
seat by the heuristic's rules, deterministic: :func:`atout.bots.jass.search.jass_batch`),
which is what the clairvoyant search sees. Per trick, summed over the deals and divided by
their number:

- ``search``: its *regret* in the true deal, the best card's value less the value of the card
  it played;
- ``heuristic``: the same for the card the heuristic would have played there;
- ``its worlds``: the regret the search's own worlds predict, the value of perfect
  information on its posterior: over ``--worlds`` worlds of its kernel sampler at that
  decision, each valued the same way, the mean of each world's best value less the best mean.
  Were the worlds the true posterior and the values exact, the search's regret would be this
  on average: what is left is what better worlds could win back.

``--trust`` sets the sampler's ``PLAY_TRUST`` (1: the card play not read). Values are the
seat's side's margin in points (both sides' points and the Weis), before any multiplier.
"""

from __future__ import annotations

import argparse
from typing import Any

import numpy as np

import atout
from atout.bots import make_bot
from atout.bots.jass import search as jass_search
from atout.bots.jass.kernel import kernel_ready, kernel_rollouts
from atout.games.jass.seen import play_seen, view_plays
from atout.kernels import jass as kj
from atout.kernels.jass_sample import sample_worlds_kernel

TRICKS = 9


def world_values(rules: Any, view: Any, legal: list[Any], states: Any, seed: int) -> Any:
    """Each legal card's value in each world (rows of kernel ``states``) at ``view``, by the
    search's rollouts from the voids shown (a ``(worlds, cards)`` array): on the true deal's
    state, :func:`atout.bots.jass.search.jass_batch`'s values."""
    voids = play_seen(view_plays(rules, view), int(states[0][kj.ST_MODE]), 4, 4).voids
    return np.array([kernel_rollouts(s[None, :], legal, 1, view.seat, seed, 1, voids,
                                     int(view.info["chooser"])) for s in states])


def world_regret(rules: Any, view: Any, legal: list[Any], worlds: int, seed: int) -> float:
    """The regret the search's kernel worlds predict at ``view``: each world's best value
    less the best mean value, averaged over the worlds."""
    facts = jass_search.world_facts(jass_search.JassDeterminizer(rules), view, seed)
    if facts is None:
        return 0.0
    sample: Any = sample_worlds_kernel
    states = sample(*facts, worlds, seed)
    states = states[states[:, kj.ST_TURN] == view.seat]
    if not len(states):
        return 0.0
    values = world_values(rules, view, legal, states, seed)
    return float(values.max(axis=1).mean() - values.mean(axis=0).max())


def run(deals: int, first: int, worlds: int) -> dict[str, list[float]]:
    """The three rows of regrets per trick, summed over the deals."""
    rules = atout.make("jass")
    while not kernel_ready(jass_search.warm_up, wait=True):
        pass
    rows = {"search": [0.0] * TRICKS, "heuristic": [0.0] * TRICKS,
            "its worlds": [0.0] * TRICKS}
    for b in range(first, first + deals):
        deal: Any = rules.deal(seed=b, dealer=b % 4)
        bots = [make_bot("search", rules, 0, b)] + [
            make_bot("heuristic", rules, s, b) for s in (1, 2, 3)]
        own = make_bot("heuristic", rules, 0, b)
        while deal.to_move is not None:
            seat = deal.to_move
            view = deal.view(seat)
            action = bots[seat].choose(view)
            legal = deal.legal_actions()
            if seat == 0 and deal.phase == "play" and len(legal) > 1:
                trick = len(deal.tricks)
                values = jass_search.jass_batch([deal], legal, 1, 0, b, 1)
                best = max(values)
                rows["search"][trick] += best - values[legal.index(action)]
                rows["heuristic"][trick] += best - values[legal.index(own.choose(view))]
                rows["its worlds"][trick] += world_regret(rules, view, legal, worlds, b)
            deal.play(action)
    return rows


def main() -> None:
    """Parse the arguments, run and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--worlds", type=int, default=100)
    parser.add_argument("--trust", type=float, default=None,
                        help="the sampler's PLAY_TRUST (1: the card play not read)")
    args = parser.parse_args()
    if args.trust is not None:
        jass_search.PLAY_TRUST = args.trust
    rows = run(args.deals, args.first, args.worlds)
    print("| trick | " + " | ".join(str(t + 1) for t in range(TRICKS - 1)) + " | all |")
    print("| --- |" + " ---: |" * TRICKS)
    for name, row in rows.items():
        cells = [f"{v / args.deals:.2f}" for v in row[:TRICKS - 1]]
        print(f"| {name} | " + " | ".join(cells) + f" | {sum(row) / args.deals:.2f} |")


if __name__ == "__main__":
    main()
