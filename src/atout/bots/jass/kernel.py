"""The Jass search on the compiled kernels: the policy of each seat, and getting them ready.

The search's ``kernel`` rounds roll their sampled worlds out in
:func:`atout.kernels.jass_policy.policy_rollouts_kernel`; :func:`kernel_kinds` says which
seats play by the heuristic's rules there (the search's model of the table, as the Python
rollouts' ``model``) and which by the greedy policy, and :data:`LOOK` which of them look one
card ahead of those rules. :func:`kernel_rollouts` makes that call.

The kernels are the search's default where numba compiles them (:data:`KERNEL_DEFAULT`).
A compilation takes tens of seconds (minutes on a loaded machine), so no player waits for
it: the first decision of a default search starts it in a thread (:func:`kernel_ready`) and
the search plays its Python rollouts until the kernels are ready (compiled, or loaded from
numba's cache in the user's cache folder: a few seconds).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from atout.bots.warm import Warmer
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

LOOK = 2
"""Which seats of the kernel's rollouts, with a model of the table, play one card of
lookahead over the heuristic's rules (:data:`atout.kernels.jass_policy.LOOKAHEAD`: each
legal card tried, the rest of the deal by the rules, the best for the seat's side) instead
of the rules alone: 0 none, 1 the searching seat, 2 its side (the default: the search's own
later cards played better than the heuristic's, its opponents as the heuristic; docs/bots.md),
3 every seat."""

WARMER = Warmer("jass", enabled=lambda: WARM)
"""The kernels' warming (:func:`kernel_ready`), on while :data:`WARM` is."""

_SIDES = ((0, 2), (1, 3), (0, 1, 2, 3))
"""Per ``model`` (0, 1, 2): the seats that play by the heuristic's rules."""

_CONTINUATIONS = [0]
"""The lookahead's continuations :func:`kernel_rollouts` has played in this process."""


def continuations() -> int:
    """How many continuations to the end of the deal the lookahead seats of
    :func:`kernel_rollouts` have played in this process so far, besides the rollouts
    themselves (each lookahead turn with more than one legal card plays one for each card):
    what a benchmark counts, with the rollouts, as the search's playouts to the end. Not
    locked: searches in several threads at once may lose a count."""
    return _CONTINUATIONS[0]


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


def lookahead_seats(seat: int, n: int) -> list[int]:
    """The seats that look one card ahead (:data:`LOOK`) in the rollouts of the search at
    ``seat``, at a table of ``n``."""
    if LOOK == 3:
        return list(range(n))
    if LOOK == 2 and n == 4:
        return [seat, (seat + 2) % 4]
    return [seat] if LOOK else []


def kernel_rollouts(states: Any, actions: Sequence[Action], reuse: int, seat: int, seed: int,
                    model: int, voids: Sequence[int], chooser: int) -> list[float]:
    """The summed value for ``seat`` per action of ``reuse`` kernel rollouts of each world
    (row of ``states``) after it, the seats playing by :func:`kernel_kinds` (every seat by
    the heuristic's rules with a model and :data:`BOTH_SIDES`, the seats :data:`LOOK` names
    one card ahead of them) from the voids shown so far (``voids``, per seat) and the seat
    that chose trump."""
    import numpy as np

    from atout.kernels.jass_policy import policy_rollouts_kernel

    shown = np.zeros(6, dtype=np.int64)
    shown[:len(voids)] = voids
    kinds = kernel_kinds(2 if model >= 0 and BOTH_SIDES else model)
    if model >= 0:
        from atout.kernels.jass import ST_N
        from atout.kernels.jass_policy import LOOKAHEAD

        kinds[lookahead_seats(seat, int(states[0][ST_N]))] = LOOKAHEAD
    tally = np.zeros(1, dtype=np.int64)
    got = policy_rollouts_kernel(np.ascontiguousarray(states, dtype=np.int64),
                                 np.array([int(a) for a in actions], dtype=np.int64),
                                 reuse, seed, seat, kinds, shown, int(chooser), tally)
    _CONTINUATIONS[0] += int(tally[0])
    return [float(v) for v in got.sum(axis=0)]


def kernel_ready(warm_up: Callable[[], bool], wait: bool = False) -> bool:
    """Whether the search's kernels can play now without a wait. The first call starts
    getting them ready in a thread, which runs ``warm_up`` (the kernel calls of a decision:
    they compile, or load from the cache; it says whether they ran), unless :data:`WARM` is
    off; ``wait`` waits for that thread."""
    return WARMER.ready(wait, warm_up)


__all__ = ["BOTH_SIDES", "KERNEL_DEFAULT", "LOOK", "WARM", "WARMER", "continuations",
           "kernel_kinds", "kernel_ready", "kernel_rollouts", "lookahead_seats"]
