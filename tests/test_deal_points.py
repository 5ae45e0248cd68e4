"""Each game's view says what every seat gained in each deal scored (``info['match']
['deal_points']``, the numbers of the score sheet): the same as the deals' ``deal_over``
events, in the public view too."""

from __future__ import annotations

import random
from typing import Any

import pytest

import atout

GAMES = [("jass", {}), ("jass", {"coiffeur": True}), ("putze", {}), ("tarot", {"players": 5}),
         ("pitch", {}), ("knock-rummy", {})]


@pytest.mark.parametrize(("game", "options"), GAMES,
                         ids=[g + ("-coiffeur" if o else "") for g, o in GAMES])
def test_deal_points_are_the_deal_over_points(game: str, options: dict[str, Any]) -> None:
    match = atout.make(game, **options).match(seed=11)
    rng = random.Random(5)
    overs: list[list[float]] = []
    for _ in range(3000):
        if match.is_over or len(overs) >= 3:
            break
        for event in match.play(rng.choice(match.legal_actions())):
            if event.kind == "deal_over":
                overs.append([float(x) for x in event.data["points"]])
        for seat in (0, None):
            view = match.view(seat) if seat is not None else match.public_view()
            shown = view.info["match"]["deal_points"]
            assert [[float(x) for x in p] for p in shown] == overs
    assert overs, "no deal ended"
