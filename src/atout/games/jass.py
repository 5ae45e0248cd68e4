"""Swiss Jass, Schieber: four players in two teams, trump chosen or pushed to the partner.

Seats 0 and 2 play against 1 and 3. Seats are numbered clockwise around the table; play
goes counter-clockwise by default (the Swiss way), so the next player is seat - 1. The
player after the dealer ("forehand") names trump, Obenabe or Undenufe, or pushes the choice
to the partner, and leads the first trick either way.

Actions: the 36 card codes (ids 0-35, the card index), then ``trump H``, ``trump D``,
``trump S``, ``trump C`` (36-39), ``obenabe`` (40), ``undenufe`` (41), ``push`` (42).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from operator import itemgetter
from typing import Any

from atout.cards import JASS_DECK
from atout.core import (
    JSON,
    ActionSpace,
    Deal,
    Event,
    Match,
    MatchResult,
    Refusal,
    Result,
    Rules,
    View,
    option,
)
from atout.games.jass_play import (
    CODES,
    MODE_NAMES,
    OBENABE,
    UNDENUFE,
    UNDER_TRUMP_RULES,
    TrickPlay,
    describe_refusal,
    legal_cards,
)

TRUMP_ACTIONS = 36
_BITS = tuple(1 << c for c in range(36))
PUSH = 42
MODE_TEXT = ("trump H", "trump D", "trump S", "trump C", "obenabe", "undenufe")

MULTIPLIERS: dict[str, tuple[int, int, int, int, int, int]] = {
    "off": (1, 1, 1, 1, 1, 1),
    "spades-double": (1, 1, 2, 1, 1, 1),
    "suits-1-2-nt-3": (1, 1, 2, 2, 3, 3),
    "swiss-german": (1, 2, 2, 1, 3, 4),
}
"""Multiplier per trump mode (H, D, S, C, Obenabe, Undenufe) for each ``multipliers`` option."""


def parse_hands(hands: Sequence[Sequence[str]], per_seat: int, total: int) -> list[int]:
    """Masks of explicit hands, checked: the right sizes, Jass cards, no card twice."""
    masks = []
    seen = 0
    for seat, hand in enumerate(hands):
        m = JASS_DECK.pile_mask(hand, f"the hand of seat {seat}", per_seat, seen)
        seen |= m
        masks.append(m)
    if seen.bit_count() != total:
        raise ValueError(f"the hands hold {seen.bit_count()} cards: expected {total}")
    return masks


@dataclass(frozen=True, kw_only=True)
class JassOptions:
    """The options of Schieber Jass."""

    direction: str = option("counterclockwise", choices=("counterclockwise", "clockwise"),
                            doc="playing direction; counter-clockwise is the Swiss way")
    obenabe: bool = option(True, doc="Obenabe (no trump, ace high, eights worth 8) may be chosen")
    undenufe: bool = option(True, doc="Undenufe (no trump, six high, eights worth 8) may be "
                                      "chosen")
    under_trump: str = option("swiss", choices=UNDER_TRUMP_RULES,
                              doc="after a plain lead has been trumped: swiss (a hand of "
                                  "nothing but trumps may play any of them, under-trumping "
                                  "included) or strict (a lower trump only when every card "
                                  "held is a trump lower than the best one in the trick)")
    buur_free: bool = option(True, doc="nobody is forced to play the Buur: on a trump lead, "
                                       "a player whose only trump is the Buur may play any "
                                       "card (False: he must follow with it, as jass.txt "
                                       "reads)")
    weis: bool = option(True, doc="announcements (sequences, four of a kind) score")
    big_sequences: bool = option(False, doc="sequences of 6, 7, 8, 9 cards score 150, 200, "
                                            "250, 300 instead of 100")
    nine_sequence: int = option(100, choices=(100, 150),
                                doc="a run of all nine cards of a suit, without big_sequences: "
                                    "100 like any run of five or more, or 150 (Jassonkel: 100 "
                                    "from the ace and 50 from the nine)")
    low_fours: int = option(0, choices=(0, 100),
                            doc="four sixes, sevens or eights: no Weis (0: SPOT, Jassonkel) or "
                                "100 like four aces, kings, queens or tens, where a table counts "
                                "them")
    weis_share: bool = option(False, doc="a card may serve in a four of a kind and in a "
                                         "sequence at once (False: one Weis per card, "
                                         "Jassonkel, bepopcorn)")
    weis_tie: str = option("first", choices=("first", "both"),
                           doc="Weis of equal strength in both teams: the first announcer's "
                               "team scores, or both teams score")
    stoeck: bool = option(True, doc="trump king and queen in one hand score 20")
    match_bonus: bool = option(True, doc="taking all nine tricks adds 100")
    multipliers: str = option("off", choices=tuple(MULTIPLIERS),
                              doc="points multiplied by trump mode: off; spades-double (♠ ×2); "
                                  "suits-1-2-nt-3 (♥♦ ×1, ♠♣ ×2, Obenabe and Undenufe ×3); "
                                  "swiss-german (♥♣ ×1, ♦♠ ×2, Obenabe ×3, Undenufe ×4)")
    target: int = option(1000, choices=(1000, 1500, 2000, 2500),
                         doc="points that win the game, counted the moment they are reached")
    counting_order: str = option("stoeck-weis-tricks",
                                 choices=("stoeck-weis-tricks", "stoeck-tricks-weis"),
                                 doc="what counts first when points come at the same moment")


PRESETS: dict[str, dict[str, Any]] = {
    "classic": {},
    "tournament": {"weis": False, "stoeck": False, "match_bonus": False},
    "multiplied": {"multipliers": "suits-1-2-nt-3", "target": 2500},
    "jass-txt": {"direction": "clockwise", "obenabe": False, "undenufe": False,
                 "under_trump": "strict", "buur_free": False, "weis": False,
                 "stoeck": False, "match_bonus": False},
}
"""classic: the defaults; tournament: no Weis, Stöck or match bonus; multiplied: the
suits-1-2-nt-3 multipliers to 2500; jass-txt: the card play of shared/seeds/jass.txt as
written (the player on the dealer's left chooses among the four suits, no Buur exception,
the strict reading of « sauf s'il n'a que cette possibilité », 157 points a deal: no Weis,
Stöck or match bonus, which the text does not have)."""


class JassRules(Rules[JassOptions]):
    """Schieber Jass rules with their options fixed."""

    name = "jass"
    title = "Swiss Jass (Schieber)"
    options_type = JassOptions
    presets = PRESETS

    def __init__(self, options: JassOptions) -> None:
        texts = [*CODES, *MODE_TEXT, "push"]
        super().__init__(options, ActionSpace(texts), 4)
        self.next_seat = tuple((s - 1) % 4 if options.direction == "counterclockwise"
                               else (s + 1) % 4 for s in range(4))
        modes = [0, 1, 2, 3]
        if options.obenabe:
            modes.append(OBENABE)
        if options.undenufe:
            modes.append(UNDENUFE)
        self.mode_mask = sum(1 << (TRUMP_ACTIONS + m) for m in modes)
        self.action_by_bit = {1 << c: self.actions.table[c] for c in range(36)}
        orders = []
        for lead in range(4):
            order = [lead]
            while len(order) < 4:
                order.append(self.next_seat[order[-1]])
            orders.append(tuple(order))
        self.orders: tuple[tuple[int, ...], ...] = tuple(orders)
        self.followers = tuple(o[1:] for o in orders)
        receivers = []
        for forehand in range(4):
            seats: list[int] = []
            seat = forehand
            for _ in range(12):  # three rounds of packets of three, from forehand on
                seats += [seat] * 3
                seat = self.next_seat[seat]
            receivers.append(tuple(seats))
        self.receivers: tuple[tuple[int, ...], ...] = tuple(receivers)
        """receivers[forehand][i]: the seat that gets the i-th card of the shuffled deck."""
        self.dealt_to = tuple(
            tuple(itemgetter(*[i for i, r in enumerate(rec) if r == seat]) for seat in range(4))
            for rec in self.receivers)
        """dealt_to[forehand][seat](order): the cards of the shuffled deck ``order`` that
        ``seat`` gets, as a tuple (the positions of :attr:`receivers`)."""
        self.mode_multipliers = MULTIPLIERS[options.multipliers]
        self.deal_fields: dict[str, Any] = {
            "side_of": (0, 1, 0, 1), "nsides": 2, "weis_enabled": options.weis,
            "big_sequences": options.big_sequences,
            "strict_under": options.under_trump == "strict", "buur_free": options.buur_free,
            "nine_sequence": options.nine_sequence, "low_fours": options.low_fours,
            "weis_share": options.weis_share, "stoeck_enabled": options.stoeck,
            "weis_scoring": "best-side", "mode": -1, "multiplier": 1, "chooser": -1,
            "pushed": False, "phase": "trump", "is_over": False}
        """The fields every new deal starts with, read from the options once (a new deal
        copies them in one step)."""

    def _new_deal(self, setup: dict[str, JSON]) -> JassDeal:
        return JassDeal(self, setup)

    def match(self, seed: int | None = None, **kwargs: Any) -> JassMatch:
        """A game to the target: deals until a team reaches it, mid-deal if need be."""
        first_dealer = kwargs.pop("first_dealer", 0)
        if kwargs:
            raise ValueError(f"jass match: unknown parameter {next(iter(kwargs))!r}: expected "
                             "seed, first_dealer (the target is an option of the game)")
        return JassMatch(self, 0 if seed is None else seed, first_dealer)


class JassDeal(TrickPlay):
    """One Schieber deal: trump choice (or push), then nine tricks."""

    rules: JassRules
    chooser: int
    """The seat that chose trump (-1: not chosen yet)."""
    pushed: bool
    """Whether forehand pushed the choice to his partner."""
    phase: str
    """``trump`` until trump is chosen, then ``play``."""

    _setup: dict[str, JSON] | None
    _dealer: int

    @property
    def setup(self) -> dict[str, JSON]:
        """How the deal was laid out (``seed`` or ``hands``, and ``dealer``)."""
        setup = self._setup
        if setup is None:  # a copy with other hands (with_hands): written out on demand
            setup = self._setup = {"hands": [JASS_DECK.codes_of(h) for h in self.dealt],
                                   "dealer": self._dealer}
        return setup

    @setup.setter
    def setup(self, setup: dict[str, JSON]) -> None:
        self._setup = setup

    @property
    def dealer(self) -> int:
        """The dealer's seat."""
        return self._dealer

    def __init__(self, rules: JassRules, setup: dict[str, JSON]) -> None:
        super().__init__(rules, setup)
        self._dealer = int(setup["dealer"])
        forehand = rules.next_seat[self._dealer]
        if "hands" in setup:
            extra = set(setup) - {"hands", "dealer"}
            if extra:
                raise ValueError(f"jass deals take only hands and dealer, not {sorted(extra)}")
            self.hands = parse_hands(setup["hands"], 9, 36)
        else:
            order = JASS_DECK.shuffled(random.Random(setup["seed"]))
            bit = _BITS.__getitem__  # a hand's distinct bits summed: their union
            self.hands = [sum(map(bit, cards(order))) for cards in rules.dealt_to[forehand]]
        self.dealt = tuple(self.hands)
        self.forehand = forehand
        self.__dict__.update(rules.deal_fields)  # the options' fields, and no trump yet
        self._turn = self.to_move = forehand  # the turn setter, inlined
        self.trick = []
        self.trick_seats = []

    # -- TrickPlay hooks ---------------------------------------------------------------------
    def match_bonus_enabled(self) -> bool:
        """Whether the all-tricks bonus is on."""
        return self.rules.options.match_bonus

    def _weis_before_tricks(self) -> bool:
        return self.rules.options.counting_order == "stoeck-weis-tricks"

    def _weis_tie_both(self) -> bool:
        return self.rules.options.weis_tie == "both"

    # -- Deal hooks --------------------------------------------------------------------------
    def _legal_mask(self) -> int:
        if self.phase == "play":
            if self.is_over:
                return 0
            if self.led < 0:  # a lead: any card
                return self.hands[self._turn]
            return legal_cards(self.hands[self._turn], self.mode, self.led, self.best,
                               self.strict_under, self.buur_free)
        if self.pushed:
            return self.rules.mode_mask
        return self.rules.mode_mask | 1 << PUSH

    def _why_illegal(self, action: Any) -> str | Refusal:
        a = int(action)
        text = str(action)
        if self.phase != "play":
            if a < TRUMP_ACTIONS:
                return Refusal("choose_trump_first", f"{text} cannot be played yet: trump must "
                               "be chosen first", {"action": text})
            if a == PUSH:
                return Refusal("no_second_push", "you cannot push: your partner pushed to you, "
                               "so you must choose trump")
            return Refusal("not_offered", f"{text} is not offered at this table",
                           {"action": text})
        if a >= TRUMP_ACTIONS:
            return Refusal("play_a_card", f"{text} is not possible now: trump is already "
                           "chosen, play a card", {"action": text})
        return describe_refusal(self.hands[self.turn], self.mode, self.led, self.best, a,
                                strict_under=self.strict_under, buur_free=self.buur_free)

    def _apply(self, action: int) -> list[Event]:
        if action < TRUMP_ACTIONS:  # a card (legal: the play is on)
            return self._play_card(action)
        seat = self.turn
        if action == PUSH:
            self.pushed = True
            self.turn = (seat + 2) % 4
            return [Event("push", seat, {"to": self.turn})]
        mode = action - TRUMP_ACTIONS
        self.mode = mode
        self.chooser = seat
        self.multiplier = self.rules.mode_multipliers[mode]
        self.phase = "play"
        self._start_play(list(self.rules.orders[self.forehand]), self.forehand)
        return [Event("trump", seat, {"mode": MODE_NAMES[mode],
                                      "multiplier": self.multiplier})]

    def playout(self, rng: random.Random) -> Result:
        """Random legal play to the end, in the shared tight trick loop (the fast path for
        search); it draws from ``rng`` as :meth:`Deal.playout` does, so both give the same
        deal for the same generator."""
        rnd = rng.random
        while self.phase != "play":
            mask = self._legal_mask()
            k = int(rnd() * mask.bit_count())
            for _ in range(k):
                mask &= mask - 1
            self.step((mask & -mask).bit_length() - 1)
        self.play_tricks(rng)
        return self._result()

    def clone(self) -> JassDeal:
        """A cheap independent copy: the state a deal changes in place is copied, the rest
        (immutable, or replaced whole) is shared."""
        new = object.__new__(JassDeal)
        d = self.__dict__.copy()
        d["_history"] = d["_history"].copy()
        d["_actors"] = d["_actors"].copy()
        d["hands"] = d["hands"].copy()
        d["trick"] = d["trick"].copy()
        d["trick_seats"] = d["trick_seats"].copy()
        if "tricks" in d:  # the card play's state, from the trump on
            d["tricks"] = d["tricks"].copy()
            d["card_points"] = d["card_points"].copy()
            d["tricks_won"] = d["tricks_won"].copy()
            d["weis_points"] = d["weis_points"].copy()
            d["stoeck_points"] = d["stoeck_points"].copy()
            d["bonus_points"] = d["bonus_points"].copy()
            d["shown_weis"] = d["shown_weis"].copy()
        new.__dict__ = d
        return new

    def with_hands(self, hands: Sequence[int]) -> JassDeal | None:
        """A copy of this deal at the same point, had the cards been dealt as ``hands`` (one
        mask of nine cards per seat); None when the history could not have been played from
        them (a card played that its seat did not hold, or that was not legal then).

        For a search's sampler: the same deal as ``rules.deal(hands=...)`` with the history
        replayed on it, the Weis and the Stöck found in the new hands, at a fraction of the
        cost (tested equal). Unchecked otherwise: the hands must be 36 distinct cards.
        """
        if self.phase == "play":
            self._replay_plan()  # found once here, read by every copy with other hands
        new = self.clone()
        new.dealt = tuple(hands)
        new._setup = None  # made from the hands dealt when first read (a sample rarely is)
        new._dealer = self.dealer
        if self.phase != "play":
            new.hands = list(hands)
            new._mask_at = -1
            return new
        return new if new._replace_hands(list(hands)) else None

    def team_totals(self) -> list[int]:
        """Each team's points so far, multiplied: cards, bonuses, Weis and Stöck."""
        if self.mode < 0:
            return [0, 0]
        return [(self.card_points[t] + self.bonus_points[t] + self.weis_points[t]
                 + self.stoeck_points[t]) * self.multiplier for t in (0, 1)]

    def _result(self) -> Result:
        totals = self.team_totals()
        details = {
            "trump": MODE_NAMES[self.mode], "chooser": self.chooser, "pushed": self.pushed,
            "multiplier": self.multiplier, "card_points": list(self.card_points),
            "match_bonus": list(self.bonus_points), "weis": list(self.weis_points),
            "stoeck": list(self.stoeck_points), "tricks_won": list(self.tricks_won),
            "totals": totals,
        }
        return Result((totals[0], totals[1], totals[0], totals[1]), details)

    def _view(self, seat: int) -> View:
        info: dict[str, Any] = {
            "teams": [[0, 2], [1, 3]], "forehand": self.forehand,
            "direction": self.rules.options.direction, "chooser": self.chooser,
            "pushed": self.pushed, "multiplier": self.multiplier,
            "trump": MODE_NAMES[self.mode] if self.mode >= 0 else None,
        }
        if self.phase == "play":
            info.update(self._play_info())
            info["totals"] = self.team_totals()
            info["own_weis"] = [w.to_dict() for w in self.declared.get(seat, [])]
        legal = self.rules.actions.texts_of(self.legal_mask()) if self.to_move == seat else ()
        return View("jass", seat, 4, self.dealer, "over" if self.play_over else self.phase,
                    self.to_move, tuple(JASS_DECK.codes_of(self.hands[seat])), legal,
                    self._table() if self.phase == "play" else (), self.seen_history(seat), info,
                    self.play_over)

    def _observation_view(self, seat: int) -> View:
        """The view without the teams, the direction, the list of finished tricks, the
        totals and the legal texts (every kept key as :meth:`_view` gives it)."""
        info: dict[str, Any] = {
            "forehand": self.forehand, "chooser": self.chooser,
            "pushed": self.pushed, "multiplier": self.multiplier,
            "trump": MODE_NAMES[self.mode] if self.mode >= 0 else None,
        }
        if self.phase == "play":
            info.update(self._play_info(full=False))
            info["own_weis"] = self._own_weis(seat)
        return View("jass", seat, 4, self.dealer, "over" if self.play_over else self.phase,
                    self.to_move, tuple(JASS_DECK.codes_of(self.hands[seat])), (),
                    self._table() if self.phase == "play" else (), self.seen_history(seat), info,
                    self.play_over)


class JassMatch(Match):
    """A Schieber game to the target; it ends the moment a team reaches it."""

    rules: JassRules

    def __init__(self, rules: JassRules, seed: int, first_dealer: int = 0) -> None:
        self.credited = [0, 0]
        self.winner_team = -1
        super().__init__(rules, seed, first_dealer)

    def _save_extra(self) -> dict[str, JSON]:
        return {"first_dealer": self.deals[0].dealer if self.deals else self.deal.dealer}

    def _after_action(self, events: list[Event]) -> list[Event]:
        target = self.rules.options.target
        for i, e in enumerate(events):
            side = e.data.get("side")
            if side is None:
                continue
            self.credited[side] += int(e.data["points"])
            self.scores = [self.credited[0], self.credited[1], self.credited[0],
                           self.credited[1]]
            if self.credited[side] >= target:
                # The game ends here: what the same action scored later no longer counts.
                self.winner_team = side
                self._over = True
                res = self._match_result()
                return [*events[:i + 1], Event("game_over", None, {
                    "winners": list(res.winners), "scores": list(res.scores), "team": side})]
        return events

    def _score_deal(self, deal: Deal) -> Sequence[float]:
        return deal.result.points  # already credited action by action

    def _next_dealer(self, deal: Deal) -> int:
        return self.rules.next_seat[deal.dealer]

    def _finished(self) -> bool:
        return self._over

    def _match_result(self) -> MatchResult:
        t = self.winner_team
        winners = (t, t + 2)
        ranking = (*winners, 1 - t, 3 - t)
        return MatchResult(tuple(self.scores), winners, ranking,
                           {"team_scores": list(self.credited), "deals": len(self.deals) + (
                               0 if self.deal in self.deals else 1)})

    def match_info(self) -> dict[str, JSON]:
        """Team scores, the target and the deal number."""
        return {"scores": list(self.scores), "team_scores": list(self.credited),
                "target": self.rules.options.target, "deal_number": len(self.deals) + 1}


def team_of(seat: int) -> int:
    """The team (0 or 1) of a seat."""
    return seat & 1


__all__ = ["JassDeal", "JassMatch", "JassOptions", "JassRules", "team_of"]
