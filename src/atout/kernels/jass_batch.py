"""The batch playouts of the Jass family (Schieber and Putze) for :mod:`atout.kernels.batch`:
``playouts(n, seed, **options)`` plays n random deals and returns their scores.

Deal ``i`` of a call is the engine's ``rules.deal(seed=s + i, dealer=i % seats)`` with ``s``
drawn from ``seed``; the decisions before the card play (Jass's trump or push, Putze's
speaking, better cards and six) are drawn at random by the engine from the stream of that
deal, and the card play runs in the game's kernel (:mod:`atout.kernels.jass` …), one call for
the whole batch. A row holds each seat's points as the kernel scores them (see the game's
kernel: Jass, a seat's team total; Putze, a player's card, Weis and Stöck points).

:func:`jass_playouts` and :func:`putze_playouts` are the entries :mod:`atout.kernels.batch`
names (through :mod:`atout.kernels.jass_batch` and :mod:`atout.kernels.putze_batch`).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np
from numpy.typing import NDArray

from atout.core import Deal
from atout.games import make
from atout.kernels import jass as kjass
from atout.kernels.rand import fold_seed

Player = Callable[[int, int, dict[str, Any]], NDArray[np.int64]]
"""A game's batch: ``(n, seed, options) -> (n, seats)`` scores of n random deals."""


def first_deal_seed(seed: int) -> int:
    """The engine seed of deal 0 of a batch of ``seed`` (deal ``i`` is this plus ``i``)."""
    return random.Random(seed).getrandbits(48)


def random_until_play(deal: Any, rng: random.Random) -> None:
    """The decisions before the card play drawn at random, as :meth:`Deal.playout` draws:
    the ``int(rng.random() * n)``-th legal action."""
    rnd = rng.random
    while not deal.is_over and deal.phase != "play":
        mask = deal.legal_mask()
        k = int(rnd() * mask.bit_count())
        for _ in range(k):
            mask &= mask - 1
        deal.step((mask & -mask).bit_length() - 1)


def batch_deals(game: str, n: int, seed: int, options: dict[str, Any]) -> list[Deal]:
    """The deals of a batch at the start of their card play (or over: nobody played)."""
    rules = make(game, **options)
    first = first_deal_seed(seed)
    seats = rules.seats
    out: list[Deal] = []
    for i in range(n):
        deal = rules.deal(seed=first + i, dealer=i % seats)
        random_until_play(deal, random.Random(first + i))
        out.append(deal)
    return out


def _jass_family(game: str) -> Player:
    def play(n: int, seed: int, options: dict[str, Any]) -> NDArray[np.int64]:
        seats = make(game, **options).seats
        states = np.zeros((n, kjass.STATE_SIZE), dtype=np.int64)
        for i, deal in enumerate(batch_deals(game, n, seed, options)):
            if deal.__dict__.get("tricks") is None:  # nobody played (Putze): nobody scores
                states[i, kjass.ST_N] = seats
                states[i, kjass.ST_TURN] = -1
            else:
                states[i] = kjass.encode(deal)
        got = kjass.states_playouts_kernel(states, fold_seed(seed))
        return np.ascontiguousarray(got[:, :seats])

    return play


def jass_playouts(n: int, seed: int, **options: Any) -> NDArray[np.int64]:
    """The scores of ``n`` random Schieber deals from ``seed``: shape ``(n, 4)``."""
    return _checked(n, _jass_family("jass"), seed, options)


def putze_playouts(n: int, seed: int, **options: Any) -> NDArray[np.int64]:
    """The card points of ``n`` random Putze deals from ``seed``: shape ``(n, players)``."""
    return _checked(n, _jass_family("putze"), seed, options)


def _checked(n: int, entry: Player, seed: int, options: dict[str, Any]) -> NDArray[np.int64]:
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise ValueError(f"n must be a whole number of 0 or more, not {n!r}")
    return entry(n, int(seed), options)


playouts = jass_playouts
"""This module's entry for :data:`atout.kernels.batch.GAMES`: Schieber's."""

__all__ = ["Player", "batch_deals", "first_deal_seed", "jass_playouts", "playouts",
           "putze_playouts", "random_until_play"]
