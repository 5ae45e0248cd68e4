"""French Tarot bids by evaluation: a model of what each contract is worth with a given hand.

For each number of players and each choice (pass, prise, garde, garde sans, garde contre) a
linear model predicts the points the bidder scores from features of its hand (trumps, bouts,
honours, long suits, voids). It was fitted on deals played out to the end by heuristic
players (``tools/fit_tarot_bids.py``): the bidder's hand was played in every contract,
and once more after a pass, the others bidding as the old count says. The bidder names the
legal choice worth most; reading the model takes a few microseconds.

The weights are in ``bids.json`` beside this module; without that file (or for a table it does not
cover) the bids fall back to the hand count's thresholds.
"""

from __future__ import annotations

import json
from functools import lru_cache
from operator import mul
from pathlib import Path

from atout.games.tarot.tables import A_PASS, BIT_EX, BIT_T1, BIT_T21, SUIT_MASKS, TRUMPS

FORMAT = 1
"""The version of the weights file's layout."""
DATA = Path(__file__).parent / "bids.json"
CHOICES = ("pass", "prise", "garde", "garde sans", "garde contre")
FEATURES = ("bias", "trumps", "big trumps", "21", "excuse", "petit guarded", "petit short",
            "kings", "queens", "knights", "jacks", "marriages", "long cards", "voids",
            "singletons")
"""What the model reads of a hand; ``big trumps``: the 15 to 20; ``petit guarded``: the petit
with five other trumps or more; ``long cards``: the cards beyond the fourth of each suit."""
BIG = sum(1 << (56 + k) for k in range(14, 20))
_KINGS, _QUEENS, _KNIGHTS, _JACKS = (sum(1 << (s * 14 + rank) for s in range(4))
                                     for rank in (13, 12, 11, 10))


def bid_features(hand: int) -> list[float]:
    """The features of a hand (a card mask), in the order of :data:`FEATURES`."""
    trumps = hand & TRUMPS
    nt = trumps.bit_count()
    petit = 1.0 if hand & BIT_T1 else 0.0
    f = [1.0, float(nt), float((trumps & BIG).bit_count()), 1.0 if hand & BIT_T21 else 0.0,
         1.0 if hand & BIT_EX else 0.0, petit * (nt >= 6), petit * (nt < 6)]
    lengths = [(hand & m).bit_count() for m in SUIT_MASKS]
    long = sum(length - 4 for length in lengths if length > 4)
    # a marriage: the queen (a suit's rank 12) moved up one bit meets its king (rank 13)
    marriages = (hand & hand << 1 & _KINGS).bit_count()
    return f + [float(x) for x in ((hand & _KINGS).bit_count(), (hand & _QUEENS).bit_count(),
                                   (hand & _KNIGHTS).bit_count(), (hand & _JACKS).bit_count(),
                                   marriages, long, lengths.count(0), lengths.count(1))]


class BidModel:
    """The fitted weights: ``weights[players][choice]`` (a list per :data:`FEATURES`)."""

    def __init__(self, weights: dict[int, list[list[float]]]) -> None:
        for n, table in weights.items():
            if len(table) != len(CHOICES) or any(len(w) != len(FEATURES) for w in table):
                raise ValueError(f"the bid weights for {n} players need {len(CHOICES)} rows of "
                                 f"{len(FEATURES)} numbers")
        self.weights = weights

    def values(self, hand: int, n: int) -> list[float] | None:
        """The predicted points of each choice (pass first) for this hand, or None when the
        model has no weights for ``n`` players."""
        table = self.weights.get(n)
        if table is None:
            return None
        f = bid_features(hand)
        # the products summed in the features' order (rows and features have the same length)
        return [sum(map(mul, row, f)) for row in table]

    def to_dict(self) -> dict[str, object]:
        """The weights as JSON data."""
        return {"format": FORMAT, "features": list(FEATURES), "choices": list(CHOICES),
                "weights": {str(n): t for n, t in sorted(self.weights.items())}}

    @classmethod
    def from_dict(cls, data: dict[str, object]) -> BidModel:
        """The model from :meth:`to_dict`'s data; ``ValueError`` on another layout."""
        if data.get("format") != FORMAT or data.get("features") != list(FEATURES):
            raise ValueError(f"tarot bid weights: expected format {FORMAT} with the features "
                             f"{', '.join(FEATURES)}")
        raw = data.get("weights")
        if not isinstance(raw, dict):
            raise ValueError("tarot bid weights: 'weights' must map players to tables")
        return cls({int(n): [[float(x) for x in row] for row in t] for n, t in raw.items()})


@lru_cache(maxsize=1)
def default_model() -> BidModel | None:
    """The shipped model, or None when its file is missing."""
    if not DATA.exists():
        return None
    return BidModel.from_dict(json.loads(DATA.read_text(encoding="utf-8")))


def _table(n: int, model: BidModel | None) -> list[list[float]] | None:
    """The weights for ``n`` players (of ``model``, else the shipped one), or None."""
    model = model or default_model()
    return None if model is None else model.weights.get(n)


def bid_values(hand: int, n: int, legal: int, model: BidModel | None = None
               ) -> dict[int, float] | None:
    """The points the model predicts for each legal bid action (pass or a contract), or None
    when there is no model for ``n`` players."""
    table = _table(n, model)
    if table is None:
        return None
    f = bid_features(hand)
    return {A_PASS + i: sum(map(mul, table[i], f)) for i in range(len(CHOICES))
            if i == 0 or legal >> (A_PASS + i) & 1}


def bid_by_value(hand: int, n: int, legal: int, model: BidModel | None = None) -> int | None:
    """The legal bid action (pass or a contract) the model rates best (ties: the lowest
    action id, as :func:`best_bid` of :func:`bid_values`), or None when there is no model
    for ``n`` players."""
    table = _table(n, model)
    if table is None:
        return None
    # its own loop, not bid_values: the sampler reads every bid through it (a third faster)
    f = bid_features(hand)
    best, best_v = A_PASS, sum(map(mul, table[0], f))
    for i in range(1, len(CHOICES)):
        if legal >> (A_PASS + i) & 1:
            v = sum(map(mul, table[i], f))
            if v > best_v:
                best, best_v = A_PASS + i, v
    return best


def best_bid(values: dict[int, float]) -> int:
    """The bid action worth most in ``values`` (as :func:`bid_values` gives them); ties go to
    the lowest action id, the more modest bid."""
    return max(sorted(values), key=lambda a: values[a])


__all__ = ["CHOICES", "FEATURES", "BidModel", "best_bid", "bid_by_value", "bid_features",
           "bid_values", "default_model"]
