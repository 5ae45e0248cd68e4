"""Auction Pitch in words: the bids, the dealer's steal, the tangage, the pitch that sets
trump, and High, Low, Jack and Game."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from atout.core import JSON, Event, View
from atout.events import MatchEvent, PitchEvent, PitchPhase
from atout.i18n.text import EventTable, GameText, is_card


class PitchText(GameText):
    """The sentences of Auction Pitch (2 to 7 players, alone or in teams of two)."""

    game: ClassVar[str] = "pitch"
    suit_order: ClassVar[str] = "HSDC"

    # -- sides ---------------------------------------------------------------------------------
    def sides(self, view: View | None) -> int:
        """The number of sides: the seats, or the teams with partners."""
        if view is not None and view.info.get("partnership"):
            return self.seats // 2
        return self.seats

    def side_name(self, side: JSON, view: View | None) -> str:
        """A side in words: a player, or a team ("your team", "Bruno and David")."""
        if not isinstance(side, int):
            return self.tr._("nobody")
        n = self.sides(view)
        if n == self.seats:
            return self.name(side)
        if self.me >= 0 and side == self.me % n:  # a spectator has no team
            return self.tr._("your team")
        return self.tr.join([self.names[s] for s in range(self.seats) if s % n == side])

    # -- actions -------------------------------------------------------------------------------
    def _action(self, text: str) -> str | None:
        t = text.strip().lower()
        if t == "pass":
            return self.tr._("pass")
        if t.startswith("bid ") and t[4:].isdigit():
            return self.tr._("bid {n}").format(n=t[4:])
        return None

    def item_order(self, view: View, items: list[str]) -> list[str]:
        """In the auction the bids come first (a card there is a tangage, a bid of 4)."""
        if view.phase == PitchPhase.AUCTION:
            return [a for a in items if not is_card(a)] + [a for a in items if is_card(a)]
        return items

    # -- events --------------------------------------------------------------------------------
    def _on_pass(self, e: Event, view: View | None) -> str | None:
        """The sentence of a ``pass`` event."""
        tr = self.tr
        me = e.seat == self.me
        who = self.Name(e.seat)
        return tr._("You pass.") if me else tr._("{player} passes.").format(player=who)

    def _on_bid(self, e: Event, view: View | None) -> str | None:
        """The sentence of a ``bid`` event."""
        tr = self.tr
        d = e.data
        me = e.seat == self.me
        who = self.Name(e.seat)
        bid = d.get("bid")
        if d.get("steal"):
            return tr._("You steal the contract as dealer, bidding {bid} too.").format(
                bid=bid) if me else tr._(
                "{player} steals the contract as dealer, bidding {bid} too.").format(
                player=who, bid=bid)
        return tr._("You bid {bid}.").format(bid=bid) if me else tr._(
            "{player} bids {bid}.").format(player=who, bid=bid)

    def _on_tangage(self, e: Event, view: View | None) -> str | None:
        """The sentence of a ``tangage`` event."""
        tr = self.tr
        d = e.data
        me = e.seat == self.me
        who = self.Name(e.seat)
        card = tr.card(str(d.get("card")))
        return tr._("You pitch {card} at once: a bid of 4 that nobody can take "
                    "(tangage).").format(card=card) if me else tr._(
            "{player} pitches {card} at once: a bid of 4 that nobody can take "
            "(tangage).").format(player=who, card=card)

    def _on_pitcher(self, e: Event, view: View | None) -> str | None:
        """The sentence of a ``pitcher`` event."""
        tr = self.tr
        d = e.data
        me = e.seat == self.me
        who = self.Name(e.seat)
        if d.get("tangage"):
            return ""
        bid = d.get("bid")
        return tr._("You are the pitcher, for {bid}: lead a card, its suit will be "
                    "trump.").format(bid=bid) if me else tr._(
            "{player} is the pitcher, for {bid}.").format(player=who, bid=bid)

    def _on_redeal(self, e: Event, view: View | None) -> str | None:
        """The sentence of a ``redeal`` event."""
        tr = self.tr
        return tr._("Everybody passes: no points, the next dealer deals.")

    def _on_card(self, e: Event, view: View | None) -> str | None:
        """The sentence of a ``card`` event."""
        tr = self.tr
        d = e.data
        me = e.seat == self.me
        who = self.Name(e.seat)
        card = str(d.get("card"))
        if view is not None and view.info.get("trick_number") == 1 and \
                len(view.table) == 1 and view.table[0] == (e.seat, card):
            if view.info.get("tangage"):
                return ""  # the tangage said it
            return tr._("You pitch {card}.").format(card=tr.card(card)) if me else tr._(
                "{player} pitches {card}.").format(player=who, card=tr.card(card))
        return None  # the common sentence

    def _on_trump(self, e: Event, view: View | None) -> str | None:
        """The sentence of a ``trump`` event."""
        tr = self.tr
        d = e.data
        return tr.sentence(tr._("{suit} are trump for this hand.").format(
            suit=tr.suit(str(d.get("suit")))))

    def _on_trick(self, e: Event, view: View | None) -> str | None:
        """The sentence of a ``trick`` event."""
        tr = self.tr
        d = e.data
        me = e.seat == self.me
        who = self.Name(e.seat)
        pts = int(d.get("points") or 0)
        said = tr.ngettext("You win the trick, {points} point toward Game.",
                           "You win the trick, {points} points toward Game.",
                           pts).format(points=pts) if me else tr.ngettext(
            "{player} wins the trick, {points} point toward Game.",
            "{player} wins the trick, {points} points toward Game.", pts).format(
            player=who, points=pts)
        if d.get("number") == 6:
            said += " " + tr._("That was the last trick.")
        return said

    def _on_score(self, e: Event, view: View | None) -> str | None:
        """The sentence of a ``score`` event."""
        d = e.data
        return self.score(d, view)

    events: ClassVar[EventTable] = {
        PitchEvent.PASS: _on_pass,
        PitchEvent.BID: _on_bid,
        PitchEvent.TANGAGE: _on_tangage,
        PitchEvent.PITCHER: _on_pitcher,
        PitchEvent.REDEAL: _on_redeal,
        PitchEvent.CARD: _on_card,
        PitchEvent.TRUMP: _on_trump,
        PitchEvent.TRICK: _on_trick,
        PitchEvent.SCORE: _on_score,
    }
    """This game's sentences: each kind of event and the method that says it."""

    def score(self, d: Mapping[str, JSON], view: View | None) -> str:
        """High, Low, Jack and Game, the pitcher's fate and the points of the hand."""
        tr = self.tr
        if d.get("redeal"):
            return tr._("No points this hand.")

        def to(award: JSON) -> str:
            side = award.get("side") if isinstance(award, Mapping) else None
            return self.side_name(side, view)

        parts = [tr._("High to {side}").format(side=to(d.get("high"))),
                 tr._("Low to {side}").format(side=to(d.get("low")))]
        jack = d.get("jack")
        parts.append(tr._("Jack to {side}").format(side=to(jack) if isinstance(jack, Mapping)
                                                   else tr._("nobody")))
        game = d.get("game")
        if isinstance(game, Mapping) and isinstance(game.get("side"), int):
            parts.append(tr._("Game to {side}").format(side=to(game)))
        else:
            parts.append(tr._("Game tied: no point"))
        said = [", ".join(parts) + "."]
        pitcher = d.get("pitcher")
        p = pitcher if isinstance(pitcher, int) else None
        taken = d.get("taken")
        side = d.get("pitcher_side")
        got = taken[side] if isinstance(taken, list) and isinstance(side, int) and \
            0 <= side < len(taken) else None
        if d.get("made"):
            said.append(tr._("You make your bid of {bid}, with {points}.").format(
                bid=d.get("bid"), points=got) if p == self.me else tr._(
                "{player} makes the bid of {bid}, with {points}.").format(
                player=self.Name(p), bid=d.get("bid"), points=got))
        else:
            said.append(tr._("You are set back {bid}: you took only {points}.").format(
                bid=d.get("bid"), points=got) if p == self.me else tr._(
                "{player} is set back {bid}, having taken only {points}.").format(
                player=self.Name(p), bid=d.get("bid"), points=got))
        return " ".join(said)

    def deal_over(self, d: Mapping[str, JSON], view: View | None) -> str:
        """The scores after a hand, with the target."""
        said = self.tr._("Hand {number} is over. {scores}").format(
            number=d.get("deal"), scores=self.side_scores(d.get("scores"), view))
        target = self.target(view)
        if target:
            said += " " + self.tr._("Playing to {target}.").format(target=target)
        return said

    def _common_event(self, e: Event, view: View | None) -> str | None:
        if e.kind == MatchEvent.DEAL_OVER:
            return self.deal_over(e.data, view)
        if e.kind == MatchEvent.NEW_DEAL:
            d = e.data
            dealer = d.get("dealer", e.seat)
            seat = dealer if isinstance(dealer, int) else None
            if seat == self.me:
                return self.tr._("Hand {number}: you deal.").format(number=d.get("deal"))
            return self.tr._("Hand {number}: {player} deals.").format(
                number=d.get("deal"), player=self.name(seat))
        return super()._common_event(e, view)

    # -- facts ---------------------------------------------------------------------------------
    def target(self, view: View | None) -> JSON:
        """The points that win the game, when known."""
        if view is None:
            return None
        match = view.info.get("match")
        return match.get("target") if isinstance(match, Mapping) else None

    def side_scores(self, scores: JSON, view: View | None) -> str:
        """Scores per player, or per team with partners."""
        if not isinstance(scores, list):
            return ""
        n = self.sides(view)
        parts = [self.tr._("{player} {points}").format(player=self.side_name(s, view),
                                                       points=_n(scores[s]))
                 for s in range(min(n, len(scores)))]
        return self.tr._("Scores: {scores}.").format(scores=", ".join(parts))

    def scores(self, view: View) -> str:
        """The game's scores and target, and the contract of this hand."""
        tr = self.tr
        match = view.info.get("match")
        parts = []
        if isinstance(match, Mapping):
            parts.append(self.side_scores(match.get("scores"), view))
            if match.get("target"):
                parts.append(tr._("Playing to {target}.").format(target=match.get("target")))
        pitcher = view.info.get("pitcher")
        if isinstance(pitcher, int) and pitcher == self.me:
            parts.append(tr._("This hand: you pitch for {bid}.").format(
                bid=view.info.get("bid")))
        elif isinstance(pitcher, int):
            parts.append(tr._("This hand: {player} pitches for {bid}.").format(
                player=self.name(pitcher), bid=view.info.get("bid")))
        return " ".join(parts) or tr._("No scores yet.")

    def trump(self, view: View) -> str:
        """The trump once pitched; before, the auction so far."""
        tr = self.tr
        trump = view.info.get("trump")
        pitcher = view.info.get("pitcher")
        if isinstance(trump, str) and trump:
            return tr._("Trump: {suit}, pitched by {player} for {bid}.").format(
                suit=tr.suit(trump), player=self.name(pitcher if isinstance(pitcher, int)
                                                      else None), bid=view.info.get("bid"))
        if isinstance(pitcher, int) and pitcher == self.me:
            return tr._("No trump yet: you pitch for {bid}, and the first card you lead sets "
                        "the trump.").format(bid=view.info.get("bid"))
        if isinstance(pitcher, int):
            return tr._("No trump yet: {player} pitches for {bid}, and the first card led "
                        "sets the trump.").format(player=self.name(pitcher),
                                                  bid=view.info.get("bid"))
        high = view.info.get("high_bid")
        bidder = view.info.get("high_bidder")
        if isinstance(high, int) and isinstance(bidder, int):
            return tr._("No trump yet. The high bid is {bid}, by {player}.").format(
                bid=high, player=self.name(bidder))
        return tr._("No trump yet, and no bid so far.")

    def last_trick(self, view: View) -> str:
        """The last complete trick, rebuilt from the history (every card is public)."""
        tr = self.tr
        cards = [(s, str(t)) for s, t in view.history if t is not None and is_card(t)]
        done = len(cards) // view.seats
        if done == 0:
            return tr._("No trick has been played yet.")
        trick = cards[(done - 1) * view.seats:done * view.seats]
        parts = [tr._("{player}: {card}").format(player=self.Name(s), card=tr.card(c))
                 for s, c in trick]
        winner = view.info.get("leader")
        return tr._("Last trick: {cards}. Won by {player}.").format(
            cards=self.tr.semicolon.join(parts), player=self.name(winner if isinstance(winner, int)
                                                      else None))

    def tally(self, view: View) -> str:
        """Each side's tricks and card points toward Game in this hand."""
        tr = self.tr
        tricks = view.info.get("tricks_won")
        points = view.info.get("game_points")
        if not isinstance(tricks, list):
            return super().tally(view)
        parts = []
        for s, n in enumerate(tricks):
            won = int(n) if isinstance(n, (int, float)) else 0
            line = tr.ngettext("{player}: {n} trick", "{player}: {n} tricks", won).format(
                player=self.Name(s), n=won)
            if isinstance(points, list) and s < len(points):
                line = tr._("{tricks}, {points} toward Game").format(tricks=line,
                                                                     points=_n(points[s]))
            parts.append(line)
        return tr._("This deal: {list}.").format(list=self.tr.semicolon.join(parts))

    def legal(self, view: View) -> str:
        """In the auction: the bids, and the tangage when a card may be pitched at once."""
        if view.phase != PitchPhase.AUCTION or view.to_move != self.me:
            return super().legal(view)
        bids = self.tr.join([self.action(a) for a in view.legal if not is_card(a)])
        if any(is_card(a) for a in view.legal):
            return self.tr._("You may: {actions}; or play a card at once, a bid of 4 "
                             "(tangage).").format(actions=bids)
        return self.tr._("You may: {actions}.").format(actions=bids)

    def prompt(self, view: View) -> str:
        """The auction prompt names the tangage."""
        tr = self.tr
        if view.phase == PitchPhase.AUCTION:
            bids = tr.join_or([self.action(a) for a in view.legal if not is_card(a)])
            if any(is_card(a) for a in view.legal):
                return tr._("Your turn to bid: {actions}; or play a card at once, a bid of 4 "
                            "that sets the trump (tangage). Arrows choose, Enter "
                            "confirms.").format(actions=bids)
            return tr._("Your turn to bid: {actions}. Arrows choose, Enter confirms.").format(
                actions=bids)
        return super().prompt(view)

    def confirmation(self, action: str, view: View) -> str | None:
        """A card in the auction is a tangage, a bid of 4: asked on its own line."""
        if view.phase == PitchPhase.AUCTION and view.to_move == self.me and is_card(action) and \
                action.upper() in view.legal:
            return self.tr._("Pitch {card} at once? That is a tangage: a bid of 4 that "
                             "nobody can take, and its suit is trump. Enter confirms, any "
                             "other key cancels.").format(card=self.tr.card(action))
        return None

    def game_keys(self) -> list[tuple[str, str]]:
        """A: the bids, or the trump."""
        return [("A", self.tr._("when you bid: select the bids; otherwise say the trump and "
                                "the pitcher"))]

    def key_action(self, key: str, view: View) -> list[str]:
        """A selects the bids during the auction."""
        if key == "a" and view.to_move == self.me and view.phase == PitchPhase.AUCTION:
            return [a for a in view.legal if not is_card(a)]
        return []


def _n(value: JSON) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


TEXT = PitchText
