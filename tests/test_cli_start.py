"""The command line imports only what it uses: ``atout --help`` no engine, ``atout play`` no
server, no other game, no numpy (what a process holds in ``sys.modules``, not how fast)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

SRC = str(Path(__file__).resolve().parent.parent / "src")

# Runs the real entry point, then writes the names of the modules loaded as the process ends.
PROBE = """
import atexit, json, sys
out, sys.argv = sys.argv[1], ["atout", *sys.argv[2:]]
def dump():
    with open(out, "w") as f:
        json.dump(sorted(sys.modules), f)
atexit.register(dump)
from atout.cli import main
main()
"""

NEVER = ("typer", "click", "pydantic", "numpy", "uvicorn", "starlette", "websockets",
         "psycopg", "redis", "ray", "matplotlib", "gymnasium", "pettingzoo", "atout.server",
         "atout.web", "atout.envs", "atout.tournament", "atout.client")
"""Modules that no start of ``atout --help`` or ``atout play`` needs."""


def loaded(args: list[str], tmp_path: Path) -> set[str]:
    """The modules that ``atout ARGS`` has loaded when it exits (standard input empty)."""
    out = tmp_path / "modules.json"
    env = dict(os.environ, ATOUT_DATA_DIR=str(tmp_path / "data"), LANG="C.UTF-8",
               LC_ALL="C.UTF-8", LANGUAGE="",
               PYTHONPATH=SRC + os.pathsep + os.environ.get("PYTHONPATH", ""))
    done = subprocess.run([sys.executable, "-c", PROBE, str(out), *args],
                          stdin=subprocess.DEVNULL, capture_output=True, text=True, env=env,
                          timeout=120)
    assert done.returncode in (0, 2), done.stderr
    return set(json.loads(out.read_text()))


def under(modules: set[str], *roots: str) -> set[str]:
    """The modules that are one of ``roots`` or inside one of them."""
    return {m for m in modules if any(m == r or m.startswith(r + ".") for r in roots)}


@pytest.mark.parametrize("args", [[], ["--help"], ["play", "--help"], ["games", "--help"],
                                  ["serve", "--help"], ["play", "--lang", "fr", "--nope"]])
def test_help_and_usage_errors_import_no_engine(tmp_path: Path, args: list[str]) -> None:
    modules = loaded(args, tmp_path)
    ours = under(modules, "atout")
    assert ours <= {"atout", "atout.cli", "atout.cli_args", "atout.cli_errors", "atout.i18n"}, \
        ours
    assert not under(modules, *NEVER, "rich", "sqlalchemy", "alembic"), modules
    assert "atout.cli" in modules  # the probe did run the command line


def test_play_imports_only_what_playing_this_game_needs(tmp_path: Path) -> None:
    args = ["play", "pitch", "--lang", "en", "--delay", "0", "--seed", "1", "--deals", "1"]
    loaded(args, tmp_path)  # the first start creates the store (Alembic knows every backend)
    modules = loaded(args, tmp_path)  # a player's usual start
    assert {"atout.console", "atout.games.pitch", "atout.store"} <= modules  # it played
    assert not under(modules, *NEVER, "rich"), under(modules, *NEVER, "rich")
    assert "sqlalchemy.dialects.sqlite" in modules  # its store, and no other backend
    assert not under(modules, "sqlalchemy.dialects.postgresql"), modules
    others = under(modules, "atout.games.jass", "atout.games.putze", "atout.games.tarot",
                   "atout.games.knock_rummy", "atout.bots.jass.search",
                   "atout.bots.tarot.search", "atout.bots.knock_rummy.search",
                   "atout.console.replay")
    assert not others, others


LAZY = """
import sys
import atout
assert not [m for m in sys.modules if m.startswith("atout.")], sorted(sys.modules)
import atout.games.jass  # loading the module atout.games leaves atout.games the function
assert callable(atout.games) and [i.name for i in atout.games()][0] == "jass"
assert atout.make("pitch").name == "pitch" and atout.core.Deal is atout.Deal
ns = {}
exec("from atout import *", ns)
assert {"make", "Deal", "games", "load", "load_match"} <= set(ns), sorted(ns)
print("ok")
"""


def test_import_atout_loads_the_contract_on_first_use() -> None:
    env = dict(os.environ, PYTHONPATH=SRC + os.pathsep + os.environ.get("PYTHONPATH", ""))
    done = subprocess.run([sys.executable, "-c", LAZY], capture_output=True, text=True,
                          env=env, timeout=120)
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr
