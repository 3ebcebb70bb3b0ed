"""A game's history for its replay scrubber: the spectator view before the first change and after
each one, with the public lines each change told.

Built on the server from the whole move log and the seed (`Reader.record`), as the GIF replays
are (bot/replays.py): the same `standing` log (moves taken back, and the undos that took them
back, left out: a replay shows what stood), the same `Views`, which keep a state every 64
changes and make each view when asked. Unlike a GIF replay, a running game has one too: the seed
and the move texts stay here, and only spectator views and public lines go out, which is what
every spectator was shown as the game went.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

from bot import replays
from bot.holders import Holding
from bot.kinds import Status
from bot.move_log import MoveFailed, replay
from bot.names import name_seats
from bot.replays import CHECKPOINT_EVERY, Change, GameLog, NotReplayable, Player, Views
from bot.store import GameRecord
from engine import registry

JSON = dict[str, Any]


@dataclass(frozen=True)
class Step:
    """One position of the scrubber: 0 is the start, `total` the last change standing."""

    index: int
    total: int
    view: JSON  # the spectator view after the change (before any, at 0)
    lines: tuple[str, ...]  # the public lines the change told, seats named
    names: tuple[str, ...]  # the seats' holders on the board after it
    label: str


class History:
    """The steps of one game as it stood at `state_id` (a running game's grows: make a new one)."""

    def __init__(self, log: GameLog, views: Views, state_id: int) -> None:
        self.log = log
        self.views = views
        self.state_id = state_id
        self._lock = asyncio.Lock()  # `Views` goes on from the view it made last: one at a time

    @property
    def total(self) -> int:
        return len(self.log.changes)

    def step(self, index: int) -> Step:
        """Step `index` (IndexError out of range); CPU work: call it off the event loop."""
        if not 0 <= index <= self.total:
            raise IndexError(f"no step {index} of {self.total}")
        view = self.views[index]
        if index == 0:
            return Step(0, self.total, view, (), tuple(self.log.names_at(0)), "Start")
        change = self.log.changes[index - 1]
        lines = tuple(name_seats(line, self.log.names_at(change.state_id)) for line in change.public)
        return Step(index, self.total, view, lines, tuple(self.log.names_at(change.state_id + 1)),
                    f"Change {index} of {self.total}")

    async def at(self, index: int) -> Step:
        async with self._lock:
            return await asyncio.to_thread(self.step, index)


def history(record: GameRecord) -> History:
    """The steps of a stored game; NotReplayable for one never started, NoLongerReplays for a log
    that no longer replays under these rules. CPU work: call it off the event loop."""
    row = record.game
    if row.seed is None or row.status in (Status.LOBBY, Status.CANCELLED):
        raise NotReplayable(f"Game #{row.id} never started: there is nothing to show.")
    game = registry.get(row.game)
    log = GameLog(
        game=row.game, title=game.title, status=row.status, options=dict(row.options),
        engine_version=row.engine_version, seed=row.seed,
        players=tuple(Player(seat.seat, seat.name, seat.ai) for seat in record.seats),
        changes=tuple(Change(c.state_id, c.seat, c.kind, c.text, tuple(t for t, seats in c.events if seats is None))
                      for c in record.moves),
        outcome=row.outcome, holders=tuple(Holding(h.seat, h.since, h.name, h.why, ai=h.ai) for h in record.holders),
    )
    log = replays.standing(log)
    start = game.setup(len(log.players), log.options, row.seed, row.engine_version)
    kept = [start]
    try:
        for index, replayed in enumerate(replay(game, start, log.changes, keep=0), start=1):
            if index % CHECKPOINT_EVERY == 0:
                kept.append(replayed.state)
    except MoveFailed as failed:
        # Which change, never the engine's reason: it may name hidden cards.
        raise replays.NoLongerReplays(f"Change {failed.change.state_id} no longer replays under this version "
                                      "of the rules.") from None
    return History(log, Views(game, log.changes, kept), row.state_id)
