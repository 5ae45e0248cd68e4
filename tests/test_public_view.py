"""The engine's public view and per-recipient update, as the contract names them."""

from __future__ import annotations

import random

import pytest

import atout
from atout.core import Event, View


@pytest.mark.parametrize("game", ["jass", "putze", "tarot", "pitch", "knock-rummy"])
def test_the_public_view_has_no_hand_no_legal_and_round_trips(game: str) -> None:
    rules = atout.make(game)
    deal = rules.deal(seed=3)
    rng = random.Random(3)
    for _ in range(12):
        seen = deal.public_view()
        assert seen == deal.view(None)
        assert seen.seat == -1 and seen.hand == () and seen.legal == ()
        as_dict = seen.to_dict()
        assert as_dict["seat"] is None
        assert View.from_dict(as_dict) == seen
        assert seen.history == deal.seen_history(None)
        if deal.is_over:
            break
        deal.play(rng.choice(deal.legal_actions()))


def test_a_match_public_view_carries_the_match_facts() -> None:
    match = atout.make("jass").match(seed=1)
    seen = match.public_view()
    assert seen == match.view(None) and seen.seat == -1
    assert seen.info["match"] == match.view(0).info["match"]


def test_a_tarot_ecart_is_hidden_from_the_public_and_the_others_not_the_taker() -> None:
    rules = atout.make("tarot", players=3)
    for seed in range(40):
        deal = rules.deal(seed=seed)
        rng = random.Random(seed)
        while not deal.is_over and deal.view(0).phase != "ecart":
            legal = deal.legal_actions()
            bids = [a for a in legal if a.text in ("garde", "petite")]
            deal.play(bids[0] if bids else rng.choice(legal))
        if deal.is_over:
            continue
        taker = deal.to_move
        assert taker is not None
        events = deal.play(deal.legal_actions()[0])
        hidden = deal.hidden_from()
        if deal.seen_history(taker)[-1][1] is not None and deal.seen_history(None)[-1][1] is None:
            assert None in hidden and taker not in hidden
            assert [e.to for e in deal.events_for(events, None)] == \
                [e.to for e in events if e.to is None]
            assert deal.events_for(events, taker) == list(events)
            return
    pytest.fail("no écart discard hidden from the public in 40 deals")


def test_events_for_keeps_the_public_and_the_recipient_s_own() -> None:
    deal = atout.make("jass").deal(seed=0)
    events = [Event("a"), Event("b", 1, {}, to=1), Event("c", 2, {}, to=2)]
    assert [e.kind for e in deal.events_for(events, None)] == ["a"]
    assert [e.kind for e in deal.events_for(events, 1)] == ["a", "b"]
