"""The showdown's settlement: who collects what from whom."""

from __future__ import annotations

from collections.abc import Sequence

from atout.games.knock_rummy.options import KnockRummyOptions


def settle(points: Sequence[int], knocker: int | None, options: KnockRummyOptions,
           first: int | None = None) -> tuple[list[int], list[int], bool, bool]:
    """Score a showdown from each seat's deadwood points.

    ``knocker`` is the seat who knocked (None at a showdown forced by the empty stock, where
    ties are ordered from ``first``, the seat next to play). Returns the
    points won or paid per seat (they sum to zero), the winners in turn order, whether the
    knocker paid the penalty and whether he made rum.
    """
    n = len(points)
    start = knocker + 1 if knocker is not None else (first or 0)
    low = min(points)
    order = [(start + i) % n for i in range(n)]  # turn order from the knocker's left
    winners = [s for s in order if points[s] == low]
    if knocker is not None and len(winners) > 1 and knocker in winners:
        winners.remove(knocker)
    if options.tie == "next":
        winners = winners[:1]
    pays = [0] * n
    knocker_wins = knocker is not None and knocker in winners
    rum = knocker_wins and low == 0
    penalty = (knocker is not None and not knocker_wins and options.knock_penalty > 0
               and (options.tie_fine or points[knocker] > low))
    extra = [0] * n  # penalty paid to every player the knocker did not beat ('each')
    for s in range(n):
        if s in winners:
            continue
        pays[s] = points[s] - low
        if rum:
            pays[s] += options.rum_bonus
        if penalty and s == knocker and options.penalty_to == "winner":
            pays[s] += options.knock_penalty
    if penalty and knocker is not None and options.penalty_to == "each":
        for s in range(n):
            if s != knocker and points[s] <= points[knocker]:
                extra[s] += options.knock_penalty
                extra[knocker] -= options.knock_penalty
    total = sum(pays)
    gained = [-p for p in pays]
    share, odd = divmod(total, len(winners))
    for i, w in enumerate(winners):
        gained[w] += share + (1 if i < odd else 0)
    return [g + e for g, e in zip(gained, extra, strict=True)], winners, penalty, rum
