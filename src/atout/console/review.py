"""``atout review NUMBER``: the search player's review of one deal of a stored game, in words.

The figures come from :mod:`atout.bots.review` (the same seed gives the same review); this
module only finds the game, asks for the review and says it, decision by decision.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import IO

import atout
from atout.bots.review import DEFAULT_PLAYOUTS, Review, review_game
from atout.i18n import Translator, detect_language, translator
from atout.i18n.text import GameText, game_text
from atout.store import StoreError

from .records import open_store, store_error
from .speech import Output


def review_lines(review: Review, text: GameText, tr: Translator) -> list[str]:
    """The review in sentences: one per decision, then the totals."""
    lines = [tr._("Review of deal {deal} from seat {seat}, {n} decisions, {playouts} "
                  "playouts per action, seed {seed}.").format(
        deal=review.deal + 1, seat=review.seat + 1, n=len(review.choices),
        playouts=review.playouts, seed=review.seed)]
    marks = {"": "", "inaccuracy": tr._("an inaccuracy"), "mistake": tr._("a mistake"),
             "blunder": tr._("a blunder")}
    for c in review.choices:
        if c.best == c.played or c.loss == 0:
            lines.append(tr._("Action {n}: {played}, as the search would have played.").format(
                n=c.index + 1, played=text.action(c.played)))
            continue
        said = tr._("Action {n}: {played}; the search would have played {best}; it cost "
                    "{loss:.1f} points in expectation.").format(
            n=c.index + 1, played=text.action(c.played), best=text.action(c.best),
            loss=c.loss)
        if c.mark:
            said += " " + tr._("That is {mark}.").format(mark=marks[c.mark])
        lines.append(said)
    lines.append(tr._("In all: {loss:.1f} points lost; {b} blunders, {m} mistakes, {i} "
                      "inaccuracies.").format(loss=review.total_loss,
                                              b=review.count("blunder"),
                                              m=review.count("mistake"),
                                              i=review.count("inaccuracy")))
    return lines


def run_review(number: int, *, deal: int = 1, seat: int | None = None, seed: int = 0,
               playouts: int = DEFAULT_PLAYOUTS, lang: str | None = None,
               data: str | Path | None = None, db: str | None = None,
               stdout: IO[str] | None = None) -> int:
    """Review deal ``deal`` (from 1) of stored game ``number`` from ``seat`` (by default the
    seat the local player sat at) and say it; the exit status (2 after saying why not)."""
    lang = lang or detect_language()
    tr = translator(lang)
    out = Output(stdout or sys.stdout, None)
    try:
        opened = open_store(tr, out, db, data)
        if opened is None:
            return 2
        store, me = opened
        try:
            record = store.get(number)
        except StoreError as exc:
            out.say(tr._("Cannot review: {error}").format(error=store_error(tr, exc)))
            return 2
        finally:
            store.close()
        summary = record.summary
        mine = summary.seat_of(me)
        who = seat if seat is not None else (mine if mine is not None else 0)
        try:
            rules = atout.make(summary.game, **dict(summary.options))
            review = review_game(rules, record.replay(0), record.actions, deal - 1, who,
                                 seed=seed, playouts=playouts)
        except ValueError as exc:
            out.say(tr._("Cannot review: {error}").format(error=exc))
            return 2
        text = game_text(rules.name, tr, who, rules.seats)
        for line in review_lines(review, text, tr):
            out.say(line)
        return 0
    finally:
        out.close()


__all__ = ["review_lines", "run_review"]
