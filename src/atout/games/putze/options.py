"""Options and presets of Putze / Pomme, and their resolution into a concrete table plan.

Two rule texts describe the game and differ: rules 27.1-27.27 ("regle-27", the Jassmaster
chapter "La putze ou pomme") and the section "La Pomme ou le Putz" of the Jass rules
("jass-txt"). ``base`` names the text whose defaults fill in every option left on ``auto``;
the other options change single rule points. :func:`resolve` turns options into a
:class:`Plan`, the facts the engine needs for one number of players.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from atout.core import option
from atout.games.jass.play import UNDER_TRUMP_RULES

TALONS = ("none", "blind", "better-cards", "spare-card")
"""What lies beside the hands: nothing (the last card dealt is turned for trump), a 9-card
blind, the 2-player "cartes meilleures" and a stock, or a single spare card turned."""

POMME_BONUSES = ("to-best", "none", "jass-txt-5")

ALLOWED_TALONS = {2: ("blind", "better-cards"), 3: ("blind",), 4: ("none",),
                  5: ("none", "spare-card")}


@dataclass(frozen=True, kw_only=True)
class PutzeOptions:
    """The options of Putze / Pomme (see docs/putze.md)."""

    players: int = option(4, choices=(2, 3, 4, 5), doc="number of players, 2 to 5")
    base: str = option("regle-27", choices=("regle-27", "jass-txt"),
                       doc="the rule text whose choices fill in the options left on auto: "
                           "regle-27 (rules 27.1-27.27) or jass-txt (La Pomme ou le Putz, "
                           "3 or 5 players)")
    talon: str = option("auto", choices=("auto", *TALONS),
                        doc="what lies beside the hands: auto (as the base text says for the "
                            "number of players); none (all cards dealt, the last one turned "
                            "for trump: 4 players, 5 players 27.25/27.27); blind (9-card blind, "
                            "its top card turned: 3 players, 2 players 27.24); better-cards "
                            "(2 players 27.21: three 'cartes meilleures' each); spare-card "
                            "(5 players 27.26 and jass-txt: 7 cards each, the 36th turned)")
    dealer_sits_out: bool = option(False, doc="5 players 27.27: the dealer does not play, "
                                              "the four others play a 4-player deal, and the "
                                              "dealer earns a putze for his deal")
    six_exchange: bool = option(True, doc="the holder of the trump six may exchange it for the "
                                          "turned card when that card lies apart (blind, stock, "
                                          "spare card); never when it is in a hand (27.1)")
    may_pass: bool = option(True, doc="a player may decline to play the deal (27.2, 27.12, "
                                      "27.22); off in jass-txt, where everybody plays")
    putzes: int = option(0, choices=(0, 1, 2, 3),
                         doc="putzes in play per deal: 0 = as the base text (regle-27: 1 at "
                             "2 players, else 2; jass-txt: 2 at 3 players, 3 at 5 players)")
    pomme_bonus: str = option("auto", choices=("auto", *POMME_BONUSES),
                              doc="putzes that pommes cannot take: to-best (they go to the "
                                  "best player: 27.8, 27.18, jass-txt 3 players), none (27.23, "
                                  "2 players), jass-txt-5 (2 pommes: the best scores 2; 3 "
                                  "pommes: the two best score 2 each; 4 pommes: the best "
                                  "scores 3); auto = as the base text")
    pomme_below: int = option(21, choices=(11, 16, 21, 26, 31),
                              doc="a player who plays and makes fewer points than this "
                                  "(announcements included) is pomme")
    tie_overflow: str = option("nobody", choices=("nobody", "all"),
                               doc="players tied at the top who are more than the putzes in "
                                   "play (a tie at 2 players): nobody putzes, or all of them "
                                   "do (27.9 read literally: nobody has more points)")
    all_under: str = option("pomme", choices=("pomme", "nothing"),
                            doc="when every player is under the pomme limit (possible when "
                                "few cards are in play): each is pomme (27.5 as written), or "
                                "nothing is marked")
    under_trump: str = option("swiss", choices=UNDER_TRUMP_RULES,
                              doc="after a plain lead has been trumped: swiss (a hand of "
                                  "nothing but trumps may play any of them) or strict (a lower "
                                  "trump only when every card held is a trump lower than the "
                                  "best one in the trick: jass.txt « sauf s'il n'a que cette "
                                  "possibilité » as we read it)")
    buur_free: bool = option(True, doc="nobody is forced to play the Buur: on a trump lead, "
                                       "a player whose only trump is the Buur may play any "
                                       "card (False in jass-txt: « il doit obligatoirement "
                                       "suivre »)")
    weis: bool = option(True, doc="announcements (sequences, four of a kind) count in the "
                                  "player's total (27.4 'annonces valables cumulées')")
    weis_scoring: str = option("best", choices=("best", "each"),
                               doc="best: only the player with the best announcement counts "
                                   "his (the Jass rule); each: every announcement counts")
    big_sequences: bool = option(False, doc="sequences of 6, 7, 8, 9 cards score 150, 200, 250, "
                                            "300 instead of 100")
    stoeck: bool = option(True, doc="trump king and queen in one hand score 20")
    loser_first: bool = option(True, doc="27.19: the player who did worst in a deal speaks "
                                         "first for the blind of the next deal")
    nobody_plays: str = option("next-dealer", choices=("next-dealer", "same-dealer"),
                               doc="when nobody plays a deal nothing is scored and the next "
                                   "player deals (next-dealer) or the same dealer deals again")
    target: int = option(7, choices=(3, 5, 7, 9, 11, 15, 21),
                         doc="putzes (net of pommes) that win the game (27.10)")
    losing_limit: int = option(0, choices=(0, -2, -3, -4, -5, -6, -10),
                               doc="the game also ends when a player's score falls below this; "
                                   "0 = as the base text (regle-27: no limit; jass-txt: -3 at "
                                   "3 players, -5 at 5 players)")
    play_on: bool = option(False, doc="27.10: after the first winner the others play on for "
                                      "the places (finished players sit out)")
    direction: str = option("counterclockwise", choices=("counterclockwise", "clockwise"),
                            doc="playing direction; counter-clockwise is the Swiss way, the "
                                "next player is on the dealer's right")

    def validate(self) -> None:
        """Refuse impossible combinations, naming the option and what is accepted."""
        resolve(self)


PRESETS: dict[str, dict[str, Any]] = {
    "regle-27": {"base": "regle-27"},
    "regle-27-blind": {"base": "regle-27", "players": 2, "talon": "blind"},
    "regle-27-v1": {"base": "regle-27", "players": 5, "talon": "none"},
    "regle-27-v2": {"base": "regle-27", "players": 5, "talon": "spare-card"},
    "regle-27-v3": {"base": "regle-27", "players": 5, "talon": "none",
                    "dealer_sits_out": True},
    "jass-txt": {"base": "jass-txt", "players": 3, "may_pass": False, "weis": False,
                 "stoeck": False, "loser_first": False, "under_trump": "strict",
                 "buur_free": False},
}
"""regle-27: rules 27.1-27.24 (and 27.25 at 5 players); regle-27-blind: 2 players with a blind
(27.24); regle-27-v1/v2/v3: the three 5-player variants 27.25/27.26/27.27; jass-txt: the
"La Pomme ou le Putz" section (3 players, or 5 with ``players=5``), with the card play of
jass.txt as written: no Buur exception (« il doit obligatoirement suivre ») and the strict
reading of under-trumping (« sauf s'il n'a que cette possibilité »)."""


@dataclass(frozen=True, slots=True)
class Plan:
    """The options resolved for one table: every rule point the engine needs."""

    players: int
    talon: str
    dealer_sits_out: bool
    hand_size: int
    deck: int  # mask of the cards in use
    six_exchange: bool
    may_pass: bool
    putzes: int
    pomme_bonus: str
    pomme_below: int
    tie_overflow: str
    all_under: str
    losing_limit: int | None
    loser_first: bool


SIX_OF_SPADES = 2 * 9  # card index of 6S


def resolve(o: PutzeOptions) -> Plan:
    """The plan of a table; ``ValueError`` naming the option for impossible combinations."""
    n = o.players
    jass_txt = o.base == "jass-txt"
    if jass_txt and n not in (3, 5):
        raise ValueError(f"putze: option base='jass-txt' describes 3 or 5 players, not "
                         f"players={n}: use players=3 or players=5, or base='regle-27'")
    talon = _talon(o.talon, n, jass_txt)
    _check_dealer_sits_out(o, jass_txt, talon)
    hand_size, deck = _cards(n, o.dealer_sits_out, talon)
    putzes = o.putzes or (1 if n == 2 else (3 if jass_txt and n == 5 else 2))
    bonus = _pomme_bonus(o.pomme_bonus, n, jass_txt)
    limit: int | None = o.losing_limit or None
    if limit is None and jass_txt:
        limit = -3 if n == 3 else -5
    six = o.six_exchange and talon != "none"
    return Plan(n, talon, o.dealer_sits_out, hand_size, deck, six, o.may_pass, putzes, bonus,
                o.pomme_below, o.tie_overflow, o.all_under, limit, o.loser_first)

def _talon(talon: str, n: int, jass_txt: bool) -> str:
    """The talon of the table: ``talon`` or, on 'auto', the rule text's for ``n`` players;
    ``ValueError`` when impossible with ``n`` players."""
    if talon == "auto":
        talon = {2: "better-cards", 3: "blind", 4: "none",
                 5: "spare-card" if jass_txt else "none"}[n]
    if talon not in ALLOWED_TALONS[n]:
        accepted = ", ".join(repr(t) for t in ALLOWED_TALONS[n])
        raise ValueError(f"putze: option talon={talon!r} is not possible with players={n}: "
                         f"expected 'auto' or {accepted}")
    return talon


def _check_dealer_sits_out(o: PutzeOptions, jass_txt: bool, talon: str) -> None:
    """``ValueError`` unless the dealer sitting out (27.27) fits the table: regle-27, five
    players, no talon."""
    if o.dealer_sits_out and jass_txt:
        raise ValueError("putze: option dealer_sits_out=True (27.27) is a regle-27 variant: "
                         "use base='regle-27'")
    if o.dealer_sits_out and (o.players != 5 or talon != "none"):
        raise ValueError("putze: option dealer_sits_out=True (27.27) needs players=5 and "
                         "talon='none' or 'auto'")


def _cards(n: int, dealer_sits_out: bool, talon: str) -> tuple[int, int]:
    """The hand size and the deck's mask: five players dealt in get seven cards each, and
    without a talon the six of spades is removed (27.25)."""
    deck = (1 << 36) - 1
    if n != 5 or dealer_sits_out:
        return 9, deck
    if talon == "none":
        deck &= ~(1 << SIX_OF_SPADES)
    return 7, deck


def _pomme_bonus(bonus: str, n: int, jass_txt: bool) -> str:
    """The pomme bonus of the table: ``bonus`` or, on 'auto', the rule text's for ``n``
    players; ``ValueError`` for the 5-player bonus at another table."""
    if bonus == "auto":
        bonus = "none" if n == 2 else ("jass-txt-5" if jass_txt and n == 5 else "to-best")
    if bonus == "jass-txt-5" and n != 5:
        raise ValueError(f"putze: option pomme_bonus='jass-txt-5' is the 5-player table, not "
                         f"for players={n}: expected 'auto', 'to-best' or 'none'")
    return bonus

