"""The Jass sampler's reading of the card play as the heuristic's (``atout.kernels.jass_infer``).

- in deals the heuristic plays at every seat, stopped anywhere in the card play, the true
  hands explain every card: no miss for any seat (hypothesis over deals and stopping points);
- other hands (two seats' unseen cards swapped) explain some cards badly in most deals;
- the kernel's sampler with the reading on keeps worlds that explain the heuristic's cards
  better than without it, and with the reading off samples as before;
- bad input is refused in words.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import atout
from atout.bots import make_bot
from atout.bots.jass import search as js
from atout.bots.jass.search import JassDeterminizer, world_facts
from atout.games.jass.seen import view_plays
from atout.kernels import jass as kj
from atout.kernels import jass_sample as kjs
from atout.kernels.jass_infer import heuristic_misses

SAMPLE: Any = kjs.sample_worlds


def _heuristic_deal(seed: int, cards: int, options: dict[str, Any] | None = None) -> Any:
    """A Jass deal (dealer ``seed % 4``) played by the heuristic at every seat until
    ``cards`` cards of the play are down (or the deal's end)."""
    rules = atout.make("jass", **(options or {}))
    deal: Any = rules.deal(seed=seed, dealer=seed % 4)
    bots = [make_bot("heuristic", rules, s, seed) for s in range(4)]
    played = 0
    while deal.to_move is not None and played < cards:
        seat = deal.to_move
        playing = deal.phase == "play"
        deal.play(bots[seat].choose(deal.view(seat)))
        played += playing
    return deal


def _read(deal: Any) -> tuple[Any, list[int], list[int], int, int]:
    """The deal's state, each seat's hand as play began, the cards played in order, the
    first leader and the seat that chose trump."""
    rules = deal.rules
    view = deal.view(0)
    plays = view_plays(rules, view)
    state = kj.encode(deal)
    start = [int(state[kj.ST_HANDS + s]) for s in range(4)]
    for seat, card in plays:
        start[seat] |= 1 << card
    return state, start, [c for _, c in plays], plays[0][0], int(view.info["chooser"])


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), cards=st.integers(1, 35),
       options=st.sampled_from([{}, {"under_trump": "strict"}, {"buur_free": False}]))
def test_the_true_hands_explain_every_card_of_the_heuristic(seed: int, cards: int,
                                                           options: dict[str, Any]) -> None:
    deal = _heuristic_deal(seed, cards, options)
    state, start, plays, leader, chooser = _read(deal)
    assert heuristic_misses(state, start, plays, leader, 0b1111, chooser) == 0


def test_other_hands_explain_some_cards_badly() -> None:
    wrong = tried = 0
    for seed in range(40):
        deal = _heuristic_deal(seed, 20)
        state, start, plays, leader, chooser = _read(deal)
        # two seats exchange a card of a suit both still hold: the voids shown still hold
        a, b = (leader + 1) % 4, (leader + 3) % 4
        ha, hb = int(state[kj.ST_HANDS + a]), int(state[kj.ST_HANDS + b])
        both = [s for s in range(4) if ha >> (9 * s) & 511 and hb >> (9 * s) & 511]
        if not both:
            continue
        suit = kj.SUITS[both[0]]
        ca, cb = int(ha & suit & -(ha & suit)), int(hb & suit & -(hb & suit))
        start[a] ^= ca | cb
        start[b] ^= ca | cb
        tried += 1
        try:
            wrong += heuristic_misses(state, start, plays, leader, 0b1111, chooser) > 0
        except ValueError:
            wrong += 1  # a card the exchanged hands could not have played
    assert tried >= 20 and wrong >= tried // 5


def _mean_misses(deal: Any, trust: float, monkeypatch: pytest.MonkeyPatch) -> tuple[float, Any]:
    monkeypatch.setattr(js, "PLAY_TRUST", trust)
    seat = deal.to_move
    view = deal.view(seat)
    facts = world_facts(JassDeterminizer(deal.rules), view, 3)
    assert facts is not None
    worlds = SAMPLE(*facts, 64, 3)
    state, _, plays, leader, chooser = _read(deal)
    played = facts[6]
    total = 0
    for w in worlds:
        start = [int(w[kj.ST_HANDS + s]) | int(played[s]) for s in range(4)]
        total += heuristic_misses(state, start, plays, leader, 0b1111 & ~(1 << seat), chooser)
    return total / len(worlds), worlds


def test_the_sampler_keeps_worlds_that_explain_the_play(monkeypatch: pytest.MonkeyPatch
                                                        ) -> None:
    better = 0
    for seed in range(8):
        deal = _heuristic_deal(seed, 12 + seed)
        read, _ = _mean_misses(deal, 0.1, monkeypatch)
        blind, _ = _mean_misses(deal, 1.0, monkeypatch)
        assert read <= blind
        better += read < blind
    assert better >= 6


def test_with_the_reading_off_the_worlds_are_as_before(monkeypatch: pytest.MonkeyPatch) -> None:
    deal = _heuristic_deal(5, 14)
    monkeypatch.setattr(js, "PLAY_TRUST", 1.0)
    facts = world_facts(JassDeterminizer(deal.rules), deal.view(deal.to_move), 9)
    assert facts is not None
    readers = facts[19]
    assert readers == 0
    off = SAMPLE(*facts, 32, 9)
    # no seat read: the same worlds whatever the keep weights say
    changed = list(facts)
    changed[21] = np.zeros(13, dtype=np.int64)
    assert np.array_equal(SAMPLE(*changed, 32, 9), off)


def test_bad_input_is_refused_in_words() -> None:
    deal = _heuristic_deal(3, 10)
    state, start, plays, leader, chooser = _read(deal)
    with pytest.raises(ValueError, match="one starting hand per seat"):
        heuristic_misses(state, start[:3], plays, leader, 15, chooser)
    with pytest.raises(ValueError, match="card ids"):
        heuristic_misses(state, start, [40], leader, 15, chooser)
    with pytest.raises(ValueError, match="the leader is a seat"):
        heuristic_misses(state, start, plays, 7, 15, chooser)
    with pytest.raises(ValueError, match="not legal"):
        heuristic_misses(state, start, list(reversed(plays)), leader, 15, chooser)
    with pytest.raises(ValueError, match="int64 vector"):
        heuristic_misses([1, 2], start, plays, leader, 15, chooser)
    facts = list(world_facts(JassDeterminizer(deal.rules), deal.view(deal.to_move), 1) or [])
    facts[21] = np.zeros(0, dtype=np.int64)
    with pytest.raises(ValueError, match="keep_play"):
        SAMPLE(*facts, 4, 1)
    facts[21] = np.ones(3, dtype=np.int64)
    facts[17] = [99]
    with pytest.raises(ValueError, match="the plays are card ids"):
        SAMPLE(*facts, 4, 1)


def test_random_play_is_read_without_error() -> None:
    rng = random.Random(4)
    rules = atout.make("jass")
    for seed in range(10):
        deal: Any = rules.deal(seed=seed, dealer=seed % 4)
        while deal.to_move is not None and (deal.phase != "play" or len(deal.tricks) < 4):
            deal.play(rng.choice(deal.legal_actions()))
        state, start, plays, leader, chooser = _read(deal)
        assert 0 <= heuristic_misses(state, start, plays, leader, 15, chooser) <= len(plays)


def test_never_kept_is_the_first_weight_of_nothing() -> None:
    from atout.kernels.kit import never_kept

    assert never_kept(np.array([2**32, 5, 0, 0], dtype=np.int64)) == 2
    assert never_kept(np.array([2**32, 2**31], dtype=np.int64)) == 1  # none is 0: the last
    assert never_kept(np.array([0], dtype=np.int64)) == 0


def test_read_limit_counts_only_as_far_as_it_can_matter() -> None:
    from atout.kernels.kit import read_limit

    assert read_limit(12, 6, -1, 0) == 12  # no fallback yet: every count up to the last
    assert read_limit(12, 6, 3, 0) == 6  # a world is still kept below 6
    assert read_limit(12, 6, 11, 2) == 8  # 9 more would not beat a fallback of 11
    assert read_limit(12, 2, 40, 0) == 12


def test_keep_weights_are_the_trust_per_count_in_draws() -> None:
    from atout.kernels.kit import keep_weights

    assert keep_weights(0.5, 3).tolist() == [2**32, 2**31, 2**30]
    assert keep_weights(1.0, 2).tolist() == [2**32, 2**32]
    assert keep_weights(0.02, 13)[-1] == 0
