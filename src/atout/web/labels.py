"""The web page's own words (buttons, headings, help), from the same catalogue as the
console: ``GET /api/i18n/<lang>`` serves them as JSON, keyed by a short name the page uses.

>>> labels("fr")["lobby"]
'Les tables'
"""

from __future__ import annotations

import json

import atout
from atout.console.session import TABLE_BOTS
from atout.i18n import Translator, translator
from atout.i18n.options import option_label, option_value
from atout.i18n.text import bot_words, game_text

from .felt_labels import felt_words
from .page_labels import page_words
from .replay_labels import replay_words

GAMES = ("jass", "putze", "tarot", "pitch", "knock-rummy")
"""The games the page offers, in the lobby's order."""


def _words(tr: Translator) -> dict[str, str]:
    _ = tr._
    return {
        "skip": _("Skip to the content"),
        "settings": _("Settings"),
        "language": _("Language"),
        "shortcuts": _("Keyboard shortcuts in the table (C, A, F, H, G, S, T, L, W, I, ?)"),
        "sound": _("A sound when it is your turn"),
        "signin": _("Sign in"),
        "name": _("Your name"),
        "password": _("Password (for an account; empty to play as a guest)"),
        "guest": _("Play as a guest"),
        "login": _("Sign in to my account"),
        "register": _("Create an account"),
        "signout": _("Sign out"),
        "signedin": _("Signed in as {name}."),
        "lobby": _("Tables"),
        "refresh": _("Refresh the list"),
        "notables": _("No open table yet: create one below."),
        "tableno": _("Table {table}"),
        "status_waiting": _("waiting for players"),
        "status_playing": _("playing"),
        "status_over": _("over"),
        "seatn": _("Seat {seat}"),
        "empty": _("empty"),
        "computer": _("computer ({bot})"),
        "botname": _("{name}, computer player ({bot})"),
        "away": _("away"),
        "spectators": _("{count} watching"),
        "sit": _("Sit at seat {seat}"),
        "watch": _("Watch table {table}"),
        "create": _("Create a table"),
        "game": _("Game"),
        "players": _("Players"),
        "deals": _("Deals to play (empty: the whole game)"),
        "private": _("Private (only with the invite code)"),
        "yourseat": _("Your seat"),
        "fill": _("Fill the other seats with computer players and start"),
        "botkind": _("Computer player"),
        "createbtn": _("Create the table"),
        "joinprivate": _("Join a private table"),
        "invite": _("Invite code"),
        "tablenum": _("Table number"),
        "joinbtn": _("Join"),
        "seats": _("Players"),
        "you": _("you"),
        "toplay": _("to play"),
        "host": _("host"),
        "addbot": _("Add a computer player at seat {seat}"),
        "removebot": _("Remove the computer player at seat {seat}"),
        "start": _("Start the game"),
        "leave": _("Leave the table"),
        "lobbyback": _("Back to the tables"),
        "ratingslink": _("Ratings and leaderboards"),
        "rated": _("Rated (the result changes the players' ratings; for accounts)"),
        "r_leaderboard": _("Leaderboard: {game}"),
        "r_pool": _("{game}, {count} players"),
        "r_pool_partners": _("{game}, {count} players in partnerships"),
        "r_rank": _("Rank"),
        "r_player": _("Player"),
        "r_rating": _("Rating"),
        "r_games": _("Rated games"),
        "r_wins": _("Wins"),
        "r_bots": _("Computer players (fixed ratings)"),
        "r_nobody": _("Nobody is rated here yet."),
        "r_find": _("A player's profile"),
        "r_findbtn": _("Show the profile"),
        "r_yours": _("Your profile"),
        "r_profile": _("Profile of {name}"),
        "r_record": _("Playing since {date}: {played} games finished, {won} won."),
        "r_ratings": _("Ratings"),
        "r_norating": _("No rated game yet."),
        "r_summary": _("Rating {rating} after {games} rated games ({wins} won)."),
        "r_chart": _("Rating after each rated game: {pool}"),
        "r_chartdesc": _(
            "From {first} to {last} over {count} games; lowest {low}, highest {high}."),
        "r_table": _("The same as a table"),
        "r_after": _("After game"),
        "r_change": _("Change"),
        "r_date": _("Date"),
        "r_left": _("left the game"),
        "r_recent": _("Recent games"),
        "r_status": _("Status"),
        "r_result": _("Result"),
        "r_won": _("won"),
        "r_lost": _("lost"),
        "r_unfinished": _("not finished"),
        "r_yes": _("yes"),
        "r_no": _("no"),
        "r_ratedcol": _("Rated"),
        "r_private": _("a private game"),
        "r_notfound": _("There is no player named {name} (guests have no profile)."),
        "r_number": _("Game {game}"),
        "r_failed": _("The server did not answer: {message}"),
        "r_loading": _("Loading…"),
        "r_nogames": _("No game yet."),
        "r_mu": _("mu {mu}, sigma {sigma}"),
        "invitecode": _("Invite code: {code}. Link: {link}"),
        "trick": _("On the table"),
        "hand": _("Your hand"),
        "nohand": _("You have no cards."),
        "choices": _("Your choices"),
        "nochoice": _("Nothing to choose now."),
        "scores": _("Scores"),
        "lasttrick": _("Last trick"),
        "lasttrick_knock-rummy": _("Last turn"),
        "history": _("History of the deal"),
        "messages": _("Messages"),
        "chat": _("Chat"),
        "chatline": _("Your message"),
        "send": _("Send"),
        "command": _("Command"),
        "commandhelp": _("Type a card (AH), an action as its button says it, or a key "
                         "(C, S, ?), then Enter."),
        "commandbtn": _("Do it"),
        "gameover": _("The game is over"),
        "rematch": _("Play again with the same players"),
        "spectating": _("You are watching: you see what every player sees, no hand."),
        "notyourturn": _("It is not your turn: {turn}"),
        "notplayable": _("not playable now"),
        "ecart_prompt": _("Your écart: choose its {total} cards ({count} chosen so far), "
                          "then discard them at once. A card chosen goes back to your hand "
                          "with another Enter or tap, until you confirm."),
        "ecart_chosen": _("{card}: chosen for the écart, {count} of {total}."),
        "ecart_back": _("{card}: back in your hand, {count} of {total} chosen."),
        "ecart_full": _("The écart has its {total} cards: discard them, or take one back "
                        "first."),
        "ecart_marked": _("chosen for the écart"),
        "ecart_confirm": _("Discard these {count} cards: {cards}"),
        "ecart_undo": _("Take back the last card chosen: {card}"),
        "unknownkey": _("The key {key} does nothing here. Press ? for the list of keys."),
        "nohint": _("No hint now: it is not your turn."),
        "connecting": _("Connecting to the server…"),
        "disconnected": _("The connection was lost; trying again…"),
        "reconnected": _("Connected again."),
        "joined": _("You are at table {table}."),
        "refused": _("Refused: {reason}"),
        "keys": _("Keys in your hand and in the command box: {keys}."),
        "key_play": _("Enter or a tap: play the card or the choice"),
        "key_move": _("arrows, Home, End: move in your hand"),
        "key_c": _("C: the cards on the table"),
        "key_a": _("A: the trump (Jass and Pitch: choose it when it is your turn)"),
        "key_f": _("F: the suit led"),
        "key_h": _("H: take the blind or the chien (Putze, Tarot)"),
        "key_g": _("G: exchange the trump six (Putze)"),
        "key_s": _("S: the scores"),
        "key_t": _("T: whose turn"),
        "key_l": _("L: the last trick"),
        "key_w": _("W: what you may do"),
        "key_i": _("I: a hint"),
        "key_m": _("M: your hand"),
        "key_k": _("K: the count of cards played"),
        "key_o": _("O: the whole situation"),
        "key_help": _("?: this list"),
        "err_bad_token": _("Your session has expired: sign in again."),
        "err_taken": _("That seat is taken."),
        "err_started": _("The game has started."),
        "err_private": _("This table is private: its invite code is needed."),
        "err_no_table": _("There is no such table."),
        "err_not_your_turn": _("It is not your turn."),
        "err_name_taken": _("That name is taken: choose another or sign in."),
        "err_bad_login": _("Wrong name or password."),
        "err_other": _("The server refused: {reason}"),
        "bot_random": _("random (plays any legal card)"),
        "bot_heuristic": _("heuristic (a fair player)"),
        "bot_search": _("search (a strong player, slower)"),
        "preset": _("Rules"),
        "preset_default": _("the common rules"),
        "options_shown": _("rules: {options}"),
    }


WEB_KEYS = ("key_play", "key_move", "C", "A", "F", "S", "T", "L", "W", "P", "I", "M", "K",
            "O", "key_help")
"""The page's keys in the order of its list: a label's name, or a letter said by
:func:`key_list` (the common answer, or the game's own)."""


def key_list(tr: Translator, game: str) -> str:
    """The page's list of keys for ``game``, in one sentence: the common keys, each game's
    own keys in their place (Knock Rummy's C is the discard pile, not the table), and only
    the keys the game has (H and G only in the games that use them)."""
    words = _words(tr)
    common = {"C": words["key_c"], "A": tr._("A: the trump"), "F": words["key_f"],
              "S": words["key_s"], "T": words["key_t"], "L": words["key_l"],
              "W": words["key_w"], "I": words["key_i"], "M": words["key_m"],
              "K": words["key_k"], "O": words["key_o"],
              "P": tr._("{key}: {what}").format(
                  key="P", what=tr._("each player's tricks and points in this deal"))}
    own = {k: tr._("{key}: {what}").format(key=k, what=what)
           for k, what in game_text(game, tr, 0, 4).game_keys()}
    parts = []
    for key in WEB_KEYS:
        if key in common:
            parts.append(own.pop(key, common[key]))
            if key == "A":  # a game's keys that the common list lacks come after A
                parts += [own.pop(k) for k in list(own) if k not in common]
        else:
            parts.append(words[key])
    return words["keys"].format(keys=tr.semicolon.join(parts))


def labels(lang: str) -> dict[str, str]:
    """The page's words in ``lang`` (``ValueError`` for a language the catalogue lacks),
    with each game's title as ``title_<game>``, its player counts (``players_<game>``,
    ``defaultplayers_<game>``), presets (``presets_<game>``) and default options as JSON
    (``defaults_<game>``, for the lobby to name what a table changes, with the options' names
    ``optlabels_<game>`` and their values ``optvalues`` in words, as JSON), and the computer
    players the console puts at a person's table where the plain one would leave no game
    (``tablebot:<game>:<bot>``, a Knock Rummy heuristic that does not knock at once), and
    each computer player's kind in words (``botword_<bot>``), and each game's list of keys
    (``help_<game>``)."""
    tr = translator(lang)
    out = _words(tr)
    out.update(felt_words(tr))
    out.update(page_words(tr))
    out.update(replay_words(tr))
    values: dict[str, str] = {}
    for game in GAMES:
        out[f"title_{game}"] = game_text(game, tr, 0, 4).title(game, game)
    for info in atout.games():  # what the create form offers, what the lobby tells
        if info.name not in GAMES:
            continue
        players = next((o for o in info.options if o.name == "players"), None)
        out[f"players_{info.name}"] = ",".join(str(c) for c in players.choices or ()) \
            if players else ""
        out[f"defaultplayers_{info.name}"] = str(players.default) if players else ""
        out[f"presets_{info.name}"] = ",".join(info.presets)
        out[f"defaults_{info.name}"] = json.dumps(atout.make(info.name).options_dict())
        out[f"optlabels_{info.name}"] = json.dumps(  # the lobby names a table's rules
            {o.name: option_label(tr, info.name, o.name) for o in info.options},
            ensure_ascii=False)
        for o in info.options:
            for value in (o.choices or ()) + (o.default,):
                if isinstance(value, (bool, str)):
                    values[json.dumps(value)] = option_value(tr, value)
    out["optvalues"] = json.dumps(values, ensure_ascii=False)  # by the value's JSON
    out["semicolon"] = tr.semicolon  # between the clauses of a list: "; ", « ; »
    for game in GAMES:  # each game's list of keys (the ? key)
        out[f"help_{game}"] = key_list(tr, game)
    for bot in ("random", "heuristic", "search", "policy"):  # a computer player's kind
        out[f"botword_{bot}"] = bot_words(tr, bot)
    for (game, bot), spec in TABLE_BOTS.items():  # the console's gentler table players
        out[f"tablebot:{game}:{bot}"] = spec
    out["lang"] = tr.lang
    return out


__all__ = ["GAMES", "WEB_KEYS", "key_list", "labels"]
