"""French Tarot for the bots: the heuristic player, a sampler of hidden cards, a rollout.

The heuristic bids by hand points (bouts, trumps, kings and honours, long suits and voids),
calls the king of its longest suit without a king, builds its écart to make voids with low
cards, keeps the petit out of reach of higher trumps and plays the excuse to save a card of
value, never keeping it to the last trick.

The sampler (:mod:`atout.bots.tarot.sampler`) deals the unseen cards to the other hands
(respecting shown voids, hand sizes and poignées shown), to the écart the taker made in secret
and to the chien when it was never shown, and replays the history as the final check.
"""

from __future__ import annotations

import random
from typing import Any

from atout.bots.base import Bot
from atout.bots.parts import Batch, Budget, Exact, GameParts, SearchOptions, TableModel
from atout.bots.tarot import worlds as tarot_worlds_module
from atout.bots.tarot.batch import (
    KERNEL_DEFAULT,
    default_ready,
    kernel_ready,
    tarot_batch,
    tarot_model_batch,
)
from atout.bots.tarot.bids import best_bid, bid_values, club_bid, garde_holds, hand_points
from atout.bots.tarot.cards import choose_card, distinct_cards, team_of
from atout.bots.tarot.choices import FULL, choose_bid, pre_play
from atout.bots.tarot.rollout import greedy_rollout, model_rollout
from atout.bots.tarot.sampler import BID_TRIES, TarotDeterminizer, auction_of, bid_misses
from atout.bots.tarot.solve import tarot_solver
from atout.bots.tarot.worlds import tarot_worlds
from atout.cards import TAROT_DECK
from atout.core import Action, Deal, Result, Rules, View
from atout.games.tarot.tables import (
    A_DISCARD,
    A_PASS,
    A_PLAY,
    NCARDS,
)

KERNEL_PHASES = frozenset({"bidding", "call", "ecart", "chelem", "play"})
"""The decisions the search rolls out (and samples) in the kernel with ``kernel`` (and
``kworlds``): the card play's, and those before it, whose rollouts play the heuristic's
bids, call, écart and chelem answer in the kernel too
(:mod:`atout.kernels.tarot_preplay`)."""


class TarotHeuristic(Bot):
    """Plays French Tarot by rules of thumb (see docs/bots.md); ``bid``: ``"club"`` (the
    default) bids by the fitted model of :mod:`atout.bots.tarot.bids` under the club players'
    rules (:func:`~atout.bots.tarot.bids.club_bid`), ``"value"`` by the model alone,
    ``"count"`` by the hand count's thresholds; ``call``: ``"rule"`` (the default) calls
    the king of the longest suit without it, ``"value"`` the king the model of
    :mod:`atout.bots.tarot.call` rates best."""

    name = "heuristic"

    def __init__(self, rules: Rules[Any], seat: int, seed: int = 0, bid: str = "club",
                 call: str = "rule") -> None:
        super().__init__(rules, seat, seed)
        if bid not in ("club", "value", "count"):
            raise ValueError(f"bid must be 'club', 'value' or 'count', not {bid!r}")
        if call not in ("rule", "value"):
            raise ValueError(f"call must be 'rule' or 'value', not {call!r}")
        self.by_value = bid != "count"
        self.club = bid == "club"
        self.call_by_model = call == "value"
        self.weighed: dict[str, tuple[float, int]] = {}
        """The bids of the last auction decision valued by the model (``bid=value``; see
        :attr:`atout.bots.hint.Hint.worth`): each bid's predicted points, and 0 samples."""

    def choose(self, view: View) -> Action:
        """The heuristic's action for the seat of ``view``."""
        actions = self.rules.actions
        legal = self.legal_mask(view)
        hand = TAROT_DECK.mask(view.hand)
        info = view.info
        taker = info.get("taker")
        self.weighed = {}
        values = (bid_values(hand, view.seats, legal)
                  if self.by_value and legal >> A_PASS & 1 else None)
        if values is not None:
            bid = club_bid(values, hand, view.seats) if self.club else best_bid(values)
            if bid == best_bid(values):
                # the model's own choice: its values back the hint's "more than the next"
                self.weighed = {actions[b].text: (v, 0) for b, v in values.items()}
            return actions[bid]
        a = pre_play(hand, view.seats, legal, taker == view.seat, self.by_value,
                     self.call_by_model, self.club)
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
    a prise where a garde may still be bid, no garde or higher with a hand that cannot hold
    one (the club must-hold, :func:`~atout.bots.tarot.bids.garde_holds`), and in the play
    and the écart one card of each run of equivalent cards.

    A garde is a prise at twice the stake (the same chien, the same play): whenever taking
    pays, the garde pays twice as much, and the playouts, too few to see that on every hand,
    took a prise in one contract of six. Two cards of a suit, or two trumps, worth half a
    point each (an ace to a 10, a trump from the 2 to the 20) with no card between them that
    another player may still hold, or that lies in the trick (it may be the card to beat),
    are the same card to every card still to be played, in the play as in the écart: the
    search tries the lowest of the run only, and its budget goes to the choices that
    differ."""
    if view.phase == "play":
        return _distinct_cards(view, legal, A_PLAY)
    if view.phase == "ecart":
        return _distinct_cards(view, legal, A_DISCARD)
    ids = {int(a) for a in legal}
    if view.phase == "bidding" and not garde_holds(TAROT_DECK.mask(view.hand), view.seats):
        return [a for a in legal if int(a) <= A_PASS + 1]
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
    live = unseen_cards(view)
    for _, text in view.table:
        live |= 1 << TAROT_DECK.parse(text)  # a card of the trick may be the one to beat
    kept = 0
    for c in distinct_cards(cards, live):
        kept |= 1 << c
    return [a for a in legal
            if not 0 <= int(a) - base < NCARDS or kept >> (int(a) - base) & 1]


def _heuristic(rules: Rules[Any], seat: int, seed: int = 0, **kw: Any) -> TarotHeuristic:
    bid = kw.pop("bid", "club")
    call = kw.pop("call", "rule")
    if kw:
        raise ValueError(f"the Tarot heuristic takes only bid=club|value|count and "
                         f"call=rule|value, "
                         f"not {', '.join(kw)}")
    return TarotHeuristic(rules, seat, seed, bid=str(bid), call=str(call))


CARD_FACTORS = {3: 3, 4: 3, 5: 4}
"""The card play's budget factor on the kernel by the table's size, with the searching
seat's rollouts one card ahead (:data:`atout.bots.tarot.worlds.LOOK`, the default): such a
rollout costs about what the eight greedy ones of a world did, and up to three times that
early in the deal, so the worlds are fewer (a card decision's 99th percentile of CPU under
250 ms at every size, docs/bots.md)."""
GREEDY_FACTOR = 8
"""The same with the searching seat greedy in its rollouts (``LOOK`` 0): eight times the
budget's worlds, eight rollouts each."""


def card_factor(rules: Rules[Any]) -> int:
    """The card play's budget factor on the kernel at ``rules``'s table
    (:attr:`atout.bots.parts.Batch.table_factor`): :data:`CARD_FACTORS` with the lookahead
    on, :data:`GREEDY_FACTOR` without it."""
    if not tarot_worlds_module.LOOK:
        return GREEDY_FACTOR
    return CARD_FACTORS.get(int(getattr(rules.options, "players", 4)), 3)


PARTS = GameParts(heuristic=_heuristic, sampler=TarotDeterminizer, rollout=greedy_rollout,
                  budget=Budget(playouts=150, reuse=1),
                  options=SearchOptions(exact=2, model=1, kernel=KERNEL_DEFAULT,
                                        kworlds=KERNEL_DEFAULT),
                  key_phases=frozenset({"bidding", "call", "ecart"}), key_factor=2,
                  model=TableModel(model_rollout, by_seat=True),
                  exact=Exact(tarot_solver, cost=5), candidates=candidates,
                  batch=Batch(tarot_batch, reuse=8, model=tarot_model_batch,
                              ready=default_ready, worlds=tarot_worlds, takes_model=True,
                              fit=True, phases=KERNEL_PHASES, key_factor=8,
                              table_factor=card_factor))
"""The Tarot bots' parts."""

__all__ = [
    "BID_TRIES",
    "CARD_FACTORS",
    "FULL",
    "GREEDY_FACTOR",
    "KERNEL_PHASES",
    "PARTS",
    "TarotDeterminizer",
    "TarotHeuristic",
    "auction_of",
    "bid_misses",
    "candidates",
    "card_factor",
    "choose_bid",
    "choose_card",
    "hand_points",
    "kernel_ready",
    "pre_play",
    "tarot_rollout",
    "team_of",
    "unseen_cards",
]
