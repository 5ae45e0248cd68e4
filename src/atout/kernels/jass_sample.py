"""The Jass search's sampling of hidden hands as a kernel: worlds for the card play, from its
first card.

:func:`sample_worlds_kernel` deals, for each world, the cards the searching seat has not
seen to the three other hands, as :class:`atout.bots.jass.search.JassDeterminizer` does, and
writes each world as a :mod:`atout.kernels.jass` state (its base with the hands replaced)
for the search's rollouts:

- hard constraints: the hand sizes, the voids shown and the Weis cards shown, through
  :func:`atout.kernels.jass_search.assign`;
- soft constraints, in the Python sampler's order: the Weis announced (:func:`weis_bad`: a
  seat who announced none holds none, a seat who announced holds Weis of that total, found
  as the engine finds them by :func:`atout.kernels.putze_sample.weis_of`, and none better
  than the Weis shown that beat his; a sample that
  disagrees is only a fallback, behind every sample that agrees), then the opponents' leads
  (:func:`atout.kernels.jass_search.lead_misses`: a sample that explains ``m`` of them badly
  is kept with probability ``keep32[m] / 2**32``), then, beyond the Python sampler, the
  cards of the ``readers`` seats read as the heuristic's play
  (:func:`atout.kernels.jass_infer.replay_misses`: ``m`` of them explained badly, kept with
  probability ``keep_play[m] / 2**32``); after ``soft`` more tries the fallback with the
  fewest misses;
- the points still to come that the hands decide: in the first trick the Weis the world's
  hands will score (:func:`first_trick_weis`, as the engine scores them once the first trick
  is over), and the Stöck still to come added to its holder's side.

World ``w`` draws from the stream ``(seed, w)``; a world no try could deal is returned with
its turn -1 (the caller drops it). :func:`sample_worlds` checks its arguments and says in
words what is wrong.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray

from atout.games.jass.play import STOECK_POINTS
from atout.kernels.jass import (
    MAX_SEATS,
    ST_BASE,
    ST_HANDS,
    ST_LEADER,
    ST_MODE,
    ST_N,
    ST_NEXT,
    ST_SIDE,
    ST_TURN,
    STATE_SIZE,
    whole,
)
from atout.kernels.jass_infer import replay_misses
from atout.kernels.jass_search import assign, has_weis, lead_misses
from atout.kernels.jit import njit
from atout.kernels.kit import never_kept, read_limit
from atout.kernels.putze_sample import weis_of
from atout.kernels.rand import draw32, fold_seed, seed_stream


@njit
def weis_bad(start: NDArray[np.int64], seats: int, quiet: int, announced: NDArray[np.int64],
             weis_seats: int, big: int, mode: int, beat: int, after: int) -> int:
    """1 when the hands as play began (``start``, ``seats`` of them) disagree with the Weis
    announced, else 0: a seat of the ``quiet`` bits (who announced none) holds one, or a
    seat of the ``weis_seats`` bits holds Weis of another total than ``announced[seat]``
    (the Python sampler's :func:`atout.bots.jass.facts.weis_agree`), or, once the Weis
    shown have beaten his (``beat``: their best key, -1 for none), a better one than
    ``beat`` (as good: only a seat of the ``after`` bits, after the winner in turn order
    or whose Weis were shown)."""
    for q in range(seats):
        if quiet >> q & 1 and has_weis(start[q]):
            return 1
        if weis_seats >> q & 1:
            total, key = weis_of(start[q], big, mode)
            if total != announced[q]:
                return 1
            if beat >= 0 and (key > beat or (key == beat and not after >> q & 1)):
                return 1
    return 0


@njit
def first_trick_weis(st: NDArray[np.int64], start: NDArray[np.int64], big: int,
                     tie_both: int) -> None:
    """Add to ``st``'s sides the Weis of the hands as play began (``start``) as the Jass
    engine scores them once the first trick is over: every Weis of the side that holds the
    best one (:func:`atout.kernels.putze_sample.weis_of`'s key, in turn order from the first
    leader, ties to the first; ``tie_both``: every side holding one as good)."""
    seats = st[ST_N]
    mode = st[ST_MODE]
    totals = np.zeros(MAX_SEATS, dtype=np.int64)
    keys = np.full(MAX_SEATS, -1, dtype=np.int64)
    for s in range(seats):
        total, key = weis_of(start[s], big, mode)
        totals[s] = total
        keys[s] = key
    best_key = -1
    best_seat = -1
    s = st[ST_LEADER]
    for _ in range(seats):
        if totals[s] and keys[s] > best_key:
            best_key = keys[s]
            best_seat = s
        s = st[ST_NEXT + s]
    if best_seat < 0:
        return
    sides = 1 << st[ST_SIDE + best_seat]
    if tie_both:
        for t in range(seats):
            if totals[t] and keys[t] == best_key:
                sides |= 1 << st[ST_SIDE + t]
    for t in range(seats):
        if sides >> st[ST_SIDE + t] & 1:
            st[ST_BASE + st[ST_SIDE + t]] += totals[t]


@njit
def _read(base: NDArray[np.int64], start: NDArray[np.int64], plays: NDArray[np.int64],
          leader: int, readers: int, chooser: int, bad: int, misses: int, best: int,
          last: int, hopeless: int) -> int:
    """The cards of the ``readers`` the hands ``start`` explain badly
    (:func:`~atout.kernels.jass_infer.replay_misses`), counted as far as it can matter: for
    the world to be kept (below ``hopeless``), or to make a better fallback than ``best``
    (-1: none yet) with its ``misses``; 0 when no seat is read or the Weis disagree."""
    if not readers or bad:
        return 0
    return replay_misses(base, start, plays, leader, readers, chooser,
                         read_limit(last, hopeless, best, misses))


@njit
def sample_worlds_kernel(base: NDArray[np.int64], holders: NDArray[np.int64], pool: int,
                         sizes: NDArray[np.int64], allowed: NDArray[np.int64],
                         forced: NDArray[np.int64], played_by: NDArray[np.int64],
                         leads: NDArray[np.int64], keep32: NDArray[np.int64], stoeck: int,
                         quiet: int, announced: NDArray[np.int64], weis_seats: int, big: int,
                         beat: int, after: int, weis_now: int, plays: NDArray[np.int64],
                         leader: int, readers: int, chooser: int, keep_play: NDArray[np.int64],
                         tries: int, soft: int, count: int, seed: int) -> NDArray[np.int64]:
    """``count`` worlds (see the module): ``base`` with the unseen cards ``pool`` dealt to
    the seats ``holders`` (``sizes``, ``allowed``, ``forced`` as
    :func:`~atout.kernels.jass_search.assign` takes them), ``played_by`` the cards each seat
    has played, ``leads`` and ``keep32`` the lead facts and their weights, ``quiet``,
    ``announced``, ``weis_seats``, ``big``, ``beat`` and ``after`` the Weis facts
    (:func:`weis_bad`),
    ``weis_now`` the first trick's Weis still to score (0: none or scored already, 1: the
    best side's, 2: with the tie to both sides: :func:`first_trick_weis`), ``stoeck`` the
    trump king and queen when the Stöck is still to come (0 without); ``plays`` the cards
    played so far in order from ``leader``'s lead, ``readers`` the seats (bits) whose cards
    are read as the heuristic's (:func:`atout.kernels.jass_infer.replay_misses`, ``chooser``
    the seat that chose trump), a world that explains ``m`` of them badly kept with
    probability ``keep_play[min(m, len - 1)] / 2**32`` (``readers`` 0: none read);
    ``tries`` draws at most, ``soft`` more once a fallback exists."""
    out = np.zeros((count, STATE_SIZE), dtype=np.int64)
    rs = np.zeros(1, dtype=np.int64)
    n = holders.shape[0]
    got = np.zeros(n, dtype=np.int64)
    keep = np.zeros(n, dtype=np.int64)
    start = np.zeros(MAX_SEATS, dtype=np.int64)
    seats = base[ST_N]
    mode = base[ST_MODE]
    last = keep_play.shape[0] - 1
    hopeless = never_kept(keep_play)
    for w in range(count):
        seed_stream(rs, seed, w)
        best = -1
        extra = 0
        for _ in range(tries):
            if best >= 0:
                extra += 1
                if extra > soft:
                    break
            if not assign(pool, sizes, allowed, forced, rs, got):
                continue
            for s in range(seats):
                start[s] = base[ST_HANDS + s] | played_by[s]
            for i in range(n):
                start[holders[i]] = got[i] | played_by[holders[i]]
            misses = lead_misses(start, leads)
            bad = weis_bad(start, seats, quiet, announced, weis_seats, big, mode, beat, after)
            read = _read(base, start, plays, leader, readers, chooser, bad, misses, best,
                         last, hopeless)
            if not bad and (misses == 0 or draw32(rs) < keep32[misses]) and (
                    read == 0 or draw32(rs) < keep_play[min(read, last)]):
                best = 0
                keep[:] = got
                break
            if best < 0 or 1000 * bad + misses + read < best:
                best = 1000 * bad + misses + read
                keep[:] = got
        out[w, :] = base
        if best < 0:
            out[w, ST_TURN] = -1
            continue
        for i in range(n):
            out[w, ST_HANDS + holders[i]] = keep[i]
        if weis_now:
            for s in range(seats):
                start[s] = out[w, ST_HANDS + s] | played_by[s]
            first_trick_weis(out[w], start, big, int(weis_now == 2))
        if stoeck:
            for s in range(seats):
                hand = out[w, ST_HANDS + s]
                if (hand | played_by[s]) & stoeck == stoeck and hand & stoeck:
                    out[w, ST_BASE + out[w, ST_SIDE + s]] += STOECK_POINTS
    return out


_ARRAYS = ("base", "holders", "sizes", "allowed", "forced", "played_by", "leads", "keep32",
           "announced", "plays", "keep_play")
"""The arguments of :func:`sample_worlds_kernel` that are arrays, by name."""


def _arrays(named: dict[str, Any]) -> dict[str, NDArray[np.int64]]:
    """The array arguments as contiguous int64 arrays, or a ValueError in words."""
    out: dict[str, NDArray[np.int64]] = {}
    for name in _ARRAYS:
        try:
            out[name] = np.ascontiguousarray(np.asarray(named[name], dtype=np.int64))
        except (TypeError, ValueError, OverflowError) as e:
            raise ValueError(f"{name} must be whole numbers (int64), not {named[name]!r}") \
                from e
    base = out["base"]
    if base.shape != (STATE_SIZE,):
        raise ValueError(f"the base is a kernel state of {STATE_SIZE} int64 (from encode), "
                         f"not of shape {base.shape}")
    seats = int(base[ST_N])
    if not 2 <= seats <= MAX_SEATS:
        raise ValueError(f"the base state has {seats} seats: not a kernel state")
    holders = out["holders"]
    if holders.ndim != 1 or not ((holders >= 0) & (holders < seats)).all():
        raise ValueError(f"the holders are seats of the table (0 to {seats - 1}), not "
                         f"{holders.tolist()}")
    for name in ("sizes", "allowed", "forced"):
        if out[name].shape != holders.shape:
            raise ValueError(f"one entry of {name} per holder ({holders.shape[0]} holders), "
                             f"not shape {out[name].shape}")
    for name in ("played_by", "announced"):
        if out[name].shape != (seats,):
            raise ValueError(f"one entry of {name} per seat ({seats}), not shape "
                             f"{out[name].shape}")
    leads = out["leads"]
    if leads.ndim != 2 or leads.shape[1] != 4:
        raise ValueError(f"the leads are rows of 4 (seat, bocks, above, keep), not shape "
                         f"{leads.shape}")
    if out["plays"].ndim != 1 or not ((out["plays"] >= 0) & (out["plays"] < 36)).all():
        raise ValueError(f"the plays are card ids (0 to 35) in the order played, not "
                         f"{out['plays'].tolist()}")
    if out["keep_play"].ndim != 1 or not out["keep_play"].shape[0]:
        raise ValueError("keep_play holds one keep weight per number of cards explained "
                         f"badly, from 0 (at least one), not shape {out['keep_play'].shape}")
    if out["keep32"].shape != (leads.shape[0] + 1,):
        raise ValueError(f"one keep weight per number of misses (0 to {leads.shape[0]}), not "
                         f"shape {out['keep32'].shape}")
    return out


def sample_worlds(base: Any, holders: Any, pool: int, sizes: Any, allowed: Any, forced: Any,
                  played_by: Any, leads: Any, keep32: Any, stoeck: int, quiet: int,
                  announced: Any, weis_seats: int, big: int, beat: int, after: int,
                  weis_now: int, plays: Any, leader: int, readers: int, chooser: int,
                  keep_play: Any, tries: int, soft: int, count: int,
                  seed: int) -> NDArray[np.int64]:
    """:func:`sample_worlds_kernel` on checked arguments (the same, in the same order; the
    seed any int): ``count`` kernel states, a world no try dealt with its turn -1. A
    ValueError in words for arguments of the wrong shape or a pool the holders' sizes do
    not deal."""
    a = _arrays({"base": base, "holders": holders, "sizes": sizes, "allowed": allowed,
                 "forced": forced, "played_by": played_by, "leads": leads,
                 "keep32": keep32, "announced": announced, "plays": plays,
                 "keep_play": keep_play})
    if not isinstance(pool, (int, np.integer)) or not 0 <= pool < 1 << 36:
        raise ValueError(f"the pool is a mask of the 36 cards, not {pool!r}")
    if int(a["sizes"].sum()) != int(pool).bit_count():
        raise ValueError(f"the holders' sizes ({int(a['sizes'].sum())} cards) must deal the "
                         f"pool's {int(pool).bit_count()} cards")
    if weis_now not in (0, 1, 2):
        raise ValueError(f"weis_now is 0, 1 or 2, not {weis_now!r}")
    return sample_worlds_kernel(a["base"], a["holders"], int(pool), a["sizes"], a["allowed"],
                                a["forced"], a["played_by"], a["leads"], a["keep32"],
                                int(stoeck), int(quiet), a["announced"], int(weis_seats),
                                int(bool(big)), int(beat), int(after), int(weis_now),
                                a["plays"], int(leader), int(readers), int(chooser),
                                a["keep_play"], whole(tries, "tries"),
                                whole(soft, "soft"), whole(count, "count"), fold_seed(seed))


__all__ = ["first_trick_weis", "sample_worlds", "sample_worlds_kernel", "weis_bad"]
