"""Hints: what a bot would play, and why, in words.

>>> import atout
>>> from atout.bots.hint import hint
>>> rules = atout.make("jass")
>>> deal = rules.deal(seed=7)
>>> h = hint(rules, deal.view(deal.to_move), bot="heuristic")
>>> h.action.text in deal.view(deal.to_move).legal
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from atout.bots import Bot, make_bot
from atout.bots.reasons import Reason
from atout.bots.registry import parts_for
from atout.core import Action, Rules, View
from atout.i18n import translator
from atout.i18n.hints import search_margin, worth_words

RANK_WORDS = {"2": "two", "3": "three", "4": "four", "5": "five", "6": "six", "7": "seven",
              "8": "eight", "9": "nine", "T": "ten", "J": "jack", "Q": "queen", "K": "king",
              "A": "ace", "N": "knight", "1": "one"}
SUIT_WORDS = {"H": "hearts", "D": "diamonds", "S": "spades", "C": "clubs"}


def card_words(code: str) -> str:
    """A card code in English words: ``AS`` -> ``the ace of spades``, ``T21`` -> ``the 21``."""
    if code == "EX":
        return "the excuse"
    if code.startswith("T") and code[1:].isdigit():
        return f"the trump {code[1:]}"
    rank, suit = code[:-1], code[-1]
    return f"the {RANK_WORDS.get(rank, rank)} of {SUIT_WORDS.get(suit, suit)}"


def action_words(text: str) -> str:
    """An action's notation as words to say: a card by name, other actions as they are."""
    if len(text) in (2, 3) and text[-1] in SUIT_WORDS and text[:-1] in RANK_WORDS:
        return f"play {card_words(text)}"
    if text == "EX" or (text.startswith("T") and text[1:].isdigit()):
        return f"play {card_words(text)}"
    return text


@dataclass(frozen=True, slots=True)
class Hint:
    """A suggested action and the reason for it, in English words (``text``) and as data
    for any language: the game's rule of thumb (``reason``) and the search's expectation
    (``margin``: the points it expects for the side, how much better than the next choice,
    and the playouts)."""

    action: Action
    text: str
    reason: Reason | None = None
    margin: tuple[float, float, int] | None = None
    worth: tuple[float, float, int] | None = None
    """For a choice the bot made by value outside the search's playouts (a fitted model of
    bids, or words valued on sampled deals): the points it expects for the seat from the
    action, how much more than from the next choice, and the sampled deals played (0: a
    fitted model). The bots that choose so keep their options' values in ``weighed``."""


def hint(rules: Rules[Any], view: View, bot: Bot | str = "search", seed: int = 0) -> Hint:
    """What ``bot`` (a bot or its name) would play from ``view``, and why, in words.

    The reason comes from the game's own explanation (who wins the trick, the points in it,
    Schmieren …) and, for the search bot, the margin it expects.
    """
    player = make_bot(bot, rules, view.seat, seed) if isinstance(bot, str) else bot
    action = player.choose(view)
    why = ""
    try:
        parts = parts_for(rules)
        explain, reasoner = parts.explain, parts.reason
    except ValueError:
        explain = reasoner = None
    if explain is not None:
        why = explain(rules, view, action)
    reason = reasoner(rules, view, action) if reasoner is not None else None
    margin = None
    last: dict[str, tuple[float, int]] = getattr(player, "last", {}) or {}
    if action.text in last and len(last) > 1:
        mean, n = last[action.text]
        # compared with the actions that stayed in contention to the end (as many playouts):
        # the ones dropped early have noisier means on fewer playouts
        others = ([m for t, (m, k) in last.items() if t != action.text and k == n]
                  or [m for t, (m, _) in last.items() if t != action.text])
        gap = mean - max(others)
        margin = (mean, gap, n)
        extra = search_margin(translator("en"), mean, gap, n)
        why = f"{why}; {extra}" if why else extra
    worth = None
    weighed: dict[str, tuple[float, int]] = getattr(player, "weighed", {}) or {}
    if (margin is None and action.text in weighed and len(weighed) > 1
            and set(weighed) <= set(view.legal)):
        value, samples = weighed[action.text]
        gap = value - max(v for t, (v, _) in weighed.items() if t != action.text)
        if gap >= 0:  # "more than the next choice" is said only when it is true
            worth = (value, gap, samples)
            extra = worth_words(translator("en"), value, gap, samples)
            why = f"{why}; {extra}" if why else extra
    text = action_words(action.text)
    return Hint(action, f"{text}: {why}" if why else text, reason, margin, worth)
