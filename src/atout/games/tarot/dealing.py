"""Making a Tarot deal from its seed: the shuffle and the deal by packets, as at the table."""

from __future__ import annotations

import random

from .tables import CHIEN_SIZES, DECK, HAND_SIZES, NCARDS

_BITS = tuple(1 << i for i in range(NCARDS))


def deal_cards(seed: int, players: int, dealer: int, packet: int) -> tuple[list[int], int]:
    """Shuffle and deal as at the table: packets to each seat in turn from the dealer's
    right, the chien receiving single cards between packets, never the first or last card."""
    rng = random.Random(seed)
    order = DECK.shuffled(rng)
    hand_size = HAND_SIZES[players]
    packets = players * hand_size // packet
    chien_after = set(rng.sample(range(1, packets), CHIEN_SIZES[players]))
    hands = [0] * players
    chien = 0
    pos = 0
    seat = (dealer + 1) % players
    bit = _BITS.__getitem__
    for p in range(packets):
        if p in chien_after:
            chien |= 1 << order[pos]
            pos += 1
        hands[seat] |= sum(map(bit, order[pos:pos + packet]))  # distinct bits: their union
        pos += packet
        seat = (seat + 1) % players
    return hands, chien
