"""benchmarks/variants.py: ``--set MODULE.NAME=VALUE`` sets a module's constant, or says in
words what it expected; jass_mixture.py asks a label of each bot it plays with ``--set``, so
that a variant's boards are never saved as the default's."""

from __future__ import annotations

from pathlib import Path

import pytest

import atout
from atout.bots.jass import kernel, search
from atout.bots.knock_rummy import search as rummy_search
from benchmark_helpers import load_benchmark

VARIANTS = load_benchmark("variants")
MIXTURE = load_benchmark("jass_mixture")


def test_set_constant_sets_a_literal_or_a_string_and_refuses_in_words(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rummy_search, "OWN_GAP", rummy_search.OWN_GAP)
    monkeypatch.setattr(rummy_search, "KNOCK_READ", rummy_search.KNOCK_READ)
    VARIANTS.set_constant("atout.bots.knock_rummy.search.OWN_GAP=0")
    assert rummy_search.OWN_GAP == 0
    VARIANTS.set_constant("atout.bots.knock_rummy.search.KNOCK_READ=mixture")
    assert rummy_search.KNOCK_READ == "mixture"
    assert rummy_search.KnockRummyDeterminizer(
        atout.make("knock-rummy")).threshold.__name__ == "mixture"
    with pytest.raises(SystemExit, match="has no NO_SUCH"):
        VARIANTS.set_constant("atout.bots.knock_rummy.search.NO_SUCH=1")
    with pytest.raises(SystemExit, match=r"no module atout\.bots\.nowhere"):
        VARIANTS.set_constant("atout.bots.nowhere.LOOK=1")
    with pytest.raises(SystemExit, match=r"MODULE\.NAME=VALUE"):
        VARIANTS.set_constant("OWN_GAP")


def test_the_jass_search_reads_its_variants_where_it_runs(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(kernel, "LOOK", kernel.LOOK)
    monkeypatch.setattr(search, "PLAY_TRUST", search.PLAY_TRUST)
    assert kernel.lookahead_seats(1, 4) == [1, 3]
    VARIANTS.set_constant("atout.bots.jass.kernel.LOOK=3")
    VARIANTS.set_constant("atout.bots.jass.search.PLAY_TRUST=0.4")
    assert kernel.lookahead_seats(1, 4) == [0, 1, 2, 3] and search.PLAY_TRUST == 0.4


def test_mixture_run_with_set_needs_labelled_bots(monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str],
                                                  tmp_path: Path) -> None:
    monkeypatch.setattr(kernel, "LOOK", kernel.LOOK)
    monkeypatch.setattr("sys.argv", ["jass_mixture.py", "run", "look3/search,search", "1",
                                     str(tmp_path / "boards"), "--set",
                                     "atout.bots.jass.kernel.LOOK=3"])
    with pytest.raises(SystemExit):
        MIXTURE.main()
    assert "give each bot a label" in capsys.readouterr().err
    assert kernel.LOOK == 2  # refused before anything was set or played
    assert not (tmp_path / "boards").exists()
