"""Open the store's database and bring its schema to this version of atout.

Migrations run by themselves on start, and only on a database that is ours (empty, or made by
an atout store); a database of another program, or of a newer atout, is refused in words and
left untouched. SQLite runs in WAL mode with full synchronous commits, so that an action is on
disk when the store says it is written, whatever happens to the process afterwards.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event, inspect, text
from sqlalchemy.engine import URL
from sqlalchemy.exc import NoSuchModuleError, OperationalError, SQLAlchemyError

from . import sqlite_check
from .errors import StoreError, from_database
from .location import shown
from .sqlite_check import OURS

HEAD = "0005"
"""The newest schema revision this atout knows (a test checks it is the migrations' head)."""
REVISIONS = ("0001", "0002", "0003", "0004", "0005")
"""Every revision of the migrations, oldest first."""
LOCK_KEY = 0x61746F7574  # "atout": serialises migrations of processes sharing a PostgreSQL


def migrations_dir() -> Path:
    """The folder of the Alembic migrations."""
    return Path(__file__).resolve().parent / "migrations"


def make_engine(url: URL, *, timeout: float = 5.0) -> Engine:
    """An engine for ``url``; an SQLite file is checked first and set up for durability.

    ``timeout`` is how long to wait for a lock held by another process (seconds)."""
    if url.get_backend_name() == "sqlite":
        path = Path(url.database or "")
        sqlite_check.check(path)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StoreError("unwritable", f"the folder {path.parent} cannot be made: {exc}",
                             {"path": str(path), "detail": str(exc)}) from None
        engine = create_engine(url, connect_args={"timeout": timeout})
        event.listen(engine, "connect", _sqlite_pragmas(int(timeout * 1000)))
        return engine
    try:
        return create_engine(url, pool_pre_ping=True,
                             connect_args={"connect_timeout": max(1, round(timeout))})
    except (NoSuchModuleError, ModuleNotFoundError):
        raise StoreError("missing_driver", "PostgreSQL needs the psycopg driver: pip install "
                         "'atout[postgres]'", {"url": shown(url)}) from None


def _sqlite_pragmas(busy_ms: int) -> Any:
    def on_connect(dbapi_conn: Any, _record: Any) -> None:
        cur = dbapi_conn.cursor()
        cur.execute("PRAGMA journal_mode=WAL")
        cur.execute("PRAGMA synchronous=FULL")
        cur.execute("PRAGMA foreign_keys=ON")
        cur.execute(f"PRAGMA busy_timeout={busy_ms}")
        cur.close()
    return on_connect


def prepare(engine: Engine) -> None:
    """Check that the database is ours and migrate it to :data:`HEAD`; :class:`StoreError`
    in words otherwise, with nothing written."""
    where = shown(engine.url)
    try:
        revision, tables = _state(engine)
        if revision == HEAD:
            return
        _refuse_foreign(where, revision, tables)
        _upgrade(engine)
    except StoreError:
        raise
    except SQLAlchemyError as exc:
        raise translate(exc, where) from None
    revision, _ = _state(engine)
    if revision != HEAD:  # pragma: no cover - a migration that did not reach its head
        raise StoreError("damaged", f"the store at {where} did not reach schema {HEAD}",
                         {"path": where, "detail": str(revision)})


def _state(engine: Engine) -> tuple[str | None, set[str]]:
    with engine.connect() as conn:
        tables = set(inspect(conn).get_table_names())
        revision = None
        if "alembic_version" in tables:
            row = conn.execute(text("SELECT version_num FROM alembic_version")).first()
            revision = None if row is None else str(row[0])
    return revision, tables


def _refuse_foreign(where: str, revision: str | None, tables: set[str]) -> None:
    if revision is not None and revision not in REVISIONS:
        if tables >= OURS:
            raise StoreError("newer", f"the store at {where} was made by a newer version of "
                             f"atout (schema {revision}; this one knows up to {HEAD}). It was "
                             "left untouched: update atout (pip install -U atout), or use "
                             "another store with --db.",
                             {"path": where, "revision": revision, "head": HEAD})
        raise StoreError("foreign", f"the database at {where} belongs to another program "
                         f"(schema {revision}). atout does not touch it: give atout another "
                         "database with --db or ATOUT_DB.",
                         {"path": where, "tables": ", ".join(sorted(tables)[:5])})
    if revision is None and tables & OURS:
        raise StoreError("foreign", f"the database at {where} has tables named like atout's "
                         f"({', '.join(sorted(tables & OURS))}) but no atout schema. atout "
                         "does not touch it: give atout another database with --db or "
                         "ATOUT_DB.", {"path": where, "tables": ", ".join(sorted(tables)[:5])})


def _upgrade(engine: Engine) -> None:
    from alembic import command
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(migrations_dir()))
    with engine.begin() as conn:
        if engine.dialect.name == "postgresql":
            conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": LOCK_KEY})
            revision = conn.execute(text(
                "SELECT version_num FROM alembic_version")).scalar() if inspect(
                conn).has_table("alembic_version") else None
            if revision == HEAD:  # another process migrated while this one waited
                return
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")


def translate(exc: SQLAlchemyError, where: str) -> StoreError:
    """A database error as a :class:`StoreError` that says what to do."""
    lines = str(getattr(exc, "orig", None) or exc).strip().splitlines()
    detail = lines[0] if lines else type(exc).__name__
    # an operational error from a server (not a file) came while reaching it
    return from_database(detail, where,
                         connecting=isinstance(exc, OperationalError) and "://" in where)


__all__ = ["HEAD", "REVISIONS", "make_engine", "migrations_dir", "prepare", "translate"]
