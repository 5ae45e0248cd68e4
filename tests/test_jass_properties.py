"""Property tests of Schieber Jass over many seeded random deals.

Legal play and scores are checked against a small reference written here from the rule text
(card strings, no bitmasks), independent of the engine's tables: who may play what, who wins
a trick, what it is worth, Stöck and the match bonus.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import atout
from atout.cards import JASS_DECK
from atout.core import Deal, Rules
from atout.games.jass.play import legal_cards

SUITS = "HDSC"
MODES = ["H", "D", "S", "C", "obenabe", "undenufe"]
PLAIN_ORDER = "6789TJQKA"  # low to high
TRUMP_ORDER = "678TQKA9J"  # low to high: J (Buur) and 9 (Nell) on top
TRUMP_VALUE = {"J": 20, "9": 14, "A": 11, "T": 10, "K": 4, "Q": 3}
PLAIN_VALUE = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2}
OBENABE_VALUE = {**PLAIN_VALUE, "8": 8}
UNDENUFE_VALUE = {"6": 11, "T": 10, "8": 8, "K": 4, "Q": 3, "J": 2}
CARD_TOKEN = re.compile(r"(?<![0-9A-Za-z])([6-9TJQKA][HDSC])(?![0-9A-Za-z])")

RULESETS: list[Rules[Any]] = [
    atout.make("jass"),
    atout.make("jass", direction="clockwise", weis_tie="both", big_sequences=True),
    atout.make("jass", multipliers="swiss-german", counting_order="stoeck-tricks-weis"),
    atout.make("jass", preset="tournament", obenabe=False),
    atout.make("jass", preset="jass-txt"),
    atout.make("jass", under_trump="strict", big_sequences=True),
]
SWISS_GERMAN = {"H": 1, "D": 2, "S": 2, "C": 1, "obenabe": 3, "undenufe": 4}


# --- the reference ---------------------------------------------------------------------------

def strength(card: str, mode: str, led: str) -> int:
    """How strong a card is in a trick (higher wins); -1 for a discard."""
    rank, suit = card[0], card[1]
    if mode == suit:
        return 100 + TRUMP_ORDER.index(rank)
    if suit != led:
        return -1
    if mode == "undenufe":
        return 8 - PLAIN_ORDER.index(rank)
    return PLAIN_ORDER.index(rank)


def value(card: str, mode: str) -> int:
    """The card's points under the mode."""
    rank, suit = card[0], card[1]
    if mode == "obenabe":
        return OBENABE_VALUE.get(rank, 0)
    if mode == "undenufe":
        return UNDENUFE_VALUE.get(rank, 0)
    return (TRUMP_VALUE if suit == mode else PLAIN_VALUE).get(rank, 0)


def ref_legal(hand: list[str], mode: str, table: list[str], strict: bool = False,
              buur_free: bool = True) -> set[str]:
    """The cards the rule text allows, from the hand and the cards already on the table.

    ``strict``: a lower trump only when nothing else is left (else the Swiss rule: a hand of
    nothing but trumps plays any); ``buur_free``: the Buur alone need not follow trumps.
    """
    if not table:
        return set(hand)
    led = table[0][1]
    follow = {c for c in hand if c[1] == led}
    if mode not in SUITS:
        return follow or set(hand)
    trumps = {c for c in hand if c[1] == mode}
    if led == mode:
        # Must follow with a trump, unless the only trump held is the Buur.
        if buur_free:
            return trumps if trumps - {"J" + mode} else set(hand)
        return trumps or set(hand)
    if not strict and trumps == set(hand):
        return set(hand)  # nothing but trumps: any of them (the Swiss rule)
    best_trump = max((strength(c, mode, led) for c in table if c[1] == mode), default=-1)
    ok = set(follow) | {c for c in trumps if strength(c, mode, led) > best_trump}
    if not follow:
        ok |= {c for c in hand if c[1] != mode}
    return ok or set(hand)  # only lower trumps left: the under-trump is forced


def ref_play(dealt: list[list[str]], mode: str, dealer: int, cards: list[str],
             clockwise: bool, strict: bool = False, buur_free: bool = True) -> dict[str, Any]:
    """Replay the card plays by the rule text: who played what, trick winners, points."""
    step = 1 if clockwise else -1
    hands = [set(h) for h in dealt]
    leader = (dealer + step) % 4
    points = [0, 0]
    tricks = [0, 0]
    assert len(cards) == 36
    for t in range(9):
        trick = cards[4 * t:4 * t + 4]
        seat = leader
        seats = []
        for i, card in enumerate(trick):
            assert card in ref_legal(sorted(hands[seat]), mode, trick[:i], strict,
                                     buur_free), (card, t)
            hands[seat].remove(card)
            seats.append(seat)
            seat = (seat + step) % 4
        led = trick[0][1]
        win = max(range(4), key=lambda i: strength(trick[i], mode, led))
        leader = seats[win]
        pts = sum(value(c, mode) for c in trick) + (5 if t == 8 else 0)
        points[leader % 2] += pts
        tricks[leader % 2] += 1
    assert all(not h for h in hands)
    return {"card_points": points, "tricks_won": tricks}


def stoeck_team(dealt: list[list[str]], mode: str) -> int:
    """The team holding trump king and queen in one hand, or -1."""
    if mode not in SUITS:
        return -1
    for seat, hand in enumerate(dealt):
        if "K" + mode in hand and "Q" + mode in hand:
            return seat % 2
    return -1


def choose_trump(deal: Deal, rng: random.Random) -> None:
    """A random push or not, then a random choice among the offered modes."""
    if rng.random() < 0.3:
        deal.play("push")
    options = deal.legal_actions()
    deal.play(options[int(rng.random() * len(options))])


def check_result(rules: Rules[Any], deal: Deal, dealt: list[list[str]]) -> None:
    """The result against the reference replay of the deal's card plays."""
    opts = rules.options
    res = deal.result
    det = res.details
    texts = [str(a) for a in deal.history]
    choice_texts = [t for t in texts if len(t) > 2]
    cards = [t for t in texts if len(t) == 2]
    assert choice_texts[:-1] in ([], ["push"])
    mode = choice_texts[-1].removeprefix("trump ")
    assert det["trump"] == mode
    # Cards conserved: every dealt card played exactly once, each by the seat dealt it.
    assert sorted(cards) == sorted(JASS_DECK.codes)
    for seat, card in zip(deal.actors[len(choice_texts):], cards, strict=True):
        assert card in dealt[seat]
    ref = ref_play(dealt, mode, deal.dealer, cards, opts.direction == "clockwise",
                   opts.under_trump == "strict", opts.buur_free)
    assert det["card_points"] == ref["card_points"]
    assert sum(det["card_points"]) == 157
    assert det["tricks_won"] == ref["tricks_won"]
    match_team = [t for t in (0, 1) if ref["tricks_won"][t] == 9]
    assert det["match_bonus"] == [100 if opts.match_bonus and t in match_team else 0
                                  for t in (0, 1)]
    st_team = stoeck_team(dealt, mode) if opts.stoeck else -1
    assert det["stoeck"] == [20 if t == st_team else 0 for t in (0, 1)]
    weis = det["weis"]
    if not opts.weis:
        assert weis == [0, 0]
    elif opts.weis_tie == "first":
        assert min(weis) == 0
    assert all(w >= 0 and w % 10 == 0 for w in weis)
    mult = SWISS_GERMAN[mode] if opts.multipliers == "swiss-german" else 1
    assert det["multiplier"] == mult
    totals = [(det["card_points"][t] + det["match_bonus"][t] + weis[t] + det["stoeck"][t])
              * mult for t in (0, 1)]
    assert res.points == (totals[0], totals[1], totals[0], totals[1])
    if opts.weis and opts.stoeck and opts.match_bonus and mult == 1:
        assert sum(det["card_points"]) + sum(det["match_bonus"]) in (157, 257)


# --- 10,000 deals through the fast playout, each replayed through the public API -----------

@pytest.mark.parametrize("chunk", range(4))
def test_fast_playouts_agree_with_rules_and_public_api(chunk: int) -> None:
    for seed in range(chunk * 2500, chunk * 2500 + 2500):
        rules = RULESETS[seed % len(RULESETS)]
        rng = random.Random(seed)
        deal = rules.deal(seed=seed, dealer=seed // 4 % 4)
        dealt = [list(deal.view(s).hand) for s in range(4)]
        if seed % 5:
            choose_trump(deal, rng)  # most via the tight loop; one in five from the start
        result = deal.playout(rng)
        assert deal.is_over and deal.result == result
        check_result(rules, deal, dealt)
        # The same choices through the checked public API give the same deal and result.
        again = rules.deal(seed=seed, dealer=deal.dealer)
        for action in deal.history:
            again.play(str(action))
        assert again.result == result
        assert again.actors == deal.actors


def test_playout_is_deterministic_and_leaves_finished_deals_alone() -> None:
    rules = RULESETS[0]
    for seed in range(300):
        deal = rules.deal(seed=seed)
        choose_trump(deal, random.Random(seed))
        for _ in range(seed % 30):
            deal.play(deal.legal_actions()[0])
        a, b = deal.clone(), deal.clone()
        ra, rb = a.playout(random.Random(seed)), b.playout(random.Random(seed))
        assert ra == rb and a.history == b.history
        # A finished deal is finished: a further playout changes nothing.
        assert a.playout(random.Random(1)) == ra
        assert a.result == ra and a.history == b.history


# --- the public API step by step --------------------------------------------------------------

def check_views(deal: Deal) -> None:
    """No view names a card still hidden in another hand (in any form we can think of).

    Forbidden: every card still in another seat's hand, except cards of a Weis the rules
    have shown to everyone (the winning team's, after the first trick).
    """
    hands = [list(deal.view(s).hand) for s in range(4)]
    masks = [JASS_DECK.mask(h) for h in hands]
    for seat in range(4):
        view = deal.view(seat).to_dict()
        info = view["info"]
        shown: set[str] = set()
        for ws in info.get("weis_shown", {}).values():
            for w in ws:
                shown |= set(w["cards"])
        forbidden = {c for s in range(4) if s != seat for c in hands[s]} - shown
        text = json.dumps(view)
        leaked = set(CARD_TOKEN.findall(text)) & forbidden
        assert not leaked, (seat, leaked)
        for other in range(4):
            if other != seat and masks[other] > 4096:
                assert str(masks[other]) not in text
        # Shown Weis belong to the team that won the Weis (both with weis_tie "both").
        shown_teams = {int(s) % 2 for s in info.get("weis_shown", {})}
        assert all(info["weis_points"][t] > 0 for t in shown_teams)
        assert view["hand"] == hands[seat]
        assert (view["legal"] != []) == (deal.to_move == seat)


def random_public_deal(rules: Rules[Any], seed: int, *, full_checks: bool) -> Deal:
    """Play a deal by random legal choices through play(), checking every step."""
    rng = random.Random(seed)
    deal = rules.deal(seed=seed, dealer=seed % 4)
    dealt = [list(deal.view(s).hand) for s in range(4)]
    n_actions = rules.num_actions
    clone_at = rng.randrange(40)
    while not deal.is_over:
        seat = deal.to_move
        assert seat is not None
        legal = deal.legal_actions()
        assert legal, "no legal action before the end"
        assert deal.legal_mask() == sum(1 << a for a in legal)
        view = deal.view(seat)
        assert list(view.legal) == [str(a) for a in legal]
        info = view.info
        if info["trump"] is not None and len(deal.history) > 1 + (info["pushed"] is True):
            table = [c for _, c in view.table]
            assert {str(a) for a in legal} == ref_legal(
                list(view.hand), info["trump"], table, rules.options.under_trump == "strict",
                rules.options.buur_free)
        # Illegal actions are refused with a reason and change nothing.
        illegal = [a for a in range(n_actions) if a not in legal]
        tries = illegal if full_checks else [illegal[rng.randrange(len(illegal))]]
        before = deal.save()
        for a in tries:
            with pytest.raises(atout.IllegalAction) as exc:
                deal.play(a if rng.random() < 0.5 else str(rules.actions[a]))
            assert exc.value.reason.strip()
        assert deal.save() == before
        if full_checks:
            check_views(deal)
        if len(deal.history) == clone_at:
            views = [deal.view(s).to_dict() for s in range(4)]
            twin = deal.clone()
            twin.playout(random.Random(seed))  # playing the clone leaves the deal alone
            assert twin.is_over
            assert deal.save() == before
            assert [deal.view(s).to_dict() for s in range(4)] == views
            keep = deal.clone()
            keep_before = keep.save()
            keep_views = [keep.view(s).to_dict() for s in range(4)]
        deal.play(legal[int(rng.random() * len(legal))])
        if len(deal.history) == clone_at + 1:
            assert keep.save() == keep_before  # playing the deal leaves the clone alone
            assert [keep.view(s).to_dict() for s in range(4)] == keep_views
    if full_checks:
        check_views(deal)
    check_result(rules, deal, dealt)
    # Replay from save(): same deal, same result, same views.
    saved = json.loads(json.dumps(deal.save()))
    again = atout.load(saved)
    assert again.history == deal.history and again.result == deal.result
    assert [again.view(s).to_dict() for s in range(4)] == \
        [deal.view(s).to_dict() for s in range(4)]
    return deal


@pytest.mark.parametrize("chunk", range(2))
def test_public_api_random_deals(chunk: int) -> None:
    for seed in range(chunk * 450, chunk * 450 + 450):
        random_public_deal(RULESETS[seed % len(RULESETS)], 100_000 + seed,
                           full_checks=seed % 15 == 0)


def test_views_before_trump_and_after_push_hide_hands() -> None:
    for seed in range(200):
        deal = RULESETS[seed % 4].deal(seed=seed, dealer=seed % 4)
        check_views(deal)
        deal.play("push")
        check_views(deal)


def test_half_played_deals_save_and_load() -> None:
    for seed in range(200):
        rules = RULESETS[seed % 4]
        deal = rules.deal(seed=seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(1, 38)):
            acts = deal.legal_actions()
            deal.play(acts[rng.randrange(len(acts))])
        again = atout.load(json.loads(json.dumps(deal.save())))
        assert again.history == deal.history and again.to_move == deal.to_move
        assert [again.view(s).to_dict() for s in range(4)] == \
            [deal.view(s).to_dict() for s in range(4)]
        assert again.legal_actions() == deal.legal_actions()


# --- the legality function on random tables (hypothesis) ---------------------------------

@st.composite
def positions(draw: st.DrawFn) -> tuple[list[str], str, list[str]]:
    cards = draw(st.permutations(JASS_DECK.codes))
    n_table = draw(st.integers(0, 3))
    n_hand = draw(st.integers(1, 9))
    mode = draw(st.sampled_from(MODES))
    return list(cards[n_table:n_table + n_hand]), mode, list(cards[:n_table])


@settings(max_examples=400, deadline=None)
@given(positions(), st.booleans(), st.booleans())
def test_legal_cards_matches_the_rule_text(pos: tuple[list[str], str, list[str]], strict: bool,
                                           buur_free: bool) -> None:
    hand, mode, table = pos
    m = MODES.index(mode)
    rules = {"strict_under": strict, "buur_free": buur_free}
    if table:
        led = table[0][1]
        best = max(table, key=lambda c: strength(c, mode, led))
        got = legal_cards(JASS_DECK.mask(hand), m, SUITS.index(led), JASS_DECK.index[best],
                          **rules)
    else:
        got = legal_cards(JASS_DECK.mask(hand), m, -1, -1, **rules)
    assert set(JASS_DECK.codes_of(got)) == ref_legal(hand, mode, table, strict, buur_free)
