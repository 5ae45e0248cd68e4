"""The searches' compiled kernels made ready before play that must repeat by its seed.

A search whose game runs its rollouts on compiled kernels by default (Jass, Pitch, Knock
Rummy, Putze, Tarot) starts getting them ready in a background thread at its first
decision and plays its Python rollouts until then, so that a person never waits for a
compilation. Its first decisions then differ from those it makes once the kernels run, and
when the kernels become ready depends on the machine. Tournaments and simulations, whose
results must be the same for the same seed, wait for the kernels first
(:func:`kernels_ready`): compiled once per machine, then loaded from the user's cache in
seconds. A command that waits says so when the wait is noticeable (:data:`WAIT_NOTICE`).
"""

from __future__ import annotations

import importlib
import threading
from collections.abc import Callable, Iterable

from atout.bots import parse_bot_spec

KERNEL_READY = {"jass": "atout.bots.jass.search", "pitch": "atout.bots.pitch.search",
                "tarot": "atout.bots.tarot.batch", "knock-rummy": "atout.bots.knock_rummy.kernel",
                "putze": "atout.bots.putze.kernel"}
"""Per game, the module whose ``kernel_ready(wait=...)`` gets its search's kernels ready."""


WAIT_NOTICE = ("preparing the compiled playouts (first run on this machine: may take a "
               "minute)…")
"""What a command says (on stderr) when it has to wait for the kernels."""

GRACE = 0.5
"""Seconds :func:`kernels_ready` waits before it calls ``waiting``: loading the kernels from
the cache usually takes less, and then nothing is said."""


def kernels_ready(game: str, waiting: Callable[[], object] | None = None,
                  grace: float = GRACE) -> bool:
    """Wait until ``game``'s search kernels are ready (compiled, or loaded from the cache);
    whether they run compiled now (False for a game without them, without numpy or numba,
    or when they could not compile: the search then keeps its Python rollouts).

    ``waiting`` (optional) is called once, in this thread, when they are not ready after
    ``grace`` seconds (a first compilation on this machine): a notice for the person who
    waits; never when they are ready sooner or the game has none."""
    module = KERNEL_READY.get(game)
    if module is None:
        return False
    try:
        ready = importlib.import_module(module).kernel_ready
    except ImportError:  # numpy missing: the Python rollouts, always
        return False
    got: list[bool] = []

    def wait() -> None:
        try:
            got.append(bool(ready(wait=True)))
        except ImportError:  # numpy missing: the Python rollouts, always
            got.append(False)

    if waiting is None:
        wait()
        return got[0]
    helper = threading.Thread(target=wait, name="atout-kernels-ready", daemon=True)
    helper.start()
    helper.join(grace)
    if helper.is_alive():
        waiting()
        helper.join()
    return bool(got) and got[0]


def searches(bots: Iterable[object]) -> bool:
    """Whether any of ``bots`` (bot specs, or player objects) is a search bot by name."""
    for bot in bots:
        if isinstance(bot, str):
            try:
                name, _ = parse_bot_spec(bot)
            except ValueError:
                continue
            if name == "search":
                return True
    return False


__all__ = ["GRACE", "KERNEL_READY", "WAIT_NOTICE", "kernels_ready", "searches"]
