"""Property tests of French Tarot over thousands of random deals per player count.

Each deal is played to the end by uniformly random legal actions. Along the way the engine's
legal plays are compared with a reference written from the rule text, the écart is checked,
and at the end the points are counted again.
"""

from __future__ import annotations

import json
import random
import re

import pytest

import atout
from atout.cards import TAROT_DECK
from atout.games.tarot import TarotDeal

DEALS_PER_COUNT = 5000
CHUNKS = 5
CODES = set(TAROT_DECK.codes)
CODE_RE = re.compile(r"(?<![A-Za-z0-9])(T[12]?[0-9]|EX|[1-9TJNQK][HDSC])(?![A-Za-z0-9])")
KINGS = {"KH", "KD", "KS", "KC"}
BOUTS = {"T1", "T21", "EX"}
VALUES = {"K": 4.5, "Q": 3.5, "N": 2.5, "J": 1.5}


def is_trump(c: str) -> bool:
    return c[0] == "T" and c[1:].isdigit()


def value(c: str) -> float:
    if c in BOUTS:
        return 4.5
    if is_trump(c):
        return 0.5
    return VALUES.get(c[0], 0.5)


# The reference works on masks built here from the card codes alone (not the engine's tables).
BIT = {c: 1 << i for i, c in enumerate(TAROT_DECK.codes)}
TRUMP_MASK = sum(BIT[c] for c in CODES if is_trump(c))
EX_BIT = BIT["EX"]
SUIT_MASK = {x: sum(BIT[c] for c in CODES if not is_trump(c) and c != "EX" and c[1] == x)
             for x in "HDSC"}
SUIT_OF = {BIT[c]: ("T" if is_trump(c) else c[1]) for c in CODES if c != "EX"}
TRUMP_RANK = {BIT[c]: int(c[1:]) for c in CODES if is_trump(c)}
KING_MASK = sum(BIT[k] for k in KINGS)
BOUT_MASK = sum(BIT[b] for b in BOUTS)
PLAIN_MASK = sum(SUIT_MASK.values()) & ~KING_MASK


def reference_plays(hand: int, trick: list[int], barred_suit: str = "", called: int = 0) -> int:
    """The legal plays from the rule text: follow, else trump (over if able), else any;
    the excuse at any time. Masks in, mask out. ``barred_suit``: on the first trick at 5
    players, the called card's suit, which may open the trick only with the called card
    (``called``, a bit) unless the hand holds nothing else."""
    played = [1 << c for c in trick if 1 << c != EX_BIT]
    if not played:
        if barred_suit in SUIT_MASK:
            barred = hand & SUIT_MASK[barred_suit] & ~called
            if hand & ~barred:
                return hand & ~barred
        return hand
    ex = hand & EX_BIT
    trumps = hand & TRUMP_MASK
    led = SUIT_OF[played[0]]
    if led != "T" and hand & SUIT_MASK[led]:
        return (hand & SUIT_MASK[led]) | ex
    if not trumps:
        return hand
    top = max((TRUMP_RANK[b] for b in played if b & TRUMP_MASK), default=0)
    over = 0
    for b, r in TRUMP_RANK.items():
        if r > top and trumps & b:
            over |= b
    return (over or trumps) | ex


def reference_discards(hand: int, left: int) -> int:
    plain = hand & PLAIN_MASK
    if plain.bit_count() >= left:
        return plain
    return plain | (hand & TRUMP_MASK & ~BOUT_MASK)


def public_cards(deal: TarotDeal, seat: int) -> set[str]:
    """Every card ``seat`` may see named: its hand, the cards played, the chien once shown,
    trumps shown from the écart, poignées, the called card, a declared petit sec, and for
    the taker his écart."""
    out = set(TAROT_DECK.codes_of(deal.hands[seat]))
    for _, cards, _ in deal.tricks:
        out |= {TAROT_DECK.codes[c] for c in cards}
    out |= {TAROT_DECK.codes[c] for c in deal.trick}
    if deal.chien_shown:
        out |= set(TAROT_DECK.codes_of(deal.chien))
    out |= {c for c in TAROT_DECK.codes_of(deal.ecart) if is_trump(c)}
    for _, _, shown in deal.poignees:
        out |= set(TAROT_DECK.codes_of(shown))
    if deal.called >= 0:
        out.add(TAROT_DECK.codes[deal.called])
    if deal.annulled == "petit sec":
        out.add("T1")
    if seat == deal.taker:
        out |= set(TAROT_DECK.codes_of(deal.ecart))
    return out


def check_no_leak(deal: TarotDeal) -> None:
    for seat in range(deal.seats):
        view = deal.view(seat).to_dict()
        # "call KH"... are the words of the call, offered to the taker, not cards he holds
        view["legal"] = [a for a in view["legal"] if not a.startswith("call ")]
        text = json.dumps(view)
        named = set(CODE_RE.findall(text))
        leaked = named - public_cards(deal, seat)
        assert not leaked, (seat, leaked)
        partner = deal.view(seat).info["partner"]
        if deal.called >= 0 and not deal.partner_known and not deal.is_over \
                and seat != deal.partner and not (
                    seat == deal.taker and deal.hands[seat] >> deal.called & 1):
            assert partner is None


def play_random(deal: TarotDeal, rng: random.Random, *, leak_every: int = 0) -> int:
    """Play to the end, checking every decision against the reference; returns steps."""
    steps = 0
    ecart_start_plain = -1
    cards = (1 << 78) - 1
    sizes = {3: (13, 15, 18), 4: (10, 13, 15), 5: (8, 10, 13)}[deal.seats]
    while not deal.is_over:
        seat = deal.to_move
        assert seat is not None
        legal = deal.legal_mask()
        assert legal, "no legal action before the end"
        hand = deal.hands[seat]
        if legal & cards:
            barred = ""
            if deal.called >= 0 and deal.trick_no == 0:
                barred = SUIT_OF.get(1 << deal.called, "")
            assert legal == reference_plays(hand, deal.trick, barred, 1 << max(deal.called, 0)), \
                (hand, deal.trick, legal)
        elif legal >> 78 & cards:
            if ecart_start_plain < 0:
                ecart_start_plain = (hand & PLAIN_MASK).bit_count()
            assert legal >> 78 == reference_discards(hand, deal.ecart_left)
        elif legal >> 177 & 1:  # "no poignee": the poignées this hand can show
            trumps = (hand & (TRUMP_MASK | EX_BIT)).bit_count()
            assert legal.bit_count() - 1 == sum(1 for s in sizes if trumps >= s)
        k = int(rng.random() * legal.bit_count())
        for _ in range(k):
            legal &= legal - 1
        deal.play((legal & -legal).bit_length() - 1)
        steps += 1
        if leak_every and steps % leak_every == 0:
            check_no_leak(deal)
        elif leak_every == 0 and deal.trick_no == deal.hand_size // 2 and not deal.trick:
            check_no_leak(deal)  # once in the middle of every deal
    if deal.taker >= 0 and deal.contract <= 1:
        ecart = TAROT_DECK.codes_of(deal.ecart)
        assert not set(ecart) & (KINGS | BOUTS)
        trumps = sum(1 for c in ecart if is_trump(c))
        assert trumps == max(0, deal.chien_size - ecart_start_plain)
    return steps


def check_result(deal: TarotDeal) -> None:
    res = deal.result
    assert abs(sum(res.points)) < 1e-9
    d = res.details
    if d["annulled"]:
        assert res.points == (0,) * deal.seats
        return
    assert d["taker_points"] + d["defence_points"] == 91
    # recount the cards by side from the rule text
    n = deal.seats
    camp = {deal.taker} | ({deal.partner} if deal.partner >= 0 else set())
    att: list[str] = []
    for s in range(n):
        if s in camp:
            att += TAROT_DECK.codes_of(deal.won[s])
    if d["contract"] in ("prise", "garde"):
        att += TAROT_DECK.codes_of(deal.ecart)
    elif d["contract"] == "garde sans":
        att += TAROT_DECK.codes_of(deal.chien)
    total = sum(value(c) for c in att)
    if d["excuse_exchange_owed"]:
        total += -0.5 if deal.ex_owner in camp else 0.5
    assert total == d["taker_points"]
    bouts = len(BOUTS & set(att))
    assert bouts == d["bouts"]
    assert d["made"] == (total >= (56, 51, 41, 36)[bouts])
    # every card ends somewhere exactly once
    everything = sum(deal.won) | deal.ecart | (deal.chien if d["contract"] in (
        "garde sans", "garde contre") else 0)
    assert everything == (1 << 78) - 1
    assert sum(m.bit_count() for m in deal.won) + deal.ecart.bit_count() + (
        deal.chien_size if d["contract"] in ("garde sans", "garde contre") else 0) == 78


@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize("players", [3, 4, 5])
def test_random_deals(players: int, chunk: int) -> None:
    rules = atout.make("tarot", players=players)
    per = DEALS_PER_COUNT // CHUNKS
    played = 0
    for seed in range(chunk * per, (chunk + 1) * per):
        deal = rules.deal(seed=seed, dealer=seed % players)
        assert isinstance(deal, TarotDeal)
        hands = [h.bit_count() for h in deal.hands]
        assert hands == [deal.hand_size] * players
        assert sum(deal.hands) | deal.chien == (1 << 78) - 1
        play_random(deal, random.Random(seed))
        check_result(deal)
        check_no_leak(deal)
        played += not deal.result.details["annulled"]
    assert played > per // 2


@pytest.mark.parametrize("players", [3, 4, 5])
def test_views_never_leak(players: int) -> None:
    """Adversarial: after every action of 30 deals, every card code named anywhere in each
    seat's view JSON must be one that seat may know."""
    rules = atout.make("tarot", players=players)
    for seed in range(30):
        deal = rules.deal(seed=10_000 + seed)
        assert isinstance(deal, TarotDeal)
        check_no_leak(deal)
        play_random(deal, random.Random(seed), leak_every=1)


def test_views_hide_the_ecart_when_the_option_says_so() -> None:
    rules = atout.make("tarot", taker_sees_ecart=False)
    for seed in range(40):
        deal = rules.deal(seed=seed)
        assert isinstance(deal, TarotDeal)
        rng = random.Random(seed)
        while not deal.is_over:
            legal = deal.legal_actions()
            deal.play(legal[int(rng.random() * len(legal))])
            if deal.taker >= 0 and deal.ecart and deal.ecart_left == 0:
                v = json.dumps(deal.view(deal.taker).to_dict())
                hidden = {c for c in TAROT_DECK.codes_of(deal.ecart) if not is_trump(c)}
                hidden -= public_cards(deal, deal.taker) - set(TAROT_DECK.codes_of(deal.ecart))
                hidden -= set(TAROT_DECK.codes_of(deal.chien)) if deal.chien_shown else set()
                assert not hidden & set(CODE_RE.findall(v))
