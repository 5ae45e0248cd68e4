"""CI's rule for the tests: in CI (``CI=true``) a test that cannot run fails instead of
being skipped, so that a missing service or package cannot pass unseen; elsewhere it is
skipped with the reason."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent

SAMPLE = '''
import pytest
from services import missing


def test_a_service_is_missing() -> None:
    missing("redis-server", "not installed here")


@pytest.mark.skipif(True, reason="an optional package is missing")
def test_a_skip_mark() -> None:
    pass


@pytest.mark.xfail(reason="a known failure")
def test_an_expected_failure() -> None:
    raise AssertionError


def test_a_pass() -> None:
    pass
'''


def _run(folder: Path, ci: str | None) -> subprocess.CompletedProcess[str]:
    (folder / "test_sample.py").write_text(SAMPLE, encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k != "CI"}
    if ci is not None:
        env["CI"] = ci
    env["PYTHONPATH"] = os.pathsep.join([str(TESTS), *sys.path])
    # the suite's conftest as a plugin, on a sample of its own (no ini file: no workers)
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-c", os.devnull, "--rootdir", str(folder),
         "-p", "conftest", "-p", "no:cacheprovider", "-n", "0", "-rA",
         str(folder / "test_sample.py")],
        capture_output=True, text=True, timeout=120, cwd=folder, env=env)


@pytest.mark.parametrize("ci", ["true", "1", "TRUE"])
def test_in_ci_a_skip_is_a_failure(tmp_path: Path, ci: str) -> None:
    run = _run(tmp_path, ci)
    assert run.returncode == 1, run.stdout + run.stderr
    out = run.stdout
    assert "FAILED test_sample.py::test_a_service_is_missing" in out, out
    assert "redis-server is needed in CI and is missing: not installed here" in out, out
    # a skip at set-up (a skipif mark) fails there: pytest counts it an error
    assert "ERROR test_sample.py::test_a_skip_mark" in out, out
    assert "skipped in CI, where nothing may be: Skipped: an optional package is missing" in out
    assert "XFAIL test_sample.py::test_an_expected_failure" in out, out
    assert "1 failed, 1 passed, 1 xfailed, 1 error" in out, out
    assert "skipped" not in out.splitlines()[-1], out


@pytest.mark.parametrize("ci", [None, "", "false"])
def test_outside_ci_a_missing_service_is_a_skip(tmp_path: Path, ci: str | None) -> None:
    run = _run(tmp_path, ci)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "redis-server is missing: not installed here" in run.stdout, run.stdout
    assert "1 passed, 2 skipped, 1 xfailed" in run.stdout, run.stdout


CHECK = TESTS.parent / ".ci" / "check-services"


def _check_services(tmp_path: Path, ci: str | None) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "CI"}
    if ci is not None:
        env["CI"] = ci
    env["ATOUT_CHROMIUM"] = str(tmp_path / "no-chromium")  # a browser that is not there
    env["ATOUT_TEST_PG"] = "postgresql://postgres@127.0.0.1:1/postgres"  # given: not looked for
    return subprocess.run(["bash", str(CHECK)], capture_output=True, text=True, timeout=60,
                          env=env)


def test_in_ci_a_missing_service_stops_the_run_and_is_named(tmp_path: Path) -> None:
    run = _check_services(tmp_path, "true")
    assert run.returncode == 3, run.stderr
    assert "CI FAILED: services the tests need are missing:" in run.stderr
    assert f"chromium (none at {tmp_path / 'no-chromium'}" in run.stderr
    assert "PostgreSQL" not in run.stderr


def test_outside_ci_a_missing_service_is_a_warning(tmp_path: Path) -> None:
    run = _check_services(tmp_path, None)
    assert run.returncode == 0, run.stderr
    assert "warning: these services are missing, their tests will be skipped" in run.stderr
    assert "chromium (none at" in run.stderr and "CI FAILED" not in run.stderr
