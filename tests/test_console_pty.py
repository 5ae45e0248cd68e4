"""The real ``atout play`` driven through a pseudo-terminal, as a player would."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pexpect
import pytest

from atout.games import available
from atout.store import Store
from console_helpers import KEYS, TEXTS, play_to_end, spawn, store_player


@pytest.mark.parametrize(("lang", "seat", "seed"), [("en", 0, 11), ("fr", 3, 12)])
def test_full_jass_deal_by_keys(tmp_path: Path, lang: str, seat: int, seed: int) -> None:
    child = spawn(["play", "jass", "--lang", lang, "--deals", "1", "--delay", "0",
                   "--seed", str(seed), "--seat", str(seat)], tmp_path)
    counts = play_to_end(child, lang)
    assert counts["turns"] == 9  # nine tricks, one card each
    assert counts["refused"] >= 1  # an illegal card was refused with a reason, and replayed
    if seat == 3:
        assert counts["trump"] == 1  # the player after the dealer chooses the trump
    assert TEXTS[lang]["game_over"] in str(child.before)
    child.send(KEYS["enter"])
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    with Store.open(data=tmp_path) as store:
        (game,) = store.games()
        record = store.get(game.id)
    assert game.finished and game.seat_of(store_player(tmp_path)) == seat
    # a trump choice, perhaps a push before it, and 36 cards
    assert len(record.actions) in (37, 38)
    assert record.replay().is_over is False  # one deal of a longer game: stopped by --deals


def test_language_from_the_locale(tmp_path: Path) -> None:
    child = spawn(["play", "jass", "--deals", "1", "--delay", "0", "--seed", "1"], tmp_path,
                  lang_env="fr_CH.UTF-8")
    child.expect("Jass suisse")
    child.expect(TEXTS["fr"]["card_turn"])
    child.send("q")
    child.expect(pexpect.EOF)


SHORTCUTS_EN = [
    ("?", r"Keys: Enter"), ("f1", r"Keys: Enter"), ("r", r"Swiss Jass, Schieber"),
    ("ctrl+f1", r"Swiss Jass, Schieber"), ("m", r"You hold 9 cards"),
    ("c", r"On the table|The table is empty"), ("f", r"Suit led|No card has been led"),
    ("a", r"chosen by"), ("s", r"This deal: your team"), ("t", r"Your turn\."),
    ("l", r"No trick has been played yet"), ("w", r"You may: "),
    ("i", r"Hint: |No hint is available"), ("right", r"(?i)the \w+ of \w+"),
    ("left", r"(?i)the \w+ of \w+"), ("3", r"(?i)the \w+ of \w+"), ("home", r"(?i)the \w+ of"),
    ("end", r"(?i)the \w+ of"), ("é", r"(?i)the \w+ of \w+"), ("space", r"\w"),
    ("pgup", r"\w"), ("pgdn", r"\w"), ("h", r"no chien"), ("g", r"no trump six"),
    ("z", r"The key Z does nothing"), ("=", r"Type a card code"),
]


def test_every_shortcut_answers_and_changes_nothing(tmp_path: Path) -> None:
    child = spawn(["play", "jass", "--lang", "en", "--deals", "1", "--delay", "0",
                   "--seed", "11"], tmp_path)
    child.expect(TEXTS["en"]["card_turn"])
    for key, answer in SHORTCUTS_EN:
        child.send(KEYS.get(key, key))
        child.expect(answer)
        if key == "=":
            child.sendline("XX")
            child.expect("neither a card code nor an action")
    child.send("t")
    child.expect(r"Your turn\.")  # nothing was played by any of those keys
    child.send("=")
    child.expect("Type a card code")
    child.sendline("AD")  # not in this hand
    child.expect(r"not in your hand|is not allowed|must follow")
    child.send("t")
    child.expect(r"Your turn\.")
    child.send("q")
    child.expect(TEXTS["en"]["saved"])
    child.expect(pexpect.EOF)


def test_french_shortcuts(tmp_path: Path) -> None:
    child = spawn(["play", "jass", "--lang", "fr", "--deals", "1", "--delay", "0",
                   "--seed", "11"], tmp_path)
    child.expect(TEXTS["fr"]["card_turn"])
    for key, answer in [("?", "Touches : Entrée"), ("r", "Jass suisse, le Schieber"),
                        ("m", "Vous avez 9 cartes"), ("a", "choisi par"),
                        ("s", "Cette donne : votre équipe"), ("t", "À vous de jouer"),
                        ("right", r"(?i)(le|la|l') ?\w+ de \w+"), ("z", "La touche Z ne "
                                                                     "fait rien")]:
        child.send(KEYS.get(key, key))
        child.expect(answer)
    child.send("q")
    child.expect(TEXTS["fr"]["saved"])
    child.expect(pexpect.EOF)


def test_quit_saves_and_resume_finishes(tmp_path: Path) -> None:
    child = spawn(["play", "jass", "--lang", "en", "--deals", "1", "--delay", "0",
                   "--seed", "21"], tmp_path)
    child.expect(TEXTS["en"]["card_turn"])
    child.send(KEYS["enter"])
    child.expect(TEXTS["en"]["played"])
    child.expect(TEXTS["en"]["card_turn"])
    child.send("q")
    child.expect(TEXTS["en"]["saved"])
    child.expect(pexpect.EOF)
    with Store.open(data=tmp_path) as store:
        (game,) = store.games(status="playing")
    child = spawn(["play", "--resume", "--lang", "en", "--delay", "0"], tmp_path)
    child.expect(TEXTS["en"]["resumed"])
    child.expect("You hold 8 cards")
    counts = play_to_end(child, "en")
    assert counts["turns"] == 8
    child.send(KEYS["enter"])
    child.expect(pexpect.EOF)
    with Store.open(data=tmp_path) as store:
        assert [(g.id, g.status) for g in store.games()] == [(game.id, "finished")]

    replay = spawn(["replay", str(game.id), "--lang", "fr"], tmp_path)
    replay.expect("Partie rejouée de Jass suisse")
    replay.send(KEYS["right"])  # the trump choice, or a push and then the choice
    replay.expect("choisit")
    moves = 1
    while True:
        replay.send(KEYS["right"])
        moves += 1
        if replay.expect([r"joue (le|la|l')", "choisit"]) == 0:
            break
        assert moves < 3, "the replay never reaches the first card"
    replay.send(KEYS["left"])
    replay.expect(rf"Retour au coup {moves - 1} sur 3[78]")
    replay.send(KEYS["end"])
    replay.expect("Fin de la partie rejouée")
    replay.send("s")
    replay.expect("Partie : votre équipe")
    replay.send("q")
    replay.expect(pexpect.EOF)


def test_resume_without_a_saved_game(tmp_path: Path) -> None:
    child = spawn(["play", "--resume", "--lang", "en"], tmp_path)
    child.expect("There is no saved game to resume")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 2


def test_menu_reaches_a_game(tmp_path: Path) -> None:
    child = spawn(["play", "--lang", "en", "--deals", "1", "--delay", "0", "--seed", "3"],
                  tmp_path)
    child.expect("Choose a game")
    child.send(KEYS["enter"])  # the first game: Jass
    child.expect("Settings")
    child.send(KEYS["down"])
    child.expect("Computer players")
    child.send(KEYS["down"])
    child.expect("Playing direction: counter-clockwise")
    child.send(KEYS["right"])
    child.expect("Playing direction: clockwise")
    child.send(KEYS["home"])
    child.expect("Start the game")
    child.send(KEYS["enter"])
    child.expect("Swiss Jass")
    child.expect(TEXTS["en"]["card_turn"])
    child.send("q")
    child.expect(pexpect.EOF)
    with Store.open(data=tmp_path) as store:
        (game,) = store.games(status="playing")
    assert game.options["direction"] == "clockwise"


def test_speak_without_a_speech_program(tmp_path: Path) -> None:
    child = spawn(["play", "jass", "--lang", "en", "--speak", "--delay", "0", "--seed", "1"],
                  tmp_path)
    if shutil.which("spd-say") or shutil.which("espeak-ng") or shutil.which("espeak"):
        child.expect("Speech by")
    else:
        child.expect("Speech is not available")
    child.expect(TEXTS["en"]["card_turn"])
    child.send("q")
    child.expect(pexpect.EOF)


OWN_KEYS = {
    ("tarot", "fr"): [("a", "Personne n'a encore parlé"), ("s", r"Donne 1 sur 5"),
                      ("r", "Le tarot, selon les règles"), ("h", "Prendre une prise")],
    ("tarot", "en"): [("a", "Nobody has bid yet"), ("s", r"Deal 1 of 5"),
                      ("r", "French Tarot, to the rules"), ("h", "Bid a prise")],
    ("pitch", "en"): [("s", "Playing to 7"), ("a", "Pass"), ("r", "Auction Pitch: 2 to 7"),
                      ("w", r"\(tangage\)")],
    ("pitch", "fr"): [("s", "La partie se joue en 7"), ("a", "Passer"),
                      ("r", "Le pitch aux enchères")],
    ("putze", "fr"): [("r", "La putze, ou pomme")],
    ("knock-rummy", "en"): [("r", "Knock Rummy, or Poker Rum")],
}
"""Keys to try on the first turn of a game, and what they answer."""

SENTENCES = {
    ("tarot", "fr"): [r"(Vous passez|Vous prenez une)\.", r"(prend une|passe)\.",
                      r"Partie terminée"],
    ("tarot", "en"): [r"(You pass|You bid a)", r"(bids a|passes)\.", r"(wins|win) the trick"],
    ("pitch", "en"): [r"(bids \d|passes|tangage)", r"are trump for this hand",
                      r"High to \w+, Low to \w+, Jack to \w+, Game"],
    ("pitch", "fr"): [r"(annonce \d|passe|tangage)", r"est l'atout de cette donne",
                      r"Haut pour \w+, Bas pour \w+, Valet pour \w+, Partie"],
}
"""Game-specific sentences a whole deal says."""


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("game", ["putze", "tarot", "pitch", "knock-rummy"])
def test_a_deal_of_every_other_game_by_keys(tmp_path: Path, game: str, lang: str) -> None:
    """Each game: a whole deal played with Enter on the selected legal choice."""
    assert game in available()
    # seat 1: the first to act after dealer 0 in the clockwise games
    # Tarot seed 6: a deal where someone takes (the bots bid by a fitted model, which passes
    # at seed 5: nobody takes, no trick is played)
    seed = "6" if game == "tarot" else "5"
    child = spawn(["play", game, "--lang", lang, "--deals", "1", "--delay", "0", "--seed",
                   seed, "--seat", "1"], tmp_path)
    turns = 0
    said = ""
    while True:
        i = child.expect([r"Your turn|À vous", TEXTS[lang]["end"]], timeout=30)
        said += str(child.before) + str(child.after)
        if i == 1:
            break
        turns += 1
        if turns == 1:  # the game's own keys answer on the first turn, and play nothing
            for key, answer in OWN_KEYS.get((game, lang), []):
                child.send(key)
                child.expect(answer)
            child.send(KEYS["home"])
        child.send(KEYS["enter"])
    assert turns >= 1
    assert TEXTS[lang]["game_over"] in str(child.before)
    for sentence in SENTENCES.get((game, lang), []):
        assert re.search(sentence, said), sentence
    child.send(KEYS["enter"])
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
