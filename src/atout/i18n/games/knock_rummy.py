"""Knock Rummy in words: draw, discard, knock, the showdown."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from atout.core import JSON, Event, View
from atout.i18n.text import GameText


class KnockRummyText(GameText):
    """The sentences of Knock Rummy."""

    game: ClassVar[str] = "knock-rummy"

    def _action(self, text: str) -> str | None:
        tr = self.tr
        return {"draw stock": tr._("draw from the stock"),
                "draw discard": tr._("take the top of the discard pile"),
                "knock": tr._("knock")}.get(text.lower())

    def _event(self, e: Event, view: View | None) -> str | None:
        tr = self.tr
        d = e.data
        me = e.seat == self.me
        who = self.Name(e.seat)
        if e.kind == "draw":
            if d.get("source") == "discard":
                card = tr.card(str(d.get("card")))
                return tr._("You take {card} from the discard pile.").format(card=card) if me \
                    else tr._("{player} takes {card} from the discard pile.").format(
                        player=who, card=card)
            return "" if me else tr._("{player} draws from the stock.").format(player=who)
        if e.kind == "drawn":
            return tr._("You draw {card}.").format(card=tr.card(str(d.get("card"))))
        if e.kind == "discard":
            card = tr.card(str(d.get("card")))
            return tr._("You discard {card}.").format(card=card) if me else tr._(
                "{player} discards {card}.").format(player=who, card=card)
        if e.kind == "knock":
            return tr._("You knock!") if me else tr._("{player} knocks!").format(player=who)
        if e.kind == "show":
            melds = [tr.cards([str(c) for c in m]) for m in d.get("melds") or []
                     if isinstance(m, list)]
            dead = [str(c) for c in d.get("deadwood") or []]
            said = tr._("{player} shows {melds}; deadwood {dead}: {points} points.") if not me \
                else tr._("You show {melds}; deadwood {dead}: {points} points.")
            return said.format(player=who, melds="; ".join(melds) or tr._("no meld"),
                               dead=tr.cards(dead), points=d.get("points"))
        if e.kind == "score":
            return self.score(d)
        if e.kind == "standings":
            return tr._("After deal {number}: {scores}").format(
                number=d.get("deal"), scores=self.scores_sentence(d.get("scores")))
        if e.kind == "restock":
            return tr._("The discard pile becomes the stock.")
        if e.kind == "void":
            return tr._("The stock is empty: the deal is void.")
        return None

    def score(self, d: Mapping[str, JSON]) -> str:
        """Who wins the deal and what each player pays or gains."""
        tr = self.tr
        winners = [w for w in d.get("winners") or [] if isinstance(w, int)]
        points = d.get("points")
        head = tr._("The deal goes to {players}.").format(
            players=tr.join([self.name(w) for w in winners])) if winners else ""
        if isinstance(points, list):
            pts = ", ".join(tr._("{player} {points}").format(player=self.name(s), points=p)
                            for s, p in enumerate(points))
            return f"{head} {tr._('Points: {points}.').format(points=pts)}".strip()
        return head or tr._("The deal is scored.")


TEXT = KnockRummyText
