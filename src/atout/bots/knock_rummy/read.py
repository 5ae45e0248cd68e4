"""Knock Rummy: what the others' last turns say about their hands, read as the heuristic's.

Each other player's last turn shows three choices: he took the top discard or passed it for
the stock, he threw one card, and he did not knock. Had he played by the heuristic's rules
(:mod:`atout.bots.knock_rummy.search`), each choice rules hands out: he passed a card that would
have lowered his deadwood only if he holds nothing it fits; he threw the card that leaves the
least deadwood; he did not knock, so even his best discard left more deadwood than his knock
threshold. Against the heuristic the last is the strongest: a player who passed his knock
holds a poor hand, and knocking against him is worth more than against a hand dealt at
random.

:func:`last_turns` reads those turns from a view; :func:`agreement` counts how many of the
three choices a sampled hand agrees with. The sampler draws a hand up to a number of times
and keeps the first that agrees with all three, else the one that agrees with most (a soft
constraint: a person plays otherwise, and a rare hand must not stop the search).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from atout.cards import FULL_DECK, bit_list
from atout.core import View
from atout.games.knock_rummy.melds import deadwood, meldable

Discard = Callable[[int, int], tuple[int, int]]
"""The discard rule: ``(hand, allowed) -> (card, deadwood left)``."""
Threshold = Callable[[float, int], float]
"""The knock threshold: ``(rounds of draws, cards the others took and hold) -> deadwood``."""


@dataclass(frozen=True)
class Turn:
    """One player's last turn, as the table saw it."""

    up: int
    """The top discard he could have taken (-1: not known, or no pile)."""
    took: bool
    """Whether he took it (else he drew from the stock)."""
    discarded: int
    """The card he threw."""
    draws: int
    """Draws made at the table before his draw (every seat's)."""


def last_turns(view: View) -> dict[int, Turn]:
    """For each other player whose last action was a discard: his last turn.

    Nothing is read after a restock (the pile was turned into the stock): an empty dict.
    """
    if view.info.get("restocks"):
        return {}
    known = view.info.get("known")
    pile: list[int] = [-1]  # the turned card; unknown once taken, unless still held
    draws = 0
    seen: set[int] = set()
    start: dict[int, tuple[int, bool, int]] = {}  # seat -> (top, took, draws before)
    out: dict[int, Turn] = {}
    for actor, text in view.history:
        if text in ("draw stock", "draw discard"):
            took = text == "draw discard"
            top = pile[-1] if pile else -1
            start[actor] = (top, took, draws)
            if took and pile:
                pile.pop()
            draws += 1
        elif text is not None and text != "knock":
            card = FULL_DECK.parse(text)
            seen.add(card)
            pile.append(card)
            if actor != view.seat and actor in start:
                top, took, before = start[actor]
                out[actor] = Turn(top, took, card, before)
    # the turned card taken at once: the one its taker still holds that no discard showed
    for s, t in list(out.items()):
        if t.up == -1 and t.took and isinstance(known, list) and isinstance(known[s], list):
            held = [FULL_DECK.parse(c) for c in known[s] if isinstance(c, str)]
            unseen = [c for c in held if c not in seen]
            if len(unseen) == 1:
                out[s] = Turn(unseen[0], True, t.discarded, t.draws)
    return out


def agreement(hand: int, known: int, turn: Turn, discard: Discard, threshold: Threshold,
              seats: int, taken: int, discard_taken: bool, knocker_discards: bool,
              knock_limit: int, rng: random.Random) -> int:
    """How many of the turn's three choices (take or pass, discard, no knock) the heuristic
    would have made holding ``hand`` now (``known``: its cards known to have come from the
    pile). The card drawn from the stock is picked at random among the others (every one is
    as likely, before the choices are read); ``taken``: cards the others had taken and held."""
    full = hand | 1 << turn.discarded
    if turn.took:
        drawn = turn.up
        if drawn < 0 or not full >> drawn & 1:
            return 0
    else:
        choices = bit_list(full & ~known) or bit_list(full)
        drawn = rng.choice(choices)
    before = full & ~(1 << drawn)
    score = 0
    if turn.up >= 0:
        up_full = before | 1 << turn.up
        takes = discard(up_full, up_full if discard_taken else before)[1] < deadwood(before)
        score += takes == turn.took
    else:
        score += 1
    allowed = full if discard_taken or not turn.took else before
    card, left = discard(full, allowed)
    score += card == turn.discarded
    shown = left if knocker_discards else deadwood(full)
    limit = threshold(turn.draws / seats, taken)
    if knock_limit:
        limit = min(limit, knock_limit)
    score += shown > limit
    return score


def refused(view: View) -> dict[int, int]:
    """For each other player, the cards he turned down this deal: those he threw and the top
    discards he passed for the stock, but those he holds now (taken back from the pile).

    Nothing is read after a restock (an empty dict), as for :func:`last_turns`.
    """
    if view.info.get("restocks"):
        return {}
    known = view.info.get("known")
    pile: list[int] = [-1]  # the turned card: unknown here until somebody discards
    out: dict[int, int] = {}
    for actor, text in view.history:
        if text == "draw discard":
            if pile:
                pile.pop()
        elif text == "draw stock":
            if actor != view.seat and pile and pile[-1] >= 0:
                out[actor] = out.get(actor, 0) | 1 << pile[-1]
        elif text is not None and text != "knock":
            card = FULL_DECK.parse(text)
            pile.append(card)
            if actor != view.seat:
                out[actor] = out.get(actor, 0) | 1 << card
    if isinstance(known, list):
        for s, cards in enumerate(known):
            if s in out and isinstance(cards, list):
                out[s] &= ~FULL_DECK.mask([c for c in cards if isinstance(c, str)])
    return out


def fits(hand: int, cards: int) -> int:
    """How many of ``cards`` would sit in a meld with ``hand`` (each alone added to it)."""
    count = 0
    m = cards & ~hand
    while m:
        low = m & -m
        m ^= low
        if meldable(hand | low) & low:
            count += 1
    return count


__all__ = ["Discard", "Threshold", "Turn", "agreement", "fits", "last_turns", "refused"]
