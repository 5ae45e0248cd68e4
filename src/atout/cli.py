"""The ``atout`` command line: list games, simulate games between bots.

Other front ends (the console client, tournaments) add their commands to :data:`app`.
The engines, the bots and rich's tables are imported by the commands that use them, so that
``atout --help`` and ``atout play`` start without loading what they do not need.
"""

from __future__ import annotations

import contextlib
import sys
from functools import cache
from gettext import gettext
from typing import TYPE_CHECKING, Annotated, Any

import typer

if TYPE_CHECKING:
    from rich.console import Console

    import atout

app = typer.Typer(help="atout: traditional card games against strong computer players.",
                  no_args_is_help=True, add_completion=False)


@cache
def console() -> Console:
    """The rich console of the commands' tables and progress bars (made on first use)."""
    from rich.console import Console

    return Console()


Lang = Annotated[str | None, typer.Option(help="fr or en; the default comes from the locale")]
DataDir = Annotated[str | None, typer.Option(help="the folder of atout's data (default "
                                                  "$ATOUT_DATA_DIR, else the platform's "
                                                  "user data folder)")]
Db = Annotated[str | None, typer.Option(help="the store of games: an SQLite file or "
                                             "postgresql://user@host/database (default "
                                             "$ATOUT_DB, else atout.sqlite3 in the data "
                                             "folder)")]


def check_lang(lang: str | None) -> None:
    """Refuse a language the client does not speak."""
    if lang is not None and lang not in ("fr", "en"):
        raise typer.BadParameter(gettext("--lang {lang!r}: expected fr or en").format(
            lang=lang))


def parse_options(players: int | None, preset: str | None,
                  option: list[str] | None) -> dict[str, Any]:
    """Turn ``--players``, ``--preset`` and ``--option key=value`` into make() keywords."""
    opts: dict[str, Any] = {}
    if players is not None:
        opts["players"] = players
    if preset is not None:
        opts["preset"] = preset
    for item in option or []:
        key, sep, raw = item.partition("=")
        if not sep or not key:
            raise typer.BadParameter(gettext("{item!r}: expected key=value, like "
                                             "target=1500").format(item=item))
        value: Any = raw
        if raw.lower() in ("true", "false"):
            value = raw.lower() == "true"
        else:
            with contextlib.suppress(ValueError):
                value = int(raw)
        opts[key.strip()] = value
    return opts


def make_rules(game: str, opts: dict[str, Any]) -> atout.Rules[Any]:
    """``atout.make`` with a clean error message instead of a traceback."""
    import atout

    try:
        return atout.make(game, **opts)
    except ValueError as exc:
        raise typer.BadParameter(str(exc)) from None


@app.command()
def games(
    game: Annotated[str | None, typer.Argument(help="one game, shown in detail")] = None,
    details: Annotated[bool, typer.Option("--details", help="every option with its default, "
                                                            "accepted values and meaning")]
    = False,
) -> None:
    """List the games: one short paragraph each (--details, or a game's name: every option)."""
    import atout

    infos = [i for i in atout.games() if game is None or i.name == game]
    if not infos:
        raise typer.BadParameter(f"unknown game {game!r}: the games are "
                                 f"{', '.join(i.name for i in atout.games())}")
    for info in infos:
        if details or game is not None:
            _game_details(info)
            continue
        console().print(f"[bold]{info.name}[/bold]: {info.title}")
        console().print(f"  options: {', '.join(o.name for o in info.options) or 'none'}",
                      soft_wrap=False)
        if info.presets:
            console().print(f"  presets: {', '.join(info.presets)}")
    if not details and game is None:
        console().print("Details of a game: atout games GAME; of all: atout games --details.")


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


@app.command()
def simulate(
    game: Annotated[str, typer.Argument(help="jass, putze, tarot, pitch or knock-rummy")],
    games_: Annotated[int, typer.Option("--games", min=1, help="complete games to play")] = 10,
    seed: Annotated[int, typer.Option(help="seed of the first game")] = 0,
    bots: Annotated[str, typer.Option(help="bot names, comma separated, one per seat or "
                                           "one for all")] = "random",
    players: Annotated[int | None, typer.Option(help="number of players, where the game "
                                                     "allows several")] = None,
    preset: Annotated[str | None, typer.Option(help="a named preset of the game")] = None,
    option: Annotated[list[str] | None, typer.Option(help="a game option, key=value; "
                                                           "repeatable")] = None,
) -> None:
    """Play complete games between bots and print a results table."""
    import statistics

    from rich.progress import Progress
    from rich.table import Table

    from atout.bots import bot_names, make_bot, play_out

    rules = make_rules(game, parse_options(players, preset, option))
    names = [b.strip() for b in bots.split(",") if b.strip()]
    if len(names) == 1:
        names = names * rules.seats
    if len(names) != rules.seats:
        raise typer.BadParameter(f"--bots names {len(names)} bots: expected 1 or {rules.seats}"
                                 f" (the known bots are {', '.join(bot_names())})")
    scores: list[list[float]] = [[] for _ in range(rules.seats)]
    wins = [0] * rules.seats
    deals = 0
    with Progress(console=console(), transient=True) as progress:
        task = progress.add_task(f"playing {game}", total=games_)
        for g in range(games_):
            try:
                players_ = [make_bot(n, rules, s, seed + g) for s, n in enumerate(names)]
            except ValueError as exc:
                raise typer.BadParameter(str(exc)) from None
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


@app.command()
def play(
    game: Annotated[str | None, typer.Argument(help="the game; without it, a menu of games, "
                                                    "options and players")] = None,
    lang: Annotated[str | None, typer.Option(help="fr or en; the default comes from the "
                                                  "locale")] = None,
    resume: Annotated[bool, typer.Option(help="resume the latest unfinished game (of GAME "
                                              "when given; GAME may be a game's number from "
                                              "atout unfinished)")] = False,
    deals: Annotated[int | None, typer.Option(min=1, help="stop after this many deals (a "
                                                          "short game)")] = None,
    delay: Annotated[float, typer.Option(min=0, help="seconds each computer player waits "
                                                     "before playing")] = 1.0,
    bot: Annotated[str | None, typer.Option(help="the computer players: heuristic (the "
                                                 "default), search or random")] = None,
    seat: Annotated[int, typer.Option(min=0, help="your seat (0: you start as seat 0)")] = 0,
    seed: Annotated[int | None, typer.Option(help="the seed of the shuffles")] = None,
    players: Annotated[int | None, typer.Option(help="number of players, where the game "
                                                     "allows several")] = None,
    preset: Annotated[str | None, typer.Option(help="a named preset of the game")] = None,
    option: Annotated[list[str] | None, typer.Option(help="a game option, key=value; "
                                                           "repeatable")] = None,
    speak: Annotated[bool, typer.Option(help="speak with speech-dispatcher or espeak-ng")]
    = False,
    visual: Annotated[bool, typer.Option(help="add colour pictures of the hand and table")]
    = False,
    short: Annotated[bool, typer.Option(help="short messages: 'Bruno: seven of hearts.' (the "
                                             "V key switches)")] = False,
    quiet: Annotated[bool, typer.Option(help="leave out the routine lines about the others "
                                             "(a hidden discard, a draw from the stock)")]
    = False,
    bell: Annotated[bool, typer.Option(help="ring the terminal's bell when it becomes your "
                                            "turn")] = False,
    undo: Annotated[bool, typer.Option(help="U takes back your last decision against the "
                                            "computer players")] = True,
    data_dir: DataDir = None,
    db: Db = None,
    server: Annotated[str | None, typer.Option(help="play at a table of this server "
                                                    "(http://host:port)")] = None,
    table: Annotated[int | None, typer.Option(help="with --server: join this table at "
                                                   "--seat (else a new table with computer "
                                                   "players)")] = None,
    name: Annotated[str | None, typer.Option(help="with --server: your nickname")] = None,
) -> None:
    """Play in the terminal against computer players, by single keys, in French or English."""
    from atout.console import run_play

    check_lang(lang)
    opts = parse_options(players, preset, option)
    raise typer.Exit(run_play(game, lang=lang, options=opts, seat=seat, bot=bot, deals=deals,
                              delay=delay, seed=seed, resume=resume, data=data_dir, db=db,
                              speak=speak, visual=visual, short=short, quiet=quiet,
                              bell=bell, undo=undo, server=server, table=table,
                              name=name))


@app.command()
def replay(
    game: Annotated[str, typer.Argument(help="a game's number (atout history lists them) or "
                                             "a saved file (JSON)")],
    lang: Lang = None,
    speak: Annotated[bool, typer.Option(help="speak with speech-dispatcher or espeak-ng")]
    = False,
    data_dir: DataDir = None,
    db: Db = None,
) -> None:
    """Replay a game move by move."""
    from atout.console import run_replay

    check_lang(lang)
    raise typer.Exit(run_replay(game, lang=lang, speak=speak, data=data_dir, db=db))


@app.command()
def unfinished(
    game: Annotated[str | None, typer.Argument(help="only this game")] = None,
    lang: Lang = None, data_dir: DataDir = None, db: Db = None,
) -> None:
    """List the unfinished games, the latest first: atout play --resume NUMBER continues
    one."""
    from atout.console.listings import run_unfinished

    check_lang(lang)
    raise typer.Exit(run_unfinished(game=game, lang=lang, db=db, data=data_dir))


@app.command()
def history(
    game: Annotated[str | None, typer.Argument(help="only this game")] = None,
    limit: Annotated[int, typer.Option(min=1, help="at most this many games")] = 50,
    lang: Lang = None, data_dir: DataDir = None, db: Db = None,
) -> None:
    """List the finished games with their results, the latest first."""
    from atout.console.listings import run_history

    check_lang(lang)
    raise typer.Exit(run_history(game=game, limit=limit, lang=lang, db=db, data=data_dir))


@app.command()
def stats(
    game: Annotated[str | None, typer.Argument(help="only this game")] = None,
    lang: Lang = None, data_dir: DataDir = None, db: Db = None,
) -> None:
    """Per game, variant and computer players: games, wins and average points."""
    from atout.console.listings import run_stats

    check_lang(lang)
    raise typer.Exit(run_stats(game=game, lang=lang, db=db, data=data_dir))


@app.command()
def delete(
    number: Annotated[int, typer.Argument(help="the game's number (atout unfinished, atout "
                                               "history)")],
    yes: Annotated[bool, typer.Option("--yes", help="do not ask for confirmation")] = False,
    lang: Lang = None, data_dir: DataDir = None, db: Db = None,
) -> None:
    """Delete a game from the store, after confirmation."""
    from atout.console.listings import run_delete

    check_lang(lang)
    raise typer.Exit(run_delete(number, yes=yes, lang=lang, db=db, data=data_dir))


@app.command()
def tournament(
    game: Annotated[str, typer.Argument(help="jass, putze, tarot, pitch or knock-rummy")],
    bots: Annotated[str, typer.Option(help="two or more bot names, comma separated, with "
                                           "optional parameters: search:playouts=300")
                    ] = "search,heuristic",
    deals: Annotated[int, typer.Option(min=1, help="distinct deals; each is played in every "
                                                   "seat rotation")] = 1000,
    seed: Annotated[int, typer.Option(help="tournament seed")] = 0,
    workers: Annotated[int | None, typer.Option(help="local processes (default: all "
                                                     "cores)")] = None,
    ray: Annotated[str | None, typer.Option("--ray", help="run on Ray: 'local' starts a "
                                                          "local instance, or a cluster "
                                                          "address ('auto', "
                                                          "'ray://host:10001')")] = None,
    plot: Annotated[str | None, typer.Option(help="PNG file for the ratings and score "
                                                  "distributions (default "
                                                  "<game>-tournament.png)")] = None,
    no_plot: Annotated[bool, typer.Option("--no-plot", help="skip the PNG")] = False,
    json_out: Annotated[str | None, typer.Option("--json", help="save every board and the "
                                                               "summary as JSON")] = None,
    players: Annotated[int | None, typer.Option(help="number of players, where the game "
                                                     "allows several")] = None,
    preset: Annotated[str | None, typer.Option(help="a named preset of the game")] = None,
    option: Annotated[list[str] | None, typer.Option(help="a game option, key=value; "
                                                           "repeatable")] = None,
) -> None:
    """Duplicate matches between bots: a table of points per deal with 95% CIs and ratings."""
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

    opts = parse_options(players, preset, option)
    make_rules(game, opts)
    try:
        spec = tour.Tournament(game, tuple(b.strip() for b in bots.split(",") if b.strip()),
                               deals, seed, opts)
        with Progress(*Progress.get_default_columns()[:1], BarColumn(), MofNCompleteColumn(),
                      TimeElapsedColumn(), TimeRemainingColumn(), console=console()) as bar:
            task = bar.add_task(f"{game}: {' vs '.join(spec.bots)}", total=deals)
            result = tour.run(spec, workers=workers, ray_address=ray,
                              progress=lambda n: bar.advance(task, n))
    except ValueError as exc:
        raise typer.BadParameter(str(exc)) from None
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
    names = spec.bots
    for j in range(1, len(names)):
        d, ci = result.difference(0, j)
        verdict = "significant" if abs(d) > ci else "not significant"
        console().print(f"{names[0]} - {names[j]}: {d:+.{digits}f} ± {ci:.{digits}f} points "
                      "per deal "
                      f"(95% CI, paired by deal: {verdict})")
    if json_out:
        with open(json_out, "w", encoding="utf-8") as fh:
            json.dump(result.to_dict(), fh)
        console().print(f"boards saved to {json_out}")
    if not no_plot:
        path = plot or f"{game}-tournament.png"
        try:
            tour.plot(result, path)
        except ModuleNotFoundError as exc:
            console().print(plot_missing(exc.name))
        else:
            console().print(f"plot saved to {path}")


PLOT_EXTRA = "tournament"
"""The extra of pyproject.toml that installs what the tournament's plot needs."""


def plot_missing(module: str | None) -> str:
    """What to say when the plot cannot be drawn for want of ``module``."""
    name = (module or "matplotlib").split(".")[0]
    return (f"no plot: the {name} package is missing; pip install 'atout[{PLOT_EXTRA}]' "
            "installs it (or use --no-plot)")


def cli_language(argv: list[str]) -> str | None:
    """The language asked with ``--lang`` on the command line, if any."""
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv):
            return argv[i + 1]
        if arg.startswith("--lang="):
            return arg.split("=", 1)[1]
    return None


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="the address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=1, max=65535, help="the port")] = 8765,
    db: Db = None,
    data_dir: DataDir = None,
    bot_delay: Annotated[float, typer.Option(min=0, help="seconds a computer player waits "
                                                         "before playing")] = 1.0,
    grace: Annotated[float, typer.Option(min=0, help="seconds a player who drops keeps the "
                                                     "seat before a computer player plays "
                                                     "for them")] = 60.0,
    standin: Annotated[str, typer.Option(help="the computer player that plays for an "
                                              "absent player")] = "heuristic",
    rate_limit: Annotated[int, typer.Option(min=1, help="the most messages one connection "
                                                        "may send in 20 seconds")] = 100,
    redis: Annotated[str | None, typer.Option(help="join a cluster of server processes on "
                                                   "this Redis (redis://host:6379/0); the "
                                                   "store must be shared (PostgreSQL)")] = None,
    lease: Annotated[float, typer.Option(min=0.5, help="with --redis: seconds a table's "
                                                       "lease lasts, how soon a dead "
                                                       "process's tables move")] = 10.0,
) -> None:
    """Run the multiplayer server and its web page: tables, seats, bots, spectators and chat
    (docs/server.md, docs/web.md)."""
    try:
        from atout.server import Settings
        from atout.server import serve as run
        from atout.web import app as web_app
    except ModuleNotFoundError as exc:
        raise typer.BadParameter(f"the server needs its extra: pip install 'atout[server]' "
                                 f"({exc.name} is missing)") from None
    from atout.bots import bot_names

    if standin.split(":")[0] not in bot_names():
        raise typer.BadParameter(f"--standin {standin!r}: expected one of "
                                 f"{', '.join(bot_names())}")
    joined = None
    if redis is not None:
        try:
            from atout.server.cluster import ClusterOptions
        except ModuleNotFoundError as exc:
            raise typer.BadParameter(f"--redis needs the cluster extra: pip install "
                                     f"'atout[cluster]' ({exc.name} is missing)") from None
        if not redis.startswith(("redis://", "rediss://", "unix://")):
            raise typer.BadParameter(f"--redis {redis!r}: expected a URL such as "
                                     "redis://127.0.0.1:6379/0")
        joined = ClusterOptions(redis=redis, lease=lease)
    run(host, port, db, Settings(bot_delay=bot_delay, grace=grace, standin=standin,
                                 rate=rate_limit), data_dir, joined, make=web_app)


def main() -> None:
    """Entry point of the ``atout`` command: its errors in the player's language."""
    from atout.i18n import LANGUAGES, detect_language, use_cli_language

    asked = cli_language(sys.argv[1:])
    use_cli_language(asked if asked in LANGUAGES else detect_language())
    try:
        status = app(standalone_mode=False)
    except typer.Abort:
        print(gettext("Aborted."), file=sys.stderr)
        sys.exit(1)
    except typer.TyperException as exc:
        code = getattr(exc, "exit_code", None)
        if not isinstance(code, int):
            raise
        if type(exc).__name__ == "NoArgsIsHelpError":  # bare `atout`: the help itself
            show = getattr(exc, "show", None)
            if callable(show):
                show()
            sys.exit(code)
        from atout.cli_errors import usage_text

        print(usage_text(exc), file=sys.stderr)
        sys.exit(code)
    sys.exit(status if isinstance(status, int) else 0)


if __name__ == "__main__":
    main()
