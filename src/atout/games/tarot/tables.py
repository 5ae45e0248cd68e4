"""Fixed tables of French Tarot: card masks, card values, the action ids and their texts.

Card ``i`` is ``TAROT_DECK.codes[i]``: suit cards ``suit*14 + rank`` (ranks ``123456789TJNQK``),
trumps T1..T21 at 56..76, the excuse EX at 77. Values are kept in half points so that every
sum is an integer (the 78 cards are worth 182 half points, 91 points).
"""

from __future__ import annotations

from atout.cards import SUITS, TAROT_DECK
from atout.core import Action, ActionSpace
from atout.events import TarotPhase

DECK = TAROT_DECK
"""The 78-card tarot deck."""

NCARDS = 78
T1 = 56
"""The petit (trump 1)."""
T21 = 76
"""The 21 of trumps."""
EX = 77
"""The excuse."""

BIT_T1 = 1 << T1
BIT_T21 = 1 << T21
BIT_EX = 1 << EX
TRUMPS = ((1 << 21) - 1) << T1
"""The 21 trumps (not the excuse)."""
BOUTS = BIT_T1 | BIT_T21 | BIT_EX
"""The three bouts (oudlers): the petit, the 21 and the excuse."""
SUIT_MASKS: tuple[int, int, int, int] = DECK.suit_masks
KINGS = sum(1 << (s * 14 + 13) for s in range(4))
SUIT_CARDS = (1 << 56) - 1
PLAIN_DISCARDABLE = SUIT_CARDS & ~KINGS
"""Suit cards other than kings: what the écart may hold freely."""
TRUMP_DISCARDABLE = TRUMPS & ~BIT_T1 & ~BIT_T21
"""Trumps that may go to the écart when the taker has nothing else left to put there."""


def _value2(i: int) -> int:
    if i >= T1:
        return 9 if (1 << i) & BOUTS else 1
    return (1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 3, 5, 7, 9)[i % 14]


VALUE2: tuple[int, ...] = tuple(_value2(i) for i in range(NCARDS))
"""The value of each card in half points: bouts and kings 9, queens 7, knights 5, jacks 3,
every other card 1."""
LOW_CARDS = sum(1 << i for i in range(NCARDS) if VALUE2[i] == 1)
"""The low cards (worth half a point): what is given in exchange for the excuse."""
CARD_SUIT: tuple[int, ...] = tuple(i // 14 if i < 56 else 4 for i in range(NCARDS))
"""The suit index of each card: 0..3 for H, D, S, C, 4 for trumps and the excuse."""
LED_MASK: tuple[int, ...] = (*SUIT_MASKS, TRUMPS)
"""The cards that follow a lead, by suit index (4 = trumps)."""


HEADS = sum(1 << (s * 14 + r) for s in range(4) for r in (10, 11, 12, 13))
"""The heads (figures): every jack, knight, queen and king."""
MISERE_KINDS = ("trumps", "heads")
"""A misère: a dealt hand without any trump (the excuse included), or without any head."""
_JACKS = sum(1 << i for i in range(NCARDS) if VALUE2[i] == 3)
_KNIGHTS = sum(1 << i for i in range(NCARDS) if VALUE2[i] == 5)
_QUEENS = sum(1 << i for i in range(NCARDS) if VALUE2[i] == 7)
_NINES = sum(1 << i for i in range(NCARDS) if VALUE2[i] == 9)  # kings and bouts


def points2(mask: int) -> int:
    """The value of a set of cards in half points."""
    # one half point a card, and what each honour is worth above it
    return (mask.bit_count() + 2 * (mask & _JACKS).bit_count() + 4 * (mask & _KNIGHTS).bit_count()
            + 6 * (mask & _QUEENS).bit_count() + 8 * (mask & _NINES).bit_count())


# -- phases -------------------------------------------------------------------------------
PH_PETIT_SEC, PH_BID, PH_CALL, PH_ECART, PH_CHELEM, PH_PLAY, PH_OVER = range(7)
PHASES = tuple(TarotPhase)
"""The phases used in views (:class:`atout.events.TarotPhase`), by the index the deal keeps."""

# -- contracts ----------------------------------------------------------------------------
CONTRACTS = ("prise", "garde", "garde sans", "garde contre")
"""The contracts, lowest first (prise is also called petite)."""
MULTIPLIERS = (1, 2, 4, 6)
"""The multiplier of each contract."""
PRISE, GARDE, GARDE_SANS, GARDE_CONTRE = 0, 1, 2, 3
THRESHOLDS2 = (112, 102, 82, 72)
"""Half points the taker needs with 0, 1, 2 or 3 bouts: 56, 51, 41, 36 points."""

POIGNEE_LEVELS = ("simple", "double", "triple")
POIGNEE_BONUS = (20, 30, 40)
POIGNEE_SIZES: dict[int, tuple[int, int, int]] = {3: (13, 15, 18), 4: (10, 13, 15),
                                                  5: (8, 10, 13)}
"""Trumps to show for a single, double or triple poignée, by number of players."""
HAND_SIZES = {3: 24, 4: 18, 5: 15}
CHIEN_SIZES = {3: 6, 4: 6, 5: 3}

# -- actions ------------------------------------------------------------------------------
CALL_RANKS = "KQNJ"
A_PLAY = 0
"""Ids 0..77: play a card (the card's code)."""
A_DISCARD = 78
"""Ids 78..155: put a card in the écart (``discard <code>``)."""
A_PASS = 156
A_BID = 157
"""Ids 157..160: bid a contract (``prise``, ``garde``, ``garde sans``, ``garde contre``)."""
A_CALL = 161
"""Ids 161..176: call a card at 5 players (``call KH``…): kings, then queens, knights, jacks."""
A_NO_POIGNEE = 177
A_POIGNEE = 178
"""Ids 178..180: ``poignee simple``, ``poignee double``, ``poignee triple``."""
A_NO_CHELEM = 181
A_CHELEM = 182
A_PETIT_SEC = 183
NUM_ACTIONS = 184

CALL_CARDS: tuple[int, ...] = tuple(s * 14 + "123456789TJNQK".index(r)
                                    for r in CALL_RANKS for s in range(4))
"""The card of each call action, in action order."""
CALL_RANK_MASKS: tuple[int, ...] = tuple(
    sum(1 << (s * 14 + "123456789TJNQK".index(r)) for s in range(4)) for r in CALL_RANKS)
"""All four kings, queens, knights, jacks."""


def action_texts() -> list[str]:
    """The notation of every action, by id."""
    texts = list(DECK.codes)
    texts += [f"discard {c}" for c in DECK.codes]
    texts += ["pass", *CONTRACTS]
    texts += [f"call {r}{s}" for r in CALL_RANKS for s in SUITS]
    texts += ["no poignee", *(f"poignee {lv}" for lv in POIGNEE_LEVELS)]
    texts += ["no chelem", "chelem", "petit sec"]
    assert len(texts) == NUM_ACTIONS
    return texts


ACTIONS = ActionSpace(action_texts())
"""The table of Tarot's actions (the same for every player count)."""


def _chunk_lists(first: int, width: int) -> tuple[tuple[Action, ...], ...]:
    return tuple(tuple(ACTIONS.table[first + i] for i in range(width) if b >> i & 1)
                 for b in range(1 << width))


CARD_CHUNKS: tuple[tuple[tuple[Action, ...], ...], ...] = (
    *(_chunk_lists(7 * k, 7) for k in range(10)), _chunk_lists(70, 8))
"""``CARD_CHUNKS[k][b]``: the card actions of the bits set in ``b``, read as cards ``7k`` to
``7k + 6`` (the last chunk, ``k`` 10, holds the eight cards 70 to 77). A suit ``s`` is chunks
``2s`` and ``2s + 1``; the trumps and the excuse are chunks 8, 9 and 10."""
