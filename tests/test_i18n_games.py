"""The renderers of the other games, on their own events (the engines may land later)."""

from __future__ import annotations

import pytest

from atout.core import Event
from atout.i18n import LANGUAGES, translator
from atout.i18n.games.knock_rummy import KnockRummyText
from atout.i18n.games.putze import PutzeText
from atout.i18n.text import game_text

PUTZE_EVENTS = [
    Event("plays", 1, {"word": "play"}), Event("plays", 0, {"word": "my game"}),
    Event("pass", 2, {}), Event("take_blind", 0, {}),
    Event("blind_cards", 0, {"cards": ["6H", "AS"]}, to=0), Event("look", 3, {}),
    Event("better_cards", 0, {"cards": ["KH", "QH", "JH"], "taken": False}, to=0),
    Event("discard", 3, {"count": 1}), Event("discarded", 0, {"card": "7C"}, to=0),
    Event("better_taken", 1, {}), Event("play_starts", 2, {"players": [2, 0], "leader": 2}),
    Event("no_play", None, {"players": []}), Event("six_exchanged", 1, {"six": "6D", "card": "AD"}),
    Event("six_kept", 0, {}), Event("redeal", 1, {}), Event("weis", 2, {"value": 50, "count": 1}),
    Event("weis_scored", 2, {"weis": [], "side": 2, "points": 50}),
    Event("stoeck", 1, {"side": 1, "points": 20}),
    Event("deal_scored", None, {"totals": [40, 0, 117, 0], "putzes": [0, 0, 1, 0],
                                "pommes": [1]}),
]

KNOCK_EVENTS = [
    Event("draw", 1, {"source": "discard", "card": "6S"}),
    Event("draw", 2, {"source": "stock", "stock": 20}), Event("drawn", 0, {"card": "AS"}, to=0),
    Event("discard", 0, {"card": "9D"}), Event("discard", 3, {"card": "9C"}),
    Event("knock", 1, {}),
    Event("show", 1, {"hand": ["AH", "2H", "3H"], "melds": [["AH", "2H", "3H"]],
                      "deadwood": ["KS"], "points": 10}),
    Event("score", 1, {"outcome": "knock", "knocker": 1, "winners": [1], "points": [-3, 9, -3, -3],
                       "deadwood": [3, 0, 5, 7], "penalty": False, "rum": False}),
    Event("standings", None, {"deal": 1, "ranking": [1, 0, 2, 3], "scores": [-3, 9, -3, -3]}),
    Event("restock", None, {"how": "reshuffle", "cards": 30}),
    Event("void", None, {"reason": "stock empty"}),
]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("game", "cls", "events"), [("putze", PutzeText, PUTZE_EVENTS),
                                                      ("knock-rummy", KnockRummyText,
                                                       KNOCK_EVENTS)])
def test_each_event_has_its_own_sentence(lang: str, game: str, cls: type, events: list[Event],
                                         ) -> None:
    text = game_text(game, translator(lang), 0, 4)
    assert type(text) is cls
    for e in events:
        said = text.event(e)
        if said is None:  # a silent event: the player's own action, said otherwise
            continue
        assert said != text.generic_event(e), e
        assert "{" not in said and "_" not in said, said


def test_putze_and_rummy_examples() -> None:
    fr = game_text("putze", translator("fr"), 0, 4)
    assert fr.event(Event("six_exchanged", 1, {"six": "6D", "card": "AD"})) == \
        "Bruno échange le six d'atout contre l'as de carreau."
    assert fr.action("take blind") == "prendre le chien"
    en = game_text("knock-rummy", translator("en"), 0, 4)
    assert en.event(Event("draw", 1, {"source": "discard", "card": "6S"})) == \
        "Bruno takes the six of spades from the discard pile."
    assert en.action("knock") == "knock"
    assert translator("fr").join_or(["a", "b", "c"]) == "a, b ou c"
