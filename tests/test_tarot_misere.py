"""Tarot club misères (option ``misere``, preset ``club``): a hand dealt without trumps or
without heads adds 20, like a poignée, to the side that wins the deal (rencontrestarot.org,
« La marque au tarot »: « 20 points pour une misère »); the FFT has none (BEUS Z6)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import atout
from atout.core import Deal


def _play(players: int, seed: int, **options: Any) -> Deal:
    deal = atout.make("tarot", players=players, **options).deal(seed=seed)
    rng = random.Random(seed)
    while not deal.is_over:
        legal = deal.legal_actions()
        words = [a for a in legal if str(a) in ("garde", "prise")]
        deal.play(words[0] if words else rng.choice(legal))  # somebody takes
    return deal


@pytest.mark.parametrize(("players", "seed", "seat", "kind"), [
    (4, 3, 1, "heads"), (4, 422, 0, "trumps"), (5, 37, 0, "trumps")])
def test_misere_adds_20_to_the_side_that_wins(players: int, seed: int, seat: int,
                                              kind: str) -> None:
    plain = _play(players, seed)
    club = _play(players, seed, preset="club")
    assert plain.history == club.history  # the misère changes no play
    d = club.result.details
    assert d["miseres"] == [{"seat": seat, "kind": kind, "bonus": 20}]
    assert plain.result.details["miseres"] == []
    sign = 1 if d["made"] else -1
    assert d["unit"] - plain.result.details["unit"] == sign * 20
    taker = d["taker"]
    gained = [c - p for c, p in zip(club.result.points, plain.result.points, strict=True)]
    assert sum(gained) == 0
    assert gained[taker] == sign * 20 * (players - 1 if d["partner"] == taker else 2)


def test_dealt_hands_are_what_count() -> None:
    """Seat 1 of seed 3 holds no head: declared for him; nobody else has a misère."""
    deal = atout.make("tarot", misere=20).deal(seed=3)
    hand = deal.view(1).hand
    assert not any(c[0] in "JNQK" and not c.startswith("T") for c in hand)
    assert deal.miseres == ((1, "heads"),)  # type: ignore[attr-defined]
