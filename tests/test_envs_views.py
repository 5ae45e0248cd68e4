"""Observations come from the seat's view only: a seat's observation never changes when only
other seats' hidden cards differ, and the action mask is always the legal actions."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from atout.core import Deal
from atout.envs import GAMES, Block, Table, raw_env

# Options that make another seat's hidden cards public by rule (Weis and Stöck are
# announced from the hand) are switched off: this test looks for leaks, not for rules.
OPTIONS: dict[str, dict[str, Any]] = {
    "jass": {"weis": False, "stoeck": False},
    "putze": {"weis": False, "stoeck": False},
    "tarot": {},
    "pitch": {},
    "knock-rummy": {},
}
HAND_SIZES = {"jass": 9, "putze": 9, "tarot": 18, "pitch": 6, "knock-rummy": 7}


def layouts(game: str, table: Table, seed: int) -> tuple[int, list[list[str]],
                                                           list[list[str]], dict[str, Any]]:
    """A seat, two explicit layouts differing only in other seats' hands, and the piles
    (dealer: seat ``seed % seats``)."""
    rng = random.Random(seed)
    cards = list(table.encoder.cards)
    rng.shuffle(cards)
    n, size = table.seats, HAND_SIZES[game]
    hands = [cards[i * size:(i + 1) * size] for i in range(n)]
    rest = cards[n * size:]
    piles: dict[str, Any] = {}
    if game == "tarot":
        piles["chien"] = rest
    elif game == "knock-rummy":
        piles["discard"] = rest[:1]
        piles["stock"] = rest[1:]
    if game == "putze":  # the turned card, dealt last, to the dealer
        piles["trump"] = hands[seed % n][-1]
    seat = rng.randrange(n)
    a, b = rng.sample([s for s in range(n) if s != seat], 2)
    twin = [list(h) for h in hands]
    # swap three cards between two other seats, never a hand's last card
    for i, j in zip(rng.sample(range(size - 1), 3), rng.sample(range(size - 1), 3),
                    strict=True):
        twin[a][i], twin[b][j] = twin[b][j], twin[a][i]
    return seat, hands, twin, piles


def test_an_observation_never_depends_on_other_seats_hidden_cards() -> None:
    for game in GAMES:
        compared = 0
        for seed in range(12):
            tables = [Table(game, **OPTIONS[game]) for _ in range(2)]
            seat, hands, twin, piles = layouts(game, tables[0], seed)
            assert [sorted(h) for h in hands] != [sorted(h) for h in twin]
            dealer = seed % tables[0].seats
            deals: list[Deal] = [tables[0].rules.deal(hands=hands, dealer=dealer, **piles),
                                 tables[1].rules.deal(hands=twin, dealer=dealer, **piles)]
            for t, d in zip(tables, deals, strict=True):
                t.game = d
            rng = random.Random(seed)
            while not deals[0].is_over:
                first, second = (t.observation(seat) for t in tables)
                assert np.array_equal(first, second), f"{game} seed {seed}: a leak"
                assert np.array_equal(tables[0].mask(seat), tables[1].mask(seat))
                compared += 1
                common = deals[0].legal_mask() & deals[1].legal_mask()
                if deals[0].to_move != deals[1].to_move or not common:
                    break  # the hidden cards now decide what is legal: the twins part
                ids = [i for i in range(tables[0].num_actions) if common >> i & 1]
                action = rng.choice(ids)
                for d in deals:
                    d.play(action)
        assert compared > 12 * 3, f"{game}: too few positions compared ({compared})"


@settings(max_examples=25, deadline=None)
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 10_000))
def test_the_mask_is_the_legal_actions_over_random_play(game: str, seed: int) -> None:
    e = raw_env(game)
    e.reset(seed=seed)
    rng = random.Random(seed)
    deal = e.table.game
    for agent in e.agent_iter():
        obs, _, term, trunc, _ = e.last()
        if term or trunc:
            assert not obs["action_mask"].any()
            e.step(None)
            continue
        legal = [int(a) for a in deal.legal_actions()]
        assert list(np.flatnonzero(obs["action_mask"])) == legal
        for other in e.agents:
            if other != agent:
                assert not e.observe(other)["action_mask"].any()
        e.step(rng.choice(legal))


def part(obs: np.ndarray[Any, Any], blocks: dict[str, Block], name: str
         ) -> np.ndarray[Any, Any]:
    """The block ``name`` of an observation."""
    b = blocks[name]
    return obs[b.offset:b.offset + b.width]


def test_the_observation_says_what_the_view_says() -> None:
    """Decode the common blocks (and some of each game's) back and compare with the view."""
    for game in GAMES:
        table = Table(game)
        enc = table.encoder
        blocks = {b.name: b for b in enc.layout()}
        n, d = table.seats, enc.deck_size
        rng = random.Random(game)
        for seed in range(5):
            table.reset(seed)
            while True:
                seat = rng.randrange(n)
                view = table.game.view(seat)
                obs = table.observation(seat)
                assert obs.min() >= -1.0 and obs.max() <= 1.0

                rel = [(s - seat) % n for s in range(n)]
                assert set(np.flatnonzero(part(obs, blocks, "hand"))) == {
                    enc.card_index[c] for c in view.hand}
                assert set(np.flatnonzero(part(obs, blocks, "table"))) == {
                    rel[s] * d + enc.card_index[c] for s, c in view.table}
                seen = {rel[s] * d + enc.card_index[t] for s, t in view.history
                        if t is not None and t in enc.card_index}
                assert set(np.flatnonzero(part(obs, blocks, "played"))) == seen
                words = {rel[s] * len(enc.words) + enc.word_index[t] for s, t in view.history
                         if t is not None and t in enc.word_index}
                assert set(np.flatnonzero(part(obs, blocks, "actions"))) == words
                phase = enc.phases.index(view.phase)
                assert list(np.flatnonzero(part(obs, blocks, "phase"))) == [phase]
                to_move = n if view.to_move is None else rel[view.to_move]
                assert list(np.flatnonzero(part(obs, blocks, "to_move"))) == [to_move]
                assert list(np.flatnonzero(part(obs, blocks, "dealer"))) == [rel[view.dealer]]
                if game == "jass" and view.info.get("trump"):
                    modes = ["H", "D", "S", "C", "obenabe", "undenufe"]
                    trump = part(obs, blocks, "trump")
                    assert list(np.flatnonzero(trump)) == [modes.index(view.info["trump"])]
                    points = view.info.get("card_points")
                    if points:
                        assert part(obs, blocks, "card_points")[0] == pytest.approx(
                            points[seat % 2] / 157)
                if game == "knock-rummy":
                    assert set(np.flatnonzero(part(obs, blocks, "discard_pile"))) == {
                        enc.card_index[c] for c in view.info["discard_pile"]}
                if table.is_over:
                    break
                table.play(rng.choice([int(a) for a in table.game.legal_actions()]))
