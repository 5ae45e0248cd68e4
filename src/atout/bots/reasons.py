"""Why a bot chose an action, as data: a code and its parameters, for any language.

A front end translates a :class:`Reason` (``atout.i18n.hints``); :func:`english` gives the
English sentence the hints have always said.

>>> english(Reason("wins_trick", {"points": 25}))
'it wins the trick and the 25 points in it'
"""

from __future__ import annotations

from typing import NamedTuple

from atout.core import JSON
from atout.i18n.hints import gap_words

SUIT_WORDS = {"H": "hearts", "D": "diamonds", "S": "spades", "C": "clubs"}
MODE_WORDS = {"H": "hearts", "D": "diamonds", "S": "spades", "C": "clubs",
              "obenabe": "Obenabe", "undenufe": "Undenufe"}


class Reason(NamedTuple):
    """A reason for an action: ``code`` names the rule of thumb, ``params`` its numbers,
    suits (H, D, S, C), trump modes and card codes."""

    code: str
    params: dict[str, JSON]


_ENGLISH = {
    "push_weak": "your hand is weak for every trump (the best, {best}, makes about {tricks} "
                 "tricks), so let your partner choose",
    "push_value": "pushing should leave your side about {points} points {where}, {gap} better "
                  "than your best trump, {best} (about {tricks} tricks): let your partner "
                  "choose",
    "trump_suit": "you hold {count} {mode} with {honours}: about {tricks} tricks",
    "trump_updown": "you hold {count} {tops} and long suits under them: about {tricks} tricks",
    "lead_top_trump": "it is the highest trump left: it wins and draws the opponents' trumps",
    "lead_top_suit": "it is the highest {suit} left, so it should win the trick",
    "lead_high": "it makes the opponents spend their high cards or trumps",
    "lead_low": "a low lead keeps your strong cards for later",
    "partner_gets": "your partner is winning the trick: {card} gives them {points} points",
    "partner_keeps": "your partner is winning the trick, so you keep your strong cards",
    "wins_trick": "it wins the trick and the {points} points in it",
    "takes_lead": "it takes the lead in the trick, worth {points} points so far",
    "give_least": "you cannot win this trick cheaply, so you give the least",
}


_MARGIN = "your side should end about {points} points {where}, {gap} better than {next}"
"""What the trump model expects of a chosen trump, after the hand's description."""


def _card_words(code: str) -> str:
    ranks = {"6": "six", "7": "seven", "8": "eight", "9": "nine", "T": "ten", "J": "jack",
             "Q": "queen", "K": "king", "A": "ace"}
    return f"the {ranks.get(code[0], code[0])} of {SUIT_WORDS.get(code[-1], code[-1])}"


def english(reason: Reason) -> str:
    """The reason in English words."""
    p = dict(reason.params)
    words: dict[str, object] = dict(p)
    if "tricks" in p and isinstance(p["tricks"], (int, float)):
        words["tricks"] = f"{p['tricks']:.1f}"
    for key in ("best", "mode"):
        if isinstance(p.get(key), str):
            words[key] = MODE_WORDS.get(str(p[key]), str(p[key]))
    if isinstance(p.get("suit"), str):
        words["suit"] = SUIT_WORDS.get(str(p["suit"]), str(p["suit"]))
    if isinstance(p.get("card"), str):
        words["card"] = _card_words(str(p["card"]))
    if reason.code == "trump_suit":
        has = [n for n, k in (("the Buur", "buur"), ("the Nell", "nell")) if p.get(k)]
        words["honours"] = " and ".join(has) if has else "no Buur or Nell"
    if reason.code == "trump_updown":
        words["tops"] = "aces" if p.get("mode") == "obenabe" else "sixes"
    margin = reason.code in ("push_value", "trump_suit", "trump_updown")
    if margin and isinstance(p.get("points"), (int, float)):
        points = float(p["points"])
        words["points"] = f"{abs(points):.0f}"
        words["where"] = "ahead" if points >= 0 else "behind"
        words["gap"] = gap_words(p.get("gap"))
        nxt = p.get("next")
        words["next"] = ("pushing" if nxt == "push"
                         else f"with {MODE_WORDS.get(str(nxt), str(nxt))}")
    template = _ENGLISH.get(reason.code)
    if not template:
        return reason.code.replace("_", " ")
    text = template.format(**words)
    if margin and reason.code != "push_value" and "points" in p:
        text = f"{text}; {_MARGIN.format(**words)}"
    return text


__all__ = ["MODE_WORDS", "SUIT_WORDS", "Reason", "english"]
