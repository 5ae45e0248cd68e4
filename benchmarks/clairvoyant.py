"""Each game's search as a share of its clairvoyant bound, in duplicate over the same boards.

Three players take one side of the same boards, the heuristic at every other seat: the
heuristic itself, the search (its defaults), and the clairvoyant search
(:class:`atout.bots.clairvoyant.ClairvoyantBot`: the same search, every sample the true
deal). A board is one deal played in every rotation of the seats, as ``atout tournament``
plays it (:func:`atout.tournament.seat_lineups`; the same deal and bot seeds as its board
``i`` for the same seed): in a team game (Jass) the player's team against the heuristic's,
otherwise the player at one seat and the heuristic at the others, the player taking each
seat in turn. A player's margin on a board is its points per deal minus the heuristic's
(team game) or minus the mean of the other seats' (one seat against the rest).

The share is (search − heuristic) / (clairvoyant − heuristic), the margins' means over the
boards all three played; its 95% interval is a bootstrap over boards (2,000 resamples of the
boards, the three margins of a board kept together, percentile interval). ``all`` plays the
three on each board before the next (or name one player to run it in its own process; boards
are saved one file each, so a run can stop and resume)::

    PYTHONPATH=src python benchmarks/clairvoyant.py run jass all DIR --last 1000
    PYTHONPATH=src python benchmarks/clairvoyant.py sum DIR [--markdown] [--against DIR0]

``--players N`` sets the table size (Pitch and Knock Rummy heads-up: ``--players 2``); a
folder holds one game and table size. ``--settings key=heuristic`` gives both searches (the
search and the clairvoyant one) the same search settings, ``:`` between two of them (here:
the bids and other key decisions by the heuristic, so that the bound is the card play's);
a folder holds one set of settings. ``run ... --set MODULE.NAME=VALUE`` (repeatable;
``benchmarks/variants.py``) sets a constant for every player first, a variant without a copy
of the code (``--set atout.bots.jass.kernel.LOOK=0``), named in the folder's ``game.json``
as the settings are. ``sum --against DIR0`` pairs each player's boards with
the same boards in ``DIR0`` (other code, other settings). ``run`` takes ``--first``,
``--last`` and ``--step`` to split the boards between processes.

A fourth player, ``firstsight`` (run by name; ``all`` is the three), is the clairvoyant
search that sees the true deal only while no other seat has acted in it
(``ClairvoyantBot(first_sight=True)``), its own sampler after: ``sum`` then gives what it
gains over the search, the part of the bound that no reading of the others' play can take
(in Knock Rummy, whether a knock at the opener's first turn wins), and the search's share of
the rest. Its later decisions sample with the search's own sampler, in the kernels too
(:func:`atout.bots.parts.kernel_sampler`), from the search's random stream, so that on a
board where it never sees first it plays as the search::

    PYTHONPATH=src python benchmarks/clairvoyant.py run knock-rummy firstsight DIR --players 2
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from saved import save_record
from variants import set_constant

import atout
from atout.bots import parse_bot_spec, player_bot
from atout.bots.base import Bot
from atout.bots.clairvoyant import ClairvoyantBot
from atout.bots.ready import kernels_ready
from atout.core import deal_seed
from atout.tournament import mean_ci, seat_lineups

PLAYERS = ("heuristic", "search", "clairvoyant")
"""The three players measured, by the name their boards are saved under."""
EXTRA = ("firstsight",)
"""Players run by name only: the clairvoyant search until another seat acts."""
SEERS = ("clairvoyant", "firstsight")
"""The players :func:`make_player` makes as :class:`ClairvoyantBot`, shown the live deal."""


def make_player(name: str, rules: atout.Rules[Any], seat: int, seed: int,
                settings: str = "") -> Bot:
    """The player ``name`` (one of :data:`PLAYERS`, or any bot name) at ``seat``; the two
    searches with ``settings`` (``key=heuristic:playouts=300``; none when empty)."""
    if name in SEERS:
        return ClairvoyantBot(rules, seat, seed, first_sight=name == "firstsight",
                              **(parse_bot_spec(f"clairvoyant:{settings}")[1] if settings else {}))
    if name == "search" and settings:
        return player_bot(f"search:{settings}", rules, seat, seed)
    return player_bot(name, rules, seat, seed)


def tested_bot(spec: str, rules: atout.Rules[Any], seat: int, seed: int) -> Bot:
    """The tested bot ``spec`` at ``seat``: a bot name, or ``clairvoyant`` or ``firstsight``
    with the search's settings (``clairvoyant:playouts=5000``)."""
    base, _, settings = spec.partition(":")
    if base in SEERS:
        return make_player(base, rules, seat, seed, settings)
    return player_bot(spec, rules, seat, seed)


def show_deal(bot: Bot, deal: atout.Deal) -> None:
    """Show ``deal``, the live deal, to ``bot`` if it is a yardstick that sees it (a
    :class:`ClairvoyantBot`); call it before each of the bot's decisions."""
    if isinstance(bot, ClairvoyantBot):
        bot.watch(deal)


def lineups(rules: atout.Rules[Any]) -> tuple[list[tuple[int, ...]], int]:
    """The rotations (for each, 0 where the player sits, another index where a heuristic
    does) and the number of bot indices: two in a team game, one per seat otherwise."""
    teams = rules.deal(seed=0).view(0).info.get("teams")
    nbots = 2 if isinstance(teams, list) and teams else rules.seats
    return seat_lineups(rules, nbots), nbots


def play(rules: atout.Rules[Any], player: str, seed: int, index: int,
         settings: str = "") -> dict[str, Any]:
    """Board ``index`` of tournament seed ``seed`` with ``player`` at the seats of bot 0 (a
    search with ``settings``): its margin, CPU seconds and decisions."""
    board_seed = deal_seed(seed, index)
    rotations, nbots = lineups(rules)
    sums = [0.0] * nbots
    counts = [0] * nbots
    cpu = 0.0
    decisions = 0
    for r, lineup in enumerate(rotations):
        bot_seed = deal_seed(board_seed, r)
        players = [make_player(player, rules, s, bot_seed, settings) if b == 0
                   else make_player("heuristic", rules, s, bot_seed)
                   for s, b in enumerate(lineup)]
        deal = rules.deal(seed=board_seed, dealer=index % rules.seats)
        while (seat := deal.to_move) is not None:
            bot = players[seat]
            show_deal(bot, deal)
            start = time.process_time()
            action = bot.choose(deal.view(seat))
            if lineup[seat] == 0:
                cpu += time.process_time() - start
                decisions += 1
            deal.play(action)
        for s, b in enumerate(lineup):
            sums[b] += float(deal.result.points[s])
            counts[b] += 1
    per = [sums[b] / counts[b] for b in range(nbots)]
    margin = per[0] - statistics.fmean(per[1:])
    return {"index": index, "seed": seed, "player": player, "margin": margin,
            "cpu": cpu, "decisions": decisions}


def run(game: str, options: dict[str, Any], players: Sequence[str], folder: Path, seed: int,
        indices: range, settings: str = "", constants: Sequence[str] = ()) -> None:
    """Play the boards ``indices`` with each of ``players`` in turn (the searches with
    ``settings``), each board saved as it ends (a board already saved is skipped);
    ``constants``, the ``--set`` assignments already made, are named in the folder's
    ``game.json`` as the settings are, so that a folder never mixes two variants."""
    rules = atout.make(game, **options)
    folder.mkdir(parents=True, exist_ok=True)
    meta = folder / "game.json"
    setup: dict[str, Any] = {"game": game, "options": options, "seed": seed}
    if settings:
        setup["settings"] = settings
    if constants:
        setup["set"] = list(constants)
    if meta.exists():
        if json.loads(meta.read_text(encoding="utf-8")) != setup:
            raise SystemExit(f"{folder} holds boards of {meta.read_text(encoding='utf-8')}, "
                             f"not {json.dumps(setup)}")
    else:
        meta.write_text(json.dumps(setup), encoding="utf-8")
    for i in indices:
        for player in players:
            path = folder / f"{player}-{i:05d}.json"
            if path.exists():
                continue
            save_record(path, play(rules, player, seed, i, settings))


def load(folder: Path) -> dict[str, dict[int, dict[str, Any]]]:
    """The boards saved in ``folder``: by player, then by board index."""
    boards: dict[str, dict[int, dict[str, Any]]] = {}
    for path in folder.glob("*-*.json"):
        b = json.loads(path.read_text(encoding="utf-8"))
        boards.setdefault(b["player"], {})[int(b["index"])] = b
    return boards


def share_ci(h: Sequence[float], s: Sequence[float], c: Sequence[float],
             resamples: int = 2000, seed: int = 0) -> tuple[float, float, float]:
    """(mean s − mean h) / (mean c − mean h) and its 95% bootstrap percentile interval
    (boards resampled with their three margins together)."""
    n = len(h)

    def ratio(idx: Sequence[int]) -> float:
        mh = sum(h[i] for i in idx) / n
        den = sum(c[i] for i in idx) / n - mh
        return (sum(s[i] for i in idx) / n - mh) / den if den else float("nan")

    rng = random.Random(seed)
    got = sorted(ratio([rng.randrange(n) for _ in range(n)]) for _ in range(resamples))
    got = [x for x in got if x == x]
    lo = got[int(0.025 * (len(got) - 1))]
    hi = got[int(0.975 * (len(got) - 1))]
    return ratio(range(n)), lo, hi


def markdown_row(folder: Path) -> str:
    """The folder's row of docs/bots.md's table: game, boards all three played, the
    search's and the clairvoyant search's margins over the heuristic's, the share and its
    interval, and each search's CPU milliseconds a decision."""
    setup = json.loads((folder / "game.json").read_text(encoding="utf-8"))
    boards = load(folder)
    common = sorted(set.intersection(*(set(boards.get(p, {})) for p in PLAYERS)))
    size = setup["options"].get("players") or atout.make(setup["game"]).seats
    if len(common) < 2:
        return f"| {setup['game']} ({size} players) | {len(common)} | | | | |"
    h, s, c = ([boards[p][i]["margin"] for i in common] for p in PLAYERS)
    ms, cs = mean_ci([a - b for a, b in zip(s, h, strict=True)])
    mc, cc = mean_ci([a - b for a, b in zip(c, h, strict=True)])
    share, lo, hi = share_ci(h, s, c)
    cpu = [1000 * sum(boards[p][i]["cpu"] for i in common)
           / max(1, sum(boards[p][i]["decisions"] for i in common))
           for p in ("search", "clairvoyant")]
    return (f"| {setup['game']} ({size} players) | {len(common)} | {ms:+.3f} ± {cs:.3f} | "
            f"{mc:+.3f} ± {cc:.3f} | **{100 * share:.0f}%** ({100 * lo:.0f}% to "
            f"{100 * hi:.0f}%) | {cpu[0]:.0f} / {cpu[1]:.0f} |")


def summary(folder: Path) -> None:
    """Print each player's margin, its CPU time, and the search's share of the bound."""
    setup = json.loads((folder / "game.json").read_text(encoding="utf-8"))
    boards = load(folder)
    heading = [setup["game"], str(setup["options"] or ""), setup.get("settings", ""),
               *(f"--set {c}" for c in setup.get("set", [])), f"(seed {setup['seed']})"]
    print(" ".join(part for part in heading if part))
    for player in (*PLAYERS, *EXTRA):
        got = boards.get(player, {})
        if player in EXTRA and not got:
            continue
        if len(got) < 2:
            print(f"  {player:<12} {len(got)} boards")
            continue
        m, ci = mean_ci([b["margin"] for b in got.values()])
        cpu = sum(b["cpu"] for b in got.values())
        dec = sum(b["decisions"] for b in got.values())
        print(f"  {player:<12} {m:+9.3f} ± {ci:.3f} over {len(got)} boards, "
              f"{1000 * cpu / max(1, dec):.1f} ms CPU a decision")
    common = sorted(set.intersection(*(set(boards.get(p, {})) for p in PLAYERS)))
    if len(common) < 2:
        print("  share: fewer than two boards played by all three")
        return
    h, s, c = ([boards[p][i]["margin"] for i in common] for p in PLAYERS)
    ms, cs = mean_ci([a - b for a, b in zip(s, h, strict=True)])
    mc, cc = mean_ci([a - b for a, b in zip(c, h, strict=True)])
    share, lo, hi = share_ci(h, s, c)
    print(f"  on the {len(common)} boards all three played: search − heuristic {ms:+.3f} ± "
          f"{cs:.3f}, clairvoyant − heuristic {mc:+.3f} ± {cc:.3f}")
    print(f"  share of the bound {100 * share:.1f}% (95% bootstrap interval "
          f"{100 * lo:.1f}% to {100 * hi:.1f}%)")
    sight = sorted(set(common) & set(boards.get("firstsight", {})))
    if len(sight) >= 2:
        h, s, f, c = ([boards[p][i]["margin"] for i in sight]
                      for p in ("heuristic", "search", "firstsight", "clairvoyant"))
        mf, cf = mean_ci([a - b for a, b in zip(f, s, strict=True)])
        # share_ci's (b - a) / (c - a) with other margins: (f - s) / (c - h), the part seen
        # first; then (s - h) / (c - (f - s) - h), the search's share of the rest
        part, plo, phi = share_ci(s, f, [x + y - z for x, y, z in zip(c, s, h, strict=True)])
        reach, rlo, rhi = share_ci(h, s, [x - y + z for x, y, z in zip(c, f, s, strict=True)])
        print(f"  on the {len(sight)} boards all four played: firstsight − search {mf:+.3f} ± "
              f"{cf:.3f}, {100 * part:.1f}% of the bound (95% bootstrap interval "
              f"{100 * plo:.1f}% to {100 * phi:.1f}%) seen before any other seat acts")
        print(f"  the search's share of the rest of the bound {100 * reach:.1f}% (95% bootstrap "
              f"interval {100 * rlo:.1f}% to {100 * rhi:.1f}%)")


def against(folder: Path, base: Path) -> list[str]:
    """Each player's margin in ``folder`` less its margin in ``base`` (the same boards played
    by other code or other settings), paired by board over the boards both hold."""
    mine, theirs = load(folder), load(base)
    lines = []
    for player in (*PLAYERS, *EXTRA):
        common = sorted(set(mine.get(player, {})) & set(theirs.get(player, {})))
        if len(common) < 2:
            continue
        diff = [mine[player][i]["margin"] - theirs[player][i]["margin"] for i in common]
        m, ci = mean_ci(diff)
        lines.append(f"  {player:<12} {m:+9.3f} ± {ci:.3f} against {base}, paired over "
                     f"{len(common)} boards ({sum(1 for d in diff if d)} differ)")
    return lines


def main() -> None:
    """Run boards or print the summary."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("command", choices=("run", "sum"))
    ap.add_argument("args", nargs="+", help="run: GAME PLAYER FOLDER (PLAYER: all, "
                    "heuristic, search, clairvoyant or firstsight); sum: FOLDER ...")
    ap.add_argument("--players", type=int, help="the table size")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--settings", default="",
                    help="run: both searches' settings, e.g. key=heuristic or "
                    "key=heuristic:playouts=300")
    ap.add_argument("--set", action="append", default=[], metavar="MODULE.NAME=VALUE",
                    help="run: set a module constant first, for every player (a variant to "
                    "measure; named in the folder's game.json)")
    ap.add_argument("--first", type=int, default=0)
    ap.add_argument("--last", type=int, default=1000)
    ap.add_argument("--step", type=int, default=1)
    ap.add_argument("--markdown", action="store_true",
                    help="with sum: one row of docs/bots.md's table per folder")
    ap.add_argument("--against", type=Path,
                    help="with sum: each player's margin less its margin in this folder, "
                    "paired by board")
    a = ap.parse_args()
    if a.command == "sum":
        for folder in a.args:
            if a.markdown:
                print(markdown_row(Path(folder)))
            else:
                summary(Path(folder))
            if a.against is not None:
                print("\n".join(against(Path(folder), a.against)))
        return
    if len(a.args) != 3:
        ap.error("run takes GAME PLAYER FOLDER")
    game, player, folder = a.args
    players = PLAYERS if player == "all" else (player,)
    if player != "all" and player not in (*PLAYERS, *EXTRA):
        ap.error(f"PLAYER is all or one of {', '.join((*PLAYERS, *EXTRA))}, not {player!r}")
    options = {"players": a.players} if a.players else {}
    for assignment in a.set:
        set_constant(assignment)
    if a.settings:  # a bad setting fails here, before any board
        rules = atout.make(game, **options)
        make_player("search", rules, 0, 0, a.settings)
        make_player("clairvoyant", rules, 0, 0, a.settings)
    # the searches play their Python rollouts until the kernels load: wait, to repeat by seed
    print(f"kernel ready: {kernels_ready(game)}", flush=True)
    run(game, options, players, Path(folder), a.seed, range(a.first, a.last, a.step),
        a.settings, a.set)


if __name__ == "__main__":
    main()
