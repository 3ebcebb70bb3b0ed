"""Lobbies: opening a table, seats taken and left, AI seats, the start, calling off, expiry."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass, replace

from bot.holders import START, Holding, SeatHistory
from bot.kinds import Reason
from bot.store import SeatsTaken, StateConflict
from bot.store.records import JSON, SeatSpec, Timer
from bot.tables import clocks
from bot.tables.checks import require_free_seat, require_host, require_lobby
from bot.tables.clocks import POLICIES
from bot.tables.errors import (
    AlreadySeated,
    AlreadyStarted,
    GameFull,
    GameUnavailable,
    NoSuchGame,
    NotAllowed,
    NotInGame,
    TooFewPlayers,
    TooManyTables,
    UnknownAI,
    Unreliable,
)
from bot.tables.gate import Gate
from bot.tables.servers import Servers
from bot.tables.settings import ServerSettings
from bot.tables.table import Table
from bot.tables.types import (
    CANCELLED,
    LOBBY,
    RUNNING,
    GameInfo,
    NewTable,
    Rematch,
)
from engine.core import validate_options
from engine.errors import BadOptions

log = logging.getLogger(__name__)

LOBBY_EXPIRY = "lobby_expiry"  # timer kind


@dataclass(frozen=True)
class _Terms:
    """A new table's terms as checked."""

    game: str
    options: JSON
    clock: str
    timeout_policy: str
    min_reliability: int
    settings: ServerSettings


class Lobby:
    """Open, seat, start and call off games, over the gate."""

    def __init__(self, gate: Gate, servers: Servers) -> None:
        self.gate = gate
        self.servers = servers

    async def create(self, new: NewTable) -> GameInfo:
        """A new lobby for `new.game` with the host in seat 0 (or not seated); options are
        checked by the engine, the terms by the server's settings."""
        gate = self.gate
        terms = await self._terms(new)
        await self._check_limits(new.guild_id, new.host_id if new.host_plays else None, terms.settings)
        now = gate.clock()
        if new.dm_ok is not None:
            await gate.store.settings.set_dm_ok(new.host_id, new.dm_ok, now)
        game_id = await gate.store.games.create_game(guild_id=new.guild_id, channel_id=new.channel_id,
                                               host_id=new.host_id,
                                               host_name=new.host_name if new.host_plays else None,
                                               game=terms.game, options=terms.options, now=now, clock=terms.clock,
                                               timeout_policy=terms.timeout_policy, rematch_of=new.rematch_of,
                                               min_reliability=terms.min_reliability)
        await gate.set_timer(game_id, LOBBY_EXPIRY, now + terms.settings.lobby_expiry_hours * 3600)
        async with gate.locked(game_id) as table:
            await gate.publisher.publish(table, reason=Reason.CREATE)
            return table.info()

    async def open_seated(self, new: NewTable, seats: Sequence[SeatSpec], origin: str) -> GameInfo:
        """A lobby opened with every seat taken, for `origin` (what it is opened for: a tournament's
        table), on the same terms `create` checks; the host does not sit. Opened once: the same
        origin finds the same game again, so a retry after a crash opens nothing new. Its opener
        starts it (no expiry timer), and the server's limits on open tables don't refuse it: the
        event that pairs it must be able to play its round."""
        terms = await self._terms(new)
        engine = self.gate.games(terms.game)
        if not engine.min_players <= len(seats) <= engine.max_players:
            raise TooFewPlayers(f"{engine.title} seats {engine.min_players}–{engine.max_players} players, "
                                f"not {len(seats)}.")
        game_id = await self.gate.store.games.create_game(
            guild_id=new.guild_id, channel_id=new.channel_id, host_id=new.host_id, host_name=None, game=terms.game,
            options=terms.options, now=self.gate.clock(), clock=terms.clock, timeout_policy=terms.timeout_policy,
            min_reliability=terms.min_reliability, seats=seats, origin=origin)
        return (await self.gate.read(game_id)).info()

    async def _terms(self, new: NewTable) -> _Terms:
        """The table's terms, checked: options by the engine, the clock, the timeout policy and the
        least reliability against the server's settings (BadOptions, in words, for each refusal)."""
        engine = self.gate.games(new.game)
        chosen = validate_options(engine.options(), new.options)
        # Options the engine can't play are refused now, not at Start after people joined.
        engine.setup(engine.min_players, chosen, 0)
        settings = await self.servers.settings(new.guild_id)
        try:
            clock = clocks.check(settings.clock if new.clock is None else new.clock)
        except clocks.BadClock as error:
            raise BadOptions(str(error)) from None
        timeout_policy = settings.timeout_policy if new.timeout_policy is None else new.timeout_policy
        if timeout_policy not in POLICIES:
            raise BadOptions(f"When time runs out, choose {' or '.join(POLICIES)}, not {timeout_policy!r}.")
        minimum = settings.min_reliability if new.min_reliability is None else new.min_reliability
        if not 0 <= minimum <= 100:
            raise BadOptions(f"A minimum reliability is a percentage from 0 to 100, not {minimum}.")
        return _Terms(engine.name, chosen, clock, timeout_policy, minimum, settings)

    async def rematch(self, game_id: int, user_id: int, is_admin: bool = False) -> Rematch:
        """A new lobby for a game that ended: the same game, options, clock, thread pings and seats in the same
        order (people and AIs of the same kind), hosted by whoever asked (a player of it, or an
        admin). A second request finds the first rematch's lobby while it is open (`new` False)."""
        async with self.gate.locked(game_id) as old:
            if old.row.status in (LOBBY, RUNNING):
                raise NotAllowed(f"Game #{game_id} hasn't ended yet; a rematch opens once it has.")
            if old.row.status == CANCELLED:
                raise NotAllowed(f"Game #{game_id} never started; open a new table with `/play`.")
            if old.seat_of(user_id) is None and not is_admin:
                raise NotInGame(f"Only the players of game #{game_id} can ask for its rematch.")
            # The database says whether one is open already, so a click after a restart (or on
            # another process) finds it too.
            earlier = await self.gate.store.games.rematch(game_id)
            if earlier is not None:
                info = (await self.gate.read(earlier)).info()
                if info.status == LOBBY:
                    return Rematch(info, (), new=False)
            row = old.row
            info = await self.create(NewTable(guild_id=row.guild_id, channel_id=row.channel_id, host_id=user_id,
                                              host_name="", game=row.game, options=dict(row.options),
                                              host_plays=False, clock=row.clock, timeout_policy=row.timeout_policy,
                                              min_reliability=row.min_reliability, rematch_of=game_id))
            if row.thread_pings is not None:  # the table's choice of thread pings, as its clock, carries over
                await self.gate.set_field(info.game_id, "thread_pings", row.thread_pings)
                info = replace(info, thread_pings=row.thread_pings)
            left_out: list[str] = []
            for seat in old.seats:
                try:
                    if seat.user_id is not None:
                        info = await self.join(info.game_id, seat.user_id, seat.name)
                    elif seat.ai is not None:
                        info = await self.add_ai(info.game_id, user_id, seat.ai, seat.name)
                except (TooManyTables, Unreliable):
                    left_out.append(seat.name)
            return Rematch(info, tuple(left_out), new=True)

    async def set_lobby_message(self, game_id: int, message_id: int | None) -> None:
        await self.gate.set_field(game_id, "lobby_message_id", message_id)

    async def join(self, game_id: int, user_id: int, name: str, dm_ok: bool | None = None) -> GameInfo:
        """Take the next free seat of a lobby."""
        async with self.gate.locked(game_id) as table:
            require_lobby(table)
            if table.seat_of(user_id) is not None:
                raise AlreadySeated(f"You already have a seat in game #{game_id}.")
            require_free_seat(table)
            settings = await self.servers.settings(table.row.guild_id)
            await self._check_limits(table.row.guild_id, user_id, settings, per_server=False)
            await self._check_reliability(table, user_id)
            now = self.gate.clock()
            if dm_ok is not None:
                await self.gate.store.settings.set_dm_ok(user_id, dm_ok, now)
            await self._seat(table, name=name, user_id=user_id, ai=None, now=now)
            await self._lobby_changed(table, now, settings)
            await self.gate.publisher.publish(table, reason=Reason.JOIN)
            return table.info()

    async def leave(self, game_id: int, user_id: int) -> GameInfo:
        """Give up a lobby seat; the host leaving cancels the lobby."""
        async with self.gate.locked(game_id) as table:
            require_lobby(table)
            seat = table.seat_of(user_id)
            if seat is None:
                raise NotInGame(f"You have no seat in game #{game_id}.")
            if user_id == table.row.host_id:
                return await self._cancel(table)
            now = self.gate.clock()
            try:
                await self.gate.store.games.remove_seat(game_id, seat, now)
            except StateConflict:
                self.gate.cache.drop(game_id)
                raise AlreadyStarted(f"Game #{game_id} has already started.") from None
            await self._lobby_changed(table, now, await self.servers.settings(table.row.guild_id))
            await self.gate.publisher.publish(table, reason=Reason.LEAVE)
            return table.info()

    async def add_ai(self, game_id: int, by_user_id: int, kind: str = "random", name: str | None = None) -> GameInfo:
        """The host fills a seat with an AI of `kind` (one of the game's `ai_players()`),
        called `name` (default: "<kind> AI", numbered if there are several)."""
        async with self.gate.locked(game_id) as table:
            require_lobby(table)
            require_host(table, by_user_id, False, "add an AI seat")
            kinds = table.engine.ai_players()
            if kind not in kinds:
                raise UnknownAI(f"{table.engine.title} has no AI called {kind!r}; try: {', '.join(sorted(kinds))}.")
            require_free_seat(table)
            same = sum(1 for s in table.seats if s.ai == kind)
            name = name or f"{kind} AI" + (f" {same + 1}" if same else "")
            now = self.gate.clock()
            await self._seat(table, name=name, user_id=None, ai=kind, now=now)
            await self._lobby_changed(table, now, await self.servers.settings(table.row.guild_id))
            await self.gate.publisher.publish(table, reason=Reason.AI)
            return table.info()

    async def start(self, game_id: int, by_user_id: int, thread_id: int | None = None,
                    seed: int | None = None) -> GameInfo:
        """The host starts the game with the seats taken; the seed is random unless given."""
        async with self.gate.locked(game_id) as table:
            require_lobby(table)
            require_host(table, by_user_id, False, "start the game")
            engine = table.engine
            if len(table.seats) < engine.min_players:
                raise TooFewPlayers(f"{engine.title} needs at least {engine.min_players} players; "
                                    f"{len(table.seats)} seated.")
            if seed is None:
                seed = self.gate.seeds()
            state = engine.setup(len(table.seats), table.row.options, seed)
            to_move = tuple(sorted(engine.to_move(state)))
            now = self.gate.clock()
            holders = [Holding(s.seat, 0, s.name, START, user_id=s.user_id, ai=s.ai) for s in table.seats]
            # The clocks of the seats to act from the start begin now, with the game.
            writes = clocks.transition(clocks.preset(table.row.clock), {}, clocks.Handover(set(), set(to_move), 0),
                                       table.timed(), await self.gate.absences.paused(table), now)
            writes = await self.gate.absences.resumes(table, writes)
            try:
                await self.gate.store.games.start_game(game_id, seed=seed, thread_id=thread_id,
                                                       state=engine.encode(state), now=now, to_move=to_move,
                                                       engine_version=engine.version, clocks=writes, holders=holders)
            except StateConflict:
                self.gate.cache.drop(game_id)
                raise AlreadyStarted(f"Game #{game_id} has already started.") from None
            except BaseException:
                self.gate.cache.drop(game_id)
                raise
            table.row = replace(table.row, status=RUNNING, seed=seed, state_id=0, updated_at=now, to_move=to_move,
                                engine_version=engine.version,
                                thread_id=table.row.thread_id if thread_id is None else thread_id)
            table.state = state
            table.since_snapshot = 0
            table.holders = SeatHistory(holders)
            table.clocks = {c.seat: c for c in writes.clocks}
            await self.gate.absences.mark(table)
            for timer in writes.timers:
                await self.gate.scheduler.changed(timer.due_at)
            await self.gate.publish(table, reason=Reason.START, private_to=table.humans())
            return table.info()

    async def cancel(self, game_id: int, user_id: int, is_admin: bool = False) -> GameInfo:
        """The host (or an admin) calls off a lobby."""
        async with self.gate.locked(game_id) as table:
            require_lobby(table)
            require_host(table, user_id, is_admin, "cancel this lobby")
            return await self._cancel(table)

    async def _cancel(self, table: Table, reason: Reason = Reason.CANCEL) -> GameInfo:
        now = self.gate.clock()
        try:
            await self.gate.store.games.close_lobby(table.game_id, CANCELLED, now)
        except StateConflict:
            self.gate.cache.drop(table.game_id)
            raise AlreadyStarted(f"Game #{table.game_id} has already started.") from None
        table.row = replace(table.row, status=CANCELLED, updated_at=now)
        await self.gate.publisher.publish(table, reason=reason)
        await self.gate.publisher.deleted(table.row.guild_id, table.game_id)
        return table.info()

    async def require_reliable(self, game_id: int, user_id: int) -> None:
        """Unreliable if the lobby asks for more reliability than the person has (adapters ask
        before a welcome DM; `join` checks again)."""
        await self._check_reliability(await self.gate.read(game_id), user_id)

    async def _check_reliability(self, table: Table, user_id: int) -> None:
        await self.servers.require_reliable(table.row.guild_id, user_id, table.row.min_reliability, "This table")

    async def _check_limits(self, guild_id: int, user_id: int | None, settings: ServerSettings,
                            per_server: bool = True) -> None:
        store = self.gate.store
        if per_server and await store.games.count_active(guild_id=guild_id) >= settings.max_tables:
            raise TooManyTables(f"This server has {settings.max_tables} open tables already, its limit; finish or "
                                "cancel one first.")
        if user_id is not None and \
                await store.games.count_active(guild_id=guild_id, user_id=user_id) >= settings.max_tables_per_player:
            raise TooManyTables(f"You already play at {settings.max_tables_per_player} open tables here, the "
                                "limit; finish or leave one first.")

    async def _seat(self, table: Table, *, name: str, user_id: int | None, ai: str | None, now: float) -> None:
        """Take the next seat; the store checks status and seat count in the same transaction."""
        try:
            await self.gate.store.games.add_seat(table.game_id, name=name, user_id=user_id, ai=ai, now=now,
                                           max_seats=table.engine.max_players)
        except SeatsTaken:
            self.gate.cache.drop(table.game_id)
            raise GameFull(f"Game #{table.game_id} is full ({table.engine.max_players} seats).") from None
        except StateConflict:
            self.gate.cache.drop(table.game_id)
            raise AlreadyStarted(f"Game #{table.game_id} has already started.") from None

    async def _lobby_changed(self, table: Table, now: float, settings: ServerSettings) -> None:
        """Re-read the seats; an idle lobby expires `lobby_expiry_hours` after its last change."""
        await self.gate.reload_seats(table, now)
        await self.gate.set_timer(table.game_id, LOBBY_EXPIRY, now + settings.lobby_expiry_hours * 3600)

    async def on_expiry(self, timer: Timer) -> None:
        try:
            if await self.expire_lobby(timer.game_id, timer.due_at):
                log.info("lobby %d was idle too long and is called off", timer.game_id)
        except (NoSuchGame, GameUnavailable):
            pass

    async def expire_lobby(self, game_id: int, due_at: float) -> bool:
        """Cancel a lobby left idle past its expiry (a timer fired); False when it changed meanwhile."""
        async with self.gate.locked(game_id) as table:
            settings = await self.servers.settings(table.row.guild_id)
            if table.row.status != LOBBY or table.row.updated_at + settings.lobby_expiry_hours * 3600 > due_at + 1:
                return False
            await self._cancel(table, reason=Reason.EXPIRE)
            return True
