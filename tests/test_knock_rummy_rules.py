"""Knock Rummy rules: the seed's worked example from real hands, options and refusals."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import atout
from atout.cards import FULL_DECK
from atout.core import Deal, Event, IllegalAction
from atout.games.knock_rummy import KnockRummyOptions, settle

# The seed's example, four players: Pierre 0, Jean 1, Jacques 2, Paul 3 (7 cards each).
PIERRE = ["3C", "4C", "5C", "6C", "KH", "9D", "2S"]  # run 3C-6C; K, 9, 2 left: 21
JEAN_FINAL = ["7H", "8H", "9H", "JS", "JD", "JC", "5D"]  # 7H-9H, jacks; a 5 left: 5
JACQUES = ["QS", "QD", "7S", "AD", "4H", "4D", "4S"]  # fours; Q, Q, 7, A left: 28
PAUL_FINAL = ["TH", "JH", "QH", "2H", "2D", "2C", "8C"]  # TH-QH, twos; an 8 left: 8


def _play(deal: Deal, *actions: str) -> list[Event]:
    events: list[Event] = []
    for a in actions:
        events += deal.play(a)
    return events


def _score(events: list[Event]) -> dict[str, Any]:
    found = [e for e in events if e.kind == "score"]
    assert len(found) == 1
    return dict(found[0].data)


def test_seed_example_jean_knocks_wins_42() -> None:
    rules = atout.make("knock-rummy", players=4)
    jean = ["7H", "8H", "9H", "JS", "JD", "JC", "TD"]
    deal = rules.deal(hands=[PIERRE, jean, JACQUES, PAUL_FINAL], dealer=0,
                      discard=["3D"], stock=["5D"])
    assert deal.to_move == 1  # Jean, at the dealer's left
    events = _play(deal, "draw stock", "knock", "TD")
    shows = {e.seat: e.data for e in events if e.kind == "show"}
    assert [shows[s]["points"] for s in range(4)] == [21, 5, 28, 8]
    assert sorted(shows[0]["deadwood"]) == sorted(["KH", "9D", "2S"])
    assert sorted(shows[1]["hand"]) == sorted(JEAN_FINAL)
    assert sorted(shows[2]["deadwood"]) == sorted(["QS", "QD", "7S", "AD"])
    assert shows[3]["deadwood"] == ["8C"]
    assert shows[1]["melds"] == [["7H", "8H", "9H"], ["JD", "JS", "JC"]]
    score = _score(events)
    assert score["winners"] == [1] and not score["penalty"] and not score["rum"]
    assert deal.is_over
    assert deal.result.points == (-16, 42, -23, -3)


def test_seed_example_paul_knocks_pays_13_to_jean() -> None:
    rules = atout.make("knock-rummy", players=4)
    paul = ["TH", "JH", "QH", "2H", "2D", "2C", "KD"]
    deal = rules.deal(hands=[PIERRE, JEAN_FINAL, JACQUES, paul], dealer=2,
                      discard=["3D"], stock=["8C"])
    assert deal.to_move == 3  # Paul
    events = _play(deal, "draw stock", "knock", "KD")
    score = _score(events)
    assert score["knocker"] == 3 and score["winners"] == [1] and score["penalty"]
    assert deal.result.points == (-16, 16 + 23 + 13, -23, -13)


def test_seed_example_jean_rum_wins_132() -> None:
    rules = atout.make("knock-rummy", players=4)
    jean = ["7H", "8H", "9H", "JS", "JD", "JC", "TD"]
    deal = rules.deal(hands=[PIERRE, jean, JACQUES, PAUL_FINAL], dealer=0,
                      discard=["3D"], stock=["6H"])
    events = _play(deal, "draw stock", "knock", "TD")
    score = _score(events)
    assert score["rum"] and score["deadwood"][1] == 0
    assert deal.result.points == (-46, 132, -53, -33)
    assert deal.view(0).info["showdown"][1]["deadwood"] == []


@pytest.mark.parametrize("tie_fine", [False, True])
def test_tie_with_knocker_goes_to_the_other_player(tie_fine: bool) -> None:
    rules = atout.make("knock-rummy", players=2, tie_fine=tie_fine)
    # Seat 0 (dealer) holds 10 melded cards and 7D; seat 1 knocks with a 7 too.
    h0 = ["2H", "3H", "4H", "5S", "5D", "5C", "9C", "TC", "JC", "7D"]
    h1 = ["AS", "2S", "3S", "8H", "8D", "8C", "QD", "KD", "JD", "4C"]
    deal = rules.deal(hands=[h0, h1], dealer=0, discard=["9H"], stock=["7C"])
    # Seat 1 draws 7C, knocks, throws 4C: melds AS-3S, eights, JD-KD; 7C left (7).
    events = _play(deal, "draw stock", "knock", "4C")
    score = _score(events)
    assert score["deadwood"] == [7, 7]
    assert score["winners"] == [0]
    if tie_fine:
        # 'not lowest' read as 'not the only lowest': the tied knocker pays 0 + 10
        assert score["penalty"] and deal.result.points == (10, -10)
    else:
        # the seed: a tied knocker has the least, so no fine: he pays the difference, 0
        assert not score["penalty"] and deal.result.points == (0, 0)


def test_knocker_may_not_discard_the_card_just_taken() -> None:
    rules = atout.make("knock-rummy", players=2)
    h0 = ["2H", "3H", "4H", "5S", "5D", "5C", "9C", "TC", "JC", "7D"]
    h1 = ["AS", "2S", "3S", "8H", "8D", "8C", "QD", "KD", "JD", "4C"]
    deal = rules.deal(hands=[h0, h1], dealer=0, discard=["9H"])
    deal.play("draw discard")
    before = deal.save()
    with pytest.raises(IllegalAction, match="just took it from the discard pile"):
        deal.play("9H")
    assert deal.save() == before
    assert "9H" not in [a.text for a in deal.legal_actions()]
    free = atout.make("knock-rummy", players=2, discard_taken=True)
    deal = free.deal(hands=[h0, h1], dealer=0, discard=["9H"])
    deal.play("draw discard")
    deal.play("9H")
    assert deal.view(0).info["top_discard"] == "9H"


def test_reasons_in_words() -> None:
    rules = atout.make("knock-rummy", players=2)
    h0 = ["2H", "3H", "4H", "5S", "5D", "5C", "9C", "TC", "JC", "7D"]
    h1 = ["AS", "2S", "3S", "8H", "8D", "8C", "QD", "KD", "JD", "4C"]
    deal = rules.deal(hands=[h0, h1], dealer=0, discard=["9H"])
    with pytest.raises(IllegalAction, match="first draw"):
        deal.play("4C")
    with pytest.raises(IllegalAction, match="first draw"):
        deal.play("knock")
    deal.play("draw stock")
    with pytest.raises(IllegalAction, match="already drawn"):
        deal.play("draw discard")
    with pytest.raises(IllegalAction, match="do not hold 2H"):
        deal.play("2H")
    deal.play("knock")
    with pytest.raises(IllegalAction, match="already knocked"):
        deal.play("knock")
    with pytest.raises(IllegalAction, match="not an action"):
        deal.play("knock twice")


def test_knock_limit_gin_style() -> None:
    rules = atout.make("knock-rummy", players=2, preset="gin-style")
    assert rules.options.knock_limit == 10 and rules.options.knock_penalty == 20
    h0 = ["2H", "3H", "4H", "5S", "5D", "5C", "9C", "TC", "JC", "7D"]
    h1 = ["AS", "2S", "3S", "8H", "8D", "8C", "QD", "KD", "QC", "4C"]
    deal = rules.deal(hands=[h0, h1], dealer=0, discard=["9H"], stock=["KC", "6D"])
    deal.play("draw stock")  # KC: QD KD QC KC 4C unmatched, 34 at best after a discard
    with pytest.raises(IllegalAction, match="knock only with 10 points"):
        deal.play("knock")
    deal.play("KC")
    deal.play("draw stock")  # seat 0 draws 6D beside 5S 5D 5C and 7D
    assert "knock" in [a.text for a in deal.legal_actions()]
    deal.play("knock")
    # Throwing 6D or 7D leaves 7 or 6; throwing 5S or 5C leaves 5D-6D-7D and a five.
    assert [a.text for a in deal.legal_actions()] == ["6D", "7D", "5S", "5C"]
    with pytest.raises(IllegalAction, match="your deadwood must be 10 or less"):
        deal.play("2H")


def test_explicit_deal_validation() -> None:
    rules = atout.make("knock-rummy", players=2)
    h0 = ["2H", "3H", "4H", "5S", "5D", "5C", "9C", "TC", "JC", "7D"]
    h1 = ["AS", "2S", "3S", "8H", "8D", "8C", "QD", "KD", "JD", "4C"]
    with pytest.raises(ValueError, match="has 9 cards"):
        rules.deal(hands=[h0[:9], h1], dealer=0)
    with pytest.raises(ValueError, match="appears twice"):
        rules.deal(hands=[h0, [*h1[:9], "2H"]], dealer=0)
    with pytest.raises(ValueError, match="not a card"):
        rules.deal(hands=[h0, [*h1[:9], "1H"]], dealer=0)
    with pytest.raises(ValueError, match="appears twice"):
        rules.deal(hands=[h0, h1], dealer=0, stock=["AC", "AC"])
    with pytest.raises(ValueError, match="at least its top card"):
        rules.deal(hands=[h0, h1], dealer=0, discard=[])
    with pytest.raises(ValueError, match="dealer"):
        rules.deal(hands=[h0, h1], dealer=2)


def test_options_refused_in_words() -> None:
    with pytest.raises(ValueError, match="players"):
        atout.make("knock-rummy", players=6)
    with pytest.raises(ValueError, match="stock_out"):
        atout.make("knock-rummy", stock_out="burn")
    with pytest.raises(ValueError, match="knock_limit"):
        atout.make("knock-rummy", knock_limit=-1)
    with pytest.raises(ValueError, match="without an end"):
        atout.make("knock-rummy", target=0, deals=0)
    with pytest.raises(ValueError, match="unknown option"):
        atout.make("knock-rummy", layoff=True)
    assert atout.make("knock-rummy", players=5).options.cards_each == 6
    assert atout.make("knock-rummy", players=3).options.cards_each == 7
    assert atout.make("knock-rummy", players=2).options.cards_each == 10
    info = {g.name: g for g in atout.games()}["knock-rummy"]
    assert all(o.doc for o in info.options)


def _opts(**kw: Any) -> KnockRummyOptions:
    return KnockRummyOptions(**kw)


def test_settle_variants() -> None:
    # The seed's example as numbers, then the variants of the options.
    assert settle([21, 5, 28, 8], 1, _opts())[0] == [-16, 42, -23, -3]
    assert settle([21, 5, 28, 8], 3, _opts())[0] == [-16, 52, -23, -13]
    assert settle([21, 0, 28, 8], 1, _opts())[0] == [-46, 132, -53, -33]
    # Two players other than the knocker tied lowest: shared, the odd point to the first
    # after the knocker (seat 3 knocked: seat 0 comes before seat 2).
    pts, winners, penalty, rum = settle([4, 10, 4, 7], 3, _opts())
    assert winners == [0, 2] and penalty and not rum
    assert pts == [10, -6, 9, -13]  # 6 + 3 + 10 = 19 shared
    pts, winners, _, _ = settle([4, 9, 4, 7], 3, _opts(tie="next"))
    assert winners == [0] and pts == [18, -5, 0, -13]
    # The knocker ties the lowest and another: he never wins a tie. The seed fines only a
    # knocker who has not the least: seat 3 pays 3, shared, the odd point to seat 2 first.
    pts, winners, penalty, _ = settle([4, 4, 4, 7], 1, _opts())
    assert winners == [2, 0] and not penalty and pts == [1, 0, 2, -3]
    # tie_fine: the tied knocker pays the 10 too: 13 shared.
    pts, winners, penalty, _ = settle([4, 4, 4, 7], 1, _opts(tie_fine=True))
    assert winners == [2, 0] and penalty and pts == [6, -10, 7, -3]
    # Rum at zero tied: seat 2 also has no deadwood. Seat 2 wins the deal (the tie rule);
    # the rum bonus is a winning knocker's, so nobody collects it; the knocker pays 0
    # (no fine by default, 10 with tie_fine). Seats 0 and 3 pay their deadwood.
    pts, winners, penalty, rum = settle([5, 0, 0, 9], 1, _opts())
    assert winners == [2] and not penalty and not rum and pts == [-5, 0, 14, -9]
    pts, winners, penalty, rum = settle([5, 0, 0, 9], 1, _opts(tie_fine=True))
    assert winners == [2] and penalty and not rum and pts == [-5, -10, 24, -9]
    # Harsh penalty: the knocker pays 10 to every player not above him.
    pts, winners, _, _ = settle([4, 9, 6, 8], 3, _opts(penalty_to="each"))
    assert winners == [0] and pts == [5 + 2 + 4 + 10, -5, -2 + 10, -4 - 20]
    # A showdown with no knocker (empty stock): no penalty, ties from the next to play.
    pts, winners, penalty, rum = settle([5, 5, 9], None, _opts(), first=1)
    assert winners == [1, 0] and not penalty and not rum and pts == [2, 2, -4]
    for case in ([3, 0, 0], [0, 7, 2], [10, 10, 10, 10, 10]):
        for k in range(len(case)):
            assert sum(settle(case, k, _opts(penalty_to="each"))[0]) == 0


H0 = ["2H", "3H", "4H", "5S", "5D", "5C", "9C", "TC", "JC", "7D"]
H1 = ["AS", "2S", "3S", "8H", "8D", "8C", "QD", "KD", "JD", "4C"]


def _short_stock(stock_out: str, **kw: Any) -> Deal:
    """Two players, 30 cards in the discard pile (bottom first) and a stock of two."""
    rules = atout.make("knock-rummy", players=2, stock_out=stock_out, **kw)
    rest = [c for c in FULL_DECK.codes if c not in H0 + H1]
    return rules.deal(hands=[H0, H1], dealer=0, discard=rest[:30], stock=rest[30:])


def _exhaust(deal: Deal) -> list[Event]:
    """Both players draw from the stock and throw the card drawn, emptying it."""
    events: list[Event] = []
    for _ in range(2):
        drawn = [e for e in deal.play("draw stock") if e.kind == "drawn"]
        events += deal.play(drawn[0].data["card"])
    return events


def test_stock_turned_over() -> None:
    deal = _short_stock("turn")
    bottom = deal.view(0).info["discard_pile"][0]
    events = _exhaust(deal)
    assert [e.data for e in events if e.kind == "restock"] == [{"how": "turn", "cards": 31}]
    info = deal.view(1).info
    assert info["stock"] == 31 and len(info["discard_pile"]) == 1
    drawn = [e for e in deal.play("draw stock") if e.kind == "drawn"]
    assert drawn[0].data["card"] == bottom and drawn[0].to == 1


def test_stock_shuffled_is_reproducible() -> None:
    first = _short_stock("shuffle")
    second = _short_stock("shuffle")
    _exhaust(first)
    _exhaust(second)
    assert first.view(1).info["stock"] == 31
    a = [e.data for e in first.play("draw stock") if e.kind == "drawn"]
    b = [e.data for e in second.play("draw stock") if e.kind == "drawn"]
    assert a == b


def test_stock_out_void_and_showdown() -> None:
    deal = _short_stock("void")
    events = _exhaust(deal)
    assert deal.is_over and [e.kind for e in events][-1] == "void"
    assert deal.result.points == (0.0, 0.0) and deal.result.details["outcome"] == "void"
    deal = _short_stock("showdown")
    events = _exhaust(deal)
    score = _score(events)
    assert score["knocker"] is None and not score["penalty"]
    assert sum(deal.result.points) == 0 and deal.result.details["outcome"] == "showdown"


def test_restock_limit_voids_the_deal() -> None:
    deal = _short_stock("turn", restock_limit=1)
    _exhaust(deal)
    while not deal.is_over:
        drawn = [e for e in deal.play("draw stock") if e.kind == "drawn"]
        deal.play(drawn[0].data["card"])
    assert deal.result.details == {"outcome": "void", "restocks": 1}


def test_knocker_keeps_the_card_drawn() -> None:
    rules = atout.make("knock-rummy", players=2, knocker_discards=False)
    deal = rules.deal(hands=[H0, H1], dealer=0, discard=["9H"], stock=["7C"])
    events = _play(deal, "draw stock", "knock")
    score = _score(events)
    assert deal.is_over and score["deadwood"] == [7, 11]
    assert deal.result.points == (14, -14)


def test_views_show_what_was_seen_only() -> None:
    rules = atout.make("knock-rummy", players=2)
    deal = rules.deal(hands=[H0, H1], dealer=0, discard=["9H"], stock=["7C", "KS"])
    events = deal.play("draw discard")
    assert events[0].to is None and events[0].data == {"source": "discard", "card": "9H"}
    info = deal.view(0).info
    assert info["known"] == [[], ["9H"]] and info["taken"] == "9H"
    assert info["hand_sizes"] == [10, 11] and info["stock"] == 31
    assert deal.view(0).legal == () and "9H" not in deal.view(1).legal
    deal.play("4C")
    events = deal.play("draw stock")
    assert [(e.kind, e.to) for e in events] == [("draw", None), ("drawn", 0)]
    assert "7C" not in str(events[0].to_dict())
    view = deal.view(1)
    assert view.history == ((1, "draw discard"), (1, "4C"), (0, "draw stock"))
    assert view.table == ((1, "4C"),) and "7C" not in str(view.to_dict())
    assert deal.view(0).info["melds"] == [["2H", "3H", "4H"], ["5D", "5S", "5C"],
                                          ["9C", "TC", "JC"]]
    deal.play("knock")
    deal.play("7D")
    over = deal.view(1).to_dict()
    assert over["is_over"] and over["info"]["showdown"][0]["deadwood"] == ["7C"]
    assert over["info"]["score"]["winners"] == [0]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.integers(0, 60), min_size=2, max_size=5), st.data(),
       st.sampled_from(["split", "next"]), st.sampled_from(["winner", "each"]), st.booleans())
def test_settle_properties(dead: list[int], data: st.DataObject, tie: str,
                           penalty_to: str, tie_fine: bool) -> None:
    knocker = data.draw(st.integers(0, len(dead) - 1))
    opts = _opts(tie=tie, penalty_to=penalty_to, tie_fine=tie_fine)
    pts, winners, penalty, rum = settle(dead, knocker, opts)
    assert sum(pts) == 0
    low = min(dead)
    assert winners and all(dead[w] == low for w in winners)
    lowest = [s for s in range(len(dead)) if dead[s] == low]
    assert (knocker in winners) == (lowest == [knocker])
    assert penalty == (knocker not in winners and (tie_fine or dead[knocker] > low))
    assert rum == (knocker in winners and low == 0)
    if tie == "next":
        assert len(winners) == 1
    for s in range(len(dead)):
        if s not in winners and s != knocker:
            assert pts[s] <= -(dead[s] - low) + (10 if penalty_to == "each" else 0)
    if penalty_to == "winner" and len(winners) == 1:
        w = winners[0]
        expected = sum(dead[s] - low for s in range(len(dead)))
        expected += 10 * penalty + 25 * rum * (len(dead) - 1)
        assert pts[w] == expected


def test_lay_off_on_the_knockers_melds() -> None:
    h0 = ["5H", "6H", "9H", "7S", "8S", "2D", "3D", "4D", "QS", "KS"]
    h1 = ["2H", "3H", "4H", "9S", "9D", "9C", "JD", "QD", "KD", "TC"]
    for lay, paid, dead in ((False, 52, 55), (True, 32, 35)):
        rules = atout.make("knock-rummy", players=2, lay_off=lay)
        deal = rules.deal(hands=[h0, h1], dealer=0, discard=["AS"], stock=["3C"])
        events = _play(deal, "draw stock", "knock", "TC")
        shows = {e.seat: e.data for e in events if e.kind == "show"}
        assert shows[0]["points"] == dead and shows[1]["points"] == 3
        assert sorted(shows[0]["laid_off"]) == (sorted(["5H", "6H", "9H"]) if lay else [])
        assert deal.result.points == (-paid, paid)


def test_dealing_and_first_legal_actions() -> None:
    rules = atout.make("knock-rummy", players=3)
    deal = rules.deal(seed=42, dealer=1)
    order = FULL_DECK.shuffled(random.Random(42))
    # One card at a time from the dealer's left (seat 2), then the card turned up.
    for seat in range(3):
        dealt = [order[i] for i in range(21) if (2 + i) % 3 == seat]
        assert sorted(deal.view(seat).hand) == sorted(FULL_DECK.codes[c] for c in dealt)
    assert deal.view(0).info["top_discard"] == FULL_DECK.codes[order[21]]
    assert deal.view(0).info["stock"] == 52 - 22 and deal.to_move == 2
    assert [a.text for a in deal.legal_actions()] == ["draw stock", "draw discard"]
    assert [int(a) for a in deal.legal_actions()] == [52, 53]
    twin = deal.clone()
    deal.play("draw stock")
    assert len(deal.legal_actions()) == 8 + 1  # eight cards to throw, or knock
    assert deal.view(2).legal[-1] == "knock"
    twin.play("draw discard")
    assert len(twin.legal_actions()) == 7 + 1  # not the card just taken
    with pytest.raises(ValueError, match="no pile 'chien'"):
        rules.deal(hands=[PIERRE, JEAN_FINAL, JACQUES], dealer=0, chien=["AS"])


def test_bad_saved_deals_refused_in_words() -> None:
    rules = atout.make("knock-rummy", players=2)
    deal = rules.deal(seed=5)
    deal.play("draw stock")
    saved = deal.save()
    assert atout.load(saved).save() == saved
    with pytest.raises(ValueError, match="dealer must be a seat"):
        rules.load({**saved, "setup": {"seed": 5, "dealer": 7}})
    with pytest.raises(ValueError, match="seed must be an int"):
        rules.load({**saved, "setup": {"seed": "x", "dealer": 0}})
    with pytest.raises(ValueError, match="does not replay"):
        rules.load({**saved, "actions": ["draw stock", "draw stock"]})


def test_knock_limit_without_the_knockers_discard() -> None:
    rules = atout.make("knock-rummy", players=2, knock_limit=10, knocker_discards=False)
    deal = rules.deal(hands=[H0, H1], dealer=0, discard=["9H"], stock=["KC", "AC"])
    deal.play("draw stock")  # KC: seat 1 would show QD KD JD run, 4C KC: 14
    with pytest.raises(IllegalAction, match="knock only with 10 points"):
        deal.play("knock")
    deal.play("KC")
    deal.play("draw stock")  # AC: seat 0 shows 7D and AC: 8
    events = deal.play("knock")
    assert _score(events)["deadwood"] == [8, 4] and deal.result.points == (-14, 14)


@pytest.mark.parametrize(("limit", "allowed"), [(5, True), (4, False)])
def test_knock_allowed_at_exactly_the_limit(limit: int, allowed: bool) -> None:
    # Seat 0 draws 6D: throwing 5S or 5C leaves 5D-6D-7D and a five (5), 7D leaves 6D (6),
    # 6D leaves 7D (7). A limit of 5 is reached exactly: the knock is legal, with those two
    # discards only; a limit of 4 is not.
    rules = atout.make("knock-rummy", players=2, knock_limit=limit)
    h1 = ["AS", "2S", "3S", "8H", "8D", "8C", "QD", "KD", "QC", "4C"]
    deal = rules.deal(hands=[H0, h1], dealer=0, discard=["9H"], stock=["KC", "6D"])
    _play(deal, "draw stock", "KC", "draw stock")
    assert ("knock" in [a.text for a in deal.legal_actions()]) == allowed
    if allowed:
        deal.play("knock")
        assert [a.text for a in deal.legal_actions()] == ["5S", "5C"]
        with pytest.raises(IllegalAction) as info:
            deal.play("6D")
        assert info.value.code == "knock_discard"
        assert dict(info.value.params) == {"card": "6D", "limit": 5, "left": 7}
    else:
        with pytest.raises(IllegalAction) as info:
            deal.play("knock")
        assert info.value.code == "knock_limit" and info.value.params["limit"] == 4


@pytest.mark.parametrize(("limit", "allowed"), [(8, True), (7, False)])
def test_knock_at_exactly_the_limit_without_a_discard(limit: int, allowed: bool) -> None:
    # The knocker shows the hand with the card he drew: seat 0 holds 7D and AC loose, 8.
    rules = atout.make("knock-rummy", players=2, knock_limit=limit, knocker_discards=False)
    deal = rules.deal(hands=[H0, H1], dealer=0, discard=["9H"], stock=["KC", "AC"])
    _play(deal, "draw stock", "KC", "draw stock")
    assert ("knock" in [a.text for a in deal.legal_actions()]) == allowed


def test_docs_worked_example_of_a_tied_knocker() -> None:
    # docs/knock-rummy.md: Pierre 21, Jean (knocker) 5, Jacques 28, Paul 5. Paul ties Jean
    # and wins: 16 + 23 = 39; Jean pays 0, or 10 more with tie_fine.
    pts, winners, penalty, _ = settle([21, 5, 28, 5], 1, _opts())
    assert winners == [3] and not penalty and pts == [-16, 0, -23, 39]
    pts, winners, penalty, _ = settle([21, 5, 28, 5], 1, _opts(tie_fine=True))
    assert winners == [3] and penalty and pts == [-16, -10, -23, 49]
    assert atout.make("knock-rummy", preset="seed").options.tie_fine is False
