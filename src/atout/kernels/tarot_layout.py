"""The layout of the Tarot kernel's state vector: one index per field (see
:mod:`atout.kernels.tarot`). Card sets are two words, ``_LO`` (the 56 suit cards) and ``_HI``
(the trumps, bit 0 the petit, and the excuse, bit 21); per-seat fields take five slots."""

from __future__ import annotations

N = 0
DEALER = 1
PHASE = 2
"""The phase, as the engine numbers it (0 petit sec .. 6 over)."""
TURN = 3
"""The seat to move, -1 when the deal is over."""
FLAGS = 4
"""The options as bits (``F_*``)."""
MISERE = 5
"""The bonus of a club misère (0: none)."""
MISERES = 6
"""How many misères were dealt."""
HAND_SIZE = 7
CHIEN_SIZE = 8
CHIEN_LO = 9
CHIEN_HI = 10
BIDS = 11
"""How many seats have spoken."""
BEST_BID = 12
BEST_SEAT = 13
CONTRACT = 14
TAKER = 15
CALLED = 16
PARTNER = 17
"""The holder of the called card when not the taker (-1: none)."""
PARTNER_KNOWN = 18
CHIEN_SHOWN = 19
ECART_LO = 20
ECART_HI = 21
ECART_LEFT = 22
CHELEM = 23
DECIDED = 24
POIGNEE = 25
"""The poignées' bonus shown so far."""
TRICK_NO = 26
LEADER = 27
TRICK_LEN = 28
TRICK_LO = 29
TRICK_HI = 30
EX_OWNER = 31
OWED_TO = 32
EX_PENDING = 33
"""Five players: the winner of the excuse's trick, the partner still unknown."""
EX_WINS_LAST = 34
ANNULLED = 35
"""0 played, 1 petit sec, 2 all passed."""
PETIT_TRICK = 36
"""The trick (from 0) that took the petit, and its winner (-1: not yet)."""
PETIT_WINNER = 37
TRICK = 38
HANDS_LO = 43
HANDS_HI = 48
WON_LO = 53
WON_HI = 58
TRICKS_WON = 63
LENGTH = 68

F_ANNUL_PETIT_SEC = 1
F_CHELEM_ANNOUNCE = 2
F_POIGNEES = 4
F_CALL_SELF = 8
F_HALF = 16
"""rounding='half'."""
F_FREE_LEAD = 32
"""called_suit_lead='free'."""
F_EXCUSE_TAKER = 64
"""excuse_last='taker-grand-petit'."""
