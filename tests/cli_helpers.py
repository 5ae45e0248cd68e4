"""Run the ``atout`` command line in this process, as a user would type it."""

from __future__ import annotations

import io
import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager, redirect_stderr, redirect_stdout
from dataclasses import dataclass

from atout.cli import run


@dataclass(frozen=True)
class CliResult:
    """What a command line did: its exit status and all it wrote (output and errors)."""

    exit_code: int
    output: str


@contextmanager
def _environ(env: Mapping[str, str] | None) -> Iterator[None]:
    saved = dict(os.environ)
    os.environ.update(env or {})
    try:
        yield
    finally:
        os.environ.clear()
        os.environ.update(saved)


def invoke(args: list[str], env: Mapping[str, str] | None = None) -> CliResult:
    """``atout ARGS`` (with ``env`` added to the environment): its status and its words."""
    out = io.StringIO()
    with _environ(env), redirect_stdout(out), redirect_stderr(out):
        code = run(args)
    return CliResult(code, out.getvalue())
