"""French Tarot rollouts for the search: every seat plays a greedy card, all hands open.

A rollout plays a sampled deal (every hand known) to its end. Random cards there give every
action nearly the same worth, and the search cannot tell a good card from a bad one; the
greedy policy below plays as a sound player would who saw every hand:

- following, it feeds its side's trick with its most valuable card (the defence "charges")
  when nobody still to play can take it, takes a trick with its cheapest card that keeps it,
  and otherwise throws its cheapest card (the petit only where it is safe);
- leading, it cashes a card nobody can beat (the one worth most), else leads low from its
  longest plain suit, else its lowest trump;
- the excuse saves a king or a queen it would otherwise have to give, and is played before the
  last trick; one card in ten (``NOISE``) is random, so that the rollouts do not all follow
  one line.

Decisions before the play (bids, call, écart, poignées) are the heuristic's.
"""

from __future__ import annotations

import random
from typing import cast

from atout.bots.tarot_cards import choose_card, team_of
from atout.bots.tarot_choices import FULL, pre_play
from atout.core import Deal, Result
from atout.games.tarot.deal import TarotDeal
from atout.games.tarot.tables import (
    A_DISCARD,
    A_PLAY,
    BIT_EX,
    BIT_T1,
    EX,
    SUIT_MASKS,
    TRUMPS,
    VALUE2,
)

NOISE = 0.1
"""The share of rollout cards played at random."""
T1 = 56
PLAIN = (1 << 56) - 1
LED: tuple[int, ...] = (*SUIT_MASKS, TRUMPS)


def _power(c: int) -> int:
    """A card's strength within its suit, trumps above every plain card."""
    return 100 + c if c >= T1 else c % 14


def _beats(hand: int, best: int, led: int) -> bool:
    """Whether a hand that must still play to the trick can take it from ``best``."""
    if best >= T1:
        if led < 4 and hand & SUIT_MASKS[led]:
            return False  # he must follow the plain suit led
        return bool(hand & TRUMPS & ~((1 << (best + 1)) - 1))
    follow = hand & SUIT_MASKS[led]
    if follow:
        return bool(follow & ~((1 << (best + 1)) - 1))
    return bool(hand & TRUMPS)


def greedy_card(deal: TarotDeal, seat: int, legal: int, rng: random.Random) -> int:
    """The rollout's card for ``seat`` (``legal``: the legal play mask, all hands open)."""
    cards = legal & FULL
    if not cards & (cards - 1):
        return cards.bit_length() - 1
    if rng.random() < NOISE:
        k = int(rng.random() * cards.bit_count())
        for _ in range(k):
            cards &= cards - 1
        return (cards & -cards).bit_length() - 1
    n = deal.n
    hands = deal.hands
    taker, partner = deal.taker, deal.partner
    mine = seat in (taker, partner)
    trick = deal.trick
    after = [(seat + k) % n for k in range(1, n - len(trick))]
    foes = 0
    for s in after:
        if (s in (taker, partner)) != mine:
            foes |= hands[s]
    others = cards & ~BIT_EX
    has_excuse = bool(cards & BIT_EX)
    if has_excuse and (not others or hands[seat].bit_count() <= 2):
        return EX  # before the last trick, where it would be lost
    plays = [c for c in trick if c != EX]
    if not plays:
        return _lead(hands[seat], others, foes, after, hands)
    led = plays[0] // 14 if plays[0] < T1 else 4
    best = plays[0]
    for c in plays:
        if (c >= T1 and (best < T1 or c > best)) or (c < T1 and best < T1
                                                     and c // 14 == led and c > best):
            best = c
    best_seat = (deal.leader + trick.index(best)) % n
    friend_holds = (best_seat in (taker, partner)) == mine
    friend_safe = friend_holds and not _beats_any(foes, after, hands, mine, taker, partner,
                                                  best, led)
    charge = -1
    take = -1
    for c in _bits(others):
        wins = (c >= T1 and (best < T1 or c > best)) or (c < T1 and best < T1
                                                        and c // 14 == led and c > best)
        if wins and not _beats_any(foes, after, hands, mine, taker, partner, c, led) and (
                take < 0 or _power(c) < _power(take)):
            take = c
        elif not wins and friend_safe and (
                charge < 0 or (VALUE2[c], -_power(c)) > (VALUE2[charge], -_power(charge))):
            charge = c
    if charge >= 0 and (take < 0 or VALUE2[charge] >= VALUE2[take]):
        return charge
    if take >= 0:
        return take
    # no card keeps the trick: throw the cheapest, the petit last of all
    cheap = min((c for c in _bits(others)),
                key=lambda c: (c == T1, VALUE2[c], _power(c)), default=-1)
    if has_excuse and (cheap < 0 or VALUE2[cheap] >= 7):
        return EX
    return cheap


def _beats_any(foes: int, after: list[int], hands: list[int], mine: bool, taker: int,
               partner: int, best: int, led: int) -> bool:
    """Whether an opponent still to play can take the trick from ``best``."""
    if not foes:
        return False
    return any((s in (taker, partner)) != mine and _beats(hands[s], best, led) for s in after)


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _lead(hand: int, others: int, foes: int, after: list[int], hands: list[int]) -> int:
    """The rollout's lead: a sure winner worth most, else low from the longest plain suit."""
    sure = -1
    for c in _bits(others & ~BIT_T1):
        led = c // 14 if c < T1 else 4
        if (sure < 0 or VALUE2[c] > VALUE2[sure] or (VALUE2[c] == VALUE2[sure]
                                                    and _power(c) < _power(sure))) and not any(
                foes & hands[s] and _beats(hands[s] & foes, c, led) for s in after):
            sure = c
    if sure >= 0 and (sure < T1 or VALUE2[sure] > 1 or not others & PLAIN):
        return sure
    plain = others & PLAIN
    if plain:
        return min(_bits(plain), key=lambda c: (-(hand & SUIT_MASKS[c // 14]).bit_count(),
                                                VALUE2[c], c % 14))
    trumps = others & TRUMPS & ~BIT_T1 or others
    if not trumps:
        return EX
    return (trumps & -trumps).bit_length() - 1


def heuristic_card(deal: TarotDeal, seat: int, legal: int) -> int:
    """The heuristic player's card for ``seat`` on an open deal, from what that seat knows:
    its hand, the trick, its side (once known) and the trumps it cannot see."""
    n = deal.n
    hand = deal.hands[seat]
    hidden = 0
    for s in range(n):
        if s != seat:
            hidden |= deal.hands[s]
    if seat != deal.taker:
        hidden |= deal.ecart & ~TRUMPS
    if deal.contract >= 2:
        hidden |= deal.chien
    trick = [((deal.leader + k) % n, c) for k, c in enumerate(deal.trick)]
    known = deal.partner_known or seat == deal.partner
    friends = team_of(n, seat, deal.taker, deal.partner if known and deal.partner >= 0
                      else (deal.taker if known else None))
    return choose_card(n, seat, hand, legal, trick, friends, hidden, hand.bit_count())


def heuristic_rollout(deal: Deal, rng: random.Random) -> Result:
    """Play an open Tarot deal to its end as four heuristic players would (each from what
    it can see): the fitting scripts' rollout. ``rng`` is unused (the play is
    deterministic); it is there for the rollout signature."""
    d = cast(TarotDeal, deal)
    n = d.n
    while d.to_move is not None:
        seat = d.to_move
        legal = d.legal_mask()
        if legal & FULL and not legal >> A_DISCARD:
            d.step(A_PLAY + heuristic_card(d, seat, legal))
            continue
        a = pre_play(d.hands[seat], n, legal, seat == d.taker)
        d.step(a if a is not None else (legal & -legal).bit_length() - 1)
    return d.result


def greedy_rollout(deal: Deal, rng: random.Random) -> Result:
    """Play a perfect-information Tarot deal to its end: the heuristic's bids, call, écart
    and poignées, then every seat's greedy card (see the module docs)."""
    d = cast(TarotDeal, deal)
    n = d.n
    while d.to_move is not None:
        seat = d.to_move
        legal = d.legal_mask()
        if legal & FULL and not legal >> A_DISCARD:
            d.step(greedy_card(d, seat, legal, rng))
            continue
        a = pre_play(d.hands[seat], n, legal, seat == d.taker)
        d.step(a if a is not None else (legal & -legal).bit_length() - 1)
    return d.result


__all__ = ["NOISE", "greedy_card", "greedy_rollout", "heuristic_card", "heuristic_rollout"]
