"""The Jass-family kernel (atout.kernels.jass) against the checked engine, Schieber and Putze.

- perft: the kernel's counts of card sequences equal the engine's (the card-play records of
  tests/data/perft.json, and random positions);
- replay: the cards of the kernel's random playouts, replayed by the engine, score exactly as
  the kernel said (``KERNEL_PLAYOUTS`` of them here, 2,000 by default;
  benchmarks/kernels_jass_agree.py has run 100,000 and more);
- a property test: from random reachable positions, the kernel's legal cards equal the
  engine's at every card of a line, and the line's end scores alike;
- the same numbers compiled and as plain Python (a digest fixed here: CI runs this file both
  ways), and clear errors for bad input.
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import atout
from atout.core import Deal
from atout.kernels import jass as kj
from services import in_ci

CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("jass", {}),
    ("jass", {"preset": "jass-txt"}),
    ("jass", {"preset": "tournament"}),
    ("jass", {"multipliers": "swiss-german", "weis_tie": "both", "big_sequences": True}),
    ("jass", {"under_trump": "strict", "buur_free": False, "low_fours": 100,
              "weis_share": True, "counting_order": "stoeck-tricks-weis"}),
    ("putze", {}),
    ("putze", {"players": 2}),
    ("putze", {"players": 3}),
    ("putze", {"players": 5}),
    ("putze", {"preset": "regle-27-v2"}),
    ("putze", {"preset": "regle-27-v3"}),
    ("putze", {"preset": "jass-txt"}),
    ("putze", {"weis_scoring": "each", "under_trump": "strict"}),
]
KERNEL_PLAYOUTS = int(os.environ.get("ATOUT_KERNEL_PLAYOUTS", "2000"))
"""Random playouts replayed by the engine in :func:`test_replayed_playouts_score_alike`."""


def in_play(game: str, options: dict[str, Any], seed: int, extra: int) -> Any:
    """A deal of ``game`` played at random (seeded) into its card play, then ``extra`` more
    random cards; None when nobody plays (a Putze deal every player passed)."""
    deal: Any = atout.make(game, **options).deal(seed=seed)
    rng = random.Random(seed)
    while not deal.is_over and deal.phase != "play":
        deal.play(rng.choice(deal.legal_actions()))
    for _ in range(extra):
        if deal.is_over:
            break
        deal.play(rng.choice(deal.legal_actions()))
    return None if deal.phase != "play" and not deal.__dict__.get("tricks") else deal


def engine_points(deal: Deal) -> list[int]:
    """What the kernel's scores are for a finished deal: a Schieber seat's team total, a Putze
    player's total."""
    result = deal.result
    assert result is not None
    if deal.rules.name == "putze":
        return [int(v) for v in result.details["totals"]]
    return [int(v) for v in result.points]


def engine_perft(deal: Deal, depth: int) -> int:
    """The engine's perft (as tests/test_perft.py counts)."""
    if depth == 0 or deal.is_over:
        return 1
    mask = deal.legal_mask()
    if depth == 1:
        return mask.bit_count()
    total = 0
    while mask:
        low = mask & -mask
        mask ^= low
        child = deal.clone()
        child.step(low.bit_length() - 1)
        total += engine_perft(child, depth - 1)
    return total


RECORDS: list[dict[str, Any]] = json.loads(
    (Path(__file__).parent / "data" / "perft.json").read_text(encoding="utf-8"))
PLAY_RECORDS = [r for r in RECORDS if r["game"] in ("jass", "putze")]


@pytest.mark.parametrize("record", PLAY_RECORDS, ids=lambda r: f"{r['game']}-{r['note'][:30]}")
def test_perft_records(record: dict[str, Any]) -> None:
    deal: Any = atout.make(record["game"], **record["options"]).deal(**record["deal"])
    for action in record["prefix"]:
        deal.play(action)
    if deal.phase != "play":
        with pytest.raises(ValueError, match="card play"):
            kj.encode(deal)
        return
    state = kj.encode(deal)
    counts = [kj.perft(state, d) for d in range(1, len(record["counts"]) + 1)]
    assert counts == record["counts"], record["note"]


@pytest.mark.parametrize(("game", "options"), CONFIGS, ids=[f"{g}-{o}" for g, o in CONFIGS])
def test_perft_random_positions(game: str, options: dict[str, Any]) -> None:
    rng = random.Random(7)
    checked = 0
    for seed in range(40):
        deal = in_play(game, options, seed, rng.randrange(0, 30))
        if deal is None:
            continue
        state = kj.encode(deal)
        for depth in (1, 2, 3):
            assert kj.perft(state, depth) == engine_perft(deal, depth), (seed, depth)
        checked += 1
        if checked == 6:
            break
    assert checked == 6


def test_replayed_playouts_score_alike() -> None:
    done = 0
    per = max(1, KERNEL_PLAYOUTS // (len(CONFIGS) * 20))
    seed = 0
    while done < KERNEL_PLAYOUTS:
        game, options = CONFIGS[seed % len(CONFIGS)]
        deal = in_play(game, options, seed, seed % 23)
        seed += 1
        if deal is None:
            continue
        state = kj.encode(deal)
        rows = kj.random_playouts(state, per, seed)
        for i in range(per):
            cards, points = kj.choices(state, seed, i)
            replay = deal.clone()
            for c in cards:
                replay.step(c)
            assert replay.is_over
            assert engine_points(replay) == points == list(rows[i]), (game, options, seed, i)
            done += 1


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(range(len(CONFIGS))), st.integers(0, 2**31), st.integers(0, 40),
       st.integers(0, 2**40))
def test_kernel_steps_as_the_engine(config: int, seed: int, extra: int, line: int) -> None:
    game, options = CONFIGS[config]
    deal = in_play(game, options, seed, extra)
    if deal is None:
        return
    state = kj.encode(deal)
    rng = random.Random(line)
    while not deal.is_over:
        mask = deal.legal_mask()
        assert kj.legal(state) == mask
        cards = [c for c in range(36) if mask >> c & 1]
        c = rng.choice(cards)
        deal.step(c)
        state = kj.step(state, c)
    assert kj.legal(state) == 0
    assert kj.scores(state) == engine_points(deal)


def test_same_numbers_compiled_or_not() -> None:
    """A digest of fixed playouts: CI runs this file compiled and with ATOUT_PURE=1, so both
    ways give these numbers."""
    deal = in_play("jass", {}, 11, 5)
    assert deal is not None
    got = kj.random_playouts(kj.encode(deal), 300, 2026)
    assert got.shape == (300, 4)
    assert [int(got[:, 0].sum()), int(got[:, 1].sum())] == DIGEST
    assert kj.choices(kj.encode(deal), 2026, 299)[1] == list(got[299])


DIGEST = [24189, 28911]


def test_compiled_as_the_environment_says() -> None:
    """Compiled exactly when numba imports and ATOUT_PURE is not 1: CI's first run is
    compiled (numba is in the test extra), its second (ATOUT_PURE=1) is not."""
    from importlib.util import find_spec

    from atout.kernels import COMPILED

    pure = os.environ.get("ATOUT_PURE") == "1"
    expected = find_spec("numba") is not None and not pure
    assert expected == COMPILED
    if in_ci() and not pure:
        assert COMPILED


def test_bad_input_is_refused_in_words() -> None:
    rules = atout.make("jass")
    with pytest.raises(ValueError, match="card play"):
        kj.encode(rules.deal(seed=1))
    with pytest.raises(ValueError, match="Jass and Putze"):
        kj.encode(atout.make("tarot").deal(seed=1))
    with pytest.raises(ValueError, match="int64 vector"):
        kj.random_playouts([1, 2, 3], 5, 0)
    deal = in_play("jass", {}, 3, 0)
    assert deal is not None
    state = kj.encode(deal)
    with pytest.raises(ValueError, match="whole number"):
        kj.random_playouts(state, -1, 0)
    with pytest.raises(ValueError, match="not legal"):
        kj.step(state, next(c for c in range(36) if not kj.legal(state) >> c & 1))
    assert kj.random_playouts(state, 0, 0).shape == (0, 4)


@pytest.mark.parametrize(("game", "options"), [("jass", {}), ("putze", {"players": 3}),
                                               ("putze", {})])
def test_batch_playouts_replay_on_the_engine(game: str, options: dict[str, Any]) -> None:
    from atout.kernels import batch, jass_batch

    got = batch.playouts(game, 40, 12, **options)
    seats = atout.make(game, **options).seats
    assert got.shape == (40, seats)
    assert (got == batch.playouts(game, 40, 12, **options)).all()
    for i, deal in enumerate(jass_batch.batch_deals(game, 40, 12, options)):
        d: Any = deal
        if d.__dict__.get("tricks") is None:  # a Putze deal nobody played
            assert list(got[i]) == [0] * seats
            continue
        cards, points = kj.choices(kj.encode(d), 12, i)
        for c in cards:
            d.step(c)
        assert engine_points(d) == points == list(got[i])


def test_batch_refuses_bad_input_in_words() -> None:
    from atout.kernels import batch

    with pytest.raises(ValueError, match="no batch kernel for 'chess'"):
        batch.playouts("chess", 3, 0)
    with pytest.raises(ValueError, match="whole number"):
        batch.playouts("jass", -2, 0)
    assert batch.playouts("jass", 0, 0).shape == (0, 4)
