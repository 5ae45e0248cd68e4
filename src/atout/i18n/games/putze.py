"""Putze (Pomme) in words: play or pass, the blind, the better cards, the trump six, putzes."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from atout.core import JSON, Event, View
from atout.i18n.text import GameText, is_card


class PutzeText(GameText):
    """The sentences of Putze: every player for themselves, Jass cards and Weis."""

    game: ClassVar[str] = "putze"
    ranks: ClassVar[str] = "6789TJQKA"
    routine: ClassVar[frozenset[str]] = frozenset({"discard"})

    def _action(self, text: str) -> str | None:
        tr = self.tr
        words = {"play": tr._("play this deal"), "pass": tr._("pass"),
                 "take blind": tr._("take the blind"), "my game": tr._("keep my game and play"),
                 "look": tr._("look at the better cards"),
                 "exchange six": tr._("exchange the trump six"),
                 "keep six": tr._("keep the turned card")}
        return words.get(text.lower())

    def _event(self, e: Event, view: View | None) -> str | None:
        tr = self.tr
        d = e.data
        me = e.seat == self.me
        who = self.Name(e.seat)
        if e.kind == "plays":
            if d.get("word") == "my game":
                return tr._("You keep your game and play.") if me else tr._(
                    "{player} keeps their game and plays.").format(player=who)
            return tr._("You play this deal.") if me else tr._(
                "{player} plays this deal.").format(player=who)
        if e.kind == "pass":
            return tr._("You pass.") if me else tr._("{player} passes.").format(player=who)
        if e.kind == "take_blind":
            return tr._("You take the blind.") if me else tr._(
                "{player} takes the blind.").format(player=who)
        if e.kind == "blind_cards":
            return tr._("Your new hand: {cards}.").format(
                cards=tr.cards([str(c) for c in d.get("cards") or []]))
        if e.kind == "look":
            return tr._("You look at your better cards.") if me else tr._(
                "{player} looks at the better cards.").format(player=who)
        if e.kind == "better_cards":
            return tr._("Your better cards: {cards}.").format(
                cards=tr.cards([str(c) for c in d.get("cards") or []]))
        if e.kind == "discard":
            return "" if me else tr._("{player} discards a card.").format(player=who)
        if e.kind == "discarded":
            return tr._("You discard {card}.").format(card=tr.card(str(d.get("card"))))
        if e.kind == "better_taken":
            return tr._("You take the better cards.") if me else tr._(
                "{player} takes the better cards.").format(player=who)
        if e.kind == "play_starts":
            players = [p for p in d.get("players") or [] if isinstance(p, int)]
            return tr._("The play starts between {players}; {leader} leads.").format(
                players=tr.join([self.name(p) for p in players]),
                leader=self.name(d.get("leader") if isinstance(d.get("leader"), int)
                                 else None))
        if e.kind == "no_play":
            return tr._("Nobody plays this deal.")
        if e.kind == "six_exchanged":
            card = tr.card(str(d.get("card")))
            return tr._("You exchange the trump six for {card}.").format(card=card) if me \
                else tr._("{player} exchanges the trump six for {card}.").format(
                    player=who, card=card)
        if e.kind == "six_kept":
            return tr._("You keep the turned card.") if me else tr._(
                "{player} keeps the turned card.").format(player=who)
        if e.kind == "redeal":
            return tr._("The cards are dealt again.")
        if e.kind == "weis":
            if me:
                return tr._("You announce a Weis of {value}.").format(value=d.get("value"))
            return tr._("{player} announces a Weis of {value}.").format(
                player=who, value=d.get("value"))
        if e.kind == "weis_scored":
            return tr._("Your Weis counts, {points} points.").format(points=d.get("points")) \
                if me else tr._("{player}'s Weis counts, {points} points.").format(
                    player=who, points=d.get("points"))
        if e.kind == "stoeck":
            return tr._("You say Stöck: {points} points.").format(points=d.get("points")) \
                if me else tr._("{player} says Stöck: {points} points.").format(
                    player=who, points=d.get("points"))
        if e.kind == "deal_scored":
            return self.deal_scored(d)
        return None

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
