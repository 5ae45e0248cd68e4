"""Knock Rummy (le Knock-rami, Poker Run) for two to five players.

Each player holds 10 cards (two players), 7 (three or four) or 6 (five); the next card is
turned up to start the discard pile. A turn is ``draw stock`` or ``draw discard``, then a
discard (the card's code). After drawing and before discarding a player may ``knock``: he
discards, then everyone lays down his whole hand, melds (sets of three or four of a rank,
runs of three or more in one suit, the ace low) apart from the isolated cards, the deadwood.
The arrangement that leaves the least deadwood is found exactly for every hand
(:mod:`atout.games.melds`).

Scoring (the seed's rules): king, queen, jack 10, ace 1, others face value. The player with
the least deadwood collects from every other player the difference; a player who ties the
knocker wins instead of him; a knocker who is not lowest pays 10 more to the winner; a knocker
with no deadwood ("run", "rum") collects 25 more from every other player. Every variant the
sources disagree on is an option of :class:`KnockRummyOptions` (see docs/knock-rummy.md).

Action ids: ``0..51`` discard the card of that index in :data:`atout.cards.FULL_DECK` (the
notation is the card code), ``52`` ``draw stock``, ``53`` ``draw discard``, ``54`` ``knock``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from atout.cards import FULL_DECK
from atout.core import (
    JSON,
    Action,
    ActionSpace,
    Deal,
    Event,
    Match,
    MatchResult,
    Refusal,
    Result,
    Rules,
    View,
    check_seat,
    check_seed,
    option,
    ranking_by,
)
from atout.games.melds import arrange, deadwood, lay_off

__all__ = [
    "ACTIONS",
    "DRAW_DISCARD",
    "DRAW_STOCK",
    "KNOCK",
    "KnockRummyDeal",
    "KnockRummyMatch",
    "KnockRummyOptions",
    "KnockRummyRules",
    "settle",
]

DRAW_STOCK = 52
"""Action id of ``draw stock``."""
DRAW_DISCARD = 53
"""Action id of ``draw discard``."""
KNOCK = 54
"""Action id of ``knock``."""

_DRAW, _DISCARD, _OVER = 0, 1, 2
_PHASES = ("draw", "discard", "over")
_CODES = FULL_DECK.codes
_CARDS_MASK = (1 << 52) - 1
_DRAWS = 1 << DRAW_STOCK | 1 << DRAW_DISCARD

STOCK_OUT = ("shuffle", "turn", "showdown", "void")
ACTIONS = ActionSpace([*_CODES, "draw stock", "draw discard", "knock"])
"""The 55 actions, shared by every table: discards by card index, then the draws and knock."""
DEFAULT_HAND = {2: 10, 3: 7, 4: 7, 5: 6}


@dataclass(frozen=True, kw_only=True)
class KnockRummyOptions:
    """The table options of Knock Rummy; the defaults follow the seed's rules."""

    players: int = option(4, choices=(2, 3, 4, 5), doc="number of players, two to five")
    hand_size: int = option(
        0, choices=(0, 5, 6, 7, 8, 9, 10),
        doc="cards dealt to each player; 0: by the number of players, 10 for two, 7 for "
            "three or four, 6 for five")
    discard_taken: bool = option(
        False, doc="whether a card just taken from the discard pile may be discarded again "
                   "in the same turn")
    stock_out: str = option(
        "shuffle", choices=STOCK_OUT,
        doc="when the stock is empty after a discard: 'shuffle' the discard pile but its top "
            "card into a new stock, 'turn' it over unshuffled, 'showdown' everyone lays down "
            "and scores with no knocker, or 'void' the deal scores nothing")
    restock_limit: int = option(
        0, doc="0: the stock is rebuilt ('shuffle' or 'turn') as often as it runs out; N from "
               "1: when it runs out after N rebuilds, the deal is void")
    lay_off: bool = option(
        False, doc="whether the other players may lay off isolated cards on the knocker's "
                   "melds at the showdown (not on a knocker who has no isolated card)")
    knocker_discards: bool = option(
        True, doc="whether the knocker discards before laying down (otherwise he shows the "
                  "hand with the card he drew)")
    knock_limit: int = option(
        0, doc="0: a player may knock whatever his deadwood; N from 1: only when his deadwood "
               "after the discard is N or less (the gin-style rule uses 10)")
    knock_penalty: int = option(
        10, doc="extra points a knocker who is not lowest pays to the winner")
    penalty_to: str = option(
        "winner", choices=("winner", "each"),
        doc="'winner': the knocker's penalty goes to the winner; 'each': the knocker pays it "
            "to every player whose deadwood is not above his")
    tie_fine: bool = option(
        False, doc="whether a knocker tied for the least deadwood, who loses the deal to the "
                   "player he ties, also pays the knock penalty: False, the seed's « n'a pas "
                   "le moins de points » (a tied knocker has the least; also cardgameheaven, "
                   "smirkify); True, 'not lowest' read as 'not the only lowest'")
    rum_bonus: int = option(
        25, doc="extra points a winning knocker with no deadwood collects from each player")
    tie: str = option(
        "split", choices=("split", "next"),
        doc="several players other than the knocker tied for the least deadwood: 'split' the "
            "winnings (an odd point to the first of them in turn order after the knocker), "
            "or 'next': the first of them in turn order after the knocker wins alone")
    target: int = option(
        100, doc="the game ends after the deal in which a player's total reaches this; "
                 "0: no target")
    deals: int = option(
        0, doc="the game ends after this many deals; 0: no fixed number (both may be set: "
               "the first reached ends the game)")

    def validate(self) -> None:
        """Refuse impossible combinations with a ValueError in words."""
        for name in ("knock_limit", "knock_penalty", "rum_bonus", "target", "deals",
                     "restock_limit"):
            if getattr(self, name) < 0:
                raise ValueError(f"knock-rummy: option {name}={getattr(self, name)!r} is not "
                                 "accepted: expected 0 or more")
        if not self.target and not self.deals:
            raise ValueError("knock-rummy: options target=0 and deals=0 leave the game "
                             "without an end: set a target total or a number of deals")

    @property
    def cards_each(self) -> int:
        """The number of cards dealt to each player."""
        return self.hand_size or DEFAULT_HAND[self.players]


def settle(points: Sequence[int], knocker: int | None, options: KnockRummyOptions,
           first: int | None = None) -> tuple[list[int], list[int], bool, bool]:
    """Score a showdown from each seat's deadwood points.

    ``knocker`` is the seat who knocked (None at a showdown forced by the empty stock, where
    ties are ordered from ``first``, the seat next to play). Returns the
    points won or paid per seat (they sum to zero), the winners in turn order, whether the
    knocker paid the penalty and whether he made rum.
    """
    n = len(points)
    start = knocker + 1 if knocker is not None else (first or 0)
    low = min(points)
    order = [(start + i) % n for i in range(n)]  # turn order from the knocker's left
    winners = [s for s in order if points[s] == low]
    if knocker is not None and len(winners) > 1 and knocker in winners:
        winners.remove(knocker)
    if options.tie == "next":
        winners = winners[:1]
    pays = [0] * n
    knocker_wins = knocker is not None and knocker in winners
    rum = knocker_wins and low == 0
    penalty = (knocker is not None and not knocker_wins and options.knock_penalty > 0
               and (options.tie_fine or points[knocker] > low))
    extra = [0] * n  # penalty paid to every player the knocker did not beat ('each')
    for s in range(n):
        if s in winners:
            continue
        pays[s] = points[s] - low
        if rum:
            pays[s] += options.rum_bonus
        if penalty and s == knocker and options.penalty_to == "winner":
            pays[s] += options.knock_penalty
    if penalty and knocker is not None and options.penalty_to == "each":
        for s in range(n):
            if s != knocker and points[s] <= points[knocker]:
                extra[s] += options.knock_penalty
                extra[knocker] -= options.knock_penalty
    total = sum(pays)
    gained = [-p for p in pays]
    share, odd = divmod(total, len(winners))
    for i, w in enumerate(winners):
        gained[w] += share + (1 if i < odd else 0)
    return [g + e for g, e in zip(gained, extra, strict=True)], winners, penalty, rum


class KnockRummyRules(Rules[KnockRummyOptions]):
    """Knock Rummy (Poker Run): draw, discard, knock and lay everything down at once."""

    name: ClassVar[str] = "knock-rummy"
    title: ClassVar[str] = "Knock Rummy (Knock-rami, Poker Run)"
    options_type: ClassVar[type[Any]] = KnockRummyOptions
    presets: ClassVar[Mapping[str, Mapping[str, Any]]] = {
        "seed": {},
        "gin-style": {"knock_limit": 10, "knock_penalty": 20, "stock_out": "void"},
        "harsh": {"penalty_to": "each", "tie": "next"},
        "two-players": {"players": 2},
    }

    def __init__(self, options: KnockRummyOptions) -> None:
        super().__init__(options, ACTIONS, options.players)
        self.cards_each = options.cards_each

    def _new_deal(self, setup: dict[str, JSON]) -> KnockRummyDeal:
        return KnockRummyDeal(self, setup)

    def match(self, seed: int | None = None, *, target: int | None = None,
              deals: int | None = None, first_dealer: int = 0, **kwargs: Any) -> Match:
        """A whole game from ``seed`` to the ``target`` total or the number of ``deals``.

        Both default to the options; the game ends when the first set one is reached.
        """
        if kwargs:
            raise ValueError(f"knock-rummy: unknown match parameter {next(iter(kwargs))!r}: "
                             "expected seed, target, deals or first_dealer")
        tgt = self.options.target if target is None else target
        nd = self.options.deals if deals is None else deals
        for label, v in (("target", tgt), ("deals", nd)):
            if not isinstance(v, int) or isinstance(v, bool) or v < 0:
                raise ValueError(f"knock-rummy: {label} must be an int from 0, not {v!r}")
        if not tgt and not nd:
            raise ValueError("knock-rummy: target=0 and deals=0 leave the game without an end")
        return KnockRummyMatch(self, 0 if seed is None else seed, first_dealer, tgt, nd)


def _parse_cards(label: str, codes: Any) -> list[int]:
    if not isinstance(codes, (list, tuple)):
        raise ValueError(f"{label} must be a list of card codes, not {codes!r}")
    out = []
    for c in codes:
        if not isinstance(c, str):
            raise ValueError(f"{label}: {c!r} is not a card code")
        out.append(FULL_DECK.parse(c))
    return out


class KnockRummyDeal(Deal):
    """One deal of Knock Rummy, from the shuffle to the showdown.

    Setup: ``{"seed", "dealer"}`` or ``{"hands", "dealer"}`` with optional ``discard`` (the
    discard pile, bottom card first, top card last) and ``stock`` (its top cards, top card
    first, the cards not named anywhere following in deck order); an omitted discard pile is
    the first card of the stock turned up.
    """

    rules: KnockRummyRules
    draws_before: int = 0
    """Draws made before this deal's history starts: 0 for a deal from its shuffle; a search
    that builds a deal at a position mid-deal (an explicit layout) sets it, so that what
    counts the turns (the heuristic's knock thresholds) counts the earlier ones too. The rules
    never read it."""

    def __init__(self, rules: KnockRummyRules, setup: dict[str, JSON]) -> None:
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
        self.phase = _DRAW
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
                raise ValueError(f"{_CODES[c]} appears twice (again in the {label})")
            seen.add(c)
            m |= 1 << c
        return m

    # -- the protocol ---------------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        """The seat whose decision it is, or None when the deal is over."""
        return None if self.phase == _OVER else self.turn

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
        while m:
            low = m & -m
            m ^= low
            if deadwood(hand ^ low) <= limit:
                out |= low
        return out

    def _legal_mask(self) -> int:
        if self.phase == _DRAW:
            mask = (1 << DRAW_STOCK if self.stock else 0) | 1 << DRAW_DISCARD
        elif self.phase == _DISCARD:
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
        text = _CODES[a] if a < 52 else self.rules.actions[a].text
        if self.phase == _DRAW:
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
            self.phase = _DISCARD
            self.taken = -1
            return [Event("draw", t, {"source": "stock", "stock": len(self.stock)}),
                    Event("drawn", t, {"card": _CODES[c]}, to=t)]
        if action == DRAW_DISCARD:
            c = self.pile.pop()
            self.hands[t] |= 1 << c
            self.known[t] |= 1 << c
            self.phase = _DISCARD
            self.taken = c
            return [Event("draw", t, {"source": "discard", "card": _CODES[c]})]
        if action == KNOCK:
            self.knocker = t
            events = [Event("knock", t, {})]
            if not self.opts.knocker_discards:
                events += self._showdown("knock")
            return events
        bit = 1 << action
        self.hands[t] ^= bit
        self.known[t] &= ~bit
        self.pile.append(action)
        self.top_by = t
        events = [Event("discard", t, {"card": _CODES[action]})]
        if self.knocker == t:
            events += self._showdown("knock")
            return events
        self.turn = (t + 1) % self.rules.seats
        self.phase = _DRAW
        self.taken = -1
        if not self.stock:
            events += self._stock_out()
        return events

    def _stock_out(self) -> list[Event]:
        how = self.opts.stock_out
        limit = self.opts.restock_limit
        if how == "void" or (limit and self.restocks >= limit and how in ("shuffle", "turn")):
            self.phase = _OVER
            self.outcome = "void"
            return [Event("void", None, {"reason": "stock empty"})]
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
        return [Event("restock", None, {"how": how, "cards": len(self.stock)})]

    def _showdown(self, outcome: str) -> list[Event]:
        self.phase = _OVER
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
        events = [Event("show", s, self._shown_dict(s)) for s in range(self.rules.seats)]
        events.append(Event("score", knocker, self._score_dict()))
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

    def _view(self, seat: int) -> View:
        n = self.rules.seats
        over = self.phase == _OVER
        own = self.hands[seat]
        if over and self.dead and not (self.laid and self.laid[seat]):
            melds, loose, pts = self.shown[seat]  # the same hand, already arranged
        else:
            melds, loose, pts = arrange(own)
        info: dict[str, JSON] = {
            "cards_each": self.rules.cards_each,
            "stock": len(self.stock),
            "discard_pile": [_CODES[c] for c in self.pile],
            "top_discard": _CODES[self.pile[-1]] if self.pile else None,
            "hand_sizes": [h.bit_count() for h in self.hands],
            "known": [FULL_DECK.codes_of(k) for k in self.known],
            "taken": _CODES[self.taken] if self.taken >= 0 else None,
            "knocker": self.knocker if self.knocker >= 0 else None,
            "restocks": self.restocks,
            "melds": [FULL_DECK.codes_of(m) for m in melds],
            "deadwood": FULL_DECK.codes_of(loose),
            "deadwood_points": pts,
        }
        if over:
            info["outcome"] = self.outcome
            if self.outcome != "void":
                showdown, score = self._over_info()
                info["showdown"] = list(showdown)
                info["score"] = score
        history = self.seen_history(seat)
        table = ((self.top_by, _CODES[self.pile[-1]]),) if self.pile and not over else ()
        return View(self.rules.name, seat, n, self.dealer, _PHASES[self.phase],
                    self.to_move, tuple(FULL_DECK.codes_of(own)),
                    self.rules.actions.texts_of(self.legal_mask()) if seat == self.to_move
                    else (), table, history, info, over)

    def _observation_view(self, seat: int) -> View:
        """The view without the cards each, the seat's melds, the end's outcome, showdown
        and score, and the legal texts (every kept key as :meth:`_view` gives it)."""
        over = self.phase == _OVER
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
            "discard_pile": [_CODES[c] for c in self.pile],
            "top_discard": _CODES[self.pile[-1]] if self.pile else None,
            "hand_sizes": [h.bit_count() for h in self.hands],
            "known": known[1],  # shared by the views until it changes: read it only
            "taken": _CODES[self.taken] if self.taken >= 0 else None,
            "knocker": self.knocker if self.knocker >= 0 else None,
            "restocks": self.restocks,
            "deadwood": codes(loose),
            "deadwood_points": pts,
        }
        table = ((self.top_by, _CODES[self.pile[-1]]),) if self.pile and not over else ()
        return View(self.rules.name, seat, self.rules.seats, self.dealer, _PHASES[self.phase],
                    self.to_move, tuple(codes(own)), (), table, self.seen_history(seat), info,
                    over)

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


class KnockRummyMatch(Match):
    """A game of Knock Rummy: deals (the deal passing left) to a target total or a count."""

    def __init__(self, rules: KnockRummyRules, seed: int, first_dealer: int, target: int,
                 deals: int) -> None:
        self.target = target
        self.max_deals = deals
        self.first_dealer = first_dealer
        self.standings: list[list[int]] = []
        super().__init__(rules, seed, first_dealer)

    def _score_deal(self, deal: Deal) -> Sequence[float]:
        gained = deal.result.points
        for s, g in enumerate(gained):
            self.scores[s] += g
        self.standings.append(list(ranking_by(self.scores)))
        return gained

    def _end_deal(self) -> list[Event]:
        events = super()._end_deal()
        standing = Event("standings", None, {"deal": len(self.deals),
                                             "ranking": self.standings[-1],
                                             "scores": list(self.scores)})
        events.insert(1, standing)
        return events

    def _next_dealer(self, deal: Deal) -> int:
        return (deal.dealer + 1) % self.rules.seats

    def _finished(self) -> bool:
        if self.target and max(self.scores) >= self.target:
            return True
        return bool(self.max_deals) and len(self.deals) >= self.max_deals

    def _match_result(self) -> MatchResult:
        best = max(self.scores)
        winners = tuple(s for s in range(self.rules.seats) if self.scores[s] == best)
        return MatchResult(tuple(self.scores), winners, ranking_by(self.scores),
                           {"deals": len(self.deals), "target": self.target,
                            "max_deals": self.max_deals})

    def match_info(self) -> dict[str, JSON]:
        """Public facts of the game: scores, deal number, end condition and standings."""
        info = super().match_info()
        info.update({"target": self.target, "deals": self.max_deals,
                     "standings": list(ranking_by(self.scores)),
                     "deal_points": [list(d.result.points) for d in self.deals]})
        return info

    def _save_extra(self) -> dict[str, JSON]:
        return {"target": self.target, "deals": self.max_deals,
                "first_dealer": self.first_dealer}

    def clone(self) -> KnockRummyMatch:
        """An independent copy."""
        new = object.__new__(KnockRummyMatch)
        new.__dict__.update(self.__dict__)
        new.scores = list(self.scores)
        new.standings = [list(s) for s in self.standings]
        new.deals = list(self.deals)  # finished deals are never changed again
        new.deal = self.deal.clone()
        return new
