"""The ``atout`` command line: play, replay, list games, simulate and rate bots, serve.

Built on the standard library's :mod:`argparse`: ``atout --help`` reads only the table of
commands below, and a command builds only its own parser, then imports what it runs (the
console, the engines, the bots, rich's tables, the server) when it runs. Errors and help
are plain lines in the player's language (``cli.po``, see :mod:`atout.cli_errors`).
"""

from __future__ import annotations

import os
import sys
from gettext import gettext

from atout.cli_args import Parser, Switch, number, whole
from atout.cli_errors import (
    UsageError,
    bad_value,
    invalid_value,
    no_command,
    no_option,
    usage_text,
    whole_expected,
)

TYPE_CHECKING = False  # typing's own costs the command line's start; mypy reads this one too
if TYPE_CHECKING:
    import argparse
    from collections.abc import Callable, Sequence
    from typing import Any


def check_lang(lang: str | None) -> None:
    """Refuse a language the client does not speak."""
    if lang is not None and lang not in ("fr", "en"):
        raise bad_value(gettext("--lang {lang!r}: expected fr or en").format(lang=lang))


def parse_options(players: int | None, preset: str | None,
                  option: list[str] | None) -> dict[str, Any]:
    """Turn ``--players``, ``--preset`` and ``--option key=value`` into make() keywords."""
    import contextlib

    opts: dict[str, Any] = {}
    if players is not None:
        opts["players"] = players
    if preset is not None:
        opts["preset"] = preset
    for item in option or []:
        key, sep, raw = item.partition("=")
        if not sep or not key:
            raise bad_value(gettext("{item!r}: expected key=value, like "
                                    "target=1500").format(item=item))
        value: Any = raw
        if raw.lower() in ("true", "false"):
            value = raw.lower() == "true"
        else:
            with contextlib.suppress(ValueError):
                value = int(raw)
        opts[key.strip()] = value
    return opts


def _default(help: str, value: object) -> str:
    return help + " " + gettext("[default: {}]").format(value)


def _store_options(p: Parser, *, lang: bool = True) -> None:
    if lang:
        p.add_argument("--lang", help=gettext("fr or en; the default comes from the locale"))
    p.add_argument("--data-dir", help=gettext(
        "the folder of atout's data (default $ATOUT_DATA_DIR, else the platform's user data "
        "folder)"))
    p.add_argument("--db", help=gettext(
        "the store of games: an SQLite file or postgresql://user@host/database (default "
        "$ATOUT_DB, else atout.sqlite3 in the data folder)"))


def _game_options(p: Parser) -> None:
    p.add_argument("--players", type=whole("--players"), help=gettext(
        "number of players, where the game allows several"))
    p.add_argument("--preset", help=gettext("a named preset of the game"))
    p.add_argument("--option", action="append", help=gettext(
        "a game option, key=value; repeatable"))


# games ------------------------------------------------------------------------------------

def _games_args(p: Parser) -> None:
    p.positional("game", gettext("one game, shown in detail"), required=False)
    p.add_argument("--details", action="store_true", help=gettext(
        "every option with its default, accepted values and meaning"))


# simulate ---------------------------------------------------------------------------------

def _simulate_args(p: Parser) -> None:
    p.positional("game", gettext("jass, putze, tarot, pitch or knock-rummy"))
    p.add_argument("--games", type=whole("--games", least=1), default=10,
                   help=_default(gettext("complete games to play"), 10))
    p.add_argument("--seed", type=whole("--seed"), default=0,
                   help=_default(gettext("seed of the first game"), 0))
    p.add_argument("--bots", default="random", help=_default(gettext(
        "bot names, comma separated, one per seat or one for all"), "random"))
    _game_options(p)


# play, replay and the store's listings ----------------------------------------------------

def _play_args(p: Parser) -> None:
    p.positional("game", gettext("the game; without it, a menu of games, options and "
                                 "players"), required=False)
    p.add_argument("--lang", help=gettext("fr or en; the default comes from the locale"))
    p.add_argument("--resume", action=Switch, help=gettext(
        "resume the latest unfinished game (of GAME when given; GAME may be a game's number "
        "from atout unfinished)"))
    p.add_argument("--deals", type=whole("--deals", least=1), help=gettext(
        "stop after this many deals (a short game)"))
    p.add_argument("--delay", type=number("--delay", least=0), default=1.0,
                   help=_default(gettext("seconds each computer player waits before "
                                         "playing"), 1.0))
    p.add_argument("--bot", help=gettext(
        "the computer players: heuristic (the default), search or random"))
    p.add_argument("--seat", type=whole("--seat", least=0), default=0,
                   help=_default(gettext("your seat (0: you start as seat 0)"), 0))
    p.add_argument("--seed", type=whole("--seed"), help=gettext("the seed of the shuffles"))
    _game_options(p)
    p.add_argument("--speak", action=Switch, help=gettext(
        "speak with speech-dispatcher or espeak-ng"))
    p.add_argument("--visual", action=Switch, help=gettext(
        "add colour pictures of the hand and table"))
    p.add_argument("--short", action=Switch, help=gettext(
        "short messages: 'Bruno: seven of hearts.' (the V key switches)"))
    p.add_argument("--quiet", action=Switch, help=gettext(
        "leave out the routine lines about the others (a hidden discard, a draw from the "
        "stock)"))
    p.add_argument("--bell", action=Switch, help=gettext(
        "ring the terminal's bell when it becomes your turn"))
    p.add_argument("--undo", action=Switch, default=True, help=_default(gettext(
        "U takes back your last decision against the computer players"), "--undo"))
    _store_options(p, lang=False)
    p.add_argument("--server", help=gettext("play at a table of this server "
                                            "(http://host:port)"))
    p.add_argument("--table", type=whole("--table"), help=gettext(
        "with --server: join this table at --seat (else a new table with computer players)"))
    p.add_argument("--name", help=gettext("with --server: your nickname"))


def _play(a: argparse.Namespace) -> int:
    from atout.console import run_play

    check_lang(a.lang)
    opts = parse_options(a.players, a.preset, a.option)
    return run_play(a.game, lang=a.lang, options=opts, seat=a.seat, bot=a.bot, deals=a.deals,
                    delay=a.delay, seed=a.seed, resume=a.resume, data=a.data_dir, db=a.db,
                    speak=a.speak, visual=a.visual, short=a.short, quiet=a.quiet,
                    bell=a.bell, undo=a.undo, server=a.server, table=a.table, name=a.name)


def _replay_args(p: Parser) -> None:
    p.positional("game", gettext("a game's number (atout history lists them) or a saved "
                                 "file (JSON)"))
    p.add_argument("--lang", help=gettext("fr or en; the default comes from the locale"))
    p.add_argument("--speak", action=Switch, help=gettext(
        "speak with speech-dispatcher or espeak-ng"))
    _store_options(p, lang=False)


def _replay(a: argparse.Namespace) -> int:
    from atout.console import run_replay

    check_lang(a.lang)
    return run_replay(a.game, lang=a.lang, speak=a.speak, data=a.data_dir, db=a.db)


def _review_args(p: Parser) -> None:
    p.positional("number", gettext("a game's number (atout history lists them)"))
    p.add_argument("--deal", type=int, default=1, help=gettext(
        "the deal to review, from 1 (default: 1)"))
    p.add_argument("--seat", type=int, default=None, help=gettext(
        "the seat reviewed, from 0 (default: the one you sat at)"))
    p.add_argument("--seed", type=int, default=0, help=gettext(
        "the review's seed: the same seed gives the same figures (default: 0)"))
    p.add_argument("--playouts", type=int, default=None, help=gettext(
        "playouts per legal action and decision (default: 240)"))
    p.add_argument("--lang", help=gettext("fr or en; the default comes from the locale"))
    _store_options(p, lang=False)


def _review(a: argparse.Namespace) -> int:
    from atout.bots.review import DEFAULT_PLAYOUTS
    from atout.console.review import run_review

    check_lang(a.lang)
    if not str(a.number).isdigit():
        raise invalid_value("number", whole_expected())
    return run_review(int(a.number), deal=a.deal, seat=a.seat, seed=a.seed,
                      playouts=a.playouts or DEFAULT_PLAYOUTS, lang=a.lang, data=a.data_dir,
                      db=a.db)


def _listing_args(limit: bool) -> Callable[[Parser], None]:
    def add(p: Parser) -> None:
        p.positional("game", gettext("only this game"), required=False)
        if limit:
            p.add_argument("--limit", type=whole("--limit", least=1), default=50,
                           help=_default(gettext("at most this many games"), 50))
        _store_options(p)

    return add


def _unfinished(a: argparse.Namespace) -> int:
    from atout.console.listings import run_unfinished

    check_lang(a.lang)
    return run_unfinished(game=a.game, lang=a.lang, db=a.db, data=a.data_dir)


def _history(a: argparse.Namespace) -> int:
    from atout.console.listings import run_history

    check_lang(a.lang)
    return run_history(game=a.game, limit=a.limit, lang=a.lang, db=a.db, data=a.data_dir)


def _stats(a: argparse.Namespace) -> int:
    from atout.console.listings import run_stats

    check_lang(a.lang)
    return run_stats(game=a.game, lang=a.lang, db=a.db, data=a.data_dir)


def _delete_args(p: Parser) -> None:
    p.positional("number", gettext("the game's number (atout unfinished, atout history)"),
                 type=whole("number"))
    p.add_argument("--yes", action="store_true", help=gettext("do not ask for confirmation"))
    _store_options(p)


def _delete(a: argparse.Namespace) -> int:
    from atout.console.listings import run_delete

    check_lang(a.lang)
    return run_delete(a.number, yes=a.yes, lang=a.lang, db=a.db, data=a.data_dir)


# tournament -------------------------------------------------------------------------------

def _tournament_args(p: Parser) -> None:
    p.positional("game", gettext("jass, putze, tarot, pitch or knock-rummy"))
    p.add_argument("--bots", default="search,heuristic", help=_default(gettext(
        "two or more bot names, comma separated, with optional parameters: "
        "search:playouts=300"), "search,heuristic"))
    p.add_argument("--deals", type=whole("--deals", least=1), default=1000,
                   help=_default(gettext("distinct deals; each is played in every seat "
                                         "rotation"), 1000))
    p.add_argument("--seed", type=whole("--seed"), default=0,
                   help=_default(gettext("tournament seed"), 0))
    p.add_argument("--workers", type=whole("--workers"), help=gettext(
        "local processes (default: all cores)"))
    p.add_argument("--ray", help=gettext(
        "run on Ray: 'local' starts a local instance, or a cluster address ('auto', "
        "'ray://host:10001')"))
    p.add_argument("--plot", help=gettext(
        "PNG file for the ratings and score distributions (default <game>-tournament.png)"))
    p.add_argument("--no-plot", action="store_true", help=gettext("skip the PNG"))
    p.add_argument("--json", dest="json_out", help=gettext(
        "save every board and the summary as JSON"))
    _game_options(p)


def _games(a: argparse.Namespace) -> int:
    from atout.cli_reports import games

    return games(a)


def _simulate(a: argparse.Namespace) -> int:
    from atout.cli_reports import simulate

    return simulate(a, parse_options(a.players, a.preset, a.option))


def _tournament(a: argparse.Namespace) -> int:
    from atout.cli_reports import tournament

    return tournament(a, parse_options(a.players, a.preset, a.option))


# serve ------------------------------------------------------------------------------------

def _serve_args(p: Parser) -> None:
    p.add_argument("--host", default="127.0.0.1",
                   help=_default(gettext("the address to listen on"), "127.0.0.1"))
    p.add_argument("--port", type=whole("--port", least=1, most=65535), default=8765,
                   help=_default(gettext("the port"), 8765))
    _store_options(p, lang=False)
    p.add_argument("--bot-delay", type=number("--bot-delay", least=0), default=1.0,
                   help=_default(gettext("seconds a computer player waits before playing"),
                                 1.0))
    p.add_argument("--grace", type=number("--grace", least=0), default=60.0,
                   help=_default(gettext("seconds a player who drops keeps the seat before "
                                         "a computer player plays for them"), 60.0))
    p.add_argument("--standin", default="heuristic", help=_default(gettext(
        "the computer player that plays for an absent player"), "heuristic"))
    p.add_argument("--bot", action="append", default=[], metavar="NAME=MODULE:ATTR",
                   help=gettext("offer a policy to the players as the computer player NAME "
                                "(mypkg.agents:policy, imported at start); may be repeated"))
    p.add_argument("--rate-limit", type=whole("--rate-limit", least=1), default=100,
                   help=_default(gettext("the most messages one connection may send in 20 "
                                         "seconds"), 100))
    p.add_argument("--login-limit", type=whole("--login-limit", least=1), default=20,
                   help=_default(gettext("the most failed sign-ins from one address in 10 "
                                         "minutes"), 20))
    p.add_argument("--signup-limit", type=whole("--signup-limit", least=1), default=60,
                   help=_default(gettext("the most new guests and accounts from one address "
                                         "in an hour"), 60))
    p.add_argument("--hash-workers", type=whole("--hash-workers", least=1), default=1,
                   help=_default(gettext("threads that check passwords (apart from play)"), 1))
    p.add_argument("--waiting-tables", type=whole("--waiting-tables", least=1), default=3,
                   help=_default(gettext("the most tables waiting for players one player may "
                                         "host"), 3))
    p.add_argument("--waiting-expiry", type=number("--waiting-expiry", least=1),
                   default=1800.0, help=_default(gettext(
                       "seconds a table may wait for its start before it is removed"), 1800.0))
    p.add_argument("--hello-timeout", type=number("--hello-timeout", least=0.1), default=10.0,
                   help=_default(gettext("seconds a new connection has to say hello"), 10.0))
    p.add_argument("--metrics-token", help=gettext(
        "serve /metrics to any address that gives this token (Authorization: Bearer); "
        "without it, only to the machine itself"))
    p.add_argument("--origin", action="append", default=[], help=gettext(
        "a web origin allowed to open WebSockets besides the server's own "
        "(https://example.org); may be repeated"))
    p.add_argument("--redis", help=gettext(
        "join a cluster of server processes on this Redis (redis://host:6379/0); the store "
        "must be shared (PostgreSQL)"))
    p.add_argument("--lease", type=number("--lease", least=0.5), default=10.0,
                   help=_default(gettext("with --redis: seconds a table's lease lasts, how "
                                         "soon a dead process's tables move"), 10.0))


def _serve(a: argparse.Namespace) -> int:
    try:
        from atout.server import Settings
        from atout.server import serve as run
        from atout.server.guard import Limits
        from atout.web import app as web_app
    except ModuleNotFoundError as exc:
        raise bad_value(f"the server needs its extra: pip install 'atout[server]' "
                        f"({exc.name} is missing)") from None
    from atout.bots import bot_names, register_spec

    for offered in a.bot:
        name, sep, spec = offered.partition("=")
        if not sep:
            raise bad_value(f"--bot {offered!r}: expected NAME=MODULE:ATTR, like "
                            "mine=mypkg.agents:policy")
        try:
            register_spec(name, spec)
        except ValueError as exc:
            raise bad_value(f"--bot {offered!r}: {exc}") from None
    if a.standin.split(":")[0] not in bot_names():
        raise bad_value(f"--standin {a.standin!r}: expected one of {', '.join(bot_names())}")
    joined = None
    if a.redis is not None:
        try:
            from atout.server.cluster import ClusterOptions
        except ModuleNotFoundError as exc:
            raise bad_value(f"--redis needs the cluster extra: pip install "
                            f"'atout[cluster]' ({exc.name} is missing)") from None
        if not a.redis.startswith(("redis://", "rediss://", "unix://")):
            raise bad_value(f"--redis {a.redis!r}: expected a URL such as "
                            "redis://127.0.0.1:6379/0")
        joined = ClusterOptions(redis=a.redis, lease=a.lease)
    limits = Limits(hash_workers=a.hash_workers, login_failures=a.login_limit,
                    signups=a.signup_limit, waiting_tables=a.waiting_tables,
                    waiting_expiry=a.waiting_expiry, hello_timeout=a.hello_timeout)
    run(a.host, a.port, a.db, Settings(bot_delay=a.bot_delay, grace=a.grace,
                                       standin=a.standin, rate=a.rate_limit, limits=limits,
                                       metrics_token=a.metrics_token,
                                       origins=tuple(a.origin)),
        a.data_dir, joined, make=web_app)
    return 0


# the table of commands --------------------------------------------------------------------

class Command:
    """One command: its name, its one-line summary (an English message id of ``cli.po``),
    what it takes (``arguments`` adds them to its parser), what it does (``run``, given the
    parsed arguments, returns the exit status) and its positional arguments as its usage line
    shows them."""

    __slots__ = ("arguments", "name", "positionals", "run", "summary")

    def __init__(self, name: str, summary: str, arguments: Callable[[Parser], None],
                 run: Callable[[argparse.Namespace], int], positionals: str = "") -> None:
        self.name = name
        self.summary = summary
        self.arguments = arguments
        self.run = run
        self.positionals = positionals


COMMANDS: tuple[Command, ...] = (
    Command("games", "List the games: one short paragraph each (--details, or a game's "
            "name: every option).", _games_args, _games, "[game]"),
    Command("simulate", "Play complete games between bots and print a results table.",
            _simulate_args, _simulate, "game"),
    Command("play", "Play in the terminal against computer players, by single keys, in "
            "French or English.", _play_args, _play, "[game]"),
    Command("replay", "Replay a game move by move.", _replay_args, _replay, "game"),
    Command("review", "The search player's review of one deal of a stored game: what each "
            "of your choices cost in expectation.", _review_args, _review, "number"),
    Command("unfinished", "List the unfinished games, the latest first: atout play --resume "
            "NUMBER continues one.", _listing_args(False), _unfinished, "[game]"),
    Command("history", "List the finished games with their results, the latest first.",
            _listing_args(True), _history, "[game]"),
    Command("stats", "Per game, variant and computer players: games, wins and average "
            "points.", _listing_args(False), _stats, "[game]"),
    Command("delete", "Delete a game from the store, after confirmation.", _delete_args,
            _delete, "number"),
    Command("tournament", "Duplicate matches between bots: a table of points per deal with "
            "95% CIs and ratings.", _tournament_args, _tournament, "game"),
    Command("serve", "Run the multiplayer server and its web page: tables, seats, bots, "
            "spectators and chat (docs/server.md, docs/web.md).", _serve_args, _serve),
)
"""Every command of ``atout``, in the order of its help."""


def parser_of(command: Command, prog: str = "atout") -> Parser:
    """The parser of one command (its help in the current command-line language)."""
    parser = Parser(f"{prog} {command.name}", gettext(command.summary), command.positionals)
    command.arguments(parser)
    return parser


def help_text(prog: str = "atout") -> str:
    """``atout --help``: the commands, one per line with its summary, as plain lines."""
    import textwrap

    from atout.cli_args import help_width

    width = help_width()
    names = max(len(c.name) for c in COMMANDS) + 4
    usage, shape = gettext("usage: "), gettext("COMMAND [options]")  # argparse's "usage: "
    lines = [f"{usage}{prog} {shape}", "",
             gettext("atout: traditional card games against strong computer players."), "",
             gettext("commands:")]
    for c in COMMANDS:
        lines += textwrap.wrap(gettext(c.summary), width, initial_indent=f"  {c.name:<{names - 2}}",
                               subsequent_indent=" " * names)
    show_help = gettext("show this help message and exit")  # argparse's words
    lines += ["", gettext("options:"), f"  {'-h, --help':<{names - 2}}{show_help}",
              "", gettext("The options of a command: {prog} COMMAND --help.").format(prog=prog)]
    return "\n".join(lines) + "\n"


def run(argv: Sequence[str], prog: str = "atout") -> int:
    """Run one command line (``argv`` without the program's name); its exit status. Usage
    errors are said on standard error as plain lines (status 2). The language is the
    current :mod:`gettext` domain's: :func:`main` sets it."""
    args = list(argv)
    where = prog  # whose help the player should read after an error
    try:
        if not args or args[0] in ("-h", "--help"):
            sys.stdout.write(help_text(prog))
            return 0 if args else 2
        import difflib

        if args[0].startswith("-"):
            name = args[0].split("=", 1)[0]
            raise no_option(name, difflib.get_close_matches(name, ["--help"]))
        command = next((c for c in COMMANDS if c.name == args[0]), None)
        if command is None:
            raise no_command(args[0], difflib.get_close_matches(
                args[0], [c.name for c in COMMANDS]))
        parser = parser_of(command, prog)
        where = parser.prog
        try:
            namespace = parser.read(args[1:])
        except SystemExit as done:  # --help
            return done.code if isinstance(done.code, int) else 0
        return command.run(namespace)
    except UsageError as exc:
        exc.command = exc.command or where
        print(usage_text(exc), file=sys.stderr)
        return 2
    except (KeyboardInterrupt, EOFError):
        print(file=sys.stderr)
        print(gettext("Aborted."), file=sys.stderr)
        return 1


def cli_language(argv: list[str]) -> str | None:
    """The language asked with ``--lang`` on the command line, if any."""
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv):
            return argv[i + 1]
        if arg.startswith("--lang="):
            return arg.split("=", 1)[1]
    return None


def program_name(argv0: str) -> str:
    """How the player started atout, for the help's usage lines: ``atout``, or
    ``python -m atout``."""
    name = os.path.basename(argv0)
    if name == "__main__.py":
        return "python -m atout"
    return name if name and not name.startswith("-") else "atout"


def main(argv: Sequence[str] | None = None) -> None:
    """Entry point of the ``atout`` command: its errors and help in the player's language."""
    from atout.i18n import LANGUAGES, detect_language, use_cli_language

    args = sys.argv[1:] if argv is None else list(argv)
    asked = cli_language(args)
    use_cli_language(asked if asked in LANGUAGES else detect_language())
    sys.exit(run(args, program_name(sys.argv[0])))


if __name__ == "__main__":
    main()
