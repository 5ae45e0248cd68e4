"""A single-agent Gymnasium environment: one seat learns, atout bots hold the others.

``single_agent("jass", opponents="heuristic")`` gives a ``gymnasium.Env`` whose observation is
the learning seat's (the same Dict as the PettingZoo environment: ``observation`` and the int8
``action_mask``) and whose reward is that seat's (see :mod:`atout.envs.table`). The bots choose
from their own views (:func:`atout.bots.make_bot`). An illegal action ends the episode with
``illegal_reward`` and ``info["illegal_action"] = True`` (``illegal="raise"`` raises
:class:`atout.IllegalAction` instead).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium as gym
import numpy as np

from atout.bots import Bot, player_bot
from atout.bots.policy import Player
from atout.envs.aec import RENDER_MODES, observation_space
from atout.envs.info import Reporter, action_names
from atout.envs.table import Table
from atout.envs.text import view_text

ILLEGAL = ("terminate", "raise")
SKIP_LIMIT = 1000
"""Deals in a row without a move of the learning seat before reset gives up."""


def make_bots(table: Table, opponents: Player | Sequence[Player], seat: int,
              seed: int) -> list[Bot | None]:
    """One bot per seat but ``seat`` (None there), from one player for every other seat or a
    sequence of one per other seat; a player is a bot name, a ``module:attribute`` spec, a
    policy or a Bot subclass (:mod:`atout.bots.policy`)."""
    n = table.seats
    names: list[Player] = (list(opponents) if isinstance(opponents, (list, tuple))
                           else [opponents] * (n - 1))  # type: ignore[list-item]
    if len(names) != n - 1:
        raise ValueError(f"opponents must be one bot name or {n - 1} names (one per other "
                         f"seat; a policy may stand for a name), not {len(names)}")
    others = iter(names)
    return [None if s == seat else player_bot(next(others), table.rules, s, seed)
            for s in range(n)]


def play_bots(table: Table, bots: Sequence[Bot | None], rewards: list[float]) -> None:
    """Let the bots move until a seat without a bot is to move or the episode ends.

    Each seat's rewards on the way are added to ``rewards``.
    """
    game = table.game
    while True:
        s = game.to_move
        if s is None:
            return
        bot = bots[s]
        if bot is None:
            return
        for i, r in enumerate(table.play(int(bot.choose(game.view(s))))):
            rewards[i] += r
        game = table.game


def check_seat_arg(seat: object, seats: int) -> int:
    """``seat`` as a seat number of the game, or ``ValueError`` in words."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < seats:
        raise ValueError(f"seat must be from 0 to {seats - 1}, not {seat!r}")
    return seat


class SingleAgentEnv(gym.Env[dict[str, Any], np.int64]):
    """One seat of an atout game against bots, as a Gymnasium environment.

    Keywords: ``opponents`` (a player: a bot name such as "random", "heuristic" or
    "search:playouts=50", a ``module:attribute`` spec, a policy object such as a
    :func:`~atout.bots.policy.frozen` copy of the learner; or a list of one per other seat),
    ``seat`` (the learning seat, 0 by default),
    ``illegal`` ("terminate" or "raise"), ``illegal_reward`` (-1), ``render_mode``, ``lang``,
    ``episode``, ``shaping``, ``reward_scale``; every other keyword is an option of the game.
    """

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 1}  # noqa: RUF012

    def __init__(self, game: str, *, opponents: Player | Sequence[Player] = "heuristic",
                 seat: int = 0, illegal: str = "terminate", illegal_reward: float = -1.0,
                 render_mode: str | None = None, lang: str = "en", **options: Any) -> None:
        self.table = Table(game, **options)
        self.seat = check_seat_arg(seat, self.table.seats)
        if illegal not in ILLEGAL:
            raise ValueError(f"illegal={illegal!r} is not accepted: expected one of "
                             f"{', '.join(repr(i) for i in ILLEGAL)}")
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode={render_mode!r} is not accepted: expected None, "
                             f"{', '.join(repr(m) for m in RENDER_MODES)}")
        view_text(self.table, self.seat, lang)  # an unknown language fails here
        self.illegal = illegal
        self.illegal_reward = float(illegal_reward)
        self.render_mode = render_mode
        self.lang = lang
        self.opponents = opponents
        self.bots = make_bots(self.table, opponents, self.seat, 0)
        self.reporter = Reporter(self.table.rules)
        self.observation_space = observation_space(self.table)
        self.action_space = gym.spaces.Discrete(self.table.num_actions)
        self._over = True

    def _obs(self) -> tuple[dict[str, Any], dict[str, Any]]:
        """The learning seat's observation and its info (see :mod:`atout.envs.info`)."""
        vector, view = self.table.observe(self.seat)
        info = self.reporter.info(self.table.game, self.seat, view)
        return {"observation": vector, "action_mask": self.table.mask(self.seat)}, info

    def action_names(self, mask: Any = None) -> list[str]:
        """The notations of the actions in ``mask`` (an ``action_mask`` array or an int
        bitmask), by default of the learning seat's legal actions now."""
        if mask is None:
            mask = self.table.mask_bits(self.seat)
        return action_names(self.table.rules, mask)

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, Any], dict[str, Any]]:
        """A new deal; bots play until the learning seat is to move (or the deal ends)."""
        super().reset(seed=seed)
        if seed is not None:
            self.table.seed(seed)
            self.bots = make_bots(self.table, self.opponents, self.seat,
                                  self.table.rng.getrandbits(32))
        self.table.reset()
        self.reporter.reset()
        rewards = [0.0] * self.table.seats
        play_bots(self.table, self.bots, rewards)
        skipped = 0
        while self.table.is_over:  # a deal the learning seat never plays in: the next one
            skipped += 1
            if skipped > SKIP_LIMIT:
                raise ValueError(f"seat {self.seat} never got to move in {SKIP_LIMIT} deals")
            self.table.reset()
            play_bots(self.table, self.bots, rewards)
        self._over = False
        return self._obs()

    def step(self, action: np.int64 | int
             ) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        """Play ``action`` for the learning seat, then the bots until its next turn."""
        if self._over:
            raise ValueError("the episode is over: call reset()")
        a = int(action)
        if self.illegal == "terminate" and not self.table.is_legal(a):
            self._over = True
            obs, info = self._obs()
            info["illegal_action"] = True
            return obs, self.illegal_reward, True, False, info
        rewards = self.table.play(a)  # illegal="raise": IllegalAction, with the reason
        play_bots(self.table, self.bots, rewards)
        self.reporter.add(rewards)
        obs, info = self._obs()
        if self.table.is_over:
            self._over = True
            info["points"] = self.table.points()[self.seat]
        return obs, rewards[self.seat], self._over, False, info

    def render(self) -> str | None:
        """The learning seat's view in words (``ansi`` returns it, ``human`` prints it)."""
        if self.render_mode is None:
            gym.logger.warn("render() called without a render_mode: pass 'human' or 'ansi'")
            return None
        text = view_text(self.table, self.seat, self.lang)
        if self.render_mode == "human":
            print(text)
            return None
        return text


def single_agent(game: str, **options: Any) -> SingleAgentEnv:
    """One seat of ``game`` against bots, as a Gymnasium environment (see SingleAgentEnv)."""
    return SingleAgentEnv(game, **options)


__all__ = ["ILLEGAL", "SKIP_LIMIT", "SingleAgentEnv", "make_bots", "play_bots", "single_agent"]
