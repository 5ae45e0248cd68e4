"""The search assembled from its parts plays as it did before: pinned decisions on fixed seeds
for every game and the options that change how it searches (computed before the search was
cut into parts), and the typed budget and options behind the bot names."""

from __future__ import annotations

from typing import Any

import pytest

import atout
from atout.bots import make_bot, play_out
from atout.bots.jass.kernel import KERNEL_DEFAULT
from atout.bots.jass.search import JassDeterminizer, jass_rollout
from atout.bots.parts import (
    DEFAULT_BUDGET,
    Budget,
    SearchOptions,
    search_settings,
    settle,
    side_value,
)
from atout.bots.registry import games_with_parts, has_parts, parts_for
from atout.bots.search import SearchBot
from atout.core import Result, Rules, View

PINNED: dict[tuple[str, str], str] = {
    ("jass", "search:playouts=40"):
        "push/0 JC/42 TC/42 JH/42 KH/42 KH/42 QH/40 push/0 7D/42 9D/40 TD/40 9D/42 JC/40 "
        "AC/40 TC/40",
    ("jass", "search:playouts=40:exact=4:tie=0"):
        "push/0 JC/42 TC/42 JH/42 KH/42 QH/12 QH/8 push/0 7D/42 9D/40 TD/40 9D/42 QH/16 AC/8 "
        "TC/8",
    ("jass", "search:playouts=40:common=1:model=0:key=search"):
        "push/160 9C/42 8S/42 JH/42 8H/42 KH/42 QH/40 trump S/160 QD/42 7H/40 TD/40 9D/42 "
        "QH/40 AC/40 TC/40",
    ("jass", "search:playouts=40:seconds=100:rounds=2:reuse=1"):
        "push/0 9C/42 TC/41 9D/42 QH/41 KH/41 QH/40 push/0 7D/41 7H/40 TD/40 9D/41 JC/40 "
        "AC/40 TC/40",
    ("putze", "search:playouts=40"):
        "pass/0 QH/40 KS/40 9H/42 8S/40 QD/40 8S/40 pass/0 6D/40 KD/42 KH/42 QH/40 TS/40",
    ("putze", "search:playouts=40:key=search"):
        "play/80 QH/40 KS/40 9H/42 8S/40 QD/40 8S/40 play/80 6D/40 KD/42 KH/42 QH/40 TS/40",
    ("putze", "search:playouts=40:kernel=1"):  # the same compiled and with ATOUT_PURE=1
        "pass/0 7H/1152 KS/256 7D/768 8S/256 KD/512 8S/256 pass/0 7S/1152 QD/640 JH/384 JS/512 "
        "JS/256",
    ("putze", "search:playouts=40:kernel=1:kworlds=0"):  # the Python sampler: as before
        "pass/0 7S/96 KS/104 7D/88 8S/104 QD/96 8S/104 pass/0 6C/96 QD/100 JH/100 KH/96 JS/104",
    ("tarot", "search:playouts=20"):
        "pass/40 discard 1H/40 discard QD/41 poignee simple/20 T8/21 T5/21 NS/21 6S/20 EX/20 "
        "EX/20 JC/21 JH/20 T14/20 T15/21 3S/20 T19/20 TH/20 EX/8 pass/40",
    ("tarot", "search:playouts=20:exact=0:model=0:prune=0"):
        "pass/41 discard 5S/40 discard 5S/40 poignee simple/20 T15/22 EX/20 JH/23 7S/20 "
        "EX/20 T8/21 3C/21 JH/20 T17/20 T1/21 TS/21 T19/20 TS/20 EX/20 pass/41",
    ("pitch", "search:playouts=30"):
        "bid 1/0 9H/31 7S/30 7H/30 7H/30 bid 2/0 AC/31 2S/30 JD/30 QD/30",
    ("pitch", "search:playouts=30:exact=3:key=search"):
        "pass/60 9H/31 7S/30 7H/30 7H/20 bid 2/60 AC/31 2S/30 JD/30 QD/20",
    ("pitch", "search:playouts=30:model=0:prune=0"):
        "bid 1/0 AH/31 7S/30 9H/30 7H/30 bid 2/0 JC/31 2S/30 JD/30 QD/30",
    ("knock-rummy", "search:playouts=30:kernel=0"):
        "draw discard/30 knock/30 QH/30 draw stock/30 JD/30 draw discard/30 knock/30 KH/30",
    ("knock-rummy", "search:playouts=30:courtesy=1:kernel=0"):
        "draw discard/30 7S/30 QH/30 draw stock/30 JD/30 draw discard/30 KH/30 KH/30",
}
"""For each game and bot name: the action chosen and the playouts spent (``action/playouts``)
at every fourth decision (every decision in Knock Rummy) of the heuristic's deals 1 and 2."""


def _views(game: str, seed: int) -> tuple[Rules[Any], list[View]]:
    """The decisions with a choice in a deal the heuristic plays, every fourth (every one in
    Knock Rummy, whose deals are short)."""
    rules = atout.make(game)
    deal = rules.deal(seed=seed)
    bots = [make_bot("heuristic", rules, s, seed) for s in range(deal.seats)]
    seen: list[View] = []
    play_out(deal, bots, watch=lambda view, _: seen.append(view))
    every = 1 if game == "knock-rummy" else 4
    return rules, [v for v in seen if len(v.legal) > 1][::every]


@pytest.mark.parametrize(("game", "spec"), list(PINNED))
def test_the_search_plays_as_pinned(game: str, spec: str) -> None:
    got = []
    for seed in (1, 2):
        rules, views = _views(game, seed)
        for i, view in enumerate(views):
            bot = make_bot(spec, rules, view.seat, seed * 10 + i)
            action = bot.choose(view)
            got.append(f"{action.text}/{bot.total_playouts}")  # type: ignore[attr-defined]
    assert " ".join(got) == PINNED[game, spec]


JASS = atout.make("jass")


def test_a_bot_name_becomes_a_typed_budget_and_options() -> None:
    budget, options = search_settings({"playouts": 300, "seconds": 0.5, "tie": 2, "model": 0,
                                       "key": "search"})
    assert budget == Budget(playouts=300, seconds=0.5)
    assert options == SearchOptions(tie=2.0, model=False, key="search")
    bot = make_bot("search:playouts=300:seconds=0.5:tie=2", JASS, 1, 4)
    assert isinstance(bot, SearchBot)
    # the rest is the game's (Jass: 2 rollouts per sample, the heuristic names trump, the
    # kernels where numba compiles them) or the search's own (3 rounds of halving)
    assert bot.budget == Budget(playouts=300, seconds=0.5, rounds=3, reuse=2)
    assert bot.options == SearchOptions(tie=2.0, exact=0, common=False, model=True, prune=True,
                                        key="heuristic", courtesy=0, kernel=KERNEL_DEFAULT,
                                        kworlds=True)
    assert (bot.playouts, bot.seconds, bot.tie, bot.key) == (300, 0.5, 2.0, "heuristic")


def test_the_keywords_win_over_the_budget_and_the_budget_over_the_game() -> None:
    bot = SearchBot(JASS, 0, budget=Budget(playouts=100, reuse=1),
                    options=SearchOptions(tie=1), playouts=50)
    assert (bot.playouts, bot.reuse, bot.rounds, bot.tie) == (50, 1, 3, 1.0)
    assert settle(Budget(), None, Budget(playouts=7), DEFAULT_BUDGET) == Budget(7, None, 3, 2)


@pytest.mark.parametrize(("game", "spec", "words"), [
    ("jass", "search:depth=3", "the search bot takes playouts, seconds, rounds, reuse, tie, "
                               "exact, common, model, prune, key, courtesy, kernel and "
                               "kworlds, not depth"),
    ("jass", "search:playouts=abc", "playouts must be a whole number, not 'abc'"),
    ("jass", "search:playouts=2.5", "playouts must be a whole number, not 2.5"),
    ("jass", "search:playouts=0", "playouts must be at least 1, not 0"),
    ("jass", "search:seconds=0", "seconds must be positive, not 0"),
    ("jass", "search:seconds=nan", "seconds must be a number, not nan"),
    ("jass", "search:seconds=soon", "seconds must be a number, not 'soon'"),
    ("jass", "search:rounds=0", "rounds must be at least 1, not 0"),
    ("jass", "search:reuse=0", "reuse must be at least 1, not 0"),
    ("jass", "search:tie=-1", "tie must be zero or more, not -1"),
    ("jass", "search:exact=-1", "exact must be zero or more cards, not -1"),
    ("jass", "search:common=2", "common must be 0 or 1, not 2"),
    ("tarot", "search:kworlds=2", "kworlds must be 0 or 1, not 2"),
    ("jass", "search:prune=yes", "prune must be 0 or 1, not 'yes'"),
    ("jass", "search:key=model", "key must be one of search, heuristic, not 'model'"),
    ("jass", "search:courtesy=-1", "courtesy must be zero or more rounds, not -1"),
    ("jass", "search:courtesy=1", "courtesy: jass has no choice that ends a deal early"),
    ("putze", "search:exact=2", "exact: there is no exact solver for putze"),
    ("knock-rummy", "search:model=1", "model: there is no model of the players for knock-rummy"),
])
def test_bad_search_options_are_said_in_words(game: str, spec: str, words: str) -> None:
    with pytest.raises(ValueError) as err:
        make_bot(spec, atout.make(game), 0, 0)
    assert str(err.value).startswith(f"bot {spec!r}: {words}")


def test_the_search_is_built_from_parts() -> None:
    """Given the game's own parts explicitly, the bot plays as the bot name does; given another
    evaluator, it values every playout by it."""
    rules, views = _views("jass", 2)
    calls: list[int] = []

    def margin(result: Result, seat: int) -> float:
        calls.append(seat)
        return side_value(result, seat)

    for i, view in enumerate(views[1:5]):
        named = make_bot("search:playouts=40:model=0", rules, view.seat, i)
        built = SearchBot(rules, view.seat, i, sampler=JassDeterminizer(rules),
                          rollout=jass_rollout, evaluator=margin, budget=Budget(playouts=40))
        calls.clear()
        assert built.choose(view) == named.choose(view)
        assert len(calls) == built.total_playouts > 0
        assert set(calls) == {view.seat}


def test_the_registry_knows_every_game_with_bots() -> None:
    assert games_with_parts() == ["jass", "putze", "tarot", "pitch", "knock-rummy"]
    assert all(has_parts(game) for game in games_with_parts())
    assert not has_parts("chess")
    for game in games_with_parts():
        parts = parts_for(atout.make(game))
        assert parts.budget.playouts is not None and parts.budget.playouts > 0
