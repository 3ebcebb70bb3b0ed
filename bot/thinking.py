"""AI choices in the bot's worker processes (bot/rendering.py), not in the event loop's process.

A search player is pure Python for up to its time box: in a thread it would hold the GIL the
event loop needs to answer people. So the Discord bot sends each choice to the worker processes
that draw the pictures, queued there as background work (an urgent picture goes first), with
the state encoded and the move's text coming back. A game registered at run time, which only
this process knows, thinks in a thread here (bot.tables.thinking.in_thread).
"""

from __future__ import annotations

import functools
from typing import Any

from bot import games, rendering
from bot.tables.thinking import in_thread
from engine import registry
from engine.core import JSON, Game, Move


def choose(game: str, state: JSON, seat: int, kind: str, seed: int, seconds: float) -> str:
    """The move text AI `kind` chooses for `seat` in the encoded `state`, thinking at most
    `seconds` of CPU time (runs in a worker)."""
    engine = registry.get(game)
    return engine.ai_players()[kind].boxed(seconds).choose(engine.decode(state), seat, seed).text


async def in_workers(engine: Game[Any], state: Any, seat: int, kind: str, seed: int, seconds: float) -> Move:
    """A `Thinker` for the bot: the choice is made in a worker process (see the module docstring)."""
    if games.registered_here(engine.name):
        return await in_thread(engine, state, seat, kind, seed, seconds)
    work = functools.partial(choose, engine.name, engine.encode(state), seat, kind, seed, seconds)
    text = await rendering.run(work, urgent=False)
    return engine.parse_move(state, seat, text)
