"""The options of French Tarot and its named presets."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from atout.core import option


@dataclass(frozen=True, kw_only=True, slots=True)
class TarotOptions:
    """Table options of French Tarot; the defaults follow the FFT rules."""

    players: int = option(4, choices=(3, 4, 5),
                          doc="Number of players: 3 (24 cards each, chien of 6), 4 (18 cards, "
                              "chien of 6) or 5 (15 cards, chien of 3, the taker calls a king).")
    packet: int = option(3, choices=(3, 4),
                         doc="Cards per packet when dealing at 3 players (the FFT deals 4 by "
                             "4 at 3 players); 4 and 5 players are always dealt in threes.")
    petit_sec: str = option("annul", choices=("annul", "play"),
                            doc="'annul': a player whose only trump is the petit, without the "
                                "excuse, declares it and the deal is void (FFT); 'play': "
                                "the deal is played anyway.")
    chelem_announce: bool = option(True,
                                   doc="Whether the taker is asked to announce a chelem "
                                       "(slam) before the first trick; an announced chelem "
                                       "makes the taker lead.")
    poignees: bool = option(True,
                            doc="Whether players may show a poignée (handful of trumps) "
                                "before their first card.")
    call_self: bool = option(True,
                             doc="At 5 players, whether the taker may call a king he holds "
                                 "(and so play alone, one against four).")
    rounding: str = option("winner", choices=("winner", "half"),
                           doc="'winner': a half point in the difference is rounded up, "
                               "in favour of the side that scores (FFT); 'half': scores keep "
                               "the half point.")
    taker_sees_ecart: bool = option(True,
                                    doc="Whether the taker's view keeps showing his écart "
                                        "during play (an aid; the FFT forbids looking at it "
                                        "once play begins).")
    called_suit_lead: str = option("king-only", choices=("king-only", "free"),
                                   doc="At 5 players, the first trick: 'king-only' (FFT) "
                                       "the called king's suit may not be led, except the "
                                       "called card itself; 'free': any card may be led.")

    excuse_last: str = option("chelem", choices=("chelem", "taker-grand-petit"),
                              doc="The excuse played to the last trick: 'chelem' (FFT, as "
                                  "read here) it takes the trick when its side, taker's or "
                                  "defence's, won every trick before, else it goes to the "
                                  "trick's winner; 'taker-grand-petit' (seed « sauf en cas de "
                                  "grand ou petit chelem, si le preneur la détient ») only the "
                                  "taker's own excuse takes it, when his side won every trick "
                                  "before (grand chelem) or all but one (petit chelem).")

    misere: int = option(0, choices=(0, 20),
                         doc="Club misères, not in the FFT rules: a player dealt no trump "
                             "(nor the excuse), or no head (king, queen, knight, jack), is "
                             "declared for him and each misère adds this many points, like a "
                             "poignée, to the side that wins the deal (rencontrestarot: 20); "
                             "0: no misère (FFT).")

    def validate(self) -> None:
        """Impossible combinations: the packet size applies only at 3 players."""
        if self.packet == 4 and self.players != 3:
            raise ValueError("tarot: option packet=4 is accepted only with players=3: "
                             "18 and 15 cards are dealt in threes")


PRESETS: Mapping[str, Mapping[str, Any]] = {
    "fft": {},
    "fft-3": {"players": 3, "packet": 4},
    "fft-5": {"players": 5},
    "simple": {"chelem_announce": False, "poignees": False},
    "seed": {"excuse_last": "taker-grand-petit"},
    "club": {"misere": 20},
}
"""Named presets: the FFT rules at 4, 3 and 5 players; a simpler table without the
chelem and poignée questions; seed: the seed text (bric-a-brac « Les Bouts ») where it
differs from the FFT: the excuse on the last trick takes it only for the taker, at a grand or
a petit chelem; club: the FFT with the club misères (20 each, rencontrestarot)."""
