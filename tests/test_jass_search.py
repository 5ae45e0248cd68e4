"""The Jass search: its exact endgame solver and its heuristic tie-break."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from functools import partial
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import atout
from atout.bots import make_bot
from atout.bots import search as search_module
from atout.bots.jass import facts as jass_facts
from atout.bots.jass import kernel as jass_kernel
from atout.bots.jass import search as jass_search
from atout.bots.jass.heuristic import read_view
from atout.bots.jass.solve import EndgameSolver, solve_deal
from atout.bots.search import SearchBot
from atout.cards import JASS_DECK
from atout.core import Deal, View
from atout.games.jass import JassDeal

JASS = atout.make("jass")
OBENABE = 4
ORDER_NEXT = [3, 0, 1, 2]
"""Play runs counter-clockwise: after seat 0 comes seat 3, then 2, then 1."""


def _m(*codes: str) -> int:
    return JASS_DECK.mask(list(codes))


def _to_endgame(seed: int, cards_left: int, rng: random.Random) -> JassDeal:
    """A seeded deal played at random until ``cards_left`` cards remain in the hands."""
    deal = JASS.deal(seed=seed)
    assert isinstance(deal, JassDeal)
    while deal.to_move is not None and (
            deal.phase != "play" or sum(h.bit_count() for h in deal.hands) > cards_left):
        deal.play(rng.choice(deal.legal_actions()))
    return deal


def _brute(deal: JassDeal) -> int:
    """Minimax over every legal card, no pruning: side 0's points minus side 1's from here."""
    if deal.play_over:
        return 0
    values = []
    for a in deal.legal_actions():
        d = deal.clone()
        before = (d.card_points[0] + d.bonus_points[0]) - (d.card_points[1] + d.bonus_points[1])
        d.fast_play(a)
        after = (d.card_points[0] + d.bonus_points[0]) - (d.card_points[1] + d.bonus_points[1])
        values.append(after - before + _brute(d))
    return max(values) if deal.turn & 1 == 0 else min(values)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), left=st.integers(2, 12))
def test_solver_agrees_with_plain_minimax(seed: int, left: int) -> None:
    deal = _to_endgame(seed, left, random.Random(seed))
    if deal.to_move is None:
        return
    # the cards already in the current trick count for whoever takes it
    assert solve_deal(deal) == _brute(deal)


def test_solver_ducks_the_ace_to_keep_the_spade_for_the_last_trick() -> None:
    # Obenabe, two tricks left, seat 0 to lead (then seats 3, 2, 1).
    # Cashing the ace of spades first takes 20, but seat 3's ace of hearts then takes the
    # last trick: 25 and the 5 of the last trick, a margin of -10. Leading the heart first
    # gives seat 3 its 25 and keeps the ace for the last trick: 20 + 5, a margin of 0.
    hands = [_m("AS", "6H"), _m("JS", "KH"), _m("QS", "TH"), _m("KS", "AH")]
    solver = EndgameSolver(OBENABE, ORDER_NEXT, match_bonus=True)
    assert solver.solve(hands, 0, [], -1, -1, -1, 7, 3) == 0
    after_ace = [_m("6H"), _m("KH"), _m("TH"), _m("AH")]
    # after the spade trick (20 to side 0) seat 0 leads the heart: 30 to side 1
    assert 20 + solver.solve(after_ace, 0, [], -1, -1, -1, 8, 3) == -10
    assert hands == [_m("AS", "6H"), _m("JS", "KH"), _m("QS", "TH"), _m("KS", "AH")]


def test_solver_counts_the_match() -> None:
    # side 0 has taken every trick so far; the last trick is theirs too: 100 more
    hands = [_m("AS"), _m("6S"), _m("7S"), _m("8S")]
    solver = EndgameSolver(OBENABE, ORDER_NEXT, match_bonus=True)
    assert solver.solve(hands, 0, [], -1, -1, -1, 8, 1) == 11 + 8 + 5 + 100
    assert solver.solve(hands, 0, [], -1, -1, -1, 8, 3) == 11 + 8 + 5
    no_bonus = EndgameSolver(OBENABE, ORDER_NEXT, match_bonus=False)
    assert no_bonus.solve(hands, 0, [], -1, -1, -1, 8, 1) == 11 + 8 + 5


def test_search_plays_the_best_exact_move_when_it_knows_the_deal() -> None:
    """With a sampler that returns the true deal, the endgame search is exact play."""

    class Oracle:
        def __init__(self, deal: Deal) -> None:
            self.deal = deal

        def sample(self, view: View, rng: random.Random) -> Deal:
            return self.deal.clone()

    checked = 0
    for seed in range(40):
        deal = _to_endgame(seed, 10, random.Random(seed))
        if deal.to_move is None or len(deal.legal_actions()) < 2:
            continue
        seat = deal.to_move
        bot = SearchBot(JASS, seat, seed, playouts=120, exact=4, tie=0, sampler=Oracle(deal))
        choice = bot.choose(deal.view(seat))
        values = {}
        for a in deal.legal_actions():
            d = deal.clone()
            d.fast_play(a)
            v = (d.card_points[0] + d.bonus_points[0] - d.card_points[1] - d.bonus_points[1]
                 + _brute(d))
            values[a] = v if seat & 1 == 0 else -v
        assert values[choice] == max(values.values())
        assert all(n == 4 for _, n in bot.last.values())  # 120 // 30 samples, all exact
        checked += 1
    assert checked >= 20


def test_search_prefers_the_heuristic_within_its_margin() -> None:
    """``tie``: the heuristic's action when it stayed in contention within the margin."""
    seen_tie = seen_search = 0
    for seed in range(30):
        deal = JASS.deal(seed=seed)
        rng = random.Random(seed)
        for _ in range(1 + 4 * (seed % 7)):  # the trump, then a few tricks at random
            deal.play(rng.choice(deal.legal_actions()))
        seat = deal.to_move
        if seat is None or len(deal.legal_actions()) < 2:
            continue
        view = deal.view(seat)
        plain = SearchBot(JASS, seat, seed, playouts=60, tie=0, key="search")
        wide = SearchBot(JASS, seat, seed, playouts=60, tie=1e9, key="search")
        a = plain.choose(view)
        b = wide.choose(view)
        assert plain.last == wide.last  # the same search, only the last word differs
        h = make_bot("heuristic", JASS, seat, seed).choose(view)
        best_n = plain.last[a.text][1]
        if h.text in plain.last and plain.last[h.text][1] == best_n:
            assert b == h
            seen_tie += a != h
        else:
            assert b == a
            seen_search += 1
        # the plain search plays its best mean among the actions kept to the end
        kept = {t: m for t, (m, n) in plain.last.items() if n == best_n}
        assert plain.last[a.text][0] == max(kept.values())
    assert seen_tie and seen_search


@pytest.mark.parametrize("kernel", [0, 1])
def test_a_time_limit_short_of_the_playouts_still_halves_the_field(
        monkeypatch: pytest.MonkeyPatch, kernel: int) -> None:
    """With ``seconds`` binding before ``playouts``, each round of the successive halving
    gets its share of the time, so the field is halved (the first round took all the time,
    and every action was rolled out alike to the end): on a clock that advances a
    millisecond each time it is read, so that the rounds do not depend on the machine."""
    ticks = itertools.count()

    class Clock:
        @staticmethod
        def perf_counter() -> float:
            return next(ticks) / 1000

    monkeypatch.setattr(search_module, "time", Clock)
    # the halving does not depend on the rollouts' policy, and the lookahead from the first
    # lead as plain Python (ATOUT_PURE=1) takes minutes a kernel call
    monkeypatch.setattr(jass_kernel, "LOOK", 0)
    deal = JASS.deal(seed=5)
    deal.play(deal.legal_actions()[0])  # a trump: the first lead, nine cards to choose from
    seat = deal.to_move
    assert seat is not None and len(deal.legal_actions()) == 9
    bot = SearchBot(JASS, seat, 1, playouts=10**9, seconds=0.6, rounds=3, tie=0,
                    kernel=kernel, key="search")
    action = bot.choose(deal.view(seat))
    counts = {text: n for text, (_, n) in bot.last.items()}
    assert len(counts) == 9
    most = max(counts.values())
    kept = [t for t, n in counts.items() if n == most]
    assert 2 <= len(kept) <= 3, counts  # nine, halved to five, then to three
    assert action.text in kept and min(counts.values()) < most


def test_common_random_numbers_give_every_action_the_same_luck() -> None:
    """``common=1``: on each sample, every action's rollout starts from the same random state."""
    deal = JASS.deal(seed=5)
    deal.play(deal.legal_actions()[0])  # a trump, then the first lead is a real choice
    seat = deal.to_move
    assert seat is not None
    starts: dict[int, list[object]] = {0: [], 1: []}
    choices = {}
    for common in (0, 1):
        bot = SearchBot(JASS, seat, 3, playouts=90, tie=0, common=common)
        rollout = bot.rollout

        def spy(d: Deal, rng: random.Random, c: int = common,
                inner: Any = rollout) -> Any:
            starts[c].append(rng.getstate())
            return inner(d, rng)

        bot.rollout = spy
        choices[common] = bot.choose(deal.view(seat))
        assert len(starts[common]) == sum(n for _, n in bot.last.values())
    # without: one running stream, no two rollouts start alike
    assert len(set(starts[0])) == len(starts[0])
    # with: the rollouts come in runs, one per sample and reuse, one rollout per action alive
    runs = [1]
    for before, after in zip(starts[1], starts[1][1:], strict=False):
        if after == before:
            runs[-1] += 1
        else:
            runs.append(1)
    assert len(set(starts[1])) == len(runs)
    assert all(n >= 2 for n in runs) and runs[0] == len(deal.legal_actions())
    # the same seed gives the same decision
    again = SearchBot(JASS, seat, 3, playouts=90, tie=0, common=1)
    assert again.choose(deal.view(seat)) == choices[1]
    with pytest.raises(ValueError, match="common must be 0 or 1"):
        make_bot("search:common=2", JASS, 0, 0)


def _heuristic_position(seed: int, steps: int) -> JassDeal:
    """A deal played ``steps`` actions by four heuristic players."""
    deal = JASS.deal(seed=seed)
    bots = [make_bot("heuristic", JASS, s, seed) for s in range(4)]
    for _ in range(steps):
        seat = deal.to_move
        assert seat is not None
        deal.play(bots[seat].choose(deal.view(seat)))
    assert isinstance(deal, JassDeal)
    return deal


def _breaks_in_samples(view: View, seed: int, breaks: Callable[[list[int]], int]) -> int:
    """How often 20 samples of a fresh sampler break a rule (``breaks`` of their hands)."""
    det = jass_search.JassDeterminizer(JASS)
    rng = random.Random(seed)
    total = 0
    for _ in range(20):
        sample = det.sample(view, rng)
        assert isinstance(sample, JassDeal)
        total += breaks(list(sample.dealt))
    return total


def _facts_after(hands: list[list[str]], plays: list[str]) -> list[tuple[int, int]]:
    """The play facts seat 0 reads after ``plays`` on a deal of ``hands`` (dealer 0)."""
    deal = JASS.deal(hands=hands, dealer=0)
    for text in plays:
        deal.play(JASS.actions.parse(text))
    return jass_facts.play_facts(read_view(JASS, deal.view(0), follows=True))


def _breaks_bock_rule(hands: list[int], leads: list[tuple[int, int, int, int]]) -> bool:
    return any(hands[s] & bocks and above & ~hands[s] and not keep & ~hands[s]
               for s, bocks, above, keep in leads)


def test_the_sampler_believes_opponents_cash_their_bocks(monkeypatch: Any) -> None:
    """An opponent who led a card that could be beaten held no Bock (a card nobody can beat)
    he would have cashed (a defender keeps his while trumps are out), as the heuristic plays:
    the true deal never breaks that when the opponents are heuristic players, and the samples
    seldom do (60 positions: the heuristic's card play v2 leaves fewer such leads than v1)."""
    trusting = jass_search.BOCK_TRUST
    broken = {1.0: 0, trusting: 0}
    checked = 0
    for seed in range(60):
        deal = _heuristic_position(seed, 1 + 4 * (3 + seed % 5))
        seat = deal.to_move
        assert seat is not None
        view = deal.view(seat)
        leads = jass_facts.bock_leads(read_view(JASS, view))
        assert not _breaks_bock_rule(list(deal.dealt), leads)
        if not leads:
            continue
        checked += 1
        for trust in broken:
            monkeypatch.setattr(jass_search, "BOCK_TRUST", trust)
            broken[trust] += _breaks_in_samples(view, seed,
                                                partial(_breaks_bock_rule, leads=leads))
    assert checked >= 20
    # without the inference, samples break the rule often; with it, far less
    assert broken[1.0] >= 100
    assert broken[trusting] * 2 < broken[1.0]


def test_tie_and_exact_are_checked() -> None:
    with pytest.raises(ValueError, match="tie must be zero or more"):
        make_bot("search:tie=-1", JASS, 0, 0)
    with pytest.raises(ValueError, match="exact must be zero or more"):
        make_bot("search:exact=-2", JASS, 0, 0)
    with pytest.raises(ValueError, match="no exact solver for knock-rummy"):
        make_bot("search:exact=3", atout.make("knock-rummy"), 0, 0)


def test_play_facts_read_who_could_not_take_the_trick() -> None:
    """A hand-checked deal, hearts trump, seen by seat 0 (play runs 3, 2, 1, 0).

    Trick 1: seat 3 leads 6C, my partner (2) takes with KC, seat 1 follows 7C, I play 8C.
    Seat 1 was not last, so he held no AC (the best club out), or he would have taken.
    Trick 2: my partner leads TS, seat 1 follows 6S: with 10 points on the table he held no
    trump to ruff with but the Buur and the Nell, which a player keeps. I play 7S, seat 3
    plays 8S last: he held no spade above the ten and no trump at all. What I hold (AS, the
    top hearts) is no news and stays out of the facts.
    """
    hands = [["QH", "KH", "AH", "7S", "AS", "9S", "8C", "9C", "TC"],
             ["KD", "AD", "6S", "7C", "JS", "QS", "KS", "JC", "QC"],
             ["6H", "7H", "8H", "9H", "TH", "JH", "KC", "TS", "QD"],
             ["6D", "7D", "8D", "9D", "TD", "JD", "8S", "6C", "AC"]]
    facts = _facts_after(hands, ["trump H", "6C", "KC", "7C", "8C", "TS", "6S", "7S", "8S"])
    assert facts == [(1, _m("AC")),
                     (1, _m("6H", "7H", "8H", "TH")),
                     (3, _m("JS", "QS", "KS", "6H", "7H", "8H", "9H", "TH", "JH"))]
    assert jass_facts.play_misses([JASS_DECK.mask(h) for h in hands], facts) == 0
    # a seat 3 that held the king of spades would break the last fact
    assert jass_facts.play_misses([0, 0, 0, _m("KS")], facts) == 1


def test_the_sampler_believes_opponents_take_what_they_can(monkeypatch: Any) -> None:
    """The heuristic, like most players, takes the other side's trick when it can: the true
    deal never breaks the play facts when the opponents are heuristic players, and samples
    break them far less often than without the inference."""
    broken = {False: 0, True: 0}
    facts_seen = 0
    for seed in range(120):
        deal = _heuristic_position(seed, 1 + 4 * (3 + seed % 6) + seed % 3)
        seat = deal.to_move
        assert seat is not None
        view = deal.view(seat)
        facts = jass_facts.play_facts(read_view(JASS, view, follows=True))
        assert jass_facts.play_misses(list(deal.dealt), facts) == 0
        if not facts:
            continue
        facts_seen += len(facts)
        for on in broken:
            monkeypatch.setattr(jass_search, "PLAY_FACTS", on)
            broken[on] += _breaks_in_samples(view, seed,
                                             partial(jass_facts.play_misses, facts=facts))
    assert facts_seen >= 10
    assert broken[False] >= 60
    assert broken[True] * 2 < broken[False]


def test_play_facts_read_the_cheapest_card_and_the_schmieren() -> None:
    """Hearts trump, seen by seat 0 (play runs 3, 2, 1, 0).

    Trick 1: seat 3 leads 6C, my partner takes with AC, seat 1 plays KC under it, I 8C.
    With 11 points on the table seat 1 would have ruffed with a trump other than the Buur
    and the Nell, and as he could not win he threw his cheapest club: no 7C, 8C, 9C, JC or
    QC (the ten is worth more than his king).
    Trick 2: my partner leads 7S, seat 1 takes with KS, I play 8S, and seat 3, last, feeds
    his partner's trick only 9S: he held no spade worth much more (JS, QS; I hold TS, AS).
    """
    hands = [["8C", "7C", "9C", "8S", "AS", "TS", "JH", "QH", "6H"],
             ["KC", "KS", "6S", "6D", "7D", "8D", "9D", "TD", "AD"],
             ["AC", "JC", "QC", "7S", "QS", "JS", "9H", "TH", "7H"],
             ["6C", "TC", "9S", "KH", "AH", "8H", "JD", "QD", "KD"]]
    facts = _facts_after(hands, ["trump H", "6C", "AC", "KC", "8C", "7S", "KS", "8S", "9S"])
    assert facts == [(1, _m("7H", "8H", "TH", "KH", "AH", "JC", "QC")), (3, _m("JS", "QS"))]
    assert jass_facts.play_misses([JASS_DECK.mask(h) for h in hands], facts) == 0


def test_trump_is_the_heuristics_by_default_and_searched_on_request() -> None:
    for seed in range(6):
        deal = JASS.deal(seed=seed, dealer=seed % 4)
        seat = deal.to_move
        assert seat is not None
        view = deal.view(seat)
        fast = SearchBot(JASS, seat, seed, playouts=40)
        assert fast.choose(view) == make_bot("heuristic", JASS, seat, seed).choose(view)
        assert fast.total_playouts == 0
        slow = SearchBot(JASS, seat, seed, playouts=40, key="search")
        slow.choose(view)
        assert slow.total_playouts == 160  # four times the budget
        named = make_bot("search:key=search", JASS, seat)
        assert isinstance(named, SearchBot) and named.key == "search"
    with pytest.raises(ValueError, match="key must be one of search, heuristic"):
        SearchBot(JASS, 0, key="model")
