"""The engine behind every environment: one deal (or match), its observations and rewards.

A :class:`Table` holds the rules, the game under way and an :class:`~atout.envs.encoding.Encoder`;
the PettingZoo, Gymnasium and vector environments are thin layers over it. Observations come
from ``game.view(seat)`` only. Rewards are the game's own points, made zero-sum and scaled by
``reward_scale``: by default the game's reward bound (:mod:`atout.envs.rewards`), so that a
deal's reward always lies in [-1, 1]; ``reward_scale=1`` pays the game's own points.

- ``episode="deal"`` (the default): one deal per episode; when it ends each seat receives
  ``(points[seat] - mean(points)) / reward_scale``, where ``points`` is ``deal.result.points``.
- ``episode="match"``: a whole game per episode (``rules.match``, given ``match_options``
  such as ``{"deals": 3}`` for tarot or ``{"target": 50}`` for knock-rummy); at the end of each deal
  (and when the game ends) each seat receives its gain in match score since the last payment,
  made zero-sum and scaled the same way.
- ``shaping="tricks"``: besides, after every trick each seat receives the trick's card points
  when its side won the trick, less the mean over seats, divided by the game's
  ``trick_scale`` (about the card points of a deal); the payment at the end of the deal is
  reduced by what the tricks paid, so each seat's total per deal is unchanged.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

import atout
from atout.core import Deal, Event, Match, Rules, View
from atout.envs.encoding import Encoder, Float
from atout.envs.features import GameSpec, spec_of, tarot_card_points
from atout.envs.rewards import reward_bound
from atout.events import MatchEvent, TrickEvent

DEAL_OVER, TRICK = MatchEvent.DEAL_OVER, TrickEvent.TRICK  # looked up once, not per event

Mask = npt.NDArray[np.int8]

MASKS_KEPT = 1 << 14
"""How many distinct action masks a table keeps made (then it starts over)."""

EPISODES = ("deal", "match")
SHAPINGS = ("none", "tricks")


def _choice(name: str, value: object, accepted: Sequence[str]) -> str:
    if not isinstance(value, str) or value not in accepted:
        raise ValueError(f"{name}={value!r} is not accepted: expected one of "
                         f"{', '.join(repr(a) for a in accepted)}")
    return value


def make_rules(game: str, options: dict[str, Any]) -> Rules[Any]:
    """``atout.make(game, **options)``, its ``ValueError`` naming the env keywords too."""
    spec_of(game)
    try:
        return atout.make(game, **options)
    except ValueError as exc:
        raise ValueError(f"{exc} (environment keywords: episode, shaping, reward_scale, "
                         "match_options, render_mode, lang)") from None


class Table:
    """One game of one environment: deal, observe, play, reward."""

    def __init__(self, game: str, *, episode: str = "deal", shaping: str = "none",
                 reward_scale: float | None = None, match_options: dict[str, Any] | None = None,
                 **options: Any) -> None:
        self.spec: GameSpec = spec_of(game)
        self.episode = _choice("episode", episode, EPISODES)
        self.shaping = _choice("shaping", shaping, SHAPINGS)
        if self.shaping == "tricks" and self.spec.trick_points is None:
            raise ValueError(f"shaping='tricks' needs a trick-taking game: {game} has no "
                             "tricks; use shaping='none'")
        if reward_scale is not None and (isinstance(reward_scale, bool) or not isinstance(
                reward_scale, (int, float)) or reward_scale <= 0):
            raise ValueError(f"reward_scale must be a positive number, not {reward_scale!r}")
        if match_options is not None and (episode != "match"
                                          or not isinstance(match_options, dict)):
            raise ValueError("match_options must be a dict, and only with episode='match'")
        self.match_options = dict(match_options or {})
        self.rules = make_rules(game, options)
        self.reward_bound = reward_bound(game, self.rules)
        self.reward_scale = float(reward_scale or self.reward_bound)
        if self.episode == "match":
            self.rules.match(seed=0, **self.match_options)  # a bad parameter fails here
        self.name = game
        self.seats = self.rules.seats
        self.num_actions = self.rules.num_actions
        self.encoder = Encoder(self.rules, self.spec.phases, self.spec.features,
                               match_scale=self.spec.match_scale if self.episode == "match"
                               else None)
        self.rng = random.Random(0)
        self.game: Deal | Match = self.rules.deal(seed=0)
        self.paid = [0.0] * self.seats  # rewards paid since the last full payment
        self.paid_scores: list[float] = [0.0] * self.seats
        self._mask_bytes = (self.num_actions + 7) // 8
        self._masks: dict[int, Mask] = {}
        self._partners = self._sides()
        self._quiet = self.episode == "deal" and self.shaping == "none"
        self._shaped = self.shaping == "tricks"

    def _sides(self) -> list[list[bool]]:
        """``sides[w][s]``: whether seat ``s`` shares in a trick won by seat ``w``."""
        n = self.seats
        teams = self.name == "jass" or (
            self.name == "pitch" and bool(getattr(self.rules.options, "partnership", False)))
        return [[(s % 2 == w % 2) if teams else s == w for s in range(n)] for w in range(n)]

    # -- lifecycle ----------------------------------------------------------------------------
    def seed(self, seed: int | None) -> None:
        """Start a new sequence of deals from ``seed`` (None: keep the current sequence)."""
        if seed is not None:
            self.rng = random.Random(seed)

    def reset(self, seed: int | None = None) -> None:
        """A new deal (or match): its seed and dealer drawn from the table's random sequence."""
        self.seed(seed)
        game_seed = self.rng.getrandbits(63)
        dealer = self.rng.randrange(self.seats)
        if self.episode == "match":
            self.game = self.rules.match(seed=game_seed, first_dealer=dealer,
                                         **self.match_options)
        else:
            self.game = self.rules.deal(seed=game_seed, dealer=dealer)
        self.paid = [0.0] * self.seats
        self.paid_scores = [0.0] * self.seats

    @property
    def to_move(self) -> int | None:
        """The seat to move, or None when the episode is over."""
        return self.game.to_move

    @property
    def is_over(self) -> bool:
        """Whether the episode (deal or match) is over."""
        return self.game.is_over

    # -- observations -------------------------------------------------------------------------
    def observation(self, seat: int, out: Float | None = None) -> Float:
        """The seat's observation vector, from its view only (the deal's
        :meth:`~atout.core.Deal.observation_view`, which leaves out what no encoder reads)."""
        return self.encoder.encode(self.game.observation_view(seat), out)

    def observe(self, seat: int) -> tuple[Float, View]:
        """The seat's observation vector and the view it was made from (for the info)."""
        view = self.game.observation_view(seat)
        return self.encoder.encode(view), view

    def mask_bits(self, seat: int) -> int:
        """The seat's legal actions as an int bitmask (0 when it is not to move)."""
        return self.game.legal_mask() if self.game.to_move == seat else 0

    def mask(self, seat: int) -> Mask:
        """The seat's legal actions as a new int8 array over action ids (copied from a
        table of the masks already made)."""
        game = self.game
        bits = game.legal_mask() if game.to_move == seat else 0
        made = self._masks.get(bits)
        if made is None:
            raw = np.frombuffer(bits.to_bytes(self._mask_bytes, "little"), dtype=np.uint8)
            made = np.unpackbits(raw, count=self.num_actions, bitorder="little").view(np.int8)
            if len(self._masks) >= MASKS_KEPT:
                self._masks.clear()
            self._masks[bits] = made.copy()
            return made  # a new array already
        return made.copy()

    def is_legal(self, action: int) -> bool:
        """Whether the action id is legal for the seat to move."""
        return 0 <= action < self.num_actions and bool(self.game.legal_mask() >> action & 1)

    # -- playing ------------------------------------------------------------------------------
    def play(self, action: int) -> list[float]:
        """Play an action id for the seat to move; the reward of each seat for it.

        An illegal action raises :class:`~atout.core.IllegalAction` and changes nothing.
        """
        game = self.game
        if (self._quiet and type(action) is int and 0 <= action < self.num_actions
                and game.legal_mask() >> action & 1):
            # a deal episode without shaping reads no event: the legal action is played by
            # the engine's unchecked step, which makes none
            deal: Deal = game  # type: ignore[assignment]  # quiet: a deal, never a match
            deal.step(action)
            events: list[Event] = []
        else:
            events = game.play(action)
        rewards = [0.0] * self.seats
        if self._shaped:
            self._shape(events, rewards)
        if not isinstance(game, Match):
            if game.is_over:
                self._pay(list(game.result.points), rewards)
        elif game.is_over or any(e.kind == DEAL_OVER for e in events):
            scores = list(game.scores)
            gained = [a - b for a, b in zip(scores, self.paid_scores, strict=True)]
            self.paid_scores = scores
            self._pay(gained, rewards)
        return rewards

    def _pay(self, points: list[float], rewards: list[float]) -> None:
        """Pay the zero-sum, scaled ``points`` less what shaping already paid."""
        mean = sum(points) / len(points)
        scale = self.reward_scale
        for s, p in enumerate(points):
            rewards[s] += (p - mean) / scale - self.paid[s]
        self.paid = [0.0] * self.seats

    def _shape(self, events: list[Event], rewards: list[float]) -> None:
        for e in events:
            if e.kind != TRICK or e.seat is None:
                continue
            if self.spec.trick_points == "tarot":
                points = tarot_card_points(list(e.data.get("cards") or ()))
            else:
                points = float(e.data.get("points") or 0)
            side = self._partners[e.seat]
            share = [points if side[s] else 0.0 for s in range(self.seats)]
            mean = sum(share) / self.seats
            for s in range(self.seats):
                r = (share[s] - mean) / self.spec.trick_scale
                rewards[s] += r
                self.paid[s] += r

    def points(self) -> list[float]:
        """The game's own points of the finished episode (deal points, or match scores)."""
        game = self.game
        if isinstance(game, Match):
            return list(game.result.scores)
        return list(game.result.points)


__all__ = ["EPISODES", "SHAPINGS", "Mask", "Table", "make_rules"]
