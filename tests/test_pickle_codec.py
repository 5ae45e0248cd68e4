"""Deals pickle in format 3 (each class's codec: its values in one marshal block, no names)
and come back exactly: every field and slot equal and of the same kind, nothing shared with
another deal read from the same pickle; a state a codec does not know travels in format 2;
a damaged pickle is refused in words."""

from __future__ import annotations

import marshal
import pickle
import pickletools
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import atout
from atout.core import Deal
from atout.pickles import UNSET, dict_builder, restore_packed, slot_names

CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("jass", {}), ("jass", {"preset": "coiffeur"}), ("putze", {}), ("putze", {"players": 3}),
    ("putze", {"players": 5}), ("putze", {"players": 2}), ("tarot", {}),
    ("tarot", {"players": 5}), ("tarot", {"players": 3}), ("pitch", {}),
    ("pitch", {"players": 4, "partnership": True}), ("knock-rummy", {}),
    ("knock-rummy", {"players": 4}),
]

CACHES = {"_plan", "_own_weis_made", "_weis_made", "_trick_info", "_seen", "_seen_by",
          "_tricks_json", "_result_json", "_over_json"}
"""What a deal makes on demand for its views: left out, made again when read."""


def _position(config: int, seed: int, steps: int, look: bool = False) -> Deal:
    game, options = CONFIGS[config]
    rules = atout.make(game, **options)
    deal = rules.deal(seed=seed, dealer=seed % rules.seats)
    rng = random.Random(seed)
    for _ in range(steps):
        if deal.is_over:
            break
        deal.play(rng.choice(deal.legal_actions()))
    if look:  # the views' caches filled
        for seat in range(rules.seats):
            deal.view(seat).to_dict()
        deal.view(None).to_dict()
    return deal


def _state(deal: Deal) -> dict[str, Any]:
    """Every field and set slot but the caches (the rules by their options)."""
    state = {k: v for k, v in deal.__dict__.items() if k not in CACHES}
    state["rules"] = deal.rules.options
    state.update((n, v) for n in slot_names(type(deal))
                 if (v := getattr(deal, n, UNSET)) is not UNSET)
    for name in type(deal).pickle_caches:
        state.pop(name, None)
    return state


def _kinds(value: Any) -> Any:
    """The kinds of a value, all the way down (a list of ids and a list of actions are
    equal, not of the same kinds)."""
    if isinstance(value, (list, tuple)):
        return (type(value), tuple(_kinds(v) for v in value))
    if isinstance(value, dict):
        return (dict, tuple((_kinds(k), _kinds(v)) for k, v in value.items()))
    return type(value)


def _mutables(value: Any, found: dict[int, Any]) -> dict[int, Any]:
    """The lists and dicts reachable from ``value``, by id."""
    if isinstance(value, (list, dict)):
        found[id(value)] = value
    if isinstance(value, (list, tuple)):
        for item in value:
            _mutables(item, found)
    elif isinstance(value, dict):
        for item in value.values():
            _mutables(item, found)
    return found


def _head(deal: Deal) -> str:
    head: str = deal.__reduce__()[1][0]
    return head


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(range(len(CONFIGS))), st.integers(0, 2**32), st.integers(0, 150),
       st.booleans())
def test_every_field_comes_back_equal_and_of_its_kind(config: int, seed: int, steps: int,
                                                      look: bool) -> None:
    deal = _position(config, seed, steps, look)
    assert _head(deal).startswith("atout-deal/3 ")  # every reachable state: the codec's
    again = pickle.loads(pickle.dumps(deal, 5))
    assert type(again) is type(deal) and again.rules is pickle.loads(pickle.dumps(deal.rules))
    state, back = _state(deal), _state(again)
    assert back == state
    assert {k: _kinds(v) for k, v in back.items()} == {k: _kinds(v) for k, v in state.items()}
    assert all(a is again.rules.actions[int(a)] for a in again.history)
    # and it goes on as the deal does, its views equal
    assert [again.view(s).to_dict() for s in range(deal.seats)] == [
        deal.view(s).to_dict() for s in range(deal.seats)]
    assert again.legal_actions() == deal.legal_actions()


@pytest.mark.parametrize("config", range(len(CONFIGS)))
def test_deals_read_from_one_pickle_share_nothing_mutable(config: int) -> None:
    deal = _position(config, 11, 30)
    payload = pickle.dumps(deal, 5)
    first, second = pickle.loads(payload), pickle.loads(payload)
    a = _mutables(tuple(_state(first).values()), {})
    b = _mutables(tuple(_state(second).values()), {})
    c = _mutables(tuple(_state(deal).values()), {})
    assert not set(a) & set(b) and not set(a) & set(c)
    for value in a.values():  # spoil every list and dict of the first: the second is whole
        value.clear()
    assert _state(second) == _state(deal)
    assert _state(pickle.loads(payload)) == _state(deal)


def test_a_pickle_names_no_field() -> None:
    deal = _position(0, 3, 20)
    head, options, block = deal.__reduce__()[1]
    assert head.split(" ") == ["atout-deal/3", "atout.games.jass.deal:JassDeal",
                               "atout.games.jass.rules:JassRules", "jass/1"]
    assert options == () and type(block) is bytes
    names = [op.name for op, _, _ in pickletools.genops(pickle.dumps(deal, 5))]
    assert names.count("STACK_GLOBAL") == 1  # restore_packed, nothing else


def test_a_batch_of_deals_names_one_global() -> None:
    deals = [_position(i % len(CONFIGS), i, i * 2) for i in range(64)]
    payload = pickle.dumps(deals, 5)
    names = [op.name for op, _, _ in pickletools.genops(payload)]
    assert names.count("STACK_GLOBAL") == 1
    assert [_state(d) for d in pickle.loads(payload)] == [_state(d) for d in deals]


def test_a_state_the_codec_does_not_know_travels_in_format_2() -> None:
    deal: Any = _position(0, 5, 12)
    deal.note = [1, 2]  # a field of no layout
    assert deal.pickle_codec.encode(deal) is None
    assert _head(deal).startswith("atout-deal/2 ")
    again = pickle.loads(pickle.dumps(deal, 5))
    assert _state(again) == _state(deal) and again.note == [1, 2]
    del deal.note
    del deal.__dict__["led"]  # a field missing from its layout
    assert deal.pickle_codec.encode(deal) is None
    assert "led" not in pickle.loads(pickle.dumps(deal, 5)).__dict__


@pytest.mark.parametrize("config", [0, 2])
def test_a_card_play_state_that_does_not_follow_its_tables_travels_in_format_2(
        config: int) -> None:
    deal: Any = _position(config, 8, 30)
    assert "tricks" in deal.__dict__
    deal.next_player = [*reversed(deal.next_player)]  # not the seats' turns
    assert deal.pickle_codec.encode(deal) is None
    assert pickle.loads(pickle.dumps(deal, 5)).next_player == deal.next_player


def test_a_value_of_another_kind_travels_in_format_2() -> None:
    deal: Any = _position(9, 2, 10)  # pitch
    deal.scores = {frozenset({1}): 2}  # marshal writes a frozenset key, not this mix
    deal.details = {"action": deal.rules.actions[3]}  # an action: marshal refuses it
    assert _head(deal).startswith("atout-deal/2 ")
    again = pickle.loads(pickle.dumps(deal, 5))
    assert again.details == {"action": 3} and again.scores == deal.scores


def _spoiled(deal: Deal) -> list[tuple[tuple[Any, ...], str]]:
    """Format-3 payloads a foreign or damaged pickle could carry, each with the words it is
    refused in."""
    head, opts, block = deal.__reduce__()[1]
    words = head.split(" ")
    values = marshal.loads(block)
    layout, phase, history, seats, fields, packed, extra = values[:7]
    rest = values[7:]

    def block_of(*parts: Any) -> bytes:
        return marshal.dumps(tuple(parts), 2)

    return [
        (("atout-deal/2 " + " ".join(words[1:]), opts, block), "its header is"),
        ((" ".join(words[:3]), opts, block), "no classes or no codec"),
        ((" ".join([words[0], "os:system", *words[2:]]), opts, block), "not a class of atout"),
        ((" ".join([words[0], "atout.core:Match", *words[2:]]), opts, block),
         "not a deal class"),
        ((" ".join([*words[:3], "jass/0"]), opts, block), "its codec is 'jass/0'"),
        ((head, (("players", 99),), block), "do not make rules"),
        ((head, "players", block), "not \\(name, value\\) pairs"),
        ((head, (("players", [4]),), block), "not plain values"),
        ((head, opts, list(block)), "not bytes"),
        ((head, opts, block[:-3]), "not readable"),
        ((head, opts, marshal.dumps([1, 2], 2)), "not a tuple"),
        ((head, opts, block_of(layout, phase, history, seats)), "not those of a"),
        ((head, opts, block_of(layout, phase, history, seats, fields[:-1], packed, extra,
                               *rest)), "not those of a"),
        ((head, opts, block_of(99, phase, history, seats, fields, packed, extra, *rest)),
         "not those of a"),
        ((head, opts, block_of(layout, phase, history + b"\xff", seats + b"\x00", fields,
                               packed, extra, *rest)), "not those of a"),
        ((head, opts, block_of(layout, phase, history, seats[:-1], fields, packed, extra,
                               *rest)), "without its seats"),
        ((head, opts, block_of(layout, phase, list(history), seats, fields, packed, extra,
                               *rest)), "not those of a"),
    ]


@pytest.mark.parametrize("config", [0, 2, 6, 9, 11])
def test_a_foreign_or_damaged_pickle_is_refused_in_words(config: int) -> None:
    deal = _position(config, 4, 25)
    cases = _spoiled(deal)
    if config != 0:  # the codec's name is the game's own
        cases = [(args, words) for args, words in cases if "jass/0" not in words]
    for args, words in cases:
        payload = pickle.dumps(args, 5)  # the same arguments, through a real pickle
        with pytest.raises(pickle.UnpicklingError, match=words):
            restore_packed(*pickle.loads(payload))


def test_the_builder_stores_names_in_order_and_refuses_other_names() -> None:
    build = dict_builder(("a", "b"))
    template = {"rules": 0, "a": None, "b": None}
    assert build(template, (1, [2])) == {"rules": 0, "a": 1, "b": [2]}
    assert template == {"rules": 0, "a": None, "b": None}  # copied, never changed
    with pytest.raises(ValueError):
        build(template, (1,))
    with pytest.raises(ValueError, match="not field names"):
        dict_builder(("a", "b]; import os; d[0"))
    assert dict_builder(())({"x": 1}, ()) == {"x": 1}
