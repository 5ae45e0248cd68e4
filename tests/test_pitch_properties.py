"""Auction Pitch: properties over thousands of random hands, and replayed matches."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import atout
from atout.cards import FULL_DECK
from atout.games.pitch import PitchDeal

CARD_RE = re.compile(r"\b([2-9TJQKA][HDSC])\b")
HANDS_PER_CONFIG = 5000

CONFIGS: list[dict[str, Any]] = [
    {"players": 2}, {"players": 3}, {"players": 4}, {"players": 5}, {"players": 6},
    {"players": 7}, {"players": 4, "partnership": True}, {"players": 6, "partnership": True},
]
VARIANTS: list[dict[str, Any]] = [
    {}, {"low": "won"}, {"steal_four": True}, {"min_bid": 2, "all_pass": "redeal"},
    {"dealer_steal": False, "tangage": False},
]


def config_id(c: dict[str, Any]) -> str:
    return "-".join(f"{k}={v}" for k, v in c.items())


def choose(deal: atout.Deal, rng: random.Random) -> int:
    """A random legal action id; in the auction, pass half the time, pitch a card seldom."""
    mask = deal.legal_mask()
    words = mask >> 52 << 52
    if words:
        r = rng.random()
        if r < 0.5 and words & 1 << 52:
            return 52
        if r < 0.9:
            mask = words
    ids = [i for i in range(57) if mask >> i & 1]
    return rng.choice(ids)


def card_codes(obj: object) -> set[str]:
    """Every card code written anywhere in a JSON-ready object."""
    return set(CARD_RE.findall(json.dumps(obj)))


def check_views(deal: PitchDeal, played: set[str]) -> None:
    """No view shows a card that is neither the seat's own nor already played face up."""
    for seat in range(deal.seats):
        own = set(FULL_DECK.codes_of(deal.hands[seat]))
        view = deal.view(seat).to_dict()
        leak = card_codes(view) - own - played
        assert not leak, f"seat {seat} sees {sorted(leak)}"
        assert set(view["hand"]) == own


def play_hand(rules: atout.Rules[Any], seed: int, check_view_step: int | None) -> PitchDeal:
    """Play one random hand, checking the per-action properties on the way."""
    n = rules.seats
    deal = rules.deal(seed=seed, dealer=seed % n)
    assert isinstance(deal, PitchDeal)
    rng = random.Random(seed)
    played: set[str] = set()
    trump: int | None = None
    trump_events = 0
    step = 0
    while not deal.is_over:
        a = choose(deal, rng)
        if step == check_view_step:
            check_views(deal, played)
        events = deal.play(a)
        step += 1
        for e in events:
            assert e.to is None  # nothing in Pitch is private
            if e.kind == "card":
                played.add(str(e.data["card"]))
            elif e.kind == "trump":
                trump_events += 1
        # an event never names a card before it is played face up
        assert card_codes([e.to_dict() for e in events]) <= played
        if trump is None and deal.trump >= 0:
            trump = deal.trump
        assert deal.trump == (-1 if trump is None else trump), "trump changed"
    if not deal.details["redeal"]:
        assert trump_events == 1
        assert len(played) == 6 * n
    return deal


def check_result(deal: PitchDeal) -> None:
    """Points, cards and scores of a finished hand."""
    d = deal.details
    res = deal.result
    sides = deal.sides
    assert len(res.points) == deal.seats
    if d["redeal"]:
        assert res.points == (0.0,) * deal.seats
        return
    won = deal.won
    union = 0
    for m in won:
        assert union & m == 0
        union |= m
    assert union == deal.in_play and union.bit_count() == 6 * deal.seats
    assert sum(deal.tricks_won) == 6
    awards = [d[k] for k in ("high", "low", "jack", "game")]
    taken = [0] * sides
    count = 0
    for a in awards:
        if a is not None and a["side"] is not None:
            assert 0 <= a["side"] < sides
            taken[a["side"]] += 1  # each point to exactly one side
            count += 1
    assert count <= 4 and d["taken"] == taken
    assert d["high"] is not None and d["low"] is not None
    assert sum(d["game"]["points"]) == sum(
        {8: 10, 9: 1, 10: 2, 11: 3, 12: 4}.get(c % 13, 0) for c in range(52)
        if deal.in_play >> c & 1)
    ps = d["pitcher_side"]
    assert d["made"] == (taken[ps] >= d["bid"])
    for side in range(sides):
        want = taken[side] if side != ps or d["made"] else -d["bid"]
        assert d["scores"][side] == want
    for seat in range(deal.seats):
        assert res.points[seat] == d["scores"][deal.side_of(seat)]
    assert sum(delta for _, delta in d["order"]) == sum(d["scores"])


@pytest.mark.parametrize("half", [0, 1])
@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_random_hands(config: dict[str, Any], half: int) -> None:
    """5,000 hands a table, as two tests of 2,500 (so that none takes long): at most 4
    points, each to one side, trump fixed, views without leaks."""
    rules = atout.make("pitch", **config)
    pitched = stolen = forced = 0
    hands = HANDS_PER_CONFIG // 2
    for seed in range(half * hands, (half + 1) * hands):
        deal = play_hand(rules, seed, check_view_step=seed % (7 * rules.seats))
        check_result(deal)
        final = deal.view(seed % rules.seats).to_dict()
        assert not card_codes(final) - card_codes([a.text for a in deal.history])
        d = deal.details
        pitched += bool(d["tangage"])
        stolen += bool(d["steal"])
        forced += d["pitcher"] == deal.dealer and all(
            b == 0 for s, b in enumerate(deal.bids) if s != deal.dealer)
    # the random policy reaches every kind of auction (in each half: the whole 5,000 hands
    # then reach it at least twice as often)
    assert pitched > 50 and stolen > 25 and forced > 10


@pytest.mark.parametrize("variant", VARIANTS, ids=config_id)
@pytest.mark.parametrize("players", [2, 3, 4, 5, 7])
def test_random_hands_variants(variant: dict[str, Any], players: int) -> None:
    rules = atout.make("pitch", players=players, **variant)
    for seed in range(200):
        deal = play_hand(rules, seed, check_view_step=seed % 20)
        check_result(deal)


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_illegal_actions_change_nothing(config: dict[str, Any]) -> None:
    rules = atout.make("pitch", **config)
    for seed in range(40):
        deal = rules.deal(seed=seed, dealer=seed % rules.seats)
        rng = random.Random(seed)
        while not deal.is_over:
            mask = deal.legal_mask()
            assert mask and [a.id for a in deal.legal_actions()] == [
                i for i in range(57) if mask >> i & 1]
            illegal = [i for i in range(57) if not mask >> i & 1]
            before = deal.save()
            views = [deal.view(s).to_dict() for s in range(deal.seats)]
            for i in rng.sample(illegal, min(3, len(illegal))):
                with pytest.raises(atout.IllegalAction) as info:
                    deal.play(i)
                assert len(info.value.reason) > 15
            assert deal.save() == before
            assert [deal.view(s).to_dict() for s in range(deal.seats)] == views
            deal.play(choose(deal, rng))
        with pytest.raises(atout.IllegalAction, match="over"):
            deal.play("pass")


def test_bad_actions_are_refused() -> None:
    deal = atout.make("pitch").deal(seed=1)
    for bad in ("XX", 57, -1, 2.5, "bid 5"):
        with pytest.raises(atout.IllegalAction):
            deal.play(bad)  # type: ignore[arg-type]


def test_replay_and_clone() -> None:
    for config in CONFIGS:
        rules = atout.make("pitch", **config)
        for seed in range(30):
            deal = rules.deal(seed=seed, dealer=seed % rules.seats)
            rng = random.Random(seed)
            for _ in range(rng.randrange(1, 30)):
                if deal.is_over:
                    break
                deal.play(choose(deal, rng))
            copy = deal.clone()
            saved = json.loads(json.dumps(deal.save()))
            again = atout.load(saved)
            assert again.save() == deal.save()
            assert [again.view(s).to_dict() for s in range(deal.seats)] == [
                deal.view(s).to_dict() for s in range(deal.seats)]
            before = [deal.view(s).to_dict() for s in range(deal.seats)]
            copy.playout(random.Random(seed))  # playing the clone leaves the original alone
            assert [deal.view(s).to_dict() for s in range(deal.seats)] == before
            if not deal.is_over:
                deal.playout(random.Random(seed))
            assert deal.result == copy.result or deal.history != copy.history


def test_same_seed_same_deal() -> None:
    rules = atout.make("pitch", players=5)
    a = [rules.deal(seed=9, dealer=3).view(s).hand for s in range(5)]
    b = [rules.deal(seed=9, dealer=3).view(s).hand for s in range(5)]
    c = [rules.deal(seed=10, dealer=3).view(s).hand for s in range(5)]
    assert a == b and a != c


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 7), st.permutations(range(52)), st.integers(0, 6),
       st.randoms(use_true_random=False))
def test_explicit_deals(players: int, order: list[int], dealer: int,
                        rng: random.Random) -> None:
    """Any explicit deal plays to a result with at most 4 points and no view leak."""
    dealer %= players
    hands = [[FULL_DECK.codes[c] for c in order[6 * s:6 * s + 6]] for s in range(players)]
    rest = [FULL_DECK.codes[c] for c in order[6 * players:]]
    rules = atout.make("pitch", players=players)
    deal = rules.deal(hands=hands, dealer=dealer, rest=rest)
    assert isinstance(deal, PitchDeal)
    played: set[str] = set()
    while not deal.is_over:
        check_views(deal, played)
        for e in deal.play(choose(deal, rng)):
            if e.kind == "card":
                played.add(str(e.data["card"]))
    check_result(deal)
    undealt = set(rest)
    for seat in range(players):
        assert not card_codes(deal.view(seat).to_dict()) & undealt


def policy(match: atout.Match, rng: random.Random) -> int:
    """Pass or bid low in the auction, then a random card: matches end."""
    mask = match.legal_mask()
    words = [i for i in range(52, 57) if mask >> i & 1]
    if words:
        return rng.choice(words[:2])
    return rng.choice([i for i in range(52) if mask >> i & 1])


@pytest.mark.parametrize("config", [{"players": 3}, {"players": 5, "win": "first"},
                                    {"preset": "bicycle"}, {"preset": "seed"},
                                    {"preset": "partners"}, {"preset": "setback"},
                                    {"players": 6, "partnership": True, "target": 11}],
                         ids=config_id)
def test_complete_match_replays(config: dict[str, Any]) -> None:
    rules = atout.make("pitch", **config)
    for seed in range(3):
        m = rules.match(seed=seed, first_dealer=seed % rules.seats)
        rng = random.Random(seed)
        while not m.is_over:
            assert m.legal_actions()
            m.play(policy(m, rng))
        res = m.result
        target = m.target  # type: ignore[attr-defined]
        sides = m.sides  # type: ignore[attr-defined]
        w = res.winners[0]
        assert all(m.scores[s] == m.scores[s % sides] for s in range(m.seats))
        assert len(res.winners) == rules.seats // sides
        last = m.deals[-1]
        assert isinstance(last, PitchDeal)
        assert m.scores[w] >= target
        if rules.options.win != "first":
            assert last.side_of(last.pitcher) == w % sides
        if rules.options.win == "bid-made":
            assert last.details["made"]
        assert res.ranking[:len(res.winners)] == res.winners
        # dealer rotates to the left
        assert [d.dealer for d in m.deals] == [
            (seed % rules.seats + i) % rules.seats for i in range(len(m.deals))]
        saved = json.loads(json.dumps(m.save()))
        again = atout.load_match(saved)
        assert again.is_over and again.result == res and again.scores == m.scores
        view = m.view(0).to_dict()
        assert view["info"]["match"]["target"] == target and view["legal"] == []


@pytest.mark.parametrize("config", [{"players": 4}, {"preset": "setback"},
                                    {"players": 7, "max_hands": 30}], ids=config_id)
def test_hand_limit_ends_random_games(config: dict[str, Any]) -> None:
    """Random players rarely bid out: the hand limit ends the game on a clear leader."""
    rules = atout.make("pitch", **config)
    limit = rules.options.max_hands
    for seed in range(4):
        m = rules.match(seed=seed)
        rng = random.Random(seed)
        while not m.is_over:
            m.play(rng.choice(m.legal_actions()))
        res = m.result
        assert len(m.deals) <= limit or res.details["ended_by"] == "max_hands"
        if res.details["ended_by"] == "max_hands":
            assert len(m.deals) >= limit
            best = max(m.scores)
            assert [s for s in range(m.seats) if m.scores[s] == best] == list(res.winners)
