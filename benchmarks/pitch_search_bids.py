"""What each Pitch bid is worth when the search plays the cards after it, and whether bidding
by that (instead of the bid model plus a flat ``SEARCH_BOLD``) would choose better.

Run: ``PYTHONPATH=src python benchmarks/pitch_search_bids.py --start 0 --end 300 --out
bids.jsonl`` (ranges side by side append to the same file), then ``--summary bids.jsonl``.

Deal ``i`` (random, seeded by ``i``) is bid by the threshold heuristic. At each turn in the
auction the seat's pass and each bid from 1 to 3 it may make are tried on a copy of the deal,
and each copy is played to its end twice: every seat by the heuristic's rules (as the bid
model was fitted, ``tools/fit_pitch_bids.py``), and with the search playing that seat's
cards (the other seats the threshold heuristic). A line per decision keeps each option's two
margins. The summary prints, for each bid, how much more the search's play gains over the
heuristic's after that bid than after a pass; then the margin the search's seat ends with when
it bids by the model plus a flat ``bold``, for several values, paired decision by decision
with the default's 0.15; then, with five folds, a ``bold`` fitted to the hand (a linear
correction of a few features, fitted on four folds and judged on the fifth) against the flat
0.15. The bid 4 and the tangage are left out: the model never takes them.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from collections.abc import Callable
from typing import Any, cast

import atout
from atout.bots import make_bot, play_out
from atout.bots.pitch.bids import default_model, features, place
from atout.bots.pitch.hand import BID0, NCARDS, PASS, best_suit, choose_bid
from atout.bots.pitch.search import SEARCH_BOLD, model_rollout
from atout.bots.search import side_value
from atout.games.pitch import PitchDeal
from atout.tournament import mean_ci
from fit_pitch_bids import kind, options

TRIED = (PASS, BID0 + 1, BID0 + 2, BID0 + 3)
Row = list[Any]
"""An option: action, kind, hand, trump suit, place, high bid, heuristic's margin, search's."""


def play(start: int, end: int, out: str) -> None:
    """Deals ``start`` to ``end - 1``; one JSON line per auction decision appended to ``out``."""
    rules = atout.make("pitch")
    for i in range(start, end):
        rng = random.Random(1000003 * i + 7)
        deal = cast(PitchDeal, rules.deal(seed=rng.getrandbits(32), dealer=rng.randrange(4)))
        while deal.phase == "auction":
            seat = deal.turn
            hand = deal.hands[seat]
            legal = deal.legal_mask()
            best, _ = best_suit(hand)
            rows: list[Row] = []
            for a in (o for o in options(legal) if o in TRIED):
                d = deal.clone()
                d.step(a)
                by_heuristic = side_value(model_rollout(d.clone(), rng), seat)
                bots = [make_bot("heuristic", rules, s) for s in range(d.seats)]
                bots[seat] = make_bot("search", rules, seat, rng.getrandbits(32))
                play_out(d, bots)
                rows.append([a, kind(a), hand, a // 13 if a < NCARDS else best,
                             place(seat, deal.dealer, deal.n), deal.high, by_heuristic,
                             side_value(d.result, seat)])
            took = choose_bid(hand, legal)
            with open(out, "a", encoding="utf-8") as f:
                f.write(json.dumps({"deal": i, "took": took, "rows": rows}) + "\n")
            deal.step(took)


def small(row: Row) -> list[float]:
    """The few features of a hand-fitted ``bold``: 1, the heuristic's estimate, the trumps,
    the ace, the jack, the dealer, the high bid."""
    x = features(*row[2:6])
    return [1.0, x[15], x[9], x[1], x[4], float(row[4] == 3), float(row[5])]


def chosen(decisions: list[dict[str, Any]], bold: Callable[[Row], float]) -> list[float]:
    """The search's margin after the option the model plus ``bold`` takes, per decision."""
    model = default_model()
    out = []
    for dec in decisions:
        rows = dec["rows"]
        values = [model.value(r[1], features(*r[2:6])) + (0.0 if r[0] == PASS else bold(r))
                  for r in rows]
        pick = max(range(len(rows)), key=lambda j: (values[j], -rows[j][0]))
        out.append(float(rows[pick][7]))
    return out


def flat(bold: float) -> Callable[[Row], float]:
    """The same ``bold`` for every bid."""
    return lambda row: bold


def linear(w: list[float]) -> Callable[[Row], float]:
    """A ``bold`` fitted to the hand: ``w`` times :func:`small`."""
    return lambda row: sum(a * b for a, b in zip(w, small(row), strict=True))


def fit_bold(decisions: list[dict[str, Any]]) -> list[float]:
    """Least squares (small ridge) of the search's extra gain after each bid over a pass."""
    import numpy as np

    xs, ys = [], []
    for dec in decisions:
        by = {r[0]: r for r in dec["rows"]}
        p = by[PASS]
        for r in dec["rows"]:
            if r[0] != PASS:
                xs.append(small(r))
                ys.append((r[7] - p[7]) - (r[6] - p[6]))
    a, b = np.array(xs), np.array(ys)
    return [float(v) for v in np.linalg.solve(a.T @ a + 5 * np.eye(a.shape[1]), a.T @ b)]


def summary(paths: list[str]) -> None:
    """Print the search's gain after each bid, the flat ``bold`` values and the fitted one."""
    decisions = []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            decisions += [json.loads(line) for line in f]
    decisions = [d for d in decisions if any(r[0] == PASS for r in d["rows"])
                 and len(d["rows"]) > 1]
    print(f"{len(decisions)} decisions with a pass and a bid")
    for k in (1, 2, 3):
        gains = []
        for dec in decisions:
            by = {r[0]: r for r in dec["rows"]}
            if BID0 + k in by:
                b, p = by[BID0 + k], by[PASS]
                gains.append((b[7] - p[7]) - (b[6] - p[6]))
        m, ci = mean_ci(gains)
        print(f"bid {k}: the search's play gains {m:+.3f} ± {ci:.3f} more after it than after "
              f"a pass ({len(gains)} decisions)")
    base = chosen(decisions, flat(SEARCH_BOLD))
    print(f"bold {SEARCH_BOLD}: the search's margin {statistics.fmean(base):+.3f} a decision")
    for bold in (0.0, 0.3, 0.5, 0.8):
        got = chosen(decisions, flat(bold))
        m, ci = mean_ci([x - y for x, y in zip(got, base, strict=True)])
        print(f"bold {bold}: {m:+.3f} ± {ci:.3f} a decision against {SEARCH_BOLD}")
    order = list(range(len(decisions)))
    random.Random(1).shuffle(order)
    diffs: list[float] = []
    for fold in range(5):
        test = [decisions[i] for j, i in enumerate(order) if j % 5 == fold]
        w = fit_bold([decisions[i] for j, i in enumerate(order) if j % 5 != fold])
        got = chosen(test, linear(w))
        base = chosen(test, flat(SEARCH_BOLD))
        diffs += [x - y for x, y in zip(got, base, strict=True)]
        print(f"fold {fold}: bold = " + " ".join(f"{v:+.3f}" for v in w)
              + " (1, estimate, trumps, ace, jack, dealer, high bid)")
    m, ci = mean_ci(diffs)
    print(f"bold fitted to the hand: {m:+.3f} ± {ci:.3f} a decision against {SEARCH_BOLD} "
          "(five folds)")


def main() -> None:
    """Play a range of deals, or summarise saved ones."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--end", type=int, default=100)
    parser.add_argument("--out", default="pitch-search-bids.jsonl")
    parser.add_argument("--summary", nargs="*", help="saved files to summarise instead")
    args = parser.parse_args()
    if args.summary is not None:
        summary(args.summary or [args.out])
        return
    if not 0 <= args.start < args.end:
        sys.exit(f"--start {args.start} and --end {args.end}: expected 0 <= start < end")
    play(args.start, args.end, args.out)


if __name__ == "__main__":
    main()
