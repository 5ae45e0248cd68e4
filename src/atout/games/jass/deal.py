"""One Schieber deal: the trump choice (or push), then nine tricks."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from atout.cards import JASS_DECK
from atout.core import (
    JSON,
    Event,
    Refusal,
    Result,
    Rules,
    View,
)
from atout.events import JassEvent, JassPhase
from atout.games.jass.options import JassOptions
from atout.games.jass.pickling import TrickCodec
from atout.games.jass.play import (
    MODE_NAMES,
    TrickPlay,
    describe_refusal,
    legal_cards,
)

# The kinds of event this module emits, looked up once (not per event).
EV_PUSH = JassEvent.PUSH
EV_TRUMP = JassEvent.TRUMP
# The phases, compared by identity (members are singletons; `is` costs less than `==` on a
# str subclass, which the interpreter does not specialize).
PH_TRUMP, PH_PLAY, PH_OVER = JassPhase.TRUMP, JassPhase.PLAY, JassPhase.OVER

TRUMP_ACTIONS = 36
_BITS = tuple(1 << c for c in range(36))
PUSH = 42
MODE_TEXT = ("trump H", "trump D", "trump S", "trump C", "obenabe", "undenufe")


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


def parse_open_rows(rules: JassDealRules, value: Any, chooser_team: int) -> tuple[int, int]:
    """The ``open`` of a Coiffeur's deal setup (for each team, the trump choices of the rows
    it has not played, as texts) as the bits of their action ids, checked: known choices the
    options allow, and at least one for the team that chooses."""
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        raise ValueError("open must list the open rows of the two teams: two lists of trump "
                         f"choices, not {value!r}")
    names = {t.upper(): i for i, t in enumerate(rules.actions.texts())}
    masks = []
    for team, texts in enumerate(value):
        if not isinstance(texts, (list, tuple)):
            raise ValueError(f"open: the rows of team {team} must be a list of trump "
                             f"choices, not {texts!r}")
        mask = 0
        for text in texts:
            a = names.get(" ".join(text.split()).upper(), 0) if isinstance(text, str) else 0
            if not rules.mode_mask >> a & 1:
                allowed = ", ".join(rules.actions.texts_of(rules.mode_mask))
                raise ValueError(f"open: {text!r} is not a trump choice of this table "
                                 f"(team {team}); expected some of {allowed}")
            mask |= 1 << a
        masks.append(mask)
    if not masks[chooser_team]:
        raise ValueError(f"open: team {chooser_team} chooses the trump of this deal but has "
                         "no open row")
    return masks[0], masks[1]


class JassDealRules(Rules[JassOptions]):
    """Jass's rules as a deal reads them: the options and the tables made from them once.

    :class:`~atout.games.jass.rules.JassRules` is the one subclass (it makes the tables, the
    deals and the matches): the deal reads its rules through this class, so that this module
    need not import the rules' module, which imports it.
    """

    next_seat: tuple[int, ...]
    """The seat after each seat, in the direction of play."""
    mode_mask: int
    """The trump choices the options allow, as bits of their action ids."""
    orders: tuple[tuple[int, ...], ...]
    """orders[leader]: the four seats in the order of play from ``leader``."""
    dealt_to: tuple[tuple[Callable[[Sequence[int]], tuple[int, ...]], ...], ...]
    """dealt_to[forehand][seat](order): the cards of the shuffled deck ``order`` that
    ``seat`` gets."""
    mode_multipliers: tuple[int, ...]
    """The multiplier of each trump mode."""
    deal_fields: dict[str, Any]
    """The fields every new deal starts with."""
    modes: tuple[int, ...]
    """The trump modes the options allow (a Coiffeur's rows)."""


class JassDeal(TrickPlay):
    """One Schieber deal: trump choice (or push), then nine tricks."""

    rules: JassDealRules
    chooser: int
    """The seat that chose trump (-1: not chosen yet)."""
    pushed: bool
    """Whether forehand pushed the choice to his partner."""
    phase: JassPhase
    pickled_phases = tuple(JassPhase)
    """``trump`` until trump is chosen, then ``play``."""
    pickle_codec = TrickCodec("jass/1", (
        "_setup", "_mask_at", "_mask", "_dealer", "hands", "dealt", "forehand", "mode",
        "multiplier", "chooser", "pushed", "is_over", "open_rows", "_turn", "to_move", "trick",
        "trick_seats"), pickled_phases)
    """A deal's pickle: its fields in this order, those of the card play after them."""
    open_rows: tuple[int, int]
    """The trump choices each team may still make, as bits of their action ids: every mode
    the options allow, but in a Coiffeur's deal only the rows the team has not played."""

    _setup: dict[str, JSON] | None
    _dealer: int

    @property
    def setup(self) -> dict[str, JSON]:
        """How the deal was laid out (``seed`` or ``hands``, and ``dealer``)."""
        setup = self._setup
        if setup is None:  # a copy with other hands (with_hands): written out on demand
            setup = {"hands": [JASS_DECK.codes_of(h) for h in self.dealt],
                     "dealer": self._dealer}
            if self.open_rows != self.rules.deal_fields["open_rows"]:
                setup["open"] = self._open_texts()
            self._setup = setup
        return setup

    @setup.setter
    def setup(self, setup: dict[str, JSON]) -> None:
        self._setup = setup

    @property
    def dealer(self) -> int:
        """The dealer's seat."""
        return self._dealer

    def __init__(self, rules: JassDealRules, setup: dict[str, JSON]) -> None:
        super().__init__(rules, setup)
        self._dealer = int(setup["dealer"])
        forehand = rules.next_seat[self._dealer]
        if "hands" in setup:
            extra = set(setup) - {"hands", "dealer", "open"}
            if extra:
                raise ValueError(f"jass deals take only hands, dealer and open, not "
                                 f"{sorted(extra)}")
            self.hands = parse_hands(setup["hands"], 9, 36)
        else:
            order = JASS_DECK.shuffled(random.Random(setup["seed"]))
            bit = _BITS.__getitem__  # a hand's distinct bits summed: their union
            self.hands = [sum(map(bit, cards(order))) for cards in rules.dealt_to[forehand]]
        self.dealt = tuple(self.hands)
        self.forehand = forehand
        self.__dict__.update(rules.deal_fields)  # the options' fields, and no trump yet
        if "open" in setup:
            self.open_rows = parse_open_rows(rules, setup["open"], forehand % 2)
            setup["open"] = self._open_texts()  # the canonical notation, as saved
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
        if self.phase is PH_PLAY:
            if self.is_over:
                return 0
            if self.led < 0:  # a lead: any card
                return self.hands[self._turn]
            return legal_cards(self.hands[self._turn], self.mode, self.led, self.best,
                               self.strict_under, self.buur_free)
        rows = self.open_rows[self._turn & 1]
        if self.pushed:
            return rows
        return rows | 1 << PUSH

    def _why_illegal(self, action: Any) -> str | Refusal:
        a = int(action)
        text = str(action)
        if self.phase is not PH_PLAY:
            if a < TRUMP_ACTIONS:
                return Refusal("choose_trump_first", f"{text} cannot be played yet: trump must "
                               "be chosen first", {"action": text})
            if a == PUSH:
                return Refusal("no_second_push", "you cannot push: your partner pushed to you, "
                               "so you must choose trump")
            if self.rules.mode_mask >> a & 1:
                legal = list(self.rules.actions.texts_of(self.open_rows[self.turn & 1]))
                return Refusal("row_played", f"{text} cannot be chosen: your team has already "
                               f"played that row of the Coiffeur; open rows: "
                               f"{', '.join(legal)}", {"action": text, "legal": legal})
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
            return [Event(EV_PUSH, seat, {"to": self.turn})]
        mode = action - TRUMP_ACTIONS
        self.mode = mode
        self.chooser = seat
        self.multiplier = self.rules.mode_multipliers[mode]
        self.phase = PH_PLAY
        self._start_play(list(self.rules.orders[self.forehand]), self.forehand)
        return [Event(EV_TRUMP, seat, {"mode": MODE_NAMES[mode],
                                       "multiplier": self.multiplier})]

    def playout(self, rng: random.Random) -> Result:
        """Random legal play to the end, in the shared tight trick loop (the fast path for
        search); it draws from ``rng`` as :meth:`Deal.playout` does, so both give the same
        deal for the same generator."""
        rnd = rng.random
        while self.phase is not PH_PLAY:
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
        if self.phase is PH_PLAY:
            self._replay_plan()  # found once here, read by every copy with other hands
        new = self.clone()
        new.dealt = tuple(hands)
        new._setup = None  # made from the hands dealt when first read (a sample rarely is)
        new._dealer = self.dealer
        if self.phase is not PH_PLAY:
            new.hands = list(hands)
            new._mask_at = -1
            return new
        return new if new._replace_hands(list(hands)) else None

    def _open_texts(self) -> list[JSON]:
        """The ``open`` rows of each team as the setup writes them."""
        return [list(self.rules.actions.texts_of(m)) for m in self.open_rows]

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

    def _view(self, seat: int | None) -> View:
        """A seat's view, or the public one for None: a seat's hand, legal actions and own
        weis are its own; everything else here is public."""
        info: dict[str, Any] = {
            "teams": [[0, 2], [1, 3]], "forehand": self.forehand,
            "direction": self.rules.options.direction, "chooser": self.chooser,
            "pushed": self.pushed, "multiplier": self.multiplier,
            "trump": MODE_NAMES[self.mode] if self.mode >= 0 else None,
        }
        if self.phase is PH_PLAY:
            info.update(self._play_info())
            info["totals"] = self.team_totals()
            if seat is not None:
                info["own_weis"] = [w.to_dict() for w in self.declared.get(seat, [])]
        if seat is None:
            return View("jass", -1, 4, self.dealer, PH_OVER if self.play_over else self.phase,
                        self.to_move, (), (), self._table() if self.phase is PH_PLAY else (),
                        self.seen_history(None), info, self.play_over)
        legal = self.rules.actions.texts_of(self.legal_mask()) if self.to_move == seat else ()
        return View("jass", seat, 4, self.dealer, PH_OVER if self.play_over else self.phase,
                    self.to_move, tuple(JASS_DECK.codes_of(self.hands[seat])), legal,
                    self._table() if self.phase is PH_PLAY else (), self.seen_history(seat), info,
                    self.play_over)

    def _observation_view(self, seat: int) -> View:
        """The view without the teams, the direction, the list of finished tricks, the
        totals and the legal texts (every kept key as :meth:`_view` gives it)."""
        info: dict[str, Any] = {
            "forehand": self.forehand, "chooser": self.chooser,
            "pushed": self.pushed, "multiplier": self.multiplier,
            "trump": MODE_NAMES[self.mode] if self.mode >= 0 else None,
        }
        if self.phase is PH_PLAY:
            info.update(self._play_info(full=False))
            info["own_weis"] = self._own_weis(seat)
        return View("jass", seat, 4, self.dealer, PH_OVER if self.play_over else self.phase,
                    self.to_move, tuple(JASS_DECK.codes_of(self.hands[seat])), (),
                    self._table() if self.phase is PH_PLAY else (), self.seen_history(seat), info,
                    self.play_over)
