"""Reinforcement-learning environments for every atout game (the ``rl`` extra).

>>> from atout.envs import env
>>> e = env("jass")
>>> e.reset(seed=1)
>>> obs, reward, terminated, truncated, info = e.last()
>>> obs["action_mask"].dtype
dtype('int8')

- :func:`env`, :func:`raw_env`: PettingZoo AEC environments (agents ``player_0`` …).
- :func:`single_agent`: a Gymnasium environment where one seat learns and bots hold the others.
- :func:`vector_env`: many deals stepped together, numpy arrays in and out;
  :func:`process_vector_env` the same with the rows shared among worker processes.
- :func:`action_names`: the notations of the actions of a mask; a step's ``info`` holds the
  phase, the legal actions' names, what was played and the return so far
  (:mod:`atout.envs.info`); ``opponents=`` takes any player (:mod:`atout.bots.policy`).

Each is registered under ``atout/<game>-v<N>`` (PettingZoo's registry for the AEC form,
Gymnasium's for the single-agent form) once this package and that library are both
imported, in either order. The observation encoding of each game is described in
docs/envs.md; ``N`` is its version.

Importing this package is cheap: it loads neither numpy, Gymnasium nor PettingZoo; each
name above loads its module on first use (:func:`importlib.import_module`), and the
registration waits for the library it registers into (:mod:`atout.envs.registration`).
"""

from __future__ import annotations

from importlib import import_module

from atout.envs.registration import register_when_imported

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (mypy reads it so)

if TYPE_CHECKING:
    from typing import Any

    from atout.envs.aec import AtoutEnv, env, raw_env
    from atout.envs.encoding import Block, Encoder, Feature
    from atout.envs.features import SPECS, GameSpec, spec_of
    from atout.envs.info import ObservationPolicy, action_names
    from atout.envs.processes import ProcessVectorEnv, process_vector_env
    from atout.envs.registration import env_id, register_envs
    from atout.envs.single import SingleAgentEnv, single_agent
    from atout.envs.table import Table
    from atout.envs.vector import VectorEnv, vector_env

    GAMES: tuple[str, ...]
    """The games with environments."""

_HOMES: dict[str, str] = {
    "AtoutEnv": "aec", "env": "aec", "raw_env": "aec",
    "Block": "encoding", "Encoder": "encoding", "Feature": "encoding",
    "SPECS": "features", "GameSpec": "features", "spec_of": "features", "GAMES": "features",
    "ObservationPolicy": "info", "action_names": "info",
    "ProcessVectorEnv": "processes", "process_vector_env": "processes",
    "env_id": "registration", "register_envs": "registration",
    "SingleAgentEnv": "single", "single_agent": "single",
    "Table": "table",
    "VectorEnv": "vector", "vector_env": "vector",
}
"""The submodule of each public name, imported when the name is first read."""


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'atout.envs' has no attribute {name!r}")
    module = import_module(f"atout.envs.{home}")
    value = tuple(module.SPECS) if name == "GAMES" else getattr(module, name)
    globals()[name] = value  # read once: the next reads find it here
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_HOMES})


register_when_imported()

__all__ = [
    "GAMES",
    "SPECS",
    "AtoutEnv",
    "Block",
    "Encoder",
    "Feature",
    "GameSpec",
    "ObservationPolicy",
    "ProcessVectorEnv",
    "SingleAgentEnv",
    "Table",
    "VectorEnv",
    "action_names",
    "env",
    "env_id",
    "process_vector_env",
    "raw_env",
    "register_envs",
    "single_agent",
    "spec_of",
    "vector_env",
]
