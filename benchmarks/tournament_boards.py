"""Play a tournament's boards one at a time, each saved as it ends; summarise those done.

On a shared machine a long ``atout tournament`` run may not finish; this plays the same boards
(board ``i`` of a tournament depends only on its seed and ``i``, see ``atout.tournament``),
saves each to its own file, can be stopped and resumed, and summarises the boards done from
board 0 without a gap::

    PYTHONPATH=src python benchmarks/tournament_boards.py run tarot search,heuristic 1 DIR \\
        --first 0 --step 2          # and --first 1 --step 2 in a second process
    PYTHONPATH=src python benchmarks/tournament_boards.py sum tarot search,heuristic 1 DIR

``sum ... --versus BOTS DIR2`` also compares with another pair of bots on the same boards (the
first pair's difference minus the second's, paired by board: what the first pair's first bot
gains over the second pair's first bot against a common opponent).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from atout.tournament import Board, Tournament, TournamentResult, mean_ci, play_board


def load(folder: Path) -> list[Board]:
    """The boards saved in ``folder``, by index."""
    boards = []
    for path in sorted(folder.glob("*.json")):
        d = json.loads(path.read_text(encoding="utf-8"))
        boards.append(Board(d["index"], d["seed"], tuple(tuple(x) for x in d["lineups"]),
                            tuple(tuple(x) for x in d["points"]), tuple(d["decisions"]),
                            tuple(d["seconds"])))
    return sorted(boards, key=lambda b: b.index)


def main() -> None:
    """Run boards or print the summary."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("command", choices=("run", "sum"))
    ap.add_argument("game")
    ap.add_argument("bots", help="comma-separated bot names")
    ap.add_argument("seed", type=int)
    ap.add_argument("folder", type=Path)
    ap.add_argument("--first", type=int, default=0)
    ap.add_argument("--last", type=int, default=1000)
    ap.add_argument("--step", type=int, default=1)
    ap.add_argument("--versus", nargs=2, metavar=("BOTS", "DIR"),
                    help="with sum: another pair of bots and its folder, compared by board")
    args = ap.parse_args()
    bots = tuple(args.bots.split(","))
    t = Tournament(args.game, bots, deals=args.last, seed=args.seed)
    if args.command == "run":
        args.folder.mkdir(parents=True, exist_ok=True)
        for i in range(args.first, args.last, args.step):
            path = args.folder / f"{i:05d}.json"
            if path.exists():
                continue
            b = play_board(t, i)
            tmp = path.with_suffix(".tmp")
            tmp.write_text(json.dumps({"index": b.index, "seed": b.seed, "lineups": b.lineups,
                                       "points": b.points, "decisions": b.decisions,
                                       "seconds": b.seconds}), encoding="utf-8")
            tmp.replace(path)
        return
    boards = load(args.folder)
    done = 0
    while done < len(boards) and boards[done].index == done:
        done += 1
    boards = boards[:done]
    if not boards:
        print("no board from 0 yet")
        return
    result = TournamentResult(Tournament(args.game, bots, deals=done, seed=args.seed),
                              tuple(boards))
    print(f"{args.game}: boards 0 to {done - 1} of seed {args.seed}")
    for s in result.summaries():
        print(f"{s.name:<24} {s.mean:>9.3f} ± {s.ci:.3f}  board wins {100 * s.win_rate:.1f}%  "
              f"Elo {s.rating:.0f}  {s.ms_per_decision:.1f} ms/decision")
    m, ci = result.difference(0, 1)
    print(f"{bots[0]} - {bots[1]}: {m:+.3f} ± {ci:.3f} points per deal (95% CI, paired by board)")
    if args.versus:
        other = tuple(args.versus[0].split(","))
        by_index = {b.index: b for b in load(Path(args.versus[1]))}
        common = [b for b in boards if b.index in by_index]
        if len(common) < 2:
            print("--versus: the two folders share fewer than two boards from 0")
            return
        mine = [p[0] - p[1] for p in (b.bot_points(len(bots)) for b in common)]
        theirs = [p[0] - p[1] for p in
                  (by_index[b.index].bot_points(len(other)) for b in common)]
        m, ci = mean_ci([x - y for x, y in zip(mine, theirs, strict=True)])
        print(f"({bots[0]} - {bots[1]}) - ({other[0]} - {other[1]}): {m:+.3f} ± {ci:.3f} "
              f"points per deal over {len(common)} boards (95% CI, paired by board)")


if __name__ == "__main__":
    main()
