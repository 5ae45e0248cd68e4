"""Fit the Tarot call model (:mod:`atout.bots.tarot.call`) on deals played out to the end.

``PYTHONPATH=src python tools/fit_tarot_call.py --deals 3000 --seed 1`` writes
``src/atout/bots/tarot/call.json`` (``--out`` to write elsewhere) and prints, on deals
held out from the fit, how much the taker scores above the mean of his calls when he calls by
the model and by the rule of thumb (the king of his longest suit without it).

On each five-player deal the player with the strongest hand by the count takes a garde (the
others pass) and his hand is played out after each king he may call, by heuristic players
(:func:`atout.bots.tarot.rollout.heuristic_rollout`, deterministic): each call's points less
the mean of his calls on that deal is a sample, its features less their mean over his
calls. The least squares need numpy (the ``rl`` extra).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import cast

import atout
from atout.bots.tarot.bids import hand_points
from atout.bots.tarot.call import DATA, FEATURES, call_by_value, call_features, weights_to_dict
from atout.bots.tarot.choices import choose_call
from atout.bots.tarot.rollout import heuristic_rollout
from atout.core import deal_seed
from atout.games.tarot.deal import TarotDeal
from atout.games.tarot.tables import A_CALL, A_PASS, CALL_CARDS

Calls = tuple[int, dict[int, float]]
"""A taker's hand and, for each call action he may make, his points above his calls' mean."""


def deal_calls(seed: int) -> Calls | None:
    """One deal's calls (None when it has no bidding)."""
    rules = atout.make("tarot", players=5)
    base = cast(TarotDeal, rules.deal(seed=seed, dealer=seed % 5))
    if not base.legal_mask() >> A_PASS & 1:
        return None
    first = base.to_move
    assert first is not None
    order = [(first + k) % 5 for k in range(5)]
    taker = max(order, key=lambda s: hand_points(base.hands[s], 5))
    for s in order:
        base.step(A_PASS + 2 if s == taker else A_PASS)  # a garde
    legal = base.legal_mask()
    hand = base.hands[taker]
    points: dict[int, float] = {}
    for i in range(4):
        if legal >> (A_CALL + i) & 1:
            d = base.clone()
            d.step(A_CALL + i)
            points[A_CALL + i] = float(heuristic_rollout(d, random.Random(0)).points[taker])
    if len(points) < 2:
        return None
    mean = sum(points.values()) / len(points)
    return hand, {a: p - mean for a, p in points.items()}


def main(argv: list[str] | None = None) -> int:
    """Fit and write the weights; print the held-out comparison."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=3000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--held-out", type=float, default=0.2, help="share of deals held out")
    ap.add_argument("--out", type=Path, default=DATA)
    args = ap.parse_args(argv)
    import numpy as np

    test_n = int(args.deals * args.held_out)
    xs: list[list[float]] = []
    ys: list[float] = []
    for i in range(args.deals - test_n):
        got = deal_calls(deal_seed(args.seed, i))
        if got is None:
            continue
        hand, pts = got
        # features centred on the deal's calls too: only the differences between calls count
        feats = {a: call_features(hand, CALL_CARDS[a - A_CALL] // 14) for a in pts}
        mean = [sum(f[k] for f in feats.values()) / len(feats) for k in range(len(FEATURES))]
        for a, p in pts.items():
            xs.append([f - m for f, m in zip(feats[a], mean, strict=True)])
            ys.append(p)
    x = np.array(xs)
    w = np.linalg.solve(x.T @ x + np.eye(len(FEATURES)), x.T @ np.array(ys))
    weights = tuple(round(float(v), 4) for v in w)
    by_value = by_rule = 0.0
    tested = 0
    for i in range(test_n):
        got = deal_calls(deal_seed(args.seed + 1_000_003, i))
        if got is None:
            continue
        hand, pts = got
        legal = sum(1 << a for a in pts)
        v = call_by_value(hand, legal, weights)
        assert v is not None
        by_value += pts[v]
        by_rule += pts.get(choose_call(hand, legal), 0.0)
        tested += 1
    k = max(1, tested)
    print(json.dumps({"train calls": len(ys), "test deals": tested,
                      "points above the mean, by value": round(by_value / k, 2),
                      "by rule": round(by_rule / k, 2)}), flush=True)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(weights_to_dict(weights), indent=1) + "\n", encoding="utf-8")
    print(f"wrote {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
