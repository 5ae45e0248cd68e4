"""Auction Pitch for the bots: the heuristic player, a sampler of hidden cards, a rollout.

The heuristic bids the points its best suit should make as trump (High with the ace, Low with
a two or three, Jack with the jack guarded, Game with tens and court cards), pitches the top of
that suit, draws trumps when it holds the best one left, takes tricks that hold the jack or
game points as cheaply as it can, and otherwise throws its least useful card.

The sampler deals the unseen cards to the other hands (respecting voids shown and hand
sizes) and to the undealt rest, builds the deal through ``rules.deal(hands=..., rest=...)``
and replays the history as the final check.
"""

from __future__ import annotations

import random
from typing import Any, cast

from atout.bots import Bot
from atout.bots.determinize import MAX_TRIES, Determinizer, NoConsistentDeal, assign_cards, replay
from atout.bots.kits import GameKit
from atout.cards import FULL_DECK, bit_list
from atout.core import Action, Deal, Result, Rules, View
from atout.games.pitch import PitchDeal

NCARDS = 52
FULL = (1 << NCARDS) - 1
PASS = 52
BID0 = 52
SUIT_MASK = FULL_DECK.suit_masks
GAME_VALUE = (0, 0, 0, 0, 0, 0, 0, 0, 10, 1, 2, 3, 4)  # 2..9 nothing, T 10, J 1, Q 2, K 3, A 4
TWO, THREE, TEN, JACK, ACE = 0, 1, 8, 9, 12


def suit_points(hand: int, s: int) -> float:
    """The points a hand should make with suit ``s`` as trump (High, Low, Jack, Game)."""
    t = (hand >> (s * 13)) & 0x1FFF
    n = t.bit_count()
    pts = 0.0
    if t >> ACE & 1:
        pts += 1.0
    elif t >> (ACE - 1) & 1:
        pts += 0.45
    if t & 0b11:
        pts += 0.8 if t & 1 else 0.55
    if t >> JACK & 1:
        pts += 0.75 if n >= 3 or t >> ACE & 1 else 0.45
    game = sum(GAME_VALUE[r] for r in range(13) if hand >> (s * 13 + r) & 1)
    pts += min(0.8, 0.25 + 0.04 * game + 0.08 * n)
    return pts


def best_suit(hand: int) -> tuple[int, float]:
    """The suit the hand would choose as trump, and its expected points."""
    return max(((s, suit_points(hand, s)) for s in range(4)), key=lambda x: x[1])


def choose_bid(hand: int, legal: int) -> int:
    """Pass, bid or pitch by the expected points of the best suit."""
    s, pts = best_suit(hand)
    want = int(pts + 0.15)
    if want >= 4 and legal & FULL:
        t = hand & SUIT_MASK[s] & legal
        if t:
            return t.bit_length() - 1  # pitch the top of the suit
    if legal >> PASS & 1 and (want < 1 or not any(legal >> (BID0 + k) & 1
                                                  for k in range(1, min(4, want) + 1))):
        return PASS
    bids = [k for k in range(1, 5) if legal >> (BID0 + k) & 1]
    if not legal >> PASS & 1:
        return BID0 + min(bids)  # the forced dealer bids as low as allowed
    fitting = [k for k in bids if k <= want]
    return BID0 + max(fitting) if fitting else PASS


def _rank(c: int) -> int:
    return c % 13


def choose_card(hand: int, legal: int, trump: int, trick: list[tuple[int, int]],
                friends: set[int], unseen: int) -> int:
    """The heuristic's card in the play (``trump`` -1 before the first lead)."""
    cards = bit_list(legal & FULL)
    if len(cards) == 1:
        return cards[0]
    if trump < 0:
        s, _ = best_suit(hand)
        mine = [c for c in cards if c // 13 == s] or cards
        return max(mine, key=_rank)  # the pitch: the top of the chosen suit sets trump
    trumps = [c for c in cards if c // 13 == trump]
    plain = [c for c in cards if c // 13 != trump]
    if not trick:
        high_out = max((c for c in bit_list(unseen & SUIT_MASK[trump])), default=-1)
        if trumps and max(trumps) > high_out:
            return max(trumps)  # draw trumps with the best one left
        if plain:
            return min(plain, key=lambda c: (GAME_VALUE[_rank(c)], _rank(c)))
        return min(trumps, key=_rank)
    led = trick[0][1] // 13

    def power(c: int) -> int:
        return 100 + _rank(c) if c // 13 == trump else (_rank(c) if c // 13 == led else -1)
    best_seat, best = max(trick, key=lambda x: power(x[1]))
    worth = sum(GAME_VALUE[_rank(c)] for _, c in trick) + sum(
        5 for _, c in trick if c // 13 == trump and _rank(c) in (TWO, THREE, JACK))
    if best_seat in friends:
        low = [c for c in cards if not (c // 13 == trump and _rank(c) > JACK)]
        return max(low or cards, key=lambda c: GAME_VALUE[_rank(c)])
    winners = [c for c in cards if power(c) > power(best)]
    if winners and (worth > 0 or any(c // 13 != trump for c in winners)):
        return min(winners, key=power)
    keep = [c for c in cards if not (c // 13 == trump and _rank(c) in (TWO, THREE, JACK, ACE))]
    return min(keep or cards, key=lambda c: (GAME_VALUE[_rank(c)], c // 13 == trump, _rank(c)))


def _friends(view: View) -> set[int]:
    teams = view.info.get("teams")
    if isinstance(teams, list):
        for team in teams:
            if view.seat in team:
                return {int(s) for s in team if s != view.seat}
    return set()


class PitchHeuristic(Bot):
    """Plays Auction Pitch by rules of thumb (see docs/bots.md)."""

    name = "heuristic"

    def choose(self, view: View) -> Action:
        """The heuristic's action for the seat of ``view``."""
        actions = self.rules.actions
        legal = self.legal_mask(view)
        hand = FULL_DECK.mask(view.hand)
        if legal >> PASS:
            return actions[choose_bid(hand, legal)]
        trump_name = view.info.get("trump")
        trump = "HDSC".index(trump_name) if isinstance(trump_name, str) else -1
        played = 0
        for _, text in view.history:
            if text is not None:
                a = int(actions.parse(text))
                if a < NCARDS:
                    played |= 1 << a
        trick = [(s, FULL_DECK.parse(c)) for s, c in view.table]
        unseen = FULL & ~hand & ~played
        return actions[choose_card(hand, legal, trump, trick, _friends(view), unseen)]


class PitchDeterminizer(Determinizer):
    """Samples Pitch deals consistent with a seat's view."""

    def sample(self, view: View, rng: random.Random) -> Deal:
        """A deal agreeing with the view: hands, the undealt rest, voids shown."""
        rules = self.rules
        me = view.seat
        n = view.seats
        hand = FULL_DECK.mask(view.hand)
        played = [0] * n
        voids = [0] * n
        trump = -1
        trick: list[tuple[int, int]] = []
        for actor, text in view.history:
            if text is None:
                continue
            a = int(rules.actions.parse(text))
            if a >= NCARDS:
                continue
            played[actor] |= 1 << a
            if trump < 0:
                trump = a // 13
            if trick:
                led = trick[0][1] // 13
                suit = a // 13
                if suit != led and (suit != trump or led == trump):
                    voids[actor] |= SUIT_MASK[led]
            trick.append((actor, a))
            if len(trick) == n:
                trick = []
        played_all = 0
        for m in played:
            played_all |= m
        pool = FULL & ~hand & ~played_all
        others = [s for s in range(n) if s != me]
        sizes = [6 - played[s].bit_count() for s in others]
        allowed = [FULL & ~voids[s] for s in others]
        rest = pool.bit_count() - sum(sizes)
        sizes.append(rest)
        allowed.append(FULL)
        for _ in range(MAX_TRIES):
            got = assign_cards(pool, sizes, allowed, rng)
            if got is None:
                continue
            hands = [0] * n
            hands[me] = hand | played[me]
            for s, m in zip(others, got[:-1], strict=True):
                hands[s] = m | played[s]
            deal = rules.deal(hands=[FULL_DECK.codes_of(h) for h in hands], dealer=view.dealer,
                              rest=FULL_DECK.codes_of(got[-1]))
            if replay(deal, view.history, to_move=view.to_move):
                return deal
        raise NoConsistentDeal(f"no Pitch deal agrees with the view of seat {me} after "
                               f"{MAX_TRIES} tries")


def pitch_rollout(deal: Deal, rng: random.Random) -> Result:
    """The heuristic's bids, the pitch of its best suit, then random cards to the end."""
    while deal.to_move is not None and deal.phase == "auction":  # type: ignore[attr-defined]
        seat = deal.to_move
        hand = deal.hands[seat]  # type: ignore[attr-defined]
        legal = deal.legal_mask()
        if legal >> PASS:
            deal.step(choose_bid(hand, legal))
        else:
            break
    if deal.to_move is not None and deal.trump < 0:  # type: ignore[attr-defined]
        seat = deal.to_move
        hand = deal.hands[seat]  # type: ignore[attr-defined]
        deal.step(choose_card(hand, deal.legal_mask(), -1, [], set(), 0))
    return deal.playout(rng)


def model_rollout(deal: Deal, rng: random.Random, side: int = 0) -> Result:
    """Every seat plays by the heuristic's rules to the end, from its own hand and what it
    has seen (the cards played): the bids, the pitch and the card play. ``side`` is
    unused (the search's kit interface names the side to model; in Pitch every seat is)."""
    d = cast(PitchDeal, deal)
    n = d.n
    sides = d.sides
    friends = [{f for f in range(n) if f != s and f % sides == s % sides} for s in range(n)]
    while d.phase == "auction":
        seat = d.turn
        d.step(choose_bid(d.hands[seat], d.legal_mask()))
    while d.phase != "over":
        seat = d.turn
        hand = d.hands[seat]
        held = 0
        for h in d.hands:
            held |= h
        unseen = FULL & ~hand & ~(d.in_play & ~held)
        lead = d.leader
        trick = [((lead + i) % n, c) for i, c in enumerate(d.trick)]
        d.step(choose_card(hand, d.legal_mask(), d.trump, trick, friends[seat], unseen))
    return d.result


def _played(rules: Rules[Any], view: View) -> int:
    """The cards played so far (the view's history; a tangage is a card played)."""
    played = 0
    for _, text in view.history:
        if text is not None:
            a = int(rules.actions.parse(text))
            if a < NCARDS:
                played |= 1 << a
    return played


def candidates(rules: Rules[Any], view: View, legal: list[Action]) -> list[Action]:
    """The actions worth the search's time: in the auction the pass, the bids and the
    tangage with the top card of each suit (the card that sets the same trump and wins the
    lead); in the play one card of each run of equivalent cards: two cards of a suit from
    the two to the nine (no value toward Game) with no card between them that another
    player may hold are the same card to every other one (not in trumps when Low goes to
    the player who wins it, where the lowest trump in play is worth a point)."""
    if view.phase == "auction":
        top: dict[int, Action] = {}
        out = []
        for a in legal:
            c = int(a)
            if c >= NCARDS:
                out.append(a)
            elif c // 13 not in top or c > int(top[c // 13]):
                top[c // 13] = a
        return out + sorted(top.values(), key=int)
    hand = FULL_DECK.mask(view.hand)
    dead = hand | _played(rules, view)  # cards nobody else can hold
    trump_name = view.info.get("trump")
    trump = "HDSC".index(trump_name) if isinstance(trump_name, str) else -1
    keep_trumps = rules.options.low == "won"
    out = []
    prev = -1  # the last card of the current run of equivalent cards
    for a in sorted(legal, key=int):
        c = int(a)
        if c >= NCARDS:
            out.append(a)
            prev = -1
            continue
        if (prev >= 0 and prev // 13 == c // 13 and c % 13 < TEN and prev % 13 < TEN
                and not (keep_trumps and (trump < 0 or c // 13 == trump))
                and all(dead >> x & 1 for x in range(prev + 1, c))):
            prev = c  # the same card as the run's first, which is kept
            continue
        out.append(a)
        prev = c
    return out


def _heuristic(rules: Rules[Any], seat: int, seed: int = 0, **kw: Any) -> PitchHeuristic:
    if kw:
        raise ValueError(f"the Pitch heuristic takes no parameters, not {', '.join(kw)}")
    return PitchHeuristic(rules, seat, seed)


KIT = GameKit(heuristic=_heuristic, determinizer=PitchDeterminizer, rollout=pitch_rollout,
              playouts=700, key_phases=frozenset({"auction"}), key_factor=2,
              model_rollout=model_rollout, model=1, reuse=1, candidates=candidates)
"""The Pitch kit."""

__all__ = ["KIT", "PitchDeterminizer", "PitchHeuristic", "candidates", "model_rollout",
           "pitch_rollout"]
