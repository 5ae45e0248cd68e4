"""The card play of the Jass family, shared by Schieber (jass.py) and Putze (putze.py).

Card values and orders, the following rules (follow suit or trump, the Buur exception, no
under-trumping), trick winners and Stöck, all on 36-card bitmasks with tables built once at
import; the following rules live in :mod:`atout.games.jass.follow` (re-exported here), the
Weis (announcements) are found by :mod:`atout.games.jass.weis` and scored here.
:class:`TrickPlay` is the playing phase as a reusable deal base: a game sets the trump mode,
the seats that play and the side each seat scores for, and gets legal cards, tricks, points,
Weis and Stöck.

Card ``i`` of :data:`~atout.cards.JASS_DECK` is rank ``i % 9`` (6 7 8 9 T J Q K A) of suit
``i // 9`` (H D S C). Trump modes: 0-3 a suit as trump, 4 Obenabe, 5 Undenufe.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from enum import StrEnum
from types import MappingProxyType
from typing import Any, ClassVar, NamedTuple

from atout.core import Deal, Event
from atout.events import JassEvent
from atout.games.jass.fast import BITS9 as BITS9
from atout.games.jass.fast import POP9 as POP9
from atout.games.jass.fast import random_tricks, uniform_policy
from atout.games.jass.follow import UNDER_TRUMP_RULES as UNDER_TRUMP_RULES
from atout.games.jass.follow import describe_refusal as describe_refusal
from atout.games.jass.follow import legal_cards as legal_cards
from atout.games.jass.follow import trick_points as trick_points
from atout.games.jass.pickling import after_unpickle, pickle_state
from atout.games.jass.ranks import ABOVE as ABOVE
from atout.games.jass.ranks import ACE as ACE
from atout.games.jass.ranks import CODES as CODES
from atout.games.jass.ranks import EIGHT as EIGHT
from atout.games.jass.ranks import HIGHER_TRUMPS as HIGHER_TRUMPS
from atout.games.jass.ranks import JACK as JACK
from atout.games.jass.ranks import KING as KING
from atout.games.jass.ranks import MODE_NAMES as MODE_NAMES
from atout.games.jass.ranks import NINE as NINE
from atout.games.jass.ranks import OBENABE as OBENABE
from atout.games.jass.ranks import POWER as POWER
from atout.games.jass.ranks import QUEEN as QUEEN
from atout.games.jass.ranks import SEVEN as SEVEN
from atout.games.jass.ranks import SIX as SIX
from atout.games.jass.ranks import SUIT_MASK as SUIT_MASK
from atout.games.jass.ranks import TEN as TEN
from atout.games.jass.ranks import TRICK_KEYS as TRICK_KEYS
from atout.games.jass.ranks import TRUMP_FLOOR as TRUMP_FLOOR
from atout.games.jass.ranks import UNDENUFE as UNDENUFE
from atout.games.jass.ranks import VALUE as VALUE
from atout.games.jass.seen import PlaySeen, play_seen
from atout.games.jass.turns import turns_of
from atout.games.jass.weis import BIG_SEQUENCE_VALUES as BIG_SEQUENCE_VALUES
from atout.games.jass.weis import FOUR_VALUES as FOUR_VALUES
from atout.games.jass.weis import SEQUENCE_VALUES as SEQUENCE_VALUES
from atout.games.jass.weis import Weis as Weis
from atout.games.jass.weis import find_weis as find_weis
from atout.games.jass.weis import find_weis_memo
from atout.games.jass.weis import may_hold_weis as may_hold_weis
from atout.games.jass.weis import weis_key as weis_key
from atout.games.trick import beats
from atout.games.trick import trick_points as _points

CARD_DATA = tuple(MappingProxyType({"card": code}) for code in CODES)
"""The data of each card event, made once: events share it read-only."""


class TrickKinds(NamedTuple):
    """The kinds of event the trick play emits, as one game's members of :mod:`atout.events`
    (Jass's and Putze's have the same text): a game's deal names its own."""

    card: StrEnum
    stoeck: StrEnum
    weis: StrEnum
    weis_scored: StrEnum
    trick: StrEnum
    match_bonus: StrEnum


def card_events(kind: StrEnum) -> tuple[tuple[Event, ...], ...]:
    """The event of each seat playing each card, of the kind ``kind``: immutable, so made once
    per game and shared."""
    return tuple(tuple(Event(kind, s, CARD_DATA[c]) for c in range(36)) for s in range(6))


JASS_KINDS = TrickKinds(JassEvent.CARD, JassEvent.STOECK, JassEvent.WEIS,
                        JassEvent.WEIS_SCORED, JassEvent.TRICK, JassEvent.MATCH_BONUS)
"""Jass's kinds of the trick play's events."""

CARD_EVENTS = card_events(JassEvent.CARD)
"""Jass's event of each seat playing each card."""

LAST_TRICK_BONUS = 5
MATCH_BONUS = 100
STOECK_POINTS = 20

CardPolicy = Callable[[int, int, int, int, int, int, int], int]
"""A rollout's choice of card: ``pick(seat, position, legal, led, best, best_seat, points)``
returns one card of the ``legal`` mask; ``position`` is the card's place in the trick (0: the
lead), ``led`` the suit led and ``best`` the card winning so far with its ``best_seat`` (-1
on a lead), ``points`` the card points already in the trick. See
:meth:`TrickPlay.play_tricks`."""


# --- The playing phase as a reusable deal base --------------------------------------------

ReplayPlan = tuple[tuple[int, ...], tuple[tuple[int, int, int, int, int], ...]]
"""What :meth:`TrickPlay._replace_hands` checks of the cards played (see
:meth:`TrickPlay._replay_plan`)."""




class TrickPlay(Deal):
    """The card play of a Jass-family deal: tricks, points, Weis and Stöck.

    A subclass sets, before play starts, ``hands`` (one mask per seat), ``mode``, ``side_of``
    (the side each seat scores for: a team or the seat itself), ``nsides`` and calls
    :meth:`_start_play` with the seats that play in turn order and the leader. Points are
    kept per side, before any multiplier, in ``card_points`` (tricks and the last-trick bonus),
    ``weis_points``, ``stoeck_points`` and ``bonus_points`` (the all-tricks bonus); events
    carry the multiplied points.
    ``_credit`` is called for every scoring moment, in order, so a game can end mid-deal.
    """

    hands: list[int]
    mode: int
    side_of: tuple[int, ...]
    nsides: int
    weis_enabled: bool
    big_sequences: bool
    stoeck_enabled: bool
    weis_scoring: str  # "best-side": only the side with the best Weis scores all of theirs
    #                    "each": every declared Weis counts for its side
    multiplier: int
    strict_under: bool = False
    """The strict reading of the under-trumping rule (see :func:`legal_cards`)."""
    buur_free: bool = True
    """Nobody is forced to play the Buur on a trump lead (see :func:`legal_cards`)."""
    nine_sequence: int = 100
    """The value of a nine-card run without big sequences (see :func:`find_weis`)."""
    low_fours: int = 0
    """The value of four sixes, sevens or eights (0: not a Weis)."""
    weis_share: bool = False
    """A card may serve in a four of a kind and in a sequence."""
    is_over: bool = False
    """Whether the deal is finished: a plain attribute (read before every action, where a
    property call would cost more than the read), kept by :attr:`play_over`."""
    to_move: int | None = None
    """The seat to move, None when the deal is over: a plain attribute, kept by
    :attr:`turn` and :attr:`play_over`."""
    _turn: int = -1
    kinds: TrickKinds = JASS_KINDS
    """The kinds of the events of the play (a game's own members of :mod:`atout.events`)."""
    card_events: tuple[tuple[Event, ...], ...] = CARD_EVENTS
    """The card events of :attr:`kinds`, by seat and card (see :func:`card_events`). A game
    sets both on each deal: an attribute of the deal is read faster than one of its class."""

    @property
    def turn(self) -> int:
        """The seat whose turn it is (still the last trick's winner once the deal is over)."""
        return self._turn

    @turn.setter
    def turn(self, seat: int) -> None:
        self._turn = seat
        if not self.is_over:
            self.to_move = seat

    @property
    def play_over(self) -> bool:
        """Whether the card play (and the deal) is over: :attr:`is_over` by its older name."""
        return self.is_over

    @play_over.setter
    def play_over(self, over: bool) -> None:
        self.is_over = over
        self.to_move = None if over else self._turn

    def _start_play(self, order: list[int], leader: int) -> None:
        n = len(self.side_of)
        self.playing = order
        turns = turns_of(n, order)
        self.next_player = list(turns[0])
        self.leader = leader
        self.trick: list[int] = []
        self.trick_seats: list[int] = []
        self.led = -1
        self.best = -1
        self.best_seat = -1
        self.tricks: list[tuple[int, tuple[int, ...], int, int]] = []
        self.card_points = [0] * self.nsides
        self.tricks_won = [0] * self.nsides
        self.weis_points = [0] * self.nsides
        self.stoeck_points = [0] * self.nsides
        self.bonus_points = [0] * self.nsides
        self.played_first: int = 0  # seats (bit) that have played their first card
        self._declare(order)
        self.tricks_total = (self.hands[order[0]]).bit_count()
        self.trick_size = len(order)
        self.trick_keys = TRICK_KEYS[self.mode]
        self.stoeck_cards = ((self.mode * 9 + KING, self.mode * 9 + QUEEN) if self.mode < 4
                             else (-1, -1))
        self.orders_from = turns[1]
        self._turn = self.to_move = leader  # the turn and play_over setters, inlined
        self.is_over = False

    def _declare(self, order: list[int],
                 find: Callable[..., list[Weis]] = find_weis) -> None:
        """The Weis (found by ``find``: :func:`find_weis` or its memo) and the Stöck in the
        hands as play starts (``self.hands``)."""
        self.declared: dict[int, list[Weis]] = {}
        self.weis_keys: dict[int, tuple[int, int, int, int]] = {}
        if self.weis_enabled:
            mode = self.mode
            for s in order:
                hand = self.hands[s]
                if not may_hold_weis(hand, self.low_fours):
                    continue
                ws = find(hand, mode, self.big_sequences,
                               nine_sequence=self.nine_sequence, low_fours=self.low_fours,
                               share=self.weis_share)
                if ws:
                    self.declared[s] = ws
                    self.weis_keys[s] = max(weis_key(w, mode) for w in ws)
        self.shown_weis: dict[int, list[Weis]] = {}
        self.weis_winner_side = -1
        self.stoeck_seat = -1
        self.stoeck_said = False
        if self.stoeck_enabled and self.mode < 4:
            kq = (1 << (self.mode * 9 + KING)) | (1 << (self.mode * 9 + QUEEN))
            for s in order:
                if self.hands[s] & kq == kq:
                    self.stoeck_seat = s

    def _replace_hands(self, start: list[int]) -> bool:
        """Put ``start`` (each seat's cards as play started) in place of the hands, in the
        card play: the hands now held, the Weis and the Stöck follow from them. False, with the
        deal left half changed, when a card of the history is not legal from these hands."""
        played, checks = self._replay_plan()
        # a seat's card is legal when he held it and, had he not followed suit, when the
        # rules let him play it with the cards he then held
        for s, p in enumerate(played):
            if p & ~start[s]:
                return False
        if checks:
            mode = self.mode
            strict, free = self.strict_under, self.buur_free
            for seat, before, c, led, best in checks:
                if not legal_cards(start[seat] & ~before, mode, led, best, strict_under=strict,
                                   buur_free=free) >> c & 1:
                    return False
        hands = [h & ~p for h, p in zip(start, played, strict=True)]
        self.hands = list(start)
        self._declare(self.playing, find_weis_memo)  # a search's samples: the same hands
        self.hands = hands
        n = self.nsides
        self.weis_points = [0] * n
        self.stoeck_points = [0] * n
        if self.tricks and self.declared:
            self._resolve_weis(with_events=False)
        if self.stoeck_seat >= 0:
            k, q = self.stoeck_cards
            if not hands[self.stoeck_seat] >> k & 1 and not hands[self.stoeck_seat] >> q & 1:
                self.stoeck_said = True
                self.stoeck_points[self.side_of[self.stoeck_seat]] += STOECK_POINTS
        self._mask_at = -1
        return True

    def _replay_plan(self) -> ReplayPlan:
        """What :meth:`_replace_hands` checks of the cards played so far, found once per point
        of the deal: each seat's cards played, and ``(seat, cards he had played before, card,
        suit led, best card)`` for every card played without following the suit led (a card
        that follows suit is legal whenever it was held)."""
        at = (len(self.tricks), len(self.trick))
        made: tuple[tuple[int, int], ReplayPlan] | None = self.__dict__.get("_plan")
        if made is not None and made[0] == at:
            return made[1]
        keys = self.trick_keys
        nxt = self.next_player
        played = [0] * len(self.hands)
        checks: list[tuple[int, int, int, int, int]] = []
        tricks = [(lead, cards) for lead, cards, _, _ in self.tricks]
        if self.trick:
            tricks.append((self.leader, tuple(self.trick)))
        for seat, cards in tricks:
            led = cards[0] // 9
            best = cards[0]
            played[seat] |= 1 << best
            kl = keys[led]
            for c in cards[1:]:
                seat = nxt[seat]
                if c // 9 != led:
                    checks.append((seat, played[seat], c, led, best))
                played[seat] |= 1 << c
                if beats(kl, c, best):
                    best = c
        plan: ReplayPlan = (tuple(played), tuple(checks))
        self._plan = (at, plan)
        return plan

    def play_tricks(self, rng: random.Random, pick: CardPolicy | None = None, *,
                    record: bool = True) -> None:
        """Play every remaining card to the end of the deal in one tight loop (for search).

        The one trick loop of the Jass family: Jass and Putze playouts and the Jass search's
        rollouts all run it. It goes on from any point of the card play (a trick under way
        included) and keeps the score as the checked path does (tricks, the last-trick and
        all-tricks bonuses, the Weis after the first trick, Stöck), without events. Each card
        is ``pick(...)``'s choice (:data:`CardPolicy`), or without ``pick`` uniformly random:
        the ``int(rng.random() * n)``-th legal card, the very draw :meth:`Deal.playout` makes,
        so both play the same deal for the same generator. ``record`` keeps the history (and
        the actors); a rollout that only reads the result leaves it off.
        """
        if self.play_over:
            return
        if pick is None and not self.trick:
            self._random_play(rng, record)
            return
        # a trick under way: the same draw, card by card
        self._policy_play(pick or uniform_policy(rng), record)

    def _policy_play(self, pick: CardPolicy, record: bool) -> None:
        """:meth:`play_tricks` card by card: the trick loop.

        Who wins is read from the trick keys (:func:`atout.games.trick.beats` as a table read,
        ``kl[c] > bk``) and the legal cards are :func:`legal_cards` inlined: a call per card
        would cost the rollouts (the property tests replay every playout through the checked
        path)."""
        mode = self.mode
        keys = self.trick_keys
        hands = self.hands
        strict, free = self.strict_under, self.buur_free
        orders = self.orders_from
        value, notrump, trump_mask, not_buur, higher, stoeck, follows = self._loop_tables()
        suit = SUIT_MASK
        played: list[int] = []
        actors = self._actors
        # the trick under way, if any (its cards already in the history)
        trick = self.trick
        leader = self.leader
        led, best, best_seat = self.led, self.best, self.best_seat
        kl, bk, best_trump, pts = self._trick_under_way()
        pos = len(trick)
        total = self.tricks_total
        side_of, card_points, tricks_won = self.side_of, self.card_points, self.tricks_won
        tricks = self.tricks
        weis_after = int(bool(self.declared))  # the Weis are scored after the first trick
        for done in range(len(tricks) + 1, total + 1):
            start = pos
            if not pos:
                # the lead: any card (the policy is told the last trick's led and best)
                seat = leader
                hand = hands[seat]
                c = pick(seat, 0, hand, led, best, best_seat, 0)
                hands[seat] = hand ^ (1 << c)
                if c in stoeck:
                    stoeck = self._stoeck_played(seat, c, stoeck)
                trick.append(c)
                pts = value[c]
                led = c // 9
                kl = keys[led]
                best, bk, best_seat = c, kl[c], seat
                best_trump = led == mode
                pos = 1
            for seat in follows[leader] if pos == 1 else orders[leader][pos:]:
                hand = hands[seat]
                # legal_cards, inlined
                follow = hand & suit[led]
                if notrump:
                    mask = follow or hand
                elif led == mode:
                    mask = (follow or hand) if follow & not_buur or not free else hand
                else:
                    trumps = hand & trump_mask
                    if best_trump:
                        if trumps == hand and not strict:
                            mask = hand
                        else:
                            trumps &= higher[best]
                            mask = (follow | trumps) if follow else (
                                (hand & ~trump_mask) | trumps or hand)
                    else:
                        mask = (follow | trumps) if follow else hand
                c = pick(seat, pos, mask, led, best, best_seat, pts)
                hands[seat] = hand ^ (1 << c)
                if c in stoeck:
                    stoeck = self._stoeck_played(seat, c, stoeck)
                trick.append(c)
                pts += value[c]
                if kl[c] > bk:
                    best, bk, best_seat = c, kl[c], seat
                    best_trump = c // 9 == mode
                pos += 1
            if record:
                played += trick[start:]
                actors += orders[leader][start:]
            if done == total:
                pts += LAST_TRICK_BONUS
            # the trick's points and the trick to the winner's side (inline: once a trick)
            side = side_of[best_seat]
            card_points[side] += pts
            tricks_won[side] += 1
            tricks.append((leader, tuple(trick), best_seat, pts))
            if done == weis_after:
                self._resolve_weis(with_events=False)
            leader = best_seat
            trick = []
            pos = pts = 0
        self._end_play(best_seat, played if record else None)

    def _loop_tables(self) -> tuple[tuple[int, ...], bool, int, int, tuple[int, ...],
                                    tuple[int, ...], list[tuple[int, ...]]]:
        """What the trick loop reads of the mode: the card values, whether it is a no-trump
        mode, the trump mask, the trumps but the Buur, the higher trumps of each card, the
        Stöck cards still to be said (else empty), the seats that follow each leader."""
        mode = self.mode
        notrump = mode >= 4
        trump_mask = 0 if notrump else SUIT_MASK[mode]
        not_buur = trump_mask & ~(1 << (mode * 9 + JACK)) if trump_mask else 0
        stoeck: tuple[int, ...] = ()
        if self.stoeck_seat >= 0 and not self.stoeck_said:
            stoeck = self.stoeck_cards
        return (VALUE[mode], notrump, trump_mask, not_buur, HIGHER_TRUMPS[mode], stoeck,
                [o[1:] for o in self.orders_from])

    def _trick_under_way(self) -> tuple[tuple[int, ...], int, bool, int]:
        """The trick on the table for the trick loop: the keys of the suit led, the winning
        card's key, whether it is a trump, the card points."""
        led, best = self.led, self.best
        keys = self.trick_keys
        kl = keys[led] if led >= 0 else keys[0]
        if best < 0:
            return kl, -1, False, 0
        return kl, kl[best], best // 9 == self.mode, _points(self.trick, VALUE[self.mode])

    def _stoeck_played(self, seat: int, card: int, stoeck: tuple[int, ...]) -> tuple[int, ...]:
        """The trick loop's Stöck: ``card``, the trump king or queen, was just played by
        ``seat``; the Stöck is said when the other one left his hand before (then nothing is
        watched any more: empty)."""
        if self.hands[seat] >> (stoeck[0] + stoeck[1] - card) & 1:
            return stoeck
        self.stoeck_said = True
        self.stoeck_points[self.side_of[seat]] += STOECK_POINTS
        return ()

    def _random_play(self, rng: random.Random, record: bool) -> None:
        """:meth:`play_tricks` without a policy from a trick's start, on hands split by suit
        (:func:`~atout.games.jass.fast.random_tricks`): the same draws, the same end."""
        mode = self.mode
        tricks = self.tricks
        done = len(tricks)
        stoeck: tuple[int, ...] = ()
        if self.stoeck_seat >= 0 and not self.stoeck_said:
            stoeck = self.stoeck_cards
        new, said = random_tricks(self.hands, self.leader, self.tricks_total - done,
                                  self.orders_from, mode, self.trick_keys, VALUE[mode],
                                  HIGHER_TRUMPS[mode], self.strict_under, self.buur_free,
                                  stoeck, LAST_TRICK_BONUS, rng.random)
        side_of = self.side_of
        if said >= 0:
            self.stoeck_said = True
            self.stoeck_points[side_of[said]] += STOECK_POINTS
        card_points = self.card_points
        tricks_won = self.tricks_won
        for _, _, winner, pts in new:
            side = side_of[winner]
            card_points[side] += pts
            tricks_won[side] += 1
        tricks += new
        if not done and self.declared:
            self._resolve_weis(with_events=False)
        played: list[int] | None = None
        if record:
            played = []
            actors = self._actors
            orders = self.orders_from
            for lead, cards, _, _ in new:
                played += cards
                actors += orders[lead]
        self._end_play(tricks[-1][2], played)

    def _end_play(self, last_winner: int, played: list[int] | None) -> None:
        """The end of :meth:`play_tricks`: ``played`` (None: not recorded) joins the history,
        the last trick's winner leads no more, the all-tricks bonus is scored."""
        if played is not None:
            table = self.rules.actions.table
            self._history += [table[c] for c in played]
        else:
            self._mask_at = -1  # the history did not move: the cached mask is stale
        self.trick = []
        self.trick_seats = []
        self.led = self.best = -1
        self.best_seat = self.leader = self._turn = last_winner
        self.is_over = True  # the turn and play_over setters, inlined
        self.to_move = None
        first = self.played_first
        for s in self.playing:
            first |= 1 << s
        self.played_first = first
        tricks_won = self.tricks_won
        if tricks_won.count(0) == len(tricks_won) - 1 and self.match_bonus_enabled():
            # one side took every trick
            self.bonus_points[tricks_won.index(max(tricks_won))] += MATCH_BONUS

    # the legal cards of the seat to move
    def _card_mask(self) -> int:
        if self.led < 0:  # a lead: any card
            return self.hands[self._turn]
        return legal_cards(self.hands[self._turn], self.mode, self.led, self.best,
                           strict_under=self.strict_under, buur_free=self.buur_free)

    def _credit(self, side: int, points: int, kind: StrEnum, seat: int | None,
                data: dict[str, Any]) -> Event:
        """The event that gives points to a side (``data`` is completed in place)."""
        data["side"] = side
        data["points"] = points
        return Event(kind, seat, data)

    def _play_card(self, card: int) -> list[Event]:
        card = int(card)  # an id, not the action: the tricks keep plain ints (pickled in C)
        seat = self._turn
        hands = self.hands
        hands[seat] ^= 1 << card  # a legal card: in the hand
        if self.played_first >> seat & 1:
            events = [self.card_events[seat][card]]
        else:
            events = self._first_card(seat, card)
        if seat == self.stoeck_seat and not self.stoeck_said and card in self.stoeck_cards:
            other = self.stoeck_cards[0] + self.stoeck_cards[1] - card
            if not hands[seat] >> other & 1:
                self.stoeck_said = True
                side = self.side_of[seat]
                self.stoeck_points[side] += STOECK_POINTS
                events.append(Event(self.kinds.stoeck, seat, {
                    "side": side, "points": STOECK_POINTS * self.multiplier}))
        trick = self.trick
        trick.append(card)
        self.trick_seats.append(seat)
        if len(trick) == 1:
            self.led = card // 9
            self.best = card
            self.best_seat = seat
        else:
            if beats(self.trick_keys[self.led], card, self.best):
                self.best = card
                self.best_seat = seat
        if len(trick) < self.trick_size:
            self._turn = self.to_move = self.next_player[seat]  # the turn setter, inlined
            return events
        events += self._finish_trick()
        return events

    def _first_card(self, seat: int, card: int) -> list[Event]:
        """The events of a seat's first card: the card, and its Weis announced if any."""
        self.played_first |= 1 << seat
        events = [self.card_events[seat][card]]
        ws = self.declared.get(seat)
        if ws:
            events.append(Event(self.kinds.weis, seat, {"value": sum(w.value for w in ws),
                                                         "count": len(ws)}))
        return events

    def _finish_trick(self) -> list[Event]:
        winner = self.best_seat
        side = self.side_of[winner]
        trick = self.trick
        v = VALUE[self.mode]
        pts = v[trick[0]]
        for c in trick[1:]:
            pts += v[c]
        tricks = self.tricks
        last = len(tricks) + 1 == self.tricks_total
        if last:
            pts += LAST_TRICK_BONUS
        tricks.append((self.leader, tuple(trick), winner, pts))
        self.card_points[side] += pts
        self.tricks_won[side] += 1
        events = [Event(self.kinds.trick, winner, {"cards": [CODES[c] for c in trick],
                                                   "card_points": pts, "number": len(tricks),
                                                   "side": side, "points": pts * self.multiplier})]
        if len(tricks) == 1 and self.declared:
            if self._weis_before_tricks():
                events[:0] = self._resolve_weis()
            else:
                events += self._resolve_weis()
        self.trick = []
        self.trick_seats = []
        self.led = -1
        self.best = -1
        self.leader = winner
        self._turn = self.to_move = winner  # the turn setter, inlined
        if last:
            self.play_over = True
            sides_with_tricks = [s for s in range(self.nsides) if self.tricks_won[s]]
            if self.match_bonus_enabled() and len(sides_with_tricks) == 1:
                ms = sides_with_tricks[0]
                self.bonus_points[ms] += MATCH_BONUS
                events.append(self._credit(ms, MATCH_BONUS * self.multiplier,
                                           self.kinds.match_bonus,
                                           None, {}))
        return events

    def match_bonus_enabled(self) -> bool:
        """Whether taking every trick earns the 100-point bonus."""
        return True

    def _weis_before_tricks(self) -> bool:
        """Whether Weis points are counted before the first trick's points."""
        return True

    def _resolve_weis(self, with_events: bool = True) -> list[Event]:
        """Score the Weis after the first trick; the events only when asked (not in search)."""
        if self.weis_scoring == "each":
            winners = list(self.declared)
        else:
            keys = self.weis_keys
            best: tuple[int, int, int, int] | None = None
            best_seat = -1
            s = self.tricks[0][0]
            for _ in self.playing:  # in turn order from the first leader: ties to the first
                k = keys.get(s)
                if k is not None and (best is None or k > best):
                    best, best_seat = k, s
                s = self.next_player[s]
            best_side = self.side_of[best_seat]
            self.weis_winner_side = best_side
            sides = {best_side}
            if self._weis_tie_both():
                sides |= {self.side_of[t] for t, k in keys.items() if k == best}
            winners = [t for t in self.declared if self.side_of[t] in sides]
        events = []
        for t in winners:
            ws = self.declared[t]
            self.shown_weis[t] = ws
            total = sum(w.value for w in ws)
            side = self.side_of[t]
            self.weis_points[side] += total
            if with_events:
                events.append(self._credit(side, total * self.multiplier,
                                           self.kinds.weis_scored, t,
                                           {"weis": [w.to_dict() for w in ws]}))
        return events

    def _weis_tie_both(self) -> bool:
        return False

    def _play_info(self, full: bool = True) -> dict[str, Any]:
        """Public facts of the play, JSON-ready, for views (``full=False``: for observation
        views, without the list of finished tricks, which the history holds).

        A finished trick's entry is made once and shared by the views that follow (read it,
        do not change it; ``View.to_dict`` copies); so are, in observation views, the Weis
        shown and announced."""
        info: dict[str, Any] = {
            "trump": MODE_NAMES[self.mode] if self.mode >= 0 else None,
            "led": "HDSC"[self.led] if self.led >= 0 else None,
        }
        if full:
            done: tuple[dict[str, Any], ...] = self.__dict__.get("_trick_info", ())
            if len(done) != len(self.tricks):
                done += tuple({"leader": lead, "cards": [CODES[c] for c in cards], "winner": w,
                               "points": p} for lead, cards, w, p in self.tricks[len(done):])
                self._trick_info = done
            info["tricks"] = list(done)
        info["card_points"] = list(self.card_points)
        info["tricks_won"] = list(self.tricks_won)
        if full:
            info["weis_announced"] = self._weis_announced()
            info["weis_shown"] = self._weis_shown()
        else:
            info["weis_announced"], info["weis_shown"] = self._weis_facts()
        info["weis_points"] = list(self.weis_points)
        info["stoeck_points"] = list(self.stoeck_points)
        return info

    def _weis_announced(self) -> dict[str, int]:
        return {str(s): sum(w.value for w in ws) for s, ws in self.declared.items()
                if self.played_first >> s & 1}

    def _weis_shown(self) -> dict[str, list[dict[str, Any]]]:
        return {str(s): [w.to_dict() for w in ws] for s, ws in self.shown_weis.items()}

    def _weis_facts(self) -> tuple[dict[str, int], dict[str, list[dict[str, Any]]]]:
        """The Weis announced and shown, made again only when they change (``declared``
        and its lists are set when the play starts, ``shown_weis`` when the Weis are
        scored; their Weis are frozen)."""
        made = self.__dict__.get("_weis_made")
        declared, first, shown = self.declared, self.played_first, self.shown_weis
        if made is None or made[0] is not declared or made[1] != first or made[2] != shown:
            made = (declared, first, dict(shown), self._weis_announced(), self._weis_shown())
            self._weis_made = made
        return made[3], made[4]

    def _own_weis(self, seat: int) -> list[dict[str, Any]]:
        """The seat's own Weis, JSON-ready (made once per seat and shared: read them only)."""
        ws = self.declared.get(seat)
        made: dict[int, tuple[list[Weis] | None, list[dict[str, Any]]]] | None = (
            self.__dict__.get("_own_weis_made"))
        if made is None:
            made = {}
            self._own_weis_made = made
        got = made.get(seat)
        if got is None or got[0] is not ws:
            got = made[seat] = (ws, [w.to_dict() for w in ws or ()])
        return got[1]

    def play_seen(self, *, follows: bool = False) -> PlaySeen:
        """What every seat has seen of the card play so far (it is all public): the trick on
        the table, the cards each seat played, the suits each seat has shown it lacks, the
        leads (and with ``follows`` every card played to a trick already led); see
        :mod:`atout.games.jass.seen`."""
        orders = self.__dict__.get("orders_from")
        if orders is None:  # the play has not started
            n = len(self.hands)
            return PlaySeen([0] * n, [0] * n)
        plays: list[tuple[int, int]] = []
        for lead, cards, _, _ in self.tricks:
            plays += zip(orders[lead], cards, strict=True)
        plays += zip(self.trick_seats, self.trick, strict=True)
        return play_seen(plays, self.mode, len(self.hands), self.trick_size, follows=follows)

    def _table(self) -> tuple[tuple[int, str], ...]:
        return tuple(zip(self.trick_seats, [CODES[c] for c in self.trick], strict=True))

    pickle_constants: ClassVar[tuple[str, ...]] = (
        "side_of", "nsides", "weis_enabled", "big_sequences", "strict_under", "buur_free",
        "nine_sequence", "low_fours", "weis_share", "stoeck_enabled", "weis_scoring")
    """The options' fields a pickle leaves out (:attr:`atout.core.Deal.pickle_constants`)."""
    pickled_phases: tuple[Any, ...] = ()
    """The deal class's phases in order: a pickle carries the phase as its index here."""

    def _pickle_state(self) -> dict[str, Any]:
        """The state to pickle, cheaply (:func:`atout.games.jass.pickling.pickle_state`):
        plain ints and tuples, without the caches made on demand."""
        return pickle_state(self, self.pickled_phases)

    def _after_unpickle(self) -> None:
        """Read back what :meth:`_pickle_state` wrote."""
        after_unpickle(self, self.pickled_phases)
