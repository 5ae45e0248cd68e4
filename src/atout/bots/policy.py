"""A policy is a player: your own agent wherever a bot name is accepted.

A **policy** is any callable that takes a seat's :class:`~atout.core.View` (what that seat
may know, with ``view.legal`` the legal actions' notations when it is to move) and returns
the action to play, as an :class:`~atout.actions.Action`, an action id (``int``) or its
notation (``str``)::

    def lowest(view):
        return view.legal[0]

Wherever atout takes a bot it takes a **player**: a bot name (``"heuristic"``), a
``module:attribute`` spec naming a policy (``"mypkg.agents:policy"``), the name of an entry
point in the ``atout.bots`` group, a policy object itself, or a :class:`~atout.bots.base.Bot`
subclass (built as ``cls(rules, seat, seed, **params)``). A spec's attribute may also be a
class that is not a Bot: it is called with the spec's parameters
(``"mypkg.agents:Agent:temperature=0.5"``) and must give a policy.
:func:`player_bot <atout.bots.player_bot>` turns any player into a bot for one seat;
:func:`make_bot <atout.bots.make_bot>` reads the specs.

The same policy object plays every seat it is given to, in this process; tournaments run in
worker processes pickle it (a policy defined at a module's top level pickles; a lambda does
not: give ``workers=1`` then). For self-play against earlier versions of a learner, give
:func:`frozen` copies: a deep copy that does not change when the learner does.
"""

from __future__ import annotations

import copy
import importlib
import importlib.metadata
from collections.abc import Callable
from typing import Any, Protocol, TypeAlias, runtime_checkable

from atout.actions import Action
from atout.bots.base import Bot
from atout.core import Rules, View

ENTRY_POINT_GROUP = "atout.bots"
"""The entry-point group a package declares its players in
(``[project.entry-points."atout.bots"]`` in its pyproject.toml)."""


@runtime_checkable
class Policy(Protocol):
    """A player: given a seat's view, the action to play (an Action, an id or a notation)."""

    def __call__(self, view: View) -> Action | int | str:
        """The action to play on ``view`` (one of ``view.legal``)."""


Player: TypeAlias = "str | Policy | type[Bot]"
"""What atout accepts wherever a bot is asked for (see the module's text)."""


class PolicyBot(Bot):
    """A bot that asks a policy; its action is checked against the seat's legal actions."""

    name = "policy"

    def __init__(self, policy: Policy, rules: Rules[Any], seat: int, seed: int = 0,
                 label: str | None = None) -> None:
        super().__init__(rules, seat, seed)
        self.policy = policy
        self.label = label or player_name(policy)

    def choose(self, view: View) -> Action:
        """The policy's action; ``ValueError`` in words when it is not a legal one."""
        if not view.legal:
            raise ValueError(f"seat {view.seat} has no legal action: it is not its turn")
        chosen = self.policy(view)
        try:
            action = self.rules.actions.parse(chosen)
        except ValueError as exc:
            raise ValueError(f"policy {self.label} returned {chosen!r}: {exc}") from None
        if action.text not in view.legal:
            raise ValueError(f"policy {self.label} chose {action.text!r}, which seat "
                             f"{view.seat} may not play now: expected one of "
                             f"{', '.join(view.legal)}")
        return action


def player_name(player: object) -> str:
    """A short name for a player in reports: the spec itself, or the object's ``name``
    attribute, or its function or class name."""
    if isinstance(player, str):
        return player
    name = getattr(player, "name", None)
    if isinstance(name, str) and name:
        return name
    qualname = getattr(player, "__qualname__", None)  # functions and classes
    if isinstance(qualname, str):
        return qualname
    return type(player).__qualname__


def is_policy(obj: object) -> bool:
    """Whether ``obj`` may be used as a policy (a callable that is neither a class nor a
    string)."""
    return callable(obj) and not isinstance(obj, (type, str))


def frozen(policy: Any) -> Any:
    """A deep copy of ``policy`` to play against: it keeps the weights it has now while the
    learner goes on changing (the usual opponent in self-play)."""
    try:
        return copy.deepcopy(policy)
    except Exception as exc:  # any object's own copy hook may fail
        raise ValueError(f"cannot freeze {player_name(policy)}: deep copy failed ({exc})"
                         ) from None


def is_spec(name: str, known: Callable[[str], bool]) -> bool:
    """Whether ``name`` is a ``module:attribute`` spec rather than a registered bot with
    parameters: its first part is not a known bot and contains a dot or is followed by a
    part that is not ``key=value``."""
    first, sep, rest = name.strip().partition(":")
    if known(first.strip()) or not first.strip():
        return False
    return "." in first or (bool(sep) and "=" not in rest.split(":")[0])


def split_spec(spec: str) -> tuple[str, str, list[str]]:
    """``module:attr:key=value...`` as the module, the attribute and the parameter parts."""
    module, _, rest = spec.strip().partition(":")
    attr, *parts = rest.split(":") if rest else ("", )
    if not attr.strip():
        raise ValueError(f"bot {spec!r}: expected module:attribute, like "
                         "mypkg.agents:policy")
    return module.strip(), attr.strip(), parts


def load_spec(spec: str) -> object:
    """The object a ``module:attribute`` spec names (the attribute may be dotted);
    ``ValueError`` in words when the module or the attribute is missing."""
    module_name, attr, _ = split_spec(spec)
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name is not None and module_name.startswith(exc.name):
            raise ValueError(f"bot {spec!r}: no module named {module_name!r} (is its "
                             "package installed, or its folder on the Python path?)") from None
        raise ValueError(f"bot {spec!r}: module {module_name!r} needs {exc.name!r}, which is "
                         "not installed") from None
    except Exception as exc:  # whatever the user's module raises on import
        raise ValueError(f"bot {spec!r}: importing {module_name!r} failed: "
                         f"{type(exc).__name__}: {exc}") from None
    obj: object = module
    for part in attr.split("."):
        if not hasattr(obj, part):
            raise ValueError(f"bot {spec!r}: module {module_name!r} has no attribute "
                             f"{attr!r}")
        obj = getattr(obj, part)
    return obj


def entry_point(name: str) -> object | None:
    """The object of the entry point ``name`` in the ``atout.bots`` group, or None."""
    found = importlib.metadata.entry_points(group=ENTRY_POINT_GROUP, name=name)
    for ep in found:
        try:
            loaded: object = ep.load()
            return loaded
        except Exception as exc:  # whatever the plugin raises on import
            raise ValueError(f"bot {name!r}: loading entry point {ep.value!r} failed: "
                             f"{type(exc).__name__}: {exc}") from None
    return None


def entry_point_names() -> list[str]:
    """The names of the players declared in the ``atout.bots`` entry-point group."""
    return sorted({ep.name for ep in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP)})


def loaded_factory(label: str, obj: object) -> Callable[..., Bot]:
    """A bot factory ``(rules, seat, seed, **params)`` for an object a spec or an entry
    point named; ``ValueError`` in words when it is not a player."""
    if isinstance(obj, type) and issubclass(obj, Bot):
        return obj
    if isinstance(obj, type):
        def from_class(rules: Rules[Any], seat: int, seed: int = 0, **params: Any) -> Bot:
            try:
                made = obj(**params)
            except TypeError as exc:
                raise ValueError(f"bot {label!r}: {exc}") from None
            if not is_policy(made):
                raise ValueError(f"bot {label!r}: {obj.__qualname__}() gave a "
                                 f"{type(made).__name__}, not a policy (a callable taking a "
                                 "View)")
            return PolicyBot(made, rules, seat, seed, label)
        return from_class
    if is_policy(obj):
        def from_policy(rules: Rules[Any], seat: int, seed: int = 0, **params: Any) -> Bot:
            if params:
                raise ValueError(f"bot {label!r}: a policy object takes no parameters, not "
                                 f"{', '.join(params)}")
            return PolicyBot(obj, rules, seat, seed, label)  # type: ignore[arg-type]
        return from_policy
    raise ValueError(f"bot {label!r} names a {type(obj).__name__}, not a policy: expected a "
                     "callable taking a View, a class making one, or a Bot subclass")


__all__ = ["ENTRY_POINT_GROUP", "Player", "Policy", "PolicyBot", "entry_point",
           "entry_point_names", "frozen", "is_policy", "is_spec", "load_spec",
           "loaded_factory", "player_name", "split_spec"]
