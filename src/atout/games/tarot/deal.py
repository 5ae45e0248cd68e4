"""One deal of French Tarot: petit sec, bidding, the called king, the chien and the écart,
the chelem announcement, poignées and the play of the cards.

Seats are numbered in playing order: seat ``s + 1`` (mod the number of players) plays after
seat ``s``, so seat ``s + 1`` sits at the right of seat ``s`` (play runs counter-clockwise).
The first to speak and to lead is the seat after the dealer; the dealer speaks last.
"""

from __future__ import annotations

import copy
from itertools import repeat
from operator import attrgetter, itemgetter
from types import MappingProxyType
from typing import Any, ClassVar

from atout.core import JSON, Action, Event, Refusal, Result, Rules, View
from atout.events import TarotEvent
from atout.games.codec import FieldCodec

from .dealing import deal_cards, explicit_piles
from .options import TarotOptions
from .refusals import why_illegal
from .scoring import score_deal
from .state import TarotState
from .tables import (
    A_BID,
    A_CALL,
    A_CHELEM,
    A_DISCARD,
    A_NO_CHELEM,
    A_NO_POIGNEE,
    A_PASS,
    A_PETIT_SEC,
    A_POIGNEE,
    ACTIONS,
    BIT_EX,
    CALL_CARDS,
    CALL_RANK_MASKS,
    CARD_CHUNKS,
    CARD_SUIT,
    CHIEN_SIZES,
    CONTRACTS,
    DECK,
    EX,
    GARDE,
    GARDE_CONTRE,
    HAND_SIZES,
    HEADS,
    LOW_CARDS,
    NCARDS,
    PH_BID,
    PH_CALL,
    PH_CHELEM,
    PH_ECART,
    PH_OVER,
    PH_PETIT_SEC,
    PH_PLAY,
    PHASES,
    PLAIN_DISCARDABLE,
    POIGNEE_LEVELS,
    POIGNEE_SIZES,
    SUIT_MASKS,
    T1,
    TRUMP_DISCARDABLE,
    TRUMPS,
)

# The kinds of event this module emits, looked up once (not per event).
EV_CARD = TarotEvent.CARD
EV_PETIT_SEC = TarotEvent.PETIT_SEC
EV_DEAL_ANNULLED = TarotEvent.DEAL_ANNULLED
EV_BID = TarotEvent.BID
EV_TAKER = TarotEvent.TAKER
EV_CALL = TarotEvent.CALL
EV_CHIEN = TarotEvent.CHIEN
EV_CHIEN_SET_ASIDE = TarotEvent.CHIEN_SET_ASIDE
EV_PARTNER = TarotEvent.PARTNER
EV_DISCARD = TarotEvent.DISCARD
EV_ECART_DONE = TarotEvent.ECART_DONE
EV_CHELEM = TarotEvent.CHELEM
EV_PLAY_BEGINS = TarotEvent.PLAY_BEGINS
EV_POIGNEE = TarotEvent.POIGNEE
EV_EXCUSE_EXCHANGE = TarotEvent.EXCUSE_EXCHANGE
EV_EXCUSE_OWED = TarotEvent.EXCUSE_OWED
EV_TRICK = TarotEvent.TRICK
EV_DEAL_END = TarotEvent.DEAL_END
EV_EXCUSE_SET_ASIDE = TarotEvent.EXCUSE_SET_ASIDE

CARD_EVENTS = tuple(tuple(Event(EV_CARD, s, MappingProxyType({"card": code}))
                          for code in DECK.codes) for s in range(5))
"""The event of each seat playing each card: immutable, so made once and shared."""
_TABLE = ACTIONS.table
EX_ACTION = _TABLE[EX]
_AFTER = {n: tuple((s + 1) % n for s in range(n)) for n in (3, 4, 5)}  # the seat after each
_EX_ALONE = [EX]  # a trick the excuse opened, before the next card (compared, never changed)
_WORDS: dict[int, tuple[Action, ...]] = {}  # the actions of each mask of words met so far
_BID = itemgetter(1)  # of a (seat, bid) pair
_BITS = tuple(1 << c for c in range(NCARDS))  # shared: no new number made per card
_ALL_TRUMPS = TRUMPS >> T1  # the 21 trumps shifted down to bits 0 to 20 (the excuse is bit 21)
_EX_BIT = BIT_EX >> T1
_CODE_OF = DECK.codes.__getitem__
_new_event = tuple.__new__  # _new_event(Event, (kind, seat, data, to)): an Event made without
# the Python-level __new__ of a NamedTuple, for the events of every deal
_B0, _B1, _B2, _B3, _B4, _B5, _B6, _B7, _B8, _B9 = ACTIONS.by_byte[:10]
_LOW = CARD_CHUNKS[0:8:2]  # by suit: the tables of its seven lowest cards, then highest
_HIGH = CARD_CHUNKS[1:8:2]


_codes = DECK.codes_of


def _lowest(mask: int, k: int) -> int:
    out = 0
    for _ in range(k):
        low = mask & -mask
        out |= low
        mask ^= low
    return out


class TarotDeal(TarotState):
    """A deal of French Tarot (see the module docs for seats and turn order)."""

    # The state in slots: read and written at every action, and faster there (CPython 3.11
    # specializes neither methods nor attributes of an object of more than 30 attributes).
    __slots__ = ("_after", "_in_tricks", "_result_cache", "annulled", "bids", "called", "chelem",
                 "chien", "chien_shown", "chien_size", "contract", "decided", "ecart", "ecart_left",
                 "ex_owner", "ex_pending", "ex_wins_last", "hand_size", "hands", "leader",
                 "miseres", "n",
                 "owed_to", "partner", "partner_known", "petit_sec_seat", "phase", "poignees",
                 "taker", "trick", "trick_mask", "trick_no", "tricks", "tricks_won", "won")
    pickle_constants: ClassVar[tuple[str, ...]] = ("n", "chien_size", "hand_size", "_after")
    pickle_caches: ClassVar[dict[str, Any]] = {"_result_cache": None}
    rules: Rules[TarotOptions]
    to_move: int | None = None
    """The seat whose decision it is, or None when the deal is over: a plain attribute (read
    before every action, where a property call would cost more than the read)."""
    is_over: bool = False
    """Whether the deal is finished (a plain attribute, set with ``to_move`` None)."""

    def __init__(self, rules: Rules[TarotOptions], setup: dict[str, JSON],
                 piles: tuple[list[int], int] | None = None) -> None:
        """The deal ``setup`` describes (see :meth:`atout.core.Rules.deal`); ``piles``, when
        given, are its hands and chien as card masks, already checked against the setup's
        codes (:meth:`TarotRules.deal_from_masks`), so that they need not be read again."""
        super().__init__(rules, setup)
        opts = rules.options
        n = opts.players
        self.n = n
        self._after = _AFTER[n]
        self.hand_size = HAND_SIZES[n]
        self.chien_size = CHIEN_SIZES[n]
        dealer = int(setup["dealer"])
        if piles is not None:
            self.hands, self.chien = piles
        elif "seed" in setup:
            self.hands, self.chien = deal_cards(int(setup["seed"]), n, dealer, opts.packet)
        else:
            self.hands, self.chien = explicit_piles(setup, self.hand_size, self.chien_size)
        self.phase = PH_BID
        self.to_move = (dealer + 1) % n
        self.petit_sec_seat = -1
        self.bids: list[tuple[int, int]] = []  # (seat, contract or -1 for pass)
        self.contract = -1
        self.taker = -1
        self.called = -1
        self.partner = -1  # the holder of the called card when not the taker
        self.partner_known = False
        self.chien_shown = False
        self.ecart = 0
        self.ecart_left = 0
        self.chelem = False
        self.decided = 0  # seats that said whether they show a poignée (asked before their
        # first card; once it is played the question is never asked again)
        self.poignees: list[tuple[int, int, int]] = []  # (seat, level, cards shown)
        self.trick_no = 0
        self._in_tricks = False  # the play is on, past the first trick
        self.leader = (dealer + 1) % n
        self.trick: list[int] = []
        self.trick_mask = 0
        self.won = [0] * n
        self.tricks_won = [0] * n
        self.tricks: list[tuple[int, tuple[int, ...], int]] = []
        self.ex_owner = -1  # who played the excuse, while its exchange is owed
        self.owed_to = -1  # the seat owed a low card for the excuse, or -1
        self.ex_pending = -1  # 5 players: the winner of the excuse's trick, partner unknown
        self.ex_wins_last = False
        self.annulled = ""
        self.miseres: tuple[tuple[int, str], ...] = ()  # (seat, "trumps" or "heads")
        if opts.misere:  # a club annonce: the engine declares it for the player
            self.miseres = tuple((s, kind) for s, h in enumerate(self.hands)
                                 for kind, cards in (("trumps", TRUMPS | BIT_EX), ("heads", HEADS))
                                 if not h & cards)
        if opts.petit_sec == "annul":
            for s, h in enumerate(self.hands):  # one seat at most: the petit's holder
                if h >> T1 == 1:  # the petit, and neither another trump nor the excuse
                    self.petit_sec_seat = s
                    self.phase = PH_PETIT_SEC
                    self.to_move = s
                    break
        self._result_cache: Result | None = None

    # -- helpers ----------------------------------------------------------------------------
    def camp(self, seat: int) -> bool:
        """Whether ``seat`` is on the taker's side (the taker or his called partner)."""
        return seat == self.taker or seat == self.partner

    def _poignee_max(self, seat: int) -> int:
        """The highest poignée level ``seat`` can show now (-1: none)."""
        t = (self.hands[seat] >> T1).bit_count()  # the trumps and the excuse
        single, double, triple = POIGNEE_SIZES[self.n]
        return 2 if t >= triple else 1 if t >= double else 0 if t >= single else -1

    def _poignee_cards(self, seat: int, level: int) -> int:
        h = self.hands[seat]
        size = POIGNEE_SIZES[self.n][level]
        trumps = h & TRUMPS
        if trumps.bit_count() >= size:
            return _lowest(trumps, size)
        return trumps | BIT_EX  # the excuse completes it: every trump is shown

    def play_mask(self, seat: int) -> int:
        """The cards ``seat`` may play now, as a card mask (the rules of the play alone)."""
        h = self.hands[seat]
        tm = self.trick_mask
        if not tm or tm == BIT_EX:
            if self.trick_no or self.called < 0:  # _barred_lead's cheap cases, inlined
                return h
            return h & ~self._barred_lead(h)
        trick = self.trick
        led = CARD_SUIT[trick[0] if trick[0] != EX else trick[1]]
        if led < 4:
            follow = h & SUIT_MASKS[led]
            if follow:
                return follow | (h & BIT_EX)
        trumps = h & TRUMPS
        if not trumps:
            return h
        played = tm & TRUMPS  # the excuse is no trump: it never counts here
        if played:
            top = played.bit_length()
            over = trumps >> top << top
            if over:
                return over | (h & BIT_EX)
        return trumps | (h & BIT_EX)

    def _barred_lead(self, h: int) -> int:
        """The cards of ``h`` that may not open the first trick: at 5 players the called
        king's suit, except the called card itself, unless the hand holds nothing else."""
        if self.trick_no or self.called < 0 or self.rules.options.called_suit_lead == "free":
            return 0
        suit = CARD_SUIT[self.called]
        if suit >= 4:
            return 0
        barred = h & SUIT_MASKS[suit] & ~(1 << self.called)
        return barred if h & ~barred else 0

    def _ecart_mask(self) -> int:
        h = self.hands[self.taker]
        plain = h & PLAIN_DISCARDABLE
        if plain.bit_count() >= self.ecart_left:
            return plain
        return plain | (h & TRUMP_DISCARDABLE)

    # -- the contract -----------------------------------------------------------------------
    def _legal_mask(self) -> int:
        ph = self.phase
        seat = self.to_move
        if seat is None:
            return 0
        if ph == PH_PLAY:
            if self.trick_no:
                return self.play_mask(seat)
            if not self.decided >> seat & 1:
                lv = self._poignee_max(seat) if self.rules.options.poignees else -1
                if lv >= 0:
                    return ((1 << (lv + 2)) - 1) << A_NO_POIGNEE
            return self.play_mask(seat)
        if ph == PH_BID:
            best = max(self.bids, key=_BID)[1] if self.bids else -1
            return (1 << A_PASS) | (((1 << (3 - best)) - 1) << (A_BID + best + 1))
        if ph == PH_ECART:
            return self._ecart_mask() << A_DISCARD
        if ph == PH_CALL:
            h = self.hands[seat]
            mask = 0
            for r in range(4):
                for s in range(4):
                    card = CALL_CARDS[r * 4 + s]
                    if self.rules.options.call_self or not h >> card & 1:
                        mask |= 1 << (A_CALL + r * 4 + s)
                if CALL_RANK_MASKS[r] & h != CALL_RANK_MASKS[r]:
                    break
            if not mask:  # pragma: no cover - 16 cards cannot all be in one hand and chien
                mask = ((1 << 16) - 1) << A_CALL
            return mask
        if ph == PH_CHELEM:
            return (1 << A_NO_CHELEM) | (1 << A_CHELEM)
        return 1 << A_PETIT_SEC  # PH_PETIT_SEC

    def legal_actions(self) -> list[Action]:
        """The legal actions of the seat to move, by id (see :meth:`Deal.legal_actions`).

        After the first trick the legal mask (kept for :meth:`play`) is worked out here and its
        cards read from tables: the suit followed from :data:`~.tables.CARD_CHUNKS`, the
        trumps or the whole hand byte by byte."""
        if not self._in_tricks:
            if self._mask_at != len(self._history):  # legal_mask(), inlined
                self._mask = self._legal_mask()
                self._mask_at = len(self._history)
            mask = self._mask
            if mask >> A_DISCARD:
                if self.phase == PH_ECART:
                    return super().legal_actions()
                words = _WORDS.get(mask)  # a few words (bids, poignées, chelem)
                if words is None:
                    words = _WORDS[mask] = tuple(ACTIONS.from_mask(mask))
                return [*words]
        else:
            h = self.hands[self.to_move]  # type: ignore[index]
            trick = self.trick
            if trick and trick != _EX_ALONE:
                led = CARD_SUIT[trick[0] if trick[0] != EX else trick[1]]
                if led < 4:
                    follow = h & SUIT_MASKS[led]
                    if follow:
                        self._mask_at = len(self._history)
                        p = follow >> 14 * led
                        if h >> EX:
                            self._mask = follow | BIT_EX
                            return [*_LOW[led][p & 127], *_HIGH[led][p >> 7], EX_ACTION]
                        self._mask = follow
                        return [*_LOW[led][p & 127], *_HIGH[led][p >> 7]]
                t = h >> T1  # the trumps and the excuse, as a small number
                trumps = t & _ALL_TRUMPS
                if trumps:
                    played = self.trick_mask >> T1 & _ALL_TRUMPS
                    if played:
                        top = played.bit_length()
                        over = trumps >> top << top
                        if over:
                            trumps = over
                    t = trumps | (t & _EX_BIT)
                    self._mask = t << T1
                    self._mask_at = len(self._history)
                    b7, b8, b9 = t.to_bytes(3, "little")
                    return [*_B7[b7], *_B8[b8], *_B9[b9]]
            mask = self._mask = h  # a lead, or neither the suit nor a trump: the whole hand
            self._mask_at = len(self._history)
        b0, b1, b2, b3, b4, b5, b6, b7, b8, b9 = mask.to_bytes(10, "little")
        return [*_B0[b0], *_B1[b1], *_B2[b2], *_B3[b3], *_B4[b4], *_B5[b5], *_B6[b6],
                *_B7[b7], *_B8[b8], *_B9[b9]]

    def play(self, action: Action | int | str) -> list[Event]:
        """Play an action (an Action, its id or its notation) for the seat to move.

        The same as :meth:`Deal.play` (events returned; :class:`~atout.core.IllegalAction`
        raised, nothing changed, when not allowed), a card that does not end the trick
        played here at once."""
        try:  # an Action of this table (as legal_actions gives them) needs no parsing
            a = action if _TABLE[action] is action else ACTIONS.parse(action)  # type: ignore
        except (IndexError, TypeError):
            a = ACTIONS.parse(action)
        history = self._history
        if self._mask_at != len(history):
            self._mask = self._legal_mask()
            self._mask_at = len(history)
        c = a + 0  # the id as a plain int: faster to compare, index and keep in the trick
        if not self._mask >> c & 1:  # the mask is empty once the deal is over
            return super().play(a)  # refused, with the reason
        seat: int = self.to_move  # type: ignore[assignment]
        if c < A_DISCARD and c != self.called:  # _play_card's usual case, inlined
            bit = _BITS[c]
            self.hands[seat] ^= bit
            trick = self.trick
            trick.append(c)
            self.trick_mask |= bit
            history.append(a)
            self._actors.append(seat)
            if len(trick) < self.n:
                self.to_move = self._after[seat]
                return [CARD_EVENTS[seat][c]]
            return self._end_trick([CARD_EVENTS[seat][c]])
        events = self._apply(a)
        history.append(a)
        self._actors.append(seat)
        return events

    def _apply(self, action: int) -> list[Event]:
        seat = self.to_move
        assert seat is not None
        if action < A_DISCARD:
            return self._play_card(seat, action)
        if action < A_PASS:
            return self._discard(seat, action - A_DISCARD)
        if action < A_CALL:
            return self._bid(seat, action - A_BID)
        if action < A_NO_POIGNEE:
            return self._call(seat, CALL_CARDS[action - A_CALL])
        if action < A_NO_CHELEM:
            return self._poignee(seat, action - A_POIGNEE)
        if action < A_PETIT_SEC:
            return self._announce(seat, action == A_CHELEM)
        self.annulled = "petit sec"
        self._finish()
        return [Event(EV_PETIT_SEC, seat, {"card": "T1"}),
                Event(EV_DEAL_ANNULLED, None, {"reason": "petit sec"})]

    def _bid(self, seat: int, bid: int) -> list[Event]:
        self.bids.append((seat, bid))
        events = [_new_event(Event, (EV_BID, seat, {"bid": "pass" if bid < 0 else CONTRACTS[bid]},
                                     None))]
        if len(self.bids) < self.n:
            self.to_move = self._after[seat]
            return events
        best_seat, best = max(self.bids, key=_BID)
        if best < 0:
            self.annulled = "all pass"
            self._finish()
            events.append(Event(EV_DEAL_ANNULLED, None, {"reason": "all pass"}))
            return events
        self.taker, self.contract = best_seat, best
        events.append(_new_event(Event, (EV_TAKER, best_seat, {"contract": CONTRACTS[best]}, None)))
        if self.n == 5:
            self.phase = PH_CALL
            self.to_move = best_seat
            return events
        return events + self._after_call()

    def _call(self, seat: int, card: int) -> list[Event]:
        self.called = card
        events = [Event(EV_CALL, seat, {"card": DECK.codes[card]})]
        return events + self._after_call()

    def _after_call(self) -> list[Event]:
        taker = self.taker
        events: list[Event] = []
        if self.contract <= GARDE:
            self.chien_shown = True
            events.append(_new_event(Event, (EV_CHIEN, taker, {"cards": _codes(self.chien)}, None)))
            self.hands[taker] |= self.chien
            self.phase = PH_ECART
            self.ecart_left = self.chien_size
            self.to_move = taker
        else:
            events.append(Event(EV_CHIEN_SET_ASIDE, taker, {
                "side": "taker" if self.contract < GARDE_CONTRE else "defence"}))
        if self.called >= 0:
            for s in range(self.n):
                if s != taker and self.hands[s] >> self.called & 1:
                    self.partner = s
            if self.chien_shown and self.chien >> self.called & 1:
                self.partner_known = True  # the called card is in the chien: he is alone
                events.append(Event(EV_PARTNER, taker, {"card": DECK.codes[self.called],
                                                        "alone": True}))
        if self.contract > GARDE:
            events += self._start_play()
        return events

    def _discard(self, seat: int, card: int) -> list[Event]:
        bit = 1 << card
        self.hands[seat] ^= bit
        self.ecart |= bit
        self.ecart_left -= 1
        if bit & TRUMPS:
            events = [Event(EV_DISCARD, seat, {"card": DECK.codes[card]})]
        else:
            events = [Event(EV_DISCARD, seat, {"card": DECK.codes[card]}, to=seat),
                      Event(EV_DISCARD, seat, {"card": None})]
        if self.ecart_left == 0:
            events.append(Event(EV_ECART_DONE, seat, {}))
            events += self._start_play()
        return events

    def _start_play(self) -> list[Event]:
        if self.rules.options.chelem_announce:
            self.phase = PH_CHELEM
            self.to_move = self.taker
            return []
        return self._begin_tricks()

    def _announce(self, seat: int, chelem: bool) -> list[Event]:
        self.chelem = chelem
        events = [_new_event(Event, (EV_CHELEM, seat, {"announced": chelem}, None))]
        if chelem:
            self.leader = seat
        return events + self._begin_tricks()

    def _begin_tricks(self) -> list[Event]:
        self.phase = PH_PLAY
        self.to_move = self.leader
        return [_new_event(Event, (EV_PLAY_BEGINS, self.leader, {}, None))]

    def _poignee(self, seat: int, level: int) -> list[Event]:
        self.decided |= 1 << seat
        if level < 0:
            return []
        shown = self._poignee_cards(seat, level)
        self.poignees.append((seat, level, shown))
        return [Event(EV_POIGNEE, seat, {"level": POIGNEE_LEVELS[level],
                                         "cards": _codes(shown)})]

    def _play_card(self, seat: int, card: int) -> list[Event]:
        card = int(card)  # an id, not the action: the tricks keep plain ints (pickled in C)
        bit = _BITS[card]
        self.hands[seat] ^= bit
        self.trick.append(card)
        self.trick_mask |= bit
        events = [CARD_EVENTS[seat][card]]
        if card == self.called and not self.partner_known:
            self.partner_known = True
            events.append(Event(EV_PARTNER, seat, {"card": DECK.codes[card],
                                                   "alone": seat == self.taker}))
            events += self._resolve_excuse()
        if len(self.trick) < self.n:
            self.to_move = self._after[seat]
            return events
        return self._end_trick(events)

    def _give_low(self, giver_camp: bool, to: int) -> int:
        """Move a low card from the tricks of ``giver_camp`` to ``to``; the card or -1."""
        for s in range(self.n):
            if self.camp(s) == giver_camp:
                low = self.won[s] & LOW_CARDS
                if low:
                    b = low & -low
                    self.won[s] ^= b
                    self.won[to] |= b
                    return b.bit_length() - 1
        return -1

    def _resolve_excuse(self) -> list[Event]:
        """Settle an excuse set aside while the partner was unknown (5 players)."""
        winner = self.ex_pending
        if winner < 0:
            return []
        self.ex_pending = -1
        owner = self.ex_owner
        if self.camp(owner) == self.camp(winner):
            self.ex_owner = -1
            return []
        low = self._give_low(self.camp(owner), winner)
        if low >= 0:
            self.ex_owner = -1
            return [Event(EV_EXCUSE_EXCHANGE, owner, {"card": DECK.codes[low],
                                                      "receiver": winner})]
        self.owed_to = winner
        return [Event(EV_EXCUSE_OWED, owner, {"receiver": winner})]

    def _end_trick(self, events: list[Event]) -> list[Event]:
        """End the trick just completed; its events are added to ``events``, returned."""
        n = self.n
        leader = self.leader
        trick = self.trick
        mask = self.trick_mask
        trumps = mask & TRUMPS
        if trumps:
            wcard = trumps.bit_length() - 1
        else:
            first = trick[0] if trick[0] != EX else trick[1]
            wcard = (mask & SUIT_MASKS[CARD_SUIT[first]]).bit_length() - 1
        winner = (leader + trick.index(wcard)) % n
        no = self.trick_no + 1
        if mask & BIT_EX:
            winner = self._excuse_trick(winner, events)
        else:
            self.won[winner] |= mask
        self.tricks_won[winner] += 1
        self.tricks.append((leader, tuple(trick), winner))
        events.append(_new_event(Event, (EV_TRICK, winner, {
            "number": no, "cards": [*map(_CODE_OF, trick)]}, None)))
        if self.owed_to >= 0 and self.camp(winner) == self.camp(self.ex_owner):
            low = self._give_low(self.camp(winner), self.owed_to)
            if low >= 0:
                events.append(Event(EV_EXCUSE_EXCHANGE, self.ex_owner, {
                    "card": DECK.codes[low], "receiver": self.owed_to}))
                self.ex_owner = self.owed_to = -1
        self.trick_no = no
        self.trick = []
        self.trick_mask = 0
        if no == self.hand_size:
            events += self._resolve_excuse()
            self._finish()
            res = self._result()
            events.append(_new_event(Event, (EV_DEAL_END, None, {
                "points": list(res.points), "made": res.details.get("made")}, None)))
        else:
            self.leader = winner
            self.to_move = winner
            self._in_tricks = True
        return events

    def _excuse_trick(self, winner: int, events: list[Event]) -> int:
        """Settle the excuse in the trick just completed, its events added to ``events``; the
        trick's cards go to the winner's (the excuse to its owner's when kept). Returns the
        trick's winner."""
        n = self.n
        gain = self.trick_mask
        owner = (self.leader + self.trick.index(EX)) % n
        owner_camp = self.camp(owner)
        if self.trick_no == self.hand_size - 1:
            camp_tricks = sum(self.tricks_won[s] for s in range(n)
                              if self.camp(s) == owner_camp)
            if self.rules.options.excuse_last == "chelem":
                if camp_tricks == self.trick_no:  # a chelem: the excuse takes the trick
                    winner = owner
                    self.ex_wins_last = True
            elif owner == self.taker and camp_tricks >= self.trick_no - 1:
                winner = owner  # the seed: the taker's excuse, at a grand or petit chelem
                self.ex_wins_last = camp_tricks == self.trick_no  # petit au bout: grand only
        elif self.called >= 0 and not self.partner_known:
            # 5 players, partner unknown: the excuse is set aside face up and whether a
            # low card is owed is settled once the partner is known
            gain ^= BIT_EX
            self.won[owner] |= BIT_EX
            self.ex_owner, self.ex_pending = owner, winner
            events.append(Event(EV_EXCUSE_SET_ASIDE, owner, {}))
        elif owner_camp != self.camp(winner):
            gain ^= BIT_EX
            self.won[owner] |= BIT_EX
            low = self._give_low(owner_camp, winner)
            if low >= 0:
                events.append(Event(EV_EXCUSE_EXCHANGE, owner, {
                    "card": DECK.codes[low], "receiver": winner}))
            else:
                self.ex_owner, self.owed_to = owner, winner
                events.append(Event(EV_EXCUSE_OWED, owner, {"receiver": winner}))
        self.won[winner] |= gain
        return winner

    def _finish(self) -> None:
        self._in_tricks = False
        self.phase = PH_OVER
        self.to_move = None
        self.is_over = True

    def _result(self) -> Result:
        if self._result_cache is None:
            self._result_cache = score_deal(self)
        return self._result_cache

    # -- reasons ----------------------------------------------------------------------------
    def _why_illegal(self, action: Action) -> Refusal:
        return why_illegal(self, action)

    # -- views ------------------------------------------------------------------------------
    def _sees_ecart(self, seat: int | None) -> bool:
        return seat == self.taker and (self.rules.options.taker_sees_ecart
                                       or self.phase == PH_ECART)

    def seen_history(self, seat: int | None) -> tuple[tuple[int, str | None], ...]:
        """Every action as ``seat`` saw it: the taker's discards are hidden from the others
        and from nobody seated (None), trumps excepted, which are shown.

        Kept per seat (and per whether the seat sees the ecart) and extended by the actions
        played since the last call."""
        sees_ecart = self._sees_ecart(seat)
        by_seat: dict[tuple[int | None, bool], tuple[tuple[int, str | None], ...]] = (
            self.__dict__.setdefault("_seen_by", {}))
        seen = by_seat.get((seat, sees_ecart), ())
        n = len(seen)
        if n == len(self._history):
            return seen
        out: list[tuple[int, str | None]] = []
        for actor, act in zip(self._actors[n:], self._history[n:], strict=True):
            text: str | None = act.text
            if A_DISCARD <= act < A_PASS and not sees_ecart and not (
                    (1 << (act - A_DISCARD)) & TRUMPS):
                text = None
            out.append((actor, text))
        seen += tuple(out)
        by_seat[seat, sees_ecart] = seen
        return seen

    def _trick_info(self) -> list[dict[str, JSON]]:
        """The finished tricks, JSON-ready: each entry made once and shared by the views that
        follow (read it, do not change it; ``View.to_dict`` copies)."""
        done: tuple[dict[str, JSON], ...] = self.__dict__.get("_tricks_json", ())
        if len(done) != len(self.tricks):
            done += tuple({"leader": ld, "cards": [DECK.codes[c] for c in cards], "winner": w}
                          for ld, cards, w in self.tricks[len(done):])
            self._tricks_json = done
        return list(done)

    def _result_info(self) -> dict[str, JSON]:
        """The finished deal's result, JSON-ready, made once and shared by the views that
        follow (read it, do not change it)."""
        made: dict[str, JSON] | None = self.__dict__.get("_result_json")
        if made is None:
            made = self._result_json = self._result().to_dict()
        return made

    def _view(self, seat: int | None) -> View:
        """A seat's view, or the public one for None: a seat's hand and legal actions are its
        own, the écart the taker's (when the options let it see it), the called king's
        holder known to the partner (and to a taker holding the king) before it is public."""
        over = self.to_move is None
        sees_ecart = self._sees_ecart(seat)
        history = self.seen_history(seat)
        partner: int | None = None
        if self.called >= 0 and (self.partner_known or over or seat == self.partner or (
                seat == self.taker and self.hands[seat] >> self.called & 1)):
            partner = self.partner if self.partner >= 0 else self.taker
        info: dict[str, JSON] = {
            "players": self.n,
            "bids": [[s, "pass" if b < 0 else CONTRACTS[b]] for s, b in self.bids],
            "taker": self.taker if self.taker >= 0 else None,
            "contract": CONTRACTS[self.contract] if self.contract >= 0 else None,
            "called": DECK.codes[self.called] if self.called >= 0 else None,
            "partner": partner,
            "chien_size": self.chien_size,
            "chien": _codes(self.chien) if self.chien_shown else None,
            "ecart": _codes(self.ecart) if sees_ecart else None,
            "ecart_trumps": _codes(self.ecart & TRUMPS),
            "chelem": self.chelem,
            "poignees": [{"seat": s, "level": POIGNEE_LEVELS[lv], "cards": _codes(m)}
                         for s, lv, m in self.poignees],
            "trick_number": self.trick_no + 1 if self.phase == PH_PLAY else None,
            "leader": self.leader if self.phase == PH_PLAY else None,
            "tricks": self._trick_info(),
            "tricks_won": list(self.tricks_won),
            "excuse_owed": ({"owner": self.ex_owner, "receiver": self.owed_to}
                            if self.owed_to >= 0 else None),
            "petit_sec": self.petit_sec_seat if self.annulled == "petit sec" else None,
            "annulled": self.annulled or None,
            "result": self._result_info() if over else None,
        }
        table = tuple(((self.leader + k) % self.n, DECK.codes[c])
                      for k, c in enumerate(self.trick))
        if seat is None:
            return View("tarot", -1, self.n, self.dealer, PHASES[self.phase], self.to_move,
                        (), (), table, history, info, over)
        legal = self.rules.actions.texts_of(self.legal_mask()) if self.to_move == seat else ()
        return View("tarot", seat, self.n, self.dealer, PHASES[self.phase], self.to_move,
                    tuple(_codes(self.hands[seat])), legal, table, history, info, over)

    # -- copies -----------------------------------------------------------------------------
    def clone(self) -> TarotDeal:
        """A cheap independent copy."""
        new = object.__new__(TarotDeal)
        d = dict(self.__dict__)
        d["_history"] = d["_history"][:]
        d["_actors"] = d["_actors"][:]
        if "_seen_by" in d:
            d["_seen_by"] = dict(d["_seen_by"])
        new.__dict__ = d
        any(map(setattr, repeat(new), _SLOTS, _slot_values(self)))  # each slot, in C
        new.hands = self.hands[:]
        new.bids = self.bids[:]
        new.poignees = self.poignees[:]
        new.trick = self.trick[:]
        new.won = self.won[:]
        new.tricks_won = self.tricks_won[:]
        new.tricks = self.tricks[:]
        return new

    def __deepcopy__(self, memo: dict[int, Any]) -> TarotDeal:
        new = self.clone()  # its lists hold only immutable items: one level is deep enough
        new.setup = copy.deepcopy(self.setup, memo)
        return new


_SLOTS = TarotDeal.__slots__
TarotDeal.pickle_codec = FieldCodec(
    "tarot/1", (("setup", "_mask_at", "_mask", "to_move"),), optional=("is_over",),
    slots=tuple(n for n in _SLOTS if n not in TarotDeal.pickle_constants
                and n not in TarotDeal.pickle_caches),
    caches=frozenset(("_tricks_json", "_result_json")))
"""A deal's pickle: its fields and slots in this order (the view's caches left out)."""
_slot_values = attrgetter(*_SLOTS)
