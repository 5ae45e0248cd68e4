"""The Putze search's sampled deals drawn in the kernel: the facts of a view, the batch call.

:func:`world_facts` reads once per decision what every sampled deal must agree with, as
:class:`atout.bots.putze.sampler.PutzeDeterminizer` reads it (the same hard constraints, the
same soft one, listed in :mod:`atout.kernels.putze_sample`), into the arguments of
:func:`atout.kernels.putze_sample.sample_worlds_kernel`; :func:`putze_worlds` (the search's
:class:`~atout.bots.parts.BatchWorlds`) samples the worlds in the kernel and rolls them out
in :func:`atout.kernels.putze_search.rollouts_kernel`, in two calls for a whole round.

The six's question is sampled here too (:func:`six_worlds`), the better cards in
:mod:`atout.bots.putze.pre`; the Python sampler still draws (``None``) play or pass. Its
replay of the history stays the reference the kernel's worlds are tested against.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from atout.bots.determinize import MAX_TRIES, NoConsistentDeal
from atout.bots.jass.heuristic import FULL, JassSeen, read_view
from atout.bots.parts import Sampler
from atout.bots.putze.sampler import SOFT_TRIES, PutzeDeterminizer, discard_weight
from atout.cards import JASS_DECK
from atout.core import Action, View
from atout.games.jass.ranks import KING, QUEEN, TRICK_KEYS
from atout.games.jass.seen import view_plays
from atout.games.putze.deal import EXCHANGE, KEEP

WORLD_PHASES = ("play", "six")
"""The phases whose decisions :func:`world_facts` reads: the card play and the six's
question (the better cards: :mod:`atout.bots.putze.pre`; play or pass: the Python
sampler's)."""
KERNEL_WORLDS = True
"""Whether the search samples its deals of the card play in the kernel by default (where
its rollouts run there): ``search:kworlds=0`` keeps the Python sampler."""
WEIGHT_SCALE = 1 << 20
"""The discard weights' scale in the kernel (integers: ``discard_weight × 2**20``)."""


class WorldFacts(NamedTuple):
    """What the kernel's worlds of one view must agree with (see :mod:`atout.kernels.
    putze_sample` for each argument)."""

    base: Any
    holders: Any
    pool: int
    sizes: Any
    allowed: Any
    forced: Any
    played_by: Any
    players: int
    checks: Any
    announced: Any
    weis_seats: int
    big: int
    weis_now: int
    discards: int
    weights: Any
    stoeck: int
    scoring: Any
    turned: int = -1
    """The turned card (the six's question exchanges it; -1: not known)."""


class _Holders:
    """The holders of the unseen cards as they are read: seats (-1: out of play) with their
    sizes, allowed and forced cards."""

    def __init__(self) -> None:
        self.seats: list[int] = []
        self.sizes: list[int] = []
        self.allowed: list[int] = []
        self.forced: list[int] = []

    def add(self, seat: int, size: int, allowed: int, forced: int) -> None:
        self.seats.append(seat)
        self.sizes.append(size)
        self.allowed.append(allowed)
        self.forced.append(forced)


def replay_checks(rules: Any, view: View, seen: JassSeen) -> list[tuple[int, int, int, int, int]]:
    """``(seat, cards he had played before, card, suit led, best card)`` for every card the
    other players played without following the suit led (the engine's replay checks them)."""
    keys = TRICK_KEYS[seen.mode]
    size = seen.nplayers
    before = [0] * view.seats
    out: list[tuple[int, int, int, int, int]] = []
    led = best = -1
    for i, (seat, c) in enumerate(view_plays(rules, view, seen.gone)):
        if i % size == 0:
            led, best = c // 9, c
        else:
            if c // 9 != led and seat != view.seat:
                out.append((seat, before[seat], c, led, best))
            if keys[led][c] > keys[led][best]:
                best = c
        before[seat] |= 1 << c
    return out


def _six_rules(view: View, info: Mapping[str, Any], plan: Any, six: int, turned: int,
               taker: Any) -> tuple[int, bool]:
    """Where the trump six must be: ``(seat that kept it or -1, whether no player holds
    it)``: a player who held it when the turned card lay apart was asked (27.14)."""
    if not plan.six_exchange or taker is not None or turned == six \
            or info.get("six_exchanged_by") is not None:
        return -1, False
    keeper = next((s for s, t in view.history if t == "keep six"), None)
    if keeper is not None:
        return int(keeper), False
    return -1, True


def _base(sampler: Sampler, view: View, seed: int) -> tuple[Any, Any, Any]:
    """A sampled deal's kernel state at the view's point (at the six's question: as the
    play begins with the six kept) with the public Weis and Stöck points only, its scoring
    row and its players."""
    from atout.kernels import jass as kj
    from atout.kernels.putze_search import scoring

    deal: Any = sampler.sample(view, random.Random(seed))
    if view.phase == "six":
        deal.step(KEEP)  # the play begins: the players, the leader, the scoring are known
    base = kj.encode(deal)
    info = view.info
    weis, stoeck = info.get("weis_points"), info.get("stoeck_points")
    for s in range(len(deal.weis_points)):
        # the view's (a sample's Weis may go to another player whose total agrees)
        base[kj.ST_BASE + s] = (int(weis[s]) if isinstance(weis, list) else 0) \
            + (int(stoeck[s]) if isinstance(stoeck, list) else 0)
    return base, scoring(deal), deal.players()


class _Known(NamedTuple):
    """What a view says of where the cards are, before the holders are read."""

    pool: int  # the cards not seen (the turned card added when a player holds it)
    discards: int  # the other player's hidden discards (two players, better cards)
    took: bool  # whether he took his better cards
    keeper: int  # the seat that kept the trump six (-1: none)
    nobody: bool  # whether no player holds the trump six


def _better(view: View, info: Mapping[str, Any], plan: Any) -> tuple[int, int, bool, int, bool]:
    """At the two-player table with the better cards: the packet the seat looked at, the
    other player's hidden discards, whether he took his packet, and where the six is (the
    Python sampler's reading); zeros elsewhere."""
    if plan.talon != "better-cards":
        return 0, 0, False, -1, False
    me = view.seat
    opp = 1 - me
    state, counts = info.get("better"), info.get("discarded")
    looked_at = info.get("own_better_seen")
    if not isinstance(state, dict) or not isinstance(counts, dict) \
            or not isinstance(looked_at, list):
        raise NoConsistentDeal("the view does not describe the better cards")
    took = state.get(str(opp)) == "taken"
    discards = 3 if took else int(counts.get(str(opp), 0))
    if (opp, "keep six") in view.history:
        return JASS_DECK.mask(str(c) for c in looked_at), discards, took, opp, False
    nobody = plan.six_exchange and info.get("six_exchanged_by") is None \
        and not any(t == "keep six" for _, t in view.history)
    return JASS_DECK.mask(str(c) for c in looked_at), discards, took, -1, bool(nobody)


def _known(view: View, seen: JassSeen, plan: Any) -> _Known:
    """Where the view says the cards are (see :class:`_Known`)."""
    info = view.info
    turned = JASS_DECK.parse(str(info["trump_card"]))
    six = seen.mode * 9
    known = seen.hand | seen.played_all | seen.gone | 1 << turned
    if info.get("six_exchanged_by") is not None:
        known |= 1 << six
    looked, discards, took, keeper, nobody = _better(view, info, plan)
    if plan.talon != "better-cards":
        keeper, nobody = _six_rules(view, info, plan, six, turned, info.get("blind_taker"))
    return _Known(plan.deck & ~(known | looked), discards, took, keeper, nobody)


def _holders(view: View, seen: JassSeen, plan: Any, k: _Known) -> tuple[_Holders, int]:
    """The other players' hands as holders (sizes, voids, cards known in them), then the
    cards out of play as one; and the pool they deal."""
    info = view.info
    turned = JASS_DECK.parse(str(info["trump_card"]))
    six = seen.mode * 9
    holder = info.get("trump_card_holder")
    pool = k.pool
    held = _Holders()
    for s in (int(p) for p in info["players"]):
        if s == view.seat:
            continue
        size = plan.hand_size - seen.played[s].bit_count()
        if plan.talon == "better-cards" and not k.took:
            size -= k.discards
        forced = seen.shown[s] & pool
        if holder == s and not seen.played_all >> turned & 1:
            forced |= 1 << turned  # the turned card is in this hand (dealt from the pool)
            pool |= 1 << turned
        allowed = FULL & ~seen.voids[s]
        if k.keeper == s:
            forced |= 1 << six & pool
        elif k.nobody:
            allowed &= ~(1 << six)
        held.add(s, size, allowed, forced)
    rest = pool.bit_count() - k.discards - sum(held.sizes)
    if rest < 0 or any(f.bit_count() > n for f, n in zip(held.forced, held.sizes, strict=True)):
        raise NoConsistentDeal("the view holds more cards than the deck")
    held.add(-1, rest, FULL, 0)
    return held, pool


def _weis(rules: Any, view: View, seen: JassSeen) -> tuple[list[int], int, int]:
    """Each other player's Weis total announced (those who have played a card), their
    seats as a mask, and how the first trick's Weis are still to be scored (1: the best
    player's, 2: everyone's, 0: not, or already)."""
    announced = [0] * view.seats
    seats = 0
    if not rules.options.weis:
        return announced, 0, 0
    said = view.info.get("weis_announced") or {}
    for s in (int(p) for p in view.info["players"]):
        if s != view.seat and seen.played[s]:  # announced with his first card
            announced[s] = int(said.get(str(s), 0))
            seats |= 1 << s
    first_trick = seen.played_all.bit_count() < seen.nplayers
    return announced, seats, (2 if rules.options.weis_scoring == "each" else 1) \
        if first_trick else 0


def world_facts(sampler: Sampler, view: View, seed: int = 0) -> WorldFacts | None:
    """The kernel sampler's arguments for ``view`` (a Putze card play at the seat's turn, or
    its question of the trump six: the worlds as the play begins with the six kept); None
    where the Python sampler must draw (the better cards, play or pass, the six asked of
    a player who plays alone).
    :class:`~atout.bots.determinize.NoConsistentDeal` when no deal agrees."""
    import numpy as np

    from atout.kernels import jass as kj

    if not isinstance(sampler, PutzeDeterminizer) or view.phase not in WORLD_PHASES \
            or view.to_move != view.seat:
        return None
    if len(view.info["players"]) < 2:
        return None  # the six asked of a lone player: no card play follows
    rules = sampler.rules
    plan = rules.plan  # type: ignore[attr-defined]
    seen = read_view(rules, view)
    mode = seen.mode
    known = _known(view, seen, plan)
    held, pool = _holders(view, seen, plan, known)
    base, row, _ = _base(sampler, view, seed)
    for s in range(view.seats):
        base[kj.ST_HANDS + s] = 0
    base[kj.ST_HANDS + view.seat] = seen.hand
    stoeck = 0
    if rules.options.stoeck and not any(view.info.get("stoeck_points") or [0]):
        stoeck = 1 << (mode * 9 + KING) | 1 << (mode * 9 + QUEEN)
    announced, weis_seats, weis_now = _weis(rules, view, seen)
    checks = replay_checks(rules, view, seen)
    mask = sum(1 << int(s) for s in view.info["players"])
    weights = [int(discard_weight(c, mode) * WEIGHT_SCALE) for c in range(36)]

    def ints(values: Sequence[int]) -> Any:
        return np.array(values, dtype=np.int64)

    return WorldFacts(base, ints(held.seats), pool, ints(held.sizes), ints(held.allowed),
                      ints(held.forced), ints(seen.played), mask,
                      ints([c for check in checks for c in check]).reshape(-1, 5),
                      ints(announced), weis_seats, int(rules.options.big_sequences), weis_now,
                      known.discards, ints(weights), stoeck, row,
                      JASS_DECK.parse(str(view.info["trump_card"])))


_FACTS: list[tuple[View | None, int, WorldFacts | None]] = [(None, 0, None)]
"""The last view's facts (with the sampler's identity), swapped whole (safe across
threads): a decision's rounds read the view once."""


def putze_worlds(sampler: Sampler, view: View, actions: Sequence[Action], count: int,
                 reuse: int, seat: int, seed: int) -> tuple[list[float], int] | None:
    """The search's ``kernel`` rounds of the card play: ``count`` deals consistent with the
    view sampled in the kernel (:func:`atout.kernels.putze_sample.sample_worlds_kernel` on
    :func:`world_facts`) and ``reuse`` random playouts of each after each card
    (:func:`atout.kernels.putze_search.rollouts_kernel`): the summed values per action and
    the worlds used. None where the Python sampler must draw the deals. The six's question
    goes to :func:`six_worlds` (the better cards: :func:`atout.bots.putze.pre.
    search_worlds`)."""
    from atout.kernels import jass as kj
    from atout.kernels.putze_search import rollouts_kernel
    from atout.kernels.rand import fold_seed

    made = _FACTS[0]
    if made[0] is not view or made[1] != id(sampler):
        made = (view, id(sampler), world_facts(sampler, view, seed))
        _FACTS[0] = made
    facts = made[2]
    if facts is None:
        return None
    if view.phase == "six":
        return six_worlds(facts, actions, count, reuse, seat, seed)
    worlds = sample(facts, count, seed)
    worlds = worlds[worlds[:, kj.ST_TURN] == seat]
    if not len(worlds):
        return None
    import numpy as np

    cards = np.array([int(a) for a in actions], dtype=np.int64)
    rows = np.repeat(facts.scoring[None, :], len(worlds), axis=0)
    values = rollouts_kernel(worlds, cards, reuse, fold_seed(seed ^ 0x5DEECE66D), seat, rows)
    return [float(v) for v in values.sum(axis=0)], len(worlds)


def six_worlds(facts: WorldFacts, actions: Sequence[Action], count: int, reuse: int,
               seat: int, seed: int) -> tuple[list[float], int] | None:
    """The six's question (``exchange six``, ``keep six``) rolled out in the kernel:
    ``count`` worlds of ``facts`` (as the play begins, the six kept) sampled after each
    answer from the same stream, so with the same hidden cards (the seat's hand with the
    turned card for the six after an exchange: its Weis and Stöck scored on it), and
    ``reuse`` random playouts of each (:func:`atout.kernels.putze_search.playouts_kernel`,
    the same streams for both answers): the summed values per action and the worlds used;
    None when no world could be dealt."""
    import numpy as np

    from atout.kernels import jass as kj
    from atout.kernels.putze_search import playouts_kernel
    from atout.kernels.rand import fold_seed

    mode = int(facts.base[kj.ST_MODE])
    per_action = []
    for action in actions:
        base = facts.base.copy()
        if int(action) == EXCHANGE:
            hand = int(base[kj.ST_HANDS + seat])
            if not hand >> mode * 9 & 1 or facts.turned < 0:
                raise ValueError("exchange six: the seat does not hold the trump six")
            base[kj.ST_HANDS + seat] = hand & ~(1 << mode * 9) | 1 << facts.turned
        elif int(action) != KEEP:
            raise ValueError(f"the six's question is answered by exchange six or keep six, "
                             f"not {action}")
        per_action.append(sample(facts._replace(base=base), count, seed))
    dealt = per_action[0][:, kj.ST_TURN] >= 0
    if not dealt.any():
        return None
    rows = np.repeat(facts.scoring[None, :], int(dealt.sum()), axis=0)
    stream = fold_seed(seed ^ 0x5DEECE66D)
    values = [float(playouts_kernel(np.ascontiguousarray(w[dealt]), reuse, stream, seat,
                                    rows).sum()) for w in per_action]
    return values, int(dealt.sum())


def checked(facts: WorldFacts) -> WorldFacts:
    """``facts`` as the kernel takes them, or a ValueError in words (wrong shapes)."""
    import numpy as np

    from atout.kernels import jass as kj

    arrays = {name: np.ascontiguousarray(getattr(facts, name), dtype=np.int64)
              for name in ("base", "holders", "sizes", "allowed", "forced", "played_by",
                           "checks", "announced", "weights")}
    if arrays["base"].shape != (kj.STATE_SIZE,):
        raise ValueError(f"the base is a kernel state of {kj.STATE_SIZE} int64 (from encode), "
                         f"not of shape {arrays['base'].shape}")
    n = arrays["holders"].shape
    for name in ("sizes", "allowed", "forced"):
        if arrays[name].shape != n or len(n) != 1:
            raise ValueError(f"one entry of {name} per holder ({n[0]} holders), not shape "
                             f"{arrays[name].shape}")
    seats = int(arrays["base"][kj.ST_N])
    for name in ("played_by", "announced"):
        if arrays[name].shape != (seats,):
            raise ValueError(f"one entry of {name} per seat ({seats}), not shape "
                             f"{arrays[name].shape}")
    if arrays["checks"].ndim != 2 or arrays["checks"].shape[1] != 5:
        raise ValueError(f"the replay checks are rows of 5, not shape {arrays['checks'].shape}")
    if arrays["weights"].shape != (36,):
        raise ValueError(f"one discard weight per card (36), not shape "
                         f"{arrays['weights'].shape}")
    if int(arrays["sizes"].sum()) + facts.discards != facts.pool.bit_count():
        raise ValueError(f"the holders' sizes and the discards ({int(arrays['sizes'].sum())} "
                         f"+ {facts.discards}) must deal the pool's "
                         f"{facts.pool.bit_count()} cards")
    return facts._replace(**arrays)  # type: ignore[arg-type]


def sample(facts: WorldFacts, count: int, seed: int) -> Any:
    """``count`` worlds of ``facts`` from ``seed`` (:func:`atout.kernels.putze_sample.
    sample_worlds_kernel`): kernel states, a world no try dealt with its turn -1."""
    from atout.kernels.jass import whole
    from atout.kernels.putze_sample import sample_worlds_kernel
    from atout.kernels.rand import fold_seed

    f = checked(facts)
    return sample_worlds_kernel(f.base, f.holders, f.pool, f.sizes, f.allowed, f.forced,
                                f.played_by, f.players, f.checks, f.announced, f.weis_seats,
                                f.big, f.weis_now, f.discards, f.weights, f.stoeck, MAX_TRIES,
                                SOFT_TRIES, whole(count, "count"), fold_seed(seed))


__all__ = ["KERNEL_WORLDS", "WORLD_PHASES", "WorldFacts", "checked", "putze_worlds",
           "replay_checks", "sample", "six_worlds", "world_facts"]
