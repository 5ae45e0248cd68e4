"""Duplicate tournaments for clubs (atout.duplicate): the must-hold check of 2 tables x 4
boards played by bots, against the engine's scores replayed independently; a board void
before anyone chooses (a Tarot petit sec) dealt again."""

from __future__ import annotations

import csv
import io
import random
import statistics

import pytest
from hypothesis import given
from hypothesis import strategies as st

import atout
from atout.duplicate import Club, play_all, replay, void_at_once


def _seed(tournament_seed: int, board: int) -> int:
    # written out again here (not imported): the seed of deal `board` of a match
    return random.Random(f"atout:{tournament_seed}:{board}").getrandbits(63)


def test_two_tables_four_boards_of_bots_give_the_engines_scores() -> None:
    club = Club("jass", deals=4, tables=2, seed=11)
    res = play_all(club, bot="heuristic")
    rules = atout.make("jass")
    assert len(res.played) == 8
    # every table played the same cards on a board: replay each with the engine directly
    points = {}
    for p in res.played:
        deal = rules.deal(seed=_seed(11, p.board), dealer=p.board % 4)
        for a in p.actions:
            deal.play(a)
        assert deal.is_over
        points[p.table, p.board] = deal.result.points
    # Jass: two teams alternate; at table t on board b the entrants move (t + b) % 2 seats
    lines = {(ln.board, ln.table, ln.place): ln for ln in res.lines()}
    assert len(lines) == 2 * 4 * 4
    for b in range(4):
        for t in range(2):
            for place in range(4):
                seat = (place + (t + b) % 2) % 4
                got = lines[b, t, place]
                assert got.seat == seat
                assert got.points == points[t, b][seat]
                datum = (points[0, b][seat] + points[1, b][seat]) / 2
                assert got.datum == pytest.approx(datum)
                assert got.difference == pytest.approx(points[t, b][seat] - datum)
        # the two tables gave each side's cards to the other side of the other table
        assert lines[b, 0, 0].seat % 2 != lines[b, 1, 0].seat % 2
    # overall: the sum of the differences, partners equal, the room's sum zero
    totals = {(s.table, s.place): s for s in res.standings()}
    for (t, place), s in totals.items():
        want = sum(points[t, b][(place + (t + b) % 2) % 4]
                   - (points[0, b][(place + (t + b) % 2) % 4]
                      + points[1, b][(place + (t + b) % 2) % 4]) / 2 for b in range(4))
        assert s.difference == pytest.approx(want)
        assert s.boards == 4
    assert totals[0, 0].difference == pytest.approx(totals[0, 2].difference)
    assert sum(s.difference for s in totals.values()) == pytest.approx(0)
    diffs = [s.difference for s in res.standings()]
    assert diffs == sorted(diffs, reverse=True)


def test_the_csv_has_a_row_per_entrant_and_board_then_the_totals() -> None:
    res = play_all(Club("putze", deals=2, tables=2, seed=3))
    rows = list(csv.DictReader(io.StringIO(res.csv())))
    n = res.club.seats
    assert len(rows) == 2 * 2 * n + 2 * n
    board_rows = [r for r in rows if r["board"] != "total"]
    for line, row in zip(res.lines(), board_rows, strict=True):
        assert int(row["board"]) == line.board + 1 and int(row["seat"]) == line.seat
        assert float(row["points"]) == line.points
        assert float(row["difference"]) == pytest.approx(line.difference, abs=1e-4)
    assert [r["name"] for r in rows if r["board"] == "total"] == \
        [s.name for s in res.standings()]


def test_free_for_all_games_move_every_player_one_seat_per_step() -> None:
    club = Club("putze", deals=3, tables=3)
    n = club.seats
    assert club.rotation.startswith("seats")
    assert (club.rotation_by, club.rotation_steps) == ("seats", n)
    for b in range(3):
        for t in range(3):
            assert [club.seat_of(t, b, p) for p in range(n)] == \
                [(p + (t + b) % n) % n for p in range(n)]
    # the same place holds a different hand at each table on a board
    assert len({club.seat_of(t, 0, 0) for t in range(3)}) == min(3, n)


def test_the_boards_are_the_same_deals_at_every_table_and_replay() -> None:
    club = Club("jass", deals=1, tables=2, seed=2)
    res = play_all(club)
    for p in res.played:
        assert replay(club, p.table, p.board, p.actions) == p
    with pytest.raises(ValueError, match="does not play"):
        replay(club, 0, 0, ("trump H", "XX"))
    with pytest.raises(ValueError, match="not over"):
        replay(club, 0, 0, ())


def test_bad_settings_are_refused_in_words() -> None:
    with pytest.raises(ValueError, match="from 1 to"):
        Club("jass", deals=0, tables=2)
    with pytest.raises(ValueError, match="tables"):
        Club("jass", deals=2, tables=0)
    with pytest.raises(ValueError, match="give 2 tables"):
        play_all(Club("jass", deals=1, tables=2), entrants=[[None] * 4])
    with pytest.raises(ValueError, match="person"):
        play_all(Club("jass", deals=1, tables=1), entrants=[["ann", None, None, None]])


def test_a_person_plays_through_the_chooser() -> None:
    club = Club("jass", deals=1, tables=1, seed=4)
    seen: list[tuple[int, int, int]] = []

    def first_legal(table: int, place: int, seat: int, view: atout.View) -> str:
        seen.append((table, place, seat))
        assert view.seat == seat
        return view.legal[0]

    res = play_all(club, entrants=[["ann", None, None, None]], person=first_legal)
    assert seen and all(s == (0, 0, club.seat_of(0, 0, 0)) for s in seen)
    assert res.standings()[0].boards == 1
    assert statistics.fmean(s.difference for s in res.standings()) == 0


# board 0 of this seed deals seat 2 the petit as its only trump, without the excuse: the
# holder must declare it, which voids the deal before anyone has a choice
PETIT_SEC_SEED = 2254211890173305836


def test_a_board_void_before_anyone_chooses_is_dealt_again() -> None:
    old = Club("tarot", deals=1, tables=2, seed=PETIT_SEC_SEED, redeal=False).deal(0)
    assert old.to_move == 2 and [str(a) for a in old.legal_actions()] == ["petit sec"]
    hand = old.view(2).hand
    assert [c for c in hand if c[1:].isdigit()] == ["T1"] and "EX" not in hand
    assert void_at_once(old)
    club = Club("tarot", deals=1, tables=2, seed=PETIT_SEC_SEED)
    new = club.deal(0)
    again = atout.make("tarot").deal(seed=_seed(_seed(PETIT_SEC_SEED, 0), 1), dealer=0)
    assert new.view(None).to_dict() == again.view(None).to_dict()
    assert [new.view(s).hand for s in range(4)] == [again.view(s).hand for s in range(4)]
    assert not void_at_once(new) and len(new.legal_actions()) > 1
    res = play_all(club)
    assert all(len(p.actions) > 1 and p.actions[0] != "petit sec" for p in res.played)
    for p in res.played:
        assert replay(club, p.table, p.board, p.actions) == p
    # the old dealing, for tournaments stored before the redeal: the board is void at once
    old_res = play_all(Club("tarot", deals=1, tables=2, seed=PETIT_SEC_SEED, redeal=False))
    assert [p.actions for p in old_res.played] == [("petit sec",), ("petit sec",)]


@given(st.integers(0, 2**63 - 1))
def test_no_board_is_void_at_once_and_the_others_are_as_dealt(seed: int) -> None:
    club = Club("tarot", deals=8, tables=1, seed=seed)
    plain = Club("tarot", deals=8, tables=1, seed=seed, redeal=False)
    for b in range(8):
        deal, first = club.deal(b), plain.deal(b)
        assert not void_at_once(deal)
        if not void_at_once(first):  # only a void board changes
            assert [deal.view(s).hand for s in range(4)] == [first.view(s).hand
                                                             for s in range(4)]


def test_the_games_without_void_deals_keep_their_boards() -> None:
    for game in ("jass", "putze", "pitch", "knock-rummy"):
        club = Club(game, deals=4, tables=1, seed=11)
        rules = atout.make(game)
        for b in range(4):
            plain = rules.deal(seed=club.board_seed(b), dealer=b % rules.seats)
            assert [club.deal(b).view(s).hand for s in range(rules.seats)] == \
                [plain.view(s).hand for s in range(rules.seats)]

