"""Conformance and property tests of Putze over every preset and player count.

Each configuration plays 2,000 random deals with cheap invariants checked on every deal
(cards conserved, legal actions never empty before the end, points and marks consistent);
one deal in 25 also gets the expensive checks (every view searched for a leaked card,
illegal actions refused without a change, replay from ``save()``, clone independence).
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

import atout
from atout.core import Deal, IllegalAction, Result
from atout.games.jass.play import VALUE
from atout.games.putze import PutzeDeal, PutzeRules

CONFIGS: list[dict[str, Any]] = [
    {"players": 2},
    {"preset": "regle-27-blind"},
    {"players": 3},
    {"players": 4},
    {"players": 5},
    {"preset": "regle-27-v2"},
    {"preset": "regle-27-v3"},
    {"preset": "jass-txt"},
    {"preset": "jass-txt", "players": 5},
]
OPTION_CONFIGS: list[dict[str, Any]] = [
    {"players": 4, "weis_scoring": "each", "big_sequences": True, "direction": "clockwise"},
    {"players": 2, "may_pass": False, "six_exchange": False, "all_under": "nothing"},
    {"players": 3, "may_pass": False, "stoeck": False, "pomme_below": 31},
    {"players": 5, "talon": "spare-card", "putzes": 3, "weis": False},
]
DEALS = 2000
DEEP_EVERY = 25
CARD = re.compile(r'"([6-9TJQKA][HDSC])"')


def make(cfg: dict[str, Any]) -> PutzeRules:
    rules = atout.make("putze", **cfg)
    assert isinstance(rules, PutzeRules)
    return rules


def ident(cfg: dict[str, Any]) -> str:
    return ",".join(f"{k}={v}" for k, v in cfg.items())


def check_cards(deal: PutzeDeal) -> None:
    """Every card in use is in exactly one place."""
    places = [*deal.hands, deal.blind, deal.stock, deal.set_aside, *deal.discards]
    places += [b for s, b in enumerate(deal.better) if deal.better_state[s] != "taken"]
    played = 0
    if deal.played:
        for _, trick, _, _ in deal.tricks:
            for c in trick:
                played |= 1 << c
        for c in deal.trick:
            played |= 1 << c
    places.append(played)
    seen = 0
    for p in places:
        assert not seen & p, "a card is in two places"
        seen |= p
    assert seen == deal.plan.deck


def check_result(deal: PutzeDeal) -> None:
    res = deal.result
    d = res.details
    plan = deal.plan
    players = d["players"]
    totals = d["totals"]
    if deal.played:
        cards_in_play = sum(VALUE[deal.mode][c] for _, t, _, _ in deal.tricks for c in t)
        assert sum(d["card_points"]) == cards_in_play + 5
        assert len(deal.tricks) == plan.hand_size
    else:
        assert len(players) < 2 and sum(totals) == 0
    for s in range(deal.seats):
        assert d["putzes"][s] >= 0 and d["pommes"][s] in (0, 1)
        assert not (d["putzes"][s] and d["pommes"][s])
        assert d["pommes"][s] == (1 if s in players and len(players) > 1
                                  and totals[s] < plan.pomme_below
                                  and (plan.all_under == "pomme"
                                       or any(totals[p] >= plan.pomme_below for p in players))
                                  else 0)
        assert res.points[s] == d["putzes"][s] - d["pommes"][s]
        if s not in players and not (plan.dealer_sits_out and s == deal.dealer):
            assert d["putzes"][s] == 0
    cap = 4 if plan.pomme_bonus == "jass-txt-5" else plan.putzes
    assert sum(d["putzes"]) <= cap + (1 if deal.dealer_putze else 0)
    if len(players) == 1:
        assert d["putzes"][players[0]] == plan.putzes
    if len(players) >= 2:
        best = max(players, key=lambda s: totals[s])
        assert d["putzes"][best] >= 1 or d["pommes"][best] or sum(
            totals[s] == totals[best] for s in players) > 1


def allowed_codes(deal: PutzeDeal, seat: int) -> set[str]:
    """The cards ``seat`` may know: its hand, its own discards and looks, and public cards."""
    codes = atout.cards.JASS_DECK.codes
    mask = deal.hands[seat] | deal.discards[seat] | 1 << deal.turned
    if deal.better_state[seat] == "looked":
        mask |= deal.better[seat]
    if deal.six_by >= 0:
        mask |= 1 << deal.six
    if deal.played:
        for _, trick, _, _ in deal.tricks:
            for c in trick:
                mask |= 1 << c
        for c in deal.trick:
            mask |= 1 << c
        for ws in deal.shown_weis.values():
            for w in ws:
                mask |= w.cards
    return {codes[c] for c in range(36) if mask >> c & 1}


def check_views(deal: PutzeDeal) -> None:
    for seat in range(deal.seats):
        text = json.dumps(deal.view(seat).to_dict())
        leaked = set(CARD.findall(text)) - allowed_codes(deal, seat)
        assert not leaked, f"seat {seat} sees {sorted(leaked)}"


def check_illegal(deal: PutzeDeal, rng: random.Random) -> None:
    mask = deal.legal_mask()
    illegal = [a for a in range(deal.rules.num_actions) if not mask >> a & 1]
    if not illegal:
        return
    a = rng.choice(illegal)
    before = json.dumps(deal.save())
    views = [deal.view(s).to_dict() for s in range(deal.seats)]
    with pytest.raises(IllegalAction) as info:
        deal.play(a)
    assert info.value.reason and len(info.value.reason) > 10
    assert json.dumps(deal.save()) == before
    assert [deal.view(s).to_dict() for s in range(deal.seats)] == views


def play_deal(rules: PutzeRules, seed: int, deep: bool) -> PutzeDeal:
    deal = rules.deal(seed=seed, dealer=seed % rules.seats)
    assert isinstance(deal, PutzeDeal)
    rng = random.Random(seed)
    steps = 0
    while not deal.is_over:
        legal = deal.legal_actions()
        assert legal, "no legal action before the end"
        if deep:
            assert deal.legal_mask() == sum(1 << a for a in legal)
            check_views(deal)
            if rng.random() < 0.25:
                check_illegal(deal, rng)
            check_cards(deal)
        deal.play(rng.choice(legal))
        steps += 1
        assert steps < 80
    check_cards(deal)
    check_result(deal)
    if deep:
        check_views(deal)
        again = atout.load(deal.save())
        assert isinstance(again, PutzeDeal)
        assert again.history == deal.history and again.result == deal.result
        fresh = rules.deal(seed=seed, dealer=seed % rules.seats)
        assert isinstance(fresh, PutzeDeal) and fresh.dealt == deal.dealt
    return deal


@pytest.mark.parametrize("cfg", CONFIGS + OPTION_CONFIGS, ids=ident)
def test_random_deals_hold_the_invariants(cfg: dict[str, Any]) -> None:
    rules = make(cfg)
    count = DEALS if cfg in CONFIGS else DEALS // 4
    for seed in range(count):
        play_deal(rules, seed, deep=seed % DEEP_EVERY == 0)


@pytest.mark.parametrize("cfg", CONFIGS, ids=ident)
def test_clone_is_independent(cfg: dict[str, Any]) -> None:
    rules = make(cfg)
    for seed in range(30):
        deal = rules.deal(seed=seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(0, 25)):
            if deal.is_over:
                break
            deal.play(rng.choice(deal.legal_actions()))
        saved = json.dumps(deal.save())
        views = [deal.view(s).to_dict() for s in range(deal.seats)]
        copy = deal.clone()
        copy.playout(random.Random(seed + 1))
        assert copy.is_over
        assert json.dumps(deal.save()) == saved
        assert [deal.view(s).to_dict() for s in range(deal.seats)] == views
        if not deal.is_over:
            deal.playout(random.Random(seed + 1))
            assert deal.result == copy.result


@pytest.mark.parametrize("cfg", CONFIGS, ids=ident)
def test_same_seed_same_deal_and_match(cfg: dict[str, Any]) -> None:
    rules = make(cfg)
    for seed in (0, 7, 123):
        a, b = rules.deal(seed=seed), rules.deal(seed=seed)
        assert isinstance(a, PutzeDeal) and isinstance(b, PutzeDeal)
        assert a.dealt == b.dealt and a.turned == b.turned and a.blind == b.blind
    m = rules.match(seed=9)
    rng = random.Random(9)
    while not m.is_over:
        m.play(rng.choice(m.legal_actions()))
    again = atout.load_match(m.save())
    assert again.is_over and again.scores == m.scores
    assert again.history == m.history
    assert again.result == m.result


class _Slow(PutzeDeal):
    """The same deal played out by the generic, checked-step path of the base class."""

    def playout(self, rng: random.Random) -> Result:
        return Deal.playout(self, rng)


@pytest.mark.parametrize("cfg", CONFIGS, ids=ident)
def test_fast_playout_plays_the_same_deal_as_the_generic_one(cfg: dict[str, Any]) -> None:
    rules = make(cfg)
    for seed in range(150):
        deal = rules.deal(seed=seed, dealer=seed % rules.seats)
        assert isinstance(deal, PutzeDeal)
        rng = random.Random(seed)
        for _ in range(rng.randrange(0, 12)):
            if deal.is_over:
                break
            deal.play(rng.choice(deal.legal_actions()))
        slow = deal.clone()
        slow.__class__ = _Slow
        fast = deal.clone()
        a = fast.playout(random.Random(seed))
        b = slow.playout(random.Random(seed))
        assert fast.history == slow.history and a == b
        assert fast.is_over and fast.phase == "over"
        again = atout.load(fast.save())
        assert again.result == a
