"""The benchmarks' own functions under test: a script of benchmarks/ loaded as a module."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"


def load_benchmark(name: str) -> ModuleType:
    """``benchmarks/<name>.py`` loaded as a fresh module (named ``<name>_bench``, so that it
    never stands for a module of the same name); the folder goes on ``sys.path`` first, as
    when the script runs, for the modules beside it that it imports (``timing``)."""
    path = BENCHMARKS / f"{name}.py"
    if not path.is_file():
        raise FileNotFoundError(f"no benchmark {name!r} in {BENCHMARKS}")
    if str(BENCHMARKS) not in sys.path:
        sys.path.append(str(BENCHMARKS))
    spec = importlib.util.spec_from_file_location(f"{name}_bench", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    # registered first, as an import would: a dataclass of the script looks its module up
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module
