"""SKALD_MQTT_PICTURES: the public board picture per game on `…/picture`, retained, drawn in the
render processes from the spectator view only, newest first, never in a move's way; relay-watch --save."""

from __future__ import annotations

import asyncio
import io
import json
import random
import threading
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

import renderer
from bot import rendering
from bot.relay import MqttRelay, RelaySettings
from bot.relay.pictures import drawn_in_render_processes, public_kind
from bot.relay.watch import WatchBoard, picture_file_name, watch
from bot.tables import Tables
from engine import registry
from tests.relay.broker import LocalBroker, Recorder
from tests.relay.conftest import fast_settings
from tests.relay.playout import engine_changes
from tests.relay.table_play import GUILD, host_moves, start_game

JSON = dict[str, Any]
PNG = b"\x89PNG\r\n\x1a\n"


def picture_settings(broker: LocalBroker) -> RelaySettings:
    return replace(fast_settings(broker), pictures=True)


def public_picture(view: JSON, names: Sequence[str]) -> bytes:
    """The picture the relay should publish for a spectator view, drawn here in the test."""
    return rendering.draw(public_kind(view), view, names)


class Easel:
    """A draw function that records what it was asked to draw and can be held up (a slow render);
    it draws in a thread of the test's process."""

    def __init__(self, *, held: bool = False, fail: bool = False) -> None:
        self.views: list[JSON] = []
        self.go_on = threading.Event()
        self.started = threading.Event()
        self.fail = fail
        if not held:
            self.go_on.set()

    async def __call__(self, view: JSON, names: Sequence[str]) -> bytes:
        return await asyncio.to_thread(self.paint, view, names)

    def paint(self, view: JSON, names: Sequence[str]) -> bytes:
        self.views.append(view)
        self.started.set()
        assert self.go_on.wait(30), "the test never let the picture go on"
        if self.fail:
            raise RuntimeError("the renderer fell over")
        return public_picture(view, names)


async def test_the_picture_topic_carries_the_public_board_retained(broker: LocalBroker, tables: Tables) -> None:
    easel = Easel()
    async with MqttRelay(picture_settings(broker), jitter=lambda: 0.5, draw=easel) as relay:
        tables.attach(relay)
        async with Recorder(broker.port) as recorder:
            game_id = await start_game(tables, seed=12, ais=1)
            await host_moves(tables, game_id, random.Random(12), limit=3)
            await tables.drain()  # the AI's answer to the last move, so the latest board is final
            assert await relay.flush(20.0)
            info = await tables.game(game_id)
            spectator = (await tables.table_view(game_id, None)).view
            expected = public_picture(spectator, [seat.name for seat in info.seats])
            topic = f"skald/{GUILD}/{game_id}/picture"
            # Newest first: older boards may pass through the topic; the last one is the latest board.
            await recorder.wait_for(lambda _: any(m.payload == expected for m in recorder.on(topic)))
    retained = broker.retained()[topic]
    assert retained.startswith(PNG) and retained == expected
    # Drawn from the spectator view only: what the state document carries, never a seat's view.
    assert easel.views and all(view["viewer"] is None for view in easel.views)
    assert relay.stats().pictures_drawn >= 1 and relay.stats().pictures_failed == 0


async def test_a_relay_picture_refuses_a_seats_own_view() -> None:
    game = registry.get("tranquility")
    state = game.setup(2, None, 3)
    assert (await drawn_in_render_processes(game.view(state, None), ["A", "B"])).startswith(PNG)
    before = dict(rendering.drawn)
    with pytest.raises(ValueError, match="spectator view only"):
        await drawn_in_render_processes(game.view(state, 0), ["A", "B"])
    assert rendering.drawn == before  # refused in the bot: the seat's view never went to be drawn


async def test_mqtt_pictures_are_drawn_in_the_render_pool_not_the_bots_process(
        broker: LocalBroker, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SKALD_RENDER_PROCESSES", "1")  # a pool, even where the suite runs without one
    *changes, last = engine_changes(seed=8, players=2)
    board, outcome = changes[0].update, last.update
    assert board.view and outcome.view and outcome.view["outcome"]  # one board, one result
    names = [seat.name for seat in board.seats]
    expected = {kind: public_picture(update.view, names) for kind, update in (("board", board), ("outcome", outcome))}
    in_this_process: list[str] = []

    def tripwire(kind: str) -> Callable[[JSON, Sequence[str]], bytes]:
        def drawn_here(view: JSON, names: Sequence[str]) -> bytes:
            in_this_process.append(kind)
            raise AssertionError(f"a relay {kind} picture was drawn in the bot's own process")
        return drawn_here

    # The render processes import the renderer afresh; only a picture drawn in this process trips.
    monkeypatch.setattr(renderer, "board_png", tripwire("board"))
    monkeypatch.setattr(renderer, "outcome_png", tripwire("outcome"))
    before = dict(rendering.drawn)
    async with MqttRelay(picture_settings(broker), jitter=lambda: 0.5) as relay:
        await relay.on_public(replace(board, game_id=21))
        await relay.on_public(replace(outcome, game_id=22))
        assert await relay.flush(60.0)
    assert not in_this_process and relay.stats().pictures_failed == 0
    assert rendering.pool() is not None  # so `run` had processes to send them to
    assert {kind: rendering.drawn.get(kind, 0) - before.get(kind, 0) for kind in expected} == {"board": 1, "outcome": 1}
    assert broker.retained()["skald/1/21/picture"] == expected["board"]
    assert broker.retained()["skald/1/22/picture"] == expected["outcome"]


async def test_a_slow_picture_never_delays_a_move_and_only_the_newest_is_drawn(
        broker: LocalBroker, tables: Tables) -> None:
    easel = Easel(held=True)
    async with MqttRelay(picture_settings(broker), jitter=lambda: 0.5, draw=easel) as relay:
        tables.attach(relay)
        game_id = await start_game(tables, seed=31, ais=1)
        await asyncio.to_thread(easel.started.wait, 30)  # the first picture is being drawn ... and stays so
        made = await host_moves(tables, game_id, random.Random(31), limit=6)
        await tables.drain()
        final = await tables.game(game_id)
        state_topic = f"skald/{GUILD}/{game_id}/state"
        # Every move went through and its state reached the broker while the picture was still held.
        assert made == 6 and not easel.go_on.is_set()
        await asyncio.wait_for(_retained_seq(broker, state_topic, final.state_id), 20)
        assert len(easel.views) == 1
        easel.go_on.set()
        assert await relay.flush(20.0)
    # The first picture, then the newest one only: the states in between were skipped.
    assert len(easel.views) == 2 and relay.stats().pictures_skipped >= final.state_id - 2
    spectator = (await tables.table_view(game_id, None)).view
    assert easel.views[-1] == spectator
    assert broker.retained()[f"skald/{GUILD}/{game_id}/picture"] == public_picture(
        spectator, [seat.name for seat in final.seats])


async def _retained_seq(broker: LocalBroker, topic: str, seq: int) -> None:
    while topic not in broker.retained() or json.loads(broker.retained()[topic])["seq"] != seq:
        await asyncio.sleep(0.01)


async def test_a_game_deleted_while_its_picture_is_drawn_gets_no_picture(broker: LocalBroker) -> None:
    easel = Easel(held=True)
    update = next(engine_changes(seed=4, players=2)).update
    async with MqttRelay(picture_settings(broker), jitter=lambda: 0.5, draw=easel) as relay:
        await relay.on_public(update)
        await asyncio.to_thread(easel.started.wait, 30)
        await relay.on_deleted(update.guild_id, update.game_id)
        easel.go_on.set()
        assert await relay.flush(20.0)
    assert not [topic for topic in broker.retained() if topic.startswith(f"skald/1/{update.game_id}/")]
    assert relay.stats().pictures_drawn == 0


async def test_a_picture_that_fails_is_counted_and_the_states_still_flow(broker: LocalBroker) -> None:
    easel = Easel(fail=True)
    update = next(engine_changes(seed=4, players=2)).update
    async with MqttRelay(picture_settings(broker), jitter=lambda: 0.5, draw=easel) as relay:
        await relay.on_public(update)
        assert await relay.flush(20.0)
    assert list(broker.retained()) == [f"skald/1/{update.game_id}/state"]
    assert relay.stats().pictures_failed == 1


async def test_pictures_are_republished_after_the_broker_lost_them(broker: LocalBroker) -> None:
    *_, last = engine_changes(seed=6, players=2)
    topic = f"skald/1/{last.update.game_id}/picture"
    async with MqttRelay(picture_settings(broker), jitter=lambda: 0.5) as relay:
        await relay.on_public(last.update)
        assert await relay.flush(20.0)
        picture = broker.retained()[topic]
        await broker.stop()
        await broker.start()  # a broker without persistence: its retained messages are gone
        while broker.retained().get(topic) != picture:
            await asyncio.sleep(0.01)


async def test_no_picture_without_the_setting(broker: LocalBroker, tables: Tables, relay: MqttRelay) -> None:
    game_id = await start_game(tables, seed=5, ais=1)
    await host_moves(tables, game_id, random.Random(5), limit=2)
    assert await relay.flush(20.0)
    assert not [topic for topic in broker.retained() if topic.endswith("/picture")]


# -- relay-watch --save ---------------------------------------------------------------------------
async def test_relay_watch_saves_the_latest_picture_of_every_game(broker: LocalBroker, tmp_path: Path) -> None:
    settings = picture_settings(broker)
    async with MqttRelay(settings, jitter=lambda: 0.5) as relay:
        for game_id, seed in ((7, 1), (8, 2)):
            *_, last = engine_changes(seed=seed, players=2, game_id=game_id)
            await relay.on_public(last.update)
        assert await relay.flush(20.0)
    out = io.StringIO()
    # Two retained states and two retained pictures.
    assert await watch(settings, count=4, out=out, save=tmp_path) == 0
    retained = broker.retained()
    for game_id in (7, 8):
        saved = tmp_path / f"skald_1_{game_id}.png"
        assert saved.read_bytes() == retained[f"skald/1/{game_id}/picture"]
        assert f"Picture: {saved}" in out.getvalue()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["skald_1_7.png", "skald_1_8.png"]  # no scratch files


def test_a_cleared_picture_removes_the_saved_file_and_odd_payloads_are_skipped(tmp_path: Path) -> None:
    board = WatchBoard("skald", tmp_path)
    assert board.take("skald/term-1a2b3c4d/3/picture", PNG + b"rest")
    saved = tmp_path / picture_file_name("skald/term-1a2b3c4d/3")
    assert saved.name == "skald_term-1a2b3c4d_3.png" and saved.read_bytes() == PNG + b"rest"
    assert not board.take("skald/term-1a2b3c4d/3/picture", b"GIF89a")
    assert board.take("skald/term-1a2b3c4d/3/picture", b"") and not saved.exists()
    assert not WatchBoard("skald").take("skald/1/3/picture", PNG)  # without --save pictures are ignored
    gone = WatchBoard("skald", tmp_path / "removed")
    assert not gone.take("skald/1/3/picture", PNG)  # the folder went away: skipped, the display goes on


def test_a_saved_picture_is_its_owners_alone_and_a_file_of_its_name_that_is_no_picture_is_kept(tmp_path: Path) -> None:
    """Issue 42: files a command writes that may hold a server's data are 0600, and none is
    written over something it would damage."""
    board = WatchBoard("skald", tmp_path)
    assert board.take("skald/1/3/picture", PNG + b"rest")
    assert (tmp_path / "skald_1_3.png").stat().st_mode & 0o777 == 0o600
    theirs = tmp_path / "skald_1_4.png"
    theirs.write_text("someone's notes\n")
    assert not board.take("skald/1/4/picture", PNG + b"rest")
    assert board.take("skald/1/4/picture", b"")  # a clearing leaves it too
    assert theirs.read_text() == "someone's notes\n"
