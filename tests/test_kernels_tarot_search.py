"""The Tarot search's rollout policies as kernels, against the Python rollout's.

- the kernel's greedy card (its noise off) and heuristic card are the Python policies' cards
  at every step of whole playouts, from random positions of the card play, in every table
  size and the options that change the play;
- a batched rollout's value is the engine's score of the cards the kernel played;
- the batch entry point refuses bad input in words, and gives the same numbers compiled
  and as plain Python;
- the search with ``kernel=1`` (its model of the table or not) decides the same for a seed.

CI runs this file compiled and with ``ATOUT_PURE=1``.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import atout
from atout.bots import make_bot
from atout.bots.parts import side_value
from atout.bots.search import SearchBot
from atout.bots.tarot import worlds
from atout.bots.tarot.batch import kernel_ready, tarot_batch, tarot_model_batch
from atout.bots.tarot.choices import FULL, pre_play
from atout.bots.tarot.rollout import greedy_card, heuristic_card
from atout.bots.tarot.search import CARD_FACTORS, GREEDY_FACTOR, card_factor
from atout.games.tarot.deal import TarotDeal
from atout.games.tarot.tables import A_DISCARD
from atout.kernels import tarot as kt
from atout.kernels import tarot_search as ks
from kernel_helpers import action_ids, tarot_in_play

OPTIONS: list[dict[str, Any]] = [
    {}, {"players": 3}, {"players": 5}, {"preset": "club"},
    {"players": 5, "call_self": False, "called_suit_lead": "free"},
    {"players": 5, "call_self": True}, {"preset": "simple", "petit_sec": "play"},
]


class Steady(random.Random):
    """A generator whose ``random()`` never calls for the greedy policy's noise."""

    def random(self) -> float:
        return 0.5


def in_play(options: dict[str, Any], seed: int) -> TarotDeal:
    """A deal of ``options`` played at random into its card play, then a random number of
    actions more (a taker always: a deal every seat passed is dealt again)."""
    deal: TarotDeal = tarot_in_play(options, seed, lambda d: 3 * d.n)
    return deal


def python_action(deal: TarotDeal, model: int, me: int) -> int:
    """The Python rollout's action (the greedy policy without noise)."""
    seat = deal.to_move
    assert seat is not None
    legal = deal.legal_mask()
    if legal & FULL and not legal >> A_DISCARD:
        if model == 0 or seat == me:
            return greedy_card(deal, seat, legal, Steady())
        return heuristic_card(deal, seat, legal)
    a = pre_play(deal.hands[seat], deal.n, legal, seat == deal.taker)
    assert a is not None
    return a


@pytest.mark.parametrize("options", OPTIONS, ids=str)
@pytest.mark.parametrize("model", [0, 1])
def test_kernel_policies_play_the_python_policies_cards(options: dict[str, Any],
                                                        model: int) -> None:
    steps = 0
    for seed in range(8):
        deal = in_play(options, seed)
        me = seed % deal.n
        cards = [int(a) for a in ks.policy_cards(kt.encode(deal), seed, model, me, False)
                 if a >= 0]
        for a in cards:
            assert python_action(deal, model, me) == a
            deal.step(a)
            steps += 1
        assert deal.to_move is None
    assert steps > 100


@pytest.mark.parametrize("options", OPTIONS[:3], ids=str)
@pytest.mark.parametrize("model", [0, 1])
def test_a_rollout_is_valued_as_the_engine_scores_its_cards(options: dict[str, Any],
                                                            model: int) -> None:
    noisy = 0
    for seed in range(6):
        deal = in_play(options, seed)
        seat = deal.to_move
        assert seat is not None
        state = kt.encode(deal)
        legal = action_ids(deal)
        if legal[0] >= kt.A_NO_POIGNEE:
            legal = legal[:1]
        values = ks.rollouts(np.stack([state]), legal, 1, seed, seat, model)
        assert values.shape == (1, len(legal))
        for j, a in enumerate(legal):
            after = state.copy()
            kt.step(after, a)
            cards = [int(c) for c in ks.policy_cards(after, seed, model, seat, True) if c >= 0]
            quiet = [int(c) for c in ks.policy_cards(after, seed, model, seat, False) if c >= 0]
            noisy += cards != quiet
            d = deal.clone()
            d.step(a)
            for c in cards:
                assert d.legal_mask() >> c & 1
                d.step(c)
            assert d.to_move is None
            assert values[0, j] == pytest.approx(side_value(d.result, seat))
    assert noisy > 0  # the noise plays some random cards


def test_rollouts_are_reproducible_and_batched_rows_play_alone() -> None:
    deal = in_play({}, 3)
    seat = deal.to_move
    assert seat is not None
    state = kt.encode(deal)
    legal = action_ids(deal)[:3]
    states = np.stack([state, state])
    both = ks.rollouts(states, legal, 4, 77, seat, 1)
    assert np.array_equal(both, ks.rollouts(states, legal, 4, 77, seat, 1))
    assert np.array_equal(both[0], ks.rollouts(states[:1], legal, 4, 77, seat, 1)[0])
    assert not np.array_equal(both, ks.rollouts(states, legal, 4, 78, seat, 1))


def test_rollouts_refuse_bad_input_in_words() -> None:
    deal = in_play({}, 1)
    seat = deal.to_move
    assert seat is not None
    state = kt.encode(deal)
    legal = action_ids(deal)
    illegal = next(a for a in range(78) if not deal.legal_mask() >> a & 1)
    with pytest.raises(ValueError, match="rows of"):
        ks.rollouts(state, legal, 1, 0, seat)
    with pytest.raises(ValueError, match="not legal"):
        ks.rollouts(np.stack([state]), [illegal], 1, 0, seat)
    with pytest.raises(ValueError, match="turn"):
        ks.rollouts(np.stack([state]), legal, 1, 0, (seat + 1) % deal.n)
    with pytest.raises(ValueError, match="reuse"):
        ks.rollouts(np.stack([state]), legal, 0, 0, seat)
    with pytest.raises(ValueError, match="model"):
        ks.rollouts(np.stack([state]), legal, 1, 0, seat, 2)
    start = atout.make("tarot").deal(seed=1)
    assert isinstance(start, TarotDeal)
    with pytest.raises(ValueError, match="card play"):
        ks.rollouts(np.stack([kt.encode(start)]), [kt.A_PASS], 1, 0, start.to_move or 0)


def digest() -> list[float]:
    """Fixed batched rollouts of three positions, greedy and modelled, summed per action."""
    out: list[float] = []
    for seed, options in ((2, {}), (4, {"players": 5}), (5, {"players": 3})):
        deal = in_play(options, seed)
        seat = deal.to_move
        assert seat is not None
        legal = action_ids(deal)[:4]
        for model in (0, 1):
            got = ks.rollouts(np.stack([kt.encode(deal)] * 2), legal, 3, 2026, seat, model)
            out.extend(round(float(v), 2) for v in got.sum(axis=0))
    return out


def test_same_numbers_compiled_or_not() -> None:
    """CI runs this file compiled and with ATOUT_PURE=1, so both ways give these numbers."""
    assert digest() == DIGEST


DIGEST = [920.0, 920.0, 920.0, 925.33, 866.67, 866.67, 877.33, 877.33, 1597.5, 1597.5, 1687.5,
          1965.0, 1965.0, 2055.0, 2565.0, 2583.0, 2871.0, 2034.0, 2034.0, 2061.0]


def test_kernel_search_is_reproducible_by_seed() -> None:
    assert kernel_ready(wait=True)
    for seed, options in ((7, {}), (8, {"players": 5})):
        deal = in_play(options, seed)
        seat = deal.to_move
        assert seat is not None
        view = deal.view(seat)
        for spec in ("search:kernel=1:playouts=40", "search:kernel=1:model=0:playouts=40"):
            got = []
            for _ in range(2):
                bot = make_bot(spec, deal.rules, seat, 17)
                assert isinstance(bot, SearchBot)
                got.append((bot.choose(view), bot.last))
            assert got[0] == got[1]
            if len(got[0][1]) > 1:  # it searched: 8 kernel rollouts per action and world
                assert all(n % 8 == 0 for _, n in got[0][1].values())


def test_the_batches_value_every_action() -> None:
    deal = in_play({"players": 5}, 2)
    seat = deal.to_move
    assert seat is not None
    actions = [deal.rules.actions[a] for a in action_ids(deal)]
    assert kernel_ready(wait=True)
    for batch in (tarot_batch, tarot_model_batch):
        values = batch([deal, deal.clone()], actions, 2, seat, 5)
        assert len(values) == len(actions)
        assert values == batch([deal, deal.clone()], actions, 2, seat, 5)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_card_on_the_kernel_gets_the_kernels_factor(monkeypatch: pytest.MonkeyPatch,
                                                      players: int) -> None:
    """In the card play the kernel's search spends its factor times the budget's worlds
    (``card_factor``: by the table with the lookahead, 8 without it); the Python search the
    budget, as before the kernel."""
    assert kernel_ready(wait=True)
    for seed in range(40):
        deal = in_play({"players": players}, seed)
        seat = deal.to_move
        assert seat is not None
        view = deal.view(seat)
        if len(view.hand) > 2 and len(action_ids(deal)) > 2:  # no exact end, a search
            break
    assert seat is not None
    for look, factor in ((1, CARD_FACTORS[players]), (0, GREEDY_FACTOR)):
        monkeypatch.setattr(worlds, "LOOK", look)
        assert card_factor(deal.rules) == factor
        spent = {}
        for kernel in (1, 0):
            bot = make_bot(f"search:kernel={kernel}:playouts=40", deal.rules, seat, seed=5)
            assert isinstance(bot, SearchBot)
            bot.choose(view)
            # the kernel plays 8 rollouts per budget unit (kernel_reuse 8 against reuse 1)
            spent[kernel] = bot.total_playouts // (8 if kernel else 1)
        assert factor * 40 <= spent[1] < (factor + 2) * 40, spent
        assert 40 <= spent[0] < 2 * 40, spent
