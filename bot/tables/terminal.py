"""`skald demo --db` and `skald play --db`: terminal games through the table service.

Every move is committed to the SQLite file before the next is asked for, so a game stopped
by 'quit', Ctrl-C or a crash resumes from the same file: the newest unfinished game of that
kind, or the one named with `--game-id`. Terminal games live in guild 0, channel 0; the
person at seat N is user N + 1; AI seats are the service's own AI seats.

With a relay, a terminal game publishes under a namespace of its own (`terminal_namespace`)
instead of guild 0, so two terminal games on one broker never overwrite each other.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import os
import secrets
import socket
import sys
import threading
from collections.abc import Callable, Sequence
from contextlib import AsyncExitStack
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bot.names import name_seats
from bot.notify import PrivateUpdate, PublicUpdate
from bot.store import describe, is_postgres
from bot.tables.errors import NoSuchGame
from bot.tables.service import Tables
from bot.tables.types import LOBBY, RUNNING, GameInfo
from engine import registry
from engine.errors import BadOptions, SkaldError
from renderer.text import render_outcome, render_view, seat_name

if TYPE_CHECKING:
    from bot.relay.settings import RelaySettings

HUMAN = "human"
TERMINAL_GUILD = 0
TERMINAL_CHANNEL = 0
HOST = 1
QUIT_WORDS = frozenset({"quit", "exit"})
HELP_WORDS = frozenset({"?", "help", "moves"})
UNDO_WORD = "undo"

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
    players_asked: bool = True  # the seat count was given: a stored game with another count is refused

    def name(self, seat: int) -> str:
        return display_name(self.names, seat)


def display_name(names: Sequence[str], seat: int) -> str:
    """The name given for `seat`, or "Player N" when none (or a blank one) was given."""
    given = names[seat].strip() if seat < len(names) else ""
    return given or f"Player {seat + 1}"


def terminal_namespace(db_path: Path | str | None) -> str:
    """The relay topic level of terminal games: one per database file (the same file, the same
    namespace, so a resumed game goes on where a screen follows it), else one per run.

    The host name is hashed in so that two machines with the same path on one broker differ.
    """
    if db_path is None:
        return f"term-{secrets.token_hex(4)}"
    where = f"{socket.gethostname()}:{describe(db_path) if is_postgres(db_path) else Path(db_path).resolve()}"
    return f"term-{hashlib.sha256(where.encode()).hexdigest()[:8]}"


class Screen:
    """The terminal's output, which notices a reader that went away (`skald demo ... | head`).

    Once the pipe is closed nothing more is written, so no notifier fails on it; the game
    loop checks `closed` and stops.
    """

    def __init__(self, write: Write) -> None:
        self._write = write
        self.closed = False

    def __call__(self, text: str) -> None:
        if self.closed:
            return
        try:
            self._write(text)
        except BrokenPipeError:
            self.closed = True


def read_line(prompt: str) -> str:
    """`input(prompt)`, safe to leave waiting in a daemon thread when the process ends (Ctrl-C).

    On a terminal `input` reads through readline and C stdio, which is safe. From a pipe it
    would read `sys.stdin` holding its buffer's lock, and an interpreter that exits while a
    thread holds that lock aborts; so a pipe is read from the file descriptor instead, a byte at
    a time up to the newline (nothing else reads stdin, so nothing is left in a buffer).
    """
    if sys.stdin.isatty():
        return input(prompt)
    sys.stdout.write(prompt)
    sys.stdout.flush()
    line = bytearray()
    while (byte := os.read(sys.stdin.fileno(), 1)) and byte != b"\n":
        line += byte
    if not byte and not line:
        raise EOFError
    return line.decode(errors="replace").rstrip("\r")


async def ask(read: Read, prompt: str) -> str:
    """`read(prompt)` in a daemon thread, so the event loop (AI seats, the relay) goes on meanwhile.

    Not `asyncio.to_thread`: at exit, after Ctrl-C, Python waits for the threads of the loop's
    pool, and this one may wait for a line that never comes.
    """
    loop = asyncio.get_running_loop()
    answer: asyncio.Future[str] = loop.create_future()

    def settle(text: str, error: BaseException | None) -> None:
        if answer.done():  # cancelled meanwhile (Ctrl-C)
            return
        if error is not None:
            answer.set_exception(error)
        else:
            answer.set_result(text)

    def wait_for_line() -> None:
        try:
            text, error = read(prompt), None
        except BaseException as failure:  # EOFError at the end of input, above all
            text, error = "", failure
        with contextlib.suppress(RuntimeError):  # the loop is already closed: nobody is waiting
            loop.call_soon_threadsafe(settle, text, error)

    threading.Thread(target=wait_for_line, name="skald-input", daemon=True).start()
    return await answer


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
            info = await tables.create_lobby(guild_id=TERMINAL_GUILD, channel_id=TERMINAL_CHANNEL, host_id=HOST,
                                             host_name=wanted.name(0), game=wanted.game, options=wanted.options,
                                             host_plays=wanted.kinds[0] == HUMAN)
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


async def play_saved(db_path: Path | str, wanted: SavedGame, read: Read, write: Write, *, demo: bool,
                     clear: str = "", mqtt: RelaySettings | None = None, throwaway: bool = False,
                     ) -> dict[str, Any] | None:
    """Play (or watch) a saved game to its end; returns the outcome, or None if stopped first.

    `mqtt`: the game is also published through the MQTT relay (docs/relay.md), under the
    settings' namespace if they have one, else under this file's (`terminal_namespace`).
    `throwaway`: the file is deleted afterwards, so nobody is told the game is saved.
    Raises BrokenPipeError, after closing everything, when the output went away.
    """
    screen = Screen(write)
    outcome = await _play_saved(db_path, wanted, read, screen, demo=demo, clear=clear, mqtt=mqtt,
                                throwaway=throwaway)
    if screen.closed:
        raise BrokenPipeError("the output was closed")
    return outcome


async def _play_saved(db_path: Path | str, wanted: SavedGame, read: Read, screen: Screen, *, demo: bool,
                      clear: str, mqtt: RelaySettings | None, throwaway: bool) -> dict[str, Any] | None:
    tables = await Tables.open(db_path)
    names: list[str] = []
    write = naming(names, screen)
    tables.attach(Teller(write))
    relay = AsyncExitStack()
    kept = "" if throwaway else "; it is saved: run the same command to go on"
    info: GameInfo | None = None
    try:
        if mqtt is not None:
            from bot.relay.relay import relay_attached  # only a relayed game loads the MQTT client

            if mqtt.namespace is None:
                mqtt = replace(mqtt, namespace=terminal_namespace(None if throwaway else db_path))
            write(f"MQTT relay: publishing to {mqtt.url} under {mqtt.prefix}/{mqtt.namespace}/<game id>/"
                  f"{'{state,events,picture}' if mqtt.pictures else '{state,events}'}.")
            await relay.enter_async_context(relay_attached(tables, mqtt, report=write))
        info = await find_or_create(tables, wanted, write)
        names.extend(seat.name for seat in info.seats)
        humans = [seat.seat for seat in info.seats if seat.user_id is not None]
        if demo and humans:
            raise BadOptions(f"Game #{info.game_id} has people at its seats; continue it with `skald play`.")
        write(f"{info.title}, {len(names)} players, saved in {describe(db_path)}. Type '?' for your moves, "
              "'quit' to stop.")
        await tables.resume()
        shown: int | None = None
        while True:
            await tables.drain()
            if screen.closed:
                return None
            info = await tables.game(info.game_id)
            if info.status != RUNNING:
                break
            seat = min(info.to_move)
            user = info.seats[seat].user_id
            assert user is not None  # AI seats have all moved by now
            if shown != seat and len(humans) > 1:
                write(clear + "-" * 40)
                await ask(read, f"Pass the device to {seat_name(names, seat)} and press Enter. ")
            shown = seat
            if not await _person_moves(tables, info, seat, user, names, read, write):
                write(f"Game #{info.game_id} stopped{kept}.")
                return None
        final = await tables.table_view(info.game_id, None)
        write("")
        write(render_view(final.view, names))
        if info.outcome is not None:
            write(render_outcome(info.outcome, names))
        return info.outcome
    except EOFError:
        write(f"Input ended{'' if throwaway else '; the game is saved'}.")
        return None
    except asyncio.CancelledError:  # Ctrl-C: asyncio.run cancels this, then raises KeyboardInterrupt
        if info is not None:
            write(f"\nGame #{info.game_id} stopped{kept}.")
        raise
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
        text = (await ask(read, f"{seat_name(names, seat)}> ")).strip()
        if not text:
            continue
        if text.lower() in QUIT_WORDS:
            return False
        if text.lower() in HELP_WORDS:
            write("Your moves:\n" + "\n".join(f"  {m.text}" for m in table.legal_moves)
                  + "\n  (undo takes back your last move while it revealed nothing and nobody acted since)")
            continue
        try:
            if text.lower() == UNDO_WORD:
                result = await tables.undo(info.game_id, user)
            else:
                result = await tables.move(info.game_id, user, table.state_id, text)
        except SkaldError as error:
            write(f"Not allowed: {error.reason}")
            continue
        for line in result.events:
            write(f"  (only you) {line}" if line in result.private_events else line)
        return True
