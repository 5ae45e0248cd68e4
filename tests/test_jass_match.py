"""Whole Schieber games: random play to the target, the end mid-deal, counting order,
saving and replaying."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import atout
from atout.core import Event, Match, deal_seed

# Seat 0 holds 6H 7H 8H (Weis 20), seat 3 holds 6S 7S 8S (Weis 20); nobody has Stöck.
TIE_HANDS = [
    ["6H", "7H", "8H", "9D", "KD", "JS", "QS", "7C", "JC"],
    ["TH", "JH", "6D", "TD", "AD", "9S", "KS", "8C", "QC"],
    ["AH", "QH", "7D", "JD", "TS", "AS", "6C", "9C", "KC"],
    ["9H", "KH", "8D", "QD", "6S", "7S", "8S", "TC", "AC"],
]


def play_random(match: Match, rng: random.Random, limit: int = 10_000) -> list[Event]:
    """Random legal actions until the game ends; every event returned."""
    events: list[Event] = []
    for _ in range(limit):
        if match.is_over:
            return events
        acts = match.legal_actions()
        assert acts
        events += match.play(acts[int(rng.random() * len(acts))])
    raise AssertionError("the game did not end")


def check_events(match: Match, events: list[Event], target: int) -> None:
    """The game ends at the first scoring event that takes a team to the target.

    Points are credited event by event; once a team has reached the target nothing more is
    credited. Later events of that same action (e.g. the trick after a winning Weis) may still
    be listed before ``game_over``, but no further card is played.
    """
    credited = [0, 0]
    reached = None
    for i, e in enumerate(events):
        if e.kind == "game_over":
            assert i == len(events) - 1, "game_over must be the last event"
            break
        if reached is not None:
            assert e.kind not in ("card", "trump", "push", "new_deal"), \
                "play went on after the target was reached"
            continue
        side = e.data.get("side")
        if side is not None:
            credited[int(side)] += int(e.data["points"])
            if credited[int(side)] >= target:
                reached = int(side)
    else:
        raise AssertionError("no game_over event")
    assert reached is not None
    assert credited[reached] >= target > credited[1 - reached]
    res = match.result
    assert res.scores == (credited[0], credited[1], credited[0], credited[1])
    assert set(res.winners) == {reached, reached + 2}
    assert events[-1].data["team"] == reached


@pytest.mark.parametrize("options", [
    {},
    {"target": 1500, "counting_order": "stoeck-tricks-weis"},
    {"multipliers": "swiss-german", "target": 2500, "direction": "clockwise"},
    {"preset": "tournament"},
])
def test_random_games_to_the_target(options: dict[str, Any]) -> None:
    rules = atout.make("jass", **options)
    target = rules.options.target
    ended_mid_deal = 0
    for seed in range(12):
        match = rules.match(seed=seed)
        events = play_random(match, random.Random(seed))
        check_events(match, events, target)
        assert match.to_move is None and match.legal_actions() == []
        with pytest.raises(atout.IllegalAction):
            match.play("push")
        # Deals come from the match seed, and the dealer moves on to the next player.
        deals = [*match.deals] + ([] if match.deal in match.deals else [match.deal])
        for i, deal in enumerate(deals):
            assert deal.setup["seed"] == deal_seed(seed, i)
            if i:
                assert deal.dealer == rules.next_seat[deals[i - 1].dealer]  # type: ignore[attr-defined]
        # Every finished deal's result was credited in full.
        per_deal: list[list[int]] = [[0, 0] for _ in deals]
        k = 0
        for e in events:
            if e.kind == "new_deal":
                k += 1
            elif e.data.get("side") is not None:
                per_deal[k][int(e.data["side"])] += int(e.data["points"])
        for deal, got in zip(match.deals, per_deal, strict=False):
            assert deal.is_over
            assert list(deal.result.points[:2]) == got
        if not match.deal.is_over:
            ended_mid_deal += 1
        view = match.view(0).to_dict()
        assert view["info"]["match"]["team_scores"] == list(match.result.scores[:2])
        assert view["legal"] == [] and view["is_over"] is True
    assert ended_mid_deal > 0  # most games end inside a deal, when the target is reached


def test_saved_game_replays() -> None:
    rules = atout.make("jass")
    for seed in range(6):
        match = rules.match(seed=seed, first_dealer=seed % 4)
        rng = random.Random(seed)
        play_random(match, rng)
        saved = json.loads(json.dumps(match.save()))
        again = atout.load_match(saved)
        assert again.is_over
        assert again.result == match.result
        assert again.history == match.history
        assert again.deals[0].dealer == seed % 4


def test_half_played_game_saves_and_continues() -> None:
    rules = atout.make("jass", target=1500)
    for seed in range(4):
        match = rules.match(seed=seed)
        rng = random.Random(seed)
        for _ in range(150 + 40 * seed):
            acts = match.legal_actions()
            match.play(acts[rng.randrange(len(acts))])
        again = atout.load_match(json.loads(json.dumps(match.save())))
        twin = match.clone()
        assert again.scores == match.scores and again.to_move == match.to_move
        assert again.view(1).to_dict() == match.view(1).to_dict()
        before = match.save()
        play_random(twin, random.Random(99))  # a clone plays on alone
        assert match.save() == before
        cont = random.Random(seed + 1)
        while not match.is_over:
            acts = match.legal_actions()
            assert again.legal_actions() == acts
            a = acts[cont.randrange(len(acts))]
            assert [e.to_dict() for e in match.play(a)] == [e.to_dict() for e in again.play(a)]
        assert again.result == match.result


def first_trick_match(counting_order: str, scores: tuple[int, int]) -> tuple[Match, list[Event]]:
    """A game whose next deal is TIE_HANDS with spades trump, teams at ``scores``.

    Trick 1 (seat 0 leads): 6H, seat 3 KH, seat 2 AH, seat 1 TH: AH wins 0+4+11+10 = 25 for
    team 0. Weis: both teams hold a three-card run with top 8; spades is trump, so seat 3's
    run wins and team 1 scores 20. Both teams reach 1000 at the end of trick 1.
    """
    rules = atout.make("jass", counting_order=counting_order)
    match = rules.match(seed=5)
    match.credited = [scores[0], scores[1]]  # type: ignore[attr-defined]
    match.deal = rules.deal(hands=TIE_HANDS, dealer=1)
    events: list[Event] = []
    for action in ["trump S", "6H", "KH", "AH", "TH"]:
        events += match.play(action)
    return match, events


def test_counting_order_decides_who_reaches_the_target_first() -> None:
    match, events = first_trick_match("stoeck-weis-tricks", (990, 985))
    assert match.is_over
    assert not match.deal.is_over  # the game ended in the middle of the deal
    assert match.result.winners == (1, 3)  # the Weis (985 + 20) counted before the trick
    # The trick's event is still listed (it happened) but not credited: 990 stays.
    assert [e.kind for e in events][-3:] == ["weis_scored", "trick", "game_over"]
    assert match.result.scores == (990, 1005, 990, 1005)

    match, events = first_trick_match("stoeck-tricks-weis", (990, 985))
    assert match.is_over and not match.deal.is_over
    assert match.result.winners == (0, 2)  # the trick (990 + 25) counted before the Weis
    assert [e.kind for e in events][-3:] == ["trick", "weis_scored", "game_over"]
    assert match.result.scores == (1015, 985, 1015, 985)
    with pytest.raises(atout.IllegalAction):
        match.play("6S")


def test_target_not_reached_plays_on() -> None:
    match, events = first_trick_match("stoeck-weis-tricks", (900, 900))
    assert not match.is_over
    assert match.scores[:2] == [925, 920]
    assert "game_over" not in [e.kind for e in events]


def test_stoeck_counts_first() -> None:
    hands = [
        ["6H", "TH", "AH", "9D", "KD", "8S", "QS", "7C", "JC"],
        ["7H", "JH", "6D", "TD", "AD", "9S", "KS", "8C", "9C"],
        ["8H", "QH", "7D", "JD", "6S", "TS", "AS", "QC", "KC"],  # KC and QC: Stöck
        ["9H", "KH", "8D", "QD", "7S", "JS", "6C", "TC", "AC"],
    ]
    rules = atout.make("jass")
    for order in ("stoeck-weis-tricks", "stoeck-tricks-weis"):
        rules = atout.make("jass", counting_order=order)
        match = rules.match(seed=5)
        match.credited = [985, 975]  # type: ignore[attr-defined]
        match.deal = rules.deal(hands=hands, dealer=1)
        # Trick 1: 0 leads 7C (trump), 3 6C, 2 QC, 1 9C: the Nell wins 3+14 = 17 for team 1.
        for action in ["trump C", "7C", "6C", "QC", "9C"]:
            match.play(action)
        assert match.scores[:2] == [985, 992]
        # Trick 2: 1 leads 8C; 0 holds only the Buur as trump and discards 6H; 3 AC; 2 KC,
        # the second Stöck card: +20 for team 0 (1005), before the trick (AC wins,
        # 11+4 = 15, which would take team 1 to 1007).
        for action in ["8C", "6H", "AC"]:
            match.play(action)
        events = match.play("KC")
        assert match.is_over
        assert match.result.winners == (0, 2)
        assert match.result.scores == (1005, 992, 1005, 992)
        assert [e.kind for e in events] == ["card", "stoeck", "trick", "game_over"]


def test_match_parameters_are_checked() -> None:
    with pytest.raises(ValueError, match="unknown parameter"):
        atout.make("jass").match(seed=1, target=1500)
