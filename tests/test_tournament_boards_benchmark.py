"""benchmarks/tournament_boards.py: the split by the opening seat of ``sum --versus`` at two
seats, and ``sum --first`` (its ``run --set`` is benchmarks/variants.py's, tested in
tests/test_variants_benchmark.py)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from atout.tournament import Board
from benchmark_helpers import load_benchmark

BENCH = load_benchmark("tournament_boards")
SAVED = load_benchmark("saved")


def test_first_bot_reads_the_seating_where_it_opened() -> None:
    # board 4: dealt by seat 0, seat 1 opens; board 5: dealt by seat 1, seat 0 opens
    lineups = ((0, 1), (1, 0))
    even = Board(4, 0, lineups, ((3.0, -3.0), (-7.0, 7.0)), (1, 1), (0.0, 0.0))
    odd = Board(5, 0, lineups, ((3.0, -3.0), (-7.0, 7.0)), (1, 1), (0.0, 0.0))
    assert BENCH.first_bot(even, True) == 7.0 and BENCH.first_bot(even, False) == 3.0
    assert BENCH.first_bot(odd, True) == 3.0 and BENCH.first_bot(odd, False) == 7.0


def test_sum_counts_from_the_first_board_given(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    """``sum --first K`` counts the boards from K without a gap (boards kept apart to check a
    choice made on the first ones); without it, from board 0."""
    lineups = [[0, 1], [1, 0]]
    for index, points in ((0, 1.0), (2, 4.0), (3, 6.0), (5, 100.0)):
        SAVED.save_record(tmp_path / f"{index:05d}.json", {
            "index": index, "seed": index, "lineups": lineups,
            "points": [[points, -points], [-points, points]], "decisions": [1, 1],
            "seconds": [0.0, 0.0]})

    def summed(*extra: str) -> str:
        monkeypatch.setattr(sys, "argv", ["tournament_boards.py", "sum", "knock-rummy",
                                          "search,heuristic", "1", str(tmp_path),
                                          "--players", "2", *extra])
        BENCH.main()
        return capsys.readouterr().out

    assert "boards 0 to 0 of seed 1" in summed()  # board 1 is missing
    out = summed("--first", "2")
    assert "boards 2 to 3 of seed 1" in out, out  # board 4 is missing: 5 is not counted
    # the first bot takes a board's points in both seatings: boards 2 and 3 alone make
    # (4 + 6) / 2 = 5 a deal, 10 over the other bot (board 0's 1 and board 5's 100 left out)
    assert "search - heuristic: +10.000" in out, out
    assert "no board from 7 yet" in summed("--first", "7")
