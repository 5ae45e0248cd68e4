"""Perft-style positions of every game, from the data file ``tests/data/perft.json``.

Each record is a game with its options, a deal (a seed or explicit hands and piles), a
prefix of actions, and ``counts[d - 1]``: the number of action sequences of length ``d``
from there (perft, as in chess). Any rule change that moves a count shows here. ``legal``,
when present, lists the depth-1 actions, checked by hand against the rules, for instance:

- Jass from the trump choice: 7 (six modes and push); depth 2: after the push the partner
  has the six modes, after a mode the forehand any of his 9 cards: 6 + 6 × 9 = 60.
- The under-trump position of test_jass_readings.py: Swiss rule 5 (every trump of a hand of
  trumps), strict 2 (QH KH over the TH); the trick ends there and its winner leads one of
  his 4 cards: 20 and 8.
- Putze, five players, 36th card turned: seat 2's 7 trumps (Swiss) or 2 (strict), then seat
  1 follows the diamond lead with KD or AD: 14 and 4.
- Tarot at 5, KH called: 14 first leads (15 with ``called_suit_lead="free"``: the 5H too).
  Tarot at 4, the bidding: 5, then 5 + 4 + 3 + 2 + 1 = 15.
- Pitch, 4 players: seat 1 may pitch any of his 6 cards (tangage), pass or bid 1 to 4: 11.
- Knock Rummy at a knock limit of 5 reached exactly: 11 discards and the knock (12); at 4,
  the 11 discards only.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import atout
from atout.core import Deal

RECORDS: list[dict[str, Any]] = json.loads(
    (Path(__file__).parent / "data" / "perft.json").read_text(encoding="utf-8"))


def perft(deal: Deal, depth: int) -> int:
    """The number of action sequences of length ``depth`` (ending early at a deal's end)."""
    if depth == 0 or deal.is_over:
        return 1
    actions = deal.legal_actions()
    if depth == 1:
        return len(actions)
    total = 0
    for a in actions:
        child = deal.clone()
        child.play(a)
        total += perft(child, depth - 1)
    return total


def test_every_game_has_positions() -> None:
    assert {r["game"] for r in RECORDS} == {g.name for g in atout.games()}


@pytest.mark.parametrize("record", RECORDS,
                         ids=[f"{r['game']}-{i}" for i, r in enumerate(RECORDS)])
def test_perft(record: dict[str, Any]) -> None:
    rules = atout.make(record["game"], **record["options"])
    deal = rules.deal(**record["deal"])
    for action in record["prefix"]:
        deal.play(action)
    if "legal" in record:
        assert [str(a) for a in deal.legal_actions()] == record["legal"]
    counts = [perft(deal, d) for d in range(1, len(record["counts"]) + 1)]
    assert counts == record["counts"], record["note"]
