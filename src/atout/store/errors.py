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


__all__ = ["CODES", "StoreError"]
