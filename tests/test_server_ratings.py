"""Rated tables on the real server (uvicorn): the ratings a finished game writes, read back
from ``/api/players/{name}`` and ``/api/leaderboard/{game}`` as OpenSkill computes them; a
person who left is ranked last; guests are not rated; a private table's games are listed
to its players only; bad requests are refused in words."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from openskill.models import PlackettLuce

from atout.client import Client, ServerError, http
from atout.server.ratings import MU, SIGMA, bot_rating
from frame_checks import play_along
from server_helpers import running
from test_server import refused


async def account(base: str, name: str) -> Client:
    answer = await asyncio.to_thread(http, base, "/api/register",
                                     {"name": name, "password": "a long enough password"})
    client = Client(base, str(answer["token"]), dict(answer["player"]))
    await client.connect()
    return client


async def until_end(client: Client, table: int) -> dict[str, Any]:
    while True:
        frame = await client.recv(60)
        if frame.get("table") == table and frame.get("kind") == "end":
            return frame


def test_a_rated_game_moves_ratings_profiles_and_leaderboards(tmp_path: Path) -> None:
    db = str(tmp_path / "server.sqlite3")
    ids: dict[str, int] = {}

    async def scenario(base: str) -> dict[str, Any]:
        ana, bob = await account(base, "ana"), await account(base, "bob")
        gil = await Client.guest(base, "gil")
        assert await refused(gil, {"type": "create", "game": "jass", "rated": True}) == \
            "guest_unrated"
        snap = await ana.create("jass", deals=1, rated=True)
        table = int(snap["table"])
        assert snap["info"]["rated"] is True
        ids["rated"] = table
        await bob.join(table, 1)
        for seat in (2, 3):
            await ana.request({"type": "bot", "table": table, "seat": seat,
                               "bot": "heuristic"}, "update")
        await ana.send({"type": "start", "table": table})
        while (await ana.expect("update")).get("kind") != "start":
            pass
        await bob.request({"type": "leave", "table": table}, "left")  # bob abandons
        await play_along(ana, table, 0)
        # a private, unrated game of ana's: listed to ana only
        snap = await ana.create("putze", deals=1, private=True)
        private = int(snap["table"])
        ids["private"] = private
        for seat in (1, 2, 3):
            await ana.request({"type": "bot", "table": private, "seat": seat,
                               "bot": "random"}, "update")
        await ana.send({"type": "start", "table": private})
        await play_along(ana, private, 0)
        tokens = {"ana": ana.token, "bob": bob.token}
        for c in (ana, bob, gil):
            await c.close()
        return tokens

    with running(db, tmp_path) as server:
        tokens = asyncio.run(scenario(server.base))
        base = server.base
        record = http(base, f"/api/games/{ids['rated']}", token=tokens["ana"])
        mine = http(base, "/api/players/ana", token=tokens["ana"])
        public = http(base, "/api/players/ana")
        seen_by_bob = http(base, "/api/players/bob", token=tokens["bob"])
        board = http(base, "/api/leaderboard/jass")
        errors = []
        for path in ("/api/players/nobody", "/api/players/gil", "/api/leaderboard/chess",
                     "/api/leaderboard/jass?seats=x", "/api/leaderboard/jass?limit=0",
                     "/api/players/" + "x" * 65):
            with pytest.raises(ServerError) as caught:
                http(base, path)
            errors.append((caught.value.code, str(caught.value)))
    # ana and her bot partner beat bob's side: bob left, so his side is last whatever the
    # score; the bots weigh in with their fixed ratings
    model = PlackettLuce()
    bot = model.rating(*bot_rating("jass", "heuristic"))
    (a, _), (b, _) = model.rate([[model.rating(MU, SIGMA), bot],
                                 [model.rating(MU, SIGMA), bot]], ranks=[1, 2])
    assert record["status"] == "finished"
    (rating,) = mine["ratings"]
    assert rating["pool"] == "jass" and rating["games"] == 1
    assert rating["mu"] == pytest.approx(a.mu, abs=1e-4)
    assert rating["sigma"] == pytest.approx(a.sigma, abs=1e-4)
    (step,) = rating["history"]
    assert step["game"] == ids["rated"] and step["before"] == pytest.approx(0.0, abs=0.01)
    assert step["change"] == pytest.approx(rating["rating"] - step["before"], abs=0.02)
    (bobs,) = seen_by_bob["ratings"]
    assert bobs["mu"] == pytest.approx(b.mu, abs=1e-4) and bobs["history"][0]["abandoned"]
    assert mine["played"] == 2 and [g["game"] for g in mine["recent"]] == [
        ids["private"], ids["rated"]]
    assert [g["game"] for g in public["recent"]] == [ids["rated"]]  # private: not listed
    assert public["recent"][0]["rated"] is True and public["played"] == 2
    (jass,) = board["boards"]
    assert jass["pool"] == "jass" and [p["name"] for p in jass["players"]] == ["ana", "bob"]
    assert jass["players"][0]["rank"] == 1 and jass["players"][0]["rating"] == rating["rating"]
    assert {b["name"] for b in jass["bots"]} >= ({"heuristic"} if jass["bots"] else set())
    assert [code for code, _ in errors] == ["not_found", "not_found", "bad_game",
                                            "bad_query", "bad_query", "not_found"]
    assert "guests have no profile" in errors[1][1] and "expected one of" in errors[2][1]
