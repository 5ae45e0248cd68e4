"""The commands of ``atout`` that report in rich's tables: games, simulate, tournament.

:mod:`atout.cli` parses their arguments and calls them; rich, the engines and the bots are
imported here, when one of them runs.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable
from functools import cache
from typing import TYPE_CHECKING, Any

from atout.cli_errors import bad_value

if TYPE_CHECKING:
    from rich.console import Console

    import atout


@cache
def console() -> Console:
    """The rich console of the commands' tables and progress bars (made on first use)."""
    from rich.console import Console

    return Console()


def make_rules(game: str, opts: dict[str, Any]) -> atout.Rules[Any]:
    """``atout.make`` with a clean error message instead of a traceback."""
    import atout

    try:
        return atout.make(game, **opts)
    except ValueError as exc:
        raise bad_value(str(exc)) from None


def wait_for_kernels(game: str, bots: Iterable[object]) -> None:
    """When a search plays: its compiled kernels made ready before the first deal (the same
    results for the same seed, whenever they load), with a line on stderr when that takes
    a while (:data:`atout.bots.ready.WAIT_NOTICE`: the first compilation on this machine)."""
    from atout.bots.ready import WAIT_NOTICE, kernels_ready, searches

    if searches(bots):
        kernels_ready(game, waiting=lambda: print(WAIT_NOTICE, file=sys.stderr, flush=True))


def games(a: argparse.Namespace) -> int:
    """``atout games``: a short paragraph per game, or a game's options in a table."""
    import atout

    infos = [i for i in atout.games() if a.game is None or i.name == a.game]
    if not infos:
        raise bad_value(f"unknown game {a.game!r}: the games are "
                        f"{', '.join(i.name for i in atout.games())}")
    for info in infos:
        if a.details or a.game is not None:
            _game_details(info)
            continue
        console().print(f"[bold]{info.name}[/bold]: {info.title}")
        console().print(f"  options: {', '.join(o.name for o in info.options) or 'none'}",
                        soft_wrap=False)
        if info.presets:
            console().print(f"  presets: {', '.join(info.presets)}")
    if not a.details and a.game is None:
        console().print("Details of a game: atout games GAME; of all: atout games --details.")
    return 0


def _game_details(info: Any) -> None:
    from rich.table import Table

    table = Table(title=f"{info.name} — {info.title}", title_justify="left")
    table.add_column("option")
    table.add_column("default")
    table.add_column("accepted")
    table.add_column("meaning")
    for o in info.options:
        if o.choices is not None:
            accepted = ", ".join(str(c) for c in o.choices)
        elif isinstance(o.default, bool):
            accepted = "true, false"
        else:
            accepted = f"any {type(o.default).__name__}"
        table.add_row(o.name, str(o.default), accepted, o.doc)
    console().print(table)
    if info.presets:
        for name, values in info.presets.items():
            shown = ", ".join(f"{k}={v}" for k, v in values.items()) or "the defaults"
            console().print(f"  preset [bold]{name}[/bold]: {shown}")
    console().print()


def simulate(a: argparse.Namespace, opts: dict[str, Any]) -> int:
    """``atout simulate``: complete games between bots, then a table of results."""
    import statistics

    from rich.progress import Progress
    from rich.table import Table

    from atout.bots import bot_names, make_bot, play_out

    game, games_, seed = a.game, a.games, a.seed
    rules = make_rules(game, opts)
    names = [b.strip() for b in a.bots.split(",") if b.strip()]
    if len(names) == 1:
        names = names * rules.seats
    if len(names) != rules.seats:
        raise bad_value(f"--bots names {len(names)} bots: expected 1 or {rules.seats}"
                        f" (the known bots are {', '.join(bot_names())})")
    wait_for_kernels(game, names)
    scores: list[list[float]] = [[] for _ in range(rules.seats)]
    wins = [0] * rules.seats
    deals = 0
    with Progress(console=console(), transient=True) as progress:
        task = progress.add_task(f"playing {game}", total=games_)
        for g in range(games_):
            try:
                players_ = [make_bot(n, rules, s, seed + g) for s, n in enumerate(names)]
            except ValueError as exc:
                raise bad_value(str(exc)) from None
            match = rules.match(seed=seed + g)
            play_out(match, players_)
            res = match.result
            for s in range(rules.seats):
                scores[s].append(res.scores[s])
            for w in res.winners:
                wins[w] += 1
            deals += len(match.deals) + (0 if match.deal in match.deals else 1)
            progress.advance(task)
    table = Table(title=f"{games_} games of {game}, seeds {seed}..{seed + games_ - 1}, "
                        f"{deals} deals", title_justify="left")
    for col in ("seat", "bot", "wins", "win rate", "mean final score"):
        table.add_column(col, justify="right" if col != "bot" else "left")
    for s in range(rules.seats):
        table.add_row(str(s), names[s], str(wins[s]), f"{wins[s] / games_:.1%}",
                      f"{statistics.fmean(scores[s]):.1f}")
    console().print(table)
    return 0


def tournament(a: argparse.Namespace, opts: dict[str, Any]) -> int:
    """``atout tournament``: duplicate matches between bots, a table of points per deal with
    95% CIs and ratings, then the plot."""
    import json

    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )
    from rich.table import Table

    from atout import tournament as tour

    game, bots, deals, seed = a.game, a.bots, a.deals, a.seed
    make_rules(game, opts)
    try:
        spec = tour.Tournament(game, tuple(b.strip() for b in bots.split(",") if b.strip()),
                               deals, seed, opts)
        wait_for_kernels(game, spec.bots)  # here: one notice, not one per worker
        with Progress(*Progress.get_default_columns()[:1], BarColumn(), MofNCompleteColumn(),
                      TimeElapsedColumn(), TimeRemainingColumn(), console=console()) as bar:
            task = bar.add_task(f"{game}: {' vs '.join(spec.names)}", total=deals)
            result = tour.run(spec, workers=a.workers, ray_address=a.ray,
                              progress=lambda n: bar.advance(task, n))
    except ValueError as exc:
        raise bad_value(str(exc)) from None
    rotations = len(result.boards[0].lineups)
    table = Table(title=f"{game}: {deals} duplicate deals x {rotations} seatings, seed {seed}",
                  title_justify="left")
    for col in ("bot", "points per deal", "95% CI", "share", "board wins", "Elo",
                "ms/decision"):
        table.add_column(col, justify="left" if col == "bot" else "right",
                         no_wrap=col == "bot")
    summaries = result.summaries()
    digits = 1 if max(max(abs(s.mean), s.ci) for s in summaries) >= 10 else 3
    for s in summaries:
        table.add_row(s.name, f"{s.mean:.{digits}f}", f"± {s.ci:.{digits}f}",
                      "—" if s.share is None else f"{s.share:.1%}", f"{s.win_rate:.1%}",
                      f"{s.rating:.0f}", f"{s.ms_per_decision:.1f}")
    console().print(table)
    names = spec.names
    for j in range(1, len(names)):
        d, ci = result.difference(0, j)
        verdict = "significant" if abs(d) > ci else "not significant"
        console().print(f"{names[0]} - {names[j]}: {d:+.{digits}f} ± {ci:.{digits}f} points "
                        "per deal "
                        f"(95% CI, paired by deal: {verdict})")
    if a.json_out:
        with open(a.json_out, "w", encoding="utf-8") as fh:
            json.dump(result.to_dict(), fh)
        console().print(f"boards saved to {a.json_out}")
    if not a.no_plot:
        path = a.plot or f"{game}-tournament.png"
        try:
            tour.plot(result, path)
        except ModuleNotFoundError as exc:
            console().print(plot_missing(exc.name))
        else:
            console().print(f"plot saved to {path}")
    return 0


PLOT_EXTRA = "tournament"
"""The extra of pyproject.toml that installs what the tournament's plot needs."""


def plot_missing(module: str | None) -> str:
    """What to say when the plot cannot be drawn for want of ``module``."""
    name = (module or "matplotlib").split(".")[0]
    return (f"no plot: the {name} package is missing; pip install 'atout[{PLOT_EXTRA}]' "
            "installs it (or use --no-plot)")
