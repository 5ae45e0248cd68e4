"""Shared checks of a game's kernel against its checked engine (tests/test_kernels_*.py).

A game's kernel module exposes ``encode``, ``legal_mask``, ``step``, ``random_playouts`` and
``choices`` (see docs/performance.md); these helpers compare them with the engine: perft
counts, legal masks along a playout, and the scores of the kernel's playouts replayed by the
engine.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest

import atout
from atout.core import Deal
from atout.kernels.jass_batch import first_deal_seed

RECORDS: list[dict[str, Any]] = json.loads(
    (Path(__file__).parent / "data" / "perft.json").read_text(encoding="utf-8"))


def records(game: str) -> list[dict[str, Any]]:
    """The perft positions of ``game`` in tests/data/perft.json."""
    return [r for r in RECORDS if r["game"] == game]


def position(record: dict[str, Any]) -> Deal:
    """The engine's deal of a perft record, its prefix played."""
    deal = atout.make(record["game"], **record["options"]).deal(**record["deal"])
    for action in record["prefix"]:
        deal.play(action)
    return deal


def reached(game: str, options: dict[str, Any], seed: int, prefix: int) -> Deal:
    """A deal of ``game`` dealt from ``seed``, then up to ``prefix`` random legal actions
    (drawn from numpy's generator on the same seed) into it: a random reachable position."""
    deal = atout.make(game, **options).deal(seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(prefix):
        if deal.is_over:
            break
        actions = deal.legal_actions()
        deal.play(actions[int(rng.integers(len(actions)))])
    return deal


def jass_mid_deal(seed: int, cards: int, options: dict[str, Any] | None = None) -> Any:
    """A Jass deal (dealer ``seed % 4``) with trump chosen and ``cards`` random cards played,
    every choice drawn from ``random.Random(seed)``."""
    deal: Any = atout.make("jass", **(options or {})).deal(seed=seed, dealer=seed % 4)
    rng = random.Random(seed)
    while deal.phase != "play":
        deal.play(rng.choice(deal.legal_actions()))
    for _ in range(cards):
        deal.play(rng.choice(deal.legal_actions()))
    return deal


def kernel_perft(kernel: ModuleType, state: np.ndarray, depth: int) -> int:
    """Perft over the kernel's own ``legal_mask`` and ``step``."""
    mask = int(kernel.legal_mask(state))
    if depth == 0 or mask == 0:
        return 1
    if depth == 1:
        return mask.bit_count()
    total = 0
    while mask:
        a = (mask & -mask).bit_length() - 1
        mask &= mask - 1
        child = state.copy()
        kernel.step(child, a)
        total += kernel_perft(kernel, child, depth - 1)
    return total


def replay(deal: Deal, actions: list[int]) -> tuple[float, ...]:
    """The engine's points after playing ``actions`` (each checked) on a clone of ``deal``."""
    copy = deal.clone()
    for a in actions:
        copy.play(a)
    assert copy.is_over, "the kernel's playout stopped before the end"
    return tuple(float(p) for p in copy.result.points)


def agree(kernel: ModuleType, deal: Deal, n: int, seed: int, **extra: Any) -> int:
    """Replay ``n`` of the kernel's random playouts of ``deal`` by the engine; the number of
    them whose points differ (0 when the kernel and the engine agree). ``extra``: keywords
    of the kernel's playouts (Knock Rummy's restock orders)."""
    state = kernel.encode(deal)
    points = kernel.random_playouts(state, n, seed, **extra)
    assert points.shape == (n, deal.seats)
    bad = 0
    cut = getattr(kernel, "was_cut", None)  # a playout cut short is not compared
    for i in range(n):
        actions = kernel.choices(state, seed, i, **extra)
        if cut is not None and cut(state, seed, i, **extra):
            continue
        if replay(deal, actions) != tuple(float(p) for p in points[i]):
            bad += 1
    return bad


def masks_agree(kernel: ModuleType, deal: Deal, seed: int, **extra: Any) -> None:
    """Play one random playout in both, asserting equal legal masks at every step, and that
    a state encoded afresh at each step equals the one the kernel stepped to."""
    state = kernel.encode(deal)
    deal = deal.clone()
    actions = kernel.choices(state, seed, 0, **extra)
    cut = getattr(kernel, "was_cut", None)
    if cut is not None and cut(state, seed, 0, **extra):
        actions = actions[:60]  # a playout cut short: its start only
    for a in actions:
        assert int(kernel.legal_mask(state)) == deal.legal_mask()
        assert np.array_equal(kernel.encode(deal), state)
        kernel.step(state, a, **extra)
        deal.play(a)
    assert np.array_equal(kernel.encode(deal), state)
    assert deal.is_over == (int(kernel.legal_mask(state)) == 0)


def batch_agrees(kernel: ModuleType, deal: Deal, k: int, seed: int) -> bool:
    """Whether ``rollouts`` of ``k`` copies of ``deal``'s state (one call) equals
    ``random_playouts`` of the state ``k`` times, row by row."""
    state = kernel.encode(deal)
    stacked = np.stack([state] * k)
    return bool(np.array_equal(kernel.rollouts(stacked, seed),
                               kernel.random_playouts(state, k, seed)))


def sequence_deal(game: str, seed: int, k: int, **options: Any) -> Any:
    """Deal ``k`` of the sequence of ``seed`` (the deals a kernel vector environment reset
    from ``seed`` deals its rows, by index), by the engine."""
    rules = atout.make(game, **options)
    return rules.deal(seed=first_deal_seed(seed) + k, dealer=k % rules.seats)


def reset_env(game: str, n: int, kind: type[Any], obs_size: int, actions: int, seed: int = 3,
              **options: Any) -> tuple[Any, Any]:
    """A kernel vector environment of ``n`` tables of ``game`` (from
    :func:`~atout.envs.kernel.kernel_vector_env`, of class ``kind``) reset from ``seed``,
    checked to give ``n`` observations of ``obs_size`` entries and masks of ``actions``;
    the environment and its first batch."""
    from atout.envs.kernel import kernel_vector_env

    env = kernel_vector_env(n, game=game, seed=seed, **options)
    assert isinstance(env, kind)
    batch = env.reset(seed)
    assert batch.observations.shape == (n, obs_size)
    assert batch.masks.shape == (n, actions)
    return env, batch


def rows_play_as_the_engine(env: Any, batch: Any, deals: list[Any],
                            next_deal: Callable[[int], Any], steps: int, cards: int) -> int:
    """Step a kernel vector environment (``batch``: its reset's) ``steps`` times beside the
    engine's ``deals`` (one a row), a random legal action a row: before each step, each row's
    mask is its deal's legal actions, its seat the seat to move, the observation's first
    ``cards`` entries the hand of that seat; after it, a finished row's points and rewards
    are the engine's result (no reward before), and its deal is then ``next_deal`` of the
    row's deal index. The number of deals finished."""
    rng = random.Random(1)
    finished = 0
    for _ in range(steps):
        for i, deal in enumerate(deals):
            assert list(np.flatnonzero(batch.masks[i])) == [int(a) for a in deal.legal_actions()]
            assert batch.seats[i] == deal.to_move
            hand = deal.hands[deal.to_move]
            assert [c for c in range(cards) if batch.observations[i, c]] == \
                [c for c in range(cards) if hand >> c & 1]
        picks = [int(rng.choice(deal.legal_actions())) for deal in deals]
        for deal, a in zip(deals, picks, strict=True):
            deal.play(deal.rules.actions[a])
        batch = env.step(np.array(picks))
        finished += len(ends_as_the_engine(env, batch, deals, next_deal))
    return finished


def sequence_plays_as_the_engine(game: str, n: int, kind: type[Any], obs_size: int,
                                 actions: int, steps: int, cards: int,
                                 **options: Any) -> int:
    """:func:`rows_play_as_the_engine` for a kernel vector environment of ``n`` tables of
    ``game`` reset from seed 3 (:func:`reset_env`) beside the engine's deals of that
    sequence (:func:`sequence_deal`); the number of deals finished."""
    env, batch = reset_env(game, n, kind, obs_size, actions, **options)
    deals = [sequence_deal(game, 3, i, **options) for i in range(n)]
    return rows_play_as_the_engine(env, batch, deals,
                                   lambda k: sequence_deal(game, 3, k, **options), steps,
                                   cards)


def ends_as_the_engine(env: Any, batch: Any, deals: list[Any],
                       next_deal: Callable[[int], Any]) -> list[Any]:
    """After a step of a kernel vector environment beside the engine's ``deals`` (one a
    row, each already played): a row is done exactly when its deal is over, then with the
    engine's points as its points and rewards (no reward before), and its deal is replaced
    by ``next_deal`` of the row's deal index. The deals that finished."""
    ended = []
    for i, deal in enumerate(deals):
        assert batch.dones[i] == deal.is_over
        if deal.is_over:
            assert list(batch.points[i]) == list(deal.result.points)
            assert list(batch.rewards[i]) == list(deal.result.points)
            ended.append(deal)
            deals[i] = next_deal(env.deal_index(i))
        else:
            assert not batch.rewards[i].any()
    return ended


def refuses_bad_actions(env: Any, row: int, word: str) -> list[int]:
    """Check that a kernel vector environment of three tables (reset here from seed 0)
    refuses, in words and without playing anything, a step whose ``row`` holds an action its
    mask refuses (the error names the row and ``word``: "card", "action") and a step with
    one action too few. Each row's first legal action (a good step, not played)."""
    batch = env.reset(0)
    assert len(batch.masks) == 3, "the check wants an environment of three tables"
    good = [int(np.flatnonzero(batch.masks[i])[0]) for i in range(3)]
    bad = list(good)
    bad[row] = next(a for a in range(batch.masks.shape[1]) if not batch.masks[row, a])
    before = env.states.copy()
    with pytest.raises(ValueError, match=f"row {row}: {word}"):
        env.step(bad)
    assert (env.states == before).all()  # nothing played
    with pytest.raises(ValueError, match="one action per table"):
        env.step(good[:2])
    assert (env.states == before).all()
    return good


def searched(bot: Callable[..., Any], view: Any, **params: Any) -> Any:
    """The ``last`` (each action's value and playouts) of the search ``bot(**params)`` once
    it chose at ``view``."""
    search = bot(**params)
    search.choose(view)
    return search.last


def default_switches_once_ready(bot: Callable[..., Any], view: Any,
                                stand_in: Callable[[], list[bool]],
                                default: bool) -> tuple[Any, Any] | None:
    """Check that a search on its kernel by default plays its Python rollouts while the
    kernel is not ready and the kernel's once it is. ``bot(**params)`` builds the search
    (``kernel=0``: never on the kernel; ``kernel=1``: on it, waiting for it), ``view`` is
    the decision it makes, ``stand_in()`` replaces the game's readiness by one that says no
    at its first asking without ``wait`` and yes after, and gives the list of its askings'
    ``wait``; ``default`` is the game's ``KERNEL_DEFAULT``. Where the kernel is not the
    default (numba missing, ``ATOUT_PURE=1``) the search plays its Python rollouts and never
    asks. The searches' ``last`` with the Python rollouts and with the kernel's (their
    askings cleared), or None where the kernel is not the default."""
    python = searched(bot, view, kernel=0)
    on_kernel = searched(bot, view, kernel=1)
    assert python != on_kernel
    asked = stand_in()
    first = bot()
    assert first.kernel == default
    if not first.kernel:  # the Python rollouts, readiness never asked
        assert searched(bot, view) == python and not asked
        return None
    assert first.kernel_when_ready
    first.choose(view)
    assert first.last == python  # not ready yet: the Python rollouts
    again = bot()
    again.choose(view)
    assert again.last == on_kernel  # ready: the kernel's rollouts
    asked.clear()
    return python, on_kernel


def action_ids(deal: Deal) -> list[int]:
    """The legal action ids of ``deal``, lowest first."""
    mask = deal.legal_mask()
    return [a for a in range(mask.bit_length()) if mask >> a & 1]


def tarot_in_play(options: dict[str, Any], seed: int, more: Callable[[Any], int],
                  choose: Callable[[Any, random.Random], int] | None = None) -> Any:
    """A Tarot deal of ``options`` brought into its card play (each action before it by
    ``choose(deal, rng)``, at random without it; a deal every seat passed is dealt again),
    then a random number of actions more, below ``more(deal)``."""
    from atout.kernels import tarot as kt

    rules = atout.make("tarot", **options)
    rng = random.Random(seed)
    for k in range(50):
        deal: Any = rules.deal(seed=seed * 100 + k, dealer=seed % rules.seats)
        while deal.to_move is not None and deal.phase != kt.PH_PLAY:
            deal.step(choose(deal, rng) if choose else rng.choice(action_ids(deal)))
        if deal.to_move is None:
            continue
        for _ in range(rng.randrange(more(deal))):
            deal.step(rng.choice(action_ids(deal)))
            if deal.to_move is None:
                break
        if deal.to_move is not None:
            return deal
    raise AssertionError("no deal reached its card play")


def tarot_mask(row: Any, lo: int, hi: int) -> int:
    """A card mask of a Tarot kernel state's two words (``lo``: cards 0-55, ``hi``: 56-77)."""
    return int(row[lo]) | int(row[hi]) << 56


def tarot_replayed(deal: Any, hands: list[int], chien: int, ecart: int) -> Any:
    """The engine's Tarot deal from ``hands`` as dealt and ``chien``, replayed through
    ``deal``'s history, its hidden discards taken from ``ecart`` (lowest first): the kernel's
    encoding of the result, or None when an action is illegal there."""
    from atout.games.tarot.tables import A_DISCARD, A_PASS
    from atout.kernels import tarot as kt

    again = deal.rules.deal_from_masks(hands, chien, dealer=deal.dealer)
    discards = [c for c in range(78) if ecart >> c & 1]
    for action in deal.history:
        a = int(action)
        if A_DISCARD <= a < A_PASS:
            a = A_DISCARD + discards.pop(0)
        if not again.legal_mask() >> a & 1:
            return None
        again.step(a)
    return kt.encode(again)


def search_samples_in_the_kernel(monkeypatch: pytest.MonkeyPatch, module: ModuleType,
                                 name: str, worlds: Callable[[Any], int], rules: Any,
                                 deals: list[Any], spec: str = "search:playouts=80",
                                 last: bool = False, as_kernel_off: bool = False) -> None:
    """Check that the search ``spec`` with ``kernel=1`` takes every round's worlds from the
    kernel's ``module.name`` (``worlds(answer)``: how many that call dealt, 0 for none) and
    decides the same twice for a seed (``action/playouts``, and ``/last`` with ``last``),
    and that ``kworlds=0`` never calls it (with ``as_kernel_off``: decides as ``kernel=0``,
    the Python sampler and rollouts)."""
    from atout.bots import make_bot
    from atout.bots.search import SearchBot

    calls: list[int] = []
    real = getattr(module, name)

    def counted(*args: Any) -> Any:
        got = real(*args)
        calls.append(worlds(got))
        return got

    monkeypatch.setattr(module, name, counted)

    def decide(options: str) -> list[str]:
        out = []
        for deal in deals:
            seat = deal.to_move
            assert seat is not None
            bot = make_bot(spec + options, rules, seat, 5)
            assert isinstance(bot, SearchBot)
            said = f"{bot.choose(deal.view(seat)).text}/{bot.total_playouts}"
            out.append(f"{said}/{bot.last}" if last else said)
        return out

    first = decide(":kernel=1")
    assert calls and all(calls)  # every round's worlds came from the kernel
    assert first == decide(":kernel=1")
    calls.clear()
    python = decide(":kernel=1:kworlds=0")
    if as_kernel_off:
        assert python == decide(":kernel=0")
    assert calls == []  # the Python sampler's deals only
