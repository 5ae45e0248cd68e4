"""The parts of the console's aids that need no terminal: the arrows follow M's order in
every game, suit groups, quiet and short lines, card words typed in either language."""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest

import atout
from atout.bots import make_bot
from atout.console import run_play
from atout.console.keys import LineKeys
from atout.console.session import table_bot
from atout.console.speech import Output
from atout.console.table import Table
from atout.core import Event
from atout.games import available
from atout.i18n import translator
from atout.i18n.text import game_text


@pytest.mark.parametrize("game", available())
def test_the_arrows_follow_the_order_m_reads(game: str) -> None:
    rules = atout.make(game)
    rnd = random.Random(5)
    checked = 0
    for seed in range(6):
        match = rules.match(seed=seed)
        for _ in range(40):
            if match.to_move is None or match.is_over:
                break
            seat = match.to_move
            text = game_text(game, translator("en"), seat, rules.seats)
            table = Table(match, seat, text, Output(io.StringIO()), LineKeys(io.StringIO()))
            view = match.view(seat)
            items = table.items(view)
            read = [c for _, cards in text.hand_groups(view.hand) for c in cards]
            cards = [it for it in items if it in view.hand]
            if cards:  # the hand is what the arrows go through (not a list of choices)
                assert cards == read, (game, seed, cards, read)
                checked += 1
            match.play(rnd.choice(match.deal.legal_actions()))
    assert checked > 20


def test_pitch_hands_were_out_of_m_order_before() -> None:
    """The engine's order differs from M's for Pitch (hearts, spades, diamonds, clubs):
    without :meth:`GameText.hand_order` the arrows would not follow M."""
    rules = atout.make("pitch")
    text = game_text("pitch", translator("en"), 0, rules.seats)
    differs = [s for s in range(30) if list(rules.deal(seed=s).view(0).hand) !=
               text.hand_order(rules.deal(seed=s).view(0).hand)]
    assert differs


def test_quiet_leaves_out_the_others_hidden_discards_only() -> None:
    text = game_text("tarot", translator("fr"), 0, 4)
    hidden = Event("discard", 2, {"card": None})
    shown = Event("discard", 2, {"card": "T5"})
    assert text.event(hidden) == "Clara met une carte à l'écart."
    text.quiet = True
    assert text.event(hidden) is None
    assert text.event(shown) is not None and "5" in str(text.event(shown))
    rummy = game_text("knock-rummy", translator("en"), 0, 4)
    rummy.quiet = True
    assert rummy.event(Event("draw", 1, {"source": "stock", "stock": 20})) is None
    assert rummy.event(Event("discard", 1, {"card": "9C"})) == \
        "Bruno discards the nine of clubs."


def test_short_card_lines() -> None:
    for lang, said in (("en", "Bruno: seven of hearts."), ("fr", "Bruno : sept de cœur.")):
        text = game_text("jass", translator(lang), 0, 4)
        text.short = True
        assert text.event(Event("card", 1, {"card": "7H"})) == said


@pytest.mark.parametrize(("lang", "typed", "code"), [
    ("fr", "dix de cœur", "TH"), ("fr", "Dix de Coeur", "TH"), ("fr", "le roi de pique", "KS"),
    ("en", "ten of hearts", "TH"), ("fr", "ten of hearts", "TH"), ("en", "th", "th")])
def test_typed_card_words(lang: str, typed: str, code: str) -> None:
    rules = atout.make("jass")
    deal = rules.deal(hands=[["TH", "KS", "6C", "7C", "8C", "9C", "TC", "JC", "QC"],
                             ["6H", "7H", "8H", "9H", "JH", "QH", "KH", "AH", "6D"],
                             ["7D", "8D", "9D", "TD", "JD", "QD", "KD", "AD", "6S"],
                             ["7S", "8S", "9S", "TS", "JS", "QS", "AS", "KC", "AC"]],
                      dealer=3)
    text = game_text("jass", translator(lang), 0, 4)
    assert text.typed_action(typed, deal.view(0)) == code


def test_typed_action_words_in_french() -> None:
    rules = atout.make("pitch")
    match = rules.match(seed=0)
    view = match.view(match.to_move or 0)
    text = game_text("pitch", translator("fr"), view.seat, rules.seats)
    assert "pass" in view.legal
    assert text.typed_action("passer", view) == "pass"
    assert text.typed_action("annoncer 2", view) == "bid 2"


@pytest.mark.parametrize(("lang", "routine"), [("en", "puts a card in the écart."),
                                               ("fr", "met une carte à l'écart.")])
def test_quiet_games_leave_out_the_hidden_ecart(tmp_path: Path, lang: str,
                                                routine: str) -> None:
    """Tarot: the person passes, a computer player takes and puts six cards aside; with
    --quiet the six lines are left out and the rest of the deal is said the same."""
    said = {}
    for quiet in (False, True):
        out = io.StringIO()
        # seed 6: a computer player takes and sees the chien (the bots bid by a fitted model)
        run_play("tarot", lang=lang, deals=1, delay=0, seed=6, seat=1, quiet=quiet,
                 data=tmp_path / str(quiet), stdin=io.StringIO("\n" * 400), stdout=out)
        said[quiet] = out.getvalue().splitlines()
    loud = [line for line in said[False] if line.endswith(routine)]
    assert len(loud) >= 4  # the chien's cards put aside one by one
    assert not [line for line in said[True] if line.endswith(routine)]
    assert [line for line in said[False] if not line.endswith(routine)] == said[True]


def test_the_knock_rummy_table_bots_leave_the_person_turns() -> None:
    """The console's Knock Rummy players let a person who does not knock early play in
    most deals; the plain heuristic knocks before the person's first turn in most deals."""
    rules = atout.make("knock-rummy")

    def deals_with_a_turn(spec: str, deals: int = 40) -> int:
        count = 0
        for seed in range(deals):
            deal = rules.deal(seed=seed)
            bots = [make_bot("heuristic:base=0:floor=0", rules, 0, seed)] + [
                make_bot(spec, rules, s, seed) for s in range(1, rules.seats)]
            turned = False
            while deal.to_move is not None:
                seat = deal.to_move
                turned = turned or seat == 0
                deal.play(bots[seat].choose(deal.view(seat)))
            count += turned
        return count

    assert deals_with_a_turn(table_bot("knock-rummy", "heuristic")) >= 34  # 85% of 40
    assert deals_with_a_turn("heuristic") <= 10
    assert table_bot("jass", "heuristic") == "heuristic"
    assert table_bot("knock-rummy", "search") == "search:courtesy=1"
    assert deals_with_a_turn("search:playouts=40:courtesy=1", 12) == 12


def test_the_replay_does_not_offer_p_for_the_tally() -> None:
    """In a replay P goes one move back: its list of keys leaves out the tally."""
    from atout.console.replay import Replay

    rules = atout.make("jass")
    match = rules.match(seed=1)
    saved = match.save()
    text = game_text("jass", translator("en"), 0, 4)
    replay = Replay(rules, saved, 0, text, Output(io.StringIO()), LineKeys(io.StringIO()))
    table = Table(match, 0, text, Output(io.StringIO()), LineKeys(io.StringIO()))
    assert "P" in [k for k, _ in table.help_keys()]
    assert "P" not in [k for k, _ in replay.help_keys()]
    assert "K" in [k for k, _ in replay.help_keys()]
