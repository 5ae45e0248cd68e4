"""The Tarot search's decisions before the card play, sampled and rolled out in the kernel.

- the kernel's heuristic before the card play (:func:`pre_play_action`: bids, call, écart,
  chelem answer, petit sec) plays the actions of :func:`~atout.bots.tarot.choices.pre_play`
  from random positions of every table size, up to the card play;
- from a position of the card play its rollouts are the card play's rollouts
  (:func:`~atout.kernels.tarot_search.rollouts_kernel`, the same streams), and a deal every
  seat passes is worth 0;
- the worlds the kernel deals at a bid, a call, a card of the écart or the chelem question
  agree with the seat's view (its own hand exact, every hand's and the chien's size, the chien
  in the world when the seat saw it, the taker's discards so far his own) and are the engine's
  deal replayed; with nothing read, each unseen card lands in the chien as its size says;
  the bids read move a bidder's trumps as the Python sampler's read does;
- the search on the kernel at these decisions repeats itself by its seed, and the entry
  points refuse bad input in words; a pinned digest of rollouts is the same compiled and as
  plain Python.

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
from atout.bots.tarot.choices import pre_play
from atout.bots.tarot.sampler import TarotDeterminizer
from atout.bots.tarot.worlds import bid_table, sample_worlds
from atout.games.tarot.deal import TarotDeal
from atout.games.tarot.tables import A_DISCARD, A_PASS, TRUMPS
from atout.kernels import COMPILED
from atout.kernels import tarot as kt
from atout.kernels import tarot_layout as ly
from atout.kernels import tarot_preplay as kp
from atout.kernels.tarot_search import rollouts_kernel
from kernel_helpers import action_ids, tarot_replayed
from kernel_helpers import tarot_mask as mask

OPTIONS: list[dict[str, Any]] = [
    {}, {"players": 3}, {"players": 5}, {"preset": "club"},
    {"players": 5, "call_self": False}, {"preset": "simple"}, {"taker_sees_ecart": False},
]
PHASES = (kt.PH_BID, kt.PH_CALL, kt.PH_ECART, kt.PH_CHELEM)


def heuristic(deal: TarotDeal) -> int:
    """The heuristic's action before the card play."""
    s = deal.to_move
    assert s is not None
    a = pre_play(deal.hands[s], deal.n, deal.legal_mask(), s == deal.taker)
    assert a is not None
    return a


def before_play(options: dict[str, Any], seed: int, phase: int) -> TarotDeal | None:
    """A deal of ``options`` brought to a decision of ``phase`` (bids at random, the rest
    by the heuristic, then a random number of actions more within the phase), or None."""
    rules = atout.make("tarot", **options)
    rng = random.Random(seed)
    for k in range(40):
        deal: Any = rules.deal(seed=seed * 100 + k, dealer=seed % rules.seats)
        while deal.to_move is not None and deal.phase != phase and deal.phase != kt.PH_PLAY:
            deal.step(rng.choice(action_ids(deal)) if deal.phase == kt.PH_BID
                      else heuristic(deal))
        if deal.to_move is None or deal.phase != phase:
            continue
        for _ in range(rng.randrange(4)):
            a = rng.choice(action_ids(deal)) if phase == kt.PH_BID else heuristic(deal)
            deal.step(a)
            if deal.phase != phase:
                break
        if deal.to_move is not None and deal.phase == phase:
            return deal  # type: ignore[no-any-return]
    return None


@pytest.mark.parametrize("n", [3, 4, 5])
def test_the_kernel_plays_the_heuristic_up_to_the_card_play(n: int) -> None:
    rules = atout.make("tarot", players=n, chelem_announce=True)
    table, has = bid_table(n)
    rng = random.Random(n)
    checked = set()
    for seed in range(120 if COMPILED else 40):
        deal: Any = rules.deal(seed=seed, dealer=seed % n)
        for _ in range(rng.randrange(8)):  # a few random actions first: other auctions
            if deal.to_move is None or deal.phase == kt.PH_PLAY:
                break
            deal.step(rng.choice(action_ids(deal)))
        if deal.to_move is None or deal.phase == kt.PH_PLAY:
            continue
        got = kp.pre_actions(kt.encode(deal), table, has)
        want = []
        while deal.to_move is not None and deal.phase != kt.PH_PLAY:
            checked.add(deal.phase)
            want.append(heuristic(deal))
            deal.step(want[-1])
        assert got == want, seed
    assert {kt.PH_BID, kt.PH_ECART, kt.PH_CHELEM} <= checked
    assert n != 5 or kt.PH_CALL in checked


def test_from_the_card_play_the_rollouts_are_the_card_plays() -> None:
    rules = atout.make("tarot")
    table, has = bid_table(4)
    for seed in range(6):
        deal: Any = rules.deal(seed=seed)
        while deal.to_move is not None and deal.phase != kt.PH_PLAY:
            deal.step(heuristic(deal))
        if deal.to_move is None:
            continue
        states = np.stack([kt.encode(deal)])
        acts = np.array(action_ids(deal)[:3], dtype=np.int64)
        for model in (0, 1):
            want = rollouts_kernel(states, acts, 3, seed, deal.to_move, model)
            got = kp.pre_rollouts_kernel(states, acts, 3, seed, deal.to_move, model, table, has)
            assert np.array_equal(got, want)


def test_a_deal_every_seat_passes_is_worth_nothing() -> None:
    rules = atout.make("tarot")
    table, has = bid_table(4)
    for seed in range(40):
        deal: Any = rules.deal(seed=seed)
        if deal.phase != kt.PH_BID:
            continue
        seat = deal.to_move
        states = np.stack([kt.encode(deal)])
        # every seat passes when none may bid: only the dealer's last pass tells
        hands_pass = [pre_play(deal.hands[s], 4, 1 << A_PASS | 0b11110 << A_PASS, False)
                      for s in range(4)]
        if all(a == A_PASS for a in hands_pass):
            got = kp.pre_rollouts(states, [A_PASS], 2, 1, seat, table, has)
            assert got.tolist() == [[0.0]]
            return
    pytest.fail("no deal every seat passes")


def dealt_hands(deal: TarotDeal, row: Any) -> tuple[list[int], int]:
    """The world ``row`` (before the card play) as the hands dealt and the chien."""
    n = deal.n
    chien = mask(row, ly.CHIEN_LO, ly.CHIEN_HI)
    hands = [mask(row, ly.HANDS_LO + s, ly.HANDS_HI + s) for s in range(n)]
    if row[ly.CHIEN_SHOWN] and deal.taker >= 0:
        t = deal.taker
        hands[t] = (hands[t] | mask(row, ly.ECART_LO, ly.ECART_HI)) & ~chien
    return hands, chien


def engine_world(deal: TarotDeal, row: Any) -> Any:
    """The world rebuilt by the engine from its hands as dealt and replayed through the
    deal's history (its discards from the world's écart): its encoding, None when an action
    is illegal there."""
    hands, chien = dealt_hands(deal, row)
    return tarot_replayed(deal, hands, chien, mask(row, ly.ECART_LO, ly.ECART_HI))


@pytest.mark.parametrize("options", OPTIONS)
def test_worlds_before_the_card_play_are_the_engines_deal_and_agree_with_the_view(
        options: dict[str, Any]) -> None:
    dealt = 0
    phases = set()
    for seed in range(16):
        deal = before_play(options, seed, PHASES[seed % 4])
        if deal is None:
            continue
        view = deal.view(deal.to_move)
        me = view.seat
        sampler = TarotDeterminizer(deal.rules)
        try:
            sampler.reading(view)
        except NoConsistentDeal:  # pragma: no cover - no hidden écart before the card play
            pytest.fail(f"the Python sampler cannot read seed {seed}'s view")
        worlds = sample_worlds(sampler, view, 5, seed)
        for row in worlds:
            if row[ly.TURN] < 0:
                continue
            dealt += 1
            phases.add(deal.phase)
            assert row[ly.TURN] == me and row[ly.PHASE] == deal.phase
            assert mask(row, ly.HANDS_LO + me, ly.HANDS_HI + me) == deal.hands[me]
            for s in range(deal.n):
                hand = mask(row, ly.HANDS_LO + s, ly.HANDS_HI + s)
                assert hand.bit_count() == deal.hands[s].bit_count()
                if s != me:
                    assert not hand & deal.hands[me]
            chien = mask(row, ly.CHIEN_LO, ly.CHIEN_HI)
            assert chien.bit_count() == deal.chien_size
            if deal.chien_shown:  # shown to every seat: the world's chien is the one taken
                assert chien == deal.chien
                ecart = mask(row, ly.ECART_LO, ly.ECART_HI)
                assert ecart == deal.ecart, "the taker's discards so far are his own"
            else:
                assert not chien & deal.hands[me], "a card of the seat in the unseen chien"
            again = engine_world(deal, row)
            assert again is not None, "the history does not replay on the world"
            assert np.array_equal(again, row)
    assert dealt >= 20
    assert kt.PH_BID in phases and (kt.PH_ECART in phases or options.get("players") == 5
                                    or len(phases) > 1)


def test_with_nothing_read_the_chien_takes_each_unseen_card_as_its_size_says() -> None:
    rules = atout.make("tarot")
    deal: Any = rules.deal(seed=3)
    assert deal.phase == kt.PH_BID
    view = deal.view(deal.to_move)
    sampler = TarotDeterminizer(rules, read_bids=0)
    reading = sampler.reading(view)
    count = 3000 if COMPILED else 600
    worlds = sample_worlds(sampler, view, count, 11)
    worlds = worlds[worlds[:, ly.TURN] >= 0]
    assert len(worlds) == count
    share = deal.chien_size / reading.pool.bit_count()
    counts = np.zeros(78)
    for row in worlds:
        chien = mask(row, ly.CHIEN_LO, ly.CHIEN_HI)
        for c in range(78):
            counts[c] += chien >> c & 1
    free = [c for c in range(78) if reading.pool >> c & 1]
    expected = share * len(worlds)
    chi2 = sum((counts[c] - expected) ** 2 / (expected * (1 - share)) for c in free)
    assert chi2 < len(free) + 6 * (2 * len(free)) ** 0.5
    assert all(counts[c] == 0 for c in range(78) if not reading.pool >> c & 1)


def garde_at_bids() -> TarotDeal:
    """A 4-player auction where the first seat bid a garde (by the heuristic), at a later
    seat's bid."""
    rules = atout.make("tarot")
    for seed in range(400):
        deal: Any = rules.deal(seed=seed)
        if deal.phase != kt.PH_BID:
            continue
        first = heuristic(deal)
        if first == A_PASS + 2:
            deal.step(first)
            return deal  # type: ignore[no-any-return]
    raise AssertionError("no garde bid first")


def test_the_bids_read_move_a_bidders_trumps_as_the_python_sampler() -> None:
    deal = garde_at_bids()
    view = deal.view(deal.to_move)
    assert deal.to_move is not None
    bidder = (deal.to_move - 1) % 4  # the seat that bid the garde

    def trumps(row: Any) -> int:
        return (mask(row, ly.HANDS_LO + bidder, ly.HANDS_HI + bidder) & TRUMPS).bit_count()

    def kernel_mean(read: int) -> float:
        w = sample_worlds(TarotDeterminizer(deal.rules, read_bids=read), view,
                          1500 if COMPILED else 300, 5)
        w = w[w[:, ly.TURN] >= 0]
        return float(np.mean([trumps(r) for r in w]))

    sampler = TarotDeterminizer(deal.rules)
    rng = random.Random(5)
    python = np.mean([(d.hands[bidder] & TRUMPS).bit_count()  # type: ignore[attr-defined]
                      for d in (sampler.sample(view, rng) for _ in range(300))])
    read, unread = kernel_mean(60), kernel_mean(0)
    assert read > unread + 0.8, (read, unread)
    assert abs(read - python) < 0.4, (read, python)


@pytest.mark.parametrize("phase", [kt.PH_BID, kt.PH_ECART, kt.PH_CALL])
def test_the_search_before_the_card_play_runs_on_the_kernel_and_repeats_itself(
        phase: int) -> None:
    assert kernel_ready(wait=True)
    options = {"players": 5} if phase == kt.PH_CALL else {}
    deal = None
    for seed in range(10):
        deal = before_play(options, seed, phase)
        if deal is not None and len(deal.legal_actions()) > 2:
            break
    assert deal is not None
    view = deal.view(deal.to_move)
    for kworlds in (1, 0):
        picks = []
        for _ in range(2):
            bot = make_bot(f"search:kernel=1:kworlds={kworlds}:playouts=40", deal.rules,
                           view.seat, seed=9)
            assert isinstance(bot, SearchBot)
            picks.append((bot.choose(view), bot.last))
        assert picks[0] == picks[1]
        # the kernel's rollouts: 8 of each world per action, where the Python search plays 1
        assert all(count % 8 == 0 for _, count in picks[0][1].values()), picks[0][1]


def test_a_bid_on_the_kernel_gets_the_kernels_key_factor() -> None:
    """Sampled and rolled out in the kernel, a bid gets ``Batch.key_factor`` times a card's
    budget (8); the Python search keeps ``GameParts.key_factor`` (2)."""
    assert kernel_ready(wait=True)
    deal = next(d for d in (before_play({}, seed, kt.PH_BID) for seed in range(10))
                if d is not None and len(d.legal_actions()) > 2)
    view = deal.view(deal.to_move)
    spent = {}
    for kernel in (1, 0):
        bot = make_bot(f"search:kernel={kernel}:playouts=20", deal.rules, view.seat, seed=3)
        assert isinstance(bot, SearchBot)
        bot.choose(view)
        # the kernel plays 8 rollouts per budget unit (kernel_reuse 8 against reuse 1)
        spent[kernel] = bot.total_playouts // (8 if kernel else 1)
    assert 8 * 20 <= spent[1] < 10 * 20, spent
    assert 2 * 20 <= spent[0] < 3 * 20, spent


def test_bad_input_is_refused_in_words() -> None:
    rules = atout.make("tarot")
    deal: Any = rules.deal(seed=1)
    state = kt.encode(deal)
    table, has = bid_table(4)
    seat = deal.to_move
    with pytest.raises(ValueError, match="state must be"):
        kp.pre_actions(np.zeros(3), table, has)
    with pytest.raises(ValueError, match="table must be"):
        kp.pre_actions(state, np.zeros((4, 15)), has)
    with pytest.raises(ValueError, match="states must be"):
        kp.pre_rollouts(state, [A_PASS], 1, 0, seat, table, has)
    with pytest.raises(ValueError, match="turn"):
        kp.pre_rollouts(np.stack([state]), [A_PASS], 1, 0, (seat + 1) % 4, table, has)
    with pytest.raises(ValueError, match="not legal"):
        kp.pre_rollouts(np.stack([state]), [A_DISCARD], 1, 0, seat, table, has)
    with pytest.raises(ValueError, match="reuse"):
        kp.pre_rollouts(np.stack([state]), [A_PASS], 0, 0, seat, table, has)
    with pytest.raises(ValueError, match="model"):
        kp.pre_rollouts(np.stack([state]), [A_PASS], 1, 0, seat, table, has, model=2)


def test_the_rollouts_are_the_same_compiled_and_as_plain_python() -> None:
    # pinned from a run of each (CI runs this file both ways)
    digest = hashlib.sha256()
    for options, seed, phase in (({}, 2, kt.PH_BID), ({"players": 5}, 3, kt.PH_CALL),
                                 ({"players": 3}, 5, kt.PH_ECART)):
        deal = before_play(options, seed, phase)
        assert deal is not None and deal.to_move is not None
        table, has = bid_table(deal.n)
        got = kp.pre_rollouts(np.stack([kt.encode(deal)]), action_ids(deal)[:4], 2, 7,
                              deal.to_move, table, has, model=1)
        digest.update(np.ascontiguousarray(got, dtype="<f8").tobytes())
    assert digest.hexdigest()[:16] == "6bd8dd4c9326e096"
