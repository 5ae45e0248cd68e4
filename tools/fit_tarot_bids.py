"""Fit the Tarot bid model (:mod:`atout.bots.tarot.bids`) on deals played out to the end.

``PYTHONPATH=src python tools/fit_tarot_bids.py --deals 2000 --seed 1 --players 4`` writes the
table for four players into ``src/atout/bots/tarot/bids.json`` (``--out`` to write elsewhere;
tables already there for other numbers of players are kept) and prints, on deals held
out from the fit, what the bidder scores on average when it bids by the model and by the hand
count's thresholds, and how often each contract is chosen.

For every deal and every seat, the seat speaks first in an open auction (the seats before it
pass): it bids each contract in turn (the others then pass, so it plays that contract), and
once it passes (the others then bid by the count). Each of these deals is played to its end
by heuristic players (:func:`atout.bots.tarot.rollout.heuristic_rollout`, deterministic), so
a hand's choices are compared on the same other hands. The seat's points in each are the
samples; the least squares need numpy (the ``rl`` extra).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import random
import sys
from pathlib import Path
from typing import Any, cast

import atout
from atout.bots.tarot.bids import CHOICES, DATA, FEATURES, BidModel, bid_features
from atout.bots.tarot.choices import choose_bid
from atout.bots.tarot.rollout import heuristic_rollout
from atout.core import deal_seed
from atout.games.tarot.deal import TarotDeal
from atout.games.tarot.tables import A_PASS

Sample = tuple[int, list[float], list[float]]
"""A seat's hand: the number of players, its features and its points for each choice."""


def hand_samples(players: int, seed: int) -> list[tuple[int, list[float]]]:
    """For one deal: each seat's hand mask and its points for each choice (pass first)."""
    rules = atout.make("tarot", players=players)
    rng = random.Random(seed)
    out: list[tuple[int, list[float]]] = []
    base = cast(TarotDeal, rules.deal(seed=seed, dealer=seed % players))
    if not base.legal_mask() >> A_PASS & 1:
        return out  # a petit sec: no bidding
    first = base.to_move
    assert first is not None
    for k in range(players):
        seat = (first + k) % players
        points: list[float] = []
        for choice in range(len(CHOICES)):
            deal = base.clone()
            for _ in range(k):
                deal.step(A_PASS)
            deal.step(A_PASS + choice)
            if choice:
                for _ in range(players - 1 - k):
                    deal.step(A_PASS)
            points.append(float(heuristic_rollout(deal, rng, by_value=False).points[seat]))
        out.append((base.hands[seat], points))
    return out


def collect(players: int, deals: int, seed: int) -> list[Sample]:
    """The samples of ``deals`` deals at ``players`` players."""
    out: list[Sample] = []
    for i in range(deals):
        for hand, pts in hand_samples(players, deal_seed(seed, i)):
            out.append((players, bid_features(hand), pts))
    return out


def fit(samples: list[Sample], ridge: float = 1.0) -> list[list[float]]:
    """Least squares (a little ridge) of each choice's points on the features."""
    import numpy as np

    x = np.array([f for _, f, _ in samples])
    y = np.array([p for _, _, p in samples])
    reg = ridge * np.eye(x.shape[1])
    reg[0, 0] = 0.0
    w = np.linalg.solve(x.T @ x + reg, x.T @ y)
    return [[round(float(v), 4) for v in w[:, c]] for c in range(len(CHOICES))]


def main(argv: list[str] | None = None) -> int:
    """Fit and write the weights; print the held-out comparison."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=2000, help="deals per number of players")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", default="3,4,5")
    ap.add_argument("--held-out", type=float, default=0.2, help="share of deals held out")
    ap.add_argument("--out", type=Path, default=DATA)
    args = ap.parse_args(argv)
    weights: dict[int, list[list[float]]] = {}
    if args.out.exists():
        # the tables of the other numbers of players already there are kept
        with contextlib.suppress(ValueError):  # another layout: written anew
            weights.update(BidModel.from_dict(json.loads(args.out.read_text("utf-8"))).weights)
    report: dict[str, Any] = {}
    all_bids = (1 << A_PASS) | (0b1111 << (A_PASS + 1))
    for players in (int(p) for p in args.players.split(",")):
        test_deals = int(args.deals * args.held_out)
        train = collect(players, args.deals - test_deals, args.seed)
        weights[players] = fit(train)
        model = BidModel({players: weights[players]})
        rows: list[tuple[int, list[float]]] = []
        for i in range(test_deals):
            rows += hand_samples(players, deal_seed(args.seed + 1_000_003, i))
        mean = {"value": 0.0, "count": 0.0}
        freq = {"value": [0] * len(CHOICES), "count": [0] * len(CHOICES)}
        for hand, pts in rows:
            values = model.values(hand, players)
            assert values is not None
            v = max(range(len(CHOICES)), key=lambda c: values[c])
            c = choose_bid(hand, players, all_bids) - A_PASS
            mean["value"] += pts[v]
            mean["count"] += pts[c]
            freq["value"][v] += 1
            freq["count"][c] += 1
        k = max(1, len(rows))
        report[str(players)] = {
            "train hands": len(train), "test hands": len(rows),
            "points by value": round(mean["value"] / k, 2),
            "points by count": round(mean["count"] / k, 2),
            "choices by value": dict(zip(CHOICES, freq["value"], strict=True)),
            "choices by count": dict(zip(CHOICES, freq["count"], strict=True))}
        print(json.dumps({players: report[str(players)]}), flush=True)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(BidModel(weights).to_dict(), indent=1) + "\n",
                        encoding="utf-8")
    print(f"wrote {args.out} ({', '.join(FEATURES)})", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
