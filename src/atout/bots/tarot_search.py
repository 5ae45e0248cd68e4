"""French Tarot for the bots: the heuristic player, a sampler of hidden cards, a rollout.

The heuristic bids by hand points (bouts, trumps, kings and honours, long suits and voids),
calls the king of its longest suit without a king, builds its écart to make voids with low
cards, keeps the petit out of reach of higher trumps and plays the excuse to save a card of
value, never keeping it to the last trick.

The sampler deals the unseen cards to the other hands (respecting shown voids, hand sizes and
poignées shown), to the écart the taker made in secret and to the chien when it was never
shown; it builds the deal through ``rules.deal(hands=..., chien=...)`` and replays the history,
filling the taker's hidden discards from the sampled écart, as the final check.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from atout.bots.base import Bot
from atout.bots.determinize import MAX_TRIES, Determinizer, NoConsistentDeal, assign_cards, replay
from atout.bots.kits import GameKit
from atout.bots.tarot_cards import choose_card, distinct_cards, team_of
from atout.bots.tarot_choices import FULL, choose_bid, hand_points, pre_play
from atout.bots.tarot_rollout import greedy_rollout, model_rollout
from atout.bots.tarot_solve import tarot_solver
from atout.cards import TAROT_DECK, bit_list
from atout.core import Action, Deal, Result, Rules, View
from atout.games.tarot.tables import (
    A_DISCARD,
    A_PASS,
    A_PLAY,
    BIT_EX,
    CARD_SUIT,
    EX,
    NCARDS,
    SUIT_MASKS,
    T1,
    TRUMPS,
)


class TarotHeuristic(Bot):
    """Plays French Tarot by rules of thumb (see docs/bots.md); ``bid``: ``"value"`` (the
    default) bids by the fitted model of :mod:`atout.bots.tarot_bids`, ``"count"`` by the hand
    count's thresholds; ``call``: ``"rule"`` (the default) calls the king of the longest suit
    without it, ``"value"`` the king the model of :mod:`atout.bots.tarot_call` rates best."""

    name = "heuristic"

    def __init__(self, rules: Rules[Any], seat: int, seed: int = 0, bid: str = "value",
                 call: str = "rule") -> None:
        super().__init__(rules, seat, seed)
        if bid not in ("value", "count"):
            raise ValueError(f"bid must be 'value' or 'count', not {bid!r}")
        if call not in ("rule", "value"):
            raise ValueError(f"call must be 'rule' or 'value', not {call!r}")
        self.by_value = bid == "value"
        self.call_by_model = call == "value"

    def choose(self, view: View) -> Action:
        """The heuristic's action for the seat of ``view``."""
        actions = self.rules.actions
        legal = self.legal_mask(view)
        hand = TAROT_DECK.mask(view.hand)
        info = view.info
        taker = info.get("taker")
        a = pre_play(hand, view.seats, legal, taker == view.seat, self.by_value,
                     self.call_by_model)
        if a is not None:
            return actions[a]
        trick = [(s, TAROT_DECK.parse(c)) for s, c in view.table]
        unseen = unseen_cards(view)
        partner = info.get("partner")
        friends = team_of(view.seats, view.seat, -1 if taker is None else int(taker),
                           None if partner is None else int(partner))
        tricks_left = hand.bit_count()
        return actions[A_PLAY + choose_card(view.seats, view.seat, hand, legal, trick, friends,
                                            unseen, tricks_left)]


def unseen_cards(view: View) -> int:
    """The cards the seat of ``view`` has not seen (a mask): not in its hand, not played,
    not in an écart or a chien it was shown (the chien only to its taker, who took it in)."""
    info = view.info
    seen = TAROT_DECK.mask(view.hand)
    for t in info.get("tricks") or []:
        seen |= TAROT_DECK.mask(t["cards"])
    for _, c in view.table:
        seen |= 1 << TAROT_DECK.parse(c)
    for key in ("ecart", "ecart_trumps", "chien"):
        if info.get(key) and (key != "chien" or info.get("taker") == view.seat):
            seen |= TAROT_DECK.mask(info[key])
    return FULL & ~seen


BID_TRIES = 60
"""Assignments of the hidden cards the sampler tries for one in which every other seat's bids
are the ones the fitted model makes with that hand (a soft constraint: see
:class:`TarotDeterminizer`)."""


def auction_of(rules: Rules[Any],
               history: Sequence[tuple[int, str | None]]) -> list[tuple[int, int, int]]:
    """The bids in ``history``: (seat, bid action, legal mask when it was made)."""
    out: list[tuple[int, int, int]] = []
    best = -1
    for actor, text in history:
        if text is None:
            continue
        a = int(rules.actions.parse(text))
        if not A_PASS <= a < A_PASS + 5:
            continue
        legal = (1 << A_PASS) | (((1 << (3 - best)) - 1) << (A_PASS + best + 2))
        out.append((actor, a, legal))
        if a > A_PASS:
            best = max(best, a - A_PASS - 1)
    return out


def bid_misses(hands: list[int], n: int, auction: list[tuple[int, int, int]], me: int,
               limit: int = 99) -> int:
    """How many bids of the other seats the model would not make with ``hands`` (as dealt),
    counted up to one more than ``limit``."""
    misses = 0
    for s, a, legal in auction:
        if s != me and pre_play(hands[s], n, legal, False) != a:
            misses += 1
            if misses > limit:
                break
    return misses


class TarotDeterminizer(Determinizer):
    """Samples Tarot deals consistent with a seat's view.

    With ``read_bids`` (the default) it also reads the auction as the fitted model bids
    (:mod:`atout.bots.tarot_bids`): of up to ``read_bids`` assignments it keeps the first in
    which every other seat's bid is the model's with the hand dealt it, of as many more the
    first in which one bid is not, then any (a soft constraint: a person bids otherwise); 0
    turns it off."""

    def __init__(self, rules: Rules[Any], read_bids: int = BID_TRIES) -> None:
        super().__init__(rules)
        if read_bids < 0:
            raise ValueError(f"read_bids must be zero or more tries, not {read_bids}")
        self.read_bids = read_bids

    def sample(self, view: View, rng: random.Random) -> Deal:
        """A deal agreeing with the view: hands, chien, écart, voids, poignées."""
        rules = self.rules
        info = view.info
        me = view.seat
        n = view.seats
        size = {3: 24, 4: 18, 5: 15}[n]
        chien_size = int(info["chien_size"])
        hand = TAROT_DECK.mask(view.hand)
        played = [0] * n
        voids = [0] * n
        trick: list[tuple[int, int]] = []
        hidden_discards = 0
        own_discards = 0
        for actor, text in view.history:
            if text is None:
                hidden_discards += 1
                continue
            a = int(rules.actions.parse(text))
            if A_DISCARD <= a < A_PASS:
                own_discards |= 1 << (a - A_DISCARD)
                continue
            if a >= A_DISCARD:
                continue
            played[actor] |= 1 << a
            trick.append((actor, a))
            cards = [c for _, c in trick if c != EX]
            if a != EX and len(cards) > 1:
                led = CARD_SUIT[cards[0]]
                suit = CARD_SUIT[a]
                if suit != led:
                    voids[actor] |= SUIT_MASKS[led] if led < 4 else TRUMPS
                    if suit != 4:
                        voids[actor] |= TRUMPS
                if suit == 4:
                    top = max((c for c in cards[:-1] if c >= T1), default=-1)
                    if 0 <= a < top:
                        # no over-trump: the seat holds no trump above the best one
                        voids[actor] |= TRUMPS & ~((1 << (top + 1)) - 1)
            if len(trick) == n:
                trick = []
        taker = info.get("taker")
        t = -1 if taker is None else int(taker)
        chien_shown = info.get("chien")
        chien_known = TAROT_DECK.mask(chien_shown) if chien_shown else 0
        ecart_trumps = TAROT_DECK.mask(info.get("ecart_trumps") or [])
        ecart_seen = info.get("ecart")
        ecart_known = (TAROT_DECK.mask(ecart_seen) if ecart_seen else own_discards) | ecart_trumps
        took_chien = chien_shown is not None and t >= 0
        played_all = 0
        for m in played:
            played_all |= m
        known = hand | played_all | chien_known | ecart_known
        forced = [0] * n
        for p in info.get("poignees") or []:
            shown = TAROT_DECK.mask(p["cards"])
            ps = int(p["seat"])
            forced[ps] |= shown & ~played_all
            # the lowest trumps are shown: no other trump below the highest shown one, and
            # none at all when the excuse had to complete the poignée
            below = (1 << ((shown & TRUMPS).bit_length())) - 1
            voids[ps] |= (TRUMPS if shown & BIT_EX else TRUMPS & below) & ~shown
        pool = FULL & ~known
        names: list[tuple[str, int]] = []
        sizes: list[int] = []
        allowed: list[int] = []
        force: list[int] = []
        in_taker_hand = 0
        to_ecart = 0
        if took_chien and t != me:
            # the chien's cards not played are still in his hand, we assume, unless he has
            # shown he lacks their suit: then he put them aside
            in_taker_hand = chien_known & ~ecart_known & ~played_all
            to_ecart = in_taker_hand & voids[t]
            in_taker_hand &= ~to_ecart
        for s in range(n):
            if s == me:
                continue
            names.append(("hand", s))
            cur_size = size - played[s].bit_count()
            if s == t and took_chien:
                done = hidden_discards + ecart_trumps.bit_count()
                cur_size += chien_size - done - in_taker_hand.bit_count()
            sizes.append(cur_size)
            allowed.append(FULL & ~voids[s])
            force.append(forced[s] & pool)
        ecart_hidden = 0
        if took_chien and t != me:
            ecart_hidden = hidden_discards - to_ecart.bit_count()
            if ecart_hidden < 0:
                raise NoConsistentDeal("the taker lacks more chien suits than he put aside")
            names.append(("ecart", -1))
            sizes.append(ecart_hidden)
            allowed.append(FULL & ~TRUMPS & ~BIT_EX & ~sum(1 << (s * 14 + 13) for s in range(4)))
            force.append(0)
        if not chien_shown:
            names.append(("chien", -1))
            sizes.append(chien_size)
            allowed.append(FULL)
            force.append(0)
        if sum(sizes) != pool.bit_count():
            raise NoConsistentDeal("the view's card counts do not add up")
        # the other seats' bids, contracts first: they reject most hands
        auction = sorted((b for b in (auction_of(rules, view.history) if self.read_bids else [])
                          if b[0] != me), key=lambda b: -b[1])
        tries = MAX_TRIES + (2 * self.read_bids if auction else 0)
        for attempt in range(tries):
            got = assign_cards(pool, sizes, allowed, rng, force)
            if got is None:
                continue
            cur = [0] * n
            cur[me] = hand
            ecart = ecart_known | to_ecart
            chien = chien_known
            for (kind, s), m in zip(names, got, strict=True):
                if kind == "hand":
                    cur[s] = m
                elif kind == "ecart":
                    ecart |= m
                else:
                    chien = m
            if t != me:
                cur[t] |= in_taker_hand
            hands = [cur[s] | played[s] for s in range(n)]
            if took_chien:
                hands[t] = (hands[t] | ecart) & ~chien
            if auction and attempt < 2 * self.read_bids:
                limit = 0 if attempt < self.read_bids else 1
                if bid_misses(hands, n, auction, me, limit) > limit:
                    continue
            order = bit_list(ecart & ~ecart_known)
            rng.shuffle(order)

            def fill(deal: Deal, i: int, queue: list[int] = order) -> int | None:
                return A_DISCARD + queue.pop() if queue else None

            try:
                deal = rules.deal(hands=[TAROT_DECK.codes_of(h) for h in hands],
                                  chien=TAROT_DECK.codes_of(chien), dealer=view.dealer)
            except ValueError:
                continue
            if replay(deal, view.history, fill, to_move=view.to_move):
                return deal
        raise NoConsistentDeal(f"no Tarot deal agrees with the view of seat {me} after "
                               f"{tries} tries")


def tarot_rollout(deal: Deal, rng: random.Random) -> Result:
    """The heuristic's choices outside the card play, random cards otherwise."""
    n = deal.seats
    while deal.to_move is not None:
        seat = deal.to_move
        legal = deal.legal_mask()
        if legal & FULL and not legal >> A_DISCARD:
            # card play: random legal cards to the end, with the heuristic's poignées
            k = int(rng.random() * legal.bit_count())
            for _ in range(k):
                legal &= legal - 1
            deal.step((legal & -legal).bit_length() - 1)
            continue
        hand = deal.hands[seat]  # type: ignore[attr-defined]
        a = pre_play(hand, n, legal, seat == deal.taker)  # type: ignore[attr-defined]
        deal.step(a if a is not None else (legal & -legal).bit_length() - 1)
    return deal.result


def candidates(rules: Rules[Any], view: View, legal: list[Action]) -> list[Action]:
    """The actions the search tries (``search:prune=1``, the default): every legal one, but
    a prise where a garde may still be bid, and in the play and the écart one card of each
    run of equivalent cards.

    A garde is a prise at twice the stake (the same chien, the same play): whenever taking
    pays, the garde pays twice as much, and the playouts, too few to see that on every hand,
    took a prise in one contract of six. Two cards of a suit, or two trumps, worth half a
    point each (an ace to a 10, a trump from the 2 to the 20) with no card between them that
    another player may still hold are the same card to every card still to be played, in
    the play as in the écart: the search tries the lowest of the run only, and its budget
    goes to the choices that differ."""
    if view.phase == "play":
        return _distinct_cards(view, legal, A_PLAY)
    if view.phase == "ecart":
        return _distinct_cards(view, legal, A_DISCARD)
    ids = {int(a) for a in legal}
    if A_PASS + 1 in ids and A_PASS + 2 in ids:
        return [a for a in legal if int(a) != A_PASS + 1]
    return legal


def _distinct_cards(view: View, legal: list[Action], base: int) -> list[Action]:
    """One card of each run of equivalent cards of ``legal`` (see :func:`candidates`), the
    lowest; the cards are the actions from ``base`` on (a play or a discard), the other
    actions stay as they are."""
    cards = 0
    for a in legal:
        if 0 <= int(a) - base < NCARDS:
            cards |= 1 << (int(a) - base)
    kept = 0
    for c in distinct_cards(cards, unseen_cards(view)):
        kept |= 1 << c
    return [a for a in legal
            if not 0 <= int(a) - base < NCARDS or kept >> (int(a) - base) & 1]


def _heuristic(rules: Rules[Any], seat: int, seed: int = 0, **kw: Any) -> TarotHeuristic:
    bid = kw.pop("bid", "value")
    call = kw.pop("call", "rule")
    if kw:
        raise ValueError(f"the Tarot heuristic takes only bid=value|count and call=rule|value, "
                         f"not {', '.join(kw)}")
    return TarotHeuristic(rules, seat, seed, bid=str(bid), call=str(call))


KIT = GameKit(heuristic=_heuristic, determinizer=TarotDeterminizer, rollout=greedy_rollout,
              playouts=150, key_phases=frozenset({"bidding", "call", "ecart"}), key_factor=2,
              solver=tarot_solver, exact_cost=5, exact=2, model_rollout=model_rollout,
              model_by_seat=True, model=1, reuse=1, candidates=candidates)
"""The Tarot kit."""

__all__ = [
    "BID_TRIES",
    "FULL",
    "KIT",
    "TarotDeterminizer",
    "TarotHeuristic",
    "auction_of",
    "bid_misses",
    "candidates",
    "choose_bid",
    "choose_card",
    "hand_points",
    "pre_play",
    "tarot_rollout",
    "team_of",
    "unseen_cards",
]
