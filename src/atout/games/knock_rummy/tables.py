"""Knock Rummy's tables: the action ids, the phases, the default hand sizes."""

from __future__ import annotations

from atout.cards import FULL_DECK
from atout.core import (
    ActionSpace,
)
from atout.events import KnockRummyPhase

DRAW_STOCK = 52
"""Action id of ``draw stock``."""
DRAW_DISCARD = 53
"""Action id of ``draw discard``."""
KNOCK = 54
"""Action id of ``knock``."""

DRAW_PHASE, DISCARD_PHASE, OVER_PHASE = 0, 1, 2
PHASES = tuple(KnockRummyPhase)
"""The phases used in views (:class:`atout.events.KnockRummyPhase`), by the index the deal
keeps."""
CODES = FULL_DECK.codes
CARDS_MASK = (1 << 52) - 1
DRAW_ACTIONS = 1 << DRAW_STOCK | 1 << DRAW_DISCARD

STOCK_OUT = ("shuffle", "turn", "showdown", "void")
ACTIONS = ActionSpace([*CODES, "draw stock", "draw discard", "knock"])
"""The 55 actions, shared by every table: discards by card index, then the draws and knock."""
DEFAULT_HAND = {2: 10, 3: 7, 4: 7, 5: 6}
