"""A game in the terminal: the player's turns by keys, the bots' turns at a readable pace.

The engines are pure; the session owns the clock (the bots' pause), the record of the game
(every action committed to the store before it is said) and the voice. No timer ever hurries
the player: the session waits for a key as long as it takes.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from atout.bots import Bot, bot_names, make_bot
from atout.core import Event, IllegalAction, Match, Rules, View
from atout.events import MatchEvent
from atout.i18n.hints import hint_sentence
from atout.i18n.text import GameText
from atout.store import StoreError, stopped_result

from .keys import KeySource
from .records import Recorder, store_error
from .speech import Output
from .table import AZERTY_DIGITS, Table


def default_bot(game: str | None = None) -> str:
    """The heuristic bot when it plays ``game`` (any game when None), else the random one."""
    if "heuristic" not in bot_names():
        return "random"
    if game is None:
        return "heuristic"
    from atout.bots.registry import has_parts  # the games the heuristic knows
    return "heuristic" if has_parts(game) else "random"


@dataclass
class Settings:
    """The client's settings for one game (the rules' options live in the rules)."""

    seat: int = 0
    bot: str = "random"
    deals: int | None = None
    delay: float = 1.0
    visual: bool = False
    short: bool = False
    """Short messages: "Bruno: seven of hearts."."""
    quiet: bool = False
    """Leave out the routine lines about the others (a hidden discard, a draw)."""
    bell: bool = False
    """Ring the terminal's bell when it becomes the player's turn."""
    undo: bool = True
    """U takes back the player's last decision (the game is against computer players)."""


TABLE_BOTS = {("knock-rummy", "heuristic"): "heuristic:base=12:floor=6",
              ("knock-rummy", "search"): "search:courtesy=1"}
"""The console's computer players where the plain bot would leave the person no game: the
Knock Rummy heuristic knocks at its first chance (the person got no turn in 279 deals of
300), so at the table it waits for less deadwood (no turn in 18 of 300; 6.4 turns a deal);
the search knocks when knocking is worth most (a turn in 2 deals of 100), so at the table
it does not knock before every player has drawn once, unless it shows no deadwood."""


def table_bot(game: str, bot: str) -> str:
    """The bot that plays ``bot``'s part at a person's table of ``game``."""
    return TABLE_BOTS.get((game, bot), bot)


class Quit(Exception):
    """The player asked to leave."""


class StoreFailed(Exception):
    """A move could not be recorded: the game stops where the store has it."""


class Session(Table):
    """One game between the player and bots, driven by keys."""

    match: Match

    def __init__(self, rules: Rules[Any], match: Match, settings: Settings, text: GameText,
                 out: Output, keys: KeySource, recorder: Recorder) -> None:
        super().__init__(match, settings.seat, text, out, keys, visual=settings.visual)
        text.short = settings.short
        text.quiet = settings.quiet
        self.rules = rules
        self.settings = settings
        self.recorder = recorder
        self.bots: dict[int, Bot] = {}
        self.deals_done = 0
        self.stopped = False  # ended by the --deals limit
        self.turn_announced = False
        self.taken_back = False  # set by U: the turn being waited for is gone
        self.seat_bots()

    def seat_bots(self) -> None:
        """Computer players at every other seat, fresh for the match as it stands."""
        self.bots = {s: make_bot(table_bot(self.rules.name, self.settings.bot), self.rules, s,
                                 self.match.seed)
                     for s in range(self.rules.seats) if s != self.settings.seat}
        self.deals_done = len(self.match.deals)

    # -- the loop ---------------------------------------------------------------------------
    def run(self, *, resumed: bool = False) -> int:
        """Play until the end of the game or until the player quits; the exit status."""
        tr = self.tr
        try:
            self.out.say(tr._("{game}. {intro} Press ? for the keys, R for the rules.").format(
                game=self.text.title(self.rules.name, self.rules.title),
                intro=self.text.intro()))
            view = self.event_view(self.match.deal)
            if resumed:
                self.out.say(tr._("Game {game} resumed.").format(game=self.recorder.game_id))
                for line in self.where(view):
                    self.out.say(line)
            elif not view.history:
                self.out.say(self.text.event(Event(
                    MatchEvent.NEW_DEAL, view.dealer, {"deal": self.deals_done + 1,
                                                       "dealer": view.dealer})) or "")
                for line in self.where(view, deal_line=False):
                    self.out.say(line)
            self.out.say(self.text.hand(view))
            while not self.finished():
                seat = self.match.to_move
                assert seat is not None
                if seat == self.seat:
                    self.human_turn()
                else:
                    self.bot_turn(seat)
            self.end()
            return 0
        except Quit:
            self.save_and_quit()
            return 0
        except StoreFailed as exc:
            self.out.say(tr._("This move could not be saved: {error} The game stops here; it "
                              "resumes from the last saved move.").format(error=exc))
            return 1

    def finished(self) -> bool:
        """Whether the game is over (or the number of deals asked for is played)."""
        return self.match.is_over or self.stopped

    def play(self, action: str) -> None:
        """Play an action for the seat to move, commit it to the store, then say what
        happened (:class:`StoreFailed` when it cannot be committed)."""
        deal = self.match.deal
        seat = self.match.to_move
        assert seat is not None
        events = self.match.play(action)
        try:
            self.recorder.write(seat, str(self.rules.actions.parse(action)))
        except StoreError as exc:
            raise StoreFailed(store_error(self.tr, exc)) from None
        view = self.event_view(deal)
        self.turn_announced = False
        new_deal = False
        for e in events:
            if not e.visible_to(self.seat):
                continue
            if e.kind == MatchEvent.NEW_DEAL and self.stopped:
                continue
            said = self.text.event(e, view)
            if said:
                self.out.say(said)
            if e.kind == MatchEvent.DEAL_OVER:
                self.deals_done += 1
                limit = self.settings.deals
                if limit is not None and self.deals_done >= limit and not self.match.is_over:
                    self.stopped = True
            if e.kind == MatchEvent.NEW_DEAL:
                new_deal = True
        if new_deal and not self.finished():
            self.selected = 0
            view = self.view()
            for line in self.where(view, deal_line=False):
                self.out.say(line)
            self.out.say(self.text.hand(view))

    # -- the player's turn ------------------------------------------------------------------
    def human_turn(self) -> None:
        """Wait for keys until the player has played one legal action."""
        view = self.view()
        if not self.turn_announced:
            self.turn_announced = True
            items = self.items(view)
            first = next((i for i, it in enumerate(items) if it in view.legal), 0)
            self.selected = first
            if self.settings.bell:
                self.out.bell()
            self.out.say(self.text.prompt(view), urgent=True)
            if self.visual:
                self.out.tell(self.picture(view))
            self.out.tell(self.item_words(items[first], view))
        while self.match.to_move == self.seat and not self.finished():
            key = self.read_key(None)
            if key is None:
                continue
            if self.action_key(key) or self.taken_back:
                self.taken_back = False
                return

    def read_key(self, timeout: float | None) -> str | None:
        """The next key; EOF and Ctrl+C, Ctrl+D quit."""
        try:
            key = self.keys.read(timeout)
        except (EOFError, KeyboardInterrupt):
            raise Quit from None
        if key in ("q", "ctrl+c", "ctrl+d"):
            raise Quit
        return key

    def action_key(self, key: str) -> bool:
        """Handle a key on the player's turn; True when an action was played."""
        view = self.view()
        tr = self.tr
        key = AZERTY_DIGITS.get(key, key)
        if key == "enter":
            items = self.items(view)
            if not items:
                return False
            return self.choose(items[min(self.selected, len(items) - 1)], view)
        if key.startswith("text:"):
            return self.choose(self.text.typed_action(key[5:], view), view)
        if key == "=":
            self.out.tell(tr._("Type a card code such as AH, or an action, then Enter."))
            typed = self.keys.read_text()
            if not typed:
                self.out.tell(tr._("Nothing typed."))
                return False
            return self.choose(self.text.typed_action(typed, view), view)
        if key == "i":
            self.hint(view)
            return False
        chosen = self.text.key_action(key, view)
        if chosen:
            items = self.items(view)
            self.selected = items.index(chosen[0]) if chosen[0] in items else 0
            self.out.tell(self.item_words(items[self.selected], view))
            return False
        return self.other_key(key)

    def other_key(self, key: str) -> bool:
        """Information keys, the hint, or a refusal of an unknown key; never plays."""
        if self.info_key(key):
            return False
        if key == "i":
            self.hint(self.view())
            return False
        if key == "h":
            self.out.tell(self.tr._("There is no chien or blind to take now."))
            return False
        if key == "g":
            self.out.tell(self.tr._("There is no trump six to exchange now."))
            return False
        if key == "u":
            self.take_back()
            return False
        if key == "esc":
            self.out.tell(self.tr._("Escape does nothing here: Q saves the game and quits."))
            return False
        if key == "enter" or key.startswith("text:"):
            self.out.tell(self.tr._("It is not your turn: {turn}").format(
                turn=self.text.turn(self.view())))
            return False
        shown = key.split(":", 1)[-1].upper() if len(key) <= 12 else key[:12]
        self.out.tell(self.tr._("The key {key} does nothing. Press ? for the list of "
                                "keys.").format(key=shown))
        return False

    def choose(self, action: str, view: View) -> bool:
        """Play ``action`` (:meth:`try_play`), after a confirmation on its own line when the
        game says it cannot be taken back in a way the player may not expect (the Pitch
        tangage): Enter confirms, any other key cancels."""
        question = self.text.confirmation(action.strip(), view)
        if question:
            self.out.tell(question, urgent=True)
            key = self.read_key(None)
            if key != "enter":
                self.out.tell(self.tr._("Cancelled: nothing is played."))
                return False
        return self.try_play(action, view)

    def try_play(self, action: str, view: View) -> bool:
        """Play ``action`` if legal; else say why not, and change nothing."""
        text = action.strip()
        legal_upper = {a.upper(): a for a in view.legal}
        if text.upper() in legal_upper:
            self.play(legal_upper[text.upper()])
            return True
        try:
            self.rules.actions.parse(text)
        except IllegalAction:
            self.out.tell(self.tr._("{typed} is neither a card code nor an action of this "
                                    "game. Press W to hear what you may do.").format(
                typed=text))
            return False
        refused: IllegalAction | None = None
        probe = self.match.deal.clone()
        try:
            probe.play(text)
        except IllegalAction as exc:
            refused = exc
        self.out.tell(self.text.refusal(
            view, text.upper() if len(text) <= 3 else text,
            refused.reason if refused else "", refused.code if refused else "",
            refused.params if refused else None))
        return False

    def hint(self, view: View) -> None:
        """A suggestion from the search bot (or the best bot there is), selected for Enter."""
        tr = self.tr
        if view.to_move != self.seat or not view.legal:
            self.out.tell(tr._("Hints are for your turn. {turn}").format(
                turn=self.text.turn(view)))
            return
        names = bot_names()
        if "search" in names:
            source, note = "search", ""
        elif "heuristic" in names:
            source = "heuristic"
            note = tr._("The search player is not installed: this hint comes from the "
                        "simple heuristic player.")
        else:
            self.out.tell(tr._("No hint is available: the search player is not installed in "
                               "this version."))
            return
        self.out.tell(tr._("Thinking…"))
        try:
            from atout.bots.hint import hint  # the bot's choice and its reason (English)

            advice = hint(self.rules, view, make_bot(source, self.rules, self.seat,
                                                     self.match.seed))
        except Exception:  # a failing hint must not end the game
            self.out.tell(tr._("No hint is available for this position."))
            return
        choice = advice.action.text
        items = self.items(view)
        if choice in items:
            self.selected = items.index(choice)
        reason = advice.reason
        said = hint_sentence(tr, self.text.action(choice),
                             (reason.code, reason.params) if reason is not None else None,
                             advice.margin, advice.worth)
        self.out.tell(f"{note} {said}".strip())

    def help_keys(self) -> list[tuple[str, str]]:
        """The table's keys, with U (take back) before Q."""
        keys = super().help_keys()
        at = [k for k, _ in keys].index("Q")
        keys.insert(at, ("U", self.tr._("take back your last decision and the computer "
                                        "players' moves after it")))
        return keys

    def take_back(self) -> None:
        """U: take back the player's last decision and the computer players' moves after
        it (they stay in the store, set aside), then say where the game stands again."""
        tr = self.tr
        if not self.settings.undo:
            self.out.tell(tr._("Taking back is off in this game (it was started with "
                               "--no-undo)."))
            return
        if self.finished():
            self.out.tell(tr._("The game is over: nothing can be taken back."))
            return
        try:
            done = self.recorder.take_back(self.seat)
        except StoreError as exc:
            raise StoreFailed(store_error(tr, exc)) from None
        if done is None:
            self.out.tell(tr._("You have made no decision yet: there is nothing to take "
                               "back."))
            return
        _first, removed = done
        self.match = self.recorder.replay()
        self.seat_bots()
        self.stopped = False
        self.turn_announced = False
        self.taken_back = True
        self.selected = 0
        others = len(removed) - 1
        said = tr.ngettext("You take back {action} and the move after it.",
                           "You take back {action} and the {n} moves after it.",
                           others) if others else tr._("You take back {action}.")
        self.out.say(said.format(action=self.text.action(removed[0][1]), n=others),
                     urgent=True)
        view = self.view()
        for line in self.where(view):
            self.out.say(line)
        self.out.say(self.text.hand(view))

    # -- the bots' turns --------------------------------------------------------------------
    def bot_turn(self, seat: int) -> None:
        """Let a bot play after a pause; the information keys still answer meanwhile."""
        deadline = time.monotonic() + max(0.0, self.settings.delay)
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                break
            key = self.read_key(left)
            if key is not None:
                self.other_key(AZERTY_DIGITS.get(key, key))
            if self.taken_back:
                self.taken_back = False
                return
        view = self.match.view(seat)
        action = self.bots[seat].choose(view)
        self.play(str(action))

    # -- the end and saving -----------------------------------------------------------------
    def end(self) -> None:
        """Say the result, keep the game for replay, and wait for the player to leave."""
        tr = self.tr
        if self.stopped and not self.match.is_over:
            scores = [float(x) for x in self.match.scores]
            said = self.text.event(Event(MatchEvent.GAME_OVER, None, {
                "winners": self.text.winners(scores), "scores": list(self.match.scores)}))
            self.out.say(tr.ngettext("The deal asked for is played.",
                                     "The {n} deals asked for are played.",
                                     self.deals_done).format(n=self.deals_done))
            if said:
                self.out.say(said)
        result = self.match.result if self.match.is_over else stopped_result(
            [float(x) for x in self.match.scores], self.deals_done)
        try:
            self.recorder.finish(result)
            self.out.say(tr._("The game is kept as game {game}: atout replay {game} replays "
                              "it.").format(game=self.recorder.game_id))
        except StoreError as exc:
            self.out.say(tr._("The end of the game could not be saved: {error}").format(
                error=store_error(tr, exc)))
        self.out.say(tr._("Press Enter or Q to leave; the other keys still answer."))
        while True:
            try:
                key = self.keys.read(None)
            except (EOFError, KeyboardInterrupt):
                return
            if key in (None, "enter", "q", "ctrl+c", "ctrl+d", "esc"):
                return
            self.other_key(AZERTY_DIGITS.get(key, key))

    def save_and_quit(self) -> None:
        """Say how to resume: every move is in the store already."""
        if self.finished():
            return
        self.out.say(self.tr._("Game saved. Resume it with: atout play --resume"))


__all__ = ["TABLE_BOTS", "Quit", "Session", "Settings", "StoreFailed", "default_bot",
           "table_bot"]
