"""A hint's reason in the player's language: the game's rule of thumb (a code and its
parameters, from the bots) and what the search expects.

>>> from atout.i18n import translator
>>> hint_reason(translator("fr"), "wins_trick", {"points": 25})
"elle remporte le pli et les 25 points qu'il contient"
"""

from __future__ import annotations

from collections.abc import Mapping

from atout.core import JSON
from atout.i18n import Translator


def _mode(tr: Translator, mode: JSON) -> str:
    if mode == "obenabe":
        return "Obenabe"
    if mode == "undenufe":
        return "Undenufe"
    return tr.suit(str(mode))


def _decimals(tr: Translator, text: str) -> str:
    """A number's text with the language's decimal mark."""
    return text.replace(".", ",") if tr.lang == "fr" else text


def _tricks(tr: Translator, value: JSON) -> str:
    return _decimals(tr, f"{float(value):.1f}" if isinstance(value, (int, float)) else str(value))


def gap_words(gap: JSON, sign: bool = False) -> str:
    """A number of points as a hint says it: whole points from ten up, one decimal from one,
    two under one (a close call, or a game of few points, does not read as 0), without
    trailing zeros; ``sign``: with + or -."""
    if not isinstance(gap, (int, float)):
        return str(gap)
    digits = 0 if abs(gap) >= 10 else (1 if abs(gap) >= 1 else 2)
    text = f"{gap:+.{digits}f}" if sign else f"{gap:.{digits}f}"
    return text.rstrip("0").rstrip(".") if "." in text else text


def _gap(tr: Translator, value: JSON, sign: bool = False) -> str:
    return _decimals(tr, gap_words(value, sign))


def _where(tr: Translator, points: JSON) -> tuple[str, str]:
    """The expected margin's size and its side: ("38", "ahead") or ("12", "behind")."""
    n = float(points) if isinstance(points, (int, float)) else 0.0
    return f"{abs(n):.0f}", (tr.pgettext("margin", "ahead") if n >= 0
                             else tr.pgettext("margin", "behind"))


def _trump_margin(tr: Translator, p: Mapping[str, JSON]) -> str:
    """What the trump model expects of a chosen trump, said after the hand's description."""
    points, where = _where(tr, p.get("points"))
    if p.get("next") == "push":
        return tr._("your side should end about {points} points {where}, {gap} better than "
                    "pushing").format(points=points, where=where, gap=_gap(tr, p.get("gap")))
    return tr._("your side should end about {points} points {where}, {gap} better than with "
                "{mode}").format(points=points, where=where, gap=_gap(tr, p.get("gap")),
                                 mode=_mode(tr, p.get("next")))


def hint_reason(tr: Translator, code: str, params: Mapping[str, JSON]) -> str | None:
    """The reason ``code`` with ``params`` in words; None for a code it does not know."""
    said = _hint_reason(tr, code, params)
    if said is not None and code in ("trump_suit", "trump_updown") and "points" in params:
        said = tr._("{reason}; {more}").format(reason=said, more=_trump_margin(tr, params))
    return said


def _hint_reason(tr: Translator, code: str, params: Mapping[str, JSON]) -> str | None:
    _ = tr._
    p = params
    if code == "push_value":
        points, where = _where(tr, p.get("points"))
        return _("pushing should leave your side about {points} points {where}, {gap} better "
                 "than your best trump, {best} (about {tricks} tricks): let your partner "
                 "choose").format(points=points, where=where, gap=_gap(tr, p.get("gap")),
                                  best=_mode(tr, p.get("best")),
                                  tricks=_tricks(tr, p.get("tricks")))
    if code == "push_weak":
        return _("your hand is weak for every trump (the best, {best}, makes about {tricks} "
                 "tricks), so let your partner choose").format(
            best=_mode(tr, p.get("best")), tricks=_tricks(tr, p.get("tricks")))
    if code == "push":
        return _("you let your partner choose the trump; your best, {best}, makes about "
                 "{tricks} tricks").format(best=_mode(tr, p.get("best")),
                                           tricks=_tricks(tr, p.get("tricks")))
    if code == "gives_points":
        given = p.get("points")
        return tr.ngettext("it does not take the trick and gives {points} point",
                           "it does not take the trick and gives {points} points",
                           given if isinstance(given, int) else 0).format(points=given)
    if code == "trump_suit":
        honours = [name for name, key in ((_("the Buur"), "buur"), (_("the Nell"), "nell"))
                   if p.get(key)]
        return _("you hold {count} {mode} with {honours}: about {tricks} tricks").format(
            count=p.get("count"), mode=_mode(tr, p.get("mode")),
            honours=tr.join(honours) if honours else _("no Buur or Nell"),
            tricks=_tricks(tr, p.get("tricks")))
    if code == "trump_updown":
        tops = tr.rank("A", plural=True) if p.get("mode") == "obenabe" else tr.rank(
            "6", plural=True)
        return _("you hold {count} {tops} and long suits under them: about {tricks} "
                 "tricks").format(count=p.get("count"), tops=tops,
                                  tricks=_tricks(tr, p.get("tricks")))
    if code == "partner_gets":
        return _("your partner is winning the trick: {card} gives them {points} "
                 "points").format(card=tr.card(str(p.get("card"))), points=p.get("points"))
    if code == "wins_trick":
        return _("it wins the trick and the {points} points in it").format(
            points=p.get("points"))
    if code == "takes_lead":
        return _("it takes the lead in the trick, worth {points} points so far").format(
            points=p.get("points"))
    if code == "lead_top_suit":
        return _("it is the highest {suit} left, so it should win the trick").format(
            suit=tr.suit(str(p.get("suit"))))
    fixed = {
        "lead_top_trump": _("it is the highest trump left: it wins and draws the opponents' "
                            "trumps"),
        "lead_high": _("it makes the opponents spend their high cards or trumps"),
        "lead_low": _("a low lead keeps your strong cards for later"),
        "partner_keeps": _("your partner is winning the trick, so you keep your strong "
                           "cards"),
        "give_least": _("you cannot win this trick cheaply, so you give the least"),
    }
    return fixed.get(code)


def search_margin(tr: Translator, mean: float, gap: float, playouts: int) -> str:
    """What the search expects from its choice, in words. A negative ``gap``: the search
    kept the heuristic's action, rated within its tie margin of the best one."""
    if gap < 0:
        return tr.ngettext(
            "the search expects {mean} points for your side against the others, {gap} less "
            "than its best choice: close enough to keep the rule of thumb ({n} playout)",
            "the search expects {mean} points for your side against the others, {gap} less "
            "than its best choice: close enough to keep the rule of thumb ({n} playouts)",
            playouts).format(mean=_gap(tr, mean, sign=True), gap=_gap(tr, -gap), n=playouts)
    return tr.ngettext(
        "the search expects {mean} points for your side against the others, {gap} better "
        "than the next choice ({n} playout)",
        "the search expects {mean} points for your side against the others, {gap} better "
        "than the next choice ({n} playouts)", playouts).format(
        mean=_gap(tr, mean, sign=True), gap=_gap(tr, gap), n=playouts)


def worth_words(tr: Translator, points: float, gap: float, samples: int) -> str:
    """What a choice made by value is worth (see :attr:`atout.bots.hint.Hint.worth`): from a
    fitted model (``samples`` 0) or from ``samples`` sampled deals played out."""
    if samples == 0:
        return tr._("a model of played-out deals expects {points} points for you from it, "
                    "{gap} more than from the next choice").format(
            points=_gap(tr, points, sign=True), gap=_gap(tr, gap))
    return tr.ngettext(
        "played out on {n} sampled deal, it brings you {points} points on average, {gap} more "
        "than the next choice",
        "played out on {n} sampled deals, it brings you {points} points on average, {gap} "
        "more than the next choice", samples).format(
        n=samples, points=_gap(tr, points, sign=True), gap=_gap(tr, gap))


def hint_sentence(tr: Translator, action: str, reason: tuple[str, Mapping[str, JSON]] | None,
                  margin: tuple[float, float, int] | None,
                  worth: tuple[float, float, int] | None = None) -> str:
    """A hint in words: the action (already in words), that it is selected, and why (the
    game's rule of thumb ``reason``, as a code and its parameters, what the search expects,
    ``margin``, and what a choice made by value is worth, ``worth``), as the console and the
    web page say it."""
    said = tr._("Hint: {action}. It is selected: Enter plays it.").format(action=action)
    whys = [w for w in (hint_reason(tr, *reason) if reason else None,
                        search_margin(tr, *margin) if margin else None,
                        worth_words(tr, *worth) if worth else None) if w]
    why = ""
    for w in whys:
        why = tr._("{reason}; {more}").format(reason=why, more=w) if why else w
    if not why:
        return said
    return said + " " + tr._("Why: {reason}.").format(reason=why)


__all__ = ["gap_words", "hint_reason", "hint_sentence", "search_margin", "worth_words"]
