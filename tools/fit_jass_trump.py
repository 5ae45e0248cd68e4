"""Fit the Jass trump model (:mod:`atout.bots.jass.trump`) on deals played out to the end.

``PYTHONPATH=src python tools/fit_jass_trump.py --deals 20000 --seed 1`` writes
``src/atout/bots/jass/trump.json`` (``--out`` to write elsewhere) and prints how the
fitted choice compares, on deals held out from the fit, with the trick-count thresholds.

Two stages, each over random deals of the default Schieber rules:

1. *Pushed*: the forehand pushes (only on deals where the push policy would push, so the
   partner sees the hands he is pushed to in play) and the partner's hand is played out in
   every mode; the partner's margin in each mode is a sample for the ``pushed`` weights.
2. *Forehand*: the forehand's hand is played out in every mode, and once more after a push
   in which the partner chooses by the ``pushed`` weights (and once with the thresholds, to
   measure them): samples for the ``forehand`` and ``push`` weights.

Every deal is played by the heuristic's card play at all four seats
(:func:`atout.bots.jass.search.jass_rollout` with ``model=2``), which is deterministic, so a
hand's modes are compared on the same other hands. The least squares need numpy (the ``rl``
extra); generating the deals does not.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable
from multiprocessing import Pool
from pathlib import Path
from typing import Any

import atout
from atout.bots.jass.heuristic import choose_trump
from atout.bots.jass.search import jass_rollout
from atout.bots.jass.trump import (
    FORMAT,
    PUSH,
    PUSH_FEATURES,
    SLALOM_FEATURES,
    SUIT_FEATURES,
    TRUMP_BASE,
    TrumpModel,
    choose_trump_by_value,
    mode_features,
    push_features,
)
from atout.games.jass import JassDeal, JassRules

CLASSES = ("suit", "obenabe", "undenufe")
Row = tuple[str, list[float], float]
"""A sample: the weights it trains (``pushed/suit``, ``forehand/obenabe``, ``push`` ...),
its features and the margin."""


def _rules() -> JassRules:
    rules = atout.make("jass")
    assert isinstance(rules, JassRules)
    return rules


def _margin(deal: JassDeal, actions: list[int], seat: int) -> float:
    """The margin of ``seat``'s side after playing ``actions`` and the heuristic's play."""
    d = deal.clone()
    for a in actions:
        d.fast_play(a)
    result = jass_rollout(d, random.Random(0), 2)
    return float(result.points[seat] - result.points[(seat + 1) % 4]) / d.multiplier


def _cls(mode: int) -> str:
    return CLASSES[0] if mode < 4 else CLASSES[mode - 3]


def _count_pushes(hand: int, modes: int) -> bool:
    return choose_trump(hand, modes, True) == PUSH


def pushed_rows(seed: int, deals: int, prior: dict[str, Any] | None = None) -> list[Row]:
    """Stage 1: the partner's margin in every mode after a push by the thresholds, or by the
    ``prior`` model when one is given."""
    rules = _rules()
    rng = random.Random(seed)
    modes = rules.mode_mask
    prior_model = TrumpModel.from_dict(prior) if prior else None
    rows: list[Row] = []
    made = 0
    while made < deals:
        deal = rules.deal(seed=rng.randrange(1 << 62))
        assert isinstance(deal, JassDeal)
        forehand = deal.hands[deal.turn]
        if prior_model is None:
            pushes = _count_pushes(forehand, modes)
        else:
            pushes = choose_trump_by_value(forehand, modes, True, model=prior_model) == PUSH
        if not pushes:
            continue
        made += 1
        partner = (deal.turn + 2) % 4
        hand = deal.hands[partner]
        for mode in range(6):
            rows.append((f"pushed/{_cls(mode)}", mode_features(hand, mode),
                         _margin(deal, [PUSH, TRUMP_BASE + mode], partner)))
    return rows


def forehand_rows(seed: int, deals: int, model: dict[str, Any]
                  ) -> list[tuple[int, list[float], list[float]]]:
    """Stage 2: per deal the forehand's hand, its margin in every mode (36-41), after a push
    to a partner choosing by the model (42) and after a push to one using the thresholds."""
    rules = _rules()
    trump_model = TrumpModel.from_dict(model)
    rng = random.Random(seed)
    modes = rules.mode_mask
    out = []
    for _ in range(deals):
        deal = rules.deal(seed=rng.randrange(1 << 62))
        assert isinstance(deal, JassDeal)
        seat = deal.turn
        partner = (seat + 2) % 4
        margins = [_margin(deal, [TRUMP_BASE + m], seat) for m in range(6)]
        fitted = choose_trump_by_value(deal.hands[partner], modes, False, True,
                                       model=trump_model)
        counted = choose_trump(deal.hands[partner], modes, False)
        margins.append(_margin(deal, [PUSH, fitted], seat))
        margins.append(_margin(deal, [PUSH, counted], seat))
        out.append((deal.hands[seat], [float(fitted), float(counted)], margins))
    return out


def _parallel(fn: Callable[..., Any], jobs: list[tuple[Any, ...]], workers: int) -> list[Any]:
    if workers <= 1:
        return [fn(*job) for job in jobs]
    with Pool(workers) as pool:
        return pool.starmap(fn, jobs)


def _lstsq(rows: list[tuple[list[float], float]], ridge: float = 1e-3) -> list[float]:
    try:
        import numpy as np
    except ModuleNotFoundError:
        sys.exit("fitting needs numpy: pip install 'atout[rl]'")
    x = np.array([r[0] for r in rows])
    y = np.array([r[1] for r in rows])
    a = x.T @ x + ridge * len(rows) * np.eye(x.shape[1])
    w = np.linalg.solve(a, x.T @ y)
    return [round(float(v), 4) for v in w]


def _model(weights: dict[str, dict[str, list[float]]], push: list[float],
           meta: dict[str, Any]) -> dict[str, Any]:
    return {"format": FORMAT, "features": {"suit": list(SUIT_FEATURES),
                                           "slalom": list(SLALOM_FEATURES),
                                           "push": list(PUSH_FEATURES)},
            "weights": weights, "push": push, "meta": meta}


def fit(deals: int, seed: int, workers: int, holdout: float = 0.2,
        prior: dict[str, Any] | None = None) -> dict[str, Any]:
    """Run both stages and return the model's JSON form with the held-out comparison.

    ``prior``: a model (JSON form) that decides which forehands push in the first stage
    (default: the thresholds).
    """
    chunks = max(workers * 4, 1)
    per = max(deals // chunks, 1)
    jobs: list[tuple[Any, ...]] = [(seed * 1000 + i, per, prior) for i in range(chunks)]
    rows = [r for part in _parallel(pushed_rows, jobs, workers) for r in part]
    weights: dict[str, dict[str, list[float]]] = {"pushed": {}, "forehand": {}}
    for cls in CLASSES:
        weights["pushed"][cls] = _lstsq([(x, y) for k, x, y in rows if k == f"pushed/{cls}"])
    # the forehand stage needs the pushed weights; its push entries are placeholders
    stage1 = _model({"pushed": weights["pushed"], "forehand": weights["pushed"]},
                    [0.0] * len(PUSH_FEATURES), {})
    jobs = [(seed * 1000 + 500 + i, per, stage1) for i in range(chunks)]
    hands = [r for part in _parallel(forehand_rows, jobs, workers) for r in part]
    cut = int(len(hands) * (1 - holdout))
    train, test = hands[:cut], hands[cut:]
    for cls in CLASSES:
        weights["forehand"][cls] = _lstsq(
            [(mode_features(h, m), margins[m]) for h, _, margins in train for m in range(6)
             if _cls(m) == cls])
    push = _lstsq([(push_features(h), margins[6]) for h, _, margins in train])
    model = _model(weights, push, {})
    model["meta"] = {"seed": seed, "prior": bool(prior), "pushed_deals": len(rows) // 6,
                     "forehand_deals": len(train), "heldout_deals": len(test),
                     **compare(model, test)}
    return model


def compare(model: dict[str, Any], test: list[tuple[int, list[float], list[float]]]
            ) -> dict[str, Any]:
    """The mean margin of the fitted choice and of the thresholds on held-out deals, and how
    often each chooses each option."""
    rules = _rules()
    trump_model = TrumpModel.from_dict(model)
    modes = rules.mode_mask
    new_total = old_total = best_total = 0.0
    diffs = []
    freq_new = [0] * 7
    freq_old = [0] * 7
    for hand, _, margins in test:
        a = choose_trump_by_value(hand, modes, True, model=trump_model)
        b = choose_trump(hand, modes, True)
        new = margins[a - TRUMP_BASE]
        old = margins[7] if b == PUSH else margins[b - TRUMP_BASE]
        new_total += new
        old_total += old
        best_total += max(margins[:7])
        diffs.append(new - old)
        freq_new[a - TRUMP_BASE] += 1
        freq_old[b - TRUMP_BASE] += 1
    n = max(len(test), 1)
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / max(n - 1, 1)
    return {"margin_fitted": round(new_total / n, 2), "margin_thresholds": round(old_total / n, 2),
            "margin_best_option": round(best_total / n, 2), "gain": round(mean, 2),
            "gain_ci95": round(1.96 * (var / n) ** 0.5, 2),
            "choices_fitted": freq_new, "choices_thresholds": freq_old}


def main(argv: list[str] | None = None) -> None:
    """Fit and write the weights; print the held-out comparison."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=20000, help="deals per stage")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", type=Path,
                        default=Path(__file__).resolve().parents[1]
                        / "src" / "atout" / "bots" / "jass" / "trump.json")
    parser.add_argument("--prior", type=Path, default=None,
                        help="weights whose push decides the first stage's deals "
                             "(default: the trick-count thresholds)")
    args = parser.parse_args(argv)
    prior = json.loads(args.prior.read_text(encoding="utf-8")) if args.prior else None
    if prior is not None:
        TrumpModel.from_dict(prior)  # refuse a bad file before hours of work
    model = fit(args.deals, args.seed, args.workers, prior=prior)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(model, indent=1) + "\n", encoding="utf-8")
    print(json.dumps(model["meta"], indent=1))


if __name__ == "__main__":
    main()
