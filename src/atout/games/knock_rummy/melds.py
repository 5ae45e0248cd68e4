"""Rummy melds over the 52-card deck and the exact deadwood minimiser.

A meld is a set (three or four cards of one rank) or a run (three or more cards in sequence
in one suit, the ace low only: ``AH 2H 3H`` is a run, ``QH KH AH`` is not). The cards left
out of every meld are the deadwood; a king, queen or jack counts 10, an ace 1, any other card
its face value.

:func:`deadwood` gives the least deadwood a hand can leave, exactly, with every card in at
most one meld; :func:`arrange` also gives the melds of one best arrangement. Hands are int
masks over :data:`atout.cards.FULL_DECK` (card ``suit * 13 + rank``, ranks ``23456789TJQKA``).

The search picks the lowest card left and either counts it as deadwood or removes one of the
melds that contain it (runs of three to five cards and sets are enough: a longer run splits
into shorter ones), memoising on the cards left. Cards in no meld of the hand are counted as
deadwood before the search starts, so most hands need only a few steps.

>>> from atout.cards import FULL_DECK
>>> hand = FULL_DECK.mask(["AH", "2H", "3H", "7S", "7D", "7C", "KS"])
>>> deadwood(hand)
10
>>> [FULL_DECK.codes_of(m) for m in arrange(hand)[0]]
[['2H', '3H', 'AH'], ['7D', '7S', '7C']]
"""

from __future__ import annotations

from functools import lru_cache

from atout.cards import FULL_DECK

__all__ = [
    "MELDS",
    "RUN_RANK",
    "VALUES",
    "arrange",
    "deadwood",
    "extensions",
    "is_meld",
    "lay_off",
    "mask_value",
    "meldable",
]

RUN_RANK: tuple[int, ...] = tuple((i % 13 + 1) % 13 for i in range(52))
"""The place of each card in a run, the ace low: ace 0, two 1, … king 12."""

VALUES: tuple[int, ...] = tuple(
    1 if i % 13 == 12 else 10 if i % 13 >= 8 else i % 13 + 2 for i in range(52))
"""The deadwood value of each card: king, queen, jack (and ten) 10, ace 1, others face value."""


def _suit_run(suit: int, start: int, length: int) -> int:
    """The run of ``length`` cards of ``suit`` from run place ``start`` (ace low)."""
    m = 0
    for place in range(start, start + length):
        rank = (place - 1) % 13  # place 0 is the ace, rank index 12
        m |= 1 << (suit * 13 + rank)
    return m


def _build() -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    melds: list[int] = []
    for suit in range(4):
        for length in (3, 4, 5):
            for start in range(13 - length + 1):
                melds.append(_suit_run(suit, start, length))
    for rank in range(13):
        four = sum(1 << (s * 13 + rank) for s in range(4))
        melds.append(four)
        melds.extend(four ^ (1 << (s * 13 + rank)) for s in range(4))
    by_card = tuple(tuple(m for m in melds if m >> c & 1) for c in range(52))
    return tuple(melds), by_card


MELDS, _BY_CARD = _build()
"""Every set (of three and of four) and every run of three to five cards, as masks."""


_SUIT_VALUE: tuple[int, ...] = tuple(
    sum(VALUES[r] for r in range(13) if p >> r & 1) for p in range(1 << 13))
_LOW13 = (1 << 13) - 1


def mask_value(mask: int) -> int:
    """The deadwood value of the cards in ``mask``."""
    return (_SUIT_VALUE[mask & _LOW13] + _SUIT_VALUE[mask >> 13 & _LOW13]
            + _SUIT_VALUE[mask >> 26 & _LOW13] + _SUIT_VALUE[mask >> 39 & _LOW13])


def is_meld(mask: int) -> bool:
    """Whether the cards of ``mask`` form one set or one run (of any length from three)."""
    n = mask.bit_count()
    if n < 3:
        return False
    cards = []
    m = mask
    while m:
        low = m & -m
        cards.append(low.bit_length() - 1)
        m ^= low
    if n <= 4 and len({c % 13 for c in cards}) == 1:
        return True
    if len({c // 13 for c in cards}) != 1:
        return False
    places = sorted(RUN_RANK[c] for c in cards)
    return places[-1] - places[0] == n - 1


def _suit_runs(p: int) -> int:
    """The ranks of a 13-bit suit pattern (bit 0 the two) that lie in a run of three or more."""
    q = (p << 1 | p >> 12) & _LOW13  # ace low: bit 0 the ace, bit 1 the two …
    x = q & q >> 1 & q >> 2
    r = x | x << 1 | x << 2
    return (r >> 1 | (r & 1) << 12) & _LOW13


_RUNS13: tuple[int, ...] = tuple(_suit_runs(p) for p in range(1 << 13))


def meldable(hand: int) -> int:
    """The cards of ``hand`` that belong to at least one meld inside ``hand``."""
    a = hand & _LOW13
    b = hand >> 13 & _LOW13
    c = hand >> 26 & _LOW13
    d = hand >> 39 & _LOW13
    sets = a & b & (c | d) | c & d & (a | b)  # ranks held in three or four suits
    return ((_RUNS13[a] | sets) | (_RUNS13[b] | sets) << 13 | (_RUNS13[c] | sets) << 26
            | (_RUNS13[d] | sets) << 39) & hand


def _search(hand: int, memo: dict[int, int]) -> int:
    """The least deadwood of ``hand`` (all of whose cards are meldable at the start)."""
    if not hand:
        return 0
    got = memo.get(hand)
    if got is not None:
        return got
    low = hand & -hand
    card = low.bit_length() - 1
    best = VALUES[card] + _search(hand ^ low, memo)
    if best:
        for meld in _BY_CARD[card]:
            if meld & hand == meld:
                v = _search(hand ^ meld, memo)
                if v < best:
                    best = v
                    if not v:
                        break
    memo[hand] = best
    return best


_MEMO: dict[int, int] = {}
"""The least deadwood of every meldable set searched so far (a value of the set alone: one
memo serves every hand, whose searches share most of their subsets); emptied past
:data:`MEMO_SIZE` entries."""
MEMO_SIZE = 1 << 18


@lru_cache(maxsize=1 << 16)
def deadwood(hand: int) -> int:
    """The least deadwood ``hand`` can leave, every card in at most one meld (exact)."""
    melded = meldable(hand)
    if not melded:
        return mask_value(hand)
    if len(_MEMO) > MEMO_SIZE:
        _MEMO.clear()
    return mask_value(hand & ~melded) + _search(melded, _MEMO)


def _merge_runs(melds: list[int]) -> list[int]:
    """Join runs of one suit that follow each other into one longer run."""
    changed = True
    while changed:
        changed = False
        for i in range(len(melds)):
            for j in range(i + 1, len(melds)):
                union = melds[i] | melds[j]
                if is_meld(union):
                    melds[i] = union
                    del melds[j]
                    changed = True
                    break
            if changed:
                break
    return melds


def arrange(hand: int) -> tuple[list[int], int, int]:
    """One best arrangement of ``hand``: ``(melds, deadwood cards, deadwood points)``.

    Melds are masks ordered by their lowest card in deck order; runs that follow each other
    are shown as one run. The deadwood points equal :func:`deadwood` of the hand.
    """
    melded = meldable(hand)
    if not melded:  # most hands early in a deal: nothing to search
        return [], hand, mask_value(hand)
    loose = hand & ~melded
    memo: dict[int, int] = {}
    _search(melded, memo)
    melds: list[int] = []
    rest = melded
    while rest:
        target = memo[rest] if rest in memo else _search(rest, memo)
        low = rest & -rest
        card = low.bit_length() - 1
        if VALUES[card] + _search(rest ^ low, memo) == target:
            loose |= low
            rest ^= low
            continue
        for meld in _BY_CARD[card]:
            if meld & rest == meld and _search(rest ^ meld, memo) == target:
                melds.append(meld)
                rest ^= meld
                break
        else:  # pragma: no cover - the memo always holds a way to reach the target
            raise AssertionError("arrangement not found")
    melds = _merge_runs(melds)
    melds.sort(key=lambda m: (m & -m).bit_length())
    return melds, loose, mask_value(loose)


def _card_at(suit: int, place: int) -> int:
    """The card index of run place ``place`` (ace 0 … king 12) in ``suit``."""
    return suit * 13 + (place - 1) % 13


def extensions(hand: int, meld: int) -> list[int]:
    """Every group of cards of ``hand`` that can be laid off together on ``meld``.

    A set of three takes its fourth card; a run takes cards that continue it at either end
    (the ace low only). The empty group comes first.
    """
    cards = [c for c in range(52) if meld >> c & 1]
    if len({c % 13 for c in cards}) == 1:
        if len(cards) == 3:
            fourth = sum(1 << (s * 13 + cards[0] % 13) for s in range(4)) & ~meld
            return [0, fourth] if hand & fourth else [0]
        return [0]
    suit = cards[0] // 13
    places = sorted(RUN_RANK[c] for c in cards)
    downs, ups = [0], [0]
    m, p = 0, places[0] - 1
    while p >= 0 and hand >> _card_at(suit, p) & 1:
        m |= 1 << _card_at(suit, p)
        downs.append(m)
        p -= 1
    m, p = 0, places[-1] + 1
    while p <= 12 and hand >> _card_at(suit, p) & 1:
        m |= 1 << _card_at(suit, p)
        ups.append(m)
        p += 1
    return [d | u for d in downs for u in ups]


def lay_off(hand: int, melds: list[int]) -> tuple[int, int]:
    """The best lay-off of ``hand`` on another player's ``melds``: (cards laid, deadwood).

    Every combination of extensions of the melds is tried (a card goes on one meld only) and
    the one leaving the least deadwood for the rest of the hand is kept; on equal deadwood,
    the one found first (laying off nothing when that is as good).
    """
    combos = [0]
    for meld in melds:
        options = extensions(hand, meld)
        if len(options) > 1:
            combos = [c | o for c in combos for o in options if not c & o]
    best_laid, best = 0, deadwood(hand)
    for laid in combos:
        if laid and best:
            v = deadwood(hand & ~laid)
            if v < best:
                best_laid, best = laid, v
    return best_laid, best


assert len(MELDS) == 4 * (11 + 10 + 9) + 13 * 5
assert FULL_DECK.size == 52
