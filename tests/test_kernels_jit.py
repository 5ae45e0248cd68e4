"""The switch to numba: a compilation in the warming thread leaves the standard streams alone."""

from __future__ import annotations

import inspect
import io
import os
import sys
import threading

from atout.kernels import kit
from atout.kernels.jit import COMPILED, QUIET_ERRORS_ENV


def test_errors_built_in_another_thread_never_undo_a_change_of_stdout() -> None:
    """numba builds an error message for each overload it tries and rejects while it
    compiles. With its highlighting on, each message wrapped ``sys.stdout`` and then put back
    the stream it had found, so a warming thread could undo this thread's ``sys.stdout =
    ...`` (4 to 48 of these 20,000 changes in three runs without atout's setting): with it,
    none is lost. Run as plain Python, the kernels are plain functions: nothing compiles, in
    no thread."""
    if not COMPILED:
        assert inspect.isfunction(kit.mix32)
        return
    assert not inspect.isfunction(kit.mix32)  # numba's dispatcher: numba loaded by atout
    from numba.core.errors import TypingError

    assert os.environ.get(QUIET_ERRORS_ENV)
    stop = threading.Event()

    def compile_errors() -> None:
        while not stop.is_set():
            TypingError("no overload of this function matches these arguments")

    helper = threading.Thread(target=compile_errors, daemon=True)
    mine = sys.stdout
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # the threads take turns as often as they can
    lost = 0
    helper.start()
    try:
        for _ in range(20_000):
            stream = io.StringIO()
            sys.stdout = stream
            for _ in range(100):
                pass
            lost += sys.stdout is not stream
    finally:
        stop.set()
        helper.join()
        sys.stdout = mine
        sys.setswitchinterval(interval)
    assert lost == 0
