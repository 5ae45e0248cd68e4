"""The deal of the day's page in a real browser (Debian's chromium, Playwright) on the real
server: the standings with each deal's best and average, a run played with the keyboard only
that a reload continues, nothing of the day's deals fetched or shown before the run starts;
a duplicate tournament's results page;
and axe-core finds nothing."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from atout.client import ServerError, http
from atout.web.labels import labels
from server_helpers import Server, running
from web_helpers import check_axe, new_page

SECRET_KEYS = {"view", "hand", "legal", "table", "history"}


def _keys(data: Any) -> set[str]:
    if isinstance(data, dict):
        return set(data) | {k for v in data.values() for k in _keys(v)}
    if isinstance(data, list):
        return {k for v in data for k in _keys(v)}
    return set()


def _account(base: str, name: str) -> dict[str, Any]:
    return http(base, "/api/register", {"name": name, "password": "a long enough password"})


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    data = tmp_path_factory.mktemp("daily")
    with running(str(data / "server.sqlite3"), data, bot_delay=0.0) as s:
        token = str(_account(s.base, "ana")["token"])  # ana plays her deals first
        state = http(s.base, "/api/daily/jass/start", {}, token)
        while not state["over"]:
            state = http(s.base, "/api/daily/jass/play", {"action": state["view"]["legal"][0]},
                         token)
        yield s


def a_page(browser: Any, who: dict[str, Any] | None = None,
           lang: str = "en") -> tuple[Any, list[str], list[Any]]:
    page, errors = new_page(browser)
    answers: list[Any] = []

    def seen(response: Any) -> None:
        if "/api/daily" in response.url:
            try:
                answers.append(response.json())
            except Exception:  # a body that is not JSON is no leak here
                answers.append(None)
    page.on("response", seen)
    page.add_init_script(f"localStorage.setItem('atout.lang', '{lang}')")
    if who is not None:
        page.add_init_script(f"localStorage.setItem('atout.token', {json.dumps(who['token'])});"
                             f"localStorage.setItem('atout.player', "
                             f"{json.dumps(json.dumps(who['player']))})")
    return page, errors, answers


def test_the_standings_for_anyone(server: Server, browser: Any, axe: Any,
                                  tmp_path: Path) -> None:
    api = http(server.base, "/api/daily/jass/standings")
    page, errors, answers = a_page(browser)
    page.goto(f"{server.base}/daily/jass")
    page.wait_for_selector("#table")
    assert page.inner_text("h1") == "Deal of the day: Swiss Jass (Schieber)"
    rows = page.locator("#table tbody tr")
    assert rows.count() == 1
    cells = rows.first.inner_text().split()
    assert cells[:2] == ["1", "ana"]
    assert [float(x) for x in cells[2:]] == [*api["players"][0]["points"],
                                            api["players"][0]["total"]]
    foot = page.locator("#table tfoot tr")
    assert foot.nth(0).inner_text().split()[0] == "Best"
    assert foot.nth(1).inner_text().split()[0] == "Average"
    assert "Sign in with an account" in page.inner_text("#mine")
    assert page.locator("#actions button").count() == 0
    assert not any(_keys(a) & SECRET_KEYS for a in answers)
    check_axe(axe, page, "the daily standings")
    page.screenshot(path=str(tmp_path / "daily.png"), full_page=True)
    assert errors == []


def test_a_run_with_the_keyboard_that_a_reload_continues(server: Server, browser: Any,
                                                         axe: Any) -> None:
    bob = _account(server.base, "bob")
    page, errors, answers = a_page(browser, bob)
    # the page's question about bob's run, awaited here: the response listener that fills
    # `answers` may run after the page has already shown what it said
    with page.expect_response(lambda r: r.url == f"{server.base}/api/daily/jass") as asked:
        page.goto(f"{server.base}/daily/jass")
    page.wait_for_selector("#start:not([hidden])")
    # nothing of the deals asked for or shown before bob starts
    assert not _keys(asked.value.json()) & SECRET_KEYS
    assert not any(_keys(a) & SECRET_KEYS for a in answers)
    assert page.locator("#board").is_hidden()
    check_axe(axe, page, "the daily page before the run")
    page.focus("#start")
    with page.expect_response(f"{server.base}/api/daily/jass/start") as started:
        page.keyboard.press("Enter")
    page.wait_for_selector("#actions button")
    assert started.value.json()["view"]["seat"] == 0
    views = [a["view"] for a in answers if isinstance(a, dict) and "view" in a]
    assert all(v["seat"] == 0 for v in views)
    check_axe(axe, page, "the daily page during the run")
    for moves in range(1, 4):  # the focus is on the first action after each move
        page.keyboard.press("Enter")
        page.wait_for_function("(n) => document.body.dataset.moves === String(n)", arg=moves)
    before = page.inner_text("#where"), page.inner_text("#actions")
    page.reload()
    page.wait_for_selector("#actions button")
    assert (page.inner_text("#where"), page.inner_text("#actions")) == before
    page.focus("#actions button")
    moves = 0
    while page.locator("#board").is_visible():
        moves += 1
        page.keyboard.press("Enter")
        page.wait_for_function("(n) => document.body.dataset.moves === String(n)", arg=moves)
    page.wait_for_function("() => document.querySelectorAll('#table tbody tr').length === 2")
    assert "You have played today's Swiss Jass (Schieber) deals" in page.inner_text("#mine")
    names = page.locator("#table tbody th").all_inner_texts()
    assert sorted(names) == ["ana", "bob"]
    check_axe(axe, page, "the daily page after the run")
    # a reload after the run: no way to start again, and the server refuses in words
    page.reload()
    page.wait_for_function("() => document.getElementById('mine').textContent.length > 0")
    assert page.locator("#start").is_hidden() and page.locator("#board").is_hidden()
    with pytest.raises(ServerError, match="already played"):
        http(server.base, "/api/daily/jass/start", {}, str(bob["token"]))
    assert errors == []


def test_a_tournaments_results_page(server: Server, browser: Any, axe: Any,
                                    tmp_path: Path) -> None:
    host = _account(server.base, "cy")
    made = http(server.base, "/api/tournaments", {"game": "jass", "deals": 2, "tables": 2},
                str(host["token"]))  # computer players only: played at once
    api = http(server.base, f"/api/tournaments/{made['id']}/results")
    page, errors, _ = a_page(browser)
    page.goto(f"{server.base}/tournaments/{made['id']}")
    page.wait_for_selector("#boards table")
    assert page.inner_text("h1") == f"Duplicate tournament {made['id']}: Swiss Jass (Schieber)"
    assert page.inner_text("#about").startswith(
        "2 tables, 2 deals; seats rotated by team: 2 steps, every team moving onto the next "
        "team's seats.")
    overall = page.locator("#overall tbody tr")
    assert overall.count() == 8
    first = overall.first.inner_text().split("\t")
    best = api["standings"][0]
    assert first[0] == "1" and first[1] == best["name"]
    assert page.locator("#boards table").count() == 2
    assert page.locator("#boards table").first.locator("tbody tr").count() == 8
    assert page.get_attribute("#csv", "href") == \
        f"/api/tournaments/{made['id']}/results.csv"
    check_axe(axe, page, "a tournament's results")
    page.screenshot(path=str(tmp_path / "tournament.png"), full_page=True)
    assert page.locator(".scroller[tabindex]").count() == 0  # 1280 px: nothing scrolls
    # a phone: the page keeps to the screen, each wider table scrolls in its own box, a
    # region named by its caption that Tab reaches
    page.set_viewport_size({"width": 360, "height": 740})
    expect(page.locator("#overall .scroller")).to_have_attribute("tabindex", "0")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    box = page.locator("#overall .scroller")
    assert box.get_attribute("role") == "region"
    assert box.get_attribute("aria-label") == page.inner_text("#overall caption")
    box.focus()
    page.keyboard.press("ArrowRight")
    page.wait_for_function(
        "() => document.querySelector('#overall .scroller').scrollLeft > 0")
    check_axe(axe, page, "a tournament's results on a phone")
    page.screenshot(path=str(tmp_path / "tournament-phone.png"), full_page=True)
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"{server.base}/tournaments/999")
    page.wait_for_function("() => document.getElementById('status').textContent.length > 5")
    assert "no tournament 999" in page.inner_text("#status")
    check_axe(axe, page, "a tournament that does not exist")
    assert errors == []


def test_a_host_makes_a_tournament_and_plays_it_with_the_keyboard(
        server: Server, browser: Any, axe: Any) -> None:
    di = _account(server.base, "di")
    page, errors, _ = a_page(browser, di)
    page.goto(f"{server.base}/tournaments")
    page.wait_for_selector("#host:not([hidden])")
    check_axe(axe, page, "the host's form")
    page.select_option("#t-game", "jass")
    page.fill("#t-deals", "1")
    page.fill("#t-tables", "2")
    page.fill("#t-entrants", "di,,,\n,,,")
    page.focus("#make button")
    page.keyboard.press("Enter")
    page.wait_for_url(f"{server.base}/tournaments/*")
    page.wait_for_selector("#yours:not([hidden])")
    check_axe(axe, page, "an entrant's board")
    for _ in range(60):
        if "played every board" in page.inner_text("#where"):
            break
        page.wait_for_selector("#actions button:not([disabled])")
        # the same words the wait below reads (textContent: inner_text's differ, and the wait
        # would pass at once, before the move's answer)
        shown = ("() => document.getElementById('where').textContent + "
                 "document.getElementById('actions').textContent")
        where = page.evaluate(shown)
        page.focus("#actions button")
        page.keyboard.press("Enter")
        page.wait_for_function(f"(w) => ({shown})() !== w "
                               "|| document.getElementById('status').textContent !== ''",
                               arg=where)
        assert page.inner_text("#status") == ""
    assert "played every board" in page.inner_text("#where")
    page.wait_for_function("() => document.querySelectorAll('#overall tbody tr').length === 8")
    assert "di" in page.locator("#overall tbody th").all_inner_texts()
    check_axe(axe, page, "the tournament after the boards")
    assert errors == []


def test_an_entrants_board_comes_back_after_the_server_failed_to_answer(
        server: Server, browser: Any) -> None:
    """The board's first question gets a server error, the next none at all (the network):
    the page says the connection is lost, goes on asking, and shows the entrant's turn when
    the server answers again, the message gone."""
    fay = _account(server.base, "fay")
    made = http(server.base, "/api/tournaments", {
        "game": "jass", "deals": 1, "tables": 2,
        "entrants": [["fay", None, None, None], [None] * 4]}, str(fay["token"]))
    page, errors, _ = a_page(browser, fay)
    faults = ["503", "abort"]
    lost = labels("en")["t_lost"]

    def board(route: Any) -> None:
        if not faults:
            route.continue_()
        elif faults.pop(0) == "503":
            route.fulfill(status=503, content_type="application/json",
                          body=json.dumps({"error": "busy", "message": "try again"}))
        else:
            route.abort("connectionreset")

    page.route(f"{server.base}/api/tournaments/{made['id']}", board)
    page.goto(f"{server.base}/tournaments/{made['id']}")
    page.wait_for_function("(w) => document.getElementById('status').textContent === w",
                           arg=lost)
    assert page.locator("#yours").is_hidden()
    page.wait_for_selector("#yours:not([hidden]) #actions button")
    assert faults == [] and page.inner_text("#status") == ""
    page.wait_for_selector("#overall table")
    assert errors == []


def english_left(page: Any) -> list[str]:
    """The English words of these pages (the catalogue's, where French differs) still on the
    page, in its text, its title or its form's options: each sentence, or each piece of it
    around the values put in."""
    english, french = labels("en"), labels("fr")
    text = page.evaluate("() => document.title + '\\n' + document.body.innerText + '\\n' + "
                         "[...document.querySelectorAll('option')].map(o => o.text).join('\\n')")
    left = []
    for key, words in english.items():
        if not key.startswith(("d_", "t_", "nav_")) or words == french[key]:
            continue
        for piece in re.split(r"\{\w+\}", words):
            piece = piece.strip(" .,:;()")
            if len(piece) > 6 and piece in text:
                left.append(piece)
    return left


def test_the_french_pages_are_in_french(server: Server, browser: Any) -> None:
    """The deal of the day (standings, and a run for an account) and the tournament pages
    (the host's form, a tournament's results and an entrant's board), in French: every word
    from the catalogue, none of the English left."""
    page, errors, _ = a_page(browser, _account(server.base, "eli"), lang="fr")
    page.goto(f"{server.base}/daily/jass")
    page.wait_for_selector("#table")
    page.wait_for_selector("#start:not([hidden])")
    assert page.get_attribute("html", "lang") == "fr"
    assert page.inner_text("h1") == "Donne du jour : Jass suisse (Schieber)"
    assert page.locator("#table tfoot tr").nth(1).inner_text().split()[0] == "Moyenne"
    assert english_left(page) == []
    page.click("#start")
    page.wait_for_selector("#actions button")
    assert page.inner_text("#where").startswith("Donne 1 sur ")
    assert english_left(page) == []
    page.goto(f"{server.base}/tournaments")
    page.wait_for_selector("#host:not([hidden])")
    assert page.inner_text("h1") == "Tournoi duplicate"
    assert english_left(page) == []
    page.select_option("#t-game", "tarot")
    page.fill("#t-deals", "1")
    page.fill("#t-tables", "2")
    page.fill("#t-entrants", "eli,,,\n,,,")
    page.click("#make button")
    page.wait_for_url(f"{server.base}/tournaments/*")
    page.wait_for_selector("#yours:not([hidden]) #actions button")
    page.wait_for_selector("#overall table")
    assert "Tarot" in page.inner_text("h1") and page.inner_text("h1").startswith("Tournoi")
    assert "donne 1 sur 1" in page.inner_text("#where")
    assert page.inner_text("#about").startswith(  # one deal: French's singular
        "2 tables, 1 donne ; places tournées par place : 4 étapes, chaque joueur avançant")
    assert english_left(page) == []
    assert errors == []
