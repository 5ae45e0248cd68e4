"""benchmarks/tournament_boards.py: ``run --set`` (a module constant for a variant) and the
split by the opening seat of ``sum --versus`` at two seats."""

from __future__ import annotations

import pytest

import atout
from atout.bots.knock_rummy import search
from atout.tournament import Board
from benchmark_helpers import load_benchmark

BENCH = load_benchmark("tournament_boards")


def test_set_constant_sets_a_literal_or_a_string_and_refuses_in_words(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(search, "OWN_GAP", search.OWN_GAP)
    monkeypatch.setattr(search, "KNOCK_READ", search.KNOCK_READ)
    BENCH.set_constant("atout.bots.knock_rummy.search.OWN_GAP=0")
    assert search.OWN_GAP == 0
    BENCH.set_constant("atout.bots.knock_rummy.search.KNOCK_READ=mixture")
    assert search.KNOCK_READ == "mixture"
    assert search.KnockRummyDeterminizer(atout.make("knock-rummy")).threshold.__name__ == (
        "mixture")
    with pytest.raises(SystemExit, match="has no"):
        BENCH.set_constant("atout.bots.knock_rummy.search.NO_SUCH=1")
    with pytest.raises(SystemExit, match=r"MODULE\.NAME=VALUE"):
        BENCH.set_constant("OWN_GAP")


def test_first_bot_reads_the_seating_where_it_opened() -> None:
    # board 4: dealt by seat 0, seat 1 opens; board 5: dealt by seat 1, seat 0 opens
    lineups = ((0, 1), (1, 0))
    even = Board(4, 0, lineups, ((3.0, -3.0), (-7.0, 7.0)), (1, 1), (0.0, 0.0))
    odd = Board(5, 0, lineups, ((3.0, -3.0), (-7.0, 7.0)), (1, 1), (0.0, 0.0))
    assert BENCH.first_bot(even, True) == 7.0 and BENCH.first_bot(even, False) == 3.0
    assert BENCH.first_bot(odd, True) == 3.0 and BENCH.first_bot(odd, False) == 7.0
