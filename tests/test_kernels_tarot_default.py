"""The Tarot search on the kernel by default, where numba compiles it (as Jass's).

- a search not asking for the kernel plays its Python rollouts until the kernel is ready,
  then the kernel's, as ``kernel=1`` does; ``kernel=0`` never plays on the kernel;
- where the kernels are not compiled (numba missing, or ``ATOUT_PURE=1``) the default is
  the Python rollouts, and readiness is never asked.

CI runs this file compiled and with ``ATOUT_PURE=1``.
"""

from __future__ import annotations

from typing import Any

import pytest

import atout
from atout.bots.search import SearchBot
from atout.bots.tarot import batch
from atout.bots.tarot.search import TarotHeuristic
from atout.core import Rules, View
from kernel_helpers import default_switches_once_ready, searched


def card_view() -> tuple[Rules[Any], View]:
    """A view of the card play past the first trick with four legal cards or more, the
    heuristic playing every seat up to it."""
    rules = atout.make("tarot")
    for seed in range(40):
        deal = rules.deal(seed=seed, dealer=0)
        bots = [TarotHeuristic(rules, s, 0) for s in range(rules.seats)]
        while deal.to_move is not None:
            view = deal.view(deal.to_move)
            if (view.phase == "play" and view.info.get("tricks")
                    and len(view.legal) >= 4):
                return rules, view
            deal.play(bots[view.seat].choose(view))
    raise AssertionError("no card decision with four choices in 40 deals")


def test_default_plays_on_the_kernel_once_ready(monkeypatch: pytest.MonkeyPatch) -> None:
    rules, view = card_view()
    real = batch.kernel_ready
    asked: list[bool] = []

    def bot(**kw: Any) -> SearchBot:
        # kernel=1 waits for the kernel (ready at once as plain Python): 8 kernel rollouts
        # per world and action against 1 Python one, so it chooses otherwise
        return SearchBot(rules, view.seat, 17, playouts=120, **kw)

    def stand_in() -> list[bool]:
        def ready(wait: bool = False) -> bool:
            asked.append(wait)
            if wait:
                return real(wait=True)
            return asked.count(False) > 1  # ready from the second asking on

        monkeypatch.setattr(batch, "kernel_ready", ready)
        monkeypatch.setattr(batch, "BY_DEFAULT", True)  # the conftest's switch, as outside
        return asked

    got = default_switches_once_ready(bot, view, stand_in, batch.KERNEL_DEFAULT)
    if got is None:  # no numba (or ATOUT_PURE=1)
        return
    python = got[0]
    assert searched(bot, view, kernel=0) == python and False not in asked
    monkeypatch.setattr(batch, "BY_DEFAULT", False)  # the tests' own default: Python
    assert searched(bot, view) == python


def test_the_default_is_compiled() -> None:
    from atout.kernels import COMPILED

    assert batch.KERNEL_DEFAULT == COMPILED
    assert SearchBot(atout.make("tarot"), 0, 1).kernel == COMPILED
    assert not SearchBot(atout.make("tarot"), 0, 1, kernel=0).kernel
