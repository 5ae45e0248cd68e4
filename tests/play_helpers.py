"""Driving a deal in the tests: its seats' bots play a number of actions; a search's
candidate cards checked against the trick they play to."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from random import Random
from typing import Any

from atout.actions import Action
from atout.bots import Bot
from atout.core import Deal, Rules, View

Candidates = Callable[[Rules[Any], View, list[Action]], list[Action]]
"""A game's candidate actions for its search (its parts' ``candidates``)."""


def bots_play(deal: Deal, bots: Sequence[Bot], moves: int) -> bool:
    """Let ``bots`` (one a seat) play up to ``moves`` actions of ``deal``, each on the view
    of the seat to move; whether a seat is still to move then (False: the deal is over)."""
    for _ in range(moves):
        seat = deal.to_move
        if seat is None:
            return False
        deal.play(bots[seat].choose(deal.view(seat)))
    return deal.to_move is not None


def trick_end(deal: Deal) -> tuple[int | None, int]:
    """Play the trick to its end, each seat its first legal action: who moves next, and how
    many cards are left in the hands."""
    n = deal.seats
    while deal.to_move is not None and len(deal.view(deal.to_move).table) % n:
        deal.play(deal.view(deal.to_move).legal[0])
    return deal.to_move, sum(len(deal.view(s).hand) for s in range(n))


def pruned_cards_take_tricks_alike(deal: Deal, candidates: Candidates, rng: Random) -> None:
    """Play ``deal`` to its end at random; at every decision with a trick on the table,
    each legal action ``candidates`` leaves out and the kept action of its run (the highest
    kept one below it), each followed by the same first legal cards to the end of the
    trick (:func:`trick_end`), must leave the same seat to lead."""
    rules = deal.rules
    while deal.to_move is not None:
        view = deal.view(deal.to_move)
        if view.phase == "play" and view.table:
            legal = [rules.actions.parse(t) for t in view.legal]
            kept = [int(a) for a in candidates(rules, view, legal)]
            for a in legal:
                if int(a) in kept:
                    continue
                rep = max(k for k in kept if k < int(a))
                after, twin = deal.clone(), deal.clone()
                after.play(a)
                twin.play(rep)
                assert trick_end(after) == trick_end(twin), (str(a), rep, view.table)
        deal.play(rng.choice(deal.legal_actions()))
