"""The options of Auction Pitch and their presets."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from atout.core import (
    option,
)

# -- options --------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True, slots=True)
class PitchOptions:
    """The options of Auction Pitch (see docs/pitch.md)."""

    players: int = option(4, choices=(2, 3, 4, 5, 6, 7),
                          doc="number of players, 2 to 7 (4 is best)")
    partnership: bool = option(False, doc="play in teams of two, partners opposite (4 players: "
                               "two teams; 6 players: three teams); points and bids per team")
    min_bid: int = option(1, choices=(1, 2), doc="the lowest bid: 1 (the seed) or 2 (common)")
    all_pass: str = option("dealer-bids", choices=("dealer-bids", "redeal"),
                           doc="when all others pass: the dealer must bid at least 2 "
                           "('dealer-bids', the seed) or may pass too and the hand is "
                           "dealt again by the next dealer ('redeal')")
    dealer_steal: bool = option(True, doc="the dealer may take the contract by equalling the "
                                "high bid (the steal)")
    steal_four: bool = option(False, doc="the dealer may also steal a bid of 4 spoken in words "
                              "(never a tangage, which ends the auction at once)")
    tangage: bool = option(True, doc="a player may bid 4 by pitching a card at once: the card "
                           "is the first lead and sets trump")
    low: str = option("dealt", choices=("dealt", "won"),
                      doc="who scores Low: the player dealt the lowest trump in play ('dealt') "
                      "or the player who wins it in a trick ('won')")
    target: int = option(7, choices=(7, 10, 11, 15, 21), doc="points needed to win the game")
    win: str = option("pitcher", choices=("pitcher", "bid-made", "first"),
                      doc="'pitcher': the first to reach the target at the end of a hand in "
                      "which he was the pitcher, his bid made or not (the seed); 'bid-made': "
                      "only a pitcher who makes his bid and so reaches the target ('bid out'); "
                      "'first': the first to reach the target, points counted pitcher first, "
                      "then High, Low, Jack, Game")

    smudge: str = option("off", choices=("off", "bid-four", "any"),
                         doc="a side that takes all four points (High, Low, Jack and Game) "
                         "in one hand wins the game at once, whatever the scores: 'off'; "
                         "'bid-four': only a pitcher who bid 4 (Parlett's Smudge); 'any': "
                         "any side, pitcher or not (Bicycle's Pitch (Smudge))")
    max_hands: int = option(100, choices=(0, 30, 50, 100, 200, 500),
                            doc="after this many hands with no winner (0: no limit), the game "
                            "ends as soon as one side alone has the highest score")

    def validate(self) -> None:
        """Refuse impossible combinations."""
        if self.partnership and self.players not in (4, 6):
            raise ValueError(f"pitch: option partnership=True needs players=4 or players=6, "
                             f"not players={self.players}")
        if self.steal_four and not self.dealer_steal:
            raise ValueError("pitch: option steal_four=True lets the dealer steal a bid of 4, "
                             "but dealer_steal=False forbids every steal: set "
                             "dealer_steal=True or steal_four=False")


PRESETS: dict[str, dict[str, Any]] = {
    "seed": {"low": "won", "max_hands": 0},
    "bicycle": {"min_bid": 1, "low": "dealt", "steal_four": False, "win": "bid-made"},
    "partners": {"players": 4, "partnership": True, "target": 11},
    "setback": {"players": 4, "partnership": True, "target": 11, "min_bid": 2,
                "all_pass": "redeal", "steal_four": True, "low": "won", "win": "first"},
}
