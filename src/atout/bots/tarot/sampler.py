"""French Tarot: the search's sampler of the hidden cards.

The sampler deals the unseen cards to the other hands (respecting shown voids, hand sizes and
poignées shown), to the écart the taker made in secret and to the chien when it was never
shown; it builds the deal from the sampled card masks
(:meth:`~atout.games.tarot.TarotRules.deal_from_masks`, checked as ``rules.deal(hands=...,
chien=...)`` checks card codes) and replays the history, filling the taker's hidden discards
from the sampled écart, as the final check.

The search samples one view many times, so what the view says is read once
(:class:`ViewReading`: the cards each holder may take, the bids to read, the history as action
ids) and kept for the next call with the same view; each sample then deals the hidden cards
(:func:`~atout.bots.determinize.assign_cards`, listing cards by :func:`card_list`), reads the
bids and replays the history.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from atout.bots.determinize import MAX_TRIES, Determinizer, NoConsistentDeal, assign_cards
from atout.bots.tarot.choices import FULL, pre_play
from atout.cards import TAROT_DECK, bit_list
from atout.core import Deal, Rules, View
from atout.games.tarot import TarotRules
from atout.games.tarot.tables import (
    A_DISCARD,
    A_PASS,
    BIT_EX,
    CARD_SUIT,
    EX,
    KINGS,
    SUIT_MASKS,
    T1,
    TRUMPS,
)

BID_TRIES = 60
"""Assignments of the hidden cards the sampler tries for one in which every other seat's bids
are the ones the fitted model makes with that hand (a soft constraint: see
:class:`TarotDeterminizer`)."""

ECART_CARDS = FULL & ~TRUMPS & ~BIT_EX & ~KINGS
"""What the taker may have put in an écart he kept hidden: no trump, excuse or king."""


def auction_of(rules: Rules[Any],
               history: Sequence[tuple[int, str | None]]) -> list[tuple[int, int, int]]:
    """The bids in ``history``: (seat, bid action, legal mask when it was made)."""
    parse = rules.actions.parse
    return _auction([(actor, None if text is None else int(parse(text)))
                     for actor, text in history])


def _auction(steps: Sequence[tuple[int, int | None]]) -> list[tuple[int, int, int]]:
    """:func:`auction_of` on a history already read as action ids (None: hidden)."""
    out: list[tuple[int, int, int]] = []
    best = -1
    for actor, a in steps:
        if a is None or not A_PASS <= a < A_PASS + 5:
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


_BYTE_CARDS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(8 * k + i for i in range(8) if b >> i & 1) for b in range(256))
    for k in range(10))
"""``_BYTE_CARDS[k][b]``: the cards of the bits set in ``b``, read as cards ``8k`` to
``8k + 7``."""


def card_list(mask: int) -> list[int]:
    """The cards of a Tarot card mask, lowest first (as :func:`~atout.cards.bit_list`, read
    a byte at a time from a table).

    >>> card_list(0b1011 | 1 << 77)
    [0, 1, 3, 77]
    """
    out: list[int] = []
    for k, b in enumerate(mask.to_bytes(10, "little")):
        if b:
            out += _BYTE_CARDS[k][b]
    return out


class ViewReading:
    """What one view says of the hidden cards, read once for all the samples of the view.

    The holders of the hidden cards are the other seats' hands in seat order, then the
    taker's hidden écart (``ecart_at``, -1 without one) and the chien when it was never shown
    (``chien_at``, -1 otherwise); ``sizes``, ``allowed`` and ``forced`` are theirs (cards to
    take, cards they may take, cards known theirs). ``base[s]`` is what seat ``s`` was surely
    dealt (cards played, the seat's own hand, the chien's cards the taker kept); ``steps`` the
    history as action ids, None where hidden; ``auction`` the bids to read, contracts first;
    ``ecart_known`` the écart's cards the seat has seen, ``ecart_base`` with those the taker
    must have put aside (chien cards of a suit he has shown he lacks).
    """

    __slots__ = ("allowed", "auction", "base", "chien_at", "chien_known", "ecart_at",
                 "ecart_base", "ecart_known", "forced", "holders", "pool", "sizes", "steps",
                 "taker", "took_chien")

    def __init__(self, rules: Rules[Any], view: View, read_bids: bool) -> None:
        info = view.info
        me = view.seat
        n = view.seats
        size = {3: 24, 4: 18, 5: 15}[n]
        chien_size = int(info["chien_size"])
        parse = rules.actions.parse
        self.steps = steps = [(actor, None if text is None else int(parse(text)))
                              for actor, text in view.history]
        played, voids, hidden_discards, own_discards = _read_play(steps, n)
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
        hand = TAROT_DECK.mask(view.hand)
        known = hand | played_all | chien_known | ecart_known
        forced = _poignees(info, played_all, voids, n)
        pool = FULL & ~known
        in_taker_hand = 0
        to_ecart = 0
        if took_chien and t != me:
            # the chien's cards not played are still in his hand, we assume, unless he has
            # shown he lacks their suit: then he put them aside
            in_taker_hand = chien_known & ~ecart_known & ~played_all
            to_ecart = in_taker_hand & voids[t]
            in_taker_hand &= ~to_ecart
        holders: list[int] = []
        sizes: list[int] = []
        allowed: list[int] = []
        force: list[int] = []
        for s in range(n):
            if s == me:
                continue
            holders.append(s)
            cur_size = size - played[s].bit_count()
            if s == t and took_chien:
                done = hidden_discards + ecart_trumps.bit_count()
                cur_size += chien_size - done - in_taker_hand.bit_count()
            sizes.append(cur_size)
            allowed.append(FULL & ~voids[s])
            force.append(forced[s] & pool)
        self.ecart_at = self.chien_at = -1
        if took_chien and t != me:
            ecart_hidden = hidden_discards - to_ecart.bit_count()
            if ecart_hidden < 0:
                raise NoConsistentDeal("the taker lacks more chien suits than he put aside")
            self.ecart_at = len(sizes)
            sizes.append(ecart_hidden)
            allowed.append(ECART_CARDS)
            force.append(0)
        if not chien_shown:
            self.chien_at = len(sizes)
            sizes.append(chien_size)
            allowed.append(FULL)
            force.append(0)
        if sum(sizes) != pool.bit_count():
            raise NoConsistentDeal("the view's card counts do not add up")
        base = played[:]
        base[me] |= hand
        if t != me and t >= 0:
            base[t] |= in_taker_hand
        self.base = base
        self.holders = holders
        self.pool = pool
        self.sizes = sizes
        self.allowed = allowed
        self.forced = force
        self.taker = t
        self.took_chien = took_chien
        self.chien_known = chien_known
        self.ecart_known = ecart_known
        self.ecart_base = ecart_known | to_ecart
        # the other seats' bids, contracts first: they reject most hands
        self.auction = sorted((b for b in (_auction(steps) if read_bids else []) if b[0] != me),
                              key=lambda b: -b[1])

    def hands(self, got: list[int]) -> tuple[list[int], int, int]:
        """The hands as dealt, the écart and the chien, from one dealing of the hidden cards."""
        hands = self.base[:]
        for s, m in zip(self.holders, got, strict=False):
            hands[s] |= m
        ecart = self.ecart_base
        if self.ecart_at >= 0:
            ecart |= got[self.ecart_at]
        chien = got[self.chien_at] if self.chien_at >= 0 else self.chien_known
        if self.took_chien:
            t = self.taker
            hands[t] = (hands[t] | ecart) & ~chien
        return hands, ecart, chien


def _read_play(steps: Sequence[tuple[int, int | None]],
               n: int) -> tuple[list[int], list[int], int, int]:
    """The cards each seat played, the cards each seat has shown it lacks (a suit not
    followed, trumps not played, no trump above one it did not beat), the hidden discards
    and the seat's own discards."""
    played = [0] * n
    voids = [0] * n
    trick: list[tuple[int, int]] = []
    hidden_discards = 0
    own_discards = 0
    for actor, a in steps:
        if a is None:
            hidden_discards += 1
            continue
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
    return played, voids, hidden_discards, own_discards


def _poignees(info: Any, played_all: int, voids: list[int], n: int) -> list[int]:
    """The cards each seat showed in a poignée and has not played yet; adds to ``voids``
    the trumps a poignée shows its seat lacks."""
    forced = [0] * n
    for p in info.get("poignees") or []:
        shown = TAROT_DECK.mask(p["cards"])
        ps = int(p["seat"])
        forced[ps] |= shown & ~played_all
        # the lowest trumps are shown: no other trump below the highest shown one, and
        # none at all when the excuse had to complete the poignée
        below = (1 << ((shown & TRUMPS).bit_length())) - 1
        voids[ps] |= (TRUMPS if shown & BIT_EX else TRUMPS & below) & ~shown
    return forced


class TarotDeterminizer(Determinizer):
    """Samples Tarot deals consistent with a seat's view.

    With ``read_bids`` (the default) it also reads the auction as the fitted model bids
    (:mod:`atout.bots.tarot.bids`): of up to ``read_bids`` assignments it keeps the first in
    which every other seat's bid is the model's with the hand dealt it, of as many more the
    first in which one bid is not, then any (a soft constraint: a person bids otherwise); 0
    turns it off. ``rules`` must be French Tarot's (:class:`~atout.games.tarot.TarotRules`)."""

    def __init__(self, rules: Rules[Any], read_bids: int = BID_TRIES) -> None:
        super().__init__(rules)
        if not isinstance(rules, TarotRules):
            raise ValueError(f"a TarotDeterminizer samples French Tarot deals: rules must be "
                             f"TarotRules, not {type(rules).__name__}")
        if read_bids < 0:
            raise ValueError(f"read_bids must be zero or more tries, not {read_bids}")
        self._deal_from_masks = rules.deal_from_masks
        self.read_bids = read_bids
        self._view: View | None = None
        self._reading: ViewReading | None = None

    def reading(self, view: View) -> ViewReading:
        """What ``view`` says of the hidden cards: read at the first sample of a view, kept
        for the next samples of the same view (a view never changes)."""
        if view is not self._view or self._reading is None:
            self._reading = ViewReading(self.rules, view, self.read_bids > 0)
            self._view = view
        return self._reading

    def sample(self, view: View, rng: random.Random) -> Deal:
        """A deal agreeing with the view: hands, chien, écart, voids, poignées."""
        r = self.reading(view)
        deal_from_masks = self._deal_from_masks
        n = view.seats
        me = view.seat
        auction = r.auction
        ecart_known = r.ecart_known
        read_bids = self.read_bids if auction else 0
        tries = MAX_TRIES + 2 * read_bids
        for attempt in range(tries):
            got = assign_cards(r.pool, r.sizes, r.allowed, rng, r.forced, card_list)
            if got is None:
                continue
            hands, ecart, chien = r.hands(got)
            if attempt < 2 * read_bids:
                limit = 0 if attempt < read_bids else 1
                if bid_misses(hands, n, auction, me, limit) > limit:
                    continue
            order = bit_list(ecart & ~ecart_known)
            rng.shuffle(order)
            try:
                deal = deal_from_masks(hands, chien, dealer=view.dealer)
            except ValueError:  # the sampled piles are not a deal: the next try
                continue
            if _replay(deal, r.steps, order, view.to_move):
                return deal
        raise NoConsistentDeal(f"no Tarot deal agrees with the view of seat {me} after "
                               f"{tries} tries")


def _replay(deal: Deal, steps: list[tuple[int, int | None]], discards: list[int],
            to_move: int | None) -> bool:
    """:func:`~atout.bots.determinize.replay` of a history read as action ids, each hidden
    action the discard of the last card of ``discards`` (taken off)."""
    for actor, a in steps:
        if deal.to_move != actor:
            return False
        if a is None:
            if not discards:
                return False
            a = A_DISCARD + discards.pop()
        if not deal.legal_mask() >> a & 1:
            return False
        deal.step(a)
    return deal.to_move == to_move


__all__ = ["BID_TRIES", "ECART_CARDS", "TarotDeterminizer", "ViewReading", "auction_of",
           "bid_misses", "card_list"]
