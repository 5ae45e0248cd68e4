"""Bots: they see only a view, the sampler agrees with it, heuristic and search play well."""

from __future__ import annotations

import random
from typing import Any

import pytest

import atout
from atout.bots import Bot, RandomBot, make_bot, parse_bot_spec, play_out
from atout.bots.determinize import assign_cards
from atout.bots.hint import action_words, card_words, hint
from atout.bots.jass.facts import has_weis
from atout.bots.jass.heuristic import choose_trump
from atout.bots.jass.search import JassDeterminizer, jass_rollout
from atout.bots.pace import Paced
from atout.bots.registry import games_with_parts, parts_for
from atout.bots.search import SearchBot, side_value
from atout.cards import JASS_DECK
from atout.core import Action, Deal, View
from atout.games.jass import JassDeal
from atout.games.jass.play import find_weis

JASS = atout.make("jass")


def _advance(deal: Deal, steps: int, seed: int) -> None:
    bots = [make_bot("heuristic", JASS, s, seed) for s in range(4)]
    for _ in range(steps):
        seat = deal.to_move
        if seat is None:
            return
        deal.play(bots[seat].choose(deal.view(seat)))


def _same_view(a: View, b: View) -> bool:
    return a.to_dict() == b.to_dict()


SOFT = ("weis_announced", "weis_shown", "weis_points", "totals")


def _same_play(a: View, b: View) -> bool:
    """The same view but for the Weis announced (a soft constraint of the sampler)."""
    da, db = a.to_dict(), b.to_dict()
    for d in (da, db):
        for k in SOFT:
            d["info"].pop(k, None)
    return bool(da == db)


@pytest.mark.parametrize("steps", [0, 1, 6, 13, 22, 30, 34])
def test_sampled_deals_agree_with_the_view(steps: int) -> None:
    exact = total = 0
    for seed in range(12):
        deal = JASS.deal(seed=seed, dealer=seed % 4)
        _advance(deal, steps, seed)
        seat = deal.to_move
        if seat is None:
            continue
        view = deal.view(seat)
        det = JassDeterminizer(JASS)
        rng = random.Random(seed)
        for _ in range(5):
            sample = det.sample(view, rng)
            assert sample.to_move == seat
            # the sample gives the seat the view it has in the real deal
            assert _same_play(sample.view(seat), view)
            exact += _same_view(sample.view(seat), view)
            total += 1
    assert exact >= 0.8 * total


def test_samples_vary_the_hidden_cards() -> None:
    deal = JASS.deal(seed=4)
    _advance(deal, 5, 4)
    seat = deal.to_move
    assert seat is not None
    det = JassDeterminizer(JASS)
    rng = random.Random(1)
    other = (seat + 1) % 4
    hands = {tuple(det.sample(deal.view(seat), rng).view(other).hand) for _ in range(20)}
    assert len(hands) > 10


def _swap_hidden(deal: Deal, seat: int, seed: int) -> Deal:
    """Another deal that ``seat`` cannot tell from ``deal``: the same view, other hidden
    cards (sampled until the hidden hands differ)."""
    det = JassDeterminizer(JASS)
    rng = random.Random(seed)
    assert isinstance(deal, JassDeal)
    for _ in range(200):
        other = det.sample(deal.view(seat), rng)
        assert isinstance(other, JassDeal)
        if other.hands != deal.hands and _same_view(other.view(seat), deal.view(seat)):
            return other
    raise AssertionError("no other deal found")


@pytest.mark.parametrize("name", ["heuristic", "search:playouts=60", "random",
                                  "search:playouts=60:exact=4:tie=0"])
def test_a_bot_cannot_see_hidden_cards(name: str) -> None:
    """Two deals that differ only in cards the seat cannot see get the same decision: the
    bot gets the view, never the deal."""
    for seed in range(6):
        deal = JASS.deal(seed=100 + seed)
        _advance(deal, 3 + 4 * seed, seed)
        seat = deal.to_move
        assert seat is not None
        twin = _swap_hidden(deal, seat, seed)
        assert _same_view(deal.view(seat), twin.view(seat))
        a = make_bot(name, JASS, seat, 7).choose(deal.view(seat))
        b = make_bot(name, JASS, seat, 7).choose(twin.view(seat))
        assert a == b


class _Spy(Bot):
    """Records what a bot is handed."""

    name = "spy"

    def __init__(self, seat: int) -> None:
        super().__init__(JASS, seat)
        self.seen: list[Any] = []
        self.inner = RandomBot(JASS, seat)

    def choose(self, view: View) -> Action:
        self.seen.append(view)
        return self.inner.choose(view)


def test_play_out_hands_bots_views_of_their_own_seat_only() -> None:
    deal = JASS.deal(seed=3)
    spies = [_Spy(s) for s in range(4)]
    play_out(deal, spies)
    assert isinstance(deal, JassDeal)
    for spy in spies:
        assert spy.seen and all(type(v) is View and v.seat == spy.seat for v in spy.seen)
        for v in spy.seen:
            assert JASS_DECK.mask(v.hand) & ~deal.dealt[spy.seat] == 0


def test_assign_cards_respects_voids_and_sizes() -> None:
    rng = random.Random(0)
    pool = (1 << 12) - 1
    allowed = [0b111100001111, 0b000011111111, 0b111111110000]
    for _ in range(50):
        got = assign_cards(pool, [4, 4, 4], allowed, rng, [0b1, 0, 0])
        if got is None:
            continue
        assert [m.bit_count() for m in got] == [4, 4, 4]
        assert got[0] | got[1] | got[2] == pool
        assert all(m & ~a == 0 for m, a in zip(got, allowed, strict=True))
        assert got[0] & 1
    assert assign_cards(pool, [4, 4, 4], [0b1111, 0b1111, 0b1111], rng) is None


def test_fast_weis_check_matches_find_weis() -> None:
    rng = random.Random(5)
    for _ in range(2000):
        hand = sum(1 << c for c in rng.sample(range(36), 9))
        assert has_weis(hand) == bool(find_weis(hand, 0))


def test_trump_choice_by_hand_strength() -> None:
    modes = JASS.mode_mask  # type: ignore[attr-defined]
    strong = JASS_DECK.mask(["JH", "9H", "AH", "KH", "7H", "AS", "AC", "6D", "7D"])
    assert choose_trump(strong, modes, True) == 36  # trump hearts
    tops = JASS_DECK.mask(["AH", "KH", "QH", "AS", "KS", "AD", "KD", "AC", "6C"])
    assert choose_trump(tops, modes, True) == 40  # obenabe
    weak = JASS_DECK.mask(["7H", "9H", "QD", "8D", "TS", "8S", "7C", "QC", "KC"])
    assert choose_trump(weak, modes, True) == 42  # push
    assert choose_trump(weak, modes, False) != 42


def test_heuristic_feeds_the_partner_and_wins_cheaply() -> None:
    hands = [["AS", "TS", "6S", "7H", "8H", "9H", "6D", "7D", "8D"],
             ["KS", "QS", "JS", "TH", "JH", "QH", "9D", "TD", "JD"],
             ["AC", "KC", "QC", "JC", "TC", "9C", "8C", "7C", "6C"],
             ["9S", "8S", "7S", "6H", "KH", "AH", "QD", "KD", "AD"]]
    deal = JASS.deal(hands=hands, dealer=1)  # forehand is seat 0
    deal.play("trump C")
    deal.play("6S")   # seat 0 leads
    deal.play("9S")   # seat 3
    deal.play("6C")   # seat 2 ruffs for the team
    bot = make_bot("heuristic", JASS, 1)
    # seat 1 cannot beat the trump: it throws its cheapest spade, never the king
    assert str(bot.choose(deal.view(1))) == "JS"
    deal2 = JASS.deal(hands=hands, dealer=1)
    deal2.play("trump C")
    deal2.play("7H")  # seat 0 leads a heart
    deal2.play("AH")  # seat 3 holds the ace: it wins
    deal2.play("6C")  # seat 2 trumps
    # seat 1 is last, the opponents' trump wins: it keeps its points
    assert str(make_bot("heuristic", JASS, 1).choose(deal2.view(1))) == "JH"


def test_heuristic_schmiert_when_partner_holds_the_trick_last() -> None:
    hands = [["AS", "TS", "6S", "7H", "8H", "9H", "6D", "7D", "8D"],
             ["KS", "QS", "JS", "TH", "JH", "QH", "9D", "TD", "JD"],
             ["AD", "KC", "QC", "JC", "TC", "9C", "8C", "7C", "6C"],
             ["9S", "8S", "7S", "6H", "KH", "AH", "QD", "KD", "AC"]]
    deal = JASS.deal(hands=hands, dealer=2)  # forehand is seat 1, then 0, 3, 2
    deal.play("trump H")
    deal.play("KS")  # seat 1 leads
    deal.play("AS")  # seat 0 wins with the top spade
    deal.play("7S")  # seat 3
    assert deal.to_move == 2
    # seat 2 has no spade and no trump; its partner holds the trick and it plays last:
    # it gives the ten (the ace of diamonds is a trick of its own, the ten of clubs is not)
    assert str(make_bot("heuristic", JASS, 2).choose(deal.view(2))) == "TC"


def test_rollout_finishes_a_deal_with_all_points() -> None:
    rng = random.Random(2)
    for seed in range(200):
        deal = JASS.deal(seed=seed)
        _advance(deal, seed % 20, seed)
        if deal.to_move is None:
            continue
        rolled = deal.clone()
        res = jass_rollout(rolled, rng)
        assert isinstance(rolled, JassDeal)
        assert res.points == rolled.result.points
        assert sum(rolled.card_points) == 157
        assert sum(rolled.tricks_won) == 9


def test_search_takes_the_last_tricks_it_can_see_are_won() -> None:
    hands = [["AS", "TS", "6S", "7H", "8H", "9H", "6D", "7D", "8D"],
             ["KS", "QS", "JS", "TH", "JH", "QH", "9D", "TD", "JD"],
             ["AD", "KC", "QC", "JC", "TC", "9C", "8C", "7C", "6C"],
             ["9S", "8S", "7S", "6H", "KH", "AH", "QD", "KD", "AC"]]
    deal = JASS.deal(hands=hands, dealer=2)
    deal.play("obenabe")
    deal.play("KS")  # seat 1 leads
    seat = deal.to_move
    assert seat == 0
    # at Obenabe the ace of spades takes the king and the ten stays a winner (by about 5
    # points of margin: 300 playouts can miss it)
    bot = SearchBot(JASS, seat, 1, playouts=1000)
    assert str(bot.choose(deal.view(seat))) == "AS"
    assert bot.last and all(n > 0 for _, n in bot.last.values())


def test_side_value_is_the_margin() -> None:
    res = atout.Result((100.0, 57.0, 100.0, 57.0))
    assert side_value(res, 0) == pytest.approx(100 - (57 + 100 + 57) / 3)


def test_bot_specs_and_errors() -> None:
    assert parse_bot_spec("search:playouts=300:seconds=0.5") == (
        "search", {"playouts": 300, "seconds": 0.5})
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("genius", JASS, 0)
    with pytest.raises(ValueError, match="key=value"):
        make_bot("search:300", JASS, 0)
    with pytest.raises(ValueError, match="playouts"):
        make_bot("search:playouts=0", JASS, 0)
    with pytest.raises(ValueError, match="bot 'search:depth=3'"):
        make_bot("search:depth=3", JASS, 0)
    with pytest.raises(ValueError, match="no parameters"):
        make_bot("random:x=1", JASS, 0)
    assert "jass" in games_with_parts()
    assert (parts_for(JASS).budget.playouts or 0) > 0


def test_thinking_delay_waits_out_the_rest() -> None:
    slept: list[float] = []
    now = [0.0]

    def clock() -> float:
        now[0] += 0.25  # the inner bot "thinks" 0.25 s
        return now[0]

    bot = Paced(make_bot("heuristic", JASS, 3), seconds=1.0, jitter=0.0,
                sleep=slept.append, clock=clock)
    deal = JASS.deal(seed=7)
    action = bot.choose(deal.view(3))
    assert str(action) in deal.view(3).legal
    assert slept == [pytest.approx(0.75)]
    assert isinstance(make_bot("heuristic:delay=0:jitter=0", JASS, 0), Paced)


def test_hint_says_what_and_why() -> None:
    assert card_words("AS") == "the ace of spades"
    assert action_words("TH") == "play the ten of hearts"
    assert action_words("push") == "push"
    deal = JASS.deal(seed=7)
    seat = deal.to_move
    assert seat is not None
    h = hint(JASS, deal.view(seat), "search:playouts=100")
    assert h.action.text in deal.view(seat).legal
    assert ":" in h.text
    _advance(deal, 7, 7)
    seat = deal.to_move
    assert seat is not None
    h = hint(JASS, deal.view(seat), "heuristic")
    assert h.text.startswith("play the ")


def _duplicate_margin(a: str, b: str, boards: int, seed: int) -> tuple[float, float]:
    """Mean points per deal of bot a minus bot b over duplicate deals, and a's share."""
    diff = 0.0
    pa = pb = 0.0
    for i in range(boards):
        res = []
        for rot in (0, 1):
            names = [(a, b)[(s + rot) % 2] for s in range(4)]
            bots = [make_bot(names[s], JASS, s, seed + i) for s in range(4)]
            deal = JASS.deal(seed=seed + i, dealer=i % 4)
            play_out(deal, bots)
            res.append(deal.result.points)
        sa = (res[0][0] + res[1][1]) / 2
        sb = (res[0][1] + res[1][0]) / 2
        diff += sa - sb
        pa += sa
        pb += sb
    return diff / boards, pa / (pa + pb)


@pytest.mark.strength
def test_heuristic_beats_random() -> None:
    diff, share = _duplicate_margin("heuristic", "random", 40, 500)
    assert diff > 30 and share > 0.6


@pytest.mark.strength
def test_search_beats_random_even_on_a_small_budget() -> None:
    diff, _ = _duplicate_margin("search:playouts=30", "random", 4, 900)
    assert diff > 0


def test_noise_plays_a_share_of_random_legal_moves() -> None:
    rules = atout.make("jass")
    plain = make_bot("heuristic", rules, 1, 3)
    some = make_bot("heuristic:noise=0.3", rules, 1, 3)
    every = make_bot("heuristic:noise=1", rules, 1, 3)
    differ = total = 0
    for seed in range(40):
        deal = rules.deal(seed=seed)
        deal.play("trump H")
        while deal.to_move is not None:
            view = deal.view(deal.to_move)
            if deal.to_move == 1:
                for bot in (some, every):
                    assert str(bot.choose(view)) in view.legal
                differ += some.choose(view) != plain.choose(view)
                total += 1
            deal.play(plain.choose(view))
    assert 0.05 * total < differ < 0.3 * total  # some moves differ, most do not
    with pytest.raises(ValueError, match="noise must be a share from 0 to 1"):
        make_bot("heuristic:noise=2", rules, 0)
    with pytest.raises(ValueError, match="noise must be a share from 0 to 1"):
        make_bot("heuristic:noise=lots", rules, 0)
