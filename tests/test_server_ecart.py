"""The ``acts`` message: several actions of one seat, all or none (the page's écart, chosen
card by card and confirmed at once); the one-card ``act`` still works."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from atout.client import Client, ServerError
from server_helpers import running


async def tarot_at_the_ecart(base: str) -> tuple[list[Client], int, dict[str, Any]]:
    """Four people at a Tarot table; Ana (seat 1) takes a prise, the others pass; her view
    at the écart. A petit sec (about one deal in 500: the table's seed is the server's) is
    declared, as it must be, and the match's next deal is bid instead."""
    ana = await Client.guest(base, "Ana", lang="fr")
    table = int((await ana.create("tarot", seat=0))["table"])
    others = []
    for seat, name in ((1, "Bob"), (2, "Cy"), (3, "Di")):
        other = await Client.guest(base, name)
        await other.join(table, seat)
        others.append(other)
    players = [ana, *others]
    await ana.send({"type": "start", "table": table})
    started = await ana.expect("update")
    while started["kind"] != "start":
        started = await ana.expect("update")
    n = int(started["n"])
    while True:
        for c in players:  # everyone has seen update n
            while int(c.last[table]["n"]) < n:
                await c.expect("update")
        view = ana.last[table]["view"]
        if view["phase"] == "ecart" and view["to_move"] == 0:
            return players, table, view
        who = players[view["to_move"]]
        legal = who.last[table]["view"]["legal"]
        action = ("petit sec" if legal == ["petit sec"]
                  else "prise" if who is ana and "prise" in legal else "pass")
        await who.send({"type": "act", "table": table, "action": action})
        n += 1


def test_an_ecart_is_played_all_at_once_or_not_at_all(tmp_path: Path) -> None:
    async def scenario(base: str) -> None:
        players, table, view = await tarot_at_the_ecart(base)
        ana = players[0]
        discards = [a for a in view["legal"] if a.startswith("discard ")]
        # a king, a bout or a trump may not be discarded (the deal is random: take what she has)
        kept = sorted(c for c in view["hand"] if f"discard {c}" not in discards)
        king = next((c for c in kept if c[0] == "K"), kept[0])
        before = ana.last[table]["n"]
        with pytest.raises(ServerError, match="illegal"):
            await ana.request({"type": "acts", "table": table,
                               "actions": [*discards[:5], f"discard {king}"]}, "update")
        refused = ana.frames[-1]
        said = refused["said"]
        assert said and "ne peut pas aller à l'écart" in said, refused  # in her words
        assert ("roi" if king[0] == "K" else "bout" if king in ("T1", "T21", "EX") else "atout") \
            in said, refused
        await ana.request({"type": "ping"}, "pong")
        assert ana.last[table]["n"] == before  # none of the six was played
        with pytest.raises(ServerError, match=f"{discards[6]} is not allowed now"):
            await ana.request({"type": "acts", "table": table, "actions": discards[:7]},
                              "update")  # seven: one too many (the chelem's question next)
        assert ana.last[table]["n"] == before
        await ana.send({"type": "acts", "table": table, "actions": discards[:6]})
        while ana.last[table]["n"] < before + 6:
            await ana.expect("update")
        after = ana.last[table]["view"]
        assert after["phase"] != "ecart"
        assert not set(c.split()[1] for c in discards[:6]) & set(after["hand"])
        for c in players:
            await c.close()

    with running(str(tmp_path / "s.sqlite3"), tmp_path) as server:
        asyncio.run(scenario(server.base))
