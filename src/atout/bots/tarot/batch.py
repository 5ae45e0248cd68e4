"""The Tarot search's ``kernel`` option: the card play's rollouts batched in the kernels.

Every sampled deal (from the search's own sampler) is encoded for :mod:`atout.kernels.tarot`
and rolled out ``reuse`` times after each candidate action in one call of
:func:`atout.kernels.tarot_search.rollouts_kernel`: every seat greedy
(:func:`tarot_batch`, the search's rollout) or the searching seat greedy and the others by
the heuristic's card (:func:`tarot_model_batch`, its model of the table, ``model=1``).

The first call starts getting the compiled kernel ready in a thread (compiled, or loaded from
the user's cache: see :func:`kernel_ready`); until it is, the engine's Python rollouts play
the same policies, so a player never waits for numba. Where the kernels run as plain Python
(numba missing, or ``ATOUT_PURE=1``) they are ready at once: the plain-Python kernel plays
the same cards as the compiled one, so a seed gives the same decisions either way once the
kernel is ready (tests call ``kernel_ready(wait=True)``).
"""

from __future__ import annotations

import os
import random
import threading
from collections.abc import Sequence
from importlib.util import find_spec

from atout.bots.parts import side_value
from atout.bots.tarot.choices import pre_play
from atout.bots.tarot.rollout import greedy_rollout, model_rollout
from atout.core import Action, Deal

_READY: list[bool] = []
"""``[True]`` once the kernel is ready, ``[False]`` when it cannot be (numpy missing, a
failed compilation); empty before."""
_WARMING: list[threading.Thread] = []
_LOCK = threading.Lock()


def _warm() -> None:
    """Compile the batched rollouts (or load them from the cache) on a small deal."""
    ok = False
    try:
        import numpy as np

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
            ok = True
            break
    except Exception:  # pragma: no cover - numpy missing or a failed compilation: the engine
        ok = False
    _READY.append(ok)


def _compiled() -> bool:
    """Whether the kernels will be compiled (numba importable, ``ATOUT_PURE`` not ``1``),
    without importing numba."""
    return os.environ.get("ATOUT_PURE") != "1" and find_spec("numba") is not None


def kernel_ready(wait: bool = False) -> bool:
    """Whether the Tarot search's batched rollouts run on the kernel now. The first call
    starts getting it ready: in a thread when it compiles (``wait`` waits for that), at
    once when the kernels run as plain Python."""
    with _LOCK:
        if not _WARMING:
            thread = threading.Thread(target=_warm, name="atout-tarot-kernel", daemon=True)
            _WARMING.append(thread)
            if _compiled():
                thread.start()
            else:
                thread.run()  # plain Python: nothing to wait for
    if wait and _WARMING[0].ident is not None:
        _WARMING[0].join()
    return bool(_READY) and _READY[0]


def _batch(deals: Sequence[Deal], actions: Sequence[Action], reuse: int, seat: int,
           seed: int, model: int) -> list[float]:
    """The summed values per action (see :class:`atout.bots.parts.BatchRollouts`)."""
    if not kernel_ready():
        return _engine_batch(deals, actions, reuse, seat, seed, model)
    import numpy as np

    from atout.kernels.rand import fold_seed
    from atout.kernels.tarot import encode
    from atout.kernels.tarot_search import rollouts_kernel

    states = np.stack([encode(d) for d in deals])  # type: ignore[arg-type]
    got = rollouts_kernel(states, np.array([int(a) for a in actions], dtype=np.int64), reuse,
                          fold_seed(seed), seat, model)
    return [float(v) for v in got.sum(axis=0)]


def _engine_batch(deals: Sequence[Deal], actions: Sequence[Action], reuse: int, seat: int,
                  seed: int, model: int) -> list[float]:
    """The same rollouts played by the engine (:func:`greedy_rollout`,
    :func:`model_rollout`) while the kernel gets ready."""
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
                seed: int) -> list[float]:
    """The search's batched rollouts with every seat greedy (``kernel=1, model=0``)."""
    return _batch(deals, actions, reuse, seat, seed, 0)


def tarot_model_batch(deals: Sequence[Deal], actions: Sequence[Action], reuse: int,
                      seat: int, seed: int) -> list[float]:
    """The search's batched rollouts with its model of the table (``kernel=1, model=1``):
    ``seat`` greedy, the others by the heuristic's card."""
    return _batch(deals, actions, reuse, seat, seed, 1)


__all__ = ["kernel_ready", "tarot_batch", "tarot_model_batch"]
