"""What the bots know of each game: its heuristic, its sampler, its rollout policy.

A :class:`GameKit` gathers a game's heuristic bot, its determinizer (hidden cards consistent
with a view) and its rollout policy (fast play to the end of a perfect-information deal, used
by the search). Kits are loaded only when a game is asked for, like the games themselves.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from atout.bots.determinize import Determinizer
from atout.bots.reasons import Reason
from atout.core import Action, Deal, Result, Rules, View

_MODULES: dict[str, str] = {
    "jass": "atout.bots.jass.search",
    "putze": "atout.bots.putze.search",
    "tarot": "atout.bots.tarot.search",
    "pitch": "atout.bots.pitch.search",
    "knock-rummy": "atout.bots.knock_rummy.search",
}


def default_rollout(deal: Deal, rng: random.Random) -> Result:
    """Uniformly random legal play to the end (the engine's own fast playout)."""
    return deal.playout(rng)


@dataclass(frozen=True)
class GameKit:
    """A game's bot knowledge.

    ``heuristic`` builds the heuristic bot (rules, seat, seed); ``determinizer`` the sampler;
    ``rollout`` plays a perfect-information deal to its end; ``explain`` (optional) says in
    words why an action is good, for hints, and ``reason`` (optional) gives the same as data
    that any language can say; ``playouts`` is the search bot's default budget
    per decision, chosen to stay under a second on one core; decisions in ``key_phases``
    (those that shape the whole deal: trump, bids) get ``key_factor`` times the budget.
    ``solver`` (optional) makes an exact solver for one sampled deal (given it): called on the
    deal after an action and the seat, it gives that seat's exact margin (the search uses it near
    the end of a deal when asked, see ``SearchBot``); ``exact_cost`` is what one exact sample
    costs in playouts of the budget; ``exact`` the search bot's default for its ``exact``
    parameter (cards in hand from which it solves the samples; 0: never). ``tie``: the
    search bot's default margin within which it prefers the heuristic's action (0: off).
    ``model_rollout`` (optional) is a rollout in which one side (its third argument, 0 or 1)
    plays by the heuristic's rules: the search uses it with the other side than its own, as a
    model of the table, when ``model`` is 1 (the search bot's default, see ``SearchBot``); with
    ``model_by_seat`` its third argument is the searching seat instead (Tarot, whose sides the
    auction makes). ``reuse``: the search bot's default number of rollouts per action and
    sampled deal (1 where the rollout is deterministic). ``candidates`` (optional) narrows the
    legal actions the search tries to those that can differ (equivalent cards merged, dominated
    choices dropped); it keeps at least one. ``key``: who makes the decisions in ``key_phases``
    by default, ``"search"`` (the search's playouts) or ``"heuristic"`` (the heuristic bot's
    choice, where it is a model of what the search would find and costs a fraction of it).
    ``search_heuristic`` (optional) builds the heuristic the search bot falls back on and asks
    for its key decisions when ``key`` is ``"heuristic"`` (same arguments as ``heuristic``);
    without it the search uses ``heuristic``. ``courteous`` (optional) takes the rules, the
    seat's view, a courtesy in rounds and the legal actions, and drops the actions that would
    end the deal before every player has had that many turns (Knock Rummy's knock): the search
    bot's ``courtesy`` parameter, for a table with people.
    """

    heuristic: Callable[..., Any]
    determinizer: Callable[[Rules[Any]], Determinizer]
    rollout: Callable[[Deal, random.Random], Result] = default_rollout
    explain: Callable[[Rules[Any], View, Action], str] | None = None
    reason: Callable[[Rules[Any], View, Action], Reason] | None = None
    playouts: int = 2000
    key_phases: frozenset[str] = frozenset()
    key_factor: int = 4
    solver: Callable[[Deal], Callable[[Deal, int], float]] | None = None
    exact_cost: int = 30
    exact: int = 0
    tie: float = 0.0
    model_rollout: Callable[[Deal, random.Random, int], Result] | None = None
    model: int = 0
    model_by_seat: bool = False
    reuse: int = 2
    candidates: Callable[[Rules[Any], View, list[Action]], list[Action]] | None = None
    key: str = "search"
    search_heuristic: Callable[..., Any] | None = None
    courteous: Callable[[Rules[Any], View, int, list[Action]], list[Action]] | None = None


def _is_ours(exc: ModuleNotFoundError, module_name: str) -> bool:
    """Whether a missing module is the kit itself or a game engine that has not landed."""
    return exc.name == module_name or (exc.name or "").startswith("atout.games.")


def kit_for(rules: Rules[Any]) -> GameKit:
    """The kit of the game of ``rules``; ``ValueError`` naming the games that have one."""
    module_name = _MODULES.get(rules.name)
    kit: GameKit | None = None
    if module_name is not None:
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            if not _is_ours(exc, module_name):
                raise
        else:
            kit = module.KIT
    if kit is None:
        raise ValueError(f"no heuristic or search bot for {rules.name!r} yet: the games with "
                         f"them are {', '.join(available_kits())}")
    return kit


def has_kit(game: str) -> bool:
    """Whether ``game`` has a bot kit (loads that game's kit only, not the others')."""
    module_name = _MODULES.get(game)
    if module_name is None:
        return False
    try:
        importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if not _is_ours(exc, module_name):
            raise
        return False
    return True


def available_kits() -> list[str]:
    """The games whose bot kit is present."""
    return [game for game in _MODULES if has_kit(game)]
