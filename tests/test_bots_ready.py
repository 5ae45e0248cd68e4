"""Tournaments and simulations wait for the searches' compiled kernels before they play
(atout.bots.ready): a search plays its Python rollouts until its kernels are ready, so
without the wait a result would depend on when a compilation ends."""

from __future__ import annotations

from typing import Any

import pytest

import atout.tournament as tournament_module
from atout.bots.ready import KERNEL_READY, kernels_ready, searches
from atout.tournament import Tournament, run


def test_search_specs_are_recognised_and_nothing_else() -> None:
    assert searches(["heuristic", "search:playouts=300"])
    assert searches(["search"])
    assert not searches(["heuristic", "random", "searchlight", "mypkg.agents:policy"])
    assert not searches([object()])  # a player object is not waited for


def test_a_game_without_search_kernels_has_nothing_to_wait_for() -> None:
    assert "putze" not in KERNEL_READY
    assert kernels_ready("putze") is False


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
