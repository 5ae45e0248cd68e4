"""benchmarks/tarot_roles.py counts a board as ``atout tournament`` does (docs/bots.md and
docs/research/bots-tarot.md quote it)."""

from __future__ import annotations

import pytest

from atout.tournament import Tournament, play_board
from benchmark_helpers import load_benchmark


@pytest.mark.parametrize("index", [0, 1, 2])
def test_a_board_counts_as_in_the_tournament(index: int) -> None:
    roles = load_benchmark("tarot_roles")
    t = Tournament("tarot", ("heuristic", "random"), deals=3, seed=1)
    board = roles.play(t, index)
    a, b = play_board(t, index).bot_points(2)
    assert [r["points"] for r in board["rotations"]] == [
        list(p) for p in play_board(t, index).points]
    assert roles.board_difference(board) == pytest.approx(a - b)
    assert a - b != 0  # a board where the bots differ, so a wrong scale would show


def test_the_pairs_add_up_to_the_difference(capsys: pytest.CaptureFixture[str]) -> None:
    roles = load_benchmark("tarot_roles")
    t = Tournament("tarot", ("heuristic", "heuristic:bid=count"), deals=6, seed=1)
    boards = [roles.play(t, i) for i in range(6)]
    capsys.readouterr()
    roles.pairs(boards, ("heuristic", "heuristic:bid=count"))
    rows = capsys.readouterr().out.splitlines()[1:]
    # 6 boards of two pairs each, and per board the pairs' shares sum to the mean difference
    assert sum(int(r.split()[-4]) for r in rows) == 12
    total = sum(float(r.split()[-1]) for r in rows)
    mean = sum(roles.board_difference(b) for b in boards) / 6
    assert total == pytest.approx(mean, abs=0.01)
    assert any("heuristic:bid=count prise" in r for r in rows)  # the count bot takes prises
