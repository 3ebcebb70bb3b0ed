"""Nothing private reaches MQTT: only spectator views and public log lines are published."""

from __future__ import annotations

import random
import sys
from pathlib import Path
from types import FrameType
from typing import Any

import bot.relay
from bot.names import name_seats
from bot.notify import PrivateListener, PrivateUpdate, PublicUpdate
from bot.relay import MqttRelay
from bot.tables import Tables
from engine import registry
from tests.conformance import leaves, secrets_of
from tests.relay.broker import LocalBroker, Recorder
from tests.relay.table_play import GUILD, HOST, host_moves, replay_game, start_game

# (game, seed, AI seats, options): solo, small and full tables, every variant on.
GAMES: list[tuple[str, int, int, dict[str, Any] | None]] = [
    ("tranquility", 101, 0, {}),
    ("tranquility", 102, 2, {"sea_monsters": 3}),
    ("tranquility", 103, 4, {"jagged_rocks": "manual", "removed_islands": 6}),
    ("tranquility", 104, 1, {"jagged_rocks": "auto", "sea_monsters": 5}),
    ("nidavellir", 105, 2, None),
    ("nidavellir", 106, 4, None),
]
STATE_KEYS = ["schema", "seq", "guild_id", "game_id", "game", "title", "status", "reason", "seats", "to_move",
              "actor", "outcome", "result", "view", "updated_at"]


class Paced:
    """After each change, waits until the relay has published it. A game faster than the broker
    has its retained states coalesced (by design: the latest state wins), and this test means to
    check every state, however busy the machine."""

    def __init__(self, relay: MqttRelay) -> None:
        self.relay = relay

    async def on_public(self, update: PublicUpdate) -> None:
        await self.relay.flush(10.0)

    async def on_deleted(self, guild_id: int, game_id: int) -> None:
        pass


async def test_no_hand_bid_or_private_line_reaches_any_topic_across_full_random_games(
        broker: LocalBroker, tables: Tables, relay: MqttRelay) -> None:
    tables.attach(Paced(relay))  # after the relay: it has queued the change when this waits
    async with Recorder(broker.port) as recorder:
        played = []
        for key, seed, ais, options in GAMES:
            game_id = await start_game(tables, seed=seed, ais=ais, options=options, game=key)
            await host_moves(tables, game_id, random.Random(seed))
            played.append((key, game_id, seed, ais + 1, options))
        assert await relay.flush(10.0)
        assert relay.stats().coalesced_states == 0  # every state was published, so every one is checked
        last = (await tables.game(played[-1][1])).state_id
        await recorder.wait_for(lambda ms: any(m.topic == f"skald/{GUILD}/{played[-1][1]}/state"
                                               and m.json()["seq"] == last for m in ms))
    for key, game_id, seed, players, options in played:
        game = registry.get(key)
        replay = await replay_game(tables, game_id, seed, players, options, key)
        names = [seat.name for seat in (await tables.game(game_id)).seats]
        private_lines = {*replay.private_lines, *(name_seats(line, names) for line in replay.private_lines)}
        secrets_seen = checked = 0
        for message in recorder.on(f"skald/{GUILD}/{game_id}/state") + recorder.on(f"skald/{GUILD}/{game_id}/events"):
            document = message.json()
            found = list(leaves(document))
            assert not any(isinstance(v, str) and v in private_lines for _, v in found)
            if document.get("status") == "lobby":
                continue
            state = replay.states[document["seq"]]
            if message.topic.endswith("/events"):
                assert document["lines"] == [name_seats(line, names) for line in replay.public_lines[document["seq"]]]
                continue
            # Only the spectator's view, and around it nothing but the table's public facts.
            spectator = game.view(state, None)
            assert list(document) == STATE_KEYS and document["view"] == spectator
            published = dict(leaves(document["view"]))
            for seat in range(players):
                secrets = secrets_of(game.view(state, seat), spectator)
                secrets_seen += len(secrets)
                assert not any(published.get(path) == value for path, value in secrets.items())
            if key == "tranquility":
                on_board = {cell for cell in document["view"]["cells"] if cell is not None}
                hands = {int(c) for s in range(players) for c in game.view(state, s)["hand"] if c.isdigit()}
                assert not on_board & hands
            checked += 1
        assert checked >= 10 and secrets_seen > 0  # there were secrets to keep, and states to check


class Told:
    """A notifier that takes private updates (like the Discord bot's), keeping them."""

    def __init__(self) -> None:
        self.private: list[PrivateUpdate] = []

    async def on_public(self, update: PublicUpdate) -> None:
        return None

    async def on_private(self, update: PrivateUpdate) -> None:
        self.private.append(update)

    async def on_deleted(self, guild_id: int, game_id: int) -> None:
        return None


async def test_the_relay_is_never_handed_a_private_update_while_a_listener_beside_it_gets_them(
        broker: LocalBroker, tables: Tables, relay: MqttRelay) -> None:
    """Every function call of the relay's code (bot/relay/) and of `Told` is watched while a game
    is played: the relay's are never passed a PrivateUpdate, not even to drop it."""
    told = Told()
    tables.attach(told)
    watched = (str(Path(bot.relay.__file__).parent), __file__)
    called: set[str] = set()  # the watched functions that ran
    handed: set[str] = set()  # ... and those a PrivateUpdate was passed to

    def watch(frame: FrameType, event: str, arg: object) -> None:
        if event == "call" and frame.f_code.co_filename.startswith(watched):
            called.add(frame.f_code.co_qualname)
            if any(isinstance(value, PrivateUpdate) for value in frame.f_locals.values()):
                handed.add(frame.f_code.co_qualname)

    assert isinstance(told, PrivateListener) and not isinstance(relay, PrivateListener)
    previous = sys.getprofile()
    sys.setprofile(watch)
    try:
        game_id = await start_game(tables, seed=7, ais=1)
        await host_moves(tables, game_id, random.Random(7), limit=3)
        assert await relay.flush(10.0)
    finally:
        sys.setprofile(previous)
    assert {"MqttRelay.on_public", "MqttRelay._run"} <= called, "the relay was watched at work"
    assert handed == {"Told.on_private"}
    assert {u.game_id for u in told.private} == {game_id} and {u.user_id for u in told.private} == {HOST}
