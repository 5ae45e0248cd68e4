"""benchmarks/saved.py: a long run's records saved whole, one file each."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from benchmark_helpers import load_benchmark

saved = load_benchmark("saved")


def test_a_record_is_saved_whole_and_read_back(tmp_path: Path) -> None:
    path = tmp_path / "00042.json"
    record = {"index": 42, "points": [1.5, -1.5], "opponents": ["heuristic"]}
    saved.save_record(path, record)
    assert json.loads(path.read_text(encoding="utf-8")) == record
    assert [p.name for p in tmp_path.iterdir()] == ["00042.json"]  # no temporary file left


def test_a_record_that_cannot_be_written_leaves_no_file(tmp_path: Path) -> None:
    path = tmp_path / "00007.json"
    bad: dict[str, Any] = {"index": 7, "seat": object()}  # not JSON
    with pytest.raises(TypeError):
        saved.save_record(path, bad)
    assert not path.exists()  # a resumed run plays this board again


def test_another_runs_file_for_the_same_record_is_not_taken(tmp_path: Path) -> None:
    path = tmp_path / "00747.json"
    other = tmp_path / f"00747.json.{os.getpid() + 1}.tmp"  # another process, the same board
    other.write_text("{\"index\": 747", encoding="utf-8")
    saved.save_record(path, {"index": 747})
    assert json.loads(path.read_text(encoding="utf-8")) == {"index": 747}
    assert other.read_text(encoding="utf-8") == "{\"index\": 747"  # still its own
