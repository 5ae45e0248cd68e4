"""Refusals as data, said in the player's language.

Every refusal an engine makes carries a code of :data:`atout.refusal.CODES` with exactly the
parameters listed there; every code has a sentence in every language; the console says the
engine's own reason (the rule it enforces), not one worked out again from the view.
"""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any, cast

import pytest

import atout
from atout.console.session import Session
from atout.core import Deal
from atout.i18n import translator
from atout.i18n.refusals import SENTENCES, refusal_sentence
from atout.i18n.text import game_text
from atout.refusal import CODES, IllegalAction

CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("jass", {}), ("jass", {"preset": "jass-txt"}), ("putze", {"players": 2}),
    ("putze", {"players": 3}), ("putze", {"preset": "jass-txt"}), ("putze", {}),
    ("tarot", {"players": 5}), ("tarot", {}), ("pitch", {}), ("pitch", {"tangage": False}),
    ("pitch", {"min_bid": 2, "dealer_steal": False}),
    ("knock-rummy", {"knock_limit": 10}), ("knock-rummy", {}),
]


def test_every_code_has_a_sentence_and_every_sentence_a_code() -> None:
    assert set(SENTENCES) == set(CODES)


def sample_params(code: str) -> dict[str, Any]:
    """Parameters of the right kinds for a code, to render its sentence."""
    values: dict[str, Any] = {
        "card": "6H", "best": "9H", "called": "KH", "suit": "H", "trump": "S",
        "legal": ["6S", "7S"], "cards": ["6S", "7S"], "action": "push", "rule": "swiss",
        "contract": "garde", "rank": "queen", "lower": "king", "count": 2, "held": 7,
        "need": 8, "floor": 2, "bid": 1, "minimum": 2, "high": 3, "seat": 1, "steal": True,
        "knock": True, "limit": 10, "left": 12,
    }
    return {name: values[name] for name in CODES[code]}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_code_is_said(lang: str) -> None:
    text = game_text("jass", translator(lang), 0, 4)
    for code in CODES:
        said = refusal_sentence(text, code, sample_params(code))
        assert said and "{" not in said, code
        if lang == "fr":
            english = refusal_sentence(game_text("jass", translator("en"), 0, 4), code,
                                       sample_params(code))
            assert said != english, code


def try_illegal(deal: Deal, rng: random.Random) -> None:
    """Try every illegal action of the position: each refusal is data of the table."""
    legal = set(deal.legal_actions())
    for a in deal.rules.actions:
        if a in legal:
            continue
        with pytest.raises(IllegalAction) as info:
            deal.play(a)
        err = info.value
        assert err.code in CODES, (err.code, err.reason)
        assert set(err.params) == set(CODES[err.code]), (err.code, dict(err.params))
        assert err.reason
        for key in ("legal", "cards"):
            if key in err.params and err.code != "ecart_trump":
                assert set(err.params[key]) == {str(x) for x in legal}, (err.code, key)


@pytest.mark.parametrize(("game", "options"), CONFIGS)
def test_every_refusal_carries_a_known_code(game: str, options: dict[str, Any]) -> None:
    rules = atout.make(game, **options)
    for seed in range(3):
        rng = random.Random(seed)
        deal = rules.deal(seed=seed)
        step = 0
        while not deal.is_over:
            if step % 3 == 0:
                try_illegal(deal, rng)
            deal.play(rng.choice(deal.legal_actions()))
            step += 1


# The deal of tests/test_jass_readings.py: seat 2 may not under-trump seat 3's 9H with 6H.
UNDER = [
    ["AD", "KD", "QD", "JD", "TD", "9D", "8D", "7D", "6D"],
    ["TS", "JS", "QS", "KS", "AS", "JC", "QC", "KC", "AC"],
    ["6H", "7H", "8H", "KH", "QH", "6S", "7S", "8S", "9S"],
    ["JH", "9H", "AH", "TH", "6C", "7C", "8C", "9C", "TC"],
]


@pytest.mark.parametrize("reading", ["swiss", "strict"])
def test_a_french_player_hears_the_rule_the_table_plays(reading: str) -> None:
    deal = atout.make("jass", under_trump=reading).deal(hands=UNDER, dealer=1)
    for a in ("trump H", "AD", "9H"):
        deal.play(a)
    with pytest.raises(IllegalAction) as info:
        deal.play("6H")
    err = info.value
    text = game_text("jass", translator("fr"), 2, 4)
    said = text.refusal(deal.view(2), "6H", err.reason, err.code, err.params)
    assert said.startswith("Le six de cœur sous-couperait le neuf de cœur")
    assert said.endswith("Vous pouvez jouer le six de pique, le sept de pique, le huit de "
                         "pique et le neuf de pique.")
    if reading == "swiss":
        assert "que si l'on n'a que des atouts" in said
    else:
        assert "toutes ses cartes sont des atouts plus faibles que le neuf de cœur" in said


class _Heard:
    """Stands in for the console's output: what the player was told."""

    def __init__(self) -> None:
        self.told: list[str] = []

    def tell(self, text: str) -> None:
        self.told.append(text)


def test_the_console_says_the_engines_reason() -> None:
    # Session.try_play on a stand-in holding only what the refusal path uses (the rules, the
    # game, the words and the output), so that the test does not depend on how a session is
    # built, saved or resumed.
    rules = atout.make("jass", under_trump="strict")
    match = rules.match(seed=1)
    match.deal = rules.deal(hands=UNDER, dealer=1)
    for a in ("trump H", "AD", "9H"):
        match.play(a)
    heard = _Heard()
    text = game_text("jass", translator("fr"), 2, 4)
    stand_in = SimpleNamespace(rules=rules, match=match, out=heard, text=text, tr=text.tr)
    assert not Session.try_play(cast(Session, stand_in), "6h", match.view(2))
    said = " ".join(heard.told)
    assert "sous-couperait le neuf de cœur" in said
    assert "toutes ses cartes sont des atouts plus faibles" in said
    assert match.deal.to_move == 2 and len(match.deal.history) == 3  # nothing was played
