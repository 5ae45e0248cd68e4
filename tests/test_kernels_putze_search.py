"""The Putze search's kernel: random card play batched, scored in putzes as the engine.

The kernel's playouts are replayed card for card through the engine (the cards of
:func:`atout.kernels.jass.choices` from the state after each candidate card, on the stream
the kernel used), and each replay's engine result valued by the search's evaluator must be
the kernel's value. CI runs this file compiled and with ``ATOUT_PURE=1``; the pinned sums
are the same both ways.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import atout
from atout.bots import make_bot
from atout.bots.parts import side_value
from atout.bots.putze import kernel as bridge
from atout.bots.putze.search import putze_rollout_to_play
from atout.bots.search import SearchBot
from atout.core import Deal
from atout.games.putze.scoring import award as engine_award
from atout.kernels import putze_search as ps
from atout.kernels.jass import choices, encode, step
from atout.kernels.rand import fold_seed

TABLES: list[dict[str, Any]] = [
    {"players": 2}, {"players": 3}, {}, {"players": 5},
    {"players": 5, "base": "jass-txt"}, {"players": 5, "dealer_sits_out": True},
    {"players": 3, "under_trump": "strict", "weis_scoring": "each", "tie_overflow": "all"},
    {"players": 2, "talon": "better-cards", "pomme_below": 31, "all_under": "nothing"},
]


def positions(options: dict[str, Any], count: int, tricks: int = 0) -> list[Deal]:
    """Deals of a table in their card play (the heuristic's choices before it), then up to
    ``tricks`` random cards into it; none over."""
    rules = atout.make("putze", **options)
    out = []
    for seed in range(count):
        deal = rules.deal(seed=seed)
        putze_rollout_to_play(deal)
        rng = random.Random(seed)
        for _ in range(seed % (tricks + 1)):
            if deal.to_move is None:
                break
            deal.step(rng.choice([c for c in range(36) if deal.legal_mask() >> c & 1]))
        if deal.to_move is not None:
            out.append(deal)
    return out


def replayed(deal: Deal, card: int, seed: int, index: int, seat: int) -> float:
    """The value for ``seat`` of the kernel's playout ``index`` after ``card``, replayed by
    the engine."""
    cards, _ = choices(step(encode(deal), card), seed, index)
    copy = deal.clone()
    copy.step(card)
    for c in cards:
        copy.step(c)
    assert copy.is_over
    return side_value(copy.result, seat)


@pytest.mark.parametrize("options", TABLES)
def test_the_kernel_values_are_the_engines_replayed(options: dict[str, Any]) -> None:
    deals = positions(options, 30, tricks=12)[:8]
    assert len(deals) >= 4
    seed, reuse = fold_seed(2024), 3
    compared = 0
    for deal in deals:
        seat = deal.to_move
        assert seat is not None
        cards = [c for c in range(36) if deal.legal_mask() >> c & 1]
        got = ps.rollouts(np.stack([encode(deal)]), cards, reuse, seed, seat,
                          np.stack([ps.scoring(deal)]))
        for j, c in enumerate(cards):
            expected = sum(replayed(deal, c, seed, r, seat) for r in range(reuse))
            assert got[0, j] == pytest.approx(expected, abs=1e-9), (options, deal.setup, c)
            compared += 1
    assert compared >= 10


def test_the_kernels_award_is_the_engines() -> None:
    rng = random.Random(7)
    for _ in range(3000):
        n = rng.randrange(2, 7)
        players = [s for s in range(n) if rng.random() < 0.8]
        rng.shuffle(players)
        putzes = rng.randrange(0, 5)
        bonus = rng.choice(ps.BONUS_NAMES)
        below = rng.choice((0, 21, 40))
        all_under = rng.choice(("pomme", "nothing"))
        tie = rng.choice(("nobody", "all"))
        dealer = rng.choice((-1, rng.randrange(n)))
        totals = [rng.choice((0, 10, 21, 40, 57, 57, 80, rng.randrange(160))) for _ in range(n)]
        if bonus == "jass-txt-5" and len(players) > 5:
            continue
        gained, pommes = engine_award(totals, players, putzes, bonus, below, all_under, tie)
        if dealer >= 0:
            gained[dealer] += 1
        row = np.zeros(ps.SCORING, dtype=np.int64)
        row[:] = [sum(1 << s for s in players), putzes, ps.BONUS_NAMES.index(bonus), below,
                  all_under == "nothing", tie == "all", dealer]
        assert ps.award(totals, row) == [g - p for g, p in zip(gained, pommes, strict=True)], \
            (totals, players, putzes, bonus, below, all_under, tie, dealer)


def test_the_scoring_row_reads_the_deal() -> None:
    deal = positions({"players": 5, "base": "jass-txt"}, 4)[0]
    row = ps.scoring(deal)
    plan = deal.plan  # type: ignore[attr-defined]
    assert row[ps.SC_PLAYERS] == sum(1 << s for s in deal.players())  # type: ignore[attr-defined]
    assert row[ps.SC_PUTZES] == plan.putzes
    assert ps.BONUS_NAMES[row[ps.SC_BONUS]] == plan.pomme_bonus


def test_the_batched_rollouts_sum_the_worlds() -> None:
    deals = [d for d in positions({}, 10) if d.to_move == positions({}, 10)[0].to_move]
    seat = deals[0].to_move
    assert seat is not None
    common = [c for c in range(36) if all(d.legal_mask() >> c & 1 for d in deals)]
    deals = [d for d in deals if all(d.legal_mask() >> c & 1 for c in common)]
    actions = [deals[0].rules.actions[c] for c in common]
    got = bridge.batch_rollouts(deals, actions, 2, seat, 11)
    each = ps.rollouts(np.stack([encode(d) for d in deals]), common, 2, 11, seat,
                       np.stack([ps.scoring(d) for d in deals]))
    assert got == pytest.approx(list(each.sum(axis=0)))


def test_bad_input_is_said_in_words() -> None:
    deal = positions({}, 10)[0]
    state = np.stack([encode(deal)])
    row = np.stack([ps.scoring(deal)])
    with pytest.raises(ValueError, match="rows of 64"):
        ps.rollouts(state[:, :10], [0], 1, 0, 0, row)
    with pytest.raises(ValueError, match="one scoring row"):
        ps.rollouts(state, [0], 1, 0, 0, row[:, :3])
    with pytest.raises(ValueError, match="card indices"):
        ps.rollouts(state, [36], 1, 0, 0, row)
    with pytest.raises(ValueError, match="Putze deals"):
        ps.scoring(atout.make("jass").deal(seed=1))
    with pytest.raises(ValueError, match="2 to 6 seats"):
        ps.award([1], row[0])


def _choices(spec: str, seed: int) -> list[str]:
    rules = atout.make("putze")
    deal = rules.deal(seed=seed)
    putze_rollout_to_play(deal)
    out: list[str] = []
    while deal.to_move is not None and len(out) < 6:
        seat = deal.to_move
        bot = make_bot(spec, rules, seat, seed)
        assert isinstance(bot, SearchBot)
        view = deal.view(seat)
        action = bot.choose(view)
        out.append(f"{action.text}/{bot.total_playouts}")
        deal.step(int(action))
    return out


def test_the_kernel_search_repeats_by_seed_and_counts_its_playouts() -> None:
    spec = "search:playouts=60:kernel=1"
    first = _choices(spec, 3)
    assert first == _choices(spec, 3)
    # each sample's cards: the kernel's 4 playouts where the Python rollouts' budget counts 2
    assert any(int(c.split("/")[1]) > 60 for c in first)


def test_the_search_on_its_default_waits_for_nothing_in_the_tests() -> None:
    rules = atout.make("putze")
    bot = SearchBot(rules, 0, 1)
    assert bot.kernel == bridge.KERNEL_DEFAULT
    assert bot.kernel_when_ready == bridge.KERNEL_DEFAULT
    assert bot.kernel_reuse == bridge.REUSE
    assert SearchBot(rules, 0, 1, kernel=0).kernel is False
