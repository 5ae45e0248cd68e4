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

The budget is a number of playouts (reproducible for a seed) and optionally a time limit.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from atout.bots.base import Bot
from atout.bots.determinize import NoConsistentDeal
from atout.bots.kits import kit_for
from atout.core import Action, Deal, Result, Rules, View


def side_value(result: Result, seat: int) -> float:
    """The seat's points minus the mean of the other seats' points (its margin)."""
    pts = result.points
    n = len(pts)
    return pts[seat] - (sum(pts) - pts[seat]) / (n - 1)


KEY_DECIDERS = ("search", "heuristic")
"""Who may make the search bot's key decisions (see :class:`SearchBot`'s ``key``)."""


class SearchBot(Bot):
    """Determinized Monte Carlo search over the seat's view.

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
    actions the game's kit says can differ (Pitch: one of equivalent cards, the tangage with
    each suit's top card only; Tarot: no prise where a garde may be bid), 0 every legal
    action.
    ``key``: who makes the decisions that shape the whole deal (trump, bids, play or pass:
    the game's key phases), ``search`` (with ``key_factor`` times the budget) or
    ``heuristic`` (the heuristic's choice); the default is the game's: ``heuristic`` in Jass,
    whose heuristic names trump by a model fitted on played-out deals (as good as a search
    of the same choice, at a ten-thousandth of its time: docs/bots.md), and in Putze, whose
    heuristic values play, pass and the blind over sampled deals; ``search`` elsewhere.
    Pitch's default is ``heuristic`` too: the kit's ``search_heuristic`` bids and pitches by
    the model fitted on played-out deals. ``courtesy``: rounds of turns every player gets
    before the bot ends the deal by its own choice (Knock Rummy: no knock before every
    player has drawn that many times, unless it shows no deadwood), for a table with
    people; 0, the default, none.
    """

    name = "search"

    def __init__(self, rules: Rules[Any], seat: int, seed: int = 0, *,
                 playouts: int | None = None, seconds: float | None = None,
                 rounds: int = 3, reuse: int | None = None, tie: float | None = None,
                 exact: int | None = None, common: int = 0, model: int | None = None,
                 prune: int = 1, key: str | None = None, courtesy: int = 0) -> None:
        super().__init__(rules, seat, seed)
        kit = kit_for(rules)
        self.determinizer = kit.determinizer(rules)
        self.fallback: Bot = (kit.search_heuristic or kit.heuristic)(rules, seat, seed)
        """Plays when no deal consistent with the view can be sampled (counted in
        ``fallbacks``): a sampler that cannot follow a rare variant never stops the game."""
        self.fallbacks = 0
        self.kit = kit
        if model is None:
            model = kit.model
        if model not in (0, 1):
            raise ValueError(f"model must be 0 or 1, not {model!r}")
        if model and kit.model_rollout is None:
            raise ValueError(f"model: there is no model of the players for {rules.name}; the "
                             "games with one: jass, pitch, tarot")
        self.model = bool(model)
        self.rollout: Callable[[Deal, random.Random], Result] = kit.rollout
        if self.model:
            model_rollout = kit.model_rollout
            assert model_rollout is not None
            # two sides by seat parity in Jass; Pitch models every seat; Tarot's sides come
            # from the auction, so its model is told the searching seat (``model_by_seat``)
            other = seat if kit.model_by_seat else 1 - seat % 2

            def rollout(deal: Deal, rng: random.Random) -> Result:
                return model_rollout(deal, rng, other)

            self.rollout = rollout
        self.key_phases = kit.key_phases
        self.key_factor = kit.key_factor
        if playouts is not None and playouts < 1:
            raise ValueError(f"playouts must be at least 1, not {playouts}")
        if seconds is not None and seconds <= 0:
            raise ValueError(f"seconds must be positive, not {seconds}")
        self.playouts = kit.playouts if playouts is None else int(playouts)
        self.seconds = seconds
        self.rounds = max(1, int(rounds))
        if reuse is None:
            reuse = kit.reuse
        if reuse < 1:
            raise ValueError(f"reuse must be at least 1, not {reuse}")
        self.reuse = int(reuse)
        self.tie = kit.tie if tie is None else float(tie)
        if self.tie < 0:
            raise ValueError(f"tie must be zero or more, not {tie}")
        if exact is None:
            exact = kit.exact
        if exact < 0:
            raise ValueError(f"exact must be zero or more cards, not {exact}")
        if exact and kit.solver is None:
            raise ValueError(f"exact: there is no exact solver for {rules.name}; the games "
                             "with one: jass, tarot, pitch")
        self.exact = int(exact)
        if common not in (0, 1):
            raise ValueError(f"common must be 0 or 1, not {common!r}")
        self.common = bool(common)
        if prune not in (0, 1):
            raise ValueError(f"prune must be 0 or 1, not {prune!r}")
        self.prune = bool(prune)
        key = kit.key if key is None else key
        if key not in KEY_DECIDERS:
            raise ValueError(f"key must be one of {', '.join(KEY_DECIDERS)}, not {key!r}")
        self.key = key
        if courtesy < 0:
            raise ValueError(f"courtesy must be zero or more rounds, not {courtesy}")
        if courtesy and kit.courteous is None:
            raise ValueError(f"courtesy: {rules.name} has no choice that ends a deal early; "
                             "the game with one: knock-rummy")
        self.courtesy = int(courtesy)
        self.last: dict[str, tuple[float, int]] = {}
        """For the last decision: each action tried, its mean margin and number of playouts."""
        self.weighed: dict[str, tuple[float, int]] = {}
        """For the last decision when the heuristic made it (``key=heuristic``) by value: its
        ``weighed`` options (see :attr:`atout.bots.hint.Hint.worth`)."""
        self.total_playouts = 0
        self.total_seconds = 0.0

    def _choose_exact(self, view: View, legal: list[Action], start: float,
                      deadline: float | None) -> Action:
        """Each sample solved exactly for every action; the best mean margin wins."""
        assert self.kit.solver is not None
        samples = max(4, self.playouts // self.kit.exact_cost)
        sums = dict.fromkeys(legal, 0.0)
        done = 0
        for _ in range(samples):
            if done and deadline is not None and time.perf_counter() >= deadline:
                break
            try:
                deal = self.determinizer.sample(view, self.rng)
            except NoConsistentDeal:
                if done:
                    break
                self.fallbacks += 1
                return self.fallback.choose(view)
            exact = self.kit.solver(deal)
            for a in legal:
                d = deal.clone()
                d.step(a)
                sums[a] += exact(d, self.seat)
            done += 1
        self.total_playouts += done * len(legal)
        self.total_seconds += time.perf_counter() - start
        self.last = {a.text: (sums[a] / done, done) for a in legal}
        return self._settle(view, max(legal, key=lambda a: (sums[a] / done, -int(a))))

    def choose(self, view: View) -> Action:
        """The action with the best mean margin over the sampled deals."""
        if not view.legal:
            raise ValueError(f"seat {view.seat} has no legal action: it is not its turn")
        actions = self.rules.actions
        legal = [actions.parse(t) for t in view.legal]
        self.last = {}
        self.weighed = {}
        if len(legal) > 1 and self.prune and self.kit.candidates is not None:
            legal = self.kit.candidates(self.rules, view, legal)
        if len(legal) > 1 and self.courtesy:
            assert self.kit.courteous is not None
            legal = self.kit.courteous(self.rules, view, self.courtesy, legal)
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
        sums = dict.fromkeys(legal, 0.0)
        counts = dict.fromkeys(legal, 0)
        alive = list(legal)
        spent = 0
        rng = self.rng
        rollout = self.rollout
        # common random numbers: every action's rollout on a sample starts from the same seed
        common = random.Random() if self.common else None
        stream = rng if common is None else common
        seat = self.seat
        budget = self.playouts
        if view.phase in self.key_phases:
            budget *= self.key_factor
        # successive halving: round r gets an equal share of the budget
        per_round = budget / self.rounds
        for r in range(self.rounds):
            target = min(budget, int(per_round * (r + 1)))
            while spent < target and (spent == 0 or deadline is None
                                      or time.perf_counter() < deadline):
                try:
                    deal = self.determinizer.sample(view, rng)
                except NoConsistentDeal:
                    if spent:
                        break
                    self.fallbacks += 1
                    return self.fallback.choose(view)
                for _ in range(self.reuse):
                    key = None if common is None else rng.getrandbits(64)
                    for a in alive:
                        d = deal.clone()
                        d.step(a)
                        if common is not None:
                            common.seed(key)
                        sums[a] += side_value(rollout(d, stream), seat)
                        counts[a] += 1
                    spent += len(alive)
            if r + 1 < self.rounds and len(alive) > 2:
                alive.sort(key=lambda a: -sums[a] / max(1, counts[a]))
                alive = alive[:max(2, (len(alive) + 1) // 2)]
            if deadline is not None and time.perf_counter() >= deadline:
                break
        self.total_playouts += spent
        self.total_seconds += time.perf_counter() - start
        self.last = {a.text: (sums[a] / counts[a], counts[a]) for a in legal if counts[a]}
        return self._settle(view, max(alive, key=lambda a: (sums[a] / max(1, counts[a]),
                                                            -int(a))))

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
