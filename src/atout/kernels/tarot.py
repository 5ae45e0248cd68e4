"""French Tarot as a kernel: every phase of a deal, from the petit sec to the score, compiled.

The 78 cards do not fit one ``int64``: a set of cards is two words, the 56 suit cards
(``lo``, bit ``c`` for card ``c``) and the 21 trumps and the excuse (``hi``, bit ``c - 56``).
The state is one ``int64`` vector (:func:`encode` makes it from any
:class:`~atout.games.tarot.deal.TarotDeal`): the hands, the chien and the écart, the bidding,
the called king and its holder, the chelem announced, the poignées' bonus, the trick in
progress, the cards and tricks each seat took, the excuse's exchange (owed, set aside), where
the petit was taken (for the petit au bout), and every option that changes the play or the
score (petit sec, the chelem question, poignées, calling oneself, rounding, the called suit's
lead, the excuse on the last trick, misères). Actions are the engine's ids (0..183).

:func:`legal` lists the legal action ids, :func:`step` plays one, :func:`points` scores a
finished deal (floats: with ``rounding="half"`` a score may hold a half point);
:func:`random_playouts` and :func:`choices` are the random playouts and the actions of one,
for the engine to replay. The scoring is in :mod:`atout.kernels.tarot_score`.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from atout.games import make
from atout.games.tarot.deal import TarotDeal
from atout.games.tarot.tables import CALL_CARDS, CHIEN_SIZES, HAND_SIZES, POIGNEE_BONUS, T1
from atout.kernels.jit import njit
from atout.kernels.kit import (
    Array,
    below,
    check_count,
    check_seed,
    high_index,
    low_index,
    popcount,
    seed_for,
)
from atout.kernels.tarot_layout import (
    ANNULLED,
    BEST_BID,
    BEST_SEAT,
    BIDS,
    CALLED,
    CHELEM,
    CHIEN_HI,
    CHIEN_LO,
    CHIEN_SHOWN,
    CHIEN_SIZE,
    CONTRACT,
    DEALER,
    DECIDED,
    ECART_HI,
    ECART_LEFT,
    ECART_LO,
    EX_OWNER,
    EX_PENDING,
    EX_WINS_LAST,
    F_ANNUL_PETIT_SEC,
    F_CALL_SELF,
    F_CHELEM_ANNOUNCE,
    F_EXCUSE_TAKER,
    F_FREE_LEAD,
    F_HALF,
    F_POIGNEES,
    FLAGS,
    HAND_SIZE,
    HANDS_HI,
    HANDS_LO,
    LEADER,
    LENGTH,
    MISERE,
    MISERES,
    OWED_TO,
    PARTNER,
    PARTNER_KNOWN,
    PETIT_TRICK,
    PETIT_WINNER,
    PHASE,
    POIGNEE,
    TAKER,
    TRICK,
    TRICK_HI,
    TRICK_LEN,
    TRICK_LO,
    TRICK_NO,
    TRICKS_WON,
    TURN,
    WON_HI,
    WON_LO,
    N,
)
from atout.kernels.tarot_score import points as _points
from atout.kernels.tarot_score import taker_camp

# -- tables ---------------------------------------------------------------------------------
PH_PETIT_SEC, PH_BID, PH_CALL, PH_ECART, PH_CHELEM, PH_PLAY, PH_OVER = range(7)
A_DISCARD, A_PASS, A_BID, A_CALL = 78, 156, 157, 161
A_NO_POIGNEE, A_NO_CHELEM, A_CHELEM, A_PETIT_SEC = 177, 181, 182, 183
EX_HI = 1 << 21
"""The excuse in the ``hi`` word."""
TRUMPS_HI = (1 << 21) - 1
SUIT_LO = np.array([((1 << 14) - 1) << (14 * s) for s in range(4)], dtype=np.int64)
KINGS_LO = sum(1 << (s * 14 + 13) for s in range(4))
PLAIN_LO = ((1 << 56) - 1) & ~KINGS_LO
"""What the écart may hold freely: suit cards other than kings."""
TRUMP_DISCARDABLE_HI = TRUMPS_HI & ~1 & ~(1 << 20)
CALL = np.array(CALL_CARDS, dtype=np.int64)
POIGNEE_SIZE = np.array([[0, 0, 0], [0, 0, 0], [0, 0, 0], [13, 15, 18], [10, 13, 15],
                         [8, 10, 13]], dtype=np.int64)
BONUS = np.array(POIGNEE_BONUS, dtype=np.int64)
LOW_LO = sum(1 << c for c in range(56) if c % 14 < 10)
LOW_HI = TRUMPS_HI & ~1 & ~(1 << 20)
"""The low cards (half a point): the suit cards 1 to 10 and the trumps 2 to 20."""
HEADS_LO = sum(1 << (s * 14 + r) for s in range(4) for r in (10, 11, 12, 13))
MAX_ACTIONS = 128
"""The longest deal: 5 bids, a call, 6 discards, the chelem, 5 poignées and 78 cards."""
MAX_LEGAL = 80


def _flags(deal: TarotDeal) -> int:
    o = deal.rules.options
    return ((F_ANNUL_PETIT_SEC if o.petit_sec == "annul" else 0)
            | (F_CHELEM_ANNOUNCE if o.chelem_announce else 0)
            | (F_POIGNEES if o.poignees else 0)
            | (F_CALL_SELF if o.call_self else 0)
            | (F_HALF if o.rounding == "half" else 0)
            | (F_FREE_LEAD if o.called_suit_lead == "free" else 0)
            | (F_EXCUSE_TAKER if o.excuse_last == "taker-grand-petit" else 0))


def encode(deal: TarotDeal) -> Array:
    """The kernel's state of ``deal``, at any point from the deal to the end."""
    if not isinstance(deal, TarotDeal):
        raise ValueError(f"tarot kernel: expected a tarot deal, not {type(deal).__name__}")
    lo = (1 << 56) - 1
    s = np.zeros(LENGTH, dtype=np.int64)
    n = deal.n
    s[N] = n
    s[DEALER] = deal.dealer
    s[PHASE] = deal.phase
    s[TURN] = -1 if deal.to_move is None else deal.to_move
    s[FLAGS] = _flags(deal)
    s[MISERE] = deal.rules.options.misere
    s[MISERES] = len(deal.miseres)
    s[HAND_SIZE] = deal.hand_size
    s[CHIEN_SIZE] = deal.chien_size
    for seat in range(n):
        s[HANDS_LO + seat] = deal.hands[seat] & lo
        s[HANDS_HI + seat] = deal.hands[seat] >> 56
        s[WON_LO + seat] = deal.won[seat] & lo
        s[WON_HI + seat] = deal.won[seat] >> 56
        s[TRICKS_WON + seat] = deal.tricks_won[seat]
    s[CHIEN_LO] = deal.chien & lo
    s[CHIEN_HI] = deal.chien >> 56
    s[BIDS] = len(deal.bids)
    s[BEST_BID] = -1
    s[BEST_SEAT] = -1
    for seat, bid in deal.bids:
        if bid > s[BEST_BID]:
            s[BEST_BID] = bid
            s[BEST_SEAT] = seat
    s[CONTRACT] = deal.contract
    s[TAKER] = deal.taker
    s[CALLED] = deal.called
    s[PARTNER] = deal.partner
    s[PARTNER_KNOWN] = deal.partner_known
    s[CHIEN_SHOWN] = deal.chien_shown
    s[ECART_LO] = deal.ecart & lo
    s[ECART_HI] = deal.ecart >> 56
    s[ECART_LEFT] = deal.ecart_left
    s[CHELEM] = deal.chelem
    s[DECIDED] = deal.decided
    s[POIGNEE] = sum(POIGNEE_BONUS[level] for _, level, _ in deal.poignees)
    s[TRICK_NO] = deal.trick_no
    s[LEADER] = deal.leader
    s[TRICK_LEN] = len(deal.trick)
    for i, c in enumerate(deal.trick):
        s[TRICK + i] = c
    s[TRICK_LO] = deal.trick_mask & lo
    s[TRICK_HI] = deal.trick_mask >> 56
    s[EX_OWNER] = deal.ex_owner
    s[OWED_TO] = deal.owed_to
    s[EX_PENDING] = deal.ex_pending
    s[EX_WINS_LAST] = deal.ex_wins_last
    s[ANNULLED] = {"": 0, "petit sec": 1, "all pass": 2}[deal.annulled]
    s[PETIT_TRICK] = -1
    s[PETIT_WINNER] = -1
    for no, (_, cards, winner) in enumerate(deal.tricks):
        if T1 in cards:
            s[PETIT_TRICK] = no
            s[PETIT_WINNER] = winner
    return s


# -- the rules ------------------------------------------------------------------------------


@njit
def play_masks(s: Array, seat: int) -> tuple[int, int]:
    """The cards ``seat`` may play now, as (lo, hi)."""
    hl = s[HANDS_LO + seat]
    hh = s[HANDS_HI + seat]
    tl = s[TRICK_LO]
    th = s[TRICK_HI]
    if (tl == 0 and th == 0) or (tl == 0 and th == EX_HI):
        called = s[CALLED]
        if s[TRICK_NO] != 0 or called < 0 or (s[FLAGS] & F_FREE_LEAD) != 0:
            return hl, hh
        barred = hl & SUIT_LO[called // 14] & ~(1 << called)
        if (hl & ~barred) != 0 or hh != 0:
            return hl & ~barred, hh
        return hl, hh
    first = s[TRICK]
    if first == 77:
        first = s[TRICK + 1]
    if first < 56:
        follow = hl & SUIT_LO[first // 14]
        if follow != 0:
            return follow, hh & EX_HI
    trumps = hh & TRUMPS_HI
    if trumps == 0:
        return hl, hh
    played = th & TRUMPS_HI
    if played != 0:
        top = high_index(played) + 1
        over = (trumps >> top) << top
        if over != 0:
            return 0, over | (hh & EX_HI)
    return 0, trumps | (hh & EX_HI)


@njit
def _poignee_max(s: Array, seat: int) -> int:
    t = popcount(s[HANDS_HI + seat])
    n = s[N]
    if t >= POIGNEE_SIZE[n, 2]:
        return 2
    if t >= POIGNEE_SIZE[n, 1]:
        return 1
    if t >= POIGNEE_SIZE[n, 0]:
        return 0
    return -1


@njit
def _put_cards(out: Array, k: int, lo: int, hi: int, base: int) -> int:
    while lo != 0:
        out[k] = base + low_index(lo)
        k += 1
        lo &= lo - 1
    while hi != 0:
        out[k] = base + 56 + low_index(hi)
        k += 1
        hi &= hi - 1
    return k


@njit
def legal(s: Array, out: Array) -> int:
    """Write the legal action ids of the seat to move into ``out``, lowest first; their
    number (0 when the deal is over)."""
    seat = s[TURN]
    if seat < 0:
        return 0
    ph = s[PHASE]
    if ph == PH_PLAY:
        if s[TRICK_NO] == 0 and (s[DECIDED] >> seat & 1) == 0 and \
                (s[FLAGS] & F_POIGNEES) != 0:
            level = _poignee_max(s, seat)
            if level >= 0:
                for i in range(level + 2):
                    out[i] = A_NO_POIGNEE + i
                return level + 2
        lo, hi = play_masks(s, seat)
        return _put_cards(out, 0, lo, hi, 0)
    if ph == PH_BID:
        out[0] = A_PASS
        k = 1
        for bid in range(s[BEST_BID] + 1, 4):
            out[k] = A_BID + bid
            k += 1
        return k
    if ph == PH_ECART:
        hl = s[HANDS_LO + seat]
        plain = hl & PLAIN_LO
        if popcount(plain) >= s[ECART_LEFT]:
            return _put_cards(out, 0, plain, 0, A_DISCARD)
        return _put_cards(out, 0, plain, s[HANDS_HI + seat] & TRUMP_DISCARDABLE_HI, A_DISCARD)
    if ph == PH_CALL:
        hl = s[HANDS_LO + seat]
        k = 0
        for r in range(4):
            held = 0
            for suit in range(4):
                card = CALL[r * 4 + suit]
                if (hl >> card & 1) != 0:
                    held += 1
                if (s[FLAGS] & F_CALL_SELF) != 0 or (hl >> card & 1) == 0:
                    out[k] = A_CALL + r * 4 + suit
                    k += 1
            if held < 4:
                break
        return k
    if ph == PH_CHELEM:
        out[0] = A_NO_CHELEM
        out[1] = A_CHELEM
        return 2
    out[0] = A_PETIT_SEC
    return 1


@njit
def _finish(s: Array) -> None:
    s[PHASE] = PH_OVER
    s[TURN] = -1


@njit
def _begin_tricks(s: Array) -> None:
    s[PHASE] = PH_PLAY
    s[TURN] = s[LEADER]


@njit
def _start_play(s: Array) -> None:
    if (s[FLAGS] & F_CHELEM_ANNOUNCE) != 0:
        s[PHASE] = PH_CHELEM
        s[TURN] = s[TAKER]
        return
    _begin_tricks(s)


@njit
def _after_call(s: Array) -> None:
    taker = s[TAKER]
    if s[CONTRACT] <= 1:  # prise or garde: the chien is shown and taken
        s[CHIEN_SHOWN] = 1
        s[HANDS_LO + taker] |= s[CHIEN_LO]
        s[HANDS_HI + taker] |= s[CHIEN_HI]
        s[PHASE] = PH_ECART
        s[ECART_LEFT] = s[CHIEN_SIZE]
        s[TURN] = taker
    called = s[CALLED]
    if called >= 0:
        for seat in range(s[N]):
            if seat != taker and (s[HANDS_LO + seat] >> called & 1) != 0:
                s[PARTNER] = seat
        if s[CHIEN_SHOWN] != 0 and (s[CHIEN_LO] >> called & 1) != 0:
            s[PARTNER_KNOWN] = 1
    if s[CONTRACT] > 1:
        _start_play(s)


@njit
def _bid(s: Array, seat: int, bid: int) -> None:
    s[BIDS] += 1
    if bid > s[BEST_BID]:
        s[BEST_BID] = bid
        s[BEST_SEAT] = seat
    if s[BIDS] < s[N]:
        s[TURN] = (seat + 1) % s[N]
        return
    if s[BEST_BID] < 0:
        s[ANNULLED] = 2
        _finish(s)
        return
    s[TAKER] = s[BEST_SEAT]
    s[CONTRACT] = s[BEST_BID]
    if s[N] == 5:
        s[PHASE] = PH_CALL
        s[TURN] = s[TAKER]
        return
    _after_call(s)


@njit
def _give_low(s: Array, giver_camp: bool, to: int) -> int:
    """Move a low card from the tricks of ``giver_camp`` to ``to``; the card or -1."""
    for seat in range(s[N]):
        if taker_camp(s, seat) == giver_camp:
            low = s[WON_LO + seat] & LOW_LO
            if low != 0:
                c = low_index(low)
                s[WON_LO + seat] ^= 1 << c
                s[WON_LO + to] |= 1 << c
                return c
            low = s[WON_HI + seat] & LOW_HI
            if low != 0:
                c = low_index(low)
                s[WON_HI + seat] ^= 1 << c
                s[WON_HI + to] |= 1 << c
                return 56 + c
    return -1


@njit
def _resolve_excuse(s: Array) -> None:
    winner = s[EX_PENDING]
    if winner < 0:
        return
    s[EX_PENDING] = -1
    owner = s[EX_OWNER]
    if taker_camp(s, owner) == taker_camp(s, winner):
        s[EX_OWNER] = -1
        return
    if _give_low(s, taker_camp(s, owner), winner) >= 0:
        s[EX_OWNER] = -1
    else:
        s[OWED_TO] = winner


@njit
def _excuse_trick(s: Array, winner: int) -> int:
    n = s[N]
    gain_hi = s[TRICK_HI]
    pos = 0
    for i in range(n):
        if s[TRICK + i] == 77:
            pos = i
    owner = (s[LEADER] + pos) % n
    owner_camp = taker_camp(s, owner)
    no = s[TRICK_NO]
    if no == s[HAND_SIZE] - 1:
        camp_tricks = 0
        for seat in range(n):
            if taker_camp(s, seat) == owner_camp:
                camp_tricks += s[TRICKS_WON + seat]
        if (s[FLAGS] & F_EXCUSE_TAKER) == 0:
            if camp_tricks == no:  # a chelem: the excuse takes the trick
                winner = owner
                s[EX_WINS_LAST] = 1
        elif owner == s[TAKER] and camp_tricks >= no - 1:
            winner = owner
            s[EX_WINS_LAST] = 1 if camp_tricks == no else 0
    elif s[CALLED] >= 0 and s[PARTNER_KNOWN] == 0:
        gain_hi ^= EX_HI
        s[WON_HI + owner] |= EX_HI
        s[EX_OWNER] = owner
        s[EX_PENDING] = winner
    elif owner_camp != taker_camp(s, winner):
        gain_hi ^= EX_HI
        s[WON_HI + owner] |= EX_HI
        if _give_low(s, owner_camp, winner) < 0:
            s[EX_OWNER] = owner
            s[OWED_TO] = winner
    s[WON_LO + winner] |= s[TRICK_LO]
    s[WON_HI + winner] |= gain_hi
    return winner


@njit
def _end_trick(s: Array) -> None:
    n = s[N]
    leader = s[LEADER]
    tl = s[TRICK_LO]
    th = s[TRICK_HI]
    trumps = th & TRUMPS_HI
    if trumps != 0:
        wcard = 56 + high_index(trumps)
    else:
        first = s[TRICK]
        if first == 77:
            first = s[TRICK + 1]
        wcard = high_index(tl & SUIT_LO[first // 14])
    pos = 0
    for i in range(n):
        if s[TRICK + i] == wcard:
            pos = i
    winner = (leader + pos) % n
    if (th & EX_HI) != 0:
        winner = _excuse_trick(s, winner)
    else:
        s[WON_LO + winner] |= tl
        s[WON_HI + winner] |= th
    s[TRICKS_WON + winner] += 1
    if (th & 1) != 0:
        s[PETIT_TRICK] = s[TRICK_NO]
        s[PETIT_WINNER] = winner
    if s[OWED_TO] >= 0 and taker_camp(s, winner) == taker_camp(s, s[EX_OWNER]) and \
            _give_low(s, taker_camp(s, winner), s[OWED_TO]) >= 0:
        s[EX_OWNER] = -1
        s[OWED_TO] = -1
    s[TRICK_NO] += 1
    for i in range(n):
        s[TRICK + i] = 0
    s[TRICK_LEN] = 0
    s[TRICK_LO] = 0
    s[TRICK_HI] = 0
    if s[TRICK_NO] == s[HAND_SIZE]:
        _resolve_excuse(s)
        _finish(s)
    else:
        s[LEADER] = winner
        s[TURN] = winner


@njit
def _play_card(s: Array, seat: int, card: int) -> None:
    if card < 56:
        s[HANDS_LO + seat] ^= 1 << card
        s[TRICK_LO] |= 1 << card
    else:
        s[HANDS_HI + seat] ^= 1 << (card - 56)
        s[TRICK_HI] |= 1 << (card - 56)
    s[TRICK + s[TRICK_LEN]] = card
    s[TRICK_LEN] += 1
    if card == s[CALLED] and s[PARTNER_KNOWN] == 0:
        s[PARTNER_KNOWN] = 1
        _resolve_excuse(s)
    if s[TRICK_LEN] < s[N]:
        s[TURN] = (seat + 1) % s[N]
        return
    _end_trick(s)


@njit
def step(s: Array, action: int) -> None:
    """Play a legal ``action`` for the seat to move (unchecked: an illegal one corrupts)."""
    seat = s[TURN]
    if action < A_DISCARD:
        _play_card(s, seat, action)
    elif action < A_PASS:
        card = action - A_DISCARD
        if card < 56:
            s[HANDS_LO + seat] ^= 1 << card
            s[ECART_LO] |= 1 << card
        else:
            s[HANDS_HI + seat] ^= 1 << (card - 56)
            s[ECART_HI] |= 1 << (card - 56)
        s[ECART_LEFT] -= 1
        if s[ECART_LEFT] == 0:
            _start_play(s)
    elif action < A_CALL:
        _bid(s, seat, action - A_BID)
    elif action < A_NO_POIGNEE:
        s[CALLED] = CALL[action - A_CALL]
        _after_call(s)
    elif action < A_NO_CHELEM:
        s[DECIDED] |= 1 << seat
        if action > A_NO_POIGNEE:
            s[POIGNEE] += BONUS[action - A_NO_POIGNEE - 1]
    elif action < A_PETIT_SEC:
        if action == A_CHELEM:
            s[CHELEM] = 1
            s[LEADER] = seat
        _begin_tricks(s)
    else:
        s[ANNULLED] = 1
        _finish(s)



# -- playouts -------------------------------------------------------------------------------


@njit
def _random_playout(s: Array, rng: Array, record: Array, acts: Array) -> None:
    i = 0
    while s[TURN] >= 0:
        k = legal(s, acts)
        a = acts[below(rng, k)]
        record[i] = a
        i += 1
        step(s, a)


@njit
def playouts_kernel(state: Array, n: int, seed: int) -> Any:
    """``n`` random playouts of ``state``: an (n, seats) float array of points."""
    out = np.zeros((n, state[N]), np.float64)
    record = np.empty(MAX_ACTIONS, np.int64)
    acts = np.empty(MAX_LEGAL, np.int64)
    rng = np.empty(1, np.int64)
    s = state.copy()
    for i in range(n):
        s[:] = state
        rng[0] = seed_for(seed, i)
        _random_playout(s, rng, record, acts)
        _points(s, out[i])
    return out


@njit
def rollouts_kernel(states: Array, seed: int) -> Any:
    """One random playout of each row of ``states`` (k, LENGTH), row ``i`` seeded by
    ``(seed, i)``: (k, seats) float points."""
    k = states.shape[0]
    out = np.zeros((k, states[0, N] if k else 1), np.float64)
    record = np.empty(MAX_ACTIONS, np.int64)
    acts = np.empty(MAX_LEGAL, np.int64)
    rng = np.empty(1, np.int64)
    s = np.empty(states.shape[1], np.int64)
    for i in range(k):
        s[:] = states[i]
        rng[0] = seed_for(seed, i)
        _random_playout(s, rng, record, acts)
        _points(s, out[i])
    return out


@njit
def choices_kernel(state: Array, seed: int, index: int) -> Array:
    """The actions of playout ``index`` of ``seed`` (padded with -1)."""
    record = np.full(MAX_ACTIONS, -1, np.int64)
    acts = np.empty(MAX_LEGAL, np.int64)
    rng = np.empty(1, np.int64)
    rng[0] = seed_for(seed, index)
    s = state.copy()
    _random_playout(s, rng, record, acts)
    return record


def _check_state(state: object) -> Array:
    if not isinstance(state, np.ndarray) or state.dtype != np.int64 or \
            state.shape != (LENGTH,):
        raise ValueError(f"tarot kernel: a state is an int64 vector of {LENGTH} (see encode)")
    return state


def legal_mask(state: Array) -> int:
    """The legal actions of ``state`` as a bitmask over action ids (the engine's form)."""
    acts = np.empty(MAX_LEGAL, np.int64)
    k = legal(_check_state(state), acts)
    mask = 0
    for a in acts[:k]:
        mask |= 1 << int(a)
    return mask


def random_playouts(state: Array, n: int, seed: int) -> Any:
    """Each seat's points for ``n`` uniformly random playouts from ``state``: (n, seats)."""
    return playouts_kernel(_check_state(state), check_count(n), check_seed(seed))


def rollouts(states: Array, seed: int) -> Any:
    """One random playout of each row of ``states`` (k states of one table stacked), in one
    call: (k, seats) points; row ``i`` plays as ``random_playouts(states[i], ...)`` row ``i``."""
    if not isinstance(states, np.ndarray) or states.dtype != np.int64 or states.ndim != 2 \
            or states.shape[1] != LENGTH:
        raise ValueError(f"tarot kernel: states are an int64 array (k, {LENGTH})")
    return rollouts_kernel(states, check_seed(seed))


def choices(state: Array, seed: int, index: int = 0) -> list[int]:
    """The action ids of playout ``index`` of :func:`random_playouts` with ``seed``."""
    record = choices_kernel(_check_state(state), check_seed(seed), check_count(index))
    return [int(a) for a in record if a >= 0]


# -- whole deals from a seed ----------------------------------------------------------------


@njit
def deal_into(s: Array, template: Array, rng: Array) -> None:
    """A fresh deal of ``template``'s table (its dealer and options) dealt at random into
    ``s``: the hands, the chien, the misères and the petit sec."""
    s[:] = template
    n = s[N]
    lo = (1 << 56) - 1
    hi = (1 << 22) - 1
    for seat in range(n + 1):
        size = s[HAND_SIZE] if seat < n else s[CHIEN_SIZE]
        hl = 0
        hh = 0
        for _ in range(size):
            nlo = popcount(lo)
            k = below(rng, nlo + popcount(hi))
            if k < nlo:
                m = lo
                for _ in range(k):
                    m &= m - 1
                c = low_index(m)
                lo ^= 1 << c
                hl |= 1 << c
            else:
                m = hi
                for _ in range(k - nlo):
                    m &= m - 1
                c = low_index(m)
                hi ^= 1 << c
                hh |= 1 << c
        if seat < n:
            s[HANDS_LO + seat] = hl
            s[HANDS_HI + seat] = hh
        else:
            s[CHIEN_LO] = hl
            s[CHIEN_HI] = hh
    laid_out(s)


@njit
def laid_out(s: Array) -> None:
    """What the hands just dealt into ``s`` (a template's copy with its hands and chien set)
    decide before the first bid: the misères dealt and the petit sec's declaration, as the
    engine's deal does."""
    n = s[N]
    miseres = 0
    for seat in range(n):
        if s[HANDS_HI + seat] == 0:
            miseres += 1
        if (s[HANDS_LO + seat] & HEADS_LO) == 0:
            miseres += 1
    s[MISERES] = miseres if s[MISERE] != 0 else 0
    if (s[FLAGS] & F_ANNUL_PETIT_SEC) != 0:
        for seat in range(n):
            if s[HANDS_HI + seat] == 1:
                s[PHASE] = PH_PETIT_SEC
                s[TURN] = seat
                break


@njit
def deals_kernel(template: Array, n: int, seed: int) -> Any:
    """``n`` random deals of ``template``'s table played out at random: (n, seats)."""
    out = np.zeros((n, template[N]), np.float64)
    record = np.empty(MAX_ACTIONS, np.int64)
    acts = np.empty(MAX_LEGAL, np.int64)
    rng = np.empty(1, np.int64)
    s = template.copy()
    for i in range(n):
        rng[0] = seed_for(seed, i)
        deal_into(s, template, rng)
        _random_playout(s, rng, record, acts)
        _points(s, out[i])
    return out


def template(**options: Any) -> Array:
    """The state of a deal of a table with ``options`` before its cards are dealt."""
    deal = make("tarot", **options).deal(seed=0)
    assert isinstance(deal, TarotDeal)
    s = encode(deal)
    n = int(s[N])
    for seat in range(n):
        s[HANDS_LO + seat] = s[HANDS_HI + seat] = 0
    s[CHIEN_LO] = s[CHIEN_HI] = 0
    s[MISERES] = 0
    s[PHASE] = PH_BID
    s[TURN] = (int(s[DEALER]) + 1) % n
    assert s[HAND_SIZE] == HAND_SIZES[n] and s[CHIEN_SIZE] == CHIEN_SIZES[n]
    return s


def playouts(n: int, seed: int, **options: Any) -> Any:
    """``n`` random deals of French Tarot with ``options``, played out at random from the
    deal (petit sec, bidding, call, écart, chelem and poignées included): each seat's
    points, an (n, seats) float array."""
    return deals_kernel(template(**options), check_count(n), check_seed(seed))


__all__ = ["LENGTH", "MAX_ACTIONS", "choices", "deal_into", "encode", "laid_out", "legal",
           "legal_mask",
           "play_masks", "playouts", "random_playouts", "rollouts", "step", "template"]
