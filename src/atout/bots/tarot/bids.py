"""French Tarot bids by evaluation: a model of what each contract is worth with a given hand.

For each number of players and each choice (pass, prise, garde, garde sans, garde contre) a
linear model predicts the points the bidder scores from features of its hand (trumps, bouts,
honours, long suits, voids). It was fitted on deals played out to the end by heuristic
players (``tools/fit_tarot_bids.py``): the bidder's hand was played in every contract,
and once more after a pass, the others bidding as the old count says. The bidder names the
legal choice worth most; reading the model takes a few microseconds.

The weights are in ``bids.json`` beside this module; without that file (or for a table it does not
cover) the bids fall back to the hand count's thresholds.

Over the model sit the club players' rules (:func:`club_bid`, the default): a garde or higher
only with the trumps and a bout that holds (:func:`garde_holds`: club guides count the petit
as a bout only when five trumps guard it, and no one gardes on three trumps); a prise where the
model would pass but the hand counts as a prise by the club point count (:func:`hand_points`,
from 40) and holds a bout, or where the model wanted a garde the hand cannot hold.
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
T1 = 56
T21 = 76
HAND_CARDS = {3: 24, 4: 18, 5: 15}
"""The cards of a hand at each table size (before the chien)."""
GARDE_TRUMPS = {3: 6, 4: 5, 5: 4}
"""The club rule: the fewest trumps (the excuse not counted) for a garde or higher, about the
hand's fair share of the 21 (4.8 of 18 cards at four players); never three or fewer."""
PETIT_GUARD = {3: 6, 4: 5, 5: 4}
"""The trumps with which the petit counts as a bout that holds (club guides: five at four
players, else the defence takes it)."""
PRISE_POINTS = 40.0
"""The club point count (:func:`hand_points`) from which a hand takes (prise)."""
PRISE_TRUMPS = {3: 7, 4: 6, 5: 5}
"""The fewest trumps for a prise by the count alone (the model passing): one more than a
garde asks, for a prise at 40 points with five trumps loses with this card play (see
docs/bots.md)."""


def hand_points(hand: int, n: int) -> float:
    """A player's count of a hand's strength, the club point count (about 40 to take, 56 for
    a garde): the 21 10, the excuse 8, the petit 7 with six trumps (5 with five, else 1), 2 a
    trump and 1 more for each of the 16 to 20, kings 6, queens 3 (7 with their king), knights
    2, jacks 1, long suits 5 and 2 a card past the fifth, voids 6 with five trumps (else 2);
    scaled to an 18-card hand at 3 and 5 players."""
    trumps = hand & TRUMPS
    nt = trumps.bit_count()
    pts = 0.0
    if hand >> T21 & 1:
        pts += 10
    if hand & BIT_EX:
        pts += 8
    if hand >> T1 & 1:
        pts += 7 if nt >= 6 else (5 if nt >= 5 else 1)
    pts += 2 * nt
    pts += sum(1 for c in range(T1 + 15, T21) if hand >> c & 1)  # big trumps 16-20
    for s in range(4):
        suit = hand & SUIT_MASKS[s]
        k = suit >> (s * 14 + 13) & 1
        q = suit >> (s * 14 + 12) & 1
        pts += 6 * k + (7 if k and q else 3 * q)
        pts += 2 * (suit >> (s * 14 + 11) & 1) + (suit >> (s * 14 + 10) & 1)
        length = suit.bit_count()
        if length >= 5:
            pts += 5 + 2 * (length - 5)
        if length == 0:
            pts += 6 if nt >= 5 else 2
    return pts * 18 / {3: 24, 4: 18, 5: 15}[n] if n != 4 else pts


def holding_bouts(hand: int, n: int) -> int:
    """The bouts of ``hand`` that hold: the 21, the excuse, the petit with
    :data:`PETIT_GUARD` trumps (itself included)."""
    held = (hand >> T21 & 1) + (1 if hand & BIT_EX else 0)
    if hand & BIT_T1 and (hand & TRUMPS).bit_count() >= PETIT_GUARD.get(n, 5):
        held += 1
    return held


def garde_holds(hand: int, n: int) -> bool:
    """The club must-hold for a garde or higher: :data:`GARDE_TRUMPS` trumps and a bout that
    holds (:func:`holding_bouts`)."""
    return ((hand & TRUMPS).bit_count() >= GARDE_TRUMPS.get(n, 5)
            and holding_bouts(hand, n) >= 1)


def prise_holds(hand: int, n: int) -> bool:
    """The club prise: the point count from :data:`PRISE_POINTS`, :data:`PRISE_TRUMPS`
    trumps and a bout that holds."""
    return ((hand & TRUMPS).bit_count() >= PRISE_TRUMPS.get(n, 5)
            and holding_bouts(hand, n) >= 1 and hand_points(hand, n) >= PRISE_POINTS)


def club_bid(values: dict[int, float], hand: int, n: int) -> int:
    """The bid action the club rules make of the model's ``values`` (as :func:`bid_values`
    gives them, the legal bids only): the best bid the hand may hold (no garde or higher
    unless :func:`garde_holds`); a prise, when legal, where that is a pass but the hand takes
    by the count (:func:`prise_holds`) or the model wanted a garde it cannot hold."""
    holds = garde_holds(hand, n)
    kept = {a: v for a, v in values.items() if a <= A_PASS + 1 or holds}
    best = best_bid(kept)
    if best == A_PASS and A_PASS + 1 in kept and (
            prise_holds(hand, n) or (not holds and best_bid(values) > A_PASS + 1)):
        return A_PASS + 1
    return best


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


def bid_by_value(hand: int, n: int, legal: int, model: BidModel | None = None,
                 club: bool = True) -> int | None:
    """The legal bid action (pass or a contract) the model rates best (ties: the lowest
    action id, as :func:`best_bid` of :func:`bid_values`), under the club rules
    (:func:`club_bid`) unless ``club`` is False; None when there is no model for ``n``
    players."""
    table = _table(n, model)
    if table is None:
        return None
    if club:
        values = bid_values(hand, n, legal, model)
        return None if values is None else club_bid(values, hand, n)
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


__all__ = ["CHOICES", "FEATURES", "GARDE_TRUMPS", "PETIT_GUARD", "PRISE_POINTS", "BidModel",
           "best_bid", "bid_by_value", "bid_features", "bid_values", "club_bid",
           "default_model", "garde_holds", "hand_points", "holding_bouts", "prise_holds"]
