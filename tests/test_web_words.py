"""Issue 38's "every word right" on the page itself (Debian's chromium driven by Playwright):
the French page names its computer players and actions in French, a waiting table says that
nobody plays yet, each game's key list names only its own keys, the message lists show their
numbers whole."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import atout
from server_helpers import Server, running
from web_helpers import Player, create_table, lobby_button, new_player, screenshot, sign_in


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    data = tmp_path_factory.mktemp("web-words")
    with running(str(data / "server.sqlite3"), data, bot_delay=0.0) as s:
        yield s



def said(player: Player) -> list[str]:
    found: list[str] = player.page.eval_on_selector_all(
        "#live p, #alert p", "els => els.map(e => e.textContent)")
    return found


def key_list(player: Player) -> str:
    """What ? says in the hand (in English; the game's own lines may come meanwhile).

    Read from the message list, which keeps every line said: the live region keeps only
    the last five, and a fast table's own lines can push the answer out of it before the
    test looks (it did, under load, at Knock Rummy)."""
    player.page.focus("#command")
    player.page.keyboard.type("?")
    player.page.keyboard.press("Enter")
    found: str = player.page.wait_for_function(
        "() => [...document.querySelectorAll('#messages li')].map(li => li.textContent)"
        ".find(t => t.startsWith('Keys in your hand')) || null").json_value()
    return found


def test_the_french_page_says_its_words_in_french(server: Server, browser: Any) -> None:
    """No "heuristic", no "bid 2, pass", French colons; a waiting table does not name
    a player whose turn it would be."""
    ana = new_player(browser, "Ana", viewport={"width": 1024, "height": 900})
    sign_in(ana.page, server.base, "Ana", lang="fr")
    create_table(ana.page, "jass", deals=1, fill=False)
    joined = ana.messages()[0]
    assert "La partie n'a pas encore commencé" in joined and "places 2, 3 et 4" in joined, \
        joined
    assert "tour" not in joined
    ana.page.focus("#host button[data-host=seat-1]")
    ana.page.keyboard.press("Enter")
    ana.page.wait_for_selector("#seats li:nth-child(2):has-text('ordinateur')")
    seats = ana.page.inner_text("#seats")
    assert "heuristique" in seats and "heuristic)" not in seats, seats
    assert "Place 2 : Bruno" in seats, seats  # the French colon
    assert "Table " in ana.page.inner_text("#h-table") and " : " in ana.page.inner_text(
        "#h-table")
    help_text = ana.page.inner_text("#command-label")
    assert "bid 2" not in help_text and "pass)" not in help_text, help_text
    assert not any("heuristic" in line for line in ana.messages()), ana.messages()
    ana.page.focus("#host button[data-host=start]")  # seats 3 and 4 empty: refused, said
    ana.page.keyboard.press("Enter")
    ana.page.wait_for_function("() => document.querySelectorAll('#alert p').length > 0")
    refusal = said(ana)[-1]
    assert "places 3 et 4 sont vides" in refusal, refusal
    assert not ana.errors, ana.errors
    ana.page.context.close()


KEYS_NOT_THERE = {"knock-rummy": ("trump", "suit led", "six", "blind", "chien"),
                  "jass": ("blind", "chien", "six", "melds"),
                  "pitch": ("blind", "chien", "six", "melds")}


@pytest.mark.parametrize("game", sorted(KEYS_NOT_THERE))
def test_each_game_lists_only_its_keys(server: Server, browser: Any, game: str) -> None:
    bea = new_player(browser, "Bea")
    sign_in(bea.page, server.base, "Bea")
    # the whole match, not one deal: a computer player may knock before Bea's first turn,
    # and a one-deal table would then be over before she reads her keys; a knock may even
    # end the match at once (the computer players wait for nobody): then another table
    for _ in range(4):
        create_table(bea.page, game, deals=None)
        bea.page.wait_for_selector("#table[data-status=playing], #table[data-status=over]")
        if bea.table()["status"] == "playing":
            break
        bea.leave_table()
    assert bea.table()["status"] == "playing", bea.messages()
    keys = key_list(bea)
    assert keys.startswith("Keys in your hand"), keys
    for word in KEYS_NOT_THERE[game]:
        assert word not in keys, (word, keys)
    if game == "knock-rummy":
        assert "discard pile" in keys and "deadwood" in keys, keys
        assert bea.page.inner_text("#h-last") == "Last turn"
    assert not bea.errors, bea.errors
    bea.page.context.close()


def test_the_message_lists_show_their_numbers_whole(server: Server, browser: Any) -> None:
    """A list of 300 messages numbers its lines up to "300.": the numbers sit in the list's
    left padding, which must hold the widest of them (it cut "58." to "8.")."""
    cy = new_player(browser, "Cy", viewport={"width": 360, "height": 740})
    sign_in(cy.page, server.base, "Cy")
    for selector in ("#messages", "#history"):
        room = cy.page.evaluate(
            """sel => {
              const ol = document.querySelector(sel);
              for (let i = 0; i < 300; i++) ol.appendChild(document.createElement('li'));
              ol.closest('[hidden]')?.removeAttribute('hidden');
              const style = getComputedStyle(ol.lastElementChild);
              const ctx = document.createElement('canvas').getContext('2d');
              ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
              const inside = style.listStylePosition === 'inside';
              return [inside, parseFloat(getComputedStyle(ol).paddingLeft),
                      ctx.measureText('300. ').width];
            }""", selector)
        inside, padding, widest = room
        assert inside or padding >= widest, (selector, padding, widest)
    cy.page.context.close()


def reach_the_ecart(player: Player, tries: int = 6) -> bool:
    """Play Tarot tables (heuristic computer players) until the page's player makes an
    écart: bid a garde (or a prise) whenever one may, anything else otherwise."""
    for k in range(tries):
        player.page.select_option("#c-game", "tarot")
        player.page.select_option("#c-seat", str((k + 1) % 4))  # the first to bid, often
        create_table(player.page, "tarot", deals=1)
        while player.wait_turn() == "mine":
            if player.ecart_needed():
                return True
            if player.table()["phase"] != "bidding":
                break
            choices = player.choices()
            bid = next((b for b in ("garde", "prise") if b in choices), "pass")
            player.before = player.table()["n"]
            player.page.click(f"#choices button[data-action=\"{bid}\"]")
            player.moved()
        player.leave_table()
    return False


def felt_piles(player: Player) -> dict[str, list[str]]:
    """The piles in the felt's middle: their names and their cards' codes."""
    found: dict[str, list[str]] = player.page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll('#felt .felt-mid .pile')]
             .map(p => [p.querySelector('.pile-name').textContent,
                        [...p.querySelectorAll('.pile-cards [data-card]')]
                          .map(c => c.dataset.card)]))""")
    return found


def test_the_felt_shows_the_ecart_being_made_not_the_chien(
        server: Server, browser: Any) -> None:
    """During the écart the chien's cards are in the taker's hand: the felt no longer shows
    the chien, it shows the cards chosen for the écart, as they are chosen."""
    dee = new_player(browser, "Dee", viewport={"width": 1024, "height": 900})
    sign_in(dee.page, server.base, "Dee")
    assert reach_the_ecart(dee), "no écart in six tables"
    assert "Chien" not in felt_piles(dee) and "chien" not in str(felt_piles(dee)).lower()
    first, second, *_ = dee.ecart_cards()
    dee.page.click(f"#card-{first}")
    dee.page.click(f"#card-{second}")
    assert felt_piles(dee) == {"Écart": [first, second]}, felt_piles(dee)
    dee.page.click(f"#card-{second}")  # taken back: off the felt too
    assert felt_piles(dee) == {"Écart": [first]}, felt_piles(dee)
    assert not dee.errors, dee.errors
    dee.page.context.close()


def test_an_ecart_is_chosen_then_confirmed_and_a_card_can_be_taken_back(
        server: Server, browser: Any, tmp_path: Path) -> None:
    """Each card of the écart is only chosen at its click or Enter (nothing is sent);
    chosen again, it goes back; the last one can be taken back; with the chien's count
    chosen, one button discards them all at once."""
    dee = new_player(browser, "Dee", viewport={"width": 1024, "height": 900})
    sign_in(dee.page, server.base, "Dee")
    assert reach_the_ecart(dee), "no écart in six tables"
    n = dee.table()["n"]
    total = dee.ecart_needed()
    first, second, *rest = dee.ecart_cards()
    dee.key_card(first)
    assert dee.table()["ecart"] == "1" and dee.table()["n"] == n  # chosen, not sent
    assert "chosen for the écart, 1 of" in said(dee)[-1], said(dee)[-1]
    assert "chosen" in (dee.page.get_attribute(f"#card-{first}", "class") or "")
    dee.key_card(first)  # chosen again: back in the hand
    assert dee.table()["ecart"] == "0" and "back in your hand" in said(dee)[-1]
    assert "ecart:confirm" not in dee.choices()
    for code in [first, second, *rest][:total]:
        dee.page.click(f"#card-{code}")
    assert dee.table()["ecart"] == str(total) and dee.table()["n"] == n
    assert dee.choices()[:2] == ["ecart:confirm", "ecart:undo"], dee.choices()
    screenshot(dee.page, tmp_path, "web-ecart.png")
    dee.key_choice("ecart:undo")  # the last one taken back
    assert dee.table()["ecart"] == str(total - 1) and "ecart:confirm" not in dee.choices()
    last = [first, second, *rest][total - 1]
    dee.key_card(last)
    before = dee.table()["n"]
    dee.before = before
    # each update the page draws: its number and whether the page offered a turn there
    dee.page.evaluate("""() => { const t = document.getElementById('table'); window.drawn = [];
        new MutationObserver(() => window.drawn.push([t.dataset.n, t.dataset.mine]))
          .observe(t, { attributes: true, attributeFilter: ['data-n'] }); }""")
    dee.key_choice("ecart:confirm")
    dee.page.wait_for_function(
        "n => Number(document.getElementById('table').dataset.n) >= Number(n) + "
        f"{total}", arg=before)
    drawn = dee.page.evaluate("() => window.drawn")
    # the server sends an update for each card of the écart: none but the last is a turn
    inside = {int(n): mine for n, mine in drawn if int(n) < int(before) + total}
    assert set(inside) >= set(range(int(before) + 1, int(before) + total)), drawn
    assert "true" not in inside.values(), drawn
    history = dee.page.inner_text("#history")
    assert history.count("You: put the ") == history.count(" in the écart.") == total, history
    hand = [c for c, _ in dee.cards()]
    assert not set([first, second, *rest][:total]) & set(hand), hand
    assert dee.table()["phase"] != "ecart"
    assert not dee.errors, dee.errors
    dee.page.context.close()


def test_a_spectator_is_not_told_of_choices_or_a_team_of_their_own(server: Server,
                                                                    browser: Any) -> None:
    """Watching a Jass table in French: no "Vos choix", the teams by their players' names."""
    ana = new_player(browser, "Ana")
    eve = new_player(browser, "Eve")
    sign_in(ana.page, server.base, "Ana")
    sign_in(eve.page, server.base, "Eve", lang="fr")
    create_table(ana.page, "jass", deals=1)
    table = int(next(f["table"] for f in reversed(ana.frames) if f.get("type") == "table"))
    lobby_button(eve.page, table).click()
    eve.page.wait_for_selector("#table:not([hidden])")
    assert eve.page.is_hidden("#choices-area") and eve.page.is_hidden("#hand-area")
    ana.wait_turn()
    ana.key_move()
    eve.page.wait_for_function(
        "() => document.getElementById('scores').textContent.includes('Ana et Clara')")
    assert "équipe" not in eve.page.inner_text("#scores")
    for p in (ana, eve):
        assert not p.errors, p.errors
        p.page.context.close()


def test_the_lobby_names_a_tables_rules_in_the_pages_language(server: Server,
                                                              browser: Any) -> None:
    """It said « règles : players 3, weis false »: the options' names and values as
    written in the code."""
    flo = new_player(browser, "Flo")
    sign_in(flo.page, server.base, "Flo", lang="fr")
    told = flo.page.evaluate("t => tableOptions(t)", {"game": "putze", "options": {
        **atout.make("putze").options_dict(), "players": 3, "weis": False}})
    assert told.startswith("règles : Nombre de joueurs : 3 ; "), told
    assert told.endswith(" : non") and "players" not in told and "false" not in told, told
    assert not flo.errors, flo.errors
    flo.page.context.close()
