"""The Pitch search on the compiled kernels: hidden hands sampled and rolled out in batches.

With the search's ``kernel`` option (the default where numba compiles the kernels:
:data:`KERNEL_DEFAULT`) a decision's sampled deals are dealt inside the kernel
(:func:`atout.kernels.pitch_sample.sample_worlds_kernel`, on the facts :func:`world_facts`
reads from the view once per decision: the cards seen, the hand sizes, the voids shown and
each other seat's bids, pitch and cards, read as :class:`~atout.bots.pitch.search.PitchDeterminizer`
reads them with ``read_seats``) and rolled out there, every candidate action of
:data:`COUNT` worlds in one call (:func:`pitch_worlds`). Where the Python sampler is given
instead of the game's own, :func:`pitch_batch` rolls out the deals it draws. Without numba
(or with ``ATOUT_PURE=1``) the search keeps the Python sampler and rollouts by default.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

from atout.bots.determinize import MAX_TRIES
from atout.bots.parts import Sampler
from atout.core import Action, Deal, View
from atout.kernels import COMPILED

KERNEL_DEFAULT: bool = COMPILED
"""Whether the search samples and rolls out on the kernels by default: where numba compiles
them; ``search:kernel=0`` keeps the Python sampler (and the per-deal kernel rollouts),
``kernel=1`` asks for the kernels anyway (then a first decision waits for the compilation)."""

BY_DEFAULT = True
"""Whether a search that did not ask for the kernels uses them once they are ready
(the search's ``Batch.ready``); the tests turn it off, so that no choice of theirs depends on when a
compilation ends."""

COUNT = 16
"""Worlds sampled and rolled out in one kernel call."""


@runtime_checkable
class SeatReader(Protocol):
    """A sampler the kernel can stand in for: it reads the other seats one at a time
    (``read_seats`` tries a seat, 0: it does not) and gives the facts of a view
    (:meth:`atout.bots.pitch.search.PitchDeterminizer.kernel_inputs`)."""

    read_seats: int

    def kernel_inputs(self, view: View, rng: random.Random) -> tuple[Deal, Any, Any, Any]:
        """A deal at the view's point, what it leaves unseen, the auction's steps and the
        other seats' plays."""
        ...


WorldFacts = tuple[Any, ...]
"""The arguments of :func:`atout.kernels.pitch_sample.sample_worlds_kernel` before the count
and the seed (see :func:`world_facts`)."""

_FACTS: list[tuple[View | None, Sampler | None, WorldFacts | None]] = [(None, None, None)]
"""The last view's facts and their sampler (a decision asks for them at each call of its
search: they are read once)."""


def world_facts(sampler: Sampler, view: View, seed: int) -> WorldFacts | None:
    """What the kernel's sampler must agree with for ``view``, as its arguments (numpy
    arrays): the base state at the view's point, the other seats, the unseen cards, the
    hidden hand sizes (then the undealt rest's), the cards each other seat may hold (its
    voids removed), the cards each seat played, the other seats' auction steps and pitch and
    their cards after the pitch (see :mod:`atout.kernels.pitch_sample`), the tries per seat
    and per world. None where the Python sampler must draw: a sampler other than the
    search's own (a :class:`SeatReader` reading seat by seat: its ``PitchDeterminizer``)."""
    import numpy as np

    from atout.kernels.pitch import encode
    from atout.kernels.pitch_sample import PLAY_COLUMNS, STEP_COLUMNS

    if not isinstance(sampler, SeatReader) or not sampler.read_seats:
        return None
    made = _FACTS[0]
    if made[0] is view and made[1] is sampler:
        return made[2]
    me = view.seat
    deal, unseen, auction, seen_plays = sampler.kernel_inputs(view, random.Random(seed))
    steps = [(a, bids, int(ok), act) for a, bids, ok, act in auction if a != me]
    plays = []
    for actor, card, trump, trick, before, _ in seen_plays:
        cards = [c for _, c in trick]
        leader = trick[0][0] if trick else actor
        plays.append([actor, card, trump, before, leader, len(cards),
                      *cards, *[0] * (PLAY_COLUMNS - 6 - len(cards))])
    facts: WorldFacts = (
        encode(deal),  # type: ignore[arg-type]
        np.array(unseen.others, dtype=np.int64), unseen.pool,
        np.array(unseen.sizes, dtype=np.int64), np.array(unseen.allowed[:-1], dtype=np.int64),
        np.array(unseen.played, dtype=np.int64),
        np.array(steps, dtype=np.int64).reshape(-1, STEP_COLUMNS),
        np.array(plays, dtype=np.int64).reshape(-1, PLAY_COLUMNS),
        int(sampler.read_seats), MAX_TRIES)
    _FACTS[0] = (view, sampler, facts)
    return facts


def _actions(actions: Sequence[Action]) -> Any:
    import numpy as np

    return np.array([int(a) for a in actions], dtype=np.int64)


def pitch_worlds(sampler: Sampler, view: View, actions: Sequence[Action], count: int,
                 reuse: int, seat: int, seed: int, model: int = -1
                 ) -> tuple[list[float], int] | None:
    """The search's ``kernel`` rounds: ``count`` deals consistent with the view sampled in
    the kernel (on :func:`world_facts`) and rolled out there after each action, every seat
    by the model of the table (``model`` >= 0) or by the heuristic's bids and pitch then at
    random (``model`` -1); the summed margins per action and the worlds used. None where
    the Python sampler must draw the deals."""
    from atout.kernels.pitch import TURN
    from atout.kernels.pitch_sample import sample_worlds_kernel, world_rollouts_kernel

    facts = world_facts(sampler, view, seed)
    if facts is None:
        return None
    sample: Any = sample_worlds_kernel  # its arguments: the facts, then these two
    worlds = sample(*facts, count, seed)
    worlds = worlds[worlds[:, TURN] == seat]
    if not len(worlds):
        return None
    values = world_rollouts_kernel(worlds, _actions(actions), reuse, seat, model,
                                   seed ^ 0x5DEECE66D)
    return [float(v) for v in values.sum(axis=0)], len(worlds)


def pitch_batch(deals: Sequence[Deal], actions: Sequence[Action], reuse: int, seat: int,
                seed: int, model: int = -1) -> list[float]:
    """The summed margins of ``seat`` per action of ``reuse`` kernel rollouts of each of
    ``deals`` (drawn by a Python sampler) after it (``model`` as :func:`pitch_worlds`)."""
    import numpy as np

    from atout.games.pitch import PitchDeal
    from atout.kernels.pitch import encode
    from atout.kernels.pitch_sample import world_rollouts_kernel

    states = np.stack([encode(d) for d in deals if isinstance(d, PitchDeal)])
    values = world_rollouts_kernel(states, _actions(actions), reuse, seat, model, seed)
    return [float(v) for v in values.sum(axis=0)]


__all__ = ["BY_DEFAULT", "COUNT", "KERNEL_DEFAULT", "SeatReader", "pitch_batch", "pitch_worlds",
           "world_facts"]
