"""A table: a game, its seats (people, bots, stand-ins), its numbered updates and its chat.

The logic only: no socket, no clock, no store. The hub (:mod:`atout.server.hub`) checks an
action here, writes it to the store, then applies it here and sends each recipient its own
filtered update. Every change of a table is an :class:`Update` with the next number, so a
client that comes back with the last number it saw gets exactly what it missed.
"""

from __future__ import annotations

import secrets
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from atout.core import JSON, Action, Deal, Event, IllegalAction, Match, MatchResult, Rules
from atout.events import MatchEvent
from atout.store import stopped_result

from .accounts import Player
from .names import skeleton
from .protocol import encode
from .visibility import Sight, events_for

KEEP = 500
"""How many updates a table keeps for clients that come back (older: a snapshot)."""


class TableError(Exception):
    """A request the table refuses: a code and a sentence."""

    def __init__(self, code: str, message: str, *, refusal: tuple[str, dict[str, Any]] |
                 None = None, params: dict[str, JSON] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.params: dict[str, JSON] = dict(params or {})
        """The refusal's facts as data (``seats_empty``: the empty ``seats``, numbered
        from 0 as in the protocol), for the words in the player's language."""
        self.refusal = refusal
        """The engine's reason as data (its code and parameters) for an illegal action."""
        self.said: str | None = None
        """The refusal in the player's words, when the client asked for words."""


@dataclass
class SeatState:
    """Who sits at a seat: a person (connected or not), a bot, or nobody."""

    player: Player | None = None
    bot: str | None = None
    connected: bool = False
    standin: bool = False
    """A bot plays for the person, who dropped and has not come back."""
    shown: str | None = None
    """The name the table shows when another person there has one that looks the same
    ("Ana (2)"), else None: the player's own."""

    @property
    def name(self) -> str | None:
        """The person's name as the table shows it, or None."""
        return self.shown or (self.player.name if self.player else None)

    def to_dict(self, seat: int) -> dict[str, JSON]:
        """A JSON-ready dict."""
        return {"seat": seat, "name": self.name,
                "kind": self.player.kind if self.player else None, "bot": self.bot,
                "connected": self.connected, "standin": self.standin}


@dataclass(frozen=True)
class Update:
    """One change of a table, numbered from 1."""

    n: int
    kind: str
    events: tuple[Event, ...] = ()
    seat: int | None = None
    action: str | None = None
    chat: dict[str, JSON] | None = None
    next: int | None = None
    result: dict[str, JSON] | None = None
    hidden: frozenset[int | None] = frozenset()
    """The recipients that may not know the action (a Tarot écart), as the engine says
    (:meth:`atout.Deal.hidden_from`; None: nobody seated): they get it as null."""

    def action_for(self, seat: int | None) -> str | None:
        """The action as ``seat`` (None: a spectator) may know it."""
        return None if seat in self.hidden else self.action


@dataclass
class Table:
    """One table of the server."""

    id: int
    rules: Rules[Any]
    match: Match
    host: int | None
    seats: list[SeatState]
    private: bool = False
    rated: bool = False
    """A finished game changes its people's ratings (:mod:`atout.server.ratings`)."""
    invite: str | None = None
    deals: int | None = None
    clock: float | None = None
    started: bool = False
    over: bool = False
    epoch: str = field(default_factory=lambda: secrets.token_hex(4))
    n: int = 0
    updates: deque[Update] = field(default_factory=lambda: deque(maxlen=KEEP))
    chat: deque[dict[str, JSON]] = field(default_factory=lambda: deque(maxlen=100))
    spectators: int = 0
    bot_pending: bool = False
    """A bot's move is scheduled (the hub schedules one at a time)."""

    # -- facts ----------------------------------------------------------------------------------
    @property
    def status(self) -> str:
        """``waiting`` (seats being filled), ``playing`` or ``over``."""
        return "over" if self.over else "playing" if self.started else "waiting"

    def info(self) -> dict[str, JSON]:
        """The table as the lobby shows it (public); once over, with the game's ``result``
        (the views then show the last deal, without the game's scores)."""
        out: dict[str, JSON] = {
                "table": self.id, "game": self.rules.name, "title": self.rules.title,
                "options": self.rules.options_dict(), "private": self.private,
                "rated": self.rated,
                "host": self.host, "status": self.status, "deals": self.deals,
                "clock": self.clock, "seats": [s.to_dict(i) for i, s in enumerate(self.seats)],
                "spectators": self.spectators}
        if self.over:
            out["result"] = self.result().to_dict()
        return out

    def seat_of(self, player: int) -> int | None:
        """The seat of a person at this table, or None."""
        return next((i for i, s in enumerate(self.seats)
                     if s.player is not None and s.player.id == player), None)

    def shown(self) -> Match | Deal:
        """What the views show: the game, or its last deal once a deal limit ended it (the
        match itself has dealt the next one already)."""
        if self.over and not self.match.is_over and self.match.deals:
            return self.match.deals[-1]
        return self.match

    @property
    def played(self) -> int:
        """How many actions the table has applied (and sent) so far."""
        return sum(len(h) for h in self.match.history)

    def bot_seat(self) -> int | None:
        """The seat to move when a bot (or a stand-in) plays it, else None."""
        if not self.started or self.over:
            return None
        seat = self.match.to_move
        if seat is None:
            return None
        s = self.seats[seat]
        return seat if s.bot is not None or s.standin else None

    # -- seats ----------------------------------------------------------------------------------
    def _free(self, seat: int) -> SeatState:
        if not 0 <= seat < len(self.seats):
            raise TableError("bad_seat", f"the seat field counts from 0: this table has seats 0 to "
                             f"{len(self.seats) - 1}")
        return self.seats[seat]

    def sit(self, player: Player, seat: int) -> Update:
        """Seat a person (before the start, or back at the seat held for them)."""
        s = self._free(seat)
        mine = self.seat_of(player.id)
        if mine == seat:
            s.connected, s.standin = True, False
            return self._push("seat", seat=seat)
        if self.started:
            raise TableError("started", "the game has started: only the players who sat "
                             "down may take their seats again")
        if s.player is not None or s.bot is not None:
            raise TableError("taken", f"seat {seat + 1} is taken")
        if mine is not None:
            self.seats[mine] = SeatState()
        self.seats[seat] = SeatState(player=player, connected=True,
                                     shown=self._distinct(player.name, seat))
        return self._push("seat", seat=seat)

    def _distinct(self, name: str, seat: int) -> str | None:
        """None when ``name`` looks like no other person's at the table, else the name
        with the first number that makes it distinct: two guests may share a nickname,
        and "Ana plays the ace" must say which one."""
        taken = {skeleton(s.name) for i, s in enumerate(self.seats)
                 if i != seat and s.name is not None}
        if skeleton(name) not in taken:
            return None
        number = 2
        while skeleton(f"{name} ({number})") in taken:
            number += 1
        return f"{name} ({number})"

    def stand(self, player: int) -> Update | None:
        """A person leaves: the seat is freed before the start, held (a stand-in plays)
        after."""
        seat = self.seat_of(player)
        if seat is None:
            return None
        if self.started and not self.over:
            self.seats[seat].connected = False
            self.seats[seat].standin = True
        else:
            self.seats[seat] = SeatState()
        return self._push("seat", seat=seat)

    def dropped(self, player: int) -> Update | None:
        """A person's connection closed: the seat is held (grace period)."""
        seat = self.seat_of(player)
        if seat is None or not self.seats[seat].connected:
            return None
        self.seats[seat].connected = False
        return self._push("seat", seat=seat)

    def stand_in(self, player: int) -> Update | None:
        """The grace period is over: a bot plays for the absent person until they return."""
        seat = self.seat_of(player)
        if seat is None or self.seats[seat].connected or self.seats[seat].standin:
            return None
        self.seats[seat].standin = True
        return self._push("standin", seat=seat)

    def set_bot(self, player: int, seat: int, bot: str | None) -> Update:
        """The host puts a bot at a seat (or takes it away), before the start."""
        self._host_only(player)
        s = self._free(seat)
        if self.started:
            raise TableError("started", "the game has started: the seats are set")
        if s.player is not None:
            raise TableError("taken", f"seat {seat + 1} is taken by {s.name}")
        self.seats[seat] = SeatState(bot=bot)
        return self._push("seat", seat=seat)

    def next_host(self) -> int | None:
        """Before the start: the host while connected here, else the first person still
        connected here (the table is handed on), else None (nobody waits here any more)."""
        here = [s.player.id for s in self.seats if s.player is not None and s.connected]
        return self.host if self.host in here else here[0] if here else None

    def new_host(self, player: int) -> Update:
        """Another person seated here becomes the host (the host left before the start)."""
        self.host = player
        return self._push("host", seat=self.seat_of(player))

    def _host_only(self, player: int) -> None:
        if player != self.host:
            raise TableError("not_host", "only the table's host may do this")

    def start(self, player: int) -> Update:
        """The host starts the game once every seat is filled."""
        self._host_only(player)
        if self.started:
            raise TableError("started", "the game has already started")
        empty = [i for i, s in enumerate(self.seats) if s.player is None and s.bot is None]
        if empty:  # a sentence counts seats from 1, as the players do; the data from 0
            raise TableError("seats_empty", "every seat needs a player or a bot; empty: "
                             + ("seat " if len(empty) == 1 else "seats ")
                             + ", ".join(str(s + 1) for s in empty),
                             params={"seats": list(empty)})
        self.started = True
        return self._push("start")

    # -- play -----------------------------------------------------------------------------------
    def check(self, seat: int | None, action: str) -> Action:
        """The action ``seat`` asks for, if it may play it now; ``TableError`` saying why not
        otherwise (nothing changes)."""
        if not self.started:
            raise TableError("not_started", "the game has not started")
        if self.over:
            raise TableError("over", "the game is over")
        if seat is None:
            raise TableError("not_seated", "you do not sit at this table")
        if self.match.to_move != seat:
            raise TableError("not_your_turn", f"it is seat {self.match.to_move}'s turn, not "
                             f"yours (seat {seat})")
        try:
            parsed = self.rules.actions.parse(action)
        except IllegalAction as exc:
            raise TableError("illegal", exc.reason,
                             refusal=(exc.code, dict(exc.params))) from None
        if not self.match.legal_mask() >> int(parsed) & 1:
            probe = self.match.deal.clone()
            try:
                probe.play(parsed)
            except IllegalAction as exc:
                raise TableError("illegal", exc.reason,
                                 refusal=(exc.code, dict(exc.params))) from None
            raise TableError("illegal", f"{parsed.text} is not allowed now")  # pragma: no cover
        return parsed

    def check_all(self, seat: int, actions: list[str]) -> None:
        """Whether ``seat`` may play ``actions`` one after another from now, each its own
        turn: checked on a copy of the game (nothing changes); ``TableError`` naming the
        first that may not be played otherwise (its ``params["action"]``)."""
        if len(actions) == 1:
            return  # one action: checked as it is played (:meth:`check`)
        self.check(seat, actions[0])
        probe = self.match.clone()
        for k, action in enumerate(actions):
            if probe.is_over or probe.to_move != seat:
                raise TableError("not_your_turn", f"after {k} of these actions it is no "
                                 f"longer your turn: {action} cannot follow them",
                                 params={"action": action})
            try:
                parsed = self.rules.actions.parse(action)
                if not probe.legal_mask() >> int(parsed) & 1:
                    probe.clone().play(parsed)  # raises IllegalAction with the reason
                    raise IllegalAction(f"{action} is not allowed now")  # pragma: no cover
                probe.play(parsed)
            except IllegalAction as exc:
                error = TableError("illegal", exc.reason, params={"action": action},
                                   refusal=(exc.code, dict(exc.params)))
                raise error from None

    def apply(self, action: Action) -> Update:
        """Play a checked action (already written to the store)."""
        seat = self.match.to_move
        deal = self.match.deal
        events = tuple(self.match.play(action))
        hidden = deal.hidden_from()
        if self.deals is not None and not self.match.is_over and \
                len(self.match.deals) >= self.deals:
            self.over = True
            events = tuple(e for e in events if e.kind != MatchEvent.NEW_DEAL)
        if self.match.is_over:
            self.over = True
        return self._push("action", events=events, seat=seat, action=action.text,
                          hidden=hidden)

    def result(self) -> MatchResult:
        """The result of the finished game (the best scores so far when a deal limit ended
        it)."""
        if self.match.is_over:
            return self.match.result
        return stopped_result([float(x) for x in self.match.scores], len(self.match.deals))

    def say(self, who: str, seat: int | None, text: str) -> Update:
        """A line of chat."""
        line: dict[str, JSON] = {"name": who, "seat": seat, "text": text}
        self.chat.append(line)
        return self._push("chat", chat=line)

    def ended(self) -> Update:
        """The game's end, with its result."""
        return self._push("end", result=self.result().to_dict())

    def rematch(self, new_table: int) -> Update:
        """Everyone is invited to the next table."""
        return self._push("rematch", next=new_table)

    def _push(self, kind: str, **data: Any) -> Update:
        self.n += 1
        update = Update(self.n, kind, **data)
        self.updates.append(update)
        return update

    # -- what a recipient gets ----------------------------------------------------------------
    def since(self, after: int) -> list[Update] | None:
        """The updates after number ``after``, or None when some are no longer kept."""
        if after >= self.n:
            return []
        if not self.updates or self.updates[0].n > after + 1:
            return None
        return [u for u in self.updates if u.n > after]

    def frame(self, update: Update, seat: int | None) -> dict[str, JSON]:
        """An update as ``seat`` (None: a spectator) may receive it."""
        return self._frame(update, seat, Sight(self.shown()), self.info())

    def frames(self, update: Update,
               seats: Iterable[int | None]) -> dict[int | None, dict[str, JSON]]:
        """An update for each seat in ``seats`` (None: the spectators), each filtered for
        that seat: the views and the table's info are computed once per update and per seat,
        however many connections share a seat."""
        sight, info = Sight(self.shown()), self.info()
        return {seat: self._frame(update, seat, sight, info) for seat in set(seats)}

    def encoded_frames(self, update: Update,
                       seats: Iterable[int | None]) -> dict[int | None, str]:
        """:meth:`frames`, each encoded once as JSON text."""
        return {seat: encode(frame) for seat, frame in self.frames(update, seats).items()}

    def _frame(self, update: Update, seat: int | None, sight: Sight,
               info: dict[str, JSON]) -> dict[str, JSON]:
        out: dict[str, JSON] = {"type": "update", "table": self.id, "epoch": self.epoch,
                                "n": update.n, "kind": update.kind,
                                "events": events_for(update.events, seat),
                                "info": info, "view": sight.view(seat),
                                "seat": update.seat, "action": update.action_for(seat)}
        if update.chat is not None:
            out["chat"] = update.chat
        if update.next is not None:
            out["next"] = update.next
        if update.result is not None:
            out["result"] = update.result
        return out

    def snapshot(self, seat: int | None) -> dict[str, JSON]:
        """The whole table as ``seat`` may see it."""
        return {"type": "table", "table": self.id, "epoch": self.epoch, "n": self.n,
                "info": self.info(), "seat": seat, "view": Sight(self.shown()).view(seat),
                "chat": list(self.chat),
                "invite": self.invite if seat is not None or not self.private else None}


__all__ = ["KEEP", "SeatState", "Table", "TableError", "Update"]
