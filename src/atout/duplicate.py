"""Duplicate tournaments for clubs: several tables play the same deals (*boards*), the seats
rotated so that each board's cards go to each team (or each player) in turn, and every result
is compared with the other tables' results on the same cards.

A table has *places* 0..n-1, one entrant each (a person's name, or None for a computer
player). On board ``b`` at table ``t`` the entrant at place ``p`` sits at seat
``(p + shift(t, b)) % n`` of the board's deal, where ``shift`` walks the rotation steps
``(t + b) % k``:

- a team game whose teams alternate round the table (Jass: seats 0+2 against 1+3) has ``k``
  steps, one per team; a step moves every team onto the next team's seats, so with two
  tables a Jass board is played once with each side holding each team's cards;
- any other game (Putze, Pitch, Knock Rummy, Tarot whose taker calls a partner during the
  deal) has a step per seat: each entrant moves one seat on, as the players move in a
  free-for-all duplicate.

An entrant's score on a board is their seat's points minus the mean of the points scored from
that seat by all the tables (the *datum*): plus means better than the room with the same cards.

>>> club = Club("jass", deals=2, tables=2, seed=5)
>>> [club.shift(t, 0) for t in range(2)], [club.shift(t, 1) for t in range(2)]
([0, 1], [1, 0])
"""

from __future__ import annotations

import csv
import io
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import atout
from atout.bots import player_bot
from atout.core import deal_seed

Chooser = Callable[[int, int, int, Any], str]
"""Called with (table, place, seat, view) for a person's decision; returns the action."""

MOST_DEALS = 64
"""The most boards a tournament may have."""
MOST_TABLES = 32
"""The most tables a tournament may have."""


def team_step(rules: atout.Rules[Any]) -> tuple[int, int] | None:
    """``(steps, seat shift per step)`` for a game with fixed teams that a seat shift moves
    onto each other; None for a game played without fixed teams."""
    n = rules.seats
    teams = rules.deal(seed=0).view(0).info.get("teams")
    if not (isinstance(teams, list) and len(teams) > 1
            and all(isinstance(t, list) for t in teams)):
        return None
    team_of = [0] * n
    for i, members in enumerate(teams):
        assert isinstance(members, list)
        for s in members:
            team_of[int(str(s))] = i
    k = len(teams)
    for shift in range(1, n):
        if all(team_of[(s + shift) % n] == (team_of[s] + 1) % k for s in range(n)):
            return k, shift
    return None


@dataclass(frozen=True)
class Club:
    """A duplicate tournament: the game and its options, the number of boards, of tables and
    the seed from which every board's deal comes (board ``b``: ``deal_seed(seed, b)``, dealt
    by seat ``b % seats``, unless that deal is void: see :attr:`redeal`)."""

    game: str
    deals: int
    tables: int
    seed: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    redeal: bool = True
    """Whether a board whose deal is void before anyone has a choice (a Tarot petit sec,
    whose holder must declare it) is dealt again: from ``deal_seed(board seed, k)``,
    ``k = 1, 2, ...``, the first deal that is not. A void board compares nothing, and a
    one-board tournament would be over before it began. Tournaments stored before this
    existed replay with False."""

    def __post_init__(self) -> None:
        if not 1 <= self.deals <= MOST_DEALS:
            raise ValueError(f"a tournament has from 1 to {MOST_DEALS} deals, not {self.deals}")
        if not 1 <= self.tables <= MOST_TABLES:
            raise ValueError(f"a tournament has from 1 to {MOST_TABLES} tables, "
                             f"not {self.tables}")

    @cached_property
    def _rules(self) -> atout.Rules[Any]:
        return atout.make(self.game, **self.options)

    def rules(self) -> atout.Rules[Any]:
        """The game's rules with the tournament's options."""
        return self._rules

    @property
    def seats(self) -> int:
        """Places at each table."""
        return self._rules.seats

    @cached_property
    def _step(self) -> tuple[int, int]:
        return team_step(self._rules) or (self.seats, 1)

    @property
    def rotation_by(self) -> str:
        """What the seats rotate by: ``"teams"`` (a game with fixed teams) or ``"seats"``."""
        return "teams" if team_step(self._rules) is not None else "seats"

    @property
    def rotation_steps(self) -> int:
        """How many rotation steps there are before the seats come back."""
        return self._step[0]

    @property
    def rotation(self) -> str:
        """How the seats rotate, in English words (a page builds its own from
        :attr:`rotation_by` and :attr:`rotation_steps`)."""
        k = self.rotation_steps
        if self.rotation_by == "teams":
            return f"teams: {k} steps, every team moving onto the next team's seats"
        return f"seats: {k} steps, every player moving one seat on"

    def shift(self, table: int, board: int) -> int:
        """How many seats on the entrants of ``table`` sit for ``board``."""
        k, step = self._step
        return ((table + board) % k) * step % self.seats

    def seat_of(self, table: int, board: int, place: int) -> int:
        """The deal's seat of the entrant at ``place`` of ``table`` on ``board``."""
        return (place + self.shift(table, board)) % self.seats

    def board_seed(self, board: int) -> int:
        """The seed of board ``board``'s deal."""
        return deal_seed(self.seed, board)

    def deal(self, board: int) -> atout.Deal:
        """A fresh deal of board ``board`` (the same at every table)."""
        if not 0 <= board < self.deals:
            raise ValueError(f"there is no board {board}: boards are 0 to {self.deals - 1}")
        return board_deal(self._rules, self.board_seed(board), board % self.seats,
                          self.redeal)


REDEALS = 64
"""The most times :meth:`Club.deal` deals a void board again (a bound that is never reached:
a Tarot petit sec comes about once in 500 deals)."""


def board_deal(rules: atout.Rules[Any], seed: int, dealer: int,
               redeal: bool = True) -> atout.Deal:
    """The deal from ``seed``; when it is void before anyone has a choice
    (:func:`void_at_once`) and ``redeal`` holds, the first of the deals from
    ``deal_seed(seed, k)``, ``k = 1, 2, ...``, that is not. Boards played in duplicate (a
    tournament's, the deal of the day's) come from here: a void board compares nothing."""
    deal = rules.deal(seed=seed, dealer=dealer)
    again = 0
    while redeal and again < REDEALS and void_at_once(deal):
        again += 1
        deal = rules.deal(seed=deal_seed(seed, again), dealer=dealer)
    return deal


def void_at_once(deal: atout.Deal) -> bool:
    """Whether ``deal`` ends before anyone has a choice: every action until its end is the
    only legal one (a Tarot petit sec, which voids the deal)."""
    probe = deal.clone()
    while probe.to_move is not None:
        legal = probe.legal_actions()
        if len(legal) != 1:
            return False
        probe.play(legal[0])
    return True


@dataclass(frozen=True)
class Played:
    """One board played at one table: its actions in order and each seat's points."""

    table: int
    board: int
    actions: tuple[str, ...]
    points: tuple[float, ...]


@dataclass(frozen=True)
class Line:
    """An entrant's result on a board."""

    board: int
    table: int
    place: int
    name: str
    seat: int
    points: float
    datum: float
    """The mean points of that seat on that board over all tables."""

    @property
    def difference(self) -> float:
        """Points above (below, if negative) the datum."""
        return self.points - self.datum


@dataclass(frozen=True)
class Standing:
    """An entrant over the whole tournament."""

    table: int
    place: int
    name: str
    points: float
    difference: float
    boards: int


def replay(club: Club, table: int, board: int, actions: Sequence[str]) -> Played:
    """The board rebuilt from its actions (``ValueError`` in words if one does not play)."""
    deal = club.deal(board)
    for i, a in enumerate(actions):
        try:
            deal.play(a)
        except atout.IllegalAction as exc:
            raise ValueError(f"board {board} at table {table}: action {i} ({a}) does not "
                             f"play: {exc.reason}") from None
    if not deal.is_over:
        raise ValueError(f"board {board} at table {table} is not over after "
                         f"{len(actions)} actions")
    return Played(table, board, tuple(actions), tuple(float(p) for p in deal.result.points))


def play_board(club: Club, table: int, board: int, entrants: Sequence[str | None],
               bot: str = "heuristic", person: Chooser | None = None) -> Played:
    """Play a board at a table: computer players (``bot``) at the empty places (None), the
    people's decisions from ``person``."""
    rules = club.rules()
    deal = club.deal(board)
    seat_place = {club.seat_of(table, board, p): p for p in range(club.seats)}
    bots = {seat: player_bot(bot, rules, seat, deal_seed(club.board_seed(board), 1 + table))
            for seat, p in seat_place.items() if entrants[p] is None}
    actions: list[str] = []
    while (seat := deal.to_move) is not None:
        view = deal.view(seat)
        if seat in bots:
            action = str(bots[seat].choose(view))
        elif person is None:
            raise ValueError("a person sits at this table: give their decisions (person=)")
        else:
            action = person(table, seat_place[seat], seat, view)
        deal.play(action)
        actions.append(str(action))
    return Played(table, board, tuple(actions), tuple(float(p) for p in deal.result.points))


@dataclass(frozen=True)
class Results:
    """A tournament's boards as played, and the results drawn from them."""

    club: Club
    entrants: tuple[tuple[str | None, ...], ...]
    played: tuple[Played, ...]

    def name(self, table: int, place: int) -> str:
        """An entrant's name (a computer player: ``bot T.P``)."""
        return self.entrants[table][place] or f"bot {table + 1}.{place + 1}"

    def lines(self) -> list[Line]:
        """Every entrant's result on every board played, by board, table and place."""
        by_board: dict[int, list[Played]] = {}
        for p in self.played:
            by_board.setdefault(p.board, []).append(p)
        out = []
        for board in sorted(by_board):
            tables = sorted(by_board[board], key=lambda p: p.table)
            datum = [statistics.fmean(p.points[s] for p in tables)
                     for s in range(self.club.seats)]
            for p in tables:
                for place in range(self.club.seats):
                    seat = self.club.seat_of(p.table, board, place)
                    out.append(Line(board, p.table, place, self.name(p.table, place), seat,
                                    p.points[seat], datum[seat]))
        return out

    def standings(self) -> list[Standing]:
        """Every entrant over all the boards, best difference first."""
        sums: dict[tuple[int, int], list[float]] = {}
        for line in self.lines():
            acc = sums.setdefault((line.table, line.place), [0.0, 0.0, 0.0])
            acc[0] += line.points
            acc[1] += line.difference
            acc[2] += 1
        rows = [Standing(t, p, self.name(t, p), acc[0], acc[1], int(acc[2]))
                for (t, p), acc in sums.items()]
        return sorted(rows, key=lambda s: (-s.difference, -s.points, s.table, s.place))

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready record: the tournament, the lines per board and the standings."""
        c = self.club
        return {
            "game": c.game, "options": dict(c.options), "deals": c.deals, "tables": c.tables,
            "rotation": c.rotation, "rotation_by": c.rotation_by,
            "rotation_steps": c.rotation_steps,
            "boards": [{"board": ln.board, "table": ln.table, "place": ln.place,
                        "name": ln.name, "seat": ln.seat, "points": ln.points,
                        "datum": round(ln.datum, 4), "difference": round(ln.difference, 4)}
                       for ln in self.lines()],
            "standings": [{"rank": i + 1, "name": s.name, "table": s.table, "place": s.place,
                           "points": s.points, "difference": round(s.difference, 4),
                           "boards": s.boards} for i, s in enumerate(self.standings())],
        }

    def csv(self) -> str:
        """The results as CSV: a row per entrant per board, then a row per entrant overall
        (board ``total``)."""
        out = io.StringIO()
        w = csv.writer(out, lineterminator="\n")
        w.writerow(["board", "table", "place", "name", "seat", "points", "datum",
                    "difference"])
        for ln in self.lines():
            w.writerow([ln.board + 1, ln.table + 1, ln.place + 1, ln.name, ln.seat,
                        _num(ln.points), _num(ln.datum), _num(ln.difference)])
        for s in self.standings():
            w.writerow(["total", s.table + 1, s.place + 1, s.name, "", _num(s.points), "",
                        _num(s.difference)])
        return out.getvalue()


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:.4f}".rstrip("0")


def play_all(club: Club, entrants: Sequence[Sequence[str | None]] | None = None,
             bot: str = "heuristic", person: Chooser | None = None) -> Results:
    """Play every board at every table (computer players at every place by default)."""
    seats = club.seats
    ent = tuple(tuple(row) for row in entrants) if entrants is not None \
        else tuple((None,) * seats for _ in range(club.tables))
    if len(ent) != club.tables or any(len(row) != seats for row in ent):
        raise ValueError(f"give {club.tables} tables of {seats} places each")
    played = tuple(play_board(club, t, b, ent[t], bot, person)
                   for b in range(club.deals) for t in range(club.tables))
    return Results(club, ent, played)
