"""Pictures for Discord messages: rendered off the event loop, kept under the size limit.

Pillow work takes tens of milliseconds; on the event loop it would delay every other
interaction past Discord's 3-second window, so it always runs in a worker thread.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Callable, Sequence
from typing import Any

import discord

import renderer

log = logging.getLogger(__name__)

JSON = dict[str, Any]
# Discord's attachment limit for a bot without boosts; interactions tell their own.
DEFAULT_LIMIT = 10 * 1024 * 1024

Draw = Callable[[JSON, Sequence[str]], bytes]


async def render(draw: Draw, view: JSON, names: Sequence[str]) -> bytes | None:
    """PNG bytes of `draw(view, names)`, or None when the picture could not be made.

    A missing picture must never lose a move or a panel: the text says everything too.
    """
    try:
        return await asyncio.to_thread(draw, view, list(names))
    except Exception:
        log.exception("rendering %s failed for game view %s", getattr(draw, "__name__", draw), view.get("game"))
        return None


def attach(png: bytes | None, filename: str, limit: int = DEFAULT_LIMIT) -> discord.File | None:
    """A File for `png` if it fits within `limit` bytes."""
    if png is None:
        return None
    if len(png) > limit:
        log.warning("picture %s is %d bytes, over the %d limit; sent without it", filename, len(png), limit)
        return None
    return discord.File(io.BytesIO(png), filename=filename)


async def board(view: JSON, names: Sequence[str]) -> bytes | None:
    """The public board (spectator view) or, when over, the outcome picture."""
    draw: Draw = renderer.outcome_png if view.get("outcome") else renderer.board_png
    return await render(draw, view, names)


async def hand(view: JSON, names: Sequence[str]) -> bytes | None:
    """A seat's own view: the board and its private hand."""
    return await render(renderer.hand_png, view, names)
