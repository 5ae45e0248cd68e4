"""One hand of Auction Pitch: the auction, six tricks, the scoring."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from atout.cards import SUITS
from atout.core import (
    JSON,
    Action,
    Deal,
    Event,
    Refusal,
    Result,
    Rules,
    View,
    check_seat,
    check_seed,
)
from atout.events import PitchEvent
from atout.games.codec import FieldCodec
from atout.games.pitch.options import PitchOptions
from atout.games.pitch.tables import (
    AUCTION,
    BID0,
    BID_BIT,
    BIDS_FROM,
    CARDS_MASK,
    DECK,
    GAME_VALUE,
    HAND_SIZE,
    JACK_RANK,
    NCARDS,
    OVER,
    PASS,
    PASS_BIT,
    PLAY,
    SUIT_MASK,
    SUIT_NAMES,
    SUIT_OF,
    TRICK_KEYS,
    TRICKS,
    codes_text,
)
from atout.games.trick import winning_position

# The kinds of event this module emits, looked up once (not per event).
EV_TANGAGE = PitchEvent.TANGAGE
EV_PASS = PitchEvent.PASS
EV_BID = PitchEvent.BID
EV_REDEAL = PitchEvent.REDEAL
EV_PITCHER = PitchEvent.PITCHER
EV_CARD = PitchEvent.CARD
EV_TRUMP = PitchEvent.TRUMP
EV_TRICK = PitchEvent.TRICK
EV_SCORE = PitchEvent.SCORE


_PHASES = (AUCTION, PLAY, OVER)

# -- the deal -------------------------------------------------------------------------------


class PitchDeal(Deal):
    """One hand of Auction Pitch: auction, six tricks, scoring."""

    rules: Rules[PitchOptions]
    pickle_constants: ClassVar[tuple[str, ...]] = ("n", "sides")
    pickle_codec = FieldCodec("pitch/1", ((
        "setup", "_mask_at", "_mask", "dealer_seat", "hands", "dealt", "in_play", "turn", "bids",
        "high", "high_seat", "pitcher", "bid", "stolen", "tangage", "trump", "leader", "trick_no",
        "won", "tricks_won", "game_won", "details", "scores"),), phases=_PHASES,
        as_bytes=("trick",))
    """A deal's pickle: its fields in this order, the trick's cards as bytes."""

    def __init__(self, rules: Rules[PitchOptions], setup: dict[str, JSON]) -> None:
        super().__init__(rules, setup)
        opts = rules.options
        n = rules.seats
        dealer = check_seat(setup.get("dealer", 0), n)
        self.n = n
        self.dealer_seat = dealer
        self.hands = self._make_hands(setup)
        self.dealt = tuple(self.hands)
        self.in_play = 0
        for h in self.hands:
            self.in_play |= h
        self.sides = n // 2 if opts.partnership else n
        self.phase = AUCTION
        self.turn = (dealer + 1) % n
        self.bids: list[int] = [-1] * n  # -1 not spoken, 0 pass, k bid
        self.high = 0
        self.high_seat = -1
        self.pitcher = -1
        self.bid = 0
        self.stolen = False
        self.tangage = False
        self.trump = -1
        self.leader = -1
        self.trick: list[int] = []
        self.trick_no = 0
        self.won = [0] * n
        self.tricks_won = [0] * n
        self.game_won = [0] * n  # points toward Game in each seat's tricks
        self.details: dict[str, JSON] = {}
        self.scores: list[int] = [0] * self.sides

    def _make_hands(self, setup: dict[str, JSON]) -> list[int]:
        n = self.n
        unknown = set(setup) - {"seed", "dealer", "hands", "rest"}
        if unknown:
            raise ValueError(f"unknown setup key(s) {', '.join(sorted(unknown))}: a pitch deal "
                             "takes a seed, or hands and optionally rest (the undealt cards)")
        if "hands" not in setup:
            order = DECK.shuffled(random.Random(check_seed(setup.get("seed"))))
            hands = [0] * n
            pos = 0
            for _ in range(HAND_SIZE // 3):  # two rounds of three cards, from dealer's left
                for i in range(n):
                    seat = (self.dealer_seat + 1 + i) % n
                    for c in order[pos:pos + 3]:
                        hands[seat] |= 1 << c
                    pos += 3
            return hands
        raw = setup["hands"]
        if not isinstance(raw, list) or len(raw) != n:
            raise ValueError(f"hands must list {n} hands, one per seat")
        hands = []
        seen = 0
        for s, hand in enumerate(raw):
            m = DECK.pile_mask(hand, f"the hand of seat {s}", HAND_SIZE, seen)
            seen |= m
            hands.append(m)
        rest = setup.get("rest")
        if rest is not None:
            if not isinstance(rest, list) or not all(isinstance(c, str) for c in rest):
                raise ValueError("rest must be a list of card codes (the undealt cards)")
            r = 0
            for code in rest:
                c = DECK.parse(code)
                if (r | seen) >> c & 1:
                    raise ValueError(f"card {DECK.codes[c]} of rest is also dealt or repeated")
                r |= 1 << c
            if r | seen != CARDS_MASK:
                raise ValueError(f"rest must hold every undealt card: missing "
                                 f"{codes_text(CARDS_MASK & ~(r | seen))}")
        return hands

    # -- the contract ---------------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        """The seat whose decision it is, or None when the hand is over."""
        return None if self.phase is OVER else self.turn

    @property
    def dealer(self) -> int:
        """The dealer's seat."""
        return self.dealer_seat

    def side_of(self, seat: int) -> int:
        """The side (the seat alone, or its team) a seat plays for."""
        return seat % self.sides

    def _bid_floor(self) -> tuple[int, bool]:
        """The lowest bid the seat to move may make, and whether it may pass."""
        opts = self.rules.options
        if self.turn != self.dealer_seat:
            return max(self.high + 1, opts.min_bid), True
        if self.high == 0:
            if opts.all_pass == "redeal":
                return opts.min_bid, True
            return max(2, opts.min_bid), False
        if opts.dealer_steal and (self.high < 4 or opts.steal_four):
            return self.high, True
        return self.high + 1, True

    def _legal_mask(self) -> int:
        if self.phase is PLAY:
            h = self.hands[self.turn]
            if not self.trick:
                return h
            led = SUIT_OF[self.trick[0]]
            follow = h & SUIT_MASK[led]
            if not follow:
                return h
            if led == self.trump:
                return follow
            return follow | h & SUIT_MASK[self.trump]
        if self.phase is AUCTION:
            floor, may_pass = self._bid_floor()
            m = BIDS_FROM[min(floor, 5)] | (PASS_BIT if may_pass else 0)
            if self.rules.options.tangage and m & BID_BIT[4]:
                m |= self.hands[self.turn]
            return m
        return 0

    def _apply(self, action: int) -> list[Event]:
        seat = self.turn
        if self.phase is AUCTION:
            return self._apply_auction(seat, action)
        return self._play_card(seat, action)

    def _apply_auction(self, seat: int, action: int) -> list[Event]:
        n = self.n
        events: list[Event]
        if action < NCARDS:  # tangage: a bid of 4 and the first lead at once
            self.bids[seat] = 4
            self.stolen = self.high == 4
            self.high, self.high_seat = 4, seat
            self.tangage = True
            events = [Event(EV_TANGAGE, seat, {"card": DECK.codes[action], "bid": 4})]
            events += self._end_auction()
            events += self._play_card(seat, action)
            return events
        if action == PASS:
            self.bids[seat] = 0
            events = [Event(EV_PASS, seat)]
        else:
            k = action - BID0
            self.bids[seat] = k
            steal = k == self.high
            if steal:
                self.stolen = True
            self.high, self.high_seat = k, seat
            events = [Event(EV_BID, seat, {"bid": k, "steal": steal})]
        opts = self.rules.options
        if seat == self.dealer_seat:
            return events + self._end_auction()
        if self.high == 4:  # nobody may top 4: only the dealer may still steal it
            if opts.dealer_steal and opts.steal_four:
                self.turn = self.dealer_seat
                return events
            return events + self._end_auction()
        self.turn = (seat + 1) % n
        return events

    def _end_auction(self) -> list[Event]:
        if self.high == 0:  # everyone passed and the option says redeal
            self.phase = OVER
            self.details = {"redeal": True, "scores": [0] * self.sides}
            return [Event(EV_REDEAL, self.dealer_seat, {})]
        self.pitcher = self.high_seat
        self.bid = self.high
        self.phase = PLAY
        self.turn = self.leader = self.pitcher
        return [Event(EV_PITCHER, self.pitcher, {"bid": self.bid, "steal": self.stolen,
                                                 "tangage": self.tangage})]

    def _play_card(self, seat: int, card: int) -> list[Event]:
        self.hands[seat] &= ~(1 << card)
        events = [Event(EV_CARD, seat, {"card": DECK.codes[card]})]
        if self.trump < 0:
            self.trump = SUIT_OF[card]
            events.append(Event(EV_TRUMP, seat, {"suit": SUITS[self.trump]}))
        self.trick.append(int(card))  # a card id: plain data (copied, pickled exactly)
        if len(self.trick) < self.n:
            self.turn = (seat + 1) % self.n
            return events
        winner = self._trick_winner()
        for c in self.trick:
            self.won[winner] |= 1 << c
            self.game_won[winner] += GAME_VALUE[c]
        self.tricks_won[winner] += 1
        self.trick_no += 1
        events.append(Event(EV_TRICK, winner, {
            "number": self.trick_no, "winner": winner,
            "cards": [DECK.codes[c] for c in self.trick],
            "points": sum(GAME_VALUE[c] for c in self.trick)}))
        self.trick = []
        self.turn = self.leader = winner
        if self.trick_no == TRICKS:
            self.phase = OVER
            self._score()
            events.append(Event(EV_SCORE, self.pitcher, dict(self.details)))
        return events

    def _trick_winner(self) -> int:
        keys = TRICK_KEYS[self.trump][SUIT_OF[self.trick[0]]]
        return (self.leader + winning_position(self.trick, keys)) % self.n

    def _dealt_to(self, card: int) -> int:
        """The seat dealt ``card`` (read once, at the score: the state keeps no table of it,
        which a pickle would carry)."""
        for s, h in enumerate(self.dealt):
            if h >> card & 1:
                return s
        raise AssertionError("a card in play was not dealt")  # pragma: no cover

    def _taker(self, card: int) -> int:
        for s, m in enumerate(self.won):
            if m >> card & 1:
                return s
        raise AssertionError("a card in play was not taken")  # pragma: no cover

    def _score(self) -> None:
        sides = self.sides
        side = self.side_of
        trumps = self.in_play & SUIT_MASK[self.trump]  # never empty: the first lead is one
        hi = trumps.bit_length() - 1
        lo = (trumps & -trumps).bit_length() - 1
        jack = self.trump * 13 + JACK_RANK
        pts = [0] * sides
        hi_side = side(self._taker(hi))
        lo_side = side(self._dealt_to(lo) if self.rules.options.low == "dealt"
                       else self._taker(lo))
        jack_side = side(self._taker(jack)) if self.in_play >> jack & 1 else None
        game = self._game_by_side()
        best = max(game)
        game_side = game.index(best) if game.count(best) == 1 else None
        awards: list[tuple[str, int]] = [("high", hi_side), ("low", lo_side)]
        if jack_side is not None:
            awards.append(("jack", jack_side))
        if game_side is not None:
            awards.append(("game", game_side))
        for _, s in awards:
            pts[s] += 1
        ps = side(self.pitcher)
        made = pts[ps] >= self.bid
        scores = list(pts)
        scores[ps] = pts[ps] if made else -self.bid
        order: list[list[int]] = [[ps, scores[ps]]]
        order += [[s, 1] for _, s in awards if s != ps]
        self.scores = scores
        smudge = self.rules.options.smudge
        smudger = pts.index(4) if 4 in pts else None  # one side took all four points
        if smudge == "bid-four" and (smudger != ps or self.bid != 4):
            smudger = None
        self.details = {
            "redeal": False, "pitcher": self.pitcher, "pitcher_side": ps, "bid": self.bid,
            "steal": self.stolen, "tangage": self.tangage, "trump": SUITS[self.trump],
            "high": {"card": DECK.codes[hi], "side": hi_side},
            "low": {"card": DECK.codes[lo], "side": lo_side},
            "jack": None if jack_side is None else {"card": DECK.codes[jack], "side": jack_side},
            "game": {"side": game_side, "points": game},
            "taken": pts, "made": made, "scores": scores[:], "order": order,
            "smudge": None if smudge == "off" else smudger,
        }

    def _game_by_side(self) -> list[int]:
        game = [0] * self.sides
        for s in range(self.n):
            game[s % self.sides] += self.game_won[s]
        return game

    def _why_illegal(self, action: Action) -> Refusal:
        a = int(action)
        seat = self.turn
        hand = self.hands[seat]
        text = action.text
        legal = [x.text for x in self.legal_actions()]
        if self.phase is AUCTION:
            floor = self._bid_floor()[0]
            if a < NCARDS:
                if not self.rules.options.tangage:
                    return Refusal("pitch_tangage_off", f"{text} cannot be played yet: the "
                                   "auction is on and pitching a card (tangage) is off; pass "
                                   "or bid", {"action": text})
                if not hand >> a & 1:
                    return Refusal("not_in_hand", f"you do not hold {text}: your hand is "
                                   f"{codes_text(hand)}", {"card": text})
                return Refusal("pitch_four_closed", f"you cannot pitch {text} now: pitching a "
                               "card is a bid of 4, and a bid of 4 is not open to you",
                               {"card": text})
            if a == PASS:
                return Refusal("dealer_must_bid", "as dealer you cannot pass when everyone "
                               f"else has: you must bid at least {floor}", {"floor": floor})
            k = a - BID0
            if k < self.rules.options.min_bid:
                return Refusal("bid_below_minimum", f"bid {k} is below the lowest bid, "
                               f"{self.rules.options.min_bid}",
                               {"bid": k, "minimum": self.rules.options.min_bid})
            if self.turn == self.dealer_seat and self.high == 4 and k == 4:
                return Refusal("no_steal_four", "the dealer may not steal a bid of 4 (option "
                               "steal_four is off): pass")
            if self.turn == self.dealer_seat and self.high and k == self.high:
                return Refusal("no_steal", "the dealer may not steal here (option "
                               "dealer_steal is off): bid higher")
            if self.turn == self.dealer_seat and self.high == 0:
                return Refusal("dealer_must_bid", "everyone else passed: as dealer you must "
                               f"bid at least {floor}", {"floor": floor})
            steal = self.turn == self.dealer_seat and floor == self.high
            words = (f"bid {k} is below the high bid, {self.high} by seat {self.high_seat}: as "
                     "dealer you may equal it (steal) or top it" if steal else
                     f"bid {k} must top the high bid, {self.high} by seat {self.high_seat}")
            return Refusal("bid_must_top", words, {"bid": k, "high": self.high,
                                                   "seat": self.high_seat, "steal": steal})
        if a >= NCARDS:
            return Refusal("auction_over", f"the auction is over: {text} is not allowed; play "
                           "a card", {"action": text})
        if not hand >> a & 1:
            return Refusal("not_in_hand", f"you do not hold {text}: your hand is "
                           f"{codes_text(hand)}", {"card": text})
        led = SUIT_OF[self.trick[0]]
        follow = hand & SUIT_MASK[led]
        if led == self.trump:
            return Refusal("follow_suit", f"trump ({SUIT_NAMES[led]}) was led: you must follow "
                           f"with a trump: you hold {codes_text(follow)}",
                           {"card": text, "suit": "HDSC"[led], "legal": legal})
        return Refusal("follow_or_trump", f"you must follow {SUIT_NAMES[led]} or play a trump "
                       f"({SUIT_NAMES[self.trump]}): you hold {codes_text(follow)} in "
                       f"{SUIT_NAMES[led]} and "
                       f"{codes_text(hand & SUIT_MASK[self.trump])} in trumps",
                       {"card": text, "suit": "HDSC"[led], "trump": "HDSC"[self.trump],
                        "legal": legal})

    def _view(self, seat: int | None) -> View:
        """A seat's view, or the public one for None: a seat's hand and legal actions are its
        own; everything else here is public."""
        lead = self.leader
        table = tuple(((lead + i) % self.n, DECK.codes[c]) for i, c in enumerate(self.trick))
        opts = self.rules.options
        info: dict[str, JSON] = {
            "players": self.n,
            "partnership": opts.partnership,
            "teams": [[s for s in range(self.n) if s % self.sides == t]
                      for t in range(self.sides)] if opts.partnership else None,
            "in_play": HAND_SIZE * self.n,
            "bids": [None if b < 0 else "pass" if b == 0 else b for b in self.bids],
            "high_bid": self.high or None,
            "high_bidder": None if self.high_seat < 0 else self.high_seat,
            "pitcher": None if self.pitcher < 0 else self.pitcher,
            "bid": self.bid or None,
            "tangage": self.tangage,
            "trump": None if self.trump < 0 else SUITS[self.trump],
            "leader": None if self.leader < 0 else self.leader,
            "trick_number": min(self.trick_no + 1, TRICKS),
            "tricks_won": list(self.tricks_won),
            "hand_sizes": [h.bit_count() for h in self.hands],
            "game_points": self._game_by_side(),
            "low_scored_by": opts.low,
        }
        if self.phase is OVER:
            info["result"] = dict(self.details)
        if seat is None:
            return View(self.rules.name, -1, self.n, self.dealer_seat, self.phase,
                        self.to_move, (), (), table, self.seen_history(None), info,
                        self.phase == OVER)
        legal: tuple[str, ...] = ()
        if self.phase is not OVER and seat == self.turn:
            legal = self.rules.actions.texts_of(self.legal_mask())
        return View(self.rules.name, seat, self.n, self.dealer_seat, self.phase, self.to_move,
                    tuple(DECK.codes_of(self.hands[seat])), legal, table,
                    self.seen_history(seat), info, self.phase is OVER)

    def _result(self) -> Result:
        points = tuple(float(self.scores[self.side_of(s)]) for s in range(self.n))
        return Result(points, dict(self.details))

    def _pickle_state(self) -> dict[str, Any]:
        """The state to pickle, cheaply: the phase as its index, the trick's cards as bytes
        (an action pickles through Python, bytes in C)."""
        state = self.__dict__.copy()
        state["phase"] = _PHASES.index(state["phase"])
        state["trick"] = bytes(state["trick"])
        return state

    def _after_unpickle(self) -> None:
        """Read back what :meth:`_pickle_state` wrote (the trick's cards as ids)."""
        self.phase = _PHASES[self.__dict__["phase"]]
        self.trick = [*self.trick]

    def clone(self) -> PitchDeal:
        """A cheap independent copy."""
        new = object.__new__(PitchDeal)
        d = self.__dict__.copy()
        for k, v in d.items():  # lists of ints and the details dict, replaced whole at the end
            if type(v) is list:
                d[k] = v[:]
            elif type(v) is dict:
                d[k] = v.copy()
        new.__dict__ = d
        return new
