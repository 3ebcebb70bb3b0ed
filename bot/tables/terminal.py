"""`skald demo --db` and `skald play --db`: terminal games through the table service.

Every move is committed to the SQLite file before the next is asked for, so a game stopped
by 'quit', Ctrl-C or a crash resumes from the same file: the newest unfinished game of that
kind, or the one named with `--game-id`. Terminal games live in guild 0, channel 0; the
person at seat N is user N + 1; AI seats are the service's own AI seats.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from contextlib import AsyncExitStack
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.names import name_seats
from bot.notify import PrivateUpdate, PublicUpdate
from bot.relay import relay_attached
from bot.tables.service import Tables
from bot.tables.types import LOBBY, RUNNING, GameInfo
from engine import registry
from engine.errors import BadOptions, SkaldError
from renderer.text import render_outcome, render_view, seat_name

HUMAN = "human"
TERMINAL_GUILD = 0
TERMINAL_CHANNEL = 0
HOST = 1
QUIT_WORDS = frozenset({"quit", "exit"})
HELP_WORDS = frozenset({"?", "help", "moves"})

Write = Callable[[str], None]
Read = Callable[[str], str]


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

    def name(self, seat: int) -> str:
        return display_name(self.names, seat)


def display_name(names: Sequence[str], seat: int) -> str:
    """The name given for `seat`, or "Player N" when none (or a blank one) was given."""
    given = names[seat].strip() if seat < len(names) else ""
    return given or f"Player {seat + 1}"


@dataclass
class Teller:
    """A notifier printing the public lines of AI seats' moves; people's moves are told by the loop."""

    write: Write

    async def on_public(self, update: PublicUpdate) -> None:
        if update.actor is not None and update.seats[update.actor].ai is not None:
            for line in update.events:
                self.write(line)

    async def on_private(self, update: PrivateUpdate) -> None:
        return None  # private lines go only to the person at the keyboard, when it is their turn

    async def on_deleted(self, guild_id: int, game_id: int) -> None:
        return None


async def _seat_everyone(tables: Tables, info: GameInfo, wanted: SavedGame) -> GameInfo:
    """Fill a lobby's seats as asked (again, if a crash stopped it midway) and start it."""
    for seat in range(len(info.seats), wanted.players):
        kind = wanted.kinds[seat]
        if kind == HUMAN:
            info = await tables.join(info.game_id, seat + 1, wanted.name(seat))
        else:
            info = await tables.add_ai(info.game_id, HOST, kind, wanted.name(seat))
    return await tables.start(info.game_id, HOST, seed=wanted.seed)


async def find_or_create(tables: Tables, wanted: SavedGame, write: Write) -> GameInfo:
    """The game named by id, else the newest unfinished one of that kind, else a new one."""
    if wanted.game_id is not None:
        info = await tables.game(wanted.game_id)
        if info.game != registry.get(wanted.game).name:
            raise BadOptions(f"Game #{info.game_id} is a game of {info.title}, not {wanted.game}.")
    else:
        key = registry.get(wanted.game).name
        found = await tables.list_games(TERMINAL_GUILD, channel_id=TERMINAL_CHANNEL, game=key)
        if found:
            info = found[0]
        else:
            info = await tables.create_lobby(guild_id=TERMINAL_GUILD, channel_id=TERMINAL_CHANNEL, host_id=HOST,
                                             host_name=wanted.name(0), game=wanted.game, options=wanted.options,
                                             host_plays=wanted.kinds[0] == HUMAN)
            write(f"New game #{info.game_id}.")
            return await _seat_everyone(tables, info, wanted)
    if info.status == LOBBY:
        return await _seat_everyone(tables, info, wanted)
    write(f"Resuming game #{info.game_id} at board {info.state_id}.")
    return info


async def play_saved(db_path: Path | str, wanted: SavedGame, read: Read, write: Write, *, demo: bool,
                     clear: str = "", mqtt: str | None = None) -> dict[str, Any] | None:
    """Play (or watch) a saved game to its end; returns the outcome, or None if stopped first.

    `mqtt`: a broker URL; the game is also published through the MQTT relay (docs/relay.md).
    """
    tables = await Tables.open(db_path)
    names: list[str] = []
    write = naming(names, write)
    tables.attach(Teller(write))
    relay = AsyncExitStack()
    try:
        await relay.enter_async_context(relay_attached(tables, mqtt, report=write))
        info = await find_or_create(tables, wanted, write)
        names.extend(seat.name for seat in info.seats)
        humans = [seat.seat for seat in info.seats if seat.user_id is not None]
        if demo and humans:
            raise BadOptions(f"Game #{info.game_id} has people at its seats; continue it with `skald play`.")
        write(f"{info.title}, {len(names)} players, saved in {db_path}. Type '?' for your moves, 'quit' to stop.")
        await tables.resume()
        shown: int | None = None
        while True:
            await tables.drain()
            info = await tables.game(info.game_id)
            if info.status != RUNNING:
                break
            seat = min(info.to_move)
            user = info.seats[seat].user_id
            assert user is not None  # AI seats have all moved by now
            if shown != seat and len(humans) > 1:
                write(clear + "-" * 40)
                await asyncio.to_thread(read, f"Pass the device to {seat_name(names, seat)} and press Enter. ")
            shown = seat
            if not await _person_moves(tables, info, seat, user, names, read, write):
                write(f"Game #{info.game_id} stopped; it is saved: run the same command to go on.")
                return None
        final = await tables.table_view(info.game_id, None)
        write("")
        write(render_view(final.view, names))
        if info.outcome is not None:
            write(render_outcome(info.outcome, names))
        return info.outcome
    except EOFError:
        write("Input ended; the game is saved.")
        return None
    finally:
        await tables.close()
        await relay.aclose()  # after the service: AI moves still in flight are published too


def naming(names: Sequence[str], write: Write) -> Write:
    """`write` with the engine's "Seat N" replaced by the seats' names (read at each call, so
    a list filled in later is honoured)."""
    return lambda text: write(name_seats(text, names))


async def _person_moves(tables: Tables, info: GameInfo, seat: int, user: int, names: list[str],
                        read: Read, write: Write) -> bool:
    """Ask until the seat's move is accepted; False when the person quits."""
    table = await tables.table_view(info.game_id, user)
    write(render_view(table.view, names))
    while True:
        text = (await asyncio.to_thread(read, f"{seat_name(names, seat)}> ")).strip()
        if not text:
            continue
        if text.lower() in QUIT_WORDS:
            return False
        if text.lower() in HELP_WORDS:
            write("Your moves:\n" + "\n".join(f"  {m.text}" for m in table.legal_moves))
            continue
        try:
            result = await tables.move(info.game_id, user, table.state_id, text)
        except SkaldError as error:
            write(f"Not allowed: {error.reason}")
            continue
        for line in result.events:
            write(f"  (only you) {line}" if line in result.private_events else line)
        return True
