"""Ratings move as OpenSkill says on hand-made results: the expected numbers are computed
with the library directly (Plackett-Luce, its defaults), the sides and ranks built by hand
for each game; bots never move, guests are not written, an abandoned game ranks the leaver's
side last; the store keeps the ratings and their history on SQLite and PostgreSQL."""

from __future__ import annotations

import random
from typing import Any

import pytest
from openskill.models import PlackettLuce

import atout
from atout.core import MatchResult
from atout.server.accounts import Player
from atout.server.ratings import (
    BOT_RATINGS,
    MU,
    SIGMA,
    Outcome,
    Sitter,
    bot_rating,
    finishing,
    outcomes,
    pool_of,
    ranks_by,
    rate,
)
from atout.server.table import SeatState, Table
from atout.store import SeatInfo, Store
from atout.store.models import SeatResult
from atout.store.ratings import NewRating, RatingBook, record, shown_rating

MODEL = PlackettLuce()


def new(mu: float = MU, sigma: float = SIGMA) -> Any:
    return MODEL.rating(mu=mu, sigma=sigma)


def by_player(found: list[NewRating]) -> dict[int, tuple[float, float]]:
    return {n.player_id: (n.mu, n.sigma) for n in found}


def close(a: tuple[float, float], b: Any) -> bool:
    return a == pytest.approx((b.mu, b.sigma), abs=1e-9)


def a_match(game: str, **options: Any) -> atout.Match:
    return atout.make(game, **options).match(seed=1)


def test_pools_are_per_game_and_per_player_count_where_it_changes() -> None:
    assert pool_of("jass", {}) == "jass"
    assert [pool_of("tarot", {"players": n}) for n in (3, 4, 5)] == \
        ["tarot/3", "tarot/4", "tarot/5"]
    assert pool_of("putze", {"players": 3}) == "putze/3"
    assert pool_of("knock-rummy", {}) == "knock-rummy/4"
    assert pool_of("pitch", {"players": 4, "partnership": True}) == "pitch/4/partners"
    assert pool_of("pitch", {"players": 6}) == "pitch/6"
    assert ranks_by([10, 30, 10, 5]) == (2, 1, 2, 4)


def test_jass_partners_against_partners_as_the_library_says() -> None:
    sitters = [Sitter(1), Sitter(3), Sitter(2), Sitter(bot="heuristic")]
    before = {1: (27.0, 6.0), 3: (22.0, 5.0)}  # 2 is new
    result = MatchResult((1007, 562, 1007, 562), (0, 2), (0, 2, 1, 3))
    found = outcomes("jass", {}, a_match("jass"), result)
    assert found == [Outcome(((0, 2), (1, 3)), (1, 2))]
    got = by_player(rate("jass", sitters, found, before, result.winners))
    bot = new(*bot_rating("jass", "heuristic"))
    (a, b), (c, _bot) = MODEL.rate([[new(27.0, 6.0), new()], [new(22.0, 5.0), bot]],
                                   ranks=[1, 2])
    assert close(got[1], a) and close(got[2], b) and close(got[3], c)
    assert got[1][0] > 27.0 and got[3][0] < 22.0
    assert set(got) == {1, 2, 3}  # the bot is not written


def test_free_for_all_ranks_by_final_score_with_ties_as_ties() -> None:
    sitters = [Sitter(1), Sitter(2), Sitter(3), Sitter(4)]
    result = MatchResult((3, 7, 3, 1), (1,), (1, 0, 2, 3))
    for game in ("putze", "knock-rummy", "pitch"):
        found = outcomes(game, {}, a_match(game), result)
        assert found == [Outcome(((0,), (1,), (2,), (3,)), (2, 1, 2, 4))]
        got = by_player(rate(f"{game}/4", sitters, found, {}, result.winners))
        expected = MODEL.rate([[new()] for _ in range(4)], ranks=[2, 1, 2, 4])
        for pid in range(1, 5):
            assert close(got[pid], expected[pid - 1][0])
        assert got[1] == got[3]  # a tie: the same change


def test_pitch_partnerships_rate_the_partners_together() -> None:
    result = MatchResult((11, 4, 11, 4), (0, 2), (0, 2, 1, 3))
    found = outcomes("pitch", {"partnership": True}, a_match("pitch", partnership=True),
                     result)
    assert found == [Outcome(((0, 2), (1, 3)), (1, 2))]


@pytest.mark.parametrize("players", [4, 5])
def test_tarot_rates_each_deal_taker_and_partner_against_the_defence(players: int) -> None:
    rules = atout.make("tarot", players=players)
    match = rules.match(seed=11, deals=3)
    rng = random.Random(3)
    while not match.is_over:
        match.play(rng.choice(match.legal_actions()))
    sitters = [Sitter(pid) for pid in range(1, players + 1)]
    found = outcomes("tarot", rules.options_dict(), match, match.result)
    expected_ratings = [new() for _ in range(players)]
    taken = 0
    for deal in match.deals:  # by hand: who took, who was called, who scored
        details, points = deal.result.details, deal.result.points
        if details.get("annulled") or details.get("taker") is None:
            continue
        taker, partner = int(details["taker"]), details.get("partner")
        attack = sorted({taker, partner if isinstance(partner, int) and partner >= 0
                         else taker})
        defence = [s for s in range(players) if s not in attack]
        ranks = [1.0, 2.0] if points[taker] > 0 else [2.0, 1.0] if points[taker] < 0 \
            else [1.0, 1.0]
        assert found[taken] == Outcome((tuple(attack), tuple(defence)),
                                      tuple(int(r) for r in ranks))
        taken += 1
        teams = MODEL.rate([[expected_ratings[s] for s in attack],
                            [expected_ratings[s] for s in defence]], ranks=ranks)
        for side, team in zip((attack, defence), teams, strict=True):
            for s, r in zip(side, team, strict=True):
                expected_ratings[s] = r
    assert taken == len(found) and taken >= 1
    got = by_player(rate(f"tarot/{players}", sitters, found, {}, match.result.winners))
    for s in range(players):
        assert close(got[s + 1], expected_ratings[s])


def test_bots_keep_their_fixed_ratings_and_guests_are_not_rated() -> None:
    sitters = [Sitter(1), Sitter(bot="search"), Sitter(7, guest=True), Sitter(bot="random")]
    result = MatchResult((10, 40, 5, 1), (1,), (1, 0, 2, 3))
    found = outcomes("putze", {}, a_match("putze"), result)
    got = rate("putze/4", sitters, found, {}, result.winners)
    assert [n.player_id for n in got] == [1]  # neither the bots nor the guest
    expected = MODEL.rate([[new()], [new(*bot_rating("putze/4", "search"))], [new()],
                           [new(*bot_rating("putze/4", "random"))]], ranks=[2, 1, 3, 4])
    assert close(by_player(got)[1], expected[0][0])
    # the published numbers themselves do not change with games played
    assert bot_rating("putze/4", "search") == BOT_RATINGS.get("putze/4", {}).get(
        "search", (MU, SIGMA))
    assert bot_rating("putze/4", "search:playouts=99") == bot_rating("putze/4", "search")
    assert bot_rating("putze/4", "somebody's:policy") == (MU, SIGMA)


def test_an_abandoned_game_ranks_the_leavers_side_last() -> None:
    # everyone for themselves: the leaver (seat 1) had the best score, and is last
    sitters = [Sitter(1), Sitter(2), Sitter(3)]
    result = MatchResult((10, 50, 20), (1,), (1, 2, 0))
    found = outcomes("putze", {}, a_match("putze", players=3), result, frozenset({1}))
    assert found == [Outcome(((0,), (1,), (2,)), (2, 3, 1))]
    got = rate("putze/3", sitters, found, {}, result.winners, frozenset({1}))
    expected = MODEL.rate([[new()], [new()], [new()]], ranks=[2, 3, 1])
    for n in got:
        assert close((n.mu, n.sigma), expected[n.player_id - 1][0])
    leaver = next(n for n in got if n.player_id == 2)
    assert leaver.abandoned and not leaver.won and leaver.mu < MU
    # partners: seat 2 left; their side loses, seat 0 (the partner who stayed) keeps
    sitters = [Sitter(1), Sitter(2), Sitter(3), Sitter(4)]
    before = {1: (30.0, 4.0)}
    result = MatchResult((1000, 200, 1000, 200), (0, 2), (0, 2, 1, 3))
    found = outcomes("jass", {}, a_match("jass"), result, frozenset({2}))
    assert found == [Outcome(((0, 2), (1, 3)), (2, 1))]
    moved = by_player(rate("jass", sitters, found, before, result.winners, frozenset({2})))
    (_, left), (b, d) = MODEL.rate([[new(30.0, 4.0), new()], [new(), new()]], ranks=[2, 1])
    assert moved[1] == (30.0, 4.0)
    assert close(moved[3], left) and close(moved[2], b) and close(moved[4], d)


def test_finishing_a_rated_table_rates_it_in_the_same_transaction(db_url: str) -> None:
    rules = atout.make("putze", players=3)
    match = rules.match(seed=5)
    rng = random.Random(5)
    while not match.is_over:
        match.play(rng.choice(match.legal_actions()))
    with Store.open(db_url) as store:
        ids = [store.player(n, "account") for n in ("ana", "bob")]
        guest = store.player("gil#1", "guest")
        gid = store.create_game("putze", rules.options_dict(), match.save()["match"],
                                [SeatInfo(player_id=ids[0]), SeatInfo(player_id=ids[1]),
                                 SeatInfo(player_id=guest)], source="server")
        seats = [SeatState(Player(ids[0], "ana", "account"), connected=True),
                 SeatState(Player(ids[1], "bob", "account"), standin=True),
                 SeatState(Player(guest, "gil", "guest"), connected=True)]
        table = Table(gid, rules, match, host=ids[0], seats=seats, started=True, over=True,
                      rated=True)
        abandoned, step = finishing(table)
        assert abandoned == {1} and step is not None
        store.finish(gid, table.result(), abandoned=abandoned, then=step)
        book = RatingBook(store)
        (ana,) = book.standings(ids[0])
        (bob,) = book.standings(ids[1])
        assert book.standings(guest) == []
        scores = match.result.scores
        ranks = [float(r) for r in ranks_by([scores[0], float("-inf"), scores[2]])]
        ranks[1] = 3.0
        expected = MODEL.rate([[new()], [new()], [new()]], ranks=ranks)
        assert close((ana.mu, ana.sigma), expected[0][0])
        assert close((bob.mu, bob.sigma), expected[1][0])
        assert ana.rating == shown_rating(ana.mu, ana.sigma) and ana.games == 1
        assert bob.wins == 0 and bob.pool == "putze/3"
        (change,) = book.changes(ids[1])
        assert change.abandoned and change.game_id == gid and change.mu_before == MU
        board = book.leaderboard("putze/3")
        assert [r.name for r in board] == ["ana", "bob"]  # bob left: ranked last
        assert book.pools("putze") == ["putze/3"] and book.pools("put") == []
        assert book.record_of(ids[0])[0] == 1
        with store.connection() as conn:
            from sqlalchemy import select

            flags = dict(conn.execute(select(SeatResult.seat, SeatResult.abandoned).where(
                SeatResult.game_id == gid)).all())
        assert flags == {0: False, 1: True, 2: False}
        # a second game starts from the ratings written by the first
        gid2 = store.create_game("putze", rules.options_dict(), match.save()["match"],
                                 [SeatInfo(player_id=i) for i in (*ids, guest)],
                                 source="server")
        result = MatchResult((1, 5, 3), (1,), (1, 2, 0))

        def second(conn: Any) -> None:
            from atout.store.ratings import current

            before = current(conn, ids, "putze/3")
            assert before == {ids[0]: (ana.mu, ana.sigma), ids[1]: (bob.mu, bob.sigma)}
            record(conn, gid2, "putze/3", rate(
                "putze/3", [Sitter(ids[0]), Sitter(ids[1]), Sitter(guest, guest=True)],
                outcomes("putze", {}, match, result), before, result.winners))

        store.finish(gid2, result, then=second)
        bob2 = next(s for s in book.standings(ids[1]))
        assert bob2.games == 2 and bob2.wins == 1
        assert [c.game_id for c in book.changes(ids[1])] == [gid, gid2]
        assert [c.game_id for c in book.changes(ids[1], "jass")] == []


def test_an_unrated_table_writes_no_rating(tmp_path: Any) -> None:
    rules = atout.make("jass")
    match = rules.match(seed=2)
    table = Table(1, rules, match, host=1, seats=[
        SeatState(Player(1, "ana", "account"), connected=True), *[SeatState(bot="random")] * 3])
    assert finishing(table) == (frozenset(), None)
    table.rated = True
    table.seats[0] = SeatState(Player(1, "gil", "guest"), connected=True)
    assert finishing(table) == (frozenset(), None)  # nobody to rate


def test_a_rated_table_stays_rated_when_it_is_rebuilt_from_its_settings() -> None:
    from atout.server.hub import table_from

    match = atout.make("jass").match(seed=3)
    seats = [SeatState() for _ in range(4)]
    assert table_from(1, match, {"rated": True, "host": 1}, seats).rated is True
    assert table_from(1, match, {"host": 1}, seats).rated is False
    assert table_from(1, match, {"rated": True}, seats).info()["rated"] is True


def test_a_failing_rating_never_keeps_a_game_from_finishing(
        tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    import atout.server.ratings as ratings

    rules = atout.make("jass")
    match = rules.match(seed=4)
    rng = random.Random(4)
    while not match.deals:
        match.play(rng.choice(match.legal_actions()))
    with Store.open(str(tmp_path / "s.sqlite3")) as store:
        me = store.player("ana", "account")
        seats = [SeatInfo(player_id=me)] + [SeatInfo(bot="random")] * 3
        table = Table(0, rules, match, host=me, rated=True, started=True, over=True, seats=[
            SeatState(Player(me, "ana", "account"), connected=True),
            *[SeatState(bot="random") for _ in range(3)]])

        def broken(*_args: Any, **_kw: Any) -> Any:
            raise ArithmeticError("a bug in the library")

        for name in ("outcomes", "rate"):
            with monkeypatch.context() as patch:
                patch.setattr(ratings, name, broken)
                table.id = store.create_game("jass", {}, {"seed": 4}, seats, source="server")
                abandoned, step = finishing(table)
                store.finish(table.id, table.result(), abandoned=abandoned, then=step)
                assert store.get(table.id).summary.status == "finished"
        assert RatingBook(store).standings(me) == []


def test_the_published_bot_ratings_name_real_pools_and_bots(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from atout.bots import bot_names
    from atout.server.ratings import nearest_pool

    assert BOT_RATINGS, "bot_ratings.json has no pool"
    for pool, bots in BOT_RATINGS.items():
        game, _, rest = pool.partition("/")
        seats = rest.split("/")[0]
        options = {"players": int(seats)} if seats else {}
        assert pool_of(game, options) == pool
        assert bots and set(bots) <= set(bot_names())
        assert all(sigma > 0 for _, sigma in bots.values())
    assert "jass" in BOT_RATINGS and "tarot/4" in BOT_RATINGS
    # a pool not measured takes the same game's nearest measured one
    monkeypatch.setitem(BOT_RATINGS, "putze/4", {"random": (20.0, 1.0)})
    monkeypatch.setitem(BOT_RATINGS, "putze/5", {"random": (22.0, 1.0)})
    assert nearest_pool("putze/3") == "putze/4" and nearest_pool("putze/6") == "putze/5"
    assert bot_rating("putze/2", "random") == (20.0, 1.0)
    assert nearest_pool("pitch/4/partners") in (None, "pitch/4/partners")
    assert nearest_pool("chess/2") is None and bot_rating("chess/2", "random") == (MU, SIGMA)
