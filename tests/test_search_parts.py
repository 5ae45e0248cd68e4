"""The search assembled from its parts plays as it did before: pinned decisions on fixed seeds
for every game and the options that change how it searches (computed before the search was
cut into parts), and the typed budget and options behind the bot names."""

from __future__ import annotations

from typing import Any

import pytest

import atout
from atout.bots import make_bot, play_out
from atout.core import Rules, View

PINNED: dict[tuple[str, str], str] = {
    ("jass", "search:playouts=40"):
        "push/0 JC/42 JS/42 JH/42 KH/42 KH/42 QH/40 push/0 7D/42 9D/40 TD/40 9D/42 JC/40 "
        "AC/40 TC/40",
    ("jass", "search:playouts=40:exact=4:tie=0"):
        "push/0 JC/42 JS/42 JH/42 KH/42 QH/12 QH/8 push/0 7D/42 9D/40 TD/40 9D/42 QH/16 AC/8 "
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
    ("tarot", "search:playouts=20"):
        "pass/40 discard 8D/40 discard TC/41 poignee simple/20 KD/21 T11/21 T5/21 6D/20 EX/20 "
        "3D/0 T19/20 4D/0 T12/21 5H/21 NH/21 EX/20 9D/20 EX/8 pass/40",
    ("tarot", "search:playouts=20:exact=0:model=0:prune=0"):
        "pass/41 discard 4S/40 discard 6D/40 poignee simple/20 KD/22 QC/20 T12/23 T16/22 "
        "EX/20 9D/20 T9/21 9D/20 EX/20 7S/21 9C/21 EX/21 9D/20 EX/20 pass/41",
    ("pitch", "search:playouts=30"):
        "bid 1/0 9H/31 7S/30 7H/30 7H/30 bid 2/0 AC/31 2S/30 JD/30 QD/30",
    ("pitch", "search:playouts=30:exact=3:key=search"):
        "pass/60 9H/31 7S/30 7H/30 7H/20 bid 2/60 AC/31 2S/30 JD/30 QD/20",
    ("pitch", "search:playouts=30:model=0:prune=0"):
        "bid 1/0 AH/31 7S/30 9H/30 7H/30 bid 2/0 JC/31 2S/30 JD/30 QD/30",
    ("knock-rummy", "search:playouts=30"):
        "draw discard/30 knock/30 QH/30 draw stock/30 JD/30 draw discard/30 KH/30 KH/30",
    ("knock-rummy", "search:playouts=30:courtesy=1"):
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
