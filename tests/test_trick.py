"""The shared trick module: who wins a trick, from the tables of each game, and what a seat has
seen of a Jass-family card play (:mod:`atout.games.jass.seen`)."""

from __future__ import annotations

import random

import pytest

import atout
from atout.games.jass.play import POWER, TRICK_KEYS
from atout.games.jass.seen import PlaySeen, play_seen, view_plays
from atout.games.pitch.tables import RANK_OF, SUIT_OF
from atout.games.pitch.tables import TRICK_KEYS as PITCH_KEYS
from atout.games.trick import (
    above_in_suit,
    beats,
    trick_keys,
    trick_points,
    trick_winner,
    winners,
    winning_position,
)


def _jass_winner(cards: list[int], mode: int) -> int:
    """The Jass rule in words: the highest trump, else the highest card of the suit led."""
    p = POWER[mode]
    trumps = [c for c in cards if mode < 4 and c // 9 == mode]
    pool = trumps or [c for c in cards if c // 9 == cards[0] // 9]
    return cards.index(max(pool, key=lambda c: p[c]))


def _pitch_winner(cards: list[int], trump: int) -> int:
    """The Pitch rule in words: the highest trump, else the highest card of the suit led."""
    trumps = [c for c in cards if SUIT_OF[c] == trump]
    pool = trumps or [c for c in cards if SUIT_OF[c] == SUIT_OF[cards[0]]]
    return cards.index(max(pool, key=lambda c: RANK_OF[c]))


def test_the_keys_of_a_small_deck() -> None:
    keys = trick_keys((0, 1, 100, 2), (0, 0, 1, 1), 2, 100)
    assert keys == ((0, 1, 100, -1), (-1, -1, 100, 2))
    assert winning_position([0, 3, 1], keys[0]) == 2
    assert trick_winner([3, 0, 2], [5, 6, 7], keys[1]) == 7
    assert beats(keys[0], 1, 0) and not beats(keys[0], 3, 0)
    assert winners(0b1111, 1, keys[0]) == 0b0100
    assert above_in_suit((0, 1, 100, 2), (0, 0, 1, 1)) == (0b0010, 0, 0, 0b0100)
    assert trick_points([0, 3], (5, 0, 0, 7)) == 12


@pytest.mark.parametrize("mode", range(6))
def test_the_jass_keys_name_the_winner_of_every_trick(mode: int) -> None:
    rng = random.Random(mode)
    for _ in range(3000):
        cards = rng.sample(range(36), rng.choice((2, 3, 4)))
        keys = TRICK_KEYS[mode][cards[0] // 9]
        assert winning_position(cards, keys) == _jass_winner(cards, mode)
        best = cards[0]
        for c in cards[1:]:
            if beats(keys, c, best):
                best = c
        assert cards.index(best) == _jass_winner(cards, mode)


@pytest.mark.parametrize("trump", range(4))
def test_the_pitch_keys_name_the_winner_of_every_trick(trump: int) -> None:
    rng = random.Random(trump)
    for _ in range(3000):
        cards = rng.sample(range(52), rng.choice((2, 3, 4)))
        keys = PITCH_KEYS[trump][SUIT_OF[cards[0]]]
        assert winning_position(cards, keys) == _pitch_winner(cards, trump)


@pytest.mark.parametrize("game", ["jass", "putze"])
def test_every_seat_sees_the_play_the_deal_has(game: str) -> None:
    """What a seat reads from its view (:func:`view_plays`) is what the deal says of its own
    play (:meth:`play_seen`), at every point of random games; a void shown is real."""
    rules = atout.make(game)
    rng = random.Random(3)
    for seed in range(25):
        deal = rules.deal(seed=seed)
        while deal.to_move is not None:
            seen: PlaySeen = deal.play_seen()  # type: ignore[attr-defined]
            if deal.phase == "play":  # type: ignore[attr-defined]
                mode: int = deal.mode  # type: ignore[attr-defined]
                size: int = deal.trick_size  # type: ignore[attr-defined]
                for seat in range(rules.seats):
                    view = deal.view(seat)
                    gone = 0
                    own = view.info.get("own_discards")
                    if isinstance(own, list):
                        gone = atout.cards.JASS_DECK.mask(own)
                    mine = play_seen(view_plays(rules, view, gone), mode, rules.seats, size)
                    assert mine == seen
                for s, void in enumerate(seen.voids):
                    assert not void & deal.hands[s]  # type: ignore[attr-defined]
                assert [c for _, c in seen.trick] == deal.trick  # type: ignore[attr-defined]
                assert seen.best == deal.best  # type: ignore[attr-defined]
                assert seen.best_seat == (deal.best_seat if deal.trick else -1)  # type: ignore[attr-defined]
            deal.play(rng.choice(deal.legal_actions()))
