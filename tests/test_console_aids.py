"""What a blind player at the table needs, through the real ``atout play`` in a
pseudo-terminal, in English and French: where am I, suit jumps, counting aids, short
messages and the bell, the Pitch tangage confirmed, Putze's turned card, Knock Rummy in its
own words, card words typed, and a game resumed at another seat than 0."""

from __future__ import annotations

import re
from pathlib import Path

import pexpect
import pytest

import atout
from atout.i18n import translator
from atout.i18n.text import game_text
from atout.store import Store
from console_helpers import KEYS, TEXTS, spawn

WORDS = {
    "en": {"where": r"This is deal 1\..*Your turn\..*You may: ", "deal_start":
           r"Deal 1: [^\r\n]+\r\n[^\r\n]+\r\nThe table is empty", "count":
           r"Cards played: \w+[^:]*: \d played|No card has been played yet",
           "tally": r"This deal: Your team: \d tricks?, \d+ points",
           "jump": r"(Hearts|Diamonds|Spades|Clubs)[^:\r\n]*: The \w+ of \w+",
           "short": r"\r\n(Anna|Bruno|Clara|David): \w+ of \w+\.\r\n",
           "tangage": r"That is a tangage", "cancelled": r"Cancelled: nothing is played",
           "tangage_done": r"You pitch .* at once: a bid of 4",
           "turned": r"The turned card is the \w+ of \w+: \w+ are trump\.",
           "speaks": r"plays this deal|passes|keep|take", "top": r"Top of the discard pile: ",
           "draw_prompt": r"draw from the stock or take the discard",
           "pile": r"The discard pile, from the top: ", "melds": r"You have no meld yet|"
           r"Your melds: ", "last_turn": r"Last turn: |Nobody has discarded yet",
           "discards": r"discards the \w+ of \w+", "play_word": r"You play "},
    "fr": {"where": r"C'est la donne 1\..*À vous de jouer\..*Vous pouvez jouer : ",
           "deal_start": r"Donne 1 : [^\r\n]+\r\n[^\r\n]+\r\nLa table est vide",
           "count": r"Cartes jouées : \w+[^:]* : \d jouées?|Aucune carte n'a encore été jouée",
           "tally": r"Cette donne : Votre équipe : \d plis?, \d+ points",
           "jump": r"(Cœur|Carreau|Pique|Trèfle)[^:\r\n]* : L[ea'] ?\w+ de \w+",
           "short": r"\r\n(Anna|Bruno|Clara|David) : \w+ de \w+\.\r\n",
           "tangage": r"C'est un tangage", "cancelled": r"Annulé : rien n'est joué",
           "tangage_done": r"Vous jouez aussitôt .* : une enchère de 4",
           "turned": r"La carte retournée est l[ea'] ?\w+ de \w+ : l'atout est \w+\.",
           "speaks": r"joue cette donne|passe|gard|prend", "top": r"Sur la défausse : ",
           "draw_prompt": r"piochez dans le talon ou prenez la carte de la défausse",
           "pile": r"La défausse, du dessus vers le dessous : ",
           "melds": r"Vous n'avez encore aucune combinaison|Vos combinaisons : ",
           "last_turn": r"Dernier tour : |Personne n'a encore défaussé",
           "discards": r"défausse l[ea'] ?\w+ de \w+", "play_word": r"Vous jouez "},
}

LANGS = ["en", "fr"]


def _jass(tmp_path: Path, lang: str, *extra: str) -> pexpect.spawn[str]:
    return spawn(["play", "jass", "--lang", lang, "--deals", "1", "--delay", "0",
                  "--seed", "11", *extra], tmp_path)


@pytest.mark.parametrize("lang", LANGS)
def test_where_am_i_at_the_start_and_on_the_o_key(tmp_path: Path, lang: str) -> None:
    w = WORDS[lang]
    child = _jass(tmp_path, lang)
    child.expect(w["deal_start"])  # said by itself when the deal starts
    child.expect(TEXTS[lang]["card_turn"])
    child.send("o")
    child.expect(w["where"])
    child.send("q")
    child.expect(pexpect.EOF)


@pytest.mark.parametrize("lang", LANGS)
def test_counting_aids_and_suit_jumps(tmp_path: Path, lang: str) -> None:
    w = WORDS[lang]
    child = _jass(tmp_path, lang)
    child.expect(TEXTS[lang]["card_turn"])
    child.send("k")
    child.expect(w["count"])
    child.send("p")
    child.expect(w["tally"])
    child.send("\t")
    child.expect(w["jump"])
    child.send("\x1b[Z")  # Shift+Tab
    child.expect(w["jump"])
    child.send("q")
    child.expect(pexpect.EOF)


@pytest.mark.parametrize("lang", LANGS)
def test_short_messages_and_the_bell(tmp_path: Path, lang: str) -> None:
    child = _jass(tmp_path, lang, "--short", "--bell")
    child.expect(WORDS[lang]["short"])
    child.expect("\a")
    child.expect(TEXTS[lang]["card_turn"])
    child.send("q")
    child.expect(pexpect.EOF)


@pytest.mark.parametrize("lang", LANGS)
def test_typed_card_words(tmp_path: Path, lang: str) -> None:
    """The selected card, typed in words after =, is played."""
    child = _jass(tmp_path, lang)
    child.expect(TEXTS[lang]["card_turn"] + r"[^\n]*\n")
    child.expect(r"([^\r\n]+)\r?\n")
    found = child.match
    assert isinstance(found, re.Match)
    card = str(found.group(1)).strip().lower()
    child.send("=")
    child.sendline(card)
    child.expect(WORDS[lang]["play_word"] + re.escape(card))
    child.send("q")
    child.expect(pexpect.EOF)


def _pitch_auction_seed() -> int:
    """A seed where seat 1 bids first and may play a card at once (a tangage)."""
    rules = atout.make("pitch")
    for seed in range(50):
        match = rules.match(seed=seed)
        if match.to_move == 1 and any(len(a) == 2 for a in match.view(1).legal):
            return seed
    raise AssertionError("no seed with a tangage for seat 1")


@pytest.mark.parametrize("lang", LANGS)
def test_the_tangage_is_confirmed_on_its_own_line(tmp_path: Path, lang: str) -> None:
    w = WORDS[lang]
    child = spawn(["play", "pitch", "--lang", lang, "--deals", "1", "--delay", "0", "--seed",
                   str(_pitch_auction_seed()), "--seat", "1"], tmp_path)
    child.expect(r"tangage\)?\.? ")  # the auction prompt
    child.send(KEYS["end"])  # the last choice is a card: a tangage
    child.send(KEYS["enter"])
    child.expect(w["tangage"])
    child.send("x")  # any other key cancels
    child.expect(w["cancelled"])
    child.send("t")
    child.expect(TEXTS[lang]["card_turn"].split(":")[0] if lang == "en" else r"À vous")
    child.send(KEYS["end"])
    child.send(KEYS["enter"])
    child.expect(w["tangage"])
    child.send(KEYS["enter"])  # confirmed
    child.expect(w["tangage_done"])
    child.send("q")
    child.expect(pexpect.EOF)


@pytest.mark.parametrize("lang", LANGS)
def test_putze_says_the_turned_card_before_anyone_speaks(tmp_path: Path, lang: str) -> None:
    w = WORDS[lang]
    child = spawn(["play", "putze", "--lang", lang, "--deals", "1", "--delay", "0", "--seed",
                   "3", "--seat", "2"], tmp_path)
    child.expect(w["turned"])
    assert not re.search(w["speaks"], str(child.before))
    child.send("q")
    child.expect(pexpect.EOF)


@pytest.mark.parametrize("lang", LANGS)
def test_knock_rummy_in_its_own_words(tmp_path: Path, lang: str) -> None:
    w = WORDS[lang]
    child = spawn(["play", "knock-rummy", "--lang", lang, "--deals", "1", "--delay", "0",
                   "--seed", "4", "--seat", "1"], tmp_path)
    child.expect(w["top"])  # at the start
    child.expect(w["draw_prompt"])
    for key in ("c", "f", "a", "l"):
        child.send(key)
    child.expect(w["top"])
    child.expect(w["pile"])
    child.expect(w["melds"])
    child.expect(w["last_turn"])
    child.send(KEYS["enter"])  # draw from the stock
    child.expect(TEXTS[lang]["card_turn"].split(":")[0] if lang == "en" else r"À vous")
    child.send(KEYS["enter"])  # discard the first card
    child.expect(r"You discard|Vous défaussez")
    child.expect(w["discards"])  # the others' discards are named: the new top
    child.send("q")
    child.expect(pexpect.EOF)


@pytest.mark.parametrize(("lang", "seat"), [("en", 2), ("fr", 3)])
def test_resume_at_another_seat_says_where_it_stands(tmp_path: Path, lang: str,
                                                     seat: int) -> None:
    child = _jass(tmp_path, lang, "--seat", str(seat))
    child.expect(r"Your turn|À vous")  # a card, or the trump to choose
    child.send(KEYS["enter"])  # perhaps refused; what matters is the resume below
    child.send("q")
    child.expect(pexpect.EOF)
    with Store.open(data=tmp_path) as store:
        (game,) = store.games()
        match = store.get(game.id).replay()
    view = match.view(seat)
    text = game_text("jass", translator(lang), seat, 4)
    child = spawn(["play", "--resume", "--delay", "0"], tmp_path)
    child.expect(TEXTS[lang]["resumed"])
    child.expect(re.escape(text.hand(view)))  # the hand of that seat, not seat 0's
    child.send("o")
    child.expect(WORDS[lang]["where"].split(r"\.")[0])
    child.expect(re.escape(text.turn(view)))
    child.send("q")
    child.expect(pexpect.EOF)


@pytest.mark.parametrize(("lang", "said"), [
    ("en", r"Points that win the game \(target\) cannot be 1200: the accepted values are 1000"),
    ("fr", r"\(target\) ne peut pas valoir 1200 : les valeurs acceptées sont 1000")])
def test_an_option_refused_in_the_players_language(tmp_path: Path, lang: str,
                                                    said: str) -> None:
    child = spawn(["play", "jass", "--lang", lang, "--option", "target=1200"], tmp_path)
    child.expect(said)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 2


@pytest.mark.parametrize(("lang", "said"), [
    ("en", r"Computer players: heuristic \(rules of thumb\)"),
    ("fr", r"Joueurs de l'ordinateur : heuristique \(règles simples\)")])
def test_the_menu_names_the_computer_players_in_words(tmp_path: Path, lang: str,
                                                      said: str) -> None:
    child = spawn(["play", "--lang", lang], tmp_path)
    child.expect(r"Jass")
    child.send(KEYS["enter"])  # the first game
    child.expect(r"Start the game|Commencer la partie")
    child.send(KEYS["down"])
    child.expect(said)
    child.send("q")
    child.expect(pexpect.EOF)


@pytest.mark.parametrize(("lang", "why"), [
    ("en", r"Why: (it|you|a low|your)"),
    ("fr", r"Pourquoi : (elle|vous|une petite|votre|c'est)")])
def test_the_hint_gives_its_reason_in_the_players_language(tmp_path: Path, lang: str,
                                                           why: str) -> None:
    child = _jass(tmp_path, lang)
    child.expect(TEXTS[lang]["card_turn"])
    child.send("i")
    child.expect(r"Hint: |Conseil : ", timeout=60)
    child.expect(why)
    child.send("q")
    child.expect(pexpect.EOF)
