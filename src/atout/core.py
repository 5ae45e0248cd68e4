"""The one contract every game implements: Rules, Deal, Match, Action, Event, View.

A front end or a bot asks a :class:`Deal` for a seat's :class:`View` and legal actions,
chooses, and calls :meth:`Deal.play`; the deal answers with :class:`Event` objects. Engines
are pure: no printing, no clock, no files, and randomness only from the seed they are given.

Each game subclasses :class:`Rules` and :class:`Deal` (and :class:`Match` for its whole-game
scoring). Subclasses implement a small set of protected hooks; the public methods here do the
checking, the history and the saving, once for all games. The records a deal hands out
(:class:`Event`, :class:`View`, :class:`Result`) live in :mod:`atout.views` and are
re-exported here.
"""

from __future__ import annotations

import copy
import random
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar

from atout.actions import Action as Action
from atout.actions import ActionSpace as ActionSpace
from atout.events import MatchEvent
from atout.options import JSON as JSON
from atout.options import OptionInfo as OptionInfo
from atout.options import OptionsT as OptionsT
from atout.options import build_options as build_options
from atout.options import describe_options as describe_options
from atout.options import option as option
from atout.options import options_dict as options_dict
from atout.pickles import DealCodec, deal_reduction, packed_reduction, register_bases, rules_of
from atout.refusal import IllegalAction as IllegalAction
from atout.refusal import Refusal as Refusal
from atout.views import Event as Event
from atout.views import Result as Result
from atout.views import View as View

# The kinds of event this module emits, looked up once (not per event).
EV_DEAL_OVER = MatchEvent.DEAL_OVER
EV_GAME_OVER = MatchEvent.GAME_OVER
EV_NEW_DEAL = MatchEvent.NEW_DEAL


def check_seat(value: object, seats: int, name: str = "dealer") -> int:
    """``value`` as a seat number, or ``ValueError`` saying what is expected."""
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < seats:
        raise ValueError(f"{name} must be a seat from 0 to {seats - 1}, not {value!r}")
    return value


def check_seed(value: object, name: str = "seed") -> int:
    """``value`` as a seed (None: 0), or ``ValueError`` saying what is expected."""
    if value is None:
        return 0
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"{name} must be an int, not {value!r}")
    return value


def _norm_cards(value: Any) -> JSON:
    """Card codes normalised (stripped, upper case), through nested lists."""
    if isinstance(value, str):
        return value.strip().upper()
    if isinstance(value, (list, tuple)):
        return [_norm_cards(v) for v in value]
    return value


class Rules(ABC, Generic[OptionsT]):
    """A game with its options fixed: the factory of deals and matches.

    Subclasses set ``name``, ``options_type`` and ``presets``, build ``self.actions`` and
    ``self.seats`` in ``__init__`` and implement :meth:`_new_deal` and :meth:`match`.
    """

    name: ClassVar[str]
    title: ClassVar[str]
    options_type: ClassVar[type[Any]]
    presets: ClassVar[Mapping[str, Mapping[str, Any]]] = {}

    def __init__(self, options: OptionsT, actions: ActionSpace, seats: int) -> None:
        self.options = options
        self.actions = actions
        self.seats = seats

    @property
    def num_actions(self) -> int:
        """The number of distinct action ids; ids run from 0 to ``num_actions - 1``."""
        return len(self.actions)

    def options_dict(self) -> dict[str, JSON]:
        """The options as a plain JSON-ready dict."""
        return options_dict(self.options)

    def deal(self, seed: int | None = None, *, hands: Sequence[Sequence[str]] | None = None,
             dealer: int = 0, **piles: Any) -> Deal:
        """A new deal: shuffled from ``seed``, or laid out explicitly with ``hands``.

        ``hands`` lists each seat's cards (codes); games with more piles (a blind, a chien, a
        stock) take them as further keywords, named in the game's docs. With neither seed nor
        hands, seed 0 is used, so a deal is always reproducible.

        >>> import atout
        >>> rules = atout.make("jass")
        >>> deal = rules.deal(seed=7)
        >>> deal.to_move, deal.view(3).hand[:4]
        (3, ('9H', 'JH', 'QH', 'AH'))
        >>> rules.deal(seed=7).view(3).hand == deal.view(3).hand   # same seed, same deal
        True
        """
        check_seat(dealer, self.seats)
        if hands is None:
            if piles:
                raise ValueError(f"{', '.join(piles)} given without hands: an explicit deal "
                                 "names every seat's hand")
            setup: dict[str, JSON] = {"seed": check_seed(seed), "dealer": dealer}
        else:
            if seed is not None:
                raise ValueError("give either a seed or explicit hands, not both")
            if len(hands) != self.seats:
                raise ValueError(f"hands must list {self.seats} hands, one per seat, not "
                                 f"{len(hands)}")
            setup = {"hands": _norm_cards(hands), "dealer": dealer}
            for k, v in piles.items():
                setup[k] = _norm_cards(v)
        return self._new_deal(setup)

    @abstractmethod
    def _new_deal(self, setup: dict[str, JSON]) -> Deal:
        """Build a deal from a setup dict (``seed`` or ``hands`` and piles, and ``dealer``)."""

    @abstractmethod
    def match(self, seed: int | None = None, **kwargs: Any) -> Match:
        """A whole game from ``seed``: deals until the game's own end."""

    def load(self, saved: Mapping[str, JSON]) -> Deal:
        """Replay a saved deal (see :meth:`Deal.save`); ``ValueError`` if it does not fit."""
        if saved.get("game") != self.name:
            raise ValueError(f"saved deal is of game {saved.get('game')!r}, not {self.name!r}")
        setup = dict(saved.get("setup") or {})
        if "seed" not in setup and "hands" not in setup:
            raise ValueError("saved deal has neither a seed nor hands in its setup")
        check_seat(setup.get("dealer"), self.seats)
        if "seed" in setup:
            check_seed(setup["seed"])
        deal = self._new_deal(setup)
        for text in saved.get("actions") or []:
            try:
                deal.play(text)
            except IllegalAction as exc:
                raise ValueError(f"saved deal does not replay: {exc.reason}") from exc
        return deal

    def load_match(self, saved: Mapping[str, JSON]) -> Match:
        """Replay a saved game (see :meth:`Match.save`); ``ValueError`` if it does not fit."""
        if saved.get("game") != self.name:
            raise ValueError(f"saved game is of {saved.get('game')!r}, not {self.name!r}")
        params = dict(saved.get("match") or {})
        match = self.match(**params)
        for deal_actions in saved.get("actions") or []:
            for text in deal_actions:
                try:
                    match.play(text)
                except IllegalAction as exc:
                    raise ValueError(f"saved game does not replay: {exc.reason}") from exc
        return match

    def __deepcopy__(self, memo: dict[int, Any]) -> Rules[OptionsT]:
        return self  # rules are immutable once made

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as their class and their options' values: unpickled, the rules of this
        process with the same options (made once, then shared), never a copy of their
        tables."""
        key = self.__dict__.get("_pickle_key")
        if key is None:  # the options away from their defaults: usually none, a short pickle
            defaults = options_dict(self.options_type())
            key = self.__dict__["_pickle_key"] = tuple(
                (k, v) for k, v in options_dict(self.options).items() if v != defaults[k])
        return (rules_of, (type(self), key))

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name} {self.options!r}>"


DealSelf = TypeVar("DealSelf", bound="Deal")


class Deal(ABC):
    """One deal of a game, from the shuffle to the score.

    Subclasses implement the protected hooks; this base checks actions, records history,
    and saves. ``_legal_mask`` is a bitmask over action ids; ``_apply`` performs a legal action
    and returns its events; ``_why_illegal`` explains a refusal in words.
    """

    rules: Rules[Any]
    setup: dict[str, JSON]

    def __init__(self, rules: Rules[Any], setup: dict[str, JSON]) -> None:
        self.rules = rules
        self.setup = setup
        self._history: list[Action] = []
        self._actors: list[int] = []
        self._mask_at = -1  # the legal mask is cached for this many actions played
        self._mask = 0

    # -- protected hooks ------------------------------------------------------------------
    @abstractmethod
    def _legal_mask(self) -> int:
        """Bit ``i`` set when action ``i`` is legal for the seat to move (0 when over)."""

    @abstractmethod
    def _apply(self, action: int) -> list[Event]:
        """Perform a legal action; return its events."""

    def _why_illegal(self, action: Action) -> Refusal | str:
        """Why a (known) action is not legal now: a :class:`Refusal` (or words only)."""
        legal = [a.text for a in self.legal_actions()]
        return Refusal("not_allowed", f"{action.text} is not allowed now: the legal actions "
                       f"are {', '.join(legal)}", {"action": action.text, "legal": legal})

    def refusal(self, action: Action) -> Refusal:
        """Why ``action`` (not legal now) is refused, always as a :class:`Refusal`."""
        why = self._why_illegal(action)
        if isinstance(why, Refusal):
            return why
        return Refusal("not_allowed", why, {"action": action.text,
                                            "legal": [a.text for a in self.legal_actions()]})

    @abstractmethod
    def _view(self, seat: int | None) -> View:
        """The view of one seat (seat already validated), or the public view for None: the
        one place of a game that says what is private to whom."""

    @abstractmethod
    def _result(self) -> Result:
        """The result of the finished deal."""

    # -- public contract ------------------------------------------------------------------
    @property
    def seats(self) -> int:
        """The number of seats."""
        return self.rules.seats

    @property
    @abstractmethod
    def to_move(self) -> int | None:
        """The seat whose decision it is, or None when the deal is over."""

    @property
    def dealer(self) -> int:
        """The dealer's seat."""
        return int(self.setup["dealer"])

    @property
    def is_over(self) -> bool:
        """Whether the deal is finished."""
        return self.to_move is None

    @property
    def history(self) -> tuple[Action, ...]:
        """The actions played so far: with the setup, enough to replay the deal."""
        return tuple(self._history)

    @property
    def actors(self) -> tuple[int, ...]:
        """The seat that took each action of :attr:`history`."""
        return tuple(self._actors)

    def seen_history(self, seat: int | None) -> tuple[tuple[int, str | None], ...]:
        """Every action as ``seat`` saw it: ``(actor, text)``, text None where hidden; for
        None (nobody seated) every action hidden from any seat is hidden.

        The default shows every action: games with hidden actions override it. The tuple is
        kept and extended by the actions played since the last call, not rebuilt.
        """
        seen: tuple[tuple[int, str | None], ...] = self.__dict__.get("_seen", ())
        n = len(seen)
        if n != len(self._history):
            seen += tuple(zip(self._actors[n:], [a.text for a in self._history[n:]],
                              strict=True))
            self._seen = seen
        return seen

    def legal_actions(self) -> list[Action]:
        """The legal actions of the seat to move, by id; empty only when the deal is over.

        >>> import atout
        >>> [str(a) for a in atout.make("jass").deal(seed=7).legal_actions()]
        ['trump H', 'trump D', 'trump S', 'trump C', 'obenabe', 'undenufe', 'push']
        """
        n = len(self._history)
        if self._mask_at != n:
            self._mask = self._legal_mask()
            self._mask_at = n
        mask = self._mask
        space = self.rules.actions
        out: list[Action] = []
        if mask >> 45:  # a long mask: its bytes, each from a table of its 256 patterns
            by_byte = space.by_byte
            for k, b in enumerate(mask.to_bytes((mask.bit_length() + 7) >> 3, "little")):
                if b:
                    out += by_byte[k][b]
            return out
        chunks = space.chunks  # a short one: 9 bits at a time (from_chunks, inlined)
        k = 0
        while mask:
            b = mask & 511
            if b:
                out += chunks[k][b]
            mask >>= 9
            k += 1
        return out

    def legal_mask(self) -> int:
        """The legal actions as a bitmask over ids (bit ``i`` for action ``i``)."""
        n = len(self._history)
        if self._mask_at != n:
            self._mask = self._legal_mask()
            self._mask_at = n
        return self._mask

    def play(self, action: Action | int | str) -> list[Event]:
        """Play an action (an Action, its id or its notation) for the seat to move.

        Returns the events it caused. Raises :class:`IllegalAction` with the reason in words
        and as data (``code``, ``params``), and changes nothing, when the action is unknown or
        not allowed now.

        >>> import atout
        >>> deal = atout.make("jass").deal(seed=7)
        >>> [(e.kind, e.seat, e.data) for e in deal.play("trump H")]
        [(<JassEvent.TRUMP: 'trump'>, 3, {'mode': 'H', 'multiplier': 1})]
        >>> try:
        ...     deal.play("push")
        ... except atout.IllegalAction as refused:
        ...     print(refused.code, "-", refused.reason)
        play_a_card - push is not possible now: trump is already chosen, play a card
        >>> len(deal.history)
        1
        """
        space = self.rules.actions
        table = space.table
        # an Action of this game's table (as legal_actions gives them) needs no parsing
        a = action if type(action) is Action and action < len(table) and \
            table[action] is action else space.parse(action)
        n = len(self._history)
        if self._mask_at != n:  # legal_mask(), inlined: the mask legal_actions computed
            self._mask = self._legal_mask()
            self._mask_at = n
        seat = self.to_move
        if seat is None or not self._mask >> a & 1:
            if seat is None:
                raise IllegalAction(f"{a.text} cannot be played: the deal is over", action,
                                    code="deal_over", params={"action": a.text})
            raise IllegalAction.of(self.refusal(a), action)
        events = self._apply(a)
        self._history.append(a)
        self._actors.append(seat)
        return events

    def step(self, action: int) -> None:
        """Play a legal action id, unchecked and without events: the fast step, for search only.

        The history and :meth:`legal_mask` stay right, so a search can alternate ``step`` and
        ``legal_mask`` (and read :attr:`result` at the end) without any private name. Never
        reachable from a front end: an illegal id corrupts the deal.

        >>> import atout
        >>> deal = atout.make("jass").deal(seed=7)
        >>> deal.step(42)                  # push, unchecked
        >>> [str(a) for a in deal.history], deal.to_move
        (['push'], 1)
        """
        seat = self.to_move
        assert seat is not None
        self._apply(action)
        self._history.append(self.rules.actions.table[action])
        self._actors.append(seat)

    def fast_play(self, action: int) -> None:
        """The same as :meth:`step` (its former name, kept for existing callers)."""
        self.step(action)

    def playout(self, rng: random.Random) -> Result:
        """Play uniformly random legal actions to the end and return the result."""
        while self.to_move is not None:
            mask = self._legal_mask()
            k = int(rng.random() * mask.bit_count())
            for _ in range(k):
                mask &= mask - 1
            self.step((mask & -mask).bit_length() - 1)
        return self._result()

    def view(self, seat: int | None) -> View:
        """What ``seat`` may know, and nothing more; for None, the :meth:`public_view`."""
        if seat is None:
            return self._view(None)
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.seats:
            raise ValueError(f"seat must be from 0 to {self.seats - 1}, not {seat!r}")
        return self._view(seat)

    def public_view(self) -> View:
        """What nobody seated may know (a spectator, a replay in progress): no hand, no legal
        actions, the actions hidden from any seat as None, only the public facts in ``info``.

        >>> import atout
        >>> deal = atout.make("jass").deal(seed=7)
        >>> seen = deal.public_view()
        >>> seen.seat, seen.hand, seen.to_dict()["seat"]
        (-1, (), None)
        """
        return self._view(None)

    def events_for(self, events: Iterable[Event], seat: int | None) -> list[Event]:
        """The events of an action that ``seat`` (None: nobody seated) may see: the update
        a recipient gets, as the engine marked each event (:attr:`Event.to`)."""
        return [e for e in events if e.visible_to(seat)]

    def hidden_from(self, index: int = -1) -> frozenset[int | None]:
        """The recipients (seats, and None for nobody seated) that see action ``index`` of
        the history (the last by default) as hidden, from :meth:`seen_history`."""
        seen = [(s, self.seen_history(s)) for s in (*range(self.seats), None)]
        return frozenset(s for s, h in seen if h[index][1] is None)

    def observation_view(self, seat: int) -> View:
        """What ``seat`` may know, as an observation encoder reads it (the environments).

        The same hand, table, history, phase, turn, dealer and end as :meth:`view`, but
        ``legal`` may be empty (read :meth:`legal_mask`) and ``info`` may leave out facts
        that only people read (the words said, which the history holds, or the list of
        finished tricks): every key it keeps has the value :meth:`view` gives it. A game
        leaves out what costs time to make and that no encoder reads.
        """
        if type(seat) is int and 0 <= seat < self.rules.seats:  # the usual case, at once
            return self._observation_view(seat)
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.seats:
            raise ValueError(f"seat must be from 0 to {self.seats - 1}, not {seat!r}")
        return self._observation_view(seat)

    def _observation_view(self, seat: int) -> View:
        """The observation view of one seat (seat already validated): the whole view unless
        the game makes a lighter one."""
        return self._view(seat)

    @property
    def result(self) -> Result:
        """The result; ``ValueError`` before the deal is over."""
        if self.to_move is not None:
            raise ValueError("the deal is not over yet: no result")
        return self._result()

    def clone(self) -> Deal:
        """A cheap independent copy.

        >>> import atout
        >>> deal = atout.make("jass").deal(seed=7)
        >>> twin = deal.clone()
        >>> _ = twin.play("push")
        >>> len(twin.history), len(deal.history)
        (1, 0)
        """
        return copy.deepcopy(self)

    def _clone_state(self: DealSelf) -> DealSelf:
        """A copy with every list and dict of the state copied one level deep.

        Enough for a game whose lists and dicts hold only immutable items (ints, strings,
        tuples, frozen values): the fast clone such games return from :meth:`clone`.
        """
        new = object.__new__(type(self))
        d = self.__dict__.copy()
        for k, v in d.items():
            if type(v) is list:
                d[k] = v[:]
            elif type(v) is dict:
                d[k] = v.copy()
        new.__dict__ = d
        return new

    def __deepcopy__(self, memo: dict[int, Any]) -> Deal:
        new = object.__new__(type(self))
        for k, v in self.__dict__.items():
            if k == "rules" or isinstance(v, (int, str, bool, float, type(None), tuple)):
                new.__dict__[k] = v
            elif isinstance(v, list) and all(type(x) is int or type(x) is Action for x in v):
                new.__dict__[k] = v[:]
            else:
                new.__dict__[k] = copy.deepcopy(v, memo)
        return new

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its state, the rules by their options (:meth:`Rules.__reduce__`) and
        the history by action ids: by its class's codec (:attr:`pickle_codec`, format 3:
        :func:`atout.pickles.packed_reduction`) when it knows the state, else field by field
        (format 2: :func:`atout.pickles.deal_reduction`). A round trip gives an equal deal
        (every field equal, the same views, legal actions and continuation) sharing the
        process's rules and their actions.

        >>> import atout, pickle
        >>> deal = atout.make("jass").deal(seed=7)
        >>> _ = deal.play("push")
        >>> again = pickle.loads(pickle.dumps(deal))
        >>> again.history == deal.history, again.view(1).to_dict() == deal.view(1).to_dict()
        (True, True)
        """
        codec = self.pickle_codec
        if codec is not None:
            values = codec.encode(self)
            if values is not None:
                packed = packed_reduction(self, codec, values)
                if packed is not None:
                    return packed
        return deal_reduction(self, self._pickle_state())

    pickle_codec: ClassVar[DealCodec | None] = None
    """The class's own codec (:class:`atout.pickles.DealCodec`): a deal it encodes pickles
    as one tuple of values (format 3), any other as its fields by name (format 2)."""

    pickle_constants: ClassVar[tuple[str, ...]] = ()
    """The fields (or slots) every deal of the same rules sets to the same value and never
    changes (the options' values a deal keeps at hand): a pickle leaves them out while they
    hold the value a fresh deal of those rules has, and they come back from the rules
    (:func:`atout.pickles.constants_of`)."""

    pickle_caches: ClassVar[dict[str, Any]] = {}
    """The fields (or slots) a deal fills on demand, with their empty value: a pickle leaves
    them out and they come back empty."""

    def _pickle_state(self) -> dict[str, Any]:
        """The state to pickle (read, never changed): ``__dict__`` itself, or a copy where a
        game writes some fields more cheaply (card ids for the actions of its tricks, an
        index for an enum) or leaves out what it can rebuild, as long as
        :meth:`_after_unpickle` reads them back the same."""
        return self.__dict__

    def _after_unpickle(self) -> None:
        """Called on a deal just read from a pickle (its ``__dict__`` and slots set): undo
        what :meth:`_pickle_state` wrote more cheaply. Nothing by default."""
        return None

    def save(self) -> dict[str, JSON]:
        """A JSON-ready record (game, options, setup, actions) that :meth:`Rules.load` replays.

        >>> import atout
        >>> rules = atout.make("jass")
        >>> deal = rules.deal(seed=7)
        >>> _ = deal.play("trump H")
        >>> saved = deal.save()
        >>> saved["actions"], rules.load(saved).history == deal.history
        (['trump H'], True)
        """
        return {"game": self.rules.name, "options": self.rules.options_dict(),
                "setup": copy.deepcopy(self.setup),
                "actions": [a.text for a in self._history]}

    def __repr__(self) -> str:
        return f"<{type(self).__name__} to_move={self.to_move} actions={len(self._history)}>"


register_bases(Deal, Rules)  # a pickled deal names subclasses of these, or is refused

DealT = TypeVar("DealT", bound=Deal)


def deal_seed(match_seed: int, index: int) -> int:
    """The seed of deal ``index`` (from 0) of the match with seed ``match_seed``."""
    return random.Random(f"atout:{match_seed}:{index}").getrandbits(63)


@dataclass(frozen=True, slots=True)
class MatchResult:
    """The outcome of a whole game: final scores per seat, winners and the ranking."""

    scores: tuple[float, ...]
    winners: tuple[int, ...]
    ranking: tuple[int, ...]
    details: Mapping[str, JSON] = field(default_factory=dict)

    def to_dict(self) -> dict[str, JSON]:
        """A JSON-ready dict."""
        return {"scores": list(self.scores), "winners": list(self.winners),
                "ranking": list(self.ranking), "details": copy.deepcopy(dict(self.details))}


class Match(ABC):
    """A whole game: deals one after another until the game's own end.

    It offers the same protocol as a deal (``to_move``, ``legal_actions``, ``play``, ``view``,
    ``is_over``, ``result``, ``clone``), so bots and clients drive either. Deal seeds come
    from the match seed; a finished deal is scored and the next begins inside :meth:`play`.
    Subclasses implement :meth:`_score_deal`, :meth:`_next_dealer`, :meth:`_finished` and
    :meth:`_match_result`; they may override :meth:`_after_action` to end mid-deal.
    """

    def __init__(self, rules: Rules[Any], seed: int, first_dealer: int = 0) -> None:
        self.rules = rules
        self.seed = check_seed(seed)
        check_seat(first_dealer, rules.seats, "first_dealer")
        self.scores: list[float] = [0] * rules.seats
        self.deals: list[Deal] = []
        self.deal_points: list[list[float]] = []
        """What each seat gained in each deal scored (the events' ``deal_over`` points)."""
        self._over = False
        self.deal: Deal = self._start_deal(first_dealer)

    def _seed_for(self, index: int) -> int:
        return deal_seed(self.seed, index)

    def _start_deal(self, dealer: int) -> Deal:
        return self.rules.deal(seed=self._seed_for(len(self.deals)), dealer=dealer)

    @property
    def to_move(self) -> int | None:
        """The seat to move in the current deal, or None when the game is over."""
        return None if self._over else self.deal.to_move

    @property
    def is_over(self) -> bool:
        """Whether the game is finished."""
        return self._over

    @property
    def seats(self) -> int:
        """The number of seats."""
        return self.rules.seats

    def legal_actions(self) -> list[Action]:
        """The legal actions in the current deal (empty when the game is over)."""
        return [] if self._over else self.deal.legal_actions()

    def legal_mask(self) -> int:
        """The legal actions as a bitmask over ids."""
        return 0 if self._over else self.deal.legal_mask()

    def play(self, action: Action | int | str) -> list[Event]:
        """Play in the current deal; score it and start the next when it ends."""
        if self._over:
            raise IllegalAction("the game is over", action, code="game_over",
                                params={"action": str(action)})
        events = self.deal.play(action)
        events = self._after_action(events)
        if not self._over and self.deal.is_over:
            events += self._end_deal()
        return events

    def _end_deal(self) -> list[Event]:
        deal = self.deal
        gained = self._score_deal(deal)
        self.deals.append(deal)
        self.deal_points.append(list(gained))
        events = [Event(EV_DEAL_OVER, None, {"deal": len(self.deals), "points": list(gained),
                                             "scores": list(self.scores)})]
        if self._finished():
            self._over = True
            res = self.result
            events.append(Event(EV_GAME_OVER, None, {"winners": list(res.winners),
                                                     "scores": list(res.scores)}))
        else:
            self.deal = self._start_deal(self._next_dealer(deal))
            events.append(Event(EV_NEW_DEAL, self.deal.dealer,
                                {"deal": len(self.deals) + 1, "dealer": self.deal.dealer}))
        return events

    def _after_action(self, events: list[Event]) -> list[Event]:
        """Hook after each action: the events to report (a game ending mid-deal cuts them)."""
        return events

    @abstractmethod
    def _score_deal(self, deal: Deal) -> Sequence[float]:
        """Add a finished deal to ``self.scores``; return what each seat gained."""

    @abstractmethod
    def _next_dealer(self, deal: Deal) -> int:
        """The dealer of the deal after ``deal``."""

    @abstractmethod
    def _finished(self) -> bool:
        """Whether the game ends after the deal just scored."""

    @abstractmethod
    def _match_result(self) -> MatchResult:
        """The result of the finished game."""

    def match_info(self) -> dict[str, JSON]:
        """Public facts of the game (scores, deal number, each deal's points) for views."""
        return {"scores": list(self.scores), "deal_number": len(self.deals) + 1,
                "deal_points": [list(p) for p in self.deal_points]}

    def public_view(self) -> View:
        """The current deal's :meth:`Deal.public_view`, with the game's scores in
        ``info['match']``: what a spectator of the game may know."""
        return self.view(None)

    def events_for(self, events: Iterable[Event], seat: int | None) -> list[Event]:
        """The events that ``seat`` (None: nobody seated) may see (:meth:`Deal.events_for`)."""
        return self.deal.events_for(events, seat)

    def view(self, seat: int | None) -> View:
        """The seat's view of the current deal (the public view for None), with the game's
        scores in ``info['match']``."""
        v = self.deal.view(seat)
        info = dict(v.info)
        info["match"] = self.match_info()
        return View(v.game, v.seat, v.seats, v.dealer, v.phase, self.to_move, v.hand,
                    v.legal if not self._over else (), v.table, v.history, info,
                    self._over or v.is_over)

    def observation_view(self, seat: int) -> View:
        """The seat's :meth:`Deal.observation_view` of the current deal, with the game's
        scores in ``info['match']`` as :meth:`view` gives them."""
        v = self.deal.observation_view(seat)
        info = dict(v.info)
        info["match"] = self.match_info()
        return View(v.game, v.seat, v.seats, v.dealer, v.phase, self.to_move, v.hand,
                    v.legal if not self._over else (), v.table, v.history, info,
                    self._over or v.is_over)

    @property
    def result(self) -> MatchResult:
        """The game's result; ``ValueError`` before it is over."""
        if not self._over:
            raise ValueError("the game is not over yet: no result")
        return self._match_result()

    @property
    def history(self) -> list[tuple[Action, ...]]:
        """The actions of every deal so far, the current one last."""
        return [d.history for d in self.deals] + ([] if self.deal in self.deals
                                                  else [self.deal.history])

    def clone(self) -> Match:
        """An independent copy."""
        return copy.deepcopy(self)

    def save(self) -> dict[str, JSON]:
        """A JSON-ready record that :func:`atout.load_match` replays."""
        return {"game": self.rules.name, "options": self.rules.options_dict(),
                "match": {"seed": self.seed, **self._save_extra()},
                "actions": [[a.text for a in h] for h in self.history]}

    def _save_extra(self) -> dict[str, JSON]:
        return {}


def ranking_by(scores: Sequence[float], higher_is_better: bool = True) -> tuple[int, ...]:
    """Seats ordered from best to worst score (ties by seat order)."""
    order = sorted(range(len(scores)), key=lambda s: (-scores[s] if higher_is_better
                                                      else scores[s], s))
    return tuple(order)
