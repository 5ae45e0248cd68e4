"""The Tarot sampler's fast paths: the same numbers, the same deals as the plain forms."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from atout.bots.tarot_bids import CHOICES, bid_by_value, bid_features, default_model
from atout.games.tarot.tables import A_PASS, BIT_EX, BIT_T1, BIT_T21, SUIT_MASKS, TRUMPS

hands = st.integers(min_value=0, max_value=(1 << 78) - 1)


def _plain_features(hand: int) -> list[float]:
    """The bid features counted suit by suit, as the model was fitted."""
    nt = (hand & TRUMPS).bit_count()
    big = (hand & TRUMPS & sum(1 << (56 + k) for k in range(14, 20))).bit_count()
    petit = 1.0 if hand & BIT_T1 else 0.0
    f = [1.0, float(nt), float(big), 1.0 if hand & BIT_T21 else 0.0,
         1.0 if hand & BIT_EX else 0.0, petit * (nt >= 6), petit * (nt < 6)]
    counts = [0] * 8
    for s in range(4):
        suit = hand & SUIT_MASKS[s]
        honours = [suit >> (s * 14 + r) & 1 for r in (13, 12, 11, 10)]
        length = suit.bit_count()
        for i, h in enumerate(honours):
            counts[i] += h
        counts[4] += honours[0] & honours[1]
        counts[5] += max(0, length - 4)
        counts[6] += length == 0
        counts[7] += length == 1
    return f + [float(x) for x in counts]


@settings(max_examples=400, deadline=None)
@given(hands, st.sampled_from([3, 4, 5]), st.integers(min_value=0, max_value=15))
def test_bid_features_and_choice_are_the_plain_ones(hand: int, n: int, contracts: int) -> None:
    features = bid_features(hand)
    assert [repr(x) for x in features] == [repr(x) for x in _plain_features(hand)]
    model = default_model()
    assert model is not None
    table = model.weights[n]
    values = [sum(w * x for w, x in zip(row, features, strict=True)) for row in table]
    assert model.values(hand, n) == values
    legal = 1 << A_PASS | contracts << (A_PASS + 1)
    best = max((i for i in range(len(CHOICES)) if legal >> (A_PASS + i) & 1),
               key=lambda i: (values[i], -i))
    assert bid_by_value(hand, n, legal) == A_PASS + best
