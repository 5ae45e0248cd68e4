"""Refusals in the player's language: one sentence per code of :data:`atout.refusal.CODES`.

An engine refuses an action with a code and its parameters (the suit to follow, the trump
to beat, the cards allowed …); :func:`refusal_sentence` says that same reason in words,
without working the rule out again from the view. Parameters are rendered by their names:
cards by their full names, suits by theirs, lists of actions in words.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Protocol

from atout.i18n import Translator


class Speaker(Protocol):
    """What a refusal's sentence needs of a game's words (:class:`atout.i18n.text.GameText`
    has it): the player's language, actions and players in words."""

    tr: Translator

    def action(self, text: str) -> str:
        """An action in words."""
        ...

    def name(self, seat: int | None) -> str:
        """A seat by its player's name."""
        ...


_RANK_OF = {"king": "K", "queen": "Q", "knight": "N", "jack": "J"}


class _Args:
    """The parameters of one refusal, rendered on demand in the player's language."""

    def __init__(self, text: Speaker, params: Mapping[str, Any]) -> None:
        self.text = text
        self.tr = text.tr
        self.p = params

    def card(self, key: str = "card") -> str:
        """A card parameter by its full name."""
        return self.tr.card(str(self.p.get(key, "")))

    def suit(self, key: str = "suit") -> str:
        """A suit parameter by its name."""
        return self.tr.suit(str(self.p.get(key, "")))

    def actions(self, key: str = "legal") -> str:
        """A list of actions (or cards) in words."""
        items = self.p.get(key) or []
        return self.tr.join([self.text.action(str(a)) for a in items])

    def action(self) -> str:
        """The refused action in words, as the start of a sentence."""
        return self.tr.sentence(self.text.action(str(self.p.get("action", ""))))

    def value(self, key: str) -> str:
        """A number or a word as it is."""
        return str(self.p.get(key, ""))

    def player(self, key: str = "seat") -> str:
        """A seat parameter by the player's name."""
        seat = self.p.get(key)
        return self.text.name(seat if isinstance(seat, int) else None)


def _under_trump(a: _Args) -> str:
    _ = a.tr._
    if a.p.get("rule") == "strict":
        return _("{card} would under-trump {best}: you may play a lower trump only when every "
                 "card you hold is a trump lower than {best}. You may play {cards}.").format(
            card=a.tr.sentence(a.card()), best=a.card("best"), cards=a.actions())
    return _("{card} would under-trump {best}: you may play a lower trump only when you hold "
             "nothing but trumps. You may play {cards}.").format(
        card=a.tr.sentence(a.card()), best=a.card("best"), cards=a.actions())


def _bid_must_top(a: _Args) -> str:
    _ = a.tr._
    if a.p.get("steal"):
        return _("A bid of {bid} is below the high bid, {high} by {player}: as dealer you may "
                 "equal it or top it.").format(bid=a.value("bid"), high=a.value("high"),
                                               player=a.player())
    return _("A bid of {bid} must top the high bid, {high} by {player}.").format(
        bid=a.value("bid"), high=a.value("high"), player=a.player())


def _call_rank(a: _Args) -> str:
    lower = _RANK_OF.get(str(a.p.get("lower")), "K")
    return a.tr._("You may call that card only when you hold all four {cards}.").format(
        cards=a.tr.rank(lower, plural=True))


def _already_drawn(a: _Args) -> str:
    if a.p.get("knock"):
        return a.tr._("You have already drawn: discard a card or knock.")
    return a.tr._("You have already drawn: discard a card.")


def _sentences() -> dict[str, Callable[[_Args], str]]:
    def _(message: str, **keys: Callable[[_Args], str]) -> Callable[[_Args], str]:
        # named _ so that the catalogue tool finds the messages
        def say(a: _Args) -> str:
            return a.tr._(message).format(**{k: f(a) for k, f in keys.items()})
        return say

    card = _Args.card
    cap_card: Callable[[_Args], str] = lambda a: a.tr.sentence(a.card())  # noqa: E731
    cards = _Args.actions
    action = _Args.action
    suit = _Args.suit
    return {
        "not_allowed": _("{action} is not allowed now. You may: {actions}.", action=action,
                         actions=cards),
        "unknown_action": _("{action} is not an action of this game.", action=action),
        "deal_over": _("The deal is over."),
        "game_over": _("The game is over."),
        "not_in_hand": _("{card} is not in your hand.", card=cap_card),
        "wrong_phase": _("{action} is not possible now. You may: {actions}.", action=action,
                         actions=cards),
        "play_a_card": _("{action} is not possible now: play a card.", action=action),
        "follow_suit": _("You must follow {suit}. You may play {cards}.", suit=suit,
                         cards=cards),
        "follow_or_trump": _("You must follow {suit} or trump. You may play {cards}.",
                             suit=suit, cards=cards),
        "under_trump": _under_trump,
        "must_trump": _("You must play a trump. You may play {cards}.", cards=cards),
        "void_must_trump": _("You have no {suit}, so you must trump. You may play {cards}.",
                             suit=suit, cards=cards),
        "must_overtrump": _("You must play a trump higher than {best}. You may play {cards}.",
                            best=lambda a: a.card("best"), cards=cards),
        "choose_trump_first": _("The trump must be chosen first."),
        "no_second_push": _("You cannot push: your partner pushed to you, so you choose the "
                            "trump."),
        "not_offered": _("{action} is not offered at this table.", action=action),
        "row_played": _("Your team has already played the row of {action} in this Coiffeur. "
                        "You may choose: {actions}.", action=action, actions=cards),
        "declare_first": _("Every player must first say whether he plays. You may: "
                           "{actions}.", actions=cards),
        "no_blind": _("There is no blind at this table."),
        "blind_taken": _("The blind has already been taken. You may: {actions}.",
                         actions=cards),
        "must_play": _("At this table everybody plays: you may not pass. You may: {actions}.",
                       actions=cards),
        "no_better_cards": _("There are no better cards to look at now. You may: {actions}.",
                             actions=cards),
        "six_later": _("The six of trump is exchanged only once everybody has spoken."),
        "discard_three": _("You have begun to discard: discard three cards in all."),
        "discard_or_look": _("Discard three cards to take the better cards, or say look to "
                             "refuse them and look at them."),
        "six_choice": _("Say whether you exchange the six of trump or keep it."),
        "petit_sec_declare": _("You hold the petit sec: declare it, and the deal is void."),
        "bid_too_low": _("{action} is too low: the bid stands at {contract}. Bid higher or "
                         "pass.", action=action,
                         contract=lambda a: a.text.action(a.value("contract"))),
        "bid_or_pass": _("It is the bidding: pass or bid a contract."),
        "call_own_card": _("At this table you may not call a card you hold."),
        "call_rank": _call_rank,
        "call_a_king": _("The taker must now call a king."),
        "ecart_king": _("{card} cannot go to the écart: a king never does.", card=cap_card),
        "ecart_bout": _("{card} cannot go to the écart: a bout never does.", card=cap_card),
        "ecart_trump": _("{card} cannot go to the écart: a trump goes there only when nothing "
                         "else can. You still have {cards}.", card=cap_card,
                         cards=lambda a: a.actions("cards")),
        "ecart_more": _("Finish the écart first: cards still to put in it: {count}.",
                        count=lambda a: a.value("count")),
        "called_suit_lead": _("{card} may not open the first trick: the called suit, {suit}, "
                              "may be led only with {called} itself. You may play {cards}.",
                              card=cap_card, suit=suit, called=lambda a: a.card("called"),
                              cards=cards),
        "poignee_size": _("You hold {held} trumps, the excuse counted: that poignée needs "
                          "{need}.", held=lambda a: a.value("held"),
                          need=lambda a: a.value("need")),
        "pitch_tangage_off": _("The auction is on, and pitching a card is off at this table: "
                               "pass or bid."),
        "pitch_four_closed": _("You cannot pitch {card} now: pitching a card bids 4, and a bid "
                               "of 4 is not open to you.", card=card),
        "dealer_must_bid": _("Everyone else passed: as dealer you must bid at least {floor}.",
                             floor=lambda a: a.value("floor")),
        "bid_below_minimum": _("A bid of {bid} is below the lowest bid, {minimum}.",
                               bid=lambda a: a.value("bid"),
                               minimum=lambda a: a.value("minimum")),
        "no_steal_four": _("The dealer may not steal a bid of 4 at this table: pass."),
        "no_steal": _("The dealer may not steal at this table: bid higher."),
        "bid_must_top": _bid_must_top,
        "auction_over": _("The auction is over: play a card."),
        "stock_empty": _("The stock is empty: take the top card of the discard pile."),
        "draw_first": _("First draw, from the stock or the discard pile."),
        "already_drawn": _already_drawn,
        "already_knocked": _("You have already knocked: discard a card."),
        "knock_limit": _("You may knock only with {limit} points of deadwood or less.",
                         limit=lambda a: a.value("limit")),
        "discard_taken": _("You cannot discard {card} at once: you just took it from the "
                           "discard pile.", card=card),
        "knock_discard": _("You knocked: your deadwood must be {limit} or less, and "
                           "discarding {card} leaves {left}.", limit=lambda a: a.value("limit"),
                           card=card, left=lambda a: a.value("left")),
    }


SENTENCES: Mapping[str, Callable[[_Args], str]] = _sentences()
"""The sentence of each refusal code."""


def refusal_sentence(text: Speaker, code: str, params: Mapping[str, Any]) -> str | None:
    """The refusal ``code`` with its ``params`` in the player's language; None for a code
    this front end does not know (the caller then says the generic sentence)."""
    say = SENTENCES.get(code)
    return say(_Args(text, params)) if say is not None else None


__all__ = ["SENTENCES", "Speaker", "refusal_sentence"]
