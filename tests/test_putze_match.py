"""Putze options, presets, the scoring function on its own, and whole games."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import atout
from atout.core import IllegalAction
from atout.games.putze import (
    JASS_TXT_5,
    PRESETS,
    PutzeDeal,
    PutzeMatch,
    PutzeRules,
    add_putzes,
    award,
    deal_loser,
    tally_text,
)


def make(**kw: Any) -> PutzeRules:
    rules = atout.make("putze", **kw)
    assert isinstance(rules, PutzeRules)
    return rules


def play_match(rules: PutzeRules, seed: int) -> PutzeMatch:
    match = rules.match(seed=seed)
    rng = random.Random(seed)
    while not match.is_over:
        legal = match.legal_actions()
        assert legal
        match.play(rng.choice(legal))
    return match


# -- options and presets -------------------------------------------------------------------

def test_design_call_works() -> None:
    rules = make(players=3, preset="regle-27")
    assert rules.seats == 3 and rules.plan.talon == "blind" and rules.plan.putzes == 2


@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_preset_makes_a_game(preset: str) -> None:
    rules = make(preset=preset)
    deal = rules.deal(seed=1)
    assert deal.legal_actions()


def test_presets_and_options_are_listed() -> None:
    info = next(g for g in atout.games() if g.name == "putze")
    names = {o.name for o in info.options}
    assert {"players", "base", "talon", "dealer_sits_out", "six_exchange", "may_pass",
            "putzes", "pomme_bonus", "target", "losing_limit", "play_on"} <= names
    assert all(o.doc for o in info.options)
    assert set(info.presets) == set(PRESETS)
    json.dumps(info.to_dict())


@pytest.mark.parametrize("kw,words", [
    ({"players": 6}, "players=6"),
    ({"preset": "jass-txt", "players": 4}, "3 or 5 players"),
    ({"players": 4, "talon": "blind"}, "talon='blind' is not possible with players=4"),
    ({"players": 3, "talon": "better-cards"}, "expected 'auto' or 'blind'"),
    ({"players": 4, "dealer_sits_out": True}, "dealer_sits_out"),
    ({"players": 3, "pomme_bonus": "jass-txt-5"}, "5-player table"),
    ({"players": 4, "colour": "red"}, "unknown option 'colour'"),
    ({"preset": "nope"}, "unknown preset"),
    ({"players": "4"}, "players"),
    ({"preset": "jass-txt", "players": 5, "dealer_sits_out": True}, "regle-27 variant"),
])
def test_impossible_options_are_refused_in_words(kw: dict[str, Any], words: str) -> None:
    with pytest.raises(ValueError, match=words.replace("(", r"\(").replace(")", r"\)")):
        atout.make("putze", **kw)


def test_auto_options_follow_the_base_text() -> None:
    plans = {n: make(players=n).plan for n in (2, 3, 4, 5)}
    assert [plans[n].talon for n in (2, 3, 4, 5)] == ["better-cards", "blind", "none", "none"]
    assert [plans[n].putzes for n in (2, 3, 4, 5)] == [1, 2, 2, 2]
    assert plans[2].pomme_bonus == "none" and plans[4].pomme_bonus == "to-best"
    assert all(p.losing_limit is None for p in plans.values())
    j5 = make(preset="jass-txt", players=5).plan
    assert (j5.talon, j5.putzes, j5.pomme_bonus, j5.losing_limit, j5.may_pass) == (
        "spare-card", 3, "jass-txt-5", -5, False)
    assert make(players=4, losing_limit=-4).plan.losing_limit == -4
    assert make(preset="jass-txt", losing_limit=-6).plan.losing_limit == -6


@pytest.mark.parametrize("kw,setup,words", [
    ({"players": 4}, {"hands": [["AH"]] * 4, "dealer": 0}, "seat 0 has 1 cards"),
    ({"players": 3}, {"hands": [["6H"] * 9] * 3, "dealer": 0}, "dealt twice"),
    ({"players": 4}, {"hands": [[]] * 4, "dealer": 0, "blind": []}, "talon 'none'"),
    ({"players": 3}, {"hands": [["XX"] * 9] * 3, "dealer": 0}, "not a card"),
])
def test_bad_explicit_deals_are_refused(kw: dict[str, Any], setup: dict[str, Any],
                                        words: str) -> None:
    rules = make(**kw)
    setup = dict(setup)
    hands = setup.pop("hands")
    with pytest.raises(ValueError, match=words):
        rules.deal(hands=hands, **setup)


def test_unknown_actions_are_refused_in_words() -> None:
    deal = make(players=4).deal(seed=3)
    with pytest.raises(IllegalAction, match="not an action of this game"):
        deal.play("bid 3")
    with pytest.raises(IllegalAction, match="no blind"):
        deal.play("take blind")
    with pytest.raises(IllegalAction, match="no better cards"):
        deal.play("look")


# -- the scoring function on its own -------------------------------------------------------

def test_award_examples() -> None:
    # 27.9: tied at the top, both fit in the two putzes
    assert award([60, 60, 30, 0], [0, 1, 2, 3], 2, "to-best", 21) == (
        [1, 1, 0, 0], [0, 0, 0, 1])
    # three tied at the top for two putzes: nobody, or all with tie_overflow="all"
    assert award([50, 50, 50, 7], [0, 1, 2, 3], 2, "to-best", 21)[0] == [0, 0, 0, 0]
    assert award([50, 50, 50, 7], [0, 1, 2, 3], 2, "to-best", 21,
                 tie_overflow="all")[0] == [1, 1, 1, 0]
    # every player under the limit
    assert award([10, 15], [0, 1], 1, "none", 21) == ([0, 0], [1, 1])
    assert award([10, 15], [0, 1], 1, "none", 21, all_under="nothing") == ([0, 0], [0, 0])
    assert JASS_TXT_5[3] == (2, 2)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 300), min_size=2, max_size=5), st.data())
def test_award_properties(totals: list[int], data: st.DataObject) -> None:
    n = len(totals)
    players = data.draw(st.lists(st.sampled_from(range(n)), unique=True, max_size=n))
    putzes = data.draw(st.integers(1, 3))
    bonus = data.draw(st.sampled_from(["to-best", "none"] + (["jass-txt-5"] if n == 5 else [])))
    gained, pommes = award(totals, players, putzes, bonus, 21)
    cap = 4 if bonus == "jass-txt-5" else putzes
    assert sum(gained) <= cap
    for s in range(n):
        assert not (gained[s] and pommes[s])
        if s not in players:
            assert gained[s] == 0 and pommes[s] == 0
    if len(players) >= 2:
        for s in players:
            assert pommes[s] == (totals[s] < 21)
            # a putze never goes to a player when someone without one has more points
            if gained[s]:
                assert all(totals[t] <= totals[s] or gained[t] for t in players
                           if not pommes[t])


def test_loser_and_tally() -> None:
    assert deal_loser([30, 10, 10], [2, 1, 0]) == 2  # tied: first in speaking order
    assert deal_loser([30, 10, 20], [2, 1, 0]) == 1
    assert deal_loser([30, 10, 10], [0]) is None
    assert tally_text("Anna", 4, 1) == "Anna 4 putzes, 1 pomme"
    assert tally_text("Bert", 1, 0) == "Bert 1 putze"
    assert tally_text("Carl", 0, 2) == "Carl 0 putzes, 2 pommes"
    assert add_putzes(2, 1, 1, 0) == (2, 0)  # 27.6: the putze strikes the pomme off
    assert add_putzes(2, 0, 1, 0) == (3, 0)
    assert add_putzes(2, 0, 0, 1) == (2, 1)


# -- whole games -----------------------------------------------------------------------------

CONFIGS: list[dict[str, Any]] = [
    {"players": 2}, {"preset": "regle-27-blind"}, {"players": 3}, {"players": 4},
    {"players": 5}, {"preset": "regle-27-v2"}, {"preset": "regle-27-v3"},
    {"preset": "jass-txt"}, {"preset": "jass-txt", "players": 5},
    {"players": 4, "play_on": True}, {"players": 3, "nobody_plays": "same-dealer"},
]


@pytest.mark.parametrize("cfg", CONFIGS, ids=lambda c: ",".join(f"{k}={v}" for k, v in c.items()))
def test_matches_end_by_themselves_and_replay(cfg: dict[str, Any]) -> None:
    rules = make(**cfg)
    for seed in range(4):
        match = play_match(rules, seed)
        res = match.result
        assert sorted(res.ranking) == list(range(rules.seats))
        assert res.winners and res.ranking[0] in res.winners
        assert list(res.scores) == [p - o for p, o in zip(match.putzes, match.pommes,
                                                           strict=True)]
        total = [0] * rules.seats
        for d in match.deals:
            total = [t + int(p) for t, p in zip(total, d.result.points, strict=True)]
        assert total == list(match.scores)
        again = atout.load_match(json.loads(json.dumps(match.save())))
        assert again.result == res


def test_view_carries_the_match_tally() -> None:
    match = play_match(make(players=4), 1)
    info = match.view(0).info["match"]
    assert info["putzes"] == match.putzes and info["pommes"] == match.pommes
    assert info["summary"] == match.summary()
    text = match.summary(["Anna", "Bert", "Carl", "Dora"])
    assert text.startswith("Anna ") and "Dora" in text
    with pytest.raises(ValueError, match="4 names"):
        match.summary(["Anna"])


def test_nobody_plays_options() -> None:
    for opt, same in (("next-dealer", False), ("same-dealer", True)):
        match = make(players=4, nobody_plays=opt).match(seed=0)
        for _ in range(4):
            match.play("pass")
        assert len(match.deals) == 1 and match.deals[0].result.points == (0, 0, 0, 0)
        assert (match.deal.dealer == match.deals[0].dealer) is same


def test_match_parameters_are_checked() -> None:
    rules = make(players=4)
    with pytest.raises(ValueError, match="unknown parameter 'target'"):
        rules.match(seed=1, target=9)
    with pytest.raises(ValueError, match="first_dealer"):
        rules.match(seed=1, first_dealer=7)
    m = rules.match(seed=1, first_dealer=2)
    assert m.deal.dealer == 2


def test_playout_from_every_phase_finishes() -> None:
    for cfg in CONFIGS[:9]:
        rules = make(**cfg)
        for seed in range(20):
            deal = rules.deal(seed=seed)
            assert isinstance(deal, PutzeDeal)
            res = deal.clone().playout(random.Random(seed))
            assert len(res.points) == rules.seats
