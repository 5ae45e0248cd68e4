"""The drawn card table of the web page, in a real browser (Debian's chromium, Playwright) on
the real server: the trick drawn in front of the seats that played it, whose turn on the seats,
the Swiss-German deck switch, the score sheet's numbers against the engine's, the hint and
rules buttons, axe with the drawn table and the dialogs, the weight of the page, and the
screenshots of docs/web.md (a Jass, a Tarot for five and a Knock Rummy table, on a desktop and
on a phone: ``ATOUT_DOCS_SCREENSHOTS=1`` writes them to docs/img)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest

import atout
from server_helpers import Server, running
from web_helpers import (
    Player,
    check_axe,
    create_table,
    finished_record,
    new_page,
    new_player,
    screenshot,
    sign_in,
)

DESKTOP = {"viewport": {"width": 1280, "height": 900}}
PHONE = {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True,
         "device_scale_factor": 2}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    data = tmp_path_factory.mktemp("webtable")
    with running(str(data / "server.sqlite3"), data, bot_delay=0.0) as s:
        yield s



def last_view(player: Player) -> dict[str, Any]:
    """The view of the last table frame the page received (not what the page made of it)."""
    frame = next(f for f in reversed(player.frames) if f.get("type") in ("table", "update"))
    view: dict[str, Any] = frame["view"]
    return view


def settled(player: Player) -> None:
    """Wait until the felt shows the current table (no won trick on show)."""
    player.page.wait_for_selector("#felt[data-showing=false]", state="attached")


def drawn_trick(player: Player) -> list[list[Any]]:
    found: list[list[Any]] = player.page.eval_on_selector_all(
        "#felt .trick-area.current .played",
        "els => els.map(e => [Number(e.dataset.seat), e.dataset.card])")
    return found


def turn_seats(player: Player) -> list[int]:
    found: list[int] = player.page.eval_on_selector_all(
        "#felt .seat.turn", "els => els.map(e => Number(e.dataset.seat))")
    return found


def click_move(player: Player) -> None:
    """One move with the mouse: a click on a playable card or a choice."""
    kind, what = player.choose()
    if kind == "ecart":  # the écart: its cards chosen, then discarded at once
        player.point_ecart()
    elif kind == "card":
        player.page.click(f"#card-{what}")
    else:
        player.page.click(f"#choices button[data-action=\"{what}\"]")


def record_of(server: Server, player: Player) -> Any:
    """The table's record once the store has it finished (:func:`finished_record`)."""
    table = int(next(f["table"] for f in reversed(player.frames) if f.get("type") == "table"))
    return finished_record(server.db, table)


def engine_end(game: str, options: dict[str, Any], record: Any) -> tuple[Any, list[Any]]:
    """The engine's match replayed from the record, and its deal_over events."""
    match = atout.make(game, **options).match(**dict(record.match))
    overs = []
    for action in record.actions:
        overs += [e.to_dict() for e in match.play(action) if e.kind == "deal_over"]
    return match, overs


def sheet_numbers(player: Player) -> tuple[list[list[str]], list[str]]:
    """The score sheet's rows (the points of each side) and its totals, as the page shows
    them in its dialog."""
    page = player.page
    page.focus("#sheet-btn")
    page.keyboard.press("Enter")
    page.wait_for_selector("#sheet-dialog[open]")
    page.evaluate("() => document.getElementById('h-table').scrollIntoView()")
    rows: list[list[str]] = page.eval_on_selector_all(
        "#sheet tbody tr", "trs => trs.map(tr => [...tr.children].map(c => c.textContent))")
    totals: list[str] = page.eval_on_selector_all(
        "#sheet tfoot td[data-total]", "tds => tds.map(t => t.textContent)")
    return rows, totals


def number(text: str) -> float:
    return float(text.replace("+", ""))


def shoot(player: Player, tmp: Path, name: str) -> None:
    player.page.evaluate("() => document.getElementById('h-table').scrollIntoView()")
    player.page.wait_for_timeout(300)
    screenshot(player.page, tmp, name)


def play_and_check(player: Player, tmp: Path, shot: str | None,
                   swiss: bool = False) -> dict[str, int]:
    """Play the page's turns by clicks until the game is over, checking the drawn table at
    each turn; a screenshot at the first turn with two cards or more on the table."""
    seen = {"turns": 0, "tricks": 0, "swiss": 0}
    while player.wait_turn() == "mine":
        settled(player)
        view = last_view(player)
        assert turn_seats(player) == [view["seat"]], (turn_seats(player), view["to_move"])
        if view["game"] != "knock-rummy":
            assert drawn_trick(player) == [[s, c] for s, c in view["table"]]
            if view["table"]:
                seen["tricks"] += 1
        else:  # the stock and the discard pile's top card
            top = player.page.eval_on_selector_all(
                "#felt .pile .pcard[data-card]:not([data-card=''])",
                "els => els.map(e => e.dataset.card)")
            assert view["info"]["top_discard"] is None or view["info"]["top_discard"] in top
        if shot and (len(view["table"]) >= 2 or (view["game"] == "knock-rummy"
                                                 and seen["turns"] >= 2)):
            for name in (shot, ):
                shoot(player, tmp, name)
            shot = None
        if swiss and view["phase"] == "play" and not seen["swiss"]:
            seen["swiss"] = check_swiss(player)
        click_move(player)
        seen["turns"] += 1
        player.moved()
    return seen


def pips(player: Player) -> list[str]:
    found: list[str] = player.page.eval_on_selector_all(
        "#hand .face use", "els => els.map(e => e.getAttribute('href'))")
    return found


def check_swiss(player: Player) -> int:
    """The settings' deck switch changes the hand's faces to the Swiss-German suits, and
    back."""
    page = player.page
    french = pips(player)
    assert french and all(p[5] != "s" for p in french), french
    page.click("#settings summary")
    page.select_option("#opt-deck", "swiss")
    page.wait_for_function(
        "() => [...document.querySelectorAll('#hand .face use')].every("
        "u => u.getAttribute('href').startsWith('#pip-s'))")
    assert page.evaluate("() => localStorage.getItem('atout.deck')") == "swiss"
    swiss = pips(player)
    assert swiss and swiss != french  # (the Banner, the ten, has its own layout)
    page.select_option("#opt-deck", "french")
    page.click("#settings summary")
    page.wait_for_function(
        "() => [...document.querySelectorAll('#hand .face use')].every("
        "u => !u.getAttribute('href').startsWith('#pip-s'))")
    return 1


def test_a_jass_table_drawn_the_swiss_deck_and_the_score_sheet(
        server: Server, browser: Any, axe: Any, tmp_path: Path) -> None:
    ana = new_player(browser, "Ana", **DESKTOP)
    sign_in(ana.page, server.base, "Ana")
    create_table(ana.page, "jass", deals=1)
    ana.wait_turn()
    settled(ana)
    check_axe(axe, ana.page, "the drawn Jass table")
    ana.page.click("#rules-btn")  # the rules in the page: the console's R text
    ana.page.wait_for_selector("#rules-dialog[open]")
    assert "Schieber" in ana.page.inner_text("#rules")
    check_axe(axe, ana.page, "the rules dialog")
    ana.page.keyboard.press("Escape")
    ana.page.click("#howto-btn")
    ana.page.wait_for_selector("#rules-dialog[open]")
    assert "trump" in ana.page.inner_text("#rules")
    ana.page.keyboard.press("Escape")
    seen = play_and_check(ana, tmp_path, "web-table-jass.png", swiss=True)
    assert seen["turns"] >= 9 and seen["tricks"] >= 3 and seen["swiss"] == 1, seen
    record = record_of(server, ana)
    match, overs = engine_end("jass", {}, record)
    rows, totals = sheet_numbers(ana)
    check_axe(axe, ana.page, "the score sheet")
    teams = match.view(0).info["match"]["team_scores"]
    assert [number(t) for t in totals] == [float(x) for x in teams]
    assert len(rows) == 1 and [number(x) for x in rows[0][1:]] == \
        [float(overs[0]["points"][0]), float(overs[0]["points"][1])]
    # the end of the deal says what each side scored: "Ana & Clara: +87"
    said = ana.page.inner_text("#felt .deal-end")
    for team, points in (("Ana & Clara", overs[0]["points"][0]),
                         ("Bruno & David", overs[0]["points"][1])):
        assert f"{team}: {'+' if points > 0 else ''}{int(points)}" in said, said
    assert not ana.errors, ana.errors
    ana.page.context.close()


def won_seats(page: Any) -> list[int]:
    """The seats of the won trick on show, read the moment it is (it shows for 1.3 s)."""
    found: list[int] = page.wait_for_function(
        "() => { const els = [...document.querySelectorAll("
        "'#felt[data-showing=true] .trick-area.won .played')];"
        " return els.length ? els.map(e => Number(e.dataset.seat)) : null; }").json_value()
    return found


def test_the_won_trick_stays_then_goes_and_the_last_trick_comes_back(
        server: Server, browser: Any) -> None:
    ana = new_player(browser, "Ana", **DESKTOP)
    sign_in(ana.page, server.base, "Ana")
    create_table(ana.page, "pitch", deals=1)
    page = ana.page
    while ana.wait_turn() == "mine" and last_view(ana)["phase"] != "play":
        click_move(ana)
        ana.moved()
    settled(ana)
    click_move(ana)  # the computer players finish the trick at once
    # the won trick is shown, all its cards, each with its seat, then goes
    shown = won_seats(page)
    assert sorted(shown) == list(range(4))
    settled(ana)
    assert not page.query_selector("#felt .trick-area.won")
    assert page.is_visible("#last-btn")
    page.click("#last-btn")  # shown again
    assert won_seats(page) == shown
    assert not ana.errors, ana.errors
    ana.page.context.close()


def test_a_tarot_table_for_five_and_its_sheet(server: Server, browser: Any, axe: Any,
                                              tmp_path: Path) -> None:
    ana = new_player(browser, "Ana", **DESKTOP)
    sign_in(ana.page, server.base, "Ana")
    create_table(ana.page, "tarot", deals=1, players=5)
    ana.wait_turn()
    assert len(ana.page.query_selector_all("#felt .seat")) == 5
    check_axe(axe, ana.page, "the drawn Tarot table")
    seen = play_and_check(ana, tmp_path, "web-table-tarot5.png")
    assert seen["turns"] >= 10
    record = record_of(server, ana)
    match, overs = engine_end("tarot", {"players": 5}, record)
    rows, totals = sheet_numbers(ana)
    screenshot(ana.page, tmp_path, "web-sheet-tarot5.png")
    assert [number(t) for t in totals] == [float(x) for x in match.scores]
    assert [number(x) for x in rows[0][2:]] == [float(x) for x in overs[0]["points"]]
    assert not ana.errors, ana.errors
    ana.page.context.close()


def test_a_knock_rummy_table_and_its_sheet(server: Server, browser: Any,
                                           tmp_path: Path) -> None:
    ana = new_player(browser, "Ana", **DESKTOP)
    sign_in(ana.page, server.base, "Ana")
    # by two, the first player alternates: she plays first in one of the two deals (with four,
    # the three bots can knock before her turn in both, and the game ends with none of hers)
    create_table(ana.page, "knock-rummy", deals=2, players=2)
    ana.wait_turn()  # no tricks, so no "Last trick again" button
    assert ana.page.is_hidden("#last-btn")
    seen = play_and_check(ana, tmp_path, "web-table-knock-rummy.png")
    assert seen["turns"] >= 1
    record = record_of(server, ana)
    match, overs = engine_end("knock-rummy", {"players": 2}, record)
    rows, totals = sheet_numbers(ana)
    assert [number(t) for t in totals] == [float(x) for x in match.scores]
    assert [[number(x) for x in r[2:]] for r in rows] == \
        [[float(x) for x in o["points"]] for o in overs]
    assert not ana.errors, ana.errors
    ana.page.context.close()


@pytest.mark.parametrize("game", ["jass", "tarot", "knock-rummy"])
def test_the_tables_on_a_phone(server: Server, browser: Any, tmp_path: Path,
                               game: str) -> None:
    eve = new_player(browser, "Eve", **PHONE)
    sign_in(eve.page, server.base, "Eve")
    # Knock Rummy by two: the deals' first player alternates, so Eve plays first in the first
    # deal or the second, whenever the other knocks (with four, the three bots may knock
    # before her in each of the three deals, and the game ended with no turn of hers)
    create_table(eve.page, game, deals=3 if game == "knock-rummy" else 1,
                 players={"tarot": 5, "knock-rummy": 2}.get(game))
    name = {"tarot": "tarot5"}.get(game, game)
    turns = 0
    while eve.wait_turn() == "mine" and turns < 40:
        view = last_view(eve)
        settled(eve)
        if len(view["table"]) >= 2 or game == "knock-rummy":
            wide = eve.page.evaluate("() => document.documentElement.scrollWidth")
            assert wide <= 360, f"the page is {wide} px wide on a 360 px screen"
            shoot(eve, tmp_path, f"web-table-{name}-phone.png")
            break
        kind, what = eve.choose()
        if kind == "ecart":  # the écart: its cards chosen, then discarded at once
            eve.point_ecart(tap=True)
        else:
            eve.page.tap(f"#card-{what}" if kind == "card"
                         else f"#choices button[data-action=\"{what}\"]")
        eve.moved()
        turns += 1
    assert (tmp_path / f"web-table-{name}-phone.png").exists()
    assert not eve.errors, eve.errors
    eve.page.context.close()


def test_the_hint_button_and_the_confirm_setting(server: Server, browser: Any) -> None:
    ana = new_player(browser, "Ana", **DESKTOP)
    sign_in(ana.page, server.base, "Ana")
    create_table(ana.page, "pitch", deals=1)
    page = ana.page
    while ana.wait_turn() == "mine" and last_view(ana)["phase"] != "play":
        click_move(ana)
        ana.moved()
    page.click("#hint-btn")
    page.wait_for_function("() => document.getElementById('hint-text').textContent.length > 0")
    page.click("#settings summary")
    page.set_checked("#opt-confirm", True)
    page.click("#settings summary")
    before = ana.table()["n"]
    card = next(c for c, ok in ana.cards() if ok)
    page.click(f"#card-{card}")  # a first click raises the card only
    page.wait_for_selector(f"#card-{card}.armed")
    assert ana.table()["n"] == before and ana.is_my_turn()
    page.click(f"#card-{card}")  # the second plays it
    page.wait_for_function("n => document.getElementById('table').dataset.n !== n", arg=before)
    assert card not in [c for c, _ in ana.cards()]
    assert not ana.errors, ana.errors
    ana.page.context.close()


def test_the_page_is_light_and_asks_no_other_host(server: Server, browser: Any) -> None:
    """First load: under 300 KB of script and style, and every request to the page's own
    server."""
    page, _ = new_page(browser)
    sizes: dict[str, int] = {}
    hosts: set[str] = set()

    def on_response(response: Any) -> None:
        hosts.add(urlparse(response.url).netloc)
        kind = response.headers.get("content-type", "")
        if "javascript" in kind or "css" in kind:
            sizes[response.url] = len(response.body())
    page.on("response", on_response)
    sign_in(page, server.base, "Lea")
    create_table(page, "jass", deals=1)
    page.wait_for_selector("#felt .seat")
    assert hosts == {urlparse(server.base).netloc}, hosts
    names = {urlparse(u).path for u in sizes}
    assert {"/static/app.js", "/static/cards.js", "/static/table.js", "/static/sheet.js",
            "/static/style.css"} <= names, names
    assert sum(sizes.values()) < 300_000, sizes
    page.context.close()


def test_no_motion_for_those_who_asked_for_none(server: Server, browser: Any) -> None:
    """With ``prefers-reduced-motion: reduce`` the cards neither slide in nor fly away."""
    ana = new_player(browser, "Ana", **DESKTOP, reduced_motion="reduce")
    sign_in(ana.page, server.base, "Ana")
    create_table(ana.page, "jass", deals=1)
    ana.wait_turn()
    while not last_view(ana)["table"]:
        click_move(ana)
        ana.moved()
        ana.wait_turn()
    settled(ana)
    moving = ana.page.eval_on_selector_all(
        "#felt .played, #hand .card",
        "els => els.map(e => getComputedStyle(e).animationName + ' '"
        " + getComputedStyle(e).transitionDuration)")
    assert moving and all(m == "none 0s" for m in moving), moving
    assert not ana.errors, ana.errors
    ana.page.context.close()


def test_the_coiffeur_board(server: Server, browser: Any) -> None:
    """A Coiffeur game's sheet has its board: a row per trump mode with its multiplier and
    each team's score in it, as the game's view says."""
    ana = new_player(browser, "Ana", **DESKTOP)
    sign_in(ana.page, server.base, "Ana")
    ana.page.select_option("#c-game", "jass")
    ana.page.select_option("#c-preset", "coiffeur")
    create_table(ana.page, "jass", deals=2)
    while ana.wait_turn() == "mine":
        match = last_view(ana)["info"].get("match") or {}
        if match.get("deal_number") == 2:
            break
        click_move(ana)
        ana.moved()
    board = last_view(ana)["info"]["match"]["coiffeur"]
    assert any(v is not None for team in board["sheet"] for v in team)
    ana.page.click("#sheet-btn")
    ana.page.wait_for_selector("#sheet-dialog[open]")
    rows = ana.page.eval_on_selector_all(
        "#sheet table:last-of-type tbody tr",
        "trs => trs.map(tr => [...tr.children].map(c => c.textContent))")
    assert len(rows) == len(board["rows"])
    for i, row in enumerate(rows):
        assert row[0].endswith(f"×{board['multipliers'][i]}")
        for team in (0, 1):
            value = board["sheet"][team][i]
            assert row[1 + team] == ("—" if value is None else str(value))
    assert not ana.errors, ana.errors
    ana.page.context.close()
