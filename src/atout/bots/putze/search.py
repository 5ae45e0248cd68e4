"""Putze for the bots: the heuristic player, a sampler of hidden cards, a rollout.

The heuristic plays when its hand should make the 21 points that keep a pomme away (trump
strength counted as in Jass), takes the blind with a weak hand, always takes the turned card
with the six, discards its cheapest cards for the better cards, and plays the cards as the
Jass heuristic does, alone (no partner to feed).

The sampler deals the unseen cards to the other hands (respecting shown voids and sizes), to
the blind (its turned card on top), to a blind taker's set-aside hand and to the stock, places
the turned card and an exchanged six where the view says they are, builds the deal through
``rules.deal(hands=..., blind=..., stock=..., trump=...)`` and replays the history as the
final check. At the two-player table with the better cards (27.21) the other player's
discards are hidden actions: the sampler draws the cards he put away (cheap side cards far
more often than trumps), his hand, the packets not seen and the stock, builds the deal with
``rules.deal(hands=..., better=..., stock=...)`` and replays the history with its own
discards in place of the hidden ones.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from atout.bots.base import Bot
from atout.bots.determinize import MAX_TRIES, Determinizer, NoConsistentDeal, assign_cards, replay
from atout.bots.jass.heuristic import (
    FULL,
    card_style,
    choose_card,
    read_view,
    trump_tricks,
)
from atout.bots.parts import Batch, Budget, GameParts, Sampler, SearchOptions
from atout.bots.putze import kernel as putze_kernel
from atout.bots.putze.kernel import KERNEL_DEFAULT, REUSE, batch_rollouts
from atout.bots.putze.speak import PUTZE_CARDS, SAMPLES, speak_values, word_of
from atout.cards import JASS_DECK, bit_list
from atout.core import Action, Deal, Result, Rules, View
from atout.games.jass.play import POWER, VALUE

SOFT_TRIES = 12
"""Tries spent on the announced Weis once a sample agreeing with the play exists."""
WORLDS_FACTOR = 8
"""The card play's budget, times :data:`PARTS`' (600 playouts), where the kernel samples its
deals (``kworlds``, the default where numba compiles): 4,800 playouts at about 10 ms of CPU
a decision (docs/performance.md, "Sampling inside the kernel")."""
PLAY_FROM = {2: 1.6, 3: 1.5, 4: 1.6, 5: 1.2}
"""Estimated tricks from which the heuristic plays, by number of players."""


def _word(rules: Rules[Any], text: str) -> int:
    return int(rules.actions.parse(text))


def speak(rules: Rules[Any], hand: int, mode: int, legal: int) -> int:
    """Play, pass, take the blind or keep one's game, by the hand's strength in trump."""
    players = rules.seats
    est = trump_tricks(hand, mode)
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


SPEAK_POLICIES = ("value", "count")
"""How the heuristic says play, pass or takes the blind: ``value``, the word worth most over
sampled deals played out by the heuristic (:mod:`atout.bots.putze.speak`); ``count``, the
trick count and its thresholds (:func:`speak`)."""


class PutzeHeuristic(Bot):
    """Plays Putze by rules of thumb (see docs/bots.md).

    ``speak`` is one of :data:`SPEAK_POLICIES` (``heuristic:speak=count`` from a bot name);
    ``samples``: the sampled deals per word for ``speak=value``; ``cards``: the card play,
    one of :data:`~atout.bots.jass.heuristic.CARD_STYLES` (its play and the play it expects
    of the others when it speaks; default :data:`~atout.bots.putze.speak.PUTZE_CARDS`).
    """

    name = "heuristic"

    def __init__(self, rules: Rules[Any], seat: int, seed: int = 0, speak: str = "value",
                 samples: int = SAMPLES, cards: str = PUTZE_CARDS) -> None:
        super().__init__(rules, seat, seed)
        self.style = card_style(cards, "Putze heuristic")
        if speak not in SPEAK_POLICIES:
            raise ValueError(f"Putze heuristic: speak={speak!r}, expected one of "
                             f"{', '.join(SPEAK_POLICIES)}")
        if samples < 1:
            raise ValueError(f"Putze heuristic: samples={samples}, expected a whole number "
                             f"of 1 or more")
        self.speak = speak
        self.samples = samples
        self._sampler: PutzeDeterminizer | None = None
        self.weighed: dict[str, tuple[float, int]] = {}
        """The words of the last decision valued by evaluation (see :attr:`atout.bots.hint.
        Hint.worth`): each word's mean points for the seat and the sampled deals played."""

    def choose(self, view: View) -> Action:
        """The heuristic's action for the seat of ``view``."""
        actions = self.rules.actions
        legal = self.legal_mask(view)
        mode = "HDSC".index(str(view.info["trump"]))
        hand = JASS_DECK.mask(view.hand)
        self.weighed = {}
        if view.phase == "speak" and self.speak == "value":
            count = pre_play(self.rules, view.phase, hand, mode, legal)
            if not legal & (legal - 1):
                return actions[count]
            if self._sampler is None:
                self._sampler = PutzeDeterminizer(self.rules)
            values = speak_values(self._sampler, view, legal, self.rng, pre_play,
                                  self.samples, self.style)
            self.weighed = {actions[a].text: (v, self.samples) for a, v in values.items()}
            return actions[word_of(values, count)]
        if view.phase != "play":
            return actions[pre_play(self.rules, view.phase, hand, mode, legal)]
        seen = read_view(self.rules, view)
        seen.partner = -1
        seen.pull_trumps = True
        return actions[choose_card(seen, legal, self.style)]


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


def putze_rollout_to_play(deal: Deal) -> None:
    """The heuristic's choices before the card play (play or pass, the blind, the six, the
    better cards), made on ``deal`` in place until the card play or the end."""
    rules = deal.rules
    while deal.to_move is not None and getattr(deal, "phase", "play") != "play":
        seat = deal.to_move
        hand = deal.hands[seat]  # type: ignore[attr-defined]
        mode = deal.mode  # type: ignore[attr-defined]
        deal.step(pre_play(rules, deal.phase, hand, mode,  # type: ignore[attr-defined]
                                deal.legal_mask()))


def putze_rollout(deal: Deal, rng: random.Random) -> Result:
    """The heuristic's choices before the play, then random card play to the end."""
    putze_rollout_to_play(deal)
    return deal.playout(rng)


def kernel_ready() -> bool:
    """Whether the search's card play runs on the kernel now (:func:`atout.bots.putze.kernel.
    kernel_ready`, looked up at each call: the tests replace it)."""
    return putze_kernel.kernel_ready()


def _kernel_worlds(sampler: Sampler, view: View, actions: Sequence[Action], count: int,
                   reuse: int, seat: int, seed: int) -> tuple[list[float], int] | None:
    """:func:`atout.bots.putze.worlds.putze_worlds` (imported at the first call: numpy)."""
    from atout.bots.putze.worlds import putze_worlds

    return putze_worlds(sampler, view, actions, count, reuse, seat, seed)


def _heuristic(rules: Rules[Any], seat: int, seed: int = 0, **kw: Any) -> PutzeHeuristic:
    unknown = set(kw) - {"speak", "samples", "cards"}
    if unknown:
        raise ValueError(f"the Putze heuristic takes speak=, samples= and cards=, not "
                         f"{', '.join(sorted(unknown))}")
    speak_policy = str(kw.get("speak", "value"))
    try:
        samples = int(kw.get("samples", SAMPLES))
    except (TypeError, ValueError):
        raise ValueError(f"Putze heuristic: samples={kw['samples']!r}, expected a whole "
                         f"number") from None
    return PutzeHeuristic(rules, seat, seed, speak_policy, samples,
                          str(kw.get("cards", PUTZE_CARDS)))


PARTS = GameParts(heuristic=_heuristic, sampler=PutzeDeterminizer, rollout=putze_rollout,
                  budget=Budget(playouts=600, reuse=2),
                  options=SearchOptions(key="heuristic", kernel=KERNEL_DEFAULT),
                  key_phases=frozenset({"speak"}), key_factor=2,
                  batch=Batch(batch_rollouts, reuse=REUSE, ready=kernel_ready,
                              worlds=_kernel_worlds, worlds_factor=WORLDS_FACTOR))
"""The Putze bots' parts: the card play's rollouts on the kernel where numba compiles it
(:mod:`atout.bots.putze.kernel`), its deals sampled there too past the first trick
(:mod:`atout.bots.putze.worlds`)."""

__all__ = ["PARTS", "PutzeDeterminizer", "PutzeHeuristic", "kernel_ready", "putze_rollout",
           "putze_rollout_to_play"]

