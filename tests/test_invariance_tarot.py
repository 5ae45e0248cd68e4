"""Who sees what in Tarot: every recipient's stream (a seat, nobody seated) is the same
whatever the cards it cannot know (other hands, the chien, the écart), at 3, 4 and 5 players
(see :mod:`invariance_helpers`)."""

from __future__ import annotations

from typing import Any

import pytest

from invariance_helpers import run

CONFIGS = [(options, range(start, start + 3))
           for options in ({"players": 3}, {"players": 3, "taker_sees_ecart": False},
                           {"players": 4}, {"players": 5})
           for start in (0, 3)]


@pytest.mark.parametrize(("options", "seeds"), CONFIGS,
                         ids=[f"{'-'.join(map(str, o.values()))}-{s.start}" for o, s in CONFIGS])
def test_tarot_recipients_see_nothing_they_cannot_know(options: dict[str, Any],
                                                       seeds: range) -> None:
    run("tarot", options, seeds, tries=3, least=10)
