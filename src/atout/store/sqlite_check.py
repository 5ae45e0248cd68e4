"""Look at an SQLite file before the store opens it, and refuse what is not a store of ours.

Only reads: the file's header, and SQLite's own ``quick_check`` and table list through a
read-only connection. A damaged, truncated or foreign file is refused in words and left
exactly as it was.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from .errors import StoreError, from_database

MAGIC = b"SQLite format 3\x00"
OURS = {"games", "actions", "seats"}
"""Tables that only an atout store has, together."""


def check(path: Path) -> None:
    """Raise :class:`StoreError` unless ``path`` is missing, empty or an SQLite database that
    is sound and is not another program's."""
    if path.is_dir():
        raise StoreError("folder", f"{path} is a folder, not a store: give the path of a "
                         "file", {"path": str(path)})
    if not path.exists():
        return
    size = path.stat().st_size
    wal = Path(f"{path}-wal")
    if size == 0 and not (wal.exists() and wal.stat().st_size > 0):
        return  # created and never written: nothing in it to lose
    with path.open("rb") as fh:
        header = fh.read(100)
    if len(header) < 100 or not header.startswith(MAGIC):
        raise StoreError("not_database", f"{path} is not an atout store: it is not an SQLite "
                         "database. It was left untouched; move it away, or give atout "
                         "another file with --db or ATOUT_DB.", {"path": str(path)})
    page = int.from_bytes(header[16:18], "big")
    page = 65536 if page == 1 else page
    pages = int.from_bytes(header[28:32], "big")
    if pages and header[24:28] == header[92:96] and size < page * pages:
        raise StoreError("truncated", f"{path} is truncated: {size} bytes of the "
                         f"{page * pages} its header announces. It was left untouched; "
                         "restore it from a backup, or move it away to start a new store.",
                         {"path": str(path), "size": size, "expected": page * pages})
    _inspect(path)


def _inspect(path: Path) -> None:
    # Without a WAL file, "immutable" reads the file alone and creates no -wal or -shm beside
    # it; with one (a store left by a killed process), read-only mode reads both.
    mode = "mode=ro" if Path(f"{path}-wal").exists() else "immutable=1"
    try:
        conn = sqlite3.connect(f"{path.resolve().as_uri()}?{mode}", uri=True, timeout=2)
    except sqlite3.Error as exc:
        raise _error(path, exc) from None
    try:
        ok = [row[0] for row in conn.execute("PRAGMA quick_check")]
        if ok != ["ok"]:
            raise StoreError("damaged", f"{path} is damaged ({'; '.join(map(str, ok[:3]))}). "
                             "It was left untouched; restore it from a backup, or move it "
                             "away to start a new store.",
                             {"path": str(path), "detail": "; ".join(map(str, ok[:3]))})
        tables = {row[0] for row in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table'")}
    except sqlite3.Error as exc:
        raise _error(path, exc) from None
    finally:
        conn.close()
    tables.discard("sqlite_sequence")
    if tables and not (tables >= OURS and "alembic_version" in tables):
        names = ", ".join(sorted(tables)[:5])
        raise StoreError("foreign", f"{path} is a database of another program (its tables: "
                         f"{names}). atout does not touch it: give atout another file with "
                         "--db or ATOUT_DB.", {"path": str(path), "tables": names})


def _error(path: Path, exc: sqlite3.Error) -> StoreError:
    return from_database(str(exc), str(path))


__all__ = ["check"]
