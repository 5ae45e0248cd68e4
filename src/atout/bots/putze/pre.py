"""The Putze search's better cards sampled and rolled out in the kernel.

At the two-player table with the "cartes meilleures" (27.21) the search chooses a card to
discard, or to look at its packet. :func:`better_facts` reads what every world must agree
with, as :meth:`atout.bots.putze.sampler.PutzeDeterminizer._sample_better` reads it at this
point of the deal: the seat's hand and discards, the turned card (known, in no hand); the
other player's hand of nine cards (his packet taken or not), drawn after his three hidden
discards if he took his packet (by :func:`~atout.bots.putze.sampler.discard_weight`, cheap
side cards far more often than trumps); the packets not taken and the stock, the cards left.
Nobody has played a card or shown a void or a Weis yet: there is nothing else to read, and
the Python sampler's replay of the history cannot fail on a world so dealt. The facts are
a :class:`~atout.bots.putze.worlds.WorldFacts` (the base: the card play's start with both
playing) so that :func:`atout.bots.putze.worlds.sample` deals them too.

:func:`better_worlds` (the search's :class:`~atout.bots.parts.BatchWorlds` there, through
:func:`search_worlds`) values every candidate over the worlds in one
call of :func:`atout.kernels.putze_pre.better_kernel`: the rest of the choices before the
play by the heuristic's rules, as the Python rollout makes them, then random card play.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from atout.bots.determinize import MAX_TRIES, NoConsistentDeal
from atout.bots.jass.heuristic import FULL
from atout.bots.parts import Sampler
from atout.bots.putze.sampler import PutzeDeterminizer, discard_weight
from atout.bots.putze.worlds import WEIGHT_SCALE, WorldFacts, putze_worlds
from atout.cards import JASS_DECK
from atout.core import Action, View
from atout.games.jass.ranks import KING, QUEEN
from atout.games.putze.deal import KEEP, LOOK, PLAY

OPP_STATES = {None: 0, "taken": 1, "looked": 2}
"""The other player's better cards as :func:`atout.kernels.putze_pre.pre_play_two` reads
them: 0 still to come, 1 taken, 2 looked at."""


def _base(sampler: Sampler, view: View, seed: int) -> tuple[Any, Any]:
    """The card play's start of one Python sample, both players playing and the six kept
    (the kernel writes the hands), with no Weis or Stöck points; its scoring row."""
    from atout.kernels import jass as kj
    from atout.kernels.putze_pre import cheapest
    from atout.kernels.putze_search import scoring

    deal: Any = sampler.sample(view, random.Random(seed))
    while deal.to_move is not None and deal.phase != "play":
        if deal.phase == "better":
            deal.step(cheapest(deal.hands[deal.to_move], deal.mode))
        else:
            deal.step(PLAY if deal.phase == "speak" else KEEP)
    if deal.phase != "play":
        raise NoConsistentDeal("the sampled deal does not reach the card play")
    base = kj.encode(deal)
    for s in range(view.seats):
        base[kj.ST_BASE + s] = 0
        base[kj.ST_HANDS + s] = 0
    return base, scoring(deal)


def better_facts(sampler: Sampler, view: View, seed: int = 0) -> WorldFacts | None:
    """The kernel's facts for the seat's choice at the better cards (see the module); None
    elsewhere (another phase, table or sampler: the Python sampler draws).
    :class:`~atout.bots.determinize.NoConsistentDeal` when the view holds too many cards."""
    import numpy as np

    if not isinstance(sampler, PutzeDeterminizer) or view.phase != "better" \
            or view.to_move != view.seat or view.seats != 2:
        return None
    rules: Any = sampler.rules
    plan = rules.plan
    if plan.talon != "better-cards":
        return None
    info = view.info
    opp = 1 - view.seat
    mode = "HDSC".index(str(info["trump"]))
    turned = JASS_DECK.parse(str(info["trump_card"]))
    hand = JASS_DECK.mask(view.hand)
    gone = JASS_DECK.mask(str(c) for c in info.get("own_discards") or [])
    state = (info.get("better") or {}).get(str(opp))
    took = state == "taken"
    discards = 3 if took else 0
    pool = plan.deck & ~(hand | gone | 1 << turned)
    rest = pool.bit_count() - discards - plan.hand_size
    if rest < 3 or hand.bit_count() + gone.bit_count() != plan.hand_size:
        raise NoConsistentDeal("the view holds more cards than the deck")
    base, row = _base(sampler, view, seed)
    options = rules.options
    weis_now = (2 if options.weis_scoring == "each" else 1) if options.weis else 0
    stoeck = 1 << (mode * 9 + KING) | 1 << (mode * 9 + QUEEN) if options.stoeck else 0

    def ints(values: Sequence[int]) -> Any:
        return np.array(values, dtype=np.int64)

    return WorldFacts(base, ints([opp, -1]), pool, ints([plan.hand_size, rest]),
                      ints([FULL, FULL]), ints([0, 0]), ints([0] * view.seats), 3,
                      ints([]).reshape(0, 5), ints([0] * view.seats), 0,
                      int(options.big_sequences), weis_now, discards,
                      ints([int(discard_weight(c, mode) * WEIGHT_SCALE) for c in range(36)]),
                      stoeck, row, turned)


def better_worlds(sampler: Sampler, view: View, actions: Sequence[Action], count: int,
                  reuse: int, seat: int, seed: int,
                  facts: WorldFacts | None = None) -> tuple[list[float], int] | None:
    """The search's rounds at the better cards in the kernel (see the module): the summed
    values per action over ``count`` worlds and the worlds dealt; None where the Python
    sampler must draw (no facts, no world dealt). ``facts``: :func:`better_facts` of the
    view, read once per decision by the caller (read here when not given)."""
    import numpy as np

    from atout.bots.putze.speak import PLAY_FROM
    from atout.kernels.jass import whole
    from atout.kernels.putze_pre import better_kernel
    from atout.kernels.rand import fold_seed

    if facts is None:
        facts = better_facts(sampler, view, seed)
    if facts is None:
        return None
    rules: Any = sampler.rules  # type: ignore[attr-defined]
    plan = rules.plan
    info = view.info
    ids = [int(a) for a in actions]
    hand = JASS_DECK.mask(view.hand)
    if any(a != LOOK and not (a < 36 and hand >> a & 1) for a in ids):
        raise ValueError("at the better cards the seat discards a card of its hand or "
                         "says look")
    opp_state = OPP_STATES.get((info.get("better") or {}).get(str(1 - seat)), 0)
    values, used = better_kernel(
        facts.base, facts.holders, facts.pool, facts.sizes, facts.allowed, facts.forced,
        facts.discards, facts.weights, seat, int(info["speak_order"][0]),
        np.array(ids, dtype=np.int64), hand, len(info.get("own_discards") or []),
        opp_state, facts.turned, int(plan.may_pass), int(plan.six_exchange),
        float(PLAY_FROM[2]), facts.weis_now, facts.big, facts.stoeck, facts.scoring,
        MAX_TRIES, whole(reuse, "reuse"), whole(count, "count"), fold_seed(seed),
        fold_seed(seed ^ 0x5DEECE66D))
    if not used:
        return None
    return [float(v) for v in values], int(used)


_FACTS: list[tuple[View | None, int, WorldFacts | None]] = [(None, 0, None)]
"""The last view's better facts (with the sampler's identity), swapped whole (safe across
threads): a decision's rounds read the view once."""


def search_worlds(sampler: Sampler, view: View, actions: Sequence[Action], count: int,
                  reuse: int, seat: int, seed: int) -> tuple[list[float], int] | None:
    """The Putze search's :class:`~atout.bots.parts.BatchWorlds`: the better cards by
    :func:`better_worlds` (the view's facts read once a decision), the six's question and
    the card play by :func:`atout.bots.putze.worlds.putze_worlds`."""
    if view.phase != "better":
        return putze_worlds(sampler, view, actions, count, reuse, seat, seed)
    made = _FACTS[0]
    if made[0] is not view or made[1] != id(sampler):
        made = (view, id(sampler), better_facts(sampler, view, seed))
        _FACTS[0] = made
    if made[2] is None:
        return None
    return better_worlds(sampler, view, actions, count, reuse, seat, seed, made[2])


__all__ = ["OPP_STATES", "better_facts", "better_worlds", "search_worlds"]
