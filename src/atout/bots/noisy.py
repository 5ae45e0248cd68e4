"""A noisier player: any bot that now and then plays a random legal action instead.

:class:`Noisy` wraps a bot and, with probability ``share`` per decision, plays a uniformly
random legal action instead of the bot's. It stands for a player the search does not model
exactly (the Jass search's rollouts play the other side as the plain heuristic): any bot name
takes it as a parameter, ``make_bot("heuristic:noise=0.2", ...)``.
"""

from __future__ import annotations

import random

from atout.bots.base import Bot
from atout.core import Action, View


class Noisy(Bot):
    """Wraps a bot so that a share of its decisions are random legal actions."""

    def __init__(self, bot: Bot, share: float, seed: int = 0) -> None:
        if not 0 <= share <= 1:
            raise ValueError(f"noise must be a share from 0 to 1, not {share}")
        super().__init__(bot.rules, bot.seat)
        self.name = bot.name
        self.bot = bot
        self.share = share
        self.noise_rng = random.Random(f"noise:{seed}:{bot.seat}")

    def choose(self, view: View) -> Action:
        """The wrapped bot's action, or a random legal one with probability ``share``."""
        if view.legal and self.noise_rng.random() < self.share:
            return self.rules.actions.parse(self.noise_rng.choice(view.legal))
        return self.bot.choose(view)

    def __getattr__(self, name: str) -> object:
        # expose the wrapped bot's figures (``last``, ``total_playouts`` of the search bot)
        return getattr(self.__dict__["bot"], name)
