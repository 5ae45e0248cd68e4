"""The searches' compiled kernels made ready before play that must repeat by its seed.

A search whose game runs its rollouts on compiled kernels by default (Jass, Pitch, Knock
Rummy, Putze; Tarot with ``kernel=1``) starts getting them ready in a background thread at its first
decision and plays its Python rollouts until then, so that a person never waits for a
compilation. Its first decisions then differ from those it makes once the kernels run, and
when the kernels become ready depends on the machine. Tournaments and simulations, whose
results must be the same for the same seed, wait for the kernels first
(:func:`kernels_ready`): compiled once per machine, then loaded from the user's cache in
seconds.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable

from atout.bots import parse_bot_spec

KERNEL_READY = {"jass": "atout.bots.jass.search", "pitch": "atout.bots.pitch.search",
                "tarot": "atout.bots.tarot.batch", "knock-rummy": "atout.bots.knock_rummy.kernel",
                "putze": "atout.bots.putze.kernel"}
"""Per game, the module whose ``kernel_ready(wait=...)`` gets its search's kernels ready."""


def kernels_ready(game: str) -> bool:
    """Wait until ``game``'s search kernels are ready (compiled, or loaded from the cache);
    whether they run compiled now (False for a game without them, without numpy or numba,
    or when they could not compile: the search then keeps its Python rollouts)."""
    module = KERNEL_READY.get(game)
    if module is None:
        return False
    try:
        return bool(importlib.import_module(module).kernel_ready(wait=True))
    except ImportError:  # numpy missing: the Python rollouts, always
        return False


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


__all__ = ["KERNEL_READY", "kernels_ready", "searches"]
