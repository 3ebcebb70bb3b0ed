"""With SKALD_MQTT_URL set, the bot attaches the relay: spectators' state reaches the broker."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from tests.discord.harness import Harness
from tests.discord.table_play import open_table
from tests.relay.broker import LocalBroker


def _mqtt_side(task: asyncio.Task[Any]) -> bool:
    """The broker's and the relay's long-lived tasks: they run for as long as the connection."""
    files = [frame.f_code.co_filename for frame in task.get_stack()]
    return any("mqtt" in name or "/bot/relay/" in name for name in files) or \
        (bool(files) and files[-1].endswith("asyncio/queues.py"))


async def test_the_relay_publishes_the_public_state_of_a_discord_game(tmp_path: Path) -> None:
    broker = LocalBroker()
    await broker.start()
    try:
        async with Harness.open(tmp_path / "skald.sqlite3", mqtt_url=broker.url) as h:
            h.foreign = _mqtt_side
            relay = h.client.relay
            assert relay is not None
            ann, bob = h.user("ann"), h.user("bob")
            game_id = await open_table(h, ann, "tranquility", [bob])
            topic = f"skald/{h.guild_id}/{game_id}/state"
            while topic not in broker.retained():
                await asyncio.sleep(0.01)
            state = json.loads(broker.retained()[topic])
            assert "hand" not in state["view"] and state["view"]["viewer"] is None
    finally:
        await broker.stop()
