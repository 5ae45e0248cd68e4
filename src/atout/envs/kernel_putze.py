"""Putze's card play for training, n tables stepped in one compiled kernel call.

``PutzeKernelVectorEnv(num_envs)`` holds ``num_envs`` Putze deals (2 to 5 players, every
option of the game) in their card play as rows of :mod:`atout.kernels.jass` states. The
decisions before the card play (who plays or passes, the better cards and their discards,
the trump six's exchange) are drawn at random by the engine (:func:`until_play`: the
``int(random() * n)``-th legal action, from ``random.Random(deal seed)``), and
``speak="play"`` (the default) never draws a pass when something else is legal: every seat
plays every deal, the full table's card play. ``speak="random"`` draws a pass like any other
action, as :func:`atout.kernels.jass_batch.random_until_play` and the Putze batch playouts
do: about half the seats pass, and a deal that ends there (everybody passed, or a lone
player) has no card to play and the row goes on to the next deal of its sequence (a quarter
of the deals at four players, three quarters at two). Each row is the decision of
the deal's seat to play (self-play: the caller chooses for every seat, ``seats`` says which;
a seat that passed never moves); :meth:`step` plays one card per row (the card ids ``0..35``)
in one kernel call and writes the next observations and masks. A finished deal is replaced
at once by the next one of the row's sequence (row ``i`` plays deals ``i, i + n, i + 2n …`` of
the engine, ``rules.deal(seed=first + k, dealer=k % seats)``, those that end before the card
play passed over): that step's ``rewards`` are each seat's result as the engine's (putzes
gained less pommes), its ``points`` each seat's totals (cards, last trick, Weis, Stöck: the
result's ``details["totals"]``, 0 for a seat that did not play).

Observations (float32, :data:`OBS_SIZE` per row, for the seat to move): its hand (36), the
cards of finished tricks (36), the cards on the table (36), the trump suit (4, one-hot), its
place in the trick (6, one-hot), which seats play (6, by seat from the mover: itself first,
zero for the seats that passed or sit out and for those the table does not have), each of
those seats' card points so far (6, points / 157). Masks: the legal cards (36, int8). This is
the kernel's own encoding, not :mod:`atout.envs.encoding`'s (tested against the engine's legal
cards, hands, seats, totals and results step by step).
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import numpy.typing as npt

from atout.envs.kernel_batch import KernelBatch, KernelEnv
from atout.games.putze.scoring import award
from atout.kernels import jass as kj
from atout.kernels.jit import njit

ACTIONS = 36
"""Actions per row: the 36 cards."""
SEATS = kj.MAX_SEATS
OBS_SIZE = 36 * 3 + 4 + SEATS * 3
"""Observation floats per row."""
_TRUMP, _PLACE = 108, 112
_PLAYS, _POINTS = _PLACE + SEATS, _PLACE + 2 * SEATS
SPEAK = ("random", "play")
"""How the environment makes the decisions before the card play (see the module)."""
PASS = 37
"""The engine's action id of a pass."""


def until_play(deal: Any, rng: random.Random, play: bool = False) -> None:
    """The decisions before the card play drawn at random by the engine, the
    ``int(rng.random() * n)``-th legal action (as
    :func:`atout.kernels.jass_batch.random_until_play` draws them); with ``play``, a pass
    only when nothing else is legal (every seat plays)."""
    rnd = rng.random
    while not deal.is_over and deal.phase != "play":
        mask = deal.legal_mask()
        if play and mask != 1 << PASS:
            mask &= ~(1 << PASS)
        k = int(rnd() * mask.bit_count())
        for _ in range(k):
            mask &= mask - 1
        deal.step((mask & -mask).bit_length() - 1)


@njit
def observe_kernel(states: npt.NDArray[np.int64], obs: npt.NDArray[np.float32],
                   masks: npt.NDArray[np.int8], seats: npt.NDArray[np.int64]) -> None:
    """Write every row's observation, mask and seat to move."""
    for i in range(states.shape[0]):
        st = states[i]
        seat = st[kj.ST_TURN]
        n = st[kj.ST_N]
        seats[i] = seat
        obs[i, :] = 0
        masks[i, :] = 0
        kj.card_planes(st, obs[i], masks[i])
        obs[i, _TRUMP + st[kj.ST_MODE]] = 1
        obs[i, _PLACE + st[kj.ST_POS]] = 1
        for r in range(n):
            other = (seat + r) % n
            if st[kj.ST_NEXT + other] >= 0:
                obs[i, _PLAYS + r] = 1
                obs[i, _POINTS + r] = st[kj.ST_CARD + st[kj.ST_SIDE + other]] / 157.0


@njit
def step_kernel(states: npt.NDArray[np.int64], actions: npt.NDArray[np.int64],
                dones: npt.NDArray[np.bool_], points: npt.NDArray[np.float32]) -> int:
    """Play each row's card; -1, or the first row whose card is not legal (then nothing is
    played). Finished rows get each seat's totals in ``points``."""
    n = states.shape[0]
    for i in range(n):
        c = actions[i]
        if c < 0 or c >= ACTIONS or not (kj.legal_mask(states[i]) >> c) & 1:
            return i
    row = np.zeros(kj.MAX_SEATS, dtype=np.int64)
    seats = points.shape[1]
    for i in range(n):
        kj.apply_card(states[i], actions[i])
        over = states[i, kj.ST_TURN] < 0
        dones[i] = over
        for s in range(seats):
            points[i, s] = 0
        if over:
            kj.final_scores(states[i], row)
            for s in range(seats):
                if states[i, kj.ST_NEXT + s] >= 0:
                    points[i, s] = row[s]
    return -1


class PutzeKernelVectorEnv(KernelEnv):
    """``num_envs`` Putze deals' card play stepped together in a kernel (see the module);
    ``speak``: ``"play"`` (every seat plays) or ``"random"`` (passes drawn too)."""

    action_word = "card"

    def __init__(self, num_envs: int, *, seed: int = 0, speak: str = "play",
                 **options: Any) -> None:
        if speak not in SPEAK:
            raise ValueError(f"speak must be one of {', '.join(SPEAK)}, not {speak!r}")
        self.speak = speak
        self._deals: dict[int, Any] = {}
        super().__init__("putze", num_envs, seed, options, state_size=kj.STATE_SIZE,
                         obs_size=OBS_SIZE, actions=ACTIONS)

    def encode(self, seed: int, dealer: int) -> npt.NDArray[np.int64] | None:
        """The deal at its first card, the decisions before drawn at random by the engine as
        ``speak`` says; None for a deal that ends before its card play."""
        deal: Any = self.rules.deal(seed=seed, dealer=dealer)
        until_play(deal, random.Random(seed), self.speak == "play")
        if deal.is_over or deal.phase != "play":
            return None
        self._deals[seed] = deal
        state: npt.NDArray[np.int64] = kj.encode(deal)
        return state

    def reset(self, seed: int | None = None) -> KernelBatch:
        """Every row at a new deal's first card (``seed``: the tables' sequences)."""
        self._deals.clear()
        return super().reset(seed)

    def observe(self) -> None:
        observe_kernel(self.states, self._obs, self._masks, self._seats)

    def play(self, actions: npt.NDArray[np.int64]) -> int:
        bad = int(step_kernel(self.states, actions, self._dones, self._points))
        if bad >= 0:
            return bad
        self._rewards[:] = 0
        for i in np.flatnonzero(self._dones):
            row = int(i)
            self._rewards[row] = self.result(self._deals.pop(self.deal_seed(row)),
                                             self._points[row])
        return -1

    def result(self, deal: Any, totals: npt.NDArray[np.float32]) -> list[int]:
        """Each seat's result, as the engine's (putzes gained less pommes), of ``deal``
        (as it was at its first card) finished with ``totals``."""
        plan = deal.plan
        gained, pommes = award([int(t) for t in totals], deal.players(), plan.putzes,
                               plan.pomme_bonus, plan.pomme_below, plan.all_under,
                               plan.tie_overflow)
        if deal.dealer_putze:
            gained[deal.dealer] += 1  # 27.27: a putze for a correct deal
        return [g - p for g, p in zip(gained, pommes, strict=True)]


__all__ = ["ACTIONS", "OBS_SIZE", "PASS", "SPEAK", "PutzeKernelVectorEnv", "observe_kernel",
           "step_kernel", "until_play"]
