"""How far the Jass trump model is from the best choice a forehand can make from his hand alone.

Run: ``PYTHONPATH=src python benchmarks/jass_trump_ceiling.py HANDS SEED TRAIN JUDGE``
(docs/research/bots-jass.md used ``300 11 300 150``).

For ``HANDS`` random forehand hands of the default Schieber rules, every option (the six
modes and the push, after which the partner chooses by the model) is valued on ``TRAIN``
random deals of the other hands, played out by four heuristic players
(:func:`atout.bots.jass.search.jass_rollout` with ``model=2``, deterministic). Where the best
of them differs from the model's choice, both are judged on ``JUDGE`` further deals. It
prints the mean margin gained per forehand deal over the model, with its 95% interval.
"""

from __future__ import annotations

import argparse
import random
import statistics

import atout
from atout.bots.jass.search import jass_rollout
from atout.bots.jass.trump import choose_trump_by_value, option_values
from atout.cards import JASS_DECK
from atout.core import Deal

RULES = atout.make("jass")
MODES: int = RULES.mode_mask  # type: ignore[attr-defined]


def other_hands(hand: int, forehand: int, dealer: int, rng: random.Random, k: int) -> list[Deal]:
    """``k`` deals in which ``forehand`` holds ``hand`` and the other cards lie at random."""
    unseen = [c for c in range(36) if not hand >> c & 1]
    out = []
    for _ in range(k):
        rng.shuffle(unseen)
        hands = [0] * 4
        i = 0
        for s in range(4):
            if s == forehand:
                hands[s] = hand
                continue
            for c in unseen[i:i + 9]:
                hands[s] |= 1 << c
            i += 9
        out.append(RULES.deal(hands=[JASS_DECK.codes_of(h) for h in hands], dealer=dealer))
    return out


def margin(deal: Deal, forehand: int, action: int) -> float:
    """The forehand side's margin after ``action`` (and the partner's choice after a push)."""
    d = deal.clone()
    d.step(action)
    if d.phase == "trump":  # type: ignore[attr-defined]
        partner = (forehand + 2) % 4
        d.step(choose_trump_by_value(d.hands[partner], MODES, False, True))  # type: ignore[attr-defined]
    p = jass_rollout(d, random.Random(0), 2).points
    return float(p[forehand] - p[(forehand + 1) % 4])


def main() -> None:
    """Print the gain of the best option over the model's."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("hands", type=int)
    parser.add_argument("seed", type=int)
    parser.add_argument("train", type=int)
    parser.add_argument("judge", type=int)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    gains = []
    agree = 0
    for _ in range(args.hands):
        real = RULES.deal(seed=rng.randrange(1 << 62))
        forehand = real.turn  # type: ignore[attr-defined]
        hand = real.hands[forehand]  # type: ignore[attr-defined]
        options = list(option_values(hand, MODES, True))
        model = choose_trump_by_value(hand, MODES, True)
        train = other_hands(hand, forehand, real.dealer, rng, args.train)
        values = {a: sum(margin(d, forehand, a) for d in train) / len(train) for a in options}
        best = max(options, key=lambda a: values[a])
        if best == model:
            agree += 1
            gains.append(0.0)
            continue
        judge = other_hands(hand, forehand, real.dealer, rng, args.judge)
        gains.append(sum(margin(d, forehand, best) - margin(d, forehand, model)
                         for d in judge) / len(judge))
    mean = statistics.mean(gains)
    ci = 1.96 * statistics.stdev(gains) / len(gains) ** 0.5 if len(gains) > 1 else 0.0
    print(f"best of {args.train} deals over the model: {mean:+.2f} ± {ci:.2f} margin per "
          f"forehand deal, {args.hands} hands, the same choice on {agree}")


if __name__ == "__main__":
    main()
