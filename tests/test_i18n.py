"""The catalogue, card names and the event renderers."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import atout
from atout.bots import RandomBot, play_out
from atout.cards import FULL_DECK, JASS_DECK, TAROT_DECK
from atout.core import Event
from atout.i18n import LANGUAGES, detect_language, translator
from atout.i18n.text import GameText, game_text, rules_text


def test_card_names_in_full() -> None:
    fr, en = translator("fr"), translator("en")
    assert fr.card("TH") == "le dix de cœur"
    assert fr.card("AS") == "l'as de pique"
    assert fr.card("QC") == "la dame de trèfle"
    assert fr.card("JD", article=False) == "valet de carreau"
    assert en.card("6C") == "the six of clubs"
    assert en.card("KH", article=False) == "king of hearts"
    assert fr.card("T21") == "le 21 d'atout"
    assert en.card("EX") == "the excuse"
    assert fr.card("NS") == "le cavalier de pique"
    assert fr.card("1H") == "l'as de cœur"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_card_of_every_deck_is_named(lang: str) -> None:
    tr = translator(lang)
    for deck in (JASS_DECK, FULL_DECK, TAROT_DECK):
        names = [tr.card(c) for c in deck.codes]
        assert len(set(names)) == deck.size, deck
        for code, name in zip(deck.codes, names, strict=True):
            assert name != code and len(name) > 4


def test_unknown_things_do_not_fail() -> None:
    tr = translator("fr")
    assert tr.card("ZZ") == "ZZ"
    assert tr.join([]) == "rien"
    assert tr.join(["a", "b", "c"]) == "a, b et c"
    with pytest.raises(ValueError, match="unknown language"):
        translator("de")


def test_detect_language() -> None:
    assert detect_language({"LANG": "fr_CH.UTF-8"}) == "fr"
    assert detect_language({"LANGUAGE": "en_GB:fr", "LANG": "fr_FR.UTF-8"}) == "en"
    assert detect_language({"LC_ALL": "fr_BE.UTF-8", "LANG": "en_US.UTF-8"}) == "fr"
    assert detect_language({}) == "en"


def test_catalogue_is_complete_and_compiled() -> None:
    """Every message of the source is translated in fr.po, and atout.mo is up to date."""
    pytest.importorskip("babel")
    from atout.i18n.compile import extract, mo_bytes, mo_messages, po_path, read

    catalog = read("fr")
    for m in extract():
        if not m.id:
            continue
        found = catalog.get(m.id, context=m.context)
        assert found is not None, f"not in fr.po: {m.id!r}"
        strings = found.string if isinstance(found.string, tuple) else (found.string,)
        assert all(strings), f"untranslated in fr.po: {m.id!r}"
    mo = po_path("fr").with_suffix(".mo")
    assert mo_messages(mo.read_bytes()) == mo_messages(mo_bytes(catalog)), (
        "run: python -m atout.i18n.compile")


def test_placeholders_match() -> None:
    """A French sentence uses exactly the placeholders of its English message."""
    pytest.importorskip("babel")
    import re

    from atout.i18n.compile import read

    fields = re.compile(r"\{(\w*)\}")
    for m in read("fr"):
        if not m.id:
            continue
        ids = [str(i) for i in (m.id if isinstance(m.id, tuple) else (m.id,))]
        strings = [str(s) for s in (m.string if isinstance(m.string, tuple) else (m.string,))]
        wanted = set(fields.findall(ids[-1])) | set(fields.findall(ids[0]))
        for s in strings:
            assert set(fields.findall(s)) <= wanted, m.id


@pytest.mark.parametrize("lang", LANGUAGES)
def test_rules_texts_ship(lang: str) -> None:
    text = rules_text("jass", lang)
    assert text is not None and "157" in text
    assert rules_text("no-such-game", lang) is None


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_jass_event_has_its_own_sentence(lang: str) -> None:
    """A whole random game: every event gets a sentence, and none is the generic fallback."""
    rules = atout.make("jass", target=1000)
    kinds = set()
    for seed in range(3):
        match = rules.match(seed=seed)
        text = game_text("jass", translator(lang), 0, 4)
        bots = [RandomBot(rules, s, seed) for s in range(4)]
        while not match.is_over:
            seat = match.to_move
            assert seat is not None
            for e in match.play(bots[seat].choose(match.view(seat))):
                said = text.event(e)
                assert said, e
                assert said != text.generic_event(e), e
                kinds.add(e.kind)
            view = match.view(0)
            for fact in (text.table, text.led, text.trump, text.scores, text.turn, text.hand,
                         text.last_trick, text.legal):
                assert fact(view)
    assert {"card", "trick", "trump", "deal_over", "new_deal", "game_over"} <= kinds


def test_sentences_examples() -> None:
    fr = game_text("jass", translator("fr"), 0, 4)
    en = game_text("jass", translator("en"), 0, 4)
    e = Event("card", 1, {"card": "TH"})
    assert fr.event(e) == "Bruno joue le dix de cœur."
    assert en.event(e) == "Bruno plays the ten of hearts."
    win = Event("trick", 0, {"points": 23, "side": 0, "number": 2})
    assert fr.event(win) == "Vous remportez le pli, 23 points."
    assert en.event(win) == "You win the trick, 23 points."
    assert fr.event(Event("trump", 3, {"mode": "H", "multiplier": 1})) == \
        "David choisit atout cœur."
    assert fr.event(Event("push", 2, {"to": 0})) == "Clara chibre : vous choisissez l'atout."


def test_unknown_game_and_event_fall_back() -> None:
    text = game_text("no-such-game", translator("en"), 0, 3)
    assert type(text) is GameText
    said = text.event(Event("bid", 1, {"value": 2, "cards": ["AH", "KS"]}))
    assert said == "Bruno: bid, value 2, cards the ace of hearts and the king of spades."


class _Broken(GameText):
    def _event(self, e: Event, view: object) -> str | None:
        raise RuntimeError("a bug in a renderer")


@given(kind=st.text(min_size=1, max_size=12), seat=st.one_of(st.none(), st.integers(-3, 9)),
       data=st.dictionaries(st.text(max_size=6), st.recursive(
           st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False),
                     st.text(max_size=5), st.sampled_from(["AH", "T21", "EX", "zz"])),
           lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
               st.text(max_size=4), inner, max_size=3), max_leaves=6), max_size=4))
def test_no_event_ever_crashes_a_renderer(kind: str, seat: int | None,
                                          data: dict[str, object]) -> None:
    for lang in LANGUAGES:
        for text in (game_text("jass", translator(lang), 0, 4),
                     _Broken(translator(lang), 0, 4)):
            said = text.event(Event(kind, seat, data))
            assert said is None or isinstance(said, str)


def test_random_events_from_other_seats() -> None:
    rng = random.Random(3)
    text = game_text("jass", translator("fr"), 2, 4)
    for _ in range(100):
        e = Event(rng.choice(["card", "trick", "push", "stoeck", "weis", "match_bonus"]),
                  rng.randrange(4), {"card": "9S", "points": rng.randrange(200), "side":
                                     rng.randrange(2), "to": rng.randrange(4), "value": 50})
        said = text.event(e)
        assert said and "{" not in said


def test_play_out_helper_is_usable() -> None:
    rules = atout.make("jass")
    deal = rules.deal(seed=1)
    play_out(deal, [RandomBot(rules, s) for s in range(4)])
    assert deal.is_over
    assert Path(__file__).exists()
