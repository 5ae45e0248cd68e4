"""Refusals as data: why an action is not allowed, as a code and its parameters.

An engine states a rule once, as a :class:`Refusal`: a ``code`` naming the rule, the
``params`` a sentence needs (the suit to follow, the trump to beat, the cards allowed …) and
an English sentence. :class:`IllegalAction` carries all three, so a front end translates the
code into the player's language instead of working the rule out again from the view.

:data:`CODES` lists every code with the names of its parameters; the i18n catalogues hold a
sentence for each, in every language, and a test checks it. Parameter names say how a front
end renders a value: ``card``, ``best`` and ``called`` are card codes, ``suit`` and
``trump`` suit letters, ``legal`` and ``cards`` lists of action notations, ``seat`` a seat,
every other parameter a number or a word shown as it is.

>>> r = Refusal("follow_suit", "you must follow H: you hold 6H", {"suit": "H", "legal": ["6H"]})
>>> err = IllegalAction(r.text, "AS", code=r.code, params=r.params)
>>> err.code, err.params["suit"], str(err)
('follow_suit', 'H', 'you must follow H: you hold 6H')
>>> IllegalAction("no").code   # a reason in words only: the generic code
'not_allowed'
>>> import pickle
>>> pickle.loads(pickle.dumps(err)).params["legal"]
['6H']
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

CODES: Mapping[str, tuple[str, ...]] = MappingProxyType({
    # every game
    "not_allowed": ("action", "legal"),
    "unknown_action": ("action",),
    "deal_over": ("action",),
    "game_over": ("action",),
    "not_in_hand": ("card",),
    "wrong_phase": ("action", "legal"),
    "play_a_card": ("action",),
    # following in tricks
    "follow_suit": ("card", "suit", "legal"),
    "follow_or_trump": ("card", "suit", "trump", "legal"),
    "under_trump": ("card", "best", "rule", "legal"),
    "must_trump": ("card", "legal"),
    "void_must_trump": ("card", "suit", "legal"),
    "must_overtrump": ("card", "best", "legal"),
    # Jass and Putze before the play
    "choose_trump_first": ("action",),
    "no_second_push": (),
    "row_played": ("action", "legal"),
    "not_offered": ("action",),
    "declare_first": ("action", "legal"),
    "no_blind": (),
    "blind_taken": ("legal",),
    "must_play": ("legal",),
    "no_better_cards": ("legal",),
    "six_later": (),
    "discard_three": (),
    "discard_or_look": ("action",),
    "six_choice": ("action",),
    # Tarot
    "petit_sec_declare": ("action",),
    "bid_too_low": ("action", "contract"),
    "bid_or_pass": ("action",),
    "call_own_card": ("action",),
    "call_rank": ("action", "rank", "lower"),
    "call_a_king": ("action",),
    "ecart_king": ("card",),
    "ecart_bout": ("card",),
    "ecart_trump": ("card", "cards"),
    "ecart_more": ("action", "count"),
    "called_suit_lead": ("card", "suit", "called", "legal"),
    "poignee_size": ("action", "held", "need"),
    # Pitch
    "pitch_tangage_off": ("action",),
    "pitch_four_closed": ("card",),
    "dealer_must_bid": ("floor",),
    "bid_below_minimum": ("bid", "minimum"),
    "no_steal_four": (),
    "no_steal": (),
    "bid_must_top": ("bid", "high", "seat", "steal"),
    "auction_over": ("action",),
    # Knock Rummy
    "stock_empty": (),
    "draw_first": ("action",),
    "already_drawn": ("knock",),
    "already_knocked": (),
    "knock_limit": ("limit",),
    "discard_taken": ("card",),
    "knock_discard": ("card", "limit", "left"),
})
"""Every refusal code and the names of its parameters."""


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why an action is refused: a code from :data:`CODES`, its parameters, and the English
    sentence (the engine's own words)."""

    code: str
    text: str
    params: Mapping[str, Any] = field(default_factory=dict)


class IllegalAction(ValueError):
    """An action that is unknown or not allowed now.

    ``reason`` says why in English words; ``code`` (a key of :data:`CODES`) and ``params``
    say the same as data, for front ends that speak another language. An exception raised
    with a reason only has the code ``not_allowed`` and no parameters.
    """

    def __init__(self, reason: str, action: object = None, *, code: str = "not_allowed",
                 params: Mapping[str, Any] | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.action = action
        self.code = code
        self.params: Mapping[str, Any] = dict(params or {})

    def __reduce__(self) -> tuple[Any, ...]:
        # keep the code and parameters through pickling (worker processes, Ray)
        return (_rebuild, (self.reason, self.action, self.code, dict(self.params)))

    @classmethod
    def of(cls, refusal: Refusal, action: object = None) -> IllegalAction:
        """The exception that carries ``refusal``."""
        return cls(refusal.text, action, code=refusal.code, params=refusal.params)


def _rebuild(reason: str, action: object, code: str, params: dict[str, Any]) -> IllegalAction:
    return IllegalAction(reason, action, code=code, params=params)


__all__ = ["CODES", "IllegalAction", "Refusal"]
