"""Records for adapters: a server's ratings and team records, and one person's, from the
results the store keeps (docs/records.md).

Ratings and team records are derived data: recomputed from the result rows when asked, in a
worker thread (10,000 results take a while; benchmarks/records.py prints how long), and kept in
a small cache keyed by the server, the game and the latest result, so a busy server's
leaderboard is recomputed once per finished game, not once per `/leaderboard`.
"""

from __future__ import annotations

import asyncio
import weakref
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from bot.store import ResultRow, Store
from bot.store.results import ResultsMark
from bot.tables.ratings import Ratings, recompute
from bot.tables.teams import TeamGame, TeamRecords, team_games, team_records
from engine.core import Game
from engine.errors import SkaldError

T = TypeVar("T")
CACHE_SIZE = 64  # (server, game) pairs kept per kind of record


@dataclass(frozen=True)
class GameStats:
    """One person's record at one game of a server (`/stats` without a game)."""

    game: str
    title: str
    cooperative: bool
    games: int
    wins: int
    rating: float | None = None  # competitive games
    place: int | None = None
    entrants: int | None = None
    best_score: int | None = None

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


class Derived(Generic[T]):
    """`compute(rows)` of each server's results of one game, kept until a game of it finishes."""

    def __init__(self, store: Store, compute: Callable[[list[ResultRow]], T], size: int = CACHE_SIZE) -> None:
        self.store = store
        self.compute = compute
        self.size = size
        self._kept: OrderedDict[tuple[int, str], tuple[ResultsMark, T]] = OrderedDict()
        self._locks: weakref.WeakValueDictionary[tuple[int, str], asyncio.Lock] = weakref.WeakValueDictionary()
        self.computed = 0  # recomputations so far (tests and benchmarks see the cache work)

    async def get(self, guild_id: int, game: str) -> T:
        """From the cache while the latest result is the same; otherwise recomputed once, in a
        thread (those asking meanwhile wait for that one computation)."""
        key = (guild_id, game)
        lock = self._locks.get(key)
        if lock is None:
            lock = self._locks[key] = asyncio.Lock()
        async with lock:
            mark = await self.store.results.results_mark(guild_id, game)
            kept = self._kept.get(key)
            if kept is not None and kept[0] == mark:
                self._kept.move_to_end(key)
                return kept[1]
            rows = await self.store.results.results(guild_id, game)
            value = await asyncio.to_thread(self.compute, rows)
            self.computed += 1
            # Kept under the mark read before the rows: a game finishing in between only costs
            # one more recomputation next time.
            self._kept[key] = (mark, value)
            self._kept.move_to_end(key)
            while len(self._kept) > self.size:
                self._kept.popitem(last=False)
            return value


class Records:
    """Ratings, team records and personal stats of each server, over the store's results."""

    def __init__(self, store: Store, games: Callable[[str], Game[Any]], cache_size: int = CACHE_SIZE) -> None:
        self.store = store
        self._games = games
        self.rated: Derived[Ratings] = Derived(store, recompute, cache_size)
        self.teamed: Derived[list[TeamGame]] = Derived(store, team_games, cache_size)

    async def ratings(self, guild_id: int, game: str) -> Ratings:
        """The server's ratings of a competitive game, best first (no standings: no results yet)."""
        return await self.rated.get(guild_id, game)

    async def teams(self, guild_id: int, game: str, user_id: int | None = None) -> TeamRecords:
        """The server's team record at a cooperative game, or one person's (`user_id`)."""
        return team_records(game, await self.teamed.get(guild_id, game), user_id)

    async def played(self, guild_id: int, user_id: int | None = None) -> list[str]:
        """Games with results in the server (of one person, with `user_id`), by key."""
        return await self.store.results.played(guild_id, user_id)

    async def stats(self, guild_id: int, user_id: int) -> list[GameStats]:
        """A person's record at every game they finished in the server, by game key."""
        found = []
        for key in await self.store.results.played(guild_id, user_id):
            try:
                engine = self._games(key)
            except SkaldError:  # a game no longer hosted keeps its rows but has no record to show
                continue
            if engine.cooperative:
                mine = await self.teams(guild_id, key, user_id)
                if mine.games:
                    found.append(GameStats(key, engine.title, True, mine.games, mine.wins))
                continue
            ratings = await self.ratings(guild_id, key)
            standing = ratings.standing(f"user:{user_id}")
            if standing is not None:
                found.append(GameStats(key, engine.title, False, standing.games, standing.wins, standing.rating,
                                       ratings.place_of(standing.key), len(ratings.standings), standing.best_score))
        return found
