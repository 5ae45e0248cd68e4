"""How well the Pitch sampler places the hidden cards, with and without reading the table.

Run: ``PYTHONPATH=src python benchmarks/pitch_sampler.py [--deals 30] [--samples 20]``

Four heuristic players play ``--deals`` deals; at every decision in the play the sampler of
the seat to move draws ``--samples`` deals from its view, five ways: the voids and hand
sizes only, reading the auction too (``read_bids``), reading the card play too
(``read_play``), and reading both one seat at a time with 20 or 60 tries a seat
(``read_seats``, 20 in the search). For each way the table gives the share of the other
seats' cards that a sample puts in the right hand (the trump cards apart: what decides High,
Low and Jack) and the sampler's CPU time per sample.
"""

from __future__ import annotations

import argparse
import random
import time

import atout
from atout.bots import make_bot
from atout.bots.pitch.search import PitchDeterminizer
from atout.cards import FULL_DECK

WAYS = (("voids only", False, False, 0), ("read_bids", True, False, 0),
        ("read_play", True, True, 0), ("read_seats=20", True, True, 20),
        ("read_seats=60", True, True, 60))


def measure(deals: int, samples: int) -> list[tuple[str, float, float, float]]:
    """For each way: its name, the share of hidden cards and of hidden trumps placed right,
    and the milliseconds of CPU per sample."""
    rules = atout.make("pitch")
    out = []
    for name, bids, play, seats in WAYS:
        det = PitchDeterminizer(rules, read_bids=bids, read_play=play, read_seats=seats)
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
                    got = [det.sample(view, rng) for _ in range(samples)]
                    cpu += time.process_time() - start
                    drawn += samples
                    for d in got:
                        for s in range(rules.seats):
                            if s == seat:
                                continue
                            mine = FULL_DECK.mask(d.view(s).hand)
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
    args = parser.parse_args()
    print("| sampler | hidden cards placed right | hidden trumps placed right | ms CPU a sample |")
    print("| --- | ---: | ---: | ---: |")
    for name, cards, trumps, ms in measure(args.deals, args.samples):
        print(f"| {name} | {cards:.1%} | {trumps:.1%} | {ms:.2f} |")


if __name__ == "__main__":
    main()
