"""The profile and leaderboard pages in a real browser (Debian's chromium, Playwright) on the
real server, after a rated game: the rating chart is an image with its words and the same
numbers as a table, the pages are used with the keyboard only, axe-core finds nothing, and
the page speaks French too."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from atout.client import Client, http
from frame_checks import bot_game
from server_helpers import Server, running
from web_helpers import check_axe, new_page


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    data = tmp_path_factory.mktemp("ratings")
    with running(str(data / "server.sqlite3"), data, bot_delay=0.0) as s:
        asyncio.run(rated_games(s.base))
        yield s


async def rated_games(base: str) -> None:
    """Ana (an account) plays two rated Jass games of one deal with computer players."""
    answer = await asyncio.to_thread(http, base, "/api/register",
                                     {"name": "ana", "password": "a long enough password"})
    ana = Client(base, str(answer["token"]), dict(answer["player"]))
    await ana.connect()
    for _ in range(2):
        await bot_game(ana, ("heuristic", "random", "heuristic"), rated=True)
    await ana.close()


def a_page(browser: Any, lang: str = "en") -> tuple[Any, list[str]]:
    page, errors = new_page(browser)
    page.add_init_script(f"localStorage.setItem('atout.lang', '{lang}')")
    return page, errors


def test_the_profile_shows_the_ratings_as_a_chart_and_a_table(
        server: Server, browser: Any, axe: Any, tmp_path: Path) -> None:
    api = http(server.base, "/api/players/ana")
    (rating,) = api["ratings"]
    page, errors = a_page(browser)
    page.goto(f"{server.base}/players/ana")
    page.wait_for_selector("body[data-ready]")
    assert page.inner_text("h1") == "Profile of ana"
    assert "2 games finished" in page.inner_text("#content")
    chart = page.locator("svg.chart")
    assert chart.get_attribute("role") == "img"
    title = page.locator("svg.chart title").text_content()
    assert title == "Rating after each rated game: Swiss Jass (Schieber)"
    desc = page.locator("svg.chart desc").text_content() or ""
    assert desc.startswith("From 0.00 to ") and "over 2 games" in desc
    assert page.locator("svg.chart circle").count() == 3  # before the first game, then two
    # the same numbers as a table, opened with the keyboard
    page.focus("details summary")
    page.keyboard.press("Enter")
    rows = page.locator("details table tbody tr")
    assert rows.count() == 2
    last = rows.nth(1).inner_text()
    assert f"{rating['rating']:.2f}" in last.replace(",", "")
    recent = page.locator("table.data").nth(1)
    assert recent.locator("tbody tr").count() == 2
    # one name for the recent games: the heading names its table, no caption says it again
    assert page.inner_text("#content").count("Recent games") == 1
    assert page.get_by_role("table", name="Recent games", exact=True).count() == 1
    links = recent.locator("tbody a")  # each game's number opens its replay
    assert [links.nth(i).get_attribute("href") for i in range(2)] == [
        g["replay"] for g in api["recent"]] == [f"/replay/{g['game']}" for g in api["recent"]]
    check_axe(axe, page, "the profile")
    page.screenshot(path=str(tmp_path / "profile.png"), full_page=True)
    # on a phone the table scrolls sideways in a region named by that same heading
    page.set_viewport_size({"width": 320, "height": 740})
    page.wait_for_selector("div.scroller[role=region][aria-labelledby=h-recent]")
    assert page.get_by_role("region", name="Recent games", exact=True).count() == 1
    page.screenshot(path=str(tmp_path / "profile-phone.png"), full_page=True)
    links.first.focus()
    page.keyboard.press("Enter")
    page.wait_for_url(f"{server.base}/replay/{api['recent'][0]['game']}")
    page.wait_for_selector("#picture #position")  # anyone may replay a finished public game
    page.goto(f"{server.base}/players/nobody")
    page.wait_for_selector("body[data-ready]")
    assert "There is no player named nobody" in page.inner_text("#status")
    check_axe(axe, page, "a profile that does not exist")
    assert errors == []


def test_the_leaderboards_with_the_keyboard_only(server: Server, browser: Any, axe: Any,
                                                 tmp_path: Path) -> None:
    page, errors = a_page(browser)
    page.goto(f"{server.base}/leaderboard/jass")
    page.wait_for_selector("body[data-ready]")
    assert page.inner_text("h1") == "Leaderboard: Swiss Jass (Schieber)"
    first = page.locator("table.data").first.locator("tbody tr").first.inner_text()
    assert first.split()[:2] == ["1", "ana"]
    # the pool's heading names its table of players, no caption says it again
    pool = page.inner_text("section.pool h2")
    assert page.locator("section.pool").first.locator("table.data").first.locator(
        "caption").count() == 0
    assert page.get_by_role("table", name=pool, exact=True).count() == 1
    check_axe(axe, page, "the Jass leaderboard")
    page.screenshot(path=str(tmp_path / "leaderboard.png"), full_page=True)
    # another game, by the keyboard: the select, then arrow down
    page.focus("#game")
    page.keyboard.press("ArrowDown")
    page.wait_for_url(f"{server.base}/leaderboard/putze")
    page.wait_for_selector("body[data-ready]")
    check_axe(axe, page, "the Putze leaderboard")
    # a player's profile by name
    page.focus("#who")
    page.keyboard.type("ana")
    page.keyboard.press("Enter")
    page.wait_for_url(f"{server.base}/players/ana")
    page.wait_for_selector("svg.chart")
    # the link from the player's name in the leaderboard, by Tab and Enter
    page.goto(f"{server.base}/leaderboard/jass")
    page.wait_for_selector("table.data a")
    page.focus("table.data a")
    page.keyboard.press("Enter")
    page.wait_for_url(f"{server.base}/players/ana")
    assert errors == []


def test_the_pages_speak_french(server: Server, browser: Any, axe: Any) -> None:
    page, errors = a_page(browser, "fr")
    page.goto(f"{server.base}/players/ana")
    page.wait_for_selector("body[data-ready]")
    assert page.inner_text("h1") == "Profil de ana"
    title = page.locator("svg.chart title").text_content() or ""
    assert title.startswith("Cote après chaque partie classée")
    check_axe(axe, page, "the profile in French")
    page.goto(f"{server.base}/leaderboard/tarot")
    page.wait_for_selector("body[data-ready]")
    assert page.inner_text("h1").startswith("Classement : ")
    check_axe(axe, page, "the Tarot leaderboard in French")
    assert errors == []
