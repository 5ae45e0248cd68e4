"""The Tarot sampler's reading of the card play as the heuristic's
(``atout.kernels.tarot_sample.replay_read``).

- in deals the heuristic plays at every seat, at 3, 4 and 5 players, the true deal explains
  every card the heuristic chose (the kernel's heuristic card is the player's): no miss;
- a deal with two hands' cards exchanged explains some of them badly;
- the kernel's worlds with the reading on explain the other seats' cards better than without
  it, and with the reading off they are the worlds of before;
- bad input is refused in words.

CI runs this file compiled and with ``ATOUT_PURE=1``.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import atout
from atout.bots import make_bot
from atout.bots.tarot import worlds as tw
from atout.bots.tarot.sampler import TarotDeterminizer
from atout.games.tarot.deal import TarotDeal
from atout.games.tarot.tables import A_DISCARD
from atout.kernels import tarot as kt
from atout.kernels import tarot_layout as ly
from atout.kernels import tarot_sample as kss

SAMPLE: Any = kss.sample_worlds  # its arguments: world_facts', then the count and the seed

LO = (1 << 56) - 1


def _played(players: int, seed: int, stop: int | None = None) -> tuple[TarotDeal, Any]:
    """A Tarot deal played by the heuristic at every seat (``stop`` cards into the card
    play, or to its end) and the kernel's state of the same deal as dealt."""
    rules = atout.make("tarot", players=players)
    deal: Any = rules.deal(seed=seed, dealer=seed % players)
    start = kt.encode(deal)
    bots = [make_bot("heuristic", rules, s, seed) for s in range(players)]
    cards = 0
    while deal.to_move is not None and (stop is None or cards < stop):
        seat = deal.to_move
        action = bots[seat].choose(deal.view(seat))
        cards += int(action) < A_DISCARD  # a card id: a card played
        deal.play(action)
    return deal, start


def _in_play(players: int, seed: int, stop: int) -> TarotDeal:
    """The first deal from ``seed`` on that someone takes, ``stop`` cards into its play."""
    for k in range(seed, seed + 50):
        deal, _ = _played(players, k, stop)
        if deal.to_move is not None and len(deal.history) and int(deal.history[-1]) < A_DISCARD:
            return deal
    raise AssertionError("no deal taken in 50 seeds")


def _misses(start: Any, deal: TarotDeal, readers: int) -> int:
    """How many cards of the ``readers`` the heuristic would not have played in ``deal``'s
    whole history replayed on ``start`` (-1: the history does not replay there)."""
    steps = np.array([(actor, int(a)) for actor, a in zip(deal.actors, deal.history,
                                                           strict=True)],
                     dtype=np.int64).reshape(-1, 2)
    s = np.array(start, dtype=np.int64)
    acts = np.empty(kt.MAX_LEGAL, dtype=np.int64)
    to_move = -1 if deal.to_move is None else int(deal.to_move)
    return int(kss.replay_read(s, steps, np.zeros(1, dtype=np.int64), 0, to_move, acts,
                               readers, 100))


@settings(max_examples=12, deadline=None)
@given(players=st.sampled_from([3, 4, 5]), seed=st.integers(0, 10**6))
def test_the_true_deal_explains_every_card_of_the_heuristic(players: int, seed: int) -> None:
    for k in range(seed, seed + 50):  # the first deal someone takes
        deal, start = _played(players, k)
        if deal.taker >= 0:
            break
    assert deal.taker >= 0 and len(deal.history) > 4 * deal.n
    assert _misses(start, deal, (1 << players) - 1) == 0


def test_exchanged_hands_explain_some_cards_badly() -> None:
    wrong = tried = 0
    for seed in range(30):
        deal, start = _played(4, seed)
        if deal.taker < 0:
            continue
        a, b = (deal.taker + 1) % 4, (deal.taker + 2) % 4
        lo_a, lo_b = int(start[ly.HANDS_LO + a]), int(start[ly.HANDS_LO + b])
        # a suit card each, of one suit both were dealt: the voids they show still hold
        for suit in range(4):
            mine = int(kt.SUIT_LO[suit])
            if lo_a & mine and lo_b & mine and lo_a & mine != lo_b & mine:
                ca, cb = lo_a & mine & -(lo_a & mine), lo_b & mine & -(lo_b & mine)
                swapped = np.array(start)
                swapped[ly.HANDS_LO + a] ^= ca | cb
                swapped[ly.HANDS_LO + b] ^= ca | cb
                tried += 1
                wrong += _misses(swapped, deal, 15) != 0  # -1: it no longer replays
                break
    assert tried >= 15 and wrong >= tried // 4


def _placed(deal: TarotDeal, trust: float, monkeypatch: pytest.MonkeyPatch) -> float:
    """The share of the cards hidden from the seat to move that the kernel's worlds put in
    the hand that holds them."""
    monkeypatch.setattr(tw, "PLAY_TRUST", trust)
    seat = deal.to_move
    assert seat is not None
    worlds = tw.sample_worlds(TarotDeterminizer(deal.rules), deal.view(seat), 48, 5)
    true = kt.encode(deal)
    others = [s for s in range(deal.n) if s != seat]
    hidden = sum(_count(true, s) for s in others)
    right = 0
    for w in worlds:
        assert w[ly.TURN] == seat
        for s in others:
            right += (int(w[ly.HANDS_LO + s]) & int(true[ly.HANDS_LO + s])).bit_count()
            right += (int(w[ly.HANDS_HI + s]) & int(true[ly.HANDS_HI + s])).bit_count()
    return right / (hidden * len(worlds))


def _count(state: Any, seat: int) -> int:
    return int(state[ly.HANDS_LO + seat]).bit_count() + int(state[ly.HANDS_HI + seat]).bit_count()


def test_the_worlds_read_put_more_cards_where_they_are(monkeypatch: pytest.MonkeyPatch
                                                       ) -> None:
    read = blind = 0.0
    positions = 0
    for seed in range(0, 1200, 100):
        deal = _in_play(4, seed, 40)
        positions += 1
        read += _placed(deal, 0.1, monkeypatch)
        blind += _placed(deal, 1.0, monkeypatch)
    assert positions >= 6
    # 48 worlds a position: the read places clearly more of the hidden cards right
    assert read / positions > blind / positions + 0.03


def test_reading_off_gives_the_worlds_of_before(monkeypatch: pytest.MonkeyPatch) -> None:
    deal = _in_play(4, 11, 20)
    seat = deal.to_move
    assert seat is not None
    view = deal.view(seat)
    monkeypatch.setattr(tw, "PLAY_TRUST", 1.0)
    facts = list(tw.world_facts(TarotDeterminizer(deal.rules), view) or [])
    assert facts[20] == 0  # no seat read
    off = SAMPLE(*facts, 16, 3)
    facts[21] = np.zeros(5, dtype=np.int64)  # the keep weights do not matter then
    assert np.array_equal(SAMPLE(*facts, 16, 3), off)


def test_bad_input_is_refused_in_words() -> None:
    deal = _in_play(4, 2, 12)
    seat = deal.to_move
    assert seat is not None
    facts = list(tw.world_facts(TarotDeterminizer(deal.rules), deal.view(seat)) or [])
    bad = list(facts)
    bad[20] = 1 << 7
    with pytest.raises(ValueError, match="readers must be bits"):
        SAMPLE(*bad, 4, 1)
    bad = list(facts)
    bad[21] = []
    with pytest.raises(ValueError, match="keep_play"):
        SAMPLE(*bad, 4, 1)
    bad = list(facts)
    bad[22] = -1
    with pytest.raises(ValueError, match="soft must be"):
        SAMPLE(*bad, 4, 1)
