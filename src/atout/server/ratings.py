"""Ratings of rated games, with OpenSkill (Plackett-Luce model, the library's defaults).

Who plays against whom (:func:`outcomes`):

- Jass: the partners (seats 0 and 2 against 1 and 3), ranked by the match's final score.
- Tarot: every deal with a taker is one result, the taker and the called partner against the
  defence, won by the side that scored (the deals in order: a match of five deals moves the
  ratings five times, and its change is written once).
- Putze, Pitch, Knock Rummy: everyone for themselves, ranked by final score, ties as ties;
  Pitch in partnerships: the partners together.

A rating is per *pool*: the game, and its player count where the game changes with it
(:func:`pool_of`). Computer players have fixed ratings per bot name (:data:`BOT_RATINGS`,
docs/server.md says how they were measured): they weigh in the computation, and never move.
Guests are not rated: they count as a newcomer (mu 25, sigma 25/3), and nothing is written.

A person who left a rated game before its end (their seat played by the stand-in when the
game ends) *abandoned* it: the whole game is then one result where the leaver's side ranks
last (below everyone, in any game), the others in the order of their scores; the leaver's
partners who stayed keep their rating unchanged (the game counts for them, neither won nor
lost).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from typing import TYPE_CHECKING, Any

from sqlalchemy import Connection

from atout.core import Match, MatchResult
from atout.store.ratings import NewRating, current, record

if TYPE_CHECKING:
    from .table import Table

MU = 25.0
"""A newcomer's mu (OpenSkill's default)."""
SIGMA = 25.0 / 3
"""A newcomer's sigma (OpenSkill's default)."""
log = logging.getLogger("atout.server")
FIXED_SEATS = frozenset({"jass"})
"""The games whose player count never changes: their pool is the game's name alone."""


def _load_bots() -> dict[str, dict[str, tuple[float, float]]]:
    text = resources.files("atout.server").joinpath("bot_ratings.json").read_text("utf-8")
    data = json.loads(text)["ratings"]
    return {pool: {bot: (float(v["mu"]), float(v["sigma"])) for bot, v in bots.items()}
            for pool, bots in data.items()}


BOT_RATINGS: dict[str, dict[str, tuple[float, float]]] = _load_bots()
"""The computer players' fixed (mu, sigma) per pool and bot name (``bot_ratings.json``)."""


@dataclass(frozen=True, slots=True)
class Sitter:
    """Who played a seat, as the ratings see it: a rated person (``player``), a guest, or a
    bot by its name."""

    player: int | None = None
    bot: str | None = None
    guest: bool = False

    @property
    def rated(self) -> bool:
        """Whether this seat's rating is written (a person with an account)."""
        return self.player is not None and not self.guest


@dataclass(frozen=True, slots=True)
class Outcome:
    """One result to rate: the sides (tuples of seats) and their ranks (1 is best, equal
    ranks are ties)."""

    sides: tuple[tuple[int, ...], ...]
    ranks: tuple[int, ...]


def pool_of(game: str, options: Mapping[str, Any]) -> str:
    """The pool of a game with these options: ``jass``, ``tarot/4``, ``putze/3``,
    ``pitch/4/partners`` ..."""
    if game in FIXED_SEATS:
        return game
    import atout

    rules = atout.make(game, **dict(options))
    pool = f"{game}/{rules.seats}"
    if game == "pitch" and options.get("partnership"):
        pool += "/partners"
    return pool


def bot_rating(pool: str, bot: str) -> tuple[float, float]:
    """A bot's fixed (mu, sigma) in ``pool`` (a pool that was not measured: the same game's
    measured pool of the nearest player count): by its whole name
    (``search:playouts=300``), else by its base name (``search``), else a newcomer's."""
    table = BOT_RATINGS.get(pool) or BOT_RATINGS.get(nearest_pool(pool) or "", {})
    found = table.get(bot) or table.get(bot.split(":", 1)[0])
    return found if found is not None else (MU, SIGMA)


def nearest_pool(pool: str) -> str | None:
    """The measured pool of the same game (and partnership) nearest in player count."""
    game, _, rest = pool.partition("/")
    seats, _, extra = rest.partition("/")
    count = int(seats) if seats.isdigit() else 4
    same = []
    for known in BOT_RATINGS:
        g, _, r = known.partition("/")
        s, _, e = r.partition("/")
        if g == game and e == extra:
            same.append((abs((int(s) if s.isdigit() else 4) - count), known))
    return min(same)[1] if same else None


def sides_of(game: str, options: Mapping[str, Any], seats: int) -> tuple[tuple[int, ...], ...]:
    """The sides of a whole game: partners together, else every seat alone."""
    if game == "jass":
        return ((0, 2), (1, 3))
    if game == "pitch" and options.get("partnership"):
        half = seats // 2
        return tuple(tuple(s for s in range(seats) if s % half == t) for t in range(half))
    return tuple((s,) for s in range(seats))


def ranks_by(values: Sequence[float]) -> tuple[int, ...]:
    """Competition ranks, higher values first: (10, 30, 10) gives (2, 1, 2)."""
    return tuple(1 + sum(v > x for v in values) for x in values)


def outcomes(game: str, options: Mapping[str, Any], match: Match, result: MatchResult,
             abandoned: frozenset[int] = frozenset()) -> list[Outcome]:
    """The results to rate, in order (see the module's text)."""
    sides = sides_of(game, options, len(result.scores))
    if abandoned:
        left = [any(s in abandoned for s in side) for side in sides]
        low = min(result.scores) - 1
        scores = [low if gone else max(result.scores[s] for s in side)
                  for side, gone in zip(sides, left, strict=True)]
        ranks = ranks_by(scores)  # the leavers' sides tie below everyone who stayed
        last = 1 + sum(not gone for gone in left)
        return [Outcome(sides, tuple(last if gone else r
                                     for r, gone in zip(ranks, left, strict=True)))]
    if game == "tarot":
        deals = [_tarot_deal(d.result.details, d.result.points, len(result.scores))
                 for d in match.deals if d.is_over]
        found = [d for d in deals if d is not None]
        if found:
            return found
    scores = [max(result.scores[s] for s in side) for side in sides]
    return [Outcome(sides, ranks_by(scores))]


def _tarot_deal(details: Mapping[str, Any], points: Sequence[float],
                seats: int) -> Outcome | None:
    taker, partner = details.get("taker"), details.get("partner")
    if details.get("annulled") or not isinstance(taker, int):
        return None
    attack = tuple(sorted({taker, partner if isinstance(partner, int) and partner >= 0
                           else taker}))
    defence = tuple(s for s in range(seats) if s not in attack)
    won = points[taker]
    return Outcome((attack, defence), (1, 1) if won == 0 else (1, 2) if won > 0 else (2, 1))


def rate(pool: str, sitters: Sequence[Sitter], found: Sequence[Outcome],
         before: Mapping[int, tuple[float, float]], winners: Sequence[int],
         abandoned: frozenset[int] = frozenset()) -> list[NewRating]:
    """The new ratings of the rated people of a game (OpenSkill's Plackett-Luce on each
    outcome in turn; bots and guests weigh in and never move; the partners of a leaver keep
    their rating)."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    now = {s.player: before.get(s.player, (MU, SIGMA)) for s in sitters
           if s.rated and s.player is not None}
    kept = {sitters[s].player for o in found for side in o.sides
            if any(x in abandoned for x in side) for s in side if s not in abandoned}

    def rating_of(seat: int) -> Any:
        sitter = sitters[seat]
        if sitter.rated and sitter.player is not None:
            mu, sigma = now[sitter.player]
        elif sitter.bot is not None:
            mu, sigma = bot_rating(pool, sitter.bot)
        else:
            mu, sigma = MU, SIGMA
        return model.rating(mu=mu, sigma=sigma)

    for outcome in found:
        teams = [[rating_of(s) for s in side] for side in outcome.sides]
        new = model.rate(teams, ranks=list(outcome.ranks))
        for side, team in zip(outcome.sides, new, strict=True):
            for seat, r in zip(side, team, strict=True):
                who = sitters[seat].player
                if sitters[seat].rated and who is not None and who not in kept:
                    now[who] = (float(r.mu), float(r.sigma))
    out = []
    for seat, s in enumerate(sitters):
        if s.rated and s.player is not None:
            mu0, sigma0 = before.get(s.player, (MU, SIGMA))
            mu, sigma = now[s.player]
            out.append(NewRating(s.player, mu0, sigma0, mu, sigma,
                                 seat in winners and seat not in abandoned,
                                 seat in abandoned))
    return out


def sitters_of(table: Table) -> list[Sitter]:
    """The seats of a table as the ratings see them."""
    return [Sitter(s.player.id if s.player is not None else None, s.bot,
                   s.player is not None and s.player.kind == "guest") for s in table.seats]


def abandoned_seats(table: Table) -> frozenset[int]:
    """The seats whose person is away with the stand-in playing for them."""
    return frozenset(i for i, s in enumerate(table.seats)
                     if s.player is not None and s.standin and not s.connected)


def finishing(table: Table) -> tuple[frozenset[int], Callable[[Connection], None] | None]:
    """What finishing ``table`` writes besides its result: the abandoned seats, and (a rated
    table) the step that rates the game inside the finishing transaction."""
    abandoned = abandoned_seats(table)
    sitters = sitters_of(table)
    if not table.rated or not any(s.rated for s in sitters):
        return abandoned, None
    game, options = table.rules.name, table.rules.options_dict()
    try:
        pool = pool_of(game, options)
        result = table.result()
        found = outcomes(game, options, table.match, result, abandoned)
    except Exception:  # a rating must never keep a game from finishing
        log.exception("table %s: its ratings could not be worked out; finished unrated",
                      table.id)
        return abandoned, None
    people = [s.player for s in sitters if s.rated and s.player is not None]

    def step(conn: Connection) -> None:
        before = current(conn, people, pool)
        try:
            changes = rate(pool, sitters, found, before, result.winners, abandoned)
        except Exception:  # the library failed: the game finishes unrated, said in the log
            log.exception("table %s: rating failed; finished unrated", table.id)
            return
        record(conn, table.id, pool, changes)

    return abandoned, step


__all__ = ["BOT_RATINGS", "FIXED_SEATS", "MU", "SIGMA", "Outcome", "Sitter",
           "abandoned_seats", "bot_rating", "finishing", "nearest_pool", "outcomes",
           "pool_of", "ranks_by", "rate", "sides_of", "sitters_of"]
