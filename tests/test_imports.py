"""What importing a package loads (never how long: the figures are benchmarks/imports.py's):
``import atout.envs`` and ``import atout.server`` load none of the heavy libraries, which
come with the first use of a name; the environments are still registered in Gymnasium's and
PettingZoo's registries whichever is imported first."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

SRC = str(Path(__file__).resolve().parent.parent / "src")
HEAVY = ("numpy", "gymnasium", "pettingzoo", "torch", "pandas", "sqlalchemy", "starlette",
         "uvicorn", "argon2", "jsonschema", "alembic", "numba", "rich", "hypothesis")


def _run(code: str) -> object:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([SRC, os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=env, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def _loaded_after(statement: str) -> list[str]:
    code = (f"import sys, json\n{statement}\n"
            f"print(json.dumps([m for m in {HEAVY!r} if m in sys.modules]))")
    loaded = _run(code)
    assert isinstance(loaded, list)
    return loaded


@pytest.mark.parametrize("statement", ["import atout.envs", "import atout.server",
                                       "import atout.envs, atout.server"])
def test_the_packages_load_no_heavy_library(statement: str) -> None:
    assert _loaded_after(statement) == []


def test_a_name_loads_its_module_on_first_use() -> None:
    loaded = _loaded_after("from atout.envs import env\nassert callable(env)")
    assert "numpy" in loaded and "gymnasium" in loaded
    assert "sqlalchemy" not in loaded and "starlette" not in loaded
    loaded = _loaded_after("import atout.server\nassert atout.server.create_app")
    assert "starlette" in loaded


@pytest.mark.parametrize("order", [
    "import atout.envs, gymnasium, pettingzoo",
    "import gymnasium, atout.envs, pettingzoo",
    "import pettingzoo, atout.envs",
    "import atout.envs, pettingzoo",
])
def test_the_environments_are_registered_whichever_comes_first(order: str) -> None:
    code = (f"import json\n{order}\nimport gymnasium, pettingzoo, atout.envs\n"
            "ids = [atout.envs.env_id(g) for g in atout.envs.GAMES]\n"
            "print(json.dumps([all(i in gymnasium.registry for i in ids),"
            " all(i in pettingzoo.aec_registry for i in ids), ids]))")
    got = _run(code)
    assert isinstance(got, list)
    gym_ok, pz_ok, ids = got
    assert gym_ok and pz_ok and len(ids) == 5


def test_unknown_names_are_refused_in_words() -> None:
    import atout.envs
    import atout.server

    with pytest.raises(AttributeError, match="no attribute 'nope'"):
        _ = atout.envs.nope
    with pytest.raises(AttributeError, match="no attribute 'nope'"):
        _ = atout.server.nope
    assert set(atout.envs.__all__) <= set(dir(atout.envs))
    assert set(atout.server.__all__) <= set(dir(atout.server))
