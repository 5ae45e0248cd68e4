"""The small tools every card-game kernel uses: bit counts and a seeded random generator.

Everything here is in the numba subset and stays inside signed 64-bit integers without ever
overflowing (no product above 2**63), so a kernel gives the same numbers compiled and as plain
Python. The generator is xorshift32 (Marsaglia) kept in an ``int64`` array of one element that
the kernels pass along; :func:`seed_for` derives the state of playout ``index`` of a run from
its ``seed``, so row ``i`` of a batch is reproducible alone (``choices(state, seed, i)``).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from atout.kernels.jit import njit

M32 = 0xFFFFFFFF

Array = npt.NDArray[np.int64]
"""The kernels' arrays: int64 states, masks, points and generators."""


@njit
def popcount(x: int) -> int:
    """The number of set bits of a non-negative int64."""
    x = x - ((x >> 1) & 0x5555555555555555)
    x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0F
    x = x + (x >> 8)
    x = x + (x >> 16)
    x = x + (x >> 32)
    return int(x & 0x7F)


@njit
def low_index(x: int) -> int:
    """The index of the lowest set bit of a non-zero non-negative int64."""
    return high_index(x & -x)


@njit
def high_index(x: int) -> int:
    """The index of the highest set bit of a non-zero non-negative int64."""
    i = 0
    if x >> 32:
        i += 32
        x >>= 32
    if x >> 16:
        i += 16
        x >>= 16
    if x >> 8:
        i += 8
        x >>= 8
    if x >> 4:
        i += 4
        x >>= 4
    if x >> 2:
        i += 2
        x >>= 2
    if x >> 1:
        i += 1
    return i


@njit
def seat_value(points: Array | npt.NDArray[np.float64], n: int, seat: int) -> float:
    """The seat's points minus the mean of the other ``n - 1`` seats' (a playout's value, as
    :func:`atout.bots.parts.side_value`), summed in the row's own type (int or float)."""
    total = points[0] - points[0]
    for s in range(n):
        total += points[s]
    return float(points[seat] - (total - points[seat]) / (n - 1))


@njit
def never_kept(keep: Array) -> int:
    """The first count of facts explained badly from which a world is never kept: the first
    index of the keep weights ``keep`` (per count, decreasing) that is 0, the last index when
    none is. A sampler stops counting past it unless the count may still make a better
    fallback."""
    last: int = keep.shape[0] - 1
    for m in range(last + 1):
        if keep[m] <= 0:
            return m
    return last


@njit
def read_limit(last: int, hopeless: int, best: int, counted: int) -> int:
    """How far a sampler counts the facts a try explains badly, past those ``counted``
    already: as far as it can matter, for the try to be kept (up to ``hopeless``, see
    :func:`never_kept`) or to make a better fallback than ``best`` (-1: none yet); never
    past ``last``, the last count its keep weights tell apart."""
    if best < 0:
        return last
    return min(last, max(hopeless, best - counted - 1))


def keep_weights(trust: float, counts: int) -> Array:
    """The keep weights of ``counts`` counts of facts explained badly (0 to ``counts - 1``):
    ``trust ** m`` as a share of ``2**32``, the samplers' draws' range."""
    return np.array([min(int(trust ** m * 2**32), 2**32) for m in range(counts)],
                    dtype=np.int64)


@njit
def mix32(x: int) -> int:
    """A 32-bit integer hash (the finaliser of a well-known hash), never 0."""
    x = x & M32
    x ^= x >> 16
    x = (x * 0x45D9F3B) & M32
    x ^= x >> 16
    x = (x * 0x45D9F3B) & M32
    x ^= x >> 16
    if x == 0:
        x = 0x9E3779B9
    return x


@njit
def seed_for(seed: int, index: int) -> int:
    """The generator's state for playout ``index`` of a run seeded by ``seed`` (both >= 0)."""
    x = mix32(seed & M32)
    x = mix32(x ^ ((seed >> 32) & M32))
    x = mix32(x ^ (index & M32))
    return mix32(x ^ ((index >> 32) & M32) ^ 0x5BD1E995)


@njit
def below(rng: Array, k: int) -> int:
    """A random int in ``[0, k)`` (``0 < k < 2**31``), advancing the generator ``rng``."""
    x = rng[0]
    x ^= (x << 13) & M32
    x ^= x >> 17
    x ^= (x << 5) & M32
    rng[0] = x
    return int((x * k) >> 32)


@njit
def pick(rng: Array, mask: int) -> int:
    """The index of a uniformly random set bit of a non-empty ``mask``."""
    k = below(rng, popcount(mask))
    for _ in range(k):
        mask &= mask - 1
    return low_index(mask)


def new_rng(seed: int, index: int) -> Array:
    """A generator (an int64 array of one element) for playout ``index`` of ``seed``."""
    rng = np.empty(1, np.int64)
    rng[0] = seed_for(seed, index)
    return rng


def check_seed(seed: object) -> int:
    """``seed`` as a non-negative int below 2**63, or ``ValueError`` in words."""
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)):
        raise ValueError(f"seed must be an int, not {seed!r}")
    value = int(seed)
    if not 0 <= value < 1 << 63:
        raise ValueError(f"seed must be from 0 to 2**63 - 1, not {value}")
    return value


def check_count(n: object) -> int:
    """``n`` as a non-negative int (a number of playouts), or ``ValueError`` in words."""
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or int(n) < 0:
        raise ValueError(f"the number of playouts must be an int >= 0, not {n!r}")
    return int(n)
