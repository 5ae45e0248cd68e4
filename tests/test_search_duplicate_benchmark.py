"""benchmarks/search_duplicate.py: the margins ``--out`` writes read back, and ``--pair``'s
board-by-board comparison of two matches, checked by hand; a file that is not one is refused
in words."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmark_helpers import load_benchmark

BENCH = load_benchmark("search_duplicate")


def _write(path: Path, margins: dict[int, float]) -> str:
    for board, margin in margins.items():
        BENCH.append_margin(str(path), board, margin)
    return str(path)


def test_margins_written_read_back_exactly(tmp_path: Path) -> None:
    path = _write(tmp_path / "a.jsonl", {7: 12.5, 3: -4.0, 8: 0.0})
    assert BENCH.read_margins(path) == {7: 12.5, 3: -4.0, 8: 0.0}


def test_pair_uses_the_boards_both_played_and_pairs_them(tmp_path: Path) -> None:
    a = BENCH.read_margins(_write(tmp_path / "a.jsonl", {0: 1.0, 1: 3.0, 2: 5.0}))
    b = BENCH.read_margins(_write(tmp_path / "b.jsonl", {0: 2.0, 1: 5.0, 2: 5.0, 3: 90.0}))
    # boards 0-2 only: A 1, 3, 5 (sd 2); B 2, 5, 5 (sd √3); B − A 1, 2, 0 (sd 1);
    # the half-width 1.96 sd / √3
    assert BENCH.paired(a, b) == [
        "A: +3.00 ± 2.26 points a deal over 3 boards",
        "B: +4.00 ± 1.96 points a deal over 3 boards",
        "B - A: +1.00 ± 1.13 points a deal over 3 boards",
    ]


def test_pair_needs_two_common_boards(tmp_path: Path) -> None:
    a = {0: 1.0, 1: 2.0}
    assert BENCH.paired(a, {1: 5.0, 4: 6.0}) == [
        "1 board(s) in both files: at least 2 are needed to pair"]


def test_a_file_that_is_not_margins_is_refused_in_words(tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"board": 0, "margin": 1.5}\n{"board": 1}\n', encoding="utf-8")
    with pytest.raises(SystemExit, match=r"line 2: expected a JSON object with a board and a "
                                         r"margin"):
        BENCH.read_margins(str(bad))
    with pytest.raises(SystemExit, match="cannot read"):
        BENCH.read_margins(str(tmp_path / "missing.jsonl"))
