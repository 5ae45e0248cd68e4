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
    table = _Table(hs, mode, value, higher, strict, _NOT_BUUR if free else 511, stoeck, rnd)
    follow, ruff = table.follow_tricks, table.ruff_tricks
    out: list[Trick] = []
    while left:
        left -= 1
        order = orders[leader]
        # the lead: any card (_draw, inlined)
        h = hs[leader]
        m0, m1, m2, m3 = h
        p0 = pop[m0]
        p1 = p0 + pop[m1]
        p2 = p1 + pop[m2]
        r = int(rnd() * (p2 + pop[m3]))
        if r < p0:
            led, ra = 0, bits[m0][r]
        elif r < p1:
            led, ra = 1, bits[m1][r - p0]
        elif r < p2:
            led, ra = 2, bits[m2][r - p1]
        else:
            led, ra = 3, bits[m3][r - p2]
        h[led] ^= 1 << ra
        c = led * 9 + ra
        if table.stoeck and c in table.stoeck:
            table.check_stoeck(leader, c)
        trick = [c]
        if notrump or led == mode:
            best_seat, pts = follow(order, trick, led, keys[led])
        else:
            best_seat, pts = ruff(order, trick, led, keys[led])
        if not left:
            pts += last_bonus
        out.append((leader, tuple(trick), best_seat, pts))
        leader = best_seat
    hands[:] = [h[0] | h[1] << 9 | h[2] << 18 | h[3] << 27 for h in hs]
    return out, table.said


class _Table:
    """The fixed facts of one :func:`random_tricks` call and its two ways to play a trick
    (methods called once per trick; the cards inside a trick stay in one loop)."""

    __slots__ = ("base", "free_buur", "higher", "hs", "mode", "rnd", "said", "stoeck", "strict",
                 "value")

    def __init__(self, hs: list[list[int]], mode: int, value: Sequence[int],
                 higher: Sequence[int], strict: bool, free_buur: int,
                 stoeck: tuple[int, ...], rnd: Callable[[], float]) -> None:
        self.hs = hs
        self.mode = mode
        self.base = mode * 9
        self.value = value
        self.higher = higher
        self.strict = strict
        self.free_buur = free_buur
        self.rnd = rnd
        self.stoeck = stoeck
        """The trump king and queen while the Stöck is still to be said (else empty)."""
        self.said = -1
        """The seat that said the Stöck (-1: nobody yet)."""

    def check_stoeck(self, seat: int, c: int) -> None:
        """``c``, a trump king or queen, was just played by ``seat``: the Stöck is said when
        the other one left his hand before."""
        stoeck = self.stoeck
        if not self.hs[seat][self.mode] >> (stoeck[0] + stoeck[1] - c - self.base) & 1:
            self.said = seat
            self.stoeck = ()

    def follow_tricks(self, order: Sequence[int], trick: list[int], led: int,
                      kl: Sequence[int]) -> tuple[int, int]:
        """The rest of a trick where every seat must follow the suit led (on a trump lead,
        unless the Buur is the only trump held, where it need not follow), else plays any
        card: the winner and the card points."""
        pop, bits, rnd, value, hs = POP9, BITS9, self.rnd, self.value, self.hs
        need = self.free_buur if led == self.mode else 511
        stoeck = self.stoeck
        c = trick[0]
        pts = value[c]
        bk = kl[c]
        best_seat = order[0]
        lc = led * 9
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
            if stoeck and c in stoeck:
                self.check_stoeck(seat, c)
                stoeck = self.stoeck
            trick.append(c)
            pts += value[c]
            if kl[c] > bk:  # trick.beats, read from the table
                bk, best_seat = kl[c], seat
        return best_seat, pts

    def ruff_tricks(self, order: Sequence[int], trick: list[int], led: int,
                    kl: Sequence[int]) -> tuple[int, int]:
        """The rest of a plain lead in a trump game: follow or trump; once a trump leads the
        trick, only a higher one (but for a hand of nothing but trumps, by the Swiss rule):
        the winner and the card points."""
        pop, bits, rnd, value, hs = POP9, BITS9, self.rnd, self.value, self.hs
        mode, base, higher = self.mode, self.base, self.higher
        stoeck = self.stoeck
        c = trick[0]
        pts = value[c]
        bk = kl[c]
        best_seat = order[0]
        lc = led * 9
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
                trump = r >= nf if led_first else r < nt
                if trump:
                    ra = bits[t][r - nf] if led_first else bits[t][r]
                    h[mode] ^= 1 << ra
                    c = base + ra
                else:
                    ra = bits[f][r] if led_first else bits[f][r - nt]
                    h[led] = f ^ (1 << ra)
                    c = lc + ra
            else:
                su, ra = _draw(h if over == 511 else self.allowed(h, t), rnd)
                h[su] ^= 1 << ra
                c = su * 9 + ra
                trump = su == mode
            if trump and stoeck and c in stoeck:
                self.check_stoeck(seat, c)
                stoeck = self.stoeck
            trick.append(c)
            pts += value[c]
            if kl[c] > bk:  # trick.beats, read from the table
                bk, best_seat = kl[c], seat
                if trump:
                    over = higher[c] >> base & 511
        return best_seat, pts

    def allowed(self, h: list[int], t: int) -> list[int]:
        """The suit masks a hand with none of the suit led may play from once a trump leads
        the trick: its trumps cut to the higher ones ``t``, unless it holds nothing but trumps
        (the Swiss rule) or nothing else is left."""
        mode = self.mode
        if not self.strict and h[0] + h[1] + h[2] + h[3] == h[mode]:
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
