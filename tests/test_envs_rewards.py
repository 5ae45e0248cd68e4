"""The documented reward scale: every deal's reward lies in [-1, 1] by default, the raw
points with ``reward_scale=1``, under random and heuristic play, in every game."""

from __future__ import annotations

from typing import Any

import pytest

from atout.bots import Bot, player_bot
from atout.envs import GAMES, Table
from atout.envs.rewards import reward_bound
from atout.envs.single import play_bots

DEALS = {"random": 300, "heuristic": 60}


def play(table: Table, names: list[str], deals: int, seed: int = 0
         ) -> list[tuple[list[float], list[float]]]:
    """Each deal's rewards per seat, and its raw points."""
    bots: list[Bot | None] = [player_bot(n, table.rules, s, seed + s)
                              for s, n in enumerate(names)]
    table.seed(seed)
    out = []
    for _ in range(deals):
        table.reset()
        paid = [0.0] * table.seats
        play_bots(table, bots, paid)
        out.append((paid, table.points()))
    return out


@pytest.mark.parametrize("bot", ["random", "heuristic"])
@pytest.mark.parametrize("game", GAMES)
def test_every_deals_reward_lies_within_the_documented_bound(game: str, bot: str) -> None:
    table = Table(game)
    assert table.reward_scale == table.reward_bound == reward_bound(game, table.rules)
    largest = 0.0
    for paid, points in play(table, [bot] * table.seats, DEALS[bot]):
        mean = sum(points) / len(points)
        for s in range(table.seats):
            assert -1.0 <= paid[s] <= 1.0, (game, points)
            assert paid[s] == pytest.approx((points[s] - mean) / table.reward_bound)
            largest = max(largest, abs(points[s] - mean))
        assert sum(paid) == pytest.approx(0.0, abs=1e-9)
    assert largest > 0  # the deals paid something: the check above was not vacuous


OPTIONS: list[tuple[str, dict[str, Any]]] = [
    ("jass", {"multipliers": "swiss-german", "big_sequences": True, "weis_share": True}),
    ("jass", {"preset": "tournament"}),
    ("putze", {"players": 5, "base": "jass-txt"}),
    ("putze", {"players": 2}),
    ("tarot", {"players": 3}),
    ("tarot", {"players": 5, "misere": 20}),
    ("pitch", {"players": 6, "partnership": True}),
    ("knock-rummy", {"players": 2, "knocker_discards": False}),
    ("knock-rummy", {"preset": "harsh"}),
]


@pytest.mark.parametrize(("game", "options"), OPTIONS,
                         ids=[f"{g}-{'-'.join(map(str, o.values()))}" for g, o in OPTIONS])
def test_the_bound_follows_the_options(game: str, options: dict[str, Any]) -> None:
    table = Table(game, **options)
    assert table.reward_bound > 0
    for paid, _ in play(table, ["random"] * table.seats, 100, seed=3):
        assert all(-1.0 <= r <= 1.0 for r in paid), (game, options)


@pytest.mark.parametrize("game", GAMES)
def test_reward_scale_one_pays_the_games_own_points(game: str) -> None:
    table = Table(game, reward_scale=1)
    assert table.reward_scale == 1.0
    beyond = 0
    for paid, points in play(table, ["random"] * table.seats, 60, seed=1):
        mean = sum(points) / len(points)
        assert paid == pytest.approx([p - mean for p in points])
        beyond += any(abs(r) > 1 for r in paid)
    assert beyond  # the points themselves go beyond 1 in every game


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_match_pays_each_deal_within_the_bound(game: str) -> None:
    table = Table(game, episode="match",
                  match_options={"deals": 3} if game == "tarot" else None)
    bots: list[Bot | None] = [player_bot("random", table.rules, s, s)
                              for s in range(table.seats)]
    table.seed(2)
    table.reset()
    game_ = table.game
    total = [0.0] * table.seats
    while (s := game_.to_move) is not None:
        bot = bots[s]
        assert bot is not None
        paid = table.play(int(bot.choose(game_.view(s))))
        assert all(-1.0 <= r <= 1.0 for r in paid)
        total = [t + r for t, r in zip(total, paid, strict=True)]
    scores = table.points()
    mean = sum(scores) / len(scores)
    assert total == pytest.approx([(p - mean) / table.reward_bound for p in scores])
