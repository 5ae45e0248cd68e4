"""The Schieber rules with their options fixed, and a whole game to the target."""

from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter
from typing import Any

from atout.core import (
    JSON,
    ActionSpace,
    Deal,
    Event,
    Match,
    MatchResult,
)
from atout.events import JassPhase, MatchEvent
from atout.games.jass.coiffeur import CoiffeurMatch
from atout.games.jass.deal import MODE_TEXT, TRUMP_ACTIONS, JassDeal, JassDealRules
from atout.games.jass.options import COIFFEUR_MULTIPLIERS, MULTIPLIERS, PRESETS, JassOptions
from atout.games.jass.play import (
    CODES,
    OBENABE,
    UNDENUFE,
)

EV_GAME_OVER = MatchEvent.GAME_OVER


class JassRules(JassDealRules):
    """Schieber Jass rules with their options fixed."""

    name = "jass"
    title = "Swiss Jass (Schieber)"
    options_type = JassOptions
    presets = PRESETS

    def __init__(self, options: JassOptions) -> None:
        texts = [*CODES, *MODE_TEXT, "push"]
        super().__init__(options, ActionSpace(texts), 4)
        self.next_seat = tuple((s - 1) % 4 if options.direction == "counterclockwise"
                               else (s + 1) % 4 for s in range(4))
        modes = [0, 1, 2, 3]
        if options.obenabe:
            modes.append(OBENABE)
        if options.undenufe:
            modes.append(UNDENUFE)
        self.mode_mask = sum(1 << (TRUMP_ACTIONS + m) for m in modes)
        self.modes: tuple[int, ...] = tuple(modes)
        """The trump modes the options allow, in the order of their actions (a Coiffeur's
        rows)."""
        self.action_by_bit = {1 << c: self.actions.table[c] for c in range(36)}
        orders = []
        for lead in range(4):
            order = [lead]
            while len(order) < 4:
                order.append(self.next_seat[order[-1]])
            orders.append(tuple(order))
        self.orders: tuple[tuple[int, ...], ...] = tuple(orders)
        self.followers = tuple(o[1:] for o in orders)
        receivers = []
        for forehand in range(4):
            seats: list[int] = []
            seat = forehand
            for _ in range(12):  # three rounds of packets of three, from forehand on
                seats += [seat] * 3
                seat = self.next_seat[seat]
            receivers.append(tuple(seats))
        self.receivers: tuple[tuple[int, ...], ...] = tuple(receivers)
        """receivers[forehand][i]: the seat that gets the i-th card of the shuffled deck."""
        self.dealt_to = tuple(
            tuple(itemgetter(*[i for i, r in enumerate(rec) if r == seat]) for seat in range(4))
            for rec in self.receivers)
        """dealt_to[forehand][seat](order): the cards of the shuffled deck ``order`` that
        ``seat`` gets, as a tuple (the positions of :attr:`receivers`)."""
        self.mode_multipliers = (COIFFEUR_MULTIPLIERS[options.coiffeur_multipliers]
                                 if options.coiffeur else MULTIPLIERS[options.multipliers])
        self.deal_fields: dict[str, Any] = {
            "side_of": (0, 1, 0, 1), "nsides": 2, "weis_enabled": options.weis,
            "big_sequences": options.big_sequences,
            "strict_under": options.under_trump == "strict", "buur_free": options.buur_free,
            "nine_sequence": options.nine_sequence, "low_fours": options.low_fours,
            "weis_share": options.weis_share, "stoeck_enabled": options.stoeck,
            "weis_scoring": "best-side", "mode": -1, "multiplier": 1, "chooser": -1,
            "pushed": False, "phase": JassPhase.TRUMP, "is_over": False,
            "open_rows": (self.mode_mask, self.mode_mask)}
        """The fields every new deal starts with, read from the options once (a new deal
        copies them in one step)."""

    def _new_deal(self, setup: dict[str, JSON]) -> JassDeal:
        return JassDeal(self, setup)

    def match(self, seed: int | None = None, **kwargs: Any) -> Match:
        """A game to the target: deals until a team reaches it, mid-deal if need be; with
        ``coiffeur=True`` a :class:`~atout.games.jass.coiffeur.CoiffeurMatch`, deals until
        both teams filled every row."""
        first_dealer = kwargs.pop("first_dealer", 0)
        if kwargs:
            raise ValueError(f"jass match: unknown parameter {next(iter(kwargs))!r}: expected "
                             "seed, first_dealer (the target is an option of the game)")
        if self.options.coiffeur:
            return CoiffeurMatch(self, 0 if seed is None else seed, first_dealer)
        return JassMatch(self, 0 if seed is None else seed, first_dealer)


class JassMatch(Match):
    """A Schieber game to the target; it ends the moment a team reaches it."""

    rules: JassRules

    def __init__(self, rules: JassRules, seed: int, first_dealer: int = 0) -> None:
        self.credited = [0, 0]
        self.winner_team = -1
        super().__init__(rules, seed, first_dealer)

    def _save_extra(self) -> dict[str, JSON]:
        return {"first_dealer": self.deals[0].dealer if self.deals else self.deal.dealer}

    def _after_action(self, events: list[Event]) -> list[Event]:
        target = self.rules.options.target
        for i, e in enumerate(events):
            side = e.data.get("side")
            if side is None:
                continue
            self.credited[side] += int(e.data["points"])
            self.scores = [self.credited[0], self.credited[1], self.credited[0],
                           self.credited[1]]
            if self.credited[side] >= target:
                # The game ends here: what the same action scored later no longer counts.
                self.winner_team = side
                self._over = True
                res = self._match_result()
                return [*events[:i + 1], Event(EV_GAME_OVER, None, {
                    "winners": list(res.winners), "scores": list(res.scores), "team": side})]
        return events

    def _score_deal(self, deal: Deal) -> Sequence[float]:
        return deal.result.points  # already credited action by action

    def _next_dealer(self, deal: Deal) -> int:
        return self.rules.next_seat[deal.dealer]

    def _finished(self) -> bool:
        return self._over

    def _match_result(self) -> MatchResult:
        t = self.winner_team
        winners = (t, t + 2)
        ranking = (*winners, 1 - t, 3 - t)
        return MatchResult(tuple(self.scores), winners, ranking,
                           {"team_scores": list(self.credited), "deals": len(self.deals) + (
                               0 if self.deal in self.deals else 1)})

    def match_info(self) -> dict[str, JSON]:
        """Team scores, the target and the deal number."""
        return {"scores": list(self.scores), "team_scores": list(self.credited),
                "target": self.rules.options.target, "deal_number": len(self.deals) + 1,
                "deal_points": [list(p) for p in self.deal_points]}


def team_of(seat: int) -> int:
    """The team (0 or 1) of a seat."""
    return seat & 1
