"""The Coiffeur: a Schieber game in which each team plays every trump mode once.

A row per trump mode the options allow (the four suits, Obenabe, Undenufe: six by default),
each with its multiplier (``coiffeur_multipliers``). The team whose player chooses the trump
(the forehand, or his partner after a push) may choose only a row it has not played; the
deal's points of that team, multiplied by the row's multiplier, are written in its row, and
the other team writes nothing. Teams choose in turn (the forehand moves on with the deal),
so after two deals per row both teams have filled every row and the game ends; the team
with the higher total wins.
"""

from __future__ import annotations

from collections.abc import Sequence

from atout.core import JSON, Deal, Match, MatchResult
from atout.games.jass.deal import MODE_TEXT, JassDeal, JassDealRules


class CoiffeurMatch(Match):
    """A Coiffeur game: deals until both teams filled every row of their score sheet.

    ``sheet[team][row]`` is the row's score (None while the row is open); the rows are
    :attr:`rows` (trump choices as texts), weighted by :attr:`multipliers`.
    """

    rules: JassDealRules

    def __init__(self, rules: JassDealRules, seed: int, first_dealer: int = 0) -> None:
        self.rows: tuple[str, ...] = tuple(MODE_TEXT[m] for m in rules.modes)
        """The rows: the trump choices the options allow, in the order of their actions."""
        self.multipliers: tuple[int, ...] = tuple(rules.mode_multipliers[m]
                                                  for m in rules.modes)
        """Each row's multiplier."""
        self.sheet: list[list[int | None]] = [[None] * len(self.rows) for _ in range(2)]
        """Each team's score per row; None while the row is open."""
        super().__init__(rules, seed, first_dealer)

    def open_rows(self, team: int) -> list[str]:
        """The rows ``team`` has not played yet, as trump choices."""
        return [r for r, score in zip(self.rows, self.sheet[team], strict=True)
                if score is None]

    def _start_deal(self, dealer: int) -> Deal:
        setup: dict[str, JSON] = {"seed": self._seed_for(len(self.deals)), "dealer": dealer,
                                  "open": [list(self.open_rows(0)), list(self.open_rows(1))]}
        return JassDeal(self.rules, setup)

    def team_totals(self) -> list[int]:
        """Each team's total: the sum of its rows written so far."""
        return [sum(s for s in row if s is not None) for row in self.sheet]

    def _save_extra(self) -> dict[str, JSON]:
        return {"first_dealer": self.deals[0].dealer if self.deals else self.deal.dealer}

    def _score_deal(self, deal: Deal) -> Sequence[float]:
        assert isinstance(deal, JassDeal)
        team = deal.chooser % 2
        score = int(deal.result.points[team])  # multiplied by the row's multiplier
        self.sheet[team][self.rows.index(MODE_TEXT[deal.mode])] = score
        a, b = self.team_totals()
        self.scores = [a, b, a, b]
        gained = [0, 0, 0, 0]
        gained[team] = gained[team + 2] = score
        return gained

    def _next_dealer(self, deal: Deal) -> int:
        return self.rules.next_seat[deal.dealer]

    def _finished(self) -> bool:
        return all(s is not None for row in self.sheet for s in row)

    def _match_result(self) -> MatchResult:
        a, b = self.team_totals()
        if a == b:  # a tie: both teams share the game
            winners: tuple[int, ...] = (0, 1, 2, 3)
            ranking: tuple[int, ...] = (0, 1, 2, 3)
        else:
            t = 0 if a > b else 1
            winners = (t, t + 2)
            ranking = (*winners, 1 - t, 3 - t)
        return MatchResult(tuple(self.scores), winners, ranking,
                           {"team_scores": [a, b], "deals": len(self.deals),
                            "coiffeur": self.sheet_dict()})

    def sheet_dict(self) -> dict[str, JSON]:
        """The score sheet, JSON-ready: the rows, their multipliers, each team's score per
        row (None: open) and totals."""
        return {"rows": list(self.rows), "multipliers": list(self.multipliers),
                "sheet": [list(row) for row in self.sheet], "totals": self.team_totals()}

    def match_info(self) -> dict[str, JSON]:
        """Team scores, the deal number, the score sheet (``coiffeur``) and what each seat
        gained in each deal (``deal_points``)."""
        return {"scores": list(self.scores), "team_scores": self.team_totals(),
                "deal_number": len(self.deals) + 1, "coiffeur": self.sheet_dict(),
                "deal_points": [list(p) for p in self.deal_points]}
