"""Tarot bids and écart as club players make them: no garde a club player would not hold
(the issue's bad gardes), a prise where the hand takes by the count, the écart's voids as the
trumps allow."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import atout
from atout.bots import make_bot
from atout.bots.tarot.bids import (
    bid_by_value,
    bid_values,
    club_bid,
    garde_holds,
    holding_bouts,
)
from atout.bots.tarot.choices import MAX_VOIDS, choose_discard
from atout.bots.tarot.search import candidates
from atout.cards import TAROT_DECK
from atout.games.tarot.tables import (
    A_DISCARD,
    A_PASS,
    BIT_EX,
    BIT_T1,
    BIT_T21,
    BOUTS,
    KINGS,
    SUIT_MASKS,
    TRUMPS,
)

GARDES = (A_PASS + 2, A_PASS + 3, A_PASS + 4)


def _bidding_view(seed: int, dealer: int, seat: int) -> atout.core.View:
    """The view of ``seat`` at its first bid, the seats before it passing."""
    rules = atout.make("tarot")
    deal = rules.deal(seed=seed, dealer=dealer)
    while deal.to_move != seat:
        deal.play(rules.actions.parse("pass"))
    return deal.view(seat)


@pytest.mark.parametrize(("seed", "dealer", "seat"), [(900131, 3, 3), (900092, 0, 1)])
@pytest.mark.parametrize("bot", ["heuristic", "search:playouts=20"])
def test_no_garde_on_three_trumps(seed: int, dealer: int, seat: int, bot: str) -> None:
    """The issue's two gardes on two or three trumps: a prise now (strong hands otherwise)."""
    rules = atout.make("tarot")
    view = _bidding_view(seed, dealer, seat)
    hand = TAROT_DECK.mask(view.hand)
    assert (hand & TRUMPS).bit_count() <= 3
    assert not garde_holds(hand, 4)
    assert make_bot(bot, rules, seat, 1).choose(view).text == "prise"


def test_the_search_tries_no_garde_the_hand_cannot_hold() -> None:
    rules = atout.make("tarot")
    view = _bidding_view(900131, 3, 3)
    legal = [rules.actions.parse(t) for t in view.legal]
    assert {a.text for a in candidates(rules, view, legal)} == {"pass", "prise"}


_HANDS = st.lists(st.integers(0, 77), min_size=15, max_size=24, unique=True)


@settings(max_examples=300, deadline=None)
@given(cards=_HANDS, contracts=st.integers(0, 15), players=st.sampled_from([3, 4, 5]))
def test_a_club_bid_never_gardes_a_weak_hand(cards: list[int], contracts: int,
                                             players: int) -> None:
    hand = sum(1 << c for c in cards)
    legal = 1 << A_PASS | contracts << (A_PASS + 1)
    values = bid_values(hand, players, legal)
    assert values is not None
    a = club_bid(values, hand, players)
    assert legal >> a & 1
    nt = (hand & TRUMPS).bit_count()
    if nt <= 3 or not hand & (BIT_T21 | BIT_EX | BIT_T1):
        assert a not in GARDES
    if a in GARDES:
        assert garde_holds(hand, players) and holding_bouts(hand, players) >= 1
    assert bid_by_value(hand, players, legal) == a


def test_the_petit_alone_is_no_bout_that_holds() -> None:
    petit_short = BIT_T1 | (TRUMPS & ~BIT_T1) & ((1 << 60) - 1)  # the petit and 3 trumps
    assert (petit_short & TRUMPS).bit_count() == 4
    assert holding_bouts(petit_short, 4) == 0
    guarded = petit_short | 1 << 70
    assert holding_bouts(guarded, 4) == 1


@pytest.mark.parametrize("seed", range(120))
def test_the_ecart_voids_no_more_suits_than_the_trumps_allow(seed: int) -> None:
    """The taker's écart (the heuristic's, in every rollout too): never a king or a bout, and
    no void beyond Doury's table unless the hand had it before."""
    rules = atout.make("tarot")
    deal = rules.deal(seed=seed)
    # the first speaker gardes, the others pass; the taker then makes his écart
    deal.play(rules.actions.parse("garde"))
    while deal.view(deal.to_move).phase == "bidding":
        deal.play(rules.actions.parse("pass"))
    taker = deal.to_move
    hand = TAROT_DECK.mask(deal.view(taker).hand)
    before = sum(1 for m in SUIT_MASKS if not hand & m)
    allowed = next(v for limit, v in MAX_VOIDS if (hand & TRUMPS).bit_count() < limit)
    put = 0
    while deal.view(taker).phase == "ecart":
        view = deal.view(taker)
        legal = sum(1 << int(rules.actions.parse(t)) for t in view.legal)
        a = choose_discard(TAROT_DECK.mask(view.hand), legal, 4)
        assert legal >> a & 1
        put |= 1 << (a - A_DISCARD)
        deal.play(rules.actions[a])
    assert not put & (KINGS | BOUTS)
    after = hand & ~put
    if put & ~TRUMPS == put:
        assert sum(1 for m in SUIT_MASKS if not after & m) <= max(before, allowed)
