"""How often each Jass trump choice is made: the heuristic's two policies and an expert's rule.

Run: ``PYTHONPATH=src python benchmarks/jass_trump_choices.py [--deals 20000] [--search 0]``

For random deals of the default Schieber rules it counts the forehand's choice (a suit,
Obenabe, Undenufe or a push) and the trump the deal is then played in (after a push, the
partner's choice), for:

- ``value``: the heuristic's choice by the fitted model (:mod:`atout.bots.jass.trump`);
- ``count``: the trick count and its push threshold (``heuristic:trump=count``);
- ``expert``: Dani Müller's rule for the forehand (Luzerner Zeitung, column «Gschobe»):
  name a suit with the Buur and three more trumps, with Buur, Nell and ace of trump, or with
  Nell, ace and three more trumps; Obenabe or Undenufe with five sure tricks; else push. His
  further conditions ("good cards beside") are not read, and a pushed partner takes the
  ``value`` choice;
- ``search`` (with ``--search N``, on the first N deals): the search bot at its default
  budget, forehand and pushed partner.

It also counts, for the forehand, how often ``value`` names a trump other than the mode
with the most tricks by the count, and how often it pushes where ``count`` names a trump:
the choices the trick count's words could not explain in a hint.
"""

from __future__ import annotations

import argparse
import random
from collections import Counter

import atout
from atout.bots import make_bot
from atout.bots.jass.heuristic import PUSH, TRUMP_BASE, choose_trump, mode_tricks
from atout.bots.jass.trump import choose_trump_by_value
from atout.games.jass import JassDeal
from atout.games.jass.play import ACE, JACK, NINE, OBENABE, SUIT_MASK, UNDENUFE

KINDS = ("suit", "obenabe", "undenufe", "push")


def _kind(action: int) -> str:
    if action == PUSH:
        return "push"
    mode = action - TRUMP_BASE
    return "suit" if mode < 4 else ("obenabe" if mode == OBENABE else "undenufe")


def _sure_tricks(hand: int, mode: int) -> int:
    """Cards that win from the top of their suit down, without a gap, at Obenabe/Undenufe."""
    out = 0
    for s in range(4):
        r = ACE if mode == OBENABE else 0
        step = -1 if mode == OBENABE else 1
        while 0 <= r < 9 and hand >> (s * 9 + r) & 1:
            out += 1
            r += step
    return out


def expert_choice(hand: int) -> int:
    """Dani Müller's rule for the forehand (see the module's text)."""
    for s in range(4):
        t = hand & SUIT_MASK[s]
        n = t.bit_count()
        buur, nell, ace = (bool(t >> (s * 9 + r) & 1) for r in (JACK, NINE, ACE))
        if (buur and n >= 4) or (buur and nell and ace) or (nell and ace and n >= 5):
            return TRUMP_BASE + s
    best = max((OBENABE, UNDENUFE), key=lambda m: _sure_tricks(hand, m))
    if _sure_tricks(hand, best) >= 5:
        return TRUMP_BASE + best
    return PUSH


def main() -> None:
    """Print the frequencies of each choice."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=20000)
    parser.add_argument("--search", type=int, default=0,
                        help="deals on which the search bot chooses too (slow)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rules = atout.make("jass")
    modes: int = rules.mode_mask  # type: ignore[attr-defined]
    rng = random.Random(args.seed)
    first: dict[str, Counter[str]] = {p: Counter() for p in ("value", "count", "expert",
                                                              "search")}
    played: dict[str, Counter[str]] = {p: Counter() for p in first}
    counted = Counter[str]()
    unlike = Counter[str]()  # the forehand's value choices the trick count does not explain
    for i in range(args.deals):
        deal = rules.deal(seed=rng.randrange(1 << 62))
        assert isinstance(deal, JassDeal)
        seat = deal.turn
        hand, partner = deal.hands[seat], deal.hands[(seat + 2) % 4]
        fitted_after_push = choose_trump_by_value(partner, modes, False, True)
        policies = {
            "value": (choose_trump_by_value(hand, modes, True), fitted_after_push),
            "count": (choose_trump(hand, modes, True), choose_trump(partner, modes, False)),
            "expert": (expert_choice(hand), fitted_after_push),
        }
        value, count = policies["value"][0], policies["count"][0]
        if value == PUSH:
            unlike["push, count names a trump"] += count != PUSH
        else:
            tricks = mode_tricks(hand, modes)
            unlike["trump, not the most tricks"] += (
                value - TRUMP_BASE != max(range(6), key=lambda m: tricks[m]))
        if i < args.search:
            a = int(make_bot("search", rules, seat, i).choose(deal.view(seat)))
            b = a
            if a == PUSH:
                after = deal.clone()
                after.play(rules.actions[a])
                mate = (seat + 2) % 4
                b = int(make_bot("search", rules, mate, i).choose(after.view(mate)))
            policies["search"] = (a, b)
        for name, (a, b) in policies.items():
            first[name][_kind(a)] += 1
            played[name][_kind(b if a == PUSH else a)] += 1
            counted[name] += 1
    print(f"{args.deals} deals, seed {args.seed}; search on {min(args.search, args.deals)}")
    print(f"{'policy':8} {'forehand: suit  obenabe  undenufe  push':40} "
          f"{'played: suit  obenabe  undenufe':34}")
    for name in first:
        n = counted[name]
        if not n:
            continue
        f = "  ".join(f"{100 * first[name][k] / n:6.1f}%" for k in KINDS)
        p = "  ".join(f"{100 * played[name][k] / n:6.1f}%" for k in KINDS[:3])
        print(f"{name:8} {f:40} {p:34}")
    trumps = counted["value"] - first["value"]["push"]
    print(f"value, forehand: a trump other than the most tricks' mode in "
          f"{unlike['trump, not the most tricks']} of {trumps} trumps; a push where the count "
          f"names a trump in {unlike['push, count names a trump']} of "
          f"{first['value']['push']} pushes")


if __name__ == "__main__":
    main()
