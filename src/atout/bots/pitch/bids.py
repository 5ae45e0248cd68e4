"""Auction Pitch: the bid and the tangage chosen by their value, as a fitted model says.

For every option the seat has in the auction — pass, each bid it may make, and pitching the
top card of a suit at once (the tangage) — a linear model of the hand and of the seat's place
in the auction predicts the margin (the seat's points minus the mean of the others') that the
deal ends with when every player plays by the heuristic's rules afterwards. The seat takes
the option worth most. The weights were fitted by ``tools/fit_pitch_bids.py`` on deals
played out to the end, each option tried on the same deal, and ship in
``atout/bots/pitch/bids.json``; reading them and valuing a hand is pure Python and takes
well under a millisecond.

A bid is valued with the suit the heuristic would pitch (its best suit); a tangage with the
suit of the card pitched.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from atout.bots.pitch.hand import (
    ACE,
    BID0,
    FULL,
    GAME_OF_SUIT,
    JACK,
    PASS,
    SUIT_MASK,
    TEN,
    best_suit,
    suit_points,
)

FORMAT = 1
"""Version of the weights file."""
OPTIONS = ("pass", "bid 1", "bid 2", "bid 3", "bid 4", "tangage")
"""The kinds of option, one model each."""
PLACES = 4
"""Places in the auction told apart: first to speak, second, third or later, the dealer."""
FEATURES = ("bias", "ace", "king", "queen", "jack", "ten", "two", "three", "low trump",
            "trumps", "trumps squared", "jack guarded", "game in trumps", "game in hand",
            "side aces", "estimate", "high bid", "first", "second", "later",
            "estimate if dealer", "estimate if first", "estimate squared", "sure points",
            "sure points squared", "four trumps or more", "estimate times high bid")
"""The features of an option, in the order of the weights."""


def place(seat: int, dealer: int, seats: int) -> int:
    """The seat's place in the auction: 0 first to speak, 1 second, 2 later, 3 the dealer."""
    if seat == dealer:
        return 3
    return min(2, (seat - dealer - 1) % seats)


def features(hand: int, suit: int, where: int, high: int) -> list[float]:
    """The features of an option played with ``suit`` as trump, from the seat's ``hand``, its
    ``where`` (see :func:`place`) and the high bid before it."""
    t = (hand >> (suit * 13)) & 0x1FFF
    n = t.bit_count()
    game_trumps = GAME_OF_SUIT[t]
    game_hand = sum(GAME_OF_SUIT[hand >> (13 * k) & 0x1FFF] for k in range(4))
    side_aces = sum(1 for s in range(4) if s != suit and hand >> (s * 13 + ACE) & 1)
    low = (t & -t).bit_length() - 1 if t else 13
    est = suit_points(hand, suit)
    # High with the ace, Low with the two (the lowest trump), Jack with the ace to take it
    sure = (t >> ACE & 1) + (t & 1) + (t >> JACK & 1 and t >> ACE & 1)
    return [1.0, float(t >> ACE & 1), float(t >> (ACE - 1) & 1), float(t >> (ACE - 2) & 1),
            float(t >> JACK & 1), float(t >> TEN & 1), float(t & 1), float(t >> 1 & 1),
            float(low <= 3), float(n), float(n * n) / 6,
            float(t >> JACK & 1 and (n >= 3 or t >> ACE & 1)), game_trumps / 10,
            game_hand / 10, float(side_aces), est, float(high),
            float(where == 0), float(where == 1), float(where == 2),
            est * (where == 3), est * (where == 0), est * est / 4, float(sure),
            float(sure * sure) / 4, float(n >= 4), est * high / 4]


def _dot(w: Sequence[float], x: Sequence[float]) -> float:
    return sum(a * b for a, b in zip(w, x, strict=True))


@dataclass(frozen=True)
class BidModel:
    """The weights of each option's model (see :data:`OPTIONS` and :data:`FEATURES`)."""

    weights: dict[str, tuple[float, ...]]

    def value(self, option: str, x: Sequence[float]) -> float:
        """The predicted margin of ``option`` for the features ``x``."""
        return _dot(self.weights[option], x)

    @classmethod
    def from_dict(cls, data: dict[str, object]) -> BidModel:
        """Read the weights file's content; ``ValueError`` says what is wrong with it."""
        if data.get("format") != FORMAT:
            raise ValueError(f"pitch bid weights: format {data.get('format')!r}, expected "
                             f"{FORMAT}")
        raw = data.get("weights")
        if not isinstance(raw, dict) or set(raw) != set(OPTIONS):
            raise ValueError(f"pitch bid weights: expected weights for {', '.join(OPTIONS)}")
        weights: dict[str, tuple[float, ...]] = {}
        for k in OPTIONS:
            w = raw[k]
            if not isinstance(w, list) or len(w) != len(FEATURES):
                raise ValueError(f"pitch bid weights: {k} needs {len(FEATURES)} numbers")
            weights[k] = tuple(float(v) for v in w)
        return cls(weights)


@lru_cache(maxsize=1)
def default_model() -> BidModel:
    """The weights shipped with atout."""
    text = resources.files("atout.bots.pitch").joinpath("bids.json").read_text("utf-8")
    return BidModel.from_dict(json.loads(text))


def option_values(hand: int, legal: int, where: int, high: int,
                  model: BidModel | None = None, bold: float = 0.0) -> dict[int, float]:
    """The predicted margin of every option of the auction the seat may take: pass, each
    legal bid, and the tangage with the top card of each suit (action id -> value).
    ``bold`` is added to every option that makes the seat the pitcher (the bids and the
    tangage): what a contract is worth more to a player who plays the cards better than the
    heuristic the model was fitted on."""
    model = model or default_model()
    best, _ = best_suit(hand)
    x_best = features(hand, best, where, high)
    out: dict[int, float] = {}
    if legal >> PASS & 1:
        out[PASS] = model.value("pass", x_best)
    for k in range(1, 5):
        if legal >> (BID0 + k) & 1:
            out[BID0 + k] = model.value(f"bid {k}", x_best) + bold
    cards = legal & FULL
    for s in range(4):
        t = cards & SUIT_MASK[s]
        if t:
            out[t.bit_length() - 1] = (model.value("tangage", features(hand, s, where, high))
                                       + bold)
    return out


def choose_bid_by_value(hand: int, legal: int, where: int, high: int,
                        model: BidModel | None = None, bold: float = 0.0) -> int:
    """The auction's action worth most (ties: the lowest action id); ``bold`` as in
    :func:`option_values`."""
    return best_of(option_values(hand, legal, where, high, model, bold))


def best_of(values: dict[int, float]) -> int:
    """The action worth most in ``values`` (as :func:`option_values` gives them); ties go to
    the lowest action id."""
    return max(values, key=lambda a: (values[a], -a))


__all__ = ["FEATURES", "FORMAT", "OPTIONS", "BidModel", "best_of", "choose_bid_by_value",
           "default_model", "features", "option_values", "place"]
