"""Terminal games on a shared broker: each database file (or run) publishes under a namespace of
its own, so two demos never overwrite each other, and relay-watch keeps their games apart."""

from __future__ import annotations

import argparse
import asyncio
import json
import re
from dataclasses import replace
from pathlib import Path

import pytest

from bot import play_cli
from bot.relay import MqttRelay, RelayConfigError, RelaySettings
from bot.relay.payload import encode, state_document
from bot.relay.watch import WatchBoard, format_screen
from bot.terminal.saved import terminal_namespace
from tests.relay.broker import LocalBroker, Recorder
from tests.relay.conftest import fast_settings
from tests.relay.playout import engine_changes

NAMESPACE = re.compile(r"term-[0-9a-f]{8}")


def demo(args: list[str]) -> int:
    parser = argparse.ArgumentParser()
    play_cli.register(parser.add_subparsers())
    parsed = parser.parse_args(["demo", *args])
    code: int = parsed.handler(parsed)
    return code


async def test_two_demos_on_one_broker_keep_their_own_retained_state(
        broker: LocalBroker, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Each command runs its own event loop (asyncio.run); the broker keeps serving on this one.
    for seed in (3, 4):
        args = ["tranquility", "--players", "2", "--seed", str(seed), "--mqtt", broker.url, "--mqtt-pictures"]
        assert await asyncio.to_thread(demo, args) in (0, 1)
    out = capsys.readouterr().out
    states = {topic: json.loads(payload) for topic, payload in broker.retained().items() if topic.endswith("/state")}
    spaces = sorted(topic.split("/")[1] for topic in states)
    assert len(spaces) == 2 and spaces[0] != spaces[1] and all(NAMESPACE.fullmatch(s) for s in spaces)
    # Both are game #1 of their own throwaway file, and both finished states are still there.
    assert sorted(states) == [f"skald/{space}/1/state" for space in spaces]
    assert all(state["status"] == "finished" for state in states.values())
    assert states[f"skald/{spaces[0]}/1/state"]["view"] != states[f"skald/{spaces[1]}/1/state"]["view"]
    # --mqtt-pictures: each game's public board picture is there too, under the same namespace.
    assert all(broker.retained()[f"skald/{space}/1/picture"].startswith(b"\x89PNG") for space in spaces)
    assert all(f"under skald/{space}/<game id>/{{state,events,picture}}" in out for space in spaces)


def test_a_database_file_keeps_its_namespace_and_each_run_without_one_gets_a_new_one(tmp_path: Path) -> None:
    first, second = tmp_path / "a.db", tmp_path / "b.db"
    assert terminal_namespace(first) == terminal_namespace(str(first)) == terminal_namespace(tmp_path / "." / "a.db")
    assert terminal_namespace(first) != terminal_namespace(second)
    runs = {terminal_namespace(None) for _ in range(20)}
    assert len(runs) == 20 and all(NAMESPACE.fullmatch(space) for space in runs | {terminal_namespace(first)})


async def test_the_relay_publishes_under_its_namespace_instead_of_the_guild(broker: LocalBroker) -> None:
    settings = replace(fast_settings(broker), namespace="term-0badcafe")
    update = next(engine_changes(seed=2, players=2, guild_id=0)).update
    topic = f"skald/term-0badcafe/{update.game_id}/state"
    async with MqttRelay(settings, jitter=lambda: 0.5) as relay, Recorder(broker.port) as recorder:
        await relay.on_public(update)
        assert await relay.flush(10.0)
        assert list(broker.retained()) == [topic]
        await relay.on_deleted(0, update.game_id)
        await recorder.wait_for(lambda _: [m.payload == b"" for m in recorder.on(topic)] == [False, True])
    assert broker.retained() == {} and {m.topic for m in recorder.messages} == {topic}
    with pytest.raises(RelayConfigError):
        RelaySettings(host="h", namespace="term/+")


def test_relay_watch_keeps_apart_games_with_one_id_under_two_namespaces() -> None:
    board = WatchBoard("skald")
    one, other = (list(engine_changes(seed=seed, players=2, game_id=1, guild_id=0))[-1].update for seed in (3, 4))
    assert board.take("skald/term-aaaa1111/1/state", encode(state_document(one)))
    assert board.take("skald/term-bbbb2222/1/state", encode(state_document(other)))
    assert sorted(board.games) == ["skald/term-aaaa1111/1", "skald/term-bbbb2222/1"]
    screen = format_screen(board)
    assert screen.index("· term-aaaa1111") < screen.index("· term-bbbb2222")
    assert board.take("skald/term-aaaa1111/1/state", b"")  # one is deleted; the other stays
    assert list(board.games) == ["skald/term-bbbb2222/1"]
    # A Discord game's topic level is its guild id, which the heading need not repeat.
    guild = list(engine_changes(seed=5, players=2, game_id=9, guild_id=77))[-1].update
    assert board.take("skald/77/9/state", encode(state_document(guild)))
    assert "Tranquility #9 · finished" in format_screen(board) and "· 77" not in format_screen(board)
