"""The records of games: one crash-safe store for every front end.

SQLAlchemy 2 models (:mod:`atout.store.models`) and Alembic migrations that run by
themselves on start; an SQLite file in the user's data folder by default, or PostgreSQL by a
URL (``--db postgresql://…`` or ``ATOUT_DB``). Every accepted action is committed before
anyone is told of it. See docs/store.md.

>>> import tempfile, atout
>>> from atout.store import SeatInfo, Store
>>> with tempfile.TemporaryDirectory() as folder, Store.open(data=folder) as store:
...     me = store.player("ana")
...     match = atout.make("jass").match(seed=7)
...     gid = store.create_game("jass", {}, {"seed": 7},
...                             [SeatInfo(player_id=me)] + [SeatInfo(bot="random")] * 3)
...     store.append(gid, 0, match.to_move, "push")
...     store.get(gid).actions
('push',)
"""

from .errors import CODES, StoreError
from .location import data_dir, resolve, shown
from .records import (
    FINISHED,
    PLAYING,
    GameRecord,
    GameSummary,
    SeatInfo,
    Stats,
    stopped_result,
)
from .store import Store, variant

__all__ = ["CODES", "FINISHED", "PLAYING", "GameRecord", "GameSummary", "SeatInfo", "Stats",
           "Store", "StoreError", "data_dir", "resolve", "shown", "stopped_result", "variant"]
