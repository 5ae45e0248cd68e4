"""The accessible terminal client: ``atout play`` and ``atout replay``.

One sentence per line as things happen, in French or English, single keys without Enter
(lines when input is not a terminal), speech with ``--speak``, bots at a readable pace,
every move committed to the store of games (:mod:`atout.store`) so that every unfinished
game can be resumed and every finished one replayed. See docs/console.md.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import IO, Any

import atout
from atout.bots import bot_names, make_bot
from atout.bots.policy import is_spec
from atout.core import Match, Rules
from atout.games import available, is_available
from atout.i18n import Translator, detect_language, translator
from atout.i18n.options import option_error
from atout.i18n.text import game_text
from atout.store import PLAYING, GameRecord, SeatInfo, Store, StoreError

from .keys import HookedKeys, open_keys
from .menu import MenuQuit, choose_game, choose_settings
from .records import Recorder, open_store, store_error
from .session import Session, Settings, default_bot
from .speech import Output, Speaker


def _output(lang: str, speak: bool, stream: IO[str]) -> Output:
    tr = translator(lang)
    speaker = Speaker.find(lang) if speak else None
    out = Output(stream, speaker)
    if speak and speaker is None:
        out.say(tr._("Speech is not available: neither speech-dispatcher (spd-say) nor "
                     "espeak-ng is installed. The messages are shown as text only."))
    elif speaker is not None:
        out.say(tr._("Speech by {program}.").format(program=speaker.program))
    return out


def run_play(game: str | None = None, *, lang: str | None = None,
             options: dict[str, Any] | None = None, seat: int = 0, bot: str | None = None,
             deals: int | None = None, delay: float = 1.0, seed: int | None = None,
             resume: bool = False, data: str | Path | None = None, db: str | None = None,
             speak: bool = False, visual: bool = False, short: bool = False,
             quiet: bool = False, bell: bool = False, undo: bool = True,
             stdin: IO[str] | None = None,
             stdout: IO[str] | None = None, server: str | None = None,
             table: int | None = None, name: str | None = None) -> int:
    """Play a game in the terminal; the exit status (0, 1 when the store fails, 2 for a bad
    setting). With ``resume``, ``game`` may be a game's number in the store. With ``server``,
    the game is a table of that server (``table``: join it at ``seat``; else a new one)."""
    lang_given = lang
    lang = lang or detect_language()
    tr = translator(lang)
    out = _output(lang, speak, stdout or sys.stdout)
    keys = HookedKeys(open_keys(stdin), out.interrupt)
    if server is not None:
        try:
            return _remote(server, game, options or {}, table, seat, bot, deals, name, tr,
                           out, keys)
        finally:
            keys.close()
            out.close()
    opened = open_store(tr, out, db, data)
    if opened is None:
        keys.close()
        out.close()
        return 2
    store, me = opened
    try:
        record: GameRecord | None = None
        if resume:
            record = _to_resume(store, me, game, tr, out)
            if record is None:
                return 2
            game, options, seat, bot, deals = _resumed_settings(record, me)
            saved_lang = record.summary.client.get("lang")
            if lang_given is None and saved_lang in ("fr", "en") and saved_lang != lang:
                lang = str(saved_lang)
                tr = translator(lang)
        if game is None:
            try:
                game = choose_game(out, keys, tr)
                options, bot = choose_settings(out, keys, tr, game, dict(options or {}),
                                               bot or default_bot(game))
            except MenuQuit:
                out.say(tr._("Goodbye."))
                return 0
        checked = _checked_settings(tr, out, game, options or {}, seat, bot, deals)
        if checked is None:
            return 2
        rules, bot = checked
        if record is not None:
            started = _resumed_match(store, record, tr, out)
        else:
            started = _new_match(store, me, rules, tr, out, seed,
                                 {"seat": seat, "bot": bot, "deals": deals, "lang": lang})
        if isinstance(started, int):
            return started
        match, recorder = started
        text = game_text(game, tr, seat, rules.seats)
        settings = Settings(seat=seat, bot=bot, deals=deals, delay=delay, visual=visual,
                            short=short, quiet=quiet, bell=bell, undo=undo)
        return Session(rules, match, settings, text, out, keys, recorder).run(
            resumed=record is not None)
    finally:
        store.close()
        keys.close()
        out.close()


def _resumed_settings(record: GameRecord, me: int) -> tuple[str, dict[str, Any], int, str,
                                                             int | None]:
    """The game, options, seat, computer player and number of deals of a resumed game, as
    its client saved them."""
    client = record.summary.client
    game = record.summary.game
    seat = _int(client.get("seat"), record.summary.seat_of(me) or 0)
    bot = str(client.get("bot") or default_bot(game))
    return game, dict(record.summary.options), seat, bot, _int(client.get("deals"), None)


def _checked_settings(tr: Translator, out: Output, game: str, options: dict[str, Any],
                      seat: int, bot: str | None,
                      deals: int | None) -> tuple[Rules[Any], str] | None:
    """The rules and the computer player (``bot`` or the game's default) of a local game;
    None after saying which setting is wrong: the game, the player, an option, the seat, the
    number of deals, or a player that cannot play these rules."""
    if not is_available(game):
        out.say(tr._("Unknown game {game}: the games are {games}.").format(
            game=game, games=", ".join(available())))
        return None
    bot = bot or default_bot(game)
    if bot not in bot_names() and not is_spec(bot, bot_names().__contains__):
        out.say(tr._("Unknown computer player {bot}: the players are {bots}.").format(
            bot=bot, bots=", ".join(bot_names())))
        return None
    problem = option_error(tr, game, options)
    if problem:
        out.say(problem)
        return None
    try:
        rules = atout.make(game, **options)
    except ValueError as exc:
        out.say(tr._("Bad option: {error}").format(error=exc))
        return None
    if not 0 <= seat < rules.seats:
        out.say(tr._("Your seat must be from 0 to {last}.").format(last=rules.seats - 1))
        return None
    if deals is not None and deals < 1:
        out.say(tr._("The number of deals must be at least 1."))
        return None
    try:
        make_bot(bot, rules, (seat + 1) % rules.seats, 0)
    except ValueError as exc:
        out.say(tr._("This computer player cannot play here: {error}").format(error=exc))
        return None
    return rules, bot


def _resumed_match(store: Store, record: GameRecord, tr: Translator,
                   out: Output) -> tuple[Match, Recorder] | int:
    """A saved game replayed to where it stopped and its recorder; 2 after saying why it
    cannot be resumed."""
    try:
        match = record.replay()
    except (ValueError, KeyError, TypeError) as exc:
        out.say(tr._("The saved game cannot be resumed: {error}").format(error=exc))
        return 2
    return match, Recorder(store, record.id, len(record.actions))


def _new_match(store: Store, me: int, rules: Rules[Any], tr: Translator, out: Output,
               seed: int | None, client: dict[str, Any]) -> tuple[Match, Recorder] | int:
    """A new match (``seed`` None: a random one) created in the store with the player
    ``me`` at ``client['seat']`` and its recorder, after a word on the player's unfinished
    games; 1 after saying why the store failed."""
    waiting = len(store.games(status=PLAYING, player=me))
    if waiting:
        out.say(tr.ngettext("You have {n} unfinished game: atout play --resume "
                            "continues the latest, atout unfinished lists them.",
                            "You have {n} unfinished games: atout play --resume "
                            "continues the latest, atout unfinished lists them.",
                            waiting).format(n=waiting))
    if seed is None:
        import random

        seed = random.SystemRandom().randrange(1 << 31)
    match = rules.match(seed=seed)
    seats = [SeatInfo(player_id=me) if s == client["seat"] else SeatInfo(bot=client["bot"])
             for s in range(rules.seats)]
    try:
        game_id = store.create_game(rules.name, rules.options_dict(), match.save()["match"],
                                    seats, client=client)
    except StoreError as exc:
        out.say(store_error(tr, exc))
        return 1
    return match, Recorder(store, game_id, 0)


def _remote(server: str, game: str | None, options: dict[str, Any], table: int | None,
            seat: int, bot: str | None, deals: int | None, name: str | None,
            tr: Translator, out: Output, keys: Any) -> int:
    """A table of a server, with the same keys and words."""
    from .records import local_player
    from .remote import run_remote

    if table is None:
        if game is None or not is_available(game):
            out.say(tr._("Unknown game {game}: the games are {games}.").format(
                game=game, games=", ".join(available())))
            return 2
        try:
            atout.make(game, **options)
        except ValueError as exc:
            out.say(tr._("Bad option: {error}").format(error=exc))
            return 2

    def text_for(snapshot: dict[str, Any] | None) -> Any:
        if snapshot is None:
            return game_text(game or "jass", tr, 0, 4)
        seats = len(snapshot["info"]["seats"])
        return game_text(str(snapshot["info"]["game"]), tr, int(snapshot["seat"]), seats)

    return run_remote(server, name or local_player(), game, options, table=table, seat=seat,
                      bot=bot or default_bot(game), deals=deals, text_for=text_for, out=out,
                      keys=keys)


def _int(value: object, default: int | None) -> Any:
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def _to_resume(store: Store, me: int, which: str | None, tr: Translator,
               out: Output) -> GameRecord | None:
    """The game ``atout play --resume [GAME|NUMBER]`` names: a number, or the latest
    unfinished game (of that game); None after saying why there is none."""
    try:
        if which is not None and which.isdigit():
            record = store.get(int(which))
            if record.summary.finished:
                out.say(tr._("Game {game} is over: atout replay {game} replays it.").format(
                    game=record.id))
                return None
            return record
        if which is not None and not is_available(which):
            out.say(tr._("Unknown game {game}: the games are {games}.").format(
                game=which, games=", ".join(available())))
            return None
        waiting = store.games(status=PLAYING, player=me, game=which, limit=1)
        if not waiting:
            out.say(tr._("There is no saved game to resume."))
            return None
        return store.get(waiting[0].id)
    except StoreError as exc:
        out.say(store_error(tr, exc))
        return None


def run_replay(which: str | Path, *, lang: str | None = None, speak: bool = False,
               data: str | Path | None = None, db: str | None = None,
               stdin: IO[str] | None = None, stdout: IO[str] | None = None) -> int:
    """Replay a stored game (by its number) or a saved file, move by move; the exit
    status."""
    from atout.store.legacy import read_file

    from .replay import Replay

    lang = lang or detect_language()
    tr = translator(lang)
    out = _output(lang, speak, stdout or sys.stdout)
    try:
        if str(which).isdigit():
            opened = open_store(tr, out, db, data)
            if opened is None:
                return 2
            store = opened[0]
            try:
                record = store.get(int(str(which)))
            except StoreError as exc:
                out.say(tr._("Cannot replay: {error}").format(error=store_error(tr, exc)))
                return 2
            finally:
                store.close()
            saved = record.saved()
            seat = _int(record.summary.client.get("seat"), record.summary.seat_of(opened[1])
                        or 0)
        else:
            rec = read_file(Path(which))
            saved, seat = dict(rec["match"]), _int(rec.get("seat"), 0)
        rules = atout.make(str(saved["game"]), **dict(saved.get("options") or {}))
    except (ValueError, KeyError, TypeError) as exc:
        out.say(tr._("Cannot replay: {error}").format(error=exc))
        out.close()
        return 2
    keys = HookedKeys(open_keys(stdin), out.interrupt)
    try:
        text = game_text(rules.name, tr, seat, rules.seats)
        return Replay(rules, saved, seat, text, out, keys).run()
    except ValueError as exc:
        out.say(tr._("Cannot replay: {error}").format(error=exc))
        return 2
    finally:
        keys.close()
        out.close()


__all__ = ["run_play", "run_replay"]
