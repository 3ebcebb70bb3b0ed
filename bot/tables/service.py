"""The table service: every game's lifecycle, independent of Discord. See docs/tables.md.

`Tables` puts the operations together (core.py: loading, locks, commits, notices, AI seats;
lobby.py; play.py; undo.py; seating.py: clocks, stand-ins, absence, votes; looking.py) and wires the
timers they handle.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.store import Store
from bot.tables.ai_seats import ai_seed
from bot.tables.core import LOBBY_EXPIRY, GameLookup
from bot.tables.lobby import LobbyOps
from bot.tables.play import PlayOps
from bot.tables.records import Records
from bot.tables.undo import UndoOps
from engine import registry

__all__ = ["Tables", "ai_seed"]


class Tables(LobbyOps, PlayOps, UndoOps):
    """Create, seat, start, play and end games; tell the attached adapters after each commit."""

    def __init__(self, store: Store, *, cache_size: int = 256, snapshot_every: int = 25,
                 clock: Callable[[], float] | None = None, ai_concurrency: int = 4,
                 games: GameLookup = registry.get, seeds: Callable[[], int] | None = None) -> None:
        super().__init__(store, cache_size=cache_size, snapshot_every=snapshot_every, clock=clock,
                         ai_concurrency=ai_concurrency, games=games, seeds=seeds)
        self.records = Records(store, games)  # results, ratings and team records (docs/records.md)
        self.scheduler.handle(LOBBY_EXPIRY, self._on_lobby_expiry)
        for kind in ("half", "tenth"):
            self.scheduler.handle(kind, self._on_reminder)
        self.scheduler.handle("timeout", self._on_timeout)
        self.scheduler.handle("vote", self._on_vote_end)
        self.scheduler.handle("resume", self._on_resume)
