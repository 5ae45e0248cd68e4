"""Registration of the environments under ``atout/<game>-v<N>``.

The AEC form goes to PettingZoo's registry (``pettingzoo.make("aec", "atout/jass-v1")``) when
the installed PettingZoo has one, the single-agent form to Gymnasium's
(``gymnasium.make("atout/jass-v1", opponents="random")``). Options given to ``make`` are
passed on (game options included).

Importing :mod:`atout.envs` does not import Gymnasium or PettingZoo (nor numpy, which they
load): :func:`register_when_imported` registers into each library that is already imported,
and for the other one waits for its import (a finder on :data:`sys.meta_path` that runs the
registration right after the library's own module has run, then steps aside).
"""

from __future__ import annotations

import sys

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (mypy reads it so)
if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from typing import Any


def env_id(game: str) -> str:
    """The registered id of ``game``'s environments, with its encoding version."""
    from atout.envs.features import spec_of

    return f"atout/{game}-v{spec_of(game).version}"


def _games() -> list[str]:
    from atout.envs.features import SPECS

    return list(SPECS)


def register_gymnasium() -> list[str]:
    """Register the single-agent form of every game in Gymnasium's registry (once); return
    the ids."""
    import gymnasium

    ids = []
    for game in _games():
        ident = env_id(game)
        ids.append(ident)
        if ident not in gymnasium.registry:
            gymnasium.register(id=ident, entry_point="atout.envs.single:SingleAgentEnv",
                               kwargs={"game": game})
    return ids


def register_pettingzoo() -> list[str]:
    """Register the AEC form of every game in PettingZoo's registry, when the installed
    PettingZoo has one (once); return the ids registered there."""
    try:
        import pettingzoo
    except ImportError:  # pragma: no cover - pettingzoo is in the rl extra
        return []
    pz_register = getattr(pettingzoo, "register", None)
    pz_registry = getattr(pettingzoo, "aec_registry", None)
    if pz_register is None or pz_registry is None:  # pragma: no cover - an older PettingZoo
        return []
    ids = []
    for game in _games():
        ident = env_id(game)
        ids.append(ident)
        if ident not in pz_registry:
            pz_register("aec", ident, entry_point="atout.envs.aec:env", kwargs={"game": game})
    return ids


def register_envs() -> list[str]:
    """Register every game's environments in both registries now (once); return the ids."""
    ids = register_gymnasium()
    register_pettingzoo()
    return ids


REGISTRARS: dict[str, Callable[[], object]] = {
    "gymnasium": register_gymnasium, "pettingzoo": register_pettingzoo}
"""The registration into each library, by the library's top-level module."""


class AfterImport:
    """A finder on :data:`sys.meta_path` that runs a function right after a module's first
    import (the module's own code has run, its import not yet returned), once per module,
    and takes itself off the path when no module is left to wait for."""

    def __init__(self, actions: dict[str, Callable[[], object]]) -> None:
        self.actions = dict(actions)

    def find_spec(self, name: str, path: Sequence[str] | None,
                  target: Any = None) -> Any:
        """The spec the other finders give for ``name``, its loader made to run the action
        after the module; None (the other finders decide) for every other module."""
        action = self.actions.get(name)
        if action is None:
            return None
        spec = None
        for finder in sys.meta_path:
            find = getattr(finder, "find_spec", None)
            if finder is self or find is None:
                continue
            spec = find(name, path, target)
            if spec is not None:
                break
        if spec is None:
            return None
        loader = spec.loader
        run = getattr(loader, "exec_module", None)
        if loader is None or run is None:
            return spec
        del self.actions[name]
        if not self.actions and self in sys.meta_path:
            sys.meta_path.remove(self)

        def exec_module(module: Any) -> None:
            run(module)
            action()

        loader.exec_module = exec_module  # this spec's own loader instance
        return spec


def register_when_imported() -> None:
    """Register into each library (Gymnasium, PettingZoo) already imported, now; and into
    the others right after their first import, if it comes."""
    waiting = {}
    for name, register in REGISTRARS.items():
        if name in sys.modules:
            register()
        else:
            waiting[name] = register
    if waiting and not any(isinstance(f, AfterImport) for f in sys.meta_path):
        sys.meta_path.insert(0, AfterImport(waiting))


__all__ = ["AfterImport", "env_id", "register_envs", "register_gymnasium",
           "register_pettingzoo", "register_when_imported"]
