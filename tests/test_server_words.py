"""Protocol 1.1 on the real server: a client that says hello with a language gets every
snapshot and update in words (the console's sentences), refusals in words and hints; a
client without one gets the frames of protocol 1 unchanged."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect

from atout.client import Client, http
from atout.core import Event, View
from atout.server.words import card_of, seat_names, words
from server_helpers import running


async def speaking(base: str, name: str, lang: str | None) -> Client:
    answer = await asyncio.to_thread(http, base, "/api/guest", {"name": name})
    client = Client(base, str(answer["token"]), dict(answer["player"]))
    client.ws = await connect("ws" + base[4:] + "/ws")
    hello: dict[str, Any] = {"type": "hello", "protocol": 1, "token": client.token}
    if lang:
        hello["lang"] = lang
    await client.send(hello)
    welcome = await client.expect("welcome")
    assert welcome["minor"] == 1
    return client


def test_words_refusals_and_hints_in_the_players_language(tmp_path: Path) -> None:
    async def scenario(base: str) -> None:
        ana = await speaking(base, "Ana", "fr")
        bob = await speaking(base, "Bob", None)
        snap = await ana.create("jass", deals=1)
        table = int(snap["table"])
        said = snap["words"]
        assert said["lang"] == "fr" and said["title"] == "Jass suisse (Schieber)"
        names = [c["name"] for g in said["hand"] for c in g["cards"]]
        codes = [c["code"] for g in said["hand"] for c in g["cards"]]
        assert sorted(codes) == sorted(snap["view"]["hand"]) and len(names) == 9
        assert all(" de " in n for n in names), names  # « As de cœur »
        await bob.request({"type": "watch", "table": table}, "table")
        for seat in (1, 2, 3):
            await ana.request({"type": "bot", "table": table, "seat": seat,
                               "bot": "heuristic"}, "update")
        await ana.send({"type": "start", "table": table})
        while True:  # Ana's turn: a refusal in words; Bob, who watches, gets no words
            frame = await ana.recv(20)
            if frame.get("type") != "update":
                continue
            assert "words" in frame and isinstance(frame["words"]["lines"], list)
            if frame["view"]["to_move"] == 0 and frame["info"]["status"] == "playing":
                break
        assert any("commence" in line for f in ana.frames if f.get("type") == "update"
                   for line in f["words"]["lines"])
        await ana.send({"type": "hint", "table": table, "ref": "h"})
        hint = await ana.expect("hint", timeout=60)
        assert hint["action"] in frame["view"]["legal"] and hint["said"].startswith("Conseil")
        wrong = next((c for c in frame["view"]["hand"] if c not in frame["view"]["legal"]),
                     "XX")
        await ana.send({"type": "act", "table": table, "action": wrong, "ref": "x"})
        refused = await ana.expect("error")
        assert refused["code"] == "illegal" and refused["said"] and \
            refused["said"] != refused["message"]
        await bob.send({"type": "lobby"})
        bob_frames = [f for f in bob.frames if f.get("type") in ("table", "update")]
        assert bob_frames and not any("words" in f for f in bob_frames)
        for c in (ana, bob):
            await c.close()

    with running(str(tmp_path / "s.sqlite3"), tmp_path, bot_delay=0.0) as server:
        asyncio.run(scenario(server.base))


def test_words_of_a_frame_see_only_the_frame() -> None:
    """The words are built from the frame alone: a spectator's words name no hand."""
    import atout
    from atout.server.visibility import public_view

    rules = atout.make("tarot")
    match = rules.match(seed=4)
    info = {"game": "tarot", "title": "French Tarot", "status": "playing", "seats": [
        {"seat": s, "name": None, "bot": "random", "connected": False} for s in range(4)]}
    frame: dict[str, Any] = {"type": "table", "info": info, "view": public_view(match)}
    said = words(frame, "en")
    assert said["hand"] == [] and said["legal"] == [] and said["names"][0] == "Anna"
    assert match.to_move is not None
    mine = words({**frame, "view": match.view(match.to_move).to_dict()}, "en")
    assert len([c for g in mine["hand"] for c in g["cards"]]) == 18
    assert json.dumps(said).count("of trumps") == 0
    assert seat_names(info) == ["Anna", "Bruno", "Clara", "David"]
    assert card_of("discard 7H", ("7H",)) == "7H" and card_of("pass", ("7H",)) is None
    assert View.from_dict(match.view(0).to_dict()) == match.view(0)
    assert Event.from_dict({"kind": "card", "seat": 1, "card": "AH"}).data == {"card": "AH"}
