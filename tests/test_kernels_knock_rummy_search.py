"""The Knock Rummy search's kernel: the heuristic's rules as the rollout policy, batched.

The kernel's rollout plays the Python rollout's actions (``rummy_rollout``), so on a deal that
ends without a rebuilt stock both give the same points; its discard rule, its take-or-pass rule
and its knock threshold are the Python heuristic's. CI runs this file compiled and with
``ATOUT_PURE=1``; the pinned sums below are the same both ways.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import atout
from atout.bots import make_bot
from atout.bots.knock_rummy import kernel as bridge
from atout.bots.knock_rummy import search as py
from atout.bots.parts import side_value
from atout.bots.search import SearchBot
from atout.games.knock_rummy import DRAW_DISCARD, DRAW_STOCK, KnockRummyDeal
from atout.kernels import NUMPY
from atout.kernels import knock_rummy_search as ks
from atout.kernels.knock_rummy import encode, legal_mask
from kernel_helpers import reached

TABLES: list[dict[str, Any]] = [
    {"players": 2}, {"players": 2, "knock_limit": 10}, {"players": 3},
    {"players": 4, "knocker_discards": True, "discard_taken": True},
    {"players": 5, "tie": "next", "penalty_to": "each"},
]


def positions(options: dict[str, Any], count: int) -> list[KnockRummyDeal]:
    """Random reachable positions of a table, none over."""
    out = []
    for seed in range(count):
        deal = reached("knock-rummy", options, seed, seed % 13)
        if not deal.is_over:
            assert isinstance(deal, KnockRummyDeal)
            out.append(deal)
    return out


@pytest.mark.parametrize("options", TABLES)
def test_the_kernel_rollout_plays_the_python_rollout(options: dict[str, Any]) -> None:
    compared = 0
    for deal in positions(options, 40):
        copy = deal.clone()
        expected = py.rummy_rollout(copy, random.Random(0))
        if copy.restocks > deal.restocks:  # a rebuilt stock: the kernel shuffles its own
            continue
        got = ks.playout_points(encode(deal), bridge.draws_made(deal))
        assert got == [int(p) for p in expected.points], (options, deal.setup)
        compared += 1
    assert compared >= 20


def test_the_rules_of_thumb_are_the_python_heuristic() -> None:
    rng = random.Random(5)
    for _ in range(400):
        cards = rng.sample(range(52), rng.randrange(1, 12))
        hand = sum(1 << c for c in cards)
        allowed = sum(1 << c for c in cards if rng.random() < 0.8) or hand
        assert tuple(ks.best_discard(hand, allowed)) == py.best_discard(hand, allowed)
        top = rng.choice([c for c in range(52) if not hand >> c & 1])
        for both in (False, True):
            assert bool(ks.takes_discard(hand, top, both)) == py.takes_discard(hand, top, both)
    for rounds in (0.0, 3.5, 19.0, 27.5):
        for taken in (0, 3, 40):
            assert ks.knock_threshold(rounds, taken) == py.knock_threshold(rounds, taken)


@pytest.mark.parametrize("gap", [-1, 0, 5])
def test_batched_rollouts_add_the_python_rollouts_values(gap: int) -> None:
    deals = positions({"players": 3}, 12)[:6]
    rows = [d for d in deals if d.phase == 0]  # to draw: both draws are legal
    assert len(rows) >= 2
    seat = rows[0].turn
    rows = [d for d in rows if d.turn == seat] or rows[:1]
    actions = [DRAW_STOCK, DRAW_DISCARD]
    states = np.stack([encode(d) for d in rows])
    got = ks.rollouts(states, [bridge.draws_made(d) for d in rows], actions, 1, seat, 7,
                      ks.BASE, gap)
    expected = [0.0, 0.0]
    for d in rows:
        for j, a in enumerate(actions):
            c = d.clone()
            c.step(a)
            before = c.restocks
            result = py.rummy_rollout(c, random.Random(0), seat, gap)
            if c.restocks > before:
                pytest.skip("a rebuilt stock in this position")  # pragma: no cover
            expected[j] += side_value(result, seat)
    assert [float(v) for v in got] == pytest.approx(expected)


def test_rollouts_are_reproducible_by_seed_and_pinned() -> None:
    deals = positions({"players": 2}, 30)
    rows = [d for d in deals if d.phase == 0 and d.turn == 0][:4]
    states = np.stack([encode(d) for d in rows])
    draws = [bridge.draws_made(d) for d in rows]
    a = ks.rollouts(states, draws, [DRAW_STOCK, DRAW_DISCARD], 6, 0, 11)
    b = ks.rollouts(states, draws, [DRAW_STOCK, DRAW_DISCARD], 6, 0, 11)
    c = ks.rollouts(states, draws, [DRAW_STOCK, DRAW_DISCARD], 6, 0, 12)
    assert a.tolist() == b.tolist()
    assert a.tolist() != c.tolist()  # the further rollouts shuffle the stock by the seed
    # the same sums compiled and as plain Python (CI runs both)
    assert a.tolist() == PINNED


PINNED = [656.0, 766.0]


def test_bad_input_is_refused_in_words() -> None:
    deal = positions({"players": 2}, 3)[0]
    states = encode(deal).reshape(1, -1)
    draws = [bridge.draws_made(deal)]
    legal = legal_mask(states[0])
    action = (legal & -legal).bit_length() - 1
    with pytest.raises(ValueError, match="states are"):
        ks.rollouts(states[:, :10], draws, [action], 1, 0, 0)
    with pytest.raises(ValueError, match="one count of draws"):
        ks.rollouts(states, [1, 2], [action], 1, 0, 0)
    with pytest.raises(ValueError, match="not legal"):
        ks.rollouts(states, draws, [KNOCK_ID], 1, 0, 0)
    with pytest.raises(ValueError, match="reuse"):
        ks.rollouts(states, draws, [action], 0, 0, 0)
    with pytest.raises(ValueError, match="seat"):
        ks.rollouts(states, draws, [action], 1, 2, 0)
    with pytest.raises(ValueError, match="seed"):
        ks.rollouts(states, draws, [action], 1, 0, -1)
    with pytest.raises(ValueError, match="actions"):
        ks.rollouts(states, draws, [], 1, 0, 0)


KNOCK_ID = 54


def test_the_search_runs_on_the_kernel_and_repeats_by_seed() -> None:
    assert bridge.kernel_ready(wait=True) == bridge.kernel_ready()
    rules = atout.make("knock-rummy", players=2, knock_limit=10)
    for seed in range(3):
        choices = []
        for _ in range(2):
            deal = rules.deal(seed=seed)
            assert deal.to_move is not None
            bot = make_bot("search:playouts=60", rules, deal.to_move, seed)
            assert isinstance(bot, SearchBot) and bot.kernel == NUMPY
            out = []
            for _ in range(6):
                if deal.to_move is None:
                    break
                view = deal.view(deal.to_move)
                action = bot.choose(view) if deal.to_move == bot.seat else \
                    make_bot("heuristic", rules, deal.to_move).choose(view)
                assert action.text in view.legal
                out.append(action.text)
                deal.play(action)
            choices.append(out)
        assert choices[0] == choices[1]


def test_the_engine_stands_in_while_the_kernel_is_not_ready() -> None:
    deal = positions({"players": 2}, 30)[0]
    rows = [deal]
    actions = atout.make("knock-rummy", players=2).actions
    legal = [actions[a] for a in range(55) if deal.legal_mask() >> a & 1][:3]
    got = bridge.engine_rollouts(rows, legal, 4, deal.turn, 3, py.rummy_rollout)
    one = bridge.engine_rollouts(rows, legal, 1, deal.turn, 3, py.rummy_rollout)
    assert got == [4 * v for v in one]


def test_lay_offs_keep_the_engine() -> None:
    rules = atout.make("knock-rummy", players=2, lay_off=True)
    deal = rules.deal(seed=4)
    assert isinstance(deal, KnockRummyDeal)
    legal = [rules.actions[a] for a in range(55) if deal.legal_mask() >> a & 1]
    got = py.knock_rummy_batch([deal], legal, 2, deal.turn, 1)
    assert len(got) == len(legal)
    with pytest.raises(ValueError, match="lay_off"):
        encode(deal)


def test_the_searching_seats_own_knock_rule() -> None:
    """``own_action``: at the heuristic's base it is the heuristic's action; with a gap the
    seat knocks exactly when the deadwood it would show is that gap under the other hand's,
    else it throws the heuristic's card."""
    from atout.games.knock_rummy.melds import deadwood

    seen = {True: 0, False: 0}
    for deal in positions({"players": 2}, 160):
        if deal.phase != 1 or not deal.legal_mask() >> KNOCK_ID & 1:
            continue
        state = encode(deal)
        draws = bridge.draws_made(deal)
        heuristic = int(ks.greedy_action(state, draws))
        assert int(ks.own_action(state, draws, ks.BASE, -1)) == heuristic
        hand = deal.hands[deal.turn]
        cards = deal.legal_mask() & ((1 << 52) - 1)
        shown = py.best_discard(hand, cards)[1]
        other = deadwood(deal.hands[1 - deal.turn])
        for gap in (0, 6):
            got = int(ks.own_action(state, draws, ks.BASE, gap))
            knocks = shown + gap <= other
            assert got == (KNOCK_ID if knocks else py.best_discard(hand, cards)[0])
            seen[knocks] += 1
        # a later start knocks on more hands, never on fewer
        if heuristic == KNOCK_ID:
            assert int(ks.own_action(state, draws, ks.BASE + 20, -1)) == KNOCK_ID
    assert seen[True] >= 3 and seen[False] >= 3


def test_the_own_rule_changes_only_the_searching_seats_rollouts() -> None:
    rows = [d for d in positions({"players": 2}, 40) if d.phase == 0][:6]
    assert len(rows) >= 3
    seat = rows[0].turn
    rows = [d for d in rows if d.turn == seat]
    states = np.stack([encode(d) for d in rows])
    draws = [bridge.draws_made(d) for d in rows]
    actions = [DRAW_STOCK, DRAW_DISCARD]
    plain = ks.rollouts(states, draws, actions, 4, seat, 3)
    assert plain.tolist() == ks.rollouts(states, draws, actions, 4, seat, 3, ks.BASE, -1).tolist()
    gapped = ks.rollouts(states, draws, actions, 4, seat, 3, ks.BASE, 0)
    assert gapped.tolist() != plain.tolist()


def test_the_batch_passes_the_seats_own_knock_rule(monkeypatch: pytest.MonkeyPatch) -> None:
    """``OWN_GAP`` for every seat, ``OPENER_GAP`` (when set) for the opener at two players;
    the engine's stand-in rollout gets the same rule."""
    deal = atout.make("knock-rummy", players=2).deal(seed=3, dealer=1)
    assert isinstance(deal, KnockRummyDeal) and deal.turn == 0 and py.opened(deal)
    later = deal.clone()
    later.step(DRAW_STOCK)
    later.step(py.best_discard(later.hands[0], later.hands[0])[0])
    assert later.turn == 1 and not py.opened(later)
    got: list[tuple[int, float]] = []

    def spy(deals: Any, actions: Any, reuse: int, seat: int, seed: int, rollout: Any,
            gap: int = -1, base: float = 40.0) -> list[float]:
        got.append((gap, base))
        return [0.0] * len(actions)

    monkeypatch.setattr(py, "batch_rollouts", spy)
    draw = [atout.make("knock-rummy", players=2).actions[DRAW_STOCK]]
    monkeypatch.setattr(py, "OWN_GAP", 3)
    py.knock_rummy_batch([deal], draw, 1, 0, 0)
    py.knock_rummy_batch([later], draw, 1, 1, 0)
    monkeypatch.setattr(py, "OPENER_GAP", 0)
    py.knock_rummy_batch([deal], draw, 1, 0, 0)
    py.knock_rummy_batch([later], draw, 1, 1, 0)
    assert [g for g, _ in got] == [3, 3, 0, 3]
    assert all(b == py.BASE for _, b in got)
