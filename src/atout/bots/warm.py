"""Getting a game's compiled kernels ready in the background, once per process.

Each search whose rollouts run on compiled kernels (Jass, Pitch, Knock Rummy, Putze,
Tarot) gets them ready the same way: its first decision starts one daemon thread that
compiles them or loads them from the user's cache (numba's first compilation takes tens of
seconds, a load from the cache a few), the search plays its Python rollouts until they are
ready, and whoever must not depend on when that ends waits for the thread (tournaments,
benchmarks: :func:`atout.bots.ready.kernels_ready`). A :class:`Warmer` is that mechanism,
one per game::

    WARMER = Warmer("pitch", warm)          # warm() compiles, says whether the kernels ran
    WARMER.ready()                          # False at first: the thread has started
    WARMER.ready(wait=True)                 # waits for the thread: True once they ran
"""

from __future__ import annotations

import threading
from collections.abc import Callable


def _always() -> bool:
    return True


class Warmer:
    """One game's kernels made ready by ``warm`` (compiles them, or loads them from the
    cache, and says whether they ran), in a daemon thread named ``atout-<game>-kernel``
    started by the first :meth:`ready`.

    ``enabled`` is read at each call until the thread starts: while it says False no
    thread starts and :meth:`ready` says False (the tests turn a game's warming off through
    a module flag it reads). ``background`` is read when the warming starts: False runs
    ``warm`` at once in the caller's thread (the kernels run as plain Python: nothing to
    compile, nothing to wait for)."""

    def __init__(self, game: str, warm: Callable[[], bool] | None = None, *,
                 enabled: Callable[[], bool] = _always,
                 background: Callable[[], bool] = _always) -> None:
        self.game = game
        self._warm = warm
        self._enabled = enabled
        self._background = background
        self._lock = threading.RLock()
        self._thread: threading.Thread | None = None
        self._started = False
        self._result: bool | None = None
        self.failure: BaseException | None = None
        """The exception a failed ``warm`` raised (the kernels then stay unready), else None."""

    @property
    def thread_name(self) -> str:
        """The warming thread's name: ``atout-<game>-kernel``."""
        return f"atout-{self.game}-kernel"

    @property
    def started(self) -> bool:
        """Whether the warming has started (it starts once per Warmer)."""
        return self._started

    def ready(self, wait: bool = False, warm: Callable[[], bool] | None = None) -> bool:
        """Whether the kernels are ready now (``warm`` ended and said True). The first call
        (while enabled) starts the warming; ``wait`` waits for it to end. ``warm``, when
        given, runs instead of the Warmer's own if this call starts the warming (Jass's
        search passes its decision's kernel calls). Never raises for a failed warm: that
        gives False (see :attr:`failure`); a ValueError when the warming would start with no warm
        function (none given here nor to the Warmer)."""
        with self._lock:  # two first callers at once start one warming
            if not self._started and self._enabled():
                run = warm if warm is not None else self._warm
                if run is None:
                    raise ValueError(f"the {self.game} kernels' warmer has no warm function "
                                     "to run")
                self._started = True
                if self._background():
                    self._thread = threading.Thread(target=self._run, args=(run,),
                                                    name=self.thread_name, daemon=True)
                    self._thread.start()
                else:  # under the lock: another caller meanwhile waits for its end
                    self._run(run)
        thread = self._thread
        if wait and thread is not None and thread is not threading.current_thread():
            thread.join()
        return self._result is True

    def _run(self, warm: Callable[[], bool]) -> None:
        try:
            ok = bool(warm())
        except Exception as exc:  # a failed compilation (or numpy missing): not ready
            self.failure = exc
            ok = False
        self._result = ok


__all__ = ["Warmer"]
