"""The Tarot search's rollouts as kernels: its two card policies and batched rollouts.

:func:`greedy_card` is :func:`atout.bots.tarot.rollout.greedy_card` (all hands open: keep a
trick that stays with our side with the card worth most, else throw the cheapest, the petit
last; lead a sure winner, else low from the longest suit; the excuse saves a king or a queen
and is played before the last trick; a share :data:`NOISE` of cards at random), and
:func:`heuristic_card` is :func:`atout.bots.tarot.rollout.heuristic_card` (the heuristic
player's card from what its seat knows), both on the state of :mod:`atout.kernels.tarot`.
The greedy policy draws its noise from the kernel's own generator, so it plays the same
policy as the Python rollout, not the same cards; the heuristic's card is the same card.

:func:`rollouts` plays, for each sampled world (a row of states, all in the card play at the
searching seat's turn) and each candidate action, ``reuse`` playouts, and returns each pair's
summed value for the seat (its points minus the mean of the others', the search's
evaluator): one call for every world and action of a round of the search. With ``model`` 0
every seat plays the greedy policy (the search's rollout), with 1 the searching seat plays it
and every other seat the heuristic's card (the search's model of the table,
``search:model=1``). The poignées are the heuristic's (the taker shows the largest he may,
nobody else any). World ``i``'s ``r``-th playout draws from the stream
``(seed, i * reuse + r)`` for every action (common random numbers).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray

from atout.games.tarot.tables import VALUE2 as VALUE2_TABLE
from atout.kernels.jit import njit
from atout.kernels.kit import high_index, low_index, popcount, seat_value
from atout.kernels.rand import below, draw32, fold_seed, seed_stream
from atout.kernels.tarot import (
    A_NO_POIGNEE,
    LENGTH,
    MAX_LEGAL,
    PH_PLAY,
    SUIT_LO,
    legal,
    play_masks,
    step,
)
from atout.kernels.tarot_layout import (
    CHIEN_HI,
    CONTRACT,
    DECIDED,
    F_POIGNEES,
    FLAGS,
    HANDS_HI,
    HANDS_LO,
    LEADER,
    PARTNER,
    PARTNER_KNOWN,
    PHASE,
    TAKER,
    TRICK,
    TRICK_LEN,
    TRICK_NO,
    TURN,
    N,
)
from atout.kernels.tarot_score import points, taker_camp

NOISE = 0.1
"""The share of greedy rollout cards played at random (as the Python rollout)."""
_NOISE32 = int(NOISE * 2**32)
T1 = 56
T21 = 76
EX = 77
EX_HI = 1 << 21
TRUMPS_HI = (1 << 21) - 1
KINGS_LO = sum(1 << (s * 14 + 13) for s in range(4))

VALUE2 = np.array(VALUE2_TABLE, dtype=np.int64)
"""Each card's value in half points."""
POWER = np.array([100 + c if c >= T1 else c % 14 for c in range(78)], dtype=np.int64)
"""A card's power in a trick of its suit: its rank in a suit, above every suit as a trump."""
KEEP_KEY = np.array([-VALUE2_TABLE[c] * 1000 + POWER[c] for c in range(78)], dtype=np.int64)
"""The greedy order to put a card into a trick our side keeps: worth most, weakest first
(the heuristic's order to feed a friend's trick, too)."""
THROW_KEY = np.array([(c == T1) * 1_000_000 + VALUE2_TABLE[c] * 1000 + POWER[c]
                      for c in range(78)], dtype=np.int64)
"""The greedy order to throw a card away: worth least, weakest first, the petit last."""
CHEAP_KEY = np.array([VALUE2_TABLE[c] * 1000 + POWER[c] for c in range(78)], dtype=np.int64)
"""The heuristic's order to throw cards: worth least, weakest first."""


# -- small tools ----------------------------------------------------------------------------


@njit
def first_min(lo: int, hi: int, key: NDArray[np.int64]) -> int:
    """The card of the set ``(lo, hi)`` with the least ``key``, the lowest on a tie; -1 for
    an empty set."""
    pick = -1
    least = 1 << 60
    while lo:
        c = low_index(lo)
        lo &= lo - 1
        if key[c] < least:
            least = key[c]
            pick = c
    while hi:
        c = T1 + low_index(hi)
        hi &= hi - 1
        if key[c] < least:
            least = key[c]
            pick = c
    return pick


@njit
def nth_card(lo: int, hi: int, k: int) -> int:
    """The ``k``-th lowest card of the set ``(lo, hi)``."""
    n_lo = popcount(lo)
    if k < n_lo:
        for _ in range(k):
            lo &= lo - 1
        return low_index(lo)
    for _ in range(k - n_lo):
        hi &= hi - 1
    return T1 + low_index(hi)


@njit
def _led(s: NDArray[np.int64]) -> int:
    """The first card of the trick that is not the excuse (-1: none)."""
    for i in range(s[TRICK_LEN]):
        if s[TRICK + i] != EX:
            return int(s[TRICK + i])
    return -1


@njit
def _winning(s: NDArray[np.int64], first: int) -> int:
    """The position in the trick of the card winning it (``first``: its first card not the
    excuse): the first of the most power."""
    led = first // 14 if first < T1 else 4
    pos = -1
    top = -1
    for i in range(s[TRICK_LEN]):
        c = s[TRICK + i]
        if c == EX:
            continue
        p = POWER[c] if c >= T1 or c // 14 == led else -1
        if p > top:
            top = p
            pos = i
    return pos


@njit
def _tops(s: NDArray[np.int64], seat: int, mine: bool, led: int) -> tuple[int, int]:
    """The best card of the led suit (4: trumps) among the foes still to play who can follow
    it, and the best trump among those who can use one (-1: none)."""
    n = s[N]
    top_led = -1
    top_trump = -1
    for j in range(1, n - s[TRICK_LEN]):
        o = (seat + j) % n
        if taker_camp(s, o) == mine:
            continue
        trumps = s[HANDS_HI + o] & TRUMPS_HI
        if led == 4:
            if trumps:
                top_trump = max(top_trump, T1 + high_index(trumps))
            continue
        follow = s[HANDS_LO + o] & SUIT_LO[led]
        if follow:
            top_led = max(top_led, high_index(follow))
        elif trumps:
            top_trump = max(top_trump, T1 + high_index(trumps))
    return top_led, top_trump


@njit
def _safe(c: int, top_led: int, top_trump: int) -> bool:
    """Whether a card now winning the trick keeps it against the foes still to play."""
    if c >= T1:
        return c > top_trump
    return top_trump < 0 and c > top_led


@njit
def _beat(lo: int, hi: int, best: int) -> tuple[int, int]:
    """The cards of ``(lo, hi)`` (no excuse) that beat ``best``, the card winning a trick."""
    if best >= T1:
        return 0, hi & TRUMPS_HI & -(2 << (best - T1))
    return lo & SUIT_LO[best // 14] & -(2 << best), hi & TRUMPS_HI


# -- the greedy policy ----------------------------------------------------------------------


@njit
def _greedy_lead(s: NDArray[np.int64], seat: int, lo: int, hi: int) -> int:
    """The greedy lead: a sure winner worth most, else low from the longest plain suit."""
    mine = taker_camp(s, seat)
    sure = -1
    for k in range(5):
        if k < 4:
            if not lo & SUIT_LO[k]:
                continue
            c = high_index(lo & SUIT_LO[k])
        else:
            if not hi & TRUMPS_HI & ~1:
                continue
            c = T1 + high_index(hi & TRUMPS_HI)
        top_led, top_trump = _tops(s, seat, mine, k)
        if _safe(c, top_led, top_trump) and (
                sure < 0 or VALUE2[c] > VALUE2[sure]
                or (VALUE2[c] == VALUE2[sure] and POWER[c] < POWER[sure])):
            sure = c
    if sure >= 0 and (sure < T1 or VALUE2[sure] > 1 or lo == 0):
        return sure
    if lo:
        hand = s[HANDS_LO + seat]
        best = -1
        best_key = 1 << 60
        for k in range(4):
            suit = lo & SUIT_LO[k]
            if suit:
                c = low_index(suit)
                key = (30 - popcount(hand & SUIT_LO[k])) * 10_000 + VALUE2[c] * 100 + c % 14
                if key < best_key:
                    best = c
                    best_key = key
        return best
    trumps = hi & TRUMPS_HI & ~1
    if not trumps:
        trumps = hi
    if not trumps:
        return EX
    return T1 + low_index(trumps)


@njit
def greedy_card(s: NDArray[np.int64], lo: int, hi: int, rs: NDArray[np.int64],
                noise: bool) -> int:
    """The greedy rollout policy's card for the seat to move among its legal cards
    ``(lo, hi)`` (see the module); ``noise`` False plays no random card."""
    count = popcount(lo) + popcount(hi)
    if count == 1:
        return nth_card(lo, hi, 0)
    if noise and draw32(rs) < _NOISE32:
        return nth_card(lo, hi, below(rs, count))
    seat = s[TURN]
    has_excuse = hi & EX_HI
    others_hi = hi & ~EX_HI
    if has_excuse and ((lo == 0 and others_hi == 0)
                       or popcount(s[HANDS_LO + seat]) + popcount(s[HANDS_HI + seat]) <= 2):
        return EX
    first = _led(s)
    if first < 0:
        return _greedy_lead(s, seat, lo, others_hi)
    mine = taker_camp(s, seat)
    pos = _winning(s, first)
    best = int(s[TRICK + pos])
    top_led, top_trump = _tops(s, seat, mine, first // 14 if first < T1 else 4)
    friend_safe = (taker_camp(s, (s[LEADER] + pos) % s[N]) == mine
                   and _safe(best, top_led, top_trump))
    beat_lo, beat_hi = _beat(lo, others_hi, best)
    keep_hi = beat_hi & TRUMPS_HI
    if top_trump >= 0:
        keep_hi &= -(1 << (top_trump - T1 + 1))
    keep_lo = 0
    if top_trump < 0:
        keep_lo = beat_lo & -(1 << (top_led + 1))
    if friend_safe:
        keep_lo |= lo & ~beat_lo
        keep_hi |= others_hi & ~beat_hi
    if keep_lo or keep_hi:
        return first_min(keep_lo, keep_hi, KEEP_KEY)
    cheap = first_min(lo, others_hi, THROW_KEY)
    if has_excuse and (cheap < 0 or VALUE2[cheap] >= 7):
        return EX
    return cheap


# -- the heuristic's card -------------------------------------------------------------------


@njit
def friend_of(s: NDArray[np.int64], seat: int, other: int) -> bool:
    """Whether ``other`` is on ``seat``'s side as far as ``seat`` knows
    (:func:`atout.bots.tarot.cards.team_of`)."""
    taker = int(s[TAKER])
    if taker < 0 or other == seat:
        return False
    known = s[PARTNER_KNOWN] != 0 or seat == s[PARTNER]
    partner = -2  # not known
    if known:
        partner = int(s[PARTNER]) if s[PARTNER] >= 0 else taker
    if seat == taker:
        return partner >= 0 and partner != taker and other == partner
    if int(s[N]) < 5:
        return other != taker
    if partner == -2:
        return False
    if seat == partner:
        return other == taker
    return other != taker and other != partner


@njit
def _heuristic_lead(hand: int, lo: int, hi: int, safe_lo: int, safe_hi: int) -> int:
    """Leading: a king, else low from the longest plain suit, else the weakest trump (the
    petit only when it is not in danger or nothing else is left)."""
    kings = lo & KINGS_LO
    if kings:
        return low_index(kings)
    if lo:
        pick = -1
        least = 1 << 60
        m = lo
        while m:
            c = low_index(m)
            m &= m - 1
            key = (30 - popcount(hand & SUIT_LO[c // 14])) * 10_000 + VALUE2[c] * 100 + c % 14
            if key < least:
                least = key
                pick = c
        return pick
    if safe_lo or safe_hi:
        return nth_card(safe_lo, safe_hi, 0)
    return nth_card(lo, hi, 0)


@njit
def _follow_friend(lo: int, hi: int, safe_lo: int, safe_hi: int, best: int, high_out: int,
                   last: bool) -> int:
    """A friend wins the trick: feed it the card worth most when nobody can take it any
    more, else throw the cheapest safe card."""
    if last or best >= T21 or (best >= T1 and best > high_out):
        if lo:
            return first_min(lo, 0, KEEP_KEY)
        if hi:
            return first_min(0, hi, KEEP_KEY)
    if safe_lo or safe_hi:
        return first_min(safe_lo, safe_hi, CHEAP_KEY)
    if lo or hi:
        return first_min(lo, hi, CHEAP_KEY)
    return EX


@njit
def _cheap_winner(s: NDArray[np.int64], lo: int, hi: int, best: int, high_out: int,
                  last: bool) -> int:
    """A foe wins the trick: the lowest card that beats it, when the trick is worth it or
    the card stays safe (never the petit while a higher trump is out); -1: none."""
    win_lo, win_hi = _beat(lo, hi, best)
    if not win_lo and not win_hi:
        return -1
    pick = low_index(win_lo) if win_lo else T1 + low_index(win_hi)
    worth = last or pick < T1 or pick > high_out
    if not worth:
        total = 0
        for i in range(s[TRICK_LEN]):
            if s[TRICK + i] != EX:
                total += VALUE2[s[TRICK + i]]
        worth = total >= 7
    if worth and (pick != T1 or last or high_out < 0):
        return pick
    return -1


@njit
def heuristic_card(s: NDArray[np.int64], lo: int, hi: int) -> int:
    """The heuristic player's card for the seat to move among its legal cards ``(lo, hi)``,
    from what that seat knows: its hand, the trick, its side (once known) and the trumps it
    cannot see (:func:`atout.bots.tarot.cards.choose_card`)."""
    if popcount(lo) + popcount(hi) == 1:
        return nth_card(lo, hi, 0)
    seat = s[TURN]
    n = s[N]
    excuse = hi & EX_HI
    if excuse and popcount(s[HANDS_LO + seat]) + popcount(s[HANDS_HI + seat]) <= 2:
        return EX
    others_hi = hi & ~EX_HI
    hidden = 0
    for o in range(n):
        if o != seat:
            hidden |= s[HANDS_HI + o]
    if s[CONTRACT] >= 2:
        hidden |= s[CHIEN_HI]
    hidden &= TRUMPS_HI
    high_out = T1 + high_index(hidden) if hidden else -1
    safe_hi = others_hi & ~1 if high_out >= 0 else others_hi
    first = _led(s)
    if first < 0:
        return _heuristic_lead(s[HANDS_LO + seat], lo, others_hi, lo, safe_hi)
    pos = _winning(s, first)
    best = int(s[TRICK + pos])
    last = s[TRICK_LEN] == n - 1
    if friend_of(s, seat, (s[LEADER] + pos) % n):
        return _follow_friend(lo, others_hi, lo, safe_hi, best, high_out, last)
    pick = _cheap_winner(s, lo, others_hi, best, high_out, last)
    if pick >= 0:
        return pick
    if not lo and not safe_hi and excuse:
        return EX
    if lo or safe_hi:
        cheapest = first_min(lo, safe_hi, CHEAP_KEY)
    else:
        cheapest = first_min(lo, others_hi, CHEAP_KEY)
    if excuse and VALUE2[cheapest] >= 7:
        return EX
    return cheapest


# -- rollouts -------------------------------------------------------------------------------


@njit
def announce(s: NDArray[np.int64], acts: NDArray[np.int64]) -> int:
    """Play the action the seat to move must take before a card, if any, and return it (-1:
    a card is due): a poignée by the heuristic's rule (the taker shows the largest he may,
    nobody else any); outside the card play (not a rollout's) the first legal action."""
    seat = s[TURN]
    if s[PHASE] == PH_PLAY and (s[TRICK_NO] != 0 or (s[DECIDED] >> seat & 1) != 0
                                or not s[FLAGS] & F_POIGNEES):
        return -1
    k = legal(s, acts)
    if s[PHASE] == PH_PLAY and acts[0] != A_NO_POIGNEE:
        return -1  # too few trumps for a poignée: a card
    pick = acts[k - 1] if s[PHASE] == PH_PLAY and seat == s[TAKER] else acts[0]
    step(s, pick)
    return int(pick)


@njit
def policy_card(s: NDArray[np.int64], rs: NDArray[np.int64], model: int, me: int,
                noise: bool) -> int:
    """The card of the seat to move: greedy for every seat (``model`` 0) or for ``me``, the
    heuristic's card for the others (``model`` 1)."""
    seat = s[TURN]
    lo, hi = play_masks(s, seat)
    if model == 0 or seat == me:
        return greedy_card(s, lo, hi, rs, noise)
    return heuristic_card(s, lo, hi)


@njit
def play_out(s: NDArray[np.int64], rs: NDArray[np.int64], acts: NDArray[np.int64],
             model: int, me: int) -> None:
    """Play ``s`` to its end by :func:`announce` and :func:`policy_card`."""
    while s[TURN] >= 0:
        if announce(s, acts) < 0:
            step(s, policy_card(s, rs, model, me, True))


@njit
def rollouts_kernel(states: NDArray[np.int64], actions: NDArray[np.int64], reuse: int,
                    seed: int, seat: int, model: int) -> NDArray[np.float64]:
    """For each world (row of ``states``) and candidate action: the summed value for
    ``seat`` of ``reuse`` playouts after the action (see the module)."""
    k = states.shape[0]
    a = actions.shape[0]
    out = np.zeros((k, a), dtype=np.float64)
    st = np.empty(LENGTH, dtype=np.int64)
    rs = np.zeros(1, dtype=np.int64)
    acts = np.empty(MAX_LEGAL, dtype=np.int64)
    row = np.zeros(5, dtype=np.float64)
    for i in range(k):
        n = states[i, N]
        for j in range(a):
            for r in range(reuse):
                st[:] = states[i]
                seed_stream(rs, seed, i * reuse + r)
                step(st, actions[j])
                play_out(st, rs, acts, model, seat)
                points(st, row)
                out[i, j] += seat_value(row, n, seat)
    return out


@njit
def policy_cards(state: NDArray[np.int64], seed: int, model: int, me: int,
                 noise: bool) -> NDArray[np.int64]:
    """The actions of one playout of ``state`` as :func:`play_out` plays it from the stream
    ``(seed, 0)`` (``noise`` False: the greedy policy plays no random card), padded with -1:
    for tests and tools."""
    out = np.full(128, -1, dtype=np.int64)
    st = state.copy()
    rs = np.zeros(1, dtype=np.int64)
    seed_stream(rs, seed, 0)
    acts = np.empty(MAX_LEGAL, dtype=np.int64)
    i = 0
    while st[TURN] >= 0 and i < 128:
        a = announce(st, acts)
        if a < 0:
            a = policy_card(st, rs, model, me, noise)
            step(st, a)
        out[i] = a
        i += 1
    return out


def _checked(states: Any, actions: Any, seat: int) -> tuple[NDArray[np.int64],
                                                             NDArray[np.int64]]:
    """The states and actions as the kernel takes them, or ``ValueError`` in words."""
    from atout.kernels.tarot import legal_mask

    st = np.ascontiguousarray(np.asarray(states, dtype=np.int64))
    if st.ndim != 2 or st.shape[1] != LENGTH:
        raise ValueError(f"states must be rows of {LENGTH} int64 (from encode), not an "
                         f"array of shape {st.shape}")
    picks = np.ascontiguousarray(np.asarray(actions, dtype=np.int64).reshape(-1))
    for row in st:
        if row[PHASE] != PH_PLAY or row[TURN] != seat:
            raise ValueError(f"every world must be in the card play at seat {seat}'s turn")
        mask = legal_mask(row)
        for c in picks:
            if not mask >> int(c) & 1:
                raise ValueError(f"action {int(c)} is not legal in every world")
    return st, picks


def rollouts(states: Any, actions: Any, reuse: int, seed: int, seat: int,
             model: int = 0) -> NDArray[np.float64]:
    """The summed value for ``seat`` of ``reuse`` playouts of each world (row of
    ``states``, shape ``(k, LENGTH)``, from :func:`atout.kernels.tarot.encode`) after each
    of ``actions`` (legal for the seat in every world): shape ``(k, len(actions))``;
    ``model`` 1 plays the other seats by the heuristic's card (see the module)."""
    if isinstance(reuse, bool) or not isinstance(reuse, int) or reuse < 1:
        raise ValueError(f"reuse must be an int >= 1, not {reuse!r}")
    if model not in (0, 1):
        raise ValueError(f"model must be 0 or 1, not {model!r}")
    st, picks = _checked(states, actions, seat)
    return rollouts_kernel(st, picks, reuse, fold_seed(seed), int(seat), int(model))


__all__ = [
    "CHEAP_KEY",
    "KEEP_KEY",
    "NOISE",
    "POWER",
    "THROW_KEY",
    "VALUE2",
    "announce",
    "first_min",
    "friend_of",
    "greedy_card",
    "heuristic_card",
    "nth_card",
    "play_out",
    "policy_card",
    "policy_cards",
    "rollouts",
    "rollouts_kernel",
]
