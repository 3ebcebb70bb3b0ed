"""`skald demo --db` and `skald play --db`: terminal games through the table service.

Every move is committed to the database (an SQLite file, or a postgresql:// URL) before the
next is asked for, so a game stopped by 'quit', Ctrl-C or a crash resumes from the same one:
the newest unfinished game of that kind, or the one named with `--game-id`. Terminal games live
in guild 0, channel 0; the person at seat N is user N + 1; AI seats are the service's own AI
seats. The game is played by the terminal driver (driver.py), like a game held in memory.

With a relay, a terminal game publishes under a namespace of its own (`terminal_namespace`)
instead of guild 0, so two terminal games on one broker never overwrite each other.
"""

from __future__ import annotations

import hashlib
import secrets
import socket
from collections.abc import AsyncIterator, Sequence
from contextlib import AsyncExitStack, asynccontextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bot.notify import PublicUpdate
from bot.store import describe, is_postgres
from bot.tables.errors import NoSuchGame
from bot.tables.service import Tables
from bot.tables.types import LOBBY, RUNNING, GameInfo, MoveResult, NewTable
from bot.terminal.console import Read, Screen, Write
from bot.terminal.driver import HUMAN, JSON, STOP_WORDS, display_name, drive, heading
from engine import registry
from engine.core import Move
from engine.errors import BadOptions

if TYPE_CHECKING:
    from bot.relay.settings import RelaySettings

TERMINAL_GUILD = 0
TERMINAL_CHANNEL = 0
HOST = 1


@dataclass(frozen=True)
class SavedGame:
    """What the command line asked for: used to start a new game; a resumed one keeps its own."""

    game: str
    players: int
    options: dict[str, Any]
    kinds: Sequence[str]  # "human" or an AI kind, one per seat
    seed: int | None = None
    game_id: int | None = None
    names: Sequence[str] = ()  # display names by seat; missing ones are "Player N"
    players_asked: bool = True  # the seat count was given: a stored game with another count is refused

    def name(self, seat: int) -> str:
        return display_name(self.names, seat)


def terminal_namespace(db_path: Path | str | None) -> str:
    """The relay topic level of terminal games: one per database file (the same file, the same
    namespace, so a resumed game goes on where a screen follows it), else one per run.

    The host name is hashed in so that two machines with the same path on one broker differ.
    """
    if db_path is None:
        return f"term-{secrets.token_hex(4)}"
    where = f"{socket.gethostname()}:{describe(db_path) if is_postgres(db_path) else Path(db_path).resolve()}"
    return f"term-{hashlib.sha256(where.encode()).hexdigest()[:8]}"


@dataclass
class Teller:
    """A notifier printing the public lines of AI seats' moves; people's moves are told by the
    driver. No private updates: private lines go only to the person at the keyboard, when it is
    their turn."""

    write: Write

    async def on_public(self, update: PublicUpdate) -> None:
        if update.actor is not None and update.seats[update.actor].ai is not None:
            for line in update.events:
                self.write(line)

    async def on_deleted(self, guild_id: int, game_id: int) -> None:
        return None


async def _seat_everyone(tables: Tables, info: GameInfo, wanted: SavedGame) -> GameInfo:
    """Fill a lobby's seats as asked (again, if a crash stopped it midway) and start it."""
    for seat in range(len(info.seats), wanted.players):
        kind = wanted.kinds[seat]
        if kind == HUMAN:
            info = await tables.lobby.join(info.game_id, seat + 1, wanted.name(seat))
        else:
            info = await tables.lobby.add_ai(info.game_id, HOST, kind, wanted.name(seat))
    return await tables.lobby.start(info.game_id, HOST, seed=wanted.seed)


async def find_or_create(tables: Tables, wanted: SavedGame, write: Write) -> GameInfo:
    """The game named by id, else the newest unfinished one of that kind, else a new one.

    Refuses (BadOptions) an id that isn't in the file, a game of another kind, and a stored
    game with another seat count than the one asked for.
    """
    if wanted.game_id is not None:
        try:
            info = await tables.game(wanted.game_id)
        except NoSuchGame:
            raise BadOptions(f"There is no game #{wanted.game_id} in this file; leave --game-id out to go on with "
                             f"the newest unfinished game of {wanted.game} (or start one).") from None
        if info.game != registry.get(wanted.game).name:
            raise BadOptions(f"Game #{info.game_id} is a game of {info.title}, not {wanted.game}.")
    else:
        key = registry.get(wanted.game).name
        found = await tables.list_games(TERMINAL_GUILD, channel_id=TERMINAL_CHANNEL, game=key)
        if found:
            info = found[0]
        else:
            info = await tables.lobby.create(NewTable(guild_id=TERMINAL_GUILD, channel_id=TERMINAL_CHANNEL,
                                                      host_id=HOST, host_name=wanted.name(0), game=wanted.game,
                                                      options=wanted.options, host_plays=wanted.kinds[0] == HUMAN))
            write(f"New game #{info.game_id}.")
            return await _seat_everyone(tables, info, wanted)
    if info.status == LOBBY:
        return await _seat_everyone(tables, info, wanted)
    if wanted.players_asked and len(info.seats) != wanted.players:
        raise BadOptions(f"Game #{info.game_id} ({info.title}) in this file has {len(info.seats)} players, not "
                         f"{wanted.players}: go on with it without --players (or with --players "
                         f"{len(info.seats)}), or start a new game in another --db file.")
    write(f"Resuming game #{info.game_id} at board {info.state_id}.")
    return info


class SavedTable:
    """A saved game as the terminal driver plays it: every move goes through the table service."""

    stop_words = STOP_WORDS

    def __init__(self, tables: Tables, info: GameInfo, db_path: Path | str, throwaway: bool) -> None:
        self.tables = tables
        self.info = info
        self.db_path = db_path
        self.throwaway = throwaway
        self.state_id = info.state_id  # the board the person's move answers
        self.people = sum(seat.user_id is not None for seat in info.seats)

    @property
    def heading(self) -> str:
        players = len(self.info.seats)
        first = f"{self.info.title}, {players} player{'s' if players != 1 else ''}, saved in {describe(self.db_path)}"
        return heading(first, self.people, registry.get(self.info.game).options(), self.info.options)

    @property
    def stopped(self) -> str:
        kept = "" if self.throwaway else "; it is saved: run the same command to go on"
        return f"Game #{self.info.game_id} stopped{kept}."

    @property
    def input_ended(self) -> str:
        return f"Input ended{'' if self.throwaway else '; the game is saved'}."

    async def begin(self) -> None:
        await self.tables.resume()

    async def next_person(self, screen: Screen) -> int | None:
        await self.tables.drain()  # the AI seats' moves, told by the Teller
        if screen.closed:
            return None
        self.info = await self.tables.game(self.info.game_id)
        if self.info.status != RUNNING:
            return None
        seat = min(self.info.to_move)
        assert self.info.seats[seat].user_id is not None  # AI seats have all moved by now
        return seat

    def _user(self, seat: int) -> int:
        user = self.info.seats[seat].user_id
        assert user is not None
        return user

    async def turn(self, seat: int) -> tuple[JSON, Sequence[Move]]:
        table = await self.tables.table_view(self.info.game_id, self._user(seat))
        self.state_id = table.state_id
        return table.view, table.legal_moves

    async def move(self, seat: int, text: str) -> list[tuple[str, bool]]:
        return _lines(await self.tables.play.move(self.info.game_id, self._user(seat), self.state_id, text))

    async def undo(self, seat: int) -> list[tuple[str, bool]]:
        return _lines(await self.tables.undo.take_back(self.info.game_id, self._user(seat)))

    async def final(self) -> tuple[JSON, JSON | None]:
        table = await self.tables.table_view(self.info.game_id, None)
        return table.view, self.info.outcome


def _lines(result: MoveResult) -> list[tuple[str, bool]]:
    """The mover's lines of a committed change, each with whether it is private."""
    return [(line, line in result.private_events) for line in result.events]


@asynccontextmanager
async def saved_table(db_path: Path | str, wanted: SavedGame, screen: Screen, *, demo: bool,
                      mqtt: RelaySettings | None = None, throwaway: bool = False) -> AsyncIterator[SavedTable]:
    """The game `wanted` asks for in the file, with the service (and the relay) open around it.

    `mqtt`: the game is also published through the MQTT relay (docs/relay.md), under the
    settings' namespace if they have one, else under this file's (`terminal_namespace`).
    `throwaway`: the file is deleted afterwards, so nobody is told the game is saved.
    """
    tables = await Tables.open(db_path)
    tables.attach(Teller(screen))
    relay = AsyncExitStack()
    try:
        if mqtt is not None:
            from bot.relay.relay import relay_attached  # only a relayed game loads the MQTT client

            if mqtt.namespace is None:
                mqtt = replace(mqtt, namespace=terminal_namespace(None if throwaway else db_path))
            screen(f"MQTT relay: publishing to {mqtt.url} under {mqtt.prefix}/{mqtt.namespace}/<game id>/"
                   f"{'{state,events,picture}' if mqtt.pictures else '{state,events}'}.")
            await relay.enter_async_context(relay_attached(tables, mqtt, report=screen))
        info = await find_or_create(tables, wanted, screen)
        screen.names[:] = [seat.name for seat in info.seats]
        if demo and any(seat.user_id is not None for seat in info.seats):
            raise BadOptions(f"Game #{info.game_id} has people at its seats; continue it with `skald play`.")
        yield SavedTable(tables, info, db_path, throwaway)
    finally:
        await tables.close()
        await relay.aclose()  # after the service: AI moves still in flight are published too


async def play_saved(db_path: Path | str, wanted: SavedGame, read: Read, write: Write, *, demo: bool,
                     clear: str = "", mqtt: RelaySettings | None = None, throwaway: bool = False,
                     ) -> JSON | None:
    """Play (or watch) a saved game to its end; returns the outcome, or None if stopped first.

    Raises BrokenPipeError, after closing everything, when the output went away.
    """
    screen = Screen(write)
    async with saved_table(db_path, wanted, screen, demo=demo, mqtt=mqtt, throwaway=throwaway) as table:
        return await drive(table, read, screen, clear=clear)
