"""Duplicate match: this checkout's Jass search against another checkout's, equal time a decision.

Run by hand (never in CI), e.g. against the commit before a change::

    git worktree add --detach /tmp/base <commit>
    python benchmarks/search_duplicate.py --base /tmp/base/src --deals 1000 --seconds 0.04

Each board is one deal played twice, the two searches swapping teams, so the luck of the
cards cancels. The other checkout's bot runs in a child process (its own ``atout`` package)
that rebuilds the deal from the seed and the actions before each of its decisions; the two
processes never think at the same time, so the load of the machine hits both alike. Both
searches get the same time limit per decision (``--seconds``) and an unreachable playout
budget, so the comparison is at equal time (``--bot`` plays another bot on both sides, such
as ``search:playouts=300``, an equal budget; ``--base-bot`` another bot for the other
checkout, which may be this one: ``--base src --bot search:kernel=1:seconds=0.1:playouts=1000000
--base-bot search:kernel=0:seconds=0.1:playouts=1000000`` plays the search on the kernels
against its Python rollouts; ``kernel=0`` must be given, as the kernels are the Jass search's
default where numba compiles them, once ready). Prints the mean margin per deal of this
checkout's search (its team's points minus the other's), its 95 % interval, and each side's
playouts per second; ``--out FILE`` also appends each board's margin to FILE (one JSON line a
board), so that two matches played on the same boards can be compared board by board:
``--pair A B`` reads two such files and prints each one's mean over the boards both hold and
their difference, paired by board (B − A), without playing. ``--set MODULE.NAME=VALUE``
(repeatable; ``benchmarks/variants.py``) sets a constant of this checkout's code before the
match, a variant without a copy of the code (``--base src --set
atout.bots.jass.kernel.LOOK=3``: this checkout's search with every seat one card ahead,
against the same code unchanged in the other process). This checkout's ``--bot`` may be the
clairvoyant yardstick (``clairvoyant:seconds=0.1:playouts=1000000``, or ``firstsight:...``;
:class:`atout.bots.clairvoyant.ClairvoyantBot`, shown the live deal before each decision):
how much a search that sees every hand makes against the other checkout's at equal time,
the bound of what a better reading of the cards could gain in that match.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from typing import Any

from variants import set_constant

CHILD = r"""
import json, sys
import atout
from atout.bots import make_bot
rules = atout.make("jass")
bots = {}
deal_of = {}
for line in sys.stdin:
    msg = json.loads(line)
    if msg["op"] == "deal":
        deal_of = {"seed": msg["seed"], "dealer": msg["dealer"]}
        bots = {s: make_bot(msg["bot"], rules, s, msg["bot_seed"]) for s in msg["seats"]}
        out = {}
    elif msg["op"] == "choose":
        deal = rules.deal(seed=deal_of["seed"], dealer=deal_of["dealer"])
        for text in msg["history"]:
            deal.play(text)
        bot = bots[msg["seat"]]
        action = bot.choose(deal.view(msg["seat"]))
        out = {"action": str(action)}
    elif msg["op"] == "stats":
        out = {"playouts": sum(b.total_playouts for b in bots.values()),
               "seconds": sum(b.total_seconds for b in bots.values())}
    sys.stdout.write(json.dumps(out) + "\n")
    sys.stdout.flush()
"""


class Child:
    """The other checkout's bots, in a child process."""

    def __init__(self, base: str) -> None:
        env = dict(os.environ, PYTHONPATH=base)
        self.proc = subprocess.Popen([sys.executable, "-c", CHILD], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, env=env)

    def ask(self, **msg: Any) -> dict[str, Any]:
        """Send one message, read one answer."""
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps(msg) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:  # its error (a bot name that checkout does not know ...) is above
            raise SystemExit(f"the other checkout's process stopped at {msg['op']!r}")
        answer: dict[str, Any] = json.loads(line)
        return answer

    def close(self) -> None:
        """Stop the child."""
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait(timeout=30)


def append_margin(path: str, board: int, margin: float) -> None:
    """Append one board's margin to ``path`` (``--out``), one JSON line."""
    with open(path, "a", encoding="utf-8") as out:
        out.write(json.dumps({"board": board, "margin": margin}) + "\n")


def read_margins(path: str) -> dict[int, float]:
    """Each board's margin from a file that ``--out`` wrote (one JSON line a board), or a
    SystemExit in words for a file that is not one."""
    margins: dict[int, float] = {}
    try:
        with open(path, encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                if not line.strip():
                    continue
                try:
                    row = json.loads(line)
                    margins[int(row["board"])] = float(row["margin"])
                except (ValueError, TypeError, KeyError) as e:
                    raise SystemExit(f"{path}, line {number}: expected a JSON object with "
                                     f"a board and a margin (as --out writes), not "
                                     f"{line.strip()[:80]!r}") from e
    except OSError as e:
        raise SystemExit(f"cannot read {path}: {e.strerror}") from e
    return margins


def paired(first: dict[int, float], second: dict[int, float]) -> list[str]:
    """The summary of two matches' margins over the boards both played: each one's mean and
    95 % interval, and the second's gain over the first paired by board."""
    from atout.tournament import mean_ci

    boards = sorted(set(first) & set(second))
    if len(boards) < 2:
        return [f"{len(boards)} board(s) in both files: at least 2 are needed to pair"]
    a = [first[k] for k in boards]
    b = [second[k] for k in boards]
    lines = []
    for name, values in (("A", a), ("B", b), ("B - A", [y - x for x, y in zip(a, b, strict=True)])):
        m, half = mean_ci(values)
        lines.append(f"{name}: {m:+.2f} ± {half:.2f} points a deal over {len(boards)} boards")
    return lines


def main() -> None:
    """Play the boards and print the summary (or, with ``--pair``, pair two matches)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", help="the other checkout's src folder (needed to play)")
    parser.add_argument("--deals", type=int, default=100, help="boards (each played twice)")
    parser.add_argument("--seconds", type=float, default=0.04, help="time per decision")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--bot", default=None,
                        help="the bot both checkouts play, e.g. search:playouts=300 (default: "
                             "the search at --seconds a decision); this checkout may also "
                             "seat the clairvoyant yardstick, clairvoyant:SETTINGS")
    parser.add_argument("--base-bot", default=None,
                        help="the bot the other checkout plays (default: --bot), e.g. this "
                             "checkout against itself with --bot search:kernel=1:... "
                             "--base-bot search:...")
    parser.add_argument("--first", type=int, default=0,
                        help="the first board (to split a match over processes)")
    parser.add_argument("--out", default=None,
                        help="a file to append each board's margin to, one JSON line a board "
                             "(board, margin), so two matches on the same boards can be paired")
    parser.add_argument("--set", action="append", default=[], metavar="MODULE.NAME=VALUE",
                        help="set a module constant of this checkout first (a variant to "
                             "measure; the other checkout's process keeps its own)")
    parser.add_argument("--pair", nargs=2, metavar=("A", "B"), default=None,
                        help="pair two files that --out wrote, board by board (B - A), "
                             "instead of playing")
    args = parser.parse_args()
    if args.pair:
        for line in paired(read_margins(args.pair[0]), read_margins(args.pair[1])):
            print(line)
        return
    if not args.base:
        parser.error("--base (the other checkout's src folder) is needed to play a match")
    for assignment in args.set:
        set_constant(assignment)
    from clairvoyant import show_deal, tested_bot

    import atout
    from atout.bots.search import SearchBot
    from atout.core import deal_seed
    from atout.tournament import mean_ci

    rules = atout.make("jass")
    bot = args.bot or f"search:seconds={args.seconds}:playouts=1000000"
    base_bot = args.base_bot or bot
    # one decision before the clock: compiled kernels are loaded (or compiled) here
    warm = rules.deal(seed=1, dealer=0)
    while warm.to_move is not None and warm.__dict__.get("phase") != "play":
        warm.play(warm.legal_actions()[0])
    warm.play(warm.legal_actions()[0])
    seat = warm.to_move
    assert seat is not None
    first = tested_bot(bot, rules, seat, 0)
    show_deal(first, warm)
    first.choose(warm.view(seat))
    child = Child(args.base)
    margins: list[float] = []
    ours = [0, 0.0]
    theirs = [0, 0.0]
    start = time.perf_counter()
    try:
        for board in range(args.first, args.first + args.deals):
            seed = deal_seed(args.seed, board)
            diff = 0.0
            for team in (0, 1):  # the team of this checkout's search
                bot_seed = deal_seed(seed, team)
                mine = {s: tested_bot(bot, rules, s, bot_seed) for s in (team, team + 2)}
                child.ask(op="deal", seed=seed, dealer=board % 4, bot=base_bot, bot_seed=bot_seed,
                          seats=[1 - team, 3 - team])
                deal = rules.deal(seed=seed, dealer=board % 4)
                history: list[str] = []
                while deal.to_move is not None:
                    s = deal.to_move
                    if s in mine:
                        show_deal(mine[s], deal)
                        action = str(mine[s].choose(deal.view(s)))
                    else:
                        action = child.ask(op="choose", seat=s, history=history)["action"]
                    deal.play(action)
                    history.append(action)
                pts = deal.result.points
                diff += pts[team] - pts[1 - team]
                for b in mine.values():
                    assert isinstance(b, SearchBot)
                    ours[0] += b.total_playouts
                    ours[1] += b.total_seconds
                got = child.ask(op="stats")
                theirs[0] += got["playouts"]
                theirs[1] += got["seconds"]
            margins.append(diff / 2)
            if args.out:
                append_margin(args.out, board, diff / 2)
            done = len(margins)
            if done % 25 == 0 or done == args.deals:
                m, half = mean_ci(margins)
                print(f"{done} boards, {time.perf_counter() - start:.0f} s: margin of "
                      f"this checkout {m:+.2f} ± {half:.2f} points a deal; playouts/s "
                      f"{ours[0] / max(ours[1], 1e-9):,.0f} (this) vs "
                      f"{theirs[0] / max(theirs[1], 1e-9):,.0f} (base)", flush=True)
    finally:
        child.close()


if __name__ == "__main__":
    main()
