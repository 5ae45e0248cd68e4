"""Who sees what in Auction Pitch: every recipient's stream (a seat, nobody seated) is the
same whatever the cards it cannot know (other hands, the undealt cards), for 2 to 7 players
and partnerships (see :mod:`invariance_helpers`)."""

from __future__ import annotations

from typing import Any

import pytest

from invariance_helpers import run

CONFIGS: list[dict[str, Any]] = [{"players": n} for n in range(2, 8)] + [
    {"players": 4, "partnership": True}, {"players": 6, "partnership": True}]


@pytest.mark.parametrize("options", CONFIGS,
                         ids=["-".join(str(v) for v in o.values()) for o in CONFIGS])
def test_pitch_recipients_see_nothing_they_cannot_know(options: dict[str, Any]) -> None:
    run("pitch", options, range(5 if options["players"] < 6 else 3), tries=3, least=10)
