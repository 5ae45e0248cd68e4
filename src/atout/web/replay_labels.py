"""The words of the replay page (``/replay``: a person's games; ``/replay/<game>``: one game
step by step, and its reviews), keyed as ``replay.js`` uses them.

>>> from atout.i18n import translator
>>> replay_words(translator("fr"))["p_next"]
'Action suivante'
"""

from __future__ import annotations

from atout.i18n import Translator


def replay_words(tr: Translator) -> dict[str, str]:
    """The replay page's words in ``tr``'s language."""
    _ = tr._
    return {
        "p_games": _("Your games"),
        "p_signin": _("Sign in on the tables page to see your games."),
        "p_none": _("No game yet."),
        "p_more": _("More games"),
        "p_game": _("Game"),
        "p_name": _("Card game"),
        "p_status": _("Status"),
        "p_seat": _("Your seat"),
        "p_result": _("Result"),
        "p_finished": _("finished"),
        "p_playing": _("not finished"),
        "p_won": _("won"),
        "p_lost": _("lost"),
        "p_open": _("Replay game {game}"),
        "p_title": _("Replay of game {game}: {name}"),
        "p_viewas": _("Seen from"),
        "p_nobody": _("a spectator (no hand)"),
        "p_first": _("Start"),
        "p_back": _("Previous action"),
        "p_next": _("Next action"),
        "p_last": _("End"),
        "p_keys": _("Keys: right arrow, the next action; left arrow, the previous one; Home "
                    "and End, the start and the end."),
        "p_position": _("Action {n} of {total}, deal {deal}."),
        "p_atstart": _("Start of the game, before any action."),
        "p_hand": _("Hand"),
        "p_table": _("On the table"),
        "p_empty": _("Nothing."),
        "p_scores": _("Scores"),
        "p_notover": _("The game is not over: you see your own seat only, up to the last "
                       "action played."),
        "p_failed": _("The server did not answer: {message}"),
        "p_loading": _("Loading…"),
        "p_review": _("Review"),
        "p_reviewdeal": _("Deal to review"),
        "p_reviewask": _("Ask for a review of this deal"),
        "p_reviewing": _("Review under way: {done} of {total} decisions."),
        "p_reviewdone": _("Review of deal {deal} for {player}: {loss} points lost in "
                          "expectation. Blunders: {blunders}; mistakes: {mistakes}; "
                          "inaccuracies: {inaccuracies}."),
        "p_action": _("Action"),
        "p_played": _("Played"),
        "p_best": _("The search's choice"),
        "p_loss": _("Points lost"),
        "p_mark": _("Mark"),
        "p_inaccuracy": _("inaccuracy"),
        "p_mistake": _("mistake"),
        "p_blunder": _("blunder"),
        "p_good": _("as the search"),
    }


__all__ = ["replay_words"]
