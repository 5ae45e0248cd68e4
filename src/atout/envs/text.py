"""A seat's view in words, for ``render()``: the project's own sentences (:mod:`atout.i18n`)."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from atout.i18n import translator
from atout.i18n.text import GameText, game_text

if TYPE_CHECKING:
    from atout.envs.table import Table


@lru_cache(maxsize=64)
def _text(game: str, seat: int, seats: int, lang: str) -> GameText:
    return game_text(game, translator(lang), seat, seats)


def view_text(table: Table, seat: int, lang: str = "en") -> str:
    """What ``seat`` knows, as sentences: whose turn, its hand, the table, the trump or
    bids, the scores and, when it is to move, its legal actions.

    ``ValueError`` naming the languages when ``lang`` is unknown.
    """
    text = _text(table.name, seat, table.seats, lang)
    view = table.game.view(seat)
    lines = [text.turn(view), text.hand(view), text.table(view), text.trump(view),
             text.scores(view)]
    if view.legal:
        lines.append(text.legal(view))
    return "\n".join(line for line in lines if line)


__all__ = ["view_text"]
