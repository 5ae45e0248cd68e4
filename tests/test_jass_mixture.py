"""Jass players the search does not model (issue 42): the mixture's bots play legal, whole
deals; the greedy card and the random trump do what their names say; the draws of a board are
the same for every bot tested on it; the rollout's noise replaces the modelled seats' rules;
the sampler stops reading the leads of an opponent proven not to cash his Bocks; the benchmark
seats the clairvoyant search."""

from __future__ import annotations

import random

import pytest

import atout
from atout.bots import make_bot, play_out
from atout.bots.clairvoyant import ClairvoyantBot, FirstSightSampler
from atout.bots.jass import facts as jass_facts
from atout.bots.jass import search as jass_search
from atout.bots.jass.heuristic import JassSeen, read_view
from atout.bots.jass.mixture import MIXTURE, GreedyJass, RolloutJass, draw_opponents, greedy_card
from atout.cards import JASS_DECK, bit_list
from atout.games.jass import JassDeal
from atout.games.jass.play import POWER, SUIT_MASK
from benchmark_helpers import load_benchmark

JASS = atout.make("jass")
HEARTS = 0


def _mask(*codes: str) -> int:
    return JASS_DECK.mask(list(codes))


@pytest.mark.parametrize("name", MIXTURE)
def test_every_player_of_the_mixture_plays_whole_deals(name: str) -> None:
    for seed in range(3):
        deal = JASS.deal(seed=seed, dealer=seed)
        bots = [make_bot(name if s % 2 else "heuristic", JASS, s, seed) for s in range(4)]
        play_out(deal, bots)
        assert deal.to_move is None
        assert sum(deal.result.points[:2]) >= 157


def test_the_card_players_are_made_by_name() -> None:
    assert isinstance(make_bot("heuristic:cards=greedy", JASS, 1), GreedyJass)
    assert isinstance(make_bot("heuristic:cards=rollout:trump=count", JASS, 2), RolloutJass)
    with pytest.raises(ValueError, match="expected one of v2, v1, greedy, rollout"):
        make_bot("heuristic:cards=clever", JASS, 0)
    with pytest.raises(ValueError, match="trump='dice'"):
        make_bot("heuristic:trump=dice", JASS, 0)


def test_the_greedy_card_leads_its_strongest_and_takes_with_its_strongest_winner() -> None:
    mode = HEARTS  # hearts trump: the jack (Buur) and the nine (Nell) the strongest
    legal = _mask("6H", "JH", "AS", "7S")
    power = POWER[mode]
    jack = JASS_DECK.mask(["JH"]).bit_length() - 1
    assert greedy_card(mode, legal, -1, -1) == jack  # leads the Buur
    # spades led with the king: the ace takes it (the Buur too: the strongest winner)
    king = JASS_DECK.mask(["KS"]).bit_length() - 1
    assert greedy_card(mode, legal, 2, king) == jack
    assert power[jack] > power[JASS_DECK.mask(["AS"]).bit_length() - 1]


def test_the_greedy_card_throws_its_cheapest_when_it_cannot_take() -> None:
    mode = HEARTS
    # spades led, the Buur on the table: nothing beats it; the seven of spades is cheapest
    legal = _mask("AS", "7S")
    jack = JASS_DECK.mask(["JH"]).bit_length() - 1
    assert greedy_card(mode, legal, 2, jack) == JASS_DECK.mask(["7S"]).bit_length() - 1


def test_the_random_trump_is_legal_and_varies_with_the_seed() -> None:
    chosen = set()
    for seed in range(30):
        deal = JASS.deal(seed=seed, dealer=0)
        seat = deal.to_move
        assert seat is not None
        view = deal.view(seat)
        action = make_bot("heuristic:trump=random", JASS, seat, seed).choose(view)
        assert action.text in view.legal
        again = make_bot("heuristic:trump=random", JASS, seat, seed).choose(view)
        assert again == action
        chosen.add(action.text)
    assert len(chosen) >= 4


def test_a_boards_opponents_are_drawn_once_for_every_tested_bot() -> None:
    draws = [draw_opponents(1, i) for i in range(200)]
    assert draws == [draw_opponents(1, i) for i in range(200)]
    assert {name for d in draws for name in d} == set(MIXTURE)
    assert draw_opponents(2, 0, ("a",)) == ("a", "a")
    with pytest.raises(ValueError, match="at least one"):
        draw_opponents(1, 0, ())


def _in_play(seed: int) -> JassDeal:
    deal = JASS.deal(seed=seed, dealer=0)
    assert isinstance(deal, JassDeal)
    bots = [make_bot("heuristic", JASS, s, seed) for s in range(4)]
    while deal.phase != "play":
        seat = deal.to_move
        assert seat is not None
        deal.play(bots[seat].choose(deal.view(seat)))
    assert isinstance(deal, JassDeal)
    return deal


def test_a_rollout_with_full_noise_never_asks_the_heuristics_rules(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(state: object) -> int:
        raise AssertionError("a modelled seat played by the heuristic's rules")

    deal = _in_play(5)
    monkeypatch.setattr(jass_search, "first_rule_card", refuse)
    with pytest.raises(AssertionError, match="heuristic's rules"):
        jass_search.jass_rollout(deal.clone(), random.Random(1), 1)
    result = jass_search.jass_rollout(deal.clone(), random.Random(1), 1, 1.0)
    assert sum(result.points[:2]) >= 157


def _positions(opponent: str, seeds: range) -> list[tuple[JassDeal, JassSeen]]:
    """Views of seat 0's side every fifth decision past the fifth trick, the other side
    played by ``opponent``."""
    out = []
    for seed in seeds:
        deal = JASS.deal(seed=seed, dealer=seed % 4)
        assert isinstance(deal, JassDeal)
        bots = [make_bot(opponent if s % 2 else "heuristic", JASS, s, seed) for s in range(4)]
        k = 0
        while (seat := deal.to_move) is not None:
            view = deal.view(seat)
            if seat % 2 == 0 and k > 20 and k % 5 == 0:
                out.append((deal.clone(), read_view(JASS, view)))
            deal.play(bots[seat].choose(view))
            k += 1
    return out


def _dropped(seen: JassSeen) -> set[int]:
    kept = {fact[0] for fact in jass_facts.bock_leads(seen, learn=True)}
    return {fact[0] for fact in jass_facts.bock_leads(seen)} - kept


def test_learning_keeps_every_fact_of_heuristic_opponents() -> None:
    positions = _positions("heuristic", range(40))
    assert sum(len(jass_facts.bock_leads(seen)) for _, seen in positions) >= 40
    assert all(not _dropped(seen) for _, seen in positions)


def test_learning_drops_only_opponents_who_kept_a_bock_in_truth() -> None:
    drops = 0
    for deal, seen in _positions("heuristic:noise=0.4", range(60)):
        for seat in _dropped(seen):
            drops += 1
            power = POWER[seen.mode]
            broke = False
            for actor, card, played in seen.leads:
                if actor != seat or (seen.mode < 4 and (actor - seen.chooser) % 2):
                    continue
                held = deal.dealt[actor] & ~played
                out = (1 << 36) - 1 & ~played
                tops = [max(bit_list(out & SUIT_MASK[x]), key=power.__getitem__)
                        for x in range(4) if x != seen.mode and out & SUIT_MASK[x]]
                above = [c for c in bit_list(out & SUIT_MASK[card // 9]) if power[c] > power[card]]
                if any(held >> c & 1 for c in tops) and not all(held >> c & 1 for c in above):
                    broke = True
            assert broke, (seat, seen.leads)
    assert drops >= 3


def test_the_benchmark_seats_the_clairvoyant_search_watching_the_live_deal() -> None:
    bench = load_benchmark("jass_mixture")
    bot = bench.tested_bot("clairvoyant:playouts=20", JASS, 1, 3)
    assert isinstance(bot, ClairvoyantBot) and bot.playouts == 20
    # a whole board: a clairvoyant not shown the deal before each decision would refuse
    record = bench.play("clairvoyant:playouts=20", 1, 5)
    assert record["side"] == 1 and record["opponents"] == list(draw_opponents(1, 5))
    assert record["decisions"] >= 18 and sum(record["points"]) >= 157
    with pytest.raises(ValueError, match="expected key=value"):
        bench.tested_bot("clairvoyant:playouts", JASS, 0, 0)


def test_the_benchmark_seats_the_first_sight_search() -> None:
    bench = load_benchmark("jass_mixture")
    bot = bench.tested_bot("firstsight:playouts=20", JASS, 2, 3)
    assert isinstance(bot, ClairvoyantBot) and bot.playouts == 20
    assert isinstance(bot.sampler, FirstSightSampler)
    plain = bench.tested_bot("clairvoyant:playouts=20", JASS, 2, 3)
    assert not isinstance(plain.sampler, FirstSightSampler)
    record = bench.play("firstsight:playouts=20", 1, 5)
    assert record["decisions"] >= 18 and sum(record["points"]) >= 157
