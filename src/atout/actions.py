"""Actions: a game's moves as small integers with a text notation, and a game's fixed
table of them (:class:`ActionSpace`), read from legal masks by lookup tables.

:mod:`atout.core` re-exports both names; this module holds them so the contract's module
stays about one thing (rules, deals, views and matches).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any, ClassVar

from atout.cards import from_chunks
from atout.refusal import IllegalAction


class Action(int):
    """A game action: a small integer id with a canonical text notation.

    It is an ``int`` (usable as an index into an action mask, equal to its id) whose ``str``
    is its notation: a card code such as ``AH``, or words such as ``trump H`` or ``push``.
    Instances are made once per game by :class:`ActionSpace`.
    """

    text: str

    def __new__(cls, ident: int, text: str) -> Action:
        obj = super().__new__(cls, ident)
        obj.text = text
        return obj

    @property
    def id(self) -> int:
        """The integer id."""
        return int(self)

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Action({int(self)}, {self.text!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Action, (int(self), self.text))

    def __copy__(self) -> Action:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Action:
        return self


_CHUNK = 9  # bits per lookup table of from_mask: a Jass suit, 512 entries


class ActionSpace(Sequence[Action]):
    """The fixed table of a game's actions: ids ``0..n-1`` and their notations."""

    _made: ClassVar[dict[tuple[str, ...], ActionSpace]] = {}

    def __new__(cls, texts: Iterable[str]) -> ActionSpace:
        key = tuple(texts)
        made = cls._made.get(key)
        if made is not None:  # one table per distinct list of actions, shared by all rules
            return made
        self = super().__new__(cls)
        self._actions = tuple(Action(i, t) for i, t in enumerate(key))
        self.table = self._actions
        self._by_text = {a.text.upper(): a for a in self._actions}
        if len(self._by_text) != len(self._actions):
            raise ValueError("action notations must be unique")
        chunks = []
        for k in range((len(key) + _CHUNK - 1) // _CHUNK):
            row: list[tuple[Action, ...]] = [()]
            for b in range(1, 1 << _CHUNK):
                low = (b & -b).bit_length() - 1
                i = _CHUNK * k + low
                row.append((self._actions[i], *row[b & (b - 1)]) if i < len(key) else ())
            chunks.append(tuple(row))
        self._bytes = tuple(chunks)
        self.chunks = self._bytes
        self.by_byte = tuple(
            tuple(tuple(self._actions[8 * k + i] for i in range(8)
                        if b >> i & 1 and 8 * k + i < len(key)) for b in range(256))
            for k in range((len(key) + 7) // 8))
        self._texts = ()
        cls._made[key] = self
        return self

    _actions: tuple[Action, ...]
    table: tuple[Action, ...]
    """The actions as a tuple indexed by id (the fastest lookup)."""
    _by_text: dict[str, Action]
    _bytes: tuple[tuple[tuple[Action, ...], ...], ...]
    chunks: tuple[tuple[tuple[Action, ...], ...], ...]
    """``chunks[k][b]``: the actions of the bits set in ``b``, the ``k``-th 9 bits of a mask
    (see :meth:`from_mask`)."""
    by_byte: tuple[tuple[tuple[Action, ...], ...], ...]
    """``by_byte[k][b]``: the actions of the bits set in byte ``b``, the ``k``-th byte of a
    mask (what :meth:`Deal.legal_actions` reads)."""
    _texts: tuple[tuple[tuple[str, ...], ...], ...]

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its notations: unpickled, the one table of this process for them."""
        return (ActionSpace, (tuple(a.text for a in self._actions),))

    def texts_of(self, mask: int) -> tuple[str, ...]:
        """The notations of the actions whose bits are set in ``mask``, by id.

        >>> import atout
        >>> atout.make("jass").actions.texts_of(0b11 << 36)
        ('trump H', 'trump D')
        """
        return tuple(from_chunks(mask, self._texts or self._make_texts(), 9))

    def _make_texts(self) -> tuple[tuple[tuple[str, ...], ...], ...]:
        """The notations of :meth:`from_mask`'s tables, made on first use."""
        self._texts = tuple(tuple(tuple(a.text for a in row) for row in chunk)
                            for chunk in self._bytes)
        return self._texts

    def from_mask(self, mask: int) -> list[Action]:
        """The actions whose bits are set in ``mask``, by id (a table per 9 bits of it)."""
        return from_chunks(mask, self._bytes, 9)

    def __len__(self) -> int:
        return len(self._actions)

    def __getitem__(self, i: int) -> Action:  # type: ignore[override]
        return self._actions[i]

    def __iter__(self) -> Iterator[Action]:
        return iter(self._actions)

    def parse(self, action: object) -> Action:
        """The action named by an :class:`Action`, an id or a notation; else ``IllegalAction``.

        >>> import atout
        >>> actions = atout.make("jass").actions
        >>> actions.parse("trump h"), actions.parse(42), int(actions.parse("AH"))
        (Action(36, 'trump H'), Action(42, 'push'), 8)
        >>> actions.parse("ZZ")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        atout.refusal.IllegalAction: 'ZZ' is not an action of this game: expected a card ...
        """
        if type(action) is Action and action < len(self._actions) and \
                self._actions[action] is action:
            return action
        if isinstance(action, str):
            key = " ".join(action.split()).upper()
            found = self._by_text.get(key)
            if found is None:
                sample = ", ".join(repr(a.text) for a in self._actions[:3])
                raise IllegalAction(
                    f"{action!r} is not an action of this game: expected a card code or an "
                    f"action word, such as {sample}", action, code="unknown_action",
                    params={"action": str(action)})
            return found
        if isinstance(action, int) and not isinstance(action, bool):
            if 0 <= action < len(self._actions):
                return self._actions[action]
            raise IllegalAction(
                f"action id {int(action)} is out of range: expected 0 to {len(self._actions) - 1}",
                action, code="unknown_action", params={"action": str(action)})
        raise IllegalAction(
            f"{action!r} is not an action: expected its notation (a string) or its id (an int)",
            action, code="unknown_action", params={"action": repr(action)})

    def texts(self) -> list[str]:
        """Every notation, by id."""
        return [a.text for a in self._actions]
