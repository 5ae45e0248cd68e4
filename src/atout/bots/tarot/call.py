"""French Tarot at five players: the king to call, by evaluation.

A linear model rates calling the king of each suit from what the taker holds in that suit
(the king itself: calling it, he plays alone; its length, the queen, knight and jack, a void
or a singleton) and his trumps. It was fitted
(``tools/fit_tarot_call.py``) on deals in which a taker's hand was played out to the end
after each call it could make, by heuristic players: the model predicts how much better than
the average of his calls each call scores. With ``heuristic:call=value`` the taker calls the
king rated best; only kings are rated (holding the four kings, he calls by the rule of thumb).
It is not the default: on held-out deals the rule of thumb (the king of his longest suit
without it) still scores more (see docs/bots.md, "Tarot: the call").

The weights are in ``call.json`` beside this module; without that file the rule of thumb calls.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from atout.games.tarot.tables import A_CALL, CALL_CARDS, SUIT_MASKS, TRUMPS

FORMAT = 1
"""The version of the weights file's layout."""
DATA = Path(__file__).parent / "call.json"
FEATURES = ("own king", "length", "queen", "knight", "jack", "void", "singleton",
            "length x trumps")
"""What the model reads of the called suit in the taker's hand (``own king``: he holds the
king and would play alone; ``length x trumps``: the suit's length times the taker's trumps,
over 10)."""


def call_features(hand: int, suit: int) -> list[float]:
    """The features of calling the king of ``suit`` with ``hand``, as in :data:`FEATURES`."""
    cards = hand & SUIT_MASKS[suit]
    length = cards.bit_count()
    base = suit * 14
    return [float(cards >> (base + 13) & 1), float(length),
            float(cards >> (base + 12) & 1), float(cards >> (base + 11) & 1),
            float(cards >> (base + 10) & 1), float(length == 0), float(length == 1),
            length * (hand & TRUMPS).bit_count() / 10]


@lru_cache(maxsize=1)
def default_weights() -> tuple[float, ...] | None:
    """The shipped weights, or None when the file is missing."""
    if not DATA.exists():
        return None
    return weights_from_dict(json.loads(DATA.read_text(encoding="utf-8")))


def weights_from_dict(data: dict[str, object]) -> tuple[float, ...]:
    """The weights from the file's data; ``ValueError`` on another layout."""
    raw = data.get("weights")
    if data.get("format") != FORMAT or data.get("features") != list(FEATURES) or not (
            isinstance(raw, list) and len(raw) == len(FEATURES)):
        raise ValueError(f"tarot call weights: expected format {FORMAT} with one weight for "
                         f"each of {', '.join(FEATURES)}")
    return tuple(float(x) for x in raw)


def weights_to_dict(weights: tuple[float, ...]) -> dict[str, object]:
    """The weights as the file's data."""
    return {"format": FORMAT, "features": list(FEATURES), "weights": list(weights)}


def call_by_value(hand: int, legal: int, weights: tuple[float, ...] | None = None
                  ) -> int | None:
    """The call action of the king rated best, or None when no king may be called or there
    are no weights."""
    weights = weights or default_weights()
    if weights is None:
        return None
    best, best_v = None, float("-inf")
    for i in range(4):  # the kings come first among the call actions
        if legal >> (A_CALL + i) & 1:
            v = sum(w * x for w, x in zip(weights, call_features(hand, CALL_CARDS[i] // 14),
                                          strict=True))
            if v > best_v:
                best, best_v = A_CALL + i, v
    return best


__all__ = ["FEATURES", "call_by_value", "call_features", "default_weights", "weights_from_dict",
           "weights_to_dict"]
