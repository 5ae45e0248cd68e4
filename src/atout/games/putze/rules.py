"""The rules object and the whole game (putzes and pommes to the target) of Putze / Pomme."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from atout.core import JSON, ActionSpace, Deal, Event, Match, MatchResult
from atout.games.jass.play import CODES
from atout.games.putze.deal import WORDS, PutzeDeal, PutzeDealRules
from atout.games.putze.options import PRESETS, PutzeOptions, resolve
from atout.games.putze.scoring import add_putzes, tally_text


class PutzeRules(PutzeDealRules):
    """Putze / Pomme rules with their options fixed (2 to 5 players, every one for himself).

    Actions: the 36 card codes (ids 0-35: a card to play, or in the 2-player exchange a card
    to discard), then ``play``, ``pass``, ``take blind``, ``my game``, ``look``,
    ``exchange six``, ``keep six`` (36-42).
    """

    name = "putze"
    title = "Putze / Pomme (individual Jass)"
    options_type = PutzeOptions
    presets = PRESETS

    def __init__(self, options: PutzeOptions) -> None:
        self.plan = resolve(options)
        n = options.players
        super().__init__(options, ActionSpace([*CODES, *WORDS]), n)
        self.next_seat = tuple((s - 1) % n if options.direction == "counterclockwise"
                               else (s + 1) % n for s in range(n))

    def _new_deal(self, setup: dict[str, JSON]) -> PutzeDeal:
        return PutzeDeal(self, setup)

    def match(self, seed: int | None = None, **kwargs: Any) -> PutzeMatch:
        """A whole game: deals until a player reaches the target (or the losing limit)."""
        first_dealer = kwargs.pop("first_dealer", 0)
        if kwargs:
            raise ValueError(f"putze match: unknown parameter {next(iter(kwargs))!r}: expected "
                             "seed, first_dealer (the target is an option of the game)")
        return PutzeMatch(self, 0 if seed is None else seed, first_dealer)


class PutzeMatch(Match):
    """A game of Putze: putzes and pommes per player, to the target (27.10).

    ``putzes`` and ``pommes`` are each player's marks: a new putze first strikes off a pomme
    (27.6), so ``scores`` (putzes minus pommes) is what counts. The first to ``target`` wins;
    with ``play_on`` the others play on for the places, finished players sitting out. With a
    losing limit (jass-txt) the game also ends when a player falls below it.
    """

    rules: PutzeRules

    def __init__(self, rules: PutzeRules, seed: int, first_dealer: int = 0) -> None:
        n = rules.seats
        self.putzes = [0] * n
        self.pommes = [0] * n
        self.places: list[int] = []
        self.place_keys: list[tuple[int, int]] = []
        self.next_first: int | None = None
        self.first_dealer = first_dealer
        super().__init__(rules, seed, first_dealer)

    def _start_deal(self, dealer: int) -> Deal:
        plan = self.rules.plan
        setup: dict[str, JSON] = {"seed": self._seed_for(len(self.deals)), "dealer": dealer}
        if self.places:
            setup["out"] = sorted(self.places)
        if plan.talon == "blind" and plan.loser_first and self.next_first is not None:
            setup["first"] = self.next_first
        if plan.dealer_sits_out and (dealer in self.places or self.putzes[dealer] - self.pommes[
                dealer] + 1 >= self.rules.options.target):
            setup["dealer_putze"] = False  # 27.27: the 7th putze is never scored by dealing
        return self.rules._new_deal(setup)

    def _end_deal(self) -> list[Event]:
        events = super()._end_deal()
        if not self._over:
            events += getattr(self.deal, "start_events", [])
        return events

    def _score_deal(self, deal: Deal) -> Sequence[float]:
        res = deal.result
        gained: list[int] = res.details["putzes"]
        lost: list[int] = res.details["pommes"]
        totals: list[int] = res.details["totals"]
        target = self.rules.options.target
        reached = []
        for s in range(self.seats):
            self.putzes[s], self.pommes[s] = add_putzes(self.putzes[s], self.pommes[s],
                                                        gained[s], lost[s])
            if s not in self.places and self.putzes[s] - self.pommes[s] >= target:
                reached.append(s)
        self.scores = [p - o for p, o in zip(self.putzes, self.pommes, strict=True)]
        # several players reaching the target on one deal: more putzes, then more points
        for s in sorted(reached, key=lambda s: (-self.scores[s], -totals[s], s)):
            self.places.append(s)
            self.place_keys.append((int(self.scores[s]), totals[s]))
        self.next_first = res.details["loser"]
        return res.points

    def _next_dealer(self, deal: Deal) -> int:
        if self.rules.options.nobody_plays == "same-dealer" and not deal.result.details[
                "players"]:
            return deal.dealer
        return self.rules.next_seat[deal.dealer]

    def _finished(self) -> bool:
        limit = self.rules.plan.losing_limit
        if limit is not None and any(s < limit for s in self.scores):
            return True
        if not self.places:
            return False
        if not self.rules.options.play_on:
            return True
        return self.seats - len(self.places) <= 1

    def _match_result(self) -> MatchResult:
        rest = sorted((s for s in range(self.seats) if s not in self.places),
                      key=lambda s: (-self.scores[s], -self.putzes[s], s))
        ranking = (*self.places, *rest)
        if self.places:
            winners = tuple(s for s, k in zip(self.places, self.place_keys, strict=True)
                            if k == self.place_keys[0])
        else:
            best = max(self.scores)
            winners = tuple(s for s in ranking if self.scores[s] == best)
        return MatchResult(tuple(self.scores), winners, ranking, {
            "putzes": list(self.putzes), "pommes": list(self.pommes),
            "places": list(self.places), "deals": len(self.deals),
            "summary": self.summary()})

    def summary(self, names: Sequence[str] | None = None) -> str:
        """The tally to read aloud: ``"Anna 4 putzes, 1 pomme; Bert 2 putzes; …"``."""
        if names is None:
            names = [f"seat {s}" for s in range(self.seats)]
        if len(names) != self.seats:
            raise ValueError(f"summary needs {self.seats} names, one per seat")
        return "; ".join(tally_text(names[s], self.putzes[s], self.pommes[s])
                         for s in range(self.seats))

    def match_info(self) -> dict[str, JSON]:
        """Putzes, pommes, net scores, places, the target and the deal number."""
        return {"scores": list(self.scores), "putzes": list(self.putzes),
                "pommes": list(self.pommes), "places": list(self.places),
                "target": self.rules.options.target,
                "losing_limit": self.rules.plan.losing_limit,
                "deal_number": len(self.deals) + 1, "summary": self.summary(),
                "deal_points": [list(p) for p in self.deal_points]}

    def _save_extra(self) -> dict[str, JSON]:
        return {"first_dealer": self.first_dealer}
