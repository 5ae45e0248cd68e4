"""Who may see which stored game: a private table's games, and the replays (the profile's
links and ``/api/games/N/replay`` ask the same questions here, so a link is shown exactly
when its replay would be given)."""

from __future__ import annotations

from collections.abc import Mapping

from atout.store import FINISHED, GameSummary

from .clubs import SOURCE as CLUBS_SOURCE
from .daily import SOURCE as DAILY_SOURCE


def private_to(summary: GameSummary, viewer: int | None) -> bool:
    """Whether a game is hidden from ``viewer`` (None: nobody signed in): its table was
    private and the viewer did not sit at it."""
    settings = summary.client.get("table")
    private = isinstance(settings, dict) and bool(settings.get("private"))
    return private and (viewer is None or summary.seat_of(viewer) is None)


def replay_refusal(summary: GameSummary, viewer: int | None, mine: int | None,
                   invite: str | None = None) -> str | None:
    """Why ``viewer`` (None: nobody signed in), who sits at seat ``mine`` (None: not
    seated), may not replay the game, in words; None when they may. ``invite``: the invite
    code given, which opens a private table's game."""
    settings = summary.client.get("table")
    if summary.source == CLUBS_SOURCE:  # its boards are being played at other tables too
        return ("a duplicate tournament's table is read through /api/tournaments/N (every "
                "board's actions once it is over)")
    if summary.source == DAILY_SOURCE and (mine is None or summary.status != FINISHED):
        return ("a deal of the day's run is replayed by its player only, once it is over: "
                "the day's deals stay unseen until each person plays them")
    if private_to(summary, viewer) and not (
            isinstance(settings, Mapping) and invite and invite == settings.get("invite")):
        return ("this game's table is private: its players, or whoever has its invite code "
                "(?invite=CODE), may replay it")
    return None


def replay_link(summary: GameSummary, viewer: int | None) -> str | None:
    """The address of a game's replay page when ``viewer`` may open it (without an invite
    code), else None."""
    mine = None if viewer is None else summary.seat_of(viewer)
    return None if replay_refusal(summary, viewer, mine) else f"/replay/{summary.id}"


__all__ = ["private_to", "replay_link", "replay_refusal"]
