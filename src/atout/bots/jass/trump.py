"""The Jass trump and push choice by evaluation: a model fitted on the play's own outcomes.

For each trump mode the model predicts the margin (our side's points minus theirs, before any
multiplier) that a hand makes when the deal is played out by the heuristic's card play at
all four seats, from a few features of the hand in that mode (which trumps it holds, how many,
its side aces, tens and voids, at Obenabe and Undenufe the cards heading each suit). A push is
valued the same way: the margin the side makes when the partner then chooses by the model.
The choice is the option with the best predicted margin, times the mode's multiplier.

The weights are fitted by least squares on deals played out to the end
(``tools/fit_jass_trump.py``, ``PYTHONPATH=src python tools/fit_jass_trump.py``) and shipped in
``atout/bots/jass/trump.json``; reading them and scoring a hand is pure Python and takes
well under a millisecond. Two positions have their own weights: the forehand, who leads the
first trick, and the partner who was pushed to (the forehand still leads).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources

from atout.games.jass.play import (
    ACE,
    EIGHT,
    JACK,
    KING,
    NINE,
    OBENABE,
    QUEEN,
    SEVEN,
    SIX,
    SUIT_MASK,
    TEN,
    UNDENUFE,
    find_weis,
)

TRUMP_BASE = 36
PUSH = 42
FORMAT = 2
"""The version of the weights file's layout."""
TRUMP_ORDER = (JACK, NINE, ACE, KING, QUEEN, TEN, EIGHT, SEVEN, SIX)
"""The trump ranks from the strongest down (rank indices: 6 7 8 9 T J Q K A)."""

SUIT_FEATURES = (
    "bias", "t6", "t7", "t8", "t9", "tT", "tJ", "tQ", "tK", "tA", "trumps", "trumps>3",
    "trumps>4", "buur+nell", "buur+nell+ace", "stoeck", "side aces", "side kings",
    "side tens", "side ace+king", "side ace+ten", "voids", "singletons", "voids*trumps",
    "side queens", "bare tens", "weis", "top trumps", "trumps*side aces", "short buur",
    "nell without buur", "trumps>=5", "weak sides", "longest side", "bare kings", "trumps^2",
)
"""The features of a hand with a suit as trump, in the order of the weights."""

SLALOM_FEATURES = (
    "bias", "tops", "top two", "top three", "runs", "after run", "after run of 2",
    "guarded seconds", "bare seconds", "voids", "longest", "eights", "tens", "bottoms",
    "losers", "long headed", "weis", "longest run", "tops*longest", "run beyond 2",
    "four tops", "three tops", "long losers",
)
"""The features of a hand at Obenabe or Undenufe (ranks read from the mode's top)."""

PUSH_FEATURES = (
    "bias", "sixes", "sevens", "eights", "nines", "tens", "jacks", "queens", "kings", "aces",
    "voids", "longest", "buur+nell", "weis",
)
"""The features of the forehand's hand for the value of a push."""


def _weis(hand: int) -> int:
    return sum(w.value for w in find_weis(hand, 0))


def suit_features(hand: int, suit: int) -> list[float]:
    """The features of ``hand`` with ``suit`` as trump (see :data:`SUIT_FEATURES`)."""
    t = hand >> (suit * 9) & 0x1FF
    n = t.bit_count()
    has = [t >> r & 1 for r in range(9)]
    top = 0  # trumps held from the Buur down, without a gap
    while top < 9 and t >> TRUMP_ORDER[top] & 1:
        top += 1
    aces = kings = tens = ak = at = voids = singles = queens = bare_tens = 0
    weak = longest = bare_kings = 0
    for s in range(4):
        if s == suit:
            continue
        side = hand >> (s * 9) & 0x1FF
        length = side.bit_count()
        a, k, x = side >> ACE & 1, side >> KING & 1, side >> TEN & 1
        aces += a
        kings += k
        tens += x
        queens += side >> QUEEN & 1
        ak += a & k
        at += a & x
        voids += length == 0
        singles += length == 1
        bare_tens += x and not a and length <= 2
        weak += length > 0 and not a and not k
        longest = max(longest, length)
        bare_kings += side == 1 << KING
    return [1.0, *map(float, has), float(n), float(max(0, n - 3)), float(max(0, n - 4)),
            float(has[JACK] & has[NINE]), float(has[JACK] & has[NINE] & has[ACE]),
            float(has[KING] & has[QUEEN]), float(aces), float(kings), float(tens), float(ak),
            float(at), float(voids), float(singles), float(voids * n), float(queens),
            float(bare_tens), _weis(hand) / 100, float(top), float(n * aces),
            float(has[JACK] and n <= 2), float(has[NINE] and not has[JACK]), float(n >= 5),
            float(weak), float(longest), float(bare_kings), float(n * n)]


def slalom_features(hand: int, mode: int) -> list[float]:
    """The features of ``hand`` at Obenabe or Undenufe (see :data:`SLALOM_FEATURES`)."""
    down = mode == UNDENUFE
    tops = two = three = runs = after = after2 = guarded = bare = voids = longest = 0
    bottoms = losers = long_headed = longest_run = beyond2 = long_losers = 0
    for s in range(4):
        raw = hand >> (s * 9) & 0x1FF
        # bit i = the i-th strongest card of the suit in this mode
        order = raw if down else int(f"{raw:09b}"[::-1], 2)
        length = raw.bit_count()
        longest = max(longest, length)
        voids += length == 0
        run = 0
        while run < 9 and order >> run & 1:
            run += 1
        tops += run >= 1
        longest_run = max(longest_run, run)
        beyond2 += max(0, run - 2)
        two += run >= 2
        three += run >= 3
        runs += run
        if run:
            after += length - run
            if run >= 2:
                after2 += length - run
            if length >= 4:
                long_headed += 1
        elif order >> 1 & 1:
            if length >= 2:
                guarded += 1
            else:
                bare += 1
        bottoms += (order >> 8 & 1) + (order >> 7 & 1)
        if not run:
            losers += length
            if length >= 3:
                long_losers += length
    eights = sum(hand >> (s * 9 + EIGHT) & 1 for s in range(4))
    tens = sum(hand >> (s * 9 + TEN) & 1 for s in range(4))
    return [1.0, float(tops), float(two), float(three), float(runs), float(after),
            float(after2), float(guarded), float(bare), float(voids), float(longest),
            float(eights), float(tens), float(bottoms), float(losers), float(long_headed),
            _weis(hand) / 100, float(longest_run), float(tops * longest), float(beyond2),
            float(tops == 4), float(tops >= 3), float(long_losers)]


def push_features(hand: int) -> list[float]:
    """The features of the forehand's hand for the value of a push (see
    :data:`PUSH_FEATURES`)."""
    counts = [sum(hand >> (s * 9 + r) & 1 for s in range(4)) for r in range(9)]
    lengths = [(hand & SUIT_MASK[s]).bit_count() for s in range(4)]
    jn = sum(hand >> (s * 9 + JACK) & hand >> (s * 9 + NINE) & 1 for s in range(4))
    return [1.0, *map(float, counts), float(lengths.count(0)), float(max(lengths)), float(jn),
            _weis(hand) / 100]


def mode_features(hand: int, mode: int) -> list[float]:
    """The features of ``hand`` in trump mode ``mode`` (0-3 a suit, 4 Obenabe, 5 Undenufe)."""
    return suit_features(hand, mode) if mode < 4 else slalom_features(hand, mode)


def _dot(w: Sequence[float], x: Sequence[float]) -> float:
    return sum(a * b for a, b in zip(w, x, strict=True))


@dataclass(frozen=True)
class TrumpModel:
    """The fitted weights: per position (``forehand``, ``pushed``) and mode class (``suit``,
    ``obenabe``, ``undenufe``), and for the push."""

    weights: dict[str, dict[str, tuple[float, ...]]]
    push: tuple[float, ...]
    meta: dict[str, object]

    def mode_value(self, hand: int, mode: int, pushed: bool) -> float:
        """The predicted margin (before multipliers) of choosing ``mode`` with ``hand``."""
        cls = "suit" if mode < 4 else ("obenabe" if mode == OBENABE else "undenufe")
        return _dot(self.weights["pushed" if pushed else "forehand"][cls],
                    mode_features(hand, mode))

    def push_value(self, hand: int) -> float:
        """The predicted margin of pushing with ``hand`` (the partner then chooses)."""
        return _dot(self.push, push_features(hand))

    @classmethod
    def from_dict(cls, data: dict[str, object]) -> TrumpModel:
        """A model from its JSON form; ``ValueError`` saying what is wrong."""
        if data.get("format") != FORMAT:
            raise ValueError(f"Jass trump weights: format {data.get('format')!r}, "
                             f"expected {FORMAT}")
        sizes = {"suit": len(SUIT_FEATURES), "obenabe": len(SLALOM_FEATURES),
                 "undenufe": len(SLALOM_FEATURES)}
        raw = data.get("weights")
        if not isinstance(raw, dict):
            raise ValueError("Jass trump weights: 'weights' must map positions to weights")
        weights: dict[str, dict[str, tuple[float, ...]]] = {}
        for pos in ("forehand", "pushed"):
            per = raw.get(pos)
            if not isinstance(per, dict):
                raise ValueError(f"Jass trump weights: no weights for the {pos} position")
            weights[pos] = {}
            for name, size in sizes.items():
                w = per.get(name)
                if not isinstance(w, list) or len(w) != size:
                    raise ValueError(f"Jass trump weights: {pos}/{name} must be a list of "
                                     f"{size} numbers")
                weights[pos][name] = tuple(float(x) for x in w)
        push = data.get("push")
        if not isinstance(push, list) or len(push) != len(PUSH_FEATURES):
            raise ValueError(f"Jass trump weights: 'push' must be a list of "
                             f"{len(PUSH_FEATURES)} numbers")
        meta = data.get("meta")
        return cls(weights, tuple(float(x) for x in push),
                   dict(meta) if isinstance(meta, dict) else {})


@cache
def default_model() -> TrumpModel:
    """The shipped model (``atout/bots/jass/trump.json``), read once."""
    text = resources.files("atout.bots.jass").joinpath("trump.json").read_text("utf-8")
    return TrumpModel.from_dict(json.loads(text))


def option_values(hand: int, modes: int, may_push: bool, pushed: bool = False,
                  multipliers: Sequence[int] = (1,) * 6,
                  model: TrumpModel | None = None) -> dict[int, float]:
    """The predicted margin of each trump action offered (ids 36-41, and 42 for the push).

    ``modes`` is the rules' mask of trump actions (bit ``36 + mode``); ``pushed``: the seat
    chooses because its partner pushed; ``multipliers``: the points multiplier per mode.
    """
    m = model or default_model()
    out: dict[int, float] = {}
    for mode in range(6):
        if modes >> (TRUMP_BASE + mode) & 1:
            out[TRUMP_BASE + mode] = m.mode_value(hand, mode, pushed) * multipliers[mode]
    if may_push:
        out[PUSH] = m.push_value(hand)
    return out


def choose_trump_by_value(hand: int, modes: int, may_push: bool, pushed: bool = False,
                          multipliers: Sequence[int] = (1,) * 6,
                          model: TrumpModel | None = None) -> int:
    """The trump action with the best predicted margin (a push when that is best).

    Ties go to the lowest action id, so the choice is a pure function of its arguments.
    """
    return best_option(option_values(hand, modes, may_push, pushed, multipliers, model))


def best_option(values: dict[int, float]) -> int:
    """The action worth most in ``values`` (as :func:`option_values` gives them); ties go to
    the lowest action id, so the choice is a pure function of the values."""
    if not values:
        raise ValueError("no trump mode is offered: expected a mask with bits 36 to 41")
    return max(sorted(values), key=lambda a: values[a])


__all__ = ["PUSH", "TRUMP_BASE", "TrumpModel", "best_option", "choose_trump_by_value",
           "default_model", "mode_features", "option_values", "push_features",
           "slalom_features", "suit_features"]
