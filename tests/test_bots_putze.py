"""Putze bots: the sampler agrees with the views at every table, the heuristic and the search
play whole deals, the heuristic beats random."""

from __future__ import annotations

import random
from typing import Any

import pytest

import atout
from atout.bots import make_bot, play_out
from atout.bots.putze.search import PutzeDeterminizer, putze_rollout
from atout.bots.search import SearchBot
from atout.cards import JASS_DECK
from atout.core import Deal, View
from atout.games.putze import PutzeDeal

TABLES: list[dict[str, Any]] = [{}, {"players": 3}, {"preset": "jass-txt"}, {"players": 5},
          {"preset": "regle-27-v2"}, {"preset": "regle-27-v3"},
          {"preset": "jass-txt", "players": 5}, {"players": 2},
          {"players": 2, "six_exchange": False, "may_pass": False}]
SOFT = ("weis_announced", "weis_shown", "weis_points", "points")


def _play_part(v: View) -> dict[str, object]:
    d = v.to_dict()
    for k in SOFT:
        d["info"].pop(k, None)
    return d


@pytest.mark.parametrize("table", TABLES, ids=lambda t: ",".join(f"{k}={v}" for k, v in
                                                                 t.items()) or "default")
def test_sampled_deals_agree_with_every_view(table: dict[str, Any]) -> None:
    rules = atout.make("putze", **table)
    det = PutzeDeterminizer(rules)
    exact = total = 0
    for i in range(6):
        deal = rules.deal(seed=i, dealer=i % rules.seats)
        bots = [make_bot("heuristic", rules, s, i) for s in range(rules.seats)]
        rng = random.Random(i)
        while deal.to_move is not None:
            seat = deal.to_move
            view = deal.view(seat)
            sample = det.sample(view, rng)
            assert _play_part(sample.view(seat)) == _play_part(view)
            exact += sample.view(seat).to_dict() == view.to_dict()
            total += 1
            deal.play(bots[seat].choose(view))
    assert exact >= 0.9 * total


def test_search_plays_whole_deals_at_every_table_including_the_two_player_one() -> None:
    for table in [*TABLES[:2], {"players": 2}]:
        rules = atout.make("putze", **table)
        deal = rules.deal(seed=3)
        play_out(deal, [make_bot("search:playouts=20", rules, s, 1)
                        for s in range(rules.seats)])
        assert deal.is_over


def test_rollout_reaches_the_end() -> None:
    rules = atout.make("putze", players=3)
    rng = random.Random(0)
    for seed in range(30):
        res = putze_rollout(rules.deal(seed=seed), rng)
        assert len(res.points) == 3


@pytest.mark.strength
def test_heuristic_beats_random_at_putze() -> None:
    rules = atout.make("putze")
    margin = 0.0
    for i in range(60):
        for rot in range(4):
            names = [("heuristic", "random")[(s + rot) % 2] for s in range(4)]
            deal = rules.deal(seed=700 + i, dealer=i % 4)
            play_out(deal, [make_bot(n, rules, s, i) for s, n in enumerate(names)])
            pts = deal.result.points
            margin += sum(p if names[s] == "heuristic" else -p for s, p in enumerate(pts))
    assert margin > 0


# --- two players: the better cards (27.21), whose discards the other player does not see ---

TWO = atout.make("putze", players=2)


def _known_to(view: View) -> int:
    """The cards the seat of ``view`` has seen and knows are not in the other hand: its
    hand, the cards played, its own discards and the packet it looked at."""
    known = JASS_DECK.mask(view.hand) | JASS_DECK.mask(view.info["own_discards"]) \
        | JASS_DECK.mask(view.info["own_better_seen"])
    for _, text in view.history:
        if text is not None and text in JASS_DECK.codes:
            known |= 1 << JASS_DECK.parse(text)
    return known


@pytest.mark.parametrize("opponent", ["heuristic", "random", "search:playouts=20"])
def test_two_player_search_never_falls_back_and_its_samples_agree(opponent: str) -> None:
    """At every decision of many two-player deals, samples of the mover's view replay to the
    same point with the same hand, history, play and hand sizes, never give the other seat a
    card the mover knows elsewhere, and the search never falls back on the heuristic."""
    det = PutzeDeterminizer(TWO)
    decisions = taken = 0
    for i in range(20):
        deal = TWO.deal(seed=300 + i, dealer=i % 2)
        me = i // 2 % 2
        search = make_bot("search:playouts=20", TWO, me, i)
        assert isinstance(search, SearchBot)
        bots = [search if s == me else make_bot(opponent, TWO, s, i) for s in range(2)]
        rng = random.Random(i)
        while deal.to_move is not None:
            seat = deal.to_move
            view = deal.view(seat)
            known = _known_to(view)
            taken += view.info["better"].get(str(1 - seat)) == "taken"
            for _ in range(3):
                sample = det.sample(view, rng)
                assert sample.to_move == view.to_move
                got = sample.view(seat)
                assert _play_part(got) == _play_part(view)
                for s in range(2):
                    assert len(sample.view(s).hand) == len(deal.view(s).hand)
                assert JASS_DECK.mask(sample.view(1 - seat).hand) & known == 0
            deal.play(bots[seat].choose(view))
            decisions += seat == me
            assert search.fallbacks == 0
    assert decisions > 50 and taken > 10


def _took_the_better_cards() -> Deal:
    """Seat 1 takes its better cards (the trump six among them) and exchanges the six for the
    turned king; seat 0 only looks at its own. Five tricks on, seat 1 has shown Jack, Queen,
    King of trump (not played yet) and no diamonds."""
    deal = TWO.deal(dealer=0, hands=[
        ["7H", "AH", "6S", "9S", "KS", "6C", "TC", "QC", "AD"],
        ["8H", "9H", "7S", "8S", "6D", "7D", "JC", "KC", "AC"]],
        better=[["TS", "QS", "AS"], ["6H", "JH", "QH"]],
        stock=["KH", "TH", "JS", "8D", "9D", "TD", "JD", "QD", "KD", "7C", "8C", "9C"])
    for a in ["6D", "7D", "7S", "look", "play", "play", "exchange six", "AC", "6C", "8S",
              "KS", "AD", "JC", "7H", "9H", "KC"]:
        deal.play(a)
    return deal


def test_two_player_samples_respect_what_the_viewer_knows_of_a_taker() -> None:
    deal = _took_the_better_cards()
    assert isinstance(deal, PutzeDeal)
    view = deal.view(0)
    assert view.to_move == 0 and view.info["better"] == {"0": "looked", "1": "taken"}
    known = _known_to(view) | 1 << JASS_DECK.parse("6H")  # the six went to the stock
    assert known.bit_count() == 18
    must = JASS_DECK.mask(["JH", "QH", "KH"])  # the Weis shown, the turned king among it
    diamonds = JASS_DECK.suit_masks[1]
    trumps = JASS_DECK.suit_masks[0]
    det = PutzeDeterminizer(TWO)
    rng = random.Random(2)
    hands = set()
    trump_discards = discards_seen = 0
    for _ in range(300):
        sample = det.sample(view, rng)
        assert isinstance(sample, PutzeDeal)
        assert _play_part(sample.view(0)) == _play_part(view)
        hand = sample.hands[1]
        assert hand.bit_count() == 4
        assert hand & known == 0
        assert hand & must == must and hand & diamonds == 0
        gone = sample.discards[1]
        assert gone.bit_count() == 3 and gone & (known | hand) == 0
        assert sample.better_state[1] == "taken" and sample.six_by == 1
        assert sample.better[0] == JASS_DECK.mask(["TS", "QS", "AS"])
        hands.add(hand)
        trump_discards += (gone & trumps).bit_count()
        discards_seen += 3
    assert deal.hands[1] in hands  # the real hand is among the guesses
    assert len(hands) >= 5  # one card of seven is free: 8H TH 7S JS 7C 8C 9C
    assert trump_discards < 0.1 * discards_seen  # trumps are seldom put away


def _two_player_twins(seed: int) -> tuple[Deal, Deal]:
    """Two deals seat 0 cannot tell apart once seat 1 has taken its better cards: seat 0's
    hand, packet and the turned card the same, the 23 other cards dealt differently, and
    seat 1's discards (the heuristic's) hidden."""
    rng = random.Random(seed)
    order = JASS_DECK.shuffled(rng)
    mine, packet, turned, rest = order[:9], order[9:12], order[12], order[13:]
    deals = []
    for _ in range(2):
        rng.shuffle(rest)
        deal = TWO.deal(dealer=0, hands=[JASS_DECK.codes_of(JASS_DECK.mask(mine)),
                                         JASS_DECK.codes_of(JASS_DECK.mask(rest[:9]))],
                        better=[JASS_DECK.codes_of(JASS_DECK.mask(packet)),
                                JASS_DECK.codes_of(JASS_DECK.mask(rest[9:12]))],
                        stock=[JASS_DECK.codes[turned],
                               *JASS_DECK.codes_of(JASS_DECK.mask(rest[12:]))])
        for _ in range(3):
            view = deal.view(1)
            deal.play(make_bot("heuristic", TWO, 1).choose(view))
        deals.append(deal)
    return deals[0], deals[1]


@pytest.mark.parametrize("name", ["heuristic", "search:playouts=40", "random"])
def test_a_two_player_bot_cannot_see_the_hidden_discards(name: str) -> None:
    """Two deals that differ only in cards seat 0 cannot see, the other player's discards
    among them, get the same decision and the same samples: the bot gets the view only."""
    det = PutzeDeterminizer(TWO)
    for seed in range(4):
        a, b = _two_player_twins(seed)
        assert isinstance(a, PutzeDeal) and isinstance(b, PutzeDeal)
        assert a.hands[1] != b.hands[1] or a.discards[1] != b.discards[1]
        va, vb = a.view(0), b.view(0)
        assert va.to_dict() == vb.to_dict() and va.to_move == 0
        assert det.sample(va, random.Random(5)).save() == det.sample(vb, random.Random(5)).save()
        x = make_bot(name, TWO, 0, 7).choose(va)
        y = make_bot(name, TWO, 0, 7).choose(vb)
        assert x == y


def test_the_putze_heuristic_plays_the_card_rules_it_is_given() -> None:
    """Heuristic Putze deals until a seat to play is in a position where the card rules of
    issue 23 (``cards=v2``, the default) and the play before them (``cards=v1``) differ: each
    bot plays its own rules' card there, read from its view alone."""
    from atout.bots.jass.cards import CLASSIC, STANDARD
    from atout.bots.jass.heuristic import choose_card, read_view

    rules = atout.make("putze")
    differ = 0
    for seed in range(40):
        deal = rules.deal(seed=seed)
        bots = [make_bot("heuristic", rules, s, seed) for s in range(rules.seats)]
        while deal.to_move is not None:
            seat = deal.to_move
            view = deal.view(seat)
            if view.phase == "play" and len(view.legal) > 1:
                seen = read_view(rules, view)
                seen.partner, seen.pull_trumps = -1, True
                legal = JASS_DECK.mask(view.legal)
                new, old = choose_card(seen, legal, STANDARD), choose_card(seen, legal, CLASSIC)
                if new != old:
                    differ += 1
                    assert int(make_bot("heuristic", rules, seat, seed).choose(view)) == new
                    assert int(make_bot("heuristic:cards=v1", rules, seat, seed)
                               .choose(view)) == old
            deal.play(bots[seat].choose(view))
    assert differ >= 10


def test_a_bad_putze_card_play_is_refused_in_words() -> None:
    with pytest.raises(ValueError, match="cards='v9', expected one of v2, v1"):
        make_bot("heuristic:cards=v9", atout.make("putze"), 0)
