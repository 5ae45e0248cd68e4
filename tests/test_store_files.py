"""SQLite files that are not a sound store of ours are refused in words and left exactly as
they were; the console says so in the player's language; the earlier save files are imported
once."""

from __future__ import annotations

import hashlib
import io
import json
import sqlite3
from pathlib import Path

import pytest

import atout
from atout.console import run_play, run_replay
from atout.store import SeatInfo, Store, StoreError


def digest(folder: Path) -> dict[str, str]:
    """Every file of a folder with the SHA-256 of its bytes."""
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.iterdir()) if p.is_file()}


def a_store(path: Path, moves: int = 12) -> None:
    with Store.open(str(path)) as store:
        match = atout.make("jass").match(seed=3)
        me = store.player("ana")
        gid = store.create_game("jass", {}, {"seed": 3},
                                [SeatInfo(player_id=me)] + [SeatInfo(bot="random")] * 3)
        for i in range(moves):
            seat = match.to_move
            assert seat is not None
            action = match.legal_actions()[0]
            match.play(action)
            store.append(gid, i, seat, action.text)


def refused(path: Path, code: str) -> StoreError:
    before = digest(path.parent)
    with pytest.raises(StoreError) as exc:
        Store.open(str(path), timeout=0.2)
    assert exc.value.code == code, exc.value
    assert digest(path.parent) == before  # not a byte changed, no file added
    return exc.value


def test_a_file_that_is_not_a_database(tmp_path: Path) -> None:
    path = tmp_path / "atout.sqlite3"
    path.write_bytes(b"These are my notes, not a database.\n" * 20)
    err = refused(path, "not_database")
    assert "not an SQLite database" in str(err) and "left untouched" in str(err)


def test_a_truncated_store(tmp_path: Path) -> None:
    path = tmp_path / "atout.sqlite3"
    a_store(path, 60)
    data = path.read_bytes()
    assert len(data) > 8192
    path.write_bytes(data[: len(data) // 2])
    err = refused(path, "truncated")
    assert "truncated" in str(err) and "backup" in str(err)


def test_a_short_header(tmp_path: Path) -> None:
    path = tmp_path / "atout.sqlite3"
    path.write_bytes(b"SQLite format 3\x00" + b"\x00" * 20)
    refused(path, "not_database")


def test_a_damaged_store(tmp_path: Path) -> None:
    path = tmp_path / "atout.sqlite3"
    a_store(path, 60)
    data = bytearray(path.read_bytes())
    page = int.from_bytes(data[16:18], "big")
    for i in range(page, len(data)):  # every page after the first: garbage
        data[i] = (i * 7) % 251
    path.write_bytes(bytes(data))
    err = refused(path, "damaged")
    assert "damaged" in str(err)


def test_another_programs_sqlite_file(tmp_path: Path) -> None:
    path = tmp_path / "atout.sqlite3"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE recipes (name TEXT)")
    conn.execute("INSERT INTO recipes VALUES ('fondue')")
    conn.commit()
    conn.close()
    err = refused(path, "foreign")
    assert "recipes" in str(err)


def test_a_store_locked_by_another_program(tmp_path: Path) -> None:
    path = tmp_path / "atout.sqlite3"
    a_store(path)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        with Store.open(str(path), timeout=0.2) as store, pytest.raises(StoreError) as exc:
            store.append(1, 12, 0, "AH")
        assert exc.value.code == "locked" and "locked by another program" in str(exc.value)
    finally:
        holder.rollback()
        holder.close()
    with Store.open(str(path)) as store:
        assert len(store.get(1).actions) == 12


def test_a_folder_and_an_empty_file(tmp_path: Path) -> None:
    (tmp_path / "dir").mkdir()
    refused(tmp_path / "dir", "folder")
    empty = tmp_path / "empty.sqlite3"
    empty.write_bytes(b"")
    with Store.open(str(empty)) as store:  # nothing in it to lose: it becomes a store
        assert store.games() == []


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "is not a file of atout games: it is not an SQLite database. It was left "
           "untouched."),
    ("fr", "n'est pas un fichier de parties d'atout : ce n'est pas une base SQLite. Il n'a "
           "pas été modifié."),
])
def test_the_console_refuses_a_damaged_store_in_words(tmp_path: Path, lang: str,
                                                      words: str) -> None:
    (tmp_path / "atout.sqlite3").write_bytes(b"\x00garbage" * 64)
    before = digest(tmp_path)
    out = io.StringIO()
    assert run_play("jass", lang=lang, data=tmp_path, stdin=io.StringIO(""), stdout=out) == 2
    assert words in out.getvalue()
    out = io.StringIO()
    assert run_play(lang=lang, resume=True, data=tmp_path, stdin=io.StringIO(""),
                    stdout=out) == 2
    assert words in out.getvalue()
    assert digest(tmp_path) == before


def old_save(match: atout.Match, seat: int, finished: bool, deals: int | None) -> str:
    """A save file as the console wrote them before the store."""
    return json.dumps({"format": "atout-console", "version": 1, "game": match.rules.name,
                       "options": match.rules.options_dict(), "match": match.save(),
                       "seat": seat, "bot": "random", "deals": deals, "finished": finished})


def test_earlier_save_files_are_imported_once(tmp_path: Path) -> None:
    rules = atout.make("putze", players=3)
    playing = rules.match(seed=4)
    for _ in range(7):
        playing.play(playing.legal_actions()[-1])
    seat = playing.to_move
    assert seat is not None
    (tmp_path / "current-game.json").write_text(old_save(playing, seat, False, None))
    done = atout.make("jass").match(seed=8)
    while not done.deals:  # the first deal: a game stopped by --deals 1
        done.play(done.legal_actions()[0])
    (tmp_path / "finished").mkdir()
    (tmp_path / "finished" / "jass-20261101-101010.json").write_text(
        old_save(done, 0, True, 1))
    (tmp_path / "finished" / "jass-broken.json").write_text("{not json")
    files = {p: p.read_bytes() for p in tmp_path.rglob("*.json")}

    out = io.StringIO()
    assert run_play(lang="en", resume=True, delay=0, data=tmp_path,
                    stdin=io.StringIO("q\n"), stdout=out) == 0
    said = out.getvalue()
    assert "2 games saved by an earlier version were imported." in said
    assert "jass-broken.json could not be imported" in said
    assert "Game 1 resumed." in said and "Game saved" in said
    assert {p: p.read_bytes() for p in tmp_path.rglob("*.json")} == files  # left as they were
    with Store.open(data=tmp_path) as store:
        games = {g.id: g for g in store.games()}
        assert games[1].status == "playing" and games[1].client["seat"] == seat
        assert store.get(1).actions == tuple(a.text for a in playing.history[0])
        assert games[2].status == "finished" and games[2].result is not None
        assert games[2].result["scores"] == [float(x) for x in done.scores]

    out = io.StringIO()  # a second start imports nothing again
    assert run_play(lang="en", resume=True, delay=0, data=tmp_path,
                    stdin=io.StringIO("q\n"), stdout=out) == 0
    assert "imported" not in out.getvalue()
    with Store.open(data=tmp_path) as store:
        assert len(store.games()) == 2
    out = io.StringIO()
    assert run_replay(str(tmp_path / "finished" / "jass-20261101-101010.json"), lang="en",
                      stdin=io.StringIO("end\nq\n"), stdout=out) == 0
    assert "End of the replay" in out.getvalue()
