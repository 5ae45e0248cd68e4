"""The PettingZoo AEC environment of every atout game.

``raw_env(game, **options)`` is the bare environment: an illegal action raises
:class:`atout.IllegalAction` (a ``ValueError``, with the reason in words) and changes nothing.
``env(game, **options)`` wraps it as PettingZoo's own classic games are wrapped:
``TerminateIllegalWrapper`` (an illegal action ends the episode for everyone, the offender
receiving ``illegal_reward``, -1 by default, and the others 0), ``AssertOutOfBoundsWrapper``
and ``OrderEnforcingWrapper``.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.utils import EzPickle
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from atout.envs.encoding import Float
from atout.envs.info import Reporter, action_names
from atout.envs.table import Mask, Table
from atout.envs.text import view_text

RENDER_MODES = ("human", "ansi")


def observation_space(table: Table) -> spaces.Dict:
    """The observation space of a table: the encoded view and the int8 action mask."""
    return spaces.Dict({
        "observation": spaces.Box(-1.0, 1.0, (table.encoder.size,), dtype=np.float32),
        "action_mask": spaces.Box(0, 1, (table.num_actions,), dtype=np.int8),
    })


class AtoutEnv(AECEnv[str, dict[str, Any], int | None], EzPickle):  # type: ignore[misc]
    """One atout game as a PettingZoo AEC environment (agents ``player_0`` …).

    Keywords: ``episode`` ("deal" or "match"), ``shaping`` ("none" or "tricks"),
    ``reward_scale`` (a number; default per game), ``match_options`` (keywords of
    ``rules.match`` with ``episode="match"``), ``render_mode`` ("human" prints, "ansi"
    returns the text), ``lang`` ("en" or "fr"); every other keyword is an option of the game,
    as :func:`atout.make` takes it (``players=3``, ``preset="fft"`` …).
    """

    metadata = {"render_modes": list(RENDER_MODES), "name": "atout_v0",  # noqa: RUF012
                "is_parallelizable": False, "render_fps": 1}

    def __init__(self, game: str, *, render_mode: str | None = None, lang: str = "en",
                 **options: Any) -> None:
        EzPickle.__init__(self, game, render_mode=render_mode, lang=lang, **options)
        super().__init__()
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode={render_mode!r} is not accepted: expected None, "
                             f"{', '.join(repr(m) for m in RENDER_MODES)}")
        self.table = Table(game, **options)
        self.render_mode = render_mode
        self.lang = lang
        view_text(self.table, 0, lang)  # an unknown language fails here, not at render time
        n = self.table.seats
        self.metadata = {**self.metadata,
                         "name": f"atout_{game.replace('-', '_')}_v{self.table.spec.version}"}
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self.agents = self.possible_agents[:]
        self._index = {a: i for i, a in enumerate(self.possible_agents)}
        self._obs_space = observation_space(self.table)
        self._act_space = spaces.Discrete(self.table.num_actions)
        self.observation_spaces = {a: self._obs_space for a in self.possible_agents}
        self.action_spaces = {a: self._act_space for a in self.possible_agents}
        self._cache: dict[int, dict[str, Float | Mask]] = {}
        self.reporter = Reporter(self.table.rules)
        self._clear()

    def _clear(self) -> None:
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The same Dict space for every agent."""
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """Discrete over the game's fixed action ids."""
        return self._act_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new deal (or match): with ``seed``, a new reproducible sequence of them."""
        self.table.reset(seed)
        self.agents = self.possible_agents[:]
        self._clear()
        self._cache = {}
        self.reporter.reset()
        seat = self.table.to_move
        assert seat is not None
        self.agent_selection = self.possible_agents[seat]
        self._observe_next(seat)

    def _observe_next(self, seat: int) -> None:
        """Make the observation of the seat to move (which ``last()`` reads next) and its
        info from the same view (see :mod:`atout.envs.info`)."""
        vector, view = self.table.observe(seat)
        self._cache[seat] = {"observation": vector, "action_mask": self.table.mask(seat)}
        self.infos[self.possible_agents[seat]] = self.reporter.info(self.table.game, seat, view)

    def action_names(self, mask: Any) -> list[str]:
        """The notations of the actions in ``mask`` (an ``action_mask`` array or an int
        bitmask), in id order."""
        return action_names(self.table.rules, mask)

    def observe(self, agent: str) -> dict[str, Any]:
        """The agent's observation: its encoded view and its action mask."""
        seat = self._index[agent]
        cached = self._cache.get(seat)
        if cached is None:
            cached = {"observation": self.table.observation(seat),
                      "action_mask": self.table.mask(seat)}
            self._cache[seat] = cached
        return cached

    def step(self, action: int | None) -> None:
        """Play ``action`` (an action id) for the selected agent."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to move: give an action id, not None")
        rewards = self.table.play(int(action))
        self._cache = {}
        self.reporter.add(rewards)
        self._cumulative_rewards[agent] = 0.0
        if any(rewards) or any(self.rewards.values()):
            self.rewards = dict(zip(self.possible_agents, rewards, strict=True))
        game = self.table.game
        if game.is_over:
            points = self.table.points()
            for i, a in enumerate(self.possible_agents):
                self.terminations[a] = True
                self.infos[a] = {**self.reporter.info(game, i), "points": points[i]}
            self._accumulate_rewards()
        else:
            seat = game.to_move
            assert seat is not None
            self.agent_selection = self.possible_agents[seat]
            self._observe_next(seat)
            if any(rewards):  # shaping, or a deal of a match ended
                self._accumulate_rewards()

    def render(self) -> str | None:
        """The selected agent's view in words (``ansi`` returns it, ``human`` prints it)."""
        if self.render_mode is None:
            from gymnasium.logger import warn

            warn("render() called without a render_mode: pass render_mode='human' or 'ansi'")
            return None
        text = view_text(self.table, self._index[self.agent_selection], self.lang)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""


def raw_env(game: str, **options: Any) -> AtoutEnv:
    """The bare AEC environment of ``game``: an illegal action raises ``IllegalAction``."""
    return AtoutEnv(game, **options)


def env(game: str, *, illegal_reward: float = -1.0, **options: Any) -> Any:
    """The AEC environment of ``game`` wrapped as PettingZoo's classic games are.

    An illegal action ends the episode: the offender receives ``illegal_reward`` (-1 by
    default, as bad as the worst usual deal at the default reward scale) and the others 0.
    """
    wrapped: Any = raw_env(game, **options)
    wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=illegal_reward)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


__all__ = ["RENDER_MODES", "AtoutEnv", "env", "observation_space", "raw_env"]
