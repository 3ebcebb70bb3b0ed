"""Telling other processes that games changed: what a web page process follows (docs/web.md).

A mixin of the SQLite store. `game_marks` is one query, by primary key and by the index of open
tables, for everything a page process watches at once: it polls it on an interval, never per
page. Nothing needs telling on SQLite (`tell_changes`), and there is nothing to listen to
(`listen_changes` says so): one process writes the file, and a page process beside it polls.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

from bot.store.connection import Database

# Open tables of the servers watched, as the partial index `games_open_by_guild` serves them.
OPEN = "status IN ('lobby', 'running') AND broken IS NULL"
MARK_COLUMNS = "id, guild_id, state_id, status, updated_at"
CHUNK = 400  # ids per statement: under SQLite's bound-parameter limit


@dataclass(frozen=True, order=True)
class GameMark:
    """Where a game stands: it changed when its mark did (its state id, or its row: a pause, a thread)."""

    game_id: int
    guild_id: int
    state_id: int
    status: str = ""
    updated_at: float = 0.0


# Called with the marks of games that changed, or None: anything may have changed (a listener
# that lost its connection missed some), look again at everything watched.
OnChange = Callable[[Sequence[GameMark] | None], None]


def mark_row(row: Sequence[Any]) -> GameMark:
    return GameMark(int(row[0]), int(row[1]), int(row[2]), str(row[3]), float(row[4]))


class Watching:
    """The change feed of the SQLite store."""

    _db: Database

    async def game_marks(self, game_ids: Sequence[int], guild_ids: Sequence[int] = ()) -> list[GameMark]:
        """The marks of these games, and of every open table of these servers, in one read."""
        found: set[GameMark] = set()
        ids, guilds = sorted(set(game_ids)), sorted(set(guild_ids))
        for start in range(0, max(len(ids), len(guilds), 1), CHUNK):
            some_ids, some_guilds = ids[start:start + CHUNK], guilds[start:start + CHUNK]
            parts, params = [], []
            if some_ids:
                parts.append(f"SELECT {MARK_COLUMNS} FROM games WHERE id IN ({', '.join('?' * len(some_ids))})")
                params += some_ids
            if some_guilds:
                parts.append(f"SELECT {MARK_COLUMNS} FROM games WHERE guild_id IN "
                             f"({', '.join('?' * len(some_guilds))}) AND {OPEN}")
                params += some_guilds
            if parts:
                found.update(mark_row(row) for row in await self._db.fetchall(" UNION ".join(parts), params))
        return sorted(found)

    async def tell_changes(self, marks: Sequence[GameMark]) -> None:
        """Nothing to do on SQLite: a page process polls `game_marks`."""
        return None

    @asynccontextmanager
    async def listen_changes(self, on_change: OnChange) -> AsyncIterator[bool]:
        """No feed to listen to on SQLite: yields False (poll `game_marks` instead)."""
        yield False
