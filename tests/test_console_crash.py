"""The console never loses a game: killed with SIGKILL at any moment, it resumes at the last
accepted action; finishing another game leaves the first one resumable."""

from __future__ import annotations

import contextlib
import random
import re
import signal
import time
from pathlib import Path

import pexpect

from atout.store import Store
from console_helpers import KEYS, TEXTS, play_to_end, spawn

CARD_SAID = re.compile(r"(?:You play|\b[A-Z][a-z]+ plays) the ")


def kill(child: pexpect.spawn[str]) -> None:
    child.kill(signal.SIGKILL)
    child.expect(pexpect.EOF)
    child.close()
    assert child.signalstatus == signal.SIGKILL


def test_killed_mid_game_it_resumes_at_the_last_accepted_action(tmp_path: Path) -> None:
    en = TEXTS["en"]
    child = spawn(["play", "jass", "--lang", "en", "--deals", "1", "--delay", "0", "--seed",
                   "21"], tmp_path)
    child.expect(en["card_turn"])
    child.send(KEYS["enter"])
    child.expect(r"You play the ([a-z]+ of [a-z]+)")
    assert isinstance(child.match, re.Match)
    mine = child.match.group(1)
    child.expect(en["card_turn"])  # the others have played: the trick is over, a new turn
    kill(child)

    with Store.open(data=tmp_path) as store:
        (game,) = store.games()
        record = store.get(game.id)
    match = record.replay()
    assert game.status == "playing" and match.to_move == 0
    assert len(match.view(0).hand) == 8  # the card played is recorded, with all after it
    child = spawn(["play", "--resume", "--lang", "en", "--delay", "0"], tmp_path)
    child.expect(rf"Game {game.id} resumed\.")
    child.expect(r"This is deal 1\.")
    child.expect(r"as trump, chosen by|Obenabe|Undenufe")
    child.expect(r"On the table: |The table is empty\.")
    child.expect(r"Your turn\.")
    child.expect(r"This deal: your team")
    child.expect("You hold 8 cards")
    child.send("l")  # the last trick, as the store has it: with the card played before
    child.expect(rf"Last trick: [^\n]*You: the {mine}")
    child.send("q")
    child.expect(en["saved"])
    child.expect(pexpect.EOF)
    child = spawn(["play", "--resume", "--lang", "en", "--delay", "0"], tmp_path)
    counts = play_to_end(child, "en")
    assert counts["turns"] == 8
    child.send(KEYS["enter"])
    child.expect(pexpect.EOF)
    with Store.open(data=tmp_path) as store:
        assert [g.status for g in store.games()] == ["finished"]
        assert len(store.get(game.id).actions) in (37, 38)


def test_killed_at_random_moments_nothing_said_is_ever_lost(tmp_path: Path) -> None:
    rng = random.Random(7)
    said = 0
    for attempt in range(4):
        args = (["play", "jass", "--lang", "en", "--seed", "5", "--delay", "0.02"]
                if attempt == 0 else ["play", "--resume", "--lang", "en", "--delay", "0.02"])
        child = spawn(args, tmp_path)
        child.expect(r"Game \d+ resumed|Swiss Jass")
        deadline = time.monotonic() + rng.uniform(0.3, 1.2)
        output = ""
        while time.monotonic() < deadline:
            child.send(KEYS["enter"])  # plays the selected card on the player's turns
            with contextlib.suppress(pexpect.TIMEOUT):
                output += child.read_nonblocking(4096, timeout=0.05)
        kill(child)
        output += str(child.before or "")
        said += len(CARD_SAID.findall(output))
        with Store.open(data=tmp_path) as store:
            (game,) = store.games()
            record = store.get(game.id)
        match = record.replay()  # what the store has always replays
        stored_cards = sum(1 for a in record.actions if len(a) == 2)
        # each card said was committed first (a card may be committed and not yet said)
        assert stored_cards >= said
        said = stored_cards
        assert game.actions_count == len(record.actions)
        assert match.to_move is not None
    child = spawn(["play", "--resume", "--lang", "en", "--delay", "0"], tmp_path)
    child.expect(r"Game \d+ resumed")
    child.send("q")
    child.expect(TEXTS["en"]["saved"])
    child.expect(pexpect.EOF)


def test_finishing_another_game_keeps_the_first_resumable(tmp_path: Path) -> None:
    en = TEXTS["en"]
    first = spawn(["play", "pitch", "--lang", "en", "--delay", "0", "--seed", "2", "--seat",
                   "1"], tmp_path)
    first.expect("Your turn")
    first.send("q")
    first.expect(en["saved"])
    first.expect(pexpect.EOF)

    second = spawn(["play", "jass", "--lang", "en", "--deals", "1", "--delay", "0", "--seed",
                    "11"], tmp_path)
    second.expect(r"You have 1 unfinished game")
    play_to_end(second, "en")
    assert "atout replay 2 replays it" in str(second.before)
    second.send(KEYS["enter"])
    second.expect(pexpect.EOF)

    listing = spawn(["unfinished", "--lang", "en"], tmp_path)
    listing.expect(r"Game 1: Auction Pitch[^;]*, seat 1, against heuristic; \d+ moves? played")
    listing.expect(pexpect.EOF)
    resumed = spawn(["play", "--resume", "--lang", "en", "--delay", "0"], tmp_path)
    resumed.expect(r"Game 1 resumed\.")
    resumed.expect("Your turn")
    resumed.send("q")
    resumed.expect(en["saved"])
    resumed.expect(pexpect.EOF)
    with Store.open(data=tmp_path) as store:
        assert sorted((g.id, g.status) for g in store.games()) == [(1, "playing"),
                                                                  (2, "finished")]
