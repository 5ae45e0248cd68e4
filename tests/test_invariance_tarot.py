"""Who sees what in Tarot: every recipient's stream (a seat, nobody seated) is the same
whatever the cards it cannot know (other hands, the chien, the écart), at 3, 4 and 5 players
(see :mod:`invariance_helpers`)."""

from __future__ import annotations

from typing import Any

import pytest

from invariance_helpers import run

CONFIGS = [({"players": 3}, range(0, 4)), ({"players": 3, "taker_sees_ecart": False},
                                            range(4, 8)),
           ({"players": 4}, range(0, 4)), ({"players": 4}, range(4, 8)),
           ({"players": 5}, range(0, 4)), ({"players": 5}, range(4, 8))]


@pytest.mark.parametrize(("options", "seeds"), CONFIGS,
                         ids=[f"{o['players']}-{s.start}" for o, s in CONFIGS])
def test_tarot_recipients_see_nothing_they_cannot_know(options: dict[str, Any],
                                                       seeds: range) -> None:
    run("tarot", options, seeds, tries=3, least=10)
