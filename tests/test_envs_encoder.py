"""The encoder reads every kind of feature in every form a view may give it (the forms the
games use and the others it accepts), for every observer: each value lands where the layout
says, relative to the observer, scaled and clipped."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import atout
from atout.core import View
from atout.envs import Encoder, Feature

FEATURES = (
    Feature("who", "seat", "a seat"),
    Feature("seated", "seats", "some seats"),
    Feature("colour", "suit", "a suit"),
    Feature("yes", "flag", "a flag"),
    Feature("many", "number", "a number", scale=4),
    Feature("sides", "per_team", "per team", scale=10),
    Feature("each", "per_seat", "per seat", scale=10),
    Feature("owned", "cards", "some cards"),
    Feature("shown", "seat_cards", "cards per seat"),
    Feature("mode", "choice", "a choice", choices=("up", "down")),
)


def encoder() -> Encoder:
    return Encoder(atout.make("jass"), ("play",), FEATURES)


def view(seat: int, info: dict[str, Any]) -> View:
    return View("jass", seat, 4, 0, "play", seat, (), (), (), (), info, False)


def block(enc: Encoder, obs: np.ndarray[Any, Any], name: str) -> np.ndarray[Any, Any]:
    b = next(b for b in enc.layout() if b.name == name)
    return obs[b.offset:b.offset + b.width]


def ones(enc: Encoder, obs: np.ndarray[Any, Any], name: str) -> list[int]:
    return [int(i) for i in np.flatnonzero(block(enc, obs, name))]


@pytest.mark.parametrize("me", range(4))
def test_each_kind_lands_where_the_layout_says_relative_to_the_observer(me: int) -> None:
    enc = encoder()
    rel = [(s - me) % 4 for s in range(4)]
    obs = enc.encode(view(me, {
        "who": 2, "seated": [1, 3], "colour": "S", "yes": True, "many": 6,
        "sides": [5, -20], "each": [0, 5, True, 30], "owned": ["AH", "6H", "ZZ"],
        "shown": [[], ["7S"], [], ["9C", "TC"]], "mode": "down"}))
    assert ones(enc, obs, "who") == [rel[2]]
    assert ones(enc, obs, "seated") == sorted([rel[1], rel[3]])
    assert ones(enc, obs, "colour") == [2]
    assert ones(enc, obs, "yes") == [0]
    assert block(enc, obs, "many").tolist() == [1.0]  # 6 / 4 clipped
    own = [0.5, -1.0] if me % 2 == 0 else [-1.0, 0.5]
    assert block(enc, obs, "sides").tolist() == own
    each = [0.0] * 4
    each[rel[1]], each[rel[3]] = 0.5, 1.0  # True is no number: left out
    assert block(enc, obs, "each").tolist() == each
    cards = list(enc.cards)
    assert ones(enc, obs, "owned") == sorted([cards.index("AH"), cards.index("6H")])
    d = enc.deck_size
    assert ones(enc, obs, "shown") == sorted(
        [rel[1] * d + cards.index("7S"), rel[3] * d + cards.index("9C"),
         rel[3] * d + cards.index("TC")])
    assert ones(enc, obs, "mode") == [1]


@pytest.mark.parametrize("me", range(4))
def test_the_other_forms_read_the_same(me: int) -> None:
    enc, same = encoder(), encoder()
    rel = [(s - me) % 4 for s in range(4)]
    usual = enc.encode(view(me, {"each": [0, 5, 0, 0], "owned": ["KD"],
                                 "shown": [[], ["7S"], [], []]}))
    for each, owned, shown in (
            ({"1": 5}, "KD", {"1": ["7S"]}),
            ([0, 5], [{"cards": ["KD"]}], [{"seat": 1, "cards": ["7S"]}]),
            ((0, 5, 0, 0), ["KD", "??"], {1: [{"cards": ["7S"]}]})):
        got = same.encode(view(me, {"each": each, "owned": owned, "shown": shown}))
        assert np.array_equal(got, usual), (each, owned, shown)
    assert block(enc, usual, "each").tolist()[rel[1]] == 0.5


def test_absent_false_and_unknown_values_write_nothing() -> None:
    enc = encoder()
    empty = enc.encode(view(1, {}))
    got = enc.encode(view(1, {"who": -1, "seated": [], "colour": "X", "yes": False,
                              "many": True, "sides": None, "each": [0, 0, 0, 0],
                              "owned": ["ZZ"], "shown": [[], [], [], []], "mode": "sideways"}))
    assert np.array_equal(got, empty)
    assert ones(enc, got, "who") == [] and ones(enc, got, "many") == []
