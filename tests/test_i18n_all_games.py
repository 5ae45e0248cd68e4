"""Every game in words: every action text and every event a random game produces has its own
sentence in both languages (never the generic fallback), and the facts the keys answer."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

import atout
from atout.bots import RandomBot
from atout.core import JSON, Deal, Event, Match, View
from atout.i18n import LANGUAGES, translator
from atout.i18n.options import option_label, option_value
from atout.i18n.text import GameText, game_text, is_card, rules_text

SETUPS: list[tuple[str, dict[str, Any]]] = [
    ("jass", {}), ("putze", {}), ("putze", {"players": 3}), ("putze", {"players": 2}),
    ("tarot", {}), ("tarot", {"players": 3}), ("tarot", {"players": 5}),
    ("pitch", {}), ("pitch", {"partnership": True}), ("pitch", {"players": 2}),
    ("knock-rummy", {}),
]


def _clean(said: str) -> None:
    assert "{" not in said and "None" not in said and "_" not in said, said


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("game", "options"), SETUPS)
def test_every_action_text_is_said_in_words(lang: str, game: str,
                                            options: dict[str, Any]) -> None:
    rules = atout.make(game, **options)
    text = game_text(game, translator(lang), 0, rules.seats)
    assert type(text) is not GameText  # every game has its own renderer
    for action in rules.actions.texts():
        if is_card(action):
            assert text.action(action) != action
            continue
        said = text._action(action)
        assert said, f"{game}: no words for {action!r}"
        _clean(said)


def _event_view(match: Match, deal: Deal, seat: int) -> View:
    v = deal.view(seat)
    return dataclasses.replace(v, info={**v.info, "match": match.match_info()})


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("game", "options"), SETUPS)
def test_every_event_of_random_games_has_its_own_sentence(lang: str, game: str,
                                                          options: dict[str, Any]) -> None:
    rules = atout.make(game, **options)
    kinds: set[str] = set()
    for seed in range(2):
        match = rules.match(seed=seed)
        me = seed % rules.seats
        text = game_text(game, translator(lang), me, rules.seats)
        bots = [RandomBot(rules, s, seed) for s in range(rules.seats)]
        for _ in range(700):
            if match.is_over:
                break
            seat = match.to_move
            assert seat is not None
            deal = match.deal
            events = match.play(bots[seat].choose(match.view(seat)))
            view = _event_view(match, deal, me)
            for e in events:
                if not e.visible_to(me):
                    continue
                said = text.event(e, view)
                kinds.add(e.kind)
                if said is None:  # a silent event, said otherwise
                    continue
                assert said != text.generic_event(e), e
                _clean(said)
            now = match.view(me)
            for fact in (text.table, text.led, text.trump, text.scores, text.turn, text.hand,
                         text.last_trick, text.legal):
                _clean(fact(now))
            if now.to_move == me:
                _clean(text.prompt(now))
    assert len(kinds) >= 5 and "deal_over" in kinds, kinds


def _view(game: str, seats: int, me: int, info: dict[str, JSON], *, phase: str = "play",
          table: tuple[tuple[int, str], ...] = (), legal: tuple[str, ...] = (),
          to_move: int | None = None, over: bool = False) -> View:
    return View(game, me, seats, 0, phase, to_move, (), legal, table, (), info, over)


def test_tarot_sentences() -> None:
    fr = game_text("tarot", translator("fr"), 2, 4)
    en = game_text("tarot", translator("en"), 2, 4)
    assert fr.event(Event("bid", 1, {"bid": "garde"})) == "Bruno prend une garde."
    assert en.event(Event("bid", 1, {"bid": "garde contre"})) == "Bruno bids a garde contre."
    assert fr.event(Event("call", 0, {"card": "KH"})) == "Anna appelle le roi de cœur."
    assert fr.event(Event("poignee", 2, {"level": "simple", "cards": [
        "T1", "T3", "T21", "EX"]})) == \
        "Vous montrez une poignée simple : les atouts 1, 3, 21 et l'excuse."
    assert en.event(Event("chien", 3, {"cards": ["T21", "EX", "NS"]})) == \
        "The chien: the 21 of trumps, the excuse and the knight of spades. David takes it."
    assert fr.action("discard 7H") == "mettre le sept de cœur à l'écart"
    assert en.action("poignee double") == "show a double poignée"
    assert fr.action("petit sec").startswith("annoncer le petit sec")
    # the écart card by card, with what remains
    ecart = _view("tarot", 4, 2, {"ecart": ["7H"], "chien_size": 6}, phase="ecart")
    assert fr.event(Event("discard", 2, {"card": "7H"}, to=2), ecart) == \
        "Vous mettez le sept de cœur à l'écart. Encore 5 cartes à écarter."
    assert fr.event(Event("discard", 2, {"card": None}), ecart) is None
    assert en.event(Event("discard", 3, {"card": None})) == "David puts a card in the écart."
    # the count of the deal, from the finished deal's view
    details: dict[str, JSON] = {
        "contract": "garde", "taker_points": 40.5, "bouts": 2, "needed": 41, "made": False,
        "difference": 1, "petit_au_bout": "defence", "petit_au_bout_bonus": 10,
        "poignees": [], "chelem": None, "chelem_announced": False}
    end = _view("tarot", 4, 2, {"result": {"points": [20, -60, 20, 20],
                                           "details": details}}, over=True)
    said = fr.event(Event("deal_end", None, {"points": [20, -60, 20, 20], "made": False}), end)
    assert said is not None
    assert said.startswith("La garde chute de 1 : le camp du preneur a 40,5 points avec "
                           "2 bouts, il en fallait 41.")
    assert "Le petit est mené au bout, 10 points pour la défense." in said
    assert "Points de la donne : Anna 20, Bruno -60, vous 20, David 20." in said
    # the keys: A says the contract, S the match, F a trump lead
    info: dict[str, JSON] = {"taker": 1, "contract": "garde", "called": None, "bids": [],
                             "match": {"scores": [10, -30, 10, 10], "deals": 5,
                                       "counted": 1}}
    assert fr.trump(_view("tarot", 4, 2, info)) == "Bruno est le preneur, en garde."
    assert en.scores(_view("tarot", 4, 2, info)) == \
        "Scores: Anna 10, Bruno -30, you 10, David 10. Deal 2 of 5."
    assert en.led(_view("tarot", 4, 2, {}, table=((0, "EX"), (1, "T5")))) == \
        "Suit led: trumps."


def test_pitch_sentences() -> None:
    en = game_text("pitch", translator("en"), 1, 4)
    fr = game_text("pitch", translator("fr"), 1, 4)
    assert en.event(Event("bid", 3, {"bid": 2, "steal": False})) == "David bids 2."
    assert en.event(Event("bid", 0, {"bid": 2, "steal": True})) == \
        "Anna steals the contract as dealer, bidding 2 too."
    first = _view("pitch", 4, 1, {"trick_number": 1, "tangage": False}, table=((2, "AS"),))
    assert en.event(Event("card", 2, {"card": "AS"}), first) == \
        "Clara pitches the ace of spades."
    assert en.event(Event("trump", 2, {"suit": "S"})) == "Spades are trump for this hand."
    assert fr.event(Event("trump", 2, {"suit": "S"})) == "Pique est l'atout de cette donne."
    score: dict[str, JSON] = {
        "redeal": False, "pitcher": 0, "pitcher_side": 0, "bid": 2,
        "high": {"card": "AS", "side": 0}, "low": {"card": "2S", "side": 1}, "jack": None,
        "game": {"side": None, "points": [7, 7, 0, 0]}, "taken": [1, 1, 0, 0],
        "made": False}
    said = en.event(Event("score", 0, score))
    assert said == ("High to Anna, Low to you, Jack to nobody, Game tied: no point. "
                    "Anna is set back 2, having taken only 1.")
    assert fr.action("bid 3") == "annoncer 3"
    # A says the trump once set, S the scores with the target
    info: dict[str, JSON] = {"trump": "S", "pitcher": 2, "bid": 3,
                             "match": {"scores": [1, 5, -2, 0], "target": 7}}
    assert en.trump(_view("pitch", 4, 1, info)) == \
        "Trump: spades, pitched by Clara for 3."
    assert en.scores(_view("pitch", 4, 1, info)) == (
        "Scores: Anna 1, you 5, Clara -2, David 0. Playing to 7. This hand: Clara pitches "
        "for 3.")
    # in the auction the bids come before the cards, and A selects them
    auction = _view("pitch", 4, 1, {}, phase="auction", to_move=1,
                    legal=("AS", "2H", "pass", "bid 1", "bid 4"))
    assert en.item_order(auction, ["AS", "2H", "pass", "bid 1", "bid 4"])[0] == "pass"
    assert en.key_action("a", auction) == ["pass", "bid 1", "bid 4"]
    assert "tangage" in en.prompt(auction)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_rules_texts_of_every_game(lang: str) -> None:
    for info in atout.games():
        text = rules_text(info.name, lang)
        assert text is not None and len(text.splitlines()) >= 5, info.name


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_option_has_a_label(lang: str) -> None:
    tr = translator(lang)
    labels = set()
    for info in atout.games():
        for o in info.options:
            label = option_label(tr, info.name, o.name)
            assert "_" not in label and label[0].isupper(), label
            labels.add((info.name, label))
            for value in o.choices or (o.default,):
                assert option_value(tr, value)
    assert option_label(translator("fr"), "jass", "direction") == "Sens du jeu"
    assert option_value(translator("fr"), True) == "oui"
    assert option_label(tr, "new-game", "some_option") == "Some option"
