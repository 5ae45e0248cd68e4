"""Knock Rummy in words: draw, discard, knock, the showdown."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from atout.core import JSON, Event, View
from atout.events import KnockRummyEvent
from atout.i18n.text import EventTable, GameText, is_card


class KnockRummyText(GameText):
    """The sentences of Knock Rummy."""

    game: ClassVar[str] = "knock-rummy"
    routine: ClassVar[frozenset[str]] = frozenset({KnockRummyEvent.DRAW})

    def _action(self, text: str) -> str | None:
        tr = self.tr
        return {"draw stock": tr._("draw from the stock"),
                "draw discard": tr._("take the top of the discard pile"),
                "knock": tr._("knock")}.get(text.lower())

    def table_card(self, code: str) -> str:
        """The only card face up is the top of the discard pile: said so."""
        return self.tr._("{card}, on top of the discard pile").format(
            card=super().table_card(code))

    def action_by(self, seat: int, text: str) -> str:
        """A card in the history is a discard: said so ("discard the queen of hearts")."""
        if is_card(text):
            return self.tr._("discard {card}").format(card=self.tr.card(text))
        return self.action(text)

    def _on_draw(self, e: Event, view: View | None) -> str | None:
        """The sentence of a ``draw`` event."""
        tr = self.tr
        d = e.data
        me = e.seat == self.me
        who = self.Name(e.seat)
        if d.get("source") == "discard":
            card = tr.card(str(d.get("card")))
            said = tr._("You take {card} from the discard pile.").format(card=card) if me \
                else tr._("{player} takes {card} from the discard pile.").format(
                    player=who, card=card)
            return f"{said} {self.top(view)}" if view is not None else said
        return "" if me else tr._("{player} draws from the stock.").format(player=who)

    def _on_drawn(self, e: Event, view: View | None) -> str | None:
        """The sentence of a ``drawn`` event."""
        tr = self.tr
        d = e.data
        return tr._("You draw {card}.").format(card=tr.card(str(d.get("card"))))

    def _on_discard(self, e: Event, view: View | None) -> str | None:
        """The sentence of a ``discard`` event."""
        tr = self.tr
        d = e.data
        me = e.seat == self.me
        who = self.Name(e.seat)
        card = tr.card(str(d.get("card")))
        return tr._("You discard {card}.").format(card=card) if me else tr._(
            "{player} discards {card}.").format(player=who, card=card)

    def _on_knock(self, e: Event, view: View | None) -> str | None:
        """The sentence of a ``knock`` event."""
        tr = self.tr
        me = e.seat == self.me
        who = self.Name(e.seat)
        return tr._("You knock!") if me else tr._("{player} knocks!").format(player=who)

    def _on_show(self, e: Event, view: View | None) -> str | None:
        """The sentence of a ``show`` event."""
        tr = self.tr
        d = e.data
        me = e.seat == self.me
        who = self.Name(e.seat)
        melds = [tr.cards([str(c) for c in m]) for m in d.get("melds") or []
                 if isinstance(m, list)]
        dead = [str(c) for c in d.get("deadwood") or []]
        if not melds:
            said = tr._("{player} shows no meld; deadwood {dead}: {points} points.") \
                if not me else tr._("You show no meld; deadwood {dead}: {points} points.")
        else:
            said = tr._("{player} shows {melds}; deadwood {dead}: {points} points.") \
                if not me else tr._("You show {melds}; deadwood {dead}: {points} points.")
        return said.format(player=who, melds=self.tr.semicolon.join(melds), dead=tr.cards(dead),
                           points=d.get("points"))

    def _on_score(self, e: Event, view: View | None) -> str | None:
        """The sentence of a ``score`` event."""
        d = e.data
        return self.score(d)

    def _on_standings(self, e: Event, view: View | None) -> str | None:
        """The sentence of a ``standings`` event."""
        tr = self.tr
        d = e.data
        scores = d.get("scores")
        # the deal's end already says the scores (deal_over): the standings say who leads
        if not isinstance(scores, list) or not scores:
            return tr._("After deal {number}: {scores}").format(
                number=d.get("deal"), scores=self.scores_sentence(scores))
        best = max(scores)
        leaders = [s for s, p in enumerate(scores) if p == best]
        if leaders == [self.me]:
            return tr._("After deal {number}: you lead.").format(number=d.get("deal"))
        if self.me in leaders:  # "you and Clara": the verb agrees with "you" (« menez »)
            return tr.pgettext("with you", "After deal {number}: {players} lead.").format(
                number=d.get("deal"), players=tr.join([self.name(s) for s in leaders]))
        return tr.ngettext("After deal {number}: {players} leads.",
                           "After deal {number}: {players} lead.", len(leaders)).format(
            number=d.get("deal"), players=tr.join([self.name(s) for s in leaders]))

    def _on_restock(self, e: Event, view: View | None) -> str | None:
        """The sentence of a ``restock`` event."""
        tr = self.tr
        return tr._("The discard pile becomes the stock.")

    def _on_void(self, e: Event, view: View | None) -> str | None:
        """The sentence of a ``void`` event."""
        tr = self.tr
        return tr._("The stock is empty: the deal is void.")

    events: ClassVar[EventTable] = {
        KnockRummyEvent.DRAW: _on_draw,
        KnockRummyEvent.DRAWN: _on_drawn,
        KnockRummyEvent.DISCARD: _on_discard,
        KnockRummyEvent.KNOCK: _on_knock,
        KnockRummyEvent.SHOW: _on_show,
        KnockRummyEvent.SCORE: _on_score,
        KnockRummyEvent.STANDINGS: _on_standings,
        KnockRummyEvent.RESTOCK: _on_restock,
        KnockRummyEvent.VOID: _on_void,
    }
    """This game's sentences: each kind of event and the method that says it."""

    # -- facts in rummy terms (C, F, A, L, K, P and the prompt) -------------------------------
    def top(self, view: View) -> str:
        """The top of the discard pile and the cards left in the stock."""
        tr = self.tr
        top = view.info.get("top_discard")
        stock = view.info.get("stock")
        said = tr._("Top of the discard pile: {card}.").format(card=tr.card(str(top))) \
            if isinstance(top, str) and top else tr._("The discard pile is empty.")
        if isinstance(stock, int):
            said += " " + tr.ngettext("{n} card in the stock.", "{n} cards in the stock.",
                                      stock).format(n=stock)
        return said

    def table(self, view: View) -> str:
        """C: the top of the discard pile (the only card face up) and the stock."""
        return self.top(view)

    def led(self, view: View) -> str:
        """F: the discard pile, from the top down (no suit is led in rummy)."""
        tr = self.tr
        pile = [str(c) for c in view.info.get("discard_pile") or []]
        if not pile:
            return tr._("The discard pile is empty.")
        return tr._("The discard pile, from the top: {cards}.").format(
            cards=tr.cards(list(reversed(pile))))

    def trump(self, view: View) -> str:
        """A: no trump in rummy; your melds and your deadwood instead."""
        tr = self.tr
        melds = [tr.cards([str(c) for c in m]) for m in view.info.get("melds") or []
                 if isinstance(m, list)]
        dead = view.info.get("deadwood_points")
        said = tr._("Your melds: {melds}.").format(melds=tr.semicolon.join(melds)) if melds else \
            tr._("You have no meld yet.")
        if isinstance(dead, int):
            said += " " + tr._("Deadwood: {points} points.").format(points=dead)
        return said

    def last_trick(self, view: View) -> str:
        """L: the last complete turn of another player: the draw and the discard."""
        tr = self.tr
        hist = [(s, str(a)) for s, a in view.history if a is not None]
        for i in range(len(hist) - 1, 0, -1):
            seat, act = hist[i]
            if is_card(act) and hist[i - 1][0] == seat and hist[i - 1][1].startswith("draw"):
                drew = tr._("took {card} from the discard pile").format(
                    card=tr.card(hist[i - 2][1])) if hist[i - 1][1] == "draw discard" and \
                    i >= 2 and is_card(hist[i - 2][1]) else (
                    tr._("took the top of the discard pile")
                    if hist[i - 1][1] == "draw discard" else tr._("drew from the stock"))
                return tr._("Last turn: {player} {drew} and discarded {card}.").format(
                    player=self.Name(seat), drew=drew, card=tr.card(act))
        return tr._("Nobody has discarded yet in this deal.")

    def count(self, view: View) -> str:
        """K: the cards discarded in this deal, by suit (rummy has no trump)."""
        tr = self.tr
        discarded = self.played_cards(view)
        if not discarded:
            return tr._("Nobody has discarded yet in this deal.")
        parts = [tr.ngettext("{suit}: {n} discarded, {cards}", "{suit}: {n} discarded, {cards}",
                             len(cards)).format(suit=self.group_name(suit, view), n=len(cards),
                                                cards=tr.join([self.count_word(c)
                                                               for c in cards]))
                 for suit, cards in self.hand_groups(discarded)]
        return tr._("Cards discarded: {list}.").format(list=self.tr.semicolon.join(parts))

    def prompt(self, view: View) -> str:
        """The draw: from the stock or the top of the discard pile; then the discard."""
        tr = self.tr
        if "draw stock" in view.legal or "draw discard" in view.legal:
            top = view.info.get("top_discard")
            if "draw discard" in view.legal and isinstance(top, str):
                if "draw stock" not in view.legal:
                    return tr._("Your turn: take the discard, {card}. Enter.").format(
                        card=tr.card(top))
                return tr._("Your turn: draw from the stock or take the discard, {card}. "
                            "Arrows choose, Enter confirms.").format(card=tr.card(top))
            return tr._("Your turn: draw from the stock. Enter.")
        if "knock" in view.legal:
            return tr._("Your turn to discard: choose a card with the arrows and Enter, or "
                        "knock.")
        return tr._("Your turn to discard: choose a card with the arrows and Enter.")

    def tally(self, view: View) -> str:
        """P: the cards in each hand, and your deadwood."""
        tr = self.tr
        sizes = view.info.get("hand_sizes")
        if not isinstance(sizes, list):
            return self.trump(view)
        parts = [tr.ngettext("{player}: {n} card", "{player}: {n} cards",
                             int(n) if isinstance(n, int) else 0).format(
            player=self.Name(s), n=n) for s, n in enumerate(sizes)]
        return tr._("Cards in hand: {list}.").format(list=self.tr.semicolon.join(parts)) + " " + \
            self.trump(view)

    def game_keys(self) -> list[tuple[str, str]]:
        """C, F, A and L in rummy terms."""
        tr = self.tr
        return [("C", tr._("say the top of the discard pile and the stock")),
                ("F", tr._("say the discard pile, from the top")),
                ("A", tr._("say your melds and your deadwood")),
                ("L", tr._("say the last turn: the draw and the discard")),
                ("K", tr._("count: the cards discarded in each suit")),
                ("P", tr._("the cards in each hand, and your deadwood"))]

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
            said = tr._("Points: {points}.").format(points=pts)  # not in an f-string: Babel
            return f"{head} {said}".strip()  # finds only the calls it can read
        return head or tr._("The deal is scored.")


TEXT = KnockRummyText
