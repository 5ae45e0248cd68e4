"""One deal of Putze / Pomme: the deal, the talon (blind, "cartes meilleures", spare card),
who plays, the trump-six exchange, then Jass card play among the players who play.

The card play is :class:`~atout.games.jass.play.TrickPlay`, the same code as Schieber: each
seat is its own side, so card points, announcements (Weis) and Stöck are counted per player.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from atout.cards import JASS_DECK
from atout.core import JSON, Event, Refusal, Result, Rules, View
from atout.events import PutzeEvent, PutzePhase
from atout.games.jass.pickling import TrickCodec
from atout.games.jass.play import (
    CODES,
    JASS_KINDS,
    TrickKinds,
    TrickPlay,
    card_events,
    describe_refusal,
)
from atout.games.putze.options import Plan, PutzeOptions
from atout.games.putze.scoring import award, deal_loser

# The kinds of event this module emits, looked up once (not per event).
EV_NO_PLAY = PutzeEvent.NO_PLAY
EV_PLAY_STARTS = PutzeEvent.PLAY_STARTS
EV_SIX_EXCHANGED = PutzeEvent.SIX_EXCHANGED
EV_SIX_KEPT = PutzeEvent.SIX_KEPT
EV_TAKE_BLIND = PutzeEvent.TAKE_BLIND
EV_BLIND_CARDS = PutzeEvent.BLIND_CARDS
EV_PASS = PutzeEvent.PASS
EV_PLAYS = PutzeEvent.PLAYS
EV_LOOK = PutzeEvent.LOOK
EV_BETTER_CARDS = PutzeEvent.BETTER_CARDS
EV_DISCARD = PutzeEvent.DISCARD
EV_DISCARDED = PutzeEvent.DISCARDED
EV_BETTER_TAKEN = PutzeEvent.BETTER_TAKEN
EV_DEAL_SCORED = PutzeEvent.DEAL_SCORED
# The phases, compared by identity (members are singletons; `is` costs less than `==` on a
# str subclass, which the interpreter does not specialize).
PH_BETTER, PH_SPEAK, PH_SIX = PutzePhase.BETTER, PutzePhase.SPEAK, PutzePhase.SIX
PH_PLAY, PH_OVER = PutzePhase.PLAY, PutzePhase.OVER

PUTZE_KINDS = TrickKinds(PutzeEvent.CARD, PutzeEvent.STOECK, PutzeEvent.WEIS,
                         PutzeEvent.WEIS_SCORED, PutzeEvent.TRICK,
                         JASS_KINDS.match_bonus)  # never emitted: no all-tricks bonus here
"""Putze's kinds of the trick play's events."""
PUTZE_CARD_EVENTS = card_events(PutzeEvent.CARD)
"""Putze's event of each seat playing each card."""

PLAY, PASS, TAKE, MINE, LOOK, EXCHANGE, KEEP = range(36, 43)
WORDS = ("play", "pass", "take blind", "my game", "look", "exchange six", "keep six")
"""Action words after the 36 card codes: ids 36 to 42."""

SETUP_KEYS = frozenset({"seed", "hands", "dealer", "blind", "better", "stock", "trump", "out",
                        "first", "dealer_putze"})
SUITS = "HDSC"
FULL_DECK = (1 << 36) - 1
_BITS = tuple(1 << c for c in range(36))


def _cards(value: object, what: str, deck: int) -> list[int]:
    """Card indices of a list of codes, checked against the cards in use."""
    if not isinstance(value, list):
        raise ValueError(f"{what} must be a list of card codes, not {value!r}")
    out = []
    for code in value:
        if not isinstance(code, str):
            raise ValueError(f"{what}: {code!r} is not a card code")
        c = JASS_DECK.parse(code)
        if not deck >> c & 1:
            raise ValueError(f"{what}: {code} is not in the pack at this table (27.25 removes "
                             "the six of spades)")
        out.append(c)
    return out


def _seat_list(value: object, what: str, n: int) -> list[int]:
    if not isinstance(value, list) or not all(
            isinstance(s, int) and not isinstance(s, bool) and 0 <= s < n for s in value):
        raise ValueError(f"{what} must be a list of seats from 0 to {n - 1}, not {value!r}")
    return list(value)


class PutzeDealRules(Rules[PutzeOptions]):
    """Putze's rules as a deal reads them: the options and what is made from them once.

    :class:`~atout.games.putze.rules.PutzeRules` is the one subclass (it makes these, the
    deals and the matches): the deal reads its rules through this class, so that this module
    need not import the rules' module, which imports it.
    """

    plan: Plan
    """The options resolved for the number of players: the talon, who may pass …"""
    next_seat: tuple[int, ...]
    """The seat after each seat, in the direction of play."""


class PutzeDeal(TrickPlay):
    """One Putze deal, from the deal to the putzes and pommes.

    Phases: ``better`` (2 players, 27.21: discard three cards and take the three "cartes
    meilleures", or look at them), ``speak`` (each player in turn plays or passes, or takes
    the blind / keeps his hand), ``six`` (the holder of the trump six may exchange it for the
    turned card), ``play`` (Jass card play among the players), ``over``.
    """

    rules: PutzeDealRules
    kinds = PUTZE_KINDS
    card_events = PUTZE_CARD_EVENTS
    pickled_phases = tuple(PutzePhase)
    pickle_codec = TrickCodec("putze/1", (
        "setup", "_mask_at", "_mask", "forehand", "around", "out", "dealer_putze", "blind",
        "stock", "better", "hands", "turned", "dealt", "mode", "six", "turned_apart",
        "trump_holder", "multiplier", "speak_order", "words", "plays", "blind_taker",
        "set_aside", "better_state", "discards", "six_by", "private", "card_points",
        "weis_points", "stoeck_points", "bonus_points", "tricks_won", "trick", "trick_seats",
        "is_over", "to_move",
        "played", "idx", "_turn", "start_events"), pickled_phases, optional=("_scored",))
    """A deal's pickle: its fields in this order, those of the card play after them."""
    pickle_constants: ClassVar[tuple[str, ...]] = (
        "plan", "side_of", "nsides", "weis_enabled", "big_sequences", "strict_under",
        "buur_free", "stoeck_enabled", "weis_scoring")
    # class attributes, not a deal's own: a deal's fields stay plain data (copied, pickled)

    def __init__(self, rules: PutzeDealRules, setup: dict[str, JSON]) -> None:
        super().__init__(rules, setup)
        plan = rules.plan
        self.plan: Plan = plan
        n = plan.players
        extra = set(setup) - SETUP_KEYS
        if extra:
            raise ValueError(f"putze deals take hands, dealer, blind, better, stock, trump, "
                             f"out, first and dealer_putze, not {sorted(extra)}")
        dealer = int(setup["dealer"])
        nxt = rules.next_seat
        self.forehand = nxt[dealer]
        around = [self.forehand]
        while len(around) < n:
            around.append(nxt[around[-1]])
        self.around = around  # every seat, from the dealer's next player on
        out = set(_seat_list(setup.get("out", []), "out", n))
        if plan.dealer_sits_out:
            out.add(dealer)
        self.out = sorted(out)
        dealt_seats = [s for s in around if not (plan.dealer_sits_out and s == dealer)]
        self.dealer_putze = plan.dealer_sits_out and bool(setup.get("dealer_putze", True))
        self.blind = 0
        self.stock = 0
        self.better = [0] * n
        if "hands" in setup:
            self._lay_out(setup, dealt_seats)
        else:
            self._shuffle_and_deal(int(setup["seed"]), dealt_seats)
        self.dealt = tuple(self.hands)
        self.mode = self.turned // 9
        self.six = self.mode * 9  # the six of trump
        self.turned_apart = plan.talon != "none"
        self.trump_holder = dealt_seats[-1] if plan.talon == "none" else -1
        self.side_of = tuple(range(n))
        self.nsides = n
        opts = rules.options
        self.weis_enabled = opts.weis
        self.big_sequences = opts.big_sequences
        self.strict_under = opts.under_trump == "strict"
        self.buur_free = opts.buur_free
        self.stoeck_enabled = opts.stoeck
        self.weis_scoring = "best-side" if opts.weis_scoring == "best" else "each"
        self.multiplier = 1
        active = [s for s in around if s not in out]
        first = setup.get("first")
        if first is not None and plan.talon == "blind" and first in active:
            k = active.index(first)
            active = active[k:] + active[:k]  # 27.19: the last deal's loser speaks first
        self.speak_order = active
        self.words: list[str | None] = [None] * n
        self.plays = 0  # bit per seat that plays
        self.blind_taker = -1
        self.set_aside = 0
        self.better_state: list[str | None] = [None] * n
        self.discards = [0] * n
        self.six_by = -1
        self.private: dict[int, int] = {}  # history index -> the only seat that sees it
        self.card_points = [0] * n
        self.weis_points = [0] * n
        self.stoeck_points = [0] * n
        self.bonus_points = [0] * n
        self.tricks_won = [0] * n
        self.trick = []
        self.trick_seats = []
        self.play_over = False
        self.played = False
        self.idx = 0
        self.turn = active[0] if active else dealer
        self.start_events: list[Event] = []
        if plan.talon == "better-cards" and active:
            self.phase = PH_BETTER
        elif active and (plan.may_pass or plan.talon == "blind"):
            self.phase = PH_SPEAK
        else:
            for s in active:
                self.plays |= 1 << s
                self.words[s] = "play"
            self.phase = PH_SPEAK
            self.start_events = self._after_speak()

    # -- the deal --------------------------------------------------------------------------
    def _shuffle_and_deal(self, seed: int, dealt_seats: list[int]) -> None:
        plan = self.plan
        order = JASS_DECK.shuffled(random.Random(seed))
        if plan.deck != FULL_DECK:  # 27.25: without the six of spades
            order = [c for c in order if plan.deck >> c & 1]
        hands = [0] * plan.players
        packets = (3, 4) if plan.hand_size == 7 else (3, 3, 3)
        bit = _BITS.__getitem__
        i = 0
        for p in packets:
            for seat in dealt_seats:
                hands[seat] |= sum(map(bit, order[i:i + p]))  # distinct bits: their union
                i += p
        rest = order[i:]
        self.hands = hands
        if plan.talon == "none":
            self.turned = order[i - 1]  # the last card dealt, in its player's hand (27.1)
        elif plan.talon == "blind":
            self.turned = rest[0]  # the top card of the blind (27.11)
            self.blind = JASS_DECK.mask(rest[:9])
            self.stock = JASS_DECK.mask(rest[9:])
        elif plan.talon == "better-cards":
            for k, seat in enumerate(dealt_seats):
                self.better[seat] = JASS_DECK.mask(rest[3 * k:3 * k + 3])
            self.stock = JASS_DECK.mask(rest[6:])
            self.turned = rest[6]  # the first card of the stock (27.20)
        else:
            self.turned = rest[0]  # the 36th card (27.26)
            self.stock = 1 << rest[0]

    def _lay_out(self, setup: dict[str, JSON], dealt_seats: list[int]) -> None:
        plan = self.plan
        n = plan.players
        hands_in = setup["hands"]
        if not isinstance(hands_in, list) or len(hands_in) != n:
            raise ValueError(f"hands must list {n} hands, one per seat")
        seen = 0

        def take(cards: list[int], what: str) -> int:
            nonlocal seen
            m = 0
            for c in cards:
                if (seen | m) >> c & 1:
                    raise ValueError(f"card {CODES[c]} is dealt twice ({what})")
                m |= 1 << c
            seen |= m
            return m

        allowed = {"none": {"trump"}, "blind": {"blind", "stock"},
                   "better-cards": {"better", "stock"}, "spare-card": {"stock"}}[plan.talon]
        piles = {k for k in ("blind", "better", "stock", "trump") if k in setup}
        if piles - allowed:
            raise ValueError(f"with talon {plan.talon!r} a deal takes {sorted(allowed)}, not "
                             f"{sorted(piles - allowed)}")
        hands = []
        for seat, hand in enumerate(hands_in):
            cards = _cards(hand, f"seat {seat}'s hand", plan.deck)
            want = plan.hand_size if seat in dealt_seats else 0
            if len(cards) != want:
                why = " (the dealer sits out, 27.27)" if want == 0 else ""
                raise ValueError(f"seat {seat} has {len(cards)} cards: expected {want}{why}")
            hands.append(take(cards, f"seat {seat}'s hand"))
        self.hands = hands
        if plan.talon == "none":
            code = setup.get("trump")
            if not isinstance(code, str):
                raise ValueError("give trump=<card>: the turned card, the last card dealt, in "
                                 f"the hand of seat {dealt_seats[-1]}")
            self.turned = JASS_DECK.parse(code)
            if not hands[dealt_seats[-1]] >> self.turned & 1:
                raise ValueError(f"the turned card {code} must be in the hand of seat "
                                 f"{dealt_seats[-1]}, who got the last card (27.1)")
        elif plan.talon == "blind":
            blind = _cards(setup.get("blind"), "blind", plan.deck)
            if len(blind) != 9:
                raise ValueError(f"the blind has {len(blind)} cards: expected 9")
            self.blind = take(blind, "blind")
            self.turned = blind[0]
            self.stock = take(_cards(setup.get("stock", []), "stock", plan.deck), "stock")
        elif plan.talon == "better-cards":
            better = setup.get("better")
            if not isinstance(better, list) or len(better) != n:
                raise ValueError(f"better must list {n} packets of three cards, one per seat")
            for seat, packet in enumerate(better):
                cards = _cards(packet, f"seat {seat}'s better cards", plan.deck)
                if len(cards) != 3:
                    raise ValueError(f"seat {seat}'s better cards are {len(cards)}: expected 3")
                self.better[seat] = take(cards, "better cards")
            stock = _cards(setup.get("stock"), "stock", plan.deck)
            if not stock:
                raise ValueError("the stock is empty: its first card is turned for trump")
            self.stock = take(stock, "stock")
            self.turned = stock[0]
        else:
            stock = _cards(setup.get("stock"), "stock", plan.deck)
            if len(stock) != 1:
                raise ValueError(f"the stock has {len(stock)} cards: expected the one spare card")
            self.stock = take(stock, "stock")
            self.turned = stock[0]
        if seen != plan.deck:
            missing = " ".join(JASS_DECK.codes_of(plan.deck & ~seen))
            raise ValueError(f"cards missing from the deal: {missing}")

    # -- phases ----------------------------------------------------------------------------
    def players(self) -> list[int]:
        """The seats that play (so far), in speaking order."""
        return [s for s in self.speak_order if self.plays >> s & 1]

    def _next_speaker(self) -> list[Event]:
        self.idx += 1
        if self.idx < len(self.speak_order):
            self.turn = self.speak_order[self.idx]
            return []
        if self.phase is PH_BETTER and self.plan.may_pass:
            self.phase = PH_SPEAK
            self.idx = 0
            self.turn = self.speak_order[0]
            return []
        if self.phase is PH_BETTER:
            for s in self.speak_order:
                self.plays |= 1 << s
                self.words[s] = "play"
        return self._after_speak()

    def _after_speak(self) -> list[Event]:
        if self.plan.six_exchange and self.turned_apart and self.turned != self.six:
            for s in self.players():
                if self.hands[s] >> self.six & 1:
                    self.phase = PH_SIX
                    self.turn = s
                    return []
        return self._begin_play()

    def _begin_play(self) -> list[Event]:
        players = [s for s in self.around if self.plays >> s & 1]
        if len(players) < 2:
            self.phase = PH_OVER
            self.play_over = True
            return [Event(EV_NO_PLAY, players[0] if players else None,
                          {"players": players}), self._scored_event()]
        self.phase = PH_PLAY
        self.played = True
        self._start_play(players, players[0])
        return [Event(EV_PLAY_STARTS, players[0], {"players": players, "leader": players[0]})]

    def match_bonus_enabled(self) -> bool:
        """No all-tricks bonus in Putze: it could never change a putze or a pomme."""
        return False

    # -- Deal hooks ------------------------------------------------------------------------
    def _legal_mask(self) -> int:
        if self.is_over:  # play_over, read without its property
            return 0
        phase = self.phase
        if phase is PH_PLAY:
            return self._card_mask()
        if phase is PH_BETTER:
            hand = self.hands[self.turn]
            return hand if self.discards[self.turn] else hand | 1 << LOOK
        if phase is PH_SIX:
            return 1 << EXCHANGE | 1 << KEEP
        passing = 1 << PASS if self.plan.may_pass else 0
        if self.plan.talon == "blind":
            return (1 << TAKE if self.blind else 0) | 1 << MINE | passing
        return 1 << PLAY | passing

    def _why_illegal(self, action: Any) -> str | Refusal:
        a = int(action)
        text = str(action)
        phase = self.phase
        if phase is PH_PLAY:
            if a >= 36:
                return Refusal("play_a_card", f"{text} is not possible now: the card play has "
                               "begun, play a card", {"action": text})
            return describe_refusal(self.hands[self.turn], self.mode, self.led, self.best, a,
                                    strict_under=self.strict_under, buur_free=self.buur_free)
        if phase is PH_BETTER:
            if a < 36:
                return Refusal("not_in_hand", f"{text} is not in your hand: discard one of your "
                               "own cards", {"card": text})
            if a == LOOK:
                return Refusal("discard_three", "you have begun to discard: discard three "
                               "cards in all (27.21)")
            return Refusal("discard_or_look", f"{text} is not possible now: discard three "
                           "cards to take the better cards, or say look to refuse and look at "
                           "them (27.21)", {"action": text})
        if phase is PH_SIX:
            return Refusal("six_choice", f"{text} is not possible now: say exchange six or "
                           "keep six, as holder of the six of trump (27.14)", {"action": text})
        legal = [x.text for x in self.legal_actions()]
        words = " or ".join(legal)
        if a < 36:
            return Refusal("declare_first", f"{text} cannot be played yet: every player must "
                           f"first say if he plays (say {words})",
                           {"action": text, "legal": legal})
        if a == TAKE:
            if self.plan.talon != "blind":
                return Refusal("no_blind", "there is no blind at this table")
            return Refusal("blind_taken", f"the blind has already been taken: say {words}",
                           {"legal": legal})
        if a == PASS:
            return Refusal("must_play", "you may not decline to play at this table, everybody "
                           f"plays: say {words}", {"legal": legal})
        if a == LOOK:
            return Refusal("no_better_cards", "there are no better cards to look at now: say "
                           f"{words}", {"legal": legal})
        if a in (EXCHANGE, KEEP):
            return Refusal("six_later", "the six of trump is exchanged only once everybody has "
                           "spoken (27.14)")
        return Refusal("wrong_phase", f"{text} is not a choice here: say {words}",
                       {"action": text, "legal": legal})

    def _apply(self, action: int) -> list[Event]:
        phase = self.phase
        if phase is PH_PLAY:
            events = self._play_card(action)
            if self.is_over:
                self.phase = PH_OVER
                events.append(self._scored_event())
            return events
        seat = self.turn
        if phase is PH_BETTER:
            return self._better(seat, action)
        if phase is PH_SIX:
            events = []
            if action == EXCHANGE:
                self.hands[seat] ^= 1 << self.six | 1 << self.turned
                if self.blind:
                    self.blind ^= 1 << self.six | 1 << self.turned
                else:
                    self.stock ^= 1 << self.six | 1 << self.turned
                self.six_by = seat
                self.trump_holder = seat
                self.turned_apart = False
                events.append(Event(EV_SIX_EXCHANGED, seat, {"six": CODES[self.six],
                                                             "card": CODES[self.turned]}))
            else:
                events.append(Event(EV_SIX_KEPT, seat, {}))
            return events + self._begin_play()
        events = []
        if action == TAKE:
            self.set_aside = self.hands[seat]
            self.hands[seat] = self.blind
            self.blind = 0
            self.blind_taker = seat
            self.trump_holder = seat
            self.turned_apart = False
            self.plays |= 1 << seat
            self.words[seat] = "take blind"
            events += [Event(EV_TAKE_BLIND, seat, {}),
                       Event(EV_BLIND_CARDS, seat, {"cards": JASS_DECK.codes_of(self.hands[seat])},
                             to=seat)]
        elif action == PASS:
            self.words[seat] = "pass"
            events.append(Event(EV_PASS, seat, {}))
        else:
            self.plays |= 1 << seat
            word = "my game" if action == MINE else "play"
            self.words[seat] = word
            events.append(Event(EV_PLAYS, seat, {"word": word}))
        return events + self._next_speaker()

    def _better(self, seat: int, action: int) -> list[Event]:
        if action == LOOK:
            self.better_state[seat] = "looked"
            return [Event(EV_LOOK, seat, {}),
                    Event(EV_BETTER_CARDS, seat, {"cards": JASS_DECK.codes_of(self.better[seat]),
                                                  "taken": False}, to=seat),
                    *self._next_speaker()]
        self.private[len(self._history)] = seat
        self.hands[seat] &= ~(1 << action)
        self.discards[seat] |= 1 << action
        count = self.discards[seat].bit_count()
        events = [Event(EV_DISCARD, seat, {"count": count}),
                  Event(EV_DISCARDED, seat, {"card": CODES[action]}, to=seat)]
        if count < 3:
            return events
        self.hands[seat] |= self.better[seat]
        self.better_state[seat] = "taken"
        events += [Event(EV_BETTER_TAKEN, seat, {}),
                   Event(EV_BETTER_CARDS, seat, {"cards": JASS_DECK.codes_of(self.better[seat]),
                                                 "taken": True}, to=seat)]
        return events + self._next_speaker()

    # -- scores ----------------------------------------------------------------------------
    def totals(self) -> list[int]:
        """Each seat's points so far: cards, last trick, announcements and Stöck."""
        return [c + w + s + b for c, w, s, b in zip(self.card_points, self.weis_points,
                                                    self.stoeck_points, self.bonus_points,
                                                    strict=True)]

    def _scoring(self) -> tuple[list[int], list[int], list[int]]:
        """Each seat's points, putzes and pommes (new lists; counted once the deal is over,
        for its last event and its result alike)."""
        done: tuple[list[int], list[int], list[int]] | None = self.__dict__.get("_scored")
        if done is None:
            done = self._count()
            if self.is_over:
                self._scored = done
        return list(done[0]), list(done[1]), list(done[2])

    def _count(self) -> tuple[list[int], list[int], list[int]]:
        totals = self.totals()
        plan = self.plan
        gained, pommes = award(totals, self.players(), plan.putzes, plan.pomme_bonus,
                               plan.pomme_below, plan.all_under, plan.tie_overflow)
        if self.dealer_putze:
            gained[self.dealer] += 1  # 27.27: a putze for a correct deal
        return totals, gained, pommes

    def _scored_event(self) -> Event:
        totals, gained, pommes = self._scoring()
        return Event(EV_DEAL_SCORED, None, {"totals": totals, "putzes": gained,
                                            "pommes": pommes})

    def _result(self) -> Result:
        totals, gained, pommes = self._scoring()
        players = self.players()
        details: dict[str, JSON] = {
            "trump": SUITS[self.mode], "trump_card": CODES[self.turned],
            "players": players, "played": self.played, "totals": totals,
            "card_points": list(self.card_points), "weis": list(self.weis_points),
            "stoeck": list(self.stoeck_points), "putzes": gained, "pommes": pommes,
            "dealer_putze": self.dealer_putze, "blind_taker": self.blind_taker,
            "loser": deal_loser(totals, players) if self.played else None,
        }
        return Result(tuple(g - p for g, p in zip(gained, pommes, strict=True)), details)

    # -- views -----------------------------------------------------------------------------
    def seen_history(self, seat: int | None) -> tuple[tuple[int, str | None], ...]:
        """Every action as ``seat`` saw it: another player's discards are hidden (every
        discard, for None: nobody seated).

        Kept per seat and extended by the actions played since the last call."""
        private = self.private
        if not private:
            return super().seen_history(seat)
        by_seat: dict[int | None, tuple[tuple[int, str | None], ...]] = self.__dict__.setdefault(
            "_seen_by", {})
        seen = by_seat.get(seat, ())
        n = len(seen)
        if n != len(self._history):
            seen += tuple((s, a.text if private.get(i, seat) == seat else None)
                          for i, s, a in zip(range(n, len(self._history)), self._actors[n:],
                                             self._history[n:], strict=True))
            by_seat[seat] = seen
        return seen

    def _view(self, seat: int | None) -> View:
        """A seat's view, or the public one for None: a seat's hand, legal actions, own
        discards, the better cards it looked at and its own weis are its own; everything
        else here is public."""
        plan = self.plan
        info: dict[str, JSON] = {
            "players_count": plan.players, "talon": plan.talon, "trump": SUITS[self.mode],
            "trump_card": CODES[self.turned],
            "trump_card_holder": self.trump_holder if self.trump_holder >= 0 else None,
            "speak_order": list(self.speak_order), "out": list(self.out),
            "declarations": {str(s): w for s, w in enumerate(self.words) if w is not None},
            "players": self.players(), "blind_taker": self.blind_taker
            if self.blind_taker >= 0 else None,
            "blind_available": bool(self.blind) and self.blind_taker < 0,
            "better": {str(s): st for s, st in enumerate(self.better_state) if st},
            "discarded": {str(s): d.bit_count() for s, d in enumerate(self.discards) if d},
            "six_exchanged_by": self.six_by if self.six_by >= 0 else None,
            "putzes_in_play": plan.putzes, "dealer_putze": self.dealer_putze,
            "points": self.totals(),
        }
        if seat is not None:
            info["own_discards"] = JASS_DECK.codes_of(self.discards[seat])
            info["own_better_seen"] = (JASS_DECK.codes_of(self.better[seat])
                                       if self.better_state[seat] == "looked" else [])
        if self.played:
            info.update(self._play_info())
            if seat is not None:
                info["own_weis"] = [w.to_dict() for w in self.declared.get(seat, [])]
        if self.play_over:
            _, gained, pommes = self._scoring()
            info["putzes"] = gained
            info["pommes"] = pommes
        if seat is None:
            return View("putze", -1, plan.players, self.dealer, self.phase, self.to_move, (),
                        (), self._table() if self.phase is PH_PLAY else (),
                        self.seen_history(None), info, self.play_over)
        legal = self.rules.actions.texts_of(self.legal_mask()) if self.to_move == seat else ()
        return View("putze", seat, plan.players, self.dealer, self.phase, self.to_move,
                    tuple(JASS_DECK.codes_of(self.hands[seat])), legal,
                    self._table() if self.phase is PH_PLAY else (), self.seen_history(seat),
                    info, self.play_over)

    def _observation_view(self, seat: int) -> View:
        """The view without the words said, the bettering counts, the list of finished
        tricks, the putzes and pommes of the end and the legal texts (every kept key as
        :meth:`_view` gives it)."""
        plan = self.plan
        players = self.__dict__.get("_players_made")  # the players change only as they speak
        if players is None or players[0] != self.plays:
            players = self._players_made = (self.plays, self.players())
        discards = self.discards[seat]
        info: dict[str, JSON] = {
            "trump": SUITS[self.mode], "trump_card": CODES[self.turned],
            "trump_card_holder": self.trump_holder if self.trump_holder >= 0 else None,
            "out": list(self.out), "players": list(players[1]),
            "blind_taker": self.blind_taker if self.blind_taker >= 0 else None,
            "blind_available": bool(self.blind) and self.blind_taker < 0,
            "six_exchanged_by": self.six_by if self.six_by >= 0 else None,
            "putzes_in_play": plan.putzes, "points": self.totals(),
            "own_discards": JASS_DECK.codes_of(discards) if discards else [],
            "own_better_seen": JASS_DECK.codes_of(self.better[seat])
            if self.better_state[seat] == "looked" else [],
        }
        if self.played:
            info.update(self._play_info(full=False))
            info["own_weis"] = self._own_weis(seat)
        return View("putze", seat, plan.players, self.dealer, self.phase, self.to_move,
                    tuple(JASS_DECK.codes_of(self.hands[seat])), (),
                    self._table() if self.phase is PH_PLAY else (), self.seen_history(seat),
                    info, self.play_over)

    def playout(self, rng: random.Random) -> Result:
        """Random legal play to the end, in the shared tight trick loop once the play begins.

        It draws from ``rng`` exactly as :meth:`Deal.playout` does, so both give the same
        deal for the same generator; this one is the fast path for search.
        """
        rnd = rng.random
        while not self.play_over and self.phase is not PH_PLAY:
            mask = self._legal_mask()
            k = int(rnd() * mask.bit_count())
            for _ in range(k):
                mask &= mask - 1
            self.step((mask & -mask).bit_length() - 1)
        self.play_tricks(rng)
        self.phase = PH_OVER
        return self._result()

    def clone(self) -> PutzeDeal:
        """A cheap independent copy: every list and dict of the state copied (their items
        are ints, strings, tuples or frozen Weis)."""
        return self._clone_state()
