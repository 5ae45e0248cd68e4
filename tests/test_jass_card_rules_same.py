"""The Jass card rules as named rules choose exactly the cards of the one big function before.

A check for the rewrite of ``card_choice`` into named rules (issue 37): the old function is kept
here, verbatim, only for this comparison, which replays many heuristic games of Jass and Putze
and, at every card decision met, asks both functions under every combination of the style
flags, and under varied partners, trump duty, last seat and voids shown.
"""

from __future__ import annotations

import random

import atout
from atout.bots.jass.cards import (
    DEFENCE,
    DRAW_LOW,
    HONOURS,
    KEEP_TRUMPS,
    SECOND_TEN,
    SHORT_TOPS,
    SPARE_HONOURS,
    STANDARD,
    card_choice,
)
from atout.bots.jass.heuristic import FULL, JassHeuristic, read_view
from atout.games.jass.play import ABOVE, POWER, SUIT_MASK, VALUE


def old_card_choice(legal: int, hand: int, seat: int, pos: int, last: bool, led: int, best: int,
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
                    return _old_least_power(mine & ~honours, p)  # or with a low one
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
        return _old_cheapest(legal, v, p, unseen, above, honours, style)
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
                return _old_least_power(plain, p)
            if points >= 4 and (winners & ~honours or points >= 10
                                or not style & SPARE_HONOURS):
                return _old_least_power(winners & ~honours or winners, p)
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
                    return _old_least_power(ruff, p)
                if points >= 20:
                    return _old_least_power(winners, p)
    return _old_cheapest(legal, v, p, unseen, above, honours, style)


def _old_least_power(cards: int, p: tuple[int, ...]) -> int:
    """The weakest of a non-empty mask of cards (the lowest index among equals)."""
    k = 1 << 30
    pick = -1
    while cards:
        c = (low := cards & -cards).bit_length() - 1
        cards ^= low
        if p[c] < k:
            k, pick = p[c], c
    return pick


def _old_cheapest(cards: int, v: tuple[int, ...], p: tuple[int, ...], unseen: int,
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




STYLES = range(64)
"""Every combination of the six style flags."""
assert STANDARD == DEFENCE | DRAW_LOW | SPARE_HONOURS | KEEP_TRUMPS | SHORT_TOPS | SECOND_TEN == 63


def _compare(args: dict[str, int | bool], style: int) -> None:
    new = card_choice(**args, style=style)  # type: ignore[arg-type]
    old = old_card_choice(args["legal"], args["hand"], args["seat"], args["pos"],  # type: ignore[arg-type]
                          args["last"], args["led"], args["best"], args["best_seat"],  # type: ignore[arg-type]
                          args["partner"], args["points"], args["out"], args["voids_next"],  # type: ignore[arg-type]
                          args["pull_trumps"], args["mode"], style)  # type: ignore[arg-type]
    assert new == old, (args, style)


def _decisions(game: str, seeds: range) -> int:
    """Play heuristic games and compare both functions at each card decision; the count."""
    rules = atout.make(game)
    rng = random.Random(7)
    count = 0
    for seed in seeds:
        deal = rules.deal(seed=seed)
        bots = [JassHeuristic(rules, s, seed) if game == "jass" else None
                for s in range(rules.seats)]
        while deal.to_move is not None:
            seat = deal.to_move
            view = deal.view(seat)
            legal = deal.legal_mask()
            if game == "jass" and view.phase == "play" and legal & (legal - 1):
                seen = read_view(rules, view)
                pos = len(seen.trick)
                base: dict[str, int | bool] = dict(
                    legal=legal, hand=seen.hand, seat=seat, pos=pos,
                    last=pos == seen.nplayers - 1, led=seen.led, best=seen.best,
                    best_seat=seen.best_seat, partner=seen.partner, points=seen.trick_points(),
                    out=FULL & ~seen.played_all & ~seen.gone,
                    voids_next=seen.voids[seen.next_seat[seat]], pull_trumps=seen.pull_trumps,
                    mode=seen.mode)
                for style in STYLES:
                    _compare(base, style)
                    count += 1
                # the same position told otherwise: no partner, the other trump duty, last
                # or not, voids shown at random, fewer cards out
                for _ in range(4):
                    varied = dict(base)
                    varied["partner"] = rng.choice((-1, seen.partner, seen.best_seat))
                    varied["pull_trumps"] = rng.random() < 0.5
                    varied["last"] = rng.random() < 0.5 if pos else False
                    varied["voids_next"] = rng.getrandbits(36)
                    varied["out"] = int(varied["out"]) & ~(rng.getrandbits(36) & ~seen.hand)
                    varied["points"] = rng.choice((0, 3, 4, 9, 10, 19, 20, 35))
                    for style in STYLES:
                        _compare(varied, style)
                        count += 1
            bot = bots[seat]
            if bot is not None:
                deal.play(bot.choose(view))
            else:
                deal.play(rng.choice(deal.legal_actions()))
    return count


def test_the_named_rules_choose_the_old_cards() -> None:
    """Every choice of the named rules is the old function's, over 300 Jass games."""
    count = _decisions("jass", range(300))
    print(f"{count} card choices compared")
    assert count > 100_000
