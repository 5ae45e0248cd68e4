"""Who sees what in Jass: every recipient's stream is the same whatever the cards it cannot
know (the other hands), for many positions (see :mod:`invariance_helpers`)."""

from __future__ import annotations

import pytest

from invariance_helpers import run


@pytest.mark.parametrize("seeds", [range(0, 5), range(5, 10), range(10, 15)], ids=["a", "b", "c"])
def test_jass_recipients_see_nothing_they_cannot_know(seeds: range) -> None:
    run("jass", {}, seeds, least=10)
