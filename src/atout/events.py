"""Event kinds and phases, as named constants shared by the engines and the front ends.

An :class:`~atout.core.Event`'s ``kind`` is one of these. Each enum is a :class:`StrEnum`,
so a member equals its text (``JassEvent.PUSH == "push"``) and an event made with either
compares the same; saved games and the server's messages keep the plain text. A front end
reads events through a table keyed by these members (``atout.i18n.games.<game>``), and a
test plays every game and checks that each kind its engine emits is a member here, and that
each member has a sentence in both languages.

Each game's phases (a :class:`~atout.core.View`'s ``phase``) are a :class:`StrEnum` here
too (``JassPhase``, ``TarotPhase`` …): an engine sets its deal's phase to a member, a front
end compares a view's phase with a member, and the view's JSON keeps the plain text.

>>> JassEvent.TRUMP == "trump"
True
>>> TarotPhase.PETIT_SEC == "petit sec"
True
>>> sorted(str(kind) for kind in event_kinds("pitch"))[:3]
['bid', 'card', 'deal_over']
"""

from __future__ import annotations

from enum import StrEnum


class MatchEvent(StrEnum):
    """What a match says between deals (every game)."""

    NEW_DEAL = "new_deal"
    DEAL_OVER = "deal_over"
    GAME_OVER = "game_over"


class TrickEvent(StrEnum):
    """The kinds every trick game's play shares (Jass, Putze, Tarot, Pitch): a card played and
    a trick won. Each of those games' enums has them too, with the same text, so a table keyed
    by these (the sentences every game shares) reads any of them."""

    CARD = "card"
    TRICK = "trick"


class JassEvent(StrEnum):
    """Swiss Jass (Schieber)."""

    PUSH = "push"
    TRUMP = "trump"
    CARD = "card"
    WEIS = "weis"
    STOECK = "stoeck"
    WEIS_SCORED = "weis_scored"
    TRICK = "trick"
    MATCH_BONUS = "match_bonus"


class PutzeEvent(StrEnum):
    """Putze (Pomme): the declarations, the blind or the better cards, then Jass play."""

    PLAYS = "plays"
    PASS = "pass"
    TAKE_BLIND = "take_blind"
    BLIND_CARDS = "blind_cards"
    LOOK = "look"
    BETTER_CARDS = "better_cards"
    DISCARD = "discard"
    DISCARDED = "discarded"
    BETTER_TAKEN = "better_taken"
    PLAY_STARTS = "play_starts"
    NO_PLAY = "no_play"
    SIX_EXCHANGED = "six_exchanged"
    SIX_KEPT = "six_kept"
    REDEAL = "redeal"
    CARD = "card"
    WEIS = "weis"
    WEIS_SCORED = "weis_scored"
    STOECK = "stoeck"
    TRICK = "trick"
    DEAL_SCORED = "deal_scored"


class TarotEvent(StrEnum):
    """French Tarot: the auction, the chien and the écart, the play and the count."""

    PETIT_SEC = "petit_sec"
    DEAL_ANNULLED = "deal_annulled"
    BID = "bid"
    TAKER = "taker"
    CALL = "call"
    CHIEN = "chien"
    CHIEN_SET_ASIDE = "chien_set_aside"
    DISCARD = "discard"
    ECART_DONE = "ecart_done"
    CHELEM = "chelem"
    PLAY_BEGINS = "play_begins"
    POIGNEE = "poignee"
    PARTNER = "partner"
    CARD = "card"
    TRICK = "trick"
    EXCUSE_EXCHANGE = "excuse_exchange"
    EXCUSE_OWED = "excuse_owed"
    EXCUSE_SET_ASIDE = "excuse_set_aside"
    DEAL_END = "deal_end"


class PitchEvent(StrEnum):
    """Auction Pitch: the bids, the pitch that sets trump, the tricks and the score."""

    PASS = "pass"
    BID = "bid"
    TANGAGE = "tangage"
    PITCHER = "pitcher"
    REDEAL = "redeal"
    CARD = "card"
    TRUMP = "trump"
    TRICK = "trick"
    SCORE = "score"


class KnockRummyEvent(StrEnum):
    """Knock Rummy: draws, discards, the knock and the showdown."""

    DRAW = "draw"
    DRAWN = "drawn"
    DISCARD = "discard"
    KNOCK = "knock"
    SHOW = "show"
    SCORE = "score"
    STANDINGS = "standings"
    RESTOCK = "restock"
    VOID = "void"


GAME_EVENTS: dict[str, type[StrEnum]] = {
    "jass": JassEvent, "putze": PutzeEvent, "tarot": TarotEvent, "pitch": PitchEvent,
    "knock-rummy": KnockRummyEvent}
"""Each game's own event kinds, by the game's name."""


class JassPhase(StrEnum):
    """Swiss Jass: choosing trump (or pushing), then the play."""

    TRUMP = "trump"
    PLAY = "play"
    OVER = "over"


class PutzePhase(StrEnum):
    """Putze: the better cards, the declarations, the six exchange, then the play."""

    BETTER = "better"
    SPEAK = "speak"
    SIX = "six"
    PLAY = "play"
    OVER = "over"


class TarotPhase(StrEnum):
    """French Tarot, in the order of a deal (the engine keeps each phase's index)."""

    PETIT_SEC = "petit sec"
    BIDDING = "bidding"
    CALL = "call"
    ECART = "ecart"
    CHELEM = "chelem"
    PLAY = "play"
    OVER = "over"


class PitchPhase(StrEnum):
    """Auction Pitch: the auction, then the play."""

    AUCTION = "auction"
    PLAY = "play"
    OVER = "over"


class KnockRummyPhase(StrEnum):
    """Knock Rummy: a turn draws, then discards (or knocks)."""

    DRAW = "draw"
    DISCARD = "discard"
    OVER = "over"


GAME_PHASES: dict[str, type[StrEnum]] = {
    "jass": JassPhase, "putze": PutzePhase, "tarot": TarotPhase, "pitch": PitchPhase,
    "knock-rummy": KnockRummyPhase}
"""Each game's phases, by the game's name."""


def event_kinds(game: str) -> frozenset[str]:
    """Every kind of event a game's match may emit: its own and the match's."""
    own = GAME_EVENTS.get(game)
    return frozenset(MatchEvent) | (frozenset(own) if own is not None else frozenset())


__all__ = ["GAME_EVENTS", "GAME_PHASES", "JassEvent", "JassPhase", "KnockRummyEvent",
           "KnockRummyPhase", "MatchEvent", "PitchEvent", "PitchPhase", "PutzeEvent",
           "PutzePhase", "TarotEvent", "TarotPhase", "TrickEvent", "event_kinds"]
