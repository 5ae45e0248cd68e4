"""Tournaments and simulations wait for the searches' compiled kernels before they play
(atout.bots.ready): a search plays its Python rollouts until its kernels are ready, so
without the wait a result would depend on when a compilation ends."""

from __future__ import annotations

import sys
import time
import types
from typing import Any

import pytest

import atout.tournament as tournament_module
from atout.bots.ready import KERNEL_READY, WAIT_NOTICE, kernels_ready, searches
from atout.cli import run as cli_run
from atout.tournament import Tournament, run


def test_search_specs_are_recognised_and_nothing_else() -> None:
    assert searches(["heuristic", "search:playouts=300"])
    assert searches(["search"])
    assert not searches(["heuristic", "random", "searchlight", "mypkg.agents:policy"])
    assert not searches([object()])  # a player object is not waited for


def test_a_game_without_search_kernels_has_nothing_to_wait_for() -> None:
    # every game's search has kernels now (Putze's card play too): a name without any
    assert set(KERNEL_READY) == {"jass", "putze", "tarot", "pitch", "knock-rummy"}
    assert kernels_ready("no-such-game") is False


@pytest.mark.parametrize("bots,waits", [(("search:playouts=20", "heuristic"), True),
                                        (("heuristic", "random"), False)])
def test_a_tournament_waits_for_the_kernels_only_when_a_search_plays(
        monkeypatch: pytest.MonkeyPatch, bots: tuple[str, str], waits: bool) -> None:
    asked: list[str] = []

    def ready(game: str) -> bool:
        asked.append(game)
        return False

    monkeypatch.setattr(tournament_module, "kernels_ready", ready)
    result: Any = run(Tournament("pitch", bots, deals=2, seed=3), workers=1)
    assert len(result.boards) == 2
    assert set(asked) == ({"pitch"} if waits else set())


def test_a_search_tournament_repeats_by_its_seed() -> None:
    """Pitch's search plays on its kernel by default: both runs wait for it, so they agree."""
    first = run(Tournament("pitch", ("search:playouts=40", "heuristic"), deals=3, seed=5),
                workers=1)
    second = run(Tournament("pitch", ("search:playouts=40", "heuristic"), deals=3, seed=5),
                 workers=1)
    assert [b.points for b in first.boards] == [b.points for b in second.boards]


def slow_kernels(monkeypatch: pytest.MonkeyPatch, game: str, seconds: float,
                 compiled: bool = True) -> list[bool]:
    """Make ``game``'s kernels a stand-in that takes ``seconds`` to get ready the first time
    it is waited for (then at once); the list of its calls' ``wait``."""
    calls: list[bool] = []
    module = types.ModuleType("slow_kernels")

    def kernel_ready(wait: bool = False) -> bool:
        if wait and not calls.count(True):
            time.sleep(seconds)
        calls.append(wait)
        return compiled

    module.kernel_ready = kernel_ready  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "slow_kernels", module)
    monkeypatch.setitem(KERNEL_READY, game, "slow_kernels")
    return calls


@pytest.mark.parametrize(("seconds", "compiled", "said"), [
    (0.6, True, 1), (0.0, True, 0), (0.0, False, 0)])
def test_a_wait_for_the_kernels_is_announced_only_when_it_lasts(
        monkeypatch: pytest.MonkeyPatch, seconds: float, compiled: bool, said: int) -> None:
    """The notice comes once when the kernels take longer than the grace (a compilation),
    never when they are ready at once nor when they cannot compile (no numba: nothing to
    wait for)."""
    slow_kernels(monkeypatch, "pitch", seconds, compiled)
    notices: list[str] = []
    assert kernels_ready("pitch", lambda: notices.append("waiting"), grace=0.1) is compiled
    assert len(notices) == said
    assert kernels_ready("putze", lambda: notices.append("putze")) is False
    assert len(notices) == said


@pytest.mark.parametrize(("seconds", "search", "said"), [
    (1.0, True, 1),    # a first compilation: one line
    (0.0, True, 0),    # ready at once (loaded from the cache): nothing
    (1.0, False, 0)])  # no search: no wait at all
def test_the_tournament_says_once_that_it_prepares_the_compiled_playouts(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], seconds: float,
        search: bool, said: int) -> None:
    """``atout tournament`` waits for the kernels once, before its workers start, and says so
    on stderr only when the wait lasts. (The bots are stand-ins for a search, so that no
    real kernel compiles here: :func:`searches` is what tells the command that one plays.)"""
    import atout.bots.ready as ready_module

    calls = slow_kernels(monkeypatch, "pitch", seconds)
    monkeypatch.setattr(ready_module, "searches", lambda bots: search)
    code = cli_run(["tournament", "pitch", "--bots", "heuristic,random", "--deals", "2",
                    "--workers", "2", "--seed", "3", "--no-plot"])
    got = capsys.readouterr()
    assert code == 0, got
    assert got.err.count(WAIT_NOTICE) == said, got
    assert WAIT_NOTICE not in got.out and "random" in got.out  # the table, on stdout
    assert calls == ([True] if search else [])


def test_simulate_says_it_too(monkeypatch: pytest.MonkeyPatch,
                              capsys: pytest.CaptureFixture[str]) -> None:
    import atout.bots.ready as ready_module

    calls = slow_kernels(monkeypatch, "pitch", 1.0)
    monkeypatch.setattr(ready_module, "searches", lambda bots: True)
    code = cli_run(["simulate", "pitch", "--bots", "heuristic", "--games", "1"])
    got = capsys.readouterr()
    assert code == 0, got
    assert got.err.count(WAIT_NOTICE) == 1, got
    assert calls == [True]
