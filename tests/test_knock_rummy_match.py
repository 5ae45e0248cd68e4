"""Knock Rummy games: to a target total or a number of deals, standings, replay."""

from __future__ import annotations

import json
import random

import pytest

import atout
from atout.core import Event, Match


def _play_out(match: Match, seed: int) -> list[Event]:
    rng = random.Random(seed)
    events: list[Event] = []
    while not match.is_over:
        legal = match.legal_actions()
        events += match.play(legal[int(rng.random() * len(legal))])
    return events


def test_match_to_target_with_standings_after_each_deal() -> None:
    rules = atout.make("knock-rummy", players=4, target=60)
    match = rules.match(seed=7)
    events = _play_out(match, 1)
    kinds = [e.kind for e in events]
    n = len(match.deals)
    assert kinds.count("deal_over") == n == kinds.count("standings")
    assert kinds.count("new_deal") == n - 1 and kinds[-1] == "game_over"
    for i, e in enumerate(events):
        if e.kind == "deal_over":
            assert events[i + 1].kind == "standings"
            assert events[i + 1].data["scores"] == e.data["scores"]
    res = match.result
    assert sum(res.scores) == 0 and max(res.scores) >= 60
    assert all(max(sum(d.result.points[s] for d in match.deals[:k]) for s in range(4)) < 60
               for k in range(1, n))
    assert res.winners == (res.ranking[0],) or len(res.winners) > 1
    assert [d.dealer for d in match.deals] == [k % 4 for k in range(n)]
    assert list(res.scores) == [sum(d.result.points[s] for d in match.deals) for s in range(4)]
    info = match.view(2).info["match"]
    assert info["standings"] == list(res.ranking) and info["target"] == 60


def test_match_fixed_number_of_deals_and_replay() -> None:
    rules = atout.make("knock-rummy", players=3, target=0, deals=5)
    match = rules.match(seed=3, first_dealer=2)
    _play_out(match, 2)
    assert len(match.deals) == 5 and match.deals[0].dealer == 2
    saved = json.loads(json.dumps(match.save()))
    again = atout.load_match(saved)
    assert again.is_over and again.result == match.result
    assert again.history == match.history


def test_match_parameters_override_options() -> None:
    rules = atout.make("knock-rummy", players=2)
    match = rules.match(seed=1, target=0, deals=2)
    _play_out(match, 3)
    assert len(match.deals) == 2
    with pytest.raises(ValueError, match="without an end"):
        rules.match(seed=1, target=0, deals=0)
    with pytest.raises(ValueError, match="unknown match parameter"):
        rules.match(seed=1, rounds=3)


def test_match_clone_is_independent() -> None:
    rules = atout.make("knock-rummy", players=2, deals=3, target=0)
    match = rules.match(seed=9)
    twin = match.clone()
    _play_out(twin, 4)
    assert twin.is_over and not match.is_over and match.deals == []
    assert match.scores == [0, 0]
