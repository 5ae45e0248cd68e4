"""Where the store is: a database URL from ``--db``, ``ATOUT_DB`` or the user's data folder.

The default is an SQLite file, ``atout.sqlite3``, in the user's data folder:
``$ATOUT_DATA_DIR`` when set, else the platform's own (platformdirs: ``~/.local/share/atout``
on Linux, honouring ``XDG_DATA_HOME``; ``~/Library/Application Support/atout`` on macOS;
``%LOCALAPPDATA%\\atout`` on Windows).
"""

from __future__ import annotations

import os
from pathlib import Path

from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError

from .errors import StoreError

FILE_NAME = "atout.sqlite3"


def data_dir(override: str | os.PathLike[str] | None = None) -> Path:
    """The folder of the user's atout data (not created here)."""
    if override:
        return Path(override)
    env = os.environ.get("ATOUT_DATA_DIR")
    if env:
        return Path(env)
    from platformdirs import user_data_dir

    return Path(user_data_dir("atout", appauthor=False))


def resolve(db: str | None = None, data: str | os.PathLike[str] | None = None) -> URL:
    """The store's URL: ``db`` (a URL, or a plain path to an SQLite file), else ``ATOUT_DB``,
    else the SQLite file in the data folder. ``postgresql://`` uses the psycopg driver."""
    given = db or os.environ.get("ATOUT_DB") or ""
    if not given:
        return URL.create("sqlite", database=str(data_dir(data) / FILE_NAME))
    if "://" not in given:
        return URL.create("sqlite", database=str(Path(given)))
    try:
        url = make_url(given)
    except (ArgumentError, ValueError):
        raise StoreError("bad_url", f"{given!r} is not a database URL: expected "
                         "postgresql://user:password@host/database or sqlite:///path",
                         {"url": given}) from None
    if url.drivername in ("postgresql", "postgres"):
        url = url.set(drivername="postgresql+psycopg")
    if url.get_backend_name() not in ("sqlite", "postgresql"):
        raise StoreError("bad_url", f"{url.get_backend_name()} databases are not supported: "
                         "use postgresql://… or an SQLite file", {"url": shown(url)})
    return url


def shown(url: URL) -> str:
    """The URL to show a person: the password hidden, an SQLite file as its path."""
    if url.get_backend_name() == "sqlite":
        return url.database or ":memory:"
    return url.render_as_string(hide_password=True)


__all__ = ["FILE_NAME", "data_dir", "resolve", "shown"]
