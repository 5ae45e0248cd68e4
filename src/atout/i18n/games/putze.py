"""Putze (Pomme) in words: play or pass, the blind, the better cards, the trump six, putzes."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from atout.core import JSON, Event, View
from atout.events import PutzeEvent
from atout.i18n.text import EventTable, GameText, is_card


class PutzeText(GameText):
    """The sentences of Putze: every player for themselves, Jass cards and Weis."""

    game: ClassVar[str] = "putze"
    ranks: ClassVar[str] = "6789TJQKA"
    routine: ClassVar[frozenset[str]] = frozenset({PutzeEvent.DISCARD})

    def _action(self, text: str) -> str | None:
        tr = self.tr
        words = {"play": tr._("play this deal"), "pass": tr._("pass"),
                 "take blind": tr._("take the blind"), "my game": tr._("keep my game and play"),
                 "look": tr._("look at the better cards"),
                 "exchange six": tr._("exchange the trump six"),
                 "keep six": tr._("keep the turned card")}
        return words.get(text.lower())

    def _on_plays(self, e: Event, view: View | None) -> str | None:
        """The sentence of a ``plays`` event."""
        tr = self.tr
        d = e.data
        me = e.seat == self.me
        who = self.Name(e.seat)
        if d.get("word") == "my game":
            return tr._("You keep your game and play.") if me else tr._(
                "{player} keeps their game and plays.").format(player=who)
        return tr._("You play this deal.") if me else tr._(
            "{player} plays this deal.").format(player=who)

    def _on_pass(self, e: Event, view: View | None) -> str | None:
        """The sentence of a ``pass`` event."""
        tr = self.tr
        me = e.seat == self.me
        who = self.Name(e.seat)
        return tr._("You pass.") if me else tr._("{player} passes.").format(player=who)

    def _on_take_blind(self, e: Event, view: View | None) -> str | None:
        """The sentence of a ``take_blind`` event."""
        tr = self.tr
        me = e.seat == self.me
        who = self.Name(e.seat)
        return tr._("You take the blind.") if me else tr._(
            "{player} takes the blind.").format(player=who)

    def _on_blind_cards(self, e: Event, view: View | None) -> str | None:
        """The sentence of a ``blind_cards`` event."""
        tr = self.tr
        d = e.data
        return tr._("Your new hand: {cards}.").format(
            cards=tr.cards([str(c) for c in d.get("cards") or []]))

    def _on_look(self, e: Event, view: View | None) -> str | None:
        """The sentence of a ``look`` event."""
        tr = self.tr
        me = e.seat == self.me
        who = self.Name(e.seat)
        return tr._("You look at your better cards.") if me else tr._(
            "{player} looks at the better cards.").format(player=who)

    def _on_better_cards(self, e: Event, view: View | None) -> str | None:
        """The sentence of a ``better_cards`` event."""
        tr = self.tr
        d = e.data
        return tr._("Your better cards: {cards}.").format(
            cards=tr.cards([str(c) for c in d.get("cards") or []]))

    def _on_discard(self, e: Event, view: View | None) -> str | None:
        """The sentence of a ``discard`` event."""
        tr = self.tr
        me = e.seat == self.me
        who = self.Name(e.seat)
        return "" if me else tr._("{player} discards a card.").format(player=who)

    def _on_discarded(self, e: Event, view: View | None) -> str | None:
        """The sentence of a ``discarded`` event."""
        tr = self.tr
        d = e.data
        return tr._("You discard {card}.").format(card=tr.card(str(d.get("card"))))

    def _on_better_taken(self, e: Event, view: View | None) -> str | None:
        """The sentence of a ``better_taken`` event."""
        tr = self.tr
        me = e.seat == self.me
        who = self.Name(e.seat)
        return tr._("You take the better cards.") if me else tr._(
            "{player} takes the better cards.").format(player=who)

    def _on_play_starts(self, e: Event, view: View | None) -> str | None:
        """The sentence of a ``play_starts`` event."""
        tr = self.tr
        d = e.data
        players = [p for p in d.get("players") or [] if isinstance(p, int)]
        return tr._("The play starts between {players}; {leader} leads.").format(
            players=tr.join([self.name(p) for p in players]),
            leader=self.name(d.get("leader") if isinstance(d.get("leader"), int)
                             else None))

    def _on_no_play(self, e: Event, view: View | None) -> str | None:
        """The sentence of a ``no_play`` event."""
        tr = self.tr
        return tr._("Nobody plays this deal.")

    def _on_six_exchanged(self, e: Event, view: View | None) -> str | None:
        """The sentence of a ``six_exchanged`` event."""
        tr = self.tr
        d = e.data
        me = e.seat == self.me
        who = self.Name(e.seat)
        card = tr.card(str(d.get("card")))
        return tr._("You exchange the trump six for {card}.").format(card=card) if me \
            else tr._("{player} exchanges the trump six for {card}.").format(
                player=who, card=card)

    def _on_six_kept(self, e: Event, view: View | None) -> str | None:
        """The sentence of a ``six_kept`` event."""
        tr = self.tr
        me = e.seat == self.me
        who = self.Name(e.seat)
        return tr._("You keep the turned card.") if me else tr._(
            "{player} keeps the turned card.").format(player=who)

    def _on_redeal(self, e: Event, view: View | None) -> str | None:
        """The sentence of a ``redeal`` event."""
        tr = self.tr
        return tr._("The cards are dealt again.")

    def _on_weis(self, e: Event, view: View | None) -> str | None:
        """The sentence of a ``weis`` event."""
        tr = self.tr
        d = e.data
        me = e.seat == self.me
        who = self.Name(e.seat)
        if me:
            return tr._("You announce a Weis of {value}.").format(value=d.get("value"))
        return tr._("{player} announces a Weis of {value}.").format(
            player=who, value=d.get("value"))

    def _on_weis_scored(self, e: Event, view: View | None) -> str | None:
        """The sentence of a ``weis_scored`` event."""
        tr = self.tr
        d = e.data
        me = e.seat == self.me
        who = self.Name(e.seat)
        return tr._("Your Weis counts, {points} points.").format(points=d.get("points")) \
            if me else tr._("{player}'s Weis counts, {points} points.").format(
                player=who, points=d.get("points"))

    def _on_stoeck(self, e: Event, view: View | None) -> str | None:
        """The sentence of a ``stoeck`` event."""
        tr = self.tr
        d = e.data
        me = e.seat == self.me
        who = self.Name(e.seat)
        return tr._("You say Stöck: {points} points.").format(points=d.get("points")) \
            if me else tr._("{player} says Stöck: {points} points.").format(
                player=who, points=d.get("points"))

    def _on_deal_scored(self, e: Event, view: View | None) -> str | None:
        """The sentence of a ``deal_scored`` event."""
        d = e.data
        return self.deal_scored(d)

    events: ClassVar[EventTable] = {
        PutzeEvent.PLAYS: _on_plays,
        PutzeEvent.PASS: _on_pass,
        PutzeEvent.TAKE_BLIND: _on_take_blind,
        PutzeEvent.BLIND_CARDS: _on_blind_cards,
        PutzeEvent.LOOK: _on_look,
        PutzeEvent.BETTER_CARDS: _on_better_cards,
        PutzeEvent.DISCARD: _on_discard,
        PutzeEvent.DISCARDED: _on_discarded,
        PutzeEvent.BETTER_TAKEN: _on_better_taken,
        PutzeEvent.PLAY_STARTS: _on_play_starts,
        PutzeEvent.NO_PLAY: _on_no_play,
        PutzeEvent.SIX_EXCHANGED: _on_six_exchanged,
        PutzeEvent.SIX_KEPT: _on_six_kept,
        PutzeEvent.REDEAL: _on_redeal,
        PutzeEvent.WEIS: _on_weis,
        PutzeEvent.WEIS_SCORED: _on_weis_scored,
        PutzeEvent.STOECK: _on_stoeck,
        PutzeEvent.DEAL_SCORED: _on_deal_scored,
    }
    """This game's sentences: each kind of event and the method that says it."""

    def deal_scored(self, d: Mapping[str, JSON]) -> str:
        """The points of the deal, the putzes won and the pommes."""
        tr = self.tr
        parts = []
        totals = d.get("totals")
        if isinstance(totals, list):
            parts.append(tr._("Points of the deal: {scores}.").format(scores=", ".join(
                tr._("{player} {points}").format(player=self.name(s), points=p)
                for s, p in enumerate(totals))))
        putzes = d.get("putzes")
        if isinstance(putzes, list):
            won = [tr._("{player} {points}").format(player=self.name(s), points=p)
                   for s, p in enumerate(putzes) if p]
            if won:
                parts.append(tr._("Putzes: {list}.").format(list=", ".join(won)))
        pommes = d.get("pommes")
        if isinstance(pommes, list):
            seats = [s for s, p in enumerate(pommes) if p] if all(
                isinstance(p, (bool, int)) for p in pommes) and len(pommes) == self.seats \
                else [p for p in pommes if isinstance(p, int)]
            if seats:
                parts.append(tr._("Pomme for {players}.").format(
                    players=tr.join([self.name(s) for s in seats])))
        return " ".join(parts) or tr._("The deal is scored.")

    def trump(self, view: View) -> str:
        """The trump suit, turned up."""
        tr = self.tr
        trump = view.info.get("trump")
        turned = view.info.get("trump_card")
        if isinstance(trump, str) and len(trump) == 2:
            trump = trump[-1]
        if isinstance(turned, str) and is_card(turned) and isinstance(trump, str) and trump:
            holder = view.info.get("trump_card_holder")
            said = tr._("The turned card is {card}: {suit} are trump.").format(
                card=tr.card(turned), suit=tr.suit(trump))
            if holder == self.me:
                said += " " + tr._("You hold it.")
            elif isinstance(holder, int):
                said += " " + tr._("{player} holds it.").format(player=self.Name(holder))
            return said
        if isinstance(trump, str) and trump:
            return tr._("Trump: {suit}.").format(suit=tr.suit(trump))
        return super().trump(view)

    def game_keys(self) -> list[tuple[str, str]]:
        """H and G."""
        return [("H", self.tr._("take the blind or the better cards")),
                ("G", self.tr._("exchange the trump six"))]

    def key_action(self, key: str, view: View) -> list[str]:
        """H selects taking the blind, G the six exchange, when they are legal."""
        if view.to_move != self.me:
            return []
        wanted = {"h": ("take blind", "look"), "g": ("exchange six",)}.get(key, ())
        return [a for a in view.legal if a in wanted]


TEXT = PutzeText
