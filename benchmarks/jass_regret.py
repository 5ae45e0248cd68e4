"""Where the Jass heuristic's card play loses points: a one-step lookahead, by situation.

Run: ``PYTHONPATH=src python benchmarks/jass_regret.py run OUT.jsonl [--deals 1000]
[--seed 5000] [--samples 100] [--part 0 --parts 2] [--bot heuristic]``, then
``PYTHONPATH=src python benchmarks/jass_regret.py sum OUT*.jsonl [--detail "lead / suit /
defence"]``.

Four heuristic players play each deal (the default Schieber rules). At every card decision with
a choice, each legal card is valued over ``--samples`` deals drawn by the search's sampler from
the seat's view, each played to the end by four heuristic players (deterministic): the card's
value is the seat's side's mean margin. The *regret* of the decision is the best card's value
minus the value of the card the heuristic played. ``sum`` adds the regrets up by situation (to
lead, or the seat's place in the trick and whether the partner or the other side holds it;
the mode; the declaring side or the defence) and, with ``--detail``, within one situation by
the kind of card played and the kind the lookahead preferred (``T`` trump or ``S`` side card,
and its points). A mean of noisy values picks its best card partly by luck, so the regrets
are biased upwards; they rank the situations, they do not measure them. This is how the card
rules of issue 23 were found (docs/research/bots-jass.md, "Jass: the heuristic's card play").
"""

from __future__ import annotations

import argparse
import json
import random
from collections import defaultdict
from pathlib import Path
from typing import Any

import atout
from atout.bots import make_bot
from atout.bots.jass.search import JassDeterminizer, jass_rollout
from atout.cards import JASS_DECK
from atout.games.jass import JassDeal
from atout.games.jass.play import POWER, VALUE


def run(out: Path, deals: int, seed: int, samples: int, part: int, parts: int,
        bot: str) -> None:
    """Play deals ``part``, ``part + parts``, ... and write one JSON line per decision."""
    rules = atout.make("jass")
    sampler = JassDeterminizer(rules)
    with out.open("w", encoding="utf-8") as f:
        for i in range(part, deals, parts):
            deal = rules.deal(seed=seed + i, dealer=i % 4)
            assert isinstance(deal, JassDeal)
            bots = [make_bot(bot, rules, s, seed + i) for s in range(4)]
            rng = random.Random(seed + i)
            while deal.to_move is not None:
                seat = deal.to_move
                view = deal.view(seat)
                action = bots[seat].choose(view)
                if view.phase == "play" and len(view.legal) > 1:
                    legal = [rules.actions.parse(t) for t in view.legal]
                    sums = dict.fromkeys(legal, 0.0)
                    for _ in range(samples):
                        sample = sampler.sample(view, rng)
                        for a in legal:
                            d = sample.clone()
                            d.step(int(a))
                            p = jass_rollout(d, rng, 2).points
                            sums[a] += p[seat] - p[(seat + 1) % 4]
                    f.write(json.dumps({
                        "seed": seed + i, "seat": seat, "mode": deal.mode,
                        "declarer": (seat - deal.chooser) % 2 == 0, "played": action.text,
                        "values": {a.text: sums[a] / samples for a in legal},
                        "table": view.table, "trick": 9 - len(view.hand)}) + "\n")
                deal.step(int(action))


def situation(rec: dict[str, Any]) -> tuple[str, str, str]:
    """(place in the trick, mode, side) of a decision."""
    mode = rec["mode"]
    kind = "suit" if mode < 4 else ("obenabe" if mode == 4 else "undenufe")
    side = "declarer" if rec["declarer"] else "defence"
    table = rec["table"]
    if not table:
        return "lead", kind, side
    p = POWER[mode]
    led = JASS_DECK.index[table[0][1]] // 9
    best_seat, best = table[0][0], JASS_DECK.index[table[0][1]]
    for s, code in table[1:]:
        c = JASS_DECK.index[code]
        if p[c] > p[best] and (p[c] >= 100 or c // 9 == led):
            best, best_seat = c, s
    holder = "partner" if (best_seat - rec["seat"]) % 2 == 0 else "other side"
    return f"card {len(table) + 1}, {holder} holds", kind, side


def card_kind(code: str, mode: int) -> str:
    """``T`` (trump) or ``S`` (side card) and the card's points."""
    c = JASS_DECK.index[code]
    return ("T" if mode < 4 and c // 9 == mode else "S") + str(VALUE[mode][c])


def summarise(files: list[Path], detail: str | None) -> None:
    """Print the regrets by situation (and within one, by cards)."""
    recs = [json.loads(line) for f in files for line in f.read_text("utf-8").splitlines()]
    if not recs:
        raise SystemExit("no decisions in these files")
    by: dict[tuple[str, ...], list[float]] = defaultdict(list)
    cards: dict[tuple[str, ...], list[float]] = defaultdict(list)
    for r in recs:
        values = r["values"]
        best = max(values, key=values.get)
        regret = values[best] - values[r["played"]]
        key = situation(r)
        by[key].append(regret)
        if " / ".join(key) == detail:
            cards[(card_kind(r["played"], r["mode"]), card_kind(best, r["mode"]),
                   "tricks 1-3" if r["trick"] < 3 else "later")].append(regret)
    total = sum(sum(v) for v in by.values())
    deals = len({r["seed"] for r in recs})
    print(f"{len(recs)} decisions over {deals} deals: mean regret {total / len(recs):.2f} "
          "points of margin")
    print(f"{'situation':44s} {'decisions':>9s} {'mean':>6s} {'share':>6s}")
    for where, v in sorted(by.items(), key=lambda kv: -sum(kv[1]))[:20]:
        print(f"{' / '.join(where):44s} {len(v):9d} {sum(v) / len(v):6.2f} {sum(v) / total:6.1%}")
    if cards:
        sub = sum(sum(v) for v in cards.values())
        print(f"\nwithin {detail}: played, preferred, when")
        for which, v in sorted(cards.items(), key=lambda kv: -sum(kv[1]))[:15]:
            print(f"  {', '.join(which):30s} {len(v):9d} {sum(v) / len(v):6.2f} "
                  f"{sum(v) / sub:6.1%}")


def main() -> None:
    """Run deals or summarise them."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="command", required=True)
    r = sub.add_parser("run")
    r.add_argument("out", type=Path)
    r.add_argument("--deals", type=int, default=1000)
    r.add_argument("--seed", type=int, default=5000)
    r.add_argument("--samples", type=int, default=100)
    r.add_argument("--part", type=int, default=0)
    r.add_argument("--parts", type=int, default=1)
    r.add_argument("--bot", default="heuristic")
    s = sub.add_parser("sum")
    s.add_argument("files", type=Path, nargs="+")
    s.add_argument("--detail", default=None,
                   help="one situation as printed, e.g. 'lead / suit / defence' or "
                        "'card 2, other side holds / suit / declarer'")
    args = ap.parse_args()
    if args.command == "run":
        run(args.out, args.deals, args.seed, args.samples, args.part, args.parts, args.bot)
    else:
        summarise(args.files, args.detail)


if __name__ == "__main__":
    main()
