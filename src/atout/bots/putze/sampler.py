"""Putze's sampler of hidden cards for the bots: deals consistent with a seat's view.

The sampler deals the unseen cards to the other hands (respecting shown voids and sizes), to
the blind (its turned card on top), to a blind taker's set-aside hand and to the stock, places
the turned card and an exchanged six where the view says they are, builds the deal through
``rules.deal(hands=..., blind=..., stock=..., trump=...)`` and replays the history as the
final check. At the two-player table with the better cards (27.21) the other player's
discards are hidden actions: the sampler draws the cards he put away (cheap side cards far
more often than trumps), his hand, the packets not seen and the stock, builds the deal with
``rules.deal(hands=..., better=..., stock=...)`` and replays the history with its own
discards in place of the hidden ones. (:mod:`atout.bots.putze.worlds` draws the deals of the
card play in the kernel under the same constraints.)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from atout.bots.determinize import MAX_TRIES, Determinizer, NoConsistentDeal, assign_cards, replay
from atout.bots.jass.heuristic import FULL, read_view
from atout.cards import JASS_DECK, bit_list
from atout.core import Deal, View
from atout.games.jass.play import VALUE

SOFT_TRIES = 12
"""Tries spent on the announced Weis once a sample agreeing with the play exists."""


class PutzeDeterminizer(Determinizer):
    """Samples Putze deals consistent with a seat's view."""

    def sample(self, view: View, rng: random.Random) -> Deal:
        """A deal agreeing with the view (hands, blind, stock, turned card, six exchanged)."""
        rules = self.rules
        plan = rules.plan  # type: ignore[attr-defined]
        if plan.talon == "better-cards":
            return self._sample_better(view, rng)
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

    def _sample_better(self, view: View, rng: random.Random) -> Deal:
        """A two-player deal with the "cartes meilleures" (27.21) agreeing with the view.

        Unknown to the seat: the other player's hand, his better packet (in his hand if he
        took it, out of play if he looked), the three cards he discarded to take it (hidden
        actions, out of play), the seat's own packet until it takes or looks at it, and the
        stock under the turned card. The discards are drawn first, cheap side cards far
        more often than trumps or aces (:func:`discard_weight`), then the hand within the
        voids and Weis shown, then the packets and the stock; the deal is built through
        ``rules.deal(hands=..., better=..., stock=...)`` and the history replayed with the
        sampled discards in place of the hidden ones.
        """
        rules = self.rules
        plan = rules.plan  # type: ignore[attr-defined]
        info = view.info
        seen = read_view(rules, view)
        me = view.seat
        opp = 1 - me
        mode = "HDSC".index(str(info["trump"]))
        turned = JASS_DECK.parse(str(info["trump_card"]))
        six = mode * 9
        six_by = info.get("six_exchanged_by")
        holder = info.get("trump_card_holder")
        state = info.get("better")
        counts = info.get("discarded")
        looked_at = info.get("own_better_seen")
        if not isinstance(state, dict) or not isinstance(counts, dict) \
                or not isinstance(looked_at, list):
            raise NoConsistentDeal("the view does not describe the better cards")
        took = [state.get(str(s)) == "taken" for s in range(2)]
        my_packet = JASS_DECK.mask(str(c) for c in looked_at)
        # known cards: the seat's hand, its discards and looked-at packet, every card
        # played, the turned card, and the trump six once exchanged (then in the stock)
        played = seen.played_all
        known = seen.hand | played | seen.gone | my_packet | 1 << turned
        if six_by is not None:
            known |= 1 << six
        pool = plan.deck & ~known
        n_discards = 3 if took[opp] else int(counts.get(str(opp), 0))
        opp_has_turned = holder == opp and not played >> turned & 1
        size = plan.hand_size - (0 if took[opp] else n_discards) \
            - seen.played[opp].bit_count() - opp_has_turned
        allowed = FULL & ~seen.voids[opp]
        forced = seen.shown[opp] & pool  # Weis cards shown and not yet played
        # the trump six: kept by the other player, or his to exchange now, or in no hand
        # when the play began without a word about it
        if (opp, "keep six") in view.history or (view.phase == "six"
                                                 and view.to_move == opp):
            forced |= 1 << six & pool
        elif plan.six_exchange and view.phase == "play" and six_by is None and not any(
                t == "keep six" for _, t in view.history):
            allowed &= ~(1 << six)
        sizes = [size, 0 if took[opp] else 3, 0 if took[me] or my_packet else 3]
        rest = pool.bit_count() - n_discards - sum(sizes)
        if size < forced.bit_count() or rest < 0:
            raise NoConsistentDeal("the view holds more cards than the deck")
        sizes.append(rest)
        weights = [discard_weight(c, mode) for c in range(36)]

        def build() -> Deal | None:
            gone = draw_discards(pool & ~forced, n_discards, weights, allowed & ~forced,
                                  size - forced.bit_count(), rng)
            got = assign_cards(pool & ~gone, sizes, [allowed, FULL, FULL, FULL], rng,
                               [forced, 0, 0, 0])
            if got is None:
                return None
            hand_opp, packet_opp, packet_me, stock = got
            # each hand as it was when the better phase ended, before the six exchange
            after = [0, 0]
            after[me] = seen.hand | seen.played[me]
            after[opp] = hand_opp | seen.played[opp] | (1 << turned if opp_has_turned else 0)
            if six_by is not None:
                after[int(six_by)] = after[int(six_by)] & ~(1 << turned) | 1 << six
            packets = [0, 0]
            packets[me] = my_packet | packet_me
            packets[opp] = packet_opp
            dealt = [0, 0]
            for s, put_away in ((me, seen.gone), (opp, gone)):
                if took[s]:  # any three of the hand came from the packet
                    packets[s] = _some(after[s], 3, rng)
                dealt[s] = after[s] & ~(packets[s] if took[s] else 0) | put_away
            try:
                deal = rules.deal(hands=[JASS_DECK.codes_of(h) for h in dealt],
                                  dealer=view.dealer,
                                  better=[JASS_DECK.codes_of(b) for b in packets],
                                  stock=[JASS_DECK.codes[turned], *JASS_DECK.codes_of(stock)])
            except ValueError:
                return None
            hidden = iter(bit_list(gone))

            def fill(d: Deal, _index: int) -> int | None:
                return next(hidden, None) if d.to_move == opp else None

            return deal if replay(deal, view.history, fill, view.to_move) else None

        return first_agreeing(build, seen.announced, me)


def discard_weight(card: int, mode: int) -> float:
    """How likely a player is to put ``card`` away for his better cards, relatively.

    Cheap side cards most (a six to a nine), then the side honours by value, tens and aces
    seldom, trumps hardly ever: the choice the heuristic makes (:func:`discard`), softened,
    since the other player need not think alike.
    """
    if card // 9 == mode:
        return 0.02
    rank = card % 9
    return (1.2 - 0.05 * rank) / (1 + VALUE[mode][card])


def draw_discards(cards: int, k: int, weights: list[float], needed_from: int, need: int,
                   rng: random.Random) -> int:
    """``k`` of ``cards`` drawn by weight, leaving at least ``need`` of ``needed_from``."""
    out = 0
    left = cards
    spare = (needed_from & cards).bit_count() - need
    for _ in range(k):
        pick = left if spare > 0 else left & ~needed_from
        cands = bit_list(pick)
        if not cands:
            break
        c = rng.choices(cands, [weights[x] for x in cands])[0]
        out |= 1 << c
        left &= ~(1 << c)
        if needed_from >> c & 1:
            spare -= 1
    return out


def _some(mask: int, k: int, rng: random.Random) -> int:
    """``k`` cards of ``mask`` at random."""
    out = 0
    for c in rng.sample(bit_list(mask), k):
        out |= 1 << c
    return out


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


__all__ = ["SOFT_TRIES", "PutzeDeterminizer", "discard_weight", "draw_discards",
           "first_agreeing", "weis_agree"]
