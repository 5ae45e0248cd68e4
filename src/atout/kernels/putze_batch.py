"""Putze's entry for :data:`atout.kernels.batch.GAMES` (see :mod:`atout.kernels.jass_batch`)."""

from atout.kernels.jass_batch import putze_playouts as playouts

__all__ = ["playouts"]
