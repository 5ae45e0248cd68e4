"""Reviews served: a player asks for the review of a deal they played, the search computes it
in a worker thread off the event loop, the page polls its progress, and the store keeps it.

``POST /api/games/{game}/review`` with ``{"deal": D}`` (from 1; ``seed`` optional, 0 by
default) starts the review of deal ``D`` from the asker's seat, or answers at once with the
one the store keeps; ``GET /api/games/{game}/review?deal=D&seed=S`` tells how far it went
(``state`` ``running`` with ``done`` and ``total`` decisions, ``done`` with ``review``, or
``failed`` with ``message``). Only a person who sat at the game may ask, for their own seat,
and only for a deal that is over: the review reads that seat's views only
(:mod:`atout.bots.review`). The budget per decision is :data:`PLAYOUTS` (the environment's
``ATOUT_REVIEW_PLAYOUTS`` may set it, for tests and small machines).
"""

from __future__ import annotations

import asyncio
import json
import os
import threading
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

import atout
from atout.bots.review import DEFAULT_PLAYOUTS, review_game
from atout.core import JSON
from atout.store import GameRecord, Store, StoreError
from atout.store.reviews import ReviewBook

from .accounts import Player


def _playouts() -> int:
    raw = os.environ.get("ATOUT_REVIEW_PLAYOUTS", "")
    return int(raw) if raw.isdigit() and int(raw) > 0 else DEFAULT_PLAYOUTS


PLAYOUTS = _playouts()
"""The search's playouts per legal action and decision of a review."""
BODY = 1024
"""The most bytes a review's request body may have."""
WORKERS = 1
"""Reviews computed at once (each takes one core)."""

Key = tuple[int, int, int, int, int]
"""A review's keys: game, deal (from 0), seat, seed, playouts."""


@dataclass
class Job:
    """A review under way: how far it went, then its result or why it failed."""

    done: int = 0
    total: int = 0
    review: dict[str, JSON] | None = None
    failed: str | None = None

    def answer(self) -> dict[str, JSON]:
        """The job as the API says it."""
        if self.review is not None:
            return {"state": "done", "review": self.review}
        if self.failed is not None:
            return {"state": "failed", "message": self.failed}
        return {"state": "running", "done": self.done, "total": self.total}


class Reviewer:
    """The reviews asked of one server: a worker thread computes them one at a time."""

    def __init__(self, store: Callable[[], Store], playouts: int = PLAYOUTS) -> None:
        self.store = store
        self.playouts = playouts
        self.jobs: dict[Key, Job] = {}
        self.lock = threading.Lock()
        self.pool: ThreadPoolExecutor | None = None

    def close(self) -> None:
        """Stop taking reviews; one under way is left to finish on its own."""
        if self.pool is not None:
            self.pool.shutdown(wait=False, cancel_futures=True)

    def status(self, key: Key) -> dict[str, JSON] | None:
        """The job's answer, the store's review, or None when nobody asked for it."""
        with self.lock:
            job = self.jobs.get(key)
        if job is not None:
            return job.answer()
        kept = ReviewBook(self.store()).get(*key)
        return None if kept is None else {"state": "done", "review": kept}

    def start(self, key: Key, record: GameRecord) -> dict[str, JSON]:
        """The review's answer now, its job started when it is neither kept nor under way."""
        found = self.status(key)
        if found is not None and found["state"] != "failed":
            return found
        job = Job()
        with self.lock:
            self.jobs[key] = job
        if self.pool is None:
            self.pool = ThreadPoolExecutor(WORKERS, thread_name_prefix="atout-review")
        self.pool.submit(self._run, key, record, job)
        return job.answer()

    def _run(self, key: Key, record: GameRecord, job: Job) -> None:
        gid, deal, seat, seed, playouts = key

        def progress(done: int, total: int) -> None:
            job.total, job.done = total, done

        try:
            summary = record.summary
            rules = atout.make(summary.game, **dict(summary.options))
            review = review_game(rules, record.replay(0), record.actions, deal, seat,
                                 seed=seed, playouts=playouts, progress=progress)
            data = review.to_dict()
            ReviewBook(self.store()).put(gid, deal, seat, seed, playouts, data)
            job.review = data
        except (ValueError, StoreError) as exc:
            job.failed = str(exc)
        except Exception as exc:  # a review must never take the server down
            job.failed = f"the review failed: {type(exc).__name__}"
        with self.lock:  # kept in the store now: the job is no longer needed once done
            if job.review is not None:
                self.jobs.pop(key, None)


def deal_over(record: GameRecord, deal: int) -> bool:
    """Whether deal ``deal`` (from 0) of the record is over (a later one began, or the game
    ended)."""
    match = record.replay(0)
    for text in record.actions:
        match.play(text)
        if len(match.deals) > deal:
            return True
    return False


def routes(store: Callable[[], Store], reviewer: Callable[[], Reviewer],
           signed: Callable[[Request], Awaitable[Player]]) -> list[Route]:
    """``/api/games/{game}/review``, POST to ask and GET to follow."""

    def fail(code: str, message: str, status: int) -> JSONResponse:
        return JSONResponse({"error": code, "message": message}, status_code=status)

    async def read(request: Request, fields: dict[str, Any]) -> tuple[Key, GameRecord] | Response:
        raw = str(request.path_params["game"])
        if not raw.isdigit() or not 0 < int(raw) < 2 ** 63:
            return fail("bad_game", "a game's number is a whole number from 1", 400)
        deal, seed = fields.get("deal"), fields.get("seed", 0)
        if not isinstance(deal, int) or isinstance(deal, bool) or not 0 < deal < 10_000:
            return fail("bad_deal", "deal must be a deal's number, from 1", 400)
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2 ** 62:
            return fail("bad_seed", "seed must be a whole number from 0", 400)
        me = await signed(request)
        try:
            record = await asyncio.to_thread(store().get, int(raw))
        except StoreError as exc:
            return fail(exc.code, str(exc), 404)
        seat = record.summary.seat_of(me.id)
        if seat is None:
            return fail("not_seated", "only a person who played this game may ask for its "
                        "review, for their own seat", 403)
        if not await asyncio.to_thread(deal_over, record, deal - 1):
            return fail("deal_not_over", f"deal {deal} is not over: a review comes after the "
                        "deal", 409)
        return (int(raw), deal - 1, seat, seed, reviewer().playouts), record

    async def ask(request: Request) -> Response:
        declared = request.headers.get("content-length", "")
        if not declared.isdigit() or int(declared) > BODY:
            return fail("too_large", f"the body must be a JSON object of at most {BODY} "
                        "bytes, with its Content-Length", 413)
        try:
            fields = json.loads(await request.body())
        except (ValueError, UnicodeDecodeError, RecursionError):
            fields = None
        if not isinstance(fields, dict):
            return fail("bad_json", "the body must be a JSON object", 400)
        found = await read(request, fields)
        if isinstance(found, Response):
            return found
        key, record = found
        answer = await asyncio.to_thread(reviewer().start, key, record)
        return JSONResponse(answer, status_code=200 if answer["state"] == "done" else 202)

    async def follow(request: Request) -> Response:
        query = request.query_params
        fields: dict[str, Any] = {k: int(v) for k in ("deal", "seed")
                                  if (v := query.get(k, "")).isdigit() and len(v) < 19}
        found = await read(request, fields)
        if isinstance(found, Response):
            return found
        key, _ = found
        answer = await asyncio.to_thread(reviewer().status, key)
        if answer is None:
            return fail("not_asked", "nobody asked for this review yet: POST to ask", 404)
        return JSONResponse(answer)

    return [Route("/api/games/{game}/review", ask, methods=["POST"]),
            Route("/api/games/{game}/review", follow, methods=["GET"])]


__all__ = ["PLAYOUTS", "Job", "Reviewer", "deal_over", "routes"]
