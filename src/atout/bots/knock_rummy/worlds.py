"""The Knock Rummy search's worlds sampled and rolled out in the kernel (its ``Batch.worlds``).

:func:`world_facts` reads once per decision what the Python sampler
(:class:`~atout.bots.knock_rummy.search.KnockRummyDeterminizer`) would read from the view —
the seat's hand before this turn's draw, the discard pile, the cards each other seat is known
to hold, the hand sizes, the stock's size, each other seat's last turn (read as the
heuristic's) — and builds the state at the decision once, through the sampler's own
:meth:`~atout.bots.knock_rummy.search.KnockRummyDeterminizer.build` (the draw and knock of
this turn replayed, the restocks, the clock and the known cards copied).
:func:`knock_rummy_worlds` then deals the hidden cards of ``count`` worlds in one call of
:func:`atout.kernels.knock_rummy_sample.sample_kernel` and rolls each out ``reuse`` times
after each action in one call of :func:`atout.kernels.knock_rummy_search.search_kernel`.

It gives None (the Python sampler draws) where the kernel cannot express the sampler: a
sampler that reads the discards (``discard_tries``) or the refused cards (``refused_read``),
the lay-offs (the rollouts' kernel refuses them), a view that does not add up, or the kernel
not ready (numba missing, ``ATOUT_PURE=1``, or still compiling).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, cast

from atout.bots.knock_rummy.kernel import draws_made, kernel_ready
from atout.bots.knock_rummy.read import last_turns
from atout.cards import FULL_DECK, bit_list
from atout.core import Action, Rules, View
from atout.games.knock_rummy import KnockRummyDeal

FULL = (1 << 52) - 1


class WorldSampler(Protocol):
    """What the kernel reads of the Python sampler
    (:class:`~atout.bots.knock_rummy.search.KnockRummyDeterminizer`): its settings and its
    way of building a deal at the view's position."""

    rules: Rules[Any]
    discard_tries: int
    read_tries: int
    refused_read: bool
    knock_read: str

    def build(self, view: View, hands: list[int], pile: list[int], stock: list[int],
              known: list[int], from_stock: bool) -> KnockRummyDeal:
        """The deal of these cards at the view's position."""
        ...


GapRule = Callable[[KnockRummyDeal], int]
"""The searching seat's own knock gap in its rollouts for a deal at the decision."""


def no_gap(deal: KnockRummyDeal) -> int:
    """The heuristic's threshold for the searching seat too (gap -1)."""
    return -1


def before_draw(view: View, pile: list[int]) -> tuple[int, int, bool]:
    """The seat's hand before this turn's draw, the card drawn (-1: none yet; after a draw
    from the stock any card of the hand, as the stock's top) and whether it came from the
    stock; a card taken from the discard pile goes back on ``pile``."""
    hand = FULL_DECK.mask(view.hand)
    if view.phase != "discard":
        return hand, -1, False
    taken_code = view.info.get("taken")
    if isinstance(taken_code, str):
        drawn_card = FULL_DECK.parse(taken_code)
        pile.append(drawn_card)
        return hand & ~(1 << drawn_card), drawn_card, False
    drawn_card = max(bit_list(hand))  # any card: it came from the stock
    return hand & ~(1 << drawn_card), drawn_card, True


@dataclass(frozen=True)
class WorldFacts:
    """What every world of a decision shares (the arguments of the kernel's sampler)."""

    base: Any
    """The state at the decision (:func:`atout.kernels.knock_rummy.encode`), hidden hands
    and stock in any order."""
    pool: int
    """The unseen cards: the others' unknown cards and the stock."""
    known: list[int]
    """Each seat's cards known to be held (taken from the pile)."""
    need: list[int]
    """Each other seat's unknown cards (0 for the searching seat)."""
    turns: Any
    """Each seat's last turn as the kernel reads it (``(seats, 5)``, all 0: not read)."""
    taken: list[int]
    """For each seat, the known cards of all the others (the read's ``taken``)."""
    draws: int
    """The draws made before the decision (the rollouts' clock)."""
    gap: int
    """The searching seat's own knock gap in the rollouts (see ``knock_rummy_batch``)."""
    read_tries: int
    knock_read: str


_FACTS: list[tuple[WorldSampler, View, WorldFacts | None]] = []
"""The last view's facts and the sampler they were read for (a decision asks for them once
per call of the kernel)."""


def world_facts(sampler: WorldSampler, view: View, gap: GapRule = no_gap
                ) -> WorldFacts | None:
    """The facts of ``view`` for the kernel's sampler (``gap``: the searching seat's own
    knock in the rollouts), or None where the Python sampler must draw (see the module's
    text); the last view's are kept (for the same sampler)."""
    if _FACTS and _FACTS[0][1] is view and _FACTS[0][0] is sampler:
        return _FACTS[0][2]
    facts = _facts(sampler, view, gap)
    _FACTS[:] = [(sampler, view, facts)]
    return facts


def _facts(sampler: WorldSampler, view: View, gap: GapRule) -> WorldFacts | None:
    import numpy as np

    from atout.kernels.knock_rummy import encode

    if (sampler.discard_tries or sampler.refused_read or sampler.rules.options.lay_off
            or view.to_move != view.seat):
        return None
    me, n, info = view.seat, view.seats, view.info
    pile = [FULL_DECK.parse(c) for c in cast(list[str], info["discard_pile"])]
    known = [FULL_DECK.mask(k) for k in cast(list[list[str]], info["known"])]
    sizes = cast(list[int], info["hand_sizes"])
    first, drawn_card, from_stock = before_draw(view, pile)
    pool = FULL & ~first & ~sum(1 << c for c in set(pile))
    pool &= ~sum(known[s] for s in range(n) if s != me)
    if from_stock:
        pool &= ~(1 << drawn_card)
    need = [0 if s == me else sizes[s] - known[s].bit_count() for s in range(n)]
    if min(need) < 0 or sum(need) + cast(int, info["stock"]) != pool.bit_count():
        return None
    hands = [0] * n
    hands[me] = first
    left = pool
    for s in range(n):
        if s != me:
            hands[s] = known[s] | sum(1 << c for c in bit_list(left)[:need[s]])
            left &= ~hands[s]
    stock = bit_list(left)
    if from_stock:
        stock = [drawn_card, *stock]
    deal = sampler.build(view, hands, pile, stock, known, from_stock)
    turns = np.zeros((n, 5), dtype=np.int64)
    for s, t in (last_turns(view) if sampler.read_tries else {}).items():
        turns[s] = (1, t.up, int(t.took), t.discarded, t.draws)
    total = sum(k.bit_count() for k in known)
    return WorldFacts(encode(deal), pool, known, need, turns,
                      [total - k.bit_count() for k in known], draws_made(deal), gap(deal),
                      sampler.read_tries, sampler.knock_read)


def sample_states(facts: WorldFacts, seat: int, count: int, seed: int) -> Any:
    """``count`` worlds of ``facts`` as kernel states (``(count, LENGTH)``)."""
    from atout.kernels.knock_rummy_sample import sample_worlds

    return sample_worlds(facts.base, seat, facts.pool, facts.known, facts.need, facts.turns,
                         facts.taken, facts.read_tries, facts.knock_read, count, seed)


def knock_rummy_worlds(sampler: WorldSampler, view: View, actions: Sequence[Action],
                       count: int, reuse: int, seat: int, seed: int, gap: GapRule = no_gap,
                       base: float = 40.0) -> tuple[list[float], int] | None:
    """The search's ``kernel`` rounds with the worlds sampled in the kernel (as
    :class:`atout.bots.parts.BatchWorlds`): ``count`` worlds consistent with the view, each
    rolled out ``reuse`` times after each action (the searching seat knocking by ``gap``
    and the threshold from ``base``); the summed values per action and the worlds used, or
    None where the Python sampler must draw (see the module's text)."""
    if not kernel_ready():
        return None
    facts = world_facts(sampler, view, gap)
    if facts is None:
        return None
    import numpy as np

    from atout.kernels.knock_rummy import LIMIT, legal
    from atout.kernels.knock_rummy_search import search_kernel

    ids = np.array([int(a) for a in actions], dtype=np.int64)
    mask = int(legal(facts.base))
    if not len(ids) or any(not mask >> int(a) & 1 for a in ids):
        return None
    states = sample_states(facts, seat, count, seed)
    draws = np.full(count, facts.draws, dtype=np.int64)
    values = search_kernel(states, draws, ids, reuse, seat, seed ^ 0x5DEECE66D, LIMIT,
                           float(base), facts.gap)
    return [float(v) for v in values], count


__all__ = ["GapRule", "WorldFacts", "WorldSampler", "before_draw", "knock_rummy_worlds",
           "no_gap", "sample_states", "world_facts"]
