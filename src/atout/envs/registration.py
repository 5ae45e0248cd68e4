"""Registration of the environments under ``atout/<game>-v<N>``.

The AEC form goes to PettingZoo's registry (``pettingzoo.make("aec", "atout/jass-v1")``) when
the installed PettingZoo has one, the single-agent form to Gymnasium's
(``gymnasium.make("atout/jass-v1", opponents="random")``). Options given to ``make`` are
passed on (game options included).
"""

from __future__ import annotations

import gymnasium

from atout.envs.features import SPECS, spec_of


def env_id(game: str) -> str:
    """The registered id of ``game``'s environments, with its encoding version."""
    return f"atout/{game}-v{spec_of(game).version}"


def register_envs() -> list[str]:
    """Register every game's environments (once); return the ids."""
    ids = []
    try:
        import pettingzoo

        pz_register = getattr(pettingzoo, "register", None)
        pz_registry = getattr(pettingzoo, "aec_registry", None)
    except ImportError:  # pragma: no cover - pettingzoo is in the rl extra
        pz_register = pz_registry = None
    for game in SPECS:
        ident = env_id(game)
        ids.append(ident)
        if ident not in gymnasium.registry:
            gymnasium.register(id=ident, entry_point="atout.envs.single:SingleAgentEnv",
                               kwargs={"game": game})
        if pz_register is not None and pz_registry is not None and ident not in pz_registry:
            pz_register("aec", ident, entry_point="atout.envs.aec:env", kwargs={"game": game})
    return ids


__all__ = ["env_id", "register_envs"]
