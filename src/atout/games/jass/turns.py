"""Who plays after whom in a Jass-family trick: made once per table size and playing order,
then shared by every deal (and read back by a pickle, which leaves them out)."""

from __future__ import annotations

Turns = tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]
"""The next player of each seat (-1: sits out) and the order of a trick led by each seat
(empty: sits out)."""

_MADE: dict[tuple[int, ...], Turns] = {}


def _turns(n: int, order: list[int] | tuple[int, ...]) -> Turns:
    nxt = [-1] * n
    for i, s in enumerate(order):
        nxt[s] = order[(i + 1) % len(order)]
    orders: list[tuple[int, ...]] = []
    for s in range(n):
        if s not in order:
            orders.append(())
            continue
        trick = [s]
        while len(trick) < len(order):
            trick.append(nxt[trick[-1]])
        orders.append(tuple(trick))
    return tuple(nxt), tuple(orders)


def turns_of(n: int, order: list[int] | tuple[int, ...]) -> Turns:
    """The :data:`Turns` of a table of ``n`` seats where the seats of ``order`` play in that
    order, made once and shared (read them only)."""
    turns = _MADE.get((n, *order))
    if turns is None:
        turns = _MADE[(n, *order)] = _turns(n, order)
    return turns


__all__ = ["Turns", "turns_of"]
