"""Jass for the search bot: a sampler of hidden hands and a fast, sensible rollout policy.

The sampler deals the unseen cards to the three other seats respecting the voids they showed
(failing to follow, under-trumping), their hand sizes and the Weis cards they showed, then
replays the whole history on the sampled deal as the final check, and prefers samples whose
Weis agree with what was announced and in which the opponents led as club players do: an
opponent who led a card that could be beaten held no Bock (a card nobody can beat) to cash.
With :data:`PLAY_FACTS` it also reads how they followed (:func:`play_facts`).

The rollout plays a perfect-information deal to the end with a cheap greedy policy in a tight
loop over bitmasks: trump by the heuristic's hand strength, then in each trick Schmieren when
the partner holds it last, win as cheaply as possible, otherwise throw the cheapest card;
leads and a small share of moves are random, so the rollouts stay varied.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from atout.bots.determinize import MAX_TRIES, Determinizer, NoConsistentDeal, assign_cards, replay
from atout.bots.jass import kernel as jass_kernel
from atout.bots.jass.cards import ABOVE, CardState, first_rule_card
from atout.bots.jass.facts import (
    bock_leads,
    lead_misses,
    play_facts,
    play_misses,
    weis_agree,
)
from atout.bots.jass.heuristic import (
    FULL,
    JassHeuristic,
    JassSeen,
    choose_trump,
    read_view,
)
from atout.bots.jass.kernel import KERNEL_DEFAULT, kernel_rollouts
from atout.bots.jass.partner import candidates as partner_candidates
from atout.bots.jass.solve import EndgameSolver, solve_deal
from atout.bots.parts import (
    Batch,
    Budget,
    Exact,
    GameParts,
    Sampler,
    SearchOptions,
    TableModel,
)
from atout.bots.reasons import Reason
from atout.cards import JASS_DECK, bit_list, first_min
from atout.core import Action, Deal, Result, Rules, View
from atout.games.jass import JassDeal
from atout.games.jass.play import (
    JACK,
    POWER,
    SUIT_MASK,
    TRICK_KEYS,
    VALUE,
    CardPolicy,
)
from atout.games.jass.seen import view_plays, void_shown
from atout.games.trick import beats

EPSILON = 0.1
"""Share of rollout moves played at random instead of greedily."""
SOFT_TRIES = 48
"""Tries spent on the soft constraints (the Weis announced, the Bocks an opponent would have
cashed) once a sample agreeing with the play exists."""
LEAD_TOP = 0.7
"""Share of rollout leads that cash a card nobody can beat, when the hand has one."""
BOCK_TRUST = 0.3
"""How far the sampler trusts that an opponent leads a card nobody can beat (a Bock) when he
has one: a sample in which an opponent led a lesser card while holding a Bock is kept with
this probability per such lead (1: no inference). 0.02 until issue 42: softer, with
:data:`LEARN_BOCKS`, it gained against players the search does not model (docs/bots.md)."""
LEARN_BOCKS = True
"""Whether the sampler stops reading the leads of an opponent whose own play proves he kept
a Bock (:func:`bock_leads`' ``learn``); it never does against the heuristic's play."""
PLAY_TRUST = 0.02
"""How far the kernel's sampler trusts that the seats of :data:`PLAY_READERS` play their cards
as the heuristic does: a world from whose hands the heuristic would not have played ``m`` of
their cards is kept with probability ``PLAY_TRUST ** m`` (1: not read;
:func:`atout.kernels.jass_infer.replay_misses`). The Python sampler does not read them."""
PLAY_READERS = "opponents"
"""Whose cards the kernel's sampler reads as the heuristic's: ``"opponents"`` (the other
side), ``"others"`` (the partner too) or ``"none"``."""
PLAY_MISSES = 12
"""The most cards explained badly told apart (more weigh as many)."""
PLAY_SOFT = 200
"""The kernel sampler's tries for the soft constraints, once a fallback exists, when it reads
the cards played (:data:`SOFT_TRIES` otherwise). The tries of a world never pass
:data:`atout.bots.determinize.MAX_TRIES` (200) in all, so at 200 this is that cap."""
PLAY_FACTS = False
"""Whether the sampler also reads how the opponents followed (:func:`play_facts`). Off by
default: it did not measurably strengthen the search (docs/bots.md)."""


class JassDeterminizer(Determinizer):
    """Samples Jass deals consistent with a seat's view."""

    bock_trust: float | None = None
    """How far this sampler trusts the Bock-lead inference (None: :data:`BOCK_TRUST`)."""
    learn: bool = LEARN_BOCKS
    """Whether an opponent proven not to cash his Bocks is read by the rule no more
    (:func:`bock_leads`' ``learn``)."""
    _cache: tuple[View, Any] | None = None
    _template: JassDeal | None = None
    """A deal replayed to the view's point, whose copies with other hands are the samples."""

    def sample(self, view: View, rng: random.Random) -> Deal:
        """A deal agreeing with the view: own hand, cards played, voids, Weis shown."""
        facts = self._facts(view)
        fallback: Deal | None = None
        trust = BOCK_TRUST if self.bock_trust is None else self.bock_trust
        worst = (True, 1 << 30)
        tries = 0
        for _ in range(MAX_TRIES):
            if fallback is not None:
                # the soft constraints (Weis announced, how opponents lead and follow):
                # when they are hard to meet, a few more tries, then the sample that
                # breaks fewest of them
                tries += 1
                if tries > SOFT_TRIES:
                    break
            hands = _sample_hands(facts, rng)
            if hands is None:
                continue
            weis_bad = not weis_agree(hands, facts.seen, facts.me, self.rules)
            misses = lead_misses(hands, facts.leads) + play_misses(hands, facts.plays)
            agree = not weis_bad and (not misses or rng.random() < trust ** misses)
            if not agree and fallback is not None and (weis_bad, misses) >= worst:
                continue
            deal = self._deal(view, hands)
            if deal is None:
                continue
            if agree:
                return deal
            fallback, worst = deal, (weis_bad, misses)
        if fallback is not None:
            return fallback
        raise NoConsistentDeal(f"no Jass deal agrees with the view of seat {facts.me} after "
                               f"{MAX_TRIES} tries")

    def _facts(self, view: View) -> _Facts:
        """What the samples of ``view`` must agree with, read once per view."""
        if self._cache is None or self._cache[0] is not view:
            self._template = None
            seen = read_view(self.rules, view, follows=PLAY_FACTS)
            me = view.seat
            others = [s for s in range(4) if s != me]
            pool = seen.unseen
            allowed = [FULL & ~seen.voids[s] for s in others]
            forced = [seen.shown[s] & pool for s in others]
            # nothing known of who holds what (no void, no card shown): a shuffle of the
            # unseen cards, cut by hand sizes, is a uniform assignment and cheaper than
            # assign_cards
            free = not any(forced) and not any(pool & ~a for a in allowed)
            self._cache = (view, _Facts(seen, me, others, pool,
                                        [9 - seen.played[s].bit_count() for s in others],
                                        allowed, forced, bock_leads(seen, self.learn),
                                        play_facts(seen) if PLAY_FACTS else [], free,
                                        bit_list(pool)))
        facts: _Facts = self._cache[1]
        return facts

    def _deal(self, view: View, hands: list[int]) -> JassDeal | None:
        """The deal of ``hands`` at the view's point, or None when the history does not
        replay on it: the first by replaying the history, the next as copies of it."""
        if self._template is None:
            fresh = self.rules.deal(hands=[JASS_DECK.codes_of(h) for h in hands],
                                    dealer=view.dealer)
            if not replay(fresh, view.history, to_move=view.to_move):
                return None
            assert isinstance(fresh, JassDeal)
            self._template = fresh.clone()
            return fresh
        # the same point of the same history with these hands: checked as the replay does,
        # without building the deal anew
        return self._template.with_hands(hands)


class _Facts(NamedTuple):
    """What :class:`JassDeterminizer` reads of a view once, for all its samples."""

    seen: JassSeen
    me: int
    others: list[int]
    pool: int
    sizes: list[int]
    allowed: list[int]
    forced: list[int]
    leads: list[tuple[int, int, int, int]]
    plays: list[tuple[int, int]]
    free: bool
    unseen: list[int]


def _sample_hands(facts: _Facts, rng: random.Random) -> list[int] | None:
    """Every seat's hand as play started, the unseen cards dealt at random within the
    voids shown and the Weis cards shown (None: that draw failed)."""
    if facts.free:
        rnd = rng.random
        shuffled = sorted(facts.unseen, key=lambda _: rnd())
        cut: list[int] = []
        at = 0
        for n in facts.sizes:
            m = 0
            for c in shuffled[at:at + n]:
                m |= 1 << c
            cut.append(m)
            at += n
        got: list[int] | None = cut
    else:
        got = assign_cards(facts.pool, facts.sizes, facts.allowed, rng, facts.forced)
    if got is None:
        return None
    seen = facts.seen
    hands = [0, 0, 0, 0]
    hands[facts.me] = seen.hand | seen.played[facts.me]
    for s, m in zip(facts.others, got, strict=True):
        hands[s] = m | seen.played[s]
    return hands


def _pick(mask: int, seat: int, pos: int, led: int, best: int, best_seat: int,
          keys: tuple[tuple[int, ...], ...], value: tuple[int, ...], trump_mask: int,
          rnd: Any, cheap: tuple[int, ...]) -> int:
    """The greedy rollout policy for one card (see the module docstring)."""
    if pos == 0 or rnd() < EPSILON:
        k = int(rnd() * mask.bit_count())
        for _ in range(k):
            mask &= mask - 1
        return (mask & -mask).bit_length() - 1
    if (best_seat ^ seat) & 1 == 0:
        # partner wins so far: feed points when last, otherwise throw low
        pick = -1
        if pos == 3:
            score = -1
            m = mask & ~trump_mask
            while m:
                low = m & -m
                c = low.bit_length() - 1
                m ^= low
                if value[c] > score:
                    score, pick = value[c], c
        if pick >= 0:
            return pick
    else:
        # the weakest card that takes the trick (the trick keys: trick.winners, inlined)
        kl = keys[led]
        pb = kl[best]
        pick = -1
        pp = 1000
        m = mask
        while m:
            low = m & -m
            c = low.bit_length() - 1
            m ^= low
            pc = kl[c]
            if pb < pc < pp:
                pp, pick = pc, c
        if pick >= 0:
            return pick
    return first_min(mask, cheap)  # throw the cheapest card


def _top_lead(hand: int, hands: list[int], mode: int) -> int:
    """A card of ``hand`` that no other hand can beat in its suit (a "bock"), or -1: in the
    first suit where the hand's strongest card is one."""
    others = (hands[0] | hands[1] | hands[2] | hands[3]) & ~hand
    above = ABOVE[mode]
    for s, strongest in enumerate(_STRONGEST[mode]):
        mine = hand >> (9 * s) & 511
        if mine:
            c = 9 * s + strongest[mine]
            if not others & above[c]:
                return c
    return -1


def _strongest_ranks() -> tuple[tuple[tuple[int, ...], ...], ...]:
    out = []
    for mode in range(6):
        power = POWER[mode]
        out.append(tuple(
            tuple(max((r for r in range(9) if b >> r & 1), key=lambda r: power[9 * s + r],
                      default=0) for b in range(512)) for s in range(4)))
    return tuple(out)


_STRONGEST = _strongest_ranks()
"""_STRONGEST[mode][suit][pattern]: the rank of the strongest card of a suit's 9-bit
pattern (0 for none)."""
_LACKS = tuple(tuple(SUIT_MASK[led] & ~(1 << (mode * 9 + JACK) if led == mode else 0)
                     for led in range(4)) for mode in range(6))
"""_LACKS[mode][suit led]: what a player shows he lacks by playing neither the suit led nor
a trump (the Buur need not follow a trump lead): :func:`void_shown`, as a table."""


_FINISHED: list[tuple[Any, int, list[int]]] = [(None, 0, [])]
"""The last :func:`_public` answer for the finished tricks, keyed by the last finished trick's
entry itself: the samples of one decision (and their copies) share those entries, so the
rollouts of a decision read the finished tricks once. One tuple, swapped whole (safe
across threads)."""


def _public(deal: JassDeal) -> tuple[int, list[int]]:
    """The cards played so far and the voids each seat has shown, from the deal's tricks."""
    mode = deal.mode
    keys = TRICK_KEYS[mode]
    nxt = deal.next_player
    tricks = deal.tricks
    last = tricks[-1] if tricks else None
    done = _FINISHED[0]
    if last is not None and done[0] is last:
        played, voids = done[1], done[2][:]
    else:
        played, voids = _voids(((lead, cards) for lead, cards, _, _ in tricks), 0,
                               [0, 0, 0, 0], mode, keys, nxt)
        if last is not None:
            _FINISHED[0] = (last, played, voids[:])
    if deal.trick:
        played, voids = _voids(((deal.leader, tuple(deal.trick)),), played, voids, mode,
                               keys, nxt)
    return played, voids


def _voids(tricks: Any, played: int, voids: list[int], mode: int,
           keys: tuple[tuple[int, ...], ...], nxt: list[int]) -> tuple[int, list[int]]:
    """``played`` and ``voids`` (changed in place) after the ``(leader, cards)`` tricks."""
    for seat, cards in tricks:
        led = cards[0] // 9
        best = cards[0]
        for i, c in enumerate(cards):
            played |= 1 << c
            if i:
                voids[seat] |= void_shown(c, led, best, mode)
                if beats(keys[led], c, best):
                    best = c
            seat = nxt[seat]
    return played, voids


def jass_rollout(deal: Deal, rng: random.Random, model: int = -1,
                 noise: float = 0.0) -> Result:
    """Play a Jass deal to its end with the greedy policy; returns the result.

    ``model``: the side (0 or 1) whose seats play by the heuristic's rules instead
    (:func:`~atout.bots.jass.cards.card_choice`, from their own hand and what has been
    played), as a model of the table; 2: both sides (the heuristic's own game); -1: every
    seat greedy. ``noise``: the share of a modelled seat's cards played as a greedy seat's
    instead (a model that does not trust the heuristic's rules fully). The cards go through
    the engine's one trick loop (:meth:`~atout.games.jass.play.TrickPlay.play_tricks`) with
    this policy.
    """
    assert isinstance(deal, JassDeal)
    if deal.phase == "trump":
        seat = deal.turn
        modes = deal.rules.mode_mask
        deal.step(choose_trump(deal.hands[seat], modes, not deal.pushed))
        if deal.phase == "trump":
            seat = deal.turn
            deal.step(choose_trump(deal.hands[seat], modes, False))
    deal.play_tricks(rng, rollout_policy(deal, rng, model, noise), record=False)
    return Result(tuple(deal.team_totals() * 2))  # the points only: a search reads no more


_CHEAP = tuple(tuple(VALUE[m][c] * 200 + POWER[m][c] for c in range(36)) for m in range(6))
"""_CHEAP[mode][card]: the order in which :func:`_pick` throws its cheapest card (value,
then power)."""
_MODELLED = ((True, False, True, False), (False, True, False, True), (True, True, True, True))
"""Per ``model`` (0, 1, 2) and seat: whether the seat plays by the heuristic's rules."""
_PULLS = ((True, False, True, False), (False, True, False, True))
"""Per side that chose trump and seat: whether the seat's side chose it."""


def rollout_policy(deal: JassDeal, rng: random.Random, model: int = -1,
                   noise: float = 0.0) -> CardPolicy:
    """The rollout's choice of card on ``deal`` (in play), for
    :meth:`~atout.games.jass.play.TrickPlay.play_tricks`; ``model`` as in
    :func:`jass_rollout`, and ``noise`` too.

    Greedy seats lead a card nobody can beat (a Bock) in a share :data:`LEAD_TOP` of their
    leads and otherwise play :func:`_pick`; modelled seats play the heuristic's
    :func:`~atout.bots.jass.cards.card_choice` from the cards still out (every card not
    played is in some hand of a perfect-information deal) and the voids shown.
    """
    rnd = rng.random
    mode = deal.mode
    power = POWER[mode]
    keys = TRICK_KEYS[mode]
    value = VALUE[mode]
    suit = SUIT_MASK
    trump_mask = suit[mode] if mode < 4 else 0
    hands = deal.hands
    nxt = deal.next_player
    cheap = _CHEAP[mode]
    if model < 0:
        def greedy(seat: int, pos: int, mask: int, led: int, best: int, best_seat: int,
                   pts: int) -> int:
            if not mask & (mask - 1):
                return mask.bit_length() - 1
            if not pos and rnd() < LEAD_TOP:
                c = _top_lead(mask, hands, mode)
                if c >= 0:
                    return c
            return _pick(mask, seat, pos, led, best, best_seat, keys, value, trump_mask, rnd,
                         cheap)

        return greedy
    voids = _public(deal)[1]
    lacks = _LACKS[mode]
    side = FULL & ~trump_mask  # an under-trump shows that the hand held no side card
    # per seat: whether it plays by the heuristic's rules, its partner, whether its side
    # chose trump
    modelled = _MODELLED[model]
    partner = (nxt[nxt[0]], nxt[nxt[1]], nxt[nxt[2]], nxt[nxt[3]])
    pulls = _PULLS[deal.chooser & 1]

    def pick(seat: int, pos: int, mask: int, led: int, best: int, best_seat: int,
             pts: int) -> int:
        if not mask & (mask - 1):
            c = mask.bit_length() - 1
        elif modelled[seat] and not (noise and rnd() < noise):
            # card_choice on a state made here (every card not played is in some hand)
            hand = hands[seat]
            c = first_rule_card(CardState(
                mask, hand, seat, pos, pos == 3, led, best, best_seat, partner[seat], pts,
                (hands[0] | hands[1] | hands[2] | hands[3]) & ~hand, voids[nxt[seat]],
                pulls[seat], mode))
        else:
            c = -1
            if not pos and rnd() < LEAD_TOP:
                c = _top_lead(mask, hands, mode)
            if c < 0:
                c = _pick(mask, seat, pos, led, best, best_seat, keys, value, trump_mask,
                          rnd, cheap)
        if pos:
            # void_shown, inlined: neither the suit led nor a trump, or an under-trump
            su = c // 9
            if su != led:
                if su != mode:
                    voids[seat] |= lacks[led]
                elif power[best] >= 100 and power[c] < power[best]:
                    voids[seat] |= side
        return c

    return pick


def jass_batch(deals: Sequence[Deal], actions: Sequence[Action], reuse: int, seat: int,
               seed: int, model: int = -1) -> list[float]:
    """The batched rollouts of the search's ``kernel`` option: every sampled deal encoded
    for :mod:`atout.kernels.jass`, ``reuse`` rollouts of each after each card in one kernel
    call (:func:`atout.kernels.jass_policy.policy_rollouts_kernel`): the side ``model``
    (as :func:`jass_rollout`'s; the search's model of the table) by the heuristic's rules,
    the other seats by the greedy policy (``model=-1``: every seat greedy, as
    :func:`atout.kernels.jass_search.rollouts`)."""
    import numpy as np

    from atout.kernels.jass import encode

    first = deals[0]
    assert isinstance(first, JassDeal)
    states = np.stack([encode(d) for d in deals])
    return kernel_rollouts(states, actions, reuse, seat, seed, model, _public(first)[1],
                            first.chooser)


_BASES: list[tuple[View | None, Any]] = [(None, None)]
"""The last view's base state for :func:`jass_worlds` (its public points, no hidden hand
read), swapped whole."""


WorldFacts = tuple[Any, ...]
"""The arguments of :func:`atout.kernels.jass_sample.sample_worlds_kernel` before the count
and the seed (see :func:`world_facts`)."""


def _weis_facts(rules: Rules[Any], seen: JassSeen, others: list[int], first: bool
                ) -> tuple[int, list[int], int, int, int, int] | None:
    """The Weis facts of :func:`world_facts`: the seats that announced none (bits), each
    seat's total announced and the seats that announced Weis (bits; the shown ones' cards
    are forced into their hands too), the best key of the Weis shown and the seats whose
    Weis may be as good (after their holder in the first trick's order, :func:`_beaten`, or
    shown themselves), and the
    first trick's Weis still to score (0, 1, or 2 with the tie to both sides); None where
    the kernel's Weis finder
    (:func:`atout.kernels.putze_sample.weis_of`) does not score as these rules (a nine-card
    run not worth 100, the low fours, a card shared by two Weis) and must find them."""
    options = rules.options
    announced = [0] * 4
    quiet = weis_seats = 0
    if not options.weis:
        return 0, announced, 0, -1, 0, 0
    for s in others:
        if not seen.played[s]:
            continue
        said = seen.announced.get(s, 0)
        if not said:
            quiet |= 1 << s
        else:
            announced[s] = said
            weis_seats |= 1 << s
    plain = (options.big_sequences or getattr(options, "nine_sequence", 100) == 100) \
        and not getattr(options, "low_fours", 0) and not getattr(options, "weis_share", False)
    if (weis_seats or first) and not plain:
        return None
    both = getattr(options, "weis_tie", "first") == "both"
    now = 0
    if first:
        now = 2 if both else 1
    beat, after = _beaten(seen, bool(options.big_sequences), both) if weis_seats else (-1, 0)
    for s in others:
        if seen.shown[s]:
            after |= 1 << s  # his own Weis, shown: the totals only
    return quiet, announced, weis_seats, beat, after, now


def _beaten(seen: JassSeen, big: bool, both: bool) -> tuple[int, int]:
    """The best key (:func:`atout.kernels.putze_sample.weis_of`'s) of the Weis shown, which
    beat every Weis announced and not shown, and the seats after its holder in the first
    trick's order (a Weis as good as it lost there; none with the tie to both sides);
    ``(-1, 0)`` when none is shown."""
    from atout.kernels.putze_sample import weis_of

    if not seen.leads:
        return -1, 0
    order = [seen.leads[0][0]]
    while len(order) < 4:
        order.append(seen.next_seat[order[-1]])
    best, holder = -1, -1
    for s in order:
        if seen.shown[s]:
            key = int(weis_of(seen.shown[s], int(big), seen.mode)[1])
            if key > best:
                best, holder = key, s
    if holder < 0 or both:
        return best, 0
    return best, sum(1 << s for s in order[order.index(holder) + 1:])


def world_facts(sampler: Sampler, view: View, seed: int) -> WorldFacts | None:
    """What the kernel's sampler must agree with for ``view``, as its arguments (numpy
    arrays): the base state (the view's point, with the public Weis and Stöck points), the
    seats that hold unseen cards, the pool, their hand sizes, voids and shown cards, the
    cards each seat played, the Bock-lead facts and their weights, the Stöck still to come,
    the Weis facts (:func:`_weis_facts`: the seats that announced none, the totals
    announced and not shown, big sequences, the first trick's Weis still to score), the
    cards played in order from the first leader with the seats read as the heuristic's
    play (:data:`PLAY_READERS`), the trump chooser and the keep weights, the tries. From
    the first card of the play on; None where the Python sampler must draw: in the trump
    choice, or under Weis rules the kernel does not score."""
    import numpy as np

    from atout.kernels import jass as kj
    from atout.kernels.kit import keep_weights

    if not isinstance(sampler, JassDeterminizer):
        return None
    facts = sampler._facts(view)
    seen = facts.seen
    if seen.mode < 0:
        return None
    first = sum(p.bit_count() for p in seen.played) < 4
    weis = _weis_facts(sampler.rules, seen, facts.others, first)
    if weis is None:
        return None
    quiet, announced, weis_seats, beat, after, now = weis
    made = _BASES[0]
    if made[0] is not view:
        deal = sampler.sample(view, random.Random(seed))
        assert isinstance(deal, JassDeal)
        base = kj.encode(deal)
        weis, stoeck = view.info.get("weis_points"), view.info.get("stoeck_points")
        for side in range(2):
            # the view's points (a sample's Weis may have gone to the other side)
            base[kj.ST_BASE + side] = (int(weis[side]) if isinstance(weis, list) else 0) \
                + (int(stoeck[side]) if isinstance(stoeck, list) else 0)
        kq = 0
        if deal.stoeck_enabled and deal.mode < 4 and not deal.stoeck_said:
            kq = 1 << (deal.mode * 9 + 7) | 1 << (deal.mode * 9 + 6)
        made = (view, (base, kq))
        _BASES[0] = made
    base, kq = made[1]
    keep32 = keep_weights(BOCK_TRUST, len(facts.leads) + 1)
    plays = view_plays(sampler.rules, view, seen.gone)
    me = view.seat
    readers = 0
    if PLAY_TRUST < 1 and plays:
        for s in facts.others:
            if PLAY_READERS == "others" or (PLAY_READERS == "opponents" and (s - me) % 2):
                readers |= 1 << s
    return (base, np.array(facts.others, dtype=np.int64), facts.pool,
            np.array(facts.sizes, dtype=np.int64), np.array(facts.allowed, dtype=np.int64),
            np.array(facts.forced, dtype=np.int64), np.array(seen.played, dtype=np.int64),
            np.array(facts.leads, dtype=np.int64).reshape(-1, 4), keep32, kq, quiet,
            np.array(announced, dtype=np.int64), weis_seats,
            int(sampler.rules.options.big_sequences), beat, after, now,
            np.array([c for _, c in plays], dtype=np.int64), plays[0][0] if plays else me,
            readers, seen.chooser, keep_weights(PLAY_TRUST, PLAY_MISSES + 1), MAX_TRIES,
            PLAY_SOFT if readers else SOFT_TRIES)


def jass_worlds(sampler: Sampler, view: View, actions: Sequence[Action], count: int,
                reuse: int, seat: int, seed: int, model: int = -1
                ) -> tuple[list[float], int] | None:
    """The search's ``kernel`` rounds of the card play, from its first card: ``count`` deals
    consistent with the view sampled in the kernel
    (:func:`atout.kernels.jass_sample.sample_worlds_kernel` on :func:`world_facts`: the
    voids shown, the Weis cards shown, the hand sizes, the Weis announced and the
    opponents' leads read as :class:`JassDeterminizer` reads them, and their cards read as
    the heuristic's play (:data:`PLAY_TRUST`), the first trick's Weis scored from the
    world's hands) and rolled out as :func:`jass_batch` does (``model`` as
    there); the summed values per action and the worlds used. None where the Python sampler
    must draw the deals."""
    from atout.kernels import jass as kj
    from atout.kernels.jass_sample import sample_worlds_kernel

    facts = world_facts(sampler, view, seed)
    if facts is None:
        return None
    sample: Any = sample_worlds_kernel  # its arguments: the facts, then these two
    worlds = sample(*facts, count, seed)
    worlds = worlds[worlds[:, kj.ST_TURN] == seat]
    if not len(worlds):
        return None
    assert isinstance(sampler, JassDeterminizer)
    seen = sampler._facts(view).seen
    return (kernel_rollouts(worlds, actions, reuse, seat, seed ^ 0x5DEECE66D, model,
                             seen.voids, seen.chooser), len(worlds))


def warm_up() -> bool:
    """The kernel calls of a decision in the first trick and of one past it (every
    signature the search uses), which compile them or load them from the cache; whether
    they ran (:func:`atout.bots.jass.kernel.kernel_ready`'s warm-up)."""
    from atout.games import make

    rules = make("jass")
    deal: Any = rules.deal(seed=0, dealer=0)
    rng = random.Random(0)
    while deal.to_move is not None and (deal.phase != "play" or not deal.tricks or deal.trick):
        deal.play(rng.choice(deal.legal_actions()))
    view = deal.view(deal.to_move)
    legal = [rules.actions.parse(t) for t in view.legal]
    sampler = JassDeterminizer(rules)
    side = 1 - view.seat % 2
    jass_batch([sampler.sample(view, rng)], legal, 1, view.seat, 0, side)
    return jass_worlds(sampler, view, legal, 2, 1, view.seat, 0, side) is not None


def kernel_ready(wait: bool = False) -> bool:
    """Whether the search's kernels are ready (:func:`atout.bots.jass.kernel.kernel_ready`
    with :func:`warm_up`, looked up at each call: the tests replace it); ``wait`` waits for
    them."""
    return jass_kernel.kernel_ready(warm_up, wait)


def jass_solver(sample: Deal) -> Callable[[Deal, int], float]:
    """An exact solver for one sampled deal: ``(deal after an action, seat) -> margin``.

    The margin is the seat's side's card points minus the other side's at the end of the
    deal, both sides playing perfectly with every hand known. One solver serves every action
    of the sample, so positions reached through several actions are solved once.
    """
    assert isinstance(sample, JassDeal)
    solver = EndgameSolver(sample.mode, sample.next_player, sample.match_bonus_enabled(),
                           strict_under=sample.strict_under, buur_free=sample.buur_free)

    def exact(deal: Deal, seat: int) -> float:
        assert isinstance(deal, JassDeal)
        pts = deal.card_points
        bonus = deal.bonus_points
        v = pts[0] + bonus[0] - pts[1] - bonus[1] + solve_deal(deal, solver)
        return float(v if seat & 1 == 0 else -v)

    return exact


def explain(rules: Rules[Any], view: View, action: Action) -> str:
    """Why a Jass action is good, in a player's words (for hints)."""
    from atout.bots.jass.hint import explain_jass

    return explain_jass(rules, view, action)


def _heuristic(rules: Rules[Any], seat: int, seed: int = 0, trump: str = "value",
               cards: str = "v2", **kw: Any) -> JassHeuristic:
    if kw:
        raise ValueError("the Jass heuristic takes only trump=value|count|random and "
                         f"cards=v2|v1|greedy|rollout, not {', '.join(kw)}")
    from atout.bots.jass.heuristic import CARD_STYLES
    from atout.bots.jass.mixture import CARD_PLAYERS, GreedyJass, RolloutJass

    if cards == "greedy":
        return GreedyJass(rules, seat, seed, trump=str(trump))
    if cards == "rollout":
        return RolloutJass(rules, seat, seed, trump=str(trump),
                           sampler=JassDeterminizer(rules), policy=rollout_policy)
    if str(cards) not in CARD_STYLES:
        raise ValueError(f"Jass heuristic: cards={cards!r}, expected one of "
                         f"{', '.join([*CARD_STYLES, *CARD_PLAYERS])}")
    return JassHeuristic(rules, seat, seed, trump=str(trump), cards=str(cards))


def reason(rules: Rules[Any], view: View, action: Action) -> Reason:
    """Why a Jass action is good, as data for any language (for hints)."""
    from atout.bots.jass.hint import reason_jass

    return reason_jass(rules, view, action)


PARTS = GameParts(heuristic=_heuristic, sampler=JassDeterminizer, rollout=jass_rollout,
                  budget=Budget(playouts=1000, reuse=2),
                  options=SearchOptions(tie=3.0, model=1, key="heuristic",
                                        kernel=KERNEL_DEFAULT),
                  key_phases=frozenset({"trump"}), key_factor=4,
                  model=TableModel(jass_rollout), exact=Exact(jass_solver, cost=30),
                  explain=explain, reason=reason, candidates=partner_candidates,
                  batch=Batch(jass_batch, reuse=1, worlds=jass_worlds, takes_model=True,
                              ready=kernel_ready))
"""The Jass bots' parts."""

__all__ = ["PARTS", "JassDeterminizer", "jass_batch", "jass_rollout", "jass_worlds", "kernel_ready",
           "warm_up", "world_facts"]
