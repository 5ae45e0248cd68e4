"""The executable examples of the entry points run and pass (CI also collects every module's
doctests through ``--doctest-modules`` in pyproject.toml)."""

from __future__ import annotations

import doctest
import importlib
import tomllib
from pathlib import Path

import pytest

MODULES = ["atout.core", "atout.cards", "atout.options", "atout.refusal",
           "atout.games.jass.follow", "atout.games.knock_rummy.melds"]


@pytest.mark.parametrize("name", MODULES)
def test_examples_run(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


def test_ci_collects_the_doctests() -> None:
    config = tomllib.loads((Path(__file__).parent.parent / "pyproject.toml").read_text())
    opts = config["tool"]["pytest"]["ini_options"]
    assert "--doctest-modules" in opts["addopts"] and "src/atout" in opts["testpaths"]
