"""A variant to measure without a copy of the code: ``--set MODULE.NAME=VALUE`` sets a module's
constant before the benchmark plays (``benchmarks/tournament_boards.py``,
``benchmarks/jass_mixture.py``, ``benchmarks/search_duplicate.py``,
``benchmarks/clairvoyant.py``).

Only a constant that Python code reads when it runs takes the new value (``LOOK`` of
``atout.bots.jass.kernel``, ``PLAY_TRUST`` of ``atout.bots.jass.search``): one that another
module imported by name keeps its value there, and numba freezes a kernel's globals when it
compiles (a cached compilation keeps the old value), so set those in a copy of the code.
"""

from __future__ import annotations

import ast
import importlib


def set_constant(assignment: str) -> None:
    """``MODULE.NAME=VALUE``: set the constant ``NAME`` of ``MODULE`` (it must exist); the
    value a Python literal, else the text itself. A SystemExit in words otherwise."""
    target, sep, text = assignment.partition("=")
    module_name, dot, name = target.rpartition(".")
    if not sep or not dot:
        raise SystemExit(f"--set {assignment!r}: expected MODULE.NAME=VALUE")
    try:
        module = importlib.import_module(module_name)
    except ImportError as e:
        raise SystemExit(f"--set {assignment!r}: no module {module_name}") from e
    if not hasattr(module, name):
        raise SystemExit(f"--set {assignment!r}: {module_name} has no {name}")
    try:
        value = ast.literal_eval(text)
    except (ValueError, SyntaxError):
        value = text
    setattr(module, name, value)


__all__ = ["set_constant"]
