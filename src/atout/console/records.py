"""The console and the store: open it in words, record every move, say what went wrong.

Every action of a console game is committed to the store (:mod:`atout.store`) before the
console says it, so quitting, a crash or a kill never loses more than the move being made.
"""

from __future__ import annotations

import getpass
import os
from pathlib import Path

from atout.core import Match, MatchResult
from atout.i18n import Translator
from atout.store import Store, StoreError, data_dir
from atout.store.legacy import import_folder

from .speech import Output


class Recorder:
    """Writes one game's actions to the store, in order, as they are played."""

    def __init__(self, store: Store, game_id: int, count: int) -> None:
        self.store = store
        self.game_id = game_id
        self.count = count

    def write(self, seat: int, action: str) -> None:
        """Commit the next action (:class:`StoreError` if it cannot be)."""
        self.store.append(self.game_id, self.count, seat, action)
        self.count += 1

    def take_back(self, seat: int) -> tuple[int, list[tuple[int, str]]] | None:
        """Take back ``seat``'s last action and every action after it, kept aside in the
        store (:meth:`atout.store.Store.take_back`): where the game now ends and what was
        removed; None when ``seat`` has not acted yet."""
        actors = self.store.get(self.game_id).actors
        mine = [i for i, s in enumerate(actors) if s == seat]
        if not mine:
            return None
        removed = self.store.take_back(self.game_id, mine[-1], self.count)
        self.count = mine[-1]
        return mine[-1], removed

    def replay(self) -> Match:
        """The game as the store now has it, rebuilt by replaying its actions."""
        return self.store.get(self.game_id).replay()

    def finish(self, result: MatchResult) -> None:
        """Record the end of the game."""
        self.store.finish(self.game_id, result)


def local_player() -> str:
    """The name the person at this computer plays under: the system's user name."""
    try:
        return getpass.getuser() or "player"
    except (OSError, KeyError):
        return "player"


def store_error(tr: Translator, exc: StoreError) -> str:
    """A store's refusal as a sentence in the player's language."""
    p = {k: str(v) for k, v in exc.params.items()}
    path = p.get("path", "")
    again = tr._("It was left untouched.")
    sentences = {
        "folder": tr._("{path} is a folder, not a file of saved games.").format(path=path),
        "not_database": tr._("{path} is not a file of atout games: it is not an SQLite "
                             "database. {untouched} Move it away, or choose another file with "
                             "--db.").format(path=path, untouched=again),
        "truncated": tr._("The file of saved games {path} is truncated. {untouched} Restore "
                          "it from a backup, or move it away to start a new one.").format(
            path=path, untouched=again),
        "damaged": tr._("The file of saved games {path} is damaged. {untouched} Restore it "
                        "from a backup, or move it away to start a new one.").format(
            path=path, untouched=again),
        "foreign": tr._("{path} belongs to another program. {untouched} Choose another file "
                        "or database with --db.").format(path=path, untouched=again),
        "newer": tr._("The saved games at {path} were written by a newer version of atout. "
                      "{untouched} Update atout to use them.").format(path=path,
                                                                       untouched=again),
        "locked": tr._("The saved games at {path} are locked by another program. Close it, "
                       "or wait for it, and try again.").format(path=path),
        "unreachable": tr._("The database {path} cannot be reached: {detail}. Check that "
                            "its server runs and that the address is right.").format(
            path=path, detail=p.get("detail", "")),
        "unwritable": tr._("The saved games at {path} cannot be written: {detail}.").format(
            path=path, detail=p.get("detail", "")),
        "bad_url": tr._("{url} is not a database address: give a file, or "
                        "postgresql://user@host/database.").format(url=p.get("url", "")),
        "missing_driver": tr._("PostgreSQL needs its driver: pip install "
                               "'atout[postgres]'."),
        "conflict": tr._("This game is being played in another window: its moves are saved "
                         "there."),
        "not_found": tr._("There is no game number {game}.").format(game=p.get("game", "")),
        "finished": tr._("Game {game} is over.").format(game=p.get("game", "")),
    }
    return sentences.get(exc.code, exc.message)


def open_store(tr: Translator, out: Output, db: str | None,
               data: str | os.PathLike[str] | None) -> tuple[Store, int] | None:
    """The store and the local player's id, with the earlier save files imported once;
    None after saying why the store cannot be used."""
    try:
        store = Store.open(db, data=data)
    except StoreError as exc:
        out.say(store_error(tr, exc))
        return None
    try:
        me = store.player(local_player())
        report = import_folder(store, Path(data_dir(data)), me)
    except StoreError as exc:
        out.say(store_error(tr, exc))
        store.close()
        return None
    if report.games:
        out.say(tr.ngettext("{n} game saved by an earlier version was imported.",
                            "{n} games saved by an earlier version were imported.",
                            len(report.games)).format(n=len(report.games)))
    for path, why in report.refused:
        out.say(tr._("The file {path} could not be imported ({why}); it was left as it "
                     "was.").format(path=path, why=why))
    return store, me


__all__ = ["Recorder", "local_player", "open_store", "store_error"]
