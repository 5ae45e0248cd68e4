"""Fixtures shared by the store's tests (every store test runs on SQLite and on PostgreSQL),
and CI's rule that nothing is skipped: under ``CI=true`` a test that would be skipped fails.

The compiled kernels (numba) cache into a temporary folder made for the test session (shared
by its workers, removed at its end), never into the user's cache, unless ``NUMBA_CACHE_DIR``
is already set."""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from collections.abc import Generator, Iterator
from pathlib import Path

import pytest
from sqlalchemy.engine import URL

from databases import fresh_database, postgres_server, url_text
from services import in_ci, missing

if "NUMBA_CACHE_DIR" not in os.environ:  # before any atout.kernels import (read at import)
    _cache = tempfile.mkdtemp(prefix="atout-numba-")
    os.environ["NUMBA_CACHE_DIR"] = _cache
    atexit.register(shutil.rmtree, _cache, True)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
        item: pytest.Item, call: pytest.CallInfo[None]) -> Generator[None, pytest.TestReport,
                                                                     pytest.TestReport]:
    """In CI a skipped test is a failure: CI installs every service and optional package the
    tests use, so a skip there means a test that did not run (an expected failure,
    ``xfail``, stays what it is)."""
    report = yield
    if report.skipped and in_ci() and not hasattr(report, "wasxfail"):
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else report.longrepr
        report.outcome = "failed"
        report.longrepr = f"skipped in CI, where nothing may be: {reason}"
    return report


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The ``recipes`` tests (examples that need torch: a multi-gigabyte install, the
    ``recipes`` extra) are deselected unless the marker expression names them
    (``pytest -m recipes``): deselected, never skipped, so a default run, CI's included,
    neither runs nor fails them."""
    if "recipes" in (config.getoption("markexpr", "") or ""):
        return
    kept = [item for item in items if item.get_closest_marker("recipes") is None]
    if len(kept) != len(items):
        config.hook.pytest_deselected(items=[i for i in items if i not in kept])
        items[:] = kept


@pytest.fixture(scope="session")
def pg_server() -> Iterator[URL]:
    """A PostgreSQL server for this test session (CI's, or a private one)."""
    try:
        with postgres_server() as url:
            yield url
    except RuntimeError as exc:
        missing("PostgreSQL", str(exc))


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A new empty store location: an SQLite file, or a new PostgreSQL database."""
    if request.param == "sqlite":
        yield str(tmp_path / "store.sqlite3")
        return
    server: URL = request.getfixturevalue("pg_server")
    with fresh_database(server) as url:
        yield url_text(url)
