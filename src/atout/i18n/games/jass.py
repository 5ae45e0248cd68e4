"""Schieber Jass in words: trump and push, Weis, Stöck, team scores."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from atout.core import JSON, Event, View
from atout.events import JassEvent, JassPhase, MatchEvent
from atout.i18n.text import EventTable, GameText


class JassText(GameText):
    """The sentences of Schieber Jass (seats 0 and 2 play against 1 and 3)."""

    game: ClassVar[str] = "jass"
    ranks: ClassVar[str] = "6789TJQKA"

    # -- teams ---------------------------------------------------------------------------------
    def partner(self) -> int:
        """The player's partner."""
        return (self.me + 2) % 4

    def team(self, side: JSON) -> str:
        """"your team" or "the opponents" for a side (0: seats 0 and 2, 1: seats 1 and 3);
        for a spectator, who has no team, the side's two names ("Anna and Clara")."""
        if self.me < 0:
            first = side if isinstance(side, int) and side in (0, 1) else 0
            return self.tr.join([self.names[first], self.names[first + 2]])
        if side == self.me % 2:
            return self.tr._("your team")
        return self.tr._("the opponents")

    def Team(self, side: JSON) -> str:  # capitalised, to start a sentence
        """The side's name with a capital letter."""
        return self.tr.sentence(self.team(side))

    def intro(self) -> str:
        """Partners and opponents."""
        if self.me < 0:
            return self.tr._("{team} play against {opponents}.").format(
                team=self.team(0), opponents=self.team(1))
        opponents = [self.names[s] for s in range(4) if s % 2 != self.me % 2]
        return self.tr._("You play with {partner} against {opponents}.").format(
            partner=self.names[self.partner()], opponents=self.tr.join(opponents))

    def mode(self, mode: JSON) -> str:
        """A trump mode in words: a suit, Obenabe or Undenufe."""
        if mode == "obenabe":
            return self.tr._("Obenabe, aces high, no trump")
        if mode == "undenufe":
            return self.tr._("Undenufe, sixes high, no trump")
        return self.tr._("{suit} as trump").format(suit=self.tr.suit(str(mode)))

    def _action(self, text: str) -> str | None:
        t = text.lower()
        if t.startswith("trump "):
            return self.mode(text.split()[1].upper())
        if t in ("obenabe", "undenufe"):
            return self.mode(t)
        if t == "push":
            return self.tr._("push: your partner chooses")
        return None

    def action_by(self, seat: int, text: str) -> str:
        """A push names who chooses: the partner of the seat that pushed."""
        if text.strip().lower() == "push" and seat != self.me:
            return self.tr._("push: {partner} chooses").format(
                partner=self.name((seat + 2) % 4))
        return self.action(text)

    # -- events --------------------------------------------------------------------------------
    def _on_push(self, e: Event, view: View | None) -> str | None:
        """The sentence of a ``push`` event."""
        tr = self.tr
        d = e.data
        me = e.seat == self.me
        # the partner's seat: an event read back from JSON (Event.from_dict) has it in its
        # ``to`` (the name of the field that addresses an event to one seat), not its data
        to = d.get("to", e.to)
        if me:
            return tr._("You push: {partner} chooses the trump.").format(
                partner=self.name(to if isinstance(to, int) else None))
        if to == self.me:
            return tr._("{player} pushes to you: you choose the trump.").format(
                player=self.Name(e.seat))
        return tr._("{player} pushes: {partner} chooses the trump.").format(
            player=self.Name(e.seat), partner=self.name(to if isinstance(to, int) else None))

    def _on_trump(self, e: Event, view: View | None) -> str | None:
        """The sentence of a ``trump`` event."""
        tr = self.tr
        d = e.data
        me = e.seat == self.me
        mode = self.mode(d.get("mode"))
        mult = d.get("multiplier", 1)
        if me:
            said = tr._("You choose {mode}.").format(mode=mode)
        else:
            said = tr._("{player} chooses {mode}.").format(player=self.Name(e.seat),
                                                           mode=mode)
        if isinstance(mult, int) and mult > 1:
            said += " " + tr._("Points count {n} times.").format(n=mult)
        return said

    def _on_weis(self, e: Event, view: View | None) -> str | None:
        """The sentence of a ``weis`` event."""
        tr = self.tr
        d = e.data
        me = e.seat == self.me
        value = d.get("value", 0)
        if me:
            return tr._("You announce a Weis of {value}.").format(value=value)
        return tr._("{player} announces a Weis of {value}.").format(
            player=self.Name(e.seat), value=value)

    def _on_stoeck(self, e: Event, view: View | None) -> str | None:
        """The sentence of a ``stoeck`` event."""
        tr = self.tr
        d = e.data
        me = e.seat == self.me
        if me:
            return tr._("You say Stöck: {points} points for your team.").format(
                points=d.get("points"))
        return tr._("{player} says Stöck: {points} points for {team}.").format(
            player=self.Name(e.seat), points=d.get("points"), team=self.team(d.get("side")))

    def _on_weis_scored(self, e: Event, view: View | None) -> str | None:
        """The sentence of a ``weis_scored`` event."""
        tr = self.tr
        d = e.data
        me = e.seat == self.me
        weis = d.get("weis") or []
        desc = tr.join([self.weis_words(w) for w in weis if isinstance(w, Mapping)])
        if me:
            return tr._("Your Weis counts, {points} points: {weis}.").format(
                points=d.get("points"), weis=desc)
        return tr._("{player}'s Weis counts, {points} points for {team}: {weis}.").format(
            player=self.Name(e.seat), points=d.get("points"), team=self.team(d.get("side")),
            weis=desc)

    def _on_trick(self, e: Event, view: View | None) -> str | None:
        """The sentence of a ``trick`` event."""
        tr = self.tr
        d = e.data
        me = e.seat == self.me
        pts = int(d.get("points") or 0)
        if me:
            said = tr.ngettext("You win the trick, {points} point.",
                               "You win the trick, {points} points.", pts).format(points=pts)
        else:
            said = tr.ngettext("{player} wins the trick, {points} point.",
                               "{player} wins the trick, {points} points.", pts).format(
                player=self.Name(e.seat), points=pts)
        if d.get("number") == 9:
            said += " " + tr._("That was the last trick.")
        return said

    def _on_match_bonus(self, e: Event, view: View | None) -> str | None:
        """The sentence of a ``match_bonus`` event."""
        tr = self.tr
        d = e.data
        return tr._("Every trick to {team}: match bonus of {points} points.").format(
            team=self.team(d.get("side")), points=d.get("points"))

    def _on_deal_over(self, e: Event, view: View | None) -> str | None:
        """The sentence of a ``deal_over`` event."""
        tr = self.tr
        d = e.data
        return tr._("Deal {number} is over. {scores}").format(
            number=d.get("deal"), scores=self.team_scores(d.get("scores")))

    def _on_game_over(self, e: Event, view: View | None) -> str | None:
        """The sentence of a ``game_over`` event."""
        tr = self.tr
        d = e.data
        team = d.get("team")
        winners = d.get("winners") or []
        if team is None and isinstance(winners, list) and winners:
            team = 0 if 0 in winners or 2 in winners else 1
            if len({w % 2 for w in winners if isinstance(w, int)}) > 1:
                return tr._("Game over: a draw. {scores}").format(
                    scores=self.team_scores(d.get("scores")))
        if self.me < 0:
            head = tr._("Game over: {players} win.").format(
                players=self.team(team if team in (0, 1) else 0))
        elif team == self.me % 2:
            head = tr._("Game over: your team wins!")
        else:
            head = tr._("Game over: the opponents win.")
        return f"{head} {self.team_scores(d.get('scores'))}"

    events: ClassVar[EventTable] = {
        JassEvent.PUSH: _on_push,
        JassEvent.TRUMP: _on_trump,
        JassEvent.WEIS: _on_weis,
        JassEvent.STOECK: _on_stoeck,
        JassEvent.WEIS_SCORED: _on_weis_scored,
        JassEvent.TRICK: _on_trick,
        JassEvent.MATCH_BONUS: _on_match_bonus,
        MatchEvent.DEAL_OVER: _on_deal_over,
        MatchEvent.GAME_OVER: _on_game_over,
    }
    """This game's sentences: each kind of event and the method that says it."""

    def weis_words(self, w: Mapping[str, JSON]) -> str:
        """One Weis in words: a sequence and its suit, or four of a kind."""
        cards = [str(c) for c in w.get("cards") or [] if isinstance(c, str)]
        if w.get("kind") == "four" and cards:
            return self.tr._("four {ranks}").format(ranks=self.tr.rank(cards[0][0], plural=True))
        if cards:
            return self.tr._("a run of {n} in {suit}, {low} to {high}").format(
                n=len(cards), suit=self.tr.suit(cards[0][-1]), low=self.tr.rank(cards[0][0]),
                high=self.tr.rank(cards[-1][0]))
        return str(w.get("value", ""))

    def team_scores(self, scores: JSON) -> str:
        """Team scores from per-seat scores."""
        if not isinstance(scores, list) or len(scores) < 2:
            return ""
        if self.me < 0:
            return self.tr._("Scores: {first} {a}, {second} {b}.").format(
                first=self.team(0), a=_n(scores[0]), second=self.team(1), b=_n(scores[1]))
        mine = scores[self.me % 2]
        theirs = scores[1 - self.me % 2]
        return self.tr._("Scores: your team {mine}, the opponents {theirs}.").format(
            mine=_n(mine), theirs=_n(theirs))

    def final_scores(self, scores: JSON) -> str:
        """The final scores by team."""
        return self.team_scores(scores)

    def winners(self, scores: list[float] | tuple[float, ...]) -> list[int]:  # type: ignore[override]
        """Both seats of the team ahead (all four seats on a draw)."""
        if len(scores) < 2:
            return []
        if scores[0] == scores[1]:
            return [0, 1, 2, 3]
        side = 0 if scores[0] > scores[1] else 1
        return [side, side + 2]

    # -- facts ---------------------------------------------------------------------------------
    def trick_seats(self, leader: int, count: int, view: View) -> list[int]:
        """Seats in playing order (counter-clockwise by default)."""
        step = 1 if view.info.get("direction") == "clockwise" else -1
        return [(leader + step * i) % 4 for i in range(count)]

    def trump(self, view: View) -> str:
        """The trump mode and who chose it, or who is choosing."""
        trump = view.info.get("trump")
        chooser = view.info.get("chooser")
        if not trump:
            if view.to_move == self.me:
                return self.tr._("The trump is not chosen yet: you choose it.")
            return self.tr._("The trump is not chosen yet: {player} chooses it.").format(
                player=self.name(view.to_move))
        who = self.name(chooser if isinstance(chooser, int) else None)
        return self.tr._("{mode}, chosen by {player}.").format(
            mode=self.tr.sentence(self.mode(trump)), player=who)

    def scores(self, view: View) -> str:
        """This deal's points and the game's scores, by team."""
        tr = self.tr
        parts = []
        totals = view.info.get("totals")
        if isinstance(totals, list) and len(totals) == 2 and self.me < 0:
            parts.append(tr._("This deal: {first} {a}, {second} {b}.").format(
                first=self.team(0), a=totals[0], second=self.team(1), b=totals[1]))
        elif isinstance(totals, list) and len(totals) == 2:
            parts.append(tr._("This deal: your team {mine}, the opponents {theirs}.").format(
                mine=totals[self.me % 2], theirs=totals[1 - self.me % 2]))
        match = view.info.get("match")
        if isinstance(match, Mapping):
            ts = match.get("team_scores")
            sheet = match.get("coiffeur")
            if isinstance(ts, list) and len(ts) == 2 and isinstance(sheet, Mapping):
                parts.append(self._coiffeur_scores(ts, sheet))
            elif isinstance(ts, list) and len(ts) == 2 and self.me < 0:
                parts.append(tr._("Game: {first} {a}, {second} {b}, playing to {target}.")
                             .format(first=self.team(0), a=ts[0], second=self.team(1),
                                     b=ts[1], target=match.get("target")))
            elif isinstance(ts, list) and len(ts) == 2:
                parts.append(tr._("Game: your team {mine}, the opponents {theirs}, "
                                  "playing to {target}.").format(
                    mine=ts[self.me % 2], theirs=ts[1 - self.me % 2],
                    target=match.get("target")))
        return " ".join(parts) or tr._("No scores yet.")

    def _coiffeur_scores(self, ts: list[Any], sheet: Mapping[str, Any]) -> str:
        """A Coiffeur's totals and the rows the player's team has still to play."""
        if self.me < 0:  # a spectator: the teams by their players
            return self.tr._("Coiffeur: {first} {a}, {second} {b}.").format(
                first=self.team(0), a=ts[0], second=self.team(1), b=ts[1])
        rows, written = sheet.get("rows"), sheet.get("sheet")
        mine = self.me % 2
        left = [str(r) for r, s in zip(rows, written[mine], strict=False) if s is None] if (
            isinstance(rows, list) and isinstance(written, list) and len(written) == 2) else []
        return self.tr._("Coiffeur: your team {mine}, the opponents {theirs}; your team's open "
                         "rows: {rows}.").format(
            mine=ts[mine], theirs=ts[1 - mine],
            rows=self.tr.join([self.action(r) for r in left]))

    def group_name(self, suit: str, view: View) -> str:
        """A suit of the hand, marked when it is trump."""
        name = super().group_name(suit, view)
        if suit and view.info.get("trump") == suit:
            return self.tr._("{suit}, trump").format(suit=name)
        return name

    def prompt(self, view: View) -> str:
        """The turn prompt, with the trump choice spelled out."""
        if view.phase == JassPhase.TRUMP:
            return self.tr._("Your turn to choose the trump: {actions}. Arrows choose, Enter "
                             "confirms.").format(
                actions=self.tr.join_or([self.action(a) for a in view.legal]))
        return super().prompt(view)

    def game_keys(self) -> list[tuple[str, str]]:
        """A: the trump."""
        return [("A", self.tr._("choose the trump when it is your choice, else say the "
                                "trump"))]

    def key_action(self, key: str, view: View) -> list[str]:
        """A selects the trump choices when the player chooses the trump."""
        if key == "a" and view.to_move == self.me and view.phase == JassPhase.TRUMP:
            return [a for a in view.legal if a != "push"]
        return []


def _n(value: JSON) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


TEXT = JassText
