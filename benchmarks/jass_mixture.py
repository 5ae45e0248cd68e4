"""Jass bots against a mixture of players they do not model, on duplicate boards.

Each board is one deal (``deal_seed(seed, index)``, dealer ``index % 4``) played once per
tested bot: it holds both seats of one side (seats 0 and 2 on boards 0 to 3, 1 and 3 on
boards 4 to 7, and so on: with the dealer turning, each side chooses trump in half the
boards), the other side's two seats are drawn from the mixture
(:data:`atout.bots.jass.mixture.MIXTURE`, one draw per seat, the same for every bot tested on
the board), and the bots' seeds are the board's. So the cards and the opponents are the same
for every tested bot, and the difference of two bots' margins on a board (their side's points
minus the other side's, Weis, Stöck and the match bonus included) is what one gains over the
other against the same players. A bot given as ``LABEL/NAME`` plays ``NAME`` and is saved
under its label: ``base/search``, run from another checkout (``PYTHONPATH=BASE/src``), is
today's search beside this checkout's ``search``. With ``--base BASE/src`` the bots labelled
``base/NAME`` play ``NAME`` in a child process of that checkout instead (the child of
``benchmarks/search_duplicate.py``: it rebuilds the deal from the seed and the actions before
each decision), while the mixture is this checkout's: for a checkout older than the mixture,
such as the code an issue was filed on; their time per decision is then the search's own
(``total_seconds``, wall clock), not CPU. Each (bot, board) is saved to its own file
as it ends, so a run can be stopped, resumed, split over processes and extended with more
bots::

    PYTHONPATH=src python benchmarks/jass_mixture.py run search,heuristic 1 DIR \\
        --first 0 --last 1000 --step 2        # and --first 1 --step 2 in a second process
    PYTHONPATH=src python benchmarks/jass_mixture.py sum search,heuristic 1 DIR

``run ... --set MODULE.NAME=VALUE`` (repeatable; ``benchmarks/variants.py``) sets a constant of
this checkout before the boards, a variant without a copy of the code, e.g. ``run look3/search
1 DIR --set atout.bots.jass.kernel.LOOK=3``. It holds for every bot the process plays, the
mixture's players too (a constant they read changes them, and the pairing with other runs is
lost), so each bot then needs a label.

``sum`` prints each bot's mean margin against the mixture with its 95 % interval, its CPU
time per decision, then for each pair of bots the paired difference of their margins over
the boards both have played (``A − B``: the points per deal A gains over B; half of it is
the share of the other side's points that changes hands), and each mixture player's
margin against the first bot (``--by-opponent``).

``clairvoyant`` (not a bot name; ``clairvoyant:playouts=5000`` with the search's settings)
is the search seeing every hand
(:class:`atout.bots.clairvoyant.ClairvoyantBot`, shown the live deal before each of its
decisions): what it gains over a search against the same mixture is the most that a better
reading of the hidden cards could add to that search. ``firstsight`` sees every hand only
until another seat has acted in the deal (:class:`~atout.bots.clairvoyant.ClairvoyantBot`
with ``first_sight``), then plays as the search: what it gains is what no reading could.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

from clairvoyant import show_deal, tested_bot
from saved import save_record
from search_duplicate import Child
from variants import set_constant

import atout
from atout.bots import make_bot
from atout.bots.jass.mixture import MIXTURE, draw_opponents
from atout.bots.ready import kernels_ready
from atout.core import deal_seed
from atout.tournament import mean_ci


def folder_of(root: Path, bot: str) -> Path:
    """The folder of ``bot``'s boards under ``root`` (the name with ``:``, ``=`` and ``/``
    made safe)."""
    return root / bot.replace(":", "+").replace("=", "-").replace("/", "@")


def bot_name(bot: str) -> str:
    """The bot name of ``LABEL/NAME`` (the label only names its folder: the same bot of
    another checkout, ``base/search`` run with that checkout's ``PYTHONPATH``), or ``bot``."""
    return bot.rpartition("/")[2]


def play(bot: str, seed: int, index: int, child: Child | None = None) -> dict[str, Any]:
    """Board ``index`` of ``seed`` played by ``bot`` on one side against the mixture (by
    ``child``, another checkout's process, where given)."""
    rules = atout.make("jass")
    board_seed = deal_seed(seed, index)
    bot_seed = deal_seed(board_seed, 0)
    side = index // 4 % 2  # each side declares in half the boards (dealer index % 4)
    opponents = draw_opponents(seed, index)
    names = [bot_name(bot) if s % 2 == side else opponents[s // 2] for s in range(4)]
    players = [None if child is not None and s % 2 == side
               else tested_bot(n, rules, s, bot_seed) if s % 2 == side
               else make_bot(n, rules, s, bot_seed)
               for s, n in enumerate(names)]
    if child is not None:
        child.ask(op="deal", seed=board_seed, dealer=index % 4, bot=bot_name(bot),
                  bot_seed=bot_seed, seats=[side, side + 2])
    deal = rules.deal(seed=board_seed, dealer=index % 4)
    history: list[str] = []
    cpu = 0.0
    decisions = 0
    while (seat := deal.to_move) is not None:
        player = players[seat]
        if player is None:
            assert child is not None
            text = child.ask(op="choose", seat=seat, history=history)["action"]
            decisions += 1
        elif seat % 2 == side:
            show_deal(player, deal)
            start = time.process_time()
            text = str(player.choose(deal.view(seat)))
            cpu += time.process_time() - start
            decisions += 1
        else:
            text = str(player.choose(deal.view(seat)))
        deal.play(text)
        history.append(text)
    if child is not None:
        cpu = float(child.ask(op="stats")["seconds"])
    pts = deal.result.points
    return {"index": index, "seed": board_seed, "side": side, "opponents": list(opponents),
            "points": [float(pts[side]), float(pts[1 - side])],
            "margin": float(pts[side]) - float(pts[1 - side]),
            "decisions": decisions, "cpu": cpu}


def run(bots: list[str], seed: int, root: Path, indices: range,
        base: str | None = None) -> None:
    """Play every board of ``indices`` not yet saved, for each bot in turn (board by board);
    with ``base`` (another checkout's src folder) the bots labelled ``base/`` in its process."""
    child = Child(base) if base is not None else None
    try:
        for i in indices:
            for bot in bots:
                _run_one(bot, seed, root, i, child if bot.startswith("base/") else None)
    finally:
        if child is not None:
            child.close()


def _run_one(bot: str, seed: int, root: Path, i: int, child: Child | None) -> None:
    """Board ``i`` for ``bot``, unless already saved."""
    folder = folder_of(root, bot)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{i:05d}.json"
    if path.exists():
        return
    save_record(path, play(bot, seed, i, child))


def load(root: Path, bot: str) -> dict[int, dict[str, Any]]:
    """The saved boards of ``bot``, by index."""
    out = {}
    for path in folder_of(root, bot).glob("*.json"):
        d = json.loads(path.read_text(encoding="utf-8"))
        out[int(d["index"])] = d
    return out


def summary(bots: list[str], root: Path, by_opponent: bool) -> list[str]:
    """The lines ``sum`` prints."""
    boards = {b: load(root, b) for b in bots}
    lines = []
    for b in bots:
        got = boards[b]
        if not got:
            lines.append(f"{b:<44} no board yet")
            continue
        m, ci = mean_ci([d["margin"] for d in got.values()])
        dec = sum(d["decisions"] for d in got.values())
        cpu = sum(d["cpu"] for d in got.values())
        lines.append(f"{b:<44} {m:+8.2f} ± {ci:5.2f} margin per deal over {len(got):5d} "
                     f"boards, {1000 * cpu / max(1, dec):7.2f} ms CPU a decision")
    for i, a in enumerate(bots):
        for b in bots[i + 1:]:
            common = sorted(set(boards[a]) & set(boards[b]))
            if len(common) < 2:
                continue
            m, ci = mean_ci([boards[a][k]["margin"] - boards[b][k]["margin"] for k in common])
            lines.append(f"{a} − {b}: {m:+.2f} ± {ci:.2f} points per deal over "
                         f"{len(common)} boards (paired)")
    if by_opponent and boards[bots[0]]:
        for name in MIXTURE:
            vals = [-d["margin"] for d in boards[bots[0]].values() for o in d["opponents"]
                    if o == name]
            if len(vals) > 1:
                m, ci = mean_ci(vals)
                lines.append(f"  {name:<42} {m:+8.2f} ± {ci:5.2f} against {bots[0]} "
                             f"({len(vals)} seats)")
    return lines


def main() -> None:
    """Run boards or print the summary."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("command", choices=("run", "sum"))
    ap.add_argument("bots", help="comma-separated bot names, e.g. search,heuristic")
    ap.add_argument("seed", type=int)
    ap.add_argument("folder", type=Path)
    ap.add_argument("--first", type=int, default=0)
    ap.add_argument("--last", type=int, default=1000)
    ap.add_argument("--step", type=int, default=1)
    ap.add_argument("--base", help="run: another checkout's src folder, whose process "
                    "plays the bots labelled base/NAME")
    ap.add_argument("--by-opponent", action="store_true",
                    help="with sum: each mixture player's margin against the first bot")
    ap.add_argument("--set", action="append", default=[], metavar="MODULE.NAME=VALUE",
                    help="with run: set a module constant of this checkout first (a variant "
                         "to measure; each bot then needs a label, LABEL/NAME)")
    args = ap.parse_args()
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    if not bots:
        ap.error("give at least one bot name")
    if args.set and args.command == "run":
        unlabelled = [b for b in bots if "/" not in b]
        if unlabelled:
            ap.error(f"with --set, give each bot a label (LABEL/NAME, e.g. look3/search), so "
                     f"that the variant's boards are not saved as those of "
                     f"{', '.join(unlabelled)}")
        for assignment in args.set:
            set_constant(assignment)
    if args.command == "run":
        rules = atout.make("jass")
        for b in bots:
            if args.base is None or not b.startswith("base/"):
                tested_bot(bot_name(b), rules, 0, 0)  # a bad name fails here, before any board
        # the search plays its Python rollouts until the kernels load: wait, to repeat by seed
        print(f"kernel ready: {kernels_ready('jass')}", flush=True)
        run(bots, args.seed, args.folder, range(args.first, args.last, args.step), args.base)
    else:
        print("\n".join(summary(bots, args.folder, args.by_opponent)))


if __name__ == "__main__":
    main()
