"""The public fast path: ``Deal.step``, the Jass family's one trick loop
(``TrickPlay.play_tricks``) and the tables views read from, each against the checked path."""

from __future__ import annotations

import random
from typing import Any

import pytest

import atout
from atout.core import Deal, Result
from atout.games.jass import JassDeal
from atout.games.jass.play import TrickPlay

JASS_PRESETS = ["classic", "tournament", "jass-txt", "multiplied"]


class _SlowJass(JassDeal):
    """The same deal played out by the generic path of the base class, a checked step at
    a time."""

    def playout(self, rng: random.Random) -> Result:
        return Deal.playout(self, rng)


def _advance(deal: Deal, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        if deal.is_over:
            return
        deal.play(rng.choice(deal.legal_actions()))


@pytest.mark.parametrize("preset", JASS_PRESETS)
def test_jass_playout_plays_the_same_deal_as_the_generic_one(preset: str) -> None:
    rules = atout.make("jass", preset=preset)
    for seed in range(120):
        deal = rules.deal(seed=seed, dealer=seed % 4)
        rng = random.Random(seed)
        _advance(deal, rng, rng.randrange(0, 30))  # from the trump choice to mid-trick
        slow = deal.clone()
        slow.__class__ = _SlowJass
        fast = deal.clone()
        a = fast.playout(random.Random(seed))
        b = slow.playout(random.Random(seed))
        assert fast.history == slow.history and fast.actors == slow.actors
        assert a == b and fast.result == b
        assert fast.legal_mask() == 0 and fast.to_move is None
        assert atout.load(fast.save()).result == a  # the history replays through play()
        assert fast.view(0).to_dict() == slow.view(0).to_dict()


def _lowest(seat: int, pos: int, legal: int, led: int, best: int, best_seat: int,
            points: int) -> int:
    return (legal & -legal).bit_length() - 1


@pytest.mark.parametrize(("game", "options"), [("jass", {}), ("jass", {"preset": "jass-txt"}),
                                                ("putze", {}), ("putze", {"players": 3})])
def test_play_tricks_with_a_policy_scores_as_the_checked_path(game: str,
                                                             options: dict[str, Any]) -> None:
    rules = atout.make(game, **options)
    for seed in range(60):
        deal = rules.deal(seed=seed)
        rng = random.Random(seed)
        while not deal.is_over and getattr(deal, "phase", "") != "play":
            deal.play(rng.choice(deal.legal_actions()))
        if deal.is_over:
            continue
        _advance(deal, rng, rng.randrange(0, 6))
        if deal.is_over:
            continue
        checked = deal.clone()
        while not checked.is_over:  # the lowest legal card, through play()
            mask = checked.legal_mask()
            checked.play((mask & -mask).bit_length() - 1)
        fast = deal.clone()
        assert isinstance(fast, TrickPlay)
        fast.play_tricks(rng, _lowest)
        assert fast.history == checked.history and fast.actors == checked.actors
        assert fast.result == checked.result
        quiet = deal.clone()
        assert isinstance(quiet, TrickPlay)
        quiet.play_tricks(rng, _lowest, record=False)
        assert quiet.history == deal.history  # nothing recorded
        assert quiet.result == checked.result and quiet.legal_mask() == 0


def test_step_is_the_unchecked_play_without_events() -> None:
    rules = atout.make("jass")
    for seed in range(20):
        a, b = rules.deal(seed=seed), rules.deal(seed=seed)
        rng = random.Random(seed)
        while not a.is_over:
            action = rng.choice(a.legal_actions())
            a.step(int(action))
            b.play(action)
            assert a.legal_mask() == b.legal_mask() and a.to_move == b.to_move
        assert a.history == b.history and a.result == b.result


@pytest.mark.parametrize("game", ["jass", "putze", "tarot", "pitch", "knock-rummy"])
def test_views_kept_between_calls_are_those_built_afresh(game: str) -> None:
    """The seen history and the finished tricks are kept and extended, never stale: a clone
    that goes another way and the original both show their own play, and the legal actions'
    notations read from the table are those of the actions themselves."""
    rules = atout.make(game)
    for seed in range(15):
        deal = rules.deal(seed=seed)
        rng = random.Random(seed)
        twin: Deal | None = None
        while not deal.is_over:
            for seat in range(deal.seats):
                deal.view(seat)
            if twin is None and len(deal.history) > 8:
                twin = deal.clone()
                _advance(twin, random.Random(seed + 1), 5)
            deal.play(rng.choice(deal.legal_actions()))
        for d in (deal, twin):
            if d is None:
                continue
            fresh = d.clone()
            fresh.__dict__.pop("_seen", None)
            fresh.__dict__.pop("_seen_by", None)
            fresh.__dict__.pop("_trick_info", None)
            for seat in range(d.seats):
                assert d.view(seat).to_dict() == fresh.view(seat).to_dict()


@pytest.mark.parametrize("game", ["jass", "putze", "tarot", "pitch", "knock-rummy"])
def test_texts_of_and_codes_of_read_the_tables_right(game: str) -> None:
    rules = atout.make(game)
    actions = rules.actions
    rng = random.Random(4)
    for _ in range(300):
        mask = rng.getrandbits(len(actions))
        assert list(actions.texts_of(mask)) == [a.text for a in actions.from_mask(mask)]
    from atout.cards import FULL_DECK, JASS_DECK, TAROT_DECK

    for deck in (JASS_DECK, FULL_DECK, TAROT_DECK):
        for _ in range(300):
            mask = rng.getrandbits(deck.size)
            assert deck.codes_of(mask) == [deck.codes[i] for i in range(deck.size)
                                           if mask >> i & 1]
