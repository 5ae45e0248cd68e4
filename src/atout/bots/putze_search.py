"""Putze for the bots: the heuristic player, a sampler of hidden cards, a rollout.

The heuristic plays when its hand should make the 21 points that keep a pomme away (trump
strength counted as in Jass), takes the blind with a weak hand, always takes the turned card
with the six, discards its cheapest cards for the better cards, and plays the cards as the
Jass heuristic does, alone (no partner to feed).

The sampler deals the unseen cards to the other hands (respecting shown voids and sizes), to
the blind (its turned card on top), to a blind taker's set-aside hand and to the stock, places
the turned card and an exchanged six where the view says they are, builds the deal through
``rules.deal(hands=..., blind=..., stock=..., trump=...)`` and replays the history as the
final check. The two-player table's discards are hidden actions: there the search falls back
on the heuristic.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from atout.bots import Bot
from atout.bots.determinize import MAX_TRIES, Determinizer, NoConsistentDeal, assign_cards, replay
from atout.bots.jass_heuristic import FULL, _trump_tricks, choose_card, read_view
from atout.bots.jass_search import SOFT_TRIES
from atout.bots.kits import GameKit
from atout.cards import JASS_DECK
from atout.core import Action, Deal, Result, Rules, View
from atout.games.jass_play import POWER, VALUE

PLAY_FROM = {2: 1.6, 3: 1.5, 4: 1.6, 5: 1.2}
"""Estimated tricks from which the heuristic plays, by number of players."""


def _word(rules: Rules[Any], text: str) -> int:
    return int(rules.actions.parse(text))


def speak(rules: Rules[Any], hand: int, mode: int, legal: int) -> int:
    """Play, pass, take the blind or keep one's game, by the hand's strength in trump."""
    players = rules.seats
    est = _trump_tricks(hand, mode)
    words = {w: _word(rules, w) for w in ("play", "pass", "take blind", "my game")}
    strong = est >= PLAY_FROM.get(players, 1.5)
    if legal >> words["my game"] & 1:
        if strong:
            return words["my game"]
        if legal >> words["take blind"] & 1:
            return words["take blind"]
        if legal >> words["pass"] & 1 and est < 0.8:
            return words["pass"]
        return words["my game"]
    if strong or not legal >> words["pass"] & 1:
        return words["play"]
    return words["pass"]


def discard(hand: int, mode: int) -> int:
    """The cheapest card to put away for the better cards: no trump, low value, low rank."""
    v = VALUE[mode]
    p = POWER[mode]
    cards = [c for c in range(36) if hand >> c & 1]
    plain = [c for c in cards if c // 9 != mode] or cards
    return min(plain, key=lambda c: (v[c], p[c]))


def pre_play(rules: Rules[Any], phase: str, hand: int, mode: int, legal: int) -> int:
    """The heuristic's action before the card play, from the hand alone."""
    if phase == "six":
        return _word(rules, "exchange six")
    if phase == "better":
        return discard(hand & legal, mode)
    return speak(rules, hand, mode, legal)


class PutzeHeuristic(Bot):
    """Plays Putze by rules of thumb (see docs/bots.md)."""

    name = "heuristic"

    def choose(self, view: View) -> Action:
        """The heuristic's action for the seat of ``view``."""
        actions = self.rules.actions
        legal = self.legal_mask(view)
        mode = "HDSC".index(str(view.info["trump"]))
        hand = JASS_DECK.mask(view.hand)
        if view.phase != "play":
            return actions[pre_play(self.rules, view.phase, hand, mode, legal)]
        seen = read_view(self.rules, view)
        seen.partner = -1
        seen.pull_trumps = True
        return actions[choose_card(seen, legal)]


class PutzeDeterminizer(Determinizer):
    """Samples Putze deals consistent with a seat's view."""

    def sample(self, view: View, rng: random.Random) -> Deal:
        """A deal agreeing with the view (hands, blind, stock, turned card, six exchanged)."""
        rules = self.rules
        plan = rules.plan  # type: ignore[attr-defined]
        if plan.talon == "better-cards":
            raise NoConsistentDeal("the two-player discards are hidden: no sampler yet")
        info = view.info
        seen = read_view(rules, view)
        me = view.seat
        n = view.seats
        mode = "HDSC".index(str(info["trump"]))
        turned = JASS_DECK.parse(str(info["trump_card"]))
        six = mode * 9
        nxt = rules.next_seat  # type: ignore[attr-defined]
        around = [nxt[view.dealer]]
        while len(around) < n:
            around.append(nxt[around[-1]])
        dealt = [s for s in around if not (plan.dealer_sits_out and s == view.dealer)]
        taker = info.get("blind_taker")
        six_by = info.get("six_exchanged_by")
        holder = info.get("trump_card_holder")
        size = plan.hand_size
        # known cards and where they are now
        known = seen.hand | seen.played_all | seen.gone | 1 << turned
        if six_by is not None:
            known |= 1 << six
        pool = plan.deck & ~known
        names: list[tuple[str, int]] = []  # (container, seat)
        sizes: list[int] = []
        allowed: list[int] = []
        forced: list[int] = []
        for s in dealt:
            if s == me:
                continue
            cur = size - seen.played[s].bit_count()
            if holder == s and not seen.played_all >> turned & 1:
                cur -= 1  # the turned card is in this hand
            names.append(("hand", s))
            sizes.append(cur)
            allowed.append(FULL & ~seen.voids[s])
            forced.append(seen.shown[s] & pool)  # Weis cards shown and not yet played
        if taker is not None:
            names.append(("aside", int(taker)))
            sizes.append(size)
            allowed.append(FULL)
            forced.append(0)
        blind_unknown = 0
        if plan.talon == "blind" and taker is None:
            blind_unknown = 8
            names.append(("blind", -1))
            sizes.append(blind_unknown)
            allowed.append(FULL)
            forced.append(0)
        rest = pool.bit_count() - sum(sizes)
        if rest < 0:
            raise NoConsistentDeal("the view holds more cards than the deck")
        names.append(("stock", -1))
        sizes.append(rest)
        allowed.append(FULL)
        forced.append(0)

        def build() -> Deal | None:
            got = assign_cards(pool, sizes, allowed, rng, forced)
            if got is None:
                return None
            cur = [0] * n
            aside = 0
            blind = 0
            stock = 0
            for (kind, s), m in zip(names, got, strict=True):
                if kind == "hand":
                    cur[s] = m
                elif kind == "aside":
                    aside = m
                elif kind == "blind":
                    blind = m
                else:
                    stock = m
            cur[me] = seen.hand
            if holder is not None and holder != me and not seen.played_all >> turned & 1:
                cur[int(holder)] |= 1 << turned
            hands = [0] * n
            for s in dealt:
                hands[s] = cur[s] | seen.played[s] | (seen.gone if s == me else 0)
            if six_by is not None:
                hands[int(six_by)] = hands[int(six_by)] & ~(1 << turned) | 1 << six
            piles: dict[str, Any] = {}
            if plan.talon == "blind":
                if taker is not None:
                    t = int(taker)
                    blind = hands[t] & ~(1 << turned)
                    hands[t] = aside
                piles["blind"] = [JASS_DECK.codes[turned], *JASS_DECK.codes_of(blind)]
                piles["stock"] = JASS_DECK.codes_of(stock)
            elif plan.talon == "spare-card":
                piles["stock"] = [JASS_DECK.codes[turned]]
            else:
                piles["trump"] = JASS_DECK.codes[turned]
            try:
                deal = rules.deal(hands=[JASS_DECK.codes_of(h) for h in hands],
                                  dealer=view.dealer, **piles)
            except ValueError:
                return None
            return deal if replay(deal, view.history, to_move=view.to_move) else None

        return first_agreeing(build, seen.announced, me)


def first_agreeing(build: Callable[[], Deal | None], announced: dict[int, int],
                   me: int) -> Deal:
    """The first sample of ``build`` whose Weis match the announcements.

    ``build`` returns a deal on which the history replayed, or None for a rejected sample.
    After :data:`MAX_TRIES` samples, or a few more than the first one that replayed, the first
    one that replayed is taken; :class:`NoConsistentDeal` when none did.
    """
    fallback: Deal | None = None
    tries = 0
    for _ in range(MAX_TRIES):
        deal = build()
        if deal is None:
            continue
        if weis_agree(deal, announced, me):
            return deal
        if fallback is None:
            fallback = deal
        tries += 1
        if tries > SOFT_TRIES:
            break
    if fallback is not None:
        return fallback
    raise NoConsistentDeal(f"no Putze deal agrees with the view of seat {me} after "
                           f"{MAX_TRIES} tries")


def weis_agree(deal: Deal, announced: dict[int, int], me: int) -> bool:
    """Whether the sample's Weis match what the other players announced (soft check)."""
    if not getattr(deal, "played", False):
        return True
    declared = deal.declared  # type: ignore[attr-defined]
    first = deal.played_first  # type: ignore[attr-defined]
    for s in range(deal.seats):
        if s != me and first >> s & 1 and sum(w.value for w in declared.get(s, [])) != \
                announced.get(s, 0):
            return False
    return True


def putze_rollout(deal: Deal, rng: random.Random) -> Result:
    """The heuristic's choices before the play, then random card play to the end."""
    rules = deal.rules
    while deal.to_move is not None and getattr(deal, "phase", "play") != "play":
        seat = deal.to_move
        hand = deal.hands[seat]  # type: ignore[attr-defined]
        mode = deal.mode  # type: ignore[attr-defined]
        deal.fast_play(pre_play(rules, deal.phase, hand, mode,  # type: ignore[attr-defined]
                                deal.legal_mask()))
    return deal.playout(rng)


def _heuristic(rules: Rules[Any], seat: int, seed: int = 0, **kw: Any) -> PutzeHeuristic:
    if kw:
        raise ValueError(f"the Putze heuristic takes no parameters, not {', '.join(kw)}")
    return PutzeHeuristic(rules, seat, seed)


KIT = GameKit(heuristic=_heuristic, determinizer=PutzeDeterminizer, rollout=putze_rollout,
              playouts=1000, key_phases=frozenset({"speak"}), key_factor=2)
"""The Putze kit."""

__all__ = ["KIT", "PutzeDeterminizer", "PutzeHeuristic", "putze_rollout"]

