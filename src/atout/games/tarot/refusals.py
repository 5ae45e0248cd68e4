"""Why a Tarot action is refused: the reason in words and as data, for the seat to move."""

from __future__ import annotations

from collections.abc import Callable

from atout.core import Action, Refusal

from .state import TarotState
from .tables import (
    A_BID,
    A_CALL,
    A_DISCARD,
    A_NO_CHELEM,
    A_NO_POIGNEE,
    A_PASS,
    A_POIGNEE,
    BIT_EX,
    BOUTS,
    CALL_CARDS,
    CARD_SUIT,
    CONTRACTS,
    DECK,
    EX,
    KINGS,
    PH_BID,
    PH_CALL,
    PH_CHELEM,
    PH_ECART,
    PH_PETIT_SEC,
    PLAIN_DISCARDABLE,
    POIGNEE_LEVELS,
    POIGNEE_SIZES,
    SUIT_MASKS,
    TRUMPS,
)

SUIT_NAMES = ("hearts", "diamonds", "spades", "clubs", "trumps")
CALL_NAMES = ("king", "queen", "knight", "jack")
_codes = DECK.codes_of


def why_illegal(deal: TarotState, action: Action) -> Refusal:
    """Why ``action`` is not allowed now for the seat to move of ``deal``."""
    seat = deal.to_move
    assert seat is not None
    refuse = PHASE_RULES.get(deal.phase, _play)
    return refuse(deal, seat, int(action), action.text)


def _petit_sec(deal: TarotState, seat: int, a: int, text: str) -> Refusal:
    """The seat holding the petit sec must declare it."""
    return Refusal("petit_sec_declare", f"{text} is not allowed: seat {seat} holds the "
                   "petit sec and must declare it ('petit sec'); the deal is void",
                   {"action": text})


def _bid(deal: TarotState, seat: int, a: int, text: str) -> Refusal:
    """The bidding: a contract not above the standing bid, or no bid at all."""
    if A_BID <= a < A_BID + 4:
        best = max(b for _, b in deal.bids)
        return Refusal("bid_too_low", f"{text} is too low: the bid stands at "
                       f"{CONTRACTS[best]}; bid higher or pass",
                       {"action": text, "contract": CONTRACTS[best]})
    return Refusal("bid_or_pass", f"{text} is not allowed now: it is the bidding, say "
                   "pass or a contract", {"action": text})


def _call(deal: TarotState, seat: int, a: int, text: str) -> Refusal:
    """The taker's call: a card of his own where the table forbids it, a rank he may not
    call yet, or no call at all."""
    if A_CALL <= a < A_NO_POIGNEE:
        r = (a - A_CALL) // 4
        if not deal.rules.options.call_self and deal.hands[seat] >> CALL_CARDS[a - A_CALL] & 1:
            return Refusal("call_own_card", f"{text} is not allowed: at this table you "
                           "may not call a card you hold", {"action": text})
        if r > 0:
            return Refusal("call_rank", f"{text} is not allowed: you may call a "
                           f"{CALL_NAMES[r]} only when you hold the four "
                           f"{CALL_NAMES[r - 1]}s", {"action": text,
                                                     "rank": CALL_NAMES[r],
                                                     "lower": CALL_NAMES[r - 1]})
    return Refusal("call_a_king", f"{text} is not allowed now: the taker calls a king, "
                   "e.g. 'call KH'", {"action": text})


def _ecart(deal: TarotState, seat: int, a: int, text: str) -> Refusal:
    """The écart: a card not held, a king, a bout, a trump while other cards can go, or
    no discard at all."""
    if not A_DISCARD <= a < A_PASS:
        return Refusal("ecart_more", f"{text} is not allowed now: put {deal.ecart_left} "
                       "more card(s) in the écart with 'discard <card>'",
                       {"action": text, "count": deal.ecart_left})
    card = a - A_DISCARD
    code = DECK.codes[card]
    if not deal.hands[seat] >> card & 1:
        return Refusal("not_in_hand", f"you do not hold {code}", {"card": code})
    if (1 << card) & KINGS:
        return Refusal("ecart_king", f"{code} cannot go to the écart: a king never "
                       "does", {"card": code})
    if (1 << card) & BOUTS:
        return Refusal("ecart_bout", f"{code} cannot go to the écart: a bout never "
                       "does", {"card": code})
    others = _codes(deal.hands[seat] & PLAIN_DISCARDABLE)
    return Refusal("ecart_trump", f"{code} cannot go to the écart: a trump goes "
                   f"there only when nothing else can; you still have "
                   f"{', '.join(others)}", {"card": code, "cards": others})


def _chelem(deal: TarotState, seat: int, a: int, text: str) -> Refusal:
    """The chelem announcement: anything else."""
    legal_now = [x.text for x in deal.legal_actions()]
    return Refusal("wrong_phase", f"{text} is not allowed now: announce 'chelem' or "
                   "'no chelem'", {"action": text, "legal": legal_now})


def _play(deal: TarotState, seat: int, a: int, text: str) -> Refusal:
    """The play: first the poignée question before the first card, then the cards."""
    if deal.trick_no == 0 and not deal.decided >> seat & 1 and deal.legal_mask() >> \
            A_NO_POIGNEE & 1:
        return _poignee(deal, seat, a, text)
    if a >= A_DISCARD:
        return Refusal("play_a_card", f"{text} is not allowed now: play a card",
                       {"action": text})
    return _card(deal, seat, a)


def _poignee(deal: TarotState, seat: int, a: int, text: str) -> Refusal:
    """Before the first card: a poignée bigger than the trumps held, or no answer to
    whether one is shown."""
    if A_POIGNEE <= a < A_NO_CHELEM:
        t = (deal.hands[seat] & (TRUMPS | BIT_EX)).bit_count()
        need = POIGNEE_SIZES[deal.n][a - A_POIGNEE]
        return Refusal("poignee_size", f"{text} is not allowed: you hold {t} trumps "
                       f"(the excuse counted), a {POIGNEE_LEVELS[a - A_POIGNEE]} "
                       f"poignée needs {need}", {"action": text, "held": t,
                                                 "need": need})
    legal_now = [x.text for x in deal.legal_actions()]
    return Refusal("wrong_phase", "before your first card, say whether you show a "
                   "poignée: 'no poignee' or 'poignee simple'…",
                   {"action": text, "legal": legal_now})


def _card(deal: TarotState, seat: int, a: int) -> Refusal:
    """A card that may not be played: not held, the called suit led in the first trick,
    or the duty to follow, to overtrump or to trump."""
    code = DECK.codes[a]
    h = deal.hands[seat]
    if not h >> a & 1:
        return Refusal("not_in_hand", f"you do not hold {code}", {"card": code})
    legal = deal.play_mask(seat)
    allowed = _codes(legal)
    shown = ", ".join(_codes(legal & ~BIT_EX))
    if not deal.trick_mask & ~BIT_EX:
        called = DECK.codes[deal.called]
        suit = SUIT_NAMES[CARD_SUIT[deal.called]]
        return Refusal("called_suit_lead", f"{code} may not open the first trick: the "
                       f"called suit ({suit}) may be led only with {called} itself; you may "
                       f"play {', '.join(allowed)}",
                       {"card": code, "suit": "HDSC"[CARD_SUIT[deal.called]],
                        "called": called, "legal": allowed})
    first = deal.trick[0] if deal.trick[0] != EX else deal.trick[1]
    led = CARD_SUIT[first]
    if led < 4 and h & SUIT_MASKS[led]:
        return Refusal("follow_suit", f"you must follow {SUIT_NAMES[led]}: you hold {shown} "
                       "(or the excuse)", {"card": code, "suit": "HDSC"[led],
                                           "legal": allowed})
    trumps = deal.trick_mask & TRUMPS
    if trumps and legal & ~((1 << trumps.bit_length()) - 1):
        top = DECK.codes[trumps.bit_length() - 1]
        return Refusal("must_overtrump", f"you must play a trump over {top}: you hold "
                       f"{shown} (or the excuse)", {"card": code, "best": top,
                                                    "legal": allowed})
    if led < 4:
        return Refusal("void_must_trump", f"you have no {SUIT_NAMES[led]}, so you must "
                       f"trump: you hold {shown} (or the excuse)",
                       {"card": code, "suit": "HDSC"[led], "legal": allowed})
    return Refusal("must_trump", f"you must play a trump: you hold {shown} (or the "
                   "excuse)", {"card": code, "legal": allowed})


PHASE_RULES: dict[int, Callable[[TarotState, int, int, str], Refusal]] = {
    PH_PETIT_SEC: _petit_sec,
    PH_BID: _bid,
    PH_CALL: _call,
    PH_ECART: _ecart,
    PH_CHELEM: _chelem,
}
"""The refusal rule of each phase but the play (:func:`_play`), by phase."""
