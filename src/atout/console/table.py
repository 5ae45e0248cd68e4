"""The keys every screen of the client shares: facts about the game, history, help, rules.

:class:`Table` holds a game (a match), the player's seat, the renderer and the output, and
answers the information keys. The playing session and the replay build on it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Protocol

from atout.core import JSON, Deal, View
from atout.i18n import Translator
from atout.i18n.text import GameText, is_card

from .keys import KeySource
from .speech import Output

AZERTY_DIGITS = {"&": "1", "é": "2", '"': "3", "'": "4", "(": "5", "-": "6", "è": "7",
                 "_": "8", "ç": "9"}
"""The unshifted digit row of a French keyboard, read as the digits 1 to 9."""

SUIT_SYMBOLS = {"H": "♥", "D": "♦", "S": "♠", "C": "♣"}


class Viewed(Protocol):
    """What the information keys read: a seat's view and the game's public facts (a local
    match, or a server's table seen through its updates)."""

    def view(self, seat: int) -> View:
        """The seat's view now."""

    def match_info(self) -> dict[str, JSON]:
        """The game's public facts (scores, deal number)."""


class Table:
    """A game seen from one seat, with the information keys answered in words."""

    match: Viewed

    def __init__(self, match: Viewed, seat: int, text: GameText, out: Output,
                 keys: KeySource, *, visual: bool = False) -> None:
        self.match = match
        self.seat = seat
        self.text = text
        self.tr: Translator = text.tr
        self.out = out
        self.keys = keys
        self.visual = visual
        self.selected = 0

    def view(self) -> View:
        """The player's view now."""
        return self.match.view(self.seat)

    def event_view(self, deal: Deal) -> View:
        """The player's view of ``deal`` (the deal where events just happened, even when the
        match has moved on to the next), with the game's facts: what the renderer reads to
        say an event in full (the count of a finished deal, the cards left to discard)."""
        v = deal.view(self.seat)
        return dataclasses.replace(v, info={**v.info, "match": self.match.match_info()})

    def situation(self, view: View, *, deal_line: bool = True) -> list[str]:
        """Where the game stands, one sentence each: the deal (unless ``deal_line`` is
        False, when it was just said), the trump or contract, the cards on the table, whose
        turn, the scores."""
        match = view.info.get("match")
        number = match.get("deal_number") if isinstance(match, dict) else None
        lines = [self.tr._("This is deal {number}.").format(number=number)] \
            if number and deal_line else []
        return [*lines, self.text.trump(view), self.text.table(view), self.text.turn(view),
                self.text.scores(view)]

    def where(self, view: View, *, deal_line: bool = True) -> list[str]:
        """The whole situation (the O key): :meth:`situation`, and what the player may do
        when it is their turn; without the deal's number when it was just said."""
        lines = self.situation(view, deal_line=deal_line)
        if view.to_move == self.seat and view.legal:
            lines.append(self.text.legal(view))
        return lines

    # -- selection --------------------------------------------------------------------------
    def items(self, view: View) -> list[str]:
        """What the arrows move through: the hand (and other legal actions) or the choices.

        The hand comes in the order M reads it (suit by suit, in the game's order)."""
        hand = self.text.hand_order(view.hand)
        legal = list(view.legal) if view.to_move == self.seat else []
        if not legal or any(a in hand for a in legal):
            return self.text.item_order(view, hand + [a for a in legal if a not in hand])
        return self.text.item_order(view, legal)

    def item_words(self, item: str, view: View) -> str:
        """A selectable item in words, marked when it cannot be played now."""
        words = self.tr.sentence(self.text.action(item))
        if view.to_move == self.seat and view.legal and item not in view.legal:
            return self.tr._("{item}, not playable now").format(item=words)
        return words

    def select(self, index: int, view: View) -> None:
        """Select item ``index`` and say it."""
        items = self.items(view)
        if not items:
            self.out.tell(self.tr._("You have nothing to choose from."))
            return
        self.selected = max(0, min(index, len(items) - 1))
        self.out.tell(self.item_words(items[self.selected], view))

    def jump(self, step: int, view: View) -> None:
        """Select the first item of the next (``step`` 1) or previous (-1) suit, and say
        the suit with it; at the last (first) suit, say so."""
        items = self.items(view)
        if not items:
            self.out.tell(self.tr._("You have nothing to choose from."))
            return
        groups = [self.text.item_group(it) for it in items]
        current = groups[min(self.selected, len(items) - 1)]
        order = list(dict.fromkeys(groups))
        at = order.index(current) + step
        if not 0 <= at < len(order):
            self.out.tell(self.tr._("No more suits that way.") if len(order) > 1 else
                          self.tr._("There is no other suit to go to."))
            return
        self.selected = groups.index(order[at])
        name = self.text.group_name(order[at], view) if order[at] else self.tr._("Other "
                                                                                  "choices")
        self.out.tell(self.tr._("{group}: {item}").format(
            group=name, item=self.item_words(items[self.selected], view)))

    # -- keys -------------------------------------------------------------------------------
    def info_key(self, key: str) -> bool:
        """Answer an information key; False when ``key`` is not one."""
        view = self.view()
        text = self.text
        key = AZERTY_DIGITS.get(key, key)
        answers = {"c": text.table, "f": text.led, "s": text.scores, "t": text.turn,
                   "m": text.hand, "l": text.last_trick, "w": text.legal,
                   "k": text.count, "p": text.tally}
        if key in answers:
            self.out.tell(answers[key](view))
            if self.visual and key in ("c", "m"):
                self.out.tell(self.picture(view))
            return True
        if key.isdigit() and key != "0":
            self._item_number(int(key), view)
            return True
        answer = KEY_ANSWERS.get(key)
        if answer is None:
            return False
        answer(self, view)
        return True

    def _item_number(self, n: int, view: View) -> None:
        """Digit keys: select the ``n``-th item, or say there are fewer."""
        items = self.items(view)
        if n > len(items):
            self.out.tell(self.tr.ngettext("There is no item {n}: you have {count} to choose "
                                           "from.", "There is no item {n}: you have {count} "
                                           "to choose from.", len(items)).format(
                n=n, count=len(items)))
        else:
            self.select(n - 1, view)

    def _say_trump(self, view: View) -> None:
        """A: the trump."""
        self.out.tell(self.text.trump(view))

    def _toggle_short(self, view: View) -> None:
        """V: short or full messages."""
        text = self.text
        text.short = not text.short
        self.out.tell(self.tr._("Short messages: Bruno: seven of hearts.") if text.short
                      else self.tr._("Full messages."))

    def _say_where(self, view: View) -> None:
        """O: where the game stands."""
        self.out.tell(" ".join(self.where(view)))

    def _next_suit(self, view: View) -> None:
        """Tab: the next suit of the hand or group of choices."""
        self.jump(1, view)

    def _previous_suit(self, view: View) -> None:
        """Shift+Tab: the previous suit of the hand or group of choices."""
        self.jump(-1, view)

    def _previous_item(self, view: View) -> None:
        """Left, up: the previous item."""
        self.select(self.selected - 1, view)

    def _next_item(self, view: View) -> None:
        """Right, down: the next item."""
        self.select(self.selected + 1, view)

    def _first_item(self, view: View) -> None:
        """Home: the first item."""
        self.select(0, view)

    def _last_item(self, view: View) -> None:
        """End: the last item."""
        self.select(len(self.items(view)) - 1, view)

    def _repeat(self, view: View) -> None:
        """Space: say the last message again."""
        last = self.out.repeat()
        self.out.tell(last if last else self.tr._("Nothing has been said yet."))

    def _older(self, view: View) -> None:
        """Page up: the message before the one last repeated."""
        older = self.out.older()
        self.out.tell(older if older is not None else self.tr._("Start of the messages."))

    def _newer(self, view: View) -> None:
        """Page down: the message after the one last repeated."""
        newer = self.out.newer()
        self.out.tell(newer if newer is not None else self.tr._("End of the messages."))

    def _say_help(self, view: View) -> None:
        """?, F1: the keys."""
        self.out.tell(self.help())

    def _say_rules(self, view: View) -> None:
        """R, Ctrl+F1: the rules of the game, line by line."""
        for line in self.text.rules_text().splitlines():
            if line.strip():
                self.out.tell(line.strip())

    def help_keys(self) -> list[tuple[str, str]]:
        """The keys and what they do, for ``?``: the game's own keys replace the common
        answer of the same letter, or come after A."""
        tr = self.tr
        keys = [
            (tr._("Enter"), tr._("play the selected card or confirm the selected choice")),
            (tr._("Arrows, 1 to 9"), tr._("move in your hand or in the choices and say the "
                                         "card")),
            (tr._("Tab, Shift+Tab"), tr._("jump to the next or the previous suit")),
            ("=", tr._("type a card code such as AH, or an action, then Enter")),
            ("M", tr._("say your whole hand, grouped by suit")),
            ("O", tr._("where am I: the whole situation and what you may do")),
            ("C", tr._("say the cards on the table")),
            ("F", tr._("say the suit led")),
            ("A", tr._("say the trump")),
            ("S", tr._("say the scores")),
            ("T", tr._("say whose turn it is")),
            ("L", tr._("say the last trick")),
            ("W", tr._("say what you may do now")),
            ("K", tr._("count: the cards played in each suit and the trumps still out")),
            ("P", tr._("each player's tricks and points in this deal")),
            ("V", tr._("short or full messages")),
            ("I", tr._("a hint from the computer")),
            (tr._("Space"), tr._("repeat the last message")),
            (tr._("Page Up, Page Down"), tr._("go through the earlier messages")),
            (tr._("? or F1"), tr._("this list of keys")),
            (tr._("R or Ctrl+F1"), tr._("the rules of the game")),
            ("Q", tr._("save the game and quit")),
        ]
        after = [k for k, _ in keys].index("A") + 1
        for key, what in self.text.game_keys():
            at = [k for k, _ in keys].index(key) if key in [k for k, _ in keys] else None
            if at is not None:
                keys[at] = (key, what)
            else:
                keys.insert(after, (key, what))
                after += 1
        return keys

    def help(self) -> str:
        """The list of keys in one message."""
        return self.tr._("Keys: {keys}.").format(
            keys="; ".join(self.tr._("{key}: {what}").format(key=k, what=v)
                           for k, v in self.help_keys()))

    # -- the visual mode --------------------------------------------------------------------
    def picture(self, view: View) -> str:
        """A coloured line of the hand and the table, for sighted players (visual mode)."""

        def show(code: str) -> str:
            if is_card(code) and len(code) == 2 and code[1] in SUIT_SYMBOLS:
                rank = "10" if code[0] == "T" else code[0]
                colour = "\x1b[31m" if code[1] in "HD" else ""
                return f"{colour}{rank}{SUIT_SYMBOLS[code[1]]}\x1b[0m" if colour else \
                    f"{rank}{SUIT_SYMBOLS[code[1]]}"
            return code

        table = "  ".join(f"{self.text.name(s)} {show(c)}" for s, c in view.table) or "-"
        hand = " ".join(show(c) for c in view.hand)
        return f"[{table}]  |  {hand}"



KEY_ANSWERS: dict[str, Callable[[Table, View], None]] = {
    "a": Table._say_trump,
    "v": Table._toggle_short,
    "o": Table._say_where,
    "tab": Table._next_suit,
    "shift+tab": Table._previous_suit,
    "left": Table._previous_item,
    "up": Table._previous_item,
    "right": Table._next_item,
    "down": Table._next_item,
    "home": Table._first_item,
    "end": Table._last_item,
    "space": Table._repeat,
    "pgup": Table._older,
    "pgdn": Table._newer,
    "?": Table._say_help,
    "f1": Table._say_help,
    "r": Table._say_rules,
    "ctrl+f1": Table._say_rules,
}
"""The information keys beyond the game's facts (:meth:`Table.info_key`) and their answers."""
