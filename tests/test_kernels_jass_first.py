"""The Jass search's worlds sampled in the kernel from the first card of the play.

- every world from a first-trick position (announced Weis or none, the Weis tie to both
  sides, big sequences) is a deal the engine plays to the same point of the history; when
  its Weis agree with what the table announced, its state is exactly the engine's encoding
  (the first trick's Weis scored from the world's hands as the engine scores them);
- the Weis announced are read as the Python sampler reads them: a seat's announced total is
  in his world hand about as often as in the Python sampler's deals, and each card lands in
  each hidden hand about as often; with nothing to read, as often as the sizes say;
- past the first trick, a Weis announced and not shown is no better than the Weis shown;
- the worlds repeat by seed, and bad input to ``sample_worlds`` is refused in words.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from atout.bots import make_bot
from atout.bots.jass import search
from atout.bots.jass.search import JassDeterminizer, jass_worlds, world_facts
from atout.bots.search import SearchBot
from atout.cards import JASS_DECK
from atout.games.jass.weis import find_weis
from atout.kernels import jass as kj
from atout.kernels import jass_sample as kjs
from kernel_helpers import jass_mid_deal

SAMPLE: Any = kjs.sample_worlds  # its arguments: world_facts', then the count and the seed
OPTIONS: list[dict[str, Any]] = [{}, {"weis_tie": "both"}, {"big_sequences": True}]


def _worlds(deal: Any, count: int, seed: int) -> tuple[Any, Any]:
    view = deal.view(deal.to_move)
    facts = world_facts(JassDeterminizer(deal.rules), view, seed)
    assert facts is not None
    return facts, SAMPLE(*facts, count, seed)


def _announced(deal: Any) -> dict[int, int]:
    info = deal.view(deal.to_move).info
    return {int(s): int(v) for s, v in (info.get("weis_announced") or {}).items()}


def _weis_agree(engine: Any, said: dict[int, int], me: int) -> bool:
    """Whether the engine deal's Weis agree with what the table announced (the seats that
    played, not the searching one)."""
    for s in range(4):
        if s != me and engine.played_first >> s & 1 and \
                sum(w.value for w in engine.declared.get(s, [])) != said.get(s, 0):
            return False
    return True


@pytest.mark.parametrize("options", OPTIONS)
@pytest.mark.parametrize("seed", range(12))
def test_first_trick_worlds_are_engine_deals(seed: int, options: dict[str, Any]) -> None:
    deal = jass_mid_deal(seed, seed % 4, options)
    rules = deal.rules
    seat = deal.to_move
    view = deal.view(seat)
    facts, worlds = _worlds(deal, 24, seed)
    played = facts[6]
    said = _announced(deal)
    explained = 0
    for world in worlds:
        assert world[kj.ST_TURN] == seat
        start = [int(world[kj.ST_HANDS + s]) | int(played[s]) for s in range(4)]
        assert sum(h.bit_count() for h in start) == 36
        assert np.bitwise_or.reduce(start) == (1 << 36) - 1
        assert int(world[kj.ST_HANDS + seat]) == deal.hands[seat]
        assert all(h.bit_count() == 9 for h in start)
        same = rules.deal(hands=[JASS_DECK.codes_of(h) for h in start], dealer=deal.dealer)
        for _, text in view.history:
            same.play(text)  # the history is legal on the world's hands
        state = kj.encode(same)
        rest = [i for i in range(kj.STATE_SIZE) if not kj.ST_BASE <= i < kj.ST_BASE + 6]
        assert np.array_equal(state[rest], world[rest])
        if _weis_agree(same, said, seat):
            # the first trick's Weis the engine will score from these hands, as the kernel
            assert np.array_equal(state, world)
            explained += 1
    if not any(said.values()):
        # a seat who announced none holds none: easy to meet, met in most worlds
        assert explained >= len(worlds) * 3 // 4


def _with_weis(count: int, cards: int = 3) -> list[Any]:
    """First-trick positions in which an opponent of the seat to play announced Weis."""
    out = []
    for seed in range(400):
        deal = jass_mid_deal(seed, cards)
        me = deal.to_move
        if any(v and (s - me) % 2 for s, v in _announced(deal).items()):
            out.append(deal)
            if len(out) == count:
                break
    return out


def test_announced_weis_are_read_as_the_python_sampler_reads_them(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # the kernel alone reads the cards played as the heuristic's: off, to compare the Weis
    monkeypatch.setattr(search, "PLAY_TRUST", 1.0)
    rng = random.Random(7)
    for deal in _with_weis(3):
        me = deal.to_move
        view = deal.view(me)
        said = _announced(deal)
        who = next(s for s, v in said.items() if v and (s - me) % 2)
        n = 600
        _, worlds = _worlds(deal, n, 11)
        kernel = np.zeros(36)
        k_agree = 0
        for w in worlds:
            start = int(w[kj.ST_HANDS + who]) | _played(deal, who)
            k_agree += sum(x.value for x in find_weis(start, deal.mode)) == said[who]
            kernel += [start >> c & 1 for c in range(36)]
        sampler = JassDeterminizer(deal.rules)
        python = np.zeros(36)
        p_agree = 0
        for _ in range(n):
            d: Any = sampler.sample(view, rng)
            start = d.hands[who] | _played(deal, who)
            p_agree += sum(x.value for x in find_weis(start, deal.mode)) == said[who]
            python += [start >> c & 1 for c in range(36)]
        # the announced total is in the hand in (nearly) every world, as in the Python deals
        assert k_agree >= 0.9 * n and abs(k_agree - p_agree) <= 0.05 * n
        # each card in his hand about as often (a seeded bound: 600 draws each, sd <= 0.03)
        assert np.abs(kernel / n - python / n).max() < 0.12
        uniform = np.full(36, 0.0)
        unseen = [c for c in range(36) if not (deal.hands[me] | _played_all(deal)) >> c & 1]
        uniform[unseen] = (9 - _played(deal, who).bit_count()) / len(unseen)
        uniform += [_played(deal, who) >> c & 1 for c in range(36)]
        # the read moves the frequencies: nearer the Python sampler's than the uniform ones
        assert np.abs(kernel / n - python / n).sum() < np.abs(uniform - python / n).sum()


def _played(deal: Any, seat: int) -> int:
    """The cards ``seat`` played in the first trick, under way."""
    return sum(1 << c for s, c in zip(deal.trick_seats, deal.trick, strict=True) if s == seat)


def _played_all(deal: Any) -> int:
    """Every card of the first trick, under way."""
    return sum(1 << c for c in deal.trick)


def test_with_nothing_to_read_each_card_lands_as_the_sizes_say() -> None:
    # the seat leads the first trick: no card played, no Weis announced yet
    deal = jass_mid_deal(5, 0)
    me = deal.to_move
    n = 2400
    _, worlds = _worlds(deal, n, 3)
    others = [s for s in range(4) if s != me]
    unseen = [c for c in range(36) if not deal.hands[me] >> c & 1]
    chi = 0.0
    for s in others:
        hands = worlds[:, kj.ST_HANDS + s]
        for c in unseen:
            got = int(((hands >> c) & 1).sum())
            chi += (got - n / 3) ** 2 / (n / 3)
    # 27 cards x 3 hands, 54 degrees of freedom: mean 54, sd about 10.4; seeded
    assert chi < 54 + 5 * 10.4


def test_past_the_first_trick_an_unshown_weis_loses_to_the_shown() -> None:
    checked = 0
    for seed in range(200):
        deal = jass_mid_deal(seed, 6)
        said = _announced(deal)
        me = deal.to_move
        shown = deal.view(me).info["weis_shown"]
        hidden = [s for s, v in said.items() if v and str(s) not in shown and s != me]
        if not hidden:
            continue
        facts, worlds = _worlds(deal, 24, seed)
        played = facts[6]
        agree = totals = 0
        for world in worlds:
            start = [int(world[kj.ST_HANDS + s]) | int(played[s]) for s in range(4)]
            same = deal.rules.deal(hands=[JASS_DECK.codes_of(h) for h in start],
                                   dealer=deal.dealer)
            for _, text in deal.view(me).history:
                same.play(text)
            if _weis_agree(same, said, me):
                totals += 1
                if same.weis_points == deal.weis_points:
                    # the same Weis shown, scored as the table saw them
                    assert np.array_equal(kj.encode(same), world)
                    agree += 1
            # the world's points are the table's, whoever its hands make the winner
            assert world[kj.ST_BASE] + world[kj.ST_BASE + 1] >= sum(deal.weis_points)
        # the worlds that hold the totals announced make the Weis shown the best (the
        # others, in which no try met the totals, are the fallbacks)
        assert agree >= totals * 3 // 4 and agree >= len(worlds) // 2
        checked += 1
        if checked == 4:
            break
    assert checked == 4


def test_first_trick_worlds_repeat_by_seed_and_the_search_too() -> None:
    deal = jass_mid_deal(6, 2)
    a = _worlds(deal, 16, 5)[1]
    b = _worlds(deal, 16, 5)[1]
    assert np.array_equal(a, b)
    assert not np.array_equal(a, _worlds(deal, 16, 6)[1])
    s = deal.to_move
    view = deal.view(s)
    legal = [deal.rules.actions.parse(t) for t in view.legal]
    got = jass_worlds(JassDeterminizer(deal.rules), view, legal, 8, 2, s, 1)
    assert got is not None and len(got[0]) == len(legal)
    choices = []
    for _ in range(2):
        bot = make_bot("search:kernel=1:playouts=300", deal.rules, s, 17)
        assert isinstance(bot, SearchBot)
        choices.append((bot.choose(view), bot.last))
    assert choices[0] == choices[1]


def test_bad_input_is_refused_in_words() -> None:
    deal = jass_mid_deal(2, 1)
    facts, _ = _worlds(deal, 1, 0)
    args = list(facts)
    with pytest.raises(ValueError, match="kernel state of 64"):
        SAMPLE(args[0][:10], *args[1:], 4, 0)
    with pytest.raises(ValueError, match="one entry of sizes per holder"):
        SAMPLE(*args[:3], args[3][:2], *args[4:], 4, 0)
    with pytest.raises(ValueError, match="one entry of announced per seat"):
        SAMPLE(*args[:11], args[11][:3], *args[12:], 4, 0)
    with pytest.raises(ValueError, match="must deal the pool"):
        SAMPLE(args[0], args[1], args[2] & (args[2] - 1), *args[3:], 4, 0)
    with pytest.raises(ValueError, match="count must be a whole number"):
        SAMPLE(*args, -1, 0)
    with pytest.raises(ValueError, match="the leads are rows of 4"):
        SAMPLE(*args[:7], np.zeros(3, dtype=np.int64), *args[8:], 4, 0)
    with pytest.raises(ValueError, match="holders are seats"):
        SAMPLE(args[0], np.array([0, 1, 9]), *args[2:], 4, 0)
