"""One deal of Knock Rummy, from the shuffle to the showdown."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from atout.cards import FULL_DECK, bit_list
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
from atout.events import KnockRummyEvent
from atout.games.codec import FieldCodec
from atout.games.knock_rummy.melds import VALUES, arrange, deadwood, lay_off, meldable
from atout.games.knock_rummy.options import KnockRummyOptions
from atout.games.knock_rummy.scoring import settle
from atout.games.knock_rummy.tables import (
    CODES,
    DISCARD_PHASE,
    DRAW_DISCARD,
    DRAW_PHASE,
    DRAW_STOCK,
    KNOCK,
    OVER_PHASE,
    PHASES,
)

# The kinds of event this module emits, looked up once (not per event).
EV_DRAW = KnockRummyEvent.DRAW
EV_DRAWN = KnockRummyEvent.DRAWN
EV_KNOCK = KnockRummyEvent.KNOCK
EV_DISCARD = KnockRummyEvent.DISCARD
EV_VOID = KnockRummyEvent.VOID
EV_RESTOCK = KnockRummyEvent.RESTOCK
EV_SHOW = KnockRummyEvent.SHOW
EV_SCORE = KnockRummyEvent.SCORE


def _parse_cards(label: str, codes: Any) -> list[int]:
    if not isinstance(codes, (list, tuple)):
        raise ValueError(f"{label} must be a list of card codes, not {codes!r}")
    out = []
    for c in codes:
        if not isinstance(c, str):
            raise ValueError(f"{label}: {c!r} is not a card code")
        out.append(FULL_DECK.parse(c))
    return out


class KnockRummyDealRules(Rules[KnockRummyOptions]):
    """Knock Rummy's rules as a deal reads them: the options and the hand size.

    :class:`~atout.games.knock_rummy.rules.KnockRummyRules` is the one subclass (it makes
    the deals and the matches): the deal reads its rules through this class, so that this
    module need not import the rules' module, which imports it.
    """

    cards_each: int
    """The cards dealt to each player."""


class KnockRummyDeal(Deal):
    """One deal of Knock Rummy, from the shuffle to the showdown.

    Setup: ``{"seed", "dealer"}`` or ``{"hands", "dealer"}`` with optional ``discard`` (the
    discard pile, bottom card first, top card last) and ``stock`` (its top cards, top card
    first, the cards not named anywhere following in deck order); an omitted discard pile is
    the first card of the stock turned up.
    """

    rules: KnockRummyDealRules
    pickle_constants: ClassVar[tuple[str, ...]] = ("opts",)
    pickle_codec = FieldCodec("knock-rummy/1", ((
        "setup", "_mask_at", "_mask", "_key", "hands", "turn", "phase", "knocker", "taken",
        "top_by", "known", "restocks", "outcome", "dead", "laid", "_shown", "_quiet", "points",
        "winners", "paid_penalty", "rum"),), as_bytes=("stock", "pile"),
        caches=frozenset(("_over_json",)))
    """A deal's pickle: its fields in this order, the stock and the pile as bytes."""
    draws_before: int = 0
    """Draws made before this deal's history starts: 0 for a deal from its shuffle; a search
    that builds a deal at a position mid-deal (an explicit layout) sets it, so that what
    counts the turns (the heuristic's knock thresholds) counts the earlier ones too. The rules
    never read it."""

    def __init__(self, rules: KnockRummyDealRules, setup: dict[str, JSON]) -> None:
        super().__init__(rules, setup)
        self.opts: KnockRummyOptions = rules.options
        n = rules.seats
        k = rules.cards_each
        dealer = check_seat(setup.get("dealer"), n)
        seed = check_seed(setup.get("seed", 0))
        unknown = set(setup) - {"seed", "hands", "dealer", "discard", "stock"}
        if unknown:
            raise ValueError(f"knock-rummy has no pile {sorted(unknown)[0]!r}: an explicit deal "
                             "takes hands, discard (bottom first) and stock (top first)")
        if "hands" in setup:
            self._key = f"layout:{sorted(setup.items())!r}"
            hands_l = setup["hands"]
            if not isinstance(hands_l, list) or len(hands_l) != n:
                raise ValueError(f"hands must list {n} hands, one per seat")
            seen: set[int] = set()
            hands: list[int] = []
            for s, h in enumerate(hands_l):
                cards = _parse_cards(f"hand of seat {s}", h)
                if len(cards) != k:
                    raise ValueError(f"the hand of seat {s} has {len(cards)} cards: each player "
                                     f"gets {k}")
                hands.append(self._take(cards, seen, f"hand of seat {s}"))
            pile: list[int] = []
            if "discard" in setup:
                pile = _parse_cards("discard", setup["discard"])
                self._take(pile, seen, "discard pile")
                if not pile:
                    raise ValueError("the discard pile must hold at least its top card")
            named: list[int] = []
            if "stock" in setup:
                named = _parse_cards("stock", setup["stock"])
                self._take(named, seen, "stock")
            stock_top_first = named + [c for c in range(52) if c not in seen]
            if not pile:
                if not stock_top_first:
                    raise ValueError("no card left to turn up: the discard pile is empty")
                pile = [stock_top_first.pop(0)]
            stock = stock_top_first[::-1]
        else:
            self._key = f"seed:{seed}"
            order = FULL_DECK.shuffled(random.Random(seed))
            hands = [0] * n
            for i in range(k * n):  # one at a time, from the dealer's left
                hands[(dealer + 1 + i) % n] |= 1 << order[i]
            pile = [order[k * n]]
            stock = order[k * n + 1:][::-1]
        self.hands = hands
        self.stock = stock  # the top card last
        self.pile = pile  # the top card last
        self.turn = (dealer + 1) % n
        self.phase = DRAW_PHASE
        self.knocker = -1
        self.taken = -1  # the card the mover took from the pile this turn
        self.top_by = dealer  # who put the top discard there (the dealer turned the first)
        self.known = [0] * n  # cards taken from the pile, still in the taker's hand
        self.restocks = 0
        self.outcome = ""  # "knock", "showdown" or "void" once over
        self.dead: list[int] = []  # each seat's deadwood points at the showdown
        self.laid: list[int] = []  # the cards each seat laid off on the knocker's melds
        self._shown: list[tuple[list[int], int, int]] = []  # (melds, deadwood, points)
        self._quiet = False  # fast_play: no events
        self.points: list[int] = [0] * n
        self.winners: list[int] = []
        self.paid_penalty = False
        self.rum = False

    @staticmethod
    def _take(cards: list[int], seen: set[int], label: str) -> int:
        m = 0
        for c in cards:
            if c in seen:
                raise ValueError(f"{CODES[c]} appears twice (again in the {label})")
            seen.add(c)
            m |= 1 << c
        return m

    # -- the protocol ---------------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        """The seat whose decision it is, or None when the deal is over."""
        return None if self.phase == OVER_PHASE else self.turn

    def _discardable(self) -> int:
        m = self.hands[self.turn]
        if self.taken >= 0 and not self.opts.discard_taken:
            m &= ~(1 << self.taken)
        return m

    def _knock_ok_discards(self) -> int:
        """The discards that leave the knocker within the knock limit."""
        hand = self.hands[self.turn]
        limit = self.opts.knock_limit
        out = 0
        m = self._discardable()
        # a card in no meld of the hand leaves the same melds: its discard saves its value
        # (no search); any discard saves at most its own value (no search when none can do)
        melded = meldable(hand)
        now = deadwood(hand)
        if now - max((VALUES[c] for c in bit_list(m)), default=0) > limit:
            return 0
        while m:
            low = m & -m
            m ^= low
            left = deadwood(hand ^ low) if low & melded else now - VALUES[low.bit_length() - 1]
            if left <= limit:
                out |= low
        return out

    def _legal_mask(self) -> int:
        if self.phase == DRAW_PHASE:
            mask = (1 << DRAW_STOCK if self.stock else 0) | 1 << DRAW_DISCARD
        elif self.phase == DISCARD_PHASE:
            limited = self.opts.knock_limit > 0
            if self.knocker == self.turn:
                mask = self._knock_ok_discards() if limited else self._discardable()
            else:
                mask = self._discardable()
                if not limited:
                    mask |= 1 << KNOCK
                elif self.opts.knocker_discards:
                    if self._knock_ok_discards():
                        mask |= 1 << KNOCK
                elif deadwood(self.hands[self.turn]) <= self.opts.knock_limit:
                    mask |= 1 << KNOCK
        else:
            mask = 0
        return mask

    def _why_illegal(self, action: Action) -> Refusal:
        a = int(action)
        text = CODES[a] if a < 52 else self.rules.actions[a].text
        if self.phase == DRAW_PHASE:
            if a == DRAW_STOCK:
                return Refusal("stock_empty", "the stock is empty: take the top card of the "
                               "discard pile")
            return Refusal("draw_first", f"{text} is not allowed now: first draw, 'draw "
                           "stock' or 'draw discard'", {"action": text})
        if a in (DRAW_STOCK, DRAW_DISCARD):
            may_knock = self.knocker < 0
            return Refusal("already_drawn", "you have already drawn this turn: discard a card"
                           + (" or knock" if may_knock else ""), {"knock": may_knock})
        limit = self.opts.knock_limit
        if a == KNOCK:
            if self.knocker >= 0:
                return Refusal("already_knocked", "you have already knocked: discard a card")
            return Refusal("knock_limit", f"you may knock only with {limit} points of deadwood "
                           "or less; your best is more", {"limit": limit})
        if not self.hands[self.turn] >> a & 1:
            return Refusal("not_in_hand", f"you do not hold {text}", {"card": text})
        if a == self.taken and not self.opts.discard_taken:
            return Refusal("discard_taken", f"you cannot discard {text} at once: you just took "
                           "it from the discard pile", {"card": text})
        left = deadwood(self.hands[self.turn] ^ 1 << a)
        return Refusal("knock_discard", f"you knocked: your deadwood must be {limit} or less, "
                       f"and discarding {text} leaves {left}",
                       {"card": text, "limit": limit, "left": left})

    def _apply(self, action: int) -> list[Event]:
        t = self.turn
        if action == DRAW_STOCK:
            c = self.stock.pop()
            self.hands[t] |= 1 << c
            self.phase = DISCARD_PHASE
            self.taken = -1
            return [Event(EV_DRAW, t, {"source": "stock", "stock": len(self.stock)}),
                    Event(EV_DRAWN, t, {"card": CODES[c]}, to=t)]
        if action == DRAW_DISCARD:
            c = self.pile.pop()
            self.hands[t] |= 1 << c
            self.known[t] |= 1 << c
            self.phase = DISCARD_PHASE
            self.taken = c
            return [Event(EV_DRAW, t, {"source": "discard", "card": CODES[c]})]
        if action == KNOCK:
            self.knocker = t
            events = [Event(EV_KNOCK, t, {})]
            if not self.opts.knocker_discards:
                events += self._showdown("knock")
            return events
        bit = 1 << action
        self.hands[t] ^= bit
        self.known[t] &= ~bit
        self.pile.append(int(action))  # card ids: plain data (copied, pickled exactly)
        self.top_by = t
        events = [Event(EV_DISCARD, t, {"card": CODES[action]})]
        if self.knocker == t:
            events += self._showdown("knock")
            return events
        self.turn = (t + 1) % self.rules.seats
        self.phase = DRAW_PHASE
        self.taken = -1
        if not self.stock:
            events += self._stock_out()
        return events

    def _stock_out(self) -> list[Event]:
        how = self.opts.stock_out
        limit = self.opts.restock_limit
        if how == "void" or (limit and self.restocks >= limit and how in ("shuffle", "turn")):
            self.phase = OVER_PHASE
            self.outcome = "void"
            return [Event(EV_VOID, None, {"reason": "stock empty"})]
        if how == "showdown":
            return self._showdown("showdown")
        under = self.pile[:-1]
        del self.pile[:-1]
        if how == "shuffle":
            random.Random(f"knock-rummy:{self._key}:{self.restocks}").shuffle(under)
            self.stock = under
        else:  # turned over: the bottom of the pile becomes the top of the stock
            self.stock = under[::-1]
        self.restocks += 1
        return [Event(EV_RESTOCK, None, {"how": how, "cards": len(self.stock)})]

    def _showdown(self, outcome: str) -> list[Event]:
        self.phase = OVER_PHASE
        self.outcome = outcome
        self.dead = [deadwood(h) for h in self.hands]
        knocker = self.knocker if self.knocker >= 0 else None
        if self.opts.lay_off and knocker is not None and self.dead[knocker]:
            melds = arrange(self.hands[knocker])[0]
            self.laid = [0] * self.rules.seats
            for s in range(self.rules.seats):
                if s != knocker:
                    self.laid[s], self.dead[s] = lay_off(self.hands[s], melds)
        self.points, self.winners, self.paid_penalty, self.rum = settle(
            self.dead, knocker, self.opts, self.turn)
        if self._quiet:
            return []
        events = [Event(EV_SHOW, s, self._shown_dict(s)) for s in range(self.rules.seats)]
        events.append(Event(EV_SCORE, knocker, self._score_dict()))
        return events

    @property
    def shown(self) -> list[tuple[list[int], int, int]]:
        """Each seat's best arrangement at the showdown: (melds, deadwood cards, points)."""
        if not self._shown and self.dead:
            laid = self.laid or [0] * self.rules.seats
            self._shown = [arrange(h & ~x) for h, x in zip(self.hands, laid, strict=True)]
        return self._shown

    def step(self, action: int) -> None:
        """Play a legal action id with no check and no events (the search fast step)."""
        self._quiet = True
        try:
            super().step(action)
        finally:
            self._quiet = False

    def _shown_dict(self, s: int) -> dict[str, JSON]:
        melds, loose, pts = self.shown[s]
        return {"hand": FULL_DECK.codes_of(self.hands[s]),
                "melds": [FULL_DECK.codes_of(m) for m in melds],
                "deadwood": FULL_DECK.codes_of(loose), "points": pts,
                "laid_off": FULL_DECK.codes_of(self.laid[s]) if self.laid else []}

    def _score_dict(self) -> dict[str, JSON]:
        return {"outcome": self.outcome,
                "knocker": self.knocker if self.knocker >= 0 else None,
                "deadwood": list(self.dead),
                "winners": list(self.winners), "points": list(self.points),
                "penalty": self.paid_penalty, "rum": self.rum}

    def _result(self) -> Result:
        details: dict[str, JSON] = {"outcome": self.outcome, "restocks": self.restocks}
        if self.outcome != "void":
            details.update(self._score_dict())
        return Result(tuple(float(p) for p in self.points), details)

    def _over_info(self) -> tuple[list[dict[str, JSON]], dict[str, JSON]]:
        """The showdown and the score of a finished deal, JSON-ready: made once and shared by
        the views that follow (read them, do not change them; ``View.to_dict`` copies)."""
        made: tuple[list[dict[str, JSON]], dict[str, JSON]] | None = self.__dict__.get(
            "_over_json")
        if made is None:
            made = ([self._shown_dict(s) for s in range(self.rules.seats)], self._score_dict())
            self._over_json = made
        return made

    def _view(self, seat: int | None) -> View:
        """A seat's view, or the public one for None: a seat's hand, legal actions, melds
        and deadwood are its own (the stock's order nobody's); the cards taken from the
        discard pile, the pile and the showdown are public."""
        n = self.rules.seats
        over = self.phase == OVER_PHASE
        info: dict[str, JSON] = {
            "cards_each": self.rules.cards_each,
            "stock": len(self.stock),
            "discard_pile": [CODES[c] for c in self.pile],
            "top_discard": CODES[self.pile[-1]] if self.pile else None,
            "hand_sizes": [h.bit_count() for h in self.hands],
            "known": [FULL_DECK.codes_of(k) for k in self.known],
            "taken": CODES[self.taken] if self.taken >= 0 else None,
            "knocker": self.knocker if self.knocker >= 0 else None,
            "restocks": self.restocks,
        }
        if seat is not None:
            if over and self.dead and not (self.laid and self.laid[seat]):
                melds, loose, pts = self.shown[seat]  # the same hand, already arranged
            else:
                melds, loose, pts = arrange(self.hands[seat])
            info["melds"] = [FULL_DECK.codes_of(m) for m in melds]
            info["deadwood"] = FULL_DECK.codes_of(loose)
            info["deadwood_points"] = pts
        if over:
            info["outcome"] = self.outcome
            if self.outcome != "void":
                showdown, score = self._over_info()
                info["showdown"] = list(showdown)
                info["score"] = score
        history = self.seen_history(seat)
        table = ((self.top_by, CODES[self.pile[-1]]),) if self.pile and not over else ()
        if seat is None:
            return View(self.rules.name, -1, n, self.dealer, PHASES[self.phase],
                        self.to_move, (), (), table, history, info, over)
        return View(self.rules.name, seat, n, self.dealer, PHASES[self.phase],
                    self.to_move, tuple(FULL_DECK.codes_of(self.hands[seat])),
                    self.rules.actions.texts_of(self.legal_mask()) if seat == self.to_move
                    else (), table, history, info, over)

    def _observation_view(self, seat: int) -> View:
        """The view without the cards each, the seat's melds, the end's outcome, showdown
        and score, and the legal texts (every kept key as :meth:`_view` gives it)."""
        over = self.phase == OVER_PHASE
        own = self.hands[seat]
        if over and self.dead and not (self.laid and self.laid[seat]):
            _, loose, pts = self.shown[seat]
        else:
            _, loose, pts = arrange(own)
        codes = FULL_DECK.codes_of
        known = self.__dict__.get("_known_made")  # changes only when a taken card moves
        if known is None or known[0] != self.known:
            known = self._known_made = (list(self.known),
                                        [codes(k) if k else [] for k in self.known])
        info: dict[str, JSON] = {
            "stock": len(self.stock),
            "discard_pile": [CODES[c] for c in self.pile],
            "top_discard": CODES[self.pile[-1]] if self.pile else None,
            "hand_sizes": [h.bit_count() for h in self.hands],
            "known": known[1],  # shared by the views until it changes: read it only
            "taken": CODES[self.taken] if self.taken >= 0 else None,
            "knocker": self.knocker if self.knocker >= 0 else None,
            "restocks": self.restocks,
            "deadwood": codes(loose),
            "deadwood_points": pts,
        }
        table = ((self.top_by, CODES[self.pile[-1]]),) if self.pile and not over else ()
        return View(self.rules.name, seat, self.rules.seats, self.dealer, PHASES[self.phase],
                    self.to_move, tuple(codes(own)), (), table, self.seen_history(seat), info,
                    over)

    def _pickle_state(self) -> dict[str, Any]:
        """The state to pickle, cheaply: the pile's cards and the card taken as ids (an
        action pickles through Python); the options are a constant (the rules')."""
        state = self.__dict__.copy()
        state["pile"] = bytes(state["pile"])
        state["taken"] = int(state["taken"])
        return state

    def _after_unpickle(self) -> None:
        """Read back what :meth:`_pickle_state` wrote."""
        self.pile = [*self.__dict__["pile"]]

    def clone(self) -> KnockRummyDeal:
        """A cheap independent copy."""
        new = object.__new__(KnockRummyDeal)
        d = dict(self.__dict__)
        for key in ("hands", "stock", "pile", "known", "_actors", "_history", "points",
                    "winners", "dead", "laid", "_shown"):
            d[key] = list(d[key])
        new.__dict__.update(d)
        return new

    def __deepcopy__(self, memo: dict[int, Any]) -> KnockRummyDeal:
        return self.clone()
