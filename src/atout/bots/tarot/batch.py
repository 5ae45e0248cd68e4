"""The Tarot search's ``kernel`` option: the card play's rollouts batched in the kernels.

Every sampled deal (from the search's own sampler) is encoded for :mod:`atout.kernels.tarot`
and rolled out ``reuse`` times after each candidate action in one call of
:func:`atout.kernels.tarot_search.rollouts_kernel`: every seat greedy
(:func:`tarot_batch`, the search's rollout) or the others by the heuristic's card
(:func:`tarot_model_batch`, its model of the table, ``model=1``), the searching seat one
card ahead of the heuristic (:data:`atout.bots.tarot.worlds.LOOK`, the default: one rollout
counted ``reuse`` times, :mod:`atout.kernels.tarot_lookahead`) or greedy.

The kernel is the search's default where numba compiles it (:data:`KERNEL_DEFAULT`, as
Jass's and Knock Rummy's): the first decision of a default search starts getting it ready
in a thread (compiled, or loaded from the user's cache: see :func:`kernel_ready`) and the
search plays its Python rollouts until it is (:func:`default_ready`), so a player never
waits for numba; ``search:kernel=1`` waits for it instead, ``kernel=0`` never uses it.
Where the kernels run as plain Python (numba missing, or ``ATOUT_PURE=1``) they are not the
default, and ready at once when asked for: the plain-Python kernel plays the same cards as
the compiled one, so a seed gives the same decisions either way once the kernel is ready
(tournaments wait for it: :func:`atout.bots.ready.kernels_ready`).
"""

from __future__ import annotations

import os
import random
from collections.abc import Sequence
from importlib.util import find_spec

from atout.bots.parts import side_value
from atout.bots.tarot.choices import pre_play
from atout.bots.tarot.rollout import greedy_rollout, model_rollout
from atout.bots.warm import Warmer
from atout.core import Action, Deal
from atout.kernels import COMPILED

KERNEL_DEFAULT: bool = COMPILED
"""Whether the Tarot search plays its card play on the kernel by default: where numba
compiles it (:data:`atout.kernels.COMPILED`); ``search:kernel=0`` turns it off,
``kernel=1`` asks for it anyway (then a first decision waits for it)."""
BY_DEFAULT = True
"""Whether a search on the kernel by default (not asked for) plays on it once it is ready
(:func:`default_ready`). The tests turn it off, so that the choices they pin are the Python
rollouts' whether or not numba compiles (``search:kernel=1`` still plays on the kernel)."""


def _warm() -> bool:
    """Compile the batched rollouts (or load them from the cache) on a small deal."""
    ok = False
    try:
        import numpy as np

        from atout.bots.tarot.worlds import warm_up as worlds_warm_up
        from atout.games import make
        from atout.games.tarot.deal import TarotDeal
        from atout.kernels.tarot import PH_PLAY, encode
        from atout.kernels.tarot_search import rollouts_kernel

        rules = make("tarot")
        for seed in range(20):
            deal = rules.deal(seed=seed)
            assert isinstance(deal, TarotDeal)
            while deal.to_move is not None and deal.phase != PH_PLAY:
                seat = deal.to_move
                legal = deal.legal_mask()
                a = pre_play(deal.hands[seat], deal.n, legal, seat == deal.taker)
                deal.step(a if a is not None else (legal & -legal).bit_length() - 1)
            if deal.to_move is None:
                continue
            legal = deal.legal_mask()
            first = (legal & -legal).bit_length() - 1
            rollouts_kernel(np.stack([encode(deal)]), np.array([first], dtype=np.int64), 1, 0,
                            deal.to_move, 1)
            ok = worlds_warm_up()
            break
    except Exception:  # pragma: no cover - numpy missing or a failed compilation: the engine
        ok = False
    return ok


def _compiled() -> bool:
    """Whether the kernels will be compiled (numba importable, ``ATOUT_PURE`` not ``1``),
    without importing numba."""
    return os.environ.get("ATOUT_PURE") != "1" and find_spec("numba") is not None


WARMER = Warmer("tarot", _warm, background=_compiled)
"""The kernel's warming (:func:`kernel_ready`): in a thread when it compiles, at once when
the kernels run as plain Python (nothing to wait for)."""


def kernel_ready(wait: bool = False) -> bool:
    """Whether the Tarot search's batched rollouts run on the kernel now. The first call
    starts getting it ready: in a thread when it compiles (``wait`` waits for that), at
    once when the kernels run as plain Python."""
    return WARMER.ready(wait)


def default_ready() -> bool:
    """Whether a search on the kernel by default plays its card play there now (its
    :attr:`~atout.bots.parts.Batch.ready`): once the kernel is ready, the first call
    starting to get it ready (:func:`kernel_ready`), unless :data:`BY_DEFAULT` is off."""
    return BY_DEFAULT and kernel_ready()


def _batch(deals: Sequence[Deal], actions: Sequence[Action], reuse: int, seat: int,
           seed: int, model: int) -> list[float]:
    """The summed values per action (see :class:`atout.bots.parts.BatchRollouts`); a
    search that asked for the kernel waits for it here, a default one asks
    :func:`default_ready` first."""
    if not kernel_ready(wait=True):
        return _engine_batch(deals, actions, reuse, seat, seed, model)
    import numpy as np

    from atout.bots.tarot.worlds import roll_worlds
    from atout.kernels.tarot import encode

    states = np.stack([encode(d) for d in deals])  # type: ignore[arg-type]
    got = roll_worlds(states, actions, reuse, seed, seat, 0 if model else -1)
    return [float(v) for v in got.sum(axis=0)]


def _engine_batch(deals: Sequence[Deal], actions: Sequence[Action], reuse: int, seat: int,
                  seed: int, model: int) -> list[float]:
    """The same rollouts played by the engine (:func:`greedy_rollout`,
    :func:`model_rollout`) where the kernel cannot be ready (a failed compilation)."""
    rng = random.Random(seed)
    sums = [0.0] * len(actions)
    for deal in deals:
        for _ in range(reuse):
            for j, a in enumerate(actions):
                d = deal.clone()
                d.step(int(a))
                result = model_rollout(d, rng, seat) if model else greedy_rollout(d, rng)
                sums[j] += side_value(result, seat)
    return sums


def tarot_batch(deals: Sequence[Deal], actions: Sequence[Action], reuse: int, seat: int,
                seed: int, model: int = -1) -> list[float]:
    """The search's batched rollouts with every seat greedy (``kernel=1, model=0``); the
    search's ``model`` keyword (0 or more: its model of the table is on, see
    :attr:`atout.bots.parts.Batch.takes_model`) plays the others by the heuristic's card."""
    return _batch(deals, actions, reuse, seat, seed, 1 if model >= 0 else 0)


def tarot_model_batch(deals: Sequence[Deal], actions: Sequence[Action], reuse: int,
                      seat: int, seed: int, model: int = 0) -> list[float]:
    """The search's batched rollouts with its model of the table (``kernel=1, model=1``):
    ``seat`` one card ahead (:data:`atout.bots.tarot.worlds.LOOK`) or greedy, the others by
    the heuristic's card (``model`` -1: every seat greedy)."""
    return _batch(deals, actions, reuse, seat, seed, 1 if model >= 0 else 0)


__all__ = ["BY_DEFAULT", "KERNEL_DEFAULT", "WARMER", "default_ready", "kernel_ready", "tarot_batch",
           "tarot_model_batch"]
