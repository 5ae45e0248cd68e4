"""The deal of the day on the real server: the same deals for everyone, nothing of them shown
before a person plays (and only their own seat then), one run per person and day that
reconnecting continues, a second attempt refused in words, the standings."""

from __future__ import annotations

import datetime
from pathlib import Path
from typing import Any

import pytest

import atout
from atout.client import ServerError, http
from atout.core import deal_seed
from atout.daily import SECRET_FILE, Run, day_seed, secret
from atout.duplicate import void_at_once
from atout.server.accounts import Player
from atout.server.daily import Daily
from atout.store import SeatInfo, Store
from atout.store.accounts import create_player
from server_helpers import running

HANDS_KEYS = {"hand", "hands", "view", "legal", "table", "history"}


def _keys(data: Any) -> set[str]:
    if isinstance(data, dict):
        return set(data) | {k for v in data.values() for k in _keys(v)}
    if isinstance(data, list):
        return {k for v in data for k in _keys(v)}
    return set()


def _refusal(base: str, path: str, body: dict[str, Any] | None = None,
             token: str | None = None) -> tuple[str, str]:
    with pytest.raises(ServerError) as err:
        http(base, path, body, token)
    return err.value.code, str(err.value)


def _register(base: str, name: str) -> str:
    return str(http(base, "/api/register", {"name": name,
                                            "password": "a long enough password"})["token"])


def _play_through(base: str, token: str, pick: int, reconnect_at: int = -1) -> list[float]:
    """Play the jass deals of the day with the legal action ``pick`` (0 first, -1 last)."""
    state = http(base, "/api/daily/jass/start", {}, token)
    assert state["continued"] is False
    moves = 0
    while not state["over"]:
        view = state["view"]
        assert view["seat"] == 0 and view["to_move"] == 0
        if moves == reconnect_at:  # a reload: the run continues where it was
            again = http(base, "/api/daily/jass/start", {}, token)
            assert again["continued"] is True
            assert again["view"] == view and again["deal"] == state["deal"]
            assert http(base, "/api/daily/jass", token=token)["view"] == view
        state = http(base, "/api/daily/jass/play", {"action": view["legal"][pick]}, token)
        moves += 1
    assert len(state["points"]) == 4
    return [float(p) for p in state["points"]]


def test_the_deal_of_the_day(tmp_path: Path) -> None:
    db = str(tmp_path / "server.sqlite3")
    with running(db, tmp_path) as server:
        base = server.base
        ana, bob = _register(base, "ana"), _register(base, "bob")
        guest = str(http(base, "/api/guest", {"name": "gil"})["token"])
        # before anyone plays: no card anywhere
        listing = http(base, "/api/daily")
        before = http(base, "/api/daily/jass", token=ana)
        empty = http(base, "/api/daily/jass/standings")
        assert before["started"] is False and empty["players"] == []
        for answer in (listing, before, empty):
            assert not _keys(answer) & HANDS_KEYS
        # the secret was made once in the data folder; the test computes the day's deals
        key = secret(None, tmp_path)
        assert (tmp_path / SECRET_FILE).exists()
        day = datetime.datetime.now(datetime.UTC).date()
        seed = day_seed(key, day, "jass")
        rules = atout.make("jass")
        # guests are refused in words
        code, words = _refusal(base, "/api/daily/jass/start", {}, guest)
        assert code == "account_needed" and "account" in words
        # ana starts: her seat's view only, as the engine shows it to seat 0
        first = http(base, "/api/daily/jass/start", {}, ana)
        assert first["view"]["seat"] == 0 and first["deal"] == 0
        # nobody reads her run while it is played, not even she (but through /api/daily)
        for token in (ana, bob):
            assert _refusal(base, f"/api/games/{first['game_id']}", token=token)[0] == \
                "private"
        assert _refusal(base, f"/api/games/{first['game_id']}")[0] == "private"
        state = http(base, "/api/daily/jass/start", {}, ana)  # a reload
        assert state["continued"] is True and state["view"] == first["view"]
        # an illegal action is refused in words
        code, words = _refusal(base, "/api/daily/jass/play", {"action": "push me"}, ana)
        assert code == "illegal" and words
    # a restart of the server: the run continues from the store
    with running(db, tmp_path) as server:
        base = server.base
        again = http(base, "/api/daily/jass/start", {}, ana)
        assert again["continued"] is True and again["view"] == first["view"]
        state = again
        while not state["over"]:
            state = http(base, "/api/daily/jass/play", {"action": state["view"]["legal"][0]},
                         ana)
        ana_points = [float(p) for p in state["points"]]
        # a second attempt is refused in words
        code, words = _refusal(base, "/api/daily/jass/start", {}, ana)
        assert code == "already_played" and "already played" in words and "once" in words
        # bob has not played: the standings show ana's points, and still no card
        mid = http(base, "/api/daily/jass/standings")
        assert [p["name"] for p in mid["players"]] == ["ana"]
        assert not _keys(mid) & HANDS_KEYS
        # bob plays the same deals (his first view: the same hand as the engine's seat 0)
        bob_points = _play_through(base, bob, -1, reconnect_at=5)
        bob_record = http(base, "/api/daily/jass", token=bob)
        assert bob_record["over"] is True
        ana_game = http(base, f"/api/games/{first['game_id']}", token=ana)
        assert _refusal(base, f"/api/games/{first['game_id']}", token=bob)[0] == "private"
        # her first view was the engine's view of seat 0 where she first had to move
        deal = rules.deal(seed=deal_seed(seed, 0), dealer=0)
        for a, actor in zip(ana_game["actions"], ana_game["actors"], strict=True):
            if actor == 0:
                break
            deal.play(a)
        assert first["view"] == deal.view(0).to_dict()
        bob_game = http(base, f"/api/games/{bob_record['game_id']}", token=bob)
        # both runs replay on the day's deals with the engine, with these points
        for who, points, rec in (("ana", ana_points, ana_game), ("bob", bob_points, bob_game)):
            actions = list(rec["actions"])
            replayed = []
            for i in range(4):
                d = rules.deal(seed=deal_seed(seed, i), dealer=i % 4)
                while not d.is_over:
                    d.play(actions.pop(0))
                replayed.append(float(d.result.points[0]))
            assert replayed == points, who
        # the standings: by total, each deal beside the best and the average
        table = http(base, "/api/daily/jass/standings")
        rows = {p["name"]: p for p in table["players"]}
        assert rows["ana"]["points"] == ana_points and rows["bob"]["points"] == bob_points
        totals = sorted([("ana", sum(ana_points)), ("bob", sum(bob_points))],
                        key=lambda x: -x[1])
        assert [p["name"] for p in table["players"]] == [n for n, _ in totals] or \
            totals[0][1] == totals[1][1]
        assert table["best"] == [max(a, b) for a, b in zip(ana_points, bob_points,
                                                            strict=True)]
        assert table["average"] == [round((a + b) / 2, 2) for a, b in
                                    zip(ana_points, bob_points, strict=True)]
        assert table["players"][0]["rank"] == 1
        # the profile lists the run (no card in it)
        profile = http(base, "/api/players/ana")
        assert first["game_id"] in [g["game"] for g in profile["recent"]]
        assert not _keys(profile) & HANDS_KEYS
        # bad requests, in words
        assert _refusal(base, "/api/daily/chess/standings")[0] == "bad_game"
        assert _refusal(base, "/api/daily/jass/standings?day=tomorrow")[0] == "bad_day"
        assert _refusal(base, "/api/daily/jass/play", {"action": 3}, bob)[0] == "bad_action"
        assert _refusal(base, "/api/daily/jass/play", {"action": "AH"}, bob)[0] == \
            "not_your_turn"


def test_two_people_get_the_same_deals(tmp_path: Path) -> None:
    with running(str(tmp_path / "s.sqlite3"), tmp_path) as server:
        base = server.base
        firsts = []
        for name in ("cy", "di"):
            token = _register(base, name)
            state = http(base, "/api/daily/pitch/start", {}, token)
            firsts.append(state["view"]["hand"])
        assert firsts[0] == firsts[1]
        # and the day's deals differ from game to game and need the secret
        key = secret(None, tmp_path)
        day = datetime.datetime.now(datetime.UTC).date()
        pitch = atout.make("pitch")
        hand = pitch.deal(seed=deal_seed(day_seed(key, day, "pitch"), 0), dealer=0).view(0).hand
        assert sorted(firsts[0]) == sorted(hand)
        other = pitch.deal(seed=deal_seed(day_seed(b"x" * 32, day, "pitch"), 0),
                           dealer=0).view(0).hand
        assert sorted(other) != sorted(hand)


def test_the_secret(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ATOUT_DAILY_SECRET", raising=False)
    made = secret(None, tmp_path)
    assert len(made) == 32 and secret(None, tmp_path) == made
    assert (tmp_path / SECRET_FILE).stat().st_mode & 0o077 == 0
    assert secret("a configured secret!", tmp_path) == b"a configured secret!"
    with pytest.raises(ValueError, match="16 characters"):
        secret("short", tmp_path)
    (tmp_path / SECRET_FILE).write_text("not hex")
    with pytest.raises(ValueError, match="damaged"):
        secret(None, tmp_path)
    with pytest.raises(ValueError, match="no daily secret"):
        secret(None, None)


def test_a_run_that_no_longer_replays_is_refused_in_words(tmp_path: Path) -> None:
    db = str(tmp_path / "s.sqlite3")
    with running(db, tmp_path) as server:
        token = _register(server.base, "fay")
        state = http(server.base, "/api/daily/jass/start", {}, token)
        while state["deal"] == 0:  # a whole deal: 36 cards that the other deals cannot play
            state = http(server.base, "/api/daily/jass/play",
                         {"action": state["view"]["legal"][0]}, token)
    (tmp_path / SECRET_FILE).write_text("ab" * 32)  # another secret: other deals
    with running(db, tmp_path) as server:
        code, words = _refusal(server.base, "/api/daily/jass", None, token)
        assert code == "damaged" and "secret" in words


# deal 0 of this seed deals seat 2 the petit as its only trump, without the excuse
# (tests/test_duplicate.py): the holder must declare it, which voids the deal at once
PETIT_SEC_SEED = 2254211890173305836


def test_a_deal_void_before_anyone_chooses_is_dealt_again() -> None:
    old = Run("tarot", PETIT_SEC_SEED, redeal=False)
    assert old.to_move == 2 and [str(a) for a in old.deal.legal_actions()] == ["petit sec"]
    assert old.advance()[0] == "petit sec" and old.points == [0.0] and old.index == 1
    new = Run("tarot", PETIT_SEC_SEED)
    assert new.deal.view(2).hand != Run("tarot", PETIT_SEC_SEED, redeal=False).deal.view(2).hand
    new.advance()
    assert new.index == 0 and new.to_move == 0 and len(new.deal.legal_actions()) > 1
    assert not void_at_once(new.deal)


def test_a_run_stored_before_the_redeal_replays_as_it_was_dealt(tmp_path: Path) -> None:
    day = datetime.date(2026, 11, 28)
    with Store.open(str(tmp_path / "d.sqlite3")) as store:
        me = Player(create_player(store, "account", "gus"), "gus", "account")
        daily = Daily(store, b"k" * 32)
        daily.seed = lambda game, day: PETIT_SEC_SEED  # type: ignore[method-assign]
        seats = [SeatInfo(player_id=me.id) if s == 0 else SeatInfo(bot="heuristic")
                 for s in range(4)]
        gid = store.create_game("tarot", {}, {"seed": 0}, seats, source="daily",
                                client={"daily": {"day": day.isoformat(), "deals": 4}})
        store.append_many(gid, 0, [(2, "petit sec")])
        found = daily.current(me, "tarot", day)
        assert found is not None and found[0] == gid
        assert found[1].index == 1 and found[1].points == [0.0]
        # a run started now is dealt again, and its record says so
        you = Player(create_player(store, "account", "hal"), "hal", "account")
        state = daily.start(you, "tarot", day)
        assert state["deal"] == 0 and state["view"]["to_move"] == 0
        again = daily.current(you, "tarot", day)
        assert again is not None
        assert store.get(again[0]).summary.client["daily"]["redeal"] is True
