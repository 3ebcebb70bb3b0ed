"""The pages' pictures: a game's public board by state, and its replay's steps, each drawn once.

Drawn from spectator views only (`public_kind` refuses any other, as it does for the relay), in
the render processes at background priority (bot/rendering.py): in `skald run` the pictures
people wait for in Discord go first. Kept by what they show: a state of a game (a game's state
never changes once committed) or a step's view itself, so a thousand pages asking for the same
picture cost one drawing, and asking while it is drawn waits for that drawing.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from bot import rendering
from bot.relay.pictures import public_kind
from bot.rendering import Kind
from bot.replays import Attachment, ReplayCache
from bot.web.history import Step
from bot.web.reading import Current

log = logging.getLogger(__name__)

JSON = dict[str, Any]
Draw = Callable[[Kind, JSON, Sequence[str]], Awaitable[bytes]]
PNG = "image/png"


async def drawn_in_render_processes(kind: Kind, view: JSON, names: Sequence[str]) -> bytes:
    return await rendering.render(kind, view, names, urgent=False)


class Pictures:
    """Drawn pictures by what they show, at most `entries` and `size` bytes (the least recently
    asked for go first)."""

    def __init__(self, draw: Draw = drawn_in_render_processes, *, entries: int = 512, size: int = 96 * 2**20) -> None:
        self._draw = draw
        self._kept = ReplayCache(entries=entries, size=size)  # the replays' cache holds any drawn file
        self._ahead: set[asyncio.Task[bytes]] = set()
        self.drawn = 0

    async def board(self, current: Current) -> bytes:
        """The game's picture now: its board, or once it is over its result, as the thread shows it."""
        update = current.update
        view = update.view
        kind = public_kind(view)

        async def draw() -> Attachment:
            return await self._drawn(kind, view, current.names)

        found = await self._kept.get(("state", update.game_id, update.state_id, update.updated_at), draw)
        return found.data

    async def step(self, game_id: int, step: Step) -> bytes:
        """The board at one step of a replay (kept by the view itself: a step means another one
        once a move before it is taken back)."""
        public_kind(step.view)
        digest = hashlib.sha256(json.dumps([step.view, step.names], sort_keys=True).encode()).hexdigest()

        async def draw() -> Attachment:
            return await self._drawn("board", step.view, step.names)

        found = await self._kept.get(("step", game_id, digest), draw)
        return found.data

    async def _drawn(self, kind: Kind, view: JSON, names: Sequence[str]) -> Attachment:
        data = await self._draw(kind, view, list(names))
        self.drawn += 1
        return Attachment("board.png", data, PNG)

    def ahead(self, current: Current) -> None:
        """Start drawing the game's new picture before its pages ask for it."""
        if not current.update.view:
            return
        task = asyncio.create_task(self.board(current))
        self._ahead.add(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task[bytes]) -> None:
        self._ahead.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.warning("web: a picture drawn ahead failed", exc_info=task.exception())

    async def close(self) -> None:
        for task in list(self._ahead):
            task.cancel()
        await asyncio.gather(*self._ahead, return_exceptions=True)
