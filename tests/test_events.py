"""Typed events: every kind an engine emits is a named constant of :mod:`atout.events`, and
every constant has a sentence in each game's dispatch table (a missing one fails here)."""

from __future__ import annotations

import json
import random
from typing import ClassVar

import pytest

import atout
from atout.core import Event
from atout.envs.features import spec_of
from atout.events import GAME_EVENTS, GAME_PHASES, JassEvent, MatchEvent, event_kinds
from atout.games import available
from atout.i18n import translator
from atout.i18n.games.pitch import PitchText
from atout.i18n.text import EventTable, GameText, game_text


def _play(game: str, seeds: int = 12) -> tuple[list[Event], set[str]]:
    """The events random play emits over the game's presets, and the phases its views show
    (seat 0's and the public view at every step of the first seed of each preset)."""
    info = next(i for i in atout.games() if i.name == game)
    events: list[Event] = []
    phases: set[str] = set()
    for preset in [None, *info.presets]:
        rules = atout.make(game, preset=preset) if preset else atout.make(game)
        for seed in range(seeds):
            match = rules.match(seed=seed)
            rnd = random.Random(seed)
            for _ in range(1500):
                if match.is_over:
                    break
                if seed == 0:  # a player's view and the public one
                    phases |= {match.deal.view(0).phase, match.deal.view(None).phase}
                events += match.play(rnd.choice(match.deal.legal_actions()))
    return events, phases


def _emitted(game: str, seeds: int = 12) -> set[str]:
    """The kinds of events random play emits, over the game's presets."""
    return {e.kind for e in _play(game, seeds)[0]}


@pytest.mark.parametrize("game", available())
def test_every_emitted_kind_is_a_named_constant(game: str) -> None:
    emitted = _emitted(game)
    assert emitted <= event_kinds(game), emitted - event_kinds(game)
    assert set(MatchEvent) <= emitted | {MatchEvent.GAME_OVER}


@pytest.mark.parametrize("game", available())
def test_the_engines_emit_the_members_themselves(game: str) -> None:
    # a member, not a plain string of the same text: its type is the game's enum (or the
    # match's), so a table keyed by the enums reads it and a type checker sees it
    events, phases = _play(game, seeds=3)
    types = {type(e.kind) for e in events}
    assert types <= {MatchEvent, GAME_EVENTS[game]}, types
    assert GAME_EVENTS[game] in types
    assert {type(p) for p in phases} == {GAME_PHASES[game]}, phases
    assert len(phases) > 1


def test_a_plain_string_kind_is_told_apart() -> None:
    # what the test above checks: equal text, not the same type
    plain = Event("card", 0, {"card": "AH"})
    assert plain.kind == JassEvent.CARD and type(plain.kind) is str
    assert type(plain.kind) not in {MatchEvent, GAME_EVENTS["jass"]}


@pytest.mark.parametrize("game", available())
def test_the_phases_keep_their_text_in_saved_views(game: str) -> None:
    rules = atout.make(game)
    view = rules.deal(seed=1).view(0)
    data = json.loads(json.dumps(view.to_dict()))
    assert type(data["phase"]) is str and data["phase"] == view.phase
    assert data["phase"] in set(GAME_PHASES[game])


def missing_sentences(text: GameText, game: str) -> list[str]:
    """The kinds of ``game``'s events that ``text`` has no sentence for."""
    table = {**text.common_events, **text.events}
    return sorted(k for k in event_kinds(game) if k not in table)


@pytest.mark.parametrize("game", available())
def test_every_kind_has_a_sentence_in_the_dispatch_table(game: str) -> None:
    for lang in ("en", "fr"):
        text = game_text(game, translator(lang), 0, atout.make(game).seats)
        assert type(text) is not GameText  # the game has its own renderer
        assert missing_sentences(text, game) == []
        assert set(text.events) <= event_kinds(game)  # no sentence for a kind that is gone


class Forgetful(PitchText):
    """A renderer that forgot the tangage."""

    events: ClassVar[EventTable] = {k: v for k, v in PitchText.events.items()
                                    if k != "tangage"}


def test_a_kind_left_out_of_a_table_is_caught() -> None:
    assert missing_sentences(Forgetful(translator("en"), 0, 4), "pitch") == ["tangage"]


def test_the_enums_cover_every_game() -> None:
    assert set(GAME_EVENTS) == set(available())
    assert set(GAME_PHASES) == set(available())


@pytest.mark.parametrize("game", available())
def test_the_environments_encode_every_phase(game: str) -> None:
    # the observation's one-hot phase block names each phase of the game's enum, no other
    assert set(spec_of(game).phases) == set(GAME_PHASES[game])
