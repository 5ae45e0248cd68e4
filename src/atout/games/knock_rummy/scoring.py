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
    low = min(points)
    winners = _winners(points, knocker, options, first)
    knocker_wins = knocker is not None and knocker in winners
    rum = knocker_wins and low == 0
    penalty = (knocker is not None and not knocker_wins and options.knock_penalty > 0
               and (options.tie_fine or points[knocker] > low))
    pays = _pays(points, winners, rum, knocker if penalty else None, options)
    gained = _shared(pays, winners)
    if penalty and knocker is not None and options.penalty_to == "each":
        _fine_each(gained, points, knocker, options.knock_penalty)
    return gained, winners, penalty, rum


def _winners(points: Sequence[int], knocker: int | None, options: KnockRummyOptions,
             first: int | None) -> list[int]:
    """The seats with the lowest deadwood in turn order from the knocker's left (from
    ``first`` at a forced showdown): the knocker loses a tie to the others, and with the
    option ``tie='next'`` only the first of them wins."""
    n = len(points)
    start = knocker + 1 if knocker is not None else (first or 0)
    low = min(points)
    order = [(start + i) % n for i in range(n)]  # turn order from the knocker's left
    winners = [s for s in order if points[s] == low]
    if knocker is not None and len(winners) > 1 and knocker in winners:
        winners.remove(knocker)
    if options.tie == "next":
        winners = winners[:1]
    return winners


def _pays(points: Sequence[int], winners: list[int], rum: bool, fined: int | None,
          options: KnockRummyOptions) -> list[int]:
    """What each seat pays: every loser his deadwood above the winners' (and the rum bonus
    on a rum), the knocker ``fined`` also the penalty when it goes to the winner."""
    low = min(points)
    pays = [0] * len(points)
    for s in range(len(points)):
        if s in winners:
            continue
        pays[s] = points[s] - low
        if rum:
            pays[s] += options.rum_bonus
        if s == fined and options.penalty_to == "winner":
            pays[s] += options.knock_penalty
    return pays


def _shared(pays: list[int], winners: list[int]) -> list[int]:
    """Each seat's gain: what it paid, negated, and the winners share the pot (the odd
    points to the first ones in turn order)."""
    gained = [-p for p in pays]
    share, odd = divmod(sum(pays), len(winners))
    for i, w in enumerate(winners):
        gained[w] += share + (1 if i < odd else 0)
    return gained


def _fine_each(gained: list[int], points: Sequence[int], knocker: int, fine: int) -> None:
    """The penalty 'each': the knocker pays ``fine`` to every player he did not beat."""
    for s in range(len(points)):
        if s != knocker and points[s] <= points[knocker]:
            gained[s] += fine
            gained[knocker] -= fine
