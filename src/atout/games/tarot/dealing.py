"""Making a Tarot deal: from its seed, the shuffle and the deal by packets as at the table;
or from explicit hands and chien, as card codes or as card masks.

The cards land exactly where :meth:`atout.cards.Deck.shuffled` and a deal packet by packet
put them (saved games replay from their seeds), but in one pass: each position of the
shuffled pack is final as soon as the Fisher-Yates step reaches it, and goes at once to its
owner (a seat or the chien), read from a table of the positions' owners.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from typing import Any

from .tables import CHIEN_SIZES, DECK, HAND_SIZES, NCARDS

_LIMIT = math.factorial(NCARDS)  # the shuffle is one draw below 78! (Deck.shuffled's way)
_LIMIT_BITS = _LIMIT.bit_length()
_BITS = tuple(1 << i for i in range(NCARDS))
FULL_MASK = (1 << NCARDS) - 1
_OWNERS: dict[tuple[int, int, int], list[int]] = {}


def packet_owners(players: int, dealer: int, packet: int) -> list[int]:
    """The seat receiving each card of the pack dealt by packets, before the chien's cards
    are put in between (kept per table: read it, do not change it)."""
    key = (players, dealer, packet)
    owners = _OWNERS.get(key)
    if owners is None:
        owners = []
        seat = (dealer + 1) % players
        for _ in range(players * HAND_SIZES[players] // packet):
            owners += [seat] * packet
            seat = (seat + 1) % players
        _OWNERS[key] = owners
    return owners


def deal_cards(seed: int, players: int, dealer: int, packet: int) -> tuple[list[int], int]:
    """Shuffle and deal as at the table: packets to each seat in turn from the dealer's
    right, the chien receiving single cards between packets, never the first or last card.

    Returns each seat's hand and the chien, as card masks."""
    rng = random.Random(seed)
    r = rng.getrandbits(_LIMIT_BITS)
    while r >= _LIMIT:
        r = rng.getrandbits(_LIMIT_BITS)
    packets = players * HAND_SIZES[players] // packet
    owner = packet_owners(players, dealer, packet)[:]
    for k, p in enumerate(sorted(rng.sample(range(1, packets), CHIEN_SIZES[players]))):
        owner.insert(p * packet + k, players)  # the chien's card, dealt before packet p
    piles = [0] * (players + 1)
    order = list(range(NCARDS))
    bits = _BITS
    for i in range(NCARDS - 1, 0, -1):  # Fisher-Yates read from r in the factorial base
        r, j = divmod(r, i + 1)
        card = order[j]
        order[j] = order[i]
        piles[owner[i]] |= bits[card]
    piles[owner[0]] |= bits[order[0]]
    return piles[:players], piles[players]


def explicit_piles(setup: Mapping[str, Any], hand_size: int,
                   chien_size: int) -> tuple[list[int], int]:
    """The hands and the chien of an explicit deal (``hands`` and ``chien`` as card codes),
    as card masks; ``ValueError``, in words, when they are not the 78 cards in piles of the
    right sizes."""
    if "chien" not in setup:
        raise ValueError(f"an explicit tarot deal needs the chien: chien=[...] with "
                         f"{chien_size} cards")
    extra = set(setup) - {"hands", "chien", "dealer"}
    if extra:
        raise ValueError(f"unknown setup piles {', '.join(sorted(extra))}: tarot takes "
                         "hands and chien")
    seen = 0
    piles: list[tuple[str, Any, int]] = [
        (f"hand {s}", h, hand_size) for s, h in enumerate(setup["hands"])]
    piles.append(("the chien", setup["chien"], chien_size))
    masks: list[int] = []
    for name, cards, size in piles:
        m = DECK.pile_mask(cards, name, size, seen)
        seen |= m
        masks.append(m)
    if seen != FULL_MASK:  # pragma: no cover - counts and uniqueness imply it
        raise ValueError("the hands and the chien must hold the 78 cards")
    return masks[:-1], masks[-1]


def mask_piles(hands: Sequence[int], chien: int, hand_size: int,
               chien_size: int) -> tuple[list[int], int]:
    """The hands and the chien of an explicit deal given as card masks (bit ``i``: card ``i``
    of the deck), checked as :func:`explicit_piles` checks codes: ``ValueError``, in words,
    unless they are ints holding the 78 cards, each once, in piles of the right sizes.

    >>> from atout.cards import TAROT_DECK
    >>> piles = [TAROT_DECK.mask(TAROT_DECK.codes[i::3]) for i in range(3)]
    >>> mask_piles(piles, 0, 26, 0) == (piles, 0)
    True
    >>> mask_piles(piles[:2], piles[2], 26, 0)
    Traceback (most recent call last):
    ...
    ValueError: the chien has 26 cards: expected 0
    """
    piles: list[object] = [*hands, chien]
    last = len(piles) - 1
    masks: list[int] = []
    seen = 0
    for k, m in enumerate(piles):
        if not isinstance(m, int) or isinstance(m, bool):
            raise ValueError(f"{_pile_name(k, last)} must be an int card mask, not {m!r}")
        if m < 0 or m >> NCARDS:
            raise ValueError(f"{_pile_name(k, last)} must be a card mask of the {NCARDS} "
                             f"cards (bits 0 to {NCARDS - 1}), not {m:#x}")
        if seen & m:
            raise ValueError(f"card(s) {', '.join(DECK.codes_of(seen & m))} dealt twice "
                             f"(again in {_pile_name(k, last)})")
        seen |= m
        masks.append(m)
    if seen != FULL_MASK:
        raise ValueError(f"the hands and the chien must hold the {NCARDS} cards: "
                         f"{', '.join(DECK.codes_of(FULL_MASK & ~seen))} missing")
    for k, m in enumerate(masks):
        size = chien_size if k == last else hand_size
        if m.bit_count() != size:
            raise ValueError(f"{_pile_name(k, last)} has {m.bit_count()} cards: expected "
                             f"{size}")
    return masks[:last], chien


def _pile_name(k: int, last: int) -> str:
    """The name of pile ``k`` in words: a hand, or the chien when it is the ``last``."""
    return "the chien" if k == last else f"hand {k}"
