"""Real databases for the store's tests: SQLite files in temporary folders, and PostgreSQL.

PostgreSQL comes from ``ATOUT_TEST_PG`` (a server URL whose user may create databases; CI
starts Debian's server and sets it), else from a private server this module starts in a
temporary folder with the installed ``initdb`` and ``pg_ctl`` and stops at the end of the
session. Each test gets a new database, dropped afterwards.
"""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import socket
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path

from sqlalchemy import create_engine, text
from sqlalchemy.engine import URL, make_url


def _bindir() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"),
                   key=lambda p: int(Path(p).parent.parent.name))
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class PrivatePostgres:
    """A PostgreSQL server of its own, in a temporary folder, on a loopback port."""

    def __init__(self) -> None:
        bindir = _bindir()
        if bindir is None:
            raise RuntimeError("PostgreSQL is not installed (Debian: apt-get install "
                               "postgresql)")
        self.bindir = bindir
        self.folder = Path(tempfile.mkdtemp(prefix="atout-pg-"))
        self.port = _free_port()
        self.as_user: list[str] = []
        if os.geteuid() == 0:  # initdb refuses root: run the server as Debian's postgres
            shutil.chown(self.folder, "postgres", "postgres")
            self.as_user = ["runuser", "-u", "postgres", "--"]
        data = self.folder / "data"
        self._run([str(bindir / "initdb"), "-D", str(data), "-A", "trust", "-U", "postgres",
                   "-E", "UTF8", "--no-instructions", "--no-sync"])
        self.start()
        self.url = URL.create("postgresql+psycopg", username="postgres", host="127.0.0.1",
                              port=self.port, database="postgres")

    def _run(self, cmd: list[str]) -> None:
        subprocess.run([*self.as_user, *cmd], check=True, capture_output=True, timeout=120)

    def start(self) -> None:
        """Start the server (again, for the fault tests)."""
        self._run([str(self.bindir / "pg_ctl"), "-D", str(self.folder / "data"), "-w", "-l",
                   str(self.folder / "log"), "-o",
                   f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1", "start"])

    def crash(self) -> None:
        """Stop the server at once, as a crash would (``-m immediate``); :meth:`start`
        brings it back."""
        self._run([str(self.bindir / "pg_ctl"), "-D", str(self.folder / "data"), "-m",
                   "immediate", "-w", "stop"])

    def stop(self) -> None:
        """Stop the server and remove its folder."""
        with contextlib.suppress(subprocess.SubprocessError, OSError):
            self._run([str(self.bindir / "pg_ctl"), "-D", str(self.folder / "data"), "-m",
                       "immediate", "-w", "stop"])
        shutil.rmtree(self.folder, ignore_errors=True)


@contextlib.contextmanager
def postgres_server() -> Iterator[URL]:
    """The URL of a PostgreSQL server for the tests (see the module's docstring)."""
    given = os.environ.get("ATOUT_TEST_PG")
    if given:
        url = make_url(given)
        if url.drivername in ("postgresql", "postgres"):
            url = url.set(drivername="postgresql+psycopg")
        yield url
        return
    server = PrivatePostgres()
    try:
        yield server.url
    finally:
        server.stop()


@contextlib.contextmanager
def fresh_database(server: URL) -> Iterator[URL]:
    """A new empty database on ``server``, dropped afterwards."""
    name = f"atout_test_{uuid.uuid4().hex[:12]}"
    admin = create_engine(server, isolation_level="AUTOCOMMIT", pool_pre_ping=True)
    try:
        with admin.connect() as conn:
            conn.execute(text(f'CREATE DATABASE "{name}"'))
        yield server.set(database=name)
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


def url_text(url: URL) -> str:
    """A URL as the store's ``--db`` takes it (the password shown)."""
    return url.render_as_string(hide_password=False)


__all__ = ["PrivatePostgres", "fresh_database", "postgres_server", "url_text"]
