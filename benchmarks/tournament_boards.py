"""Play a tournament's boards one at a time, each saved as it ends; summarise those done.

On a shared machine a long ``atout tournament`` run may not finish; this plays the same boards
(board ``i`` of a tournament depends only on its seed and ``i``, see ``atout.tournament``),
saves each to its own file, can be stopped and resumed, and summarises the boards done from
board 0 (``sum ... --first K``: from board K, for boards kept apart to check a choice made on
the first ones) without a gap::

    PYTHONPATH=src python benchmarks/tournament_boards.py run tarot search,heuristic 1 DIR \\
        --first 0 --step 2          # and --first 1 --step 2 in a second process
    PYTHONPATH=src python benchmarks/tournament_boards.py sum tarot search,heuristic 1 DIR

``sum ... --versus BOTS DIR2`` also compares with another pair of bots on the same boards (the
first pair's difference minus the second's, paired by board: what the first pair's first bot
gains over the second pair's first bot against a common opponent); at a two-seat table it is
also split by the first bot's seat, opening the deal or second to play.

``run ... --sees`` (Knock Rummy only) lets every search bot see the other hands: each sample
holds the true hands, and only the stock's order is shuffled (a perfect-information bound,
for measurement only: no player at a table sees the other hands).

``run ... --set MODULE.NAME=VALUE`` (repeatable) sets a module's constant before the boards
are played, to measure a variant that no bot name reaches, e.g. ``--set
atout.bots.knock_rummy.search.OWN_GAP=0`` (the value read as a Python literal, else a string).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from saved import save_record
from variants import set_constant

from atout.bots.ready import kernels_ready, searches
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


def run(t: Tournament, folder: Path, indices: range) -> None:
    """Play the boards of ``t`` at ``indices`` not yet saved in ``folder``, each saved to its
    own file (``00042.json``) as it ends (written whole, then renamed: a stopped run leaves
    no half file)."""
    folder.mkdir(parents=True, exist_ok=True)
    for i in indices:
        path = folder / f"{i:05d}.json"
        if path.exists():
            continue
        b = play_board(t, i)
        save_record(path, {"index": b.index, "seed": b.seed, "lineups": b.lineups,
                           "points": b.points, "decisions": b.decisions,
                           "seconds": b.seconds})


def see_rummy_hands() -> None:
    """Make every Knock Rummy search sample hold the true hands: the sampler's deal (the
    seat's own hand, the pile, the deal's clock) with the other seats' hands of the deal a
    view was last made from, and the rest of the cards shuffled as the stock."""
    from atout.bots.knock_rummy.search import KnockRummyDeterminizer
    from atout.cards import FULL_DECK
    from atout.core import Deal, View
    from atout.games.knock_rummy import KnockRummyDeal

    current: list[KnockRummyDeal] = []
    made = KnockRummyDeal.view
    sampled = KnockRummyDeterminizer.sample

    def view(self: KnockRummyDeal, seat: int) -> View:
        current[:] = [self]
        return made(self, seat)

    def sample(self: KnockRummyDeterminizer, view: View, rng: Any) -> Deal:
        deal = sampled(self, view, rng)
        assert isinstance(deal, KnockRummyDeal)
        true = current[0]
        me = view.seat
        if true.hands[me] != FULL_DECK.mask(view.hand):
            raise RuntimeError("--sees: the last view made was not of the deal being played")
        held = 0
        for s in range(len(deal.hands)):
            if s != me:
                deal.hands[s] = true.hands[s]
            held |= deal.hands[s]
        on_pile = set(deal.pile)
        rest = [c for c in range(52) if not held >> c & 1 and c not in on_pile]
        if len(rest) != len(deal.stock):
            raise RuntimeError("--sees: the true hands do not leave the sampled stock's size")
        rng.shuffle(rest)
        deal.stock = rest
        return deal

    KnockRummyDeal.view = view  # type: ignore[method-assign,assignment]
    KnockRummyDeterminizer.sample = sample  # type: ignore[method-assign]


def first_bot(board: Board, opens: bool) -> float:
    """At a two-seat table, the first bot's points in the seating where it opened the deal
    (``opens``: the seat after the dealer, board ``i`` being dealt by seat ``i % 2``) or the
    other one."""
    opener = (board.index % 2 + 1) % 2
    for lineup, points in zip(board.lineups, board.points, strict=True):
        seat = lineup.index(0)
        if (seat == opener) == opens:
            return float(points[seat])
    raise ValueError(f"board {board.index}: no seating with the first bot there")


def main() -> None:
    """Run boards or print the summary."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("command", choices=("run", "sum"))
    ap.add_argument("game")
    ap.add_argument("bots", help="comma-separated bot names")
    ap.add_argument("seed", type=int)
    ap.add_argument("folder", type=Path)
    ap.add_argument("--first", type=int, default=0,
                    help="run: the first board to play; sum: the first board to count")
    ap.add_argument("--last", type=int, default=1000)
    ap.add_argument("--step", type=int, default=1)
    ap.add_argument("--versus", nargs=2, metavar=("BOTS", "DIR"),
                    help="with sum: another pair of bots and its folder, compared by board")
    ap.add_argument("--players", type=int, help="the table size, where the game allows several")
    ap.add_argument("--sees", action="store_true",
                    help="with run, Knock Rummy: the search bots see the other hands (a bound)")
    ap.add_argument("--set", action="append", default=[], metavar="MODULE.NAME=VALUE",
                    help="with run: set a module constant first (a variant to measure)")
    args = ap.parse_args()
    for assignment in args.set:
        set_constant(assignment)
    if args.sees:
        if args.game != "knock-rummy" or args.command != "run":
            ap.error("--sees is for 'run knock-rummy' (Pitch has benchmarks/pitch_boards.py "
                     "--sees)")
        see_rummy_hands()
    bots = tuple(args.bots.split(","))
    options = {"players": args.players} if args.players else {}
    t = Tournament(args.game, bots, deals=args.last, seed=args.seed, options=options)
    if args.command == "run":
        if searches(bots):  # as atout tournament: the same boards whenever the kernels load
            kernels_ready(args.game)
        run(t, args.folder, range(args.first, args.last, args.step))
        return
    first = args.first
    boards = [b for b in load(args.folder) if b.index >= first]
    done = 0
    while done < len(boards) and boards[done].index == first + done:
        done += 1
    boards = boards[:done]
    if not boards:
        print(f"no board from {first} yet")
        return
    result = TournamentResult(Tournament(args.game, bots, deals=first + done, seed=args.seed,
                                         options=options), tuple(boards))
    print(f"{args.game}: boards {first} to {first + done - 1} of seed {args.seed}")
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
            print(f"--versus: the two folders share fewer than two boards from {first}")
            return
        mine = [p[0] - p[1] for p in (b.bot_points(len(bots)) for b in common)]
        theirs = [p[0] - p[1] for p in
                  (by_index[b.index].bot_points(len(other)) for b in common)]
        m, ci = mean_ci([x - y for x, y in zip(mine, theirs, strict=True)])
        print(f"({bots[0]} - {bots[1]}) - ({other[0]} - {other[1]}): {m:+.3f} ± {ci:.3f} "
              f"points per deal over {len(common)} boards (95% CI, paired by board)")
        if len(bots) == 2 and all(len(b.lineups[0]) == 2 for b in common):
            for role, opens in (("opening the deal", True), ("second to play", False)):
                m, ci = mean_ci([first_bot(b, opens) - first_bot(by_index[b.index], opens)
                                 for b in common])
                print(f"  {bots[0]} {role}: {m:+.3f} ± {ci:.3f} of its points per deal")


if __name__ == "__main__":
    main()
