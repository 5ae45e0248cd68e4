"""The Knock Rummy kernel vector environment (atout.envs.kernel_knock_rummy) against the
engine, step by step: each row's deal is the engine's deal of its sequence, its mask the
engine's legal actions, its seat the engine's seat to move, its observed hand, discards and
known cards the engine's, a rebuilt stock the engine's, and a finished deal's points the
engine's result. CI runs it compiled and with ``ATOUT_PURE=1``."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from atout.envs.kernel import kernel_vector_env
from atout.envs.kernel_knock_rummy import ACTIONS, OBS_SIZE, KnockRummyKernelVectorEnv
from kernel_helpers import ends_as_the_engine, refuses_bad_actions, reset_env, sequence_deal


def _bits(row: Any, start: int = 0) -> list[int]:
    return [c for c in range(52) if row[start + c]]


def _mask(m: int) -> list[int]:
    return [c for c in range(52) if m >> c & 1]


def check_row(obs: Any, mask: Any, seat: int, deal: Any) -> None:
    """The row's mask, seat and observation are the engine's deal's."""
    assert [a for a in range(ACTIONS) if mask[a]] == [int(a) for a in deal.legal_actions()]
    assert seat == deal.to_move
    n = deal.rules.seats
    assert _bits(obs) == _mask(deal.hands[seat])
    assert _bits(obs, 52) == deal.pile[-1:]
    assert _bits(obs, 104) == sorted(deal.pile)
    for r in range(1, 5):
        want = _mask(deal.known[(seat + r) % n]) if r < n else []
        assert _bits(obs, 156 + 52 * (r - 1)) == want
    assert list(obs[364:366]) == [deal.phase == 0, deal.phase == 1]
    assert obs[366] == np.float32(len(deal.stock) / 52)
    assert obs[367] == (deal.knocker == seat)


OPTIONS: list[dict[str, Any]] = [
    {}, {"players": 2}, {"players": 3, "discard_taken": True}, {"players": 5},
    {"players": 2, "knock_limit": 20, "knock_penalty": 20},
    {"players": 2, "stock_out": "turn", "knocker_discards": False},
    {"players": 3, "knock_limit": 20, "restock_limit": 1, "hand_size": 10},
    {"players": 4, "stock_out": "showdown", "knocker_discards": False, "tie": "next"},
    {"players": 2, "knock_limit": 10, "stock_out": "void", "penalty_to": "each",
     "tie_fine": True},
]


def shy(deal: Any, rng: random.Random) -> int:
    """A random legal action, a knock one time in twenty-five it is legal (so that deals
    end, and stocks run out and are rebuilt before), always under a knock limit."""
    legal = [int(a) for a in deal.legal_actions()]
    if 54 in legal and (deal.opts.knock_limit or rng.random() < 0.04):
        return 54
    return rng.choice([a for a in legal if a != 54])


@pytest.mark.parametrize("options", OPTIONS)
def test_rows_play_as_the_engine(options: dict[str, Any]) -> None:
    n = 3
    env, batch = reset_env("knock-rummy", n, KnockRummyKernelVectorEnv, OBS_SIZE, ACTIONS,
                           **options)
    deals = [sequence_deal("knock-rummy", 3, i, **options) for i in range(n)]
    rng = random.Random(1)
    finished = restocked = 0
    for _ in range(200):
        for i, deal in enumerate(deals):
            check_row(batch.observations[i], batch.masks[i], int(batch.seats[i]), deal)
        picks = [shy(deal, rng) for deal in deals]
        for deal, a in zip(deals, picks, strict=True):
            deal.step(a)
        batch = env.step(np.array(picks))
        ended = ends_as_the_engine(env, batch, deals,
                                   lambda index: sequence_deal("knock-rummy", 3, index,
                                                                   **options))
        finished += len(ended)
        restocked += sum(deal.restocks for deal in ended)
    assert finished >= 2
    assert env.cuts == 0
    if options.get("stock_out", "shuffle") in ("shuffle", "turn"):
        restocked += sum(deal.restocks for deal in deals)
        assert restocked > 0  # the rebuilt stocks were played, and were the engine's


def test_a_deal_too_long_is_cut_with_no_points() -> None:
    env = KnockRummyKernelVectorEnv(2, seed=4, limit=6, players=2, knock_limit=10)
    batch = env.reset(4)
    for step in range(1, 13):
        picks = [int(np.flatnonzero(batch.masks[i])[0]) for i in range(2)]
        batch = env.step(picks)
        assert list(batch.dones) == [step % 6 == 0] * 2
        assert not batch.points.any() and not batch.rewards.any()
    assert env.cuts == 4
    assert [env.deal_index(i) for i in range(2)] == [4, 5]
    deal = sequence_deal("knock-rummy", 4, 4, players=2, knock_limit=10)
    check_row(batch.observations[0], batch.masks[0], int(batch.seats[0]), deal)


def test_bad_actions_and_options_are_refused_in_words() -> None:
    env = KnockRummyKernelVectorEnv(3, seed=0)
    good = refuses_bad_actions(env, 2, "action")
    with pytest.raises(ValueError, match="row 0: action 55"):
        env.step([55, good[1], good[2]])
    with pytest.raises(ValueError, match="one action per table"):
        env.step([[0, 1, 2]])
    with pytest.raises(ValueError, match="one action id per table"):
        env.step(["x", "y", "z"])
    with pytest.raises(ValueError, match="lay_off=True is not modelled"):
        kernel_vector_env(2, game="knock-rummy", lay_off=True)
    with pytest.raises(ValueError, match="limit must be a positive int"):
        KnockRummyKernelVectorEnv(2, limit=0)
    with pytest.raises(ValueError, match="positive int"):
        KnockRummyKernelVectorEnv(-1)
    with pytest.raises(ValueError, match=r"no kernel vector environment.*knock-rummy"):
        kernel_vector_env(2, game="hearts")
