"""Where a Tarot bot's points come from: per board, who took which contract, and what it paid.

Plays the boards of a two-bot Tarot tournament (4 players) as ``atout tournament`` plays them
(board ``i`` depends only on the seed and ``i``: the same deals, the same points), saves each
board's auctions and points to its own file, and summarises them: the paired difference (as the
tournament prints it), then that difference split by who took (bot A's seat, bot B's seat,
nobody) and by whether the same hand took the same contract with the bots swapped (then only
the card play differs) or not (then the auction decided)::

    PYTHONPATH=src python benchmarks/tarot_roles.py run search,heuristic 1 DIR --first 0 --step 2
    PYTHONPATH=src python benchmarks/tarot_roles.py run search,heuristic 1 DIR --first 1 --step 2
    PYTHONPATH=src python benchmarks/tarot_roles.py sum search,heuristic 1 DIR
    PYTHONPATH=src python benchmarks/tarot_roles.py sum search,heuristic 1 DIR --against DIR0
    PYTHONPATH=src python benchmarks/tarot_roles.py sum search,heuristic 1 DIR --pairs

``--pairs`` adds the difference by what each deal's two seatings ended in (the search took a
garde where the heuristic, holding the same hand, passed, and so on: each pair's two
rotations' difference, its mean and what it adds per board). ``--against`` compares with the
same boards played by other bots (or other code) in ``DIR0``: the difference of the two
boards' "A - B", paired by board, on the boards both have done.

A board's difference is the tournament's "A - B": bot A's mean points per seat-deal less bot
B's, over the eight seat-deals each plays on the board (four rotations, two seats each), so
each rotation adds its A seats' points less its B seats' points, over 8. (The points sum to
zero, so this is each rotation's A seats' points over 4: twice A's mean per seat.) Rotations
0 and 1 (and 2 and 3) put the bots at swapped seats on the same deal: their contracts are
compared as a pair.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

from saved import save_record

import atout
from atout.bots import player_bot
from atout.bots.ready import kernels_ready
from atout.core import deal_seed
from atout.games.tarot.tables import BIT_EX, BIT_T1, BIT_T21, TRUMPS
from atout.tournament import Tournament, seat_lineups


def play(t: Tournament, index: int) -> dict[str, Any]:
    """Board ``index`` of ``t`` in every rotation: lineups, bids, taker, contract, points."""
    rules = t.rules()
    seed = deal_seed(t.seed, index)
    rotations = []
    for r, lineup in enumerate(seat_lineups(rules, len(t.bots))):
        bot_seed = deal_seed(seed, r)
        players = [player_bot(t.bots[b], rules, s, bot_seed) for s, b in enumerate(lineup)]
        deal = rules.deal(seed=seed, dealer=index % rules.seats)
        cpu = [0.0] * len(t.bots)
        while deal.to_move is not None:
            seat = deal.to_move
            start = time.process_time()
            action = players[seat].choose(deal.view(seat))
            cpu[lineup[seat]] += time.process_time() - start
            deal.play(action)
        info = deal.view(0).info
        rotations.append({"lineup": list(lineup), "bids": info["bids"], "taker": info["taker"],
                          "contract": info["contract"], "called": info["called"],
                          "partner": info["partner"], "poignees": info["poignees"],
                          "points": list(deal.result.points), "cpu": cpu})
    return {"index": index, "seed": seed, "rotations": rotations}


def load(folder: Path) -> list[dict[str, Any]]:
    """The boards saved in ``folder`` from board 0 without a gap."""
    boards = sorted((json.loads(p.read_text(encoding="utf-8")) for p in folder.glob("*.json")),
                    key=lambda b: int(b["index"]))
    done = 0
    while done < len(boards) and boards[done]["index"] == done:
        done += 1
    return boards[:done]


def weak_garde(hand: int) -> bool:
    """A hand no club player takes a garde with (as benchmarks/tarot_bids.py counts it):
    three trumps or fewer, or no bout (the petit with fewer than five trumps is no bout)."""
    nt = (hand & TRUMPS).bit_count()
    bouts = bool(hand & (BIT_T21 | BIT_EX)) or bool(hand & BIT_T1 and nt >= 5)
    return nt <= 3 or not bouts


def dealt_hands(board: dict[str, Any]) -> list[int]:
    """The hands board ``board``'s deal gave each seat (every rotation plays the same deal)."""
    rules = atout.make("tarot")
    deal = rules.deal(seed=board["seed"], dealer=board["index"] % rules.seats)
    return list(deal.hands)  # type: ignore[attr-defined]


def mean_ci(xs: list[float]) -> tuple[float, float]:
    """The mean and its 95% interval (normal)."""
    n = len(xs)
    if n < 2:
        return (xs[0] if xs else 0.0), float("nan")
    m = sum(xs) / n
    var = sum((x - m) ** 2 for x in xs) / (n - 1)
    return m, 1.96 * math.sqrt(var / n)


def board_difference(board: dict[str, Any]) -> float:
    """A board's "A - B", as the tournament counts it: bot A's mean points per seat-deal less
    bot B's (each bot holds two seats in each of the four rotations)."""
    return sum(sum(p if rot["lineup"][s] == 0 else -p for s, p in enumerate(rot["points"]))
               for rot in board["rotations"]) / 8


def compare(boards: list[dict[str, Any]], others: list[dict[str, Any]]) -> None:
    """Print the paired difference of two runs over the boards both have done."""
    n = min(len(boards), len(others))
    diffs = [board_difference(a) - board_difference(b)
             for a, b in zip(boards[:n], others[:n], strict=True)]
    m, ci = mean_ci(diffs)
    changed = sum(1 for d in diffs if d)
    print(f"against the other run, boards 0 to {n - 1}: {m:+.3f} ± {ci:.3f} points per deal "
          f"(95% CI, paired by board; {changed} boards differ)")


def summarise(boards: list[dict[str, Any]], names: tuple[str, str]) -> None:
    """Print the paired difference and its split."""
    a_name, b_name = names
    per_board: list[float] = []
    parts: dict[str, list[float]] = defaultdict(lambda: [0.0] * len(boards))
    counts: dict[str, int] = defaultdict(int)
    taken: dict[str, dict[str, int]] = {a_name: defaultdict(int), b_name: defaultdict(int)}
    made: dict[str, list[int]] = {a_name: [0, 0], b_name: [0, 0]}
    made_by: dict[str, dict[str, int]] = {a_name: defaultdict(int), b_name: defaultdict(int)}
    weak = {a_name: 0, b_name: 0}
    for i, b in enumerate(boards):
        rots = b["rotations"]
        hands = dealt_hands(b)
        total = 0.0
        for r, rot in enumerate(rots):
            lineup = rot["lineup"]
            net = sum(p if lineup[s] == 0 else -p for s, p in enumerate(rot["points"])) / 8
            total += net
            t = rot["taker"]
            who = "nobody" if t is None else (a_name if lineup[t] == 0 else b_name)
            if t is not None:
                taken[who][rot["contract"]] += 1
                made[who][0] += 1
                made[who][1] += rot["points"][t] > 0
                made_by[who][rot["contract"]] += rot["points"][t] > 0
                weak[who] += rot["contract"] != "prise" and weak_garde(hands[t])
            twin = rots[r ^ 1]
            same = (rot["taker"], rot["contract"]) == (twin["taker"], twin["contract"])
            kind = "same contract" if same else "auction differs"
            if t is None and twin["taker"] is None:
                kind = "both pass"
            keys = [f"taker {who}", kind]
            if kind != "both pass":
                keys.append(f"{kind}, taker {who}")
            for key in keys:
                parts[key][i] += net
                counts[key] += 1
        per_board.append(total)
    n = len(boards)
    m, ci = mean_ci(per_board)
    print(f"tarot: boards 0 to {n - 1}: {a_name} - {b_name}: {m:+.3f} ± {ci:.3f} points per deal "
          f"(95% CI, paired by board)")
    print(f"{'split':<40} {'deals':>6} {'share of A-B':>13} {'± 95%':>8}")
    for key in sorted(parts):
        pm, pci = mean_ci(parts[key])
        print(f"{key:<40} {counts[key]:>6} {pm:>+13.3f} {pci:>8.3f}")
    for who in (a_name, b_name):
        k = made[who][0]
        contracts = ", ".join(f"{c} {v} ({v / k:.1%}, made {made_by[who][c] / v:.0%})"
                              for c, v in sorted(taken[who].items()))
        print(f"{who} takes {k} of {4 * n} deals ({k / (4 * n):.1%}: {contracts}); "
              f"made {made[who][1]} ({made[who][1] / max(k, 1):.0%}); gardes or higher "
              f"with three trumps or fewer or no bout: {weak[who]}")
    cpu = [sum(rot["cpu"][0] for rot in b["rotations"]) for b in boards]
    print(f"{a_name}: {sum(cpu) / n:.1f} s of CPU per board")


def pairs(boards: list[dict[str, Any]], names: tuple[str, str]) -> None:
    """Print the difference by what the two seatings of a deal (the bots swapped on the same
    cards) ended in: who took which contract in each, with the same hand or not."""
    groups: dict[str, list[float]] = defaultdict(list)
    for b in boards:
        rots = b["rotations"]
        for first in (0, 2):
            labels = []
            net = 0.0
            for rot in rots[first:first + 2]:
                lineup = rot["lineup"]
                net += sum(p if lineup[s] == 0 else -p for s, p in enumerate(rot["points"])) / 8
                t = rot["taker"]
                labels.append("pass" if t is None else f"{names[lineup[t]]} {rot['contract']}")
            takers = {rot["taker"] for rot in rots[first:first + 2]} - {None}
            hands = " (same hand)" if len(takers) == 1 and "pass" not in labels else ""
            groups[" / ".join(sorted(labels)) + hands].append(net)
    n = len(boards)
    print(f"{'the two seatings of a deal':<48} {'pairs':>6} {'mean':>8} {'± 95%':>7} "
          f"{'per board':>9}")
    for key, nets in sorted(groups.items(), key=lambda kv: -len(kv[1])):
        m, ci = mean_ci(nets)
        print(f"{key:<48} {len(nets):>6} {m:>+8.2f} {ci:>7.2f} {sum(nets) / n:>+9.3f}")


def main() -> None:
    """Run boards or print the summary."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("command", choices=("run", "sum"))
    ap.add_argument("bots", help="two comma-separated bot names")
    ap.add_argument("seed", type=int)
    ap.add_argument("folder", type=Path)
    ap.add_argument("--first", type=int, default=0)
    ap.add_argument("--last", type=int, default=1000)
    ap.add_argument("--step", type=int, default=1)
    ap.add_argument("--against", type=Path, help="sum: a folder of the same boards to compare")
    ap.add_argument("--pairs", action="store_true",
                    help="sum: the difference by what each deal's two seatings ended in")
    args = ap.parse_args()
    bots = tuple(args.bots.split(","))
    if len(bots) != 2:
        raise SystemExit("two bots, comma-separated")
    if args.command == "sum":
        boards = load(args.folder)
        if not boards:
            raise SystemExit("no board from 0 yet")
        summarise(boards, (bots[0], bots[1]))
        if args.pairs:
            pairs(boards, (bots[0], bots[1]))
        if args.against is not None:
            compare(boards, load(args.against))
        return
    # the search's kernel ready before the first deal, so the boards repeat by their seed
    print(f"kernel ready: {kernels_ready('tarot')}", flush=True)
    t = Tournament("tarot", bots, deals=args.last, seed=args.seed)
    args.folder.mkdir(parents=True, exist_ok=True)
    for i in range(args.first, args.last, args.step):
        path = args.folder / f"{i:05d}.json"
        if path.exists():
            continue
        save_record(path, play(t, i))


if __name__ == "__main__":
    main()
