"""Driving the web page in Debian's chromium with Playwright, as a person would: keys only
(or taps on a phone), reading what the page shows; every WebSocket frame the page receives
is kept for the leak checks."""

from __future__ import annotations

import json
import os
import random
import re
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import atout
from atout.i18n import translator
from atout.server.visibility import public_view
from frame_checks import ENDS, cards_of, check_frames
from services import missing

CHROMIUM = os.environ.get("ATOUT_CHROMIUM", "/usr/bin/chromium")
DOCS_IMG = Path(__file__).resolve().parent.parent / "docs" / "img"


def browser_or_skip() -> Any:
    """Playwright's chromium (Debian's), or a skip when it is not installed here."""
    if not Path(CHROMIUM).exists():
        missing("chromium", f"no chromium at {CHROMIUM} (Debian: apt-get install chromium; "
                "ATOUT_CHROMIUM names another)")
    from playwright.sync_api import sync_playwright
    return sync_playwright


@dataclass
class Player:
    """One browser page at the table, and what it received."""

    page: Any
    name: str
    frames: list[dict[str, Any]] = field(default_factory=list)
    doms: list[tuple[int, str]] = field(default_factory=list)
    """The page's text and card ids at each of its turns, with the update number shown."""
    rng: random.Random = field(default_factory=lambda: random.Random(7))
    errors: list[str] = field(default_factory=list)
    """The script errors of the page."""
    before: str = ""
    """The update number the page showed when it chose its last move."""

    def watch(self) -> None:
        """Keep every WebSocket frame the page receives."""
        def on_socket(ws: Any) -> None:
            ws.on("framereceived", lambda payload: self.frames.append(json.loads(payload)))
        self.page.on("websocket", on_socket)

    # -- reading the page -------------------------------------------------------------------
    def forget(self) -> None:
        """Forget the frames received and the pages kept, before the page starts another
        table (the leak checks read one table's)."""
        self.frames.clear()
        self.doms.clear()

    def leave_table(self) -> None:
        """Back to the tables from a table (its Back button), the table's frames and pages
        forgotten (:meth:`forget`): ready to start another."""
        self.page.click("#back")
        self.page.wait_for_selector("#lobby:not([hidden])")
        self.forget()

    def table(self) -> dict[str, str]:
        """The table's state as the page shows it (its data attributes)."""
        data: dict[str, str] = self.page.eval_on_selector(
            "#table", "t => ({...t.dataset, hidden: String(t.hidden)})")
        return data

    def cards(self) -> list[tuple[str, bool]]:
        """The hand in the listbox's order: each card and whether it may be played."""
        found: list[list[Any]] = self.page.eval_on_selector_all(
            "#hand [role=option]",
            "els => els.map(e => [e.dataset.code, e.getAttribute('aria-disabled') === 'false'])")
        return [(str(c), bool(ok)) for c, ok in found]

    def choices(self) -> list[str]:
        """The actions of the choice buttons, in order."""
        found: list[str] = self.page.eval_on_selector_all(
            "#choices button", "els => els.map(e => e.dataset.action)")
        return found

    def focused(self) -> str:
        """What has the focus: ``hand``, ``choice:<action>`` or another id."""
        found: str = self.page.evaluate(
            "() => { const e = document.activeElement; if (!e) return '';"
            " if (e.id === 'hand') return 'hand';"
            " if (e.dataset && e.dataset.action !== undefined) return 'choice:' + e.dataset.action;"
            " return e.id || e.tagName; }")
        return found

    def messages(self) -> list[str]:
        """The message history as the page lists it."""
        found: list[str] = self.page.eval_on_selector_all(
            "#messages li", "els => els.map(e => e.textContent)")
        return found

    def wait_turn(self, timeout: float = 60_000) -> str:
        """Wait until it is this page's turn or the game is over; ``mine`` or ``over``."""
        from playwright.sync_api import TimeoutError as Timeout

        try:
            self.page.wait_for_function(
                "() => { const t = document.getElementById('table');"
                " return !t.hidden && (t.dataset.status === 'over' || t.dataset.mine === 'true');"
                " }", timeout=timeout)
        except Timeout:
            raise AssertionError(f"{self.name}: no turn came: {self.table()}, "
                                 f"{self.messages()[-6:]}, {self.frames[-3:]}") from None
        return "over" if self.table()["status"] == "over" else "mine"

    def is_my_turn(self) -> bool:
        """Whether it is this page's turn now (no waiting)."""
        t = self.table()
        return t.get("hidden") == "false" and t.get("mine") == "true"

    def is_over(self) -> bool:
        """Whether the page shows the end of the game."""
        return self.table().get("status") == "over"

    def remember_dom(self) -> None:
        """Keep what the page shows now, for the leak check."""
        # the message log and the live regions keep the lines of the deals before (their
        # showdowns name every card of a deal now over): they are checked as the frames'
        # words that brought them, the rest of the page as it is now
        text = self.page.evaluate(
            "() => { const c = document.body.cloneNode(true);"
            " for (const id of ['messages', 'live', 'alert']) c.querySelector('#' + id)?.remove();"
            " return c.textContent + ' ' + [...c.querySelectorAll('[id],[aria-label],"
            "[data-code],[data-action]')].map(e => [e.id, e.getAttribute('aria-label'),"
            " e.dataset.code, e.dataset.action].join(' ')).join(' '); }")
        self.doms.append((int(self.table()["n"]), text))

    # -- playing ----------------------------------------------------------------------------
    def choose(self) -> tuple[str, str]:
        """What to do now: ``("card", code)`` or ``("choice", action)``: often a knock when
        one may (a rummy deal ends), else any playable card or choice at random."""
        self.before = self.table()["n"]
        if self.ecart_needed():  # a Tarot écart: its cards chosen, then confirmed at once
            return "ecart", ""
        cards = [c for c, ok in self.cards() if ok]
        choices = self.choices()
        knocks = [c for c in choices if c.startswith("knock")]
        if knocks and self.rng.random() < 0.4:
            return "choice", knocks[0]
        if "play" in choices:  # Putze: play the deal rather than let it pass
            return "choice", "play"
        options = [("card", c) for c in cards] + [("choice", a) for a in choices]
        assert options, f"{self.name}: my turn, but nothing to play ({self.table()})"
        return self.rng.choice(options)

    def moved(self) -> None:
        """Wait until the page has taken the move in: the table changed, or the turn
        passed (the number seen before the move is kept by :meth:`choose`)."""
        self.page.wait_for_function(
            "n => { const t = document.getElementById('table');"
            " return t.dataset.mine !== 'true' || t.dataset.n !== n"
            " || t.dataset.status === 'over'; }", arg=self.before, timeout=30_000)

    def ecart_needed(self) -> int:
        """How many cards the page's écart still needs (0: no écart to make now)."""
        needed: int = self.page.evaluate("() => ecartNeeded()")
        return needed

    def ecart_cards(self) -> list[str]:
        """The cards to choose for the écart: any that may go there, at random."""
        allowed = [c for c, ok in self.cards() if ok]
        return self.rng.sample(allowed, self.ecart_needed())

    def key_move(self) -> None:
        """One move with the keyboard only: arrows and Enter in the hand, Tab to the
        choices."""
        kind, what = self.choose()
        if kind == "ecart":
            for count, code in enumerate(self.ecart_cards(), 1):
                self.key_card(code)
                self.ecart_chosen(count, code)
            self.key_choice("ecart:confirm")
            return
        if kind == "card":
            self.key_card(what)
            return
        self.key_choice(what)

    def ecart_chosen(self, count: int, code: str) -> None:
        """Wait until the page counts ``count`` cards chosen for the écart, ``code`` the
        last; say what the page shows if it does not."""
        from playwright.sync_api import TimeoutError as Timeout

        try:
            self.page.wait_for_function(
                "k => document.getElementById('table').dataset.ecart === String(k)",
                arg=count, timeout=10_000)
        except Timeout:
            raise AssertionError(
                f"{self.name}: {code} pressed as the écart's card {count}, but the page "
                f"counts {self.table().get('ecart')}: {self.cards()}, "
                f"{self.messages()[-6:]}, {self.frames[-2:]}") from None

    def key_card(self, what: str) -> None:
        """Enter on a card of the hand, reached by the arrows."""
        keys = self.page.keyboard
        for _ in range(20):
            if self.focused() == "hand":
                break
            keys.press("Shift+Tab")
        assert self.focused() == "hand", self.focused()
        codes = [c for c, _ in self.cards()]
        keys.press("Home")
        for _ in range(codes.index(what)):
            keys.press("ArrowRight")
        keys.press("Enter")

    def key_choice(self, what: str) -> None:
        """Enter on a choice button, reached by Tab from the hand."""
        keys = self.page.keyboard
        # the page may draw the button a moment after the key that calls for it (the écart's
        # confirmation after its last card)
        self.page.wait_for_selector(f"#choices button[data-action='{what}']", state="attached")
        choices = self.choices()
        for _ in range(20):  # back into the table: the hand, then the choices follow it
            if self.focused() == "hand" or self.focused().startswith("choice:"):
                break
            keys.press("Shift+Tab")
        if self.focused() == "hand":
            keys.press("Tab")
        assert self.focused().startswith("choice:"), self.focused()
        at = choices.index(self.focused().split(":", 1)[1])
        step = "Tab" if choices.index(what) >= at else "Shift+Tab"
        for _ in range(abs(choices.index(what) - at)):
            keys.press(step)
        assert self.focused() == f"choice:{what}", (self.focused(), what)
        keys.press("Enter")

    def point_ecart(self, tap: bool = False) -> None:
        """An écart by the mouse (or taps): its cards, then the button that discards them."""
        point = self.page.tap if tap else self.page.click
        for code in self.ecart_cards():
            point(f"#card-{code}")
        point("#choices button[data-action=\"ecart:confirm\"]")

    def tap_move(self) -> None:
        """One move by touch: a tap on a playable card or a choice."""
        kind, what = self.choose()
        if kind == "ecart":
            self.point_ecart(tap=True)
        elif kind == "card":
            self.page.tap(f"#card-{what}")
        else:
            self.page.tap(f"#choices button[data-action=\"{what}\"]")


def new_page(browser: Any, **context: Any) -> tuple[Any, list[str]]:
    """A page in a new browser context (``context``: Playwright's options, e.g. ``viewport``,
    ``has_touch``), waiting 30 s at most for anything, and the list its script errors go to."""
    page = browser.new_context(**context).new_page()
    page.set_default_timeout(30_000)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    return page, errors


def new_player(browser: Any, name: str, **context: Any) -> Player:
    """A :class:`Player` on a new page (:func:`new_page`), keeping its script errors and every
    WebSocket frame it receives."""
    page, errors = new_page(browser, **context)
    player = Player(page, name, errors=errors)
    player.watch()
    return player


def sign_in(page: Any, base: str, name: str, lang: str = "en") -> None:
    """Open the page and sign in as a guest, with the keyboard."""
    page.goto(f"{base}/")
    page.evaluate(f"() => localStorage.setItem('atout.lang', '{lang}')")
    page.reload()
    page.wait_for_selector("#signin:not([hidden])")
    page.focus("#name")
    page.keyboard.type(name)
    page.keyboard.press("Enter")
    page.wait_for_selector("#lobby:not([hidden])")


def finished_record(db: str, table: int, wait: float = 30.0) -> Any:
    """The table's record once the store has it finished: the page may show the end of the
    game before the server has written it, so the store is read again (for ``wait`` seconds
    at most) until it is."""
    from atout.store import Store

    end = time.monotonic() + wait
    while True:
        with Store.open(db) as store:
            record = store.get(table)
        if record.summary.status == "finished" or time.monotonic() > end:
            break
        time.sleep(0.1)
    assert record.summary.status == "finished", record.summary.status
    return record


def lobby_button(page: Any, table: int, has_text: str | None = None, tries: int = 6) -> Any:
    """The lobby's button for ``table`` (the last, or the first with ``has_text``), the list
    refreshed until it shows: a refresh is the lobby at that moment, and on a loaded machine
    it can come before the new table is listed."""
    from playwright.sync_api import TimeoutError as Timeout

    found = page.locator(f"#tables li[data-table='{table}'] button", has_text=has_text)
    button = found.first if has_text is not None else found.last
    for _ in range(tries - 1):
        page.click("#refresh")
        try:
            button.wait_for(timeout=10_000)
            return button
        except Timeout:
            pass
    page.click("#refresh")
    button.wait_for(timeout=10_000)
    return button


def create_table(page: Any, game: str, *, deals: int | None = 1, fill: bool = True,
                 players: int | None = None, bot: str = "heuristic") -> None:
    """Fill in the lobby's form and create a table."""
    page.select_option("#c-game", game)
    if players is not None:
        page.select_option("#c-players", str(players))
    page.fill("#c-deals", "" if deals is None else str(deals))
    page.set_checked("#c-fill", fill)
    page.select_option("#c-bot", bot)
    page.focus("#create")
    page.keyboard.press("Enter")
    page.wait_for_selector("#table:not([hidden])")


def play_to_end(player: Player, move: str = "key", axe: Any = None,
                phases: set[tuple[str, str]] | None = None, game: str = "") -> int:
    """Play the page's turns until the game is over; the number of moves."""
    moves = 0
    while player.wait_turn() == "mine":
        player.remember_dom()
        if axe is not None and phases is not None:
            phase = (game, player.table().get("phase", ""))
            if phase not in phases:
                phases.add(phase)
                check_axe(axe, player.page, f"{game} {phase[1]}")
        getattr(player, f"{move}_move")()
        moves += 1
        player.moved()
    return moves


def check_axe(axe: Any, page: Any, where: str) -> None:
    """axe-core finds no violation on the page as it is."""
    results = axe.run(page)
    violations = results.response["violations"]
    assert not violations, f"{where}: " + "; ".join(
        f"{v['id']}: {v['help']} ({[n['target'] for n in v['nodes']][:3]})" for v in violations)


# -- what a page may know --------------------------------------------------------------------
NAME_CACHE: dict[str, re.Pattern[str]] = {}


def name_pattern(code: str) -> re.Pattern[str]:
    """A card's English name, as the words say it, as a whole phrase."""
    if code not in NAME_CACHE:
        name = translator("en").card(code, article=False)
        NAME_CACHE[code] = re.compile(r"(?<![\w])" + re.escape(name) + r"(?![\w])", re.I)
    return NAME_CACHE[code]


def hidden_at(match: Any, seat: int | None, rules: atout.Rules[Any]) -> set[str]:
    """The cards in other seats' hands that ``seat`` does not know now."""
    if seat is not None:
        known = cards_of(match.view(seat).to_dict(), set()) | set(match.view(seat).hand)
        return {c for t in range(rules.seats) if t != seat for c in match.view(t).hand} - known
    known = set.intersection(*(cards_of(match.view(t).to_dict(), set())
                               for t in range(rules.seats)))
    return {c for t in range(rules.seats) for c in match.view(t).hand} - known


def check_leaks(player: Player, seat: int | None, game: str, options: dict[str, Any],
                record: Any, deals: int | None) -> int:
    """No frame the page received, no sentence of its words and nothing it showed names a
    card hidden from it at that moment; the frames are the engine's views (test_server's
    check), in every deal: the words of each frame but those that end a deal (a showdown
    names the cards of the deal just over), and the page without its message log (checked as
    the words that brought each line). Returns the number of frames checked."""
    rules = atout.make(game, **options)
    frames = [f for f in player.frames if f.get("table") in (None, record.summary.id)]
    plain = [{k: v for k, v in f.items() if k not in ("words", "said")} for f in frames]
    starts = [i for i, f in enumerate(plain) if f["type"] == "table"]
    assert starts, "the page never got its table"
    checked = 0
    done = 0  # a reload: a new snapshot, the updates missed meanwhile are in it
    for i, at in enumerate(starts):
        part = plain[at:starts[i + 1] if i + 1 < len(starts) else len(plain)]
        done = first_action(rules, record, seat, part[0]["view"], done)
        count = sum(1 for f in part if f.get("type") == "update" and f["kind"] == "action")
        checked += check_frames(part, seat, rules, dict(record.match),
                                tuple(record.actions[done:done + count]), deals,
                                start=tuple(record.actions[:done]))
        done += count
    assert done == len(record.actions), "the page missed some of the game"
    # the words and the DOM: replay beside them
    match = rules.match(**dict(record.match))
    by_n: dict[int, int] = {}
    k = 0
    for f in frames:
        if f.get("type") == "update" and f.get("kind") == "action":
            k += 1
        if f.get("type") in ("table", "update"):
            by_n[int(f["n"])] = k
    played = 0
    moments: list[tuple[int, str]] = []
    for f in frames:
        ends = {e["kind"] for e in f.get("events", [])} & ENDS
        if f.get("type") in ("table", "update") and "words" in f and not ends:
            moments.append((by_n[int(f["n"])], json.dumps(f["words"], ensure_ascii=False)))
    moments += [(by_n.get(n, 0), text) for n, text in player.doms]
    moments.sort(key=lambda m: m[0])
    for at, text in moments:
        while played < at:
            match.play(record.actions[played])
            played += 1
        shown: Any = match
        if deals is not None and len(match.deals) >= deals and not match.is_over:
            shown = match.deals[-1]
        for code in hidden_at(shown, seat, rules):
            # "the excuse" is also said of the excuse still out (the count), not only of
            # the card: the excuse is checked by its code only
            assert code == "EX" or not name_pattern(code).search(text), \
                f"{code} named at action {at}"
            assert not re.search(rf"card-{code}(?![\w])", text), f"{code} shown at action {at}"
    return checked


def first_action(rules: atout.Rules[Any], record: Any, seat: int | None,
                 view: dict[str, Any], since: int) -> int:
    """How many actions had been played when a snapshot showed ``view`` (at least
    ``since``)."""
    match = rules.match(**dict(record.match))
    for k in range(len(record.actions) + 1):
        if k >= since:
            shown = match.view(seat).to_dict() if seat is not None else public_view(match)
            if shown == view:
                return k
        if k < len(record.actions):
            match.play(record.actions[k])
    raise AssertionError("a snapshot matches no moment of the game")


def screenshot(page: Any, tmp: Path, name: str) -> Path:
    """A screenshot in the test's folder, and in docs/img when ATOUT_DOCS_SCREENSHOTS=1."""
    path = tmp / name
    page.screenshot(path=str(path), full_page=False)
    if os.environ.get("ATOUT_DOCS_SCREENSHOTS") == "1":
        DOCS_IMG.mkdir(parents=True, exist_ok=True)
        (DOCS_IMG / name).write_bytes(path.read_bytes())
    return path


def iterate(*players: Player) -> Iterator[Player]:
    """The players whose turn it is, again and again, until every page shows the end."""
    deadline = time.monotonic() + 300
    while not all(p.is_over() for p in players):
        assert time.monotonic() < deadline, [(p.name, p.table(), p.messages()[-4:])
                                             for p in players]
        moved = False
        for p in players:
            if p.is_my_turn():
                moved = True
                yield p
        if not moved:
            players[0].page.wait_for_timeout(50)


__all__ = ["CHROMIUM", "Player", "browser_or_skip", "check_axe", "check_leaks",
           "create_table", "finished_record", "hidden_at", "iterate", "new_page", "new_player",
           "play_to_end", "screenshot", "sign_in"]
