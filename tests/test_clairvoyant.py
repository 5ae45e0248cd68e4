"""The clairvoyant search (a benchmark's yardstick): its samples are the true deal, it follows
the live deal, it says so in words when it watches none, and no player can pick it."""

from __future__ import annotations

import random
from typing import Any

import pytest

import atout
from atout.bots import bot_names, make_bot
from atout.bots.clairvoyant import (
    ClairvoyantBot,
    ClairvoyantSampler,
    FirstSightSampler,
    NotWatching,
    nothing_read,
)
from atout.bots.knock_rummy.kernel import kernel_ready as knock_rummy_kernel_ready
from atout.bots.knock_rummy.search import KnockRummyDeterminizer
from atout.bots.parts import kernel_sampler
from atout.bots.search import SearchBot
from atout.core import Deal, View
from atout.games.knock_rummy import KnockRummyDeal
from atout.kernels import COMPILED

GAMES: list[tuple[str, dict[str, Any]]] = [
    ("jass", {}), ("putze", {}), ("tarot", {}), ("pitch", {}), ("pitch", {"players": 2}),
    ("knock-rummy", {"players": 2}),
]


def hands(deal: Deal) -> list[list[str]]:
    """Every seat's hand, sorted."""
    return [sorted(deal.view(s).hand) for s in range(deal.rules.seats)]


def rummy(deal: Deal) -> KnockRummyDeal:
    """``deal`` as the Knock Rummy deal it is."""
    assert isinstance(deal, KnockRummyDeal)
    return deal


def advanced(game: str, options: dict[str, Any], seed: int, steps: int) -> Deal:
    """A deal of ``game`` after ``steps`` random legal actions (fewer if it ends)."""
    rules = atout.make(game, **options)
    deal = rules.deal(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        legal = deal.legal_actions()
        if deal.to_move is None or not legal:
            break
        deal.play(rng.choice(legal))
    return deal


@pytest.mark.parametrize(("game", "options"), GAMES)
def test_every_sample_holds_the_true_hands(game: str, options: dict[str, Any]) -> None:
    for seed in range(3):
        deal = advanced(game, options, seed, 6 + seed)
        if deal.to_move is None:
            continue
        sampler = ClairvoyantSampler(deal.rules)
        sampler.watch(deal)
        view = deal.view(deal.to_move)
        sample = sampler.sample(view, random.Random(seed))
        assert sample is not deal
        assert hands(sample) == hands(deal)
        assert sample.history == deal.history
        assert sample.to_move == deal.to_move


def test_the_sampler_follows_the_live_deal() -> None:
    deal = advanced("jass", {}, 1, 0)
    sampler = ClairvoyantSampler(deal.rules)
    sampler.watch(deal)
    rng = random.Random(0)
    for _ in range(8):
        seat = deal.to_move
        assert seat is not None
        sample = sampler.sample(deal.view(seat), rng)
        assert sample.history == deal.history
        deal.play(deal.legal_actions()[0])


def test_knock_rummy_redraws_the_stock_only() -> None:
    deal = advanced("knock-rummy", {"players": 2}, 4, 3)
    assert deal.to_move is not None
    view = deal.view(deal.to_move)
    shuffled = ClairvoyantSampler(deal.rules)
    shuffled.watch(deal)
    kept = ClairvoyantSampler(deal.rules, stock=True)
    kept.watch(deal)
    true_stock = list(rummy(deal).stock)
    orders = {tuple(rummy(shuffled.sample(view, random.Random(i))).stock) for i in range(5)}
    assert all(sorted(o) == sorted(true_stock) for o in orders)
    assert len(orders) > 1
    sample = shuffled.sample(view, random.Random(9))
    assert hands(sample) == hands(deal)
    assert rummy(sample).pile == rummy(deal).pile
    assert rummy(kept.sample(view, random.Random(0))).stock == true_stock


@pytest.mark.parametrize("seed", range(4))
def test_first_sight_sees_the_deal_until_another_seat_acts(seed: int) -> None:
    """Heads-up Knock Rummy: the opener's first turn (the draw, the discard, the knock) is
    sampled as the true deal; from the other player's first action on, the hands come from
    the game's own sampler, which draws them."""
    deal = advanced("knock-rummy", {"players": 2}, seed, 0)
    opener = deal.to_move
    assert opener is not None
    bot = ClairvoyantBot(deal.rules, opener, seed, first_sight=True, playouts=8)
    assert isinstance(bot.sampler, FirstSightSampler)
    bot.watch(deal)
    other = 1 - opener
    rng = random.Random(seed)
    seen = []
    while deal.to_move is not None:
        view = deal.view(deal.to_move)
        read = nothing_read(view)
        seen.append((deal.to_move, read))
        if deal.to_move == opener:
            samples = [bot.sampler.sample(view, random.Random(i)) for i in range(6)]
            true = sorted(deal.view(other).hand)
            got = [sorted(s.view(other).hand) for s in samples]
            if read:
                assert all(g == true for g in got)
            else:
                assert any(g != true for g in got)
                break
        deal.play(rng.choice(deal.legal_actions()))
    # nothing is read only before the other player's first action, and only by the opener
    reads = [r for _, r in seen]
    assert reads[0] and not all(reads)
    assert reads == sorted(reads, reverse=True)
    assert all(seat == opener for seat, r in seen if r)


def test_a_wrapped_sampler_names_its_kernel_stand_in() -> None:
    """:func:`kernel_sampler`: a plain sampler stands for itself; the first-sight sampler
    hands the kernel nothing while nothing is read (its true deal is drawn in Python), then
    the game's own sampler."""
    deal = advanced("knock-rummy", {"players": 2}, 3, 0)
    opener = deal.to_move
    assert opener is not None
    bot = ClairvoyantBot(deal.rules, opener, 3, first_sight=True, playouts=8)
    assert isinstance(bot.sampler, FirstSightSampler)
    inner = bot.sampler.inner
    assert kernel_sampler(inner, deal.view(opener)) is inner
    assert kernel_sampler(bot.seer, deal.view(opener)) is bot.seer
    assert kernel_sampler(bot.sampler, deal.view(opener)) is None
    while deal.to_move == opener:
        deal.play(deal.legal_actions()[0])
    assert deal.to_move is not None
    assert kernel_sampler(bot.sampler, deal.view(deal.to_move)) is inner


@pytest.mark.parametrize("seed", range(6))
def test_first_sight_plays_as_the_search_once_another_seat_acted(
        seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Heads-up Knock Rummy, the second player's first discard (the turns before it played by
    the heuristic): the first-sight search and the plain search of the same seed start from
    the same random stream, draw the same worlds and choose alike, with the same means;
    compiled, both draw them in the kernel, the Python sampler never asked."""
    deal = advanced("knock-rummy", {"players": 2}, seed, 0)
    opener = deal.to_move
    assert opener is not None
    seat = 1 - opener
    heuristics = [make_bot("heuristic", deal.rules, s, seed) for s in range(2)]
    while deal.to_move is not None and not (deal.to_move == seat
                                            and deal.view(seat).phase == "discard"):
        deal.play(heuristics[deal.to_move].choose(deal.view(deal.to_move)))
    assert deal.to_move == seat
    if COMPILED:
        assert knock_rummy_kernel_ready(wait=True)
    drawn: list[int] = []
    real_sample = KnockRummyDeterminizer.sample

    def counted(self: KnockRummyDeterminizer, view: View, rng: random.Random) -> Deal:
        drawn.append(1)
        return real_sample(self, view, rng)

    monkeypatch.setattr(KnockRummyDeterminizer, "sample", counted)
    sight = ClairvoyantBot(deal.rules, seat, seed, first_sight=True, playouts=40, kernel=1)
    sight.watch(deal)
    plain = make_bot("search:playouts=40:kernel=1", deal.rules, seat, seed)
    assert isinstance(plain, SearchBot)
    view = deal.view(seat)
    assert sight.choose(view) == plain.choose(view)
    assert sight.last == plain.last
    assert len(sight.last) > 1
    assert bool(drawn) == (not COMPILED)


def test_no_deal_watched_is_an_error_in_words() -> None:
    deal = advanced("pitch", {"players": 2}, 2, 0)
    assert deal.to_move is not None
    sampler = ClairvoyantSampler(deal.rules)
    with pytest.raises(NotWatching, match="watch"):
        sampler.sample(deal.view(deal.to_move), random.Random(0))


def test_a_view_of_another_deal_is_an_error_in_words() -> None:
    deal = advanced("pitch", {"players": 2}, 2, 0)
    later = advanced("pitch", {"players": 2}, 2, 3)
    assert later.to_move is not None
    sampler = ClairvoyantSampler(deal.rules)
    sampler.watch(deal)
    with pytest.raises(NotWatching, match="not the one"):
        sampler.sample(later.view(later.to_move), random.Random(0))
    other = atout.make("pitch", players=2).deal(seed=77)
    assert other.to_move is not None and hands(other) != hands(deal)
    with pytest.raises(NotWatching, match="not the one"):
        sampler.sample(other.view(other.to_move), random.Random(0))


def test_the_clairvoyant_bot_searches_the_true_deal() -> None:
    rules = atout.make("pitch", players=2)
    deal = rules.deal(seed=3)
    while deal.to_move is not None:
        seat = deal.to_move
        bot = ClairvoyantBot(rules, seat, seed=1, playouts=12)
        bot.watch(deal)
        action = bot.choose(deal.view(seat))
        assert bot.fallbacks == 0
        if bot.last:
            assert bot.seer.checked == (len(deal.history), seat)
        deal.play(action)
    assert deal.is_over


def test_no_player_can_pick_the_clairvoyant_bot() -> None:
    rules = atout.make("jass")
    assert "clairvoyant" not in bot_names()
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("clairvoyant", rules, 0)
