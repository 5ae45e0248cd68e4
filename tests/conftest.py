"""Fixtures shared by the store's tests: every store test runs on SQLite and on PostgreSQL."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy.engine import URL

from databases import fresh_database, postgres_server, url_text


@pytest.fixture(scope="session")
def pg_server() -> Iterator[URL]:
    """A PostgreSQL server for this test session (CI's, or a private one)."""
    try:
        with postgres_server() as url:
            yield url
    except RuntimeError as exc:
        if os.environ.get("CI"):
            pytest.fail(f"PostgreSQL is needed in CI: {exc}")
        pytest.skip(str(exc))


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A new empty store location: an SQLite file, or a new PostgreSQL database."""
    if request.param == "sqlite":
        yield str(tmp_path / "store.sqlite3")
        return
    server: URL = request.getfixturevalue("pg_server")
    with fresh_database(server) as url:
        yield url_text(url)
