"""``atout replay NUMBER`` (or ``FILE``): a stored game, move by move, in words."""

from __future__ import annotations

from typing import Any

from atout.core import Match, Rules

from .keys import KeySource
from .speech import Output
from .table import AZERTY_DIGITS, Table


class Replay(Table):
    """Steps through a saved game from the seat that played it."""

    match: Match

    def __init__(self, rules: Rules[Any], saved: dict[str, Any], seat: int, text: Any,
                 out: Output, keys: KeySource) -> None:
        self.rules = rules
        self.params: dict[str, Any] = dict(saved.get("match") or {})
        self.moves: list[str] = [str(a) for deal in saved.get("actions") or [] for a in deal]
        self.pos = 0
        super().__init__(rules.match(**self.params), seat, text, out, keys)

    def help_keys(self) -> list[tuple[str, str]]:
        """The table's keys, but P: in a replay it goes one move back, like Left."""
        return [(k, v) for k, v in super().help_keys() if k != "P"]

    def goto(self, n: int) -> None:
        """Rebuild the game up to move ``n``, silently."""
        self.match = self.rules.match(**self.params)
        for a in self.moves[:n]:
            self.match.play(a)
        self.pos = n

    def step(self) -> None:
        """Play the next move and say what happened."""
        if self.pos >= len(self.moves):
            self.out.tell(self.tr._("End of the replay."))
            return
        deal = self.match.deal
        events = self.match.play(self.moves[self.pos])
        view = self.event_view(deal)
        self.pos += 1
        for e in events:
            if e.visible_to(self.seat):
                said = self.text.event(e, view)
                if said:
                    self.out.say(said)
        if self.pos >= len(self.moves):
            self.out.say(self.tr._("End of the replay."))

    def run(self) -> int:
        """Answer keys until the player leaves."""
        tr = self.tr
        self.out.say(tr._("Replay of {game}, {n} moves. Right arrow or Enter: the next move; "
                          "Left: one move back; Home and End: the start and the end; Q "
                          "leaves.").format(game=self.text.title(self.rules.name,
                                                                 self.rules.title),
                                            n=len(self.moves)))
        self.out.say(self.text.hand(self.view()))
        while True:
            try:
                key = self.keys.read(None)
            except (EOFError, KeyboardInterrupt):
                return 0
            if key is None:
                continue
            key = AZERTY_DIGITS.get(key, key)
            if key in ("q", "ctrl+c", "ctrl+d", "esc"):
                return 0
            if key in ("right", "enter", "down", "n"):
                self.step()
            elif key in ("left", "up", "p"):
                if self.pos == 0:
                    self.out.tell(tr._("Start of the game."))
                else:
                    self.goto(self.pos - 1)
                    self.out.tell(tr._("Back to move {n} of {total}.").format(
                        n=self.pos, total=len(self.moves)))
            elif key == "home":
                self.goto(0)
                self.out.tell(tr._("Start of the game."))
            elif key == "end":
                self.goto(len(self.moves))
                self.out.tell(tr._("End of the replay."))
            elif not self.info_key(key):
                self.out.tell(tr._("The key {key} does nothing. Press ? for the list of "
                                   "keys.").format(key=key.upper()))


__all__ = ["Replay"]
