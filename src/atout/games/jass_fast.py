"""Random Jass playouts on suit-split hands: the fast path search bots live on.

A 36-card mask does not fit in one CPython machine digit (30 bits), so every operation on it
takes the slow multi-digit path. Here each hand is split into four 9-bit suit masks, and
every choice, strength and value comes from small tables indexed by suit and rank. The rules
are those of :func:`atout.games.jass_play.legal_cards`; the conformance and property tests
replay every playout through the checked path.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from atout.games.jass_play import (
    HIGHER_TRUMPS,
    JACK,
    LAST_TRICK_BONUS,
    TRICK_KEYS,
    VALUE,
)

if TYPE_CHECKING:
    from atout.games.jass import JassDeal

POP = tuple(bin(b).count("1") for b in range(512))
BITS = tuple(tuple(r for r in range(9) if b >> r & 1) for b in range(512))
KEYF = TRICK_KEYS
"""KEYF[mode][led][card]: strength in a trick (-1: cannot win it)."""
VALF = VALUE
OVER = tuple(tuple((HIGHER_TRUMPS[m][m * 9 + r] >> (9 * m)) & 511 for r in range(9))
             if m < 4 else (0,) * 9 for m in range(6))
"""OVER[mode][rank]: the trump ranks that beat the trump of that rank."""
NOT_BUUR = 511 & ~(1 << JACK)


def _pick(bits30: int, m0: int, m1: int, m2: int, m3: int) -> tuple[int, int]:
    """A random card (suit, rank) among four suit masks (not all empty), chosen by 30
    random bits."""
    p0 = POP[m0]
    p1 = p0 + POP[m1]
    p2 = p1 + POP[m2]
    r = (bits30 * (p2 + POP[m3])) >> 30
    if r < p0:
        return 0, BITS[m0][r]
    if r < p1:
        return 1, BITS[m1][r - p0]
    if r < p2:
        return 2, BITS[m2][r - p1]
    return 3, BITS[m3][r - p2]


def play_tricks(deal: JassDeal, rng: random.Random) -> None:
    """Play every remaining trick of ``deal`` (no trick under way) with random legal cards."""
    # A choice among n is (30 random bits * n) >> 30: one C call and small-int arithmetic,
    # off uniform by at most n / 2**30, like int(random() * n) is by n / 2**53.
    grb = rng.getrandbits
    mode = deal.mode
    notrump = mode >= 4
    hs = [[h & 511, (h >> 9) & 511, (h >> 18) & 511, h >> 27] for h in deal.hands]
    keys = KEYF[mode]
    val = VALF[mode]
    over_of = OVER[mode]
    orders = deal.rules.followers
    full_orders = deal.rules.orders
    played: list[int] = []
    table = deal.rules.actions.table
    hist = deal._history
    actors = deal._actors
    tricks = deal.tricks
    won = deal.tricks_won
    card_points = deal.card_points
    side_of = deal.side_of
    leader = deal.leader
    swiss = not deal.strict_under
    buur_free = deal.buur_free
    left = 9 - len(tricks)
    while left:
        left -= 1
        h = hs[leader]
        led, ra = _pick(grb(30), h[0], h[1], h[2], h[3])
        h[led] ^= 1 << ra
        c = led * 9 + ra
        cards = [c]
        kl = keys[led]
        best = kl[c]
        winner = leader
        if notrump or led == mode:
            # follow the suit led (on a trump lead, unless the Buur is the only trump)
            free = NOT_BUUR if led == mode and buur_free else 511
            for s in orders[leader]:
                h = hs[s]
                f = h[led]
                if f & free:
                    ra = BITS[f][(grb(30) * POP[f]) >> 30]
                    h[led] = f ^ (1 << ra)
                    c = led * 9 + ra
                else:
                    su, ra = _pick(grb(30), h[0], h[1], h[2], h[3])
                    h[su] ^= 1 << ra
                    c = su * 9 + ra
                k = kl[c]
                if k > best:
                    best = k
                    winner = s
                cards.append(c)
        else:
            over = 511  # the trumps allowed: all, until a trump leads the trick
            for s in orders[leader]:
                h = hs[s]
                f = h[led]
                t = h[mode] & over
                if f:
                    nf = POP[f]
                    r = (grb(30) * (nf + POP[t])) >> 30
                    if r < nf:
                        ra = BITS[f][r]
                        h[led] = f ^ (1 << ra)
                        c = led * 9 + ra
                    else:
                        ra = BITS[t][r - nf]
                        h[mode] ^= 1 << ra
                        c = mode * 9 + ra
                else:
                    ms = [h[0], h[1], h[2], h[3]]
                    ms[mode] = 0
                    # the Swiss rule: a hand of nothing but trumps plays any of them
                    ms[mode] = h[mode] if swiss and not (ms[0] | ms[1] | ms[2] | ms[3]) else t
                    if ms[0] | ms[1] | ms[2] | ms[3]:
                        su, ra = _pick(grb(30), ms[0], ms[1], ms[2], ms[3])
                    else:  # nothing but lower trumps: the under-trump is the only way
                        su = mode
                        ra = BITS[h[mode]][(grb(30) * POP[h[mode]]) >> 30]
                    h[su] ^= 1 << ra
                    c = su * 9 + ra
                k = kl[c]
                if k > best:
                    best = k
                    winner = s
                    if k >= 100:
                        over = over_of[c - mode * 9]
                cards.append(c)
        pts = val[cards[0]] + val[cards[1]] + val[cards[2]] + val[cards[3]]
        if not left:
            pts += LAST_TRICK_BONUS
        side = side_of[winner]
        card_points[side] += pts
        won[side] += 1
        played += cards
        actors += full_orders[leader]
        tricks.append((leader, tuple(cards), winner, pts))
        if len(tricks) == 1 and deal.declared:
            deal._resolve_weis(with_events=False)
        leader = winner
    hist += [table[c] for c in played]
    deal.hands = [0] * len(hs)
    deal.leader = deal.turn = leader
