"""Pitch bots: the sampler agrees with the views, bids follow the hand, search and heuristic
play whole deals, the heuristic beats random."""

from __future__ import annotations

import random
from typing import Any, cast

import pytest

import atout
from atout.bots import make_bot, play_out
from atout.bots.pitch.bids import BidModel, choose_bid_by_value, option_values
from atout.bots.pitch.hand import PASS, choose_bid, suit_points
from atout.bots.pitch.search import (
    SEARCH_BOLD,
    SEAT_TRIES,
    PitchDeterminizer,
    best_reply,
    candidates,
    misplays,
    misreads,
    model_rollout,
)
from atout.bots.search import SearchBot, side_value
from atout.cards import FULL_DECK
from atout.games.pitch import PitchDeal
from play_helpers import pruned_cards_take_tricks_alike


@pytest.mark.parametrize("seats", [0, 20])
@pytest.mark.parametrize("table", [{}, {"players": 3}, {"partnership": True}])
def test_sampled_deals_agree_with_the_views(table: dict[str, Any], seats: int) -> None:
    rules = atout.make("pitch", **table)
    det = PitchDeterminizer(rules, read_seats=seats)
    for i in range(6):
        deal = rules.deal(seed=i, dealer=i % rules.seats)
        bots = [make_bot("heuristic", rules, s, i) for s in range(rules.seats)]
        rng = random.Random(i)
        while deal.to_move is not None:
            seat = deal.to_move
            view = deal.view(seat)
            assert det.sample(view, rng).view(seat).to_dict() == view.to_dict()
            deal.play(bots[seat].choose(view))


def test_bids_follow_the_best_suit() -> None:
    strong = FULL_DECK.mask(["AS", "JS", "2S", "TS", "KS", "5H"])
    weak = FULL_DECK.mask(["5H", "7D", "9C", "6S", "8H", "4D"])
    assert suit_points(strong, 2) > 3 > 1 > max(suit_points(weak, s) for s in range(4))
    legal = (1 << PASS) | (0b1111 << (PASS + 1))
    assert choose_bid(weak, legal) == PASS
    assert choose_bid(strong, legal) >= PASS + 3


def test_search_plays_whole_deals() -> None:
    rules = atout.make("pitch")
    deal = rules.deal(seed=2)
    play_out(deal, [make_bot("search:playouts=20", rules, s, 1) for s in range(4)])
    assert deal.is_over


@pytest.mark.strength
def test_heuristic_beats_random_at_pitch() -> None:
    rules = atout.make("pitch")
    margin = 0.0
    for i in range(30):
        for rot in range(4):
            names = [("heuristic", "random")[(s + rot) % 2] for s in range(4)]
            deal = rules.deal(seed=400 + i, dealer=i % 4)
            play_out(deal, [make_bot(n, rules, s, i) for s, n in enumerate(names)])
            margin += sum(p if names[s] == "heuristic" else -p
                          for s, p in enumerate(deal.result.points))
    assert margin > 0


@pytest.mark.parametrize("table", [{}, {"partnership": True}, {"players": 3, "low": "won"}])
def test_the_model_rollout_plays_exactly_as_the_heuristic(table: dict[str, Any]) -> None:
    rules = atout.make("pitch", **table)
    for i in range(12):
        deal = rules.deal(seed=50 + i, dealer=i % rules.seats)
        twin = deal.clone()
        play_out(deal, [make_bot("heuristic", rules, s, i) for s in range(rules.seats)])
        assert model_rollout(twin, random.Random(i)).points == deal.result.points
        assert twin.history == deal.history


def hearts_deal(rules: atout.Rules[Any], one: str, three: str) -> Any:
    """A deal at four players, dealer 3: seat 0 holds the 5, 7 and king of hearts, seat 1
    the diamonds 7 to jack and the heart ``one``, seat 3 the spades 2 to 4, the 9 and 10 of
    hearts and the heart ``three`` (the 6 and the 8 between them)."""
    return rules.deal(hands=[["5H", "7H", "KH", "JS", "2C", "AC"],
                             [one, "7D", "8D", "9D", "TD", "JD"],
                             ["2H", "3H", "4H", "QD", "KD", "AD"],
                             [three, "9H", "TH", "2S", "3S", "4S"]], dealer=3)


def test_the_search_leaves_out_equivalent_cards_and_lower_tangage_cards() -> None:
    rules = atout.make("pitch")
    deal = hearts_deal(rules, "6H", "8H")
    view = deal.view(0)
    legal = [rules.actions.parse(t) for t in view.legal]
    got = [a.text for a in candidates(rules, view, legal)]
    assert got == ["pass", "bid 1", "bid 2", "bid 3", "bid 4", "KH", "JS", "AC"]
    for text in ("pass", "pass", "pass", "bid 2", "2S", "JS", "7D", "2H"):
        deal.play(text)  # spades are trump; seat 0 wins the first trick with the jack
    # seat 0 leads: the six of hearts may be in another hand, so the 5H and the 7H differ
    view = deal.view(0)
    legal = [rules.actions.parse(t) for t in view.legal]
    assert [a.text for a in candidates(rules, view, legal)] == [a.text for a in legal]


def test_equivalent_cards_are_merged_when_the_card_between_is_seen() -> None:
    rules = atout.make("pitch")
    deal = hearts_deal(rules, "6H", "8H")
    for text in ("pass", "pass", "pass", "bid 2", "4S", "JS", "7D", "2H"):
        deal.play(text)
    # seat 0 leads the second trick; seat 1 must give up the six of hearts on a heart lead
    for text in ("AC", "6H", "3H", "8H"):
        deal.play(text)
    view = deal.view(0)
    legal = [rules.actions.parse(t) for t in view.legal]
    got = [a.text for a in candidates(rules, view, legal)]
    assert "5H" in got and "7H" not in got  # the 6H is played: 5H and 7H are one card
    assert "KH" in got and "2C" in got


def test_the_card_to_beat_parts_equivalent_cards() -> None:
    rules = atout.make("pitch")
    deal = hearts_deal(rules, "8H", "6H")
    for text in ("pass", "pass", "pass", "bid 2", "6H"):
        deal.play(text)  # hearts are trump, and the six is the card to beat
    view = deal.view(0)
    legal = [rules.actions.parse(t) for t in view.legal]
    assert [a.text for a in candidates(rules, view, legal)] == ["5H", "7H", "KH"]


@pytest.mark.parametrize("seed", range(40))
def test_a_pruned_card_takes_the_trick_as_its_kept_card(seed: int) -> None:
    """From every card decision of a deal played at random (2 to 4 players): a legal card
    left out of the candidates and the kept card of its run leave the same seat to lead."""
    rules = atout.make("pitch", players=2 + seed % 3)
    pruned_cards_take_tricks_alike(rules.deal(seed=seed, dealer=seed % rules.seats),
                                   candidates, random.Random(seed))


def test_the_search_can_try_every_card() -> None:
    rules = atout.make("pitch")
    with pytest.raises(ValueError, match="prune must be 0 or 1"):
        make_bot("search:prune=2", rules, 0, 0)
    bot = make_bot("search:playouts=30:prune=0:key=search", rules, 1, 0)
    deal = rules.deal(seed=3, dealer=0)
    bot.choose(deal.view(1))
    assert isinstance(bot, SearchBot)
    assert len(bot.last) == len(deal.view(1).legal)


def test_the_search_bids_by_the_model_unless_asked_to_search() -> None:
    rules = atout.make("pitch")
    for i in range(8):
        deal = rules.deal(seed=50 + i, dealer=i % 4)
        seat = deal.to_move
        assert seat is not None
        view = deal.view(seat)
        by_model = make_bot(f"heuristic:bid=model:bold={SEARCH_BOLD}", rules, seat,
                            i).choose(view)
        bot = make_bot("search:playouts=8", rules, seat, i)
        assert bot.choose(view) == by_model
        assert isinstance(bot, SearchBot) and bot.last == {}  # no playout spent
        searching = make_bot("search:playouts=8:key=search", rules, seat, i)
        searching.choose(view)
        assert isinstance(searching, SearchBot) and searching.last


def test_bid_model_values_every_option_and_orders_hands() -> None:
    strong = FULL_DECK.mask(["AS", "JS", "2S", "TS", "KS", "5H"])
    weak = FULL_DECK.mask(["5H", "7D", "9C", "6S", "8H", "4D"])
    bids = (1 << PASS) | (0b1111 << (PASS + 1))
    values = option_values(strong, bids | strong, 0, 0)
    assert set(values) == {PASS, PASS + 1, PASS + 2, PASS + 3, PASS + 4,
                           FULL_DECK.parse("AS"), FULL_DECK.parse("5H")}
    weak_values = option_values(weak, bids | weak, 0, 0)
    assert max(values.values()) > max(weak_values.values()) + 2
    for where in range(4):
        assert choose_bid_by_value(strong, bids | strong, where, 0) != PASS
        # a hand with nothing never bids more than the least it may
        assert choose_bid_by_value(weak, bids | weak, where, 0) in (PASS, PASS + 1)
    # the forced dealer may not pass: the model bids
    assert choose_bid_by_value(weak, 0b1110 << (PASS + 1), 3, 0) in range(PASS + 2, PASS + 5)


def test_a_bold_bidder_values_every_contract_higher_by_as_much() -> None:
    hand = FULL_DECK.mask(["KS", "JS", "3S", "TH", "QD", "5C"])
    bids = (1 << PASS) | (0b1111 << (PASS + 1))
    plain = option_values(hand, bids | hand, 1, 0)
    bold = option_values(hand, bids | hand, 1, 0, bold=0.25)
    assert set(bold) == set(plain)
    for action, value in plain.items():
        assert bold[action] == pytest.approx(value + (0.25 if action != PASS else 0.0))
    # a hand the model passes by a little is bid when a contract is worth more to it
    margin = plain[PASS] - max(v for a, v in plain.items() if a != PASS)
    if margin > 0:
        assert choose_bid_by_value(hand, bids | hand, 1, 0) == PASS
        assert choose_bid_by_value(hand, bids | hand, 1, 0, bold=margin + 0.01) != PASS
    else:
        assert choose_bid_by_value(hand, bids | hand, 1, 0, bold=margin - 0.01) == PASS


@pytest.mark.parametrize("table", [{}, {"partnership": True}, {"players": 6}])
def test_the_model_bidder_plays_whole_legal_deals(table: dict[str, Any]) -> None:
    rules = atout.make("pitch", **table)
    for i in range(8):
        deal = rules.deal(seed=i, dealer=i % rules.seats)
        play_out(deal, [make_bot("heuristic:bid=model", rules, s, i)
                        for s in range(rules.seats)])
        assert deal.is_over


def test_bad_bid_policies_and_weights_are_refused_in_words() -> None:
    rules = atout.make("pitch")
    with pytest.raises(ValueError, match="expected one of threshold, model"):
        make_bot("heuristic:bid=always", rules, 0, 0)
    with pytest.raises(ValueError, match="takes bid and bold"):
        make_bot("heuristic:tangage=1", rules, 0, 0)
    with pytest.raises(ValueError, match="expected a number of points from -4 to 4"):
        make_bot("heuristic:bid=model:bold=much", rules, 0, 0)
    with pytest.raises(ValueError, match="expected a number of points from -4 to 4"):
        make_bot("heuristic:bid=model:bold=9", rules, 0, 0)
    with pytest.raises(ValueError, match="bold is for the model's bids"):
        make_bot("heuristic:bold=0.5", rules, 0, 0)
    with pytest.raises(ValueError, match="format"):
        BidModel.from_dict({"format": 99})
    with pytest.raises(ValueError, match="expected weights for pass"):
        BidModel.from_dict({"format": 1, "weights": {"pass": [0.0]}})


def test_the_sampler_reads_the_heuristic_players_bids_and_cards() -> None:
    rules = atout.make("pitch")
    det = PitchDeterminizer(rules, read_bids=True, read_play=True)
    strict = 0
    for i in range(10):
        deal = rules.deal(seed=70 + i, dealer=i % 4)
        dealt = [FULL_DECK.mask(deal.view(s).hand) for s in range(4)]
        bots = [make_bot("heuristic", rules, s, i) for s in range(4)]
        while deal.to_move is not None:
            seat = deal.to_move
            view = deal.view(seat)
            if view.phase == "play":
                det.sample(view, random.Random(i))
                steps = det.auction_steps(view, rules.deal(seed=70 + i, dealer=i % 4))
                plays = det.play_steps(view)
                # the true hands agree with every bid and card the others made
                assert misreads(steps, dealt, seat) == 0
                assert misplays(plays, dealt, 99) == 0
                # and other hands mostly do not: reading them says something
                other = [dealt[(s + 1) % 4] if s != seat and (s + 1) % 4 != seat else dealt[s]
                         for s in range(4)]
                strict += misreads(steps, other, seat) + misplays(plays, other, 99) > 0
            deal.play(bots[seat].choose(view))
    assert strict > 20


def test_reading_seat_by_seat_finds_hands_that_explain_the_table() -> None:
    """Samples drawn seat by seat disagree with the others' bids and cards far less often
    than samples of the voids alone, and never break the view."""
    rules = atout.make("pitch")
    plain = PitchDeterminizer(rules)
    reader = PitchDeterminizer(rules, read_seats=20)
    wrong = {"plain": 0, "reader": 0}
    for i in range(8):
        deal = rules.deal(seed=90 + i, dealer=i % 4)
        bots = [make_bot("heuristic", rules, s, i) for s in range(4)]
        while deal.to_move is not None:
            seat = deal.to_move
            view = deal.view(seat)
            if view.phase == "play" and len(view.hand) <= 4:
                rng = random.Random(i)
                steps = reader.auction_steps(view, rules.deal(seed=90 + i, dealer=i % 4))
                plays = reader.play_steps(view)
                for name, det in (("plain", plain), ("reader", reader)):
                    for _ in range(5):
                        d = det.sample(view, rng)
                        assert d.view(seat).to_dict() == view.to_dict()
                        hands = [FULL_DECK.mask(d.view(s).hand) for s in range(4)]
                        for actor, text in view.history:  # back to the hands dealt
                            a = int(rules.actions.parse(str(text)))
                            if a < 52:
                                hands[actor] |= 1 << a
                        wrong[name] += (misreads(steps, hands, seat)
                                        + misplays(plays, hands, 99))
            deal.play(bots[seat].choose(view))
    assert wrong["reader"] * 3 < wrong["plain"], wrong


def test_the_search_reads_the_table_seat_by_seat_and_refuses_bad_tries() -> None:
    rules = atout.make("pitch")
    det = SearchBot(rules, 0).sampler
    assert isinstance(det, PitchDeterminizer) and det.read_seats == SEAT_TRIES > 0
    with pytest.raises(ValueError, match="read_seats must be zero or more tries"):
        PitchDeterminizer(rules, read_seats=-1)


@pytest.mark.parametrize("table", [{}, {"partnership": True}, {"players": 3, "low": "won"}])
def test_the_best_reply_is_the_best_of_the_seats_own_choices(table: dict[str, Any]) -> None:
    rules = atout.make("pitch", **table)
    checked = better = 0
    for i in range(15):
        deal = cast(PitchDeal, rules.deal(seed=700 + i, dealer=i % rules.seats))
        bots = [make_bot("heuristic", rules, s, i) for s in range(rules.seats)]
        while deal.to_move is not None:
            seat = deal.to_move
            held = deal.hands[seat].bit_count()
            if deal.phase == "play" and held <= 4:
                best = best_reply(deal.clone(), seat)
                model = side_value(model_rollout(deal.clone(), random.Random(0)), seat)
                assert best >= model - 1e-9
                better += best > model + 1e-9
                if held == 2:  # one choice left to the seat, then its last card is forced
                    tries = []
                    for c in FULL_DECK.codes_of(deal.legal_mask()):
                        d = deal.clone()
                        d.play(c)
                        tries.append(side_value(model_rollout(d, random.Random(0)), seat))
                    assert best == pytest.approx(max(tries))
                    checked += 1
            deal.play(bots[seat].choose(deal.view(seat)))
    assert checked >= 15 and better > 0


def test_the_search_solves_the_last_cards_against_the_model_when_asked() -> None:
    rules = atout.make("pitch")
    for i in range(3):
        deal = rules.deal(seed=90 + i, dealer=i)
        bots = [make_bot("search:exact=4:playouts=40" if s % 2 == 0 else "heuristic", rules,
                         s, i) for s in range(4)]
        play_out(deal, bots)
        assert deal.to_move is None
        assert sum(b.total_playouts for b in bots[::2]) > 0  # type: ignore[attr-defined]
