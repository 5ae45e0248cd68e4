"""One card of lookahead in the Tarot search's rollouts (:mod:`atout.kernels.tarot_lookahead`).

- from random positions of the card play (every table size, the options that change the
  play), the lookahead's card has the best continuation of all legal cards, each played out
  by the existing heuristic rollout (:func:`atout.kernels.tarot_search.play_out`), and is
  the heuristic's own card where that one ties; the state is left untouched;
- a legal card left out of the tries plays as a lower card of its suit that is tried: same
  worth, the same continuation;
- the batched rollouts are one rollout per world and action counted ``reuse`` times, the
  search's batch plays them with ``LOOK`` on, and not without;
- the tally counts one continuation for each card a lookahead turn tries (none where it
  tries no other card, none without a seat looking ahead), and the search's batch adds to
  :func:`atout.bots.tarot.worlds.continuations` exactly a direct call's tally, and to
  :func:`~atout.bots.tarot.worlds.rollouts_played` one rollout per world and action with
  the lookahead, ``reuse`` of them with the greedy rollouts.

CI runs this file compiled and with ``ATOUT_PURE=1``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from atout.bots.tarot import worlds
from atout.bots.tarot.sampler import TarotDeterminizer
from atout.kernels import tarot as kt
from atout.kernels import tarot_lookahead as tl
from atout.kernels import tarot_search as ks
from atout.kernels.kit import seat_value
from atout.kernels.tarot_layout import HANDS_HI, HANDS_LO, TURN, N
from atout.kernels.tarot_score import points
from kernel_helpers import tarot_in_play

OPTIONS: list[dict[str, Any]] = [
    {}, {"players": 3}, {"players": 5}, {"preset": "club"},
    {"players": 5, "call_self": False, "called_suit_lead": "free"},
]


def card_state(options: dict[str, Any], seed: int) -> np.ndarray[Any, np.dtype[np.int64]]:
    """A kernel state in the card play with a card due (a poignée question answered by
    the rollouts' rule), two to six tricks in."""
    deal = tarot_in_play(options, seed, lambda d: 6 * d.n)
    state = kt.encode(deal)
    acts = np.empty(kt.MAX_LEGAL, dtype=np.int64)
    while state[TURN] >= 0 and ks.announce(state, acts) >= 0:
        pass
    return state


def continuation(state: np.ndarray[Any, np.dtype[np.int64]], card: int) -> float:
    """The value for the seat to move of ``card``, then every seat by the heuristic's card
    (the heuristic rollout of :mod:`atout.kernels.tarot_search`, ``me`` no seat)."""
    seat = int(state[TURN])
    st = state.copy()
    kt.step(st, card)
    ks.play_out(st, np.zeros(1, dtype=np.int64), np.empty(kt.MAX_LEGAL, dtype=np.int64), 1, -1)
    row = np.zeros(5, dtype=np.float64)
    points(st, row)
    return seat_value(row, int(state[N]), seat)


def legal_cards(state: np.ndarray[Any, np.dtype[np.int64]]) -> list[int]:
    """The seat to move's legal cards."""
    lo, hi = kt.play_masks(state, int(state[TURN]))
    return [c for c in range(56) if lo >> c & 1] + [56 + c for c in range(22) if hi >> c & 1]


def scratch() -> tuple[Any, Any, Any, Any, Any]:
    """The work arrays :func:`~atout.kernels.tarot_lookahead.lookahead_card` takes, and its
    tally of continuations."""
    return (np.empty(kt.LENGTH, dtype=np.int64), np.empty(kt.MAX_LEGAL, dtype=np.int64),
            np.zeros(5, dtype=np.float64), np.zeros(1, dtype=np.int64),
            np.zeros(1, dtype=np.int64))


@pytest.mark.parametrize("seed", range(10))
def test_lookahead_takes_the_best_continuation_of_the_heuristic(seed: int) -> None:
    state = card_state(OPTIONS[seed % len(OPTIONS)], seed)
    values = {c: continuation(state, c) for c in legal_cards(state)}
    lo, hi = kt.play_masks(state, int(state[TURN]))
    before = state.copy()
    own = int(ks.heuristic_card(state, lo, hi))
    got = int(tl.lookahead_card(state, lo, hi, *scratch()))
    assert np.array_equal(state, before)
    assert values[got] == pytest.approx(max(values.values()))
    if values[own] == pytest.approx(max(values.values())):
        assert got == own


@pytest.mark.parametrize("seed", range(12))
def test_a_card_left_out_plays_as_a_lower_one_tried(seed: int) -> None:
    state = card_state(OPTIONS[seed % len(OPTIONS)], 100 + seed)
    lo, hi = kt.play_masks(state, int(state[TURN]))
    kept_lo, kept_hi = tl.distinct_legal(state, lo, hi)
    assert kept_lo & ~lo == 0 and kept_hi & ~hi == 0
    kept = {c for c in legal_cards(state) if (kept_lo >> c & 1 if c < 56
                                              else kept_hi >> (c - 56) & 1)}
    alive = set()
    for s in range(int(state[N])):
        alive |= {c for c in range(56) if state[HANDS_LO + s] >> c & 1}
        alive |= {56 + c for c in range(22) if state[HANDS_HI + s] >> c & 1}
    for c in set(legal_cards(state)) - kept:
        assert c != 77
        suit = range(c - (c % 14), c) if c < 56 else range(56, c)
        twin = max(d for d in suit if d in kept)
        assert ks.VALUE2[twin] == ks.VALUE2[c]
        assert not alive & set(range(twin + 1, c)) - set(legal_cards(state))
        assert continuation(state, c) == pytest.approx(continuation(state, twin))


def defender_worlds() -> tuple[Any, Any, list[int]]:
    """A deal at a defender's card in the card play (four players), four worlds sampled
    for him, and up to three cards legal in each of them (at least two)."""
    for seed in range(50):
        deal = tarot_in_play({}, seed, lambda d: 6 * d.n)
        while deal.to_move is not None and "no poignee" in [
                str(a) for a in deal.legal_actions()]:
            deal.play("no poignee")
        if deal.to_move is None or deal.to_move == deal.taker:
            continue
        states = worlds.sample_worlds(TarotDeterminizer(deal.rules), deal.view(deal.to_move),
                                      4, 11)
        states = states[states[:, TURN] == deal.to_move]
        common = sorted(set.intersection(*(set(legal_cards(s)) for s in states)))[:3]
        if len(states) >= 2 and len(common) >= 2:
            return deal, states, common
    raise AssertionError("no defender's card with two cards legal in every world")


@pytest.mark.parametrize("look", [1, 2])
def test_the_batch_plays_one_rollout_per_world_with_look(monkeypatch: pytest.MonkeyPatch,
                                                         look: int) -> None:
    deal, states, common = defender_worlds()
    seat = int(deal.to_move)
    picks = [deal.rules.actions[c] for c in common]
    tally = np.zeros(1, dtype=np.int64)
    got = tl.rollouts_kernel(states, np.array(picks, dtype=np.int64), 8, seat, look == 2,
                             tally)
    for i, st in enumerate(states):
        assert tl.side_of(st, seat) == sum(1 << s for s in range(4) if s != deal.taker)
        assert tl.side_of(st, deal.taker) == 1 << deal.taker
        for j, c in enumerate(picks):
            one = st.copy()
            kt.step(one, c)
            tl.play_out(one, tl.side_of(st, seat) if look == 2 else 1 << seat, *scratch())
            row = np.zeros(5, dtype=np.float64)
            points(one, row)
            assert got[i, j] == pytest.approx(8 * seat_value(row, int(st[N]), seat))
    monkeypatch.setattr(worlds, "LOOK", look)
    before, played = worlds.continuations(), worlds.rollouts_played()
    assert np.array_equal(worlds.roll_worlds(states, picks, 8, 3, seat, 0), got)
    assert worlds.continuations() - before == int(tally[0]) > 0
    assert worlds.rollouts_played() - played == len(states) * len(picks)  # one each
    played = worlds.rollouts_played()
    greedy = worlds.roll_worlds(states, picks, 8, 3, seat, -1)  # greedy: 8 rollouts each
    assert worlds.rollouts_played() - played == 8 * len(states) * len(picks)
    assert not np.array_equal(greedy, got)
    monkeypatch.setattr(worlds, "LOOK", 3 - look)
    assert not np.array_equal(worlds.roll_worlds(states, picks, 8, 3, seat, 0), got)
    monkeypatch.setattr(worlds, "LOOK", 0)
    assert not np.array_equal(worlds.roll_worlds(states, picks, 8, 3, seat, 0), got)


def turn_by_turn(state: np.ndarray[Any, np.dtype[np.int64]], seat: int, cap: int,
                 look: Callable[[Any, int, int], int]) -> np.ndarray[Any, np.dtype[np.int64]]:
    """``state`` played to its end one card at a time: ``seat``'s card by ``look(state, lo,
    hi)`` while it holds ``cap`` cards or fewer, every other card the heuristic's, the
    poignées by the rollouts' rule."""
    st = state.copy()
    acts = np.empty(kt.MAX_LEGAL, dtype=np.int64)
    while st[TURN] >= 0:
        if ks.announce(st, acts) >= 0:
            continue
        lo, hi = kt.play_masks(st, int(st[TURN]))
        held = bin(int(st[HANDS_LO + st[TURN]])).count("1") + bin(
            int(st[HANDS_HI + st[TURN]])).count("1")
        if st[TURN] == seat and held <= cap:
            kt.step(st, look(st, lo, hi))
        else:
            kt.step(st, ks.heuristic_card(st, lo, hi))
    return st


def lookahead(st: Any, lo: int, hi: int) -> int:
    """:func:`~atout.kernels.tarot_lookahead.lookahead_card` with scratch arrays of its own."""
    return int(tl.lookahead_card(st, lo, hi, *scratch()))


def test_a_long_hand_plays_the_heuristics_card() -> None:
    """At three players (24 cards a hand) the seat looks ahead only once it holds
    ``LOOK_CARDS`` cards or fewer: its rollout is the one played card by card that way, and
    not the one that looks ahead from the first card, in some deal."""
    differ = 0
    for seed in range(6):
        state = kt.encode(tarot_in_play({"players": 3}, seed, lambda d: 1))  # the first card
        work, acts, row, rs, tally = scratch()
        while ks.announce(state, acts) >= 0:
            pass
        seat = int(state[TURN])
        got = state.copy()
        tl.play_out(got, 1 << seat, work, acts, row, rs, tally)
        assert np.array_equal(got, turn_by_turn(state, seat, tl.LOOK_CARDS, lookahead))
        differ += not np.array_equal(got, turn_by_turn(state, seat, 78, lookahead))
    assert differ


def tried(state: np.ndarray[Any, np.dtype[np.int64]]) -> set[int]:
    """The cards a lookahead turn at ``state`` plays out: the heuristic's and each card
    :func:`~atout.kernels.tarot_lookahead.distinct_legal` keeps."""
    lo, hi = kt.play_masks(state, int(state[TURN]))
    kept_lo, kept_hi = tl.distinct_legal(state, lo, hi)
    return ({int(ks.heuristic_card(state, lo, hi))} | {c for c in range(56) if kept_lo >> c & 1}
            | {56 + c for c in range(22) if kept_hi >> c & 1})


@pytest.mark.parametrize("seed", range(8))
def test_the_tally_counts_one_continuation_per_card_tried(seed: int) -> None:
    """Played to the end with the seat to move looking ahead, the tally is the sum, over
    that seat's turns, of the cards tried where it tries more than one; with no seat
    looking ahead it stays 0 and the deal plays as the heuristic's."""
    state = card_state(OPTIONS[seed % len(OPTIONS)], 300 + seed)
    seat = int(state[TURN])
    work, acts, row, rs, tally = scratch()
    looked = state.copy()
    tl.play_out(looked, 1 << seat, work, acts, row, rs, tally)
    expected = [0]

    def counted(st: Any, lo: int, hi: int) -> int:
        cards = tried(st)
        expected[0] += len(cards) if len(cards) > 1 else 0
        return lookahead(st, lo, hi)

    assert np.array_equal(looked, turn_by_turn(state, seat, tl.LOOK_CARDS, counted))
    assert int(tally[0]) == expected[0] > 0
    none = state.copy()
    tally[0] = 0
    tl.play_out(none, 0, work, acts, row, rs, tally)
    plain = state.copy()
    ks.play_out(plain, np.zeros(1, dtype=np.int64), acts, 1, -1)
    assert int(tally[0]) == 0
    assert np.array_equal(none, plain)
