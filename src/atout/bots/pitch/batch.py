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
from typing import TYPE_CHECKING, Any

from atout.bots.determinize import MAX_TRIES, NoConsistentDeal, assign_cards, replay
from atout.bots.parts import Sampler
from atout.cards import FULL_DECK
from atout.core import Action, Deal, View
from atout.kernels import COMPILED

if TYPE_CHECKING:
    from atout.bots.pitch.search import PitchDeterminizer, Unseen

KERNEL_DEFAULT: bool = COMPILED
"""Whether the search samples and rolls out on the kernels by default: where numba compiles
them; ``search:kernel=0`` keeps the Python sampler (and the per-deal kernel rollouts),
``kernel=1`` asks for the kernels anyway (then a first decision waits for the compilation)."""

BY_DEFAULT = True
"""Whether a search that did not ask for the kernels uses them once they are ready
(:func:`batch_ready`); the tests turn it off, so that no choice of theirs depends on when a
compilation ends."""

COUNT = 16
"""Worlds sampled and rolled out in one kernel call."""

WorldFacts = tuple[Any, ...]
"""The arguments of :func:`atout.kernels.pitch_sample.sample_worlds_kernel` before the count
and the seed (see :func:`world_facts`)."""

_FACTS: list[tuple[View | None, Sampler | None, WorldFacts | None]] = [(None, None, None)]
"""The last view's facts and their sampler (a decision asks for them at each call of its
search: they are read once)."""


def base_deal(sampler: PitchDeterminizer, view: View, unseen: Unseen,
              rng: random.Random) -> tuple[Deal, Deal]:
    """A deal agreeing with the view's hard facts (hands, sizes, voids) as dealt, and
    replayed to the view's point (the base state of the kernel's worlds).
    :class:`NoConsistentDeal` if no try finds one."""
    rules = sampler.rules
    for _ in range(MAX_TRIES):
        got = assign_cards(unseen.pool, unseen.sizes, unseen.allowed, rng)
        if got is None:
            continue
        hands = unseen.hands(got)
        deal = rules.deal(hands=[FULL_DECK.codes_of(h) for h in hands], dealer=view.dealer,
                          rest=FULL_DECK.codes_of(got[-1]))
        dealt = deal.clone()
        if replay(deal, view.history, to_move=view.to_move):
            return dealt, deal
    raise NoConsistentDeal(f"no Pitch deal agrees with the view of seat {view.seat}")


def world_facts(sampler: Sampler, view: View, seed: int) -> WorldFacts | None:
    """What the kernel's sampler must agree with for ``view``, as its arguments (numpy
    arrays): the base state at the view's point, the other seats, the unseen cards, the
    hidden hand sizes (then the undealt rest's), the cards each other seat may hold (its
    voids removed), the cards each seat played, the other seats' auction steps and pitch and
    their cards after the pitch (see :mod:`atout.kernels.pitch_sample`), the tries per seat
    and per world. None where the Python sampler must draw: a sampler other than the
    search's own (:class:`~atout.bots.pitch.search.PitchDeterminizer` reading seat by seat)."""
    import numpy as np

    from atout.bots.pitch.search import PitchDeterminizer, Unseen
    from atout.kernels.pitch import encode
    from atout.kernels.pitch_sample import PLAY_COLUMNS, STEP_COLUMNS

    if not isinstance(sampler, PitchDeterminizer) or not sampler.read_seats:
        return None
    made = _FACTS[0]
    if made[0] is view and made[1] is sampler:
        return made[2]
    me = view.seat
    unseen = Unseen.of(sampler.rules, view)
    dealt, deal = base_deal(sampler, view, unseen, random.Random(seed))
    steps = [(a, bids, int(ok), act) for a, bids, ok, act in sampler.auction_steps(view, dealt)
             if a != me]
    plays = []
    for actor, card, trump, trick, before, _ in sampler.play_steps(view):
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
        sampler.read_seats, MAX_TRIES)
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


def warm_up() -> bool:
    """The kernel calls of a decision (sampling and both rollouts), which compile them or
    load them from the cache; whether they ran."""
    from atout.bots.pitch.search import PitchDeterminizer
    from atout.games import make

    rules = make("pitch", players=2)
    rng = random.Random(0)
    deal: Any = None
    while deal is None or deal.to_move is None:  # a deal all passed is redealt: the next
        deal = rules.deal(seed=rng.getrandbits(32), dealer=0)
        while deal.to_move is not None and (deal.phase != "play" or deal.trump < 0):
            deal.play(rng.choice(deal.legal_actions()))
    view = deal.view(deal.to_move)
    legal = [rules.actions.parse(t) for t in view.legal]
    sampler = PitchDeterminizer(rules, read_seats=2)
    pitch_batch([sampler.sample(view, rng)], legal, 1, view.seat, 0, -1)
    return (pitch_worlds(sampler, view, legal, 2, 1, view.seat, 0, 0) is not None
            and pitch_worlds(sampler, view, legal, 2, 1, view.seat, 1, -1) is not None)


def batch_ready() -> bool:
    """Whether a search that did not ask for the kernels samples on them now: once
    :func:`atout.bots.pitch.search.kernel_ready` (which warms these calls too) says so,
    unless :data:`BY_DEFAULT` is off."""
    from atout.bots.pitch.search import kernel_ready

    return BY_DEFAULT and kernel_ready()


__all__ = ["BY_DEFAULT", "COUNT", "KERNEL_DEFAULT", "base_deal", "batch_ready", "pitch_batch",
           "pitch_worlds", "warm_up", "world_facts"]
