"""What a step tells besides the observation: the ``info`` dict of the environments.

After ``reset`` and every ``step`` the single-agent environment's ``info`` (and the PettingZoo
environment's ``infos[agent]`` of the agent to move, and of every agent when the episode
ends) holds:

- ``phase``: the game's phase as the seat's view names it (``"bid"``, ``"play"`` …,
  ``"over"`` once the deal is over in most games);
- ``legal_actions``: the notations of the seat's legal actions, in id order (the order of
  ``numpy.flatnonzero(action_mask)``), empty when it is not to move;
- ``played``: what was played since the seat last observed, as ``(seat, notation)`` pairs,
  the notation None where the action was hidden from it (its view's ``history``);
- ``return``: the seat's rewards summed since the episode began;
- ``scores``: with ``episode="match"``, the game's scores so far, one per seat;
- ``points``: when the episode ends, the game's own points of the seat (as before).

:func:`action_names` turns a mask (an int8 array or an int bitmask) into notations;
:class:`ObservationPolicy` makes a learner that reads observations and masks a policy
(:mod:`atout.bots.policy`), to play in tournaments and as opponents.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from atout.core import Match, Rules, View


def action_names(rules: Rules[Any], mask: npt.ArrayLike | int) -> list[str]:
    """The notations of the action ids set in ``mask``: an array over ids (such as an
    observation's ``action_mask``, nonzero meaning legal) or an int bitmask; in id order.

    >>> import atout
    >>> action_names(atout.make("jass"), 0b11 << 36)
    ['trump H', 'trump D']
    """
    if isinstance(mask, (int, np.integer)) and not isinstance(mask, bool):
        bits = int(mask)
        if bits < 0 or bits >> rules.num_actions:
            raise ValueError(f"mask {bits:#x} names ids beyond the game's "
                             f"{rules.num_actions} actions")
        return list(rules.actions.texts_of(bits))
    arr = np.asarray(mask)
    if arr.ndim != 1 or arr.shape[0] != rules.num_actions:
        raise ValueError(f"mask must be one row of {rules.num_actions} entries (one per "
                         f"action id) or an int bitmask, not shape {arr.shape}")
    texts = rules.actions.texts()
    return [texts[int(i)] for i in np.flatnonzero(arr)]


class Reporter:
    """The info dicts of one environment's seats: it remembers how much of each seat's
    history it has reported and each seat's return so far."""

    def __init__(self, rules: Rules[Any]) -> None:
        self.rules = rules
        self.heard = [0] * rules.seats
        self.returns = [0.0] * rules.seats

    def reset(self) -> None:
        """A new episode: nothing heard, nothing earned."""
        self.heard = [0] * self.rules.seats
        self.returns = [0.0] * self.rules.seats

    def add(self, rewards: list[float]) -> None:
        """Count a step's rewards (one per seat) into the returns."""
        for s, r in enumerate(rewards):
            self.returns[s] += r

    def info(self, game: Any, seat: int, view: View | None = None) -> dict[str, Any]:
        """The info dict of ``seat`` now (``view``: its observation view, if already made)."""
        if view is None:
            view = game.observation_view(seat)
        history = view.history
        start = self.heard[seat] if self.heard[seat] <= len(history) else 0  # a new deal
        self.heard[seat] = len(history)
        legal = (list(self.rules.actions.texts_of(game.legal_mask()))
                 if game.to_move == seat else [])
        info: dict[str, Any] = {"phase": view.phase, "legal_actions": legal,
                                "played": list(history[start:]),
                                "return": self.returns[seat]}
        if isinstance(game, Match):
            info["scores"] = list(game.scores)
        return info




class ObservationPolicy:
    """A learner that reads observations and masks, as a policy (a player anywhere).

    ``agent(observation, action_mask)`` is called with the float32 observation vector and the
    int8 mask the environment of ``game`` (with the same ``options``: game options and
    ``episode``) would give, and returns an action id. The encoding is the environment's own,
    made from the seat's view::

        policy = ObservationPolicy(lambda obs, mask: int(model.predict(obs, mask)), "pitch")
        Tournament("pitch", (policy, "heuristic"), deals=1000)
    """

    def __init__(self, agent: Any, game: str, name: str | None = None, **options: Any) -> None:
        from atout.envs.table import Table

        if not callable(agent):
            raise ValueError(f"agent must be callable as agent(observation, action_mask), "
                             f"not a {type(agent).__name__}")
        self.agent = agent
        self.game = game
        self.options = options
        self.table = Table(game, **options)
        self.name = name or f"{game} agent"

    def __getstate__(self) -> dict[str, Any]:
        """The agent, the game and its options (the table is made again: it holds the
        encoder's functions, which do not pickle)."""
        return {"agent": self.agent, "game": self.game, "options": self.options,
                "name": self.name}

    def __setstate__(self, state: dict[str, Any]) -> None:
        """Made again from :meth:`__getstate__`'s parts (worker processes, deep copies)."""
        self.__init__(state["agent"], state["game"], state["name"],  # type: ignore[misc]
                      **state["options"])

    def __call__(self, view: View) -> int:
        """The agent's action id on the observation and mask of ``view``."""
        rules = self.table.rules
        mask = np.zeros(rules.num_actions, dtype=np.int8)
        for text in view.legal:
            mask[int(rules.actions.parse(text))] = 1
        return int(self.agent(self.table.encoder.encode(view), mask))


__all__ = ["ObservationPolicy", "Reporter", "action_names"]
