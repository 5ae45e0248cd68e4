"""Every option of every game changes play or scoring: for each accepted value other than
the default, the same random-but-reproducible play of real deals (or, for the options of a
whole game, of a match) differs somewhere — legal actions, events, views or results.

An option whose effect needs a rare hand (a nine-card run, a petit sec...) is listed in
``SHOWN_BY`` with the test that shows it on a laid-out deal; that test must exist."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

import atout

TESTS = Path(__file__).parent
FREE_INT_VALUES = {"knock_limit": 10, "knock_penalty": 20, "rum_bonus": 50, "target": 30,
                   "deals": 2, "restock_limit": 1}
"""A value to try for an int option without a list of choices."""
CONTEXT: dict[tuple[str, str], dict[str, Any]] = {
    ("jass", "coiffeur_multipliers"): {"coiffeur": True},
    ("tarot", "packet"): {"players": 3},
    ("tarot", "call_self"): {"players": 5},
    ("tarot", "called_suit_lead"): {"players": 5},
    ("pitch", "partnership"): {"players": 4},
    ("pitch", "steal_four"): {"players": 3},
    ("putze", "dealer_sits_out"): {"players": 5, "talon": "none"},
    ("putze", "pomme_bonus"): {"players": 5},
    ("putze", "talon"): {"players": 2},
    ("putze", "base"): {"players": 3},
    ("putze", "six_exchange"): {"players": 3},
    ("knock-rummy", "restock_limit"): {"players": 5, "hand_size": 9, "knock_limit": 3},
    ("knock-rummy", "stock_out"): {"players": 5, "hand_size": 9, "knock_limit": 3},
    ("knock-rummy", "tie"): {"players": 5},
}
VALUE_CONTEXT: dict[tuple[str, str, Any], dict[str, Any]] = {
    ("knock-rummy", "hand_size", 7): {"players": 2},
    ("knock-rummy", "hand_size", 10): {"players": 4},
    ("putze", "talon", "blind"): {"players": 2},
    ("putze", "talon", "spare-card"): {"players": 5},
    ("putze", "putzes", 2): {"players": 2},
}
"""A value that is the default's own reading at the default table is tried at another."""
"""Options that act only beside another option's value (the 5-player call, a short stock)."""
SHOWN_BY: dict[tuple[Any, ...], tuple[str, str]] = {
    ("jass", "nine_sequence"): ("test_options_contradictions.py",
                                "test_jass_nine_sequence_alone_and_big_sequences_alone"),
    ("jass", "low_fours"): ("test_jass_readings.py", "test_four_nines_and_four_sixes"),
    ("tarot", "excuse_last"): ("test_tarot_excuse_last.py",
                               "test_petit_chelem_of_the_taker_seed_reading"),
    ("tarot", "misere"): ("test_tarot_misere.py",
                          "test_misere_adds_20_to_the_side_that_wins"),
    ("pitch", "smudge"): ("test_pitch_smudge.py", "test_smudge_on_a_bid_of_four_wins_at_once"),
    ("knock-rummy", "tie_fine"): ("test_knock_rummy_rules.py",
                                  "test_tie_with_knocker_goes_to_the_other_player"),
    ("knock-rummy", "rum_bonus"): ("test_seed_sentences.py", "test_knock_rummy_rum_bonus_option"),
    ("jass", "under_trump"): ("test_jass_readings.py",
                              "test_strict_reading_only_trumps_must_over_trump"),
    ("jass", "big_sequences"): ("test_jass_rules.py", "test_match_deal_options"),
    ("putze", "base"): ("test_putze_match.py", "test_auto_options_follow_the_base_text"),
    ("putze", "talon", "better-cards"): ("test_putze_rules.py",
                                         "test_27_24_two_players_with_a_blind"),
    ("putze", "under_trump"): ("test_jass_readings.py", "test_putze_jass_txt_follows_the_text"),
    ("putze", "loser_first"): ("test_putze_rules.py",
                               "test_27_19_the_loser_has_priority_on_the_next_blind"),
    ("putze", "talon", "none"): ("test_putze_rules.py",
                                 "test_27_25_five_players_six_of_spades_removed_last_card_turned"),
    ("putze", "pomme_bonus", "to-best"): ("test_putze_match.py", "test_award_examples"),
    ("putze", "big_sequences"): ("test_options_effects.py", "test_putze_big_sequences"),
    ("putze", "tie_overflow"): ("test_putze_match.py", "test_award_examples"),
    ("putze", "all_under"): ("test_putze_match.py", "test_award_examples"),
    ("putze", "losing_limit"): ("test_putze_jass_txt.py",
                                "test_jass_txt_game_ends_at_seven_or_below_the_limit"),
    ("pitch", "all_pass"): ("test_pitch.py", "test_redeal_when_all_pass"),
    ("tarot", "petit_sec"): ("test_tarot_deals.py",
                             "test_petit_sec_played_when_the_option_says_so"),
    ("tarot", "rounding"): ("test_tarot_deals.py", "test_three_players_half_point"),
}
"""Options whose effect needs a rare layout: the test file and a name in it that shows it."""


def _cases() -> list[tuple[str, str, Any]]:
    cases = []
    for info in atout.games():
        for o in info.options:
            if o.choices is not None:
                values = [v for v in o.choices if v != o.default]
            elif isinstance(o.default, bool):
                values = [not o.default]
            else:
                values = [FREE_INT_VALUES[o.name]]
            cases += [(info.name, o.name, v) for v in values]
    return cases


ACTIONS = 400
"""The actions traced in one deal: every game's deal is shorter, but for Knock Rummy at a low
``knock_limit``, whose random deals run on for thousands of actions (the stock rebuilt again
and again) and whose options show in the first few hundred."""


def _trace_deals(rules: atout.Rules[Any], seeds: range) -> list[Any]:
    out: list[Any] = []
    for seed in seeds:
        deal = rules.deal(seed=seed, dealer=seed % rules.seats)
        rng = random.Random(seed)
        for _ in range(ACTIONS):
            if deal.is_over:
                break
            seat = deal.to_move
            assert seat is not None
            legal = deal.legal_actions()
            out.append((seat, [str(a) for a in legal], deal.view(seat).to_dict()))
            events = deal.play(rng.choice(legal))
            out.append([e.to_dict() for e in events])
        out.append(deal.result.to_dict() if deal.is_over else None)
    return out


def _trace_match(rules: atout.Rules[Any], seed: int) -> list[Any]:
    m = rules.match(seed=seed)
    rng = random.Random(seed)
    out: list[Any] = []
    for _ in range(20000):
        if m.is_over:
            break
        legal = m.legal_actions()
        out.append([e.to_dict() for e in m.play(rng.choice(legal))])
    out.append(m.result.to_dict() if m.is_over else m.match_info())
    return out


def _make(game: str, **options: Any) -> atout.Rules[Any]:
    return atout.make(game, **options)


@pytest.mark.parametrize(("game", "name", "value"), _cases(),
                         ids=[f"{g}-{n}={v}" for g, n, v in _cases()])
def test_option_changes_play_or_scoring(game: str, name: str, value: Any) -> None:
    shown = SHOWN_BY.get((game, name)) or SHOWN_BY.get((game, name, value))
    if shown:
        path, test_name = shown
        text = (TESTS / path).read_text(encoding="utf-8")
        assert re.search(rf"\b{re.escape(test_name)}\b", text), (path, test_name)
        assert name in text
        return
    context = VALUE_CONTEXT.get((game, name, value)) or CONTEXT.get((game, name), {})
    base = _make(game, **context)
    changed = _make(game, **{**context, name: value})
    seeds = range(12)
    if _trace_deals(base, seeds) != _trace_deals(changed, seeds):
        return
    for seed in range(4):
        if _trace_match(base, seed) != _trace_match(changed, seed):
            return
    if _trace_deals(base, range(12, 72)) != _trace_deals(changed, range(12, 72)):
        return  # a rarer hand: a long run, a tie...
    pytest.fail(f"{game}: option {name}={value!r} changed nothing in 72 deals and 4 games")


def test_putze_big_sequences() -> None:
    """Seed 144: a run of six scores 150 with big_sequences, 100 without, in the same play."""
    results = []
    variants: list[dict[str, Any]] = [{}, {"big_sequences": True}]
    for options in variants:
        deal = atout.make("putze", **options).deal(seed=144)
        rng = random.Random(144)
        while not deal.is_over:
            deal.play(rng.choice(deal.legal_actions()))
        results.append(deal.result.details["weis"])
    assert results == [[0, 0, 100, 0], [0, 0, 150, 0]]
