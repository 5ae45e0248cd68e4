"""The words of the deal-of-the-day page (``/daily/<game>``) and of the duplicate tournament
pages (``/tournaments``, ``/tournaments/<n>``), keyed as their scripts use them (``d_`` and
``t_``); ``{name}`` marks a value the script puts in.

>>> from atout.i18n import translator
>>> page_words(translator("fr"))["d_title"]
'Donne du jour'
"""

from __future__ import annotations

from atout.i18n import Translator


def _daily(tr: Translator) -> dict[str, str]:
    _ = tr._
    return {
        "d_pagetitle": _("atout: deal of the day"),
        "d_title": _("Deal of the day"),
        "d_title_game": _("Deal of the day: {game}"),
        "d_game": _("Game"),
        "d_about": _("Everyone plays the same deals from the same seat against the same "
                     "computer players; each person plays them once a day, with an account."),
        "d_yours": _("Your deals"),
        "d_start": _("Play today's deals"),
        "d_hand_heading": _("Your hand: choose an action"),
        "d_standings": _("Standings"),
        "d_nobody": _("Nobody has finished the {game} deals of {day} yet."),
        "d_rank": _("Rank"),
        "d_player": _("Player"),
        "d_deal": _("Deal {n}"),
        "d_total": _("Total"),
        "d_best": _("Best"),
        "d_average": _("Average"),
        "d_caption": _("{game}, {day}: points deal by deal"),
        "d_sofar": _("Your points so far: {points} (total {total})."),
        "d_done": _("You have played today's {game} deals: {total} points."),
        "d_waiting": _("{deals} deals wait for you; you play them once."),
        "d_where": _("Deal {deal} of {deals}. You are seat {seat}."),
        "d_ontable": _("On the table: {cards}."),
        "d_seatcard": _("seat {seat}: {card}"),
        "d_hand": _("Your hand: {cards}"),
        "d_continued": _("Your run continues where you left it."),
        "d_signin": _("Sign in with an account (on the tables page) to play the deal of "
                      "the day."),
        "d_guest": _("The deal of the day is played with an account: guests see the "
                     "standings only."),
        "nav_tables": _("Tables"),
        "nav_leaderboards": _("Leaderboards"),
        "nav_daily": _("Deal of the day"),
    }


def _tournament(tr: Translator) -> dict[str, str]:
    _ = tr._
    return {
        "t_pagetitle": _("atout: duplicate tournament"),
        "t_title": _("Duplicate tournament"),
        "t_title_game": _("Duplicate tournament {id}: {game}"),
        "t_host": _("Host a tournament"),
        "t_game": _("Game"),
        "t_deals": _("Deals"),
        "t_tables": _("Tables"),
        "t_entrants": _("Entrants: a line per table, the places' account names separated "
                        "by commas, an empty place for a computer player"),
        "t_create": _("Create the tournament"),
        "t_yours": _("Your board"),
        "t_csv": _("Download the results (CSV)"),
        "t_overall": _("Overall"),
        "t_boards": _("Board by board"),
        "t_alldone": _("Table {table}, place {place}: your table has played every board."),
        "t_where": _("Table {table}, board {board} of {deals}; you are seat {seat}."),
        "t_yourturn": _("Your turn."),
        "t_others": _("Waiting for the others."),
        "t_lost": _("The connection was lost; trying again…"),
        "t_signin": _("Sign in with an account (on the tables page) to host a tournament."),
        "t_about": _("{tables}, {deals}; {rotation}."),
        "t_tables_one": tr.ngettext("{n} table", "{n} tables", 1),
        "t_tables_other": tr.ngettext("{n} table", "{n} tables", 2),
        "t_deals_one": tr.ngettext("{n} deal", "{n} deals", 1),
        "t_deals_other": tr.ngettext("{n} deal", "{n} deals", 2),
        "t_rotation_teams": _("seats rotated by team: {steps} steps, every team moving onto "
                              "the next team's seats"),
        "t_rotation_seats": _("seats rotated by seat: {steps} steps, every player moving one "
                              "seat on"),
        "t_over": _("Every table has played every deal."),
        "t_playing": _("Tables are still playing: the results grow as boards end."),
        "t_overall_caption": _("Overall: the sum of the differences from the datum"),
        "t_rank": _("Rank"),
        "t_entrant": _("Entrant"),
        "t_table": _("Table"),
        "t_points": _("Points"),
        "t_difference": _("Difference"),
        "t_boardcount": _("Boards"),
        "t_board": _("Board {n}"),
        "t_seat": _("Seat"),
        "t_datum": _("Datum"),
        "t_noboard": _("No board has been played yet."),
    }


def page_words(tr: Translator) -> dict[str, str]:
    """The deal-of-the-day and tournament pages' words in ``tr``'s language."""
    out = _daily(tr)
    out.update(_tournament(tr))
    return out


__all__ = ["page_words"]
