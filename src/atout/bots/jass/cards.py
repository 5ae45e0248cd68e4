"""The Jass heuristic's card play, on bitmasks: one rule set for the player and the rollouts.

:func:`card_choice` is the card a club player picks by the rules of thumb written down in
docs/bots.md (leading conventions, Schmieren, winning cheaply, keeping the Buur and the Nell).
It takes only what the player knows — his hand, the cards not yet played, the trick, the
voids the next player has shown — as plain integers, so the heuristic player calls it on its
view and the search's rollouts call it inside a perfect-information playout, where it plays
the other side exactly as the heuristic would from the same cards.
"""

from __future__ import annotations

from atout.games.jass.play import JACK, NINE, POWER, SUIT_MASK, VALUE

ABOVE = tuple(tuple(sum(1 << d for d in range(36) if d // 9 == c // 9 and POWER[m][d] > POWER[m][c])
                    for c in range(36)) for m in range(6))
"""ABOVE[mode][card]: the cards of the card's suit that beat it (a table, so that "is it the
best card still out?" is one mask test in the rollouts' hot loop)."""


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

# The choices below compare cards by integer keys that order them as the tuples of the rules
# would (values below 32, powers below 128), scanning the cards from the lowest index and
# keeping the first best, as min() and max() do: the same cards, without building tuples.


def card_choice(legal: int, hand: int, seat: int, pos: int, last: bool, led: int, best: int,
                best_seat: int, partner: int, points: int, out: int, voids_next: int,
                pull_trumps: bool, mode: int, style: int = STANDARD) -> int:
    """The heuristic's card among ``legal`` (a mask of the seat's legal cards).

    ``hand``: the seat's cards; ``pos``: cards on the table; ``last``: whether the seat plays
    the trick's last card; ``led``, ``best``, ``best_seat``: the suit led, the card winning
    so far and its seat (-1 when leading); ``partner``: the partner's seat (-1: none);
    ``points``: the card points on the table; ``out``: every card not yet played and not
    known to be out of play (the seat's own hand included); ``voids_next``: the cards the next
    player has shown he lacks; ``pull_trumps``: whether the seat's side chose trump;
    ``style``: which of the rules :data:`DEFENCE` to :data:`SECOND_TEN` apply (their sum;
    :data:`CLASSIC`: none of them).
    """
    if legal & (legal - 1) == 0:
        return legal.bit_length() - 1
    v = VALUE[mode]
    p = POWER[mode]
    trumps = SUIT_MASK[mode] if mode < 4 else 0
    unseen = out & ~hand
    above = ABOVE[mode]  # a card is "top" when no unseen card beats it: not unseen & above[c]
    honours = HONOURS[mode]
    pick = -1
    if pos == 0:
        if mode < 4:
            mine = legal & trumps
            if mine and unseen & trumps and pull_trumps:
                k = -1
                m = mine
                while m:
                    c = (low := m & -m).bit_length() - 1
                    m ^= low
                    if p[c] > k:
                        k, pick = p[c], c
                if not unseen & above[pick]:
                    if not style & DRAW_LOW or mine & (mine - 1):
                        return pick  # pull the opponents' trumps with the best one
                elif style & DRAW_LOW and mine.bit_count() >= 3 and mine & ~honours:
                    return _least_power(mine & ~honours, p)  # or with a low one
            plain = legal & ~trumps
            # a Bock (top card) of the highest value, then power; a defender keeps his while
            # trumps are out
            k = -1
            m = plain if not (style & DEFENCE and not pull_trumps and unseen & trumps) else 0
            while m:
                c = (low := m & -m).bit_length() - 1
                m ^= low
                if not unseen & above[c]:
                    key = v[c] * 128 + p[c]
                    if key > k:
                        k, pick = key, c
            if k >= 0:
                return pick
            if plain:
                # lead low, keeping the Buur and the Nell: (worth 10 or more, n, value,
                # power), least first, where n is 9 - the suit's length in hand (the longest
                # side suit), or for a defender the suit's cards in the other hands
                short = style & DEFENCE and not pull_trumps
                k = 1 << 30
                m = plain
                while m:
                    c = (low := m & -m).bit_length() - 1
                    m ^= low
                    n = ((unseen & SUIT_MASK[c // 9]).bit_count() if short
                         else 9 - (hand & SUIT_MASK[c // 9]).bit_count())
                    key = (((v[c] >= 10) * 16 + n) * 32 + v[c]) * 128 + p[c]
                    if key < k:
                        k, pick = key, c
                return pick
            # nothing but trumps: (honour, power), least first
            k = 1 << 30
            m = legal
            while m:
                c = (low := m & -m).bit_length() - 1
                m ^= low
                key = (honours >> c & 1) * 128 + p[c]
                if key < k:
                    k, pick = key, c
            return pick
        # run the longest suit headed by a top card (the shortest with SHORT_TOPS):
        # (length, value), most first
        flip = 10 if style & SHORT_TOPS else 0
        k = -1
        m = legal
        while m:
            c = (low := m & -m).bit_length() - 1
            m ^= low
            if not unseen & above[c]:
                key = abs(flip - (hand & SUIT_MASK[c // 9]).bit_count()) * 32 + v[c]
                if key > k:
                    k, pick = key, c
        if k >= 0:
            return pick
        k = 1 << 30
        m = legal
        while m:
            c = (low := m & -m).bit_length() - 1
            m ^= low
            key = ((v[c] >= 10) * 16 + 9 - (hand & SUIT_MASK[c // 9]).bit_count()) * 32 + v[c]
            if key < k:
                k, pick = key, c
        return pick
    if partner >= 0 and best_seat == partner:
        # the partner wins so far: Schmieren (feed points) if the trick is safe
        safe = last or (not unseen & above[best] and (
            p[best] >= 100 or mode >= 4 or not voids_next & SUIT_MASK[led]))
        if safe and legal & ~trumps:
            # the highest value, but a top card only if nothing else is worth giving:
            # (value, halved for a top card; value; -power), most first
            k = -1
            m = legal & ~trumps
            while m:
                c = (low := m & -m).bit_length() - 1
                m ^= low
                vc = v[c]
                key = ((vc // 2 if not unseen & above[c] else vc) * 32 + vc) * 128 + 127 - p[c]
                if key > k:
                    k, pick = key, c
            return pick
        return _cheapest(legal, v, p, unseen, above, honours, style)
    if style & SECOND_TEN and pos == 1 and partner >= 0 and led != mode:
        m = legal & SUIT_MASK[led]
        while m:
            c = (low := m & -m).bit_length() - 1
            m ^= low
            if v[c] == 10 and unseen & above[c]:
                return c
    pb = p[best]
    winners = 0
    m = legal
    while m:
        c = (low := m & -m).bit_length() - 1
        m ^= low
        pc = p[c]
        if pc > pb and (pc >= 100 or c // 9 == led):
            winners |= 1 << c
    if winners:
        plain = winners & ~trumps
        if last:
            if plain:
                return _least_power(plain, p)
            if points >= 4 and (winners & ~honours or points >= 10
                                or not style & SPARE_HONOURS):
                return _least_power(winners & ~honours or winners, p)
        else:
            # a top card of the suit led, of the highest value
            k = -1
            m = plain
            while m:
                c = (low := m & -m).bit_length() - 1
                m ^= low
                if not unseen & above[c] and v[c] > k:
                    k, pick = v[c], c
            if k >= 0:
                return pick
            if points >= 10:
                ruff = winners & trumps & ~honours
                if ruff:
                    return _least_power(ruff, p)
                if points >= 20:
                    return _least_power(winners, p)
    return _cheapest(legal, v, p, unseen, above, honours, style)


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


def _cheapest(cards: int, v: tuple[int, ...], p: tuple[int, ...], unseen: int,
              above: tuple[int, ...], honours: int, style: int) -> int:
    """The card that costs least to give away: low value, not an honour, not a top card.

    By (honour, top card worth 10 or more, value, trump, power), least first; with
    :data:`KEEP_TRUMPS`, (honour, top card worth 10 or more, trump, value, power)."""
    k = 1 << 30
    pick = -1
    keep = 1 if style & KEEP_TRUMPS else 0
    while cards:
        c = (low := cards & -cards).bit_length() - 1
        cards ^= low
        vc = v[c]
        pc = p[c]
        trump = pc >= 100
        key = ((((((honours >> c & 1) * 2 + (vc >= 10 and not unseen & above[c])) * 2
                  + (trump and keep)) * 32 + vc) * 2 + trump) * 128 + pc)
        if key < k:
            k, pick = key, c
    return pick


__all__ = ["CLASSIC", "DEFENCE", "DRAW_LOW", "KEEP_TRUMPS", "SECOND_TEN", "SHORT_TOPS",
           "SPARE_HONOURS", "STANDARD", "card_choice"]
