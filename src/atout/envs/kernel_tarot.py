"""French Tarot for training, n tables stepped in one compiled kernel call.

``TarotKernelVectorEnv(num_envs)`` holds ``num_envs`` Tarot deals (3, 4 or 5 players, every
option of the game) as rows of :mod:`atout.kernels.tarot` states, the whole deal: every
phase the kernel models (the petit sec, the bidding, the king called at five, the écart, the
chelem, the poignées, the tricks and the excuse's exchange). Each row is the decision of the
deal's seat to move (self-play: the caller chooses for every seat, ``seats`` says which);
:meth:`step` plays one action per row (the engine's action ids ``0..183``: ``0..77`` a card,
``78..155`` a card to the écart, ``156`` pass, ``157..160`` the bids, ``161..176`` the king
called, ``177..180`` no poignée or one of the three, ``181`` no chelem, ``182`` a chelem,
``183`` show the petit sec) in one kernel call and writes the next observations and masks. A
finished deal (played out, all passed or annulled) is replaced at once by the next one of the
row's sequence (row ``i`` plays deals ``i, i + n, i + 2n …`` of the engine, ``rules.deal(
seed=first + k, dealer=k % seats)``); its final points are that step's ``rewards`` and
``points`` (each seat's, as the engine's result: halves with ``rounding="half"``).

Observations (float32, :data:`OBS_SIZE` per row, for the seat to move; seats counted from
the mover, itself first): its hand (78), the cards of finished tricks (78), the cards on the
table (78), the chien once shown (78), its own écart (78, the taker's), the phase (7, one-hot:
petit sec, bidding, call, écart, chelem, play, over), the best bid so far (5, one-hot: none,
prise, garde, garde sans, garde contre), who made it (5), the king called (78, one-hot), the
partner once known (5), its place in the trick (5, one-hot), the tricks each seat won (5,
tricks / 24), a chelem announced (1), the poignées' bonus shown (1, points / 40). Masks: the
legal actions (:data:`ACTIONS`, int8). As the other kernel environments', this is the
kernel's own encoding, not :mod:`atout.envs.encoding`'s (tested against the engine's legal
actions, hands, seats and points step by step).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from atout.envs.kernel_batch import KernelEnv
from atout.kernels import tarot as kt
from atout.kernels import tarot_layout as tl
from atout.kernels.jit import njit
from atout.kernels.tarot_score import points as score

ACTIONS = 184
"""Actions per row: the engine's action ids."""
SEATS = 5
_WON, _TABLE, _CHIEN, _ECART = 78, 156, 234, 312
_PHASE = 390
_BID = _PHASE + 7
_BIDDER = _BID + 5
_CALLED = _BIDDER + SEATS
_PARTNER = _CALLED + 78
_PLACE = _PARTNER + SEATS
_TRICKS = _PLACE + SEATS
_CHELEM = _TRICKS + SEATS
_POIGNEE = _CHELEM + 1
OBS_SIZE = _POIGNEE + 1
"""Observation floats per row."""


@njit
def _cards(obs: npt.NDArray[np.float32], at: int, lo: int, hi: int) -> None:
    for c in range(56):
        obs[at + c] = (lo >> c) & 1
    for c in range(22):
        obs[at + 56 + c] = (hi >> c) & 1


@njit
def observe_kernel(states: npt.NDArray[np.int64], obs: npt.NDArray[np.float32],
                   masks: npt.NDArray[np.int8], seats: npt.NDArray[np.int64]) -> None:
    """Write every row's observation, mask and seat to move."""
    acts = np.empty(kt.MAX_LEGAL, dtype=np.int64)
    for i in range(states.shape[0]):
        st = states[i]
        o = obs[i]
        seat = st[tl.TURN]
        n = st[tl.N]
        seats[i] = seat
        o[:] = 0
        masks[i, :] = 0
        won_lo = 0
        won_hi = 0
        for s in range(n):
            won_lo |= st[tl.WON_LO + s]
            won_hi |= st[tl.WON_HI + s]
        _cards(o, 0, st[tl.HANDS_LO + seat], st[tl.HANDS_HI + seat])
        _cards(o, _WON, won_lo, won_hi)
        _cards(o, _TABLE, st[tl.TRICK_LO], st[tl.TRICK_HI])
        if st[tl.CHIEN_SHOWN]:
            _cards(o, _CHIEN, st[tl.CHIEN_LO], st[tl.CHIEN_HI])
        if seat == st[tl.TAKER]:
            _cards(o, _ECART, st[tl.ECART_LO], st[tl.ECART_HI])
        o[_PHASE + st[tl.PHASE]] = 1
        o[_BID + st[tl.BEST_BID] + 1] = 1
        if st[tl.BEST_SEAT] >= 0:
            o[_BIDDER + (st[tl.BEST_SEAT] - seat) % n] = 1
        if st[tl.CALLED] >= 0:
            o[_CALLED + st[tl.CALLED]] = 1
        if st[tl.PARTNER_KNOWN] and st[tl.PARTNER] >= 0:
            o[_PARTNER + (st[tl.PARTNER] - seat) % n] = 1
        o[_PLACE + st[tl.TRICK_LEN]] = 1
        for r in range(n):
            o[_TRICKS + r] = st[tl.TRICKS_WON + (seat + r) % n] / 24.0
        o[_CHELEM] = st[tl.CHELEM]
        o[_POIGNEE] = st[tl.POIGNEE] / 40.0
        for k in range(kt.legal(st, acts)):
            masks[i, acts[k]] = 1


@njit
def _is_legal(st: npt.NDArray[np.int64], a: int, acts: npt.NDArray[np.int64]) -> bool:
    found = False  # numba has no any() over a generator
    for k in range(kt.legal(st, acts)):
        found = found or acts[k] == a
    return found


@njit
def step_kernel(states: npt.NDArray[np.int64], actions: npt.NDArray[np.int64],
                rewards: npt.NDArray[np.float32], dones: npt.NDArray[np.bool_],
                points: npt.NDArray[np.float32]) -> int:
    """Play each row's action; -1, or the first row whose action is not legal (then nothing
    is played). Finished rows get their final points in ``rewards`` and ``points``."""
    n = states.shape[0]
    acts = np.empty(kt.MAX_LEGAL, dtype=np.int64)
    for i in range(n):
        a = actions[i]
        if a < 0 or a >= ACTIONS or not _is_legal(states[i], a, acts):
            return i
    row = np.zeros(SEATS, dtype=np.float64)
    seats = rewards.shape[1]
    for i in range(n):
        kt.step(states[i], actions[i])
        over = states[i, tl.PHASE] == kt.PH_OVER
        dones[i] = over
        for s in range(seats):
            rewards[i, s] = 0
            points[i, s] = 0
        if over:
            score(states[i], row)
            for s in range(seats):
                rewards[i, s] = row[s]
                points[i, s] = row[s]
    return -1


class TarotKernelVectorEnv(KernelEnv):
    """``num_envs`` French Tarot deals stepped together in a kernel (see the module)."""

    def __init__(self, num_envs: int, *, seed: int = 0, **options: Any) -> None:
        super().__init__("tarot", num_envs, seed, options, state_size=tl.LENGTH,
                         obs_size=OBS_SIZE, actions=ACTIONS)

    def encode(self, seed: int, dealer: int) -> npt.NDArray[np.int64] | None:
        """The deal at its first decision (the petit sec's, or the first bid); None for a
        deal over before any (passed over)."""
        deal: Any = self.rules.deal(seed=seed, dealer=dealer)
        if deal.is_over:
            return None
        state: npt.NDArray[np.int64] = kt.encode(deal)
        return state

    def observe(self) -> None:
        observe_kernel(self.states, self._obs, self._masks, self._seats)

    def play(self, actions: npt.NDArray[np.int64]) -> int:
        return int(step_kernel(self.states, actions, self._rewards, self._dones, self._points))


__all__ = ["ACTIONS", "OBS_SIZE", "TarotKernelVectorEnv", "observe_kernel", "step_kernel"]
