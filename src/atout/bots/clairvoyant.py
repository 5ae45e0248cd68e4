"""The clairvoyant search: the game's own search, but every sampled deal is the true deal.

A yardstick for benchmarks, never a player: it cheats (it sees every hidden hand, the Tarot
chien, the Putze discards). What a search gains over the heuristic, as a share of what the
same search gains when it knows the hidden cards, says how much of the reachable edge its
sampling of hidden hands leaves on the table (``benchmarks/clairvoyant.py``).

It is not a bot name: :func:`atout.bots.make_bot` does not know it, so the server, the
console and ``atout tournament`` cannot seat it. The benchmark that drives the deal shows
the sampler the live deal before each decision (:meth:`ClairvoyantSampler.watch`), through
the search bot's public ``sampler`` part (:class:`atout.bots.parts.Sampler`):

>>> import atout
>>> rules = atout.make("pitch", players=2)
>>> deal = rules.deal(seed=3)
>>> bot = ClairvoyantBot(rules, deal.to_move, seed=1, playouts=20)
>>> bot.watch(deal)
>>> deal.play(bot.choose(deal.view(deal.to_move))) is not None
True

Chance still to come is not part of the deal a player could see: in Knock Rummy the
stock's order is shuffled in every sample (the hands and the pile are the true ones), as
:data:`STILL_TO_COME` says per game; ``stock=True`` keeps the true order too.

``first_sight=True`` sees the true deal only while no other seat has acted in it
(:func:`nothing_read`: the decisions where no reading of the others' play can know more than
the deal's chance), and samples with the game's own sampler afterwards
(:class:`FirstSightSampler`, which names that sampler to the kernels:
:func:`atout.bots.parts.kernel_sampler`), so that it then plays as the search. What it gains
over the search is the part of the bound that no sampler can take.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from atout.bots.parts import Sampler
from atout.bots.registry import parts_for
from atout.bots.search import SearchBot
from atout.core import Deal, Rules, View


class NotWatching(RuntimeError):
    """The clairvoyant sampler was asked for a deal before it was shown one, or the deal it
    watches is not the one the view was made from."""


def _shuffle_stock(deal: Deal, rng: random.Random) -> None:
    """Knock Rummy: the stock's cards in a random order (the hands and the pile stay)."""
    stock = getattr(deal, "stock", None)
    if isinstance(stock, list):
        rng.shuffle(stock)


STILL_TO_COME: dict[str, Callable[[Deal, random.Random], None]] = {
    "knock-rummy": _shuffle_stock,
}
"""Per game, what a sample redraws of the chance still to come (not yet dealt to anyone):
Knock Rummy's stock order. The games not named here have every card dealt at the start."""


class ClairvoyantSampler:
    """A :class:`~atout.bots.parts.Sampler` whose every sample is the true deal.

    :meth:`watch` shows it the live deal (the benchmark's, which it then follows as it is
    played: the sampler keeps a reference, not a copy); :meth:`sample` returns a clone of it
    with the chance still to come redrawn (:data:`STILL_TO_COME`; ``stock=True``: none).
    """

    def __init__(self, rules: Rules[Any], stock: bool = False) -> None:
        self.rules = rules
        self.deal: Deal | None = None
        """The deal being played (None until :meth:`watch`)."""
        self.redraw = None if stock else STILL_TO_COME.get(rules.name)
        self.checked: tuple[int, int] | None = None
        """The point of the deal (actions played, seat) last checked against a view."""

    def watch(self, deal: Deal) -> None:
        """Sample ``deal`` from now on (the live deal, followed as it is played)."""
        self.deal = deal

    def sample(self, view: View, rng: random.Random) -> Deal:
        """A clone of the watched deal; :class:`NotWatching` when there is none or the view
        is not of it (another seat's hand, another point of the deal)."""
        deal = self.deal
        if deal is None:
            raise NotWatching("the clairvoyant sampler watches no deal: call watch(deal) "
                              "before the bot chooses")
        point = (len(view.history), view.seat)
        if point != self.checked:  # once a decision: a view costs more than a clone
            if (len(deal.history) != point[0]
                    or sorted(view.hand) != sorted(deal.view(view.seat).hand)):
                raise NotWatching(f"the deal watched is not the one seat {view.seat}'s view "
                                  f"was made from (after {point[0]} actions)")
            self.checked = point
        sample = deal.clone()
        if self.redraw is not None:
            self.redraw(sample, rng)
        return sample


def nothing_read(view: View) -> bool:
    """Whether no other seat than the view's has acted yet in its deal: nothing of their play
    to read."""
    return all(actor is None or actor == view.seat for actor, _ in view.history)


class FirstSightSampler:
    """The true deal (``seer``'s) while :func:`nothing_read`, then ``inner``'s samples."""

    def __init__(self, seer: ClairvoyantSampler, inner: Sampler) -> None:
        self.seer = seer
        self.inner = inner

    def sample(self, view: View, rng: random.Random) -> Deal:
        """The watched deal before any other seat has acted, else a sample of ``inner``."""
        if nothing_read(view):
            return self.seer.sample(view, rng)
        return self.inner.sample(view, rng)

    def kernel_stand_in(self, view: View) -> Sampler | None:
        """The sampler a game's kernel may follow at ``view``
        (:func:`atout.bots.parts.kernel_sampler`): ``inner`` once another seat has acted,
        so that the search samples its worlds as the plain search does; None before (the
        true deal is drawn by :meth:`sample`)."""
        return None if nothing_read(view) else self.inner


class ClairvoyantBot(SearchBot):
    """The game's search bot (its defaults; ``settings`` are :class:`SearchBot`'s keywords)
    with a :class:`ClairvoyantSampler`: show it the live deal with :meth:`watch`.
    ``first_sight``: the true deal only until another seat acts (:class:`FirstSightSampler`,
    the game's own sampler after, in the kernel where the plain search samples there), from
    the search's own random stream, so that a deal where it never sees first is played as
    the search plays it."""

    name = "clairvoyant"

    def __init__(self, rules: Rules[Any], seat: int, seed: int = 0, *, stock: bool = False,
                 first_sight: bool = False, **settings: Any) -> None:
        self.seer = ClairvoyantSampler(rules, stock)
        """The clairvoyant sampler (the search's ``sampler`` part, or its first sight)."""
        sampler: Sampler = self.seer
        if first_sight:
            sampler = FirstSightSampler(self.seer, parts_for(rules).sampler(rules))
        super().__init__(rules, seat, seed, sampler=sampler, **settings)
        if first_sight:
            # the search's own stream: until it first sees, it draws what the search draws
            self.rng = self.stream(SearchBot.name, seed, seat)

    def watch(self, deal: Deal) -> None:
        """Sample ``deal``, the live deal being played, from now on."""
        self.seer.watch(deal)


__all__ = ["STILL_TO_COME", "ClairvoyantBot", "ClairvoyantSampler", "FirstSightSampler",
           "NotWatching", "nothing_read"]
