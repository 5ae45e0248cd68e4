"""The store's refusals: what is wrong, as a code with its facts and an English sentence.

Front ends translate :attr:`StoreError.code` with :attr:`StoreError.params`; the English text
is for logs and for callers without a catalogue.
"""

from __future__ import annotations

from collections.abc import Mapping


class StoreError(Exception):
    """The store cannot do what was asked; nothing was written.

    ``code`` is one of :data:`CODES`; ``params`` holds the facts the sentence names (the
    store's location, the schema versions, the tables found …), all strings or numbers.
    """

    def __init__(self, code: str, message: str,
                 params: Mapping[str, str | int] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.params: dict[str, str | int] = dict(params or {})

    @property
    def message(self) -> str:
        """The English sentence."""
        return str(self.args[0])


CODES = {
    "folder": "the store's path is a folder",
    "not_database": "the file is not an SQLite database",
    "truncated": "the file is shorter than its header says",
    "damaged": "SQLite finds the file damaged",
    "foreign": "the database belongs to another program",
    "newer": "the store was made by a newer atout",
    "locked": "another program holds the store locked",
    "unreachable": "the database server cannot be reached or refuses the connection",
    "unwritable": "the store cannot be written",
    "bad_url": "the database URL is not one atout can use",
    "missing_driver": "the database driver is not installed",
    "conflict": "the action was recorded already (the game is played elsewhere)",
    "not_found": "no game has that number",
    "finished": "the game is over: nothing can be added",
}
"""Every code a :class:`StoreError` may carry, with what it means."""


def from_database(detail: str, where: str, *, connecting: bool = False) -> StoreError:
    """A database's own error message as a :class:`StoreError` that says what to do;
    ``connecting`` when it came while reaching the database."""
    low = detail.lower()
    if "locked" in low or "busy" in low:
        return StoreError("locked", f"the store at {where} is locked by another program: "
                          "close it (or wait for it to finish) and try again.",
                          {"path": where})
    if "malformed" in low or "not a database" in low or "corrupt" in low:
        return StoreError("damaged", f"the store at {where} is damaged ({detail}). It was "
                          "left untouched; restore it from a backup, or move it away.",
                          {"path": where, "detail": detail})
    if "readonly" in low or "read-only" in low or "permission" in low or \
            "unable to open" in low:
        return StoreError("unwritable", f"the store at {where} cannot be opened or written: "
                          f"{detail}.", {"path": where, "detail": detail})
    if connecting or "connect" in low or "connection" in low or "password" in low or \
            "does not exist" in low or "could not translate host" in low:
        return StoreError("unreachable", f"cannot reach the database at {where}: {detail}. "
                          "Check that the server runs and that the URL, user and password "
                          "are right.", {"path": where, "detail": detail})
    return StoreError("unreachable", f"the database at {where} answered with an error: "
                      f"{detail}.", {"path": where, "detail": detail})


__all__ = ["CODES", "StoreError", "from_database"]
