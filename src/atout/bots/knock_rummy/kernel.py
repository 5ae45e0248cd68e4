"""The Knock Rummy search's rollouts on the compiled kernel, batched, compiled in the background.

the search's ``kernel`` rollouts (its default where numpy is
installed): every sampled deal is encoded once for :mod:`atout.kernels.knock_rummy` and one
call of :func:`atout.kernels.knock_rummy_search.rollouts` plays ``reuse`` rollouts of each
deal after each candidate action, by the heuristic's rules (the Python rollout's actions, card
for card), the stock shuffled again for each rollout after the first.

No player waits for numba: the first call starts a thread that compiles the kernel (or loads
it from the user's cache) on a small deal (:func:`kernel_ready`); until it is ready, and where
the kernels are not compiled (numba missing, or ``ATOUT_PURE=1``), each deal is rolled out
once per action by the engine's rollout, its value counted ``reuse`` times
(:func:`engine_rollouts`). The search is reproducible by its seed once the kernel is ready
(``kernel_ready(wait=True)``; benchmarks and tests wait for it).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import cast

from atout.bots.knock_rummy.read import Discard
from atout.bots.parts import RolloutPolicy, side_value
from atout.bots.warm import Warmer
from atout.core import Action, Deal
from atout.games.knock_rummy import DRAW_DISCARD, DRAW_STOCK, KnockRummyDeal

Kernel = Callable[[Sequence[KnockRummyDeal], list[int], int, int, int, int, float],
                  list[float]]
"""The kernel's batched rollouts: (deals, action ids, reuse, seat, seed, the seat's knock gap
and threshold's start) -> summed values."""

_KERNEL: list[Kernel | None] = []
"""The kernel's batched rollouts once ready (None: not compiled); empty before."""
_DISCARD: list[Discard] = []
"""The kernel's :func:`~atout.kernels.knock_rummy_search.best_discard` once ready."""


def draws_made(deal: KnockRummyDeal) -> int:
    """The draws made before ``deal``'s position (the heuristic's clock): those before a
    sampled deal's start and those of its history."""
    return deal.draws_before + sum(1 for a in deal.history
                                   if int(a) in (DRAW_STOCK, DRAW_DISCARD))


def _kernel_rollouts(deals: Sequence[KnockRummyDeal], actions: list[int], reuse: int,
                     seat: int, seed: int, gap: int = -1, base: float = 40.0) -> list[float]:
    import numpy as np

    from atout.kernels.knock_rummy import encode
    from atout.kernels.knock_rummy_search import rollouts

    states = np.stack([encode(d) for d in deals])
    got = rollouts(states, [draws_made(d) for d in deals], actions, reuse, seat, seed, base,
                   gap)
    return [float(v) for v in got]


def _warm() -> bool:
    """Import the kernel and compile it (or load it from the cache) on a small deal, then
    make it the search's rollouts."""
    ready: Kernel | None = None
    try:
        from atout.kernels import COMPILED

        if COMPILED:
            from atout.games import make

            deal = make("knock-rummy").deal(seed=0)
            assert isinstance(deal, KnockRummyDeal)
            _kernel_rollouts([deal], [DRAW_STOCK, DRAW_DISCARD], 2, 0, 0)
            from atout.kernels.knock_rummy_search import best_discard

            best_discard(deal.hands[0], deal.hands[0])
            _DISCARD.append(best_discard)
            ready = _kernel_rollouts
    except Exception:  # pragma: no cover - numpy missing or a failed compilation: the engine
        ready = None
    _KERNEL.append(ready)
    return ready is not None


WARMER = Warmer("knock-rummy", _warm)
"""The kernel's warming (:func:`kernel_ready`)."""


def kernel_ready(wait: bool = False) -> bool:
    """Whether the Knock Rummy search's rollouts run on the compiled kernel now; the first
    call starts getting it ready in a thread, and ``wait`` waits for that."""
    return WARMER.ready(wait)


def compiled_discard() -> Discard | None:
    """The compiled discard rule (the heuristic's: the same card and deadwood as
    :func:`atout.bots.knock_rummy.search.best_discard`) once the kernel is ready, else None
    (the sampler then reads the others' turns with the Python rule)."""
    return _DISCARD[0] if kernel_ready() and _DISCARD else None


def engine_rollouts(deals: Sequence[Deal], actions: Sequence[Action], reuse: int, seat: int,
                    seed: int, rollout: RolloutPolicy) -> list[float]:
    """What :func:`batch_rollouts` gives while the kernel is not ready: each deal rolled out
    once after each action by ``rollout`` (the engine's), its value counted ``reuse`` times."""
    rng = random.Random(seed)
    sums = [0.0] * len(actions)
    for deal in deals:
        for j, a in enumerate(actions):
            d = deal.clone()
            d.step(a)
            sums[j] += reuse * side_value(rollout(d, rng), seat)
    return sums


def batch_rollouts(deals: Sequence[Deal], actions: Sequence[Action], reuse: int, seat: int,
                   seed: int, rollout: RolloutPolicy, gap: int = -1,
                   base: float = 40.0) -> list[float]:
    """The search's batched rollouts: for each action, the summed margin for ``seat`` of
    ``reuse`` rollouts of every deal after it, in one kernel call once the kernel is ready,
    else by :func:`engine_rollouts` with ``rollout`` (see the module's text). ``gap``: the
    seat's own knock in the kernel's rollouts (:func:`atout.kernels.knock_rummy_search.
    own_action`; -1, its threshold from ``base``); ``rollout`` should play the same."""
    if not kernel_ready():
        return engine_rollouts(deals, actions, reuse, seat, seed, rollout)
    kernel = _KERNEL[0]
    assert kernel is not None
    rummy = [cast(KnockRummyDeal, d) for d in deals]
    if any(d.opts.lay_off for d in rummy):  # the kernel refuses the lay-offs: the engine
        return engine_rollouts(deals, actions, reuse, seat, seed, rollout)
    return kernel(rummy, [int(a) for a in actions], reuse, seat, seed, gap, base)


__all__ = ["WARMER", "batch_rollouts", "compiled_discard", "draws_made", "engine_rollouts",
           "kernel_ready"]
