"""The reward bound of each game: the most a seat's zero-sum points of one deal can be.

The environments pay each seat ``(points[seat] - mean(points)) / reward_scale`` at the end of
a deal. By default ``reward_scale`` is :func:`reward_bound` of the game and its options: an
upper bound, derived from the game's scoring rules, of ``|points[seat] - mean(points)|`` over
every possible deal, so that a deal's reward always lies in [-1, 1]. The bounds are proven
from the scoring tables (not measured), so most deals pay much less than 1 in absolute value:
docs/envs.md shows each game's reward distribution under random and heuristic play.

``p - mean`` for one seat among ``n`` whose points each lie in ``[lo, hi]`` is at most
``(hi - lo) * (n - 1) / n`` in absolute value; each game's bound below uses that or the game's
own structure (teams, zero-sum settlements) where it gives less.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from atout.core import Rules

BoundOf = Callable[[Rules[Any]], float]


def _jass_weis(options: Any) -> float:
    """At most what one team's 18 cards can score in Weis: valued per card, a four of jacks
    is 50 a card, of nines 37.5, any other four 25; a run of five or more at most 20 a card
    (100), 33.4 with big sequences (a run of nine, 300). Without ``weis_share`` a card counts
    in one Weis, with it in a four and a run."""
    if not options.weis:
        return 0.0
    run = 300 / 9 if options.big_sequences else 20.0
    best = 200 + 150 + 10 * max(25.0, run)
    if options.weis_share:
        best += 18 * run
    return best


def jass_bound(rules: Rules[Any]) -> float:
    """Jass: each seat's points are its team's, so ``p - mean`` is half the difference
    between the teams, at most half of one team's most: 157 card points, 100 for the match,
    20 for Stöck, the Weis bound, times the largest multiplier."""
    o = rules.options
    team = 157 + (100 if o.match_bonus else 0) + (20 if o.stoeck else 0) + _jass_weis(o)
    return float(team * max(rules.mode_multipliers) / 2)  # type: ignore[attr-defined]


def putze_bound(rules: Rules[Any]) -> float:
    """Putze: a seat gains at most the putzes in play (three in jass-txt's five-player table),
    plus the dealer's putze when he sits out, and loses at most one pomme."""
    plan = rules.plan  # type: ignore[attr-defined]
    most = max(plan.putzes, 3 if plan.pomme_bonus == "jass-txt-5" else 0)
    most += 1 if plan.dealer_sits_out else 0
    n = rules.seats
    return float((most + 1) * (n - 1) / n)


def tarot_bound(rules: Rules[Any]) -> float:
    """Tarot: a defender's unit is at most (25 + 56) × 6 (garde contre, the largest
    difference) + 10 × 6 (petit au bout) + the poignées (40 each, as many as 22 trumps allow)
    + the misères (each seat two) + 400 (a chelem); the taker receives it from each of the
    ``n - 1`` others, and the points sum to zero."""
    n = rules.seats
    sizes = {3: 13, 4: 10, 5: 8}
    poignees = 40 * (22 // sizes.get(n, 8))
    miseres = rules.options.misere * 2 * n
    unit = (25 + 56) * 6 + 10 * 6 + poignees + miseres + 400
    return float(unit * (n - 1))


def pitch_bound(rules: Rules[Any]) -> float:
    """Pitch: the four points (High, Low, Jack, Game) go to at most four sides and only the
    pitcher's side can lose, at most its bid of 4, so ``|p - mean|`` is at most 4."""
    return 4.0


def knock_rummy_bound(rules: Rules[Any]) -> float:
    """Knock Rummy: the settlement sums to zero; a loser pays at most his deadwood (ten a
    card, the hand plus the card drawn when the knocker does not discard) and the rum bonus,
    or the knock penalty (to each he did not beat with ``penalty_to='each'``); a winner
    collects at most from ``n - 1`` losers."""
    o = rules.options
    n = rules.seats
    cards = rules.cards_each + (0 if o.knocker_discards else 1)  # type: ignore[attr-defined]
    deadwood = 10 * cards
    penalty = o.knock_penalty * (n - 1 if o.penalty_to == "each" else 1)
    return float(max((n - 1) * (deadwood + o.rum_bonus), (n - 1) * deadwood + penalty))


BOUNDS: dict[str, BoundOf] = {
    "jass": jass_bound,
    "putze": putze_bound,
    "tarot": tarot_bound,
    "pitch": pitch_bound,
    "knock-rummy": knock_rummy_bound,
}
"""Each game's reward bound, by game name."""


def reward_bound(game: str, rules: Rules[Any]) -> float:
    """The default ``reward_scale`` of ``game`` played by ``rules``: a deal's zero-sum points
    of any seat never exceed it in absolute value."""
    return BOUNDS[game](rules)


__all__ = ["BOUNDS", "jass_bound", "knock_rummy_bound", "pitch_bound", "putze_bound",
           "reward_bound", "tarot_bound"]
