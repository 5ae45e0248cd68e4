"""Where a search loses to its clairvoyant bound, and how much of it the search's own worlds
say no honest player could win back (Jass's and Tarot's card play, Knock Rummy heads-up, on
the kernels).

Run: ``PYTHONPATH=src python benchmarks/search_information.py [--game jass|tarot|knock-rummy]
[--deals 1000] [--first 0] [--worlds 100] [--rollouts 32] [--trust T]``.

Jass and Tarot: the search (its defaults, the kernels ready first) plays seat 0 of each deal
(seed ``i``, dealer ``i % 4``, four players), the heuristic the three other seats, and its card
decisions are measured. Knock Rummy: two players, deal ``i`` of seed ``i`` with the search at
seat ``i % 2`` (so at the opener's seat in half the deals), every decision of its own with a
choice (the draws, the discards and the knock) measured. At each such decision every legal
action is valued in the *true* deal by the search's own rollouts, which is what the
clairvoyant search sees: Jass's are deterministic (every seat by the heuristic's rules:
:func:`atout.bots.jass.search.jass_batch`), Tarot's the mean of ``--rollouts`` (the searching
seat greedy, the others by the heuristic's card: :func:`atout.bots.tarot.worlds.roll_worlds`),
Knock Rummy's the mean of ``--rollouts`` by the heuristic's rules with the stock shuffled
before each (as the clairvoyant search's, which does not see the stock's order either:
:func:`atout.kernels.knock_rummy_search.search_kernel`). Per stage (Jass: each trick; Tarot:
each three tricks; Knock Rummy: the searching seat's turn, the fourth standing for the later
ones too, first as the opener, then as the second to play), summed over the deals and
divided by their number:

- ``search``: its *regret* in the true deal, the best card's value less the value of the card
  it played;
- ``heuristic``: the same for the card the heuristic would have played there;
- ``its worlds``: the regret the search's own worlds predict, the value of perfect
  information on its posterior: over ``--worlds`` worlds of its kernel sampler at that
  decision, each valued the same way, the mean of each world's best value less the best mean.
  Were the worlds the true posterior and the values exact, the search's regret would be this
  on average: what is left is what better worlds could win back. (The best of noisy means is
  biased up, so fewer worlds predict a little less; Tarot's noisy values bias both the regret
  and the prediction up alike.)
- ``its worlds' card``: the regret in the true deal of the card those same worlds value best
  (the best mean). Near ``its worlds``, the posterior is sound and what the search loses
  beyond it is the noise of its own fewer worlds and rollouts; near ``search``, the worlds
  themselves mislead.

``--trust`` sets the kernel sampler's ``PLAY_TRUST`` (1: the card play not read; Jass and
Tarot only). Values are the seat's side's margin (Jass, before any multiplier), the seat's score
(Tarot) or its points less the other player's (Knock Rummy, as the search values them).
"""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np

import atout
from atout.bots import make_bot
from atout.bots.jass import search as jass_search
from atout.bots.jass.kernel import kernel_ready as jass_ready
from atout.bots.jass.kernel import kernel_rollouts
from atout.bots.knock_rummy import search as rummy_search
from atout.bots.knock_rummy.kernel import draws_made
from atout.bots.knock_rummy.kernel import kernel_ready as rummy_ready
from atout.bots.knock_rummy.worlds import sample_states, world_facts
from atout.bots.tarot import worlds as tarot_worlds
from atout.bots.tarot.batch import kernel_ready as tarot_ready
from atout.games.jass.seen import play_seen, view_plays
from atout.games.knock_rummy import KnockRummyDeal
from atout.games.knock_rummy.tables import DRAW_PHASE
from atout.kernels import COMPILED
from atout.kernels import jass as kj
from atout.kernels import knock_rummy as kr
from atout.kernels import tarot as kt
from atout.kernels import tarot_layout as ly
from atout.kernels.jass_sample import sample_worlds_kernel
from atout.kernels.kit import seed_for
from atout.kernels.knock_rummy_search import search_kernel, shuffle_stock


@cache
def jass_rules() -> Any:
    """The default Jass rules (read the views' card actions)."""
    return atout.make("jass")


def jass_values(view: Any, legal: list[Any], states: Any, seed: int, rollouts: int) -> Any:
    """Each legal card's value in each Jass world (rows of kernel ``states``) at ``view`` by
    the search's rollouts from the voids shown, a ``(worlds, cards)`` array; on the true
    deal's state, :func:`atout.bots.jass.search.jass_batch`'s values (``rollouts``: unused,
    the rollouts are deterministic)."""
    voids = play_seen(view_plays(jass_rules(), view), int(states[0][kj.ST_MODE]), 4, 4).voids
    return np.array([kernel_rollouts(s[None, :], legal, 1, view.seat, seed, 1, voids,
                                     int(view.info["chooser"])) for s in states])


def jass_worlds(bot: Any, view: Any, count: int, seed: int) -> Any:
    """``count`` worlds of the search ``bot``'s kernel sampler at ``view`` (those dealt)."""
    facts = jass_search.world_facts(bot.sampler, view, seed)
    if facts is None:
        return np.zeros((0, kj.STATE_SIZE), dtype=np.int64)
    sample: Any = sample_worlds_kernel
    states = sample(*facts, count, seed)
    return states[states[:, kj.ST_TURN] == view.seat]


def tarot_values(view: Any, legal: list[Any], states: Any, seed: int, rollouts: int) -> Any:
    """Each legal card's mean value over ``rollouts`` in each Tarot world (rows of kernel
    ``states``) at ``view``, a ``(worlds, cards)`` array."""
    return tarot_worlds.roll_worlds(states, legal, rollouts, seed, view.seat, 0) / rollouts


def tarot_sampled(bot: Any, view: Any, count: int, seed: int) -> Any:
    """``count`` worlds of the search ``bot``'s kernel sampler at ``view`` (those dealt)."""
    states = tarot_worlds.sample_worlds(bot.sampler, view, count, seed)
    return states[states[:, ly.TURN] == view.seat]


@cache
def rummy_rules() -> Any:
    """The heads-up Knock Rummy rules (a view's clock of draws)."""
    return atout.make("knock-rummy", players=2)


def rummy_clock(view: Any) -> tuple[int, int]:
    """The draws made before the position of ``view`` (the rollouts' clock) and the searching
    seat's own knock gap in its rollouts, as the search reads them."""
    facts = world_facts(rummy_search.KnockRummyDeterminizer(rummy_rules()), view,
                        rummy_search.own_gap)
    assert facts is not None, "the kernel's sampler reads every default heads-up view"
    return facts.draws, facts.gap


def rummy_values(view: Any, legal: list[Any], states: Any, seed: int, rollouts: int) -> Any:
    """Each legal action's mean value over ``rollouts`` in each Knock Rummy world (rows of
    kernel ``states``) at ``view``, the stock shuffled before each rollout (see the module's
    text), a ``(worlds, actions)`` array."""
    draws, gap = rummy_clock(view)
    ids = np.array([int(a) for a in legal], dtype=np.int64)
    clock = np.full(1, draws, dtype=np.int64)
    rows = []
    for i in range(len(states)):
        state = states[i].copy()
        # the kernel's first rollout plays the stock in the state's order: shuffle it first
        shuffle_stock(state, np.array([seed_for(seed, 1_000_000 + i)], dtype=np.int64))
        rows.append(search_kernel(state[None, :], clock, ids, rollouts, view.seat, seed + i,
                                  kr.LIMIT, float(rummy_search.OWN_BASE), gap) / rollouts)
    return np.array(rows)


def rummy_worlds(bot: Any, view: Any, count: int, seed: int) -> Any:
    """``count`` worlds of the search ``bot``'s kernel sampler at ``view``."""
    facts = world_facts(bot.sampler, view, rummy_search.own_gap)
    if facts is None:
        return np.zeros((0, kr.LENGTH), dtype=np.int64)
    return sample_states(facts, view.seat, count, seed)


def rummy_kernels() -> bool:
    """Whether the benchmark's Knock Rummy kernels can run: compiled and loaded by the search
    (waited for), or as plain Python where they are not compiled (``ATOUT_PURE=1``, numba
    missing), where the search plays its Python rollouts and sampler."""
    return rummy_ready(wait=True) or not COMPILED


def rummy_turn(deal: KnockRummyDeal) -> int:
    """The searching seat's turn at ``deal``'s decision, from 0 (the fourth and later: 3),
    plus 4 when it did not open the deal."""
    n = deal.rules.seats
    turn = min((draws_made(deal) - (deal.phase != DRAW_PHASE)) // n, 3)
    return turn + (0 if rummy_search.opened(deal) else 4)


@dataclass(frozen=True)
class Game:
    """What the benchmark needs of a game."""

    name: str
    heads: tuple[str, ...]
    """The table's column heads, one per stage."""
    stage_name: str
    """The word over the column heads."""
    stage: Callable[[Any], int]
    """The stage of a deal at a decision (an index of :attr:`heads`)."""
    encode: Callable[[Any], Any]
    """The deal's kernel state."""
    values: Callable[[Any, list[Any], Any, int, int], Any]
    worlds: Callable[[Any, Any, int, int], Any]
    ready: Callable[[], bool]
    trust: str
    """The module whose ``PLAY_TRUST`` ``--trust`` sets (empty: none)."""
    players: int = 4
    measured: Callable[[Any], bool] = lambda view: bool(view.phase == "play")
    """Whether a decision of the searching seat is measured (it has a choice too)."""
    seat: Callable[[int], int] = lambda board: 0
    """The searching seat on board ``board``."""
    dealer: Callable[[int], int] = lambda board: board % 4

    @property
    def stages(self) -> int:
        """Columns of the table."""
        return len(self.heads)

    def rules(self) -> Any:
        """The game's rules at the benchmark's table size."""
        options: dict[str, Any] = {} if self.players == 4 else {"players": self.players}
        return atout.make(self.name, **options)


GAMES = {
    "jass": Game("jass", tuple(str(t) for t in range(1, 9)), "trick",
                 lambda deal: min(len(deal.tricks), 7), kj.encode, jass_values, jass_worlds,
                 lambda: jass_ready(jass_search.warm_up, wait=True), "atout.bots.jass.search"),
    "tarot": Game("tarot", tuple(f"{t}-{t + 2}" for t in range(1, 18, 3)), "tricks",
                  lambda deal: min(len(deal.tricks) // 3, 5), kt.encode, tarot_values,
                  tarot_sampled, lambda: tarot_ready(wait=True), "atout.bots.tarot.worlds"),
    "knock-rummy": Game("knock-rummy",
                        ("1 opening", "2", "3", "4+", "1 second", "2", "3", "4+"), "turn",
                        rummy_turn, kr.encode, rummy_values, rummy_worlds, rummy_kernels, "",
                        2, lambda view: True, lambda board: board % 2, lambda board: 0),
}
"""The games measured, by name."""


def predicted(game: Game, bot: Any, view: Any, legal: list[Any], worlds: int, seed: int,
              rollouts: int) -> tuple[float, int | None]:
    """The regret the search's kernel worlds predict at ``view`` (each world's best value
    less the best mean value, averaged over the worlds) and the index in ``legal`` of the
    card of best mean; ``(0, None)`` when no world is dealt."""
    states = game.worlds(bot, view, worlds, seed)
    if not len(states):
        return 0.0, None
    values = game.values(view, legal, states, seed + 1, rollouts)
    means = values.mean(axis=0)
    return float(values.max(axis=1).mean() - means.max()), int(means.argmax())


def run(game: Game, deals: int, first: int, worlds: int, rollouts: int
        ) -> dict[str, list[float]]:
    """The three rows of regrets per stage, summed over the deals."""
    rules = game.rules()
    while not game.ready():
        pass
    rows = {name: [0.0] * game.stages
            for name in ("search", "heuristic", "its worlds", "its worlds' card")}
    for b in range(first, first + deals):
        deal: Any = rules.deal(seed=b, dealer=game.dealer(b))
        me = game.seat(b)
        bots = [make_bot("search" if s == me else "heuristic", rules, s, b)
                for s in range(game.players)]
        own = make_bot("heuristic", rules, me, b)
        while deal.to_move is not None:
            seat = deal.to_move
            view = deal.view(seat)
            action = bots[seat].choose(view)
            legal = deal.legal_actions()
            if seat == me and game.measured(view) and len(legal) > 1:
                stage = game.stage(deal)
                values = game.values(view, legal, game.encode(deal)[None, :], b,
                                     rollouts)[0]
                best = float(values.max())
                rows["search"][stage] += best - values[legal.index(action)]
                rows["heuristic"][stage] += best - values[legal.index(own.choose(view))]
                regret, card = predicted(game, bots[me], view, legal, worlds, b, rollouts)
                rows["its worlds"][stage] += regret
                # no world dealt: the search's own card stands for it
                pick = legal.index(action) if card is None else card
                rows["its worlds' card"][stage] += best - values[pick]
            deal.play(action)
    return rows


def main() -> None:
    """Parse the arguments, run and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=sorted(GAMES), default="jass")
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--worlds", type=int, default=100)
    parser.add_argument("--rollouts", type=int, default=32,
                        help="Tarot and Knock Rummy: rollouts an action and world "
                        "(Jass's are deterministic)")
    parser.add_argument("--trust", type=float, default=None,
                        help="the kernel sampler's PLAY_TRUST (1: the card play not read)")
    args = parser.parse_args()
    game = GAMES[args.game]
    if args.trust is not None and not game.trust:
        parser.error(f"--trust sets how Jass's and Tarot's samplers read the card play; "
                     f"{args.game}'s sampler has no such setting")
    if args.trust is not None:
        module: Any = importlib.import_module(game.trust)
        module.PLAY_TRUST = args.trust
    rows = run(game, args.deals, args.first, args.worlds, args.rollouts)
    print(f"| {game.stage_name} | " + " | ".join(game.heads) + " | all |")
    print("| --- |" + " ---: |" * (game.stages + 1))
    for name, row in rows.items():
        cells = [f"{v / args.deals:.2f}" for v in row]
        print(f"| {name} | " + " | ".join(cells) + f" | {sum(row) / args.deals:.2f} |")


if __name__ == "__main__":
    main()
