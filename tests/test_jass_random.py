"""The random playouts on hands split by suit (games/jass/fast.py) against the one trick
loop they stand in for, and the memo of the Weis against the Weis found afresh."""

from __future__ import annotations

import random
from typing import Any

import pytest

import atout
from atout.games.jass.play import TrickPlay
from atout.games.jass.weis import find_weis, find_weis_memo


def _uniform(rng: random.Random) -> Any:
    """A policy for the trick loop that draws as its policy-free path does."""
    rnd = rng.random

    def pick(seat: int, pos: int, mask: int, led: int, best: int, best_seat: int,
             pts: int) -> int:
        for _ in range(int(rnd() * mask.bit_count())):
            mask &= mask - 1
        return (mask & -mask).bit_length() - 1

    return pick


@pytest.mark.parametrize(("game", "options"), [
    ("jass", {}), ("jass", {"preset": "jass-txt"}), ("jass", {"preset": "multiplied"}),
    ("jass", {"obenabe": False, "under_trump": "strict"}), ("putze", {}),
    ("putze", {"players": 3})])
def test_split_playout_ends_as_the_trick_loop(game: str, options: dict[str, Any]) -> None:
    rules = atout.make(game, **options)
    rng = random.Random(7)
    compared = 0
    for seed in range(150):
        deal = rules.deal(seed=seed, dealer=seed % rules.seats)
        while deal.to_move is not None and not (
                isinstance(deal, TrickPlay) and getattr(deal, "phase", "") == "play"
                and not deal.trick and rng.random() < 0.3):
            deal.play(rng.choice(deal.legal_actions()))
        if deal.to_move is None:
            continue
        assert isinstance(deal, TrickPlay)
        split = deal.clone()
        loop = deal.clone()
        assert isinstance(split, TrickPlay) and isinstance(loop, TrickPlay)
        record = seed % 2 == 0
        split.play_tricks(random.Random(seed), record=record)  # the split path
        loop.play_tricks(random.Random(seed), _uniform(random.Random(seed)), record=record)
        assert split.__dict__ == loop.__dict__
        assert split.result == loop.result
        compared += 1
    assert compared > 50


def test_weis_memo_gives_the_weis_found_afresh_and_keeps_them() -> None:
    rng = random.Random(3)
    cards = list(range(36))
    for _ in range(400):
        hand = sum(1 << c for c in rng.sample(cards, 9))
        mode = rng.randrange(6)
        kw: dict[str, Any] = {"nine_sequence": rng.choice([100, 150]),
                              "low_fours": rng.choice([0, 100]), "share": rng.random() < 0.5}
        big = rng.random() < 0.5
        fresh = find_weis(hand, mode, big, **kw)
        got = find_weis_memo(hand, mode, big, **kw)
        assert got == fresh
        got.clear()  # a caller changing its list leaves the memo alone
        assert find_weis_memo(hand, mode, big, **kw) == fresh
