"""Why a bot chose an action, as data: a code and its parameters, for any language.

A front end translates a :class:`Reason` (``atout.i18n.hints``); :func:`english` gives the
English sentence, from the same words.

>>> english(Reason("wins_trick", {"points": 25}))
'it wins the trick and the 25 points in it'
"""

from __future__ import annotations

from typing import NamedTuple

from atout.core import JSON
from atout.i18n import translator
from atout.i18n.hints import hint_reason


class Reason(NamedTuple):
    """A reason for an action: ``code`` names the rule of thumb, ``params`` its numbers,
    suits (H, D, S, C), trump modes and card codes."""

    code: str
    params: dict[str, JSON]


def english(reason: Reason) -> str:
    """The reason in English words (its code in words for a code no sentence knows)."""
    said = hint_reason(translator("en"), reason.code, reason.params)
    return said if said is not None else reason.code.replace("_", " ")


__all__ = ["Reason", "english"]
