"""Pictures for Discord messages: rendered off the event loop, kept under the size limit.

Pillow work takes tens of milliseconds; on the event loop it would delay every other
interaction past Discord's 3-second window, so it runs in a render process (bot/rendering.py).
"""

from __future__ import annotations

import io
import logging
from collections.abc import Sequence
from typing import Any

import discord

from bot import rendering
from bot.rendering import Kind

log = logging.getLogger(__name__)

JSON = dict[str, Any]
# Discord's attachment limit for a bot without boosts; interactions tell their own.
DEFAULT_LIMIT = 10 * 1024 * 1024



async def render(kind: Kind, view: JSON, names: Sequence[str], urgent: bool = True) -> bytes | None:
    """PNG bytes of one picture, or None when it could not be made.

    A missing picture must never lose a move or a panel: the text says everything too.
    """
    try:
        return await rendering.render(kind, view, names, urgent=urgent)
    except Exception:
        log.exception("rendering a %s picture failed for game view %s", kind, view.get("game"))
        return None


def attach(png: bytes | None, filename: str, limit: int = DEFAULT_LIMIT,
           description: str | None = None) -> discord.File | None:
    """A File for `png` if it fits within `limit` bytes; `description` is its alt text."""
    if png is None:
        return None
    if len(png) > limit:
        log.warning("picture %s is %d bytes, over the %d limit; sent without it", filename, len(png), limit)
        return None
    return discord.File(io.BytesIO(png), filename=filename, description=description)


async def board(view: JSON, names: Sequence[str]) -> bytes | None:
    """The public board (spectator view) or, when over, the outcome picture."""
    return await render("outcome" if view.get("outcome") else "board", view, names)


async def hand(view: JSON, names: Sequence[str], urgent: bool = True) -> bytes | None:
    """A seat's own view: the board and its private hand."""
    return await render("hand", view, names, urgent)
