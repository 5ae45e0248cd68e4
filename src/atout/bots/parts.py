"""The search's parts: what samples a deal, what plays it out, what it is worth, what it may spend.

The search bot (:class:`atout.bots.search.SearchBot`) is assembled from small named parts, the
way OpenSpiel's ``MCTSBot(game, uct_c, max_simulations, evaluator)`` takes them:

- a :class:`Sampler` draws a complete deal consistent with what the seat saw (each game's
  :class:`~atout.bots.determinize.Determinizer`);
- a :class:`RolloutPolicy` plays a sampled deal to its end (a :class:`ModelRollout` is one in
  which one side plays by the heuristic's rules, a model of the table);
- an :class:`Evaluator` turns the finished deal's result into a value for the seat
  (:func:`side_value`, its margin, by default);
- an :class:`ExactSolver` (optional) values a sampled deal exactly near the end of a deal;
- a :class:`Budget` says how much it may spend per decision (playouts, seconds: python-chess's
  ``Limit(time=0.1)`` is the model) and :class:`SearchOptions` how it chooses (tie margin,
  exact solving, the model of the table, pruning, who makes the key decisions, courtesy).

Each game's search module gathers its parts in one :class:`GameParts` value (``PARTS``);
:func:`atout.bots.registry.parts_for` finds a game's by its name through a registry of small
functions that import the game's module only when it is asked for (a player's start loads one
game's bots only).
The bot names' options (``search:playouts=300:tie=2``) become a typed budget and options by
:func:`search_settings`.
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from atout.core import Action, Deal, Result, Rules, View

if TYPE_CHECKING:
    from atout.bots.base import Bot
    from atout.bots.reasons import Reason


class Sampler(Protocol):
    """Draws complete deals consistent with one seat's view (a determinization)."""

    def sample(self, view: View, rng: random.Random) -> Deal:
        """A deal consistent with ``view``, advanced to the same point; it never uses the real
        deal (but for :class:`atout.bots.clairvoyant.ClairvoyantSampler`, a benchmark's
        yardstick that is shown it and no player can pick). Raises
        :class:`~atout.bots.determinize.NoConsistentDeal` if none is found."""
        ...


def kernel_sampler(sampler: Sampler, view: View) -> Sampler | None:
    """The sampler whose worlds a game's kernel should draw for ``view``, in its stead.

    A sampler that wraps another (as :class:`atout.bots.clairvoyant.FirstSightSampler`)
    says so by a method ``kernel_stand_in(view)``: the sampler whose law the kernel may
    follow at that view, or None when its own :meth:`Sampler.sample` must draw (then the
    search samples in Python). A sampler without that method stands for itself. The search
    asks this before it hands its sampler to a game's :attr:`Batch.worlds`, which draws in
    the kernel only for the game's own determinizer.
    """
    stand_in = getattr(sampler, "kernel_stand_in", None)
    if stand_in is None:
        return sampler
    got: Sampler | None = stand_in(view)
    return got


class RolloutPolicy(Protocol):
    """Plays a perfect-information deal (changed in place) to its end and gives its result."""

    def __call__(self, deal: Deal, rng: random.Random, /) -> Result:
        """The result of ``deal`` played to its end."""
        ...


class ModelRollout(Protocol):
    """A rollout in which one side (or, where the auction makes the sides, every seat but the
    searching one) plays by the heuristic's rules: the search's model of the table."""

    def __call__(self, deal: Deal, rng: random.Random, side: int, /) -> Result:
        """The result of ``deal`` played to its end, ``side`` modelled."""
        ...


class BatchRollouts(Protocol):
    """Rollouts of many sampled deals for many actions in one call (a compiled kernel)."""

    def __call__(self, deals: Sequence[Deal], actions: Sequence[Action], reuse: int,
                 seat: int, seed: int, /) -> list[float]:
        """For each action (legal in every deal, all at ``seat``'s turn): the summed value
        for ``seat`` (:func:`side_value`) of ``reuse`` rollouts of every deal after it."""
        ...


class Evaluator(Protocol):
    """Turns a finished deal's result into a value for the searching seat (higher: better)."""

    def __call__(self, result: Result, seat: int, /) -> float:
        """The value of ``result`` for ``seat``."""
        ...


class ExactSolver(Protocol):
    """Makes an exact solver for one sampled deal: called on the deal after an action and the
    seat, it gives that seat's exact margin."""

    def __call__(self, deal: Deal, /) -> Callable[[Deal, int], float]:
        """The solver of ``deal``."""
        ...


Candidates = Callable[[Rules[Any], View, list[Action]], list[Action]]
"""Narrows the legal actions the search tries to those that can differ; keeps at least one."""

Courteous = Callable[[Rules[Any], View, int, list[Action]], list[Action]]
"""Drops the actions that would end the deal before every player has had so many turns."""


def side_value(result: Result, seat: int) -> float:
    """The seat's points minus the mean of the other seats' points (its margin)."""
    pts = result.points
    n = len(pts)
    return pts[seat] - (sum(pts) - pts[seat]) / (n - 1)


def default_rollout(deal: Deal, rng: random.Random) -> Result:
    """Uniformly random legal play to the end (the engine's own fast playout)."""
    return deal.playout(rng)


KEY_DECIDERS = ("search", "heuristic")
"""Who may make the search bot's key decisions (see :class:`SearchOptions`'s ``key``)."""


def _whole(name: str, value: object, least: int, words: str) -> int | None:
    """``value`` as a whole number of at least ``least`` (None stays None)."""
    if value is None:
        return None
    if (isinstance(value, bool) or not isinstance(value, int | float)
            or not math.isfinite(value) or value != int(value)):
        raise ValueError(f"{name} must be a whole number, not {value!r}")
    if value < least:
        raise ValueError(f"{name} must be {words}, not {value}")
    return int(value)


def _number(name: str, value: object, positive: bool) -> float | None:
    """``value`` as a finite number, positive or zero or more (None stays None)."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or math.isnan(value):
        raise ValueError(f"{name} must be a number, not {value!r}")
    if value <= 0 if positive else value < 0:
        raise ValueError(f"{name} must be {'positive' if positive else 'zero or more'}, "
                         f"not {value}")
    return float(value)


def _flag(name: str, value: object) -> bool | None:
    """``value`` (0 or 1, False or True) as a flag (None stays None)."""
    if value is None:
        return None
    if value not in (0, 1) or not isinstance(value, int):
        raise ValueError(f"{name} must be 0 or 1, not {value!r}")
    return bool(value)


def _set(value: object, **fields: object) -> None:
    """Set the fields of a frozen dataclass (its checked values, in ``__post_init__``)."""
    for name, field in fields.items():
        object.__setattr__(value, name, field)


@dataclass(frozen=True)
class Budget:
    """What the search may spend per decision; None: the game's default.

    ``playouts``: rollouts per decision (reproducible for a seed; the decisions that shape a
    whole deal get a few times more, see :class:`GameParts`); ``seconds``: a time limit per
    decision on top of it (None: none); ``rounds``: how many times the field of candidate
    actions is halved (3); ``reuse``: rollouts per action on one sampled deal (2, or 1 where
    the rollout is deterministic).
    """

    playouts: int | None = None
    seconds: float | None = None
    rounds: int | None = None
    reuse: int | None = None

    def __post_init__(self) -> None:
        _set(self, playouts=_whole("playouts", self.playouts, 1, "at least 1"),
             seconds=_number("seconds", self.seconds, positive=True),
             rounds=_whole("rounds", self.rounds, 1, "at least 1"),
             reuse=_whole("reuse", self.reuse, 1, "at least 1"))


@dataclass(frozen=True)
class SearchOptions:
    """How the search chooses; None: the game's default (see :class:`SearchBot
    <atout.bots.search.SearchBot>` for what each does).

    ``tie``: a margin within which it plays the heuristic's action (0: off); ``exact``: cards
    in hand from which each sample is solved exactly (0: never); ``common``: common random
    numbers for the actions' rollouts (0 or 1, like the flags below; kept as False or True);
    ``model``: the other side plays by the heuristic's rules in the rollouts; ``prune``: try
    only the actions that can differ; ``key``: who makes
    the key decisions, ``"search"`` or ``"heuristic"``; ``courtesy``: rounds of turns every
    player gets before the bot ends the deal by its own choice; ``kernel``: the card play's
    rollouts run batched in the game's compiled kernel (:class:`Batch`); ``kworlds``: with
    ``kernel``, the hidden hands sampled in the kernel too where the game can
    (:attr:`Batch.worlds`; 0: by the game's Python sampler).
    """

    tie: float | None = None
    exact: int | None = None
    common: int | None = None
    model: int | None = None
    prune: int | None = None
    key: str | None = None
    courtesy: int | None = None
    kernel: int | None = None
    kworlds: int | None = None

    def __post_init__(self) -> None:
        if self.key is not None and self.key not in KEY_DECIDERS:
            raise ValueError(f"key must be one of {', '.join(KEY_DECIDERS)}, not {self.key!r}")
        _set(self, tie=_number("tie", self.tie, positive=False),
             exact=_whole("exact", self.exact, 0, "zero or more cards"),
             common=_flag("common", self.common), model=_flag("model", self.model),
             prune=_flag("prune", self.prune), kernel=_flag("kernel", self.kernel),
             kworlds=_flag("kworlds", self.kworlds),
             courtesy=_whole("courtesy", self.courtesy, 0, "zero or more rounds"))


DEFAULT_BUDGET = Budget(playouts=2000, rounds=3, reuse=2)
"""The search's budget where neither the caller nor the game says otherwise."""

DEFAULT_OPTIONS = SearchOptions(tie=0.0, exact=0, common=False, model=False, prune=True,
                                key="search", courtesy=0, kernel=False, kworlds=True)
"""The search's options where neither the caller nor the game says otherwise."""

_T = TypeVar("_T", Budget, SearchOptions)


def settle(*layers: _T | None) -> _T:
    """Each field from the first layer that sets it (not None): the caller's, then the game's,
    then the defaults; a missing layer (None) is skipped."""
    present = [layer for layer in layers if layer is not None]
    values: dict[str, Any] = {}
    for field in dataclasses.fields(present[0]):
        values[field.name] = next((v for layer in present
                                   if (v := getattr(layer, field.name)) is not None), None)
    return dataclasses.replace(present[0], **values)


def search_settings(params: Mapping[str, object]) -> tuple[Budget, SearchOptions]:
    """The typed budget and options of a search bot name's parameters (``playouts=300``, as
    :func:`atout.bots.parse_bot_spec` reads them); ``ValueError`` in words for an unknown
    name or a bad value."""
    budget_names = [f.name for f in dataclasses.fields(Budget)]
    option_names = [f.name for f in dataclasses.fields(SearchOptions)]
    unknown = [name for name in params if name not in budget_names + option_names]
    if unknown:
        names = budget_names + option_names
        raise ValueError(f"the search bot takes {', '.join(names[:-1])} and {names[-1]}, "
                         f"not {', '.join(unknown)}")
    budget = Budget(**{k: v for k, v in params.items() if k in budget_names})  # type: ignore[arg-type]
    options = SearchOptions(**{k: v for k, v in params.items()  # type: ignore[arg-type]
                               if k in option_names})
    return budget, options


@dataclass(frozen=True)
class TableModel:
    """A game's model of the table for the rollouts: ``rollout`` is told the side to model
    (by seat parity), or the searching seat when ``by_seat`` (Tarot, whose sides the auction
    makes)."""

    rollout: ModelRollout
    by_seat: bool = False


@dataclass(frozen=True)
class Exact:
    """A game's exact solver of a sampled deal and what one solved sample costs, in playouts
    of the budget."""

    solver: ExactSolver
    cost: int = 30


class BatchWorlds(Protocol):
    """Deals sampled and rolled out in one call (a compiled kernel), where it can."""

    def __call__(self, sampler: Sampler, view: View, actions: Sequence[Action], count: int,
                 reuse: int, seat: int, seed: int, /) -> tuple[list[float], int] | None:
        """Up to ``count`` deals consistent with ``view``, each rolled out ``reuse`` times
        after each action: the summed values per action and the deals used; None where
        the game's Python ``sampler`` must draw the deals (then :class:`BatchRollouts`)."""
        ...


@dataclass(frozen=True)
class Batch:
    """A game's batched rollouts (see :class:`BatchRollouts`), which the search uses with
    its ``kernel`` option, the rollouts per action on each sampled deal they get by default
    (more than a Python rollout's ``reuse``: they cost a few microseconds), and optionally
    its sampling in the kernel too (:class:`BatchWorlds`, :data:`worlds` deals a call);
    ``phases``: the phases whose decisions it rolls out (the card play by default);
    ``model`` (optional): the batched rollouts of the game's model of the table, which the
    search uses instead of ``rollouts`` with its ``model`` option (without it, ``rollouts``
    either way). ``takes_model``: ``rollouts`` and ``worlds`` take the search's model of the
    table themselves, as the keyword ``model`` (the side whose seats play by the heuristic's
    rules, as :class:`TableModel`'s; -1: none).
    ``ready`` (optional): whether the kernel can play now without a wait (compiled, or
    loaded from the cache); the first call starts getting it ready in the background. A
    search on the kernel by the game's default (not asked for) plays its Python rollouts
    until then; one that asks for it (``kernel=1``) waits for the compilation instead.
    ``fit``: ``worlds`` is asked for no more deals than the round's budget still needs, as
    the Python sampler's batches are (the budget left over the actions in contention times
    ``reuse``, at least one), at most :attr:`count`, so that both samplers spend the same
    budget alike; otherwise :attr:`count` a call.
    ``world_phases``: phases whose decisions are rolled out in the kernel only where
    ``worlds`` samples them too (the search's ``kworlds``); with ``kworlds=0``, or where
    ``worlds`` gives None before any deal, they keep the Python sampler and rollouts
    (Putze's question of the trump six and its better cards).
    ``key_factor`` (optional): the factor of the key decisions' budget
    (:attr:`GameParts.key_factor`) when this kernel rolls them out: sampled and rolled out
    compiled, a larger budget costs what the plain-Python one cannot (Tarot's bids).
    ``factor``: the same for every other decision this kernel rolls out (Tarot's card play:
    8 times the budget's worlds; 1 elsewhere); ``table_factor`` (optional) that factor by
    the table, in its place (Pitch: 4 at three players or more, 1 heads-up):
    :meth:`factor_for`."""

    rollouts: BatchRollouts
    reuse: int = 8
    worlds: BatchWorlds | None = None
    count: int = 32
    phases: frozenset[str] = frozenset({"play"})
    model: BatchRollouts | None = None
    takes_model: bool = False
    ready: Callable[[], bool] | None = None
    fit: bool = False
    world_phases: frozenset[str] = frozenset()
    key_factor: int | None = None
    factor: int = 1
    table_factor: Callable[[Rules[Any]], int] | None = None

    def factor_for(self, rules: Rules[Any]) -> int:
        """The factor of the budget for the decisions this kernel rolls out that are not key
        decisions, at ``rules``'s table: :attr:`table_factor`'s where given, else
        :attr:`factor`."""
        return self.factor if self.table_factor is None else self.table_factor(rules)


@dataclass(frozen=True)
class GameParts:
    """A game's bots, by their parts.

    ``heuristic`` builds the heuristic bot (rules, seat, seed, its own parameters);
    ``search_heuristic`` (optional) the one the search falls back on and asks for its key
    decisions (default: ``heuristic``); ``sampler`` the sampler for the rules; ``rollout``,
    ``evaluator``: see :class:`RolloutPolicy` and :class:`Evaluator`; ``budget`` and
    ``options``: the game's defaults (a budget under a second on one core); decisions in
    ``key_phases`` (those that shape the whole deal: trump, bids) get ``key_factor`` times the
    budget; ``model`` (optional): the game's model of the table; ``exact`` (optional): its
    exact solver; ``candidates``, ``courteous`` (optional): see :data:`Candidates` and
    :data:`Courteous`; ``explain`` (optional) says in words why an action is good, for hints,
    and ``reason`` (optional) gives the same as data that any language can say; ``batch``
    (optional): its rollouts in a compiled kernel, batched (:class:`Batch`).
    ``table_options`` (optional): the game's defaults that depend on the rules (the table
    size ...), taking precedence over ``options`` (Pitch: the bids searched heads-up);
    ``table_budget`` (optional) the same for the budget, over ``budget`` (Knock Rummy: the
    playouts heads-up).
    """

    heuristic: Callable[..., Bot]
    sampler: Callable[[Rules[Any]], Sampler]
    rollout: RolloutPolicy = default_rollout
    evaluator: Evaluator = side_value
    budget: Budget = Budget()
    options: SearchOptions = SearchOptions()
    key_phases: frozenset[str] = frozenset()
    key_factor: int = 4
    model: TableModel | None = None
    exact: Exact | None = None
    candidates: Candidates | None = None
    courteous: Courteous | None = None
    search_heuristic: Callable[..., Bot] | None = None
    explain: Callable[[Rules[Any], View, Action], str] | None = None
    reason: Callable[[Rules[Any], View, Action], Reason] | None = None
    batch: Batch | None = None
    table_options: Callable[[Rules[Any]], SearchOptions] | None = None
    table_budget: Callable[[Rules[Any]], Budget] | None = None

    @property
    def kernel_key_factor(self) -> int:
        """The key decisions' factor when the batch's kernel rolls them out: its own
        (:attr:`Batch.key_factor`) where it has one, else :attr:`key_factor`."""
        own = None if self.batch is None else self.batch.key_factor
        return self.key_factor if own is None else own
