"""Hand-written policies for the tests of :mod:`atout.bots.policy` (no training)."""

from __future__ import annotations

from typing import Any

import numpy as np

from atout.core import View


class Lowest:
    """Plays the legal action with the lowest id (the first of ``view.legal``, which the
    engines list in id order), and counts its decisions."""

    name = "lowest"

    def __init__(self, offset: int = 0) -> None:
        self.offset = offset
        self.calls = 0

    def __call__(self, view: View) -> str:
        """The ``offset``-th legal action (wrapping round), as its notation."""
        self.calls += 1
        return view.legal[self.offset % len(view.legal)]


def lowest(view: View) -> str:
    """The first legal action, as a plain function."""
    return view.legal[0]


lowest_policy = Lowest()
"""A ready-made policy object."""

not_a_policy = 42
"""Not a player: the tests check the error."""


def highest_id(observation: Any, action_mask: Any) -> int:
    """An observation-and-mask agent: the legal action with the highest id."""
    return int(np.flatnonzero(action_mask)[-1])

everywhere = Lowest(offset=1)
"""The policy object the must-hold test plugs into the tournament, the console and a
server table (it counts its decisions)."""
