"""The Tarot sampler's fast paths: the same numbers, the same deals as the plain forms."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import atout
from atout.bots import make_bot
from atout.bots.determinize import assign_cards
from atout.bots.tarot.bids import (
    CHOICES,
    bid_by_value,
    bid_features,
    bid_values,
    club_bid,
    default_model,
)
from atout.bots.tarot.choices import FULL
from atout.bots.tarot.sampler import TarotDeterminizer, card_list
from atout.cards import bit_list
from atout.core import View
from atout.games.tarot.deal import TarotDeal
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
    # the model alone bids its best legal value; by default the club rules read that value
    assert bid_by_value(hand, n, legal, club=False) == A_PASS + best
    rated = bid_values(hand, n, legal)
    assert rated is not None
    assert bid_by_value(hand, n, legal) == club_bid(rated, hand, n)


@settings(max_examples=300, deadline=None)
@given(hands)
def test_card_list_is_bit_list(mask: int) -> None:
    assert card_list(mask) == bit_list(mask)


@settings(max_examples=300, deadline=None)
@given(st.integers(min_value=0, max_value=2**32 - 1), st.integers(min_value=1, max_value=4),
       st.booleans())
def test_tarot_card_lists_deal_as_bit_lists(seed: int, voids: int, with_forced: bool) -> None:
    """assign_cards listing the cards by card_list deals as with bit_list: the same cards for
    the same random stream, dead ends included, and the stream left in the same state."""
    rng = random.Random(seed)
    pool = FULL & ~sum(1 << c for c in rng.sample(range(78), rng.randrange(0, 60)))
    cards = bit_list(pool)
    cuts = sorted(rng.sample(range(len(cards) + 1), 3))
    sizes = [cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], len(cards) - cuts[2]]
    allowed = [FULL & ~(SUIT_MASKS[rng.randrange(4)] if rng.randrange(5) < voids else 0)
               for _ in sizes]
    forced = [0, 0, 0, 0]
    if with_forced and cards:
        forced[rng.randrange(4)] = 1 << rng.choice(cards)
    a, b = random.Random(seed + 1), random.Random(seed + 1)
    assert assign_cards(pool, sizes, allowed, a, forced, card_list) == assign_cards(
        pool, sizes, allowed, b, forced)
    assert a.getstate() == b.getstate()


def _views(players: int, deals: int) -> list[View]:
    """Every view of the seat to move in heuristic games."""
    rules = atout.make("tarot", players=players)
    views = []
    for seed in range(deals):
        deal = rules.deal(seed=seed, dealer=seed % players)
        bots = [make_bot("heuristic", rules, s, seed) for s in range(players)]
        while deal.to_move is not None:
            view = deal.view(deal.to_move)
            views.append(view)
            deal.play(bots[deal.to_move].choose(view))
    return views


@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_view_read_once_samples_as_a_view_read_afresh(players: int) -> None:
    """The reading kept for a view changes no sample: a sampler that reads each view anew
    (a new one each time) deals the same cards from the same random stream."""
    rules = atout.make("tarot", players=players)
    kept = TarotDeterminizer(rules)
    for view in _views(players, 2)[::7]:
        a, b = random.Random(view.seat), random.Random(view.seat)
        for _ in range(3):
            deal = kept.sample(view, a)
            fresh = TarotDeterminizer(rules).sample(view, b)
            assert isinstance(deal, TarotDeal) and isinstance(fresh, TarotDeal)
            assert (deal.hands, deal.chien, deal.ecart) == (fresh.hands, fresh.chien,
                                                             fresh.ecart)
            assert deal.view(view.seat).to_dict() == view.to_dict()


@pytest.mark.parametrize("players", [3, 4, 5])
def test_sampled_deals_are_the_deals_card_codes_lay_out(players: int) -> None:
    """A sample, laid out from card masks, is the deal ``rules.deal`` lays out from the codes
    of its hands and chien, with the same history played: the same saved form, views and
    legal actions."""
    rules = atout.make("tarot", players=players)
    det = TarotDeterminizer(rules)
    rng = random.Random(players)
    for view in _views(players, 2)[::5]:
        deal = det.sample(view, rng)
        setup = deal.setup
        assert list(setup) == ["hands", "dealer", "chien"]
        again = rules.deal(hands=setup["hands"], chien=setup["chien"], dealer=view.dealer)
        for action in deal.history:
            again.play(action.text)
        assert again.save() == deal.save() and rules.load(deal.save()).save() == deal.save()
        assert again.legal_actions() == deal.legal_actions()
        assert [again.view(s).to_dict() for s in range(players)] == [
            deal.view(s).to_dict() for s in range(players)]


def test_the_sampler_takes_only_tarot_rules() -> None:
    with pytest.raises(ValueError, match="rules must be TarotRules, not JassRules"):
        TarotDeterminizer(atout.make("jass"))
