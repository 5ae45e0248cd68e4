"""Random card play of the Jass family on hands split by suit: the playouts' fast path.

A 36-card mask does not fit in one CPython machine digit (30 bits), so every operation on it
takes the slower multi-digit path. :func:`random_tricks` keeps each hand as four 9-bit suit
masks instead and reads every choice from small tables. It draws exactly as
:meth:`~atout.games.jass.play.TrickPlay.play_tricks` does without a policy (the
``int(rng.random() * n)``-th legal card in the order of the card indices), so both play the
same deal for the same generator; the rules are those of
:func:`~atout.games.jass.play.legal_cards` (the fast-path and property tests replay every
playout through the checked path).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from atout.games.jass.ranks import JACK

POP9 = tuple(b.bit_count() for b in range(512))
BITS9 = tuple(tuple(r for r in range(9) if b >> r & 1) for b in range(512))
"""For each 9-bit pattern (one suit of a hand): how many cards, and their ranks in order."""
_NOT_BUUR = 511 & ~(1 << JACK)

Trick = tuple[int, tuple[int, ...], int, int]
"""A finished trick: ``(leader, cards, winner, card points)``."""


def random_tricks(hands: list[int], leader: int, left: int,
                  orders: Sequence[Sequence[int]], mode: int,
                  keys: Sequence[Sequence[int]], value: Sequence[int],
                  higher: Sequence[int], strict: bool, free: bool,
                  stoeck: tuple[int, ...], last_bonus: int,
                  rnd: Callable[[], float]) -> tuple[list[Trick], int]:
    """Play the ``left`` remaining tricks, from the lead of ``leader``, with random legal cards.

    ``hands`` (one 36-card mask per seat) is updated in place; ``orders[seat]`` is the order
    of a trick led by ``seat``; ``keys``, ``value`` and ``higher`` are the mode's tables
    (:data:`~atout.games.jass.play.TRICK_KEYS`, :data:`~atout.games.jass.play.VALUE`,
    :data:`~atout.games.jass.play.HIGHER_TRUMPS`); ``strict`` and ``free`` the readings of
    :func:`~atout.games.jass.play.legal_cards`; ``stoeck`` the trump king and queen while
    the Stöck is still to be said (else empty); the last trick gets ``last_bonus`` points.
    Returns the tricks played, the seat that said the Stöck (-1: nobody).
    """
    pop = POP9
    bits = BITS9
    hs = [[h & 511, h >> 9 & 511, h >> 18 & 511, h >> 27] for h in hands]
    notrump = mode >= 4
    base = mode * 9
    free_buur = _NOT_BUUR if free else 511
    said = -1
    out: list[Trick] = []
    while left:
        left -= 1
        order = orders[leader]
        h = hs[leader]
        # the lead: any card, the r-th in card order (led: how many suits' counts r passes)
        m0, m1, m2, m3 = h
        p0 = pop[m0]
        p1 = p0 + pop[m1]
        p2 = p1 + pop[m2]
        r = int(rnd() * (p2 + pop[m3]))
        led = (r >= p0) + (r >= p1) + (r >= p2)
        ra = bits[h[led]][r - (0, p0, p1, p2)[led]]
        h[led] ^= 1 << ra
        c = led * 9 + ra
        if c in stoeck:  # (an empty tuple once said: one test a card)
            said, stoeck = _stoeck(h[mode], c, stoeck, base, leader, said)
        trick = [c]
        pts = value[c]
        kl = keys[led]
        bk = kl[c]
        best_seat = leader
        lc = led * 9
        if notrump or led == mode:
            # follow the suit led (on a trump lead, unless the Buur is the only trump held
            # where it need not follow), else any card
            need = free_buur if led == mode else 511
            for seat in order[1:]:
                h = hs[seat]
                f = h[led]
                if f & need:
                    ra = bits[f][int(rnd() * pop[f])]
                    h[led] = f ^ (1 << ra)
                    c = lc + ra
                else:
                    su, ra = _draw(h, rnd)
                    h[su] ^= 1 << ra
                    c = su * 9 + ra
                if c in stoeck:
                    said, stoeck = _stoeck(h[mode], c, stoeck, base, seat, said)
                trick.append(c)
                pts += value[c]
                if kl[c] > bk:  # trick.beats, read from the table (no call per card)
                    bk, best_seat = kl[c], seat
        else:
            # a plain lead in a trump game: follow or trump; once a trump leads the trick,
            # only a higher one (but for a hand of nothing but trumps, by the Swiss rule)
            over = 511  # the trump ranks allowed: all until a trump leads the trick
            led_first = led < mode
            for seat in order[1:]:
                h = hs[seat]
                f = h[led]
                t = h[mode] & over
                if f:
                    nf = pop[f]
                    nt = pop[t]
                    r = int(rnd() * (nf + nt))
                    if led_first:
                        trump = r >= nf
                        ra = bits[t][r - nf] if trump else bits[f][r]
                    else:
                        trump = r < nt
                        ra = bits[t][r] if trump else bits[f][r - nt]
                    c = base + ra if trump else lc + ra
                    if trump:
                        h[mode] ^= 1 << ra
                    else:
                        h[led] = f ^ (1 << ra)
                else:
                    g = h if over == 511 else _no_undertrump(h, t, mode, strict)
                    su, ra = _draw(g, rnd)
                    h[su] ^= 1 << ra
                    c = su * 9 + ra
                    trump = su == mode
                if c in stoeck:
                    said, stoeck = _stoeck(h[mode], c, stoeck, base, seat, said)
                trick.append(c)
                pts += value[c]
                if kl[c] > bk:  # trick.beats, read from the table (no call per card)
                    bk, best_seat = kl[c], seat
                    if trump:
                        over = higher[c] >> base & 511
        if not left:
            pts += last_bonus
        out.append((leader, tuple(trick), best_seat, pts))
        leader = best_seat
    hands[:] = [h[0] | h[1] << 9 | h[2] << 18 | h[3] << 27 for h in hs]
    return out, said


def _stoeck(trumps: int, c: int, stoeck: tuple[int, ...], base: int, seat: int,
            said: int) -> tuple[int, tuple[int, ...]]:
    """After ``seat`` played ``c``, one of the Stöck cards ``stoeck``: ``(seat, ())`` when the
    other is no longer among its ``trumps`` (the pair is said), else ``(said, stoeck)``."""
    if trumps >> (stoeck[0] + stoeck[1] - c - base) & 1:
        return said, stoeck
    return seat, ()


def _no_undertrump(h: list[int], t: int, mode: int, strict: bool) -> list[int]:
    """The cards a seat void in the suit led may play once a trump leads the trick: its hand
    ``h`` with only the trumps ``t`` above it, unless that leaves nothing or (Swiss rule, not
    ``strict``) the hand holds nothing but trumps."""
    if not strict and h[0] + h[1] + h[2] + h[3] == h[mode]:
        return h
    g = h.copy()
    g[mode] = t
    return g if g[0] + g[1] + g[2] + g[3] else h


def _draw(g: list[int], rnd: Callable[[], float]) -> tuple[int, int]:
    """A random card ``(suit, rank)`` among four suit masks (not all empty): the
    ``int(rnd() * n)``-th in the order of the card indices."""
    m0, m1, m2, m3 = g
    p0 = POP9[m0]
    p1 = p0 + POP9[m1]
    p2 = p1 + POP9[m2]
    r = int(rnd() * (p2 + POP9[m3]))
    if r < p0:
        return 0, BITS9[m0][r]
    if r < p1:
        return 1, BITS9[m1][r - p0]
    if r < p2:
        return 2, BITS9[m2][r - p1]
    return 3, BITS9[m3][r - p2]


def uniform_policy(rng: random.Random) -> Callable[[int, int, int, int, int, int, int], int]:
    """The random choice as a card policy (:data:`~atout.games.jass.play.CardPolicy`): the
    ``int(rng.random() * n)``-th card of the legal mask, in card order."""
    rnd = rng.random

    def pick(seat: int, pos: int, mask: int, led: int, best: int, best_seat: int,
             pts: int) -> int:
        # the r-th lowest card of the mask, nine bits (one suit) at a time
        r = int(rnd() * mask.bit_count())
        m = mask & 511
        p = POP9[m]
        if r < p:
            return BITS9[m][r]
        r -= p
        m = mask >> 9 & 511
        p = POP9[m]
        if r < p:
            return 9 + BITS9[m][r]
        r -= p
        m = mask >> 18 & 511
        p = POP9[m]
        return 18 + BITS9[m][r] if r < p else 27 + BITS9[mask >> 27][r - p]

    return pick


__all__ = ["BITS9", "POP9", "Trick", "random_tricks", "uniform_policy"]
