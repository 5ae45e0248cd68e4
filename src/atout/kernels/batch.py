"""The researchers' batch entry: ``playouts(game, n, seed, **options)`` plays ``n`` random
deals of a game from a seed, dealt and played out at random inside a kernel, and returns each
seat's points as a numpy array of shape ``(n, seats)``.

>>> from atout.kernels.batch import playouts
>>> playouts("pitch", 1000, seed=7, players=3).shape
(1000, 3)

Each game has one line in :data:`GAMES` (its kernel module's ``playouts``).
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import Any

GAMES: dict[str, str] = {
    "jass": "atout.kernels.jass_batch",
    "putze": "atout.kernels.putze_batch",
    "pitch": "atout.kernels.pitch",
    "tarot": "atout.kernels.tarot",
    "knock-rummy": "atout.kernels.knock_rummy",
}
"""Each game with a batch kernel, and the module whose ``playouts(n, seed, **options)`` it is
(imported on first use: a kernel compiles, or loads from the cache, only when asked for)."""


def playouts(game: str, n: int, seed: int, **options: Any) -> Any:
    """``n`` random deals of ``game`` with ``options`` from ``seed``, played out at random:
    each seat's points, an array of shape ``(n, seats)`` (the same for the same arguments)."""
    module = GAMES.get(game)
    if module is None:
        raise ValueError(f"no batch kernel for {game!r}: the games with one are "
                         f"{', '.join(sorted(GAMES))}")
    entry: Callable[..., Any] = import_module(module).playouts
    return entry(n, seed, **options)
