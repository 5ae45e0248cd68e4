"""A game's history as one viewer may see it, for the record of a game still in play.

A seated player gets every action as its seat saw it (an action hidden from that seat, such
as another player's discard, as None) with the events its seat could see, and its seat's
view now; anyone else gets the engine's public history, events and view
(:meth:`atout.Deal.seen_history` and :meth:`atout.Deal.public_view` for None). Nothing here
decides what is hidden: the engine does, as for the live updates
(:mod:`atout.server.visibility`). A finished game's whole record, from
which every hand can be rebuilt, is served as it is by the app.
"""

from __future__ import annotations

from atout.core import JSON, Deal, Match
from atout.events import MatchEvent
from atout.store import GameRecord

from .visibility import Sight, events_for


def history_for(record: GameRecord, seat: int | None, upto: int | None = None,
                deals: int | None = None) -> dict[str, JSON]:
    """The record's first ``upto`` actions (all of them by default) as ``seat`` (None: a
    spectator) may know them: ``history`` has one entry per action (``deal``, ``seat``,
    ``action``, ``events``) and ``view`` is the viewer's view after the last one. With a
    limit of ``deals`` reached, the game stops there as at its table: no next deal is
    shown. ``ValueError`` if the actions do not replay on the record's rules."""
    match = record.replay(0)
    actions = record.actions if upto is None else record.actions[:upto]
    steps: list[tuple[int, int | None, list[dict[str, JSON]]]] = []
    for text in actions:
        deal, actor = len(match.deals), match.to_move
        events = match.play(text)
        if deals is not None and len(match.deals) >= deals and not match.is_over:
            events = [e for e in events if e.kind != MatchEvent.NEW_DEAL]  # the table stopped here
        steps.append((deal, actor, events_for(events, seat)))
    stopped = deals is not None and len(match.deals) >= deals and not match.is_over
    shown: Match | Deal = match.deals[-1] if stopped else match
    seen = _seen(match, seat)
    history: list[JSON] = [
        {"deal": deal, "seat": actor, "action": shown, "events": list(events)}
        for (deal, actor, events), shown in zip(steps, seen, strict=True)]
    summary = record.summary
    return {"game": summary.game, "options": dict(summary.options), "status": summary.status,
            "seats": [s.to_dict() for s in summary.seats], "seat": seat,
            "actions_count": len(actions), "history": history, "view": Sight(shown).view(seat)}


def _deals(match: Match) -> list[Deal]:
    """Every deal of the match so far, the current one last."""
    return [*match.deals, *([] if any(d is match.deal for d in match.deals) else [match.deal])]


def _seen(match: Match, seat: int | None) -> list[str | None]:
    """Each action's text as ``seat`` (None: nobody seated) saw it, None where hidden: the
    engine's :meth:`atout.Deal.seen_history` of every deal."""
    return [text for deal in _deals(match) for _, text in deal.seen_history(seat)]


__all__ = ["history_for"]
