"""Reviews kept in the store: a deal's review from one seat, computed once
(:mod:`atout.bots.review` gives the same figures for the same seed and budget)."""

from __future__ import annotations

from collections.abc import Mapping

from sqlalchemy import insert, select

from atout.core import JSON

from .errors import StoreError
from .models import ReviewRow
from .store import Store


class ReviewBook:
    """The reviews of one store."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def get(self, game_id: int, deal: int, seat: int, seed: int,
            playouts: int) -> dict[str, JSON] | None:
        """The review kept for these, or None."""
        with self.store.connection() as conn:
            row = conn.execute(select(ReviewRow.review).where(
                ReviewRow.game_id == game_id, ReviewRow.deal == deal, ReviewRow.seat == seat,
                ReviewRow.seed == seed, ReviewRow.playouts == playouts)).first()
        return None if row is None else dict(row[0])

    def put(self, game_id: int, deal: int, seat: int, seed: int, playouts: int,
            review: Mapping[str, JSON]) -> None:
        """Keep a review (a second one for the same keys is the same review: ignored)."""
        try:
            with self.store.transaction() as conn:
                conn.execute(insert(ReviewRow).values(
                    game_id=game_id, deal=deal, seat=seat, seed=seed, playouts=playouts,
                    review=dict(review)))
        except StoreError as exc:
            if exc.code != "conflict":
                raise


__all__ = ["ReviewBook"]
