"""The duplicate boards of ``atout tournament pitch``, played a range at a time and saved as
they finish, so that a long run can be split, resumed, or read before it ends.

Run: ``PYTHONPATH=src python benchmarks/pitch_boards.py --bots search,heuristic --seed 1
--start 0 --end 1000 --out boards.jsonl`` then ``... --summary boards.jsonl``.

Board ``i`` is :func:`atout.tournament.play_board` of the same tournament (same seed, same
deal, same bots' seeds), so the boards ``0`` to ``n - 1`` give exactly the difference that
``atout tournament pitch --bots A,B --deals n --seed S`` prints (first bot minus second,
points per deal, paired by board, 95% CI). Several files may be summarised together; a board
found twice counts once. ``--compare A.jsonl B.jsonl`` tells two versions of a bot apart on
the boards both played (each one's difference against the same opponent, paired by board).

``--sees`` gives every search bot the true deal instead of samples (a perfect-information
bound, for measurement only: no player at a table sees the other hands).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from atout.core import Deal, View
from atout.games.pitch import PitchDeal
from atout.tournament import Tournament, mean_ci, play_board


def see_every_hand() -> None:
    """Make every Pitch search sample the true deal: the deal a view was last made from."""
    from atout.bots.pitch.search import PitchDeterminizer

    current: list[Deal] = []
    made = PitchDeal.view

    def view(self: PitchDeal, seat: int) -> View:
        current[:] = [self]
        return made(self, seat)

    def sample(self: Any, view: View, rng: Any) -> Deal:
        return current[0].clone()

    PitchDeal.view = view  # type: ignore[method-assign,assignment]
    PitchDeterminizer.sample = sample  # type: ignore[method-assign]


def play(bots: tuple[str, ...], seed: int, start: int, end: int, out: str) -> None:
    """Play boards ``start`` to ``end - 1`` and append one JSON line per board to ``out``."""
    t = Tournament("pitch", bots=bots, deals=max(1, end), seed=seed)
    for i in range(start, end):
        board = play_board(t, i)
        pts = board.bot_points(len(bots))
        line = {"bots": list(bots), "seed": seed, "index": i, "points": pts,
                "decisions": list(board.decisions), "seconds": list(board.seconds)}
        with open(out, "a", encoding="utf-8") as f:
            f.write(json.dumps(line) + "\n")


def load(paths: list[str]) -> dict[tuple[str, ...], dict[int, list[float]]]:
    """The boards saved in ``paths``: by bots and seed, then by board index, each bot's
    points per deal."""
    boards: dict[tuple[str, ...], dict[int, list[float]]] = {}
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for row in f:
                b = json.loads(row)
                key = (*b["bots"], str(b["seed"]))
                boards.setdefault(key, {})[int(b["index"])] = b["points"]
    return boards


def compare(first: str, second: str) -> None:
    """Print how much more the first file's first bot gains over its second bot than the
    second file's does, paired by board (the boards both files hold)."""
    (ka, a), = load([first]).items()
    (kb, b), = load([second]).items()
    common = sorted(set(a) & set(b))
    if len(common) < 2:
        sys.exit("--compare: the two files share fewer than two boards")
    m, ci = mean_ci([(a[i][0] - a[i][1]) - (b[i][0] - b[i][1]) for i in common])
    print(f"({ka[0]} - {ka[1]}) - ({kb[0]} - {kb[1]}): {m:+.3f} ± {ci:.3f} points per deal "
          f"over {len(common)} common boards")


def summary(paths: list[str]) -> None:
    """Print the first bot's points minus the second's per deal over the boards saved."""
    for key, got in load(paths).items():
        diffs = [p[0] - p[1] for _, p in sorted(got.items())]
        m, ci = mean_ci(diffs)
        print(f"{key[0]} - {key[1]} (seed {key[2]}): {m:+.3f} ± {ci:.3f} points per deal "
              f"over {len(diffs)} boards")


def main() -> None:
    """Play a range of boards, or summarise saved ones."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bots", default="search,heuristic")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--end", type=int, default=100)
    parser.add_argument("--out", default="pitch-boards.jsonl")
    parser.add_argument("--sees", action="store_true",
                        help="the search bots see every hand (a perfect-information bound)")
    parser.add_argument("--summary", nargs="*", help="saved files to summarise instead")
    parser.add_argument("--compare", nargs=2, metavar="FILE",
                        help="two saved files: the first's difference minus the second's, "
                             "paired by board")
    args = parser.parse_args()
    if args.compare:
        compare(*args.compare)
        return
    if args.summary is not None:
        summary(args.summary or [args.out])
        return
    if not 0 <= args.start < args.end:
        sys.exit(f"--start {args.start} and --end {args.end}: expected 0 <= start < end")
    if args.sees:
        see_every_hand()
    play(tuple(args.bots.split(",")), args.seed, args.start, args.end, args.out)


if __name__ == "__main__":
    main()
