"""A thinking delay for tables with people: a bot that answers at a human pace.

A search bot answers in well under a second and a heuristic at once; against people an
instant answer feels abrupt and is hard to follow with a screen reader. :class:`Paced` wraps
any bot and makes each decision take at least ``seconds`` plus a random share of ``jitter``
(the time spent thinking counts toward it). Any bot name takes ``delay`` (and ``jitter``) as
parameters: ``make_bot("search:delay=1.2", ...)``.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from atout.bots.base import Bot
from atout.core import Action, View


class Paced(Bot):
    """Wraps a bot so that each decision takes at least ``seconds`` (+ up to ``jitter``)."""

    def __init__(self, bot: Bot, seconds: float = 1.0, jitter: float = 0.5,
                 sleep: Callable[[float], None] = time.sleep,
                 clock: Callable[[], float] = time.monotonic) -> None:
        if seconds < 0 or jitter < 0:
            raise ValueError(f"delay and jitter must be zero or more, not {seconds} and {jitter}")
        super().__init__(bot.rules, bot.seat)
        self.rng = bot.rng
        self.name = bot.name
        self.bot = bot
        self.seconds = seconds
        self.jitter = jitter
        self._sleep = sleep
        self._clock = clock

    def choose(self, view: View) -> Action:
        """The wrapped bot's action, answered no sooner than the delay."""
        start = self._clock()
        action = self.bot.choose(view)
        target = self.seconds + self.jitter * self.rng.random()
        wait = target - (self._clock() - start)
        if wait > 0:
            self._sleep(wait)
        return action

    def __getattr__(self, name: str) -> object:
        # expose the wrapped bot's figures (``last`` of the search bot, for hints)
        return getattr(self.__dict__["bot"], name)
