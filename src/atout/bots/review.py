"""A deal's review: the search player replays one seat's decisions and prices each.

For every decision the seat made in the deal (with more than one legal action), the search
bot (:class:`atout.bots.search.SearchBot`) looks at the seat's own view at that moment, never
at the other hands, and rolls every legal action out on the same sampled deals (one round, no
pruning: each action gets the same number of playouts). The value of an action is its mean
margin (the seat's points minus the other seats' mean, :func:`atout.bots.parts.side_value`);
the choice's *loss* is the best action's value minus the played action's, so 0 when the
player did what the search would have done or something it rates as well. A loss is marked
as lichess marks moves: an *inaccuracy*, a *mistake* or a *blunder* past each game's
thresholds (:data:`THRESHOLDS`, in the game's points of margin; docs/bots.md).

Everything comes from a seed: the search of decision ``i`` is seeded by
:func:`decision_seed` of the review's seed, so the same deal, seat, seed and budget give the
same figures, on any machine and in any order.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from atout.bots.search import SearchBot
from atout.core import JSON, Deal, Match, Rules

THRESHOLDS: Mapping[str, tuple[float, float, float]] = {
    "jass": (3.0, 8.0, 15.0),
    "putze": (0.25, 0.5, 1.0),
    "tarot": (30.0, 75.0, 150.0),
    "pitch": (0.25, 0.5, 1.0),
    "knock-rummy": (4.0, 10.0, 20.0),
}
"""Per game, the losses (in points of margin) from which a choice is an inaccuracy, a
mistake and a blunder."""

MARKS = ("", "inaccuracy", "mistake", "blunder")
"""The marks of a choice, from none to the worst."""

DEFAULT_PLAYOUTS = 240
"""The default budget per decision (playouts shared by its legal actions)."""

Progress = Callable[[int, int], None]
"""Told ``(done, total)`` decisions as the review goes."""


def decision_seed(seed: int, index: int) -> int:
    """The search seed of the decision at action ``index`` of the deal, from the review's."""
    return random.Random(f"atout-review:{seed}:{index}").getrandbits(63)


def mark_of(game: str, loss: float) -> str:
    """The mark of a choice that lost ``loss`` points of margin in ``game`` ('' for none)."""
    found = ""
    for name, limit in zip(MARKS[1:], THRESHOLDS.get(game, THRESHOLDS["jass"]), strict=True):
        if loss >= limit:
            found = name
    return found


@dataclass(frozen=True, slots=True)
class Choice:
    """One decision of the reviewed seat: what it played, what the search would have, the
    value of each legal action tried and what the played one cost."""

    index: int
    """The action's number in the deal (from 0)."""
    phase: str
    played: str
    best: str
    values: Mapping[str, float]
    """Each legal action's mean margin over the sampled deals."""
    playouts: int
    """The playouts each action got."""
    loss: float
    mark: str

    def to_dict(self) -> dict[str, JSON]:
        """A JSON-ready dict."""
        return {"index": self.index, "phase": self.phase, "played": self.played,
                "best": self.best, "values": dict(self.values), "playouts": self.playouts,
                "loss": self.loss, "mark": self.mark}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Choice:
        """The choice of :meth:`to_dict`."""
        return cls(int(data["index"]), str(data["phase"]), str(data["played"]),
                   str(data["best"]), {str(k): float(v) for k, v in data["values"].items()},
                   int(data["playouts"]), float(data["loss"]), str(data["mark"]))


@dataclass(frozen=True, slots=True)
class Review:
    """A deal reviewed from one seat: every decision it made, in order."""

    game: str
    seat: int
    deal: int
    """The deal's number in its game (from 0)."""
    seed: int
    playouts: int
    choices: tuple[Choice, ...] = field(default=())

    @property
    def total_loss(self) -> float:
        """What all the seat's choices cost together, in points of margin."""
        return sum(c.loss for c in self.choices)

    def count(self, mark: str) -> int:
        """How many choices got ``mark``."""
        return sum(1 for c in self.choices if c.mark == mark)

    def to_dict(self) -> dict[str, JSON]:
        """A JSON-ready dict."""
        return {"game": self.game, "seat": self.seat, "deal": self.deal, "seed": self.seed,
                "playouts": self.playouts, "total_loss": self.total_loss,
                "thresholds": list(THRESHOLDS.get(self.game, THRESHOLDS["jass"])),
                "choices": [c.to_dict() for c in self.choices]}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Review:
        """The review of :meth:`to_dict`."""
        return cls(str(data["game"]), int(data["seat"]), int(data["deal"]), int(data["seed"]),
                   int(data["playouts"]),
                   tuple(Choice.from_dict(c) for c in data["choices"]))


def review_deal(rules: Rules[Any], start: Deal, actions: Sequence[str], seat: int, *,
                seed: int = 0, playouts: int = DEFAULT_PLAYOUTS, number: int = 0,
                progress: Progress | None = None) -> Review:
    """The review of ``seat``'s decisions in the deal that ``start`` (a deal before any
    action) became by ``actions`` (every action of the deal, as texts). ``ValueError`` in
    words for a seat out of range, a budget under 1 or actions that do not replay."""
    if not 0 <= seat < rules.seats:
        raise ValueError(f"seat must be from 0 to {rules.seats - 1}, not {seat}")
    if playouts < 1:
        raise ValueError(f"playouts must be at least 1, not {playouts}")
    deal = start.clone()
    mine = []
    for i, text in enumerate(actions):
        if deal.to_move == seat and len(deal.legal_actions()) > 1:
            mine.append(i)
        try:
            deal.play(text)
        except Exception as exc:
            raise ValueError(f"action {i + 1} of the deal ({text}) does not replay: {exc}") \
                from exc
    deal = start.clone()
    choices: list[Choice] = []
    done = 0
    if progress is not None:
        progress(0, len(mine))
    for i, text in enumerate(actions):
        if i in mine:
            choices.append(_weigh(rules, deal, seat, text, i, seed, playouts))
            done += 1
            if progress is not None:
                progress(done, len(mine))
        deal.play(text)
    return Review(rules.name, seat, number, seed, playouts, tuple(choices))


def _weigh(rules: Rules[Any], deal: Deal, seat: int, played: str, index: int, seed: int,
           playouts: int) -> Choice:
    """One decision priced by the search from the seat's view."""
    view = deal.view(seat)
    phase = str(getattr(view.phase, "value", view.phase))
    legal = len(view.legal)
    bot = SearchBot(rules, seat, decision_seed(seed, index), playouts=playouts * legal,
                    rounds=1, prune=0, key="search", tie=0, seconds=None)
    bot.choose(view)
    values = {a: round(v, 3) for a, (v, _) in bot.last.items()}
    counts = [n for _, n in bot.last.values()]
    if played not in values:  # the search could not sample this view: nothing to say
        return Choice(index, phase, played, played, values, 0, 0.0, "")
    best = max(values, key=lambda a: (values[a], a == played))
    loss = round(max(0.0, values[best] - values[played]), 3)
    return Choice(index, phase, played, best, values, min(counts, default=0), loss,
                  mark_of(rules.name, loss))


def deal_of(match: Match, actions: Sequence[str], number: int) -> tuple[Deal, list[str]]:
    """Deal ``number`` (from 0) of the game that ``match`` (a game before any action)
    became by ``actions``: the deal before its first action and its own actions.
    ``ValueError`` in words when the game has no such deal or the actions do not replay."""
    if number < 0:
        raise ValueError(f"the deal number must be 1 or more, not {number + 1}")
    match = match.clone()
    start: Deal | None = None
    own: list[str] = []
    for text in actions:
        if match.is_over:
            break
        here = len(match.deals)
        if here > number:
            break
        if here == number:
            if start is None:
                start = match.deal.clone()
            own.append(text)
        match.play(text)
    if start is None or not own:
        raise ValueError(f"the game has no deal {number + 1} with actions "
                         f"(it has {len(match.deals) + (0 if match.is_over else 1)})")
    return start, own


def review_game(rules: Rules[Any], match: Match, actions: Sequence[str], number: int,
                seat: int, *, seed: int = 0, playouts: int = DEFAULT_PLAYOUTS,
                progress: Progress | None = None) -> Review:
    """The review of ``seat`` in deal ``number`` (from 0) of a game: :func:`deal_of` then
    :func:`review_deal`."""
    start, own = deal_of(match, actions, number)
    return review_deal(rules, start, own, seat, seed=seed, playouts=playouts, number=number,
                       progress=progress)


__all__ = ["DEFAULT_PLAYOUTS", "MARKS", "THRESHOLDS", "Choice", "Progress", "Review",
           "deal_of", "decision_seed", "mark_of", "review_deal", "review_game"]
