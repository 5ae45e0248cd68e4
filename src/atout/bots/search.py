"""The search bot: determinized (perfect-information Monte Carlo) search, for every game.

For each decision the bot samples deals consistent with its view (see
:mod:`atout.bots.determinize`), tries every legal action on each sample and plays the sample
to its end with the game's rollout policy, then keeps the action with the best mean outcome
for its side. All actions are tried on the same samples, so the comparison is paired. Later
samples go only to the actions still in contention (successive halving), so the budget is
spent where the choice is close. Decisions before the play (trump, push, bids, the écart, the
blind, knocking) go through the same loop: they are actions like any other. Where the game
has an exact solver (Jass) and it is asked for, each sample of the last tricks is solved
exactly by alpha-beta instead of rolled out.

The bot is assembled from the parts of :mod:`atout.bots.parts` (sampler, rollout policy,
evaluator, budget): by default the game's, each of which may be given instead. The budget is a
number of playouts (reproducible for a seed) and optionally a time limit.
"""

from __future__ import annotations

import random
import time
from functools import partial
from typing import Any, TypeVar, cast

from atout.bots.base import Bot
from atout.bots.determinize import NoConsistentDeal
from atout.bots.parts import (
    DEFAULT_BUDGET,
    DEFAULT_OPTIONS,
    KEY_DECIDERS,
    Batch,
    BatchRollouts,
    BatchWorlds,
    Budget,
    Evaluator,
    GameParts,
    RolloutPolicy,
    Sampler,
    SearchOptions,
    kernel_sampler,
    settle,
    side_value,
)
from atout.bots.registry import parts_for
from atout.core import Action, Deal, Result, Rules, View
from atout.kernels import NUMPY

__all__ = ["KEY_DECIDERS", "Budget", "SearchBot", "SearchOptions", "side_value"]

_T = TypeVar("_T")

WORLDS = 8
"""Sampled deals whose rollouts go to the batched kernel in one call (``kernel``)."""


def _known(value: _T | None) -> _T:
    """A settled field (the defaults set every one)."""
    assert value is not None
    return value


def _batch_phases(parts: GameParts) -> frozenset[str]:
    """The phases whose decisions the game's batched kernel rolls out (none without one)."""
    return frozenset() if parts.batch is None else parts.batch.phases


def halved(alive: list[Action], sums: dict[Action, float],
           counts: dict[Action, int]) -> list[Action]:
    """The better half (at least two) of the actions in contention by their mean so far;
    all of them when two or fewer are left."""
    if len(alive) <= 2:
        return alive
    ranked = sorted(alive, key=lambda a: -sums[a] / max(1, counts[a]))
    return ranked[:max(2, (len(ranked) + 1) // 2)]


def round_deadline(start: float, deadline: float | None, r: int, rounds: int) -> float | None:
    """When round ``r`` of ``rounds`` of a search timed from ``start`` to ``deadline`` ends:
    each round gets an equal share of the time, as of the playouts, so that a time limit
    under the playout budget still halves the field (None: no time limit)."""
    return None if deadline is None else start + (deadline - start) * (r + 1) / rounds


class SearchBot(Bot):
    """Determinized Monte Carlo search over the seat's view.

    Its parts (:mod:`atout.bots.parts`) are the game's unless given: ``sampler`` draws the
    deals, ``rollout`` plays them out (a given one is used as is, whatever ``model`` says),
    ``evaluator`` values their results for the seat. ``budget`` and ``options`` (typed
    :class:`~atout.bots.parts.Budget` and :class:`~atout.bots.parts.SearchOptions`) settle
    the settings below, which may also be given one by one as keywords: a keyword wins over
    ``budget`` or ``options``, which win over the game's defaults.

    ``playouts`` is the budget per decision (default: the game's, under a second on one
    core; the decisions that shape a whole deal, such as trump or a bid, get a few times
    more); ``seconds`` an optional time limit per decision on top of it; ``rounds`` how many
    times the field of candidate actions is halved; ``reuse`` how many rollouts each action
    gets on one sampled deal (sampling costs more than a rollout; default: the game's, 2, or
    1 where the rollout is deterministic); ``tie`` a margin (in the
    search's score: the seat's points minus the others' mean): when the heuristic's action
    stayed in contention and scores within it of the best one, the bot plays the heuristic's
    action (default: the game's, 3 in Jass; 0 turns it off). Where the search
    cannot tell two actions apart, the player's rules of thumb choose: they know what a
    perfect-information sample cannot, such as keeping the Buur or not giving a trick away
    on a guess. ``exact``: once the seat holds this many cards or fewer, each sample is
    solved exactly (alpha-beta, every hand known; in Pitch the seat's best reply to the
    heuristic's play at the other seats) instead of rolled out; 0: never; the default is the
    game's (2 in Tarot, 0 elsewhere); only games with a solver take it (Jass, Tarot and
    Pitch). ``common``: 1 rolls every action out on a sample from the same random seed
    (common random numbers: the actions are compared on the same luck, so the comparison is
    less noisy), 0 (the default) from one running stream: in Jass it made the choices
    steadier from seed to seed but not stronger. ``model``: 1 plays the other side in the
    rollouts by the heuristic's rules, from their own cards and what they have seen (a model
    of the players at the table), 0 plays every seat by the rollout
    policy; only games with such a rollout take 1 (Jass, Pitch and Tarot, where it is the
    default; in Pitch every seat, the search's own too, plays by the heuristic's rules; in
    Tarot every seat but the search's own). ``prune``: 1 (the default) tries only the
    actions the game's parts say can differ (Pitch: one of equivalent cards, the tangage with
    each suit's top card only; Tarot: no prise where a garde may be bid), 0 every legal
    action.
    ``key``: who makes the decisions that shape the whole deal (trump, bids, play or pass:
    the game's key phases), ``search`` (with ``key_factor`` times the budget) or
    ``heuristic`` (the heuristic's choice); the default is the game's: ``heuristic`` in Jass,
    whose heuristic names trump by a model fitted on played-out deals (as good as a search
    of the same choice, at a ten-thousandth of its time: docs/bots.md), and in Putze, whose
    heuristic values play, pass and the blind over sampled deals; ``search`` elsewhere.
    Pitch's default is ``heuristic`` at three players or more: the game's
    ``search_heuristic`` bids and pitches by the model fitted on played-out deals; heads-up it
    is ``search`` (the auction is a duel, and the bids searched gain most there).
    ``courtesy``: rounds of turns every player gets before the bot ends the deal by its own
    choice (Knock Rummy: no knock before every player has drawn that many times, unless it
    shows no deadwood), for a table with
    people; 0, the default, none. ``kernel``: 1 runs the card play's rollouts in the
    game's compiled kernel, batched (Jass: every seat by the heuristic's rules with
    ``model=1``, the greedy policy with ``model=0``; Tarot: the greedy policy, or with
    ``model`` the search's model of the table; the game's
    :class:`~atout.bots.parts.Batch` ``reuse`` rollouts per action on each sample unless
    ``reuse`` is given, on its ``factor`` times the budget's worlds (``key_factor`` in the
    key phases); the values are :func:`~atout.bots.parts.side_value`'s; Knock Rummy:
    the draws and discards, every seat by the heuristic's rules, its default where numpy is
    installed; Putze: random cards, scored in putzes and pommes as the engine,
    :mod:`atout.bots.putze.kernel`; Pitch: the bids and the card play, the hidden hands
    sampled in the kernel too, :mod:`atout.bots.pitch.batch`); 0 the Python rollouts. It
    needs numpy (``pip install atout[fast]``). Jass's, Putze's, Pitch's and Tarot's default
    is 1 where numba compiles the kernels (:data:`atout.bots.jass.kernel.KERNEL_DEFAULT`,
    :data:`atout.bots.putze.kernel.KERNEL_DEFAULT`,
    :data:`atout.bots.pitch.batch.KERNEL_DEFAULT`,
    :data:`atout.bots.tarot.batch.KERNEL_DEFAULT`): its first decision starts their
    compilation in a thread and the search plays its Python rollouts until they are ready
    (:attr:`kernel_when_ready`); ``kernel=1`` given waits for them. ``kworlds``: with
    ``kernel``, 1 (the default) samples the hidden hands in the kernel too where the game
    can (Jass past the first trick, Pitch, Putze's card play, Knock Rummy, Tarot where numba
    compiles: :attr:`~atout.bots.parts.Batch.worlds`), 0 by the game's Python sampler (to
    compare the two).
    """

    name = "search"

    def __init__(self, rules: Rules[Any], seat: int, seed: int = 0, *,
                 budget: Budget | None = None, options: SearchOptions | None = None,
                 sampler: Sampler | None = None, rollout: RolloutPolicy | None = None,
                 evaluator: Evaluator | None = None,
                 playouts: int | None = None, seconds: float | None = None,
                 rounds: int | None = None, reuse: int | None = None, tie: float | None = None,
                 exact: int | None = None, common: int | None = None, model: int | None = None,
                 prune: int | None = None, key: str | None = None,
                 courtesy: int | None = None, kernel: int | None = None,
                 kworlds: int | None = None) -> None:
        super().__init__(rules, seat, seed)
        parts = parts_for(rules)
        self.parts: GameParts = parts
        """The game's parts, those not given here included."""
        self.budget: Budget = settle(
            Budget(playouts, seconds, rounds, reuse), budget,
            None if parts.table_budget is None else parts.table_budget(rules), parts.budget,
            DEFAULT_BUDGET)
        """The settled budget: each field the keyword's, else ``budget``'s, else the game's
        (for the table, then its own)."""
        self.options: SearchOptions = settle(
            SearchOptions(tie, exact, common, model, prune, key, courtesy, kernel, kworlds),
            options,
            None if parts.table_options is None else parts.table_options(rules),
            parts.options, DEFAULT_OPTIONS)
        """The settled options, as :attr:`budget`."""
        self.playouts: int = _known(self.budget.playouts)
        self.seconds: float | None = self.budget.seconds
        self.rounds: int = _known(self.budget.rounds)
        self.reuse: int = _known(self.budget.reuse)
        self.tie: float = _known(self.options.tie)
        self.exact: int = _known(self.options.exact)
        self.common = bool(self.options.common)
        self.model = bool(self.options.model)
        self.prune = bool(self.options.prune)
        self.key: str = _known(self.options.key)
        self.courtesy: int = _known(self.options.courtesy)
        self.kernel = bool(self.options.kernel)
        self.kworlds = bool(self.options.kworlds)
        given_reuse = reuse is not None or (budget is not None and budget.reuse is not None)
        self.kernel_reuse: int = (self.reuse if given_reuse or parts.batch is None
                                  else parts.batch.reuse)
        """Rollouts per action on each sample with ``kernel``."""
        given_kernel = kernel is not None or (options is not None and options.kernel is not None)
        self.kernel_when_ready: bool = (self.kernel and not given_kernel
                                        and parts.batch is not None
                                        and parts.batch.ready is not None)
        """The kernel is the game's default, not asked for: the search uses it once it is
        ready (:attr:`~atout.bots.parts.Batch.ready`), its Python rollouts until then."""
        self._check(parts)
        self.sampler: Sampler = parts.sampler(rules) if sampler is None else sampler
        self.rollout: RolloutPolicy = self._rollout(parts) if rollout is None else rollout
        self.evaluator: Evaluator = parts.evaluator if evaluator is None else evaluator
        self.fallback: Bot = (parts.search_heuristic or parts.heuristic)(rules, seat, seed)
        """Plays when no deal consistent with the view can be sampled (counted in
        ``fallbacks``): a sampler that cannot follow a rare variant never stops the game."""
        self.fallbacks = 0
        self.key_phases = parts.key_phases
        self.key_factor = parts.key_factor
        self.last: dict[str, tuple[float, int]] = {}
        """For the last decision: each action tried, its mean margin and number of playouts."""
        self.weighed: dict[str, tuple[float, int]] = {}
        """For the last decision when the heuristic made it (``key=heuristic``) by value: its
        ``weighed`` options (see :attr:`atout.bots.hint.Hint.worth`)."""
        self.total_playouts = 0
        self.total_seconds = 0.0

    def _check(self, parts: GameParts) -> None:
        """``ValueError`` for an option the game has no part for."""
        name = self.rules.name
        if self.model and parts.model is None:
            raise ValueError(f"model: there is no model of the players for {name}; the "
                             "games with one: jass, pitch, tarot")
        if self.exact and parts.exact is None:
            raise ValueError(f"exact: there is no exact solver for {name}; the games "
                             "with one: jass, tarot, pitch")
        if self.kernel and parts.batch is None:
            raise ValueError(f"kernel: there are no compiled rollouts for {name}; the games "
                             "with them: jass, knock-rummy, pitch, putze, tarot")
        if self.kernel and not NUMPY:
            raise ValueError("kernel: the compiled rollouts need numpy: pip install "
                             "'atout[fast]'")
        if self.courtesy and parts.courteous is None:
            raise ValueError(f"courtesy: {name} has no choice that ends a deal early; "
                             "the game with one: knock-rummy")

    def _rollout(self, parts: GameParts) -> RolloutPolicy:
        """The game's rollout, or its model of the table with the other side modelled."""
        if not self.model:
            return parts.rollout
        assert parts.model is not None
        model_rollout = parts.model.rollout
        # two sides by seat parity in Jass; Pitch models every seat; Tarot's sides come
        # from the auction, so its model is told the searching seat (``by_seat``)
        other = self.seat if parts.model.by_seat else 1 - self.seat % 2

        def rollout(deal: Deal, rng: random.Random) -> Result:
            return model_rollout(deal, rng, other)

        return rollout

    def _choose_exact(self, view: View, legal: list[Action], start: float,
                      deadline: float | None) -> Action:
        """Each sample solved exactly for every action; the best mean margin wins."""
        assert self.parts.exact is not None
        solver = self.parts.exact.solver
        samples = max(4, self.playouts // self.parts.exact.cost)
        sums = dict.fromkeys(legal, 0.0)
        done = 0
        for _ in range(samples):
            if done and deadline is not None and time.perf_counter() >= deadline:
                break
            try:
                deal = self.sampler.sample(view, self.rng)
            except NoConsistentDeal:
                if done:
                    break
                self.fallbacks += 1
                return self.fallback.choose(view)
            exact = solver(deal)
            for a in legal:
                d = deal.clone()
                d.step(a)
                sums[a] += exact(d, self.seat)
            done += 1
        self.total_playouts += done * len(legal)
        self.total_seconds += time.perf_counter() - start
        self.last = {a.text: (sums[a] / done, done) for a in legal}
        return self._settle(view, max(legal, key=lambda a: (sums[a] / done, -int(a))))

    def _candidates(self, view: View) -> list[Action]:
        """The legal actions the search tries: those that can differ (``prune``), minus
        those that end the deal too early for the table (``courtesy``)."""
        actions = self.rules.actions
        legal = [actions.parse(t) for t in view.legal]
        if len(legal) > 1 and self.prune and self.parts.candidates is not None:
            legal = self.parts.candidates(self.rules, view, legal)
        if len(legal) > 1 and self.courtesy:
            assert self.parts.courteous is not None
            legal = self.parts.courteous(self.rules, view, self.courtesy, legal)
        return legal

    def choose(self, view: View) -> Action:
        """The action with the best mean margin over the sampled deals."""
        if not view.legal:
            raise ValueError(f"seat {view.seat} has no legal action: it is not its turn")
        self.last = {}
        self.weighed = {}
        legal = self._candidates(view)
        if len(legal) == 1:
            return legal[0]
        if self.key == "heuristic" and view.phase in self.key_phases:
            action = self.fallback.choose(view)
            self.weighed = dict(getattr(self.fallback, "weighed", {}))
            return action
        start = time.perf_counter()
        deadline = None if self.seconds is None else start + self.seconds
        if self.exact and len(view.hand) <= self.exact and view.phase == "play":
            return self._choose_exact(view, legal, start, deadline)
        in_kernel = self.kernel and view.phase in _batch_phases(self.parts)
        if (in_kernel or self._worlds_only(view)) and self._kernel_now():
            chosen = self._choose_batched(view, legal, start, deadline)
            if chosen is not None:
                return chosen
        return self._choose_sampled(view, legal, start, deadline)

    def _worlds_only(self, view: View) -> bool:
        """Whether this decision's phase is rolled out in the kernel only with its worlds
        sampled there (:attr:`~atout.bots.parts.Batch.world_phases`) and they are."""
        batch = self.parts.batch
        return (self.kernel and self.kworlds and batch is not None
                and batch.worlds is not None and view.phase in batch.world_phases)

    def _kernel_now(self) -> bool:
        """Whether this decision runs on the kernel: always when asked for, by the game's
        default once the kernel is ready (the first asking starts readying it)."""
        if not self.kernel_when_ready:
            return True
        batch = self.parts.batch
        assert batch is not None and batch.ready is not None
        return batch.ready()

    def _sample(self, view: View, spent: int) -> Deal | None:
        """A sampled deal; None when sampling fails after some playouts were spent (the
        search stops there), :class:`NoConsistentDeal` when it fails before any."""
        try:
            return self.sampler.sample(view, self.rng)
        except NoConsistentDeal:
            if spent:
                return None
            raise

    def _choose_sampled(self, view: View, legal: list[Action], start: float,
                        deadline: float | None) -> Action:
        """Every action rolled out on each sample, the field halved each round."""
        sums = dict.fromkeys(legal, 0.0)
        counts = dict.fromkeys(legal, 0)
        alive = list(legal)
        spent = 0
        # common random numbers: every action's rollout on a sample starts from the same seed
        common = random.Random() if self.common else None
        budget = self.playouts
        if view.phase in self.key_phases:
            budget *= self.key_factor
        # successive halving: round r gets an equal share of the budget (and of the time)
        per_round = budget / self.rounds
        try:
            for r in range(self.rounds):
                target = min(budget, int(per_round * (r + 1)))
                until = round_deadline(start, deadline, r, self.rounds)
                while spent < target and (spent == 0 or until is None
                                          or time.perf_counter() < until):
                    deal = self._sample(view, spent)
                    if deal is None:
                        break
                    spent += self._roll(deal, alive, sums, counts, common)
                if r + 1 < self.rounds:
                    alive = halved(alive, sums, counts)
                if deadline is not None and time.perf_counter() >= deadline:
                    break
        except NoConsistentDeal:
            self.fallbacks += 1
            return self.fallback.choose(view)
        return self._finish(view, legal, alive, sums, counts, start, spent)

    def _kernels(self, batch: Batch) -> tuple[BatchRollouts, BatchWorlds | None]:
        """The game's batched rollouts and in-kernel sampling for this search: the model's
        rollouts with the ``model`` option where the game has them, the model's side given
        to kernels that take it (:attr:`~atout.bots.parts.Batch.takes_model`)."""
        batched = batch.model if self.model and batch.model is not None else batch.rollouts
        worlds = batch.worlds if self.kworlds else None
        if batch.takes_model:
            # the game's kernel plays the search's model of the table too
            side = 1 - self.seat % 2 if self.model else -1
            batched = partial(cast(Any, batched), model=side)
            if worlds is not None:
                worlds = partial(cast(Any, worlds), model=side)
        return batched, worlds

    def _in_kernel(self, worlds: BatchWorlds, view: View, alive: list[Action],
                   count: int) -> tuple[list[float], int] | None:
        """``count`` worlds drawn and rolled out by the game's kernel (:class:`BatchWorlds`)
        for the actions in contention, through the sampler a wrapped sampler names
        (:func:`~atout.bots.parts.kernel_sampler`); None where the kernel draws none."""
        stand_in = kernel_sampler(self.sampler, view)
        if stand_in is None:
            return None
        return worlds(stand_in, view, alive, count, self.kernel_reuse, self.seat,
                      self.rng.getrandbits(63))

    def _choose_batched(self, view: View, legal: list[Action], start: float,
                        deadline: float | None) -> Action | None:
        """:meth:`_choose_sampled` with the rollouts of :data:`WORLDS` samples for every
        action in contention in one call of the game's batched kernel. The budget counts
        ``reuse`` rollouts per action and sample, as the Python rollouts would spend; the
        kernel plays ``kernel_reuse`` (all are counted in ``total_playouts``). In a phase
        of :attr:`~atout.bots.parts.Batch.world_phases`: None when the kernel's worlds
        give none before any deal (the Python sampler and rollouts decide then)."""
        batch = self.parts.batch
        assert batch is not None
        batched, worlds = self._kernels(batch)
        worlds_only = view.phase not in batch.phases
        sums = dict.fromkeys(legal, 0.0)
        counts = dict.fromkeys(legal, 0)
        alive = list(legal)
        spent = played = 0
        budget = self.playouts
        if view.phase in self.key_phases:  # the key decisions get more, as when sampled
            budget *= self.parts.kernel_key_factor
        else:
            budget *= batch.factor_for(self.rules)
        per_round = budget / self.rounds
        rng = self.rng
        try:
            for r in range(self.rounds):
                target = min(budget, int(per_round * (r + 1)))
                until = round_deadline(start, deadline, r, self.rounds)
                while spent < target and (spent == 0 or until is None
                                          or time.perf_counter() < until):
                    if worlds is not None:
                        count = batch.count
                        if batch.fit:  # as many deals as the Python sampler's loop below
                            need = -(-(target - spent) // (len(alive) * self.reuse))
                            count = max(1, min(count, need))
                        got = self._in_kernel(worlds, view, alive, count)
                        if got is not None:
                            for a, v in zip(alive, got[0], strict=True):
                                sums[a] += v
                                counts[a] += got[1] * self.kernel_reuse
                            spent += got[1] * len(alive) * self.reuse
                            played += got[1] * len(alive) * self.kernel_reuse
                            continue
                        if worlds_only:
                            if not spent:
                                return None
                            break
                        worlds = None  # the Python sampler's turn, for this decision
                    deals: list[Deal] = []
                    while len(deals) < WORLDS and spent + len(deals) * len(alive) < target:
                        deal = self._sample(view, spent + len(deals))
                        if deal is None:
                            break
                        deals.append(deal)
                        if until is not None and time.perf_counter() >= until:
                            break
                    if not deals:
                        break
                    values = batched(deals, alive, self.kernel_reuse, self.seat,
                                     rng.getrandbits(63))
                    for a, v in zip(alive, values, strict=True):
                        sums[a] += v
                        counts[a] += len(deals) * self.kernel_reuse
                    spent += len(deals) * len(alive) * self.reuse
                    played += len(deals) * len(alive) * self.kernel_reuse
                if r + 1 < self.rounds:
                    alive = halved(alive, sums, counts)
                if deadline is not None and time.perf_counter() >= deadline:
                    break
        except NoConsistentDeal:
            self.fallbacks += 1
            return self.fallback.choose(view)
        return self._finish(view, legal, alive, sums, counts, start, played)

    def _finish(self, view: View, legal: list[Action], alive: list[Action],
                sums: dict[Action, float], counts: dict[Action, int], start: float,
                playouts: int) -> Action:
        """The end of a sampled or batched search: its counters and ``last`` kept, the best
        action still in contention by its mean (ties: the lowest id) settled."""
        self.total_playouts += playouts
        self.total_seconds += time.perf_counter() - start
        self.last = {a.text: (sums[a] / counts[a], counts[a]) for a in legal if counts[a]}
        return self._settle(view, max(alive, key=lambda a: (sums[a] / max(1, counts[a]),
                                                            -int(a))))

    def _roll(self, deal: Deal, alive: list[Action], sums: dict[Action, float],
              counts: dict[Action, int], common: random.Random | None) -> int:
        """Each action in contention rolled out ``reuse`` times on ``deal``, its values added
        to ``sums`` and ``counts``; the playouts spent."""
        rng = self.rng
        stream = rng if common is None else common
        rollout = self.rollout
        evaluate = self.evaluator
        seat = self.seat
        for _ in range(self.reuse):
            key = None if common is None else rng.getrandbits(64)
            for a in alive:
                d = deal.clone()
                d.step(a)
                if common is not None:
                    common.seed(key)
                sums[a] += evaluate(rollout(d, stream), seat)
                counts[a] += 1
        return self.reuse * len(alive)

    def _settle(self, view: View, best: Action) -> Action:
        """The heuristic's action instead of ``best`` when the search rates them alike."""
        if not self.tie:
            return best
        other = self.fallback.choose(view)
        if other == best or other.text not in self.last:
            return best
        mb, nb = self.last[best.text]
        mo, no = self.last[other.text]
        # only an action that stayed in contention to the end, within the margin
        return other if no == nb and mb - mo < self.tie else best
