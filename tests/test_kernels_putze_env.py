"""The Putze kernel vector environment (atout.envs.kernel_putze) against the engine, step by
step: each row's deal is the engine's deal of its sequence at its first card (the speaking
drawn at random by the engine, every seat playing or passes drawn too and the deals nobody
plays passed over), its mask the engine's
legal cards, its seat the engine's seat to play, its observed hand the engine's, and a
finished deal's totals and result the engine's. CI runs it compiled and with
``ATOUT_PURE=1``."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from atout.envs.kernel_putze import OBS_SIZE, PutzeKernelVectorEnv, until_play
from atout.games import make
from atout.kernels.jass_batch import first_deal_seed
from kernel_helpers import refuses_bad_actions, reset_env


class Sequence:
    """A row's deals by the engine, at their first card, as the environment passes over
    those that end before it."""

    def __init__(self, seed: int, row: int, rows: int, options: dict[str, Any]) -> None:
        options = dict(options)
        self.play = options.pop("speak", "play") == "play"
        self.rules = make("putze", **options)
        self.first = first_deal_seed(seed)
        self.k = row - rows
        self.rows = rows
        self.skipped = 0

    def next(self) -> Any:
        """The row's next deal that has a card play."""
        while True:
            self.k += self.rows
            deal: Any = self.rules.deal(seed=self.first + self.k,
                                        dealer=self.k % self.rules.seats)
            until_play(deal, random.Random(self.first + self.k), self.play)
            if not deal.is_over and deal.phase == "play":
                return deal
            self.skipped += 1


OPTIONS: list[dict[str, Any]] = [
    {}, {"speak": "random"}, {"players": 2}, {"players": 2, "speak": "random"},
    {"players": 2, "talon": "better-cards"}, {"players": 3, "speak": "random"},
    {"players": 5}, {"players": 5, "dealer_sits_out": True, "speak": "random"},
    {"players": 5, "talon": "spare-card", "weis_scoring": "each", "pomme_bonus": "none"},
    {"players": 3, "base": "jass-txt", "under_trump": "strict"},
    {"players": 4, "may_pass": False, "stoeck": False, "weis": False, "putzes": 1},
]


@pytest.mark.parametrize("options", OPTIONS)
def test_rows_play_as_the_engine(options: dict[str, Any]) -> None:
    n = 3
    env, batch = reset_env("putze", n, PutzeKernelVectorEnv, OBS_SIZE, 36, **options)
    seqs = [Sequence(3, i, n, options) for i in range(n)]
    deals = [seq.next() for seq in seqs]
    rng = random.Random(1)
    finished = 0
    for _ in range(60):
        for i, deal in enumerate(deals):
            assert env.deal_index(i) == seqs[i].k
            mask = deal.legal_mask()
            assert [c for c in range(36) if batch.masks[i, c]] == \
                [c for c in range(36) if mask >> c & 1]
            assert batch.seats[i] == deal.to_move
            hand = deal.hands[deal.to_move]
            assert [c for c in range(36) if batch.observations[i, c]] == \
                [c for c in range(36) if hand >> c & 1]
            assert list(batch.observations[i, 112 + 6:112 + 6 + deal.rules.seats]) == \
                [(deal.to_move + r) % deal.rules.seats in deal.players()
                 for r in range(deal.rules.seats)]
        picks = []
        for deal in deals:
            mask = deal.legal_mask()
            picks.append(rng.choice([c for c in range(36) if mask >> c & 1]))
        for deal, c in zip(deals, picks, strict=True):
            deal.step(c)
        batch = env.step(np.array(picks))
        for i, deal in enumerate(deals):
            assert batch.dones[i] == deal.is_over
            if deal.is_over:
                assert list(batch.points[i]) == list(deal.result.details["totals"])
                assert list(batch.rewards[i]) == list(deal.result.points)
                finished += 1
                deals[i] = seqs[i].next()
            else:
                assert not batch.rewards[i].any() and not batch.points[i].any()
    assert finished >= n
    if options.get("speak") != "random":
        assert not sum(seq.skipped for seq in seqs)  # every deal is played
        assert all(deal.players() == list(deal.speak_order) for deal in deals)


def test_the_observation_shows_the_trick_and_the_points() -> None:
    env = PutzeKernelVectorEnv(1, seed=5, players=3, speak="random")
    deal = Sequence(5, 0, 1, {"players": 3, "speak": "random"}).next()
    batch = env.reset(5)
    obs = batch.observations[0]
    assert obs[108 + deal.mode] == 1 and obs[112] == 1  # trump, leads
    for _ in range(deal.trick_size):  # one trick
        c = (deal.legal_mask() & -deal.legal_mask()).bit_length() - 1
        deal.step(c)
        obs = env.step([c]).observations[0]
    assert obs[112] == 1 and not obs[72:108].any()
    assert [c for c in range(36) if obs[36 + c]] == sorted(deal.tricks[0][1])
    seat = deal.to_move
    assert [round(float(obs[124 + r]) * 157) for r in range(3)] == \
        [deal.card_points[(seat + r) % 3] for r in range(3)]


def test_bad_actions_are_refused_in_words() -> None:
    refuses_bad_actions(PutzeKernelVectorEnv(3, seed=0), 1, "card")
    with pytest.raises(ValueError, match="players=7 is not accepted"):
        PutzeKernelVectorEnv(2, players=7)
    with pytest.raises(ValueError, match="speak must be one of random, play"):
        PutzeKernelVectorEnv(2, speak="always")
