"""The options of Schieber Jass, their presets and the trump multipliers."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from atout.core import (
    option,
)
from atout.games.jass.play import (
    UNDER_TRUMP_RULES,
)

MULTIPLIERS: dict[str, tuple[int, int, int, int, int, int]] = {
    "off": (1, 1, 1, 1, 1, 1),
    "spades-double": (1, 1, 2, 1, 1, 1),
    "suits-1-2-nt-3": (1, 1, 2, 2, 3, 3),
    "swiss-german": (1, 2, 2, 1, 3, 4),
}
"""Multiplier per trump mode (H, D, S, C, Obenabe, Undenufe) for each ``multipliers`` option."""

COIFFEUR_MULTIPLIERS: dict[str, tuple[int, int, int, int, int, int]] = {
    "jassreglement": (4, 3, 1, 2, 5, 6),
    "flat": (1, 1, 1, 1, 1, 1),
}
"""The Coiffeur's row multipliers per trump mode (H, D, S, C, Obenabe, Undenufe) for each
``coiffeur_multipliers`` option: jassreglement (jassverzeichnis.ch after the Jassreglement:
♠ ×1, ♣ ×2, ♦ ×3, ♥ ×4, Obenabe ×5, Undenufe ×6), flat (every row ×1)."""

@dataclass(frozen=True, kw_only=True)
class JassOptions:
    """The options of Schieber Jass."""

    direction: str = option("counterclockwise", choices=("counterclockwise", "clockwise"),
                            doc="playing direction; counter-clockwise is the Swiss way")
    obenabe: bool = option(True, doc="Obenabe (no trump, ace high, eights worth 8) may be chosen")
    undenufe: bool = option(True, doc="Undenufe (no trump, six high, eights worth 8) may be "
                                      "chosen")
    under_trump: str = option("swiss", choices=UNDER_TRUMP_RULES,
                              doc="after a plain lead has been trumped: swiss (a hand of "
                                  "nothing but trumps may play any of them, under-trumping "
                                  "included) or strict (a lower trump only when every card "
                                  "held is a trump lower than the best one in the trick)")
    buur_free: bool = option(True, doc="nobody is forced to play the Buur: on a trump lead, "
                                       "a player whose only trump is the Buur may play any "
                                       "card (False: he must follow with it, as jass.txt "
                                       "reads)")
    weis: bool = option(True, doc="announcements (sequences, four of a kind) score")
    big_sequences: bool = option(False, doc="sequences of 6, 7, 8, 9 cards score 150, 200, "
                                            "250, 300 instead of 100")
    nine_sequence: int = option(100, choices=(100, 150),
                                doc="a run of all nine cards of a suit, without big_sequences: "
                                    "100 like any run of five or more, or 150 (Jassonkel: 100 "
                                    "from the ace and 50 from the nine)")
    low_fours: int = option(0, choices=(0, 100),
                            doc="four sixes, sevens or eights: no Weis (0: SPOT, Jassonkel) or "
                                "100 like four aces, kings, queens or tens, where a table counts "
                                "them")
    weis_share: bool = option(False, doc="a card may serve in a four of a kind and in a "
                                         "sequence at once (False: one Weis per card, "
                                         "Jassonkel, bepopcorn)")
    weis_tie: str = option("first", choices=("first", "both"),
                           doc="Weis of equal strength in both teams: the first announcer's "
                               "team scores, or both teams score")
    stoeck: bool = option(True, doc="trump king and queen in one hand score 20")
    match_bonus: bool = option(True, doc="taking all nine tricks adds 100")
    multipliers: str = option("off", choices=tuple(MULTIPLIERS),
                              doc="points multiplied by trump mode: off; spades-double (♠ ×2); "
                                  "suits-1-2-nt-3 (♥♦ ×1, ♠♣ ×2, Obenabe and Undenufe ×3); "
                                  "swiss-german (♥♣ ×1, ♦♠ ×2, Obenabe ×3, Undenufe ×4)")
    target: int = option(1000, choices=(1000, 1500, 2000, 2500),
                         doc="points that win the game, counted the moment they are reached")
    coiffeur: bool = option(False, doc="the game is a Coiffeur (rules.match): each team plays "
                                       "every trump mode allowed once, a row per mode; a "
                                       "deal writes only the choosing team's points, times "
                                       "the row's multiplier; the game ends when both teams "
                                       "filled every row")
    coiffeur_multipliers: str = option("jassreglement", choices=tuple(COIFFEUR_MULTIPLIERS),
                                       doc="the Coiffeur rows' multipliers: jassreglement "
                                           "(♠ ×1, ♣ ×2, ♦ ×3, ♥ ×4, Obenabe ×5, Undenufe "
                                           "×6) or flat (every row ×1)")
    counting_order: str = option("stoeck-weis-tricks",
                                 choices=("stoeck-weis-tricks", "stoeck-tricks-weis"),
                                 doc="what counts first when points come at the same moment")

    def validate(self) -> None:
        """Refuse options that contradict each other, naming both."""
        if self.big_sequences and self.nine_sequence != 100:
            raise ValueError(f"jass: option nine_sequence={self.nine_sequence} is the value of "
                             "a nine-card run without big_sequences, but big_sequences=True "
                             "scores it 300: set one or the other")
        if not self.weis:
            for name in WEIS_DETAILS:
                value = getattr(self, name)
                if value != getattr(JassOptions, name):
                    raise ValueError(f"jass: option {name}={value!r} says how Weis score, but "
                                     "weis=False scores no Weis: set weis=True or leave "
                                     f"{name} at its default")
        if not (self.obenabe or self.undenufe) and self.multipliers in NO_TRUMP_TABLES:
            raise ValueError(f"jass: option multipliers={self.multipliers!r} multiplies "
                             "Obenabe and Undenufe, but obenabe=False and undenufe=False "
                             "leave only the four suits: allow obenabe or undenufe, or choose "
                             "multipliers='off' or 'spades-double'")
        self._validate_coiffeur()

    def _validate_coiffeur(self) -> None:
        if not self.coiffeur:
            if self.coiffeur_multipliers != JassOptions.coiffeur_multipliers:
                raise ValueError(f"jass: option coiffeur_multipliers="
                                 f"{self.coiffeur_multipliers!r} weighs the rows of a "
                                 "Coiffeur, but coiffeur=False plays none: set coiffeur=True "
                                 "or leave coiffeur_multipliers at its default")
            return
        if self.multipliers != JassOptions.multipliers:
            raise ValueError(f"jass: option multipliers={self.multipliers!r} multiplies a "
                             "deal by its trump, but coiffeur=True multiplies it by its row "
                             "(coiffeur_multipliers): set multipliers='off' or "
                             "coiffeur=False")
        if self.target != JassOptions.target:
            raise ValueError(f"jass: option target={self.target} ends a game at a score, but "
                             "coiffeur=True ends it when both teams filled every row: leave "
                             "target at its default or set coiffeur=False")


WEIS_DETAILS = ("weis_share", "big_sequences", "nine_sequence", "low_fours", "weis_tie")
"""The options that say how Weis score: refused at a value of their own when ``weis=False``."""

NO_TRUMP_TABLES = ("suits-1-2-nt-3", "swiss-german")
"""The ``multipliers`` tables with their own rows for Obenabe and Undenufe (×3, ×4)."""


PRESETS: dict[str, dict[str, Any]] = {
    "classic": {},
    "tournament": {"weis": False, "stoeck": False, "match_bonus": False},
    "multiplied": {"multipliers": "suits-1-2-nt-3", "target": 2500},
    "coiffeur": {"coiffeur": True, "weis": False},
    "jass-txt": {"direction": "clockwise", "obenabe": False, "undenufe": False,
                 "under_trump": "strict", "buur_free": False, "weis": False,
                 "stoeck": False, "match_bonus": False},
}
"""classic: the defaults; tournament: no Weis, Stöck or match bonus; multiplied: the
suits-1-2-nt-3 multipliers to 2500; coiffeur: a Coiffeur game without Weis, as Swisslos
plays it; jass-txt: the card play of shared/seeds/jass.txt as
written (the player on the dealer's left chooses among the four suits, no Buur exception,
the strict reading of « sauf s'il n'a que cette possibilité », 157 points a deal: no Weis,
Stöck or match bonus, which the text does not have)."""
