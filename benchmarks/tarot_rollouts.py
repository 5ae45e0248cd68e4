"""Tarot search rollouts per CPU second: the engine's Python rollouts against the kernel's.

Run by hand (never in CI)::

    python benchmarks/tarot_rollouts.py
    python benchmarks/tarot_rollouts.py --search 6

200 deals (seeds 0-199, 4 players) are bid, called and discarded by the heuristic's rules,
then advanced by a few random cards; each measurement plays every one to its end with the
search's rollout policies: greedy (:func:`atout.bots.tarot.rollout.greedy_rollout`, every
seat greedy) and modelled (:func:`atout.bots.tarot.rollout.model_rollout`, the searching
seat greedy and the others by the heuristic's card: the search's default), in Python and in
the kernel (:func:`atout.kernels.tarot_search.rollouts_kernel`, 100 rollouts of each
position a call, encoding included). The best of ``--repeat`` runs, in CPU time.

``--search N`` also measures the whole search on the card decisions (more than one
candidate) of N games played by the heuristic: ``search:kernel=0`` (the Python rollouts),
``search:kernel=1:kworlds=0`` (the Python sampler, the kernel's rollouts) and
``search:kernel=1`` (the default where numba compiles: sampling and rollouts in the kernel)
at their default budgets, sampling included, playouts per CPU second and CPU milliseconds
per decision (``--pre``: on the decisions before the card play instead, the bids, the écart
...), and the kernel searches' rollouts each counted once and their playouts to the end of
the deal: the rollouts and the continuations the lookahead seat plays within them
(:func:`atout.bots.tarot.worlds.rollouts_played` and
:func:`~atout.bots.tarot.worlds.continuations`). The search counts a lookahead rollout
``reuse`` (8) times in its playouts, its weight among the greedy rollouts, though it plays
it once: its own count is the first figure, not the rollouts played. ``--sampler N``
measures the sampler alone on the card decisions of N games: the Python sampler's deals
(:class:`atout.bots.tarot.sampler.TarotDeterminizer`) against the kernel's worlds
(:func:`atout.bots.tarot.worlds.sample_worlds`), 32 of each view, per CPU second. All
figures of one run are measured side by side, so their ratios hold on a loaded machine.
"""

from __future__ import annotations

import argparse
import random

from timing import best_rate, search_cpu

import atout
from atout.bots import make_bot
from atout.bots.tarot.choices import pre_play
from atout.bots.tarot.rollout import greedy_rollout, model_rollout
from atout.core import View
from atout.games.tarot.deal import TarotDeal

PLAY = 5
"""The card play's phase number in :class:`TarotDeal`."""


def positions(count: int = 200) -> list[TarotDeal]:
    """Deals in their card play (see the module), the same in every run."""
    rules = atout.make("tarot")
    rng = random.Random(1)
    out = []
    for seed in range(count):
        d = rules.deal(seed=seed)
        assert isinstance(d, TarotDeal)
        while d.to_move is not None and d.phase != PLAY:
            s = d.to_move
            legal = d.legal_mask()
            a = pre_play(d.hands[s], d.n, legal, s == d.taker)
            d.step(a if a is not None else (legal & -legal).bit_length() - 1)
        for _ in range(seed % 30):
            if d.to_move is None:
                break
            m = d.legal_mask()
            d.step(rng.choice([a for a in range(m.bit_length()) if m >> a & 1]))
        if d.to_move is not None:
            out.append(d)
    return out


def python_rate(deals: list[TarotDeal], model: int, repeat: int) -> float:
    """The engine's rollouts per CPU second (``model`` 1: the search's model of the table)."""
    def play(copies: list[TarotDeal]) -> int:
        r = random.Random(1)
        for d in copies:
            if model:
                model_rollout(d, r, d.to_move or 0)
            else:
                greedy_rollout(d, r)
        return len(copies)

    return best_rate(play, lambda: [d.clone() for d in deals], repeat)


def kernel_rate(deals: list[TarotDeal], model: int, repeat: int) -> float:
    """The kernel's rollouts per CPU second, 100 of each position a call."""
    import numpy as np

    from atout.bots.tarot.batch import kernel_ready
    from atout.kernels.tarot import encode
    from atout.kernels.tarot_search import rollouts_kernel

    kernel_ready(wait=True)  # compiled or loaded before the clock

    def play(_: None) -> int:
        for i, d in enumerate(deals):
            m = d.legal_mask()
            first = np.array([(m & -m).bit_length() - 1], dtype=np.int64)
            rollouts_kernel(np.stack([encode(d)]), first, 100, i, d.to_move or 0, model)
        return 100 * len(deals)

    return best_rate(play, lambda: None, repeat)


PRE_PLAY = ("bidding", "call", "ecart", "chelem")
"""The phases of the decisions before the card play (``--pre``)."""


def card_decisions(games: int, every: int = 2, pre: bool = False) -> list[View]:
    """The card decisions with more than one legal card of ``games`` games of 4 players
    played by the heuristic (seeds 700 on), one in ``every``; with ``pre`` the decisions
    before the card play instead (bids, call, écart, chelem; every one)."""
    rules = atout.make("tarot")
    views = []
    for i in range(games):
        deal = rules.deal(seed=700 + i, dealer=i % 4)
        players = [make_bot("heuristic", rules, s, i) for s in range(4)]
        n = 0
        while deal.to_move is not None:
            s = deal.to_move
            view = deal.view(s)
            if pre and view.phase in PRE_PLAY and len(view.legal) > 1:
                views.append(view)
            elif (not pre and view.phase == "play" and len(view.legal) > 1
                  and len(view.hand) > 2):
                if n % every == 0:
                    views.append(view)
                n += 1
            deal.play(players[s].choose(view))
    return views


def search_rate(views: list[View], spec: str) -> tuple[float, float, float, float]:
    """The search's (``spec``) playouts per CPU second as it counts them, CPU ms per decision
    on ``views``, its kernel rollouts played (each once) per CPU second and its playouts to
    the end of the deal per CPU second (those rollouts and the lookahead's continuations)."""
    from atout.bots.tarot.worlds import continuations, rollouts_played

    before, played = continuations(), rollouts_played()
    playouts, cpu = search_cpu(atout.make("tarot"), views, spec)
    rolled = rollouts_played() - played
    return (playouts / cpu, 1000 * cpu / len(views), rolled / cpu,
            (rolled + continuations() - before) / cpu)


def sampler_rates(views: list[View], per_view: int = 32) -> tuple[float, float]:
    """The Python sampler's deals and the kernel's worlds per CPU second, ``per_view`` of
    each of ``views`` (each view read afresh by a new sampler, as a decision does)."""
    import time

    from atout.bots.tarot.sampler import TarotDeterminizer
    from atout.bots.tarot.worlds import sample_worlds

    rules = atout.make("tarot")
    start = time.process_time()
    for i, view in enumerate(views):
        sampler = TarotDeterminizer(rules)
        rng = random.Random(i)
        for _ in range(per_view):
            sampler.sample(view, rng)
    python = time.process_time() - start
    start = time.process_time()
    for i, view in enumerate(views):
        sample_worlds(TarotDeterminizer(rules), view, per_view, i)
    kernel = time.process_time() - start
    count = per_view * len(views)
    return count / python, count / kernel


def main() -> None:
    """Print the rollouts per CPU second and their ratios."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--search", type=int, default=0, help="games of search decisions")
    parser.add_argument("--sampler", type=int, default=0, help="games of sampler views")
    parser.add_argument("--pre", action="store_true",
                        help="--search and --sampler on the decisions before the card play")
    parser.add_argument("--skip-rollouts", action="store_true",
                        help="measure only --search and --sampler")
    args = parser.parse_args()
    if args.sampler:
        from atout.bots.tarot.batch import kernel_ready

        kernel_ready(wait=True)
        py, kn = sampler_rates(card_decisions(args.sampler, pre=args.pre))
        print(f"{'python sampler deals per CPU second':<44}{py:>12,.0f}")
        print(f"{'kernel sampler worlds per CPU second':<44}{kn:>12,.0f}")
        print(f"{'kernel / python sampler':<44}{kn / py:>11.1f}x")
    if args.skip_rollouts:
        args.repeat = 0
    deals = positions() if args.repeat else []
    got: dict[str, float] = {}
    for model in (0, 1) if args.repeat else ():
        got[f"python model={model}"] = python_rate(deals, model, args.repeat)
        got[f"kernel model={model}"] = kernel_rate(deals, model, args.repeat)
    for key, value in got.items():
        print(f"{key + ' rollouts per CPU second':<44}{value:>12,.0f}")
    for model in (0, 1) if args.repeat else ():
        ratio = got[f"kernel model={model}"] / got[f"python model={model}"]
        print(f"{'kernel / python, model=' + str(model):<44}{ratio:>11.1f}x")
    if args.search:
        from atout.bots.tarot.batch import kernel_ready

        kernel_ready(wait=True)
        views = card_decisions(args.search, pre=args.pre)
        specs = ("search:kernel=0", "search:kernel=1:kworlds=0", "search:kernel=1")
        rates = {spec: search_rate(views, spec) for spec in specs}
        for spec, (rate, ms, _, _) in rates.items():
            print(f"{spec + ' playouts per CPU second':<44}{rate:>12,.0f}   "
                  f"{ms:,.1f} CPU ms per decision")
        for spec in specs[1:]:
            print(f"{spec + ' rollouts played per CPU s':<44}{rates[spec][2]:>12,.0f}   "
                  f"to the end {rates[spec][3]:,.0f}")
        for spec in specs[1:]:
            ratio = rates[spec][0] / rates[specs[0]][0]
            print(f"{spec + ' / kernel=0 (playouts per CPU s)':<44}{ratio:>11.1f}x")
        base = rates[specs[0]][0]
        print(f"{specs[2] + ' rollouts played / kernel=0':<44}{rates[specs[2]][2] / base:>11.1f}x")
        print(f"{specs[2] + ' to the end / kernel=0':<44}{rates[specs[2]][3] / base:>11.1f}x")
        ratio = rates[specs[2]][0] / rates[specs[1]][0]
        print(f"{'kworlds=1 / kworlds=0 (playouts per CPU s)':<44}{ratio:>11.1f}x")


if __name__ == "__main__":
    main()
