"""The Jass rollout policy's tables against the rules they stand for."""

from __future__ import annotations

import random

from atout.bots.jass.search import _LACKS, _top_lead
from atout.cards import bit_list
from atout.games.jass.play import POWER, SUIT_MASK
from atout.games.jass.seen import void_shown


def _top_lead_by_hand(hand: int, hands: list[int], mode: int) -> int:
    """The first suit's strongest card of ``hand`` that no other hand beats, by scanning."""
    power = POWER[mode]
    others = (hands[0] | hands[1] | hands[2] | hands[3]) & ~hand
    for s in range(4):
        mine = bit_list(hand & SUIT_MASK[s])
        if not mine:
            continue
        top = max(mine, key=power.__getitem__)
        if all(power[c] < power[top] for c in bit_list(others & SUIT_MASK[s])):
            return top
    return -1


def test_the_bock_lead_is_the_strongest_card_nobody_beats() -> None:
    rng = random.Random(11)
    found = 0
    for _ in range(3000):
        cards = list(range(36))
        rng.shuffle(cards)
        left = rng.randint(1, 9)
        hands = [sum(1 << c for c in cards[9 * s:9 * s + left]) for s in range(4)]
        mode = rng.randrange(6)
        seat = rng.randrange(4)
        got = _top_lead(hands[seat], hands, mode)
        assert got == _top_lead_by_hand(hands[seat], hands, mode)
        found += got >= 0
    assert 300 < found < 2700  # both answers met


def test_the_voids_table_is_what_void_shown_says() -> None:
    for mode in range(6):
        for led in range(4):
            for card in range(36):
                if card // 9 in (led, mode):
                    continue  # followed or trumped: void_shown reads the trick
                for best in range(led * 9, led * 9 + 9):
                    assert void_shown(card, led, best, mode) == _LACKS[mode][led]
