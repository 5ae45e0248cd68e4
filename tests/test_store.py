"""The store of games, on SQLite and on a real PostgreSQL: what is written is what is read
back, in order; conflicts, finished games and unknown numbers are refused in words; a newer or
foreign schema is refused and left untouched; the models and the migrations agree."""

from __future__ import annotations

import random
import threading
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import create_engine, inspect, text

import atout
from atout.core import MatchResult
from atout.store import FINISHED, PLAYING, SeatInfo, Store, StoreError, stopped_result
from atout.store.schema import HEAD, REVISIONS, migrations_dir


def play_random(store: Store, game_id: int, match: atout.Match, moves: int,
                rng: random.Random, start: int = 0) -> list[str]:
    """Play up to ``moves`` random legal actions, recording each; the actions."""
    played = []
    for i in range(moves):
        if match.is_over:
            break
        seat = match.to_move
        assert seat is not None
        action = rng.choice(match.legal_actions())
        match.play(action)
        store.append(game_id, start + i, seat, action.text)
        played.append(action.text)
    return played


def new_game(store: Store, name: str = "jass", seed: int = 1,
             **options: Any) -> tuple[int, atout.Match, int]:
    rules = atout.make(name, **options)
    match = rules.match(seed=seed)
    me = store.player("ana")
    seats = [SeatInfo(player_id=me)] + [SeatInfo(bot="heuristic")] * (rules.seats - 1)
    gid = store.create_game(rules.name, rules.options_dict(), match.save()["match"], seats,
                            client={"seat": 0, "lang": "fr"})
    return gid, match, me


def test_actions_read_back_in_order_and_replay(db_url: str) -> None:
    with Store.open(db_url) as store:
        gid, match, _me = new_game(store, "tarot", seed=5)
        played = play_random(store, gid, match, 40, random.Random(2))
        record = store.get(gid)
        assert record.actions == tuple(played)
        assert record.summary.status == PLAYING and record.summary.actions_count == 40
        assert record.summary.client == {"seat": 0, "lang": "fr"}
        assert record.summary.seats[0].name == "ana" and record.summary.seats[1].bot == \
            "heuristic"
        again = record.replay()
        assert again.history == match.history
        assert again.view(2).to_dict() == match.view(2).to_dict()
        assert record.replay(upto=10).history[0] == match.history[0][:10]
    with Store.open(db_url) as store:  # a second process sees the same
        assert store.get(gid).actions == tuple(played)


def test_conflicts_gaps_finished_and_unknown_games_are_refused(db_url: str) -> None:
    with Store.open(db_url) as store:
        gid, match, _ = new_game(store)
        play_random(store, gid, match, 3, random.Random(1))
        with pytest.raises(StoreError) as exc:
            store.append(gid, 2, 0, "AH")  # number 2 is taken: another window played it
        assert exc.value.code == "conflict" and "played elsewhere" in str(exc.value)
        with pytest.raises(StoreError) as exc:
            store.append(gid, 5, 0, "AH")  # a gap
        assert exc.value.code == "conflict"
        with pytest.raises(StoreError) as exc:
            store.append(gid + 100, 0, 0, "AH")
        assert exc.value.code == "not_found"
        assert len(store.get(gid).actions) == 3
        store.finish(gid, stopped_result([10.0, 20.0, 10.0, 20.0], 1))
        with pytest.raises(StoreError) as exc:
            store.append(gid, 3, 0, "AH")
        assert exc.value.code == "finished"
        with pytest.raises(StoreError) as exc:
            store.finish(gid, stopped_result([0.0] * 4, 1))
        assert exc.value.code == "finished"
        with pytest.raises(StoreError) as exc:
            store.get(9999)
        assert exc.value.code == "not_found"


def test_a_take_back_removes_the_last_actions_and_keeps_them_aside(db_url: str) -> None:
    with Store.open(db_url) as store:
        gid, match, _ = new_game(store, "pitch", seed=4)
        played = play_random(store, gid, match, 9, random.Random(3))
        actors = store.get(gid).actors
        removed = store.take_back(gid, 6, 9)
        assert removed == list(zip(actors[6:], played[6:], strict=True))
        record = store.get(gid)
        assert record.actions == tuple(played[:6]) and record.summary.actions_count == 6
        assert store.takebacks(gid) == [(6, removed)]
        again = record.replay()
        store.append(gid, 6, again.to_move or 0, again.legal_actions()[0].text)
        assert len(store.get(gid).actions) == 7
        with pytest.raises(StoreError) as exc:  # it moved on: 7 actions, not 9
            store.take_back(gid, 2, 9)
        assert exc.value.code == "conflict" and len(store.get(gid).actions) == 7
        with pytest.raises(ValueError, match="cannot take back"):
            store.take_back(gid, 7, 7)
        store.finish(gid, stopped_result([1.0, 2.0, 3.0, 4.0], 1))
        with pytest.raises(StoreError) as exc:
            store.take_back(gid, 0, 7)
        assert exc.value.code == "finished" and len(store.get(gid).actions) == 7
        store.delete(gid)
        assert store.takebacks(gid) == []


def test_results_history_stats_and_delete(db_url: str) -> None:
    with Store.open(db_url) as store:
        ids = []
        for seed, scores in enumerate([(157.0, 0.0), (40.0, 117.0), (100.0, 57.0)]):
            gid, _, me = new_game(store, seed=seed)
            a, b = scores
            store.finish(gid, MatchResult((a, b, a, b), (0, 2) if a > b else (1, 3),
                                          (0, 2, 1, 3) if a > b else (1, 3, 0, 2)))
            ids.append(gid)
        unfinished, _, _ = new_game(store, "pitch", seed=9)
        assert [g.id for g in store.games(status=FINISHED)] == ids[::-1]
        assert [g.id for g in store.games(status=PLAYING)] == [unfinished]
        assert [g.id for g in store.games(game="pitch")] == [unfinished]
        assert store.games(player=me + 1) == []
        assert store.count() == {FINISHED: 3, PLAYING: 1}
        (line,) = store.stats(me)
        assert (line.game, line.variant, line.opponents) == ("jass", "standard", "heuristic")
        assert (line.games, line.wins) == (3, 2)
        assert line.average == pytest.approx((157 + 40 + 100) / 3)
        assert store.stats(me, game="pitch") == []  # not finished
        finished = store.get(ids[1]).summary
        assert finished.finished and finished.result is not None
        assert finished.result["winners"] == [1, 3]
        store.delete(ids[1])
        assert [g.id for g in store.games(status=FINISHED)] == [ids[2], ids[0]]
        with pytest.raises(StoreError) as exc:
            store.delete(ids[1])
        assert exc.value.code == "not_found"


def test_variants_are_told_apart_in_the_stats(db_url: str) -> None:
    with Store.open(db_url) as store:
        choices: list[dict[str, Any]] = [{}, {"target": 1500}, {"target": 1500}]
        for options in choices:
            gid, _, me = new_game(store, **options)
            store.finish(gid, stopped_result([1.0, 0.0, 1.0, 0.0], 1))
        lines = store.stats(me)
        assert [(s.variant, s.games) for s in lines] == [("standard", 1), ("target=1500", 2)]


def test_many_games_written_at_once_from_threads(db_url: str) -> None:
    with Store.open(db_url) as store:
        games = [new_game(store, seed=s) for s in range(8)]
        expected: dict[int, list[str]] = {}
        errors: list[BaseException] = []

        def run(gid: int, match: atout.Match, seed: int) -> None:
            try:
                expected[gid] = play_random(store, gid, match, 30, random.Random(seed))
            except BaseException as exc:  # reported below
                errors.append(exc)

        threads = [threading.Thread(target=run, args=(gid, m, i))
                   for i, (gid, m, _) in enumerate(games)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert errors == []
        for gid, actions in expected.items():
            assert store.get(gid).actions == tuple(actions)


@settings(max_examples=15, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(game=st.sampled_from(["jass", "putze", "tarot", "pitch", "knock-rummy"]),
       seed=st.integers(0, 10_000), moves=st.integers(0, 120))
def test_any_prefix_of_any_game_comes_back_the_same(db_url: str, game: str, seed: int,
                                                    moves: int) -> None:
    with Store.open(db_url) as store:
        gid, match, _ = new_game(store, game, seed=seed)
        played = play_random(store, gid, match, moves, random.Random(seed))
        again = store.get(gid).replay()
        assert [a for deal in again.history for a in deal] == \
            [a for deal in match.history for a in deal]
        assert len(played) == sum(len(h) for h in match.history)
        for seat in range(match.seats):
            assert again.view(seat).to_dict() == match.view(seat).to_dict()


def test_a_new_store_is_at_the_head_and_the_models_match_the_migrations(db_url: str) -> None:
    from alembic.autogenerate import compare_metadata
    from alembic.config import Config
    from alembic.migration import MigrationContext
    from alembic.script import ScriptDirectory

    cfg = Config()
    cfg.set_main_option("script_location", str(migrations_dir()))
    script = ScriptDirectory.from_config(cfg)
    assert script.get_current_head() == HEAD
    assert [r.revision for r in script.walk_revisions()][::-1] == list(REVISIONS)
    with Store.open(db_url) as store:
        from atout.store.models import Base

        with store.engine.connect() as conn:
            assert conn.execute(text("SELECT version_num FROM alembic_version")).scalar() \
                == HEAD
            diff = compare_metadata(MigrationContext.configure(conn), Base.metadata)
        assert diff == []


def _tables(url: str) -> dict[str, list[tuple[object, ...]]]:
    engine = create_engine(url if "://" in url else f"sqlite:///{url}")
    try:
        with engine.connect() as conn:
            return {t: [tuple(r) for r in conn.execute(text(f'SELECT * FROM "{t}"'))]
                    for t in sorted(inspect(conn).get_table_names())}
    finally:
        engine.dispose()


def _url(db_url: str) -> str:
    return db_url.replace("postgresql://", "postgresql+psycopg://", 1) if "://" in db_url \
        else f"sqlite:///{db_url}"


def test_a_store_of_a_newer_atout_is_refused_and_left_untouched(db_url: str) -> None:
    with Store.open(db_url) as store:
        gid, match, _ = new_game(store)
        play_random(store, gid, match, 5, random.Random(3))
    engine = create_engine(_url(db_url))
    with engine.begin() as conn:
        conn.execute(text("UPDATE alembic_version SET version_num = '9999'"))
    engine.dispose()
    before = _tables(_url(db_url))
    with pytest.raises(StoreError) as exc:
        Store.open(db_url)
    assert exc.value.code == "newer"
    assert "newer version of atout" in str(exc.value) and "9999" in str(exc.value)
    assert _tables(_url(db_url)) == before


def test_another_programs_database_is_refused_and_left_untouched(db_url: str) -> None:
    """An SQLite file is the store's alone: one with other tables is refused. A PostgreSQL
    database may hold other programs' tables beside atout's (they are left as they are), but
    one whose tables carry atout's names without its schema is refused."""
    engine = create_engine(_url(db_url))
    with engine.begin() as conn:
        conn.execute(text("CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT)"))
        conn.execute(text("INSERT INTO customers VALUES (1, 'Ada')"))
    before = _tables(_url(db_url))
    if "://" not in db_url:
        with pytest.raises(StoreError) as exc:
            Store.open(db_url)
        assert exc.value.code == "foreign" and "customers" in str(exc.value)
        assert _tables(_url(db_url)) == before
    else:
        with Store.open(db_url) as store:
            assert store.games() == []
        assert _tables(_url(db_url))["customers"] == before["customers"]
        with engine.begin() as conn:
            conn.execute(text("DROP TABLE alembic_version"))
        before = _tables(_url(db_url))
        with pytest.raises(StoreError) as exc:
            Store.open(db_url)
        assert exc.value.code == "foreign" and "named like atout's" in str(exc.value)
        assert _tables(_url(db_url)) == before
    engine.dispose()


def test_unreachable_and_unusable_urls_are_refused_in_words(tmp_path: object) -> None:
    with pytest.raises(StoreError) as exc:
        Store.open("postgresql://nobody:secret@127.0.0.1:9/atout", timeout=1)
    assert exc.value.code == "unreachable"
    assert "secret" not in str(exc.value) and "127.0.0.1:9" in str(exc.value)
    with pytest.raises(StoreError) as exc:
        Store.open("mysql://u@localhost/atout")
    assert exc.value.code == "bad_url" and "not supported" in str(exc.value)
    with pytest.raises(StoreError) as exc:
        Store.open("postgresql://u@host:port/atout")
    assert exc.value.code == "bad_url"


def test_a_batch_of_several_games_is_all_or_nothing(db_url: str) -> None:
    with Store.open(db_url) as store:
        one, _, _ = new_game(store, seed=1)
        two, _, _ = new_game(store, seed=2)
        store.append_batch([(one, 0, 3, "push"), (two, 0, 3, "trump H"), (one, 1, 1, "trump S")])
        assert store.get(one).actions == ("push", "trump S")
        assert store.get(two).actions == ("trump H",)
        with pytest.raises(StoreError) as exc:  # game two's number 0 is taken: nothing is done
            store.append_batch([(one, 2, 0, "AH"), (two, 0, 0, "AH")])
        assert exc.value.code == "conflict"
        assert len(store.get(one).actions) == 2
        with pytest.raises(StoreError):
            store.append_batch([(one, 2, 0, "AH"), (one, 4, 0, "KH")])  # not in a row


def test_the_servers_writer_groups_commits_and_fails_a_conflict_alone(tmp_path: Any) -> None:
    import asyncio

    from atout.server.writer import Writer

    async def run(store: Store, games: list[int]) -> list[BaseException | None]:
        writer = Writer(store)
        first = await asyncio.gather(*(writer.append(g, i, 0, "push") for i in range(3)
                                       for g in games), return_exceptions=True)
        assert first == [None] * 30
        assert writer.commits < 3 * len(games)  # grouped
        jobs = [writer.append(games[0], 0, 0, "push")]  # a conflict: number 0 is taken
        jobs += [writer.append(g, 3, 0, "push") for g in games]
        results = await asyncio.gather(*jobs, return_exceptions=True)
        await writer.stop()
        return list(results)

    with Store.open(str(tmp_path / "w.sqlite3")) as store:
        games = [new_game(store, seed=s)[0] for s in range(10)]
        results = asyncio.run(run(store, games))
        assert isinstance(results[0], StoreError) and results[0].code == "conflict"
        assert results[1:] == [None] * 10  # the others of its group are written
        assert all(len(store.get(g).actions) == 4 for g in games)
