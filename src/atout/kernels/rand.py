"""The kernels' random numbers: a small counter-based generator on 32-bit words.

Every value stays below 2**63, so the same arithmetic gives the same numbers in numba's int64
and in Python's ints (compiled and ``ATOUT_PURE=1`` runs draw alike). The generator's state
is one int64 in a one-element array (a kernel passes it to its helpers to advance it): a
Weyl sequence stepped by the golden ratio, each step mixed by a 32-bit hash (two rounds of
multiply and xor-shift with the constant ``0x45d9f3b``). A playout's stream is seeded from
``(seed, index)`` by :func:`seed_stream`, so playout ``i`` of a call draws the same cards
whether it runs alone or in a batch.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from atout.kernels.jit import njit

M32 = 0xFFFFFFFF
GOLDEN = 0x9E3779B9
MIX = 0x45D9F3B


@njit
def mix32(x: int) -> int:
    """A 32-bit hash of ``x`` (its low 32 bits), the generator's output function."""
    x = x & M32
    x = ((x ^ (x >> 16)) * MIX) & M32
    x = ((x ^ (x >> 16)) * MIX) & M32
    return x ^ (x >> 16)


@njit
def seed_stream(rs: NDArray[np.int64], seed: int, index: int) -> None:
    """Set the generator ``rs`` to the stream of playout ``index`` under ``seed`` (any int64)."""
    lo = seed & M32
    hi = (seed >> 32) & M32
    rs[0] = mix32(lo ^ mix32(hi + mix32(index & M32) + ((index >> 32) & M32)))


@njit
def draw32(rs: NDArray[np.int64]) -> int:
    """The next 32-bit number of the stream ``rs``."""
    s = (rs[0] + GOLDEN) & M32
    rs[0] = s
    return mix32(s)


@njit
def below(rs: NDArray[np.int64], n: int) -> int:
    """A number in ``[0, n)`` (``n`` < 2**31), the next of the stream ``rs``."""
    return (draw32(rs) * n) >> 32


def new_stream() -> NDArray[np.int64]:
    """A generator's state, unseeded (see :func:`seed_stream`)."""
    return np.zeros(1, dtype=np.int64)


def fold_seed(seed: int) -> int:
    """Any Python int as an int64 seed (its 63 low bits)."""
    return int(seed) & 0x7FFFFFFFFFFFFFFF


__all__ = ["below", "draw32", "fold_seed", "mix32", "new_stream", "seed_stream"]
