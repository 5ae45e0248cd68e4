"""Reviews on the real server: asked by a player of the game, computed in a worker while the
server answers, followed by polling, the same figures as atout.bots.review computes from the
seed, kept in the store (a restarted server has them at once); refusals in words."""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import atout
from atout.bots.review import review_game
from atout.client import ServerError, http
from atout.store import Store
from frame_checks import bot_game
from server_helpers import running
from test_server_ratings import account

PLAYOUTS = 6


@pytest.fixture
def few_playouts() -> Iterator[None]:
    saved = os.environ.get("ATOUT_REVIEW_PLAYOUTS")
    os.environ["ATOUT_REVIEW_PLAYOUTS"] = str(PLAYOUTS)
    try:
        yield
    finally:
        if saved is None:
            del os.environ["ATOUT_REVIEW_PLAYOUTS"]
        else:
            os.environ["ATOUT_REVIEW_PLAYOUTS"] = saved


def _until_done(base: str, path: str, token: str) -> tuple[dict[str, Any], list[int]]:
    seen: list[int] = []
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline:
        answer = http(base, path, token=token)
        if answer["state"] != "running":
            return answer, seen
        seen.append(int(answer["done"]))
        time.sleep(0.05)
    raise AssertionError("the review did not end in 240 s")


def test_a_review_asked_followed_and_kept(tmp_path: Path, few_playouts: None) -> None:
    db = str(tmp_path / "server.sqlite3")
    ids: dict[str, Any] = {}

    async def scenario(base: str) -> None:
        ana, bob = await account(base, "ana"), await account(base, "bob")
        table = await bot_game(ana)
        ids.update(table=table, ana=ana.token, bob=bob.token)
        for c in (ana, bob):
            await c.close()

    with running(db, tmp_path) as server:
        base = server.base
        asyncio.run(scenario(base))
        table, ana, bob = ids["table"], ids["ana"], ids["bob"]
        path = f"/api/games/{table}/review"
        first = http(base, path, {"deal": 1, "seed": 5}, token=ana)
        assert first["state"] in ("running", "done")
        assert server.health()["ok"]  # the server answers while the worker searches
        done, seen = _until_done(base, f"{path}?deal=1&seed=5", ana)
        again = http(base, path, {"deal": 1, "seed": 5}, token=ana)
        errors = []
        for body, token in (({"deal": 1}, bob), ({"deal": 2}, ana), ({"deal": 0}, ana),
                            ({"deal": 1, "seed": -1}, ana), ({"deal": "1"}, ana)):
            with pytest.raises(ServerError) as caught:
                http(base, path, body, token=token)
            errors.append(caught.value.code)
        with pytest.raises(ServerError) as caught:
            http(base, f"{path}?deal=1&seed=6", token=ana)
        errors.append(caught.value.code)
    assert done["state"] == "done" and again == done
    assert seen == sorted(seen)
    assert errors == ["not_seated", "deal_not_over", "bad_deal", "bad_seed", "bad_deal",
                      "not_asked"]
    review = done["review"]
    with Store.open(db) as store:
        record = store.get(table)
    rules = atout.make("jass")
    expected = review_game(rules, record.replay(0), record.actions, 0, 0, seed=5,
                           playouts=PLAYOUTS)
    assert review == expected.to_dict()
    assert review["seat"] == 0 and review["choices"]  # the forced cards are left out
    # kept in the store: a new server has it at once, without computing
    with running(db, tmp_path) as server:
        kept = http(server.base, f"/api/games/{table}/review?deal=1&seed=5", token=ana)
    assert kept == done
