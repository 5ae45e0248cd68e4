"""The Tarot sampler's reading of the card play as the heuristic's
(``atout.kernels.tarot_sample.replay_read``).

- in deals the heuristic plays at every seat, at 3, 4 and 5 players, the true deal explains
  every card the heuristic chose (the kernel's heuristic card is the player's): no miss;
  a hidden écart read is the rule's écart of the true hand, the true écart, and one not
  read is thrown as given, in any order;
- the kernel's next discard is the one the heuristic threw; read, it goes first among the
  hidden cards left, unless the taker plays it later (then the next hidden card, a miss);
- a deal with two hands' cards exchanged explains some of them badly;
- the replay names the first card explained badly and the card the heuristic would have
  played; a swap of two hidden cards (``swap_cards``) keeps every holder within its size,
  its allowed and forced cards, and moves the card asked for;
- the kernel's worlds with the reading on explain the other seats' cards better than without
  it, more so once moved toward the cards read, put more of a hidden écart where it is, and
  with the reading off they are the worlds of before;
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
from atout.kernels import tarot_ecart as ke
from atout.kernels import tarot_layout as ly
from atout.kernels import tarot_sample as kss
from atout.kernels.rand import seed_stream

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


def _misses(start: Any, deal: TarotDeal, readers: int, first: Any = None) -> int:
    """How many cards of the ``readers`` the heuristic would not have played in ``deal``'s
    whole history replayed on ``start`` (-1: the history does not replay there); ``first``
    (two int64) gets the first miss's seat and the heuristic's card there."""
    steps = np.array([(actor, int(a)) for actor, a in zip(deal.actors, deal.history,
                                                           strict=True)],
                     dtype=np.int64).reshape(-1, 2)
    s = np.array(start, dtype=np.int64)
    acts = np.empty(kt.MAX_LEGAL, dtype=np.int64)
    to_move = -1 if deal.to_move is None else int(deal.to_move)
    where = np.full(2, -1, dtype=np.int64) if first is None else first
    return int(kss.replay_read(s, steps, np.zeros(1, dtype=np.int64), 0, to_move, acts,
                               readers, 100, ke.played_suit_cards(steps), where))


@settings(max_examples=12, deadline=None)
@given(players=st.sampled_from([3, 4, 5]), seed=st.integers(0, 10**6))
def test_the_true_deal_explains_every_card_of_the_heuristic(players: int, seed: int) -> None:
    for k in range(seed, seed + 50):  # the first deal someone takes
        deal, start = _played(players, k)
        if deal.taker >= 0:
            break
    assert deal.taker >= 0 and len(deal.history) > 4 * deal.n
    assert _misses(start, deal, (1 << players) - 1) == 0


def _hidden_ecart(deal: TarotDeal) -> tuple[Any, list[int]]:
    """The deal's history as the defenders saw it (the taker's suit-card discards hidden,
    action -1) and those cards, in the order thrown."""
    steps: list[tuple[int, int]] = []
    hidden: list[int] = []
    for actor, a in zip(deal.actors, deal.history, strict=True):
        card = int(a) - A_DISCARD
        if 0 <= card < 56:  # a suit card discarded: the écart hides it
            steps.append((actor, -1))
            hidden.append(card)
        else:
            steps.append((actor, int(a)))
    return np.array(steps, dtype=np.int64).reshape(-1, 2), hidden


@settings(max_examples=15, deadline=None)
@given(players=st.sampled_from([3, 4, 5]), seed=st.integers(0, 10**6),
       order=st.randoms(use_true_random=False))
def test_the_true_ecart_is_the_one_read(players: int, seed: int, order: Any) -> None:
    for k in range(seed, seed + 80):  # the first deal with a hidden écart
        deal, start = _played(players, k)
        steps, hidden = _hidden_ecart(deal)
        if hidden:
            break
    assert hidden
    true = kt.encode(deal)
    acts = np.empty(kt.MAX_LEGAL, dtype=np.int64)
    every = (1 << players) - 1
    # read: the rule's écart of the true hand is the true écart, whatever the cards given
    s = np.array(start, dtype=np.int64)
    wrong = np.full(len(hidden), 99, dtype=np.int64)
    later = ke.played_suit_cards(steps)
    first = np.full(2, 7, dtype=np.int64)
    assert kss.replay_read(s, steps, wrong, len(hidden), -1, acts, every, 100, later,
                           first) == 0
    assert first.tolist() == [-1, -1]  # no miss
    assert s[ly.ECART_LO] == true[ly.ECART_LO] and s[ly.ECART_HI] == true[ly.ECART_HI]
    # not read (the taker's bit off): the hidden cards thrown as they come, in any order
    order.shuffle(hidden)
    s = np.array(start, dtype=np.int64)
    others = every & ~(1 << deal.taker)
    assert kss.replay_read(s, steps, np.array(hidden, dtype=np.int64), len(hidden), -1, acts,
                           others, 100, later, first) == 0
    assert s[ly.ECART_LO] == true[ly.ECART_LO]


def test_the_kernels_discard_is_the_heuristics() -> None:
    checked = 0
    for seed in range(40):
        deal, _ = _played(4, seed)
        steps, hidden = _hidden_ecart(deal)
        if not hidden:
            continue
        first = next(i for i, (_, a) in enumerate(steps) if a < 0)
        d: Any = atout.make("tarot", players=4).deal(seed=seed, dealer=seed % 4)
        for a in deal.history[:first]:
            d.play(a)
        acts = np.empty(kt.MAX_LEGAL, dtype=np.int64)
        s = kt.encode(d)
        mine = hidden[0]  # the card the heuristic threw first, from his hand with the chien
        assert ke.heuristic_discard(s, deal.taker, acts) == mine
        # read: that card, moved first among the hidden cards left when it is one of them
        cards = np.array([*hidden[1:], mine, 99], dtype=np.int64)
        assert ke.read_discard(s, deal.taker, cards, 0, len(hidden), 0, acts) == (mine, False)
        assert cards[0] == mine and sorted(cards[:len(hidden)]) == sorted(hidden)
        # a card he plays later is not thrown: the next hidden card, and a miss
        cards = np.array([*hidden[1:], mine], dtype=np.int64)
        got = ke.read_discard(s, deal.taker, cards, 0, len(hidden), 1 << mine, acts)
        assert got == (hidden[1] if len(hidden) > 1 else mine, True)
        checked += 1
    assert checked >= 5


def _ecart_placed(deal: TarotDeal, trust: float, monkeypatch: pytest.MonkeyPatch) -> float:
    """The share of the taker's écart, hidden from the seat to move, that the kernel's
    worlds put in the écart."""
    monkeypatch.setattr(tw, "PLAY_TRUST", trust)
    seat = deal.to_move
    assert seat is not None and seat != deal.taker
    worlds = tw.sample_worlds(TarotDeterminizer(deal.rules), deal.view(seat), 48, 5)
    true = kt.encode(deal)
    lo = int(true[ly.ECART_LO])
    assert lo and len(worlds)
    right = sum((int(w[ly.ECART_LO]) & lo).bit_count() for w in worlds)
    return right / (lo.bit_count() * len(worlds))


def test_the_worlds_read_put_more_of_a_hidden_ecart_where_it_is(
        monkeypatch: pytest.MonkeyPatch) -> None:
    read = blind = 0.0
    positions = 0
    for seed in range(0, 3000, 100):
        deal = _in_play(4, seed, 2)
        if not _hidden_ecart(deal)[1] or deal.to_move == deal.taker:
            continue
        positions += 1
        read += _ecart_placed(deal, 0.1, monkeypatch)
        blind += _ecart_placed(deal, 1.0, monkeypatch)
        if positions == 8:
            break
    assert positions >= 5
    # 48 worlds a position: the écart read puts clearly more of it where it is
    assert read / positions > blind / positions + 0.05


@settings(max_examples=12, deadline=None)
@given(players=st.sampled_from([3, 4, 5]), seed=st.integers(0, 10**6),
       stop=st.integers(0, 40))
def test_the_first_card_explained_badly_is_named(players: int, seed: int, stop: int) -> None:
    deal, start = _played(players, seed, stop)
    bots = [make_bot("heuristic", deal.rules, s, seed) for s in range(players)]
    while deal.to_move is not None:  # the next card play with a choice
        seat = deal.to_move
        view = deal.view(seat)
        chosen = bots[seat].choose(view)
        other = [a for a in deal.legal_actions() if a != chosen]
        if view.phase == "play" and other and int(chosen) < A_DISCARD:
            break
        deal.play(chosen)
    else:
        return  # the play ended with no choice left (few seeds)
    deal.play(other[0])  # a card the heuristic would not play
    first = np.full(2, 9, dtype=np.int64)
    assert _misses(start, deal, (1 << players) - 1, first) == 1
    assert first.tolist() == [seat, int(chosen)]
    # the same seat not read: nothing explained badly, no miss named
    assert _misses(start, deal, ((1 << players) - 1) & ~(1 << seat), first) == 0
    assert first.tolist() == [-1, -1]


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


def test_the_repair_puts_more_cards_where_they_are(monkeypatch: pytest.MonkeyPatch) -> None:
    repaired = first = 0.0
    for seed in range(0, 1200, 100):
        deal = _in_play(4, seed, 40)
        repaired += _placed(deal, 0.1, monkeypatch)
        monkeypatch.setattr(tw, "PLAY_SOFT", 0)  # the first dealing that replays, kept
        first += _placed(deal, 0.1, monkeypatch)
        monkeypatch.undo()
    # moving each world toward the cards read places far more of them right (0.54 to 0.44)
    assert repaired / 12 > first / 12 + 0.05


@settings(max_examples=20, deadline=None)
@given(players=st.sampled_from([3, 4, 5]), seed=st.integers(0, 10**6),
       stop=st.integers(0, 50), draws=st.lists(st.tuples(st.integers(-1, 4),
                                                         st.integers(-1, 77)), max_size=30))
def test_a_swap_keeps_every_holder_within_its_cards(players: int, seed: int, stop: int,
                                                    draws: list[tuple[int, int]]) -> None:
    deal, _ = _played(players, seed, stop)
    if deal.to_move is None:
        return
    facts = tw.world_facts(TarotDeterminizer(deal.rules), deal.view(deal.to_move))
    assert facts is not None
    pool, sizes, allowed, forced = facts[5], facts[6], facts[7], facts[8]
    rs = np.zeros(1, dtype=np.int64)
    seed_stream(rs, seed, 0)
    buf = np.zeros(78, dtype=np.int64)
    got = np.zeros((sizes.shape[0], 2), dtype=np.int64)
    for _ in range(200):
        if kss.assign(pool, sizes, allowed, forced, rs, got, buf):
            break
    else:
        return  # no dealing found (never seen; the sampler would retry as well)
    for holder, want in draws:
        holder = min(holder, sizes.shape[0] - 1)
        was = got.copy()
        held = holder >= 0 and want >= 0 and bool(
            int(got[holder, want // 56]) >> (want if want < 56 else want - 56) & 1)
        moved = kss.swap_cards(got, holder, want, allowed, forced, pool, rs, buf)
        changed = [i for i in range(len(got)) if not np.array_equal(got[i], was[i])]
        assert len(changed) == (2 if moved else 0)
        if moved and held:  # the card asked for left its holder
            assert holder in changed and not int(got[holder, want // 56]) >> (
                want if want < 56 else want - 56) & 1
        union = [0, 0]
        for i in range(len(got)):
            lo, hi = int(got[i, 0]), int(got[i, 1])
            assert lo.bit_count() + hi.bit_count() == sizes[i]
            assert not lo & ~int(allowed[i, 0]) and not hi & ~int(allowed[i, 1])
            assert not int(forced[i, 0]) & ~lo and not int(forced[i, 1]) & ~hi
            assert not lo & union[0] and not hi & union[1]
            union = [union[0] | lo, union[1] | hi]
        assert union == [int(pool[0]), int(pool[1])]


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
