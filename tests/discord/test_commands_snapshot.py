"""The slash commands Skald registers, kept as a snapshot (tests/discord/commands.json).

A deliberate change: run with SKALD_UPDATE_SNAPSHOT=1 once and review the diff.
"""

from __future__ import annotations

import json
from pathlib import Path

from bot.environment import Switch
from tests.discord.harness import Harness

SNAPSHOT = Path(__file__).with_name("commands.json")
# The tests' own variable (not the bot's, so not in bot/environment.py's VARIABLES), read as every yes/no one is.
UPDATE = Switch("SKALD_UPDATE_SNAPSHOT", "rewrite tests/discord/commands.json from the commands registered")


async def test_registered_commands_match_the_snapshot(harness: Harness) -> None:
    synced = [r for r in harness.requests if r.method == "PUT" and r.path.endswith("/commands")]
    assert len(synced) == 1, "commands are synced once at start-up"
    commands = sorted(synced[0].json, key=lambda c: c["name"])
    text = json.dumps(commands, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
    if UPDATE.on():
        SNAPSHOT.write_text(text, encoding="utf-8")
    assert SNAPSHOT.exists(), "no snapshot yet: run once with SKALD_UPDATE_SNAPSHOT=1"
    assert json.loads(SNAPSHOT.read_text(encoding="utf-8")) == commands


async def test_every_play_option_is_a_typed_choice(harness: Harness) -> None:
    synced = next(r for r in harness.requests if r.method == "PUT" and r.path.endswith("/commands"))
    play = next(c for c in synced.json if c["name"] == "play")
    tranquility = next(o for o in play["options"] if o["name"] == "tranquility")
    by_name = {o["name"]: o for o in tranquility["options"]}
    assert [c["value"] for c in by_name["sea_monsters"]["choices"]] == [0, 3, 4, 5]
    assert by_name["sea_monsters"]["type"] == 4 and by_name["jagged_rocks"]["type"] == 3
    assert not any(o["required"] for o in tranquility["options"] if "required" in o)
