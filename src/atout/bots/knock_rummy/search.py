"""Knock Rummy for the bots: the heuristic player, a sampler of hidden cards, a rollout.

The heuristic takes the top discard when, after its best discard, the hand is left with less
deadwood than now; otherwise it draws from the stock. It knocks when its deadwood after the
best discard is at or under a threshold that falls as the deal goes on (each round of draws)
and as the other players take cards from the discard pile (they are building melds); else it
discards the card whose removal leaves the least deadwood, the highest card on a tie.

The sampler knows the seat's own hand, the discard pile as seen, the cards the others took
from the pile and still hold, every hand size and the size of the stock. It deals the unseen
cards at random to the other hands and to the stock and builds the deal *at the current
position* rather than replaying the history: ``rules.deal(hands=..., dealer=..., discard=...,
stock=...)`` with the seat to move as the first player (the dealer is the seat before it),
then, if the seat has already drawn this turn, that draw (and its knock) are replayed. The past
draws of the seat from the stock are not placed in a sampled stock (the view does not say at
which depth they were), which is why the deal is rebuilt at the current position; nothing of
the past matters to the rest of a deal but the cards where they are now, the number of
restocks (copied), and the cards known to be held (copied, they only show in the views).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, cast

from atout.bots.base import Bot
from atout.bots.determinize import Determinizer, NoConsistentDeal
from atout.bots.knock_rummy.kernel import batch_rollouts, compiled_discard, draws_made
from atout.bots.knock_rummy.knock import COURTESY, MARGIN, SAMPLES, draws_so_far, should_knock
from atout.bots.knock_rummy.read import Threshold, Turn, agreement, fits, last_turns, refused
from atout.bots.knock_rummy.worlds import before_draw, knock_rummy_worlds
from atout.bots.parts import Batch, Budget, GameParts, Sampler, SearchOptions
from atout.cards import FULL_DECK, bit_list
from atout.core import Action, Deal, Result, Rules, View
from atout.games.knock_rummy import DRAW_DISCARD, DRAW_STOCK, KNOCK, KnockRummyDeal
from atout.games.knock_rummy.melds import VALUES, deadwood, meldable
from atout.games.knock_rummy.tables import DRAW_PHASE
from atout.kernels import NUMPY

NCARDS = 52
FULL = (1 << NCARDS) - 1

BASE = 40
"""Knock threshold at the start of a deal (deadwood points), before it falls: about the least
deadwood among the others' fresh hands. Measured: knocking early pays at the seed's scoring
(40 beat 30, 30 beat 24, 24 beat 18 and 18 beat 10 over 400 duplicate deals each)."""
SLOPE = 1.0
"""Points the knock threshold falls by each round of draws."""
TAKEN_COST = 0.5
"""Points the knock threshold falls by for each card the others took from the pile and hold."""
FLOOR = 8
"""The knock threshold never falls below this."""
LATE = 20
"""Rounds after which the threshold rises again by one point a round, so that a long deal
(the stock rebuilt, or the players only passing the top discard around) ends."""
KNOCK_POLICIES = ("threshold", "value")
"""How the heuristic decides to knock: ``threshold``, its deadwood at or under
:func:`knock_threshold`; ``value``, the knock's mean worth on sampled deals
(:mod:`atout.bots.knock_rummy.knock`)."""
READ_TRIES = 20
"""Hands drawn for another player until it agrees with his last turn read as the heuristic's
(:mod:`atout.bots.knock_rummy.read`); 0 deals the unseen cards uniformly."""
KNOCK_READ = "floor"
"""How the sampler reads another player's turn without a knock: ``floor``, his deadwood was
above :data:`FLOOR` (what any sensible player's threshold allows: the read stays sound
against players who knock lower than the heuristic, as the console's table does);
``heuristic``, above the heuristic's own :func:`knock_threshold` (much higher early in a
deal: it made the search knock with 40 points of deadwood on the second turn of
``atout play knock-rummy --seed 5``, expecting +3, and lose 16)."""
REFUSED_READ = False
"""Whether the sampler also prefers hands into whose melds none of the cards another player
turned down this deal (threw, or passed for the stock) would fit (:func:`~atout.bots.
knock_rummy.read.refused`): read with his last turn, the same tries."""
DISCARD_TRIES = 0
"""Hands drawn for another player until his last discard is the heuristic's (see
:class:`KnockRummyDeterminizer`); 0, the default, deals the unseen cards uniformly: reading
the discards (12 tries) did not measurably help the search (docs/bots.md)."""
OWN_GAP = -1
"""The searching seat's own knock in its rollouts: with 0 or more, it knocks when the
deadwood it would show is that many points under the other hands' (in a rollout it sees the
sampled hands: its later knocks are searched at the table, not the heuristic's threshold);
-1, the heuristic's threshold like every other seat."""
OWN_BASE = BASE
"""The start of the searching seat's own knock threshold in its rollouts (with
:data:`OWN_GAP` -1): the heuristic's :data:`BASE` by default."""
OPENER_GAP: int | None = None
"""At two players, the :data:`OWN_GAP` of the seat that opened the deal (the dealer's
opponent) at every one of its decisions; None, :data:`OWN_GAP` for both seats."""
ROLLOUT_TURNS = 120
"""Turns a rollout plays greedily before it finishes at random (a deal nobody knocks)."""


def best_discard(hand: int, allowed: int) -> tuple[int, int]:
    """The card of ``allowed`` whose discard leaves the least deadwood (ties: the highest
    card, by points then rank), and that deadwood."""
    best = -1
    best_key = (1 << 30, 0, 0)
    m = allowed & hand
    # a card in no meld of the hand leaves the same melds: its discard saves its own value,
    # no search needed (the rollouts' main cost, most of all at a knock limit)
    melded = meldable(hand)
    now = deadwood(hand) if m & ~melded else 0
    while m:
        low = m & -m
        m ^= low
        c = low.bit_length() - 1
        left = deadwood(hand ^ low) if low & melded else now - VALUES[c]
        key = (left, -VALUES[c], -(c % 13))
        if key < best_key:
            best_key = key
            best = c
    return best, best_key[0]


def takes_discard(hand: int, top: int, discard_taken: bool) -> bool:
    """Whether taking ``top`` and then the best discard leaves less deadwood than now."""
    now = deadwood(hand)
    full = hand | 1 << top
    allowed = full if discard_taken else hand
    _, after = best_discard(full, allowed)
    return after < now


def knock_threshold(rounds: float, taken: int, base: float = BASE, slope: float = SLOPE,
                    taken_cost: float = TAKEN_COST, floor: float = FLOOR) -> float:
    """The deadwood at or under which the heuristic knocks, after ``rounds`` rounds of draws
    with ``taken`` cards taken from the pile by the others and still in their hands; after
    :data:`LATE` rounds it rises again."""
    return max(floor, base - slope * rounds - taken_cost * taken) + max(0.0, rounds - LATE)


KNOCK_READS = ("floor", "heuristic", "mixture")
"""The reads of a turn without a knock: against the floor, the heuristic's threshold, or a
threshold drawn uniformly between the two for each hand tried (players of every patience)."""


def _floor(rounds: float, taken: int) -> float:
    """The knock threshold a turn without a knock is read against (``knock_read="floor"``):
    the lowest any player knocks at, whoever he is."""
    return FLOOR


def _knock_value(hand: int, allowed: int, knocker_discards: bool) -> int:
    """The deadwood the seat would show if it knocked now."""
    if knocker_discards:
        return best_discard(hand, allowed)[1]
    return deadwood(hand)


def courteous(rules: Rules[Any], view: View, courtesy: int,
              legal: list[Action]) -> list[Action]:
    """``legal`` without the knock while some player has drawn fewer than ``courtesy``
    times, unless the knock would show no deadwood: the heuristic's ``courtesy`` (see
    :mod:`atout.bots.knock_rummy.knock`) for the search bot (``search:courtesy=1``)."""
    knock = [a for a in legal if int(a) == KNOCK]
    if not knock or draws_so_far(view) >= courtesy * view.seats:
        return legal
    hand = FULL_DECK.mask(view.hand)
    cards = sum(1 << int(a) for a in legal if int(a) < DRAW_STOCK)  # the discards
    if _knock_value(hand, cards, bool(rules.options.knocker_discards)) == 0:
        return legal
    return [a for a in legal if int(a) != KNOCK] or legal


def candidates(rules: Rules[Any], view: View, legal: list[Action]) -> list[Action]:
    """The actions the search tries (``search:prune=1``, the default): every legal one, but
    the top discard when it fits nothing in the hand (no meld with it, no less deadwood for
    taking it): such a card is only a card to throw back, and the draw is then decided
    without playouts (half the decisions, the longest at a knock limit)."""
    ids = [int(a) for a in legal]
    if DRAW_DISCARD not in ids or DRAW_STOCK not in ids:
        return legal
    pile = view.info.get("discard_pile")
    if not isinstance(pile, list) or not pile or not isinstance(pile[-1], str):
        return legal
    hand = FULL_DECK.mask(view.hand)
    top = FULL_DECK.parse(pile[-1])
    if meldable(hand | 1 << top) >> top & 1 or takes_discard(
            hand, top, bool(rules.options.discard_taken)):
        return legal
    return [a for a in legal if int(a) != DRAW_DISCARD]


class KnockRummyHeuristic(Bot):
    """Plays Knock Rummy by rules of thumb (see docs/bots.md).

    ``base``, ``slope``, ``taken_cost`` and ``floor`` set the knock threshold (see
    :func:`knock_threshold`); ``heuristic:base=8`` changes it from the bot name. With
    ``knock="value"`` the knock is decided by its worth on ``samples`` sampled deals instead,
    with ``margin`` and ``courtesy`` (see :mod:`atout.bots.knock_rummy.knock`):
    ``heuristic:knock=value:courtesy=1``.
    """

    name = "heuristic"

    def __init__(self, rules: Any, seat: int, seed: int = 0, *, base: float = BASE,
                 slope: float = SLOPE, taken_cost: float = TAKEN_COST,
                 floor: float = FLOOR, knock: str = "threshold", margin: float = MARGIN,
                 courtesy: int = COURTESY, samples: int = SAMPLES) -> None:
        super().__init__(rules, seat, seed)
        self.base = float(base)
        self.slope = float(slope)
        self.taken_cost = float(taken_cost)
        self.floor = float(floor)
        if knock not in KNOCK_POLICIES:
            raise ValueError(f"Knock Rummy heuristic: knock={knock!r}, expected one of "
                             f"{', '.join(KNOCK_POLICIES)}")
        if int(courtesy) < 0 or int(samples) < 1:
            raise ValueError("Knock Rummy heuristic: courtesy must be 0 or more and samples "
                             f"1 or more, not {courtesy} and {samples}")
        self.knock = knock
        self.margin = float(margin)
        self.courtesy = int(courtesy)
        self.samples = int(samples)
        self.seed = seed

    def choose(self, view: View) -> Action:
        """The heuristic's action for the seat of ``view``."""
        actions = self.rules.actions
        legal = self.legal_mask(view)
        hand = FULL_DECK.mask(view.hand)
        opts = self.rules.options
        if legal & (1 << DRAW_STOCK | 1 << DRAW_DISCARD):
            top_code = view.info.get("top_discard")
            if not legal >> DRAW_STOCK & 1:
                return actions[DRAW_DISCARD]
            if (legal >> DRAW_DISCARD & 1 and isinstance(top_code, str)
                    and takes_discard(hand, FULL_DECK.parse(top_code), opts.discard_taken)):
                return actions[DRAW_DISCARD]
            return actions[DRAW_STOCK]
        cards = legal & FULL
        if legal >> KNOCK & 1 and self.knock == "value":
            rng = random.Random(f"knock:{self.seed}:{self.seat}:{len(view.history)}")
            shown = _knock_value(hand, cards, opts.knocker_discards)
            if should_knock(KnockRummyDeterminizer(self.rules), best_discard, view, shown, rng,
                            self.margin, self.courtesy, self.samples):
                return actions[KNOCK]
        elif legal >> KNOCK & 1:
            draws = sum(1 for _, text in view.history
                        if text in ("draw stock", "draw discard"))
            known = view.info.get("known")
            taken = 0
            if isinstance(known, list):
                taken = sum(len(k) for s, k in enumerate(known)
                            if s != view.seat and isinstance(k, list))
            limit = knock_threshold(draws / view.seats, taken, self.base, self.slope,
                                    self.taken_cost, self.floor)
            if _knock_value(hand, cards, opts.knocker_discards) <= limit:
                return actions[KNOCK]
        return actions[best_discard(hand, cards)[0]]


def last_discards(view: View, pile: list[int]) -> dict[int, tuple[int, int]]:
    """For each other player whose last action was a discard: that card and the card he took
    from the pile in the same turn (-1 if he drew from the stock)."""
    actions = view.history
    top = pile[0] if pile else -1  # the turned card, until somebody discards
    took: dict[int, int] = {}
    out: dict[int, tuple[int, int]] = {}
    for actor, text in actions:
        if text == "draw discard":
            took[actor] = top
        elif text == "draw stock":
            took[actor] = -1
        elif text is not None and text != "knock":
            top = FULL_DECK.parse(text)
            if actor != view.seat:
                out[actor] = (top, took.get(actor, -1))
    return out


class KnockRummyDeterminizer(Determinizer):
    """Samples Knock Rummy deals consistent with the view of the seat to move.

    ``discard_tries``: how many hands it may draw for each other player until the card he
    last discarded is the one the heuristic would have thrown from that hand (the card that
    leaves least deadwood): a soft constraint, the last hand drawn is kept when none agrees;
    0 deals the unseen cards uniformly.
    """

    def __init__(self, rules: Any, discard_tries: int = DISCARD_TRIES,
                 read_tries: int = READ_TRIES, knock_read: str | None = None,
                 refused_read: bool | None = None) -> None:
        super().__init__(rules)
        knock_read = KNOCK_READ if knock_read is None else knock_read
        if knock_read not in KNOCK_READS:
            raise ValueError(f"knock_read must be one of {', '.join(KNOCK_READS)}, "
                             f"not {knock_read!r}")
        self.discard_tries = discard_tries
        self.read_tries = read_tries
        self.knock_read = knock_read
        """How a turn without a knock is read (one of :data:`KNOCK_READS`)."""
        self.refused_read = REFUSED_READ if refused_read is None else bool(refused_read)
        self.threshold: Threshold = _floor
        if knock_read == "heuristic":
            self.threshold = knock_threshold
        elif knock_read == "mixture":
            draw = random.Random(0)  # reseeded by each sample (see sample)
            self._draw = draw

            def mixture(rounds: float, taken: int) -> float:
                return draw.uniform(FLOOR, knock_threshold(rounds, taken))

            self.threshold = mixture

    def _read_hand(self, known: int, pool: int, k: int, turn: Turn, taken: int,
                   rng: random.Random, turned_down: int = 0) -> int:
        """A hand of ``known`` and ``k`` cards of ``pool`` that agrees with ``turn`` read as
        the heuristic's (the first of :attr:`read_tries` that agrees fully, else the one that
        agrees most)."""
        cards = bit_list(pool)
        opts = self.rules.options
        best = known
        best_score = -1
        discard = compiled_discard() or best_discard  # the same choices, compiled when ready
        for _ in range(self.read_tries):
            m = known
            for c in rng.sample(cards, k):
                m |= 1 << c
            score = agreement(m, known, turn, discard, self.threshold, self.rules.seats,
                              taken, opts.discard_taken, opts.knocker_discards,
                              opts.knock_limit, rng)
            if turned_down:
                score = 64 * score - fits(m, turned_down)  # the turn first
            if score > best_score:
                best, best_score = m, score
                if score == (192 if turned_down else 3):
                    break
        return best

    def _hand(self, known: int, pool: int, k: int, last: tuple[int, int] | None,
              rng: random.Random) -> int:
        """A hand of ``known`` and ``k`` cards of ``pool``; with ``last`` (his last discard
        and the card taken that turn), preferably one from which he would have thrown it."""
        cards = bit_list(pool)
        tries = self.discard_tries if last is not None else 1
        m = known
        for _ in range(max(1, tries)):
            m = known
            for c in rng.sample(cards, k):
                m |= 1 << c
            if last is None:
                break
            card, taken = last
            before = m | 1 << card
            allowed = before
            if taken >= 0 and not self.rules.options.discard_taken:
                allowed &= ~(1 << taken)
            if best_discard(before, allowed)[0] == card:
                break
        return m

    def sample(self, view: View, rng: random.Random) -> Deal:
        """A deal agreeing with the view at the current position (see the module's text)."""
        if hasattr(self, "_draw"):
            self._draw.seed(rng.getrandbits(64))
        me = view.seat
        n = view.seats
        if view.to_move != me:
            raise NoConsistentDeal(f"seat {me} is not to move: the Knock Rummy sampler "
                                   "builds the deal for the seat to move only")
        info = view.info
        pile = [FULL_DECK.parse(c) for c in cast(list[str], info["discard_pile"])]
        known = [FULL_DECK.mask(k) for k in cast(list[list[str]], info["known"])]
        sizes = cast(list[int], info["hand_sizes"])
        first, drawn_card, from_stock = before_draw(view, pile)
        pool = FULL & ~first
        for c in pile:
            pool &= ~(1 << c)
        for s in range(n):
            if s != me:
                pool &= ~known[s]
        if from_stock:
            pool &= ~(1 << drawn_card)
        others = [s for s in range(n) if s != me]
        need = [sizes[s] - known[s].bit_count() for s in others]
        if (min(need, default=0) < 0
                or sum(need) + cast(int, info["stock"]) != pool.bit_count()):
            raise NoConsistentDeal(f"the view of seat {me} does not add up to 52 cards")
        hands = [0] * n
        hands[me] = first
        left = self._deal_others(view, pile, known, pool, dict(zip(others, need, strict=True)),
                                 hands, rng)
        stock = bit_list(left)
        rng.shuffle(stock)
        if from_stock:
            stock = [drawn_card, *stock]
        return self.build(view, hands, pile, stock, known, from_stock)

    def _deal_others(self, view: View, pile: list[int], known: list[int], pool: int,
                     need: dict[int, int], hands: list[int], rng: random.Random) -> int:
        """Deal each other seat (of ``need``: how many unknown cards it holds) its hand into
        ``hands`` from ``pool``, read from his last turn or discard where asked; the cards
        left for the stock."""
        last = last_discards(view, pile) if self.discard_tries else {}
        turns = last_turns(view) if self.read_tries else {}
        down = refused(view) if self.refused_read else {}
        total_known = sum(k.bit_count() for k in known)
        left = pool
        for s, k in need.items():
            turn = turns.get(s)
            if turn is not None:
                taken = total_known - known[s].bit_count()
                hands[s] = self._read_hand(known[s], left, k, turn, taken, rng,
                                           down.get(s, 0))
            else:
                hands[s] = self._hand(known[s], left, k, last.get(s), rng)
            left &= ~hands[s]
        return left

    def build(self, view: View, hands: list[int], pile: list[int], stock: list[int],
              known: list[int], from_stock: bool) -> KnockRummyDeal:
        """The deal of ``hands`` (masks; the seat's own before this turn's draw), ``pile``
        and ``stock`` (top first; with ``from_stock`` the card this turn drew on top) through
        the public contract, advanced to the view's position (this turn's draw and knock
        replayed), ``known`` copied."""
        me = view.seat
        info = view.info
        deal = cast(KnockRummyDeal, self.rules.deal(
            hands=[FULL_DECK.codes_of(h) for h in hands], dealer=(me - 1) % view.seats,
            discard=[FULL_DECK.codes[c] for c in pile],
            stock=[FULL_DECK.codes[c] for c in stock]))
        deal.restocks = cast(int, info["restocks"])
        drawn = view.phase == "discard"
        # the rollout's clock: the draws made before the sampled position
        deal.draws_before = draws_so_far(view) - drawn
        deal.known = list(known)
        if drawn:
            deal.step(DRAW_STOCK if from_stock else DRAW_DISCARD)
            deal.known[me] = known[me]
            if info.get("knocker") == me:
                deal.step(KNOCK)
        if view.table:
            deal.top_by = int(view.table[0][0])
        return deal


def greedy_action(deal: KnockRummyDeal, rounds: float, gap: int = -1,
                  base: float = BASE) -> int:
    """The heuristic's action on a perfect-information deal (the rollout's policy); with
    ``gap`` 0 or more the seat knocks instead when the deadwood it would show is ``gap``
    points under every other hand's (the searching seat's own knock, :data:`OWN_GAP`)."""
    legal = deal.legal_mask()
    t = deal.turn
    hand = deal.hands[t]
    opts = deal.opts
    if legal & (1 << DRAW_STOCK | 1 << DRAW_DISCARD):
        if not legal >> DRAW_STOCK & 1:
            return DRAW_DISCARD
        if deal.pile and takes_discard(hand, deal.pile[-1], opts.discard_taken):
            return DRAW_DISCARD
        return DRAW_STOCK
    cards = legal & FULL
    if legal >> KNOCK & 1:
        shown = _knock_value(hand, cards, opts.knocker_discards)
        if gap >= 0:
            if shown + gap <= min(deadwood(h) for s, h in enumerate(deal.hands) if s != t):
                return KNOCK
        else:
            taken = sum(k.bit_count() for s, k in enumerate(deal.known) if s != t)
            if shown <= knock_threshold(rounds, taken, base):
                return KNOCK
    return best_discard(hand, cards)[0]


def rummy_rollout(deal: Deal, rng: random.Random, seat: int = -1, gap: int = -1,
                  base: float = BASE) -> Result:
    """The heuristic's play to the end (random play after :data:`ROLLOUT_TURNS` turns);
    ``seat`` knocks by ``gap`` and ``base`` (see :func:`greedy_action`)."""
    d = cast(KnockRummyDeal, deal)
    n = d.rules.seats
    draws = float(d.draws_before
                  + sum(1 for a in d.history if int(a) in (DRAW_STOCK, DRAW_DISCARD)))
    for _ in range(ROLLOUT_TURNS * 2):
        if d.to_move is None:
            return d.result
        a = (greedy_action(d, draws / n, gap, base) if d.to_move == seat
             else greedy_action(d, draws / n))
        if a in (DRAW_STOCK, DRAW_DISCARD):
            draws += 1
        d.step(a)
    return d.playout(rng)


def _heuristic(rules: Any, seat: int, seed: int = 0, **kw: Any) -> KnockRummyHeuristic:
    allowed = {"base", "slope", "taken_cost", "floor", "knock", "margin", "courtesy",
               "samples"}
    bad = set(kw) - allowed
    if bad:
        raise ValueError(f"the Knock Rummy heuristic takes base, slope, taken_cost, floor, "
                         f"knock, margin, courtesy or samples, not {', '.join(sorted(bad))}")
    return KnockRummyHeuristic(rules, seat, seed, **kw)


def knock_rummy_batch(deals: Sequence[Deal], actions: Sequence[Action], reuse: int, seat: int,
                      seed: int) -> list[float]:
    """The search's ``kernel`` rollouts (:class:`atout.bots.parts.BatchRollouts`): every deal
    rolled out ``reuse`` times after each action by the heuristic's rules in one call of the
    compiled kernel (:mod:`atout.bots.knock_rummy.kernel`; :func:`rummy_rollout` until it is
    ready)."""
    gap = own_gap(cast(KnockRummyDeal, deals[0])) if deals else OWN_GAP

    def own(deal: Deal, rng: random.Random) -> Result:
        return rummy_rollout(deal, rng, seat, gap, OWN_BASE)

    return batch_rollouts(deals, actions, reuse, seat, seed, own, gap, OWN_BASE)


def own_gap(deal: KnockRummyDeal) -> int:
    """The searching seat's own knock gap in its rollouts from ``deal`` (at its decision):
    :data:`OPENER_GAP` for the opener heads-up where set, else :data:`OWN_GAP`."""
    if OPENER_GAP is not None and deal.rules.seats == 2 and opened(deal):
        return OPENER_GAP
    return OWN_GAP


def kernel_worlds(sampler: Sampler, view: View, actions: Sequence[Action], count: int,
                  reuse: int, seat: int, seed: int) -> tuple[list[float], int] | None:
    """The search's worlds sampled and rolled out in the kernel (its ``Batch.worlds``:
    :func:`atout.bots.knock_rummy.worlds.knock_rummy_worlds` with the seat's own knock of
    :func:`knock_rummy_batch`); None for another sampler than the game's."""
    if not isinstance(sampler, KnockRummyDeterminizer):
        return None
    return knock_rummy_worlds(sampler, view, actions, count, reuse, seat, seed, own_gap,
                              OWN_BASE)


def opened(deal: KnockRummyDeal) -> bool:
    """Whether the seat to move opened the deal (moved first after the deal): a turn holds
    one draw, so the opener's turns start after a multiple of the table's size of draws."""
    before = draws_made(deal) - (deal.phase != DRAW_PHASE)
    return before % deal.rules.seats == 0


HEADS_UP_PLAYOUTS = 1200
"""The search's playouts per decision at two players (:func:`table_budget`); 300 at every
other table size. Four times the 300 of before: +0.52 ± 0.38 points a deal over 8,000 boards
kept apart from the screen that chose it (docs/research/bots-knock-rummy.md)."""


def table_budget(rules: Rules[Any]) -> Budget:
    """The search's budget by the table: :data:`HEADS_UP_PLAYOUTS` heads-up, else the
    game's."""
    return Budget(playouts=HEADS_UP_PLAYOUTS) if rules.seats == 2 else Budget()


KERNEL_REUSE = 4
"""Rollouts per action on each sampled deal with the search's ``kernel`` (the stock shuffled
again for each after the first)."""

PARTS = GameParts(heuristic=_heuristic, sampler=KnockRummyDeterminizer, rollout=rummy_rollout,
                  budget=Budget(playouts=300, reuse=1), courteous=courteous,
                  candidates=candidates, options=SearchOptions(kernel=int(NUMPY)),
                  table_budget=table_budget,
                  batch=Batch(knock_rummy_batch, reuse=KERNEL_REUSE,
                              worlds=kernel_worlds, count=8, fit=True,
                              phases=frozenset({"draw", "discard"})))
"""The Knock Rummy bots' parts: the search samples its worlds in the kernel
(:mod:`atout.bots.knock_rummy.worlds`) as many a round as the Python sampler would
(``fit``), where the kernel can (``search:kworlds=0``: the Python sampler)."""

__all__ = ["PARTS", "KnockRummyDeterminizer", "KnockRummyHeuristic", "before_draw", "candidates",
           "courteous", "greedy_action", "kernel_worlds", "knock_rummy_batch", "knock_threshold",
           "opened", "own_gap", "rummy_rollout", "table_budget"]
