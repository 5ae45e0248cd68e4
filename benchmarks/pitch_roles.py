"""What the Pitch search's card play gains as pitcher and as defender, the bids being equal.

Run: ``PYTHONPATH=src python benchmarks/pitch_roles.py --deals 600``
(``--start``/``--out`` to play a range and append it to a file; ``--summary FILE...`` to read
saved ranges together).

Deal ``i`` is played twice from the same cards: once with the search at seat ``i % 4`` and
once with ``heuristic:bid=model`` there, the three other seats held by the threshold
heuristic. The search bids exactly as ``heuristic:bid=model`` does (its key decisions are that
bot's), so both plays have the same auction, the same pitcher and the same bid; the
difference between them is the search's card play. It is split by the seat's role: pitcher
or defender. A bid model fitted on played-out deals values each option as if the heuristic
played the cards after it; where the search gains more as pitcher than as defender, bidding
is worth more to it than the model says.
"""

from __future__ import annotations

import argparse
import json
import random
from collections import defaultdict
from typing import cast

import atout
from atout.bots import make_bot, play_out
from atout.games.pitch import PitchDeal
from atout.tournament import mean_ci


def play(start: int, end: int, bot: str, base: str) -> list[dict[str, object]]:
    """Deals ``start`` to ``end - 1``, each played with ``bot`` and with ``base``."""
    rules = atout.make("pitch")
    rows: list[dict[str, object]] = []
    for i in range(start, end):
        rng = random.Random(i * 7919 + 13)
        seed, dealer = rng.getrandbits(32), rng.randrange(4)
        seat = i % 4
        row: dict[str, object] = {"index": i, "seat": seat}
        for key, name in (("bot", bot), ("base", base)):
            deal = cast(PitchDeal, rules.deal(seed=seed, dealer=dealer))
            play_out(deal, [make_bot(name if s == seat else "heuristic", rules, s, i * 10 + s)
                            for s in range(4)])
            row[key] = {"points": list(deal.result.points), "pitcher": deal.pitcher,
                        "bid": deal.bid}
        rows.append(row)
    return rows


def summary(rows: list[dict[str, object]]) -> dict[str, tuple[float, float, int]]:
    """The seat's gain in margin (its points minus the others' mean) by role: mean, 95%
    half-width, deals."""
    groups: dict[str, list[float]] = defaultdict(list)
    for row in rows:
        seat = cast(int, row["seat"])
        a = cast(dict[str, object], row["bot"])
        b = cast(dict[str, object], row["base"])
        if (a["pitcher"], a["bid"]) != (b["pitcher"], b["bid"]):
            groups["auction differs"].append(0.0)
            continue
        pa = cast(list[float], a["points"])
        pb = cast(list[float], b["points"])
        gain = pa[seat] - pb[seat] - sum(pa[k] - pb[k] for k in range(4) if k != seat) / 3
        role = "pitcher" if a["pitcher"] == seat else "defender"
        groups[role].append(gain)
        groups["all"].append(gain)
    out = {}
    for role, xs in groups.items():
        mean, half = mean_ci(xs)
        out[role] = (mean, half, len(xs))
    return out


def main() -> None:
    """Play, save and summarise."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=600)
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--bot", default="search")
    parser.add_argument("--base", default="heuristic:bid=model")
    parser.add_argument("--out", help="append the deals to this JSON-lines file")
    parser.add_argument("--summary", nargs="+", metavar="FILE",
                        help="summarise saved files instead of playing")
    args = parser.parse_args()
    if args.summary:
        rows = []
        for path in args.summary:
            with open(path, encoding="utf-8") as f:
                rows += [json.loads(line) for line in f]
    else:
        rows = play(args.start, args.start + args.deals, args.bot, args.base)
        if args.out:
            with open(args.out, "a", encoding="utf-8") as f:
                for row in rows:
                    f.write(json.dumps(row) + "\n")
    for role, (mean, half, n) in sorted(summary(rows).items()):
        print(f"{role:>16}: {mean:+.3f} ± {half:.3f} margin per deal ({n} deals)")


if __name__ == "__main__":
    main()
