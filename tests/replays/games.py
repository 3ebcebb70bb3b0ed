"""Stored games for the replay tests: real games through the real table service and SQLite file,
every seat (the host's too) played by the engine's AI, and the same game rebuilt independently."""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.replays import GameLog, load_log
from bot.store import MoveRow
from bot.tables import StaleBoard, Tables
from bot.tables.types import NewTable
from engine import registry

GUILD, CHANNEL, HOST = 7, 8, 700
# A name with an emoji and one with letters beyond ASCII: captions must draw what they can.
NAMES = ("Ástríðr 🛡️", "Bjorn", "Sigrid", "Ulfhild the Far-Travelled", "Eirik")


@dataclass(frozen=True)
class Case:
    """A game to store: which, how many seats, the AI kind everyone plays, options, seed; with
    `resign_at`, the host resigns once that many changes are logged; `stop_at` leaves it running."""

    name: str
    game: str
    players: int
    kind: str
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    resign_at: int | None = None
    stop_at: int | None = None


@dataclass(frozen=True)
class Played:
    """A stored game, its log as `bot.replays` reads it, its raw rows, and every state it went through."""

    case: Case
    db: Path
    game_id: int
    log: GameLog
    rows: tuple[MoveRow, ...]
    states: tuple[Any, ...]  # after 0, 1, 2 ... changes (table actions leave the state as it was)

    @property
    def names(self) -> list[str]:
        return self.log.names

    def private_lines(self) -> set[str]:
        return {text for row in self.rows for text, seats in row.events if seats is not None}

    def move_texts(self) -> set[str]:
        return {row.text for row in self.rows if row.kind == "move"}


async def play_stored(case: Case, db: Path) -> Played:
    """Play `case` into the SQLite file `db` through `Tables` and read it back."""
    engine = registry.get(case.game)
    ai = engine.ai_players()[case.kind]
    tables = await Tables.open(db)
    try:
        info = await tables.lobby.create(NewTable(guild_id=GUILD, channel_id=CHANNEL, host_id=HOST, host_name=NAMES[0],
                                                  game=case.game, options=case.options))
        game_id = info.game_id
        for seat in range(1, case.players):
            await tables.lobby.add_ai(game_id, HOST, case.kind, name=NAMES[seat])
        await tables.lobby.start(game_id, HOST, seed=case.seed)
        # The host's seat is a person to the service; the test plays it with the AI, on a state it
        # keeps in step with the log.
        states = [engine.setup(case.players, case.options, case.seed)]
        seen = 0
        while True:
            await tables.drain()
            for row in await tables.store.games.moves(game_id, after=seen):
                state = states[-1]
                if row.kind == "move":
                    assert row.seat is not None
                    state = engine.apply(state, row.seat, row.text).state
                states.append(state)
                seen = row.state_id
            game_row = await tables.store.games.game(game_id)
            assert game_row is not None
            if game_row.status != "running" or (case.stop_at is not None and seen >= case.stop_at):
                break
            if case.resign_at is not None and seen >= case.resign_at:
                await tables.play.resign(game_id, HOST)
            elif 0 in engine.to_move(states[-1]):
                with contextlib.suppress(StaleBoard):  # an AI seat moved meanwhile: look again
                    await tables.play.move(game_id, HOST, seen, ai.choose(states[-1], 0, case.seed + seen).text)
        log = await load_log(tables.store, game_id)
        rows = tuple(await tables.store.games.moves(game_id))
    finally:
        await tables.close()
    return Played(case, db, game_id, log, rows, tuple(states))


def spectator_views(played: Played) -> list[dict[str, Any]]:
    engine = registry.get(played.case.game)
    return [engine.view(state, None) for state in played.states]
