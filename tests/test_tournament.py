"""Tournaments: duplicate seating, the same results however they run, sound statistics."""

from __future__ import annotations

import importlib.util
import json
import math
from pathlib import Path

import pytest

import atout
from atout.tournament import (
    Board,
    Tournament,
    TournamentResult,
    bradley_terry,
    mean_ci,
    play_board,
    run,
    seat_lineups,
)
from cli_helpers import invoke

JASS = atout.make("jass")
SMALL = Tournament("jass", ("heuristic", "random"), deals=6, seed=3)


def test_jass_seats_one_bot_per_team_and_swaps_the_sides() -> None:
    assert seat_lineups(JASS, 2) == [(0, 1, 0, 1), (1, 0, 1, 0)]
    with pytest.raises(ValueError, match="2 teams"):
        seat_lineups(JASS, 3)


def test_a_board_plays_the_same_cards_with_the_sides_swapped() -> None:
    board = play_board(SMALL, 0)
    assert len(board.points) == 2
    deal = JASS.deal(seed=board.seed)
    first = set(deal.view(0).hand)
    assert first  # the same seed gives the same cards in both seatings
    # Jass points are team points: seats 0 and 2 share them
    for pts in board.points:
        assert pts[0] == pts[2] and pts[1] == pts[3]
    a, b = board.bot_points(2)
    assert a == (board.points[0][0] + board.points[1][1]) / 2
    assert b == (board.points[0][1] + board.points[1][0]) / 2
    assert sum(board.decisions) > 0


def test_results_do_not_depend_on_the_number_of_processes() -> None:
    one = run(SMALL, workers=1, chunk=1)
    two = run(SMALL, workers=2, chunk=2)
    assert [b.points for b in one.boards] == [b.points for b in two.boards]
    assert [b.index for b in two.boards] == list(range(6))
    other = run(Tournament("jass", ("heuristic", "random"), deals=6, seed=4), workers=1)
    assert [b.points for b in one.boards] != [b.points for b in other.boards]


@pytest.mark.skipif(importlib.util.find_spec("ray") is None,
                    reason="the ray extra is not installed (pip install 'atout[ray]')")
def test_a_small_tournament_on_a_local_ray_instance_gives_the_same_results() -> None:
    import ray

    t = Tournament("jass", ("heuristic", "random"), deals=4, seed=3)
    ray.init(num_cpus=1, include_dashboard=False, log_to_driver=False)
    try:
        on_ray = run(t, ray_address="local", chunk=2)
    finally:
        ray.shutdown()
    local = run(t, workers=1)
    assert [b.points for b in on_ray.boards] == [b.points for b in local.boards]


def test_statistics() -> None:
    m, ci = mean_ci([1.0, 2.0, 3.0, 4.0])
    assert m == 2.5
    assert ci == pytest.approx(1.959963984540054 * math.sqrt(5 / 3) / 2)
    r = bradley_terry([[0, 3], [1, 0]])
    assert r[0] - r[1] == pytest.approx(400 * math.log10(3), abs=0.01)
    assert sum(r) / 2 == pytest.approx(1500)


def test_summaries_of_a_known_result() -> None:
    boards = tuple(Board(i, i, ((0, 1, 0, 1), (1, 0, 1, 0)),
                         ((100.0, 57.0, 100.0, 57.0), (60.0, 97.0, 60.0, 97.0)),
                         (10, 10), (0.1, 0.2)) for i in range(4))
    res = TournamentResult(Tournament("jass", ("a", "b"), deals=4), boards)
    a, b = res.summaries()
    assert a.mean == pytest.approx(98.5) and b.mean == pytest.approx(58.5)
    assert a.share == pytest.approx(98.5 / 157)
    assert a.win_rate == 1.0 and b.win_rate == 0.0
    assert a.rating > b.rating
    d, ci = res.difference()
    assert d == pytest.approx(40.0) and ci == 0.0


def test_tournament_errors_in_words() -> None:
    with pytest.raises(ValueError, match="at least two bots"):
        Tournament("jass", ("search",), deals=1)
    with pytest.raises(ValueError, match="unknown bot"):
        run(Tournament("jass", ("heuristic", "genius"), deals=1), workers=1)


def test_the_command_prints_the_table_and_saves_plot_and_json(tmp_path: Path) -> None:
    out_json = tmp_path / "t.json"
    png = tmp_path / "t.png"
    args = ["tournament", "jass", "--bots", "heuristic,random", "--deals", "4", "--seed", "2",
            "--workers", "1", "--json", str(out_json)]
    if importlib.util.find_spec("matplotlib") is not None:
        args += ["--plot", str(png)]
    else:
        args += ["--no-plot"]
    result = invoke(args)
    assert result.exit_code == 0, result.output
    assert "heuristic" in result.output and "95% CI" in result.output
    saved = json.loads(out_json.read_text())
    assert saved["bots"] == ["heuristic", "random"] and len(saved["boards"]) == 4
    if importlib.util.find_spec("matplotlib") is not None:
        assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    bad = invoke(["tournament", "jass", "--bots", "heuristic,genius",
                  "--deals", "1", "--no-plot"])
    assert bad.exit_code != 0 and "unknown bot" in bad.output


def test_difference_is_paired_by_board() -> None:
    # Bot a scores p and bot b scores q on every table of board i: the boards swing a lot
    # (70 to 130 for a), the difference little (40, 50, 30, 40). Paired by board, the CI is
    # that of the differences: sd = sqrt((0 + 100 + 100 + 0) / 3) = 8.165, CI = 1.96 × 8.165
    # / 2 = 8.00. Unpaired it would be 1.96 × sqrt(625 / 4 + 291.7 / 4) = 29.7.
    p = (100.0, 130.0, 70.0, 110.0)
    q = (60.0, 80.0, 40.0, 70.0)
    boards = tuple(Board(i, i, ((0, 1, 0, 1), (1, 0, 1, 0)),
                         ((p[i], q[i], p[i], q[i]), (q[i], p[i], q[i], p[i])),
                         (10, 10), (0.1, 0.2)) for i in range(4))
    res = TournamentResult(Tournament("jass", ("a", "b"), deals=4), boards)
    d, ci = res.difference()
    assert d == pytest.approx(40.0)
    assert ci == pytest.approx(1.959964 * math.sqrt(200 / 3) / 2, rel=1e-4)
    d, ci = res.difference(1, 0)
    assert d == pytest.approx(-40.0) and ci == pytest.approx(8.0, abs=0.01)
