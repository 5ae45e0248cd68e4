"""Rules, options, reasons, views, saving and matches of French Tarot."""

from __future__ import annotations

import copy
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import atout
from atout.cards import TAROT_DECK
from atout.core import IllegalAction
from atout.games.tarot import TarotDeal

SUITS = "HDSC"


def _deal(players: int = 4, **kw: object) -> TarotDeal:
    deal = atout.make("tarot", players=players).deal(**kw)  # type: ignore[arg-type]
    assert isinstance(deal, TarotDeal)
    return deal


def _advance(deal: TarotDeal, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        if deal.is_over:
            return
        legal = deal.legal_actions()
        deal.play(legal[int(rng.random() * len(legal))])


def _to_play(deal: TarotDeal, rng: random.Random) -> None:
    while not deal.is_over and deal.phase != 5:
        legal = [a for a in deal.legal_actions() if str(a) != "pass" or deal.phase != 1
                 or len(deal.bids) == deal.seats - 1]
        deal.play(legal[int(rng.random() * len(legal))])


# -- options --------------------------------------------------------------------------------
def test_options_are_checked() -> None:
    with pytest.raises(ValueError, match="players"):
        atout.make("tarot", players=6)
    with pytest.raises(ValueError, match="packet"):
        atout.make("tarot", players=4, packet=4)
    with pytest.raises(ValueError, match="unknown option"):
        atout.make("tarot", pousse=True)
    with pytest.raises(ValueError, match="rounding"):
        atout.make("tarot", rounding="down")
    assert atout.make("tarot", preset="fft-3").seats == 3
    info = {g.name: g for g in atout.games()}["tarot"]
    assert all(o.doc for o in info.options)


def test_action_space() -> None:
    rules = atout.make("tarot")
    assert rules.num_actions == 184
    assert rules.actions.parse(" Discard  5h ").text == "discard 5H"
    assert rules.actions.parse("garde SANS").text == "garde sans"
    assert str(rules.actions[77]) == "EX" and str(rules.actions[161]) == "call KH"
    for players in (3, 5):
        assert atout.make("tarot", players=players).actions.texts() == rules.actions.texts()


# -- the deal -------------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "packet"), [(3, 3), (3, 4), (4, 3), (5, 3)])
def test_dealing(players: int, packet: int) -> None:
    rules = atout.make("tarot", players=players, packet=packet)
    a, b = rules.deal(seed=11, dealer=1), rules.deal(seed=11, dealer=1)
    assert isinstance(a, TarotDeal) and isinstance(b, TarotDeal)
    assert a.hands == b.hands and a.chien == b.chien
    assert [h.bit_count() for h in a.hands] == [{3: 24, 4: 18, 5: 15}[players]] * players
    assert a.chien.bit_count() == (3 if players == 5 else 6)
    assert a.to_move in (2, None) or a.phase == 0
    c = rules.deal(seed=12, dealer=1)
    assert isinstance(c, TarotDeal) and c.hands != a.hands


def test_explicit_deals_are_validated() -> None:
    rules = atout.make("tarot", players=4)
    good = _deal(seed=5)
    hands = [TAROT_DECK.codes_of(h) for h in good.hands]
    chien = TAROT_DECK.codes_of(good.chien)
    assert isinstance(rules.deal(hands=hands, chien=chien), TarotDeal)
    with pytest.raises(ValueError, match="chien"):
        rules.deal(hands=hands)
    with pytest.raises(ValueError, match="17 cards"):
        rules.deal(hands=[hands[0][1:], *hands[1:]], chien=chien)
    with pytest.raises(ValueError, match="twice"):
        rules.deal(hands=[[hands[1][0], *hands[0][1:]], *hands[1:]], chien=chien)
    with pytest.raises(ValueError, match="not a card"):
        rules.deal(hands=[["ZZ", *hands[0][1:]], *hands[1:]], chien=chien)
    with pytest.raises(ValueError, match="4 hands"):
        rules.deal(hands=hands[:3], chien=chien)
    with pytest.raises(ValueError, match="unknown setup"):
        rules.deal(hands=hands, chien=chien, stock=[])


# -- reasons --------------------------------------------------------------------------------
def _layout() -> TarotDeal:
    """Seat 0: every heart but 1H, T10..T14; seat 1: 1H, T2..T9, diamonds; seat 2: no
    heart, no trump; seat 3: clubs, QS, T15..T17; the chien holds T18..T21, T1, EX."""
    hearts = [f"{r}H" for r in "23456789TJNQK"]
    hands = [
        [*hearts, "T10", "T11", "T12", "T13", "T14"],
        ["1H", *[f"T{n}" for n in range(2, 10)], *[f"{r}D" for r in "123456789"]],
        [*[f"{r}D" for r in "TJNQK"], *[f"{r}S" for r in "123456789TJNK"]],
        ["QS", *[f"{r}C" for r in "123456789TJNQK"], "T15", "T16", "T17"],
    ]
    chien = ["T18", "T19", "T20", "T21", "EX", "T1"]
    deal = atout.make("tarot", poignees=False).deal(hands=hands, chien=chien, dealer=3)
    assert isinstance(deal, TarotDeal)
    return deal


def _reason(deal: TarotDeal, action: str) -> str:
    before = json.dumps(deal.save()), [h for h in deal.hands]
    with pytest.raises(IllegalAction) as exc:
        deal.play(action)
    assert (json.dumps(deal.save()), deal.hands) == before
    return exc.value.reason


def test_reasons_in_words() -> None:
    deal = _layout()
    assert "bidding" in _reason(deal, "KH")
    deal.play("garde")
    assert "too low" in _reason(deal, "prise")
    for _ in range(3):
        deal.play("pass")
    # the chien is seat 0's: T18..T21, EX, T1 — trumps, and bouts
    assert "a king never" in _reason(deal, "discard KH")
    assert "a bout never" in _reason(deal, "discard T21")
    assert "do not hold" in _reason(deal, "discard 1D")
    for c in ["2H", "3H", "4H", "5H", "6H", "7H"]:
        deal.play(f"discard {c}")
    deal.play("no chelem")
    deal.play("8H")
    assert "must follow hearts: you hold 1H" in _reason(deal, "T2")
    deal.play("1H")
    # seat 2 has no hearts and no trumps: any card; seat 3 has no hearts: must trump
    deal.play("TD")
    assert "must trump" in _reason(deal, "QS")
    deal.play("T15")
    # seat 3 won; he leads T16: seat 0 must go over it
    deal.play("T16")
    assert "over T16" in _reason(deal, "T10")
    assert "do not hold" in _reason(deal, "T2")


def test_ecart_trumps_only_when_forced_and_shown() -> None:
    hands = [
        [*[f"K{s}" for s in SUITS], *[f"T{n}" for n in range(2, 16)]],
        [f"{r}H" for r in "123456789TJNQ"] + [f"{r}D" for r in "12345"],
        [f"{r}D" for r in "6789TJNQ"] + [f"{r}S" for r in "123456789T"],
        [f"{r}S" for r in "JNQ"] + [f"{r}C" for r in "123456789TJNQ"] + ["T16", "T17"],
    ]
    chien = ["T18", "T19", "T20", "T21", "EX", "T1"]
    deal = atout.make("tarot").deal(hands=hands, chien=chien, dealer=3)
    assert isinstance(deal, TarotDeal)
    deal.play("prise")
    for _ in range(3):
        deal.play("pass")
    legal = {str(a) for a in deal.legal_actions()}
    # no plain card at all: six trumps, never a king, T1, T21 or the excuse
    assert legal == {f"discard T{n}" for n in [*range(2, 16), 18, 19, 20]}
    events = deal.play("discard T5")
    assert [e.to_dict() for e in events] == [{"kind": "discard", "seat": 0, "card": "T5"}]
    assert deal.view(2).info["ecart_trumps"] == ["T5"]


def test_hidden_discards_are_private() -> None:
    deal = _layout()
    deal.play("prise")
    for _ in range(3):
        deal.play("pass")
    events = deal.play("discard 2H")
    assert events[0].to == 0 and events[0].data["card"] == "2H"
    assert events[1].to is None and events[1].data["card"] is None
    assert deal.view(1).history[-1] == (0, None)
    assert deal.view(0).history[-1] == (0, "discard 2H")


# -- called king ----------------------------------------------------------------------------
def _five_with_kings(all_kings: bool, **options: object) -> TarotDeal:
    suits = [c for c in TAROT_DECK.codes[:56] if not c.startswith("K")]
    kings = [f"K{s}" for s in SUITS]
    trumps = [f"T{n}" for n in range(1, 22)] + ["EX"]
    if all_kings:
        h0 = kings + trumps[:11]
        rest = suits + trumps[11:]
    else:
        h0 = kings[:3] + trumps[:12]
        rest = [kings[3], *suits, *trumps[12:]]
    hands = [h0, rest[:15], rest[15:30], rest[30:45], rest[45:60]]
    deal = atout.make("tarot", players=5, **options).deal(  # type: ignore[arg-type]
        hands=hands, chien=rest[60:], dealer=4)
    assert isinstance(deal, TarotDeal)
    deal.play("garde")
    for _ in range(4):
        deal.play("pass")
    return deal


def test_call_a_queen_only_with_the_four_kings() -> None:
    deal = _five_with_kings(False)
    legal = [str(a) for a in deal.legal_actions()]
    assert legal == ["call KH", "call KD", "call KS", "call KC"]
    assert "four kings" in _reason(deal, "call QH")
    deal = _five_with_kings(True)
    legal = [str(a) for a in deal.legal_actions()]
    assert legal == [f"call {r}{s}" for r in "KQ" for s in SUITS]
    deal = _five_with_kings(True, call_self=False)
    assert [str(a) for a in deal.legal_actions()] == [f"call Q{s}" for s in SUITS]
    assert "a card you hold" in _reason(deal, "call KS")


@given(st.integers(0, 10_000))
@settings(max_examples=40, deadline=None)
def test_partner_hidden_until_the_called_card_falls(seed: int) -> None:
    deal = _deal(5, seed=seed)
    rng = random.Random(seed)
    while not deal.is_over:
        legal = deal.legal_actions()
        deal.play(legal[int(rng.random() * len(legal))])
        if deal.called < 0 or deal.is_over:
            continue
        for s in range(5):
            p = deal.view(s).info["partner"]
            if deal.partner_known:
                assert p == (deal.partner if deal.partner >= 0 else deal.taker)
            elif s == deal.partner:
                assert p == s
            elif s == deal.taker and deal.hands[s] >> deal.called & 1:
                assert p == s  # he called his own king: he knows he is alone
            else:
                assert p is None


# -- chien, chelem, poignée -----------------------------------------------------------------
def test_chien_shown_only_for_prise_and_garde() -> None:
    for contract, shown in [("prise", True), ("garde", True), ("garde sans", False),
                            ("garde contre", False)]:
        deal = _deal(seed=21, dealer=3)
        assert deal.phase == 1
        events = deal.play(contract)
        for _ in range(3):
            events += deal.play("pass")
        chien = [e for e in events if e.kind == "chien"]
        assert bool(chien) == shown
        for s in range(4):
            assert (deal.view(s).info["chien"] is not None) == shown


def test_chelem_announcer_leads() -> None:
    deal = _deal(seed=21, dealer=0)
    deal.play("pass")
    deal.play("pass")
    deal.play("garde sans")
    deal.play("pass")
    deal.play("chelem")
    assert deal.to_move == 3 and deal.leader == 3
    deal = _deal(seed=21, dealer=0)
    for a in ["pass", "pass", "garde sans", "pass", "no chelem"]:
        deal.play(a)
    assert deal.to_move == 1


def test_poignee_completed_by_the_excuse() -> None:
    hands = [
        [*[f"T{n}" for n in range(1, 10)], "EX", *[f"{r}H" for r in "12345678"]],
        [*[f"T{n}" for n in range(10, 22)], *[f"{r}H" for r in "9TJNQK"]],
        [f"{r}D" for r in "123456789TJNQK"] + [f"{r}S" for r in "1234"],
        [f"{r}S" for r in "56789TJNQK"] + [f"{r}C" for r in "12345678"],
    ]
    chien = [f"{r}C" for r in "9TJNQK"]
    deal = atout.make("tarot").deal(hands=hands, chien=chien, dealer=3)
    assert isinstance(deal, TarotDeal)
    for a in ["pass", "garde sans", "pass", "pass", "no chelem"]:
        deal.play(a)
    assert [str(a) for a in deal.legal_actions()] == ["no poignee", "poignee simple"]
    (e,) = deal.play("poignee simple")
    assert e.data["cards"] == [*[f"T{n}" for n in range(1, 10)], "EX"]
    assert deal.to_move == 0 and "poignee simple" not in map(str, deal.legal_actions())
    # seat 1 holds 12 trumps: a simple one only, without the excuse
    deal.play("1H")
    assert [str(a) for a in deal.legal_actions()] == ["no poignee", "poignee simple"]
    assert "needs 13" in _reason(deal, "poignee double")


# -- conformance ----------------------------------------------------------------------------
@given(st.integers(0, 100_000), st.integers(0, 120), st.sampled_from([3, 4, 5]))
@settings(max_examples=60, deadline=None)
def test_illegal_actions_change_nothing(seed: int, steps: int, players: int) -> None:
    deal = _deal(players, seed=seed)
    _advance(deal, random.Random(seed), steps)
    if deal.is_over:
        with pytest.raises(IllegalAction, match="over"):
            deal.play(0)
        return
    legal = deal.legal_mask()
    saved = json.dumps(deal.save())
    views = [json.dumps(deal.view(s).to_dict()) for s in range(players)]
    for a in range(184):
        if not legal >> a & 1:
            with pytest.raises(IllegalAction) as exc:
                deal.play(a)
            assert exc.value.reason
    assert json.dumps(deal.save()) == saved
    assert [json.dumps(deal.view(s).to_dict()) for s in range(players)] == views


@given(st.integers(0, 100_000), st.integers(0, 120), st.sampled_from([3, 4, 5]))
@settings(max_examples=60, deadline=None)
def test_save_replay_and_clone(seed: int, steps: int, players: int) -> None:
    deal = _deal(players, seed=seed, dealer=seed % players)
    rng = random.Random(seed)
    _advance(deal, rng, steps)
    again = atout.load(json.loads(json.dumps(deal.save())))
    for s in range(players):
        assert again.view(s).to_dict() == deal.view(s).to_dict()
    twin = deal.clone()
    assert isinstance(twin, TarotDeal)
    before = [deal.view(s).to_dict() for s in range(players)]
    res = twin.playout(random.Random(seed))
    assert abs(sum(res.points)) < 1e-9
    deep = copy.deepcopy(deal)  # the state kept in slots is copied too
    assert deep.history == deal.history and deep.hands == deal.hands
    assert deep.playout(random.Random(seed)).points == res.points
    assert [deal.view(s).to_dict() for s in range(players)] == before
    if not deal.is_over:
        assert not twin.legal_actions()
        assert deal.legal_actions()


def test_bad_input_never_crashes() -> None:
    deal = _deal(seed=1)
    for bad in ["XX", "", "discard", 999, -1, None, 2.5, True]:
        with pytest.raises(IllegalAction):
            deal.play(bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        deal.view(4)
    rules = atout.make("tarot")
    for setup in [{"hands": "x", "dealer": 0}, {"seed": 1}, {"seed": "1", "dealer": 0},
                  {"seed": 1, "dealer": 9}, {"hands": [[1]] * 4, "chien": [], "dealer": 0}]:
        with pytest.raises(ValueError):
            rules.load({"game": "tarot", "setup": setup})
    with pytest.raises(ValueError, match="does not replay"):
        rules.load({"game": "tarot", "setup": {"seed": 1, "dealer": 0}, "actions": ["KH"]})


# -- matches --------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [3, 4, 5])
def test_replayed_match(players: int) -> None:
    rules = atout.make("tarot", players=players)
    match = rules.match(seed=9, deals=6)
    rng = random.Random(players)
    while not match.is_over:
        legal = match.legal_actions()
        match.play(legal[int(rng.random() * len(legal))])
    res = match.result
    assert len(match.deals) == 6
    assert abs(sum(res.scores)) < 1e-9
    assert res.scores == tuple(sum(d.result.points[s] for d in match.deals)
                               for s in range(players))
    assert [d.dealer for d in match.deals] == [k % players for k in range(6)]
    again = atout.load_match(json.loads(json.dumps(match.save())))
    assert again.is_over and again.result.scores == res.scores
    assert res.winners == tuple(s for s in range(players) if res.scores[s] == max(res.scores))


def test_match_counting_only_played_deals() -> None:
    rules = atout.make("tarot")
    match = rules.match(seed=3, deals=2, count_annulled=False, first_dealer=2)
    assert match.deal.dealer == 2
    passes = 0
    while not match.is_over:
        legal = match.legal_actions()
        # everybody passes the first two deals, then the first speaker takes
        if passes < 8 and "pass" in map(str, legal):
            match.play("pass")
            passes += 1
        elif "prise" in map(str, legal) and passes >= 8:
            match.play("prise")
            passes += 100
        else:
            match.play(legal[0])
    annulled = [d for d in match.deals if d.result.details["annulled"]]
    assert len(annulled) == 2 and len(match.deals) == 4
    with pytest.raises(ValueError, match="deals"):
        rules.match(seed=1, deals=0)
    with pytest.raises(ValueError, match="unknown"):
        rules.match(seed=1, target=100)


def test_five_players_excuse_does_not_betray_the_partner() -> None:
    """While the called card is hidden, the excuse is set aside and no exchange (which would
    tell whether its owner and the trick's winner are on the same side) is made."""
    rules = atout.make("tarot", players=5)
    set_aside = settled = 0
    for seed in range(400):
        deal = rules.deal(seed=seed)
        assert isinstance(deal, TarotDeal)
        rng = random.Random(seed)
        while not deal.is_over:
            legal = deal.legal_actions()
            known = deal.partner_known
            events = deal.play(legal[int(rng.random() * len(legal))])
            kinds = [e.kind for e in events]
            if deal.called >= 0 and not known and "partner" not in kinds and not deal.is_over:
                assert "excuse_exchange" not in kinds and "excuse_owed" not in kinds
            set_aside += kinds.count("excuse_set_aside")
            if known or "partner" in kinds or deal.is_over:
                settled += kinds.count("excuse_exchange") + kinds.count("excuse_owed")
        assert abs(sum(deal.result.points)) < 1e-9
    assert set_aside > 0 and settled > 0
