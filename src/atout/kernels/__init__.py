"""The compiled playout core: the games' hot loops as kernels over the engines' bitmask state.

The checked rules engines in :mod:`atout.games` are the reference; the kernels here are an
accelerator beside them, compiled by numba when it is installed and run as plain Python when
it is not (or when ``ATOUT_PURE=1`` is set), with the same results by seed. See
:mod:`atout.kernels.jit` for the switch and docs/performance.md for the figures.
"""

from importlib.util import find_spec

from atout.kernels.jit import COMPILED, cache_dir, njit

NUMPY: bool = find_spec("numpy") is not None
"""Whether numpy is importable: the kernels need it (compiled or not); without it the bots
keep their pure-Python path."""

__all__ = ["COMPILED", "NUMPY", "cache_dir", "njit"]
