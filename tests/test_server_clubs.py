"""Duplicate tournaments for clubs on the real server: a host makes two tables with a person
at each and computer players in the empty places; each person plays from their own seat,
rotated as the docs say; the results per board and overall, in JSON and in CSV, are what the
points imply; bad requests are refused in words."""

from __future__ import annotations

import csv
import io
import urllib.request
from pathlib import Path
from typing import Any

import pytest

import atout
from atout.client import ServerError, http
from atout.core import deal_seed
from atout.server.accounts import Player
from atout.server.clubs import Clubs
from atout.store import SeatInfo, Store
from server_helpers import running

# board 0 of this seed deals seat 2 a petit sec (tests/test_duplicate.py): void at once
PETIT_SEC_SEED = 2254211890173305836


def _account(base: str, name: str) -> str:
    return str(http(base, "/api/register", {"name": name,
                                            "password": "a long enough password"})["token"])


def _refused(base: str, path: str, body: dict[str, Any] | None, token: str | None) -> str:
    with pytest.raises(ServerError) as err:
        http(base, path, body, token)
    return err.value.code


def test_a_club_tournament_of_two_tables(tmp_path: Path) -> None:
    with running(str(tmp_path / "s.sqlite3"), tmp_path) as server:
        base = server.base
        ana, bob = _account(base, "ana"), _account(base, "bob")
        guest = str(http(base, "/api/guest", {"name": "gil"})["token"])
        assert _refused(base, "/api/tournaments", {"game": "jass"}, guest) == "account_needed"
        assert _refused(base, "/api/tournaments", {"game": "chess"}, ana) == "bad_game"
        assert _refused(base, "/api/tournaments", {"game": "jass", "deals": 0}, ana) == \
            "bad_number"
        assert _refused(base, "/api/tournaments", {"game": "jass", "tables": 2,
                                                   "entrants": [["ana"]]}, ana) == \
            "bad_entrants"
        assert _refused(base, "/api/tournaments/99", None, None) == "not_found"
        made = http(base, "/api/tournaments", {
            "game": "jass", "deals": 2, "tables": 2,
            "entrants": [["ana", None, None, None], ["bob", None, None, None]]}, ana)
        tid = made["id"]
        assert made["rotation"].startswith("teams")
        assert (made["rotation_by"], made["rotation_steps"]) == ("teams", 2)
        assert _refused(base, f"/api/tournaments/{tid}/play", {"action": "AH"}, guest) == \
            "not_entrant"
        for token, table in ((ana, 0), (bob, 1)):
            while True:
                state = http(base, f"/api/tournaments/{tid}", token=token)
                you = state["you"]
                if "view" not in you:
                    break
                board = you["board"] - 1
                assert you["seat"] == (table + board) % 2  # place 0 moved (t + b) % 2 seats
                assert you["view"]["seat"] == you["seat"]
                http(base, f"/api/tournaments/{tid}/play",
                     {"action": you["view"]["legal"][0]}, token)
        results = http(base, f"/api/tournaments/{tid}/results")
        assert results["over"] is True
        lines = results["boards"]
        assert len(lines) == 2 * 2 * 4
        for line in lines:
            same = [x["points"] for x in lines
                    if x["board"] == line["board"] and x["seat"] == line["seat"]]
            assert len(same) == 2
            assert line["datum"] == pytest.approx(sum(same) / 2)
            assert line["difference"] == pytest.approx(line["points"] - sum(same) / 2)
        totals = {s["name"]: s for s in results["standings"]}
        for name, s in totals.items():
            mine = [x for x in lines if x["name"] == name]
            assert s["difference"] == pytest.approx(sum(x["difference"] for x in mine))
        assert sum(s["difference"] for s in totals.values()) == pytest.approx(0)
        with urllib.request.urlopen(f"{base}/api/tournaments/{tid}/results.csv") as answer:
            assert answer.headers["content-type"].startswith("text/csv")
            rows = list(csv.DictReader(io.StringIO(answer.read().decode())))
        assert len(rows) == len(lines) + len(totals)
        assert {r["name"] for r in rows} == set(totals)
        assert _refused(base, f"/api/tournaments/{tid}/play", {"action": "AH"}, ana) == \
            "not_your_turn"


def test_two_tables_of_computer_players_give_the_engines_scores(tmp_path: Path) -> None:
    with running(str(tmp_path / "s.sqlite3"), tmp_path) as server:
        host = _account(server.base, "host")
        made = http(server.base, "/api/tournaments",
                    {"game": "jass", "deals": 4, "tables": 2}, host)
        res = http(server.base, f"/api/tournaments/{made['id']}/results")
    assert res["over"] is True and len(res["played"]) == 8
    rules = atout.make("jass")
    points = {}
    for p in res["played"]:  # each board replayed with the engine, from the seed
        deal = rules.deal(seed=deal_seed(res["seed"], p["board"]), dealer=p["board"] % 4)
        for a in p["actions"]:
            deal.play(a)
        assert deal.is_over
        points[p["table"], p["board"]] = deal.result.points
    for line in res["boards"]:
        t, b, seat = line["table"], line["board"], line["seat"]
        assert seat == (line["place"] + (t + b) % 2) % 4
        assert line["points"] == points[t, b][seat]
        assert line["datum"] == pytest.approx((points[0, b][seat] + points[1, b][seat]) / 2)


def test_a_tournament_survives_a_restart(tmp_path: Path) -> None:
    db = str(tmp_path / "s.sqlite3")
    with running(db, tmp_path) as server:
        base = server.base
        eve = _account(base, "eve")
        assert _refused(base, "/api/tournaments", {
            "game": "putze", "deals": 2, "tables": 1,
            "entrants": [["eve", "nobody", None, None]]}, eve) == "bad_entrants"
        made = http(base, "/api/tournaments", {"game": "putze", "deals": 2, "tables": 2,
                                               "entrants": [["eve", None, None, None],
                                                            [None, None, None, None]]}, eve)
        tid = made["id"]
        for _ in range(3):
            view = http(base, f"/api/tournaments/{tid}", token=eve)["you"]["view"]
            http(base, f"/api/tournaments/{tid}/play", {"action": view["legal"][0]}, eve)
        before = http(base, f"/api/tournaments/{tid}", token=eve)
        # a table's store record is not readable while its boards are played elsewhere
        assert _refused(base, f"/api/games/{tid}", None, eve) == "private"
    with running(db, tmp_path) as server:
        base = server.base
        after = http(base, f"/api/tournaments/{tid}", token=eve)
        assert after == before
        while "view" in (you := http(base, f"/api/tournaments/{tid}", token=eve)["you"]):
            http(base, f"/api/tournaments/{tid}/play", {"action": you["view"]["legal"][0]},
                 eve)
        res = http(base, f"/api/tournaments/{tid}/results")
        assert res["over"] is True and len(res["played"]) == 4
    with running(db, tmp_path) as server:  # and a finished one comes back as it was
        assert http(server.base, f"/api/tournaments/{tid}/results") == res


def test_a_void_board_is_dealt_again_and_older_tournaments_replay_as_stored(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A new tournament whose board would be void before anyone chooses plays a new deal
    (a person at it gets a turn), and records that it does; a tournament stored before the
    redeal existed comes back as it was played: the board void by its petit sec."""
    store = Store.open(str(tmp_path / "s.sqlite3"), data=tmp_path)
    try:
        old = {"tournament": None, "table": 0, "deals": 1, "tables": 1,
               "seed": PETIT_SEC_SEED, "host": "ana", "entrants": [None] * 4}
        gid = store.create_game("tarot", {}, {"seed": 0}, [SeatInfo(bot="heuristic")] * 4,
                                source="duplicate", client={"duplicate": old})
        store.append_many(gid, 0, [(2, "petit sec")])
        # the tournament's seed, drawn by the server, set to the petit sec's
        monkeypatch.setattr("atout.server.clubs.secrets.randbits", lambda bits: PETIT_SEC_SEED)
        made = Clubs(lambda: store).create(Player(1, "ana", "account"), {
            "game": "tarot", "deals": 1, "tables": 2,
            "entrants": [[None, None, None, None], [None, None, None, None]]})
        assert made.over and made.club.seed == PETIT_SEC_SEED
        assert all(p.actions[0] != "petit sec" and len(p.actions) > 1 for p in made.played)
        assert store.get(made.id).summary.client["duplicate"]["redeal"] is True
        back = Clubs(lambda: store)
        assert back.restore() == 2
        assert [p.actions for p in back.all[gid].played] == [("petit sec",)]
        assert back.all[gid].over and not back.all[gid].club.redeal
        assert [p.actions for p in back.all[made.id].played] == \
            [p.actions for p in made.played]
    finally:
        store.close()
