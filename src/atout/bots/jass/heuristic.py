"""The Jass heuristic player: trump by hand strength, Schmieren, keeping the Buur and Nell.

Everything here reads only a seat's :class:`~atout.core.View`. :func:`read_view` turns the
view into what a player remembers (cards played by each seat, suits a seat has shown it lacks,
the trick on the table: the engine's :mod:`atout.games.jass.seen`); the bot and the search's
sampler share it. The rules of thumb are
written down in docs/bots.md in a player's words.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from atout.bots.base import Bot
from atout.bots.jass.cards import CLASSIC, STANDARD, card_choice
from atout.bots.jass.trump import best_option, option_values
from atout.cards import JASS_DECK, bit_list
from atout.core import Action, Rules, View
from atout.games.jass.play import (
    ACE,
    JACK,
    KING,
    NINE,
    OBENABE,
    POWER,
    QUEEN,
    SIX,
    SUIT_MASK,
    TRICK_KEYS,
    UNDENUFE,
    VALUE,
)
from atout.games.jass.seen import Follow, play_seen, view_plays
from atout.games.trick import beats

FULL = (1 << 36) - 1
TRUMP_BASE = 36
PUSH = 42
MODE_BY_NAME = {"H": 0, "D": 1, "S": 2, "C": 3, "obenabe": OBENABE, "undenufe": UNDENUFE}

PUSH_BELOW = 3.2
"""A forehand pushes when its best trump is worth fewer tricks than this (estimated)."""


@dataclass
class JassSeen:
    """What a seat knows of a Jass deal: its view, turned into masks."""

    seat: int
    hand: int
    mode: int
    chooser: int
    pushed: bool
    next_seat: tuple[int, ...]
    played: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    voids: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    trick: list[tuple[int, int]] = field(default_factory=list)
    led: int = -1
    best: int = -1
    best_seat: int = -1
    shown: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    announced: dict[int, int] = field(default_factory=dict)
    partner: int = -1
    """The partner's seat (Jass), or -1 when everyone plays alone (Putze)."""
    nplayers: int = 4
    """How many seats play the tricks."""
    pull_trumps: bool = False
    """Whether drawing the opponents' trumps is this seat's job (its side chose trump)."""
    gone: int = 0
    """Cards this seat knows are out of play (its own discards)."""
    leads: list[tuple[int, int, int]] = field(default_factory=list)
    """Every lead so far: the seat, the card and every card played before it."""
    follows: list[Follow] = field(default_factory=list)
    """Every card played to a trick already led, with the trick as it stood (only when
    :func:`read_view` is asked for them)."""

    @property
    def played_all(self) -> int:
        """Every card played so far."""
        out = 0
        for m in self.played:
            out |= m
        return out

    @property
    def unseen(self) -> int:
        """The cards in the other hands."""
        return FULL & ~self.played_all & ~self.hand & ~self.gone

    def trick_points(self) -> int:
        """The card points on the table."""
        v = VALUE[self.mode]
        return sum(v[c] for _, c in self.trick)

    def is_top(self, card: int) -> bool:
        """Whether no unseen card of the same suit beats ``card``."""
        p = POWER[self.mode]
        return all(p[o] <= p[card] for o in bit_list(self.unseen & SUIT_MASK[card // 9]))


def read_view(rules: Rules[Any], view: View, follows: bool = False) -> JassSeen:
    """What the seat of ``view`` knows: cards played, voids shown, the trick, Weis shown.

    With ``follows`` it also records every card played to a trick already led
    (:attr:`JassSeen.follows`), which the play itself does not need.
    """
    info = view.info
    trump = info.get("trump")
    seen = JassSeen(view.seat, JASS_DECK.mask(view.hand),
                    MODE_BY_NAME[trump] if isinstance(trump, str) else -1,
                    int(info.get("chooser", -1)), bool(info.get("pushed", False)),
                    tuple(rules.next_seat))  # type: ignore[attr-defined]
    n = view.seats
    seen.shown = [0] * n
    players = info.get("players")
    seen.nplayers = len(players) if isinstance(players, list) and players else n
    discards = info.get("own_discards")
    if isinstance(discards, list):
        seen.gone = JASS_DECK.mask(discards)  # cards put away before the play (Putze)
    # the engine's account of the card play (trump is fixed before the first card)
    play = play_seen(view_plays(rules, view, seen.gone), seen.mode, n, seen.nplayers,
                     follows=follows)
    seen.played, seen.voids, seen.trick = play.played, play.voids, play.trick
    seen.led, seen.best, seen.best_seat = play.led, play.best, play.best_seat
    seen.leads, seen.follows = play.leads, play.follows
    for s, ws in (info.get("weis_shown") or {}).items():
        for w in ws:
            seen.shown[int(s)] |= JASS_DECK.mask(w["cards"])
    for s, v in (info.get("weis_announced") or {}).items():
        seen.announced[int(s)] = int(v)
    seen.partner = (view.seat + 2) % 4
    seen.pull_trumps = seen.chooser >= 0 and seen.chooser % 2 == view.seat % 2
    return seen


# --- trump choice -------------------------------------------------------------------------

def trump_tricks(hand: int, suit: int) -> float:
    """Tricks a hand may expect with ``suit`` as trump (a player's rough count)."""
    t = hand & SUIT_MASK[suit]
    n = t.bit_count()
    base = suit * 9
    has = [bool(t >> (base + r) & 1) for r in range(9)]
    est = 0.0
    if has[JACK]:
        est += 1.0
    if has[NINE]:
        est += 0.9 if has[JACK] else (0.6 if n >= 3 else 0.3)
    if has[ACE]:
        est += 0.6 if n >= 3 else 0.4
    if has[KING]:
        est += 0.35
    if has[QUEEN]:
        est += 0.2
    est += max(0, n - 3) * 0.55
    for s in range(4):
        if s == suit:
            continue
        side = hand & SUIT_MASK[s]
        if side >> (s * 9 + ACE) & 1:
            est += 0.75
            if side >> (s * 9 + KING) & 1:
                est += 0.35
        if not side:
            est += 0.25 * min(n, 4) / 4  # a void lets the trumps ruff
    if has[KING] and has[QUEEN]:
        est += 0.25  # Stöck
    return est


def _slalom_tricks(hand: int, top: int, step: int) -> float:
    """Tricks at Obenabe (``top`` ace, step -1) or Undenufe (``top`` six, step +1)."""
    est = 0.0
    for s in range(4):
        suit = (hand >> (s * 9)) & 0x1FF
        length = suit.bit_count()
        run = 0
        r = top
        while 0 <= r < 9 and suit >> r & 1:
            run += 1
            r += step
        if run:
            est += run * 0.95 + max(0, length - run) * (0.45 if run >= 2 else 0.25)
        elif length >= 2 and suit >> (top + step) & 1:
            est += 0.35  # a guarded second card
    return est


def mode_tricks(hand: int, modes: int) -> list[float]:
    """The estimated tricks of each trump mode (-1 for modes not offered), by mode index.

    ``modes`` is the rules' mask of trump actions (bit ``36 + mode``).
    """
    out = [-1.0] * 6
    for m in range(6):
        if not modes >> (TRUMP_BASE + m) & 1:
            continue
        if m < 4:
            out[m] = trump_tricks(hand, m)
        elif m == OBENABE:
            out[m] = _slalom_tricks(hand, ACE, -1)
        else:
            out[m] = _slalom_tricks(hand, SIX, 1)
    return out


def choose_trump(hand: int, modes: int, may_push: bool) -> int:
    """The heuristic's trump action id: the strongest mode, or push with a weak hand."""
    est = mode_tricks(hand, modes)
    best = max(range(6), key=lambda m: est[m])
    if may_push and est[best] < PUSH_BELOW:
        return PUSH
    return TRUMP_BASE + best


# --- card play ----------------------------------------------------------------------------

def wins_trick(seen: JassSeen, card: int) -> bool:
    """Whether ``card`` would win the trick on the table."""
    return beats(TRICK_KEYS[seen.mode][seen.led], card, seen.best)


def choose_card(seen: JassSeen, legal: int, style: int = STANDARD) -> int:
    """The heuristic's card: leading conventions, Schmieren, winning cheaply, keeping honours
    (the rules are in :func:`atout.bots.jass.cards.card_choice`, ``style`` says which)."""
    seat = seen.seat
    pos = len(seen.trick)
    return card_choice(legal=legal, hand=seen.hand, seat=seat, pos=pos,
                       last=pos == seen.nplayers - 1, led=seen.led, best=seen.best,
                       best_seat=seen.best_seat, partner=seen.partner,
                       points=seen.trick_points(), out=FULL & ~seen.played_all & ~seen.gone,
                       voids_next=seen.voids[seen.next_seat[seat]],
                       pull_trumps=seen.pull_trumps, mode=seen.mode, style=style)


def trump_values(rules: Rules[Any], hand: Sequence[str], legal: int) -> dict[int, float]:
    """The fitted model's predicted margin (times the mode's multiplier) of each trump action
    in ``legal`` (ids 36 to 42) for ``hand``, as the heuristic's ``trump=value`` weighs them:
    the seat was pushed to when it may not push (:func:`atout.bots.jass.trump.option_values`).
    """
    may_push = bool(legal >> PUSH & 1)
    multipliers = getattr(rules, "mode_multipliers", (1,) * 6)
    return option_values(JASS_DECK.mask(hand), legal, may_push, not may_push, multipliers)


TRUMP_POLICIES = ("value", "count", "random")
"""How the heuristic chooses trump: ``value``, the mode (or push) with the best margin
predicted by the model fitted on played-out deals (:mod:`atout.bots.jass.trump`); ``count``,
the trick count and its push threshold (:func:`choose_trump`); ``random``, a legal trump
action (the push included) drawn uniformly: a player the search does not model
(:mod:`atout.bots.jass.mixture`)."""


CARD_STYLES = {"v2": STANDARD, "v1": CLASSIC}
"""The heuristic's card play by name: ``v2`` (the default) with the rules of issue 23 — the
defenders keep their Bocks, the declarers draw trumps low, the Buur and Nell spared, plain cards
thrown before trumps, short tops first without trump, a ten given second hand before it falls
(:mod:`atout.bots.jass.cards`) — and ``v1``, the card play before them."""


def card_style(cards: str, player: str) -> int:
    """The card rules named ``cards`` in :data:`CARD_STYLES`; ``ValueError`` in words for
    another name (``player`` names the bot in the message, e.g. ``"Jass heuristic"``)."""
    if cards not in CARD_STYLES:
        raise ValueError(f"{player}: cards={cards!r}, expected one of {', '.join(CARD_STYLES)}")
    return CARD_STYLES[cards]


class JassHeuristic(Bot):
    """Plays Jass by rules of thumb a club player would recognise (see docs/bots.md).

    ``trump`` is one of :data:`TRUMP_POLICIES` (``heuristic:trump=count`` from a bot name),
    ``cards`` one of :data:`CARD_STYLES` (``heuristic:cards=v1``); the card players of
    :mod:`atout.bots.jass.mixture` (``heuristic:cards=greedy``) override :meth:`play_card`.
    """

    name = "heuristic"

    def __init__(self, rules: Rules[Any], seat: int, seed: int = 0, trump: str = "value",
                 cards: str = "v2") -> None:
        super().__init__(rules, seat, seed)
        if trump not in TRUMP_POLICIES:
            raise ValueError(f"Jass heuristic: trump={trump!r}, expected one of "
                             f"{', '.join(TRUMP_POLICIES)}")
        self.trump = trump
        self.style = card_style(cards, "Jass heuristic")

    def choose(self, view: View) -> Action:
        """The heuristic's action for the seat of ``view``."""
        actions = self.rules.actions
        legal = self.legal_mask(view)
        if legal >> TRUMP_BASE:
            if self.trump == "count":
                hand = JASS_DECK.mask(view.hand)
                return actions[choose_trump(hand, legal, bool(legal >> PUSH & 1))]
            if self.trump == "random":
                return actions[self.rng.choice([a for a in range(TRUMP_BASE, PUSH + 1)
                                                if legal >> a & 1])]
            return actions[best_option(trump_values(self.rules, view.hand, legal))]
        return actions[self.play_card(view, legal)]

    def play_card(self, view: View, legal: int) -> int:
        """The card (its index) the heuristic plays among the ``legal`` mask on ``view``."""
        return choose_card(read_view(self.rules, view), legal, self.style)

