"""The Tarot search: what its sampler reads of the table."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import atout
from atout.bots import make_bot
from atout.bots.tarot.bids import garde_holds
from atout.bots.tarot.choices import FULL
from atout.bots.tarot.rollout import heuristic_card, heuristic_rollout, model_rollout
from atout.bots.tarot.search import TarotDeterminizer, auction_of, bid_misses, candidates
from atout.bots.tarot.solve import solve
from atout.cards import TAROT_DECK
from atout.core import Deal, View
from atout.games.tarot.deal import TarotDeal
from atout.games.tarot.tables import A_DISCARD, A_PASS
from play_helpers import pruned_cards_take_tricks_alike


def _last_bidder_views(players: int, seeds: range) -> list[View]:
    """The last bidder's view on deals where a seat before it bid a contract (heuristic
    players bidding by the model)."""
    rules = atout.make("tarot", players=players)
    views = []
    for seed in seeds:
        deal = rules.deal(seed=seed, dealer=seed % players)
        bots = [make_bot("heuristic", rules, s, seed) for s in range(players)]
        for _ in range(players - 1):
            seat = deal.to_move
            assert seat is not None
            deal.play(bots[seat].choose(deal.view(seat)))
        view = deal.view(deal.to_move if deal.to_move is not None else 0)
        if view.phase == "bidding" and any(t != "pass" for _, t in view.history):
            views.append(view)
    return views


def _agreeing(det: TarotDeterminizer, view: View, samples: int) -> int:
    """How many sampled deals deal every other seat a hand on which the model bids as it
    did (at the auction the hands are the dealt ones)."""
    rng = random.Random(7)
    auction = auction_of(det.rules, view.history)
    agree = 0
    for _ in range(samples):
        deal: Deal = det.sample(view, rng)
        assert isinstance(deal, TarotDeal)
        assert deal.view(view.seat).to_dict() == view.to_dict()
        agree += bid_misses(list(deal.hands), view.seats, auction, view.seat) == 0
    return agree


@pytest.mark.parametrize("players", [3, 4, 5])
def test_sampler_deals_hands_that_bid_as_the_auction_did(players: int) -> None:
    rules = atout.make("tarot", players=players)
    views = _last_bidder_views(players, range(40))
    assert len(views) >= 5
    reading, blind = TarotDeterminizer(rules), TarotDeterminizer(rules, read_bids=0)
    read = sum(_agreeing(reading, v, 20) for v in views)
    plain = sum(_agreeing(blind, v, 20) for v in views)
    total = 20 * len(views)
    # at five the club rules' prise by the count (40+ with a holding bout and six trumps)
    # is rarer in the sampler's proposals than the model's bids were: 0.77 measured
    assert read >= (0.75 if players == 5 else 0.8) * total
    assert plain < 0.5 * read  # uniform hands bid a contract far less often


def test_auction_reads_each_bid_with_its_legal_choices() -> None:
    rules = atout.make("tarot", players=4)
    history = [(1, "pass"), (2, "prise"), (3, "garde"), (0, "pass")]
    auction = auction_of(rules, history)
    every = sum(1 << (A_PASS + k) for k in range(5))
    assert auction == [
        (1, A_PASS, every),
        (2, A_PASS + 1, every),
        (3, A_PASS + 2, every & ~(1 << (A_PASS + 1))),
        (0, A_PASS, (1 << A_PASS) | (1 << (A_PASS + 3)) | (1 << (A_PASS + 4))),
    ]
    deal = rules.deal(seed=3)
    assert isinstance(deal, TarotDeal)
    # the seat's own bids are never counted against a sample
    assert bid_misses(list(deal.hands), 4, [(0, A_PASS + 4, every)], 0) == 0


def test_read_bids_is_checked() -> None:
    with pytest.raises(ValueError, match="read_bids"):
        TarotDeterminizer(atout.make("tarot"), read_bids=-1)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_model_rollout_plays_the_others_as_the_heuristic(players: int) -> None:
    rules = atout.make("tarot", players=players)
    for seed in range(12):
        # seat -1: every seat is the heuristic's, exactly the fitting script's rollout
        a, b = rules.deal(seed=seed), rules.deal(seed=seed)
        model_rollout(a, random.Random(seed), -1)
        heuristic_rollout(b, random.Random(seed))
        assert a.history == b.history and a.result.points == b.result.points
        # the searching seat greedy: every other seat's card is still the heuristic's
        seat = seed % players
        deal = rules.deal(seed=seed)
        model_rollout(deal, random.Random(seed), seat)
        replayed = rules.deal(seed=seed)
        assert isinstance(replayed, TarotDeal)
        for action in deal.history:
            s = replayed.to_move
            legal = replayed.legal_mask()
            if s is not None and s != seat and legal & FULL and not legal >> A_DISCARD:
                assert int(action) == heuristic_card(replayed, s, legal)
            replayed.step(int(action))
        assert replayed.is_over


def test_search_tries_a_garde_rather_than_a_prise() -> None:
    """With a hand that holds a garde (the club rule, :func:`garde_holds`) the search tries
    the gardes, not the prise; with a hand that cannot hold one, only pass and prise."""
    rules = atout.make("tarot", players=4)
    actions = rules.actions
    bids = [actions.parse(t) for t in ("pass", "prise", "garde", "garde sans", "garde contre")]

    def first_view(seed: int) -> View:
        deal = rules.deal(seed=seed)
        return deal.view(deal.to_move if deal.to_move is not None else 0)

    def holds(view: View) -> bool:
        return garde_holds(TAROT_DECK.mask(view.hand), 4)

    strong = next(v for v in map(first_view, range(200)) if holds(v))
    weak = next(v for v in map(first_view, range(200)) if not holds(v))
    assert [a.text for a in candidates(rules, strong, bids)] == [
        "pass", "garde", "garde sans", "garde contre"]
    assert [a.text for a in candidates(rules, weak, bids)] == ["pass", "prise"]
    # once a prise is bid, nothing changes; nor outside the auction
    assert candidates(rules, strong, bids[:1] + bids[2:]) == bids[:1] + bids[2:]
    cards = [actions.parse(c) for c in ("1H", "2H")]
    assert candidates(rules, strong, cards) == cards
    # the search bot never says prise while a garde is open to it and its hand holds one
    for seed in range(6):
        deal = rules.deal(seed=seed)
        bot = make_bot("search:playouts=20", rules, 1, seed)
        while deal.to_move is not None and deal.view(deal.to_move).phase == "bidding":
            seat = deal.to_move
            view = deal.view(seat)
            a = bot.choose(view) if seat == 1 else make_bot("heuristic", rules, seat).choose(view)
            assert not (seat == 1 and a.text == "prise" and "garde" in view.legal
                        and holds(view))
            deal.play(a)



DECK = [TAROT_DECK.codes_of(1 << i)[0] for i in range(78)]
SEAT1 = ["2H", "3H", "4H", "6H", "7H", "TH", "JH", "QH", "T2", "T3", "T5", "T20", "T21",
         "1D", "2D", "3D", "4D", "5D"]
SEAT2 = ["8H", "9H", "NH", "KH", "T4", "7S", "8S", "9S", "TS", "JS", "NS", "QS", "KS",
         "6D", "7D", "8D", "9D"]
CHIEN = ["1S", "2S", "3S", "4S", "5S", "6S"]


def _garde_deal(rules: atout.Rules[Any], low_heart: str, other_heart: str) -> Deal:
    """A deal after seat 0's garde and its écart of the chien's six low spades: seat 0 holds
    every club, ``low_heart`` and three trumps, seat 2 ``other_heart`` and the hearts 8 to
    king but the queen, seat 1 :data:`SEAT1`."""
    zero = [*DECK[42:56], low_heart, "T6", "T7", "T8"]
    two = [*SEAT2, other_heart]
    three = [c for c in DECK if c not in zero + SEAT1 + two + CHIEN]
    deal = rules.deal(hands=[zero, SEAT1, two, three], chien=CHIEN, dealer=3)
    deal.play("garde")
    for _ in range(3):
        deal.play("pass")
    return deal


def _kept(rules: atout.Rules[Any], view: View) -> list[str]:
    return [a.text for a in candidates(rules, view, [rules.actions.parse(t)
                                                     for t in view.legal])]


def test_candidates_keep_one_card_of_each_run_of_equivalent_cards() -> None:
    rules = atout.make("tarot", players=4)
    deal = _garde_deal(rules, "1H", "5H")
    # the écart: the clubs ace to ten are one card (seat 0 holds them all), so are the six
    # spades of the chien; the ace of hearts stands alone (the 2 is in seat 1's hand)
    view = deal.view(0)
    assert view.phase == "ecart"
    assert _kept(rules, view) == ["discard 1H", "discard 1S", "discard 1C", "discard JC",
                                  "discard NC", "discard QC"]
    for card in CHIEN:
        deal.play(f"discard {card}")
    deal.play("no chelem")
    after_ace = deal.clone()
    after_ace.play("1H")
    # hearts led: 2 = 3 = 4 and 6 = 7, but not 4 and 6 (seat 2 may hold the 5), nor 7 and
    # 10 (the 8 and 9 are out); the ten, jack and queen are worth different points
    assert _kept(rules, after_ace.view(1)) == ["2H", "6H", "TH", "JH", "QH"]
    deal.play("1C")
    # a club led, seat 1 has none and must trump: the 2 = 3, the 4 is out; the 21 is a bout
    view = deal.view(1)
    assert view.legal == ("T2", "T3", "T5", "T20", "T21")
    assert _kept(rules, view) == ["T2", "T5", "T20", "T21"]
    # the 5 of hearts led, in no hand but the one to beat: the 2 to the 4 lose to it, the 6
    # and the 7 take it, and those are two cards
    deal = _garde_deal(rules, "5H", "1H")
    for card in CHIEN:
        deal.play(f"discard {card}")
    deal.play("no chelem")
    deal.play("5H")
    assert _kept(rules, deal.view(1)) == ["2H", "6H", "TH", "JH", "QH"]


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=10**6), st.sampled_from([3, 4, 5]))
def test_a_pruned_card_takes_the_trick_as_its_kept_card(seed: int, players: int) -> None:
    """From every card decision of a deal played at random: a legal card left out of the
    candidates and the kept card of its run leave the same seat to lead (the card of the
    trick to beat is not between them)."""
    rules = atout.make("tarot", players=players)
    pruned_cards_take_tricks_alike(rules.deal(seed=seed, dealer=seed % players), candidates,
                                   random.Random(seed))


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=0, max_value=10**6))
def test_pruned_cards_are_worth_their_kept_card(seed: int) -> None:
    """On a deal played by heuristic players down to three cards a hand, every legal card is
    worth exactly what the kept card of its run is worth with every hand known (solved)."""
    rules = atout.make("tarot", players=4)
    deal = rules.deal(seed=seed, dealer=seed % 4)
    first = deal.to_move
    assert first is not None
    assume("garde" in deal.view(first).legal)  # not with the petit sec, which voids the deal
    deal.play("garde")
    bots = [make_bot("heuristic", rules, s, seed) for s in range(4)]
    while deal.to_move is not None and not (deal.view(deal.to_move).phase == "play"
                                            and len(deal.view(deal.to_move).hand) <= 3):
        seat = deal.to_move
        deal.play(bots[seat].choose(deal.view(seat)))
    assume(deal.to_move is not None)  # a later petit sec voids the deal
    assert isinstance(deal, TarotDeal) and deal.to_move is not None
    seat = deal.to_move
    view = deal.view(seat)
    kept = _kept(rules, view)
    value = {}
    for text in view.legal:
        after = deal.clone()
        after.play(text)
        value[text] = solve(after, seat)
    for text in view.legal:
        # the kept card of its run: the highest kept card not above it, of the same kind
        card = rules.actions.parse(text)
        rep = max((k for k in kept if int(rules.actions.parse(k)) <= int(card)),
                  key=lambda k: int(rules.actions.parse(k)))
        assert value[text] == value[rep], (text, rep, view.hand, view.table)
