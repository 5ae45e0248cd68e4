"""French Tarot in words: the bids, the called king, the chien and the écart, poignées,
the chelem, the excuse, and the count of the deal."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

from atout.core import JSON, Event, View
from atout.events import TarotEvent, TarotPhase
from atout.i18n.text import EventTable, GameText, is_card

HAND_SIZES = {3: 24, 4: 18, 5: 15}
"""Cards in each hand, so the number of tricks, by number of players."""


def _is_trump(code: str) -> bool:
    return len(code) >= 2 and code[0] == "T" and code[1:].isdigit()


def _trump_number(code: str) -> int:
    return int(code[1:]) if _is_trump(code) else 0


class TarotText(GameText):
    """The sentences of French Tarot (3, 4 or 5 players, seats in playing order)."""

    game: ClassVar[str] = "tarot"
    suit_order: ClassVar[str] = "HSDC"
    routine: ClassVar[frozenset[str]] = frozenset({TarotEvent.DISCARD})

    # -- words ---------------------------------------------------------------------------------
    def num(self, value: JSON) -> str:
        """A number as said: whole numbers without a decimal part, « 45,5 » in French."""
        if isinstance(value, float) and value.is_integer():
            return str(int(value))
        text = str(value)
        return text.replace(".", ",") if self.tr.lang == "fr" else text

    def contract(self, name: JSON) -> str:
        """A contract's name: prise, garde, garde sans (le chien), garde contre (le chien)."""
        tr = self.tr
        names = {"prise": tr.pgettext("tarot contract", "prise"),
                 "garde": tr.pgettext("tarot contract", "garde"),
                 "garde sans": tr.pgettext("tarot contract", "garde sans"),
                 "garde contre": tr.pgettext("tarot contract", "garde contre")}
        return names.get(str(name), str(name))

    def level(self, name: JSON) -> str:
        """A poignée's level: single, double, triple."""
        tr = self.tr
        names = {"simple": tr.pgettext("poignee", "single"),
                 "double": tr.pgettext("poignee", "double"),
                 "triple": tr.pgettext("poignee", "triple")}
        return names.get(str(name), str(name))

    def _action(self, text: str) -> str | None:
        tr = self.tr
        t = text.strip().lower()
        if t == "pass":
            return tr._("pass")
        if t in ("prise", "garde", "garde sans", "garde contre"):
            return tr._("bid a {contract}").format(contract=self.contract(t))
        if t.startswith("discard ") and is_card(t[8:]):
            return tr._("put {card} in the écart").format(card=tr.card(t[8:]))
        if t.startswith("call ") and is_card(t[5:]):
            return tr._("call {card}").format(card=tr.card(t[5:]))
        if t == "no poignee":
            return tr._("show no poignée")
        if t.startswith("poignee "):
            return tr._("show a {level} poignée").format(level=self.level(t[8:]))
        if t == "no chelem":
            return tr._("announce no chelem")
        if t == "chelem":
            return tr._("announce a chelem: every trick")
        if t == "petit sec":
            return tr._("declare the petit sec: the deal is void")
        return None

    # -- events --------------------------------------------------------------------------------
    def _on_petit_sec(self, e: Event, view: View | None) -> str | None:
        """The sentence of a ``petit_sec`` event."""
        tr = self.tr
        me = e.seat == self.me
        who = self.Name(e.seat)
        return tr._("You have the petit sec: your only trump is the petit.") if me else \
            tr._("{player} has the petit sec: the petit is their only trump.").format(
                player=who)

    def _on_deal_annulled(self, e: Event, view: View | None) -> str | None:
        """The sentence of a ``deal_annulled`` event."""
        tr = self.tr
        d = e.data
        if d.get("reason") == "all pass":
            return tr._("Everybody passes: the deal is void.")
        return tr._("The deal is void because of the petit sec.")

    def _on_bid(self, e: Event, view: View | None) -> str | None:
        """The sentence of a ``bid`` event."""
        tr = self.tr
        d = e.data
        me = e.seat == self.me
        who = self.Name(e.seat)
        bid = d.get("bid")
        if bid == "pass":
            return tr._("You pass.") if me else tr._("{player} passes.").format(player=who)
        contract = self.contract(bid)
        return tr._("You bid a {contract}.").format(contract=contract) if me else \
            tr._("{player} bids a {contract}.").format(player=who, contract=contract)

    def _on_taker(self, e: Event, view: View | None) -> str | None:
        """The sentence of a ``taker`` event."""
        tr = self.tr
        d = e.data
        me = e.seat == self.me
        who = self.Name(e.seat)
        contract = self.contract(d.get("contract"))
        return tr._("You are the taker, with a {contract}.").format(contract=contract) \
            if me else tr._("{player} is the taker, with a {contract}.").format(
                player=who, contract=contract)

    def _on_call(self, e: Event, view: View | None) -> str | None:
        """The sentence of a ``call`` event."""
        tr = self.tr
        d = e.data
        me = e.seat == self.me
        who = self.Name(e.seat)
        card = tr.card(str(d.get("card")))
        return tr._("You call {card}.").format(card=card) if me else \
            tr._("{player} calls {card}.").format(player=who, card=card)

    def _on_chien(self, e: Event, view: View | None) -> str | None:
        """The sentence of a ``chien`` event."""
        tr = self.tr
        d = e.data
        me = e.seat == self.me
        who = self.Name(e.seat)
        cards = tr.cards([str(c) for c in d.get("cards") or []])
        return tr._("The chien: {cards}. You take it into your hand.").format(
            cards=cards) if me else tr._("The chien: {cards}. {player} takes it.").format(
            cards=cards, player=who)

    def _on_chien_set_aside(self, e: Event, view: View | None) -> str | None:
        """The sentence of a ``chien_set_aside`` event."""
        tr = self.tr
        d = e.data
        if d.get("side") == "defence":
            return tr._("The chien stays face down: it goes to the defence.")
        return tr._("The chien stays face down: it counts for the taker.")

    def _on_discard(self, e: Event, view: View | None) -> str | None:
        """The sentence of a ``discard`` event."""
        return self.discard(e, view)

    def _on_ecart_done(self, e: Event, view: View | None) -> str | None:
        """The sentence of a ``ecart_done`` event."""
        tr = self.tr
        me = e.seat == self.me
        who = self.Name(e.seat)
        return tr._("Your écart is made.") if me else tr._(
            "{player} has made the écart.").format(player=who)

    def _on_chelem(self, e: Event, view: View | None) -> str | None:
        """The sentence of a ``chelem`` event."""
        tr = self.tr
        d = e.data
        me = e.seat == self.me
        who = self.Name(e.seat)
        if d.get("announced"):
            return tr._("You announce a chelem: you will take every trick, and you "
                        "lead.") if me else tr._(
                "{player} announces a chelem: every trick, and {player} leads.").format(
                player=who)
        return tr._("You announce no chelem.") if me else tr._(
            "{player} announces no chelem.").format(player=who)

    def _on_play_begins(self, e: Event, view: View | None) -> str | None:
        """The sentence of a ``play_begins`` event."""
        tr = self.tr
        me = e.seat == self.me
        who = self.Name(e.seat)
        return tr._("The play begins: you lead.") if me else tr._(
            "The play begins: {player} leads.").format(player=who)

    def _on_poignee(self, e: Event, view: View | None) -> str | None:
        """The sentence of a ``poignee`` event."""
        tr = self.tr
        d = e.data
        me = e.seat == self.me
        who = self.Name(e.seat)
        cards = self.trumps_words([str(c) for c in d.get("cards") or []])
        level = self.level(d.get("level"))
        return tr._("You show a {level} poignée: {cards}.").format(
            level=level, cards=cards) if me else tr._(
            "{player} shows a {level} poignée: {cards}.").format(
            player=who, level=level, cards=cards)

    def _on_partner(self, e: Event, view: View | None) -> str | None:
        """The sentence of a ``partner`` event."""
        tr = self.tr
        d = e.data
        me = e.seat == self.me
        who = self.Name(e.seat)
        card = tr.card(str(d.get("card")))
        if d.get("alone"):
            return tr._("You play alone: nobody else holds {card}.").format(card=card) \
                if me else tr._("{player} plays alone: nobody else holds {card}.").format(
                player=who, card=card)
        return tr._("You hold {card}: you are the taker's partner.").format(card=card) \
            if me else tr._("{player} holds {card}: {player} is the taker's "
                            "partner.").format(player=who, card=card)

    def _on_trick(self, e: Event, view: View | None) -> str | None:
        """The sentence of a ``trick`` event."""
        tr = self.tr
        d = e.data
        me = e.seat == self.me
        who = self.Name(e.seat)
        said = tr._("You win the trick.") if me else tr._(
            "{player} wins the trick.").format(player=who)
        if d.get("number") == HAND_SIZES.get(self.seats):
            said += " " + tr._("That was the last trick.")
        return said

    def _on_excuse_exchange(self, e: Event, view: View | None) -> str | None:
        """The sentence of a ``excuse_exchange`` event."""
        tr = self.tr
        d = e.data
        me = e.seat == self.me
        who = self.Name(e.seat)
        receiver = d.get("receiver")
        to = self.name(receiver if isinstance(receiver, int) else None)
        card = tr.card(str(d.get("card")))
        return tr._("You keep the excuse and give {card} to {receiver} in exchange.").format(
            card=card, receiver=to) if me else tr._(
            "{player} keeps the excuse and gives {card} to {receiver} in "
            "exchange.").format(player=who, card=card, receiver=to)

    def _on_excuse_owed(self, e: Event, view: View | None) -> str | None:
        """The sentence of a ``excuse_owed`` event."""
        tr = self.tr
        d = e.data
        me = e.seat == self.me
        who = self.Name(e.seat)
        receiver = d.get("receiver")
        to = self.name(receiver if isinstance(receiver, int) else None)
        return tr._("You keep the excuse and owe a low card to {receiver}.").format(
            receiver=to) if me else tr._(
            "{player} keeps the excuse and owes a low card to {receiver}.").format(
            player=who, receiver=to)

    def _on_excuse_set_aside(self, e: Event, view: View | None) -> str | None:
        """The sentence of a ``excuse_set_aside`` event."""
        tr = self.tr
        me = e.seat == self.me
        who = self.Name(e.seat)
        return tr._("Your excuse is set aside, face up, until the partner is known.") \
            if me else tr._("{player}'s excuse is set aside, face up, until the partner "
                            "is known.").format(player=who)

    def _on_deal_end(self, e: Event, view: View | None) -> str | None:
        """The sentence of a ``deal_end`` event."""
        d = e.data
        return self.deal_end(d, view)

    events: ClassVar[EventTable] = {
        TarotEvent.PETIT_SEC: _on_petit_sec,
        TarotEvent.DEAL_ANNULLED: _on_deal_annulled,
        TarotEvent.BID: _on_bid,
        TarotEvent.TAKER: _on_taker,
        TarotEvent.CALL: _on_call,
        TarotEvent.CHIEN: _on_chien,
        TarotEvent.CHIEN_SET_ASIDE: _on_chien_set_aside,
        TarotEvent.DISCARD: _on_discard,
        TarotEvent.ECART_DONE: _on_ecart_done,
        TarotEvent.CHELEM: _on_chelem,
        TarotEvent.PLAY_BEGINS: _on_play_begins,
        TarotEvent.POIGNEE: _on_poignee,
        TarotEvent.PARTNER: _on_partner,
        TarotEvent.TRICK: _on_trick,
        TarotEvent.EXCUSE_EXCHANGE: _on_excuse_exchange,
        TarotEvent.EXCUSE_OWED: _on_excuse_owed,
        TarotEvent.EXCUSE_SET_ASIDE: _on_excuse_set_aside,
        TarotEvent.DEAL_END: _on_deal_end,
    }
    """This game's sentences: each kind of event and the method that says it."""

    def trumps_words(self, cards: list[str]) -> str:
        """Trumps shown together: "the trumps 1, 5 and 21", the excuse named after them."""
        tr = self.tr
        numbers = [str(_trump_number(c)) for c in sorted(
            (c for c in cards if _is_trump(c)), key=_trump_number)]
        if "EX" in cards:
            numbers.append(tr._("the excuse"))
        if len(numbers) > 1:
            return tr._("the trumps {numbers}").format(numbers=tr.join(numbers))
        return tr.cards(cards)

    def discard(self, e: Event, view: View | None) -> str:
        """A card put in the écart: named to the taker (and to all for a trump)."""
        tr = self.tr
        card = e.data.get("card")
        me = e.seat == self.me
        if card is None:  # the public twin of a hidden card
            return "" if me else tr._("{player} puts a card in the écart.").format(
                player=self.Name(e.seat))
        name = tr.card(str(card))
        if not me:
            return tr._("{player} puts {card} in the écart, shown to all.").format(
                player=self.Name(e.seat), card=name)
        said = tr._("You put {card} in the écart.").format(card=name)
        left = self.ecart_left(view)
        if left:
            said += " " + tr.ngettext("{n} more card to put aside.",
                                      "{n} more cards to put aside.", left).format(n=left)
        return said

    def ecart_left(self, view: View | None) -> int:
        """How many cards the taker still has to put in the écart (0 when unknown)."""
        if view is None or view.phase != TarotPhase.ECART:
            return 0
        ecart = view.info.get("ecart")
        size = view.info.get("chien_size")
        if isinstance(ecart, list) and isinstance(size, int):
            return max(0, size - len(ecart))
        return 0

    def deal_end(self, d: Mapping[str, JSON], view: View | None) -> str:
        """The count of the deal: contract made or lost, petit au bout, poignées, chelem."""
        tr = self.tr
        details: Mapping[str, JSON] = {}
        if view is not None:
            result = view.info.get("result")
            if isinstance(result, Mapping) and isinstance(result.get("details"), Mapping):
                details = result["details"]
        parts: list[str] = []
        made = d.get("made", details.get("made"))
        contract = self.contract(details.get("contract")) if details.get("contract") else ""
        if details.get("taker_points") is not None:
            args = {"contract": contract, "points": self.num(details.get("taker_points")),
                    "bouts": details.get("bouts"), "needed": details.get("needed"),
                    "difference": self.num(details.get("difference"))}
            bouts = int(details.get("bouts") or 0)
            if made:
                parts.append(tr.ngettext(
                    "The {contract} is made by {difference}: the taker's side has {points} "
                    "points with {bouts} bout, {needed} needed.",
                    "The {contract} is made by {difference}: the taker's side has {points} "
                    "points with {bouts} bouts, {needed} needed.", bouts).format(**args))
            else:
                parts.append(tr.ngettext(
                    "The {contract} is lost by {difference}: the taker's side has {points} "
                    "points with {bouts} bout, {needed} needed.",
                    "The {contract} is lost by {difference}: the taker's side has {points} "
                    "points with {bouts} bouts, {needed} needed.", bouts).format(**args))
        elif made is not None:
            parts.append(tr._("The contract is made.") if made else tr._(
                "The contract is lost."))
        pab = details.get("petit_au_bout")
        if pab in ("taker", "defence"):
            bonus = details.get("petit_au_bout_bonus")
            parts.append(tr._("The petit is led to the end: {points} points for the "
                              "taker.").format(points=bonus) if pab == "taker" else tr._(
                "The petit is led to the end: {points} points for the defence.").format(
                points=bonus))
        poignees = details.get("poignees")
        if isinstance(poignees, list) and poignees:
            bonus = sum(int(p.get("bonus") or 0) for p in poignees
                        if isinstance(p, Mapping))
            winner = tr._("the taker's side") if made else tr._("the defence")
            parts.append(tr._("Poignées: {points} points for {side}.").format(
                points=bonus, side=winner))
        chelem = details.get("chelem")
        if chelem == "taker":
            parts.append(tr._("Chelem: the taker's side took every trick."))
        elif chelem == "defence":
            parts.append(tr._("Chelem of the defence: it took every trick."))
        elif details.get("chelem_announced"):
            parts.append(tr._("The announced chelem failed."))
        points = d.get("points")
        if isinstance(points, list):
            parts.append(tr._("Points of the deal: {scores}.").format(scores=", ".join(
                tr._("{player} {points}").format(player=self.name(s), points=self.num(p))
                for s, p in enumerate(points))))
        return " ".join(parts) or tr._("The deal is scored.")

    # -- facts ---------------------------------------------------------------------------------
    def scores_sentence(self, scores: JSON) -> str:
        """The match scores, half points said in words."""
        if not isinstance(scores, list):
            return ""
        parts = [self.tr._("{player} {points}").format(player=self.name(s), points=self.num(p))
                 for s, p in enumerate(scores)]
        return self.tr._("Scores: {scores}.").format(scores=", ".join(parts))

    def scores(self, view: View) -> str:
        """The match scores, the deals played and to play."""
        tr = self.tr
        match = view.info.get("match")
        if not isinstance(match, Mapping):
            return tr._("No scores yet.")
        said = self.scores_sentence(match.get("scores"))
        deals, counted = match.get("deals"), match.get("counted")
        if isinstance(self.deal_limit, int) and isinstance(deals, int):
            deals = min(deals, self.deal_limit)  # the table stops before the game's end
        if isinstance(deals, int) and isinstance(counted, int):
            if counted < deals and not view.is_over:  # a deal under way: its number
                said += " " + tr._("Deal {number} of {deals}.").format(
                    number=counted + 1, deals=deals)
            else:
                said += " " + tr._("Deals played: {counted} of {deals}.").format(
                    counted=counted, deals=deals)
        return said

    def trump(self, view: View) -> str:
        """The contract: the bids so far, or the taker, the contract and the called card."""
        tr = self.tr
        info = view.info
        taker = info.get("taker")
        if not isinstance(taker, int):
            bids = [b for b in info.get("bids") or [] if isinstance(b, list) and len(b) == 2]
            if not bids:
                return tr._("Nobody has bid yet.")
            said = [tr._("{player}: {bid}").format(
                player=self.Name(b[0] if isinstance(b[0], int) else None),
                bid=tr._("pass") if b[1] == "pass" else self.contract(b[1])) for b in bids]
            return tr._("Bids: {bids}.").format(bids=self.tr.semicolon.join(said))
        parts = [tr._("You are the taker, with a {contract}.").format(
            contract=self.contract(info.get("contract"))) if taker == self.me else
            tr._("{player} is the taker, with a {contract}.").format(
                player=self.Name(taker), contract=self.contract(info.get("contract")))]
        called = info.get("called")
        if isinstance(called, str):
            partner = info.get("partner")
            if isinstance(partner, int) and partner == taker:  # the taker called their own
                parts.append((tr._("Called card: {card}; you play alone.") if taker == self.me
                              else tr._("Called card: {card}; {player} plays alone.")).format(
                    card=tr.card(called), player=self.name(taker)))
            elif isinstance(partner, int):
                parts.append(tr._("Called card: {card}; partner: {player}.").format(
                    card=tr.card(called), player=self.name(partner)))
            else:
                parts.append(tr._("Called card: {card}; the partner is not known yet.").format(
                    card=tr.card(called)))
        if info.get("chelem"):
            parts.append(tr._("A chelem is announced."))
        return " ".join(parts)

    def led(self, view: View) -> str:
        """The suit led (trumps, or the card after a led excuse)."""
        tr = self.tr
        cards = [c for _, c in view.table if c != "EX"]
        if not cards:
            if view.table:
                return tr._("The excuse was led: the next card sets the suit.")
            return tr._("No card has been led in this trick.")
        if _is_trump(cards[0]):
            return tr._("Suit led: trumps.")
        return tr._("Suit led: {suit}.").format(suit=tr.suit(cards[0][-1]))

    def hand_groups(self, hand: Sequence[str]) -> list[tuple[str, list[str]]]:
        """Suits in the game's order, then the trumps (with the excuse)."""
        groups = super().hand_groups([c for c in hand if not (_is_trump(c) or c == "EX")])
        trumps = sorted((c for c in hand if _is_trump(c)), key=_trump_number)
        if "EX" in hand:
            trumps.append("EX")
        if trumps:
            groups.append(("T", trumps))
        return groups

    def count_word(self, code: str) -> str:
        """Trumps by their number, the excuse by its name, suit cards by their rank."""
        if _is_trump(code):
            return str(_trump_number(code))
        if code == "EX":
            return self.tr._("the excuse")
        return super().count_word(code)

    def trumps_out(self, view: View) -> list[str]:
        """The trumps 21 to 1 neither played nor in the player's hand."""
        seen = set(self.played_cards(view)) | set(view.hand)
        return [f"T{n}" for n in range(21, 0, -1) if f"T{n}" not in seen]

    def group_name(self, suit: str, view: View) -> str:
        """Trumps have their own group."""
        if suit == "T":
            return self.tr.sentence(self.tr.pgettext("suit", "trumps"))
        return super().group_name(suit, view)

    def hand(self, view: View) -> str:
        """The hand by suit, the trumps by number, the excuse named."""
        tr = self.tr
        if not view.hand:
            return tr._("Your hand is empty.")
        parts = []
        for suit, cards in self.hand_groups(view.hand):
            if suit == "T":
                words = tr.join([tr._("the excuse") if c == "EX" else str(_trump_number(c))
                                 for c in cards])
            else:
                words = tr.join([tr.rank(c[0]) for c in cards])
            parts.append(tr._("{suit}: {cards}.").format(suit=self.group_name(suit, view),
                                                         cards=words))
        head = tr.ngettext("You hold {n} card.", "You hold {n} cards.", len(view.hand)).format(
            n=len(view.hand))
        return " ".join([head, *parts])

    def last_trick(self, view: View) -> str:
        """The last trick: who played what and who won it."""
        tricks = view.info.get("tricks")
        if not isinstance(tricks, list) or not tricks:
            return self.tr._("No trick has been played yet.")
        t = tricks[-1]
        leader = int(t.get("leader", 0))
        cards = [str(c) for c in t.get("cards") or []]
        parts = [self.tr._("{player}: {card}").format(player=self.Name(s),
                                                      card=self.tr.card(c))
                 for s, c in zip(self.trick_seats(leader, len(cards), view), cards,
                                 strict=False)]
        winner = t.get("winner")
        return self.tr._("Last trick: {cards}. Won by {player}.").format(
            cards=self.tr.semicolon.join(parts), player=self.name(winner if isinstance(winner, int)
                                                      else None))

    def prompt(self, view: View) -> str:
        """The turn prompt of each phase."""
        tr = self.tr
        choices = tr.join_or([self.action(a) for a in view.legal])
        if view.phase == TarotPhase.BIDDING:
            return tr._("Your turn to bid: {actions}. Arrows choose, Enter confirms.").format(
                actions=choices)
        if view.phase == TarotPhase.ECART:
            left = self.ecart_left(view)
            return tr.ngettext(
                "Your écart: put {n} card aside, with the arrows and Enter. Never a king nor "
                "a bout.",
                "Your écart: put {n} cards aside, one at a time, with the arrows and Enter. "
                "Never a king nor a bout.", left).format(n=left)
        if view.phase == TarotPhase.CALL:
            return tr._("Call a card for your partner: {actions}. Arrows choose, Enter "
                        "confirms.").format(actions=choices)
        if view.phase == TarotPhase.CHELEM:
            return tr._("Announce a chelem? {actions}. Arrows choose, Enter confirms.").format(
                actions=choices)
        if view.phase == TarotPhase.PETIT_SEC:
            return tr._("You hold the petit sec and must declare it: Enter.")
        if any(a.startswith("poignee") or a == "no poignee" for a in view.legal):
            return tr._("Before your first card: {actions}? Arrows choose, Enter "
                        "confirms.").format(actions=choices)
        return super().prompt(view)

    def game_keys(self) -> list[tuple[str, str]]:
        """H: the bids that take the chien; A: the contract."""
        return [("H", self.tr._("when you bid: select the lowest bid that takes the chien")),
                ("A", self.tr._("say the bids, the contract, the called card and the "
                                "partner"))]

    def key_action(self, key: str, view: View) -> list[str]:
        """H selects a prise or a garde while bidding."""
        if key == "h" and view.to_move == self.me and view.phase == TarotPhase.BIDDING:
            return [a for a in view.legal if a in ("prise", "garde")]
        return []


TEXT = TarotText
