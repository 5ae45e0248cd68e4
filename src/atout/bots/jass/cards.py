"""The Jass heuristic's card play, on bitmasks: one rule set for the player and the rollouts.

:func:`card_choice` is the card a club player picks by the rules of thumb written down in
docs/bots.md (leading conventions, Schmieren, winning cheaply, keeping the Buur and the Nell).
It takes only what the player knows — his hand, the cards not yet played, the trick, the
voids the next player has shown — as plain integers, so the heuristic player calls it on its
view and the search's rollouts call it inside a perfect-information playout, where it plays
the other side exactly as the heuristic would from the same cards.

The rules of thumb are short named functions over a :class:`CardState`, tried in order
(:data:`TRUMP_LEAD_RULES`, :data:`NO_TRUMP_LEAD_RULES`, :data:`FOLLOW_RULES`): the first that
names a card plays it (a rule that does not apply answers -1), and the last rule of each list
always names one. The style flags below switch single rules on.
"""

from __future__ import annotations

from collections.abc import Callable

from atout.games.jass.ranks import ABOVE, BEATERS, JACK, NINE, POWER, SUIT_MASK, VALUE

__all__ = ["ABOVE", "CLASSIC", "DEFENCE", "DRAW_LOW", "EARLY_RULES", "FOLLOW_RULES",
           "KEEP_TRUMPS", "LAST_RULES", "NO_TRUMP_LEAD_RULES", "PARTNER_RULES", "SECOND_TEN",
           "SHORT_TOPS", "SPARE_HONOURS", "STANDARD", "TRUMP_LEAD_RULES", "CardRule",
           "CardState", "card_choice", "first_rule_card"]

DEFENCE = 1
"""The defenders keep their Bocks while the declarers may still ruff them, and lead low in the
suit the other hands hold fewest of (the partner may ruff it)."""
DRAW_LOW = 2
"""The side that chose trump draws trumps with a low one from three or more when it lacks the
best trump, and does not lead a top trump it holds alone."""
SPARE_HONOURS = 4
"""The last seat ruffs with the Buur or the Nell only for 10 points or more."""
KEEP_TRUMPS = 8
"""A card thrown away is a plain card while there is one, never a trump first."""
SHORT_TOPS = 16
"""At Obenabe and Undenufe, the top cards of the shortest suit are led first."""
SECOND_TEN = 32
"""Second to play to a side suit the other side led, the ten of that suit is played at once when
a card still out beats it: the partner, last, may win the trick, and later the ten would fall
to that card."""
CLASSIC = 0
"""The card play before issue 23 (``heuristic:cards=v1``)."""
STANDARD = DEFENCE | DRAW_LOW | SPARE_HONOURS | KEEP_TRUMPS | SHORT_TOPS | SECOND_TEN
"""Every rule above: the heuristic's default (``cards=v2``)."""

HONOURS = tuple((1 << (m * 9 + JACK)) | (1 << (m * 9 + NINE)) if m < 4 else 0 for m in range(6))
"""HONOURS[mode]: the Buur and the Nell, the trumps a player keeps (none without trump)."""

# The rules compare cards by integer keys that order them as tuples would (values below 32,
# powers below 128), scanning the cards from the lowest index and keeping the first best, as
# min() and max() do: the same cards, without building tuples.


class CardState:
    """What a rule of thumb reads: the seat's position in the trick and the mode's tables.

    ``legal``: the legal cards (two or more); ``hand``: the seat's cards; ``seat``: the seat
    playing; ``pos``: cards on the table; ``last``: the seat plays the trick's last card;
    ``led``, ``best``, ``best_seat``: the suit led, the card winning so far and its seat (-1
    when leading);
    ``partner``: the partner's seat (-1: none); ``points``: the card points on the table;
    ``unseen``: the cards in the other hands (or not known to be out of play);
    ``voids_next``: the cards the next player has shown he lacks; ``pull_trumps``: the
    seat's side chose trump; ``mode``; ``style``: the rule flags. ``value``, ``power``,
    ``trumps``, ``above`` and ``honours`` are the mode's tables.
    """

    __slots__ = ("above", "best", "best_seat", "hand", "honours", "last", "led", "legal",
                 "mode", "partner", "points", "pos", "power", "pull_trumps", "seat", "style",
                 "trumps", "unseen", "value", "voids_next")

    def __init__(self, legal: int, hand: int, seat: int, pos: int, last: bool, led: int, best: int,
                 best_seat: int, partner: int, points: int, unseen: int, voids_next: int,
                 pull_trumps: bool, mode: int, style: int = STANDARD) -> None:
        # positional: made at every choice of a modelled rollout
        self.legal = legal
        self.hand = hand
        self.seat = seat
        self.pos = pos
        self.last = last
        self.led = led
        self.best = best
        self.best_seat = best_seat
        self.partner = partner
        self.points = points
        self.unseen = unseen
        self.voids_next = voids_next
        self.pull_trumps = pull_trumps
        self.mode = mode
        self.style = style
        self.value, self.power, self.trumps, self.above, self.honours = _TABLES[mode]

    def is_top(self, card: int) -> bool:
        """Whether no unseen card beats ``card`` in its suit (a Bock)."""
        return not self.unseen & self.above[card]


_TABLES: tuple[tuple[tuple[int, ...], tuple[int, ...], int, tuple[int, ...], int], ...] = tuple(
    (VALUE[m], POWER[m], SUIT_MASK[m] if m < 4 else 0, ABOVE[m], HONOURS[m]) for m in range(6))
"""Per mode: the card values, powers, the trump mask, the cards above and the honours."""

CardRule = Callable[[CardState], int]
"""A rule of thumb: the card it plays, or -1 when it does not apply."""


def card_choice(*, legal: int, hand: int, seat: int, pos: int, last: bool, led: int,
                best: int, best_seat: int, partner: int, points: int, out: int,
                voids_next: int, pull_trumps: bool, mode: int, style: int = STANDARD) -> int:
    """The heuristic's card among ``legal`` (a mask of the seat's legal cards).

    ``hand``: the seat's cards; ``seat``: the seat playing; ``pos``: cards on the table;
    ``last``: whether the seat plays the trick's last card; ``led``, ``best``, ``best_seat``:
    the suit led, the card winning so far and its seat (-1 when leading); ``partner``: the
    partner's seat (-1: none); ``points``: the card points on the table; ``out``: every card
    not yet played and not known to be out of play (the seat's own hand included);
    ``voids_next``: the cards the next player has shown he lacks; ``pull_trumps``: whether
    the seat's side chose trump; ``style``: which of the rules :data:`DEFENCE` to
    :data:`SECOND_TEN` apply (their sum; :data:`CLASSIC`: none of them). The first rule of
    the position's list that names a card plays it.
    """
    if legal & (legal - 1) == 0:
        return legal.bit_length() - 1
    return first_rule_card(CardState(legal, hand, seat, pos, last, led, best, best_seat, partner,
                                     points, out & ~hand, voids_next, pull_trumps, mode, style))


def first_rule_card(state: CardState) -> int:
    """The card of the first rule of thumb of the position's list that names one:
    :func:`card_choice` on a state already made (the rollouts make it themselves, without the
    keywords' cost; ``state.legal`` must hold two cards or more)."""
    # the rules of the position; a rule that cannot apply here is left out of its list
    if not state.pos:
        rules = TRUMP_LEAD_RULES if state.mode < 4 else NO_TRUMP_LEAD_RULES
    elif state.partner >= 0 and state.best_seat == state.partner:
        rules = PARTNER_RULES
    else:
        rules = LAST_RULES if state.last else EARLY_RULES
    for rule in rules:
        card = rule(state)
        if card >= 0:
            return card
    raise AssertionError("the last rule of each list always names a card")  # pragma: no cover


# --- leading with a trump suit ---------------------------------------------------------------

def draw_trumps(s: CardState) -> int:
    """The side that chose trump draws the others' trumps while any is out: with its best
    trump when no unseen trump beats it (with :data:`DRAW_LOW`, not when it is the only
    trump held), else (:data:`DRAW_LOW`) with its lowest trump that is not an honour when it
    holds three trumps or more."""
    mine = s.legal & s.trumps
    if not (mine and s.unseen & s.trumps and s.pull_trumps):
        return -1
    top = _most_power(mine, s.power)
    draw_low = s.style & DRAW_LOW
    if s.is_top(top):
        return top if not draw_low or mine & (mine - 1) else -1
    if draw_low and mine.bit_count() >= 3 and mine & ~s.honours:
        return _least_power(mine & ~s.honours, s.power)
    return -1


def cash_bock(s: CardState) -> int:
    """A Bock (a side card no unseen card beats) of the highest value, then power; with
    :data:`DEFENCE` a defender keeps his while trumps are out."""
    unseen, above = s.unseen, s.above
    if s.style & DEFENCE and not s.pull_trumps and s.unseen & s.trumps:
        return -1
    v, p = s.value, s.power
    k = pick = -1
    m = s.legal & ~s.trumps
    while m:
        c = (low := m & -m).bit_length() - 1
        m ^= low
        if not unseen & above[c]:
            key = v[c] * 128 + p[c]
            if key > k:
                k, pick = key, c
    return pick


def lead_low(s: CardState) -> int:
    """A low side card, keeping the Buur and the Nell: by (worth 10 or more, n, value, power),
    least first, where n is 9 less the suit's length in hand (the longest side suit), or with
    :data:`DEFENCE`, for a defender, the suit's cards in the other hands."""
    v, p = s.value, s.power
    short = s.style & DEFENCE and not s.pull_trumps
    k = 1 << 30
    pick = -1
    m = s.legal & ~s.trumps
    while m:
        c = (low := m & -m).bit_length() - 1
        m ^= low
        n = ((s.unseen & SUIT_MASK[c // 9]).bit_count() if short
             else 9 - (s.hand & SUIT_MASK[c // 9]).bit_count())
        key = (((v[c] >= 10) * 16 + n) * 32 + v[c]) * 128 + p[c]
        if key < k:
            k, pick = key, c
    return pick


def lead_least_trump(s: CardState) -> int:
    """Nothing but trumps: the weakest, an honour last, by (honour, power)."""
    p, honours = s.power, s.honours
    k = 1 << 30
    pick = -1
    m = s.legal
    while m:
        c = (low := m & -m).bit_length() - 1
        m ^= low
        key = (honours >> c & 1) * 128 + p[c]
        if key < k:
            k, pick = key, c
    return pick


# --- leading at Obenabe and Undenufe -------------------------------------------------------

def run_top_suit(s: CardState) -> int:
    """A top card of the longest suit it heads (the shortest with :data:`SHORT_TOPS`), of the
    highest value: by (length, value), most first."""
    unseen, above = s.unseen, s.above
    flip = 10 if s.style & SHORT_TOPS else 0
    v, hand = s.value, s.hand
    k = pick = -1
    m = s.legal
    while m:
        c = (low := m & -m).bit_length() - 1
        m ^= low
        if not unseen & above[c]:
            key = abs(flip - (hand & SUIT_MASK[c // 9]).bit_count()) * 32 + v[c]
            if key > k:
                k, pick = key, c
    return pick


def lead_low_no_trump(s: CardState) -> int:
    """No top card: a low card of a long suit, by (worth 10 or more, 9 less the suit's
    length, value), least first."""
    v, hand = s.value, s.hand
    k = 1 << 30
    pick = -1
    m = s.legal
    while m:
        c = (low := m & -m).bit_length() - 1
        m ^= low
        key = ((v[c] >= 10) * 16 + 9 - (hand & SUIT_MASK[c // 9]).bit_count()) * 32 + v[c]
        if key < k:
            k, pick = key, c
    return pick


# --- following ---------------------------------------------------------------------------

def schmieren(s: CardState) -> int:
    """The partner wins so far and the trick is safe (the seat is last, or the partner's card
    is the best still out and the next player cannot ruff it): feed it the side card of the
    highest value, a top card only if nothing else is worth giving, by (value, halved for a
    top card; value; less power), most first."""
    unseen, above = s.unseen, s.above
    best = s.best
    if s.partner < 0 or s.best_seat != s.partner:
        return -1
    p = s.power
    safe = s.last or (s.is_top(best) and (
        p[best] >= 100 or s.mode >= 4 or not s.voids_next & SUIT_MASK[s.led]))
    m = s.legal & ~s.trumps
    if not (safe and m):
        return -1
    v = s.value
    k = pick = -1
    while m:
        c = (low := m & -m).bit_length() - 1
        m ^= low
        vc = v[c]
        key = ((vc // 2 if not unseen & above[c] else vc) * 32 + vc) * 128 + 127 - p[c]
        if key > k:
            k, pick = key, c
    return pick


def spare_partners_trick(s: CardState) -> int:
    """The partner wins so far but the trick is not safe to feed: the cheapest card."""
    if s.partner < 0 or s.best_seat != s.partner:
        return -1
    return throw_cheapest(s)


def second_ten(s: CardState) -> int:
    """:data:`SECOND_TEN`: second to a side suit the other side led, the ten of that suit when
    an unseen card beats it."""
    unseen, above = s.unseen, s.above
    if not (s.style & SECOND_TEN and s.pos == 1 and s.partner >= 0 and s.led != s.mode):
        return -1
    v = s.value
    m = s.legal & SUIT_MASK[s.led]
    while m:
        c = (low := m & -m).bit_length() - 1
        m ^= low
        if v[c] == 10 and unseen & above[c]:
            return c
    return -1


def take_last(s: CardState) -> int:
    """Last to play: take the trick with the weakest card of the suit led that wins it, else
    ruff with the weakest trump for 4 points or more, the Buur or the Nell last (with
    :data:`SPARE_HONOURS`, those for 10 points only)."""
    if not s.last:
        return -1
    win = s.legal & BEATERS[s.mode][s.led][s.best]
    plain = win & ~s.trumps
    if plain:
        return _least_power(plain, s.power)
    points, honours = s.points, s.honours
    if win and points >= 4 and (win & ~honours or points >= 10
                                or not s.style & SPARE_HONOURS):
        return _least_power(win & ~honours or win, s.power)
    return -1


def take_early(s: CardState) -> int:
    """Not last: take the trick with a top card of the suit led of the highest value, else
    ruff for 10 points or more with a trump that is not an honour, for 20 with any, the
    weakest that wins."""
    unseen, above = s.unseen, s.above
    if s.last:
        return -1
    win = s.legal & BEATERS[s.mode][s.led][s.best]
    if not win:
        return -1
    v = s.value
    k = pick = -1
    m = win & ~s.trumps
    while m:
        c = (low := m & -m).bit_length() - 1
        m ^= low
        if not unseen & above[c] and v[c] > k:
            k, pick = v[c], c
    if k >= 0:
        return pick
    if s.points >= 10:
        ruff = win & s.trumps & ~s.honours
        if ruff:
            return _least_power(ruff, s.power)
        if s.points >= 20:
            return _least_power(win, s.power)
    return -1


def throw_cheapest(s: CardState) -> int:
    """The card that costs least to give away: low value, not an honour, not a top card.

    By (honour, top card worth 10 or more, value, trump, power), least first; with
    :data:`KEEP_TRUMPS`, (honour, top card worth 10 or more, trump, value, power)."""
    unseen, above = s.unseen, s.above
    v, p, honours = s.value, s.power, s.honours
    keep = 1 if s.style & KEEP_TRUMPS else 0
    k = 1 << 30
    pick = -1
    m = s.legal
    while m:
        c = (low := m & -m).bit_length() - 1
        m ^= low
        vc = v[c]
        pc = p[c]
        trump = pc >= 100
        key = ((((((honours >> c & 1) * 2 + (vc >= 10 and not unseen & above[c])) * 2
                  + (trump and keep)) * 32 + vc) * 2 + trump) * 128 + pc)
        if key < k:
            k, pick = key, c
    return pick


TRUMP_LEAD_RULES: tuple[CardRule, ...] = (draw_trumps, cash_bock, lead_low, lead_least_trump)
"""The lead with a trump suit, in order."""
NO_TRUMP_LEAD_RULES: tuple[CardRule, ...] = (run_top_suit, lead_low_no_trump)
"""The lead at Obenabe and Undenufe, in order."""
FOLLOW_RULES: tuple[CardRule, ...] = (schmieren, spare_partners_trick, second_ten, take_last,
                                      take_early, throw_cheapest)
"""A card to a trick already led, in order (:func:`card_choice` tries only those that may
apply: :data:`PARTNER_RULES`, :data:`LAST_RULES` or :data:`EARLY_RULES`)."""
PARTNER_RULES: tuple[CardRule, ...] = (schmieren, throw_cheapest)
"""The partner wins the trick so far."""
LAST_RULES: tuple[CardRule, ...] = (second_ten, take_last, throw_cheapest)
"""The other side wins the trick so far, the seat plays last."""
EARLY_RULES: tuple[CardRule, ...] = (second_ten, take_early, throw_cheapest)
"""The other side wins the trick so far, a seat plays after."""


def _most_power(cards: int, p: tuple[int, ...]) -> int:
    """The strongest of a non-empty mask of cards (the lowest index among equals)."""
    k = pick = -1
    while cards:
        c = (low := cards & -cards).bit_length() - 1
        cards ^= low
        if p[c] > k:
            k, pick = p[c], c
    return pick


def _least_power(cards: int, p: tuple[int, ...]) -> int:
    """The weakest of a non-empty mask of cards (the lowest index among equals)."""
    k = 1 << 30
    pick = -1
    while cards:
        c = (low := cards & -cards).bit_length() - 1
        cards ^= low
        if p[c] < k:
            k, pick = p[c], c
    return pick
