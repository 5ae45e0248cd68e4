"""Each game's own observation features (read from ``view.info``), phases and versions.

The common blocks (hand, table, cards and words seen, phase, turn, dealer) come from
:mod:`atout.envs.encoding`; this table adds what each game's view says beyond them. Changing a
game's features, phases or the common blocks changes its encoding, and a change to its rewards
(:mod:`atout.envs.rewards`) changes what an agent learns: bump its ``version`` here and add a
line to the version history in docs/envs.md.
"""

from __future__ import annotations

from dataclasses import dataclass

from atout.envs.encoding import Feature as F


@dataclass(frozen=True, slots=True)
class GameSpec:
    """What the environments need to know of one game beyond the contract.

    ``version`` is the environment's version (the ``-vN`` of the env id: the encoding and the
    rewards); ``match_scale`` divides whole-match scores in the
    observation; ``trick_points`` names how a trick's points are read for shaping (None: the
    game has no tricks) and ``trick_scale`` divides them (about the card points of a deal).
    """

    game: str
    version: int
    phases: tuple[str, ...]
    features: tuple[F, ...]
    match_scale: float
    trick_points: str | None
    trick_scale: float = 1.0


SPECS: dict[str, GameSpec] = {
    "jass": GameSpec(
        "jass", 1, ("trump", "play", "over"), (
            F("trump", "choice", "the trump or mode",
              choices=("H", "D", "S", "C", "obenabe", "undenufe")),
            F("chooser", "seat", "who chose the trump"),
            F("forehand", "seat", "who leads the first trick and may push"),
            F("pushed", "flag", "whether the choice was pushed to the partner"),
            F("multiplier", "number", "the deal's multiplier", scale=4),
            F("led", "suit", "the suit led in the trick under way"),
            F("card_points", "per_team", "card points taken", scale=157),
            F("tricks_won", "per_team", "tricks taken", scale=9),
            F("weis_points", "per_team", "Weis points scored", scale=300),
            F("stoeck_points", "per_team", "Stöck points scored", scale=20),
            F("weis_announced", "per_seat", "Weis value announced per seat", scale=300),
            F("weis_shown", "seat_cards", "cards shown in Weis, per seat"),
            F("own_weis", "cards", "the cards of the seat's own Weis"),
        ), match_scale=1000, trick_points="points",
        trick_scale=157),
    "putze": GameSpec(
        "putze", 1, ("speak", "better", "six", "play", "over"), (
            F("trump", "suit", "the trump suit"),
            F("trump_card", "cards", "the turned-up trump card"),
            F("trump_card_holder", "seat", "who holds the turned-up card"),
            F("out", "seats", "seats sitting this deal out"),
            F("players", "seats", "seats playing the deal"),
            F("blind_taker", "seat", "who took the blind"),
            F("blind_available", "flag", "whether the blind may still be taken"),
            F("six_exchanged_by", "seat", "who exchanged the trump six"),
            F("led", "suit", "the suit led in the trick under way"),
            F("card_points", "per_seat", "card points taken", scale=157),
            F("tricks_won", "per_seat", "tricks taken", scale=12),
            F("weis_points", "per_seat", "Weis points scored", scale=300),
            F("stoeck_points", "per_seat", "Stöck points scored", scale=20),
            F("weis_shown", "seat_cards", "cards shown in Weis, per seat"),
            F("own_weis", "cards", "the cards of the seat's own Weis"),
            F("own_discards", "cards", "the cards the seat discarded"),
            F("own_better_seen", "cards", "the cards the seat saw when bettering"),
            F("putzes_in_play", "number", "putzes at stake", scale=3),
            F("points", "per_seat", "the game's points so far", scale=21),
        ), match_scale=21, trick_points="points",
        trick_scale=157),
    "tarot": GameSpec(
        "tarot", 1, ("bidding", "call", "ecart", "chelem", "petit sec", "play", "over"), (
            F("taker", "seat", "the taker"),
            F("contract", "choice", "the contract",
              choices=("prise", "garde", "garde sans", "garde contre")),
            F("called", "cards", "the called king (five players)"),
            F("partner", "seat", "the taker's partner, once known"),
            F("chien", "cards", "the chien, when shown"),
            F("ecart", "cards", "the ecart, when the seat may see it"),
            F("ecart_trumps", "cards", "trumps put in the ecart (shown)"),
            F("chelem", "flag", "whether a chelem was announced"),
            F("poignees", "seat_cards", "trumps shown in poignées, per seat"),
            F("leader", "seat", "who leads the trick under way"),
            F("trick_number", "number", "the trick under way", scale=24),
            F("tricks_won", "per_seat", "tricks taken", scale=24),
        ), match_scale=1000, trick_points="tarot",
        trick_scale=91),
    "pitch": GameSpec(
        "pitch", 1, ("auction", "play", "over"), (
            F("trump", "suit", "the trump suit"),
            F("pitcher", "seat", "the pitcher"),
            F("high_bidder", "seat", "the highest bidder so far"),
            F("high_bid", "number", "the highest bid so far", scale=4),
            F("tangage", "flag", "whether the pitcher bid by leading"),
            F("leader", "seat", "who leads the trick under way"),
            F("trick_number", "number", "the trick under way", scale=6),
            F("tricks_won", "per_seat", "tricks taken", scale=6),
            F("hand_sizes", "per_seat", "cards left per seat", scale=6),
            F("game_points", "per_seat", "points toward Game taken", scale=40),
        ), match_scale=21, trick_points="points",
        trick_scale=40),
    "knock-rummy": GameSpec(
        "knock-rummy", 1, ("draw", "discard", "over"), (
            F("stock", "number", "cards left in the stock", scale=52),
            F("discard_pile", "cards", "the discard pile"),
            F("top_discard", "cards", "the top of the discard pile"),
            F("known", "seat_cards", "cards known to be in each seat's hand"),
            F("hand_sizes", "per_seat", "cards per seat", scale=11),
            F("taken", "cards", "the card just taken from the discard pile"),
            F("knocker", "seat", "who knocked"),
            F("restocks", "number", "times the stock was renewed", scale=3),
            F("deadwood", "cards", "the seat's cards outside its best melds"),
            F("deadwood_points", "number", "the seat's deadwood points", scale=100),
        ), match_scale=100, trick_points=None),
}
"""Every game's environment spec, by game name."""


TAROT_POINTS: dict[str, float] = {"T1": 4.5, "T21": 4.5, "EX": 4.5}
"""Card points of the tarot cards worth more than half a point (the rest count 0.5)."""
for _suit in "HDSC":
    TAROT_POINTS.update({f"K{_suit}": 4.5, f"Q{_suit}": 3.5, f"N{_suit}": 2.5,
                         f"J{_suit}": 1.5})


def tarot_card_points(cards: list[str]) -> float:
    """The card points of some tarot cards (kings and bouts 4.5, queens 3.5 …, others 0.5)."""
    return sum(TAROT_POINTS.get(c, 0.5) for c in cards)


def spec_of(game: str) -> GameSpec:
    """The spec of ``game``; ``ValueError`` naming the games with environments."""
    spec = SPECS.get(game)
    if spec is None:
        raise ValueError(f"no environment for game {game!r}: expected one of "
                         f"{', '.join(SPECS)}")
    return spec


__all__ = ["SPECS", "TAROT_POINTS", "GameSpec", "spec_of", "tarot_card_points"]
