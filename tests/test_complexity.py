"""No function, method or class in src/atout above cyclomatic complexity 25 (radon).

The scores are radon's (``radon.complexity.cc_visit``, the same numbers as ``radon cc -s``):
a function's score counts the branches of the closures inside it, a class's score is the
average of its methods plus one. No block is exempt, the fast paths included.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from radon.complexity import cc_visit

import atout

LIMIT = 25
"""The highest cyclomatic complexity allowed for one block."""

PACKAGE = Path(atout.__file__).parent

def module_name(path: Path) -> str:
    """The dotted module name of a source file under the package."""
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


@cache
def scores() -> dict[str, int]:
    """Every block of every module under the package by ``module:block``, with its score."""
    found: dict[str, int] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        module = module_name(path)
        for block in cc_visit(path.read_text(encoding="utf-8")):
            found[f"{module}:{block.fullname}"] = int(block.complexity)
    return found


def test_the_package_is_scanned() -> None:
    found = scores()
    assert len(found) > 1000
    assert "atout.cards:CardSet" in found
    assert all(score >= 1 for score in found.values())


def test_no_block_above_the_limit() -> None:
    offenders = sorted(f"{name} ({score})" for name, score in scores().items() if score > LIMIT)
    assert not offenders, f"above cyclomatic complexity {LIMIT}: " + ", ".join(offenders)

