"""The replay page in a real browser (Debian's chromium, Playwright) on the real server: a
person's games listed, one opened and stepped through with the keyboard only, each step said
in the live region in the words of live play; axe-core finds nothing."""

from __future__ import annotations

import asyncio
import json
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from atout.client import Client, http
from frame_checks import bot_game
from server_helpers import Server, running
from web_helpers import check_axe, new_page


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, dict[str, Any]]]:
    data = tmp_path_factory.mktemp("replay")
    saved = os.environ.get("ATOUT_REVIEW_PLAYOUTS")
    os.environ["ATOUT_REVIEW_PLAYOUTS"] = "6"  # the server's reviews, quick
    try:
        with running(str(data / "server.sqlite3"), data, bot_delay=0.0) as s:
            yield s, asyncio.run(one_game(s.base))
    finally:
        if saved is None:
            del os.environ["ATOUT_REVIEW_PLAYOUTS"]
        else:
            os.environ["ATOUT_REVIEW_PLAYOUTS"] = saved


async def one_game(base: str) -> dict[str, Any]:
    """Ana (an account) plays two Jass games of one deal with computer players (the
    second, ``table``, is the one replayed; the first, ``earlier``, makes a second page)."""
    answer = await asyncio.to_thread(http, base, "/api/register",
                                     {"name": "ana", "password": "a long enough password"})
    ana = Client(base, str(answer["token"]), dict(answer["player"]))
    await ana.connect()
    tables = [await bot_game(ana), await bot_game(ana)]
    await ana.close()
    return {"table": tables[1], "earlier": tables[0], "token": ana.token,
            "player": answer["player"]}


def signed_page(browser: Any, game: dict[str, Any], lang: str = "en") -> tuple[Any, list[str]]:
    page, errors = new_page(browser)
    player = json.dumps(json.dumps(game["player"]))
    page.add_init_script(f"localStorage.setItem('atout.lang', '{lang}');"
                         f"localStorage.setItem('atout.token', '{game['token']}');"
                         f"localStorage.setItem('atout.player', {player});")
    return page, errors


def starts(page: Any, text: str) -> None:
    """Wait until the live region says something that starts with ``text``."""
    expect(page.locator("#said")).to_have_text(re.compile("^" + re.escape(text)))


def said(page: Any) -> str:
    return str(page.locator("#said").text_content() or "")


def test_a_game_listed_and_replayed_with_the_keyboard_only(
        server: tuple[Server, dict[str, Any]], browser: Any, axe: Any, tmp_path: Path) -> None:
    s, game = server
    table = game["table"]
    api = http(s.base, f"/api/games/{table}/replay?lang=en", token=game["token"])
    steps = api["steps"]
    page, errors = signed_page(browser, game)
    page.goto(f"{s.base}/replay?limit=1")  # a page of one game: the next by the keyboard
    page.wait_for_selector("table.data a")
    assert page.inner_text("h1") == "Your games"
    assert page.locator("table.data tbody tr").count() == 1
    # the heading names the table, no caption says it again
    assert page.locator("table.data caption").count() == 0
    assert page.get_by_role("table", name="Your games", exact=True).count() == 1
    check_axe(axe, page, "the list of games")
    page.focus("#more")
    page.keyboard.press("Enter")
    expect(page.locator("table.data tbody tr")).to_have_count(2)
    expect(page.locator("#more")).to_have_count(0)  # no third page
    links = page.locator("table.data tbody a")
    assert [links.nth(i).get_attribute("href") for i in range(2)] == [
        f"/replay/{table}", f"/replay/{game['earlier']}"]
    expect(links.nth(1)).to_be_focused()  # the first game of the new page
    page.focus("table.data a")
    page.keyboard.press("Enter")
    page.wait_for_url(f"{s.base}/replay/{table}")
    page.wait_for_selector("#picture #position")
    assert page.inner_text("h1").startswith(f"Replay of game {table}: ")
    check_axe(axe, page, "the replay at its start")
    page.keyboard.press("Tab")  # anywhere on the page but the seat's list: the keys step
    page.keyboard.press("ArrowRight")
    starts(page, "Action 1 ")
    first = steps[0]
    assert said(page) == " ".join([f"Action 1 of {len(steps)}, deal 1.", first["said"],
                                   *first["lines"]])
    page.keyboard.press("ArrowRight")
    starts(page, "Action 2 ")
    page.keyboard.press("ArrowLeft")
    starts(page, "Action 1 ")
    page.keyboard.press("End")
    last = f"Action {len(steps)} of {len(steps)}"
    starts(page, last)
    assert said(page).endswith(" ".join(steps[-1]["lines"]))
    assert page.locator("#next").is_disabled()
    check_axe(axe, page, "the replay at its end")
    page.screenshot(path=str(tmp_path / "replay.png"), full_page=True)
    page.keyboard.press("Home")
    starts(page, "Start")
    hand = page.locator("#hand li .words").all_inner_texts()  # what is said (cards aria-hidden)
    assert len(hand) == 9 and [c["name"] for c in api["start"]["hand"]] == hand
    drawn = page.locator("#hand li .pcard[aria-hidden=true]")  # each card drawn beside its words
    assert [drawn.nth(i).get_attribute("data-card") for i in range(drawn.count())] == [
        c["code"] for c in api["start"]["hand"]]
    # once the game is over, any seat: the seat's list by the keyboard
    page.focus("#seat")
    page.keyboard.press("ArrowDown")
    starts(page, "Start")
    seat1 = http(s.base, f"/api/games/{table}/replay?lang=en&seat=1")
    expect(page.locator("#hand li .words").first).to_have_text(seat1["start"]["hand"][0]["name"])
    # the buttons do the same as the keys
    page.focus("#next")
    page.keyboard.press("Enter")
    starts(page, "Action 1 ")
    assert errors == []


def test_a_review_asked_and_read_with_the_keyboard_only(
        server: tuple[Server, dict[str, Any]], browser: Any, axe: Any, tmp_path: Path) -> None:
    s, game = server
    page, errors = signed_page(browser, game)
    page.goto(f"{s.base}/replay/{game['table']}")
    page.wait_for_selector("#reviewdeal")
    check_axe(axe, page, "the replay with its review form")
    page.focus("#reviewdeal")
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    page.wait_for_selector("#reviewsummary", timeout=240_000)
    summary = page.inner_text("#reviewsummary")
    assert summary.startswith("Review of deal 1 for You: ")  # the seat as live play names it
    expect(page.locator("#status")).to_have_text(summary)  # said by the status region
    review = http(s.base, f"/api/games/{game['table']}/review?deal=1", token=game["token"])
    rows = page.locator("#reviewout table tbody tr")
    assert rows.count() == len(review["review"]["choices"]) > 0
    assert page.locator("#reviewout td .pcard").count() == 2 * rows.count()  # played, best
    check_axe(axe, page, "the review")
    page.screenshot(path=str(tmp_path / "review.png"), full_page=True)
    assert errors == []


def test_the_replay_speaks_french(server: tuple[Server, dict[str, Any]], browser: Any,
                                  axe: Any) -> None:
    s, game = server
    page, errors = signed_page(browser, game, "fr")
    page.goto(f"{s.base}/replay/{game['table']}")
    page.wait_for_selector("#picture #position")
    assert page.inner_text("h1").startswith(f"Partie {game['table']} revue : ")
    page.keyboard.press("ArrowRight")
    starts(page, "Action 1 sur")
    check_axe(axe, page, "the replay in French")
    assert errors == []
