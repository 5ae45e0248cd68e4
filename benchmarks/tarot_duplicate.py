"""Tarot boards between two bots in duplicate, the kernel ready before the first deal.

Run by hand (never in CI); each board (one deal, seed and index as ``atout tournament``'s)
is played in every rotation, the two bots at alternate seats, and saved to its own file as it
ends, so a run can be stopped, resumed or split over processes (``--first``/``--step``)::

    # the search on the kernels against today's, equal time a decision (0.1 s)
    PYTHONPATH=src python benchmarks/tarot_duplicate.py \\
        search:kernel=1:seconds=0.1:playouts=1000000,search:seconds=0.1:playouts=1000000 DIR
    # the search against the heuristic, default budgets
    PYTHONPATH=src python benchmarks/tarot_duplicate.py search:kernel=1,heuristic DIR2
    PYTHONPATH=src python benchmarks/tournament_boards.py sum tarot BOTS 1 DIR

The summary is ``benchmarks/tournament_boards.py sum`` (the same files): each bot's mean
points per deal and the first bot's lead over the second paired by board, with its 95 %
interval. Both bots think in this one process in turn, so the load of the machine hits both
alike; the compiled kernel is loaded (or compiled) before the clock starts.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from tournament_boards import run

from atout.bots.tarot.batch import kernel_ready
from atout.tournament import Tournament


def main() -> None:
    """Play the boards not yet saved."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("bots", help="two comma-separated bot names")
    ap.add_argument("folder", type=Path)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--first", type=int, default=0)
    ap.add_argument("--last", type=int, default=1000)
    ap.add_argument("--step", type=int, default=1)
    ap.add_argument("--players", type=int, default=4)
    args = ap.parse_args()
    print(f"kernel ready: {kernel_ready(wait=True)}", flush=True)
    bots = tuple(args.bots.split(","))
    options = {} if args.players == 4 else {"players": args.players}
    t = Tournament("tarot", bots, deals=args.last, seed=args.seed, options=options)
    run(t, args.folder, range(args.first, args.last, args.step))


if __name__ == "__main__":
    main()
