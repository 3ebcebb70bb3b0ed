"""AI seats through the same pipeline; games that come back after a restart or an eviction."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from bot.tables import Tables
from bot.tables.types import NewTable
from engine.core import AIPlayer, Game, Move
from tests.databases import Target
from tests.tables.conftest import ALICE, BOB, CHANNEL, GUILD, Recorder, duel
from tests.tables.duel import GAME, DuelState, RuneDuel, games


async def ai_duel(tables: Tables, *, rounds: int = 3, ais: int = 1) -> int:
    info = await tables.lobby.create(NewTable(guild_id=GUILD, channel_id=CHANNEL, host_id=ALICE, host_name="Alice",
                                              game="duel", options={"rounds": rounds}))
    for _ in range(ais):
        await tables.lobby.add_ai(info.game_id, ALICE, "random")
    await tables.lobby.start(info.game_id, ALICE, seed=11)
    return info.game_id


async def play_alice_to_the_end(tables: Tables, game_id: int) -> None:
    while True:
        # The AI seat moves first in each step: it thinks outside the lock, so a move of Alice's
        # made while it thinks would be logged before its own in one run and after it in another.
        await tables.drain()
        view = await tables.table_view(game_id, ALICE)
        if view.info.status != "running":
            return
        assert view.my_turn
        await tables.play.move(game_id, ALICE, view.state_id, view.legal_moves[0].text)


async def test_ai_seats_move_through_the_pipeline_until_a_human_must_act(tables: Tables, recorder: Recorder) -> None:
    game_id = await ai_duel(tables, ais=2)
    await tables.drain()
    info = await tables.game(game_id)
    assert info.state_id == 2 and info.to_move == (0,)  # both AIs laid their runes on their own
    assert [u.actor for u in recorder.public if u.reason == "move"] == [1, 2]
    assert not any(p.seat != 0 for p in recorder.private)  # AI seats get no private notices
    await play_alice_to_the_end(tables, game_id)
    assert (await tables.game(game_id)).status == "finished" and not tables.ai.failures


async def test_ai_games_replay_exactly_from_the_log(tables: Tables, another_database: Target) -> None:
    game_id = await ai_duel(tables, rounds=10)
    await play_alice_to_the_end(tables, game_id)
    log = [(m.seat, m.text) for m in await tables.store.games.moves(game_id)]
    other = await Tables.open(another_database, games=games)
    try:
        again = await ai_duel(other, rounds=10)
        await play_alice_to_the_end(other, again)
        assert [(m.seat, m.text) for m in await other.store.games.moves(again)] == log
    finally:
        await other.close()


class Faulty(AIPlayer[DuelState]):
    name = "faulty"

    def choose(self, state: DuelState, seat: int, seed: int) -> Move:
        raise RuntimeError("the oracle is silent")


class FaultyDuel(RuneDuel):
    def ai_players(self) -> Mapping[str, AIPlayer[DuelState]]:
        return {"random": Faulty(self)}


async def test_a_failing_ai_is_logged_with_its_game_and_never_lost(db_path: Target,
                                                                   caplog: pytest.LogCaptureFixture) -> None:
    faulty = FaultyDuel()

    def lookup(name: str) -> Game[Any]:
        return faulty

    tables = await Tables.open(db_path, games=lookup)
    try:
        game_id = await ai_duel(tables)
        await tables.drain()
    finally:
        await tables.close()
    assert [(g, str(e)) for g, e in tables.ai.failures] == [(game_id, "the oracle is silent")]
    assert f"AI move failed in game {game_id}" in caplog.text


async def test_a_restart_resumes_every_game_and_its_ai_seats(db_path: Target) -> None:
    tables = await Tables.open(db_path, games=games, snapshot_every=3)
    human = await duel(tables, rounds=10)
    for user, state_id in ((ALICE, 0), (BOB, 1), (ALICE, 2), (BOB, 3), (ALICE, 4)):
        view = await tables.table_view(human, user)
        await tables.play.move(human, user, state_id, view.legal_moves[0].text)
    with_ai = await ai_duel(tables, rounds=3)
    await tables.drain()
    before = {g: GAME.encode((await tables.gate.read(g)).state) for g in (human, with_ai)}
    await tables.close()

    again = await Tables.open(db_path, games=games, snapshot_every=3, cache_size=1)
    try:
        for game_id in (human, with_ai):
            table = await again.gate.read(game_id)
            assert GAME.encode(table.state) == before[game_id]
        # A button from before the restart still works: Bob's move on board 5.
        bob = await again.table_view(human, BOB)
        assert (await again.play.move(human, BOB, 5, bob.legal_moves[0].text)).state_id == 6
        await play_alice_to_the_end(again, with_ai)
        assert (await again.game(with_ai)).status == "finished"
    finally:
        await again.close()


async def test_evicted_games_reload_transparently(db_path: Target) -> None:
    tables = await Tables.open(db_path, games=games, cache_size=1, snapshot_every=2)
    try:
        first, second = await duel(tables, rounds=10), await duel(tables, rounds=10, seed=6)
        for state_id in range(8):
            for game_id in (first, second):  # each move evicts the other game
                info = await tables.game(game_id)
                user = ALICE if 0 in info.to_move else BOB
                view = await tables.table_view(game_id, user)
                await tables.play.move(game_id, user, state_id, view.legal_moves[-1].text)
        assert len(tables.gate.cache) == 1
        for game_id in (first, second):
            record = await tables.store.games.load(game_id)
            assert record is not None and record.game.state_id == 8
            assert record.snapshot is not None and record.snapshot.state_id == 8 and not record.moves
    finally:
        await tables.close()


async def test_resume_sets_stalled_ai_seats_back_to_work_after_a_restart(db_path: Target) -> None:
    faulty = FaultyDuel()

    def lookup(name: str) -> Game[Any]:
        return faulty

    broken = await Tables.open(db_path, games=lookup)
    game_id = await ai_duel(broken)
    await broken.drain()
    await broken.close()
    assert len(broken.ai.failures) == 1  # the AI seat never moved: it is still awaited

    tables = await Tables.open(db_path, games=games)
    recorder = Recorder()
    tables.attach(recorder)
    try:
        await tables.resume()
        await tables.drain()
        assert [(u.reason, u.actor) for u in recorder.public] == [("move", 1)]
        assert (await tables.game(game_id)).to_move == (0,)
    finally:
        await tables.close()


async def test_a_stand_in_taken_by_a_table_action_is_in_the_database_after_a_restart(db_path: Target) -> None:
    """The stand-in rides in the table action's own commit (`append_change(also=...)`), so a
    restart finds the seat still played by its AI, and the person still owning it."""
    tables = await Tables.open(db_path, games=games)
    game_id = await duel(tables, rounds=10)
    await tables.seating.leave_game(game_id, BOB)
    await tables.drain()
    await tables.close()

    again = await Tables.open(db_path, games=games)
    try:
        seat = (await again.game(game_id)).seats[1]
        assert seat.stand_in is not None and seat.why == "left" and seat.user_id == BOB
    finally:
        await again.close()
