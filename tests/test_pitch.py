"""Auction Pitch: hands checked by hand against the seed (seeds/pitch.txt) and the issue."""

from __future__ import annotations

from typing import Any

import pytest

import atout
from atout.games.pitch import PitchDeal, PitchMatch, PitchRules

# Four players, dealer 0: seat 1 bids 2, seat 2 passes, seat 3 bids 3, the dealer passes.
# Seat 3 pitches AH: hearts are trump. Worked out by hand:
#   1: AH 2H TH 3H -> 3 (AH 4 + TH 10)     2: JH 5D KH 4D -> 1 (JH 1 + KH 3)
#   3: 3D 7D AD 6D -> 3 (AD 4)              4: 9H 7S 4S 6S -> 3
#   5: TS 8S 5S 3C -> 3 (TS 10)             6: 5C 9C 2C 4C -> 0
# Trumps in play 2H 3H 9H TH JH KH AH. High AH: seat 3. Low 2H: dealt to seat 0, won by
# seat 3. Jack JH: won by seat 1. Game: seat 3 has 28, seat 1 4, the others 0: seat 3.


def seq(text: str) -> list[str]:
    """Action notations separated by blanks."""
    return text.split()


FOUR_HANDS = [
    ["2H", "5D", "6D", "7S", "8S", "9C"],
    ["KH", "TH", "3D", "4S", "5S", "2C"],
    ["3H", "4D", "7D", "6S", "3C", "4C"],
    ["AH", "JH", "9H", "AD", "TS", "5C"],
]
FOUR_BIDS = ["bid 2", "pass", "bid 3", "pass"]
FOUR_PLAY = seq("AH 2H TH 3H  JH 5D KH 4D  3D 7D AD 6D  9H 7S 4S 6S  TS 8S 5S 3C  "
                "5C 9C 2C 4C")

# Two players, dealer 0: seat 1 pitches JH at once (tangage, a bid of 4). JH is the only
# trump in play: it is High, Low and Jack (3 points); seat 1 takes every trick and Game
# (JH 1 + AS 4 + KS 3 = 8 against 0): 4 points, the bid is made.
#   1: JH 5D   2: AS 5S   3: KS 6S   4: 2D 7S   5: 3D 8C   6: 4D 9C  (all to seat 1)
LONE_JACK_HANDS = [
    ["5S", "6S", "7S", "8C", "9C", "5D"],
    ["JH", "AS", "KS", "2D", "3D", "4D"],
]
LONE_JACK_PLAY = seq("JH 5D AS 5S KS 6S 2D 7S 3D 8C 4D 9C")

# Two players, dealer 0: seat 1 bids 1, the dealer passes. Seat 1 pitches AH. JH was not
# dealt: no Jack point. Game is tied 4 to 4 (seat 1: AH; seat 0: KD 3 + JD 1): no Game point.
#   1: AH 2H -> 1   2: 2S 7S -> 0   3: KD 5C -> 0   4: JD 6C -> 0   5: 8S 3S -> 0
#   6: 9S 4S -> 0
# High AH: seat 1. Low 2H: dealt to seat 0, won by seat 1.
TIE_HANDS = [
    ["2H", "7S", "8S", "9S", "KD", "JD"],
    ["AH", "2S", "3S", "4S", "5C", "6C"],
]
TIE_PLAY = seq("AH 2H 2S 7S KD 5C JD 6C 8S 3S 9S 4S")

# Three players, dealer 2: seat 0 bids 2, the others pass. Seat 0 pitches 5C, the only
# club in play: it is both High and Low (2 points); JC is not in play.
#   1: 5C 7S 9S -> 0   2: AH QH 2H -> 0 (6)   3: KH TH 3H -> 0 (13)
#   4: 2D 5D JD -> 2 (1)   5: QD 3D 6D -> 2 (2)   6: TS 4D 8S -> 2 (10)
# Game: seat 0 19, seat 2 13, seat 1 0: seat 0. Seat 0 scores 3 (bid 2 made).
LONE_TRUMP_HANDS = [
    ["5C", "AH", "KH", "2D", "3D", "4D"],
    ["TH", "QH", "5D", "6D", "7S", "8S"],
    ["2H", "3H", "JD", "QD", "9S", "TS"],
]
LONE_TRUMP_PLAY = seq("5C 7S 9S AH QH 2H KH TH 3H 2D 5D JD QD 3D 6D TS 4D 8S")


def play_all(deal: atout.Deal, actions: list[str]) -> list[atout.Event]:
    """Play every action in order, collecting the events."""
    events: list[atout.Event] = []
    for a in actions:
        events += deal.play(a)
    return events


def four_deal(**opts: Any) -> atout.Deal:
    rules = atout.make("pitch", players=4, **opts)
    return rules.deal(hands=FOUR_HANDS, dealer=0)


def test_make_and_options() -> None:
    rules = atout.make("pitch")
    assert isinstance(rules, PitchRules)
    assert rules.seats == 4 and rules.num_actions == 57
    assert [str(a) for a in rules.actions][52:] == ["pass", "bid 1", "bid 2", "bid 3", "bid 4"]
    assert str(rules.actions[0]) == "2H" and str(rules.actions[51]) == "AC"
    info = next(g for g in atout.games() if g.name == "pitch")
    assert {o.name for o in info.options} == {
        "players", "partnership", "min_bid", "all_pass", "dealer_steal", "steal_four",
        "tangage", "low", "target", "win", "smudge", "max_hands"}
    assert all(o.doc for o in info.options)
    for preset in PitchRules.presets:
        atout.make("pitch", preset=preset)


@pytest.mark.parametrize("kw, words", [
    ({"players": 8}, "players"),
    ({"players": 3, "partnership": True}, "partnership"),
    ({"low": "taken"}, "low"),
    ({"target": 9}, "target"),
    ({"min_bid": 3}, "min_bid"),
    ({"colour": 1}, "unknown option"),
])
def test_bad_options(kw: dict[str, Any], words: str) -> None:
    with pytest.raises(ValueError, match=words):
        atout.make("pitch", **kw)


def test_deal_from_seed_in_threes() -> None:
    rules = atout.make("pitch", players=4)
    deal = rules.deal(seed=11, dealer=2)
    assert isinstance(deal, PitchDeal)
    hands = [deal.view(s).hand for s in range(4)]
    assert all(len(h) == 6 for h in hands)
    assert len(set().union(*map(set, hands))) == 24
    assert deal.to_move == 3  # the dealer's left speaks first
    # same seed, same deal; the shuffled order is dealt three at a time from the left
    assert [rules.deal(seed=11, dealer=2).view(s).hand for s in range(4)] == hands
    import random

    from atout.cards import FULL_DECK
    order = FULL_DECK.shuffled(random.Random(11))
    first_three = {FULL_DECK.codes[c] for c in order[:3]}
    assert first_three <= set(hands[3])
    assert {FULL_DECK.codes[c] for c in order[3:6]} <= set(hands[0])
    assert {FULL_DECK.codes[c] for c in order[12:15]} <= set(hands[3])


@pytest.mark.parametrize("hands, rest, words", [
    (FOUR_HANDS[:3], None, "4 hands"),
    ([*FOUR_HANDS[:3], ["AH", "JH", "9H", "AD", "TS"]], None, "5 cards"),
    ([*FOUR_HANDS[:3], ["AH", "JH", "9H", "AD", "TS", "2H"]], None, "2H is dealt twice"),
    ([*FOUR_HANDS[:3], ["AH", "JH", "9H", "AD", "TS", "ZZ"]], None, "not a card"),
    (FOUR_HANDS, ["AS"], "missing"),
    (FOUR_HANDS, ["AH"], "also dealt"),
])
def test_bad_explicit_deals(hands: list[list[str]], rest: list[str] | None,
                            words: str) -> None:
    rules = atout.make("pitch", players=4)
    kw: dict[str, Any] = {} if rest is None else {"rest": rest}
    with pytest.raises(ValueError, match=words):
        rules.deal(hands=hands, dealer=0, **kw)


def test_rest_may_be_given() -> None:
    rules = atout.make("pitch", players=4)
    dealt = {c for h in FOUR_HANDS for c in h}
    from atout.cards import FULL_DECK
    rest = [c for c in FULL_DECK.codes if c not in dealt]
    deal = rules.deal(hands=FOUR_HANDS, dealer=0, rest=rest)
    assert deal.view(1).hand == ("TH", "KH", "3D", "4S", "5S", "2C")
    with pytest.raises(ValueError, match="unknown setup"):
        rules.deal(hands=FOUR_HANDS, dealer=0, chien=rest)


def test_set_pitcher_low_dealt() -> None:
    """The pitcher takes High and Game only (Low goes to its holder): set back by 3."""
    deal = four_deal()
    play_all(deal, FOUR_BIDS)
    assert deal.view(0).info["pitcher"] == 3 and deal.to_move == 3
    events = play_all(deal, FOUR_PLAY)
    assert [e.seat for e in events if e.kind == "trick"] == [3, 1, 3, 3, 3, 0]
    assert [e.data["points"] for e in events if e.kind == "trick"] == [14, 4, 4, 0, 10, 0]
    res = deal.result
    d = res.details
    assert d["high"] == {"card": "AH", "side": 3}
    assert d["low"] == {"card": "2H", "side": 0}
    assert d["jack"] == {"card": "JH", "side": 1}
    assert d["game"] == {"side": 3, "points": [0, 4, 0, 28]}
    assert d["taken"] == [1, 1, 0, 2] and d["made"] is False
    assert res.points == (1, 1, 0, -3)
    assert events[-1].kind == "score"


def test_made_pitcher_low_won() -> None:
    """With Low to the player who wins it, the pitcher takes High, Low, Game: 3, made."""
    deal = four_deal(low="won")
    play_all(deal, FOUR_BIDS + FOUR_PLAY)
    assert deal.result.details["low"] == {"card": "2H", "side": 3}
    assert deal.result.points == (0, 1, 0, 3)


def test_partnership_hand() -> None:
    """Teams 0-2 and 1-3: side 1 takes High, Jack, Game (32 to 0) and makes its 3."""
    deal = four_deal(partnership=True)
    play_all(deal, FOUR_BIDS + FOUR_PLAY)
    d = deal.result.details
    assert d["game"] == {"side": 1, "points": [0, 32]}
    assert d["taken"] == [1, 3] and d["made"] is True
    assert deal.result.points == (1, 3, 1, 3)
    assert deal.view(0).info["teams"] == [[0, 2], [1, 3]]
    deal = four_deal(partnership=True, low="won")
    play_all(deal, FOUR_BIDS + FOUR_PLAY)
    assert deal.result.points == (0, 4, 0, 4)


def test_lone_trump_jack_counts_three() -> None:
    rules = atout.make("pitch", players=2)
    deal = rules.deal(hands=LONE_JACK_HANDS, dealer=0)
    assert deal.to_move == 1
    events = deal.play("JH")  # tangage
    assert [e.kind for e in events] == ["tangage", "pitcher", "card", "trump"]
    assert deal.to_move == 0
    play_all(deal, LONE_JACK_PLAY[1:])
    d = deal.result.details
    assert d["high"] == d["low"] == {"card": "JH", "side": 1}
    assert d["jack"] == {"card": "JH", "side": 1}
    assert d["bid"] == 4 and d["tangage"] is True
    assert deal.result.points == (0, 4)


def test_no_jack_and_tied_game_give_no_point() -> None:
    rules = atout.make("pitch", players=2)
    deal = rules.deal(hands=TIE_HANDS, dealer=0)
    play_all(deal, ["bid 1", "pass", *TIE_PLAY])
    d = deal.result.details
    assert d["jack"] is None
    assert d["game"] == {"side": None, "points": [4, 4]}
    assert deal.result.points == (1, 1)
    deal = atout.make("pitch", players=2, low="won").deal(hands=TIE_HANDS, dealer=0)
    play_all(deal, ["bid 1", "pass", *TIE_PLAY])
    assert deal.result.points == (0, 2)


@pytest.mark.parametrize("low", ["dealt", "won"])
def test_lone_trump_counts_high_and_low(low: str) -> None:
    deal = atout.make("pitch", players=3, low=low).deal(hands=LONE_TRUMP_HANDS, dealer=2)
    play_all(deal, ["bid 2", "pass", "pass", *LONE_TRUMP_PLAY])
    d = deal.result.details
    assert d["high"] == d["low"] == {"card": "5C", "side": 0}
    assert d["jack"] is None
    assert d["game"] == {"side": 0, "points": [19, 0, 13]}
    assert deal.result.points == (3, 0, 0)


def test_dealer_steal() -> None:
    rules = atout.make("pitch", players=3)
    deal = rules.deal(hands=LONE_TRUMP_HANDS, dealer=0)
    play_all(deal, ["bid 2", "pass"])
    assert deal.to_move == 0
    legal = [str(a) for a in deal.legal_actions()]
    assert legal[-4:] == ["pass", "bid 2", "bid 3", "bid 4"]
    events = deal.play("bid 2")
    assert events[0].kind == "bid" and events[0].data == {"bid": 2, "steal": True}
    assert events[1].kind == "pitcher" and events[1].seat == 0
    assert deal.to_move == 0 and deal.view(1).info["bid"] == 2
    # without the steal the dealer must top the bid
    deal = atout.make("pitch", players=3, dealer_steal=False).deal(hands=LONE_TRUMP_HANDS,
                                                                   dealer=0)
    play_all(deal, ["bid 2", "pass"])
    with pytest.raises(atout.IllegalAction, match="dealer_steal"):
        deal.play("bid 2")
    deal.play("bid 3")
    assert deal.view(0).info["pitcher"] == 0


def test_dealer_steal_set_back() -> None:
    """The dealer steals 3 in the four-player hand, pitches 2H and is set back.

    Played with the first legal card each time, worked out by hand:
      1: 2H TH 3H 9H -> 1 (TH 10)     2: KH 4D JH 5D -> 1 (KH 3, JH 1)
      3: 3D 7D AH 6D -> 3 (AH 4)      4: AD 7S 4S 6S -> 3 (AD 4)
      5: TS 8S 5S 3C -> 3 (TS 10)     6: 5C 9C 2C 4C -> 0
    High AH seat 3, Low 2H dealt to seat 0, Jack seat 1, Game seat 3 (18 to 14).
    """
    deal = four_deal()
    play_all(deal, ["bid 2", "pass", "bid 3", "bid 3"])
    assert deal.to_move == 0
    winners = []
    while not deal.is_over:
        winners += [e.seat for e in deal.play(deal.legal_actions()[0]) if e.kind == "trick"]
    assert winners == [1, 1, 3, 3, 3, 0]
    d = deal.result.details
    assert d["pitcher"] == 0 and d["steal"] is True and d["bid"] == 3
    assert d["game"] == {"side": 3, "points": [0, 14, 0, 18]}
    assert deal.result.points == (-3, 1, 0, 2)


@pytest.mark.parametrize("bids", [["bid 2", "pass", "bid 2"], ["pass", "pass", "bid 2"]],
                         ids=["steal", "forced"])
def test_dealer_pitches_and_makes(bids: list[str]) -> None:
    """Dealer 0 takes the lone-trump hand by a steal or a forced bid, and makes 3."""
    deal = atout.make("pitch", players=3).deal(hands=LONE_TRUMP_HANDS, dealer=0)
    events = play_all(deal, bids)
    assert events[-1].kind == "pitcher" and events[-1].seat == 0
    assert events[-1].data["steal"] is (bids[0] == "bid 2")
    play_all(deal, LONE_TRUMP_PLAY)
    assert deal.result.details["pitcher"] == 0 and deal.result.details["made"] is True
    assert deal.result.points == (3, 0, 0)


def test_four_is_not_stolen_by_default() -> None:
    deal = atout.make("pitch", players=3).deal(hands=LONE_TRUMP_HANDS, dealer=0)
    events = deal.play("bid 4")
    assert [e.kind for e in events] == ["bid", "pitcher"]  # the auction ends at once
    assert deal.to_move == 1 and deal.view(0).info["bids"] == [None, 4, None]
    deal = atout.make("pitch", players=3, steal_four=True).deal(hands=LONE_TRUMP_HANDS,
                                                                 dealer=0)
    deal.play("bid 4")
    assert deal.to_move == 0  # seat 2 can only pass: straight to the dealer
    assert [str(a) for a in deal.legal_actions()][-2:] == ["pass", "bid 4"]
    deal.play("bid 4")
    assert deal.view(1).info["pitcher"] == 0


def test_four_may_not_be_stolen_reason() -> None:
    deal = atout.make("pitch", players=3, steal_four=True).deal(hands=LONE_TRUMP_HANDS,
                                                                 dealer=0)
    play_all(deal, ["pass", "bid 4"])
    assert deal.to_move == 0
    deal2 = atout.make("pitch", players=3).deal(hands=LONE_TRUMP_HANDS, dealer=0)
    deal2.play("pass")
    deal2.play("bid 3")
    with pytest.raises(atout.IllegalAction, match="top"):
        deal2.play("bid 2")
    deal2.play("bid 4")  # the dealer may still top a 3
    assert deal2.view(0).info["pitcher"] == 0


def test_tangage_cannot_be_stolen() -> None:
    deal = atout.make("pitch", players=3, steal_four=True).deal(hands=LONE_TRUMP_HANDS,
                                                                 dealer=0)
    deal.play("QH")  # seat 1 pitches: bid 4, hearts trump, the dealer never speaks
    v = deal.view(2)
    assert v.info["pitcher"] == 1 and v.info["trump"] == "H" and v.table == ((1, "QH"),)
    assert deal.to_move == 2 and v.info["bids"] == [None, 4, None]


def test_forced_dealer_bid() -> None:
    deal = atout.make("pitch", players=3).deal(hands=LONE_TRUMP_HANDS, dealer=0)
    play_all(deal, ["pass", "pass"])
    legal = [str(a) for a in deal.legal_actions()]
    assert "pass" not in legal and "bid 1" not in legal
    assert legal[-3:] == ["bid 2", "bid 3", "bid 4"] and "5C" in legal  # tangage too
    with pytest.raises(atout.IllegalAction, match="must bid at least 2"):
        deal.play("pass")
    with pytest.raises(atout.IllegalAction, match="must bid at least 2"):
        deal.play("bid 1")
    deal.play("bid 2")
    assert deal.view(1).info["pitcher"] == 0 and deal.view(1).info["bid"] == 2


def test_forced_dealer_bid_plays_out() -> None:
    """Dealer 1, forced to bid 2, is the pitcher and leads."""
    deal = atout.make("pitch", players=3).deal(hands=LONE_TRUMP_HANDS, dealer=1)
    play_all(deal, ["pass", "pass", "bid 2"])
    assert deal.to_move == 1
    events = deal.play("QH")
    assert events[-1].data == {"suit": "H"}


def test_redeal_when_all_pass() -> None:
    rules = atout.make("pitch", players=3, all_pass="redeal")
    deal = rules.deal(hands=LONE_TRUMP_HANDS, dealer=0)
    play_all(deal, ["pass", "pass"])
    assert "bid 1" in [str(a) for a in deal.legal_actions()]
    events = deal.play("pass")
    assert [e.kind for e in events] == ["pass", "redeal"]
    assert deal.is_over and deal.result.points == (0, 0, 0)
    assert deal.result.details["redeal"] is True


def test_min_bid_two() -> None:
    deal = atout.make("pitch", players=3, min_bid=2).deal(hands=LONE_TRUMP_HANDS, dealer=0)
    assert "bid 1" not in [str(a) for a in deal.legal_actions()]
    with pytest.raises(atout.IllegalAction, match="lowest bid"):
        deal.play("bid 1")


def test_no_tangage_option() -> None:
    deal = atout.make("pitch", players=3, tangage=False).deal(hands=LONE_TRUMP_HANDS,
                                                              dealer=0)
    assert all(a.id >= 52 for a in deal.legal_actions())
    with pytest.raises(atout.IllegalAction, match="tangage"):
        deal.play("QH")


def test_follow_rules_and_reasons() -> None:
    deal = four_deal()
    play_all(deal, [*FOUR_BIDS, "AH"])
    # trump led: seat 0 must play its only trump
    assert [str(a) for a in deal.legal_actions()] == ["2H"]
    with pytest.raises(atout.IllegalAction, match="must follow with a trump: you hold 2H"):
        deal.play("5D")
    with pytest.raises(atout.IllegalAction, match="you do not hold"):
        deal.play("AS")
    with pytest.raises(atout.IllegalAction, match="auction is over"):
        deal.play("bid 4")
    play_all(deal, ["2H", "TH", "3H", "JH", "5D", "KH", "4D"])
    # seat 1 leads 3D: seat 2 may follow diamonds, and may trump; seat 2 has no heart left
    deal.play("3D")
    assert [str(a) for a in deal.legal_actions()] == ["7D"]
    deal.play("7D")
    # seat 3 holds AD and 9H: follow or trump, not the spade or club
    assert [str(a) for a in deal.legal_actions()] == ["9H", "AD"]
    with pytest.raises(atout.IllegalAction, match="follow diamonds or play a trump"):
        deal.play("TS")
    before = deal.save()
    with pytest.raises(atout.IllegalAction):
        deal.play("5C")
    assert deal.save() == before


def test_trumping_when_able_to_follow_wins() -> None:
    deal = four_deal()
    play_all(deal, [*FOUR_BIDS, *FOUR_PLAY[:10], "9H"])  # seat 3 trumps the diamond
    events = deal.play("6D")
    assert events[-1].kind == "trick" and events[-1].seat == 3


def test_win_only_as_pitcher() -> None:
    """Seat 0 reaches 7 with Low as a non-pitcher: no win; seat 1 then wins as pitcher."""
    rules = atout.make("pitch", players=2)
    m = rules.match(seed=1)
    assert isinstance(m, PitchMatch)
    m.deal = rules.deal(hands=TIE_HANDS, dealer=0)
    m.scores = [6.0, 5.0]
    events: list[atout.Event] = []
    for a in ["bid 1", "pass", *TIE_PLAY]:
        events = m.play(a)
    assert m.scores == [7, 6] and not m.is_over  # seat 0 has 7 but was not the pitcher
    assert events[-2].kind == "deal_over" and events[-1].kind == "new_deal"
    assert m.deal.dealer == 1
    m.deal = rules.deal(hands=TIE_HANDS, dealer=0)
    m.scores = [7.0, 6.0]
    for a in ["bid 1", "pass", *TIE_PLAY]:
        events = m.play(a)
    assert m.is_over and m.scores == [8, 7]
    res = m.result
    assert res.winners == (1,) and res.ranking == (1, 0)  # the winner has fewer points
    assert events[-1].kind == "game_over"


def test_first_to_target_counts_pitcher_first() -> None:
    rules = atout.make("pitch", players=2, win="first")
    m = rules.match(seed=1)
    m.deal = rules.deal(hands=TIE_HANDS, dealer=0)
    m.scores = [6.0, 5.0]
    for a in ["bid 1", "pass", *TIE_PLAY]:
        m.play(a)
    assert m.is_over and m.result.winners == (0,)  # Low brings seat 0 to 7
    m = rules.match(seed=1)
    m.deal = rules.deal(hands=TIE_HANDS, dealer=0)
    m.scores = [6.0, 6.0]
    for a in ["bid 1", "pass", *TIE_PLAY]:
        m.play(a)
    assert m.is_over and m.result.winners == (1,)  # both reach 7: the pitcher counts first


@pytest.mark.parametrize("win", ["pitcher", "bid-made"])
def test_set_pitcher_over_target(win: str) -> None:
    # Seat 3 pitches with 11 and is set back by his bid of 3: 8 at the end of a hand he
    # pitched. The seed (« au moins 7 points à la fin d'une main dont il était le lanceur »)
    # makes him the winner, made or not; "bid made" wants the bid made: the game goes on.
    rules = atout.make("pitch", players=4, win=win)
    m = rules.match(seed=1)
    m.deal = rules.deal(hands=FOUR_HANDS, dealer=0)
    m.scores = [0.0, 0.0, 0.0, 11.0]
    for a in FOUR_BIDS + FOUR_PLAY:
        m.play(a)
    assert m.scores == [1, 1, 0, 8]
    if win == "pitcher":
        assert m.is_over and m.result.winners == (3,)
    else:
        assert not m.is_over


def test_seed_preset_is_the_seed_text() -> None:
    opts: Any = atout.make("pitch", preset="seed").options
    assert opts.low == "won" and opts.win == "pitcher"
    opts = atout.make("pitch", preset="bicycle").options
    assert opts.low == "dealt" and opts.win == "bid-made"


def test_partnership_match_winner_is_a_team() -> None:
    rules = atout.make("pitch", preset="partners")
    m = rules.match(seed=1)
    m.deal = rules.deal(hands=FOUR_HANDS, dealer=0)
    m.scores = [5.0, 9.0, 5.0, 9.0]
    for a in FOUR_BIDS + FOUR_PLAY:
        m.play(a)
    assert m.is_over and m.scores == [6, 12, 6, 12]
    assert m.result.winners == (1, 3) and m.result.ranking[:2] == (1, 3)


def test_match_parameters() -> None:
    rules = atout.make("pitch", players=3)
    assert rules.match(seed=2, target=21).target == 21  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="target"):
        rules.match(seed=2, target=0)
    with pytest.raises(ValueError, match="unknown match parameter"):
        rules.match(seed=2, rounds=3)
    with pytest.raises(ValueError, match="first_dealer"):
        rules.match(seed=2, first_dealer=3)
