"""The Putze search's card play on the compiled kernels, batched, compiled in the background.

The search's ``kernel`` rollouts (its default where numba compiles the kernels,
:data:`KERNEL_DEFAULT`): the decisions of the card play are rolled out in
:func:`atout.kernels.putze_search.rollouts`, every sampled deal encoded once
(:func:`atout.kernels.jass.encode`) and ``reuse`` random playouts of it after each candidate
card played in one call, from common random numbers; each playout is scored as the engine
scores the deal (putzes won minus pommes) and valued as the Python rollout's
(:func:`atout.bots.parts.side_value`). The six's question and the better cards are
sampled and rolled out there too (:func:`atout.bots.putze.worlds.six_worlds`,
:mod:`atout.bots.putze.pre`); the other choices before the card play (play or pass, the
blind) keep their Python rollouts (:func:`atout.bots.putze.search.
putze_rollout`: the heuristic's choices, then random card play).

No player waits for numba: the first decision starts a thread that compiles the kernel (or
loads it from the user's cache) on a small deal (:func:`kernel_ready`); until it is ready the
search plays its Python rollouts. Tournaments wait for it (:mod:`atout.bots.ready`).
"""

from __future__ import annotations

from collections.abc import Sequence

from atout.bots.warm import Warmer
from atout.core import Action, Deal
from atout.kernels import COMPILED

KERNEL_DEFAULT: bool = COMPILED
"""Whether the search plays its card play on the kernel by default: where numba compiles
it; ``search:kernel=0`` turns it off, ``kernel=1`` asks for it anyway (then a first
decision waits for the compilation)."""
REUSE = 4
"""Random playouts per candidate card on each sampled deal in the kernel (the Python
rollouts' ``reuse`` is 2): they cost microseconds, the sampling milliseconds."""



def batch_rollouts(deals: Sequence[Deal], actions: Sequence[Action], reuse: int, seat: int,
                   seed: int) -> list[float]:
    """For each card of ``actions`` (legal in every deal, at ``seat``'s turn in the card
    play): the summed value for ``seat`` of ``reuse`` random playouts of every deal after
    it, in one kernel call (see the module)."""
    import numpy as np

    from atout.kernels.jass import encode
    from atout.kernels.putze_search import rollouts, scoring

    states = np.stack([encode(d) for d in deals])
    rows = np.stack([scoring(d) for d in deals])
    got = rollouts(states, [int(a) for a in actions], reuse, seed, seat, rows)
    return [float(v) for v in got.sum(axis=0)]


def warm() -> bool:
    """Compile the kernel (or load it from the cache) on a deal in its card play; whether it
    runs compiled (False where numba is missing or ``ATOUT_PURE=1``)."""
    if not COMPILED:
        return False
    from atout.games import make

    deal = make("putze").deal(seed=0)
    actions = deal.rules.actions
    while deal.to_move is not None and getattr(deal, "phase", "play") != "play":
        ids = [a for a in range(len(actions)) if deal.legal_mask() >> a & 1]
        words = [a for a in ids if actions[a].text in ("play", "my game", "exchange six")]
        deal.step((words or ids)[0])
    seat = deal.to_move
    if seat is not None:
        legal = deal.legal_mask()
        first = (legal & -legal).bit_length() - 1
        batch_rollouts([deal], [deal.rules.actions[first]], 1, seat, 0)
        warm_six(deal, seat)
    warm_worlds(deal)
    warm_better()
    return True


def warm_six(deal: Deal, seat: int) -> None:
    """The kernel's playouts of the six's question compiled (or loaded from the cache):
    one call on ``deal`` as its card play begins."""
    import numpy as np

    from atout.kernels.jass import encode
    from atout.kernels.putze_search import playouts, scoring

    playouts(np.stack([encode(deal)]), 1, 0, seat, np.stack([scoring(deal)]))


def warm_better() -> None:
    """The kernel's better cards compiled (or loaded from the cache): one call at a
    two-player table's first choice of the better cards."""
    from atout.bots.putze.pre import search_worlds
    from atout.bots.putze.sampler import PutzeDeterminizer
    from atout.games import make
    from atout.games.putze.deal import LOOK

    rules = make("putze", players=2)
    deal = rules.deal(seed=0)
    seat = deal.to_move
    if seat is not None:
        search_worlds(PutzeDeterminizer(rules), deal.view(seat), [rules.actions[LOOK]], 2, 1,
                      seat, 0)


def warm_worlds(deal: Deal) -> None:
    """The kernel's sampling of the search's deals compiled (or loaded from the cache): one
    call on ``deal`` (in its card play) once its first trick is over."""
    from atout.bots.putze.sampler import PutzeDeterminizer
    from atout.bots.putze.worlds import putze_worlds

    while deal.to_move is not None and not getattr(deal, "tricks", ()):
        legal = deal.legal_mask()
        deal.step((legal & -legal).bit_length() - 1)
    seat = deal.to_move
    if seat is not None:
        view = deal.view(seat)
        action = deal.rules.actions.parse(view.legal[0])
        putze_worlds(PutzeDeterminizer(deal.rules), view, [action], 2, 1, seat, 0)


WARMER = Warmer("putze", warm)
"""The kernel's warming (:func:`kernel_ready`)."""


def kernel_ready(wait: bool = False) -> bool:
    """Whether the Putze search's card play runs on the compiled kernel now; the first call
    starts getting it ready in a thread, and ``wait`` waits for that."""
    return WARMER.ready(wait)


__all__ = ["KERNEL_DEFAULT", "REUSE", "WARMER", "batch_rollouts", "kernel_ready", "warm",
           "warm_better", "warm_six", "warm_worlds"]
