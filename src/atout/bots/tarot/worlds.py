"""The Tarot search's sampling in the kernel: worlds dealt and rolled out in two kernel calls.

:func:`tarot_worlds` is the search's :class:`~atout.bots.parts.BatchWorlds`: the facts of a
view (:func:`world_facts`, read once per view by the Python sampler's own
:class:`~atout.bots.tarot.sampler.ViewReading` and turned into arrays) go to
:func:`atout.kernels.tarot_sample.sample_worlds_kernel`, which deals the hidden cards, reads
the bids and replays the history as :class:`~atout.bots.tarot.sampler.TarotDeterminizer`
does, and the worlds it returns are rolled out by :func:`roll_worlds`. It answers None
where the Python sampler must draw: a sampler that is not a :class:`TarotDeterminizer` (the
clairvoyant yardstick), or no world dealt (the Python sampler then tries, and says when no
deal agrees).

The search uses it with its ``kworlds`` option (1 by default where numba compiles the
kernels, as ``kernel``; ``search:kworlds=0`` keeps the Python sampler with the kernel's
rollouts, the comparison of ``benchmarks/tarot_rollouts.py``). Each call deals as many
worlds as the search's round still needs (``Batch(fit=True)``), so both samplers search
the same number of worlds.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from atout.bots.determinize import MAX_TRIES
from atout.bots.parts import Sampler
from atout.bots.tarot.bids import CHOICES, FEATURES, default_model
from atout.bots.tarot.sampler import TarotDeterminizer
from atout.core import Action, Rules, View
from atout.games.tarot.tables import A_PASS

LO = (1 << 56) - 1
"""The suit cards' word of a card mask (the kernel's ``lo``)."""

WorldFacts = tuple[Any, ...]
"""The arguments of :func:`atout.kernels.tarot_sample.sample_worlds_kernel` before the
count and the seed (see :func:`world_facts`)."""

_FACTS: list[tuple[View | None, Sampler | None, WorldFacts | None]] = [(None, None, None)]
"""The last view's facts and the sampler that read them, swapped whole (safe across
threads)."""


PLAY_TRUST = 0.1
"""How far the kernel's sampler trusts that the other seats play their cards as the
heuristic does (1: not read; :func:`atout.kernels.tarot_sample.replay_read`): a world is
moved, two hidden cards at a time, toward one from whose hands the heuristic would have
played them all, a move that explains ``d`` more cards or bids badly taken with probability
``PLAY_TRUST ** d``. When they are read, another taker's hidden
écart is the heuristic's écart of the world's hand with the chien but for the cards he plays
later, each of those a card explained badly (:func:`atout.kernels.tarot_ecart.read_discard`).
The Python sampler reads neither."""
PLAY_MISSES = 12
"""The most cards explained badly told apart (more weigh as many)."""
PLAY_SOFT = 24
"""The most moves of a world toward the cards read, from the first dealing that replays
(:func:`atout.kernels.tarot_sample.swap_cards` on the first card it explains badly); it
stops at one that explains them all."""


def _readers(view: View) -> int:
    """The seats whose cards the kernel's sampler reads (:data:`PLAY_TRUST`): every other
    seat, none when the trust is 1."""
    if PLAY_TRUST >= 1:
        return 0
    return ((1 << view.seats) - 1) & ~(1 << view.seat)


def _words(masks: Sequence[int]) -> Any:
    """Card masks as rows of the kernel's two words (lo, hi)."""
    import numpy as np

    return np.array([[m & LO, m >> 56] for m in masks], dtype=np.int64).reshape(-1, 2)


def template_state(rules: Rules[Any], dealer: int) -> Any:
    """The kernel state of a deal of ``rules``' table by ``dealer`` before its cards are
    dealt (its options, sizes, first seat to speak): what the sampler lays each world on."""
    from atout.games.tarot.deal import TarotDeal
    from atout.kernels import tarot_layout as ly
    from atout.kernels.tarot import PH_BID, encode

    deal = rules.deal(seed=0, dealer=dealer)
    assert isinstance(deal, TarotDeal)
    s = encode(deal)
    n = int(s[ly.N])
    for seat in range(n):
        s[ly.HANDS_LO + seat] = s[ly.HANDS_HI + seat] = 0
    s[ly.CHIEN_LO] = s[ly.CHIEN_HI] = 0
    s[ly.MISERES] = 0
    s[ly.PHASE] = PH_BID
    s[ly.TURN] = s[ly.LEADER] = (dealer + 1) % n
    return s


def bid_table(n: int) -> tuple[Any, bool]:
    """The fitted bid model's weights for ``n`` players as a (5, 15) array, and whether
    there is one (without, the kernel bids by the hand count, as the heuristic does)."""
    import numpy as np

    model = default_model()
    table = None if model is None else model.weights.get(n)
    if table is None:
        return np.zeros((len(CHOICES), len(FEATURES)), dtype=np.float64), False
    return np.array(table, dtype=np.float64), True


def world_facts(sampler: Sampler, view: View) -> WorldFacts | None:
    """What the kernel's sampler must agree with for ``view``, as its arguments (see
    :func:`atout.kernels.tarot_sample.sample_worlds_kernel`): the table's template, the
    history as ``(actor, action)`` rows (-1: a hidden discard), the seat to move, each
    seat's cards surely dealt, the holders of the hidden cards with their pool, sizes,
    allowed and forced cards, the écart's and chien's places and known cards, the taker,
    the bids to read and the model's weights, the tries. None for a sampler that is not a
    :class:`TarotDeterminizer`; :class:`~atout.bots.determinize.NoConsistentDeal` when the
    view's counts do not add up (as the Python sampler)."""
    import numpy as np

    from atout.kernels.kit import keep_weights

    if not isinstance(sampler, TarotDeterminizer):
        return None
    made = _FACTS[0]
    if made[0] is view and made[1] is sampler:
        return made[2]
    r = sampler.reading(view)
    n = view.seats
    steps = np.array([(actor, -1 if a is None else a) for actor, a in r.steps],
                     dtype=np.int64).reshape(-1, 2)
    auction = np.array([(s, a - A_PASS, legal >> A_PASS) for s, a, legal in r.auction],
                       dtype=np.int64).reshape(-1, 3)
    table, has_model = bid_table(n)
    holders = np.array([s for s in r.holders], dtype=np.int64)
    facts: WorldFacts = (
        template_state(sampler.rules, view.dealer), steps,
        -1 if view.to_move is None else int(view.to_move), _words(r.base), holders,
        _words([r.pool])[0], np.array(r.sizes, dtype=np.int64), _words(r.allowed),
        _words(r.forced), r.ecart_at, r.chien_at, _words([r.ecart_base])[0],
        _words([r.ecart_known])[0], _words([r.chien_known])[0], r.taker, r.took_chien,
        auction, table, has_model, sampler.read_bids, _readers(view),
        keep_weights(PLAY_TRUST, PLAY_MISSES + 1), PLAY_SOFT, MAX_TRIES)
    _FACTS[0] = (view, sampler, facts)
    return facts


def sample_worlds(sampler: Sampler, view: View, count: int, seed: int) -> Any:
    """``count`` worlds agreeing with ``view`` dealt in the kernel, as kernel states (rows
    of :data:`atout.kernels.tarot.LENGTH`); a world no try dealt has its turn -1.
    ``ValueError`` for a sampler that is not a :class:`TarotDeterminizer`."""
    from atout.kernels.rand import fold_seed
    from atout.kernels.tarot_sample import sample_worlds_kernel

    if isinstance(count, bool) or not isinstance(count, int) or count < 0:
        raise ValueError(f"count must be a whole number of worlds, 0 or more, not {count!r}")
    facts = world_facts(sampler, view)
    if facts is None:
        raise ValueError(f"the sampler must be a TarotDeterminizer, not "
                         f"{type(sampler).__name__}")
    kernel: Any = sample_worlds_kernel  # its arguments: the facts, then these two
    return kernel(*facts, count, fold_seed(seed))


def tarot_worlds(sampler: Sampler, view: View, actions: Sequence[Action], count: int,
                 reuse: int, seat: int, seed: int, model: int = -1
                 ) -> tuple[list[float], int] | None:
    """The search's kernel rounds with the sampling in the kernel: ``count`` worlds
    (:func:`sample_worlds`) rolled out ``reuse`` times after each action by
    :func:`roll_worlds` (``model`` 0 or more: the other seats by the heuristic's card, the
    search's model of the table; -1: every seat greedy); the summed values per action and
    the worlds used, or None where the Python sampler must draw the deals."""
    from atout.kernels import tarot_layout as ly

    if not isinstance(sampler, TarotDeterminizer):
        return None
    worlds = sample_worlds(sampler, view, count, seed)
    worlds = worlds[worlds[:, ly.TURN] == seat]
    if not len(worlds):
        return None
    got = roll_worlds(worlds, actions, reuse, seed ^ 0x5DEECE66D, seat, model)
    return [float(v) for v in got.sum(axis=0)], len(worlds)


LOOK = 1
"""Which seats of the card play's rollouts with the model of the table look one card ahead
of the heuristic (:mod:`atout.kernels.tarot_lookahead`), the others playing the
heuristic's card: 0 none (the searching seat greedy instead), 1 the searching seat, 2 its
side."""

_PLAYED = [0, 0]
"""What :func:`roll_worlds` has played in this process: its rollouts, then the lookahead's
continuations within them."""


def rollouts_played() -> int:
    """How many rollouts :func:`roll_worlds` has played in this process so far, each once:
    a lookahead rollout draws nothing at random, so the search plays it once and counts it
    ``reuse`` times in its ``total_playouts`` (its weight among the greedy rollouts), where
    this counts it once. Not locked: searches in several threads at once may lose a count."""
    return _PLAYED[0]


def continuations() -> int:
    """How many continuations to the end of the deal the lookahead seats of
    :func:`roll_worlds` have played in this process so far, besides the rollouts themselves
    (each lookahead turn plays one for each card it tries). With :func:`rollouts_played`,
    what a benchmark counts as the search's playouts to the end. Not locked, as
    :func:`rollouts_played`."""
    return _PLAYED[1]


def roll_worlds(worlds: Any, actions: Sequence[Action], reuse: int, seed: int, seat: int,
                model: int) -> Any:
    """The kernel's rollouts of ``worlds`` (kernel states at ``seat``'s turn, all in one
    phase) after each action, shape ``(worlds, actions)``: in the card play by
    :func:`atout.kernels.tarot_search.rollouts_kernel`, or with :data:`LOOK` and the model
    of the table by :func:`atout.kernels.tarot_lookahead.rollouts_kernel`; before it (a bid,
    the call, the écart, the chelem question) by
    :func:`atout.kernels.tarot_preplay.pre_rollouts_kernel`, the heuristic's decisions up to
    the card play then the greedy card play (``model`` 0 or more: the other seats by the
    heuristic's card; -1: every seat greedy)."""
    import numpy as np

    from atout.kernels import tarot_layout as ly
    from atout.kernels.rand import fold_seed
    from atout.kernels.tarot import PH_PLAY

    states = np.ascontiguousarray(worlds)
    picks = np.array([int(a) for a in actions], dtype=np.int64)
    side = 1 if model >= 0 else 0
    if int(states[0, ly.PHASE]) == PH_PLAY:
        if LOOK and model >= 0:
            from atout.kernels import tarot_lookahead

            tally = np.zeros(1, dtype=np.int64)
            values = tarot_lookahead.rollouts_kernel(states, picks, reuse, seat, LOOK == 2,
                                                     tally)
            _PLAYED[0] += len(states) * len(picks)  # one each, counted reuse times
            _PLAYED[1] += int(tally[0])
            return values
        from atout.kernels.tarot_search import rollouts_kernel

        _PLAYED[0] += len(states) * len(picks) * reuse
        return rollouts_kernel(states, picks, reuse, fold_seed(seed), seat, side)
    from atout.kernels.tarot_preplay import pre_rollouts_kernel

    table, has_model = bid_table(int(states[0, ly.N]))
    _PLAYED[0] += len(states) * len(picks) * reuse
    return pre_rollouts_kernel(states, picks, reuse, fold_seed(seed), seat, side, table,
                               has_model)


def warm_up() -> bool:
    """The kernel sampler's calls on a view of the auction and one of the card play (they
    compile, or load from the cache); whether a world was dealt."""
    from atout.games import make

    rules = make("tarot")
    first: Any = rules.deal(seed=0)
    view = first.view(first.to_move)
    legal = [rules.actions.parse(t) for t in view.legal]
    if tarot_worlds(TarotDeterminizer(rules), view, legal, 2, 1, view.seat, 0, 0) is None:
        return False
    for seed in range(20):
        deal: Any = rules.deal(seed=seed)
        rng = random.Random(seed)
        while deal.to_move is not None and deal.phase != 5:
            deal.play(rng.choice(deal.legal_actions()))
        if deal.to_move is None:
            continue
        view = deal.view(deal.to_move)
        legal = [rules.actions.parse(t) for t in view.legal]
        got = tarot_worlds(TarotDeterminizer(rules), view, legal, 2, 1, view.seat, seed, 0)
        return got is not None
    return False


__all__ = ["WorldFacts", "bid_table", "roll_worlds", "sample_worlds", "tarot_worlds",
           "template_state", "warm_up", "world_facts"]
