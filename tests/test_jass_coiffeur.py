"""The Jass Coiffeur (``coiffeur=True``): each team plays every trump mode once, each row
weighted by its multiplier, only the choosing team writes; the sheet is in the match's view."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import atout
from atout.games.jass.coiffeur import CoiffeurMatch
from atout.games.jass.deal import JassDeal

ROWS = ["trump H", "trump D", "trump S", "trump C", "obenabe", "undenufe"]


def _coiffeur(seed: int = 3, **options: Any) -> CoiffeurMatch:
    match = atout.make("jass", preset="coiffeur", **options).match(seed=seed)
    assert isinstance(match, CoiffeurMatch)
    return match


def test_rows_and_jassreglement_multipliers() -> None:
    m = _coiffeur()
    assert m.rows == tuple(ROWS)
    # jassverzeichnis after the Jassreglement: spades 1, clubs 2, diamonds 3, hearts 4,
    # Obenabe 5, Undenufe 6 (rows in action order: H D S C O U).
    assert m.multipliers == (4, 3, 1, 2, 5, 6)
    flat = atout.make("jass", coiffeur=True, coiffeur_multipliers="flat").match(seed=1)
    assert isinstance(flat, CoiffeurMatch) and flat.multipliers == (1,) * 6
    five = atout.make("jass", coiffeur=True, undenufe=False).match(seed=1)
    assert isinstance(five, CoiffeurMatch) and five.rows == tuple(ROWS[:5])


# Seat 3 (forehand of dealer 0, counter-clockwise) holds both top cards of every suit and the
# queen of hearts: in Obenabe it wins every trick whatever the others play.
HANDS = [
    ["JH", "TH", "9H", "QD", "JD", "TD", "9D", "QS", "JS"],
    ["8H", "7H", "6H", "8D", "7D", "6D", "TS", "9S", "8S"],
    ["7S", "6S", "QC", "JC", "TC", "9C", "8C", "7C", "6C"],
    ["AH", "KH", "QH", "AD", "KD", "AS", "KS", "AC", "KC"],
]


def _play_out(deal: atout.Deal, seed: int) -> None:
    rng = random.Random(seed)
    while not deal.is_over:
        deal.play(rng.choice(deal.legal_actions()))


@pytest.mark.parametrize("seed", range(5))
def test_a_match_in_obenabe_is_written_times_five_for_the_chooser_only(seed: int) -> None:
    """157 card points + 100 match bonus = 257, Obenabe ×5 = 1285 for team 1; team 0, which
    took nothing, writes nothing (and would write nothing anyway: only the chooser's team
    writes)."""
    rules = atout.make("jass", preset="coiffeur")
    deal = rules.deal(hands=HANDS, dealer=0)
    assert deal.to_move == 3
    deal.play("obenabe")
    _play_out(deal, seed)
    assert deal.result.details["tricks_won"] == [0, 9]
    assert deal.result.details["multiplier"] == 5
    assert deal.result.points == (0, 1285, 0, 1285)


def test_a_played_row_is_refused_in_words_and_the_partner_is_bound_too() -> None:
    rules = atout.make("jass", preset="coiffeur")
    open_rows = [ROWS, ["trump H", "undenufe"]]  # team 1 has played D, S, C and Obenabe
    deal = rules.deal(hands=HANDS, dealer=0, open=open_rows)
    assert [str(a) for a in deal.legal_actions()] == ["trump H", "undenufe", "push"]
    with pytest.raises(atout.IllegalAction) as err:
        deal.play("obenabe")
    assert err.value.code == "row_played"
    assert err.value.params == {"action": "obenabe", "legal": ["trump H", "undenufe"]}
    assert "already played" in str(err.value) and "trump H, undenufe" in str(err.value)
    deal.play("push")  # the partner (seat 1) must choose among the same open rows
    assert deal.to_move == 1
    assert [str(a) for a in deal.legal_actions()] == ["trump H", "undenufe"]
    with pytest.raises(atout.IllegalAction) as err:
        deal.play("trump S")
    assert err.value.code == "row_played"
    deal.play("undenufe")
    assert deal.save()["setup"]["open"] == open_rows  # a saved deal replays with its rows
    assert rules.load(deal.save()).history == deal.history


@pytest.mark.parametrize("bad", [
    "H", ["trump H"], [["trump H"], ["trump X"]], [["trump H"], []],
])
def test_bad_open_rows_are_refused_in_words(bad: Any) -> None:
    rules = atout.make("jass", preset="coiffeur", obenabe=False)
    with pytest.raises(ValueError, match="open"):
        rules.deal(hands=HANDS, dealer=0, open=bad)  # team 1 chooses: [] leaves it nothing
    with pytest.raises(ValueError, match=r"(?i)'obenabe' is not a trump choice"):
        rules.deal(hands=HANDS, dealer=0, open=[["obenabe"], ["trump H"]])


def _card_points(trick: dict[str, Any]) -> int:
    return int(trick["points"])


def _play_match(m: CoiffeurMatch, rng: random.Random) -> list[tuple[int, str, int]]:
    """Random legal play to the end; each deal's (team, row, written score), checked as it
    goes against the deal's own totals and the rows open before it."""
    written = []
    while not m.is_over:
        deal = m.deal
        assert isinstance(deal, JassDeal)
        before = [m.open_rows(0), m.open_rows(1)]
        chooser_team = m.to_move % 2 if m.to_move is not None else -1
        assert [str(a) for a in m.legal_actions() if str(a) != "push"] == before[chooser_team]
        for played in (r for r in m.rows if r not in before[chooser_team]):
            with pytest.raises(atout.IllegalAction) as err:
                m.play(played)
            assert err.value.code == "row_played", played
        m.play(rng.choice(m.legal_actions()))
        while m.deal is deal and not m.is_over:
            if deal.to_move is not None and deal.phase != "play":
                assert [str(a) for a in m.legal_actions()] == before[chooser_team]
            m.play(rng.choice(m.legal_actions()))
        team = deal.chooser % 2
        row = ["trump H", "trump D", "trump S", "trump C", "obenabe", "undenufe"][deal.mode]
        assert row in before[team]
        score = m.sheet[team][m.rows.index(row)]
        assert score is not None
        assert score == deal.result.details["totals"][team]
        assert score == sum(deal.result.details[k][team] for k in (
            "card_points", "match_bonus", "weis", "stoeck")) * m.multipliers[m.rows.index(row)]
        written.append((team, row, score))
    return written


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**31), st.integers(0, 3), st.booleans(), st.booleans())
def test_a_random_coiffeur_ends_with_every_row_played_once_by_each_team(
        seed: int, first_dealer: int, weis: bool, undenufe: bool) -> None:
    rules = atout.make("jass", coiffeur=True, weis=weis, undenufe=undenufe)
    m = rules.match(seed=seed, first_dealer=first_dealer)
    assert isinstance(m, CoiffeurMatch)
    written = _play_match(m, random.Random(seed))
    rows = len(m.rows)
    assert len(written) == len(m.deals) == 2 * rows
    for team in (0, 1):
        assert sorted(r for t, r, _ in written if t == team) == sorted(m.rows)
        assert all(s is not None for s in m.sheet[team])
    totals = [sum(s for t, _, s in written if t == team) for team in (0, 1)]
    res = m.result
    assert res.details["team_scores"] == totals
    assert res.scores == (totals[0], totals[1], totals[0], totals[1])
    if totals[0] != totals[1]:
        best = 0 if totals[0] > totals[1] else 1
        assert set(res.winners) == {best, best + 2}
    else:
        assert set(res.winners) == {0, 1, 2, 3}
    assert m.legal_actions() == [] and m.to_move is None


def test_a_complete_coiffeur_replayed_and_its_sheet_in_the_view() -> None:
    """Seed 3, random play from Random(1), the coiffeur preset: the whole sheet pinned (each
    score a multiple of its row's multiplier: hearts 66×4, diamonds 82×3 ...), saved as JSON
    and replayed to the same sheet, views and result."""
    m = _coiffeur(seed=3)
    view = m.view(0).to_dict()
    assert view["info"]["match"]["coiffeur"] == {
        "rows": ROWS, "multipliers": [4, 3, 1, 2, 5, 6], "sheet": [[None] * 6] * 2,
        "totals": [0, 0]}
    _play_match(m, random.Random(1))
    assert m.sheet == [[264, 246, 52, 154, 390, 576], [276, 75, 144, 128, 620, 636]]
    assert [(s or 0) // k for s, k in zip(m.sheet[0], m.multipliers, strict=True)] == [
        66, 82, 52, 77, 78, 96]
    assert m.result.winners == (1, 3) and m.result.details["team_scores"] == [1682, 1879]
    saved = json.loads(json.dumps(m.save()))
    again = atout.make("jass", preset="coiffeur").load_match(saved)
    assert isinstance(again, CoiffeurMatch)
    assert again.sheet == m.sheet and again.result == m.result
    for seat in (None, 0, 1, 2, 3):
        assert again.view(seat).to_dict() == m.view(seat).to_dict()
    json.dumps(m.view(2).to_dict())  # JSON-ready
    info = m.view(1).info["match"]
    assert info["coiffeur"]["sheet"] == m.sheet and info["team_scores"] == [1682, 1879]


def test_the_console_says_the_sheet() -> None:
    from atout.i18n import translator
    from atout.i18n.text import game_text

    m = _coiffeur(seed=3)
    _play_match_part(m, random.Random(2), deals=1)
    text = game_text("jass", translator("en"), 0, 4)
    said = text.scores(m.view(0))
    assert said.startswith("Coiffeur: your team") and "open rows" in said


def _play_match_part(m: CoiffeurMatch, rng: random.Random, deals: int) -> None:
    while len(m.deals) < deals:
        m.play(rng.choice(m.legal_actions()))


@pytest.mark.parametrize(("options", "named"), [
    ({"coiffeur": True, "multipliers": "swiss-german"}, ("multipliers=", "coiffeur=True")),
    ({"coiffeur": True, "target": 1500}, ("target=1500", "coiffeur=True")),
    ({"coiffeur_multipliers": "flat"}, ("coiffeur_multipliers='flat'", "coiffeur=False")),
])
def test_contradictions_are_refused_naming_both(options: dict[str, Any],
                                                named: tuple[str, str]) -> None:
    with pytest.raises(ValueError) as err:
        atout.make("jass", **options)
    assert all(n in str(err.value) for n in named), str(err.value)
