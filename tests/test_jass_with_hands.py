"""JassDeal.with_hands: the same deal as a new deal with the history replayed, cheaper."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

import atout
from atout.bots import make_bot
from atout.bots.determinize import replay
from atout.cards import JASS_DECK
from atout.games.jass import JassDeal
from play_helpers import bots_play

CACHES = {"_seen", "_trick_info", "_mask", "_mask_at", "_plan", "_setup"}  # setup: below


def _state(deal: JassDeal) -> dict[str, Any]:
    return {k: v for k, v in deal.__dict__.items() if k not in CACHES}


def _other_hands(deal: JassDeal, seat: int, rng: random.Random) -> list[int]:
    """The seat's hand as dealt, the other cards (played ones included) dealt at random."""
    keep = deal.dealt[seat]
    rest = [c for c in range(36) if not keep >> c & 1]
    rng.shuffle(rest)
    hands = []
    for s in range(4):
        if s == seat:
            hands.append(keep)
        else:
            hands.append(sum(1 << c for c in rest[:9]))
            rest = rest[9:]
    return hands


@pytest.mark.parametrize("options", [{}, {"preset": "jass-txt"},
                                     {"big_sequences": True, "weis_tie": "both",
                                      "low_fours": 100, "weis_share": True}])
def test_with_hands_equals_a_new_deal_replayed(options: dict[str, Any]) -> None:
    rules = atout.make("jass", **options)
    rng = random.Random(3)
    checked = legal = 0
    for seed in range(60):
        deal = rules.deal(seed=seed, dealer=seed % 4)
        bots = [make_bot("heuristic", rules, s, seed) for s in range(4)]
        stop = rng.randrange(0, 38)
        if not bots_play(deal, bots, stop):
            continue
        assert isinstance(deal, JassDeal)
        seat = deal.to_move
        assert seat is not None
        for _ in range(6):
            hands = rng.choice([list(deal.dealt), _other_hands(deal, seat, rng)])
            fresh = rules.deal(hands=[JASS_DECK.codes_of(h) for h in hands], dealer=deal.dealer)
            ok = replay(fresh, deal.view(seat).history, to_move=seat)
            got = deal.with_hands(hands)
            checked += 1
            assert (got is not None) == ok
            if got is None:
                continue
            legal += 1
            assert isinstance(fresh, JassDeal)
            assert _state(got) == _state(fresh)
            assert got.setup == fresh.setup and got.dealer == fresh.dealer
            assert got.legal_mask() == fresh.legal_mask()
            r = random.Random(seed)
            assert got.clone().playout(r) == fresh.clone().playout(random.Random(seed))
    assert legal > 50 and checked > legal  # both answers were met


def test_with_hands_leaves_the_deal_alone() -> None:
    rules = atout.make("jass")
    deal = rules.deal(seed=5)
    deal.play("trump H")
    for _ in range(5):
        deal.play(deal.legal_actions()[0])
    assert isinstance(deal, JassDeal)
    before = _state(deal)
    setup = copy.deepcopy(deal.setup)
    got = deal.with_hands(list(deal.dealt))
    assert got is not None and got is not deal
    assert _state(deal) == before and deal.setup == setup
    assert _state(got) == before  # the setup (written out on demand) checked below
    assert got.setup["hands"] == [JASS_DECK.codes_of(h) for h in deal.dealt]


def test_a_clone_played_to_the_end_leaves_the_deal_alone() -> None:
    rules = atout.make("jass")
    rng = random.Random(8)
    for seed in range(40):
        deal = rules.deal(seed=seed)
        for _ in range(seed % 37):
            deal.play(rng.choice(deal.legal_actions()))
        assert isinstance(deal, JassDeal)
        deal.view(0)  # the caches a view fills
        before = copy.deepcopy(_state(deal))
        twin = deal.clone()
        while twin.to_move is not None:
            twin.play(rng.choice(twin.legal_actions()))
        assert _state(deal) == before
