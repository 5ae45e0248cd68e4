"""The search's model of the table in Jass: rollouts where a side plays the heuristic's rules."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import atout
from atout.bots import make_bot
from atout.bots.jass import search as jass_search
from atout.bots.jass.cards import CardState, first_rule_card
from atout.bots.jass.heuristic import JassHeuristic
from atout.bots.jass.search import jass_rollout
from atout.bots.parts import TableModel
from atout.bots.search import SearchBot
from atout.core import Deal, Result
from atout.games.jass import JassDeal

JASS = atout.make("jass")


def _heuristic_game(seed: int, cut: int) -> tuple[JassDeal, JassDeal]:
    """A deal played to its end by four heuristic players, and a copy of it after ``cut``
    actions (at least the trump choice)."""
    deal = JASS.deal(seed=seed)
    assert isinstance(deal, JassDeal)
    bots = [JassHeuristic(JASS, s, seed) for s in range(4)]
    snap: JassDeal | None = None
    n = 0
    while deal.to_move is not None:
        if snap is None and deal.phase == "play" and n >= cut:
            snap = deal.clone()
        seat = deal.to_move
        deal.play(bots[seat].choose(deal.view(seat)))
        n += 1
    assert snap is not None
    return snap, deal


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 10**6), cut=st.integers(0, 35))
# games in which a player holds back his points because the next player has shown a void
@example(seed=19, cut=2)
@example(seed=44, cut=26)
@example(seed=113, cut=1)
def test_a_rollout_modelling_both_sides_replays_the_heuristic_game(seed: int, cut: int) -> None:
    """The model is the heuristic itself: from any point of a game four heuristic players
    played, a rollout with both sides modelled ends exactly as the game did."""
    snap, game = _heuristic_game(seed, cut)
    res = jass_rollout(snap, random.Random(seed), 2)
    assert res.points == game.result.points
    assert snap.result == game.result  # the rolled-out deal itself: every detail


@pytest.mark.parametrize("model", [-1, 0, 1, 2])
def test_every_rollout_finishes_the_deal_with_all_points(model: int) -> None:
    rng = random.Random(model)
    for seed in range(60):
        deal = JASS.deal(seed=seed)
        for _ in range(seed % 30):
            if deal.to_move is None:
                break
            deal.play(rng.choice(deal.legal_actions()))
        if deal.to_move is None:
            continue
        rolled = deal.clone()
        res = jass_rollout(rolled, rng, model)
        assert isinstance(rolled, JassDeal)
        assert res.points == rolled.result.points
        assert sum(rolled.card_points) == 157
        assert sum(rolled.tricks_won) == 9


def test_the_model_knows_only_what_its_player_knows(monkeypatch: Any) -> None:
    """Each modelled card is chosen from the player's own hand, the cards not yet played and
    voids that are real; only the seats of the modelled side are asked."""
    calls: list[int] = []
    current: list[JassDeal] = []

    def spy(state: CardState) -> int:
        deal = current[-1]
        hands = deal.hands
        seat, hand, legal = state.seat, state.hand, state.legal
        assert seat & 1 == model
        assert hand == hands[seat] and legal & ~hand == 0 and legal
        # nothing else is unplayed
        assert state.unseen == (hands[0] | hands[1] | hands[2] | hands[3]) & ~hand
        assert state.voids_next & hands[deal.next_player[seat]] == 0  # a void shown is real
        assert state.partner == (seat + 2) % 4 and state.last == (state.pos == 3)
        assert state.pull_trumps == (deal.chooser % 2 == seat % 2)
        calls.append(seat)
        return first_rule_card(state)

    monkeypatch.setattr(jass_search, "first_rule_card", spy)
    rng = random.Random(5)
    for model in (0, 1):
        for seed in range(40):
            snap, _ = _heuristic_game(seed, seed % 30)
            current.append(snap)
            jass_rollout(snap, rng, model)
    assert len(calls) > 40 * 2 * 5


def test_the_search_models_the_other_side(monkeypatch: Any) -> None:
    """``search:model=1`` rolls out with the opponents of its seat modelled."""
    sides: list[int] = []

    def spy(deal: Deal, rng: random.Random, model: int) -> Result:
        sides.append(model)
        return jass_rollout(deal, rng, model)

    monkeypatch.setattr(jass_search, "PARTS", dataclasses.replace(jass_search.PARTS,
                                                                   model=TableModel(spy)))
    deal = JASS.deal(seed=3)
    for seat in (0, 1):
        bot = make_bot("search:playouts=20:model=1", JASS, seat, 1)
        assert isinstance(bot, SearchBot)
        sides.clear()
        bot.rollout(deal.clone(), random.Random(1))
        assert sides == [1 - seat]
        off = make_bot("search:playouts=20:model=0", JASS, seat, 1)
        assert isinstance(off, SearchBot) and off.rollout is jass_search.PARTS.rollout


def test_model_is_checked() -> None:
    with pytest.raises(ValueError, match="model must be 0 or 1"):
        make_bot("search:model=2", JASS, 0, 0)
    with pytest.raises(ValueError, match="no model of the players for knock-rummy"):
        make_bot("search:model=1", atout.make("knock-rummy"), 0, 0)
