"""Tarot deals laid out from card masks (``TarotRules.deal_from_masks``): the same deal as the
one laid out from card codes, and bad masks refused in words."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import atout
from atout.cards import TAROT_DECK
from atout.games.tarot import TarotDeal, TarotRules
from atout.games.tarot.tables import PH_BID, PH_PETIT_SEC

FULL = (1 << 78) - 1
SIZES = {3: (24, 6), 4: (18, 6), 5: (15, 3)}


def rules_of(players: int, **options: Any) -> TarotRules:
    rules = atout.make("tarot", players=players, **options)
    assert isinstance(rules, TarotRules)
    return rules


def random_piles(players: int, rng: random.Random,
                 petit_sec: int | None = None) -> tuple[list[int], int]:
    """The 78 cards split at random into the hands and the chien, as masks; with
    ``petit_sec`` a seat, that seat's only trump is the petit, without the excuse."""
    size = SIZES[players][0]
    order = list(range(78))
    rng.shuffle(order)
    if petit_sec is not None:  # the petit and suit cards first, dealt to that seat
        plain = [c for c in order if c < 56][:size - 1]
        rest = [c for c in order if c not in plain and c != 56]
        order = [*rest[:petit_sec * size], 56, *plain, *rest[petit_sec * size:]]
    hands = [sum(1 << c for c in order[s * size:(s + 1) * size]) for s in range(players)]
    chien = sum(1 << c for c in order[players * size:])
    return hands, chien


def both(rules: TarotRules, hands: list[int], chien: int,
         dealer: int) -> tuple[TarotDeal, TarotDeal]:
    """The deal laid out from codes, and from masks."""
    by_codes = rules.deal(hands=[TAROT_DECK.codes_of(h) for h in hands],
                          chien=TAROT_DECK.codes_of(chien), dealer=dealer)
    assert isinstance(by_codes, TarotDeal)
    return by_codes, rules.deal_from_masks(hands, chien, dealer=dealer)


def check_same(a: TarotDeal, b: TarotDeal) -> None:
    """Everything the two deals show is the same."""
    assert (a.to_move, a.is_over, a.phase, a.dealer) == (b.to_move, b.is_over, b.phase, b.dealer)
    assert (a.hands, a.chien, a.ecart) == (b.hands, b.chien, b.ecart)
    assert a.legal_actions() == b.legal_actions()
    assert a.legal_mask() == b.legal_mask()
    assert a.history == b.history and a.actors == b.actors
    for s in range(a.seats):
        assert a.view(s).to_dict() == b.view(s).to_dict()
        assert a.seen_history(s) == b.seen_history(s)
    assert json.dumps(a.save()) == json.dumps(b.save())  # the same keys in the same order


def play_both(a: TarotDeal, b: TarotDeal, rng: random.Random) -> None:
    """Play the same random legal actions on both, checking them the same after each."""
    check_same(a, b)
    while not a.is_over:
        legal = a.legal_actions()
        action = legal[int(rng.random() * len(legal))]
        assert a.play(action) == b.play(action.text)
        check_same(a, b)
    assert a.result.to_dict() == b.result.to_dict()


@settings(max_examples=150, deadline=None)
@given(players=st.sampled_from([3, 4, 5]), seed=st.integers(0, 2**32),
       petit_sec=st.sampled_from(["annul", "play"]), poignees=st.booleans(),
       petit_sec_seat=st.none() | st.integers(0, 4))
def test_masks_make_the_deal_codes_make(players: int, seed: int, petit_sec: str,
                                        poignees: bool, petit_sec_seat: int | None) -> None:
    rules = rules_of(players, petit_sec=petit_sec, poignees=poignees)
    rng = random.Random(seed)
    seat = None if petit_sec_seat is None else petit_sec_seat % players
    hands, chien = random_piles(players, rng, seat)
    a, b = both(rules, hands, chien, rng.randrange(players))
    if seat is not None:
        assert b.hands[seat] >> 56 == 1  # the petit alone: no other trump, no excuse
        assert b.phase == (PH_PETIT_SEC if petit_sec == "annul" else PH_BID)
    assert rules.load(b.save()).save() == a.save()
    play_both(a, b, rng)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_masks_of_a_shuffled_deal_make_the_same_deal(players: int) -> None:
    """Shuffled deals laid out again from masks: the same deal, with a setup of hands
    instead of a seed."""
    rules = rules_of(players)
    for seed in range(20):
        dealt = rules.deal(seed=seed, dealer=seed % players)
        assert isinstance(dealt, TarotDeal)
        a, b = both(rules, dealt.hands, dealt.chien, seed % players)
        assert (b.to_move, b.phase, b.hands) == (dealt.to_move, dealt.phase, dealt.hands)
        play_both(a, b, random.Random(seed))


def test_masks_may_be_any_sequence_of_ints() -> None:
    rules = rules_of(4)
    hands, chien = random_piles(4, random.Random(1))
    a = rules.deal_from_masks(tuple(hands), chien, dealer=2)
    b = rules.deal_from_masks(hands, chien, dealer=2)
    assert a.save() == b.save() and a.hands == hands
    a.hands[0] = 0
    assert b.hands == hands  # the deal keeps its own list


@pytest.mark.parametrize("players", [3, 4, 5])
def test_bad_masks_are_refused_in_words(players: int) -> None:
    rules = rules_of(players)
    hands, chien = random_piles(players, random.Random(players))
    size, chien_size = SIZES[players]
    low = hands[0] & -hands[0]
    code = TAROT_DECK.codes_of(low)[0]
    cases: list[tuple[Any, Any, Any, str]] = [
        (hands[:-1], chien, 0, f"hands must list {players} card masks, one per seat, not "
                               f"{players - 1}"),
        ([*hands, 0], chien, 0, f"hands must list {players} card masks"),
        (hands[0], chien, 0, f"hands must be a sequence of {players} card masks"),
        ("hands", chien, 0, "hands must be a sequence"),
        (hands, chien, players, f"dealer must be a seat from 0 to {players - 1}"),
        ([*hands[:-1], "x"], chien, 0, f"hand {players - 1} must be an int card mask, not 'x'"),
        ([True, *hands[1:]], chien, 0, "hand 0 must be an int card mask, not True"),
        (hands, None, 0, "the chien must be an int card mask, not None"),
        (hands, -chien, 0, "the chien must be a card mask of the 78 cards"),
        (hands, chien | 1 << 78, 0, r"the chien must be a card mask of the 78 cards \(bits 0 "
                                    r"to 77\)"),
        # overlaps: the cards named
        (hands, chien | low, 0, rf"card\(s\) {code} dealt twice \(again in the chien\)"),
        ([hands[0], hands[1] | low, *hands[2:]], chien, 0,
         rf"card\(s\) {code} dealt twice \(again in hand 1\)"),
        # missing cards: named
        ([hands[0] & ~low, *hands[1:]], chien, 0,
         f"the hands and the chien must hold the 78 cards: {code} missing"),
        (hands, 0, 0, "the hands and the chien must hold the 78 cards: .* missing"),
        ([0] * players, 0, 0, "the hands and the chien must hold the 78 cards"),
        # every card once, in piles of the wrong sizes
        ([hands[0] & ~low, hands[1] | low, *hands[2:]], chien, 0,
         f"hand 0 has {size - 1} cards: expected {size}"),
        ([hands[0] | chien & -chien, *hands[1:]], chien & ~(chien & -chien), 0,
         f"hand 0 has {size + 1} cards: expected {size}"),
        ([hands[0] | chien, *hands[1:]], 0, 0, f"hand 0 has {size + chien_size} cards"),
    ]
    for h, c, dealer, words in cases:
        with pytest.raises(ValueError, match=words):
            rules.deal_from_masks(h, c, dealer=dealer)
    # the good piles still make a deal, and the bad tries changed nothing
    assert rules.deal_from_masks(hands, chien).hands == hands
    assert sum(hands) | chien == FULL
