"""Knock Rummy properties over thousands of random deals per player count.

Cards are conserved between stock, discard pile and hands; scores sum to zero; legal actions
exist until the end; illegal actions are refused with a reason and change nothing; replay
and clone are faithful; and views are checked adversarially: no card code a seat has not
seen appears in its view, and redealing every card hidden from it leaves its view unchanged.
"""

from __future__ import annotations

import json
import random
import re

import pytest

import atout
from atout.cards import FULL_DECK, bit_list
from atout.core import Event, IllegalAction
from atout.games.knock_rummy import (
    DRAW_DISCARD,
    KNOCK,
    KnockRummyDeal,
    KnockRummyRules,
)
from atout.games.knock_rummy.melds import VALUES, deadwood
from atout.games.knock_rummy.tables import STOCK_OUT

DEALS = 5000
PARTS = 5
"""Each player count's 5,000 deals run as five tests of 1,000 consecutive seeds (every one of
the 420 rule sets in each), so that no test takes long."""
CODE = re.compile(r"\b[2-9TJQKA][HDSC]\b")
FULL = (1 << 52) - 1


def _rules(players: int, i: int) -> KnockRummyRules:
    r = atout.make("knock-rummy", players=players, stock_out=STOCK_OUT[i % 4],
                   discard_taken=i % 3 == 0, knock_limit=10 if i % 5 == 4 else 0,
                   knocker_discards=i % 7 != 6,
                   restock_limit=0 if i % 5 < 3 or i % 4 > 1 else 2,  # 2, 3: showdown, void
                   lay_off=i % 4 == 1)
    assert isinstance(r, KnockRummyRules)
    return r


RULES = {(p, i): _rules(p, i) for p in (2, 3, 4, 5) for i in range(420)}


def _choose(deal: KnockRummyDeal, rng: random.Random, style: int) -> int:
    """A random legal action; style 1 knocks rarely (the stock runs out), 2 plays greedily."""
    legal = deal.legal_mask()
    if style == 2:
        if legal >> DRAW_DISCARD & 1:
            top = deal.pile[-1]
            hand = deal.hands[deal.turn]
            if deadwood(hand | 1 << top) - VALUES[top] < deadwood(hand) or not legal & 1 << 52:
                return DRAW_DISCARD
            return 52
        hand = deal.hands[deal.turn]
        if legal >> KNOCK & 1:
            best = min(deadwood(hand ^ 1 << c) for c in bit_list(legal & FULL))
            if best <= rng.choice([0, 0, 3, 6, 10]):
                return KNOCK
        cards = bit_list(legal & FULL)
        return min(cards, key=lambda c: (deadwood(hand ^ 1 << c), rng.random()))
    if style == 1 and legal >> KNOCK & 1 and rng.random() > 0.03 + 0.2 * deal.restocks:
        legal ^= 1 << KNOCK
    ids = bit_list(legal)
    return ids[int(rng.random() * len(ids))]


def _check_cards(deal: KnockRummyDeal) -> None:
    seen = 0
    for h in deal.hands:
        seen |= h
    for c in deal.stock:
        seen |= 1 << c
    for c in deal.pile:
        seen |= 1 << c
    total = sum(h.bit_count() for h in deal.hands) + len(deal.stock) + len(deal.pile)
    assert seen == FULL and total == 52
    k = deal.rules.cards_each
    for s, h in enumerate(deal.hands):
        extra = 1 if (deal.phase == 1 or (deal.phase == 2 and deal.knocker == s and
                                          not deal.opts.knocker_discards)) else 0
        assert h.bit_count() == k + (extra if s == deal.turn else 0)


def _check_view_leaks(deal: KnockRummyDeal, public: int) -> None:
    for seat in range(deal.seats):
        view = deal.view(seat).to_dict()
        text = json.dumps(view)
        allowed = public | deal.hands[seat]
        if deal.is_over and deal.outcome != "void":
            allowed = FULL
        for code in CODE.findall(text):
            assert allowed >> FULL_DECK.parse(code) & 1, (seat, code, view)


def _check_event_leaks(deal: KnockRummyDeal, events: list[Event], public: int) -> None:
    """Public events name only cards everybody saw; private ones also the receiver's hand."""
    for e in events:
        allowed = public | (deal.hands[e.to] if e.to is not None else 0)
        if e.kind in ("show", "score"):
            allowed = FULL
        for code in CODE.findall(json.dumps(e.to_dict())):
            assert allowed >> FULL_DECK.parse(code) & 1, (e, code)


def _check_hidden_invariance(deal: KnockRummyDeal, rng: random.Random) -> None:
    """Redeal every card a seat cannot see (stock, others' unknown cards): same view."""
    for seat in range(deal.seats):
        before = deal.view(seat).to_dict()
        other = deal.clone()
        pool = list(other.stock)
        sizes = []
        for t in range(deal.seats):
            hidden = 0 if t == seat else other.hands[t] & ~other.known[t]
            sizes.append(hidden.bit_count())
            pool += [c for c in range(52) if hidden >> c & 1]
            other.hands[t] &= ~hidden
        rng.shuffle(pool)
        for t in range(deal.seats):
            for _ in range(sizes[t]):
                other.hands[t] |= 1 << pool.pop()
        other.stock = pool
        other._mask_at = -1
        _check_cards(other)
        assert other.view(seat).to_dict() == before


def _check_refusal(deal: KnockRummyDeal, rng: random.Random) -> None:
    legal = deal.legal_mask()
    illegal = [a for a in range(deal.rules.num_actions) if not legal >> a & 1]
    a = rng.choice(illegal)
    saved = deal.save()
    view = deal.view(deal.turn).to_dict()
    with pytest.raises(IllegalAction) as exc:
        deal.play(a)
    assert exc.value.reason
    assert deal.save() == saved and deal.view(deal.turn).to_dict() == view


def _run(players: int, start: int, deals: int) -> dict[str, int]:
    stats = {"knock": 0, "void": 0, "showdown": 0, "restocks": 0, "rum": 0}
    for seed in range(start, start + deals):
        rng = random.Random(seed)
        rules = RULES[(players, seed % 420)]
        deal = rules.deal(seed=seed, dealer=seed % players)
        assert isinstance(deal, KnockRummyDeal)
        style = (0, 0, 1, 2, 2)[seed % 5]
        public = 1 << deal.pile[-1]
        probe = rng.randrange(60)
        deep = seed % 10 == 0
        step = 0
        _check_cards(deal)
        while not deal.is_over:
            assert deal.legal_mask()
            if step == probe:
                _check_view_leaks(deal, public)
                if deep:
                    _check_hidden_invariance(deal, rng)
                    _check_refusal(deal, rng)
                    twin = deal.clone()
                    twin.play(twin.legal_actions()[0])
                    _check_cards(deal)
            a = _choose(deal, rng, style)
            if a < 52:
                public |= 1 << a
            events = deal.play(a)
            if seed % 2:
                _check_event_leaks(deal, events, public)
            _check_cards(deal)
            step += 1
        res = deal.result
        assert sum(res.points) == 0 and all(p == int(p) for p in res.points)
        _check_view_leaks(deal, public)
        assert deal.legal_actions() == []
        stats[deal.outcome] += 1
        stats["restocks"] += deal.restocks
        stats["rum"] += bool(res.details.get("rum"))
        if deal.outcome != "void":
            dw = res.details["deadwood"]
            winners = res.details["winners"]
            assert all(dw[w] == min(dw) for w in winners)
            assert res.details["knocker"] not in winners or len(
                [s for s in range(players) if dw[s] == min(dw)]) == 1
        else:
            assert res.points == (0.0,) * players
        if deep:
            again = atout.load(json.loads(json.dumps(deal.save())))
            assert again.result == res and again.history == deal.history
            quick = rules.deal(seed=seed, dealer=seed % players)
            for action in deal.history:
                quick.fast_play(action)
            assert quick.result == res
    return stats


@pytest.mark.parametrize("part", range(PARTS))
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_deals(players: int, part: int) -> None:
    deals = DEALS // PARTS
    stats = _run(players, 1000 * players + part * deals, deals)
    # The random policies reach every ending the options allow (in each part).
    assert stats["knock"] > deals // 2
    assert stats["void"] and stats["showdown"] and stats["restocks"]
    assert stats["rum"]


def test_same_seed_same_deal() -> None:
    rules = atout.make("knock-rummy", players=3)
    a, b = rules.deal(seed=11), rules.deal(seed=11)
    assert [a.view(s).to_dict() for s in range(3)] == [b.view(s).to_dict() for s in range(3)]
    assert rules.deal(seed=12).view(0).hand != a.view(0).hand
    ra, rb = random.Random(5), random.Random(5)
    assert a.playout(ra) == b.playout(rb)


def test_clone_is_independent() -> None:
    rules = atout.make("knock-rummy", players=2)
    deal = rules.deal(seed=3)
    assert isinstance(deal, KnockRummyDeal)
    twin = deal.clone()
    twin.play("draw stock")
    twin.play("knock")
    assert deal.phase == 0 and deal.knocker == -1 and deal.history == ()
    assert deal.hands != twin.hands and len(deal.stock) == len(twin.stock) + 1
