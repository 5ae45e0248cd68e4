"""Fixtures shared by the store's tests (every store test runs on SQLite and on PostgreSQL),
CI's rule that nothing is skipped (under ``CI=true`` a test that would be skipped fails), and
what keeps the suite steady on a loaded machine: hypothesis without deadlines nor "too slow"
health checks; the compiled kernels (numba) cached into a temporary folder made for the test
session (removed at its end, or by the next session when it was killed: ``numba_folders``;
never the user's cache unless ``NUMBA_CACHE_DIR`` is already set), one subfolder per
pytest-xdist worker so that no two processes write one cache, and warmed before the first
kernel test, outside any test's timeout."""

from __future__ import annotations

import atexit
import contextlib
import os
import shutil
from collections.abc import Generator, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from sqlalchemy.engine import URL

from databases import fresh_database, postgres_server, url_text
from numba_folders import session_folder
from services import in_ci, missing

# speed is measured by benchmarks, never by a test: on a loaded machine a property test may
# be slow, and that is no failure (a test's own @settings still chooses its examples)
settings.register_profile("atout", deadline=None,
                          suppress_health_check=[HealthCheck.too_slow,
                                                 HealthCheck.data_too_large])
settings.load_profile("atout")

# numba's cache, set before any atout.kernels import (numba reads it at import): the session's
# folder (made by the first process, xdist's controller, which removes it at its end), and in
# it one subfolder per process (the worker's name)
_BASE = "ATOUT_TEST_NUMBA_BASE"
if _BASE not in os.environ:
    if "NUMBA_CACHE_DIR" in os.environ:
        os.environ[_BASE] = os.environ["NUMBA_CACHE_DIR"]
    else:
        os.environ[_BASE] = str(session_folder())
        atexit.register(shutil.rmtree, os.environ[_BASE], True)
os.environ["NUMBA_CACHE_DIR"] = str(
    Path(os.environ[_BASE]) / os.environ.get("PYTEST_XDIST_WORKER", "main"))


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


def pytest_collection_finish(session: pytest.Session) -> None:
    """Compile the kernels before the tests run when a kernel test is among them: a cold
    compile on a loaded machine may take longer than one test's timeout (120 s), and this
    hook runs under none. Nothing to do when the kernels run as plain Python."""
    if not any(item.path.name.startswith("test_kernels") for item in session.items):
        return
    from atout.kernels.jit import COMPILED
    if COMPILED:
        warm_kernels()


def warm_kernels() -> None:
    """Call every game's kernel once (encode, legal mask, step, playouts, choices, the Pitch
    search's model, the Jass search's rollouts and worlds), which compiles it or loads it
    from the cache; a kernel that fails is left to its tests."""
    import importlib

    import atout

    for game, name in (("jass", "jass"), ("pitch", "pitch"), ("tarot", "tarot"),
                       ("knock-rummy", "knock_rummy")):
        with contextlib.suppress(Exception):
            kernel = importlib.import_module(f"atout.kernels.{name}")
            state = kernel.encode(atout.make(game).deal(seed=1))
            mask = int(kernel.legal_mask(state))
            kernel.step(state.copy(), (mask & -mask).bit_length() - 1)
            kernel.random_playouts(state, 2, 1)
            kernel.choices(state, 1)
            kernel.playouts(2, 1)
            if name == "pitch":
                policy = importlib.import_module("atout.kernels.pitch_policy")
                policy.model_choices(state)
                policy.model_points(state)
    with contextlib.suppress(Exception):  # the Putze search's batched rollouts
        from atout.bots.putze.kernel import warm

        warm()
    with contextlib.suppress(Exception):
        from atout.bots.jass.search import warm_up

        warm_up()  # the Jass search's calls, not marked ready (_jass_kernel_not_warming)
    with contextlib.suppress(Exception):  # the Pitch search's sampling and batched rollouts
        from atout.bots.pitch.search import warm_up as pitch_warm_up

        pitch_warm_up()
    with contextlib.suppress(Exception):  # the Tarot search's batched rollouts and policies
        from atout.bots.tarot.batch import kernel_ready

        kernel_ready(wait=True)
        tarot = importlib.import_module("atout.kernels.tarot")
        policies = importlib.import_module("atout.kernels.tarot_search")
        policies.policy_cards(tarot.encode(atout.make("tarot").deal(seed=1)), 1, 1, 0, False)


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


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's chromium driven by Playwright, one per test module (the web tests)."""
    from web_helpers import CHROMIUM, browser_or_skip

    sync_playwright = browser_or_skip()
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            yield b
        finally:
            b.close()


@pytest.fixture(scope="module")
def axe() -> Any:
    """axe-core's checker (axe-playwright-python), for the web tests."""
    from axe_playwright_python.sync_playwright import Axe

    return Axe()


@pytest.fixture(autouse=True)
def _jass_kernel_not_warming(monkeypatch: pytest.MonkeyPatch) -> None:
    """The Jass search plays on the kernels by default once they are ready, which a thread
    gets them to at its first decision: in the tests they are never ready by that way, so
    that no choice depends on when a compilation ends (``search:kernel=1`` still plays on
    them; tests/test_kernels_jass_policy.py checks the switch with a stand-in)."""
    from atout.bots.jass import kernel
    from atout.bots.putze import kernel as putze_kernel

    monkeypatch.setattr(kernel, "kernel_ready", lambda *args, **kw: False)
    # the Putze search likewise (``search:kernel=1`` plays on its kernel)
    monkeypatch.setattr(putze_kernel, "kernel_ready", lambda *args, **kw: False)


@pytest.fixture(autouse=True)
def _pitch_kernel_not_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    """The Pitch search samples and rolls out on the kernel by default once it is ready: in
    the tests a search not asking for it keeps its Python sampler, so that the choices they
    pin do not depend on when a compilation ends (``search:kernel=1`` still samples on the
    kernel)."""
    from atout.bots.pitch import batch

    monkeypatch.setattr(batch, "BY_DEFAULT", False)


@pytest.fixture(autouse=True)
def _tarot_kernel_not_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    """The Tarot search plays its card play on the kernel by default once it is ready: in
    the tests a search not asking for it keeps its Python rollouts, so that the choices they
    pin are the same with numba or without (``search:kernel=1`` still plays on the kernel;
    tests/test_kernels_tarot_default.py checks the switch)."""
    from atout.bots.tarot import batch

    monkeypatch.setattr(batch, "BY_DEFAULT", False)
