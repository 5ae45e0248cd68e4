"""What a test does when a service it needs (PostgreSQL, redis-server, chromium) is missing:
outside CI it is skipped with the command that installs the service; in CI (``CI=true``,
set by ``.ci/run`` and by CI systems) it fails, since CI installs every service and a skip
there would hide that the test never ran."""

from __future__ import annotations

import os
from typing import NoReturn

import pytest


def in_ci() -> bool:
    """Whether this run is CI's: ``CI`` set to ``true``, ``1`` or ``yes`` (any case)."""
    return os.environ.get("CI", "").strip().lower() in ("true", "1", "yes")


def missing(service: str, reason: str) -> NoReturn:
    """Fail (in CI) or skip (elsewhere) a test because ``service`` is not available."""
    if in_ci():
        pytest.fail(f"{service} is needed in CI and is missing: {reason}", pytrace=False)
    pytest.skip(f"{service} is missing: {reason}")


__all__ = ["in_ci", "missing"]
