"""Events and views turned into spoken-friendly sentences: the generic renderer.

:class:`GameText` says any game's events and views in the player's language. Each game may
subclass it (``atout.i18n.games.<game>``) for its own events, actions and facts; whatever a
game does not cover gets a generic sentence, and no event, however unknown, makes a client
fail: :meth:`GameText.event` never raises.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from importlib import resources
from typing import Any, ClassVar

from atout.core import JSON, Event, View
from atout.events import MatchEvent, TrickEvent
from atout.i18n import Translator
from atout.i18n.refusals import refusal_sentence

NAMES = ("Anna", "Bruno", "Clara", "David", "Emma", "Félix", "Gina", "Hugo")
"""The names of the other players, by seat (the player's own seat is "you")."""

_GAME_TEXT_MODULES = {"knock-rummy": "knock_rummy"}

EventSentence = Callable[[Any, Event, "View | None"], "str | None"]
"""A renderer's method that says one kind of event: None for the common sentence, "" for
silence."""
EventTable = Mapping[str, EventSentence]
"""Kinds of events (the members of :mod:`atout.events`) and the methods that say them."""


def _is_card(text: str) -> bool:
    c = text.strip().upper()
    if c == "EX":
        return True
    if len(c) >= 2 and c[0] == "T" and c[1:].isdigit():
        return True
    return len(c) == 2 and c[0] in "123456789TJNQKA" and c[1] in "HDSC"


def is_card(text: str) -> bool:
    """Whether an action text or value is a card code (``AH``, ``T21``, ``EX``)."""
    return _is_card(text)


class GameText:
    """The sentences of one game for one player (seat ``me``) in one language.

    Subclasses override :meth:`_event` (return None to fall back to the generic sentence),
    :meth:`action` and the view facts they know better.
    """

    game: ClassVar[str] = ""
    suit_order: ClassVar[str] = "HDSC"
    higher_is_better: ClassVar[bool] = True
    ranks: ClassVar[str] = "23456789TJQKA"
    """The ranks of each suit in the game's deck, lowest first (for the count of cards)."""
    routine: ClassVar[frozenset[str]] = frozenset()
    """Event kinds that a quiet game leaves out when they are another player's and show no
    card (a hidden discard, a draw from the stock)."""

    short = False
    """Short messages: a card played is "Bruno: seven of hearts."."""
    deal_limit: int | None = None
    """The deals the table plays when it stops before the game's own end (a server table's
    ``deals``), or None."""
    quiet = False
    """Leave out the routine lines (:attr:`routine`) about the other players."""

    def __init__(self, tr: Translator, me: int, seats: int,
                 names: Sequence[str] | None = None) -> None:
        self.tr = tr
        self.me = me
        self.seats = seats
        self.names = list(names) if names is not None else [
            NAMES[s % len(NAMES)] for s in range(seats)]
        self.game_name = self.game

    # -- people -------------------------------------------------------------------------------
    def name(self, seat: int | None) -> str:
        """A seat's name; "you" for the player's own seat."""
        if seat is None:
            return self.tr._("nobody")
        if seat == self.me:
            return self.tr._("you")
        if 0 <= seat < len(self.names):
            return self.names[seat]
        return self.tr._("seat {seat}").format(seat=seat)

    def Name(self, seat: int | None) -> str:  # a capitalised name, as in prose
        """A seat's name with a capital letter, to start a sentence."""
        return self.tr.sentence(self.name(seat))

    def title(self, name: str, default: str) -> str:
        """A game's title in the player's language."""
        titles = {"jass": self.tr._("Swiss Jass (Schieber)"), "putze": self.tr._("Putze"),
                  "tarot": self.tr._("French Tarot"), "pitch": self.tr._("Auction Pitch"),
                  "knock-rummy": self.tr._("Knock Rummy")}
        return titles.get(name, default)

    def seat_list(self) -> str:
        """Who sits where, for the game's introduction."""
        others = [self.names[s] for s in range(self.seats) if s != self.me]
        return self.tr._("You play against {players}.").format(players=self.tr.join(others))

    # -- events -------------------------------------------------------------------------------
    def event(self, e: Event, view: View | None = None) -> str | None:
        """The sentence of an event, or None when it says nothing worth speaking.

        Never raises: a game's renderer that fails or does not know the event gives way to a
        generic sentence.
        """
        if self.quiet and e.kind in self.routine and e.seat != self.me and \
                e.data.get("card") is None:
            return None
        if self.short and e.kind == TrickEvent.CARD and isinstance(e.data.get("card"), str):
            return self.tr._("{player}: {card}.").format(
                player=self.Name(e.seat), card=self.tr.card(str(e.data["card"]),
                                                            article=False))
        try:
            said = self._event(e, view)
        except Exception:  # a message must never crash a client
            said = None
        if said is not None:
            return said or None
        try:
            said = self._common_event(e, view)
        except Exception:
            said = None
        if said is not None:
            return said or None
        return self.generic_event(e)

    events: ClassVar[EventTable] = {}
    """A game's own sentences: each kind of event (:mod:`atout.events`) and its method."""

    def _event(self, e: Event, view: View | None) -> str | None:
        """A game's own sentence for ``e``, from :attr:`events`; None to use the common or
        generic one, an empty string for an event that should be silent."""
        say = self.events.get(e.kind)
        return say(self, e, view) if say is not None else None

    def _common_event(self, e: Event, view: View | None) -> str | None:
        """The sentence that every game shares for ``e`` (:attr:`common_events`)."""
        say = self.common_events.get(e.kind)
        return say(self, e, view) if say is not None else None

    def _on_card(self, e: Event, view: View | None) -> str | None:
        """A card played."""
        d = e.data
        if not isinstance(d.get("card"), str):
            return None
        card = self.tr.card(str(d["card"]))
        if e.seat == self.me:
            return self.tr._("You play {card}.").format(card=card)
        return self.tr._("{player} plays {card}.").format(player=self.Name(e.seat), card=card)

    def _on_trick(self, e: Event, view: View | None) -> str | None:
        """A trick won, with its points."""
        tr = self.tr
        pts = e.data.get("points")
        if e.seat == self.me:
            return tr.ngettext("You win the trick, {points} point.",
                               "You win the trick, {points} points.",
                               int(pts or 0)).format(points=pts)
        return tr.ngettext("{player} wins the trick, {points} point.",
                           "{player} wins the trick, {points} points.",
                           int(pts or 0)).format(player=self.Name(e.seat), points=pts)

    def _on_deal_over(self, e: Event, view: View | None) -> str | None:
        """The end of a deal, with the scores."""
        d = e.data
        return self.tr._("Deal {number} is over. {scores}").format(
            number=d.get("deal"), scores=self.scores_sentence(d.get("scores")))

    def _on_new_deal(self, e: Event, view: View | None) -> str | None:
        """A new deal and its dealer."""
        tr = self.tr
        d = e.data
        dealer = d.get("dealer", e.seat)
        dealer_seat = dealer if isinstance(dealer, int) else None
        if dealer_seat == self.me:
            return tr._("Deal {number}: you deal.").format(number=d.get("deal"))
        return tr._("Deal {number}: {player} deals.").format(
            number=d.get("deal"), player=self.name(dealer_seat))

    def _on_game_over(self, e: Event, view: View | None) -> str | None:
        """The end of the game."""
        return self.game_over_sentence(e.data)

    common_events: ClassVar[EventTable] = {
        TrickEvent.CARD: _on_card, TrickEvent.TRICK: _on_trick, MatchEvent.DEAL_OVER: _on_deal_over,
        MatchEvent.NEW_DEAL: _on_new_deal, MatchEvent.GAME_OVER: _on_game_over}
    """The sentences every game shares (a game's :attr:`events` come first)."""

    def generic_event(self, e: Event) -> str:
        """A plain sentence for an event no renderer knows: who, what, and its details."""
        parts = []
        for key, value in e.data.items():
            parts.append(f"{key} {self.value_words(value)}")
        details = ", ".join(parts)
        who = self.Name(e.seat) if e.seat is not None else self.tr._("Table")
        if details:
            return self.tr._("{player}: {event}, {details}.").format(
                player=who, event=e.kind.replace("_", " "), details=details)
        return self.tr._("{player}: {event}.").format(player=who,
                                                      event=e.kind.replace("_", " "))

    def value_words(self, value: JSON) -> str:
        """A JSON value in words: card codes named, lists joined."""
        if isinstance(value, str):
            return self.tr.card(value) if is_card(value) else value
        if isinstance(value, bool):
            return self.tr._("yes") if value else self.tr._("no")
        if isinstance(value, (list, tuple)):
            return self.tr.join([self.value_words(v) for v in value])
        if isinstance(value, Mapping):
            return ", ".join(f"{k} {self.value_words(v)}" for k, v in value.items())
        return str(value)

    # -- scores -------------------------------------------------------------------------------
    def scores_sentence(self, scores: JSON) -> str:
        """The game's scores in words."""
        if not isinstance(scores, list):
            return ""
        parts = [self.tr._("{player} {points}").format(player=self.name(s), points=_num(p))
                 for s, p in enumerate(scores)]
        return self.tr._("Scores: {scores}.").format(scores=", ".join(parts))

    def final_scores(self, scores: JSON) -> str:
        """The final scores of a finished game (a team game says them by team)."""
        return self.scores_sentence(scores)

    def winners(self, scores: Sequence[float]) -> list[int]:
        """The seats with the best score."""
        if not scores:
            return []
        best = max(scores) if self.higher_is_better else min(scores)
        return [s for s, p in enumerate(scores) if p == best]

    def game_over_sentence(self, d: Mapping[str, JSON]) -> str:
        """The end of the game: who won, and the final scores."""
        tr = self.tr
        winners = [w for w in d.get("winners") or [] if isinstance(w, int)]
        scores = d.get("scores")
        if len(winners) == self.seats > 1:  # every seat ahead: nobody won
            head = tr._("Game over: a draw, nobody won.")
        elif self.me in winners and len(winners) == 1:
            head = tr._("Game over: you win!")
        elif self.me in winners:
            head = tr._("Game over: you win, with {others}!").format(
                others=tr.join([self.name(w) for w in winners if w != self.me]))
        elif winners:
            head = tr._("Game over: {players} won.").format(
                players=tr.join([self.name(w) for w in winners]))
        else:
            head = tr._("Game over.")
        return f"{head} {self.final_scores(scores)}".strip()

    # -- actions ------------------------------------------------------------------------------
    def action(self, text: str) -> str:
        """An action in words: a card by its full name, other actions by the game's words."""
        if is_card(text):
            return self.tr.card(text)
        said = self._action(text)
        return said if said is not None else text

    def _action(self, text: str) -> str | None:
        """A game's words for a non-card action; None to say the notation."""
        return None

    def table_card(self, code: str) -> str:
        """A card face up on the table, as the table's list names it: "Ace of hearts"."""
        if is_card(code):
            return self.tr.sentence(self.tr.card(code, article=False))
        return self.action(code)

    def action_by(self, seat: int, text: str) -> str:
        """An action in words as ``seat`` took it (the history's lines): :meth:`action`,
        unless the game says it otherwise for another player."""
        return self.action(text)

    # -- facts of a view (the answers to the keys) -------------------------------------------
    def turn(self, view: View) -> str:
        """Whose turn it is."""
        if view.is_over or view.to_move is None:
            return self.tr._("Nobody is to play: the deal is over.")
        if view.to_move == self.me:
            return self.tr._("Your turn.")
        return self.tr._("{player}'s turn.").format(player=self.Name(view.to_move))

    def table(self, view: View) -> str:
        """The cards on the table, by player."""
        if not view.table:
            return self.tr._("The table is empty.")
        parts = [self.tr._("{player}: {card}").format(player=self.Name(s),
                                                      card=self.tr.card(c))
                 for s, c in view.table]
        return self.tr._("On the table: {cards}.").format(cards=self.tr.semicolon.join(parts))

    def led(self, view: View) -> str:
        """The suit led in the current trick."""
        led = view.info.get("led")
        if isinstance(led, str) and led:
            return self.tr._("Suit led: {suit}.").format(suit=self.tr.suit(led))
        if view.table:
            first = view.table[0][1]
            if is_card(first) and first[-1] in "HDSC" and first != "EX" and not (
                    first[0] == "T" and first[1:].isdigit()):
                return self.tr._("Suit led: {suit}.").format(suit=self.tr.suit(first[-1]))
        return self.tr._("No card has been led in this trick.")

    def trump(self, view: View) -> str:
        """The trump, when the game has one."""
        trump = view.info.get("trump")
        if isinstance(trump, str) and trump in ("H", "D", "S", "C"):
            return self.tr._("Trump: {suit}.").format(suit=self.tr.suit(trump))
        return self.tr._("There is no trump now.")

    def scores(self, view: View) -> str:
        """The scores of the game so far."""
        match = view.info.get("match")
        if isinstance(match, Mapping):
            return self.scores_sentence(match.get("scores"))
        return self.tr._("No scores yet.")

    def hand_groups(self, hand: Sequence[str]) -> list[tuple[str, list[str]]]:
        """The hand grouped by suit, in the game's suit order (a key of ``""`` for others)."""
        groups: dict[str, list[str]] = {}
        for c in hand:
            key = c[-1] if (len(c) == 2 and c[-1] in "HDSC") else ""
            groups.setdefault(key, []).append(c)
        order = [s for s in self.suit_order if s in groups]
        if "" in groups:
            order.append("")
        return [(s, groups[s]) for s in order]

    def hand_order(self, hand: Sequence[str]) -> list[str]:
        """The hand in the order M reads it: suit by suit (the arrows follow it)."""
        return [c for _, cards in self.hand_groups(hand) for c in cards]

    def item_group(self, item: str) -> str:
        """The group (suit) of a selectable item, as :meth:`hand_groups` names it."""
        return self.hand_groups([item])[0][0]

    def group_name(self, suit: str, view: View) -> str:
        """The name of a group of the hand (a suit; "other cards" for the rest)."""
        if not suit:
            return self.tr._("other cards")
        return self.tr.sentence(self.tr.suit(suit))

    def hand(self, view: View) -> str:
        """The whole hand, grouped by suit: « Cœur : six, dix, roi. »."""
        tr = self.tr
        if not view.hand:
            return tr._("Your hand is empty.")
        parts = []
        for suit, cards in self.hand_groups(view.hand):
            if suit:
                words = tr.join([tr.rank(c[0]) for c in cards])
            else:
                words = tr.join([tr.card(c, article=False) for c in cards])
            parts.append(tr._("{suit}: {cards}.").format(suit=self.group_name(suit, view),
                                                         cards=words))
        head = tr.ngettext("You hold {n} card.", "You hold {n} cards.", len(view.hand)).format(
            n=len(view.hand))
        return " ".join([head, *parts])

    def last_trick(self, view: View) -> str:
        """The last complete trick: who played what, who won it."""
        tricks = view.info.get("tricks")
        if not isinstance(tricks, list) or not tricks:
            return self.tr._("No trick has been played yet.")
        t = tricks[-1]
        leader = int(t.get("leader", 0))
        cards = list(t.get("cards") or [])
        seats = self.trick_seats(leader, len(cards), view)
        parts = [self.tr._("{player}: {card}").format(player=self.Name(s),
                                                      card=self.tr.card(c))
                 for s, c in zip(seats, cards, strict=False)]
        winner = t.get("winner")
        return self.tr._("Last trick: {cards}. Won by {player}, {points} points.").format(
            cards=self.tr.semicolon.join(parts), player=self.name(winner if isinstance(winner, int)
                                                      else None),
            points=t.get("points", 0))

    def trick_seats(self, leader: int, count: int, view: View) -> list[int]:
        """The seats in playing order from ``leader`` (clockwise unless the game says)."""
        return [(leader + i) % view.seats for i in range(count)]

    # -- counting aids (K and P) ---------------------------------------------------------------
    def played_cards(self, view: View) -> list[str]:
        """The cards played to tricks so far in this deal, the table included."""
        tricks = view.info.get("tricks")
        if isinstance(tricks, list):
            done = [str(c) for t in tricks if isinstance(t, Mapping)
                    for c in t.get("cards") or []]
            return done + [c for _, c in view.table]
        return [str(a) for _, a in view.history if a is not None and is_card(str(a))]

    def trump_suit(self, view: View) -> str | None:
        """The trump suit's letter, when there is one now."""
        trump = view.info.get("trump")
        if isinstance(trump, str) and trump[-1:] in ("H", "D", "S", "C") and len(trump) <= 2:
            return trump[-1]
        return None

    def trumps_out(self, view: View) -> list[str]:
        """The trumps neither played nor in the player's hand, highest first."""
        suit = self.trump_suit(view)
        if suit is None:
            return []
        seen = set(self.played_cards(view)) | set(view.hand)
        return [r + suit for r in reversed(self.ranks) if r + suit not in seen]

    def count_word(self, code: str) -> str:
        """A card as the count says it, its suit being said already: the rank alone."""
        if len(code) == 2 and code[1] in "HDSC" and code != "EX":
            return self.tr.rank(code[0])
        return self.tr.card(code, article=False)

    def count(self, view: View) -> str:
        """The cards played in each suit, and the trumps still out (the K key)."""
        tr = self.tr
        played = self.played_cards(view)
        if not played:
            said = [tr._("No card has been played yet in this deal.")]
        else:
            parts = []
            for suit, cards in self.hand_groups(played):
                words = tr.join([self.count_word(c) for c in cards])
                parts.append(tr.ngettext("{suit}: {n} played, {cards}",
                                         "{suit}: {n} played, {cards}", len(cards)).format(
                    suit=self.group_name(suit, view), n=len(cards), cards=words))
            said = [tr._("Cards played: {list}.").format(list=self.tr.semicolon.join(parts))]
        if self.trump_suit(view) is not None or self.trumps_out(view):
            out = self.trumps_out(view)
            said.append(tr.ngettext(
                "{n} trump still out, not in your hand: {cards}.",
                "{n} trumps still out, not in your hand: {cards}.", len(out)).format(
                n=len(out), cards=tr.join([self.count_word(c) for c in out]))
                if out else tr._("No trump is still out: the others hold none."))
        return " ".join(said)

    def sides_of(self, view: View, values: list[JSON]) -> list[tuple[str, JSON]]:
        """Values given per seat or per team, with the name of each seat or team."""
        if len(values) == view.seats:
            return [(self.Name(s), v) for s, v in enumerate(values)]
        teams = view.info.get("teams")
        if isinstance(teams, list) and len(teams) == len(values):
            named = []
            for team, v in zip(teams, values, strict=True):
                seats = [s for s in team if isinstance(s, int)] if isinstance(team, list) \
                    else []
                name = self.tr._("Your team") if self.me in seats else self.tr.join(
                    [self.name(s) for s in seats])
                named.append((name, v))
            return named
        return [(self.tr._("seat {seat}").format(seat=s), v) for s, v in enumerate(values)]

    def tally(self, view: View) -> str:
        """Each seat's (or team's) tricks and card points in this deal (the P key)."""
        tr = self.tr
        tricks = view.info.get("tricks_won")
        points = view.info.get("card_points")
        if not isinstance(tricks, list):
            return tr._("No tricks are counted in this game.")
        pts = points if isinstance(points, list) and len(points) == len(tricks) else None
        parts = []
        for i, (name, n) in enumerate(self.sides_of(view, list(tricks))):
            won = int(n) if isinstance(n, (int, float)) else 0
            line = tr.ngettext("{player}: {n} trick", "{player}: {n} tricks", won).format(
                player=name, n=won)
            if pts is not None:
                line = tr._("{tricks}, {points} points").format(tricks=line,
                                                                 points=_num(pts[i]))
            parts.append(line)
        return tr._("This deal: {list}.").format(list=self.tr.semicolon.join(parts))

    def legal(self, view: View) -> str:
        """What the player may do now."""
        if view.to_move != self.me or not view.legal:
            return self.turn(view)
        return self.tr._("You may: {actions}.").format(
            actions=self.tr.join([self.action(a) for a in view.legal]))

    def refusal(self, view: View, action: str, reason: str, code: str = "",
                params: Mapping[str, Any] | None = None) -> str:
        """Why ``action`` is refused, in words.

        ``code`` and ``params`` are the engine's reason as data (see :mod:`atout.refusal`):
        when given, the sentence says that very reason in the player's language. ``reason``
        is the engine's English sentence, said as it is to an English player when the code
        is unknown here.
        """
        tr = self.tr
        if view.to_move != self.me:
            return tr._("It is not your turn: {turn}").format(turn=self.turn(view))
        said = refusal_sentence(self, code, params or {}) if code else None
        if said:
            return said
        if is_card(action) and action.upper() not in view.hand and any(
                is_card(a) and a in view.hand for a in view.legal):
            return tr._("{card} is not in your hand.").format(card=tr.sentence(tr.card(action)))
        said = self._refusal(view, action)
        if said:
            return said
        if self.tr.lang == "en" and reason:
            return tr._("{action} is refused: {reason}.").format(
                action=tr.sentence(self.action(action)), reason=reason.rstrip("."))
        return tr._("{action} is not allowed now. You may: {actions}.").format(
            action=tr.sentence(self.action(action)),
            actions=tr.join([self.action(a) for a in view.legal]))

    def _refusal(self, view: View, action: str) -> str | None:
        """A game's own reason for refusing ``action``; None for the generic one."""
        return None

    def typed_action(self, typed: str, view: View) -> str:
        """The action a typed line means: a notation as it is, a card named in words
        (« as de cœur »), or the words of a legal action as the client says them
        (« passer »); otherwise the line unchanged, for the refusal to name."""
        from atout.i18n.words import card_code, normalize

        text = typed.strip()
        if any(text.upper() == a.upper() for a in view.legal) or (
                is_card(text) and len(text) <= 3):
            return text
        code = card_code(text, self.tr)
        if code is not None:
            if code[0] == "A" and "1" + code[1] in view.hand:  # the tarot's ace is its 1
                code = "1" + code[1]
            wrapped = [a for a in view.legal if a.upper().endswith(" " + code)]
            return code if code in view.legal or not wrapped else wrapped[0]
        wanted = normalize(text)
        for a in view.legal:
            if normalize(self.action(a)) == wanted:
                return a
        return text

    def confirmation(self, action: str, view: View) -> str | None:
        """A question to confirm ``action`` on its own line before it is played, when it
        commits more than it seems to (None: no question)."""
        return None

    def prompt(self, view: View) -> str:
        """What to do when it is the player's turn."""
        tr = self.tr
        cards = [a for a in view.legal if a in view.hand]
        others = [a for a in view.legal if a not in view.hand]
        if cards and not others:
            return tr._("Your turn: choose a card with the arrows, Enter plays it.")
        if cards:
            return tr._("Your turn: choose a card with the arrows and Enter, or {actions}.").format(
                actions=tr.join_or([self.action(a) for a in others]))
        return tr._("Your turn: {actions}. Arrows choose, Enter confirms.").format(
            actions=tr.join_or([self.action(a) for a in view.legal]))

    def item_order(self, view: View, items: list[str]) -> list[str]:
        """The order in which the arrows go through the items (the hand, then the other
        legal actions); a game may put its choices first."""
        return items

    def intro(self) -> str:
        """The first sentence of a game."""
        return self.seat_list()

    # -- keys and rules ------------------------------------------------------------------------
    def game_keys(self) -> list[tuple[str, str]]:
        """This game's own keys: (key, what it does) in the player's language."""
        return []

    def key_action(self, key: str, view: View) -> list[str]:
        """Legal actions that a game key selects (such as A for the trump choice)."""
        return []

    def rules_text(self) -> str:
        """The short rules of the game in the player's language."""
        return rules_text(self.game_name, self.tr.lang) or self.tr._(
            "No rules text is available for this game.")


def _num(value: JSON) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def rules_text(game: str, lang: str) -> str | None:
    """The shipped rules text of ``game`` in ``lang`` (package data), or None."""
    name = f"{game}.{lang}.txt"
    res = resources.files("atout.i18n") / "rules" / name
    try:
        return res.read_text(encoding="utf-8")
    except (FileNotFoundError, OSError):
        return None


def bot_words(tr: Translator, spec: str) -> str:
    """A computer player's kind in words, from its spec (``heuristic``,
    ``heuristic:base=12:floor=6``): the bot's name in ``tr``'s language, without its
    settings; an unknown bot by its own name."""
    name = spec.split(":", 1)[0].strip()
    known = {"random": tr.pgettext("bot", "random"), "heuristic": tr.pgettext("bot", "heuristic"),
             "search": tr.pgettext("bot", "search"), "policy": tr.pgettext("bot", "policy")}
    return known.get(name, name)


def game_text(game: str, tr: Translator, me: int, seats: int,
              names: Sequence[str] | None = None) -> GameText:
    """The renderer of ``game`` (its own when ``atout.i18n.games.<game>`` exists)."""
    module_name = _GAME_TEXT_MODULES.get(game, game.replace("-", "_"))
    try:
        module: Any = importlib.import_module(f"atout.i18n.games.{module_name}")
    except ModuleNotFoundError:
        base = GameText(tr, me, seats, names)
        base.game_name = game
        return base
    cls: type[GameText] = module.TEXT
    return cls(tr, me, seats, names)


__all__ = ["NAMES", "EventSentence", "EventTable", "GameText", "bot_words", "game_text", "is_card",
           "rules_text"]
