"""``Deal.observation_view``, the lighter view the environments encode: it says what
``view`` says (every field but the legal texts, every info key it keeps with the same value),
keeps every fact an encoder reads, and encodes to the same observation."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import numpy as np
import pytest

import atout
from atout.core import Deal, Match, View
from atout.envs import Encoder
from atout.envs.features import spec_of
from envs_helpers import CONFIGS, IDS

SETUPS = [*CONFIGS, ("putze", {"preset": "regle-27-blind"}),
          ("putze", {"players": 2, "talon": "better-cards"}), ("putze", {"preset": "jass-txt"}),
          ("putze", {"preset": "regle-27-v3"}), ("jass", {"weis": False})]


def same_but_lighter(light: View, full: View, read: set[str]) -> None:
    """``light`` is ``full`` but for its legal texts and some info keys none in ``read``."""
    assert dataclasses.replace(light, legal=full.legal, info=full.info) == full
    assert light.legal in ((), full.legal)
    for key, value in light.info.items():
        assert key in full.info and value == full.info[key], key
    assert {k for k in full.info if k in read} <= set(light.info)


def encoders(game: str, rules: Any, match: bool) -> tuple[Encoder, Encoder]:
    spec = spec_of(game)
    scale = spec.match_scale if match else None
    return (Encoder(rules, spec.phases, spec.features, match_scale=scale),
            Encoder(rules, spec.phases, spec.features, match_scale=scale))


def check_episode(game: str, play: Deal | Match, rules: Any, rng: random.Random,
                  match: bool) -> int:
    """Compare both views of every seat at every step to the end; the steps made."""
    read = {f.source for f in spec_of(game).features} | {"match"}
    light_enc, full_enc = encoders(game, rules, match)
    steps = 0
    while True:
        for seat in range(rules.seats):
            light, full = play.observation_view(seat), play.view(seat)
            same_but_lighter(light, full, read)
            assert np.array_equal(light_enc.encode(light), full_enc.encode(full))
        if play.is_over or steps > 400:
            return steps
        play.play(rng.choice(play.legal_actions()))
        steps += 1


@pytest.mark.parametrize(("game", "opts"), SETUPS,
                         ids=[*IDS, "putze-blind", "putze-better", "putze-txt", "putze-v3",
                              "jass-no-weis"])
def test_the_observation_view_says_what_the_view_says(game: str, opts: dict[str, Any]) -> None:
    rules = atout.make(game, **opts)
    rng = random.Random(7)
    steps = sum(check_episode(game, rules.deal(seed=seed, dealer=seed % rules.seats), rules,
                              rng, False) for seed in range(6))
    assert steps > 6


@pytest.mark.parametrize("game", ["jass", "knock-rummy"])
def test_a_match_observation_view_carries_the_scores(game: str) -> None:
    rules = atout.make(game)
    match = rules.match(seed=3)
    check_episode(game, match, rules, random.Random(3), True)
    assert match.observation_view(0).info["match"] == match.view(0).info["match"]


@pytest.mark.parametrize("seat", [-1, 4, True, "1", None])
def test_a_bad_seat_is_refused_in_words(seat: Any) -> None:
    deal = atout.make("jass").deal(seed=1)
    with pytest.raises(ValueError, match="seat must be from 0 to 3"):
        deal.observation_view(seat)


def test_a_view_made_by_position_or_by_keyword_is_the_same_frozen_view() -> None:
    fields: dict[str, Any] = {"game": "jass", "seat": 1, "seats": 4, "dealer": 0, "phase": "play",
              "to_move": 1, "hand": ("AH",), "legal": ("AH",), "table": ((0, "KH"),),
              "history": ((0, "KH"),), "info": {"trump": "H"}, "is_over": False}
    by_position = View(*fields.values())
    assert by_position == View(**fields)
    assert dataclasses.asdict(by_position) == fields
    with pytest.raises(dataclasses.FrozenInstanceError):
        by_position.seat = 2  # type: ignore[misc]
