"""The Jass family's card play as a kernel: Schieber and Putze on one int64 state vector.

:func:`encode` reads a deal of :mod:`atout.games.jass` or :mod:`atout.games.putze` in its card
play (a trick under way included) into a vector of :data:`STATE_SIZE` int64 (the layout is
the ``ST_*`` offsets below: each seat's hand as a 36-card mask, the trick on the table, the
points and tricks of each side, the rules that matter). The kernels step it card by card
(:func:`apply_card`, the rules of :func:`~atout.games.jass.play.legal_cards` in
:func:`legal_mask`) and play it to the end:

- :func:`random_playouts`: ``n`` uniformly random playouts, each seat's final points;
- :func:`choices`: the cards of one random playout, for the engine to replay (the tests check
  that the engine scores them as the kernel does);
- :func:`perft`: the number of card sequences of a length, as the engine's perft counts.

The Weis and the Stöck do not depend on the order of play once the hands are known: their
points are found at :func:`encode` (from the Weis the engine found in the hands) and carried
in the state, so the kernels only play cards. A seat's final points are its side's
``(Weis + Stöck + card points + all-tricks bonus) × multiplier``: a Schieber team's totals
(the engine's result), a Putze player's totals (the engine's ``details["totals"]``; its
putzes and pommes follow from them by :func:`atout.games.putze.scoring.award`).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray

from atout.games.jass.play import (
    HIGHER_TRUMPS,
    LAST_TRICK_BONUS,
    MATCH_BONUS,
    STOECK_POINTS,
    SUIT_MASK,
    TRICK_KEYS,
    VALUE,
    TrickPlay,
)
from atout.kernels.jit import njit
from atout.kernels.rand import below, fold_seed, new_stream, seed_stream

# -- the state vector's layout ------------------------------------------------------------
ST_N = 0  # seats at the table (4 in Schieber, 2 to 6 in Putze)
ST_MODE = 1  # trump mode: 0-3 a suit, 4 Obenabe, 5 Undenufe
ST_LEADER = 2  # the seat that led the trick under way (or leads the next)
ST_POS = 3  # cards already in the trick under way
ST_LEFT = 4  # tricks still to finish, the one under way included
ST_STRICT = 5  # the strict reading of the under-trumping rule
ST_FREE = 6  # the Buur need not follow a trump lead
ST_MATCH = 7  # taking every trick earns the all-tricks bonus
ST_MULT = 8  # the multiplier of the mode
ST_NSIDES = 9  # sides that score (2 teams in Schieber, each player in Putze)
ST_TURN = 10  # the seat to play, -1 once the play is over
ST_BEST = 11  # the card winning the trick under way (-1: none)
ST_BEST_SEAT = 12  # its seat
ST_PTS = 13  # the card points in the trick under way
ST_SIZE = 14  # cards in a trick (the players)
ST_LED = 15  # the suit led (-1: none)
ST_HANDS = 16  # 6 hands
ST_NEXT = 22  # 6: the seat after each seat (-1: sits out)
ST_SIDE = 28  # 6: the side each seat scores for
ST_BASE = 34  # 6 per side: Weis and Stöck (their final points, known from the hands)
ST_CARD = 40  # 6 per side: card points and the last-trick bonus so far
ST_WON = 46  # 6 per side: tricks won so far
ST_TRICK = 52  # 6: the cards of the trick under way
ST_PLAYED = 58  # the cards played so far
STATE_SIZE = 64
MAX_SEATS = 6

KEYS = np.array(TRICK_KEYS, dtype=np.int64)
"""KEYS[mode, led, card]: the card's strength in a trick
(:data:`~atout.games.jass.ranks.TRICK_KEYS`)."""
VALUES = np.array(VALUE, dtype=np.int64)
"""VALUES[mode, card]: the card's points."""
HIGHER = np.array(HIGHER_TRUMPS, dtype=np.int64)
"""HIGHER[mode, card]: the trumps that beat the card."""
SUITS = np.array(SUIT_MASK, dtype=np.int64)
"""SUITS[suit]: the suit's 36-card mask."""


# -- bit helpers (loops: the same in numba and in Python) -----------------------------------
@njit
def popcount(x: int) -> int:
    """The number of set bits of a non-negative mask."""
    n = 0
    while x:
        x &= x - 1
        n += 1
    return n


@njit
def lowest(x: int) -> int:
    """The index of the lowest set bit of a non-zero mask."""
    c = 0
    while not (x >> c) & 1:
        c += 1
    return c


@njit
def nth_card(mask: int, r: int) -> int:
    """The ``r``-th card (from 0) of ``mask`` in card order."""
    for _ in range(r):
        mask &= mask - 1
    return lowest(mask)


# -- the rules --------------------------------------------------------------------------------
@njit
def legal_cards(hand: int, mode: int, led: int, best: int, strict: int, free: int) -> int:
    """:func:`atout.games.jass.play.legal_cards` on the kernel's tables."""
    if led < 0:
        return hand
    follow = int(hand & SUITS[led])
    if mode >= 4:
        return follow if follow else hand
    trumps = hand & SUITS[mode]
    if led == mode:
        if (not free) or follow & ~(1 << (mode * 9 + 5)):
            return follow if follow else hand
        return hand
    if best // 9 == mode:
        if trumps == hand and not strict:
            return hand
        allowed = int(trumps & HIGHER[mode, best])
    else:
        allowed = trumps
    if follow:
        return follow | allowed
    legal = (hand & ~trumps) | allowed
    return legal if legal else hand


@njit
def legal_mask(st: NDArray[np.int64]) -> int:
    """The cards the seat to play may play (0 once the play is over)."""
    seat = st[ST_TURN]
    if seat < 0:
        return 0
    hand = int(st[ST_HANDS + seat])
    if st[ST_POS] == 0:
        return hand
    return legal_cards(hand, st[ST_MODE], st[ST_LED], st[ST_BEST], st[ST_STRICT], st[ST_FREE])


@njit
def apply_card(st: NDArray[np.int64], c: int) -> None:
    """The seat to play plays card ``c`` (legal: unchecked); a full trick is scored."""
    seat = st[ST_TURN]
    mode = st[ST_MODE]
    st[ST_HANDS + seat] ^= 1 << c
    st[ST_PLAYED] |= 1 << c
    pos = st[ST_POS]
    st[ST_TRICK + pos] = c
    if pos == 0:
        led = c // 9
        st[ST_LED] = led
        st[ST_BEST] = c
        st[ST_BEST_SEAT] = seat
        st[ST_PTS] = VALUES[mode, c]
    else:
        led = st[ST_LED]
        if KEYS[mode, led, c] > KEYS[mode, led, st[ST_BEST]]:
            st[ST_BEST] = c
            st[ST_BEST_SEAT] = seat
        st[ST_PTS] += VALUES[mode, c]
    pos += 1
    if pos < st[ST_SIZE]:
        st[ST_POS] = pos
        st[ST_TURN] = st[ST_NEXT + seat]
        return
    winner = st[ST_BEST_SEAT]
    side = st[ST_SIDE + winner]
    pts = st[ST_PTS]
    left = st[ST_LEFT] - 1
    st[ST_LEFT] = left
    if left == 0:
        pts += LAST_TRICK_BONUS
    st[ST_CARD + side] += pts
    st[ST_WON + side] += 1
    st[ST_POS] = 0
    st[ST_LEADER] = winner
    st[ST_LED] = -1
    st[ST_BEST] = -1
    st[ST_BEST_SEAT] = -1
    st[ST_PTS] = 0
    st[ST_TURN] = winner if left else -1


@njit
def final_scores(st: NDArray[np.int64], out: NDArray[np.int64]) -> None:
    """Each seat's points into ``out[:n]``: its side's Weis, Stöck, cards and (once the play
    is over) the all-tricks bonus, multiplied."""
    nsides = st[ST_NSIDES]
    bonus_side = -1
    if st[ST_MATCH] and st[ST_TURN] < 0:
        with_tricks = 0
        for side in range(nsides):
            if st[ST_WON + side]:
                with_tricks += 1
                bonus_side = side
        if with_tricks != 1:
            bonus_side = -1
    mult = st[ST_MULT]
    for seat in range(st[ST_N]):
        side = st[ST_SIDE + seat]
        total = st[ST_BASE + side] + st[ST_CARD + side]
        if side == bonus_side:
            total += MATCH_BONUS
        out[seat] = total * mult


# -- random playouts ---------------------------------------------------------------------------
@njit
def play_random(st: NDArray[np.int64], rs: NDArray[np.int64], record: NDArray[np.int64]) -> int:
    """Play ``st`` to its end with uniformly random legal cards drawn from ``rs``; the cards
    go to ``record`` (when it has room for them); returns how many were played."""
    k = 0
    room = record.shape[0]
    while st[ST_TURN] >= 0:
        m = legal_mask(st)
        c = nth_card(m, below(rs, popcount(m)))
        if k < room:
            record[k] = c
        k += 1
        apply_card(st, c)
    return k


@njit
def random_playouts_kernel(state: NDArray[np.int64], n: int, seed: int) -> NDArray[np.int64]:
    """``n`` random playouts of ``state``: each seat's final points, shape ``(n, seats)``."""
    seats = state[ST_N]
    out = np.zeros((n, seats), dtype=np.int64)
    st = np.empty(STATE_SIZE, dtype=np.int64)
    rs = np.zeros(1, dtype=np.int64)
    none = np.zeros(0, dtype=np.int64)
    row = np.zeros(MAX_SEATS, dtype=np.int64)
    for i in range(n):
        st[:] = state
        seed_stream(rs, seed, i)
        play_random(st, rs, none)
        final_scores(st, row)
        for s in range(seats):
            out[i, s] = row[s]
    return out


@njit
def states_playouts_kernel(states: NDArray[np.int64], seed: int) -> NDArray[np.int64]:
    """One random playout of each row of ``states`` (row ``i`` from the stream ``(seed, i)``):
    each seat's final points, shape ``(rows, 6)`` (seats past a table's size: 0)."""
    k = states.shape[0]
    out = np.zeros((k, MAX_SEATS), dtype=np.int64)
    st = np.empty(STATE_SIZE, dtype=np.int64)
    rs = np.zeros(1, dtype=np.int64)
    none = np.zeros(0, dtype=np.int64)
    for i in range(k):
        st[:] = states[i]
        seed_stream(rs, seed, i)
        play_random(st, rs, none)
        final_scores(st, out[i])
    return out


@njit
def choices_kernel(state: NDArray[np.int64], seed: int, index: int) -> NDArray[np.int64]:
    """The cards of random playout ``index`` under ``seed`` (as in :func:`random_playouts`),
    then each seat's final points: ``cards + scores``."""
    st = state.copy()
    rs = np.zeros(1, dtype=np.int64)
    seed_stream(rs, seed, index)
    record = np.zeros(36, dtype=np.int64)
    k = play_random(st, rs, record)
    seats = st[ST_N]
    row = np.zeros(MAX_SEATS, dtype=np.int64)
    final_scores(st, row)
    out = np.zeros(k + seats, dtype=np.int64)
    for i in range(k):
        out[i] = record[i]
    for s in range(seats):
        out[k + s] = row[s]
    return out


@njit
def perft_kernel(state: NDArray[np.int64], depth: int) -> int:
    """The number of card sequences of length ``depth`` (ending early at the deal's end)."""
    stack = np.empty((depth + 1, STATE_SIZE), dtype=np.int64)
    masks = np.zeros(depth + 1, dtype=np.int64)
    stack[0, :] = state
    count = 0
    level = 0
    masks[0] = legal_mask(stack[0])
    if depth == 0 or stack[0, ST_TURN] < 0:
        return 1
    while level >= 0:
        m = masks[level]
        if m == 0:
            level -= 1
            continue
        if level == depth - 1:
            count += popcount(m)
            masks[level] = 0
            level -= 1
            continue
        c = lowest(m)
        masks[level] = m & (m - 1)
        stack[level + 1, :] = stack[level]
        apply_card(stack[level + 1], c)
        level += 1
        if stack[level, ST_TURN] < 0:
            count += 1
            level -= 1
        else:
            masks[level] = legal_mask(stack[level])
    return count


# -- the Python side: encode, and the entries with checked arguments ----------------------------
def _in_play(deal: Any) -> TrickPlay:
    """The deal as a card play, or a ValueError in words."""
    if not isinstance(deal, TrickPlay):
        raise ValueError(f"the Jass kernel reads Jass and Putze deals, not {type(deal).__name__}")
    if "tricks" not in deal.__dict__ or not deal.playing:
        raise ValueError("the Jass kernel starts from the card play: choose trump (Jass) or "
                         "finish the speaking (Putze) first, for instance with the engine")
    return deal


def _weis_and_stoeck(play: TrickPlay) -> list[int]:
    """Each side's final Weis and Stöck points: those scored, and those the hands will score
    (the Weis after the first trick, by the engine's rule: the best announcement in turn
    order from the first leader, or every one; the Stöck once its second card is played)."""
    points = [w + s for w, s in zip(play.weis_points, play.stoeck_points, strict=True)]
    if not play.tricks and play.declared:
        side_of = play.side_of
        if play.weis_scoring == "each":
            winners = list(play.declared)
        else:
            keys = play.weis_keys
            best: tuple[int, int, int, int] | None = None
            best_seat = -1
            s = play.leader
            for _ in play.playing:  # in turn order from the first leader: ties to the first
                k = keys.get(s)
                if k is not None and (best is None or k > best):
                    best, best_seat = k, s
                s = play.next_player[s]
            sides = {side_of[best_seat]}
            if getattr(play.rules.options, "weis_tie", "first") == "both":
                sides |= {side_of[t] for t, k in keys.items() if k == best}
            winners = [t for t in play.declared if side_of[t] in sides]
        for t in winners:
            points[side_of[t]] += sum(w.value for w in play.declared[t])
    if play.stoeck_seat >= 0 and not play.stoeck_said:
        points[play.side_of[play.stoeck_seat]] += STOECK_POINTS
    return points


def encode(deal: Any) -> NDArray[np.int64]:
    """The state vector of a Jass or Putze deal in its card play (see the module's layout).

    Raises ValueError for a deal of another game or one whose card play has not begun.
    """
    play = _in_play(deal)
    base = _weis_and_stoeck(play)
    st = np.zeros(STATE_SIZE, dtype=np.int64)
    n = len(play.hands)
    st[ST_N] = n
    st[ST_MODE] = play.mode
    st[ST_LEADER] = play.leader
    st[ST_POS] = len(play.trick)
    st[ST_LEFT] = play.tricks_total - len(play.tricks)
    st[ST_STRICT] = int(play.strict_under)
    st[ST_FREE] = int(play.buur_free)
    st[ST_MATCH] = int(play.match_bonus_enabled())
    st[ST_MULT] = play.multiplier
    st[ST_NSIDES] = play.nsides
    st[ST_TURN] = -1 if play.is_over else play.turn
    st[ST_SIZE] = play.trick_size
    st[ST_LED] = play.led if play.trick else -1
    st[ST_BEST] = play.best if play.trick else -1
    st[ST_BEST_SEAT] = play.best_seat if play.trick else -1
    values = VALUE[play.mode]
    st[ST_PTS] = sum(values[c] for c in play.trick)
    played = 0
    for _, cards, _, _ in play.tricks:
        for c in cards:
            played |= 1 << c
    for i, c in enumerate(play.trick):
        st[ST_TRICK + i] = c
        played |= 1 << c
    st[ST_PLAYED] = played
    for s in range(n):
        st[ST_HANDS + s] = play.hands[s]
        st[ST_NEXT + s] = play.next_player[s]
        st[ST_SIDE + s] = play.side_of[s]
    for side in range(play.nsides):
        st[ST_BASE + side] = base[side]
        st[ST_CARD + side] = play.card_points[side]
        st[ST_WON + side] = play.tricks_won[side]
    return st


def checked_state(state: Any) -> NDArray[np.int64]:
    """``state`` as an int64 vector of :data:`STATE_SIZE`, or a ValueError in words."""
    st = np.asarray(state)
    if st.shape != (STATE_SIZE,) or st.dtype != np.int64:
        raise ValueError(f"a Jass kernel state is an int64 vector of {STATE_SIZE} (from "
                         f"encode), not {st.dtype} of shape {st.shape}")
    return np.ascontiguousarray(st)


def whole(n: Any, what: str = "n") -> int:
    """``n`` as a whole number of 0 or more, or a ValueError in words naming ``what``."""
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < 0:
        raise ValueError(f"{what} must be a whole number of 0 or more, not {n!r}")
    return int(n)


def random_playouts(state: Any, n: int, seed: int) -> NDArray[np.int64]:
    """Each seat's final points for ``n`` random playouts of ``state``: shape ``(n, seats)``.

    Playout ``i`` draws from the stream ``(seed, i)``: the same result compiled or not, and
    :func:`choices` gives its cards.
    """
    return random_playouts_kernel(checked_state(state), whole(n), fold_seed(seed))


def choices(state: Any, seed: int, index: int = 0) -> tuple[list[int], list[int]]:
    """The cards (card indices, also the engine's action ids) of random playout ``index``
    of ``seed`` from ``state``, and each seat's final points."""
    st = checked_state(state)
    got = choices_kernel(st, fold_seed(seed), whole(index, "index"))
    seats = int(st[ST_N])
    k = len(got) - seats
    return [int(c) for c in got[:k]], [int(v) for v in got[k:]]


def perft(state: Any, depth: int) -> int:
    """The number of card sequences of length ``depth`` from ``state`` (sequences that end the
    deal sooner count once), as the engine's perft."""
    return int(perft_kernel(checked_state(state), whole(depth, "depth")))


def legal(state: Any) -> int:
    """The legal cards of the seat to play, as a 36-card mask."""
    return int(legal_mask(checked_state(state)))


def step(state: Any, card: int) -> NDArray[np.int64]:
    """A copy of ``state`` after the seat to play plays ``card``; ValueError if not legal."""
    st = checked_state(state).copy()
    if not legal_mask(st) >> int(card) & 1:
        raise ValueError(f"card {card} is not legal here")
    apply_card(st, int(card))
    return st


def scores(state: Any) -> list[int]:
    """Each seat's points so far (its final points once the play is over)."""
    st = checked_state(state)
    out = np.zeros(MAX_SEATS, dtype=np.int64)
    final_scores(st, out)
    return [int(v) for v in out[:int(st[ST_N])]]


@njit
def card_planes(st: NDArray[np.int64], obs: NDArray[np.float32],
                mask: NDArray[np.int8]) -> None:
    """The seat to move's card planes, for the kernel environments: in the row ``obs`` its
    hand (0..35), the cards of the finished tricks (36..71) and the cards on the table
    (72..107); in the row ``mask`` its legal cards (0..35). Both rows are written, not
    cleared first."""
    hand = st[ST_HANDS + st[ST_TURN]]
    table = 0
    for k in range(st[ST_POS]):
        table |= 1 << st[ST_TRICK + k]
    done = st[ST_PLAYED] & ~table
    legal = legal_mask(st)
    for c in range(36):
        obs[c] = (hand >> c) & 1
        obs[36 + c] = (done >> c) & 1
        obs[72 + c] = (table >> c) & 1
        mask[c] = (legal >> c) & 1


__all__ = ["STATE_SIZE", "apply_card", "card_planes", "checked_state", "choices", "encode",
           "final_scores", "legal", "legal_cards", "legal_mask", "new_stream", "perft",
           "random_playouts", "scores", "step", "whole"]
