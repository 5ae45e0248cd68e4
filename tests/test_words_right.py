"""Issue 38's "every word right": the sentences a spectator, a waiting table, a Tarot deal
limit and the French page get (the server's words and the catalogue, without a browser)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import atout
from atout.core import Event, View
from atout.i18n import translator
from atout.i18n.text import game_text
from atout.server.accounts import Player
from atout.server.table import SeatState, Table, TableError
from atout.server.visibility import events_for, public_view
from atout.server.words import error_words, with_words, words

NAMES = ["Anna", "Bruno", "Clara", "David", "Emma"]
YOU = ("your team", "you ", "You ", "your ", "Your ", "votre équipe", "Vous ", "vous ")


def spectator_lines(game: str, options: dict[str, Any], lang: str, seed: int) -> list[str]:
    """Every sentence a spectator's words say of a whole random game: the events, the
    scores, the turn and the end."""
    rules = atout.make(game, **options)
    match = rules.match(seed=seed)
    text = game_text(game, translator(lang), -1, rules.seats, NAMES[:rules.seats])
    rng = random.Random(seed)
    lines: list[str] = []
    while not match.is_over:
        view = View.from_dict(public_view(match))
        lines += [text.scores(view), text.turn(view), text.trump(view)]
        events = match.play(rng.choice(list(match.legal_actions())))
        for e in events_for(tuple(events), None):
            said = text.event(Event.from_dict(e), view)
            if said:
                lines.append(said)
    lines.append(text.game_over_sentence(match.result.to_dict()))
    return lines


@pytest.mark.parametrize(("game", "options"), [
    ("jass", {"target": 1000}), ("pitch", {"preset": "partners"})])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_spectator_is_never_told_your_team(game: str, options: dict[str, Any],
                                             lang: str) -> None:
    lines = spectator_lines(game, options, lang, seed=3)
    wrong = [line for line in lines if any(y in line for y in YOU)]
    assert not wrong, wrong[:5]
    # the teams are named by their players instead
    assert any(("Anna" in line and "Clara" in line) for line in lines), lines[-3:]


def test_a_spectator_reads_the_jass_scores_by_names() -> None:
    text = game_text("jass", translator("en"), -1, 4, NAMES[:4])
    assert text.final_scores([20, 137]) == "Scores: Anna and Clara 20, Bruno and David 137."
    seated = game_text("jass", translator("en"), 1, 4, NAMES[:4])
    assert seated.final_scores([20, 137]) == "Scores: your team 137, the opponents 20."


# -- a waiting table, a refusal's seats ------------------------------------------------------
def waiting_table(game: str = "jass", **options: Any) -> Table:
    """A table of ``game`` waiting for players: Ana at seat 1, a bot at seat 2."""
    match = atout.make(game, **options).match(seed=5)
    seats = [SeatState() for _ in range(match.rules.seats)]
    seats[0] = SeatState(player=Player(1, "Ana", "guest"), connected=True)
    seats[1] = SeatState(bot="heuristic")
    return Table(7, match.rules, match, host=1, seats=seats)


def test_a_waiting_table_says_nobody_plays_yet_and_which_seats_are_empty() -> None:
    table = waiting_table()
    said = words(table.snapshot(0), "en")
    assert said["turn"] == "The game has not started yet. Seats 3 and 4 are empty."
    assert "turn" not in str(said["answers"]["o"])
    fr = words(table.snapshot(None), "fr")
    assert fr["turn"] == "La partie n'a pas encore commencé. Les places 3 et 4 sont vides."


def test_a_refused_start_counts_the_empty_seats_from_one() -> None:
    table = waiting_table()
    with pytest.raises(TableError) as refused:
        table.start(1)
    assert str(refused.value).endswith("empty: seats 3, 4")
    assert refused.value.params == {"seats": [2, 3]}  # the protocol's seats, from 0
    assert error_words("seats_empty", refused.value.params, "en") == (
        "Every seat needs a player or a computer player: seats 3 and 4 are empty.")
    assert error_words("seats_empty", {"seats": [4]}, "fr") == (
        "Chaque place doit avoir un joueur ou un joueur ordinateur : la place 5 est vide.")


# -- Tarot for five, one deal ----------------------------------------------------------------
def tarot_table(deals: int) -> Table:
    match = atout.make("tarot", players=5).match(seed=11)
    seats = [SeatState(player=Player(1, "Ana", "guest"), connected=True)] + [
        SeatState(bot="heuristic") for _ in range(4)]
    return Table(3, match.rules, match, host=1, seats=seats, deals=deals, started=True)


def play_out(table: Table, choose: Any) -> list[dict[str, Any]]:
    """Play the table to its end; each update's frame for seat 0 with its words."""
    frames = []
    while not table.over:
        legal = list(table.match.legal_actions())
        update = table.apply(choose(legal))
        frames.append(with_words(table.frame(update, 0), "en"))
    frames.append(with_words(table.frame(table.ended(), 0), "en"))
    return frames


def test_tarot_for_five_one_deal_counts_one_deal_and_ends_with_the_scores() -> None:
    rng = random.Random(2)
    table = tarot_table(1)
    frames = play_out(table, lambda legal: rng.choice(legal))
    during = [f["words"]["answers"]["s"] for f in frames[:-2]]
    assert all("of 5" not in s for s in during), during[:3]
    assert all("Deal 1 of 1." in s for s in during), during[:3]
    end = frames[-1]["words"]
    assert "No scores yet" not in end["answers"]["s"], end["answers"]["s"]
    result = table.result()
    assert end["answers"]["s"] == game_text("tarot", translator("en"), 0, 5).scores_sentence(
        list(result.scores)).replace("Anna", "Ana")


def test_a_tarot_deal_where_everyone_passes_ends_in_a_draw_not_a_win_for_all() -> None:
    table = tarot_table(1)
    frames = play_out(table, lambda legal: next((a for a in legal if a.text == "pass"),
                                                legal[0]))
    lines = [line for f in frames for line in f["words"].get("lines", [])]
    assert not any("you win" in line for line in lines), lines
    assert any(line.startswith("Game over: a draw, nobody won.") for line in lines), lines


# -- French ----------------------------------------------------------------------------------
def test_french_elides_de_before_a_vowel() -> None:
    fr = game_text("tarot", translator("fr"), 1, 4, ["Alice", "Bruno", "Emma", "Hugo"])
    said = fr.game_over_sentence({"winners": [0], "scores": [30, -10, -10, -10]})
    assert said.startswith("Partie terminée : victoire d'Alice."), said
    assert fr.game_over_sentence({"winners": [1], "scores": [0, 0, 0, 0]}).startswith(
        "Partie terminée : vous gagnez")
    plain = game_text("tarot", translator("fr"), 0, 4, ["Alice", "Bruno", "Emma", "Hugo"])
    assert "victoire de Bruno." in plain.game_over_sentence({"winners": [1],
                                                             "scores": [0, 9, 0, 0]})
    assert "victoire de Hugo." in plain.game_over_sentence({"winners": [3],
                                                            "scores": [0, 0, 0, 9]})
    assert translator("fr").card("AH") == "l'as de cœur"  # a card's name is unchanged


def test_a_push_read_back_from_a_frame_names_the_partner() -> None:
    """The web page's words read events back from JSON: a Jass push still names who
    chooses (it said "David pushes: nobody chooses the trump.")."""
    match = atout.make("jass").match(seed=1)
    pusher = match.to_move
    assert pusher is not None
    events = match.play("push")
    text = game_text("jass", translator("en"), -1, 4, NAMES[:4])
    for e in events_for(tuple(events), None):
        said = text.event(Event.from_dict(e))
        assert said == f"{NAMES[pusher]} pushes: {NAMES[(pusher + 2) % 4]} chooses the trump."


def test_the_history_says_whose_partner_chooses_after_a_push() -> None:
    """The page's history said "David: push: your partner chooses." to Anna, David's
    opponent."""
    match = atout.make("jass").match(seed=1)
    pusher = match.to_move
    assert pusher is not None
    match.play("push")
    me = (pusher + 1) % 4  # an opponent of the pusher
    info = {"game": "jass", "title": "Jass", "status": "playing", "seats": [
        {"seat": s, "name": None, "bot": "random", "connected": False} for s in range(4)]}
    said = words({"type": "table", "info": info, "view": match.view(me).to_dict()}, "en")
    partner = ["Anna", "Bruno", "Clara", "David"][(pusher + 2) % 4]
    assert said["history"] == [
        f"{['Anna', 'Bruno', 'Clara', 'David'][pusher]}: push: {partner} chooses."]
    mine = words({"type": "table", "info": info, "view": match.view(pusher).to_dict()},
                 "en")
    assert mine["history"] == ["You: push: your partner chooses."]


def test_a_knock_rummy_history_says_a_card_is_discarded() -> None:
    """A card in Knock Rummy's history was a discard, not a card played to a trick."""
    text = game_text("knock-rummy", translator("fr"), 0, 4, NAMES[:4])
    assert text.action_by(1, "QH") == "défausser la dame de cœur"
    assert text.action_by(1, "knock") == "frapper"
    assert game_text("jass", translator("en"), 0, 4).action_by(1, "QH") == "the queen of hearts"


def test_pitch_says_you_pitch_not_you_pitches() -> None:
    """The page said "This hand: you pitches for 4."."""
    rules = atout.make("pitch")
    match = rules.match(seed=2)
    while match.view(0).info.get("pitcher") != 0:
        seat = match.to_move
        legal = [a.text for a in match.legal_actions()]
        bid = next((b for b in ("bid 4", "bid 3", "bid 2") if b in legal), legal[0])
        match.play(bid if seat == 0 else ("pass" if "pass" in legal else legal[0]))
    for lang, wrong in (("en", "you pitches"), ("fr", "vous lance ")):
        text = game_text("pitch", translator(lang), 0, 4, NAMES[:4])
        view = match.view(0)
        for said in (text.scores(view), text.trump(view)):
            assert wrong not in said, said


def test_french_lists_of_clauses_put_a_space_before_the_semicolon() -> None:
    from atout.web.labels import key_list

    fr = key_list(translator("fr"), "jass")
    assert " ; " in fr and "choix; " not in fr, fr
    assert "; " in key_list(translator("en"), "jass")


def test_knock_rummys_table_says_the_card_is_the_discard_piles_top() -> None:
    """The page's "On the table" said "David: King of diamonds" for the discard pile."""
    match = atout.make("knock-rummy").match(seed=3)
    while not match.view(0).table:
        match.play(match.legal_actions()[0])
    info = {"game": "knock-rummy", "title": "Knock Rummy", "status": "playing", "seats": [
        {"seat": s, "name": None, "bot": "random", "connected": False} for s in range(4)]}
    said = words({"type": "table", "info": info, "view": match.view(0).to_dict()}, "en")
    assert said["table"] and all(t["card"].endswith(", on top of the discard pile")
                                 for t in said["table"]), said["table"]


def test_a_jass_game_stopped_by_the_tables_deal_limit_ends_with_team_scores() -> None:
    """The end of a one-deal Jass table said each seat's score ("Ana 98, Bruno 79, Clara
    98, David 79"): a team game says the teams'."""
    spectator = game_text("jass", translator("fr"), -1, 4, ["Ana", "Bruno", "Clara", "David"])
    said = spectator.game_over_sentence({"winners": [0, 2], "scores": [98, 79, 98, 79]})
    assert said == ("Partie terminée : victoire d'Ana et Clara. Scores : Ana et Clara 98, "
                    "Bruno et David 79."), said
    seated = game_text("jass", translator("en"), 1, 4)
    assert seated.game_over_sentence({"winners": [0, 2], "scores": [98, 79, 98, 79]}) == (
        "Game over: Anna and Clara won. Scores: your team 79, the opponents 98.")


def test_knock_rummys_standings_do_not_repeat_the_scores_just_said() -> None:
    """A Knock Rummy deal's end said the same scores three times ("Deal 1 is over. Scores:
    …", "After deal 1: Scores: …")."""
    text = game_text("knock-rummy", translator("en"), 0, 4, NAMES[:4])
    standings = Event("standings", None, {"deal": 1, "ranking": [2, 0, 1, 3],
                                          "scores": [-31, -11, 49, -7]})
    assert text.event(standings) == "After deal 1: Clara leads."
    tie = Event("standings", None, {"deal": 2, "scores": [9, -3, 9, -3]})
    assert text.event(tie) == "After deal 2: you and Clara lead."
    assert game_text("knock-rummy", translator("fr"), 0, 4, NAMES[:4]).event(tie) == \
        "Après la donne 2 : vous et Clara menez."


def test_a_taker_who_called_their_own_king_plays_alone_and_is_not_their_own_partner() -> None:
    """The page said « Carte appelée : le roi de pique ; partenaire : vous. » to a taker
    who had called their own king."""
    info = {"taker": 0, "contract": "garde", "called": "KS", "partner": 0, "bids": []}
    view = View("tarot", 0, 5, 4, "play", 0, (), (), (), (), info, False)
    for lang, alone in (("en", "Called card: the king of spades; you play alone."),
                        ("fr", "Carte appelée : le roi de pique ; vous jouez seul.")):
        said = game_text("tarot", translator(lang), 0, 5).trump(view)
        assert alone in said, said
    other = game_text("tarot", translator("en"), 2, 5, NAMES).trump(view)
    assert "Called card: the king of spades; Anna plays alone." in other, other
