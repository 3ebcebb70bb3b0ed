"""Two table services on one PostgreSQL database, as two `skald run` processes would be: each
has its own connections, cache and asyncio locks, and only the database between them."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

import asyncpg
import pytest

from bot.kinds import Reason
from bot.notify import Notice
from bot.store import open_store
from bot.tables import MoveResult, StaleBoard, Tables
from bot.tables.audit import verify
from bot.tables.types import NewTable
from tests.tables.conftest import ALICE, BOB, CHANNEL, GUILD, Recorder, duel
from tests.tables.duel import games
from tests.tables.leader_child import leader_of

ROOT = Path(__file__).resolve().parents[2]


def as_process(url: str, name: str) -> str:
    """The database URL with an application name, so the server can tell the processes apart."""
    return f"{url}{'&' if '?' in url else '?'}application_name={name}"


@pytest.fixture
async def two(postgres: str) -> AsyncIterator[tuple[Tables, Tables]]:
    first = await Tables.open(as_process(postgres, "first"), games=games)
    second = await Tables.open(as_process(postgres, "second"), games=games)
    yield first, second
    await first.close()
    await second.close()


async def test_fifty_identical_moves_through_two_processes_apply_once(two: tuple[Tables, Tables]) -> None:
    first, second = two
    game_id = await duel(first)
    rune = (await second.table_view(game_id, ALICE)).view["hand"][0]
    clicks = [(first if i % 2 else second).play.move(game_id, ALICE, 0, f"lay {rune}") for i in range(50)]
    outcomes = await asyncio.gather(*clicks, return_exceptions=True)
    applied = [o for o in outcomes if isinstance(o, MoveResult)]
    stale = [o for o in outcomes if isinstance(o, StaleBoard)]
    assert len(applied) == 1 and len(stale) == 49, [o for o in outcomes if not isinstance(o, MoveResult | StaleBoard)]
    assert all(s.state_id == 1 for s in stale)
    assert len(await first.store.games.moves(game_id)) == 1
    assert (await first.game(game_id)).state_id == (await second.game(game_id)).state_id == 1


async def test_a_game_started_on_one_process_is_played_from_the_other(two: tuple[Tables, Tables]) -> None:
    first, second = two
    told = Recorder()
    second.attach(told)
    lobby = await first.lobby.create(NewTable(guild_id=GUILD, channel_id=CHANNEL, host_id=ALICE, host_name="Alice",
                                              game="duel", options={"rounds": 3}))
    await second.lobby.join(lobby.game_id, BOB, "Bob")  # the first process's cached lobby is stale now
    assert [s.name for s in (await first.game(lobby.game_id)).seats] == ["Alice", "Bob"]
    await first.lobby.start(lobby.game_id, ALICE, seed=11)
    moves = 0
    while (info := await second.game(lobby.game_id)).status == "running":
        user = info.seats[info.to_move[0]].user_id
        assert user is not None
        # Alice plays through the first process, Bob through the second; each sees the other's moves.
        tables = first if user == ALICE else second
        view = await tables.table_view(lobby.game_id, user)
        assert view.state_id == moves
        await tables.play.move(lobby.game_id, user, view.state_id, view.legal_moves[0].text)
        moves += 1
    assert moves == 6 and (await first.game(lobby.game_id)).status == "finished"
    assert [u.state_id for u in told.public if u.reason == "move"] == [2, 4, 6]  # Bob's moves, told where made
    assert (await verify(first.store, games)).ok


class Reminders(Recorder):
    """A notifier that also keeps the reminders it is asked to send."""

    def __init__(self) -> None:
        super().__init__()
        self.sent: list[tuple[int, int, float]] = []

    async def on_notice(self, notice: Notice) -> None:
        assert notice.share_left is not None
        self.sent.append((notice.game_id, notice.seat, notice.share_left))


async def eventually(check: Callable[[], Awaitable[bool] | bool], what: str) -> None:
    """Wait (at most 20 s: a guard against a hang, not a timing claim) until `check` holds."""
    for _ in range(400):
        result = check()
        if result if isinstance(result, bool) else await result:
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"never happened: {what}")


async def test_a_leader_dies_and_another_takes_the_timers_over_with_no_reminder_sent_twice(postgres: str) -> None:
    now = [1_000_000.0]
    first = await Tables.open(as_process(postgres, "first"), games=games, clock=lambda: now[0])
    second = await Tables.open(as_process(postgres, "second"), games=games, clock=lambda: now[0])
    heard = {"first": Reminders(), "second": Reminders()}
    first.attach(heard["first"])
    second.attach(heard["second"])
    leading = {"first": leader_of(first), "second": leader_of(second)}
    try:
        await leading["first"].start()
        await leading["second"].start()
        assert leading["first"].leading and not leading["second"].leading
        games_started = []
        for seed in range(4):  # live clock: 3 minutes a move plus a 15-minute bank, 1,080 s in all
            lobby = await second.lobby.create(NewTable(guild_id=GUILD, channel_id=CHANNEL, host_id=ALICE,
                                                       host_name="Alice", game="duel", options={"rounds": 3},
                                                       clock="live"))
            await second.lobby.join(lobby.game_id, BOB, "Bob")
            await second.lobby.start(lobby.game_id, ALICE, seed=seed)
            games_started.append(lobby.game_id)

        now[0] += 600  # past half of every first turn's time: the leader sends those reminders
        await eventually(lambda: len(heard["first"].sent) == 8, "the leader's half-time reminders")

        # The first process dies: its timers stop and its sessions vanish (the server drops its locks).
        assert leading["first"]._task is not None
        leading["first"]._task.cancel()
        first.scheduler.stop()
        killer = await asyncpg.connect(postgres)
        try:
            await killer.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                                 "WHERE application_name = 'first' AND datname = current_database()")
        finally:
            await killer.close()
        await eventually(lambda: leading["second"].leading, "the second process taking the lead")

        now[0] += 400  # past nine tenths: the new leader sends the last reminders
        await eventually(lambda: len(heard["second"].sent) == 8, "the new leader's last reminders")
        await asyncio.sleep(0.3)  # a few more looks by the leader: nothing else must come
    finally:
        await leading["second"].stop()
        for tables in (first, second):
            tables.scheduler.stop()
        await second.close()
        await first.store.close()
    sent = heard["first"].sent + heard["second"].sent
    assert len(sent) == len(set(sent)) == 16, "each reminder once, none twice"
    assert {share for _, _, share in heard["first"].sent} == {0.5}
    assert {share for _, _, share in heard["second"].sent} == {0.1}
    assert {game for game, _, _ in sent} == set(games_started)


async def test_two_stores_never_lead_at_once_and_a_store_that_closes_hands_over(postgres: str) -> None:
    first = await open_store(postgres)
    second = await open_store(postgres)
    try:
        assert await first.hold_leadership() and not await second.hold_leadership()
        assert await first.hold_leadership()  # still leading: the same session holds it
        await first.release_leadership()
        assert await second.hold_leadership() and not await first.hold_leadership()
    finally:
        await first.close()
        await second.close()


async def test_a_killed_leader_process_is_replaced_and_its_due_timers_run_once(postgres: str) -> None:
    await (await open_store(postgres)).close()  # migrated before the child starts
    child = subprocess.Popen([sys.executable, "-m", "tests.tables.leader_child", postgres], cwd=ROOT,
                             stdout=subprocess.PIPE, text=True)
    now = [time.time()]  # this process's clock: the child's real one never reaches a lobby's expiry
    tables = await Tables.open(postgres, games=games, clock=lambda: now[0])
    told = Recorder()
    tables.attach(told)
    leading = leader_of(tables)
    try:
        assert child.stdout is not None
        assert await asyncio.to_thread(child.stdout.readline) == "LEADING\n"
        await leading.start()
        assert not leading.leading
        lobby = await tables.lobby.create(NewTable(guild_id=GUILD, channel_id=CHANNEL, host_id=ALICE, host_name="Alice",
                                                   game="duel"))
        child.kill()  # SIGKILL: no goodbye; the server ends its sessions and drops its locks
        child.wait()
        now[0] += 25 * 3600  # the idle lobby's expiry falls due
        await eventually(lambda: leading.leading, "this process taking the lead from the killed one")
        await eventually(lambda: Reason.EXPIRE in [u.reason for u in told.public], "the new leader expiring the lobby")
        assert (await tables.game(lobby.game_id)).status == "cancelled"
        assert [u.reason for u in told.public].count(Reason.EXPIRE) == 1
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
        await leading.stop()
        await tables.close()
