"""Who sees what in Knock Rummy: every recipient's stream (a seat, nobody seated) is the same
whatever the cards it cannot know (other hands, the stock and its order), for 2 to 5 players
(see :mod:`invariance_helpers`)."""

from __future__ import annotations

import pytest

from invariance_helpers import run


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_knock_rummy_recipients_see_nothing_they_cannot_know(players: int) -> None:
    run("knock-rummy", {"players": players}, range(6), tries=3, least=10)
