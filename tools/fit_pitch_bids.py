"""Fit the Pitch bid model (:mod:`atout.bots.pitch.bids`) on deals played out to the end.

``PYTHONPATH=src python tools/fit_pitch_bids.py --deals 12000 --seed 1`` writes
``src/atout/bots/pitch/bids.json`` (``--out`` to write elsewhere) and prints how the
fitted choice compares, on deals held out from the fit, with the heuristic's thresholds.

Each deal of the default rules is bid by the heuristic's thresholds; at each seat's turn in
the auction every option it has (pass, each legal bid, the tangage with the top card of each
suit) is tried on a copy of the deal, which is then played to its end by the heuristic's rules
at every seat (:func:`atout.bots.pitch.search.model_rollout`, deterministic: the options are
compared on the same cards). The seat's margin (its points minus the mean of the others') is
a sample for that option's weights. The least squares need numpy (the ``rl`` extra);
generating the deals does not.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from pathlib import Path
from typing import Any, cast

import atout
from atout.bots.pitch.bids import FEATURES, FORMAT, OPTIONS, BidModel, features, place
from atout.bots.pitch.hand import BID0, FULL, NCARDS, PASS, SUIT_MASK, best_suit, choose_bid
from atout.bots.pitch.search import model_rollout
from atout.bots.search import side_value
from atout.games.pitch import PitchDeal

Row = tuple[int, str, int, int, int, int, float]
"""One option of a decision: its action id, kind, the hand, the suit it plays as trump, the
seat's place in the auction, the high bid before it, and the margin."""
Decision = tuple[int, list[Row]]
"""One auction decision: the action the thresholds take, and every option."""


def options(legal: int) -> list[int]:
    """The options tried: pass, the legal bids, the tangage with each suit's top card."""
    out = [a for a in range(PASS, BID0 + 5) if legal >> a & 1]
    cards = legal & FULL
    for s in range(4):
        t = cards & SUIT_MASK[s]
        if t:
            out.append(t.bit_length() - 1)
    return out


def kind(action: int) -> str:
    """The option's kind (a key of the weights)."""
    if action < NCARDS:
        return "tangage"
    return "pass" if action == PASS else f"bid {action - BID0}"


def decisions(deals: int, seed: int) -> list[Decision]:
    """Every auction decision of ``deals`` random deals, each option played out."""
    rules = atout.make("pitch")
    rng = random.Random(seed)
    out: list[Decision] = []
    for _ in range(deals):
        deal = cast(PitchDeal, rules.deal(seed=rng.getrandbits(32), dealer=rng.randrange(4)))
        while deal.phase == "auction":
            seat = deal.turn
            hand = deal.hands[seat]
            legal = deal.legal_mask()
            where = place(seat, deal.dealer, deal.n)
            best, _ = best_suit(hand)
            rows: list[Row] = []
            for a in options(legal):
                d = deal.clone()
                d.step(a)
                y = side_value(model_rollout(d, rng), seat)
                rows.append((a, kind(a), hand, a // 13 if a < NCARDS else best, where,
                             deal.high, y))
            took = choose_bid(hand, legal)
            out.append((took, rows))
            deal.step(took)
    return out


def fit(train: list[Decision], ridge: float = 1.0) -> BidModel:
    """Least squares (with a small ridge) for each kind of option."""
    import numpy as np

    weights: dict[str, tuple[float, ...]] = {}
    for k in OPTIONS:
        xs = [features(*r[2:6]) for _, dec in train for r in dec if r[1] == k]
        ys = [r[6] for _, dec in train for r in dec if r[1] == k]
        a = np.array(xs, dtype=float)
        b = np.array(ys, dtype=float)
        reg = ridge * np.eye(len(FEATURES))
        reg[0, 0] = 0.0
        w = np.linalg.solve(a.T @ a + reg, a.T @ b)
        weights[k] = tuple(round(float(v), 5) for v in w)
    return BidModel(weights)


def compare(test: list[Decision], model: BidModel) -> dict[str, float]:
    """Mean margin on the held-out decisions of the model's choice, the thresholds' choice
    (the option the heuristic took) and the best option in hindsight."""
    chosen, threshold, best = [], [], []
    for took, dec in test:
        by_action = {r[0]: r[6] for r in dec}
        pick = max(dec, key=lambda r: (model.value(r[1], features(*r[2:6])), -r[0]))
        chosen.append(pick[6])
        best.append(max(by_action.values()))
        threshold.append(by_action[took])
    diff = [c - t for c, t in zip(chosen, threshold, strict=True)]
    half = 1.96 * statistics.stdev(diff) / len(diff) ** 0.5
    return {"model": statistics.fmean(chosen), "thresholds": statistics.fmean(threshold),
            "best": statistics.fmean(best), "model - thresholds": statistics.fmean(diff),
            "ci95": half, "decisions": float(len(test))}


def main(argv: list[str] | None = None) -> int:
    """Generate, fit, compare, write."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=12000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--holdout", type=float, default=0.2)
    parser.add_argument("--out", default="src/atout/bots/pitch/bids.json")
    parser.add_argument("--cache", help="a JSON file keeping the played-out decisions: read "
                        "if it exists (then --deals and --seed are those it was made with), "
                        "else written, so that other features can be fitted without playing "
                        "the deals again")
    args = parser.parse_args(argv)
    cache = Path(args.cache) if args.cache else None
    if cache is not None and cache.exists():
        saved = json.loads(cache.read_text("utf-8"))
        data = [(int(took), [cast(Row, tuple(r)) for r in rows])
                for took, rows in saved["decisions"]]
        args.deals, args.seed = saved["deals"], saved["seed"]
    else:
        data = decisions(args.deals, args.seed)
        if cache is not None:
            cache.write_text(json.dumps({"deals": args.deals, "seed": args.seed,
                                         "decisions": data}), "utf-8")
    cut = int(len(data) * (1 - args.holdout))
    model = fit(data[:cut])
    got = compare(data[cut:], model)
    print(json.dumps(got))
    payload: dict[str, Any] = {"format": FORMAT, "features": list(FEATURES),
                               "deals": args.deals, "seed": args.seed,
                               "weights": {k: list(w) for k, w in model.weights.items()}}
    Path(args.out).write_text(json.dumps(payload, indent=1) + "\n", "utf-8")
    print(f"wrote {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
