"""Group commit: the actions of every table written together, one transaction at a time.

A table's action waits for its commit (nothing is sent before), but while one transaction
is on its way to the disk the actions of other tables gather for the next one, so a server
with many tables pays one commit for many actions instead of one each. An action refused in
a group (a conflict) is retried alone, so that it fails alone.
"""

from __future__ import annotations

import asyncio
import contextlib

from atout.store import Store, StoreError

Item = tuple[int, int, int, str]


class Writer:
    """Writes actions to the store in groups, off the event loop."""

    def __init__(self, store: Store, most: int = 256) -> None:
        self.store = store
        self.most = most
        self.queue: asyncio.Queue[tuple[Item, asyncio.Future[None]]] = asyncio.Queue()
        self.task: asyncio.Task[None] | None = None
        self.commits = 0

    async def append(self, game_id: int, index: int, seat: int, action: str) -> None:
        """Commit one action; returns once it is on disk (``StoreError`` if refused)."""
        if self.task is None:
            self.task = asyncio.get_running_loop().create_task(self._run())
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        await self.queue.put(((game_id, index, seat, action), done))
        await done

    async def _run(self) -> None:
        while True:
            group = [await self.queue.get()]
            while len(group) < self.most and not self.queue.empty():
                group.append(self.queue.get_nowait())
            try:
                await asyncio.to_thread(self.store.append_batch, [item for item, _ in group])
                self.commits += 1
                results: list[StoreError | None] = [None] * len(group)
            except StoreError:
                results = [await self._alone(item) for item, _ in group]
            for (_, done), failed in zip(group, results, strict=True):
                if done.done():
                    continue
                if failed is None:
                    done.set_result(None)
                else:
                    done.set_exception(failed)

    async def _alone(self, item: Item) -> StoreError | None:
        try:
            await asyncio.to_thread(self.store.append_batch, [item])
        except StoreError as exc:
            return exc
        self.commits += 1
        return None

    async def stop(self) -> None:
        """Stop writing (after the last group)."""
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task


__all__ = ["Writer"]
