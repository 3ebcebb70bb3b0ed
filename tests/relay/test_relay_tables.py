"""The relay attached to the real table service, publishing to a real in-process broker."""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import re
from pathlib import Path

import pytest

from bot import play_cli
from bot.names import name_seats
from bot.notify import PublicUpdate
from bot.relay import MqttRelay, relay_attached
from bot.tables import Tables
from bot.tables.types import NewTable
from bot.terminal.saved import terminal_namespace
from tests.relay.broker import LocalBroker, Recorder
from tests.relay.conftest import fast_settings
from tests.relay.playout import engine_changes
from tests.relay.table_play import GUILD, HOST, host_moves, start_game


class Pacer:
    """A notifier attached after the relay that waits until the relay has published each change,
    so no state is coalesced away and the subscriber must see every one of them."""

    def __init__(self, relay: MqttRelay) -> None:
        self.relay = relay

    async def on_public(self, update: PublicUpdate) -> None:
        assert await self.relay.flush(10.0)

    async def on_deleted(self, guild_id: int, game_id: int) -> None:
        return None


def states_of(recorder: Recorder, game_id: int) -> list[dict[str, object]]:
    return [m.json() for m in recorder.on(f"skald/{GUILD}/{game_id}/state") if m.payload]


async def eventually(condition: object, timeout: float = 20.0) -> None:
    """Poll a condition the relay's background task will make true (timeout only stops a hang)."""
    assert callable(condition)
    async with asyncio.timeout(timeout):
        while not condition():
            await asyncio.sleep(0.01)


async def test_subscriber_sees_every_state_in_order_ending_with_the_outcome(
        broker: LocalBroker, tables: Tables, relay: MqttRelay) -> None:
    tables.attach(Pacer(relay))
    async with Recorder(broker.port) as recorder:
        game_id = await start_game(tables, seed=2024, ais=2)
        await host_moves(tables, game_id, random.Random(1))
        final = await tables.game(game_id)
        assert final.status == "finished"
        await recorder.wait_for(lambda _: any(s["seq"] == final.state_id for s in states_of(recorder, game_id)))
    states = [s for s in states_of(recorder, game_id) if s["status"] != "lobby"]
    assert [s["seq"] for s in states] == list(range(final.state_id + 1))
    assert states[-1]["status"] == "finished" and states[-1]["outcome"] == final.outcome
    assert states[-1]["to_move"] == [] and all(s["to_move"] for s in states[:-1])
    named = {seat.seat: seat.name for seat in final.seats}
    assert all(entry["name"] == named[entry["seat"]] for s in states for entry in s["to_move"])  # type: ignore[attr-defined]
    # The events topic carries every public log line, in order, with the seats' names.
    lines = [line for m in recorder.on(f"skald/{GUILD}/{game_id}/events") for line in m.json()["lines"]]
    names = [named[seat] for seat in sorted(named)]
    logged = [name_seats(entry.text, names) for entry in await tables.log(game_id, None, limit=10_000)]
    assert lines == logged[-len(lines):] and len(lines) >= final.state_id
    assert broker.retained()[f"skald/{GUILD}/{game_id}/state"] == recorder.on(
        f"skald/{GUILD}/{game_id}/state")[-1].payload


async def test_moves_go_on_while_the_broker_is_down_and_the_latest_state_comes_back(
        broker: LocalBroker, tables: Tables) -> None:
    relay = MqttRelay(fast_settings(broker, event_limit=4), jitter=lambda: 0.0)
    tables.attach(relay)
    async with relay:
        game_id = await start_game(tables, seed=77, ais=1)
        await host_moves(tables, game_id, random.Random(3), limit=2)
        assert await relay.flush(10.0)
        await broker.stop()
        await eventually(lambda: not relay.stats().connected)
        before = relay.stats()
        moves = 0
        for _ in range(6):
            # Each move returns with the broker away: the relay only queued its news.
            moves += await host_moves(tables, game_id, random.Random(moves), limit=1)
            assert not relay.stats().connected
        await tables.drain()
        after = relay.stats()
        assert moves > 0 and after.published == before.published
        assert after.pending_states == 1  # one game: only its latest state waits
        assert after.coalesced_states > before.coalesced_states
        assert after.pending_events <= 4 and after.dropped_events > 0  # bounded, oldest dropped
        assert after.connection_failures > before.connection_failures
        current = await tables.game(game_id)
        await broker.start()  # same port, but with no retained messages left
        async with Recorder(broker.port) as recorder:
            topic = f"skald/{GUILD}/{game_id}/state"
            await recorder.wait_for(lambda _: any(m.json()["seq"] == current.state_id for m in recorder.on(topic)))
        assert json.loads(broker.retained()[topic])["seq"] == current.state_id
        assert relay.stats().connects == 2
        # A broker restart with nothing pending: the state that was already published is
        # republished, since the broker lost its retained copy.
        assert await relay.flush(10.0)
        await broker.stop()
        await eventually(lambda: not relay.stats().connected)
        await broker.start()
        assert topic not in broker.retained()
        await eventually(lambda: relay.stats().connects == 3)
        assert await relay.flush(10.0)
        assert json.loads(broker.retained()[topic])["seq"] == current.state_id
        assert relay.stats().republished_states == 1


async def test_on_public_never_waits_for_the_network(broker: LocalBroker) -> None:
    await broker.stop()  # nobody to talk to at all
    relay = MqttRelay(fast_settings(broker, event_limit=3), jitter=lambda: 0.0)
    async with relay:
        for change in engine_changes(seed=4, players=2):
            step = relay.on_public(change.update)
            # The coroutine finishes on its first step: it never suspends, so a move never waits.
            try:
                step.send(None)
            except StopIteration:
                pass
            else:
                raise AssertionError("on_public suspended")
        stats = relay.stats()
        assert (stats.pending_states, stats.pending_events, stats.published) == (1, 3, 0)


async def test_deleting_a_game_clears_its_retained_state(broker: LocalBroker, tables: Tables,
                                                          relay: MqttRelay) -> None:
    info = await tables.lobby.create(NewTable(guild_id=GUILD, channel_id=9, host_id=HOST, host_name="Astrid",
                                              game="tranquility"))
    topic = f"skald/{GUILD}/{info.game_id}/state"
    assert await relay.flush(10.0)
    assert json.loads(broker.retained()[topic])["status"] == "lobby"
    async with Recorder(broker.port) as recorder:
        await tables.lobby.cancel(info.game_id, HOST)
        await recorder.wait_for(lambda _: bool(recorder.on(topic)) and recorder.on(topic)[-1].payload == b"")
    assert topic not in broker.retained()
    assert (relay.stats().live_games, relay.stats().ended_games) == (0, 0)


async def test_relay_attached_delivers_a_short_lived_game_before_it_lets_go(broker: LocalBroker,
                                                                            tables: Tables) -> None:
    said: list[str] = []
    async with relay_attached(tables, broker.url, report=said.append) as relay:
        assert relay is not None
        game_id = await start_game(tables, seed=8, ais=2)
        await host_moves(tables, game_id, random.Random(8))
    final = await tables.game(game_id)
    assert json.loads(broker.retained()[f"skald/{GUILD}/{game_id}/state"])["seq"] == final.state_id
    assert said and said[0].startswith("MQTT relay: ") and " published to " in said[0]
    async with relay_attached(tables, None) as nothing:
        assert nothing is None


async def test_relay_attached_reports_what_an_absent_broker_did_not_get(broker: LocalBroker,
                                                                        tables: Tables) -> None:
    await broker.stop()
    said: list[str] = []
    async with relay_attached(tables, broker.url, flush_timeout=0.05, report=said.append):
        await start_game(tables, seed=9, ais=1)
    assert said and "not reached in time" in said[0]


async def test_each_reconnect_attempt_backs_off_with_jitter_from_the_injected_source(broker: LocalBroker) -> None:
    await broker.stop()
    draws: list[float] = []

    def jitter() -> float:
        draws.append(0.25)
        return 0.25

    async with MqttRelay(fast_settings(broker), jitter=jitter) as relay:
        await eventually(lambda: relay.stats().connection_failures >= 3)
        assert len(draws) >= 3 and not relay.stats().connected
        await broker.start()
        await eventually(lambda: relay.stats().connected)


@pytest.mark.parametrize("saved", [True, False], ids=["with-db", "throwaway-db"])
async def test_skald_demo_with_mqtt_publishes_the_game_through_the_relay(
        broker: LocalBroker, tmp_path: Path, capsys: pytest.CaptureFixture[str], saved: bool) -> None:
    parser = argparse.ArgumentParser()
    play_cli.register(parser.add_subparsers())
    db = ["--db", str(tmp_path / "demo.db")] if saved else []
    args = parser.parse_args(["demo", "tranquility", "--players", "2", "--seed", "3", "--mqtt", broker.url, *db])
    # The command runs its own event loop (asyncio.run); the broker keeps serving on this one.
    assert await asyncio.to_thread(args.handler, args) in (0, 1)
    out = capsys.readouterr().out
    assert "MQTT relay: " in out and " published to " in out
    (topic, payload), = broker.retained().items()
    final = json.loads(payload)
    # A terminal game publishes under a namespace of its own: its file's, or one for this run.
    space = terminal_namespace(db[1]) if saved else topic.split("/")[1]
    assert re.fullmatch(r"term-[0-9a-f]{8}", space)
    assert topic == f"skald/{space}/{final['game_id']}/state" and final["status"] == "finished"
    assert f"under skald/{space}/<game id>/" in out
    assert final["outcome"]["summary"] in out


async def test_a_move_taken_back_reaches_the_table_display(
        broker: LocalBroker, tables: Tables, relay: MqttRelay) -> None:
    """Undo (docs/undo.md): the display gets the undo's state and its public line, never the move."""
    tables.attach(Pacer(relay))
    async with Recorder(broker.port) as recorder:
        game_id = await start_game(tables, seed=5, ais=0, options={"jagged_rocks": "manual"})
        view = await tables.table_view(game_id, HOST)
        place = next(m.text for m in view.legal_moves if m.text.startswith("place"))
        await tables.play.move(game_id, HOST, view.state_id, place)
        await tables.undo.take_back(game_id, HOST)
        await recorder.wait_for(lambda _: any(s["seq"] == 2 for s in states_of(recorder, game_id)))
    states = states_of(recorder, game_id)
    start = next(s for s in states if s["seq"] == 0 and s["status"] == "running")
    undone = next(s for s in states if s["seq"] == 2)
    assert undone["reason"] == "undo" and undone["view"] == start["view"]
    lines = [line for m in recorder.on(f"skald/{GUILD}/{game_id}/events") for line in m.json()["lines"]]
    assert lines[-1] == "Astrid takes back their last move."
    assert not any("took back" in line for line in lines)
