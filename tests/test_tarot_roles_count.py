"""benchmarks/tarot_roles.py counts a board as ``atout tournament`` does (docs/bots.md quotes
it)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

from atout.tournament import Tournament, play_board

ROLES = Path(__file__).resolve().parent.parent / "benchmarks" / "tarot_roles.py"


def _roles() -> ModuleType:
    spec = importlib.util.spec_from_file_location("tarot_roles", ROLES)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("index", [0, 1, 2])
def test_a_board_counts_as_in_the_tournament(index: int) -> None:
    roles = _roles()
    t = Tournament("tarot", ("heuristic", "random"), deals=3, seed=1)
    board = roles.play(t, index)
    a, b = play_board(t, index).bot_points(2)
    assert [r["points"] for r in board["rotations"]] == [
        list(p) for p in play_board(t, index).points]
    assert roles.board_difference(board) == pytest.approx(a - b)
    assert a - b != 0  # a board where the bots differ, so a wrong scale would show
