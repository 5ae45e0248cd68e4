"""The accessible terminal client: ``atout play`` and ``atout replay``.

One sentence per line as things happen, in French or English, single keys without Enter
(lines when input is not a terminal), speech with ``--speak``, bots at a readable pace,
games saved on quit and kept for replay. See docs/console.md.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import IO, Any

import atout
from atout.bots import bot_names, make_bot
from atout.games import available
from atout.i18n import detect_language, translator
from atout.i18n.text import game_text

from . import store
from .keys import open_keys
from .menu import MenuQuit, choose_game, choose_settings
from .replay import Replay
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
             resume: bool = False, data: str | Path | None = None, speak: bool = False,
             visual: bool = False, stdin: IO[str] | None = None,
             stdout: IO[str] | None = None) -> int:
    """Play a game in the terminal; the exit status (0, or 2 for a bad setting)."""
    lang = lang or detect_language()
    tr = translator(lang)
    out = _output(lang, speak, stdout or sys.stdout)
    keys = open_keys(stdin)
    folder = store.data_dir(data)
    try:
        resumed = False
        if resume:
            try:
                rec = store.read(store.current_path(folder))
            except ValueError:
                out.say(tr._("There is no saved game to resume."))
                return 2
            game = str(rec["game"])
            options = dict(rec.get("options") or {})
            seat = int(rec.get("seat") or 0)
            bot = str(rec.get("bot") or default_bot())
            deals = rec.get("deals")
            resumed = True
        if game is None:
            try:
                game = choose_game(out, keys, tr)
                options, bot = choose_settings(out, keys, tr, game, dict(options or {}),
                                               bot or default_bot(game))
            except MenuQuit:
                out.say(tr._("Goodbye."))
                return 0
        if game not in available():
            out.say(tr._("Unknown game {game}: the games are {games}.").format(
                game=game, games=", ".join(available())))
            return 2
        bot = bot or default_bot(game)
        if bot not in bot_names():
            out.say(tr._("Unknown computer player {bot}: the players are {bots}.").format(
                bot=bot, bots=", ".join(bot_names())))
            return 2
        try:
            rules = atout.make(game, **(options or {}))
        except ValueError as exc:
            out.say(tr._("Bad option: {error}").format(error=exc))
            return 2
        if not 0 <= seat < rules.seats:
            out.say(tr._("Your seat must be from 0 to {last}.").format(last=rules.seats - 1))
            return 2
        if deals is not None and deals < 1:
            out.say(tr._("The number of deals must be at least 1."))
            return 2
        try:
            make_bot(bot, rules, (seat + 1) % rules.seats, 0)
        except ValueError as exc:
            out.say(tr._("This computer player cannot play here: {error}").format(error=exc))
            return 2
        if resumed:
            try:
                match = rules.load_match(rec["match"])
            except (ValueError, KeyError, TypeError) as exc:
                out.say(tr._("The saved game cannot be resumed: {error}").format(error=exc))
                return 2
        else:
            if store.current_path(folder).exists():
                out.say(tr._("A saved game is waiting: atout play --resume continues it. "
                             "Quitting this new game will replace it."))
            if seed is None:
                import random

                seed = random.SystemRandom().randrange(1 << 31)
            match = rules.match(seed=seed)
        text = game_text(game, tr, seat, rules.seats)
        settings = Settings(seat=seat, bot=bot, deals=deals, delay=delay, data=folder,
                            visual=visual)
        return Session(rules, match, settings, text, out, keys).run(resumed=resumed)
    finally:
        keys.close()
        out.close()


def run_replay(path: str | Path, *, lang: str | None = None, speak: bool = False,
               stdin: IO[str] | None = None, stdout: IO[str] | None = None) -> int:
    """Replay a saved game move by move; the exit status."""
    lang = lang or detect_language()
    tr = translator(lang)
    out = _output(lang, speak, stdout or sys.stdout)
    try:
        rec = store.read(Path(path))
        rules = atout.make(str(rec["game"]), **dict(rec.get("options") or {}))
    except ValueError as exc:
        out.say(tr._("Cannot replay: {error}").format(error=exc))
        out.close()
        return 2
    keys = open_keys(stdin)
    try:
        seat = int(rec.get("seat") or 0)
        text = game_text(rules.name, tr, seat, rules.seats)
        return Replay(rules, rec, text, out, keys).run()
    except ValueError as exc:
        out.say(tr._("Cannot replay: {error}").format(error=exc))
        return 2
    finally:
        keys.close()
        out.close()


__all__ = ["run_play", "run_replay"]
