"""Deals and matches pickle and come back equal, in every game: the same view for every seat
and the public, the same legal actions, the same continuation from the same seed; the rules
come back as this process's own (never a copy of their tables)."""

from __future__ import annotations

import marshal
import multiprocessing
import pickle
import pickletools
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import atout
from atout.core import Deal, Match
from atout.pickles import UNSET, constants_of, deal_reduction, restore_deal, rules_of, slot_names

CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("jass", {}), ("jass", {"preset": "coiffeur"}), ("putze", {}), ("putze", {"players": 3}),
    ("putze", {"players": 5}), ("tarot", {}), ("tarot", {"players": 5}), ("pitch", {}),
    ("pitch", {"players": 4, "partnership": True}), ("knock-rummy", {}),
    ("knock-rummy", {"players": 4}),
]


def _views(game: Deal | Match) -> list[Any]:
    out: list[Any] = [game.view(None).to_dict()]
    out += [game.view(s).to_dict() for s in range(game.seats)]
    return out


def _same(a: Deal | Match, b: Deal | Match, seed: int) -> None:
    assert _views(a) == _views(b)
    assert a.legal_actions() == b.legal_actions()
    assert [str(x) for x in a.legal_actions()] == [str(x) for x in b.legal_actions()]
    ra, rb = random.Random(seed), random.Random(seed)
    for _ in range(3000):
        if a.is_over:
            break
        ea = a.play(ra.choice(a.legal_actions()))
        eb = b.play(rb.choice(b.legal_actions()))
        assert [e.to_dict() for e in ea] == [e.to_dict() for e in eb]
    assert b.is_over == a.is_over
    if a.is_over:
        assert a.result.to_dict() == b.result.to_dict()
    assert _views(a) == _views(b)


def _advance(game: Deal | Match, steps: int, rng: random.Random) -> None:
    for _ in range(steps):
        if game.is_over:
            return
        game.play(rng.choice(game.legal_actions()))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(range(len(CONFIGS))), st.integers(0, 2**32), st.integers(0, 120),
       st.integers(0, 2**16))
def test_a_deal_pickles_and_comes_back_equal(config: int, seed: int, steps: int,
                                             cont: int) -> None:
    game, options = CONFIGS[config]
    rules = atout.make(game, **options)
    deal = rules.deal(seed=seed, dealer=seed % rules.seats)
    _advance(deal, steps, random.Random(seed))
    again = pickle.loads(pickle.dumps(deal))
    assert type(again) is type(deal)
    assert again.rules.options == rules.options
    assert again.history == deal.history
    assert all(a is again.rules.actions[int(a)] for a in again.history)
    _same(deal, again, cont)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(range(len(CONFIGS))), st.integers(0, 2**32), st.integers(0, 200))
def test_a_match_pickles_and_comes_back_equal(config: int, seed: int, steps: int) -> None:
    game, options = CONFIGS[config]
    match = atout.make(game, **options).match(seed=seed)
    _advance(match, steps, random.Random(seed))
    again = pickle.loads(pickle.dumps(match))
    assert again.history == match.history and again.scores == match.scores
    _same(match, again, seed)


@pytest.mark.parametrize(("game", "options"), CONFIGS)
def test_pickled_rules_are_the_processs_own(game: str, options: dict[str, Any]) -> None:
    rules = atout.make(game, **options)
    first, second = pickle.loads(pickle.dumps(rules)), pickle.loads(pickle.dumps(rules))
    assert first is second  # made once per process, then shared
    assert first.options == rules.options and type(first) is type(rules)
    deal = rules.deal(seed=1)
    assert pickle.loads(pickle.dumps(deal)).rules is first
    # A deal is small: its rules travel as their options, not as their tables.
    assert len(pickle.dumps(deal)) < len(pickle.dumps(rules.options)) + 4000


def test_a_pickled_deal_is_independent() -> None:
    deal = atout.make("jass").deal(seed=5)
    again = pickle.loads(pickle.dumps(deal))
    again.play("push")
    assert len(deal.history) == 0 and deal.to_move != again.to_move


@pytest.mark.parametrize("game", [g.name for g in atout.games()])
def test_every_preset_comes_back_with_its_options(game: str) -> None:
    info = next(g for g in atout.games() if g.name == game)
    for preset in [None, *info.presets]:
        rules = atout.make(game, preset=preset)
        again = pickle.loads(pickle.dumps(rules))
        assert again.options == rules.options, (game, preset)
        assert again is rules_of(type(rules), again.__reduce__()[1][1])


def _parts(deal: Deal) -> tuple[Any, ...]:
    """The arguments a deal pickled in format 2 (field by field, as a deal its class's codec
    does not know travels, and as older pickles were written) carries to ``restore_deal``."""
    return tuple(deal_reduction(deal, deal._pickle_state())[1])


class Format2:
    """Pickles as ``deal`` does in format 2: how a pickle written before format 3 reads."""

    def __init__(self, deal: Deal) -> None:
        self.deal = deal

    def __reduce__(self) -> tuple[Any, ...]:
        return deal_reduction(self.deal, self.deal._pickle_state())


@pytest.mark.parametrize(("game", "options"), CONFIGS)
def test_a_pickled_deal_carries_its_state_not_a_replay(game: str,
                                                       options: dict[str, Any]) -> None:
    rules = atout.make(game, **options)
    deal = rules.deal(seed=3)
    _advance(deal, 25, random.Random(3))
    head, opts, values, history, seats = _parts(deal)
    assert head.startswith("atout-deal/2 ") and opts == rules.__reduce__()[1][1]
    assert bytes(history) == bytes(int(a) for a in deal.history)
    assert bytes(seats) == bytes(deal._actors)
    # one global in the whole pickle (restore_deal): no class, enum or action pickled apart
    for payload in (pickle.dumps(deal, 5), pickle.dumps(Format2(deal), 5)):
        names = [op.name for op, _, _ in pickletools.genops(payload)]
        assert names.count("STACK_GLOBAL") + names.count("GLOBAL") == 1  # the Weis as fields
    again = restore_deal(head, opts, values, history, seats)
    assert again.history == deal.history and again.view(None) == deal.view(None)
    # a pickle written in format 2 still reads
    again = pickle.loads(pickle.dumps(Format2(deal), 5))
    assert type(again) is type(deal) and _state(again) == _state(deal)


def _spoiled(deal: Deal) -> list[tuple[tuple[Any, ...], str]]:
    """Payloads a foreign or damaged pickle could carry, each with the words it is refused
    in."""
    head, opts, values, history, seats = _parts(deal)
    words = head.split(" ")
    return [
        (("something else", opts, values, history, seats), "its header is"),
        ((" ".join([words[0], "os:system", *words[2:]]), opts, values, history, seats),
         "not a class of atout"),
        ((" ".join([words[0], "atout.core:Match", *words[2:]]), opts, values, history, seats),
         "not a deal class"),
        ((" ".join([words[0], "atout.nothing:Deal", *words[2:]]), opts, values, history,
          seats), "this atout has no class"),
        ((" ".join(words[:3]), opts, values, history, seats), "no slot and constant lists"),
        ((" ".join([*words, "|"]), opts, values, history, seats), "no slot and constant lists"),
        ((" ".join([*words, "hands"]), opts, values, history, seats), "not constants of"),
        ((head, (("players", 99),), values, history, seats), "do not make rules"),
        ((head, (("players", [4]),), values, history, seats), "not plain values"),
        ((head, "players", values, history, seats), "not \\(name, value\\) pairs"),
        ((head, opts, marshal.dumps(marshal.loads(values)[:-1], 2), history, seats), "fields"),
        ((head, opts, marshal.loads(values)[:-1], history, seats), "fields"),
        ((head, opts, list(marshal.loads(values)), history, seats), "fields"),
        ((head, opts, values[:-1], history, seats), "values are not readable"),
        ((head, opts, b"\xff" + values, history, seats), "values are not readable"),
        ((head, opts, values, bytes([255, 0]), seats), "is not action ids"),
        ((head, opts, values, bytes([0, 255]), bytes([0, 1])), "is not action ids"),
        ((head, opts, values, "xy", seats), "is not action ids"),
        ((head, opts, values, (1, -1), seats[:2]), "is not action ids"),
        ((head, opts, values, history, seats[:-1]), "with their seats"),
        ((head, opts, values, history, list(seats)), "with their seats"),
        ((head, opts, values, history, None), "has no seats"),
    ]


@pytest.mark.parametrize("game", ["jass", "tarot", "pitch"])
def test_a_foreign_or_damaged_format2_pickle_is_refused_in_words(game: str) -> None:
    deal = atout.make(game).deal(seed=4)
    _advance(deal, 10, random.Random(4))
    for args, words in _spoiled(deal):
        payload = pickle.dumps(args, 5)  # the same arguments, through a real pickle
        with pytest.raises(pickle.UnpicklingError, match=words):
            restore_deal(*pickle.loads(payload))


def test_a_pickle_of_the_old_replay_shape_is_refused() -> None:
    deal = atout.make("jass").deal(seed=4)
    with pytest.raises((pickle.UnpicklingError, TypeError)):
        old: Any = restore_deal
        old(type(deal), {}, [])


def test_a_pickle_of_format_one_is_refused_in_words() -> None:
    deal = atout.make("pitch").deal(seed=4)
    head, opts, values, history, _ = _parts(deal)
    old_head = head.replace("atout-deal/2 ", "atout-deal/1 ", 1)
    payload = pickle.dumps((old_head, opts, marshal.loads(values), history), 5)
    with pytest.raises(pickle.UnpicklingError, match="its header is 'atout-deal/1"):
        restore_deal(*pickle.loads(payload))


def _one_more(deal: Deal) -> Deal:
    """Play the first legal action (in a worker process)."""
    if not deal.is_over:
        deal.play(deal.legal_actions()[0])
    return deal


def test_deals_travel_to_a_fresh_process_and_back() -> None:
    # a spawned worker has read no head yet: it checks each one, as a Ray worker would
    deals = []
    for game, options in CONFIGS[::2]:
        deal = atout.make(game, **options).deal(seed=2)
        _advance(deal, 12, random.Random(2))
        deals.append(deal)
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        back = pool.map(_one_more, deals)
    for deal, again in zip(deals, back, strict=True):
        _one_more(deal)
        assert again.history == deal.history
        assert _views(again) == _views(deal)


_CACHES = {"_plan", "_own_weis_made", "_weis_made", "_trick_info", "_seen", "_seen_by",
           "_tricks_json", "_result_json", "_over_json"}
"""What a deal makes on demand (its views' caches) and a packed pickle leaves out (format 2
leaves out the first three)."""


def _state(deal: Deal) -> dict[str, Any]:
    """Every field and set slot of a deal, but the caches made on demand (and the rules by
    their options: the process's own come back)."""
    state = {k: v for k, v in deal.__dict__.items() if k not in _CACHES}
    state["rules"] = deal.rules.options
    state.update((n, v) for n in slot_names(type(deal))
                 if (v := getattr(deal, n, UNSET)) is not UNSET)
    for name in type(deal).pickle_caches:  # a cache: made again on demand
        state.pop(name, None)
    return state


def _left_out(deal: Deal) -> list[str]:
    """The constants a deal's pickle leaves out (named after the head's second bar)."""
    words: list[str] = _parts(deal)[0].split(" ")
    return words[words.index("|", words.index("|") + 1) + 1:]


def _shared(value: Any, seen: dict[int, Any]) -> list[Any]:
    """The lists and dicts reached twice from ``value`` (marshal would part them)."""
    found = []
    if isinstance(value, (list, dict)):
        if id(value) in seen:
            return [value]
        seen[id(value)] = value
    if isinstance(value, (list, tuple)):
        for item in value:
            found += _shared(item, seen)
    elif isinstance(value, dict):
        for item in value.values():
            found += _shared(item, seen)
    return found


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(range(len(CONFIGS))), st.integers(0, 2**32), st.integers(0, 120))
def test_the_whole_state_comes_back_and_the_constants_are_the_rules(config: int, seed: int,
                                                                    steps: int) -> None:
    game, options = CONFIGS[config]
    rules = atout.make(game, **options)
    deal = rules.deal(seed=seed, dealer=seed % rules.seats)
    _advance(deal, steps, random.Random(seed))
    state = _state(deal)
    # every constant a deal holds is the value a fresh deal of its rules has: left out of
    # the pickle, it comes back from the rules equal
    constants = constants_of(type(deal), rules)
    assert set(constants) <= set(type(deal).pickle_constants)
    assert {k: state[k] for k in constants if k in state} == {
        k: v for k, v in constants.items() if k in state}
    caches = type(deal).pickle_caches
    held = {*deal.__dict__, *(n for n in slot_names(type(deal)) if hasattr(deal, n))}
    assert set(_left_out(deal)) == (set(constants) | set(caches)) & held
    # no list or dict is held twice (the values travel as marshal, which would part them)
    written = deal._pickle_state()
    assert _shared(tuple(v for k, v in written.items() if k != "rules"), {}) == []
    for payload in (pickle.dumps(deal, 5), pickle.dumps(Format2(deal), 5)):
        again = pickle.loads(payload)
        assert _state(again) == state
        assert [type(a) for a in again._history] == [type(a) for a in deal._history]


def test_every_trick_game_leaves_its_constants_out() -> None:
    for game in ("jass", "putze"):
        deal = atout.make(game).deal(seed=1)
        assert constants_of(type(deal), deal.rules), game
        assert "side_of" in _left_out(deal)


def test_a_deal_whose_constant_was_changed_travels_whole() -> None:
    deal: Any = atout.make("jass").deal(seed=6)
    _advance(deal, 10, random.Random(6))
    deal.weis_scoring = "each"  # not what its rules say: written out, not left out
    assert deal.pickle_codec.encode(deal) is None  # the codec refuses it: format 2
    assert deal.__reduce__()[1][0].startswith("atout-deal/2 ")
    again = pickle.loads(pickle.dumps(deal, 5))
    assert again.weis_scoring == "each" and _state(again) == _state(deal)
    assert "weis_scoring" not in _left_out(deal)


def test_a_state_marshal_cannot_write_is_pickled() -> None:
    deal: Any = atout.make("pitch").deal(seed=2)
    action = deal.rules.actions[3]
    deal.details = {"note": frozenset({1}), "action": action}  # an object of a class
    values = _parts(deal)[2]
    assert type(values) is tuple  # marshal refused it
    assert deal.__reduce__()[1][0].startswith("atout-deal/2 ")  # in format 2
    again = pickle.loads(pickle.dumps(deal, 5))
    assert again.details == {"note": frozenset({1}), "action": 3}
    assert again.details["action"].text == action.text


def test_a_batch_of_deals_travels_in_one_pickle() -> None:
    deals = []
    for i, (game, options) in enumerate(CONFIGS * 6):
        deal = atout.make(game, **options).deal(seed=i)
        _advance(deal, i * 3, random.Random(i))
        deals.append(deal)
    payload = pickle.dumps(deals, 5)
    names = [op.name for op, _, _ in pickletools.genops(payload)]
    assert names.count("STACK_GLOBAL") == 1  # restore_deal once, then from the memo
    back = pickle.loads(payload)
    assert [_state(d) for d in back] == [_state(d) for d in deals]
