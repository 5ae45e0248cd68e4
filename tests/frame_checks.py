"""What every frame a client gets must satisfy, and a player that plays legal actions: the
server's tests and the cluster's share them.

:func:`check_frames` replays a game beside the frames one recipient got (each view is the
engine's view for that recipient, each event list the engine's events it may see, and no
frame names a card that is, at that moment, in another hand and unknown to the recipient);
:func:`check_segments` does the same across reconnections and takeovers, where a snapshot
starts each part.
"""

from __future__ import annotations

import itertools
import random
import re
from typing import Any

from jsonschema import Draft202012Validator

import atout
from atout.client import Client
from atout.server.protocol import schema
from atout.server.visibility import view_for

SERVER_FRAMES = Draft202012Validator(schema("server"))
TOKEN = re.compile(r"[A-Z0-9]{2,3}")
KNOCK_AFTER = 6
"""The actions (about three turns) a player of :func:`play_along` plays before it knocks."""


def choose(legal: list[str], rng: random.Random, played: int = 0) -> str:
    """A legal action: once this seat has played ``KNOCK_AFTER`` actions, knock when one may
    (a rummy deal ends); else any other at random. Not knocking sooner keeps a game long
    enough for the tests' readers to see it mid-game."""
    knocks = [a for a in legal if a.startswith("knock")]
    if knocks and played >= KNOCK_AFTER:
        return knocks[0]
    return rng.choice([a for a in legal if a not in knocks] or legal)


async def play_along(client: Client, table: int, seat: int) -> None:
    """Play a legal action on each of this seat's turns until the game ends."""
    rng = random.Random(seat)
    waiting = False
    played = 0
    frame = client.last.get(table, {})  # the latest state first: it may be our turn already
    while True:
        if not frame:
            frame = await client.recv(30)
        assert frame.get("type") != "error", frame
        if frame.get("table") != table or frame.get("type") not in ("update", "table"):
            frame = {}
            continue
        if frame.get("kind") == "end":
            return
        if (frame.get("kind") == "action" and frame.get("seat") == seat) or \
                frame.get("type") == "table":  # a snapshot: the state is known afresh
            waiting = False
        view = frame["view"]
        if frame["info"]["status"] == "playing" and view["to_move"] == seat and \
                view["legal"] and not waiting:
            waiting = True
            await client.send({"type": "act", "table": table,
                               "action": choose(view["legal"], rng, played)})
            played += 1
        frame = {}


async def bot_game(client: Client, bots: tuple[str, ...] = ("heuristic",) * 3,
                   game: str = "jass", **fields: Any) -> int:
    """A table of ``game`` (one deal unless ``fields`` say otherwise) where ``client`` sits
    at seat 0 and ``bots`` at the next seats, started and played to its end; its number."""
    table = int((await client.create(game, **{"deals": 1, **fields}))["table"])
    for seat, bot in enumerate(bots, start=1):
        await client.request({"type": "bot", "table": table, "seat": seat, "bot": bot},
                             "update")
    await client.send({"type": "start", "table": table})
    await play_along(client, table, 0)
    return table


def cards_of(value: Any, out: set[str]) -> set[str]:
    """Every token of every string in a frame that could be a card code."""
    if isinstance(value, str):
        out.update(TOKEN.findall(value.upper()) if " " in value else
                   ([value] if TOKEN.fullmatch(value) or value == "EX" else []))
    elif isinstance(value, dict):
        for v in value.values():
            cards_of(v, out)
    elif isinstance(value, list):
        for v in value:
            cards_of(v, out)
    return out


def check_frames(frames: list[dict[str, Any]], seat: int | None, rules: atout.Rules[Any],
                 params: dict[str, Any], actions: tuple[str, ...], deals: int | None,
                 start: tuple[str, ...] = ()) -> int:
    """Replay the game beside the frames a recipient got: each view is the engine's view
    for that recipient, each event list the engine's events it may see, and no frame names a
    card that is, at that moment, in another seat's hand and unknown to the recipient.
    Returns the number of frames checked."""
    match = rules.match(**params)
    for done in start:  # the actions before these frames
        match.play(done)
    k = 0
    last_events: list[Any] = []
    checked = 0
    for frame in frames:
        assert SERVER_FRAMES.is_valid(frame), list(SERVER_FRAMES.iter_errors(frame))[:1]
        if frame["type"] not in ("table", "update"):
            continue
        if frame["type"] == "update" and frame["kind"] == "action":
            deal = match.deal
            last_events = match.play(actions[k])
            # a hidden action (a Tarot écart) reaches only those who may know it
            hiders = [t for t in range(rules.seats) if deal.view(t).history[-1][1] is None]
            concealed = bool(hiders) if seat is None else seat in hiders
            assert frame["action"] == (None if concealed else actions[k]), (frame["action"], k)
            k += 1
            expected = [e.to_dict() for e in last_events if e.visible_to(seat)]
            if deals is not None and len(match.deals) >= deals and not match.is_over:
                expected = [e for e in expected if e["kind"] != "new_deal"]
            assert frame["events"] == expected
        elif frame["type"] == "update":
            assert frame["events"] == []
        shown: Any = match
        if deals is not None and len(match.deals) >= deals and not match.is_over:
            shown = match.deals[-1]
        hidden = hidden_cards(shown, seat, frame["view"])
        kinds = {e["kind"] for e in frame.get("events", [])}
        # the last action of a deal and the showdown name cards of the deal just over
        scope = frame if not kinds & ENDS else {**frame, "events": [], "action": None}
        leaked = cards_of(scope, set()) & hidden
        assert not leaked, f"{frame['type']} {frame.get('kind')} n={frame['n']} names {leaked}"
        checked += 1
    assert k == len(actions)
    return checked


ENDS = {"deal_over", "new_deal", "game_over"}
"""Events that may show hands once a deal is over: the leak checks leave them out."""


def hidden_cards(shown: Any, seat: int | None, view: dict[str, Any]) -> set[str]:
    """The cards in hands that ``seat`` (None: a spectator) may not know at this moment,
    after checking that ``view`` is the engine's view for it."""
    seats = range(shown.seats)
    if seat is not None:
        assert view == shown.view(seat).to_dict()
        known = cards_of(view, set()) | set(shown.view(seat).hand)
        return {c for t in seats if t != seat for c in shown.view(t).hand} - known
    # a spectator knows what every seat knows (a Weis shown, the cards played)
    assert view["hand"] == [] and view["legal"] == []
    known = set.intersection(*(cards_of(shown.view(t).to_dict(), set()) for t in seats))
    return {c for t in seats for c in shown.view(t).hand} - known



def check_segments(frames: list[dict[str, Any]], table: int, seat: int | None,
                   rules: atout.Rules[Any], params: dict[str, Any], actions: tuple[str, ...],
                   deals: int | None) -> int:
    """:func:`check_frames` over every frame of ``table`` a recipient got, in parts that each
    begin with a snapshot (a join, a return, a takeover): each part is replayed from the
    first number of stored actions whose view is the snapshot's view, and the actions it
    was told must be the stored ones that follow, in order (none lost, none made up).
    Returns the number of frames checked."""
    mine = [f for f in frames if f.get("table") == table and f.get("type") in
            ("table", "update")]
    assert mine and mine[0]["type"] == "table", "the first frame of a table is its snapshot"
    cuts = [i for i, f in enumerate(mine) if f["type"] == "table"] + [len(mine)]
    checked, done = 0, 0
    for a, b in itertools.pairwise(cuts):
        part = mine[a:b]
        told = sum(1 for f in part if f["type"] == "update" and f["kind"] == "action")
        at = _snapshot_at(part[0], seat, rules, params, actions, deals, done)
        checked += check_frames(part, seat, rules, params, actions[at:at + told], deals,
                                start=actions[:at])
        done = at + told
    return checked


def _snapshot_at(snap: dict[str, Any], seat: int | None, rules: atout.Rules[Any],
                 params: dict[str, Any], actions: tuple[str, ...], deals: int | None,
                 least: int) -> int:
    """How many of the stored actions had been played when ``snap`` was taken."""
    match = rules.match(**params)
    for k in range(len(actions) + 1):
        if k:
            match.play(actions[k - 1])
        if k < least:
            continue
        shown: Any = match
        if deals is not None and len(match.deals) >= deals and not match.is_over:
            shown = match.deals[-1]
        if snap["view"] == view_for(shown, seat):
            return k
    raise AssertionError(f"snapshot n={snap['n']} matches no state of the stored game")
