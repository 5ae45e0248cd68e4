"""How well the Pitch sampler places the hidden cards, with and without reading the table.

Run: ``PYTHONPATH=src python benchmarks/pitch_sampler.py [--deals 30] [--samples 20]
[--players 4]``

Heuristic players (four, or ``--players``) play ``--deals`` deals; at every decision in the
play the sampler of the seat to move draws ``--samples`` deals from its view, six ways: the
voids and hand sizes only, reading the auction too (``read_bids``), reading the card play
too (``read_play``), reading both one seat at a time with 20 or 60 tries a seat
(``read_seats``, 20 in the search), and the search's kernel sampler, which reads as
``read_seats=20`` does (:func:`atout.bots.pitch.batch.world_facts`, once per decision, then
:func:`atout.kernels.pitch_sample.sample_worlds_kernel`: its time counts both). For each way
the table gives the share of the other seats' cards that a sample puts in the right hand (the
trump cards apart: what decides High, Low and Jack), the sampler's CPU time per sample and
its samples per CPU second. The kernel is compiled (or loaded from the cache) before anything
is timed.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

import atout
from atout.bots import make_bot
from atout.bots.pitch.batch import world_facts
from atout.bots.pitch.search import PitchDeterminizer, kernel_ready
from atout.cards import FULL_DECK
from atout.core import View
from atout.kernels.pitch import HANDS
from atout.kernels.pitch_sample import sample_worlds_kernel

WAYS = (("voids only", False, False, 0), ("read_bids", True, False, 0),
        ("read_play", True, True, 0), ("read_seats=20", True, True, 20),
        ("read_seats=60", True, True, 60), ("kernel, read_seats=20", True, True, -20))
"""Each way: its name, ``read_bids``, ``read_play``, ``read_seats`` (negative: the kernel's
sampler with that many tries a seat)."""


def sampled_hands(det: PitchDeterminizer, view: View, samples: int, rng: random.Random,
                  kernel: bool) -> list[list[int]]:
    """``samples`` deals drawn for ``view``: each seat's hand in each."""
    if not kernel:
        return [[FULL_DECK.mask(d.view(s).hand) for s in range(view.seats)]
                for d in (det.sample(view, rng) for _ in range(samples))]
    facts = world_facts(det, view, rng.getrandbits(63))
    assert facts is not None
    sample: Any = sample_worlds_kernel
    worlds = sample(*facts, samples, rng.getrandbits(63))
    return [[int(w[HANDS + s]) for s in range(view.seats)] for w in worlds]


def measure(deals: int, samples: int, players: int = 4) -> list[tuple[str, float, float, float]]:
    """For each way: its name, the share of hidden cards and of hidden trumps placed right,
    and the milliseconds of CPU per sample."""
    rules = atout.make("pitch", players=players)
    out = []
    for name, bids, play, seats in WAYS:
        det = PitchDeterminizer(rules, read_bids=bids, read_play=play, read_seats=abs(seats))
        rng = random.Random(1)
        right = total = right_t = total_t = 0
        cpu = 0.0
        drawn = 0
        for i in range(deals):
            deal = rules.deal(seed=30_000 + i, dealer=i % rules.seats)
            bots = [make_bot("heuristic", rules, s, i) for s in range(rules.seats)]
            while deal.to_move is not None:
                seat = deal.to_move
                view = deal.view(seat)
                if view.phase == "play" and view.info.get("trump"):
                    trump = "HDSC".index(str(view.info["trump"]))
                    truth = [FULL_DECK.mask(deal.view(s).hand) for s in range(rules.seats)]
                    start = time.process_time()
                    got = sampled_hands(det, view, samples, rng, seats < 0)
                    cpu += time.process_time() - start
                    drawn += samples
                    for hands in got:
                        for s in range(rules.seats):
                            if s == seat:
                                continue
                            mine = hands[s]
                            for c in range(52):
                                if truth[s] >> c & 1:
                                    ok = mine >> c & 1
                                    right += ok
                                    total += 1
                                    if c // 13 == trump:
                                        right_t += ok
                                        total_t += 1
                deal.play(bots[seat].choose(view))
        out.append((name, right / total, right_t / max(1, total_t), 1000 * cpu / drawn))
    return out


def main() -> None:
    """Print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=30)
    parser.add_argument("--samples", type=int, default=20)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    kernel_ready(wait=True)
    print(f"{args.players} players, {args.deals} deals, {args.samples} samples a decision")
    print("| sampler | hidden cards placed right | hidden trumps placed right | ms CPU a sample "
          "| samples per CPU second |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for name, cards, trumps, ms in measure(args.deals, args.samples, args.players):
        print(f"| {name} | {cards:.1%} | {trumps:.1%} | {ms:.3f} | {1000 / ms:,.0f} |")


if __name__ == "__main__":
    main()
