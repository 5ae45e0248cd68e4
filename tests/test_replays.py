"""Finished games listed and replayed (atout.server.replays): a step shows only what its seat
saw until the game is over, any seat once it is; private tables stay private; over HTTP."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path
from typing import Any

import pytest

import atout
from atout.bots import make_bot
from atout.client import ServerError, http
from atout.i18n import translator
from atout.server.replays import replay_for, replay_seat
from atout.store import GameRecord, SeatInfo, Store
from atout.store.records import stopped_result
from frame_checks import play_along
from server_helpers import running
from test_server_ratings import account

JASS = atout.make("jass")


def _stored(tmp_path: Path, game: str = "jass", deals: int = 1,
            client: dict[str, Any] | None = None, seed: int = 3,
            source: str = "console") -> GameRecord:
    """A game of heuristic players, the person 'ana' at seat 0, stored as it was played."""
    store = Store.open(str(tmp_path / "games.db"))
    try:
        rules = atout.make(game)
        me = store.player("ana")
        gid = store.create_game(game, {}, {"seed": seed}, [
            SeatInfo(player_id=me, name="ana"),
            *[SeatInfo(bot="heuristic")] * (rules.seats - 1)], client=client, source=source)
        match = rules.match(seed=seed)
        bots = [make_bot("heuristic", rules, s, seed) for s in range(rules.seats)]
        played = []
        while len(match.deals) < deals and not match.is_over:
            seat = match.to_move
            assert seat is not None
            action = bots[seat].choose(match.view(seat)).text
            played.append((seat, action))
            match.play(action)
        store.append_many(gid, 0, played)
        return store.get(gid)
    finally:
        store.close()


def test_a_table_stopped_by_its_deal_count_ends_its_replay_on_that_deal(tmp_path: Path) -> None:
    """A one-deal table: the match has dealt the second deal when the first ends, but the
    replay's last step shows the first deal's end (its table, no hand dealt anew), as the live
    table showed it."""
    record = _stored(tmp_path, "knock-rummy")
    store = Store.open(str(tmp_path / "games.db"))
    try:
        store.finish(record.id, stopped_result([0.0, 0.0, 0.0, 0.0], 1))
        record = store.get(record.id)
    finally:
        store.close()
    rules = atout.make("knock-rummy")
    match = rules.match(seed=3)
    for action in record.actions[:-1]:
        match.play(action)
    last_deal = match.deal
    match.play(record.actions[-1])
    assert len(match.deals) == 1 and not match.is_over  # the match went on to deal 2
    last = replay_for(record, 0, "en")["steps"][-1]
    assert last["deal"] == 1
    assert [c["code"] for c in last["hand"]] == list(last_deal.view(0).hand)
    assert [c["code"] for c in last["hand"]] != list(match.view(0).hand)
    assert last["to_move"] is None


@pytest.mark.parametrize("game", ["jass", "tarot", "knock-rummy"])
def test_a_step_names_only_cards_its_seat_could_see(tmp_path: Path, game: str) -> None:
    """Each step of seat 0's replay shows seat 0's hand and the table as its view has them,
    and its sentences name no card that another seat holds and that seat 0's views never
    showed (a card played, shown or taken from the discard pile is known)."""
    record = _stored(tmp_path, game)
    rules = atout.make(game)
    replay = replay_for(record, 0, "en")
    steps = replay["steps"]
    assert isinstance(steps, list) and len(steps) == len(record.actions)
    tr = translator("en")
    match = record.replay(0)
    known = set(re.findall(r"[\w]+", json.dumps(match.view(0).to_dict())))
    for step, action in zip(steps, record.actions, strict=True):
        deal = match.deal
        match.play(action)
        view = match.view(0)
        assert [c["code"] for c in step["hand"]] == list(view.hand)
        assert [t["card"] for t in step["table"]] == [c for _, c in view.table]
        known |= set(re.findall(r"[\w]+", json.dumps(deal.view(0).to_dict())))
        known |= set(re.findall(r"[\w]+", json.dumps(view.to_dict())))
        hidden: set[str] = set()
        for seat in range(1, rules.seats):
            hidden |= set(deal.view(seat).hand)
        said = " ".join([step["said"], *step["lines"]])
        for code in hidden - known:
            name = tr.card(code, article=False)
            assert not re.search(rf"\b{re.escape(name)}\b", said, re.IGNORECASE), (code, said)
    public = replay_for(record, None, "en")
    assert all(not s["hand"] for s in public["steps"])


def test_a_hidden_action_stays_hidden_from_the_seats_that_did_not_see_it(
        tmp_path: Path) -> None:
    """Tarot's écart is hidden from the other seats: their replays give it as None and say
    a hidden action, the taker's gives the cards; every seat's steps are its seen_history."""
    hidden = 0
    for seed in range(12):
        record = _stored(tmp_path / str(seed), "tarot", seed=seed)
        match = record.replay()
        deal = match.deals[0] if match.deals else match.deal
        for seat in (*range(4), None):
            steps = replay_for(record, seat, "en")["steps"]
            assert isinstance(steps, list)
            seen = [text for _, text in deal.seen_history(seat)]
            assert [s["action"] for s in steps][:len(seen)] == seen
            for step in steps:
                if step["action"] is None:
                    hidden += 1
                    assert step["said"].endswith(": a hidden action.")
        if hidden:
            break
    assert hidden  # a deal with an écart was found


def test_an_unfinished_game_is_replayed_from_ones_own_seat_only(tmp_path: Path) -> None:
    record = _stored(tmp_path, "jass")
    summary = record.summary
    assert not summary.finished
    me = summary.seats[0].player_id
    assert replay_seat(summary, None, me, None, None) == (0, None)
    assert replay_seat(summary, None, None, None, None) == (None, None)  # a spectator
    with pytest.raises(PermissionError, match="your own seat"):
        replay_seat(summary, None, me, "1", None)
    with pytest.raises(PermissionError, match="your own seat"):
        replay_seat(summary, None, None, "2", None)
    with pytest.raises(ValueError, match="from 0 to 3"):
        replay_seat(summary, None, me, "9", None)


def test_a_private_game_is_replayed_to_its_players_or_with_the_invite(tmp_path: Path) -> None:
    record = _stored(tmp_path, "jass", client={"table": {"private": True, "invite": "k3y"}})
    summary = record.summary
    me = summary.seats[0].player_id
    assert me is not None
    with pytest.raises(PermissionError, match="private"):
        replay_seat(summary, None, None, "none", None)
    with pytest.raises(PermissionError, match="private"):
        replay_seat(summary, None, me + 1, "none", "wrong")
    assert replay_seat(summary, None, None, "none", "k3y") == (None, None)
    assert replay_seat(summary, None, me, None, None) == (0, None)


def test_the_day_s_deals_and_a_tournament_s_boards_are_not_replayed_to_others(
        tmp_path: Path) -> None:
    """A deal of the day's run (its deals unseen until each person plays them) replays to its
    player once it is over, to nobody else; a duplicate tournament's table never (its boards
    are played at other tables: /api/tournaments/N says what may be seen)."""
    daily = _stored(tmp_path / "d", source="daily").summary
    me = daily.seats[0].player_id
    assert me is not None and not daily.finished
    for viewer, asked in ((None, "none"), (me + 1, "none"), (me + 1, "0"), (me, None)):
        with pytest.raises(PermissionError, match="deal of the day"):
            replay_seat(daily, None, viewer, asked, None)
    club = _stored(tmp_path / "c", source="duplicate").summary
    for viewer, asked in ((None, "none"), (me, None)):
        with pytest.raises(PermissionError, match="duplicate tournament"):
            replay_seat(club, None, viewer, asked, None)


def test_games_listed_and_replayed_over_http(tmp_path: Path) -> None:
    db = str(tmp_path / "server.sqlite3")
    ids: dict[str, Any] = {}

    async def scenario(base: str) -> None:
        ana = await account(base, "ana")
        bob = await account(base, "bob")
        snap = await ana.create("jass", deals=1)
        table = int(snap["table"])
        ids["table"] = table
        for seat in (1, 2, 3):
            await ana.request({"type": "bot", "table": table, "seat": seat,
                               "bot": "heuristic"}, "update")
        await ana.send({"type": "start", "table": table})
        while (await ana.expect("update")).get("kind") != "start":
            pass
        # mid-game: her own seat only, never another's, never ahead of the table
        ids["mine"] = await asyncio.to_thread(http, base, f"/api/games/{table}/replay",
                                              None, ana.token)
        ids["refusals"] = []
        for path, token in ((f"/api/games/{table}/replay?seat=1", ana.token),
                            (f"/api/games/{table}/replay?seat=0", bob.token),
                            (f"/api/games/{table}/replay?seat=7", ana.token),
                            (f"/api/games/{table}/replay?lang=xx", ana.token),
                            ("/api/games/0/replay", ana.token),
                            ("/api/games/abc/replay", ana.token),
                            ("/api/me/games", None),
                            ("/api/me/games?limit=0", ana.token),
                            ("/api/me/games?limit=201", ana.token),
                            ("/api/me/games?before=x", ana.token)):
            try:
                await asyncio.to_thread(http, base, path, None, token)
                ids["refusals"].append(None)
            except ServerError as exc:
                ids["refusals"].append(exc.code)
        await play_along(ana, table, 0)
        ids["token"] = ana.token
        for c in (ana, bob):
            await c.close()

    with running(db, tmp_path) as server:
        asyncio.run(scenario(server.base))
        table, token = ids["table"], ids["token"]
        listed = http(server.base, "/api/me/games", token=token)
        after = http(server.base, f"/api/me/games?before={table}&limit=5", token=token)
        over = http(server.base, f"/api/games/{table}/replay?seat=2&lang=fr")
        record = http(server.base, f"/api/games/{table}")
    mine = ids["mine"]
    assert mine["seat"] == 0 and not mine["over"] and len(mine["steps"]) <= 1
    assert ids["refusals"][:6] == ["private", "private", "bad_seat", "bad_lang", "bad_game",
                                   "bad_game"]
    assert ids["refusals"][6] is not None  # nobody signed in: no list
    assert ids["refusals"][7:] == ["bad_query"] * 3
    (line,) = listed["games"]
    assert line["game"] == table and line["status"] == "finished" and line["seat"] == 0
    assert line["replay"] == f"/replay/{table}" and listed["next"] is None
    assert after == {"games": [], "next": None}
    assert over["over"] and over["seat"] == 2 and len(over["steps"]) == len(record["actions"])
    assert [s["action"] for s in over["steps"]] == record["actions"]
    assert over["steps"][-1]["lines"] and over["seats"][2] != over["seats"][0]


def test_the_list_of_games_comes_a_page_at_a_time(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """``games_of`` gives ``limit`` games and the address of the next page; following the
    pages gives each of the person's games once, in the list's order (the latest first, the
    higher number first among games played at the same moment), and nobody else's."""
    from atout.server.replays import games_of
    from atout.store.models import now

    store = Store.open(str(tmp_path / "games.db"))
    try:
        ana, bob = store.player("ana"), store.player("bob")
        moment = now()
        monkeypatch.setattr("atout.store.store.now", lambda: moment)  # ties: the number decides
        ids = [store.create_game("jass", {}, {"seed": n}, [
            SeatInfo(player_id=ana if n != 2 else bob), *[SeatInfo(bot="heuristic")] * 3])
            for n in range(6)]
        mine = sorted((gid for n, gid in enumerate(ids) if n != 2), reverse=True)
        assert [g["game"] for g in games_of(store, ana)["games"]] == mine
        seen: list[Any] = []
        page = games_of(store, ana, limit=2)
        pages = 1
        while page["next"] is not None:
            seen += [g["game"] for g in page["games"]]
            match = re.fullmatch(r"/api/me/games\?before=(\d+)&limit=2", str(page["next"]))
            assert match is not None and int(match[1]) == seen[-1]
            page = games_of(store, ana, before=int(match[1]), limit=2)
            pages += 1
        seen += [g["game"] for g in page["games"]]
        assert seen == mine and pages == 3
        assert games_of(store, ana, limit=5)["next"] is None
        assert games_of(store, ana, before=10_000) == {"games": [], "next": None}
    finally:
        store.close()


def test_a_profile_links_each_game_its_reader_may_replay(tmp_path: Path) -> None:
    """A profile's recent game carries its replay's address exactly when the replay route
    would give it to the reader: a duplicate tournament's table never, a deal of the day's
    run only to its player once it is over, a private table's only to its players."""
    import dataclasses

    from atout.server.access import replay_link
    from atout.server.profiles import profile
    from atout.store import FINISHED

    store = Store.open(str(tmp_path / "games.db"))
    try:
        ana, bob = store.player("ana", "account"), store.player("bob", "account")
        seats = [SeatInfo(player_id=ana), SeatInfo(player_id=bob),
                 *[SeatInfo(bot="heuristic")] * 2]
        made = {source: store.create_game("jass", {}, {"seed": 1}, seats, source=source)
                for source in ("server", "daily", "duplicate")}
        made["private"] = store.create_game("jass", {}, {"seed": 1}, seats[:1] + seats[2:] * 2,
                                            client={"table": {"private": True}})
        links = {}
        for viewer in (ana, bob, None):
            shown = profile(store, "ana", viewer)
            assert shown is not None
            links[viewer] = {g["game"]: g["replay"] for g in shown["recent"]}
        summaries = {g.id: g for g in store.games()}
    finally:
        store.close()
    assert links[ana] == {made["server"]: f"/replay/{made['server']}", made["daily"]: None,
                          made["duplicate"]: None, made["private"]: f"/replay/{made['private']}"}
    assert links[bob] == {made["server"]: f"/replay/{made['server']}", made["daily"]: None,
                          made["duplicate"]: None}  # the private table: not listed to bob
    assert links[None] == links[bob]
    daily_over = dataclasses.replace(summaries[made["daily"]], status=FINISHED)
    assert replay_link(daily_over, ana) == f"/replay/{made['daily']}"
    assert replay_link(daily_over, None) is None and replay_link(daily_over, 99) is None
    duplicate_over = dataclasses.replace(summaries[made["duplicate"]], status=FINISHED)
    assert replay_link(duplicate_over, ana) is None
