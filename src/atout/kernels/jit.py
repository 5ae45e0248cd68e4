"""The switch between numba's compiled kernels and the same functions in plain Python.

``njit`` is numba's ``njit(cache=True, nogil=True)`` when numba imports and ``ATOUT_PURE`` is
not set to ``1``; otherwise it returns the function unchanged, so every kernel also runs (and is
tested) as plain Python. Compiled code is cached once per machine in the user's cache folder
(platformdirs), never inside the installed package. numba's error messages are not highlighted
(:data:`QUIET_ERRORS_ENV`), so that a compilation never touches the process's standard streams.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from importlib.util import find_spec
from pathlib import Path
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])

PURE_ENV = "ATOUT_PURE"
"""The environment variable that, set to ``1``, runs every kernel as plain Python."""

QUIET_ERRORS_ENV = "NUMBA_DISABLE_ERROR_MESSAGE_HIGHLIGHTING"
"""numba's switch for the highlighting of its error messages, set (unless the user set it)
before atout imports numba. Highlighting wraps ``sys.stdout`` and ``sys.stderr`` (colorama)
for each error message a compilation builds (many, while it tries overloads) and then puts
back the streams it found; the kernels compile in a background thread, where that can undo
another thread's change of them."""


def cache_dir() -> Path:
    """Where numba keeps the compiled kernels: ``<user cache>/atout/numba``.

    ``NUMBA_CACHE_DIR`` set by the user wins; otherwise platformdirs' user cache folder, or
    ``~/.cache`` when platformdirs is missing.
    """
    chosen = os.environ.get("NUMBA_CACHE_DIR")
    if chosen:
        return Path(chosen)
    try:
        from platformdirs import user_cache_dir
    except ImportError:  # pragma: no cover - platformdirs comes with numba's extra
        return Path.home() / ".cache" / "atout" / "numba"
    return Path(user_cache_dir("atout", appauthor=False)) / "numba"


def _load_numba() -> Any:
    """numba's module, set to cache into :func:`cache_dir`, or ``None`` for plain Python."""
    if os.environ.get(PURE_ENV) == "1":
        return None
    # numba reads NUMBA_CACHE_DIR when it is first imported; set it before that import
    os.environ.setdefault("NUMBA_CACHE_DIR", str(cache_dir()))
    # and its highlighting switch, read the same way (QUIET_ERRORS_ENV says why it is off)
    os.environ.setdefault(QUIET_ERRORS_ENV, "1")
    try:
        import numba
    except ImportError:
        return None
    numba.config.CACHE_DIR = os.environ["NUMBA_CACHE_DIR"]  # type: ignore[attr-defined]
    return numba


COMPILED: bool = os.environ.get(PURE_ENV) != "1" and find_spec("numba") is not None
"""Whether the kernels are compiled (numba installed and ``ATOUT_PURE`` not ``1``). It is
known without importing numba (nor numpy), so that a module can read it at no cost: a game
played against bots that need no kernel loads neither. numba itself is imported by the first
kernel defined (:func:`njit`); should that import fail, the kernels run as plain Python."""

_NUMBA: list[Any] = []
"""numba's module once loaded (``[None]``: plain Python)."""


def njit(function: F) -> F:
    """Compile ``function`` with numba (cached, no GIL) or return it unchanged."""
    if not _NUMBA:
        _NUMBA.append(_load_numba() if COMPILED else None)
    if _NUMBA[0] is None:
        return function
    compiled: F = _NUMBA[0].njit(cache=True, nogil=True)(function)
    return compiled
