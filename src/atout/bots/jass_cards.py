"""The Jass heuristic's card play, on bitmasks: one rule set for the player and the rollouts.

:func:`card_choice` is the card a club player picks by the rules of thumb written down in
docs/bots.md (leading conventions, Schmieren, winning cheaply, keeping the Buur and the Nell).
It takes only what the player knows — his hand, the cards not yet played, the trick, the
voids the next player has shown — as plain integers, so the heuristic player calls it on its
view and the search's rollouts call it inside a perfect-information playout, where it plays
the other side exactly as the heuristic would from the same cards.
"""

from __future__ import annotations

from atout.games.jass_play import JACK, NINE, POWER, SUIT_MASK, VALUE

ABOVE = tuple(tuple(sum(1 << d for d in range(36) if d // 9 == c // 9 and POWER[m][d] > POWER[m][c])
                    for c in range(36)) for m in range(6))
"""ABOVE[mode][card]: the cards of the card's suit that beat it (a table, so that "is it the
best card still out?" is one mask test in the rollouts' hot loop)."""


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def card_choice(legal: int, hand: int, seat: int, pos: int, last: bool, led: int, best: int,
                best_seat: int, partner: int, points: int, out: int, voids_next: int,
                pull_trumps: bool, mode: int) -> int:
    """The heuristic's card among ``legal`` (a mask of the seat's legal cards).

    ``hand``: the seat's cards; ``pos``: cards on the table; ``last``: whether the seat plays
    the trick's last card; ``led``, ``best``, ``best_seat``: the suit led, the card winning
    so far and its seat (-1 when leading); ``partner``: the partner's seat (-1: none);
    ``points``: the card points on the table; ``out``: every card not yet played and not
    known to be out of play (the seat's own hand included); ``voids_next``: the cards the next
    player has shown he lacks; ``pull_trumps``: whether the seat's side chose trump.
    """
    if legal & (legal - 1) == 0:
        return legal.bit_length() - 1
    v = VALUE[mode]
    p = POWER[mode]
    trumps = SUIT_MASK[mode] if mode < 4 else 0
    unseen = out & ~hand

    above = ABOVE[mode]

    def is_top(c: int) -> bool:
        """No card the seat has not seen beats ``c`` in its suit."""
        return not unseen & above[c]

    def honour(c: int) -> bool:
        """The Buur or the Nell: cards a player keeps."""
        return trumps >> c & 1 == 1 and c % 9 in (JACK, NINE)

    def length(c: int) -> int:
        return (hand & SUIT_MASK[c // 9]).bit_count()

    cards = _bits(legal)
    if pos == 0:
        if mode < 4:
            mine = [c for c in cards if trumps >> c & 1]
            if mine and unseen & trumps and pull_trumps:
                top = max(mine, key=lambda c: p[c])
                if is_top(top):
                    return top  # pull the opponents' trumps with the best one
            plain = [c for c in cards if not trumps >> c & 1]
            bocks = [c for c in plain if is_top(c)]
            if bocks:
                return max(bocks, key=lambda c: (v[c], p[c]))
            if plain:
                # lead low from the longest side suit, keeping the Buur and the Nell
                return min(plain, key=lambda c: (v[c] >= 10, -length(c), v[c], p[c]))
            return min(cards, key=lambda c: (honour(c), p[c]))
        bocks = [c for c in cards if is_top(c)]
        if bocks:
            # run the longest suit headed by a top card
            return max(bocks, key=lambda c: (length(c), v[c]))
        return min(cards, key=lambda c: (v[c] >= 10, -length(c), v[c]))

    def cheapest(cs: list[int]) -> int:
        """The card that costs least to give away: low value, not an honour, not a top card."""
        return min(cs, key=lambda c: (honour(c), is_top(c) and v[c] >= 10, v[c],
                                      p[c] >= 100, p[c]))

    if partner >= 0 and best_seat == partner:
        # the partner wins so far: Schmieren (feed points) if the trick is safe
        safe = last or (is_top(best) and (
            p[best] >= 100 or mode >= 4 or not voids_next & SUIT_MASK[led]))
        if safe:
            feed = [c for c in cards if not trumps >> c & 1]
            if feed:
                # the highest value, but a top card only if nothing else is worth giving
                return max(feed, key=lambda c: (v[c] if not is_top(c) else v[c] // 2,
                                                v[c], -p[c]))
        return cheapest(cards)
    pb = p[best]
    winners = [c for c in cards if (c // 9 == led or p[c] >= 100) and p[c] > pb]
    if winners:
        plain = [c for c in winners if not trumps >> c & 1]
        if last:
            if plain:
                return min(plain, key=lambda c: p[c])
            cheap = [c for c in winners if not honour(c)]
            if points >= 4:
                return min(cheap or winners, key=lambda c: p[c])
        else:
            tops = [c for c in plain if is_top(c)]
            if tops:
                return max(tops, key=lambda c: v[c])
            if points >= 10:
                ruff = [c for c in winners if trumps >> c & 1 and not honour(c)]
                if ruff:
                    return min(ruff, key=lambda c: p[c])
                if points >= 20:
                    return min(winners, key=lambda c: p[c])
    return cheapest(cards)


__all__ = ["card_choice"]
