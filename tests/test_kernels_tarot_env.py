"""The Tarot kernel vector environment (atout.envs.kernel_tarot) against the engine, step by
step over whole deals (bidding, call, écart, chelem, poignées, tricks): each row's deal is the
engine's deal of its sequence, its mask the engine's legal actions, its seat the engine's
seat to move, its observed hand the engine's, and a finished deal's points the engine's
result. CI runs it compiled and with ``ATOUT_PURE=1``."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from atout.envs.kernel_tarot import ACTIONS, OBS_SIZE, TarotKernelVectorEnv
from kernel_helpers import refuses_bad_actions, sequence_deal, sequence_plays_as_the_engine


def _cards(obs: Any, start: int) -> list[int]:
    return [c for c in range(78) if obs[start + c]]


OPTIONS: list[dict[str, Any]] = [
    {}, {"players": 3}, {"players": 5}, {"preset": "seed"}, {"preset": "club"},
    {"players": 5, "call_self": False, "called_suit_lead": "free", "rounding": "half"},
    {"preset": "simple", "petit_sec": "play"}, {"players": 3, "packet": 4, "misere": 20},
]


@pytest.mark.parametrize("options", OPTIONS, ids=str)
def test_rows_play_as_the_engine(options: dict[str, Any]) -> None:
    assert sequence_plays_as_the_engine("tarot", 3, TarotKernelVectorEnv, OBS_SIZE, ACTIONS,
                                        110, 78, **options) >= 3


def test_the_observation_shows_the_bid_the_table_and_the_tricks() -> None:
    env = TarotKernelVectorEnv(1, seed=5)
    deal = sequence_deal("tarot", 5, 0)
    batch = env.reset(5)
    obs = batch.observations[0]
    assert obs[390 + 1] == 1 and obs[397] == 1  # the bidding, no bid yet
    bidder = deal.to_move
    deal.step(158)  # garde
    obs = env.step([158]).observations[0]
    assert obs[397 + 2] == 1 and obs[402 + (bidder - deal.to_move) % 4] == 1
    while any(int(a) >= 78 for a in deal.legal_actions()):  # to the first card
        a = int(deal.legal_actions()[0])
        deal.step(a)
        obs = env.step([a]).observations[0]
    assert obs[390 + 5] == 1
    if deal.chien_shown:
        assert _cards(obs, 234) == [c for c in range(78) if deal.chien >> c & 1]
    for _ in range(4):  # a trick, or what is left of the first
        a = int(deal.legal_actions()[0])
        deal.step(a)
        obs = env.step([a]).observations[0]
        if not deal.trick:
            break
        assert _cards(obs, 156) == sorted(deal.trick)
    seat = deal.to_move
    assert [round(float(obs[495 + r]) * 24) for r in range(4)] == \
        [deal.tricks_won[(seat + r) % 4] for r in range(4)]


def test_bad_actions_are_refused_in_words() -> None:
    env = TarotKernelVectorEnv(3, seed=0)
    good = refuses_bad_actions(env, 0, "action")
    with pytest.raises(ValueError, match="row 2: action 184"):
        env.step([good[0], good[1], 184])
    with pytest.raises(ValueError, match="one action per table"):
        env.step(np.zeros((3, 2)))
    with pytest.raises(ValueError, match="players"):
        TarotKernelVectorEnv(2, players=6)
