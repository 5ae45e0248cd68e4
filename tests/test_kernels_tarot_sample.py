"""The Tarot search's sampling in the kernel, against the Python sampler.

- every world the kernel deals agrees with the searching seat's view: its own hand exact,
  every hand's size, no card it saw in another hand, the voids shown and the poignées'
  cards respected, and it is the engine's deal replayed: the hands as dealt rebuilt from the
  world, laid out by the engine and replayed through the whole history, encode to the very
  world (every action legal there), over random positions of every table size and option;
- the kernel reads the bids as the heuristic bids (:func:`model_bid` is
  :func:`~atout.bots.tarot.choices.pre_play`'s bid on random hands), and the read moves
  the taker's trumps as the Python sampler's read does; with nothing known, each unseen
  card lands in each hidden hand as often as its size says;
- the worlds are the same compiled and as plain Python (a pinned digest), the search that
  samples in the kernel decides the same for a seed, and the entry points
  refuse bad input in words.

CI runs this file compiled and with ``ATOUT_PURE=1``.
"""

from __future__ import annotations

import hashlib
import random
from typing import Any

import numpy as np
import pytest

import atout
from atout.bots import make_bot
from atout.bots.determinize import NoConsistentDeal
from atout.bots.search import SearchBot
from atout.bots.tarot.batch import kernel_ready
from atout.bots.tarot.bids import default_model
from atout.bots.tarot.choices import pre_play
from atout.bots.tarot.sampler import TarotDeterminizer
from atout.bots.tarot.worlds import bid_table, sample_worlds, tarot_worlds, world_facts
from atout.cards import TAROT_DECK
from atout.games.tarot.deal import TarotDeal
from atout.games.tarot.tables import A_DISCARD, A_PASS, TRUMPS
from atout.kernels import COMPILED
from atout.kernels import tarot as kt
from atout.kernels import tarot_layout as ly
from atout.kernels import tarot_sample as kss
from kernel_helpers import action_ids, tarot_in_play, tarot_replayed
from kernel_helpers import tarot_mask as mask

OPTIONS: list[dict[str, Any]] = [
    {}, {"players": 3}, {"players": 5}, {"preset": "club"},
    {"players": 5, "call_self": False, "called_suit_lead": "free"},
    {"preset": "simple", "petit_sec": "play"}, {"taker_sees_ecart": False},
]
LO = (1 << 56) - 1


def in_play(options: dict[str, Any], seed: int, heuristic: bool) -> TarotDeal:
    """A deal of ``options`` brought into its card play (by the heuristic's choices, or at
    random), then a random number of cards more."""
    def choose(deal: TarotDeal, rng: random.Random) -> int:
        s = deal.to_move
        assert s is not None
        a = pre_play(deal.hands[s], deal.n, deal.legal_mask(), s == deal.taker)
        return a if heuristic and a is not None else rng.choice(action_ids(deal))

    got: TarotDeal = tarot_in_play(options, seed, lambda d: d.hand_size * d.n - 1, choose)
    return got


def played_by(deal: TarotDeal) -> list[int]:
    """The cards each seat played so far."""
    out = [0] * deal.n
    for (actor, _), a in zip(deal.seen_history(None), deal.history, strict=True):
        if int(a) < A_DISCARD:
            out[actor] |= 1 << int(a)
    return out


def engine_world(deal: TarotDeal, row: Any) -> Any:
    """The world ``row`` rebuilt as the engine's deal: its hands as dealt, laid out and
    replayed through the deal's history (its hidden discards from the world's écart):
    the encoding of the result, or None when an action is illegal there."""
    n = deal.n
    played = played_by(deal)
    ecart = mask(row, ly.ECART_LO, ly.ECART_HI)
    chien = mask(row, ly.CHIEN_LO, ly.CHIEN_HI)
    hands = [mask(row, ly.HANDS_LO + s, ly.HANDS_HI + s) | played[s] for s in range(n)]
    if deal.contract <= 1:  # the taker took the chien in and put the écart aside
        t = deal.taker
        hands[t] = (hands[t] | ecart) & ~chien
    return tarot_replayed(deal, hands, chien, ecart)


@pytest.mark.parametrize("options", OPTIONS)
def test_every_world_is_the_engines_deal_and_agrees_with_the_view(options: dict[str, Any]) -> None:
    dealt = 0
    for seed in range(12):
        deal = in_play(options, seed, heuristic=seed % 3 != 0)
        view = deal.view(deal.to_move)
        me = view.seat
        sampler = TarotDeterminizer(deal.rules)
        try:
            reading = sampler.reading(view)
        except NoConsistentDeal:
            # the taker who may not look at his écart: the Python sampler cannot read his
            # view (his discards are hidden from him too), nor can the kernel's
            with pytest.raises(NoConsistentDeal):
                sample_worlds(TarotDeterminizer(deal.rules), view, 6, seed)
            assert not deal.rules.options.taker_sees_ecart and me == deal.taker
            continue
        worlds = sample_worlds(sampler, view, 6, seed)
        assert worlds.shape == (6, kt.LENGTH)
        seen = TAROT_DECK.mask(view.hand)
        for p in played_by(deal):
            seen |= p
        for row in worlds:
            if row[ly.TURN] < 0:
                continue
            dealt += 1
            assert mask(row, ly.HANDS_LO + me, ly.HANDS_HI + me) == deal.hands[me]
            for s in range(deal.n):
                hand = mask(row, ly.HANDS_LO + s, ly.HANDS_HI + s)
                assert hand.bit_count() == deal.hands[s].bit_count()
                if s != me:
                    assert not hand & seen
            for i, s in enumerate(reading.holders):
                hand = mask(row, ly.HANDS_LO + s, ly.HANDS_HI + s)
                own = hand & reading.pool
                assert not own & ~reading.allowed[i], "a void shown broken"
                assert reading.forced[i] & ~hand == 0, "a poignée's card elsewhere"
            assert row[ly.TURN] == deal.to_move and row[ly.PHASE] == kt.PH_PLAY
            again = engine_world(deal, row)
            assert again is not None, "the history does not replay on the world"
            assert np.array_equal(again, row)
    assert dealt >= 40


@pytest.mark.parametrize("n", [3, 4, 5])
def test_the_kernel_bids_as_the_heuristic(n: int) -> None:
    rng = random.Random(n)
    table, has = bid_table(n)
    assert has == (default_model() is not None)
    f = np.zeros(kss.FEATURES)
    cards = list(range(78))
    size = {3: 24, 4: 18, 5: 15}[n]
    for i in range(3000):
        hand = 0
        for c in rng.sample(cards, size):
            hand |= 1 << c
        if i % 3 == 0:  # a trump-rich hand, where the contracts differ
            hand = 0
            for c in rng.sample(range(56, 78), size // 2) + rng.sample(range(56), size - size // 2):
                hand |= 1 << c
        best = rng.randrange(-1, 4)
        legal = (1 << A_PASS) | (((1 << (3 - best)) - 1) << (A_PASS + best + 2))
        want = pre_play(hand, n, legal, False)
        assert want is not None
        for model in (True, False):
            got = kss.model_bid(hand & LO, hand >> 56, n, legal >> A_PASS, table,
                                has and model, f)
            if model:
                assert A_PASS + got == want, (hand, legal)
            else:
                assert A_PASS + got == pre_play(hand, n, legal, False, by_value=False)


def start_of_play(options: dict[str, Any], seed: int) -> TarotDeal:
    """A deal the heuristic bid, called and discarded, at the first card."""
    rules = atout.make("tarot", **options)
    for k in range(100):
        deal = rules.deal(seed=seed + k)
        assert isinstance(deal, TarotDeal)
        while deal.to_move is not None and deal.phase != kt.PH_PLAY:
            s = deal.to_move
            a = pre_play(deal.hands[s], deal.n, deal.legal_mask(), s == deal.taker)
            assert a is not None
            deal.step(a)
        if deal.to_move is not None and deal.contract == 1 and deal.taker != deal.to_move:
            return deal
    raise AssertionError("no garde")


def test_unseen_cards_land_as_the_hand_sizes_say() -> None:
    deal = start_of_play({"preset": "simple"}, 7)
    view = deal.view(deal.taker)  # he knows his écart: no hidden pile that takes no trump
    sampler = TarotDeterminizer(deal.rules, read_bids=0)
    reading = sampler.reading(view)
    worlds = sample_worlds(sampler, view, 3000, 11)
    worlds = worlds[worlds[:, ly.TURN] >= 0]
    assert len(worlds) == 3000
    # a defender's hand: every unseen card is free there (no void shown yet)
    assert reading.ecart_at < 0 and reading.chien_at < 0
    s = reading.holders[0]
    i = reading.holders.index(s)
    share = reading.sizes[i] / reading.pool.bit_count()
    counts = np.zeros(78)
    for row in worlds:
        hand = mask(row, ly.HANDS_LO + s, ly.HANDS_HI + s)
        for c in range(78):
            counts[c] += hand >> c & 1
    free = [c for c in range(78) if reading.pool >> c & 1]
    expected = share * len(worlds)
    chi2 = sum((counts[c] - expected) ** 2 / (expected * (1 - share)) for c in free)
    # about len(free) degrees of freedom: far below this bound unless a card is favoured
    assert chi2 < len(free) + 6 * (2 * len(free)) ** 0.5
    assert all(counts[c] == 0 for c in range(78) if not reading.pool >> c & 1)


def test_the_bids_read_move_the_taker_trumps_as_the_python_sampler() -> None:
    deal = start_of_play({}, 3)
    view = deal.view(deal.to_move)
    t = deal.taker

    def kernel_mean(read: int) -> float:
        sampler = TarotDeterminizer(deal.rules, read_bids=read)
        w = sample_worlds(sampler, view, 1500 if COMPILED else 300, 5)
        w = w[w[:, ly.TURN] >= 0]
        return float(np.mean([(mask(r, ly.HANDS_LO + t, ly.HANDS_HI + t) & TRUMPS).bit_count()
                              for r in w]))

    sampler = TarotDeterminizer(deal.rules)
    rng = random.Random(5)
    python = np.mean([(d.hands[t] & TRUMPS).bit_count()  # type: ignore[attr-defined]
                      for d in (sampler.sample(view, rng) for _ in range(300))])
    read, unread = kernel_mean(60), kernel_mean(0)
    assert read > unread + 0.5, (read, unread)
    assert abs(read - python) < 0.35, (read, python)


def test_the_search_sampling_in_the_kernel_repeats_itself() -> None:
    assert kernel_ready(wait=True)
    for options in ({}, {"players": 5}):
        deal = in_play(options, 4, heuristic=True)
        view = deal.view(deal.to_move)
        picks = []
        for _ in range(2):
            bot = make_bot("search:kernel=1:kworlds=1:playouts=30", deal.rules, view.seat,
                           seed=9)
            assert isinstance(bot, SearchBot) and bot.kworlds
            picks.append((bot.choose(view), bot.last))
        assert picks[0] == picks[1]
        python = make_bot("search:kernel=1:kworlds=0:playouts=30", deal.rules, view.seat, seed=9)
        assert isinstance(python, SearchBot) and not python.kworlds
        python.choose(view)


def test_bad_input_is_refused_in_words() -> None:
    deal = in_play({}, 1, heuristic=True)
    view = deal.view(deal.to_move)
    sampler = TarotDeterminizer(deal.rules)
    with pytest.raises(ValueError, match="count must be"):
        sample_worlds(sampler, view, -1, 0)
    with pytest.raises(ValueError, match="count must be"):
        sample_worlds(sampler, view, 2.5, 0)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="sampler must be"):
        sample_worlds(object(), view, 2, 0)  # type: ignore[arg-type]
    assert tarot_worlds(object(), view, [], 2, 1, view.seat, 0) is None  # type: ignore[arg-type]
    facts = world_facts(sampler, view)
    assert facts is not None
    with pytest.raises(ValueError, match="template must be"):
        kss.sample_worlds(np.zeros(3, dtype=np.int64), *facts[1:], 2, 0)  # type: ignore[call-arg]
    with pytest.raises(ValueError, match="sizes"):
        kss.sample_worlds(*facts[:6], facts[6][:-1], *facts[7:], 2, 0)  # type: ignore[call-arg]


def test_the_worlds_are_the_same_compiled_and_as_plain_python() -> None:
    # pinned from a run of each (CI runs this file both ways): the same numbers drawn, the
    # same cards dealt, the same replays
    digest = hashlib.sha256()
    for options, seed in (({}, 2), ({"players": 5}, 3), ({"players": 3}, 5)):
        deal = in_play(options, seed, heuristic=True)
        view = deal.view(deal.to_move)
        worlds = sample_worlds(TarotDeterminizer(deal.rules), view, 8, 77)
        digest.update(np.ascontiguousarray(worlds, dtype="<i8").tobytes())
    assert digest.hexdigest()[:16] == "738ab2caa3575739"
