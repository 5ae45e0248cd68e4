"""The web page in a real browser (Debian's chromium, driven by Playwright) on the real server:
a whole game of each game with the keyboard only, two browsers at one table, a reload in the
middle of a game, a phone-sized screen played by touch, axe-core on every screen, and no
hidden card in the page or in what it receives."""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import atout
from server_helpers import Server, running
from web_helpers import (
    Player,
    check_axe,
    check_leaks,
    create_table,
    finished_record,
    iterate,
    lobby_button,
    new_player,
    play_to_end,
    screenshot,
    sign_in,
)

GAMES = ["jass", "putze", "tarot", "pitch", "knock-rummy"]
DEALS = {"jass": 1, "putze": 3, "tarot": 1, "pitch": 1, "knock-rummy": 3}
"""Enough deals for the person to have several turns (a rummy deal may end in a turn)."""
GAMES_TRIED = {"knock-rummy": 4}
"""Games a test may start to get three turns: in Knock Rummy a computer player's knock before
the person's turn can reach the target of 100 at once and end the game (one game in five or
six); the person then goes back to the tables and starts another."""


def _play_by_keys(ana: Any, axe: Any, tmp_path: Path, game: str,
                  phases: set[tuple[str, str]], reloaded: bool) -> tuple[int, bool]:
    """Play the page's turns by keys until the game is over: the moves, and whether the page
    was reloaded (in Pitch, once, to show that a reload resumes the game)."""
    moves = 0
    while ana.wait_turn() == "mine":
        ana.remember_dom()
        phase = (game, ana.table().get("phase", ""))
        if phase not in phases:
            phases.add(phase)
            check_axe(axe, ana.page, f"{game}, phase {phase[1]}")
        if game == "jass" and moves == 3:
            screenshot(ana.page, tmp_path, "web-table.png")
        if game == "pitch" and moves == 4 and not reloaded:  # a reload resumes the game
            before = ana.messages()
            ana.page.reload()
            ana.page.wait_for_selector("#table:not([hidden])")
            reloaded = True
            assert ana.messages()[:len(before)] == before
            continue
        ana.key_move()
        moves += 1
        ana.moved()
    return moves, reloaded


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    data = tmp_path_factory.mktemp("web")
    with running(str(data / "server.sqlite3"), data, bot_delay=0.0) as s:
        yield s



def finished(server: Server, table: int) -> Any:
    """The table's record once the store has it finished (:func:`finished_record`)."""
    return finished_record(server.db, table)


def table_id(player: Player) -> int:
    return int(next(f["table"] for f in reversed(player.frames) if f.get("type") == "table"))


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_game_with_the_keyboard_only(server: Server, browser: Any, axe: Any,
                                             tmp_path: Path, game: str) -> None:
    ana = new_player(browser, "Ana", viewport={"width": 1024, "height": 900})
    sign_in(ana.page, server.base, "Ana")
    if game == "jass":
        check_axe(axe, ana.page, "the lobby")
        screenshot(ana.page, tmp_path, "web-lobby.png")
    create_table(ana.page, game, deals=DEALS[game])
    phases: set[tuple[str, str]] = set()
    moves = 0
    reloaded = False
    for _ in range(GAMES_TRIED.get(game, 1)):
        if ana.is_over():  # the game ended before she had three turns: a new table
            ana.leave_table()
            create_table(ana.page, game, deals=DEALS[game])
        moves, reloaded = _play_by_keys(ana, axe, tmp_path, game, phases, reloaded)
        if moves >= 3:
            break
    assert moves >= 3, (moves, ana.messages())
    assert ana.page.is_visible("#end")
    check_axe(axe, ana.page, f"{game}, the end")
    text = ana.page.inner_text("#result")
    assert text.strip(), "the end says nothing"
    record = finished(server, table_id(ana))
    assert record.summary.seats[0].player_id is not None
    assert check_leaks(ana, 0, game, {}, record, DEALS[game]) > moves
    assert not ana.errors, ana.errors
    if game == "pitch":
        assert reloaded
    ana.page.context.close()


def test_two_browsers_at_one_table_see_each_other(server: Server, browser: Any, axe: Any,
                                                  tmp_path: Path) -> None:
    ana = new_player(browser, "Ana")
    bob = new_player(browser, "Bob")
    sign_in(ana.page, server.base, "Ana")
    sign_in(bob.page, server.base, "Bob", lang="fr")
    create_table(ana.page, "jass", deals=1, fill=False)
    table = table_id(ana)
    sit = lobby_button(bob.page, table, has_text="2")
    sit.press("Enter")
    bob.page.wait_for_selector("#table:not([hidden])")
    ana.page.wait_for_function("() => document.querySelectorAll('#host button').length >= 3")
    # Ana, the host: computer players at seats 3 and 4, then start, all with the keys
    for seat in (2, 3):
        ana.page.focus(f"#host button[data-host=seat-{seat}]")
        ana.page.keyboard.press("Enter")
        ana.page.wait_for_selector(f"#seats li:nth-child({seat + 1}):has-text('heuristic')")
    check_axe(axe, ana.page, "a table waiting for its players, seen by its host")
    ana.page.focus("#chat")  # a line of chat, read at the other browser in its language
    ana.page.keyboard.type("bonne partie")
    ana.page.keyboard.press("Enter")
    bob.page.wait_for_function(
        "() => [...document.querySelectorAll('#messages li')].some("
        "li => li.textContent === 'Ana dit : bonne partie')")
    ana.page.focus("#host button[data-host=start]")
    ana.page.keyboard.press("Enter")
    check_axe(axe, bob.page, "a table in French")
    for p in iterate(ana, bob):
        p.remember_dom()
        p.key_move()
        p.moved()
    record = finished(server, table)
    assert record.summary.seats[1].name and "Bob" in str(record.summary.seats[1].name)
    # each saw the other's cards played: Bob's messages (in French) name Ana, and back
    assert any(line.startswith("Ana joue") for line in bob.messages()), bob.messages()[:20]
    assert any(line.startswith("Bob plays") for line in ana.messages()), ana.messages()[:20]
    check_leaks(ana, 0, "jass", {}, record, 1)
    check_leaks(bob, 1, "jass", {}, record, 1)
    for p in (ana, bob):
        assert not p.errors, p.errors
        p.page.context.close()


def test_a_phone_plays_a_whole_game_by_touch(server: Server, browser: Any, axe: Any,
                                            tmp_path: Path) -> None:
    eve = new_player(browser, "Eve", viewport={"width": 360, "height": 740}, has_touch=True,
                     is_mobile=True, device_scale_factor=2)
    eve.page.goto(f"{server.base}/")
    eve.page.wait_for_selector("#signin:not([hidden])")
    eve.page.tap("#name")
    eve.page.keyboard.type("Eve")
    eve.page.tap("#guest")
    eve.page.wait_for_selector("#lobby:not([hidden])")
    eve.page.select_option("#c-game", "pitch")
    eve.page.fill("#c-deals", "1")
    eve.page.tap("#create")
    eve.page.wait_for_selector("#table:not([hidden])")
    wide = eve.page.evaluate("() => document.documentElement.scrollWidth")
    assert wide <= 360, f"the page is {wide} px wide on a 360 px screen"
    check_axe(axe, eve.page, "a phone")
    moves = play_to_end(eve, "tap")
    assert moves >= 6  # a bid or a pass, then six tricks
    record = finished(server, table_id(eve))
    check_leaks(eve, 0, "pitch", {}, record, 1)
    assert not eve.errors, eve.errors
    eve.page.context.close()


def said(player: Player) -> list[str]:
    """What the page's live regions have said (the polite and the urgent one)."""
    found: list[str] = player.page.eval_on_selector_all(
        "#live p, #alert p", "els => els.map(e => e.textContent)")
    return found


def test_keys_a_refused_card_and_the_command_box(server: Server, browser: Any) -> None:
    """The console's keys answer in the hand, a card that may not be played is refused with
    the engine's reason, typed actions work, and the keys can be switched off."""
    ana = new_player(browser, "Ana")
    sign_in(ana.page, server.base, "Ana")
    create_table(ana.page, "jass", deals=1)
    keys = ana.page.keyboard
    refused = False
    while ana.wait_turn() == "mine":
        cards = ana.cards()
        if ana.table()["phase"] == "play" and not refused and not all(ok for _, ok in cards):
            ana.page.focus("#hand")
            keys.press("s")  # the scores, said in the live region
            ana.page.wait_for_function(
                "() => [...document.querySelectorAll('#live p')].some("
                "p => p.textContent.includes('This deal'))")
            bad = next(c for c, ok in cards if not ok)
            keys.press("Home")
            for _ in range(cards.index((bad, False))):
                keys.press("ArrowRight")
            assert ana.page.get_attribute("#hand", "aria-activedescendant") == f"card-{bad}"
            keys.press("Enter")  # refused, with the reason in words
            ana.page.wait_for_function("() => document.querySelectorAll('#alert p').length > 0")
            reason = said(ana)[-1]
            assert "must" in reason or "follow" in reason or "not" in reason, reason
            refused = True
            ana.page.click("#settings summary")
            ana.page.set_checked("#opt-shortcuts", False)  # the keys switched off
            ana.page.focus("#hand")
            before = len(said(ana))
            keys.press("t")
            ana.page.wait_for_timeout(200)
            assert len(said(ana)) == before
            ana.page.set_checked("#opt-shortcuts", True)
            continue
        _, what = ana.choose()
        ana.page.focus("#command")  # typed: the card's code or the action's notation
        keys.type(what)
        keys.press("Enter")
        ana.moved()
    assert refused
    assert ana.is_over()
    ana.page.select_option("#lang", "fr")  # the page and the game's words switch at once
    ana.page.wait_for_function(
        "() => document.getElementById('h-hand').textContent === 'Votre main'"
        " && document.getElementById('h-table').textContent.startsWith('Jass suisse')")
    assert not ana.errors, ana.errors
    ana.page.context.close()


def test_tarot_for_five_a_spectator_and_the_words(server: Server, browser: Any, axe: Any,
                                                   tmp_path: Path) -> None:
    """Tarot for five (the call of a king) by keys, watched by a spectator in French, who
    sees no hand; the page's words come from the catalogue."""
    with urllib.request.urlopen(server.base + "/api/i18n/fr") as answer:
        fr = json.loads(answer.read())
    assert fr["hand"] == "Votre main" and fr["title_tarot"] == "Tarot"
    ana = new_player(browser, "Ana")
    eve = new_player(browser, "Eve")
    sign_in(ana.page, server.base, "Ana")
    sign_in(eve.page, server.base, "Eve", lang="fr")
    create_table(ana.page, "tarot", deals=1, players=5)
    # a bot's petit sec annuls the only deal before Ana's first turn in about 3 deals of 400
    # at five: that table is over and the lobby no longer lists it, so she starts another
    while ana.wait_turn() == "over":
        ana.leave_table()
        create_table(ana.page, "tarot", deals=1, players=5)
    table = table_id(ana)
    watch = lobby_button(eve.page, table)
    watch.press("Enter")
    eve.page.wait_for_selector("#table:not([hidden])")
    assert eve.page.is_hidden("#hand-area")
    check_axe(axe, eve.page, "a spectator")
    play_to_end(ana, "key", axe, set(), "tarot5")
    eve.page.wait_for_selector("#end:not([hidden])")
    record = finished(server, table)
    check_leaks(ana, 0, "tarot", {"players": 5}, record, 1)
    check_leaks(eve, None, "tarot", {"players": 5}, record, 1)
    assert any("joue" in line for line in eve.messages())
    for p in (ana, eve):
        assert not p.errors, p.errors
        p.page.context.close()


def test_the_create_form_offers_each_games_player_counts_and_rules(server: Server,
                                                                   browser: Any) -> None:
    ann = new_player(browser, "Ann")
    sign_in(ann.page, server.base, "Ann")
    offered = {}
    for game in GAMES:
        ann.page.select_option("#c-game", game)
        offered[game] = (ann.page.is_hidden("#c-players-box"),
                         ann.page.eval_on_selector_all("#c-players option",
                                                       "os => os.map(o => o.value)"),
                         ann.page.eval_on_selector_all("#c-preset option",
                                                       "os => os.map(o => o.value)"))
    for info in atout.games():
        players = next((o for o in info.options if o.name == "players"), None)
        hidden, counts, presets = offered[info.name]
        assert hidden == (players is None)
        assert counts == ([str(c) for c in players.choices or ()] if players else [])
        assert presets == ["", *info.presets]
    ann.page.select_option("#c-game", "putze")
    ann.page.select_option("#c-players", "3")
    ann.page.select_option("#c-preset", "regle-27-blind")
    ann.page.set_checked("#c-fill", False)
    ann.page.focus("#create")
    ann.page.keyboard.press("Enter")
    ann.page.wait_for_selector("#table:not([hidden])")
    snapshot = next(f for f in reversed(ann.frames) if f.get("type") == "table")
    wanted = atout.make("putze", players=3, preset="regle-27-blind").options_dict()
    assert snapshot["info"]["options"] == wanted
    assert len(snapshot["info"]["seats"]) == 3
    # the lobby names what the table's rules change from the game's defaults
    told = ann.page.evaluate("t => tableOptions(t)", {"game": "putze",
                                                       "options": snapshot["info"]["options"]})
    assert told.startswith("rules: ") and "Number of players: 3" in told, told
    assert ann.page.evaluate("t => tableOptions(t)", {
        "game": "jass", "options": atout.make("jass").options_dict()}) == ""
    assert not ann.errors, ann.errors
    ann.page.context.close()
