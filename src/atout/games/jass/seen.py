"""What a seat has seen of a Jass-family card play: the trick on the table, the cards each seat
played, the suits each seat has shown it lacks.

The card play is public (every card is played face up), so what any seat has seen of it follows
from the cards played in order: :func:`play_seen` folds them into a :class:`PlaySeen`.
:func:`view_plays` reads those cards from a seat's :class:`~atout.core.View` and
:meth:`~atout.games.jass.play.TrickPlay.play_seen` from a deal, so a bot never rebuilds the
trick itself. Who wins a trick is read from the trick keys of :mod:`atout.games.trick`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from atout.core import Rules, View
from atout.games.jass.ranks import JACK, POWER, SUIT_MASK, TRICK_KEYS, VALUE
from atout.games.trick import beats

FULL = (1 << 36) - 1
"""Every card of the Jass deck."""
TRUMP_BASE = 36
"""The first action id that is not a card (the trump choices and what follows)."""


def void_shown(card: int, led: int, best: int, mode: int) -> int:
    """The cards a player shows he lacks by playing ``card`` to a trick led in suit ``led``
    and won so far by ``best``: the suit led when he neither follows nor trumps (but the
    Buur, which need not follow), every side card when he under-trumps."""
    suit = card // 9
    if suit != led and suit != mode:
        # not following and not trumping: the seat has none of the suit led
        lacks = SUIT_MASK[led]
        if mode < 4 and led == mode:
            lacks &= ~(1 << (mode * 9 + JACK))  # the Buur need not follow
        return lacks
    power = POWER[mode]
    if suit != led and power[best] >= 100 and power[card] < power[best]:
        # under-trumping is allowed only with nothing else in hand
        return FULL & ~SUIT_MASK[mode]
    return 0


class Follow(NamedTuple):
    """A card played to a trick already led, and the trick as the player found it."""

    seat: int
    card: int
    pos: int
    """How many cards were on the table."""
    led: int
    """The suit led."""
    best: int
    """The card winning the trick before this one."""
    best_seat: int
    points: int
    """The card points on the table."""
    before: int
    """Every card played before this one."""


@dataclass
class PlaySeen:
    """What every seat has seen of the card play so far (all of it is public)."""

    played: list[int]
    """Per seat, the mask of the cards it played."""
    voids: list[int]
    """Per seat, the cards it has shown it lacks (:func:`void_shown`)."""
    trick: list[tuple[int, int]] = field(default_factory=list)
    """The trick on the table, ``(seat, card)`` in the order played."""
    led: int = -1
    """The suit led to the trick on the table (-1: none yet)."""
    best: int = -1
    """The card winning the trick on the table (-1: none yet)."""
    best_seat: int = -1
    """Its seat (-1: none yet)."""
    leads: list[tuple[int, int, int]] = field(default_factory=list)
    """Every lead so far: the seat, the card and every card played before it."""
    follows: list[Follow] = field(default_factory=list)
    """Every card played to a trick already led, with the trick as it stood (only when
    :func:`play_seen` is asked for them)."""


def play_seen(plays: Iterable[tuple[int, int]], mode: int, seats: int, trick_size: int, *,
              follows: bool = False) -> PlaySeen:
    """Fold the cards played, ``(seat, card)`` in order, into what every seat has seen, for a
    table of ``seats`` seats whose tricks have ``trick_size`` cards, in trump ``mode``.

    With ``follows`` it also records every card played to a trick already led
    (:attr:`PlaySeen.follows`)."""
    seen = PlaySeen([0] * seats, [0] * seats)
    keys = TRICK_KEYS[mode] if mode >= 0 else TRICK_KEYS[0]
    value = VALUE[mode] if mode >= 0 else VALUE[0]
    trick = seen.trick
    led = best = best_seat = -1
    before = 0
    for actor, card in plays:
        seen.played[actor] |= 1 << card
        if not trick:
            led, best, best_seat = card // 9, card, actor
            seen.leads.append((actor, card, before))
        else:
            if follows:
                seen.follows.append(Follow(actor, card, len(trick), led, best, best_seat,
                                           sum(value[c] for _, c in trick), before))
            seen.voids[actor] |= void_shown(card, led, best, mode)
            if beats(keys[led], card, best):
                best, best_seat = card, actor
        trick.append((actor, card))
        before |= 1 << card
        if len(trick) == trick_size:
            trick.clear()
            led = best = best_seat = -1
    seen.led, seen.best, seen.best_seat = led, best, best_seat
    return seen


def view_plays(rules: Rules[Any], view: View, gone: int = 0) -> list[tuple[int, int]]:
    """The cards played in a seat's view, ``(seat, card)`` in order: the card actions of its
    history, but for the cards of ``gone`` (put away before the play, not played)."""
    parse = rules.actions.parse
    out: list[tuple[int, int]] = []
    for actor, text in view.history:
        if text is None:
            continue
        a = int(parse(text))
        if a < TRUMP_BASE and not gone >> a & 1:
            out.append((actor, a))
    return out


__all__ = ["FULL", "Follow", "PlaySeen", "play_seen", "view_plays", "void_shown"]
