"""Computer players. A bot sees only its seat's :class:`~atout.core.View`, never the deal.

``make_bot(name, rules, seat, seed)`` builds a bot from the registry; ``play_out`` drives a
deal or a match to its end with one bot per seat. The registry holds ``random`` (uniform legal
actions), ``heuristic`` (each game's rules of thumb) and ``search`` (determinized Monte Carlo
search); a bot name may carry parameters, ``search:playouts=300:seconds=0.5``, and any bot
takes a thinking delay for tables with people, ``heuristic:delay=1.2:jitter=0.6``, and a
share of random moves, ``heuristic:noise=0.2`` (a player a search does not model exactly).
Your own agent plays wherever a bot name is taken: a ``module:attribute`` spec naming a policy
(a callable taking a :class:`~atout.core.View`), or an entry point in the ``atout.bots``
group; see :mod:`atout.bots.policy`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from atout.bots.base import Bot
from atout.core import Action, Deal, Match, Rules, View

__all__ = ["Bot", "RandomBot", "bot_names", "make_bot", "parse_bot_spec", "play_out",
           "player_bot", "register_bot", "register_spec", "unregister_bot"]


class RandomBot(Bot):
    """Plays a uniformly random legal action."""

    name = "random"

    def choose(self, view: View) -> Action:
        """A uniformly random legal action."""
        if not view.legal:
            raise ValueError(f"seat {view.seat} has no legal action: it is not its turn")
        return self.rules.actions.parse(self.rng.choice(view.legal))


def _random(rules: Rules[Any], seat: int, seed: int = 0, **params: Any) -> Bot:
    if params:
        raise ValueError(f"the random bot takes no parameters, not {', '.join(params)}")
    return RandomBot(rules, seat, seed)


def _heuristic(rules: Rules[Any], seat: int, seed: int = 0, **params: Any) -> Bot:
    from atout.bots.registry import parts_for

    bot: Bot = parts_for(rules).heuristic(rules, seat, seed, **params)
    return bot


def _search(rules: Rules[Any], seat: int, seed: int = 0, **params: Any) -> Bot:
    from atout.bots.parts import search_settings
    from atout.bots.search import SearchBot

    budget, options = search_settings(params)
    return SearchBot(rules, seat, seed, budget=budget, options=options)


_BOTS: dict[str, Callable[..., Bot]] = {"random": _random, "heuristic": _heuristic,
                                        "search": _search}


def register_bot(name: str, factory: Callable[..., Bot]) -> None:
    """Add a bot to the registry under ``name``."""
    _BOTS[name] = factory


def unregister_bot(name: str) -> None:
    """Remove the bot registered under ``name`` (nothing when there is none)."""
    _BOTS.pop(name, None)


def register_spec(name: str, spec: str) -> None:
    """Register the player a ``module:attribute`` spec names (``mypkg.agents:policy``, with
    optional ``:key=value`` parameters) as the bot ``name``: how an operator offers a policy
    to a server's players (``atout serve --bot name=mypkg.agents:policy``), who may choose
    the bots registered by name but never make the server import a module. The module is
    imported now: ``ValueError`` in words for a bad name, module, attribute or object."""
    from atout.bots import policy

    name = name.strip()
    if not name or not all(c.isalnum() or c in "-_" for c in name):
        raise ValueError(f"bot name {name!r}: expected letters, digits, - and _ only")
    if name in _BOTS:
        raise ValueError(f"bot name {name!r} is taken: choose another than "
                         f"{', '.join(_BOTS)}")
    module, attr, parts = policy.split_spec(spec)
    _, fixed = parse_bot_spec(":".join(["spec", *parts]))
    loaded = policy.loaded_factory(name, policy.load_spec(f"{module}:{attr}"))

    def factory(rules: Rules[Any], seat: int, seed: int = 0, **params: Any) -> Bot:
        return loaded(rules, seat, seed, **{**fixed, **params})

    _BOTS[name] = factory


def bot_names() -> list[str]:
    """The names of the registered bots, then of the players installed packages declare in
    the ``atout.bots`` entry-point group."""
    from atout.bots.policy import entry_point_names

    return [*_BOTS, *(n for n in entry_point_names() if n not in _BOTS)]


def parse_bot_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """Split ``search:playouts=300:seconds=0.5`` into a name and its parameters.

    Values are read as int, then float, then kept as text.
    """
    name, *parts = spec.strip().split(":")
    params: dict[str, Any] = {}
    for part in parts:
        key, sep, raw = part.partition("=")
        if not sep or not key.strip():
            raise ValueError(f"bot parameter {part!r} in {spec!r}: expected key=value, "
                             "like search:playouts=300")
        value: Any = raw.strip()
        for conv in (int, float):
            try:
                value = conv(raw)
                break
            except ValueError:
                continue
        params[key.strip()] = value
    return name.strip(), params


def _factory(name: str, specs: bool) -> tuple[Callable[..., Bot], dict[str, Any]]:
    """The factory and the parameters of a bot name, spec or entry point."""
    from atout.bots import policy

    if policy.is_spec(name, _BOTS.__contains__):
        if not specs:
            raise ValueError(f"bot {name!r}: a module:attribute spec is not taken here, only "
                             "the names of the bots installed")
        module, attr, parts = policy.split_spec(name)
        _, params = parse_bot_spec(":".join(["spec", *parts]))
        label = f"{module}:{attr}"
        return policy.loaded_factory(label, policy.load_spec(name)), params
    base, params = parse_bot_spec(name)
    factory = _BOTS.get(base)
    if factory is None:
        found = policy.entry_point(base) if base else None
        if found is None:
            plugins = policy.entry_point_names()
            known = ", ".join([*_BOTS, *plugins])
            raise ValueError(f"unknown bot {base!r}: expected one of {known}, or a policy "
                             "as module:attribute, like mypkg.agents:policy")
        factory = policy.loaded_factory(base, found)
    return factory, params


def make_bot(name: str, rules: Rules[Any], seat: int, seed: int = 0, *,
             specs: bool = True) -> Bot:
    """A bot by name (with optional parameters, ``search:playouts=300``), by
    ``module:attribute`` spec of a policy (``mypkg.agents:policy``) or by the name of an entry
    point in the ``atout.bots`` group (see :mod:`atout.bots.policy`).

    ``ValueError`` naming the known bots when unknown, or the bad parameter, module or
    attribute. ``specs=False`` refuses ``module:attribute`` specs before importing anything
    (a name that comes from someone else than the operator: a server's players).
    """
    factory, params = _factory(name, specs)
    delay = params.pop("delay", None)
    jitter = params.pop("jitter", None)
    noise = params.pop("noise", None)
    try:
        bot = factory(rules, seat, seed, **params)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"bot {name!r}: {exc}") from None
    if noise is not None:
        from atout.bots.noisy import Noisy

        try:
            share = float(noise)
        except ValueError:
            raise ValueError(f"bot {name!r}: noise must be a share from 0 to 1, not "
                             f"{noise!r}") from None
        bot = Noisy(bot, share, seed)
    if delay is not None or jitter is not None:
        from atout.bots.pace import Paced

        bot = Paced(bot, float(delay or 0.0), float(jitter or 0.0))
    return bot


def play_out(game: Deal | Match, bots: Sequence[Bot],
             watch: Callable[[View, Action], None] | None = None) -> None:
    """Let the bots (one per seat) play a deal or a match to its end; ``watch``, if given, is
    told each decision (the view it was made on and the action) before it is played."""
    if len(bots) != game.seats:
        raise ValueError(f"{len(bots)} bots for {game.seats} seats")
    while True:
        seat = game.to_move
        if seat is None:
            return
        view = game.view(seat)
        action = bots[seat].choose(view)
        if watch is not None:
            watch(view, action)
        game.play(action)


def player_bot(player: object, rules: Rules[Any], seat: int, seed: int = 0,
               **params: Any) -> Bot:
    """A bot for ``seat`` from any player: a bot name or spec, a Bot subclass, or a policy
    (a Bot made for that seat is returned as it is). ``ValueError`` in words for anything
    else."""
    from atout.bots.policy import PolicyBot, is_policy, player_name

    if isinstance(player, str):
        if params:
            raise ValueError(f"bot {player!r}: give its parameters in the name, "
                             "like search:playouts=300")
        return make_bot(player, rules, seat, seed)
    if isinstance(player, Bot):
        if player.seat != seat:
            raise ValueError(f"the bot {player_name(player)} was made for seat {player.seat}, "
                             f"not {seat}: give its class, or a policy, to seat it anywhere")
        return player
    if isinstance(player, type) and issubclass(player, Bot):
        try:
            return player(rules, seat, seed, **params)
        except TypeError as exc:
            raise ValueError(f"bot {player.__qualname__}: {exc}") from None
    if is_policy(player):
        if params:
            raise ValueError(f"policy {player_name(player)} takes no parameters, not "
                             f"{', '.join(params)}")
        return PolicyBot(player, rules, seat, seed)  # type: ignore[arg-type]
    raise ValueError(f"{player!r} is not a player: expected a bot name, a module:attribute "
                     "spec, a policy (a callable taking a View) or a Bot subclass")
