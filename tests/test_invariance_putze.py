"""Who sees what in Putze: every recipient's stream (a seat, nobody seated) is the same
whatever the cards it cannot know (other hands, the blind, the better cards, the stock, the
discards), for each table size and talon (see :mod:`invariance_helpers`)."""

from __future__ import annotations

from typing import Any

import pytest

from invariance_helpers import run

CONFIGS: list[dict[str, Any]] = [
    {"players": 2}, {"players": 2, "talon": "blind"}, {"players": 3}, {"players": 4},
    {"players": 5}, {"players": 5, "talon": "spare-card"},
    {"players": 5, "talon": "none", "dealer_sits_out": True}]


@pytest.mark.parametrize("options", CONFIGS,
                         ids=["-".join(str(v) for v in o.values()) for o in CONFIGS])
@pytest.mark.parametrize("start", [0, 3])
def test_putze_recipients_see_nothing_they_cannot_know(options: dict[str, Any],
                                                       start: int) -> None:
    run("putze", options, range(start, start + 3), tries=3, least=5)
