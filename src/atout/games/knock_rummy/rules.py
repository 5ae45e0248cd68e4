"""Knock Rummy's rules with their options fixed, and a whole game."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from atout.core import (
    JSON,
    Deal,
    Event,
    Match,
    MatchResult,
    ranking_by,
)
from atout.events import KnockRummyEvent
from atout.games.knock_rummy.deal import KnockRummyDeal, KnockRummyDealRules
from atout.games.knock_rummy.options import KnockRummyOptions
from atout.games.knock_rummy.tables import ACTIONS

EV_STANDINGS = KnockRummyEvent.STANDINGS


class KnockRummyRules(KnockRummyDealRules):
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
        standing = Event(EV_STANDINGS, None, {"deal": len(self.deals),
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
