"""The Jass search on the compiled kernels: the policy of each seat, and getting them ready.

The search's ``kernel`` rounds roll their sampled worlds out in
:func:`atout.kernels.jass_policy.policy_rollouts_kernel`; :func:`kernel_kinds` says which
seats play by the heuristic's rules there (the search's model of the table, as the Python
rollouts' ``model``) and which by the greedy policy. :func:`kernel_rollouts` makes that call.

The kernels are the search's default where numba compiles them (:data:`KERNEL_DEFAULT`).
A compilation takes tens of seconds (minutes on a loaded machine), so no player waits for
it: the first decision of a default search starts it in a thread (:func:`kernel_ready`) and
the search plays its Python rollouts until the kernels are ready (compiled, or loaded from
numba's cache in the user's cache folder: a few seconds).
"""

from __future__ import annotations

import random
import threading
from collections.abc import Sequence
from typing import Any

from atout.core import Action
from atout.kernels import COMPILED

KERNEL_DEFAULT: bool = COMPILED
"""Whether the search plays its card play on the kernels by default: where numba compiles
them (:data:`atout.kernels.COMPILED`); ``search:kernel=0`` turns them off, ``kernel=1``
asks for them anyway (then a first decision waits for the compilation)."""
WARM = True
"""Whether :func:`kernel_ready` gets the kernels ready in a background thread. The tests
turn it off, so that no choice of theirs depends on when a compilation ends."""

BOTH_SIDES = True
"""With the search's model of the table (``model=1``, the default), the kernel's rollouts
play the searching side by the heuristic's rules too, every seat then: the cheapest and, at
equal time, the strongest of the three (docs/bots.md); False: the other side only, the
searching side greedy (as the Python rollouts)."""

_READY: list[bool] = []
"""``[True]`` once the kernels are compiled or loaded from the cache, ``[False]`` when they
failed to; empty before."""
_WARMING: list[threading.Thread] = []

_SIDES = ((0, 2), (1, 3), (0, 1, 2, 3))
"""Per ``model`` (0, 1, 2): the seats that play by the heuristic's rules."""


def kernel_kinds(model: int) -> Any:
    """Each seat's policy (:mod:`atout.kernels.jass_policy`) for the search's ``model``
    (as :func:`atout.bots.jass.search.jass_rollout`'s): the modelled side's seats (2: both
    sides) by the heuristic's rules, the others by the greedy policy; -1: every seat
    greedy. Six int64 entries (the kernel's seats)."""
    import numpy as np

    from atout.kernels.jass_policy import GREEDY, HEURISTIC

    kinds = np.full(6, GREEDY, dtype=np.int64)
    if model >= 0:
        kinds[list(_SIDES[model])] = HEURISTIC
    return kinds


def kernel_rollouts(states: Any, actions: Sequence[Action], reuse: int, seat: int, seed: int,
                    model: int, voids: Sequence[int], chooser: int) -> list[float]:
    """The summed value for ``seat`` per action of ``reuse`` kernel rollouts of each world
    (row of ``states``) after it, the seats playing by :func:`kernel_kinds` (every seat by
    the heuristic's rules with a model and :data:`BOTH_SIDES`) from the voids shown so far
    (``voids``, per seat) and the seat that chose trump."""
    import numpy as np

    from atout.kernels.jass_policy import policy_rollouts_kernel

    shown = np.zeros(6, dtype=np.int64)
    shown[:len(voids)] = voids
    kinds = kernel_kinds(2 if model >= 0 and BOTH_SIDES else model)
    got = policy_rollouts_kernel(np.ascontiguousarray(states, dtype=np.int64),
                                 np.array([int(a) for a in actions], dtype=np.int64),
                                 reuse, seed, seat, kinds, shown, int(chooser))
    return [float(v) for v in got.sum(axis=0)]


def warm_up() -> bool:
    """Make the kernel calls of a decision past the first trick and of one in it (every
    signature the search uses), which compiles them or loads them from the cache; whether
    they ran (False: the kernels failed, the Python rollouts play)."""
    try:
        from atout.bots.jass.search import JassDeterminizer, jass_batch, jass_worlds
        from atout.games import make

        rules = make("jass")
        deal: Any = rules.deal(seed=0, dealer=0)
        rng = random.Random(0)
        while deal.to_move is not None and (deal.phase != "play" or not deal.tricks
                                            or deal.trick):
            deal.play(rng.choice(deal.legal_actions()))
        seat = deal.to_move
        view = deal.view(seat)
        legal = [rules.actions.parse(t) for t in view.legal]
        sampler = JassDeterminizer(rules)
        jass_batch([sampler.sample(view, rng)], legal, 1, seat, 0, 1 - seat % 2)
        return jass_worlds(sampler, view, legal, 2, 1, seat, 0, 1 - seat % 2) is not None
    except Exception:  # pragma: no cover - a failed compilation: the Python rollouts play
        return False


def _warm() -> None:
    """:func:`warm_up`, then the kernels ready (or failed) for every search."""
    _READY.append(warm_up())


def kernel_ready(wait: bool = False) -> bool:
    """Whether the search's kernels can play now without a wait. The first call starts
    getting them ready (compiled, or loaded from the cache) in a thread, unless
    :data:`WARM` is off; ``wait`` waits for that thread."""
    if not _WARMING and WARM:
        thread = threading.Thread(target=_warm, name="atout-jass-kernel", daemon=True)
        _WARMING.append(thread)
        thread.start()
    if wait and _WARMING:
        _WARMING[0].join()
    return bool(_READY) and _READY[0]


def ready() -> bool:
    """:func:`kernel_ready` looked up at each call (the search's
    :attr:`~atout.bots.parts.Batch.ready`; a test may replace it)."""
    return kernel_ready()


__all__ = ["BOTH_SIDES", "KERNEL_DEFAULT", "WARM", "kernel_kinds", "kernel_ready",
           "kernel_rollouts", "ready", "warm_up"]
