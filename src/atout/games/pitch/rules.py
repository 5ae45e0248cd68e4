"""Auction Pitch's rules with their options fixed, and a whole game."""

from __future__ import annotations

from typing import Any, ClassVar

from atout.core import (
    JSON,
    ActionSpace,
    Deal,
    Match,
    MatchResult,
    Rules,
    check_seed,
)
from atout.games.pitch.deal import PitchDeal
from atout.games.pitch.options import PRESETS, PitchOptions
from atout.games.pitch.tables import ACTION_TEXTS

# -- the whole game -------------------------------------------------------------------------


class PitchMatch(Match):
    """A game of Auction Pitch: hands until a side wins (see the ``win`` option)."""

    rules: PitchRules

    def __init__(self, rules: PitchRules, seed: int, target: int, first_dealer: int = 0) -> None:
        self.target = target
        self.first_dealer = first_dealer
        self.winner_side: int | None = None
        self.ended_by = ""
        self.sides = rules.seats // 2 if rules.options.partnership else rules.seats
        super().__init__(rules, seed, first_dealer)

    def _score_deal(self, deal: Deal) -> list[float]:
        assert isinstance(deal, PitchDeal)
        res = deal.result
        gained = list(res.points)
        d = deal.details
        if not d.get("redeal"):
            before = [self.scores[s] for s in range(self.sides)]  # seat s plays for side s
            win = self.rules.options.win
            smudge = d.get("smudge")
            if isinstance(smudge, int):  # all four points: the game is won at once
                self.winner_side = smudge
                self.ended_by = "smudge"
            elif win != "first":
                # the seed: at the end of a hand he pitched, made or not; bid-made: only
                # by making his bid
                ps = deal.side_of(deal.pitcher)
                if (d["made"] or win == "pitcher") and \
                        before[ps] + deal.scores[ps] >= self.target:
                    self.winner_side = ps
            else:
                running = list(before)
                order = d["order"]
                assert isinstance(order, list)
                for side, delta in order:
                    running[side] += delta
                    if running[side] >= self.target:
                        self.winner_side = side
                        break
        for s in range(self.seats):
            self.scores[s] += gained[s]
        if self.winner_side is not None:
            self.ended_by = self.ended_by or "target"
        else:
            limit = self.rules.options.max_hands
            if limit and len(self.deals) + 1 >= limit:
                by_side = self.scores[:self.sides]
                best = max(by_side)
                if by_side.count(best) == 1:
                    self.winner_side = by_side.index(best)
                    self.ended_by = "max_hands"
        return gained

    def _next_dealer(self, deal: Deal) -> int:
        return (deal.dealer + 1) % self.seats

    def _finished(self) -> bool:
        return self.winner_side is not None

    def _match_result(self) -> MatchResult:
        w = self.winner_side
        assert w is not None
        winners = tuple(s for s in range(self.seats) if s % self.sides == w)
        ranking = tuple(sorted(range(self.seats),
                               key=lambda s: (s % self.sides != w, -self.scores[s], s)))
        return MatchResult(tuple(self.scores), winners, ranking,
                           {"target": self.target, "winner_side": w, "hands": len(self.deals),
                            "ended_by": self.ended_by})

    def match_info(self) -> dict[str, JSON]:
        """Scores, hand number and the target."""
        info = super().match_info()
        info["target"] = self.target
        return info

    def _save_extra(self) -> dict[str, JSON]:
        return {"target": self.target, "first_dealer": self.first_dealer}


# -- the rules ------------------------------------------------------------------------------


class PitchRules(Rules[PitchOptions]):
    """Auction Pitch with its options fixed."""

    name: ClassVar[str] = "pitch"
    title: ClassVar[str] = "Auction Pitch"
    options_type: ClassVar[type[Any]] = PitchOptions
    presets: ClassVar[dict[str, dict[str, Any]]] = PRESETS

    def __init__(self, options: PitchOptions) -> None:
        super().__init__(options, ActionSpace(ACTION_TEXTS), options.players)

    def _new_deal(self, setup: dict[str, JSON]) -> PitchDeal:
        return PitchDeal(self, setup)

    def match(self, seed: int | None = None, *, target: int | None = None,
              first_dealer: int = 0, **kwargs: Any) -> PitchMatch:
        """A whole game from ``seed``; ``target`` overrides the option of that name."""
        if kwargs:
            raise ValueError(f"pitch: unknown match parameter(s) {', '.join(sorted(kwargs))}: "
                             "expected seed, target, first_dealer")
        seed = check_seed(seed)
        if target is None:
            target = self.options.target
        if not isinstance(target, int) or isinstance(target, bool) or target < 1:
            raise ValueError(f"pitch: target must be a positive int, not {target!r}")
        return PitchMatch(self, seed, target, first_dealer)
