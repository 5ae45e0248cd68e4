"""A hint for a choice made by value (the Pitch and Tarot bids by their fitted models, the
Putze word by sampled deals) says what the choice is worth and by how much it leads."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import atout
from atout.bots import make_bot
from atout.bots.hint import Hint, hint
from atout.bots.pitch.bids import option_values, place
from atout.bots.pitch.search import PitchHeuristic
from atout.bots.search import SearchBot
from atout.bots.tarot.bids import best_bid, bid_by_value, bid_values, club_bid
from atout.cards import FULL_DECK, TAROT_DECK
from atout.core import Deal, View
from atout.games.tarot.tables import A_PASS
from atout.i18n import translator
from atout.i18n.hints import gap_words, hint_sentence, search_margin, worth_words
from atout.server.words import hint_words


def _view(deal: Deal) -> View:
    seat = deal.to_move
    assert seat is not None
    return deal.view(seat)


def _mask(rules: Any, view: View) -> int:
    return sum(1 << int(rules.actions.parse(t)) for t in view.legal)


def _expected(values: dict[str, float], chosen: str) -> tuple[float, float]:
    return values[chosen], values[chosen] - max(v for t, v in values.items() if t != chosen)


@pytest.mark.parametrize("seed", range(4))
def test_a_pitch_bid_by_the_model_says_its_predicted_margin(seed: int) -> None:
    rules = atout.make("pitch")
    view = _view(rules.deal(seed=seed))
    h = hint(rules, view, "heuristic:bid=model")
    values = option_values(FULL_DECK.mask(view.hand), _mask(rules, view),
                           place(view.seat, view.dealer, view.seats), 0)
    by_text = {rules.actions[a].text: v for a, v in values.items()}
    assert h.worth is not None
    value, gap = _expected(by_text, h.action.text)
    assert h.worth == pytest.approx((value, gap, 0))
    assert gap >= 0
    assert h.text.endswith(f"a model of played-out deals expects {gap_words(value, True)} "
                           f"points for you from it, {gap_words(gap)} more than from the "
                           "next choice")


def test_the_pitch_search_bids_by_the_model_with_its_boldness_and_says_so() -> None:
    rules = atout.make("pitch")
    view = _view(rules.deal(seed=5))
    h = hint(rules, view, "search")
    search = make_bot("search", rules, view.seat)
    assert isinstance(search, SearchBot)
    bold = search.fallback
    assert isinstance(bold, PitchHeuristic) and bold.bold > 0
    values = option_values(FULL_DECK.mask(view.hand), _mask(rules, view),
                           place(view.seat, view.dealer, view.seats), 0, bold=bold.bold)
    by_text = {rules.actions[a].text: v for a, v in values.items()}
    assert h.margin is None and h.worth is not None
    assert h.worth == pytest.approx((*_expected(by_text, h.action.text), 0))


def test_the_threshold_bids_and_the_card_play_carry_no_worth() -> None:
    rules = atout.make("pitch")
    deal = rules.deal(seed=3)
    assert hint(rules, _view(deal), "heuristic").worth is None
    bots = [make_bot("heuristic", rules, s) for s in range(rules.seats)]
    while deal.to_move is not None and _view(deal).phase != "play":
        deal.play(bots[deal.to_move].choose(_view(deal)))
    assert deal.to_move is not None
    assert hint(rules, _view(deal), "heuristic:bid=model").worth is None


@pytest.mark.parametrize("seed", range(3))
def test_a_tarot_bid_by_the_model_says_its_predicted_points(seed: int) -> None:
    rules = atout.make("tarot")
    view = _view(rules.deal(seed=seed))
    h = hint(rules, view, "heuristic")
    values = bid_values(TAROT_DECK.mask(view.hand), view.seats, _mask(rules, view))
    assert values is not None
    assert h.action == rules.actions[best_bid(values)]
    by_text = {rules.actions[a].text: v for a, v in values.items()}
    assert h.worth == pytest.approx((*_expected(by_text, h.action.text), 0))
    assert hint(rules, view, "heuristic:bid=count").worth is None


@settings(max_examples=200, deadline=None)
@given(cards=st.lists(st.integers(0, 77), min_size=15, max_size=18, unique=True),
       contracts=st.integers(0, 15), players=st.sampled_from([3, 4, 5]))
def test_the_tarot_bid_and_its_values_agree(cards: list[int], contracts: int,
                                            players: int) -> None:
    """``bid_by_value`` keeps its own loop for speed; it must pick what the values say (under
    the club rules by default, the model alone with ``club=False``)."""
    hand = sum(1 << c for c in cards)
    legal = 1 << A_PASS | contracts << (A_PASS + 1)
    values = bid_values(hand, players, legal)
    chosen = bid_by_value(hand, players, legal, club=False)
    assert (values is None) == (chosen is None)
    if values is not None:
        assert set(values) == {a for a in range(A_PASS, A_PASS + 5) if legal >> a & 1}
        assert chosen == best_bid(values)
        assert bid_by_value(hand, players, legal) == club_bid(values, hand, players)


def test_a_putze_word_says_the_deals_it_was_played_on() -> None:
    rules = atout.make("putze")
    view = _view(rules.deal(seed=2))
    h = hint(rules, view, "heuristic:samples=8")
    assert h.worth is not None
    value, gap, samples = h.worth
    assert samples == 8 and gap >= 0
    assert "played out on 8 sampled deals, it brings you" in h.text
    # the same bot's options, as it weighed them
    bot = make_bot("heuristic:samples=8", rules, view.seat)
    assert bot.choose(view) == h.action
    weighed = bot.weighed  # type: ignore[attr-defined]
    assert set(weighed) == set(view.legal)
    assert weighed[h.action.text] == (value, 8)


def test_worth_in_words_in_both_languages() -> None:
    en, fr = translator("en"), translator("fr")
    assert worth_words(en, -4.28, 123.6, 0) == ("a model of played-out deals expects -4.3 "
                                                "points for you from it, 124 more than from "
                                                "the next choice")
    assert worth_words(fr, 0.0156, 0.0312, 1) == ("jouée sur 1 donne tirée au sort, elle vous "
                                                  "rapporte +0,02 points en moyenne, 0,03 de "
                                                  "plus que le choix suivant")
    said = hint_sentence(fr, "passe", None, None, (-0.54, 0.12, 0))
    assert said.endswith("Pourquoi : un modèle tiré de donnes jouées en attend -0,54 points "
                         "pour vous, 0,12 de plus que du choix suivant.")


def test_the_web_hint_of_a_bid_says_its_worth() -> None:
    rules = atout.make("pitch")
    deal = rules.deal(seed=5)
    view = _view(deal)
    # the table's info as the server sends it: the game and each seat (no names: bots)
    info = {"game": "pitch", "seats": [{"seat": s} for s in range(view.seats)]}
    choice, said = hint_words(rules, {"view": view.to_dict(), "info": info}, 0, "fr")
    assert choice in view.legal
    assert "un modèle tiré de donnes jouées en attend" in said


def test_the_search_margin_in_words_small_numbers_and_a_kept_rule_of_thumb() -> None:
    en, fr = translator("en"), translator("fr")
    assert search_margin(en, 1.46, 0.16, 100) == (
        "the search expects +1.5 points for your side against the others, 0.16 better than "
        "the next choice (100 playouts)")
    assert search_margin(en, -10.2, -2.5, 214) == (
        "the search expects -10 points for your side against the others, 2.5 less than its "
        "best choice: close enough to keep the rule of thumb (214 playouts)")
    assert search_margin(fr, 21, 8, 1) == (
        "la recherche attend +21 points pour votre camp face aux autres, 8 de mieux que le "
        "choix suivant (1 partie simulée)")


def _jass_search_hint(seed: int, played: int) -> tuple[SearchBot, Hint, View]:
    """The search's hint on Jass deal ``seed`` after ``played`` actions by heuristic players,
    and the view it was given."""
    rules = atout.make("jass")
    deal = rules.deal(seed=seed)
    bots = [make_bot("heuristic", rules, s) for s in range(rules.seats)]
    while len(deal.history) < played:
        deal.play(bots[_view(deal).seat].choose(_view(deal)))
    search = make_bot("search", rules, _view(deal).seat)
    assert isinstance(search, SearchBot)
    return search, hint(rules, _view(deal), search), _view(deal)


def test_a_jass_search_that_keeps_the_heuristics_card_says_so() -> None:
    """Jass seed 0 after four actions: the search rates its heuristic's card just under its
    best among the cards still in contention (within its tie margin of 3) and plays it."""
    search, h, view = _jass_search_hint(0, 4)
    assert h.margin is not None
    mean, gap, n = h.margin
    assert h.action == search.fallback.choose(view)
    finalists = [m for t, (m, k) in search.last.items() if k == n and t != h.action.text]
    assert finalists and gap == pytest.approx(mean - max(finalists))
    assert -search.tie < gap < 0
    assert "less than its best choice: close enough to keep the rule of thumb" in h.text


def test_the_search_margin_is_not_measured_against_cards_dropped_early() -> None:
    """Jass seed 1, the first card (after the trump): the cards dropped after the first
    round, on 38 playouts, show better means than the card played on 214; the hint's gap is
    over the finalists."""
    search, h, _ = _jass_search_hint(1, 2)  # a push and the partner's trump
    assert h.margin is not None
    mean, gap, n = h.margin
    assert any(m > mean for m, k in search.last.values() if k < n)
    assert gap > 0 and "better than the next choice" in h.text
