"""The deadwood minimiser against an independent brute force over card codes."""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from atout.cards import FULL_DECK
from atout.games.knock_rummy.melds import (
    VALUES,
    arrange,
    deadwood,
    extensions,
    is_meld,
    lay_off,
    mask_value,
)

RUN_ORDER = "A23456789TJQK"  # the ace is low only
POINTS = {"A": 1, "T": 10, "J": 10, "Q": 10, "K": 10, **{str(n): n for n in range(2, 10)}}


def valid_meld(cards: Sequence[str]) -> bool:
    """A set of 3 or 4 of a rank, or a run of 3+ in one suit, ace low (from the codes)."""
    if len(cards) < 3:
        return False
    if len(cards) <= 4 and len({c[0] for c in cards}) == 1:
        return True
    if len({c[1] for c in cards}) != 1:
        return False
    places = sorted(RUN_ORDER.index(c[0]) for c in cards)
    return all(b == a + 1 for a, b in itertools.pairwise(places))


def brute_deadwood(hand: Sequence[str]) -> int:
    """Least deadwood: every valid meld found by subset tests, then every disjoint packing."""
    candidates: list[frozenset[str]] = []
    groups = [[c for c in hand if c[1] == s] for s in "HDSC"]
    groups += [[c for c in hand if c[0] == r] for r in RUN_ORDER]
    for group in groups:
        for size in range(3, len(group) + 1):
            for combo in itertools.combinations(group, size):
                if valid_meld(combo):
                    candidates.append(frozenset(combo))
    total = sum(POINTS[c[0]] for c in hand)

    def best_melded(i: int, used: frozenset[str]) -> int:
        best = 0
        for j in range(i, len(candidates)):
            m = candidates[j]
            if not m & used:
                best = max(best, sum(POINTS[c[0]] for c in m) + best_melded(j + 1, used | m))
        return best

    return total - best_melded(0, frozenset())


def _random_hand(rng: random.Random, dense: bool) -> list[str]:
    size = rng.randint(6, 11)
    if not dense:
        return rng.sample(FULL_DECK.codes, size)
    low = rng.choice([0, 1, 4, 8, 9])  # run places: 0 is the ace, so 8-9 reach Q-K-A
    ranks = [RUN_ORDER[(low + i) % 13] for i in range(5)]
    suits = rng.sample("HDSC", rng.choice([2, 3, 4]))
    pool = [r + s for r in ranks for s in suits]
    return rng.sample(pool, min(size, len(pool)))


def _check_arrangement(hand: list[str]) -> int:
    mask = FULL_DECK.mask(hand)
    melds, loose, points = arrange(mask)
    seen = loose
    for m in melds:
        assert valid_meld(FULL_DECK.codes_of(m)), FULL_DECK.codes_of(m)
        assert is_meld(m)
        assert not seen & m
        seen |= m
    assert seen == mask
    assert points == mask_value(loose) == deadwood(mask)
    return points


def test_minimiser_matches_brute_force_on_20000_hands() -> None:
    rng = random.Random(20240)
    for i in range(20000):
        hand = _random_hand(rng, dense=i % 2 == 1)
        expected = brute_deadwood(hand)
        assert deadwood(FULL_DECK.mask(hand)) == expected, hand
        if i % 4 == 0:
            assert _check_arrangement(hand) == expected, hand


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(FULL_DECK.codes), min_size=6, max_size=11, unique=True))
def test_minimiser_matches_brute_force_hypothesis(hand: list[str]) -> None:
    assert _check_arrangement(hand) == brute_deadwood(hand)


def test_values() -> None:
    codes = ["AH", "2H", "9H", "TH", "JH", "QH", "KH"]
    assert [VALUES[FULL_DECK.parse(c)] for c in codes] == [1, 2, 9, 10, 10, 10, 10]


def test_ace_is_low_only() -> None:
    assert deadwood(FULL_DECK.mask(["AH", "2H", "3H"])) == 0
    assert deadwood(FULL_DECK.mask(["QH", "KH", "AH"])) == 21
    assert deadwood(FULL_DECK.mask(["KH", "AH", "2H"])) == 13
    assert not is_meld(FULL_DECK.mask(["QH", "KH", "AH"]))


def test_card_in_one_meld_only() -> None:
    # 7H could complete the set of sevens or the run 5H-6H-7H, not both.
    hand = FULL_DECK.mask(["7H", "7D", "7S", "5H", "6H"])
    assert deadwood(hand) == 11
    hand = FULL_DECK.mask(["7H", "7D", "7S", "7C", "5H", "6H"])
    assert deadwood(hand) == 0  # 7D 7S 7C and 5H 6H 7H


def test_long_runs_shown_whole() -> None:
    hand = FULL_DECK.mask(["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S"])
    melds, loose, points = arrange(hand)
    assert (len(melds), loose, points) == (1, 0, 0)
    assert FULL_DECK.codes_of(melds[0]) == ["2S", "3S", "4S", "5S", "6S", "7S", "8S", "AS"]


def test_best_arrangement_not_greedy() -> None:
    # 9H closes the run 7H-8H-9H (leaving 9D 9S: 18) or the set of nines (leaving 7H 8H: 15).
    hand = FULL_DECK.mask(["7H", "8H", "9H", "9D", "9S"])
    melds, loose, points = arrange(hand)
    assert points == 15
    assert FULL_DECK.codes_of(loose) == ["7H", "8H"]
    assert [FULL_DECK.codes_of(m) for m in melds] == [["9H", "9D", "9S"]]
    # The five hearts 9H-KH make one run, better than the set of jacks.
    hand = FULL_DECK.mask(["9H", "TH", "JH", "QH", "KH", "JD", "JS"])
    assert deadwood(hand) == 20


def brute_lay_off(hand: list[str], melds: list[list[str]]) -> int:
    """Least deadwood when cards may extend the given melds: every subset, every assignment."""
    fits = [c for c in hand if any(c[0] == m[0][0] or c[1] == m[0][1] for m in melds)]
    best = brute_deadwood(hand)
    for size in range(1, len(fits) + 1):
        for laid in itertools.combinations(fits, size):
            for owners in itertools.product(range(len(melds)), repeat=size):
                grown = [list(m) for m in melds]
                for card, k in zip(laid, owners, strict=True):
                    grown[k].append(card)
                if all(valid_meld(g) for g in grown):
                    best = min(best, brute_deadwood([c for c in hand if c not in laid]))
                    break
    return best


def test_lay_off_matches_brute_force() -> None:
    rng = random.Random(77)
    checked = 0
    while checked < 1500:
        pool = _random_hand(rng, dense=True) + rng.sample(FULL_DECK.codes, 8)
        pool = list(dict.fromkeys(pool))
        rng.shuffle(pool)
        knocker, hand = pool[:7], pool[7:14]
        melds = [FULL_DECK.codes_of(m) for m in arrange(FULL_DECK.mask(knocker))[0]]
        if not melds or len(hand) < 6:
            continue
        checked += 1
        laid, points = lay_off(FULL_DECK.mask(hand), [FULL_DECK.mask(m) for m in melds])
        assert points == brute_lay_off(hand, melds), (knocker, hand)
        assert points == deadwood(FULL_DECK.mask(hand) & ~laid)


def test_lay_off_examples() -> None:
    knocker = [FULL_DECK.mask(["2H", "3H", "4H"]), FULL_DECK.mask(["9S", "9D", "9C"])]
    hand = FULL_DECK.mask(["5H", "6H", "9H", "KC", "AH", "QD"])
    laid, points = lay_off(hand, knocker)
    assert sorted(FULL_DECK.codes_of(laid)) == sorted(["AH", "5H", "6H", "9H"])
    assert points == 20
    # Laying 5H off would break the player's own set of fives: he keeps it.
    hand = FULL_DECK.mask(["5H", "5D", "5S", "KC", "KD", "QD"])
    assert lay_off(hand, knocker) == (0, 30)
    assert extensions(hand, FULL_DECK.mask(["QH", "KH", "JH"])) == [0]  # no ace above a king
