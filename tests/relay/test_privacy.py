"""Nothing private reaches MQTT: only spectator views and public log lines are published."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from bot.names import name_seats
from bot.relay import MqttRelay
from bot.tables import Tables
from engine import registry
from tests.relay.broker import LocalBroker, Recorder
from tests.relay.table_play import GUILD, host_moves, replay_game, start_game

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


def leaves(value: Any, path: str = "") -> Iterator[tuple[str, Any]]:
    """Every (path, value) in a JSON document, containers included."""
    yield path, value
    if isinstance(value, dict):
        for key, item in value.items():
            yield from leaves(item, f"{path}/{key}")
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from leaves(item, f"{path}/{index}")


def secrets_of(seat_view: dict[str, Any], spectator: dict[str, Any]) -> dict[str, Any]:
    """What a seat's own view shows that the spectator's doesn't: path -> value (hands, own bids...)."""
    public = dict(leaves(spectator))
    return {path: value for path, value in leaves(seat_view)
            if path != "/viewer" and value is not None and public.get(path) != value
            and not isinstance(value, dict | list)}


async def test_no_hand_bid_or_private_line_reaches_any_topic_across_full_random_games(
        broker: LocalBroker, tables: Tables, relay: MqttRelay) -> None:
    async with Recorder(broker.port) as recorder:
        played = []
        for key, seed, ais, options in GAMES:
            game_id = await start_game(tables, seed=seed, ais=ais, options=options, game=key)
            await host_moves(tables, game_id, random.Random(seed))
            played.append((key, game_id, seed, ais + 1, options))
        assert await relay.flush(10.0)
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
