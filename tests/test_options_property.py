"""The cross product of each game's options: random option sets (a preset or none, then any
options over it) are either accepted, and then a deal plays to its end with random legal
actions, or refused with a ValueError whose message names an option involved — never
another exception."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import atout

GAMES = [g.name for g in atout.games()]
FREE_INTS = (-1, 0, 1, 2, 10, 25, 300)
"""Values tried for an int option without a list of choices."""


def _values(default: Any, choices: tuple[Any, ...] | None) -> st.SearchStrategy[Any]:
    if choices is not None:
        return st.sampled_from(choices)
    if isinstance(default, bool):
        return st.booleans()
    if isinstance(default, int):
        return st.sampled_from(FREE_INTS)
    return st.just(default)


@st.composite
def option_sets(draw: st.DrawFn, game: str) -> tuple[str | None, dict[str, Any]]:
    """A preset (or None) and a random subset of the options with random values."""
    info = next(g for g in atout.games() if g.name == game)
    preset = draw(st.none() | st.sampled_from(sorted(info.presets))) if info.presets else None
    given: dict[str, Any] = {}
    for o in info.options:
        if draw(st.booleans()):
            given[o.name] = draw(_values(o.default, o.choices))
    return preset, given


def _check(game: str, preset: str | None, given: dict[str, Any], seed: int) -> None:
    info = next(g for g in atout.games() if g.name == game)
    involved = {**(info.presets[preset] if preset else {}), **given}
    try:
        rules = atout.make(game, preset=preset, **given)
    except ValueError as exc:
        words = str(exc)
        assert any(f"{name}=" in words for name in involved), (game, preset, given, words)
        return
    deal = rules.deal(seed=seed)
    rng = random.Random(seed)
    for _ in range(5000):
        if deal.is_over:
            break
        deal.play(rng.choice(deal.legal_actions()))
    if not deal.is_over:
        # Knock Rummy rebuilding its stock (without limit, or a high one) ends only by a
        # knock, which random play under a tight knock_limit may not reach: it must go on.
        opts = rules.options
        assert game == "knock-rummy" and opts.stock_out in ("shuffle", "turn"), (
            game, preset, given)
        assert opts.knock_limit > 0 and deal.legal_actions()
        return
    assert len(deal.result.points) == rules.seats


@pytest.mark.parametrize("game", GAMES)
def test_random_option_sets_are_accepted_and_play_or_refused_in_words(game: str) -> None:
    @settings(max_examples=100, deadline=None, derandomize=True,
              suppress_health_check=[HealthCheck.too_slow])
    @given(option_sets(game), st.integers(0, 10_000))
    def check(case: tuple[str | None, dict[str, Any]], seed: int) -> None:
        _check(game, case[0], case[1], seed)

    check()
