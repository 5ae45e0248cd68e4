"""Auction Pitch for the bots: the heuristic player, a sampler of hidden cards, the rollouts.

The heuristic's rules of thumb live in :mod:`atout.bots.pitch.hand` (bid and pitch the best
suit, draw trumps with the best one left, take the tricks that hold the jack or game points
as cheaply as possible, otherwise throw the least useful card); with ``bid=model`` it bids by
the model of :mod:`atout.bots.pitch.bids` instead.

The sampler deals the unseen cards to the other hands (respecting voids shown and hand
sizes) and to the undealt rest, reading each other seat's bids and cards as the heuristic's
(``read_seats``), builds the deal through ``rules.deal(hands=..., rest=...)`` and replays the
history as the final check. The search's rollout plays every seat by the
heuristic's rules (:func:`model_rollout`); :func:`candidates` leaves out the actions that
cannot differ. Where numba compiles the kernels the search samples the same way and rolls
out inside them, in batches (``kernel``, :mod:`atout.bots.pitch.batch`); this sampler stays
the reference (``search:kernel=0``, and without numba). With ``search:exact=N`` the last N
cards of each sample are played as well as can be by the searching seat against that model
(:func:`best_reply`); it is off by default, as it played no better than the rollouts
(docs/bots.md).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, cast

from atout.bots.base import Bot
from atout.bots.determinize import MAX_TRIES, Determinizer, NoConsistentDeal, assign_cards, replay
from atout.bots.parts import (
    Batch,
    Budget,
    Exact,
    GameParts,
    SearchOptions,
    TableModel,
    side_value,
)
from atout.bots.pitch import batch as pitch_kernel
from atout.bots.pitch.batch import COUNT, KERNEL_DEFAULT, pitch_batch, pitch_worlds
from atout.bots.pitch.bids import best_of, option_values, place
from atout.bots.pitch.hand import (
    FULL,
    NCARDS,
    PASS,
    SUIT_MASK,
    TEN,
    choose_bid,
    choose_card,
)
from atout.bots.warm import Warmer
from atout.cards import FULL_DECK, bit_list
from atout.core import Action, Deal, Result, Rules, View
from atout.games.pitch import PitchDeal


def _friends(view: View) -> set[int]:
    teams = view.info.get("teams")
    if isinstance(teams, list):
        for team in teams:
            if view.seat in team:
                return {int(s) for s in team if s != view.seat}
    return set()


BID_POLICIES = ("threshold", "model")
"""How the heuristic bids: ``threshold``, the points its best suit should make, rounded;
``model``, the option a model fitted on played-out deals values most
(:mod:`atout.bots.pitch.bids`)."""


class PitchHeuristic(Bot):
    """Plays Auction Pitch by rules of thumb (see docs/bots.md).

    ``bid``: ``threshold`` (the default) or ``model`` (see :data:`BID_POLICIES`):
    ``heuristic:bid=model``. ``bold`` (with ``bid=model``): a number of points added to the
    model's value of every option that makes the seat the pitcher
    (:func:`atout.bots.pitch.bids.option_values`); 0 by default.
    """

    name = "heuristic"

    def __init__(self, rules: Rules[Any], seat: int, seed: int = 0, *,
                 bid: str = "threshold", bold: float = 0.0) -> None:
        super().__init__(rules, seat, seed)
        if bid not in BID_POLICIES:
            raise ValueError(f"Pitch heuristic: bid={bid!r}, expected one of "
                             f"{', '.join(BID_POLICIES)}")
        if isinstance(bold, bool) or not isinstance(bold, (int, float)) or not -4 <= bold <= 4:
            raise ValueError(f"Pitch heuristic: bold={bold!r}, expected a number of points "
                             "from -4 to 4")
        if bold and bid != "model":
            raise ValueError("Pitch heuristic: bold is for the model's bids (bid=model)")
        self.bid = bid
        self.bold = float(bold)
        self.weighed: dict[str, tuple[float, int]] = {}
        """The options of the last auction decision valued by the model (``bid=model``; see
        :attr:`atout.bots.hint.Hint.worth`): each option's predicted margin, and 0 samples."""

    def choose(self, view: View) -> Action:
        """The heuristic's action for the seat of ``view``."""
        actions = self.rules.actions
        legal = self.legal_mask(view)
        hand = FULL_DECK.mask(view.hand)
        self.weighed = {}
        if legal >> PASS:
            if self.bid == "model":
                high = view.info.get("high_bid")
                where = place(view.seat, view.dealer, view.seats)
                values = option_values(hand, legal, where, high if isinstance(high, int) else 0,
                                       bold=self.bold)
                self.weighed = {actions[a].text: (v, 0) for a, v in values.items()}
                return actions[best_of(values)]
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


SEAT_TRIES = 20
"""Hands the search's sampler draws, at most, for each other seat (``read_seats``): the
first on which that seat's bids, pitch and cards are the heuristic's is kept."""

READ_TRIES = 12
"""Assignments of the hidden cards the sampler draws, at most, to find one on which every
other seat's bids (and pitch) are what the heuristic's rules would have said."""


def misreads(steps: list[tuple[int, int, bool, int]], hands: list[int], me: int) -> int:
    """How many of the other seats' auction actions and pitch (``steps``: actor, the legal
    bids and pass, whether a tangage was allowed, the action; a pitch after the auction has
    bids -1) the heuristic's rules would not have taken with ``hands`` (each seat's cards
    at the deal)."""
    bad = 0
    for actor, bids, cards_ok, action in steps:
        if actor == me:
            continue
        hand = hands[actor]
        if bids < 0:
            expected = choose_card(hand, hand, -1, [], set(), 0)
        else:
            expected = choose_bid(hand, bids | (hand if cards_ok else 0))
        bad += expected != action
    return bad


Play = tuple[int, int, int, list[tuple[int, int]], int, set[int]]
"""A card another seat played: the actor, the card, trump, the trick before it (seat,
card), the cards played before it, the actor's partners."""


def misplays(plays: list[Play], hands: list[int], limit: int) -> int:
    """How many of ``plays`` the heuristic's rules would not have made with ``hands`` (each
    seat's cards at the deal); counting stops at ``limit``."""
    bad = 0
    for actor, card, trump, trick, before, friends in plays:
        hand = hands[actor] & ~before
        if trick:
            led = trick[0][1] // 13
            follow = hand & SUIT_MASK[led]
            legal = (hand if not follow else follow if led == trump
                     else follow | hand & SUIT_MASK[trump])
        else:
            legal = hand
        if choose_card(hand, legal, trump, trick, friends, FULL & ~hand & ~before) != card:
            bad += 1
            if bad >= limit:
                break
    return bad


class PitchDeterminizer(Determinizer):
    """Samples Pitch deals consistent with a seat's view.

    With ``read_bids`` it also reads the auction: of up to :data:`READ_TRIES` assignments
    of the hidden cards it keeps the first on which every other seat's bids and pitch are
    what the heuristic's rules would have said with those cards (a bid of 3 says a strong
    suit, a pass a weak hand), or the one with the fewest disagreements; ``read_play`` reads
    the auction and every card the other seats played after the pitch. ``read_seats=N``
    (the search's sampler, N = :data:`SEAT_TRIES`) reads both one seat at a time: the other
    seats' hands are drawn in turn, up to N for each, so that each seat's own bids and cards
    are checked against its own hand (a check that passes far more often than one over
    every hand at once).
    """

    def __init__(self, rules: Rules[Any], read_bids: bool = False,
                 read_play: bool = False, read_seats: int = 0) -> None:
        super().__init__(rules)
        if read_seats < 0:
            raise ValueError(f"read_seats must be zero or more tries, not {read_seats}")
        self.read_seats = read_seats
        # reading seat by seat reads the bids and the cards; reading the cards, the bids too
        self.read_play = read_play or read_seats > 0
        self.read_bids = read_bids or self.read_play
        self._steps: tuple[View, list[tuple[int, int, bool, int]]] | None = None
        self._plays: tuple[View, list[Play]] | None = None
        self._by_seat: tuple[View, dict[int, tuple[list[tuple[int, int, bool, int]],
                                                   list[Play]]]] | None = None

    def play_steps(self, view: View) -> list[Play]:
        """The cards the other seats played after the pitch, each with what its player saw."""
        if self._plays is not None and self._plays[0] is view:
            return self._plays[1]
        n = view.seats
        sides = n
        teams = view.info.get("teams")
        if isinstance(teams, list) and teams:
            sides = len(teams)
        friends = [{f for f in range(n) if f != s and f % sides == s % sides} for s in range(n)]
        out: list[Play] = []
        trump = -1
        before = 0
        trick: list[tuple[int, int]] = []
        for actor, text in view.history:
            if text is None:
                continue
            a = int(self.rules.actions.parse(text))
            if a >= NCARDS:
                continue
            if trump < 0:
                trump = a // 13
            elif actor != view.seat:
                out.append((actor, a, trump, list(trick), before, friends[actor]))
            before |= 1 << a
            trick.append((actor, a))
            if len(trick) == n:
                trick = []
        self._plays = (view, out)
        return out

    def auction_steps(self, view: View, deal: Deal) -> list[tuple[int, int, bool, int]]:
        """The auction's actions and the pitch of ``view``'s history, with what was legal
        (the same on every deal agreeing with the view), from a replay on ``deal``."""
        if self._steps is not None and self._steps[0] is view:
            return self._steps[1]
        d = cast(PitchDeal, deal.clone())
        steps: list[tuple[int, int, bool, int]] = []
        actions = self.rules.actions
        for actor, text in view.history:
            if text is None or d.phase == "over":
                break
            a = int(actions.parse(text))
            if d.phase == "auction":
                legal = d.legal_mask()
                steps.append((actor, legal & ~FULL, bool(legal & FULL), a))
            elif d.trump < 0:
                steps.append((actor, -1, False, a))
            else:
                break
            d.step(a)
        self._steps = (view, steps)
        return steps

    def _seat_steps(self, view: View, steps: list[tuple[int, int, bool, int]],
                    plays: list[Play], seat: int,
                    ) -> tuple[list[tuple[int, int, bool, int]], list[Play]]:
        """``seat``'s own auction steps and plays of the view (kept for the view)."""
        if self._by_seat is None or self._by_seat[0] is not view:
            self._by_seat = (view, {})
        got = self._by_seat[1].get(seat)
        if got is None:
            got = ([st for st in steps if st[0] == seat], [p for p in plays if p[0] == seat])
            self._by_seat[1][seat] = got
        return got

    def _read_seats(self, view: View, steps: list[tuple[int, int, bool, int]],
                    plays: list[Play], pool: int, sizes: list[int], allowed: list[int],
                    others: list[int], played: list[int],
                    rng: random.Random) -> list[int] | None:
        """The hidden cards dealt one other seat at a time, the most constrained first: of
        up to ``read_seats`` hands drawn for a seat from the cards left, the first on which
        its bids, pitch and cards are the heuristic's, or the one with fewest disagreements;
        the undealt rest takes what is left. None on a dead end (the caller retries)."""
        n = view.seats
        me = view.seat
        hs = [0] * n
        out = [0] * (len(others) + 1)
        left = pool
        todo = list(range(len(others)))
        while todo:
            best_i = min(todo, key=lambda i: (allowed[i] & left).bit_count() - sizes[i])
            todo.remove(best_i)
            seat = others[best_i]
            free = allowed[best_i] & left
            need = sizes[best_i]
            if free.bit_count() < need:
                return None
            cards = bit_list(free)
            mine_steps, mine_plays = self._seat_steps(view, steps, plays, seat)
            best_m, fewest = 0, -1
            for _ in range(self.read_seats):
                m = 0
                for c in rng.sample(cards, need):
                    m |= 1 << c
                hs[seat] = m | played[seat]
                bad = misreads(mine_steps, hs, me)
                if mine_plays and (fewest < 0 or bad < fewest):
                    bad += misplays(mine_plays, hs, len(mine_plays) + 1)
                if fewest < 0 or bad < fewest:
                    best_m, fewest = m, bad
                    if not bad:
                        break
            out[best_i] = best_m
            left &= ~best_m
        if left.bit_count() != sizes[-1]:
            return None
        out[-1] = left
        return out

    def sample(self, view: View, rng: random.Random) -> Deal:
        """A deal agreeing with the view: hands, the undealt rest, voids shown."""
        me = view.seat
        unseen = Unseen.of(self.rules, view)
        steps = (self._steps[1] if self._steps is not None and self._steps[0] is view
                 else None)
        read = self.read_bids and any(actor != me for actor, _ in view.history)
        plays = self.play_steps(view) if self.read_play else []
        for _ in range(MAX_TRIES):
            if read and steps is not None and self.read_seats:
                got = self._read_seats(view, steps, plays, unseen.pool, unseen.sizes,
                                       unseen.allowed, unseen.others, unseen.played, rng)
            else:
                got = assign_cards(unseen.pool, unseen.sizes, unseen.allowed, rng)
            if got is None:
                continue
            hands = unseen.hands(got)
            if read and steps and not self.read_seats:
                hands, got = self._best_read(unseen, steps, plays, (hands, got), rng)
            deal = self.rules.deal(hands=[FULL_DECK.codes_of(h) for h in hands],
                                   dealer=view.dealer, rest=FULL_DECK.codes_of(got[-1]))
            if read and steps is None:
                steps = self.auction_steps(view, deal)
                if self.read_seats:
                    continue  # this first deal only served to read the auction: draw again
            if replay(deal, view.history, to_move=view.to_move):
                return deal
        raise NoConsistentDeal(f"no Pitch deal agrees with the view of seat {me} after "
                               f"{MAX_TRIES} tries")

    def kernel_inputs(self, view: View, rng: random.Random
                      ) -> tuple[Deal, Unseen, list[tuple[int, int, bool, int]], list[Play]]:
        """What the kernel's sampler (:mod:`atout.bots.pitch.batch`) needs of ``view``: a
        deal agreeing with its hard facts (hands, sizes, voids) replayed to its point, what
        it leaves unseen, the auction's steps and the other seats' plays.
        :class:`NoConsistentDeal` if no try finds such a deal."""
        unseen = Unseen.of(self.rules, view)
        for _ in range(MAX_TRIES):
            got = assign_cards(unseen.pool, unseen.sizes, unseen.allowed, rng)
            if got is None:
                continue
            deal = self.rules.deal(hands=[FULL_DECK.codes_of(h) for h in unseen.hands(got)],
                                   dealer=view.dealer, rest=FULL_DECK.codes_of(got[-1]))
            dealt = deal.clone()
            if replay(deal, view.history, to_move=view.to_move):
                return deal, unseen, self.auction_steps(view, dealt), self.play_steps(view)
        raise NoConsistentDeal(f"no Pitch deal agrees with the view of seat {view.seat}")

    @staticmethod
    def _best_read(unseen: Unseen, steps: list[tuple[int, int, bool, int]], plays: list[Play],
                   first: tuple[list[int], list[int]],
                   rng: random.Random) -> tuple[list[int], list[int]]:
        """Of ``first`` (the hands and the cards dealt) and up to :data:`READ_TRIES` deals in
        all, the first whose bids and cards are the heuristic's, or the one with fewest
        disagreements."""
        me = unseen.me
        best, fewest = first, misreads(steps, first[0], me)
        if plays:
            fewest += misplays(plays, first[0], len(plays) + 1)
        tries = 1
        while fewest and tries < READ_TRIES:
            tries += 1
            more = assign_cards(unseen.pool, unseen.sizes, unseen.allowed, rng)
            if more is None:
                continue
            hands = unseen.hands(more)
            bad = misreads(steps, hands, me)
            if plays and bad < fewest:
                bad += misplays(plays, hands, fewest - bad)
            if bad < fewest:
                best, fewest = (hands, more), bad
        return best


@dataclass(frozen=True)
class Unseen:
    """What seat ``me`` cannot see in a Pitch deal and what it knows of it: its hand, the cards
    each seat played, the cards left to deal (``pool``) to the other seats (``others``) and
    the undealt rest (last), how many each takes (``sizes``) and may take (``allowed``, its
    voids shown removed)."""

    me: int
    hand: int
    played: list[int]
    pool: int
    others: list[int]
    sizes: list[int]
    allowed: list[int]

    @classmethod
    def of(cls, rules: Rules[Any], view: View) -> Unseen:
        """What ``view`` leaves unseen."""
        me = view.seat
        n = view.seats
        hand = FULL_DECK.mask(view.hand)
        played, voids = shown(rules, view)
        played_all = 0
        for m in played:
            played_all |= m
        pool = FULL & ~hand & ~played_all
        others = [s for s in range(n) if s != me]
        sizes = [6 - played[s].bit_count() for s in others]
        allowed = [FULL & ~voids[s] for s in others]
        sizes.append(pool.bit_count() - sum(sizes))
        allowed.append(FULL)
        return cls(me, hand, played, pool, others, sizes, allowed)

    def hands(self, got: list[int]) -> list[int]:
        """Every seat's hand at the deal from the cards dealt to the others (``got``)."""
        hands = [0] * len(self.played)
        hands[self.me] = self.hand | self.played[self.me]
        for s, m in zip(self.others, got[:-1], strict=True):
            hands[s] = m | self.played[s]
        return hands


def shown(rules: Rules[Any], view: View) -> tuple[list[int], list[int]]:
    """The cards each seat played and the suits each has shown it lacks (failing to follow
    the suit led without trumping), as masks by seat."""
    n = view.seats
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
    return played, voids


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


def _friends_of(d: PitchDeal) -> list[set[int]]:
    n = d.n
    return [{f for f in range(n) if f != s and f % d.sides == s % d.sides} for s in range(n)]


def _model_card(d: PitchDeal, friends: list[set[int]]) -> int:
    """The card the heuristic's rules play for the seat to move, from its own hand and the
    cards played so far."""
    seat = d.turn
    hand = d.hands[seat]
    held = 0
    for h in d.hands:
        held |= h
    unseen = FULL & ~hand & ~(d.in_play & ~held)
    lead = d.leader
    trick = [((lead + i) % d.n, c) for i, c in enumerate(d.trick)]
    return choose_card(hand, d.legal_mask(), d.trump, trick, friends[seat], unseen)


def model_rollout(deal: Deal, rng: random.Random, side: int = 0) -> Result:
    """Every seat plays by the heuristic's rules to the end, from its own hand and what it
    has seen (the cards played): the bids, the pitch and the card play. ``side`` is
    unused (the search's ModelRollout part names the side to model; in Pitch every seat is)."""
    d = cast(PitchDeal, deal)
    friends = _friends_of(d)
    while d.phase == "auction":
        seat = d.turn
        d.step(choose_bid(d.hands[seat], d.legal_mask()))
    while d.phase != "over":
        d.step(_model_card(d, friends))
    return d.result


def kernel_model_rollout(deal: Deal, rng: random.Random, side: int = 0) -> Result:
    """:func:`model_rollout` played by the compiled kernel
    (:mod:`atout.kernels.pitch_policy`): the same bids and cards, so the same points, at a
    fraction of the cost. Until the kernel is ready (compiled, or loaded from the cache, in a
    thread started by the first call: see :func:`kernel_ready`), and where the kernels are
    not compiled (numpy or numba missing, or ``ATOUT_PURE=1``), the engine's
    :func:`model_rollout` plays: the search chooses the same either way."""
    if not _KERNEL:
        kernel_ready()
        return model_rollout(deal, rng, side)
    points = _KERNEL[0]
    if points is None:
        return model_rollout(deal, rng, side)
    return Result(tuple(float(p) for p in points(cast(PitchDeal, deal))), {})


_KERNEL: list[Callable[[PitchDeal], Any] | None] = []
"""The kernel's model playout of a deal once ready (None: no compiled kernels); empty before."""


def _warm() -> bool:
    """Import the kernel, compile it (or load it from the cache) on a small deal, then make
    it the rollout (numba's import and a first compilation cost a thread, not a start)."""
    points: Callable[[PitchDeal], Any] | None = None
    try:
        from atout.kernels import COMPILED
        from atout.kernels.pitch import encode
        from atout.kernels.pitch_policy import model_points

        def kernel_points(d: PitchDeal) -> Any:
            return model_points(encode(d))

        if COMPILED:
            from atout.games import make

            deal = make("pitch").deal(seed=0)
            assert isinstance(deal, PitchDeal)
            kernel_points(deal)
            if not warm_up():  # the search's sampling and batched rollouts too
                raise RuntimeError("the Pitch search's kernels did not run")
            points = kernel_points
    except Exception:  # pragma: no cover - numpy missing or a failed compilation: the engine
        points = None
    _KERNEL.append(points)
    return points is not None


WARMER = Warmer("pitch", _warm)
"""The kernel's warming (:func:`kernel_ready`)."""


def kernel_ready(wait: bool = False) -> bool:
    """Whether the Pitch search's rollouts run on the compiled kernel now; the first call
    starts getting it ready in a thread, and ``wait`` waits for that."""
    return WARMER.ready(wait)


def warm_up() -> bool:
    """The kernel calls of a decision (the sampling and both rollouts of
    :mod:`atout.bots.pitch.batch`), which compile them or load them from the cache; whether
    they ran."""
    from atout.games import make

    rules = make("pitch", players=2)
    rng = random.Random(0)
    deal: Any = None
    while deal is None or deal.to_move is None:  # a deal all passed is redealt: the next
        deal = rules.deal(seed=rng.getrandbits(32), dealer=0)
        while deal.to_move is not None and (deal.phase != "play" or deal.trump < 0):
            deal.play(rng.choice(deal.legal_actions()))
    view = deal.view(deal.to_move)
    legal = [rules.actions.parse(t) for t in view.legal]
    sampler = PitchDeterminizer(rules, read_seats=2)
    pitch_batch([sampler.sample(view, rng)], legal, 1, view.seat, 0, -1)
    return (pitch_worlds(sampler, view, legal, 2, 1, view.seat, 0, 0) is not None
            and pitch_worlds(sampler, view, legal, 2, 1, view.seat, 1, -1) is not None)


def _batch_ready() -> bool:
    """Whether a search that did not ask for the kernels samples on them now: once
    :func:`kernel_ready` (which warms them too: :func:`warm_up`) says so, unless
    :data:`atout.bots.pitch.batch.BY_DEFAULT` is off."""
    return pitch_kernel.BY_DEFAULT and kernel_ready()


def best_reply(deal: Deal, seat: int) -> float:
    """``seat``'s margin when it plays its remaining cards as well as can be on this deal,
    every hand known, and the others play by the heuristic's rules (the search's model of
    the table): the best of its own choices, the others' answers fixed by the model. The
    deal is played on, like a rollout's: pass a copy to keep it."""
    d = cast(PitchDeal, deal)
    friends = _friends_of(d)
    keep_trumps = d.rules.options.low == "won"

    def value(d: PitchDeal) -> float:
        while d.phase != "over":
            if d.turn == seat:
                legal = d.legal_mask()
                if legal & (legal - 1):
                    others = 0
                    for s, h in enumerate(d.hands):
                        if s != seat:
                            others |= h
                    best = -1e9
                    for c in distinct_cards(bit_list(legal), FULL & ~others, d.trump,
                                            keep_trumps):
                        e = d.clone()
                        e.step(c)
                        best = max(best, value(e))
                    return best
                d.step(legal.bit_length() - 1)
            else:
                d.step(_model_card(d, friends))
        return side_value(d.result, seat)

    return value(d)


def pitch_solver(deal: Deal) -> Callable[[Deal, int], float]:
    """The search's exact solver for a sampled deal (the game's ``Exact`` part): the seat's best
    reply to the model of the table (:func:`best_reply`)."""
    return best_reply


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
    player may hold, or that lies in the trick (it may be the card to beat), are the same
    card to every other one (not in trumps when Low goes to the player who wins it, where
    the lowest trump in play is worth a point)."""
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
    trick = 0
    for _, text in view.table:
        trick |= 1 << FULL_DECK.parse(text)
    dead = hand | (_played(rules, view) & ~trick)  # out of play: in no hand, not to beat
    trump_name = view.info.get("trump")
    trump = "HDSC".index(trump_name) if isinstance(trump_name, str) else -1
    cards = [int(a) for a in legal if int(a) < NCARDS]
    kept = set(distinct_cards(sorted(cards), dead, trump, rules.options.low == "won"))
    return [a for a in sorted(legal, key=int) if int(a) >= NCARDS or int(a) in kept]


def distinct_cards(cards: list[int], dead: int, trump: int, keep_trumps: bool) -> list[int]:
    """One card of each run of equivalent ``cards`` (sorted): two cards of a suit from the
    two to the nine (no value toward Game) with no card between them outside ``dead`` (the
    cards no other player can hold) are the same card to every other one; not in trumps
    when ``keep_trumps`` (Low goes to the player who wins it, so the lowest trump in play is
    worth a point) or before trump is named (``trump`` -1)."""
    out = []
    prev = -1  # the last card of the current run of equivalent cards
    for c in cards:
        if (prev >= 0 and prev // 13 == c // 13 and c % 13 < TEN and prev % 13 < TEN
                and not (keep_trumps and (trump < 0 or c // 13 == trump))
                and all(dead >> x & 1 for x in range(prev + 1, c))):
            prev = c  # the same card as the run's first, which is kept
            continue
        out.append(c)
        prev = c
    return out


def _heuristic(rules: Rules[Any], seat: int, seed: int = 0, **kw: Any) -> PitchHeuristic:
    bad = set(kw) - {"bid", "bold"}
    if bad:
        raise ValueError(f"the Pitch heuristic takes bid and bold, not "
                         f"{', '.join(sorted(bad))}")
    return PitchHeuristic(rules, seat, seed, **kw)


SEARCH_BOLD = 0.15
"""What a contract is worth more to the search than the bid model says (``bold``): its card
play gains about twice as much as pitcher as in defence (docs/bots.md)."""


def _search_heuristic(rules: Rules[Any], seat: int, seed: int = 0) -> PitchHeuristic:
    """The search's own heuristic: it bids by the fitted model (``bid=model``), a contract
    valued :data:`SEARCH_BOLD` higher."""
    return PitchHeuristic(rules, seat, seed, bid="model", bold=SEARCH_BOLD)


def _determinizer(rules: Rules[Any]) -> PitchDeterminizer:
    """The search's sampler: it reads each other seat's bids and cards (``read_seats``)."""
    return PitchDeterminizer(rules, read_seats=SEAT_TRIES)


TABLE_FACTOR = 4
"""The card play's budget factor on the kernel at three players or more: four times the
budget's worlds (+0.024 points a hand over 2,000 boards at four players, docs/bots.md); the
Python search keeps the budget, and heads-up the card play keeps it too (4 times measured
level there: +0.004 ± 0.043 a hand over 1,000 boards; its bids are searched at twice the
budget)."""


def _table_factor(rules: Rules[Any]) -> int:
    """The card play's budget factor on the kernel (:data:`TABLE_FACTOR`, 1 heads-up)."""
    return TABLE_FACTOR if getattr(rules.options, "players", 4) > 2 else 1


def _table_options(rules: Rules[Any]) -> SearchOptions:
    """The search's options that depend on the table: heads-up it searches its bids
    (``key=search``: every bid, the pass and each tangage rolled out from sampled hands that
    bid as the opponent did), at three players or more it bids by the fitted model
    (``key=heuristic``; docs/bots.md)."""
    players = getattr(rules.options, "players", 4)
    return SearchOptions(key="search" if players == 2 else None)


PARTS = GameParts(heuristic=_heuristic, sampler=_determinizer, rollout=pitch_rollout,
                  budget=Budget(playouts=300, reuse=1),
                  options=SearchOptions(model=1, key="heuristic", kernel=KERNEL_DEFAULT),
                  key_phases=frozenset({"auction"}), key_factor=2,
                  model=TableModel(kernel_model_rollout), exact=Exact(pitch_solver, cost=3),
                  candidates=candidates, search_heuristic=_search_heuristic,
                  table_options=_table_options,
                  batch=Batch(pitch_batch, reuse=1, worlds=pitch_worlds, count=COUNT,
                              phases=frozenset({"auction", "play"}), takes_model=True,
                              ready=_batch_ready, table_factor=_table_factor))
"""The Pitch bots' parts: at three players or more the search bids and chooses the tangage
by the fitted bid model, a contract valued :data:`SEARCH_BOLD` higher (``search:key=search``
bids by its playouts instead, the default heads-up: :func:`_table_options`), and plays by
its playouts, on deals sampled seat by seat to agree with the others' bids and cards
(in the kernel, with the rollouts, where numba compiles it: ``kernel``);
``search:exact=N`` solves the last N cards of each sample instead (:func:`best_reply`, one
sample for every 3 playouts of the budget: a solve from four cards costs about six
rollouts, from six about twenty)."""

__all__ = ["PARTS", "SEARCH_BOLD", "SEAT_TRIES", "TABLE_FACTOR", "WARMER", "PitchDeterminizer",
           "PitchHeuristic",
           "Unseen", "best_reply", "candidates", "distinct_cards", "kernel_model_rollout",
           "kernel_ready", "model_rollout",
           "pitch_rollout",
           "pitch_solver", "shown", "warm_up"]
