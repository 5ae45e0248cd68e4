"""Cards, decks, the card notation and compact card sets (int bitmasks).

A deck is a fixed tuple of card codes; a card is an index into it and a set of cards is an
``int`` whose bit ``i`` stands for card ``i``. Suit masks are precomputed, so follow-suit
and similar rules become one line of mask algebra. :class:`CardSet` wraps a mask for
readable code and printing; engines work on the bare ints.

Notation (see DESIGN.md): rank then suit, upper case, ``AH`` ``TS`` ``6C``; tarot suit cards
use ``N`` for the knight, trumps are ``T1``..``T21`` and the excuse ``EX``.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")

SUITS = "HDSC"
"""The four French suits in their fixed order: hearts, diamonds, spades, clubs."""


def bits(mask: int) -> Iterator[int]:
    """Yield the indices of the set bits of ``mask``, lowest first.

    >>> list(bits(0b10110))
    [1, 2, 4]
    """
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def bit_list(mask: int) -> list[int]:
    """The indices of the set bits of ``mask`` as a list, lowest first.

    >>> bit_list(JASS_DECK.mask(["AH", "6D"]))
    [8, 9]
    """
    out: list[int] = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out



def first_min(mask: int, key: Sequence[int]) -> int:
    """The index of ``mask``'s set bit with the least ``key[index]``, the lowest on a tie; -1
    for an empty mask (the bots' "cheapest card" by a key table).

    >>> first_min(0b1110, (0, 5, 3, 3))
    2
    >>> first_min(0, (0,))
    -1
    """
    pick, least = -1, 1 << 60
    while mask:
        low = mask & -mask
        c = low.bit_length() - 1
        mask ^= low
        k = key[c]
        if k < least:
            pick, least = c, k
    return pick


def from_chunks(mask: int, chunks: Sequence[Sequence[Sequence[T]]], bits: int) -> list[T]:
    """The items of ``mask``'s set bits in bit order, read ``bits`` bits at a time from
    tables made once: ``chunks[k][pattern]`` holds the items of that pattern of bits in
    chunk ``k`` (a deck's card codes, an action space's actions)."""
    out: list[T] = []
    low = (1 << bits) - 1
    k = 0
    while mask:
        b = mask & low
        if b:
            out += chunks[k][b]
        mask >>= bits
        k += 1
    return out

class Deck:
    """A fixed, ordered pack of cards with its notation and suit masks.

    ``suit_of[i]`` is the suit index (0..3 for H, D, S, C) of card ``i`` or -1 for cards outside
    the four suits (tarot trumps and the excuse); ``rank_of[i]`` is its rank index within the
    deck's rank order, lowest first.
    """

    __slots__ = ("_code_chunks", "_factorial", "codes", "full", "index", "name", "rank_of",
                 "ranks", "size", "suit_masks", "suit_of")

    def __init__(self, name: str, codes: Sequence[str], suit_of: Sequence[int],
                 rank_of: Sequence[int], ranks: str) -> None:
        self.name = name
        self.codes: tuple[str, ...] = tuple(codes)
        self.size = len(self.codes)
        self.index: dict[str, int] = {c: i for i, c in enumerate(self.codes)}
        self.suit_of: tuple[int, ...] = tuple(suit_of)
        self.rank_of: tuple[int, ...] = tuple(rank_of)
        self.ranks = ranks
        self.full = (1 << self.size) - 1
        self._factorial = math.factorial(self.size)
        self._code_chunks: tuple[tuple[tuple[str, ...], ...], ...] = ()
        masks = [0, 0, 0, 0]
        for i, s in enumerate(self.suit_of):
            if s >= 0:
                masks[s] |= 1 << i
        self.suit_masks: tuple[int, int, int, int] = (masks[0], masks[1], masks[2], masks[3])

    def parse(self, code: str) -> int:
        """The index of a card given by its code; ``ValueError`` in words when unknown.

        >>> JASS_DECK.parse("ah"), FULL_DECK.parse("2H"), TAROT_DECK.parse("T21")
        (8, 0, 76)
        >>> JASS_DECK.parse("2H")
        Traceback (most recent call last):
        ValueError: '2H' is not a card of the Jass deck: expected rank then suit, like 'AC' or '6H'
        """
        key = code.strip().upper()
        try:
            return self.index[key]
        except KeyError:
            raise ValueError(
                f"{code!r} is not a card of the {self.name} deck: expected rank then suit, "
                f"like {self.codes[-1]!r} or {self.codes[0]!r}"
            ) from None

    def mask(self, cards: Iterable[str | int]) -> int:
        """The mask of the given cards (codes or indices).

        >>> JASS_DECK.mask(["6H", "AH"]) == JASS_DECK.mask([0, 8]) == 0b100000001
        True
        """
        m = 0
        for c in cards:
            m |= 1 << (self.parse(c) if isinstance(c, str) else c)
        return m

    def pile_mask(self, cards: object, name: str, size: int | None = None,
                  seen: int = 0) -> int:
        """The mask of a pile of card codes from an explicit deal, checked in words.

        ``cards`` must be a list of this deck's codes, ``size`` of them when given, with no
        card twice nor already in ``seen`` (the piles laid out before it).
        """
        if not isinstance(cards, (list, tuple)) or not all(isinstance(c, str) for c in cards):
            raise ValueError(f"{name} must be a list of card codes")
        if size is not None and len(cards) != size:
            raise ValueError(f"{name} has {len(cards)} cards: expected {size}")
        m = 0
        for code in cards:
            c = self.parse(code)
            if (seen | m) >> c & 1:
                raise ValueError(f"card {self.codes[c]} is dealt twice (again in {name})")
            m |= 1 << c
        return m

    def codes_of(self, mask: int) -> list[str]:
        """The codes of the cards in ``mask``, in deck order.

        >>> JASS_DECK.codes_of(JASS_DECK.mask(["AH", "6H", "TS"]) & JASS_DECK.suit_masks[0])
        ['6H', 'AH']
        """
        return from_chunks(mask, self._code_chunks or self._make_code_chunks(), 8)

    def _make_code_chunks(self) -> tuple[tuple[tuple[str, ...], ...], ...]:
        """For each 8 cards of the deck and each pattern of them, their codes (made once, on
        first use, so that importing costs nothing)."""
        codes = self.codes
        self._code_chunks = tuple(
            tuple(tuple(codes[8 * k + i] for i in range(8)
                        if b >> i & 1 and 8 * k + i < len(codes)) for b in range(256))
            for k in range((len(codes) + 7) // 8))
        return self._code_chunks

    def shuffled(self, rng: random.Random) -> list[int]:
        """All card indices in a uniformly random order drawn from ``rng``.

        One big random number below ``size!`` (drawn by rejection, so without bias) is read
        in the factorial base as a Fisher-Yates shuffle: one draw instead of one per card.

        >>> order = JASS_DECK.shuffled(random.Random(1))
        >>> sorted(order) == list(range(36)), order == JASS_DECK.shuffled(random.Random(1))
        (True, True)
        """
        n = self.size
        limit = self._factorial
        bits_needed = limit.bit_length()
        r = rng.getrandbits(bits_needed)
        while r >= limit:
            r = rng.getrandbits(bits_needed)
        order = list(range(n))
        for i in range(n - 1, 0, -1):
            r, j = divmod(r, i + 1)
            order[i], order[j] = order[j], order[i]
        return order

    def cardset(self, cards: Iterable[str | int] | int = 0) -> CardSet:
        """A :class:`CardSet` of this deck.

        >>> hand = JASS_DECK.cardset(["AH", "6H", "TS"])
        >>> len(hand), "AH" in hand, str(hand), hand.suit("H").codes()
        (3, True, '6H AH TS', ['6H', 'AH'])
        """
        return CardSet(cards if isinstance(cards, int) else self.mask(cards), self)

    def __repr__(self) -> str:
        return f"Deck({self.name!r}, {self.size} cards)"


@dataclass(frozen=True, slots=True)
class CardSet:
    """A readable, immutable wrapper around a card mask of one deck."""

    mask: int
    deck: Deck

    def __iter__(self) -> Iterator[str]:
        return (self.deck.codes[i] for i in bits(self.mask))

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __contains__(self, card: object) -> bool:
        if isinstance(card, str):
            return bool(self.mask >> self.deck.parse(card) & 1)
        if isinstance(card, int):
            return bool(self.mask >> card & 1)
        return False

    def __or__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask | other.mask, self.deck)

    def __and__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask & other.mask, self.deck)

    def __sub__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask & ~other.mask, self.deck)

    def suit(self, suit: str | int) -> CardSet:
        """The cards of one suit (``"H"`` or its index)."""
        s = SUITS.index(suit) if isinstance(suit, str) else suit
        return CardSet(self.mask & self.deck.suit_masks[s], self.deck)

    def codes(self) -> list[str]:
        """The card codes, in deck order."""
        return list(self)

    def __str__(self) -> str:
        return " ".join(self)


def _suited(name: str, ranks: str) -> Deck:
    codes = [r + s for s in SUITS for r in ranks]
    n = len(ranks)
    return Deck(name, codes, [i // n for i in range(len(codes))],
                [i % n for i in range(len(codes))], ranks)


JASS_RANKS = "6789TJQKA"
FULL_RANKS = "23456789TJQKA"
TAROT_RANKS = "123456789TJNQK"

JASS_DECK = _suited("Jass", JASS_RANKS)
"""36 cards, 6 to ace in four suits; card ``i`` is rank ``i % 9`` of suit ``i // 9``."""

FULL_DECK = _suited("52-card", FULL_RANKS)
"""52 cards, 2 to ace in four suits; card ``i`` is rank ``i % 13`` of suit ``i // 13``."""


def _tarot() -> Deck:
    codes = [r + s for s in SUITS for r in TAROT_RANKS]
    suit_of = [i // 14 for i in range(56)]
    rank_of = [i % 14 for i in range(56)]
    codes += [f"T{n}" for n in range(1, 22)] + ["EX"]
    suit_of += [-1] * 22
    rank_of += [*list(range(1, 22)), 0]
    return Deck("tarot", codes, suit_of, rank_of, TAROT_RANKS)


TAROT_DECK = _tarot()
"""78 cards: 56 suit cards (1..10, J, N, Q, K; index ``suit*14 + rank``), trumps T1..T21 at
56..76, the excuse EX at 77."""
