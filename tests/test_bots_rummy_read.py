"""Knock Rummy: reading the others' last turns as the heuristic's (atout.bots.knock_rummy.read)."""

from __future__ import annotations

import random
import statistics

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import atout
from atout.bots import make_bot
from atout.bots.knock_rummy.read import Turn, agreement, fits, last_turns, refused
from atout.bots.knock_rummy.search import (
    KnockRummyDeterminizer,
    best_discard,
    knock_threshold,
    opened,
)
from atout.cards import FULL_DECK
from atout.core import Deal
from atout.games.knock_rummy import KnockRummyDeal
from atout.games.knock_rummy.melds import deadwood
from play_helpers import bots_play


def _played(seed: int, moves: int, bot: str = "heuristic") -> Deal:
    rules = atout.make("knock-rummy")
    deal = rules.deal(seed=seed)
    bots = [make_bot(bot, rules, s, 0) for s in range(rules.seats)]
    while len(deal.history) < moves:
        mover = deal.to_move
        assert mover is not None
        deal.play(bots[mover].choose(deal.view(mover)))
    return deal


def test_last_turns_reads_each_other_players_last_draw_and_discard() -> None:
    deal = _played(3, 7, "heuristic:base=0:floor=0")
    seat = deal.to_move
    assert seat == 0
    view = deal.view(seat)
    turns = last_turns(view)
    assert sorted(turns) == [1, 2, 3]
    history = [text for _, text in view.history]
    for s, turn in turns.items():
        i = max(j for j, (actor, _) in enumerate(view.history) if actor == s)
        assert FULL_DECK.codes[turn.discarded] == history[i]
        assert turn.took == (history[i - 1] == "draw discard")
        assert turn.draws == sum(1 for t in history[:i - 1] if t in ("draw stock", "draw discard"))
    # the second player took the first one's discard: he could see it
    assert turns[2].up == turns[1].discarded and turns[2].took
    # the turned card taken at once is the one its taker still holds
    assert turns[1].took and FULL_DECK.codes[turns[1].up] in view.info["known"][1]


def test_agreement_counts_the_choices_the_heuristic_would_have_made() -> None:
    rules = atout.make("knock-rummy")
    opts = rules.options
    rng = random.Random(0)

    def score(hand: list[str], turn: Turn) -> int:
        return agreement(FULL_DECK.mask(hand), 0, turn, best_discard, knock_threshold, 4, 0,
                         opts.discard_taken, opts.knocker_discards, opts.knock_limit, rng)

    # he passed the KH for the stock, threw the KC and did not knock at round 0
    turn = Turn(FULL_DECK.parse("KH"), False, FULL_DECK.parse("KC"), 0)
    # a poor hand with nothing for the KH: the heuristic does all three
    poor = ["9S", "QD", "JD", "8C", "TC", "QC", "JH"]
    assert score(poor, turn) == 3
    # had he taken the KH (he holds it), he would not have: it fits nothing
    took = ["KH", *poor[1:]]
    assert score(took, Turn(FULL_DECK.parse("KH"), True, FULL_DECK.parse("KC"), 0)) == 2
    # he passed a low 4H: a low card he would have kept in place of a king
    assert score(poor, Turn(FULL_DECK.parse("4H"), False, FULL_DECK.parse("KC"), 0)) == 2
    # a hand so low he would have knocked, and the 4H fits its run whatever he drew
    low = ["AH", "2H", "3H", "5H", "6H", "7S", "7D"]
    assert score(low, Turn(FULL_DECK.parse("4H"), False, FULL_DECK.parse("KC"), 0)) <= 1


def test_the_reading_sampler_deals_poorer_hands_to_a_player_who_did_not_knock() -> None:
    deal = _played(11, 2)
    assert isinstance(deal, KnockRummyDeal) and deal.to_move is not None
    seat = deal.to_move
    view = deal.view(seat)
    passer = (seat - 1) % 4
    assert passer in last_turns(view)

    def mean_deadwood(tries: int, knock_read: str = "heuristic") -> float:
        det = KnockRummyDeterminizer(deal.rules, read_tries=tries, knock_read=knock_read)
        rng = random.Random(5)
        got = []
        for _ in range(80):
            sample = det.sample(view, rng)
            assert isinstance(sample, KnockRummyDeal)
            assert sample.view(seat).hand == view.hand
            got.append(deadwood(sample.hands[passer]))
        return statistics.fmean(got)

    # read as the heuristic's, he did not knock at a threshold of about 40: his hand is
    # worse than a random one
    assert mean_deadwood(20) > knock_threshold(0, 0)
    assert mean_deadwood(20) > mean_deadwood(0) + 5
    # read as anyone's (the default), a turn without a knock says little more than a
    # random hand: a player who knocks lower than the heuristic is not dealt a poor hand
    assert abs(mean_deadwood(20, "floor") - mean_deadwood(0)) < 4
    with pytest.raises(ValueError, match="knock_read"):
        KnockRummyDeterminizer(deal.rules, knock_read="guess")


def test_a_sampled_deal_counts_the_draws_made_before_it() -> None:
    """The rollout's clock: a deal sampled mid-deal starts its history at the position, and
    ``draws_before`` holds the draws made before it, so the heuristic's knock thresholds in a
    rollout count the whole deal's turns; a clone keeps it, a new deal has none."""
    rules = atout.make("knock-rummy")
    assert rules.deal(seed=1).draws_before == 0  # type: ignore[attr-defined]
    for seed, moves in ((3, 7), (5, 12), (8, 21)):
        deal = _played(seed, moves, "heuristic:base=0:floor=0")
        seat = deal.to_move
        assert seat is not None
        view = deal.view(seat)
        sample = KnockRummyDeterminizer(rules).sample(view, random.Random(seed))
        assert isinstance(sample, KnockRummyDeal)
        drawn = sum(1 for a in sample.history if str(a) in ("draw stock", "draw discard"))
        real = sum(1 for _, text in view.history if text in ("draw stock", "draw discard"))
        assert real > 0 and sample.draws_before + drawn == real
        assert sample.clone().draws_before == sample.draws_before


def test_refused_lists_the_cards_each_other_player_threw_or_passed() -> None:
    deal = _played(7, 14, "heuristic:base=0:floor=0")
    seat = deal.to_move
    assert seat is not None
    view = deal.view(seat)
    down = refused(view)
    known = view.info["known"]
    top = None
    expected: dict[int, set[str]] = {}
    for actor, text in view.history:
        if text == "draw stock" and actor != seat and top is not None:
            expected.setdefault(actor, set()).add(top)
        elif text not in ("draw stock", "draw discard", "knock"):
            assert text is not None
            top = text
            if actor != seat:
                expected.setdefault(actor, set()).add(text)
    assert set(down) == set(expected) and seat not in down
    for s, cards in expected.items():
        assert set(FULL_DECK.codes_of(down[s])) == cards - set(known[s])
    # a player turned none of them down for a meld he holds: none fits his true hand
    assert all(fits(deal.hands[s], down[s]) <= 1 for s in down)  # type: ignore[attr-defined]
    assert fits(FULL_DECK.mask(["7H", "7S", "8D", "9D"]), FULL_DECK.mask(["7D", "TD", "KC"])) == 2


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10**6), moves=st.integers(2, 24),
       read=st.sampled_from(["floor", "heuristic", "mixture"]), down=st.booleans())
def test_every_read_samples_deals_that_agree_with_the_view(seed: int, moves: int, read: str,
                                                           down: bool) -> None:
    """Whatever the reads (the knock's, the cards turned down), a sampled deal shows the seat
    what it saw: its hand, the pile, the cards known held, the hand sizes, the stock."""
    rules = atout.make("knock-rummy", players=2)
    deal = rules.deal(seed=seed)
    bots = [make_bot("heuristic:base=4:floor=2", rules, s, 0) for s in range(2)]
    if not bots_play(deal, bots, moves):
        return
    seat = deal.to_move
    assert seat is not None
    view = deal.view(seat)
    det = KnockRummyDeterminizer(rules, knock_read=read, refused_read=down)
    rng = random.Random(seed)
    for _ in range(4):
        sample = det.sample(view, rng)
        got = sample.view(seat)
        assert (got.hand, got.legal, got.phase, got.table) == (
            view.hand, view.legal, view.phase, view.table)
        for key in ("discard_pile", "known", "hand_sizes", "stock", "restocks"):
            assert got.info[key] == view.info[key], key


def test_the_mixture_read_lies_between_the_floor_and_the_heuristic() -> None:
    deal = _played(11, 2)
    assert deal.to_move is not None
    seat = deal.to_move
    view = deal.view(seat)
    passer = (seat - 1) % 4

    def mean_deadwood(knock_read: str) -> float:
        det = KnockRummyDeterminizer(deal.rules, knock_read=knock_read)
        rng = random.Random(5)
        return statistics.fmean(deadwood(det.sample(view, rng).hands[passer])  # type: ignore[attr-defined]
                                for _ in range(80))

    low, mid, high = (mean_deadwood(r) for r in ("floor", "mixture", "heuristic"))
    assert low + 2 < mid < high - 2


@pytest.mark.parametrize("players", [2, 3])
def test_opened_knows_the_seat_that_moved_first_from_a_sampled_deal(players: int) -> None:
    rules = atout.make("knock-rummy", players=players)
    det = KnockRummyDeterminizer(rules)
    checked = 0
    for seed in range(12):
        deal = rules.deal(seed=seed, dealer=seed % players)
        opener = deal.to_move
        bots = [make_bot("heuristic:base=5:floor=2", rules, s, 0) for s in range(players)]
        while deal.to_move is not None:
            view = deal.view(deal.to_move)
            sample = det.sample(view, random.Random(seed))
            assert isinstance(sample, KnockRummyDeal)
            assert opened(sample) == (deal.to_move == opener)
            checked += 1
            deal.play(bots[deal.to_move].choose(view))
    assert checked > 100
