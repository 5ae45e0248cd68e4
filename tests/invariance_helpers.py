"""Shared by the invariance tests: re-deal what a recipient cannot know, replay, compare.

A recipient is a seat or None (nobody seated: a spectator, a replay in progress). For a
position (a game, its size, a seed, a prefix of random legal play), the recipient's stream is
everything it is given along the way: the engine's view and visible events after each action,
the server's frame for it (view, events, action as it may know it), the words of that frame,
its environment observation (a seat), and at the end the table's snapshot and the store's
history endpoint. A re-deal permutes the cards that never appear in that stream among their
places (other hands, chien, écart, blind, stock order, undealt cards), maps the hidden actions
through the same permutation and replays: when the same actors play the same actions and the
rules announce the same things, the recipient's stream must be the same, card for card.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any, cast

import atout
from atout.cards import FULL_DECK, JASS_DECK, TAROT_DECK
from atout.core import JSON, Deal, IllegalAction, Match, Rules
from atout.envs.table import Table as EnvTable
from atout.server.history import history_for
from atout.server.table import SeatState, Table
from atout.server.words import words
from atout.store import GameRecord

PILES = ("hands", "chien", "rest", "discard", "stock", "blind", "better", "trump")
"""The setup keys that hold cards (each game takes some of them)."""

Layout = dict[str, Any]


def layout_of(deal: Deal) -> Layout:
    """The explicit setup (``rules.deal(hands=..., **piles)``) of a deal not yet played:
    every card in its place, the stock in its order."""
    game = deal.rules.name
    n = deal.seats
    hands = [list(deal.view(s).hand) for s in range(n)]
    out: Layout = {"hands": hands, "dealer": deal.dealer}
    dealt = {c for h in hands for c in h}
    if game == "jass":
        return out
    if game == "tarot":
        out["chien"] = [c for c in TAROT_DECK.codes if c not in dealt]
    elif game == "pitch":
        out["rest"] = [c for c in FULL_DECK.codes if c not in dealt]
    elif game == "knock-rummy":
        d = cast(Any, deal)
        out["discard"] = [FULL_DECK.codes[c] for c in d.pile]
        out["stock"] = [FULL_DECK.codes[c] for c in reversed(d.stock)]
    elif game == "putze":
        out.update(_putze_piles(deal))
    return out


def _putze_piles(deal: Deal) -> Layout:
    d = cast(Any, deal)
    codes = JASS_DECK.codes_of
    turned = JASS_DECK.codes[d.turned]
    talon = d.plan.talon
    out: Layout = {k: d.setup[k] for k in ("out", "first", "dealer_putze") if k in d.setup}
    if talon == "none":
        out["trump"] = turned
    elif talon == "blind":
        out["blind"] = [turned] + [c for c in codes(d.blind) if c != turned]
        out["stock"] = codes(d.stock)
    elif talon == "better-cards":
        out["better"] = [codes(b) for b in d.better]
        out["stock"] = [turned] + [c for c in codes(d.stock) if c != turned]
    else:
        out["stock"] = [turned]
    return out


def permuted(layout: Layout, perm: dict[str, str]) -> Layout:
    """The layout with every card moved by ``perm`` (cards not in it stay)."""
    def move(value: Any) -> Any:
        if isinstance(value, str):
            return perm.get(value, value)
        if isinstance(value, list):
            return [move(v) for v in value]
        return value
    return {k: move(v) if k in PILES else v for k, v in layout.items()}


def moved_action(text: str, perm: dict[str, str]) -> str:
    """An action's text with the cards it names moved by ``perm``."""
    return " ".join(perm.get(w, w) for w in text.split(" "))


def cards_in(value: Any, deck: set[str], found: set[str]) -> None:
    """Add to ``found`` every card code of ``deck`` named anywhere in ``value``."""
    if isinstance(value, str):
        found.update(w for w in value.replace(",", " ").split() if w in deck)
    elif isinstance(value, dict):
        for k, v in value.items():
            cards_in(k, deck, found)
            cards_in(v, deck, found)
    elif isinstance(value, (list, tuple)):
        for v in value:
            cards_in(v, deck, found)


def deck_of(layout: Layout) -> list[str]:
    """Every card of a layout."""
    found: list[str] = []

    def walk(value: Any) -> None:
        if isinstance(value, str):
            if value not in found:
                found.append(value)
        elif isinstance(value, list):
            for v in value:
                walk(v)
    for k in PILES:
        walk(layout.get(k))
    return found


def announced(deal: Deal, turns: list[JSON]) -> JSON:
    """What the rules announce from the hands without an action (a Jass-family Weis: its
    value and count, and which one wins; a Tarot petit sec; the trumps a Tarot poignée
    shows, which the engine picks from the hand), who took each action and whose turn it
    was in which phase (``turns``): a re-deal that changes these is not consistent with
    what the recipient saw (they are every recipient's to know)."""
    d = cast(Any, deal)
    weis = {str(s): [[w.kind, w.value, w.length, w.top] for w in ws]  # which Weis wins too
            for s, ws in sorted(getattr(d, "declared", {}).items())}
    return {"actors": list(deal.actors), "weis": weis, "turns": turns,
            "annulled": getattr(d, "annulled", None),
            "poignees": [[s, lv, m] for s, lv, m in getattr(d, "poignees", [])],
            "petit_sec": getattr(d, "petit_sec_seat", None),
            "restocks": getattr(d, "restocks", 0)}


def secret(deal: Deal, seat: int | None) -> set[str]:
    """The cards ``seat`` (None: nobody seated) may not know at this point of ``deal``, by
    the rules as this test reads them, not as the engine shows them: the other seats'
    hands (less what was shown: a Weis, a poignée, a chien turned up, a card taken from the
    discard pile, the turned trump), the écart (its trumps excepted) but for the taker, the
    others' Putze discards, an unseen chien, the stock, the undealt cards. Such a card is
    moved by the re-deals even if it shows in the recipient's stream, so a leak fails."""
    d = cast(Any, deal)
    game = deal.rules.name
    codes = TAROT_DECK.codes_of if game == "tarot" else (
        JASS_DECK.codes_of if game in ("jass", "putze") else FULL_DECK.codes_of)
    out: set[str] = set()
    for s in range(deal.seats):
        if s != seat:
            out.update(deal.view(s).hand)
    shown: set[str] = set()
    for ws in getattr(d, "shown_weis", {}).values():
        for w in ws:
            shown.update(w.codes())
    if game == "tarot":
        for _, _, cards in d.poignees:
            shown.update(codes(cards))
        if d.chien_shown:
            shown.update(codes(d.chien))
        else:
            out.update(codes(d.chien))
        if seat != d.taker:
            out.update(codes(d.ecart & ~_tarot_trumps()))
    elif game == "putze":
        shown.add(JASS_DECK.codes[d.turned])
        for s, cards in enumerate(d.discards):
            if s != seat:
                out.update(codes(cards))
    elif game == "knock-rummy":
        for cards in d.known:
            shown.update(codes(cards))
        out.update(FULL_DECK.codes[c] for c in d.stock)
    elif game == "pitch":
        out.update(FULL_DECK.codes_of(((1 << 52) - 1) & ~d.in_play))
    return out - shown


def _tarot_trumps() -> int:
    from atout.games.tarot.tables import TRUMPS
    return int(TRUMPS)


class Inconsistent(Exception):
    """The re-deal does not replay the same public game."""


def _record(match: Match, actions: list[str], options: dict[str, Any]) -> GameRecord:
    """A stand-in for the store's record of a game in play, replaying from ``match`` (the
    history endpoint reads only these names)."""
    summary = SimpleNamespace(game=match.rules.name, options=options, status="playing",
                              seats=())
    start = match.clone()
    record = SimpleNamespace(summary=summary, actions=tuple(actions),
                             replay=lambda _upto=None: start.clone())
    return cast(GameRecord, record)


@dataclass
class Position:
    """A game, its size, a seed and a prefix of random legal play of its first deal."""

    game: str
    options: dict[str, Any]
    seed: int
    dealer: int
    layout: Layout
    actions: list[str]

    @property
    def label(self) -> str:
        """The position in words, for an assertion's message."""
        return f"{self.game} {self.options} seed {self.seed} after {len(self.actions)} actions"


def positions(game: str, options: dict[str, Any], seeds: range,
              rng: random.Random) -> Iterator[Position]:
    """One position per seed: a random dealer, a random prefix of random legal actions."""
    rules = atout.make(game, **options)
    for seed in seeds:
        dealer = rng.randrange(rules.seats)
        deal = rules.match(seed=seed, first_dealer=dealer).deal
        layout = layout_of(deal)
        probe = deal.clone()  # a random deal to its end; the position anywhere before it
        while not probe.is_over:
            probe.play(rng.choice(probe.legal_actions()))
        actions: list[str] = []
        for a in probe.history[:rng.randrange(max(1, len(probe.history)))]:
            deal.play(a)
            if getattr(deal, "restocks", 0):  # a new shuffle of the stock: not the same cards
                break
            actions.append(a.text)
        yield Position(game, options, seed, dealer, layout, actions)


def stream(pos: Position, layout: Layout, actions: list[str], seat: int | None) -> list[Any]:
    """Everything ``seat`` (None: nobody seated) is given while ``actions`` are played on
    the deal laid out as ``layout``; ``Inconsistent`` when the actions do not replay."""
    rules: Rules[Any] = atout.make(pos.game, **pos.options)
    match = rules.match(seed=pos.seed, first_dealer=pos.dealer)
    piles = {k: v for k, v in layout.items() if k not in ("hands", "dealer")}
    try:
        match.deal = rules.deal(hands=layout["hands"], dealer=layout["dealer"], **piles)
    except ValueError as exc:
        raise Inconsistent(str(exc)) from None
    record = _record(match, actions, pos.options)
    n = rules.seats
    table = Table(1, rules, match, None, [SeatState(bot="random") for _ in range(n)],
                  started=True, epoch="e")
    env = EnvTable(pos.game, **pos.options) if seat is not None else None
    if env is not None:
        env.game = match
    deal = match.deal
    out: list[Any] = [table.snapshot(seat)]
    turns: list[JSON] = []
    last = len(actions) - 6
    for i, text in enumerate(actions):
        try:
            parsed = table.check(match.to_move, text)
        except Exception as exc:
            raise Inconsistent(str(exc)) from None
        try:
            update = table.apply(parsed)
        except IllegalAction as exc:  # pragma: no cover - checked above
            raise Inconsistent(str(exc)) from None
        turns.append([match.to_move, len(match.deals), deal.public_view().phase])
        frame = table.frame(update, seat)
        out.append(frame)
        if i % 4 == 0 or i >= last:  # the words of a frame are slow: every fourth, the last
            out.append(words(frame, "en"))
        out.append(deal.view(seat).to_dict())
        out.append([e.to_dict() for e in deal.events_for(update.events, seat)])
        out.append(seat in deal.hidden_from())
        if env is not None and seat is not None:
            out.append(env.observation(seat).tobytes())
    out.append(table.snapshot(seat))
    out.append(history_for(record, seat))
    out.append(announced(deal, turns))
    return out


def replayed(pos: Position) -> Deal:
    """The position's deal, its prefix played."""
    rules = atout.make(pos.game, **pos.options)
    piles = {k: v for k, v in pos.layout.items() if k not in ("hands", "dealer")}
    deal = rules.deal(hands=pos.layout["hands"], dealer=pos.layout["dealer"], **piles)
    for text in pos.actions:
        deal.play(text)
    return deal


def hidden_texts(pos: Position, seat: int | None) -> list[bool]:
    """For each action of the prefix, whether ``seat`` may not know it: the engine's
    hidden entries, and the discards of a card this test holds secret from it."""
    deal = replayed(pos)
    hidden = secret(deal, seat)
    return [t is None or any(w in hidden for w in t.split(" "))
            for _, t in deal.seen_history(None if seat is None else seat)]


def check_recipient(pos: Position, seat: int | None, rng: random.Random,
                    tries: int = 6) -> int:
    """Re-deal what ``seat`` cannot know up to ``tries`` times; assert its stream is the
    same for every consistent re-deal. Returns how many consistent re-deals moved a card."""
    deck = deck_of(pos.layout)
    base = stream(pos, pos.layout, pos.actions, seat)
    seen: set[str] = set()
    cards_in(base, set(deck), seen)
    seen -= secret(replayed(pos), seat)
    unknown = [c for c in deck if c not in seen]
    if len(unknown) < 2:
        return 0
    hidden = hidden_texts(pos, seat)
    checked = 0
    for _ in range(tries):
        perm: dict[str, str] = {}
        for _ in range(rng.randint(1, 3)):  # a few transpositions of unknown cards
            a, b = rng.sample(unknown, 2)
            pa, pb = perm.get(a, a), perm.get(b, b)
            perm[a], perm[b] = pb, pa
        perm = {k: v for k, v in perm.items() if k != v}
        if not perm:
            continue
        actions = [moved_action(t, perm) if h else t
                   for t, h in zip(pos.actions, hidden, strict=True)]
        try:
            again = stream(pos, permuted(pos.layout, perm), actions, seat)
        except Inconsistent:
            continue
        if again[-1] != base[-1]:
            continue  # the rules announced something else: not the same game for anyone
        who = "nobody seated" if seat is None else f"seat {seat}"
        for k, (x, y) in enumerate(zip(base, again, strict=True)):
            assert x == y, (f"{pos.label}: {who} is given something else (item {k}) when "
                            f"the cards it cannot know are moved by {perm}:\n{x}\n!=\n{y}")
        checked += 1
    return checked


def run(game: str, options: dict[str, Any], seeds: range, *, tries: int = 4,
        least: int = 10) -> int:
    """Check every recipient (each seat and nobody seated) of a position per seed; assert
    at least ``least`` consistent re-deals were made (so the test cannot pass vacuously)."""
    rng = random.Random(f"{game}:{options}:{seeds.start}")
    done = 0
    for pos in positions(game, options, seeds, rng):
        seats = atout.make(game, **options).seats
        for seat in [*range(seats), None]:
            done += check_recipient(pos, seat, rng, tries)
    assert done >= least, f"only {done} consistent re-deals for {game} {options}"
    return done


__all__ = ["Inconsistent", "Layout", "Position", "announced", "cards_in", "check_recipient",
           "deck_of", "layout_of", "moved_action", "permuted", "positions", "run", "stream"]
